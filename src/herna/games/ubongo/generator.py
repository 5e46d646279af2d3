"""Generating and grading Herna's own Ubongo cards (rules/ubongo-data.md section 3).

A side is made by laying k random pieces edge to edge into a compact, hole-free union inside a
card-sized box; that union is the outline. Every k-subset of the 12 pieces whose area matches
is then counted by the solver (one search for all subsets), and six rows are chosen from the
solvable ones: distinct, no two differing by a single piece, pieces spread over the card.
A requested difficulty (0..1 for the deck) becomes an aim for each side type (3-piece rows are
easier than 4-piece ones, see SIDE_RANGE): rows are picked closest to it, and an outline whose
six rows miss it is set aside (with a tolerance that widens, so generation always ends).
Each row is graded by `grade`: its raw solution count, the search effort of a human-like
(most-constrained-first) solver, corridors, pentominoes, ... combined by a fixed formula.
Outlines are compared by a canonical hash so a deck never repeats one. All chance comes from
herna.Rng, so a seed rebuilds the same deck.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from herna.core.rng import Rng

from .deck import SYMBOLS, Card, Deck, Grade, Side
from .pieces import LETTERS, PIECES, orientations
from .solver import (
    Outline,
    canonical_outline,
    outline_symmetries,
    parse_outline,
    symmetry_classes,
    table_for,
)

BOX = (6, 8)  # rows x cols of the card's play area
DIFFICULTY_TARGETS = {"easy": 0.2, "medium": 0.5, "hard": 0.8}
# Where k-piece rows usually fall on the difficulty scale (10th to 90th percentile of
# graded random rows): a deck-wide target t asks each side for the same relative place.
SIDE_RANGE = {3: (0.20, 0.39), 4: (0.52, 0.80)}


def side_target(target: float, k: int) -> float:
    """The difficulty a k-piece side aims at for a deck-wide target in 0..1."""
    lo, hi = SIDE_RANGE.get(k, (0.0, 1.0))
    return lo + target * (hi - lo)


# ----- features and grade ----------------------------------------------------------------------


def corridor_cells(outline: Outline) -> int:
    """Cells in width-1 corridors (no neighbour on one axis): a human's forced spots."""
    cells = outline.cells
    n = 0
    for r, c in cells:
        if ((r, c - 1) not in cells and (r, c + 1) not in cells) or (
            (r - 1, c) not in cells and (r + 1, c) not in cells
        ):
            n += 1
    return n


class _Mrv:
    """A human-like solver: always work on the most constrained spot, a cell or a piece with
    the fewest ways left (Knuth's MRV over both), and count every piece laid down. Its full
    search-tree size does not depend on the order placements are listed in. Sets of
    placements and of open items are bitmasks, so a node costs a few int operations."""

    def __init__(self, outline: Outline, letters: Sequence[str], flips: bool) -> None:
        table, _ = table_for(outline, letters, flips)
        masks: list[int] = []
        pieces: list[int] = []
        for p in letters:
            i = LETTERS.index(p)
            for m in table.placements_of(i):
                masks.append(m)
                pieces.append(1 << i)
        self.masks = masks
        cells = [b for b in range(table.full.bit_length()) if table.full >> b & 1]
        item_of_cell = {b: j for j, b in enumerate(cells)}
        piece_bits = [1 << LETTERS.index(p) for p in letters]
        item_of_piece = {pb: len(cells) + j for j, pb in enumerate(piece_bits)}
        items = [0] * (len(cells) + len(piece_bits))
        closes = []
        for i, (m, pb) in enumerate(zip(masks, pieces, strict=True)):
            closed = 1 << item_of_piece[pb]
            x = m
            while x:
                lb = x & -x
                x ^= lb
                closed |= 1 << item_of_cell[lb.bit_length() - 1]
            closes.append(closed)
            y = closed
            while y:
                lb = y & -y
                y ^= lb
                items[lb.bit_length() - 1] |= 1 << i
        self.items = items
        self.closes = closes
        self.clash = []
        for closed in closes:
            c = 0
            y = closed
            while y:
                lb = y & -y
                y ^= lb
                c |= items[lb.bit_length() - 1]
            self.clash.append(c)
        self.nodes = 0
        self.solutions = 0

    def run(self) -> None:
        self._rec((1 << len(self.masks)) - 1, (1 << len(self.items)) - 1)

    def _rec(self, live: int, open_items: int) -> None:
        if not open_items:
            self.solutions += 1
            return
        items = self.items
        best = -1
        best_n = 1 << 30
        x = open_items
        while x:
            lb = x & -x
            x ^= lb
            opts = items[lb.bit_length() - 1] & live
            n = opts.bit_count()
            if n < best_n:
                best, best_n = opts, n
                if not n:
                    return
        while best:
            lb = best & -best
            best ^= lb
            p = lb.bit_length() - 1
            self.nodes += 1
            self._rec(live & ~self.clash[p], open_items & ~self.closes[p])


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def difficulty_of(
    k: int, area: int, solutions: int, nodes: int, pentominoes: int, corridors: int
) -> float:
    """A fixed formula (so grades compare across decks): more search effort, more pieces and
    pentominoes, fewer solutions and fewer forced corridor cells make a row harder."""
    x = (
        0.9 * math.log(1 + nodes)
        + 0.6 * (k - 3)
        + 0.2 * pentominoes
        - 0.45 * math.log(solutions)
        + 0.05 * (area - 14)
        - 0.08 * corridors
        - 2.6
    )
    return round(_logistic(x), 3)


