"""Solo practice: one puzzle at a time (an outline and its pieces), graded by the generator.

A practice puzzle is what a card row is in the game, made on demand: `generator.random_outline`
lays k random pieces into an outline, the solver lists every k-subset of the twelve pieces
that tiles it, and `generator.grade` grades each one on the generator's fixed difficulty
scale. Level N takes the first row (in an order drawn from the seed) whose grade falls in
LEVELS[N]'s band; the bands follow each other without overlap, so a higher level is always
graded harder. Everything is drawn from `Rng(f"ubongo-practice:{level}:{seed}")`, so a level
and a seed name one puzzle forever (its id, `LEVEL-SEED`).

The daily puzzle is an ordinary puzzle whose seed is the date (20250301) and whose level
follows the weekday (easy on Monday, hardest on Sunday), so everyone on a server gets the
same one that day. The ladder's rule lives here too, not in the page: a solve within the
target time (the easy bot's median for the puzzle, `rules.median_time`) moves a level up,
one slower than twice the target or a give-up moves a level down, anything between stays.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from herna.core.memo import forgettable
from herna.core.rng import Rng

from . import i18n, render
from .deck import Grade, Side
from .generator import grade, random_outline
from .pieces import LETTERS, PIECES, orientations
from .rules import check_solution, median_time
from .solver import Outline, first_solution, placement_counts, table_for
from .web import ANCHOR, piece_geometry

Placed = tuple[str, int, int, int]  # letter, orientation, row, col (the `solve` notation)


@dataclass(frozen=True)
class Level:
    """Level `number`: `k` pieces and a grade in [lo, hi) on the generator's scale."""

    number: int
    k: int
    lo: float
    hi: float


# Bands cut where graded random rows fall (3 pieces: 10th-90th percentile 0.20-0.41; 4
# pieces: 0.53-0.80), each holding at least a few percent of the rows, so a level is found in
# a few outlines; 3-piece rows rarely grade over 0.5 and 4-piece rows rarely under it.
LEVELS: tuple[Level, ...] = (
    Level(1, 3, 0.00, 0.20),
    Level(2, 3, 0.20, 0.25),
    Level(3, 3, 0.25, 0.31),
    Level(4, 3, 0.31, 0.38),
    Level(5, 3, 0.38, 0.50),
    Level(6, 4, 0.50, 0.62),
    Level(7, 4, 0.62, 0.71),
    Level(8, 4, 0.71, 0.79),
    Level(9, 4, 0.79, 0.86),
    Level(10, 4, 0.86, 1.01),
)
TOP = len(LEVELS)
MAX_SEED = 2**31 - 1
DAILY_LEVELS = (2, 3, 4, 5, 6, 7, 8)  # Monday .. Sunday
SKILL = "easy"  # whose median solve time is the target (a person drags and turns on a screen)
SLOW = 2.0  # a solve slower than this many targets moves down
MAX_OUTLINES = 5000  # never reached: every band holds a few percent of all rows
ID = re.compile(r"([0-9]{1,2})-([0-9]{1,10})")
_PLACED = re.compile(r"([A-La-l])([0-9])@([0-9]{1,2}),([0-9]{1,2})")
MAX_PIECES = len(LETTERS)
SHAPE = '{"piece", "orientation", "row", "col"}'  # a placement as a JSON object


class PracticeError(ValueError):
    """Input that names no puzzle or no placement; the message says why in words."""


@dataclass(frozen=True)
class Puzzle:
    level: int
    seed: int
    outline: Outline
    pieces: tuple[str, ...]  # in letter order
    grade: Grade

    @property
    def id(self) -> str:
        return f"{self.level}-{self.seed}"

    @property
    def k(self) -> int:
        return len(self.pieces)

    @property
    def target(self) -> int:
        """Seconds to solve it in to climb: the easy bot's median (whole seconds)."""
        return max(1, round(median_time(SKILL, self.grade, self.k)))

    @property
    def slow(self) -> int:
        return round(SLOW * self.target)

    @cached_property
    def side(self) -> Side:
        """The puzzle as a card side of one row, which is what the engine checks."""
        return Side(self.outline, self.k, (self.pieces,), (self.grade,))


def check_level(level: int) -> Level:
    if not 1 <= level <= TOP:
        raise PracticeError(i18n.t("practice.level", most=TOP))
    return LEVELS[level - 1]


@lru_cache(maxsize=2048)
def make(level: int, seed: int) -> Puzzle:
    """The puzzle of this level and seed (the same one on every server, every time)."""
    band = check_level(level)
    if not 0 <= seed <= MAX_SEED:
        raise PracticeError(i18n.t("practice.seed", most=MAX_SEED))
    rng = Rng(f"ubongo-practice:{level}:{seed}")
    for _ in range(MAX_OUTLINES):
        letters = list(LETTERS)
        rng.shuffle(letters)
        outline = random_outline(rng, letters[:band.k])
        if outline is None:
            continue
        table, _ = table_for(outline)
        rows = sorted(table.subset_counts(band.k))
        rng.shuffle(rows)
        for mask in rows:
            pieces = tuple(LETTERS[i] for i in range(len(LETTERS)) if mask >> i & 1)
            g = grade(outline, pieces)
            if band.lo <= g.difficulty < band.hi:
                return Puzzle(level, seed, outline, pieces, g)
    raise RuntimeError(f"no level {level} puzzle in {MAX_OUTLINES} outlines (seed {seed})")


def parse_id(text: object) -> tuple[int, int]:
    """`LEVEL-SEED` (what `Puzzle.id` writes) -> (level, seed); PracticeError why not."""
    m = ID.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise PracticeError(i18n.t("practice.id"))
    level, seed = int(m.group(1)), int(m.group(2))
    check_level(level)
    if seed > MAX_SEED:
        raise PracticeError(i18n.t("practice.seed", most=MAX_SEED))
    return level, seed