def grade(outline: Outline | str, letters: Sequence[str], flips: bool = True) -> Grade:
    """Solve a row completely and measure what makes it hard for a person."""
    o = parse_outline(outline)
    letters = tuple(sorted(letters))
    table, allowed = table_for(o, letters, flips)
    solutions = table.count(allowed)
    if outline_symmetries(o, flips) > 1:
        from .solver import solutions as all_solutions

        classes = symmetry_classes(o, all_solutions(o, letters, flips), flips)
    else:
        classes = solutions
    mrv = _Mrv(o, letters, flips)
    mrv.run()
    placements = len(mrv.masks)
    corridors = corridor_cells(o)
    pent = sum(PIECES[p].size == 5 for p in letters)
    d = difficulty_of(len(letters), o.area, solutions, mrv.nodes, pent, corridors)
    return Grade(solutions, mrv.nodes, d, classes, placements, corridors, pent)


# ----- outlines --------------------------------------------------------------------------------


def random_outline(
    rng: Rng, letters: Sequence[str], box: tuple[int, int] = BOX, flips: bool = True,
    slack: int | None = 1,
) -> Outline | None:
    """Lay the pieces one by one, each touching the union so far along as many edges as
    possible, give or take `slack` (compact, card-like shapes; None: any edge contact will
    do), never leaving a hole; None if stuck.

    Cells are bits of the box framed by one empty row and column on every side (stride
    cols + 2), so edge contacts are shifted masks and the hole test is a bit-parallel flood
    fill from the frame."""
    rows, cols = box
    s = cols + 2
    frame = (1 << ((rows + 2) * s)) - 1
    union = 0
    for n, letter in enumerate(letters):
        options: list[tuple[int, int]] = []
        for shape in orientations(letter, flips):
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            sm = 0
            for r, c in shape:
                sm |= 1 << ((r + 1) * s + c + 1)
            for dr in range(rows - h + 1):
                for dc in range(cols - w + 1):
                    pts = sm << (dr * s + dc)
                    if union & pts:
                        continue
                    contact = (
                        ((pts << 1) & union).bit_count() + ((pts >> 1) & union).bit_count()
                        + ((pts << s) & union).bit_count() + ((pts >> s) & union).bit_count()
                    )
                    if n and not contact:
                        continue
                    options.append((contact, pts))
        if not options:
            return None
        least = 0 if slack is None else max(c for c, _ in options) - slack
        pool = [p for c, p in options if c >= least]
        while pool:
            trial = union | pool.pop(rng.below(len(pool)))
            if not _encloses(trial, frame, s):
                union = trial
                break
        else:
            return None
    return Outline.from_cells(
        divmod(b, s) for b in range(union.bit_length()) if union >> b & 1
    )


def _encloses(cells: int, frame: int, s: int) -> bool:
    """Does the union wall off some empty cell from the frame (a hole)?"""
    empty = frame & ~cells
    reach = 1  # a frame corner
    while True:
        grown = (reach | (reach << 1) | (reach >> 1) | (reach << s) | (reach >> s)) & empty
        if grown == reach:
            return reach != empty
        reach = grown


# ----- choosing rows ---------------------------------------------------------------------------


@dataclass
class _Cand:
    letters: tuple[str, ...]
    solutions: int
    grade: Grade | None = None


def _target(difficulty: str | float | None) -> float | None:
    if difficulty is None or difficulty == "any":
        return None
    if isinstance(difficulty, str):
        if difficulty in DIFFICULTY_TARGETS:
            return DIFFICULTY_TARGETS[difficulty]
        try:
            difficulty = float(difficulty)
        except ValueError:
            raise ValueError(
                f"difficulty {difficulty!r}: use easy, medium, hard, any or a number 0..1"
            ) from None
    if not 0.0 <= float(difficulty) <= 1.0:
        raise ValueError(f"difficulty {difficulty} is not between 0 and 1")
    return float(difficulty)


def choose_rows(
    cands: list[_Cand], target: float | None, rng: Rng, card_pieces: set[str]
) -> list[_Cand] | None:
    """Six rows: distinct, no two sharing all but one piece, new pieces preferred, closest to
    the target difficulty (random order when there is no target)."""
    order = list(cands)
    rng.shuffle(order)
    if target is not None:
        order.sort(key=lambda c: abs((c.grade.difficulty if c.grade else 0.5) - target))
    best: list[_Cand] | None = None
    best_score = -1.0
    for start in range(min(len(order), 4)):
        chosen: list[_Cand] = []
        covered = set(card_pieces)
        pool = order[start:] + order[:start]
        while len(chosen) < 6:
            pick = None
            pick_score = -1e9
            for rank, c in enumerate(pool):
                if c in chosen:
                    continue
                s = set(c.letters)
                if any(len(s & set(o.letters)) >= len(s) - 1 for o in chosen):
                    continue
                score = 2.0 * len(s - covered) - 0.15 * rank
                if score > pick_score:
                    pick, pick_score = c, score
            if pick is None:
                break
            chosen.append(pick)
            covered |= set(pick.letters)
        if len(chosen) == 6:
            score = len(covered) - (
                sum(abs((c.grade.difficulty if c.grade else 0.5) - target) for c in chosen)
                if target is not None
                else 0.0
            )
            if score > best_score:
                best, best_score = chosen, score
    return best


def generate_side(
    rng: Rng,
    k: int,
    target: float | None = None,
    used_outlines: set[str] | None = None,
    card_pieces: set[str] | None = None,
    box: tuple[int, int] = BOX,
    flips: bool = True,
    max_tries: int = 400,
) -> Side:
    """One card side with k pieces per row (see the module docstring)."""
    used_outlines = used_outlines if used_outlines is not None else set()
    card_pieces = card_pieces or set()
    aim = None if target is None else side_target(target, k)
    tolerance = 0.02  # widened after each outline that misses the aim, so it always ends
    for _ in range(max_tries):
        letters = list(LETTERS)
        rng.shuffle(letters)
        outline = random_outline(rng, letters[:k], box, flips)
        if outline is None:
            continue
        key = canonical_outline(outline)
        if key in used_outlines:
            continue
        table, _ = table_for(outline, LETTERS, flips)
        counts = table.subset_counts(k)
        if len(counts) < 6:
            continue
        cands = [
            _Cand(tuple(LETTERS[i] for i in range(12) if m >> i & 1), n)
            for m, n in sorted(counts.items())
        ]
        if target is not None:
            for c in cands:
                c.grade = grade(outline, c.letters, flips)
        rows = choose_rows(cands, aim, rng, card_pieces)
        if rows is None:
            continue
        if aim is not None:
            mean = sum(c.grade.difficulty for c in rows if c.grade) / len(rows)
            if abs(mean - aim) > tolerance:
                tolerance += 0.01
                continue
        used_outlines.add(key)
        rows.sort(key=lambda c: c.letters)
        order = list(range(6))
        rng.shuffle(order)
        picked = [rows[i] for i in order]
        grades = tuple(c.grade or grade(outline, c.letters, flips) for c in picked)
        return Side(outline, k, tuple(c.letters for c in picked), grades)
    raise RuntimeError(f"no {k}-piece card side found in {max_tries} tries")


def generate_deck(
    seed: int = 1,
    cards: int = 36,
    difficulty: str | float | None = None,
    box: tuple[int, int] = BOX,
    progress: Callable[[int], None] | None = None,
) -> Deck:
    """A full deck, reproducible from its seed and parameters."""
    target = _target(difficulty)
    rng = Rng(seed)
    used: set[str] = set()
    out = []
    for n in range(1, cards + 1):
        easy = generate_side(rng, 3, target, used, set(), box)
        seen = {p for r in easy.rows for p in r}
        hard = generate_side(rng, 4, target, used, seen, box)
        out.append(Card(n, easy, hard))
        if progress:
            progress(n)
    params = {
        "cards": cards,
        "difficulty": "any" if difficulty is None else difficulty,
        "box": list(box),
    }
    return Deck(seed, tuple(out), params)


__all__ = [
    "SYMBOLS",
    "corridor_cells",
    "difficulty_of",
    "generate_deck",
    "generate_side",
    "grade",
    "random_outline",
]