def daily(day: dt.date) -> Puzzle:
    """The puzzle of the day: seeded by the date, its level by the weekday."""
    return make(DAILY_LEVELS[day.weekday()], int(day.strftime("%Y%m%d")))


# ----- for the page ----------------------------------------------------------------------------
def extra(p: Puzzle) -> dict[str, Any]:
    """What the page's drag code needs, in the shape a table's payload gives it (web.extra):
    the light area, the pieces in every orientation, and the puzzle's id as its `key`."""
    o = p.outline
    return {"card": {"number": 0, "rows": o.rows, "cols": o.cols,
                     "cells": [[r, c] for r, c in sorted(o.cells)]},
            "symbol": None, "pieces": [piece_geometry(x) for x in p.pieces], "open": True,
            "anchor": ANCHOR, "svg_card": "ubongo-card", "key": p.id}


@lru_cache(maxsize=512)
def svg(level: int, seed: int, lang: str) -> str:
    """The puzzle drawn as a racing seat's card with its tray (render.puzzle), in `lang`."""
    p = make(level, seed)
    heading = i18n.t("practice.card", lang, pieces=" ".join(p.pieces))
    return render.puzzle(sorted(p.outline.cells), p.pieces, heading, lang)


# ----- placements ------------------------------------------------------------------------------
def parse_placements(given: object) -> tuple[Placed, ...]:
    """A placement as the page sends it: the `solve` notation's pieces (`A0@0,0 C3@1,2`, with
    or without the word `solve`), or a list of {"piece", "orientation", "row", "col"}.
    PracticeError with the reason when it cannot be read; whether it solves the puzzle is
    `check`'s to say."""
    out: list[Placed] = []
    if isinstance(given, str):
        words = given.split()
        if words and words[0].lower() == "solve":
            words = words[1:]
        if not words:
            raise PracticeError(i18n.t("practice.no_pieces"))
        if len(words) > MAX_PIECES:
            raise PracticeError(i18n.t("practice.too_many", most=MAX_PIECES))
        for token in words:
            m = _PLACED.fullmatch(token)
            if m is None:
                raise PracticeError(i18n.t("parse.placement", token=token[:40]))
            out.append((m.group(1).upper(), int(m.group(2)), int(m.group(3)), int(m.group(4))))
        return tuple(out)
    if not isinstance(given, list) or not given:
        raise PracticeError(i18n.t("practice.placement", shape=SHAPE))
    if len(given) > MAX_PIECES:
        raise PracticeError(i18n.t("practice.too_many", most=MAX_PIECES))
    for item in given:
        if not isinstance(item, dict) or set(item) != {"piece", "orientation", "row", "col"}:
            raise PracticeError(i18n.t("practice.placement", shape=SHAPE))
        letter, o, r, c = item["piece"], item["orientation"], item["row"], item["col"]
        if not isinstance(letter, str) or letter.upper() not in PIECES or any(
                type(v) is not int or not 0 <= v <= 99 for v in (o, r, c)):
            raise PracticeError(i18n.t("practice.placement", shape=SHAPE))
        out.append((letter.upper(), o, r, c))
    return tuple(out)


def check(p: Puzzle, placed: Sequence[Placed]) -> str | None:
    """Why `placed` does not solve the puzzle, in the engine's words, or None if it does:
    the same check a solve gets at the table (`rules.check_solution`)."""
    for letter, _, _, _ in placed:
        if letter not in p.pieces:
            return i18n.t("practice.not_yours", piece=letter, pieces=", ".join(p.pieces))
    return check_solution(p.side, p.pieces, placed)


def solution(p: Puzzle) -> tuple[Placed, ...]:
    """One solution (the solver's first), in the order a person would lay it: the piece with
    the fewest places on the empty card first (the most forced), the larger piece on a tie."""
    sol = first_solution(p.outline, p.pieces)
    assert sol is not None, f"practice puzzle {p.id} has no solution"
    places = dict(zip(p.pieces, placement_counts(p.outline, p.pieces), strict=True))
    laid = sorted(sol, key=lambda q: (places[q.piece], -PIECES[q.piece].size, q.piece))
    return tuple((q.piece, q.orientation, q.row, q.col) for q in laid)


def placement_json(placed: Placed) -> dict[str, Any]:
    letter, o, r, c = placed
    return {"piece": letter, "orientation": o, "row": r, "col": c,
            "cells": [[r + dr, c + dc] for dr, dc in orientations(letter)[o]]}


# ----- the ladder ------------------------------------------------------------------------------
def ladder(level: int, seconds: float | None, target: float) -> tuple[int, str, str]:
    """Where the ladder goes from `level` after a solve in `seconds` (None: given up): the
    next level, the move ("up", "stay" or "down": never past level 1 or the top) and the
    pace ("fast": within the target, "steady": within twice it, "slow", or "gave_up")."""
    if seconds is None:
        pace = "gave_up"
    elif seconds <= target:
        pace = "fast"
    elif seconds <= SLOW * target:
        pace = "steady"
    else:
        pace = "slow"
    step = {"fast": 1, "steady": 0}.get(pace, -1)
    nxt = min(TOP, max(1, level + step))
    return nxt, "up" if nxt > level else "down" if nxt < level else "stay", pace


forgettable(make.cache_clear, svg.cache_clear)

__all__ = ["DAILY_LEVELS", "LEVELS", "TOP", "Level", "PracticeError", "Puzzle", "check",
           "daily", "extra", "ladder", "make", "parse_id", "parse_placements", "placement_json",
           "solution", "svg"]
