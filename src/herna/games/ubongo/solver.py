"""Exact polyomino tiling: outlines, placements, counting and enumerating solutions.

An outline of up to a few dozen cells fits in one Python int, so a board is a bitmask and a
placement is a mask too. The search always fills the first empty cell in scan order, trying only
the placements whose own first cell is that cell (precomputed per cell), which never visits the
same tiling twice. Three searches share that table:
- a card row (3-5 pieces, <= 20 cells): plain backtracking, which beats any setup cost;
- every k-subset of the 12 pieces at once (card analysis, generation): one search with every
  piece optional, memoised on (cells left, pieces to go) -> {pieces used: count};
- big boards (pentomino rectangles): fitting placements cached by the local pattern of empty
  cells, regions no piece set can fill pruned, sub-counts memoised, and the outline's symmetry
  used to search only one placement per orbit of the most constrained piece.
Counts are raw placements on the fixed outline, as m-kasahr's tools and rules/ubongo-data.md
count them; `symmetry_classes` gives the count up to the outline's symmetry. Pure Python: no
compiled kernel was needed to reach the goals (see benchmarks/ubongo_solver_bench.py).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from herna.core.memo import forgettable

from .pieces import (
    LETTERS,
    PIECES,
    Cell,
    Shape,
    normalise,
    orientations,
    piece,
    shape_orientations,
    transform,
)

# ----- outlines --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outline:
    """The light area of a card: cells to cover exactly. Normalised to its bounding box."""

    rows: int
    cols: int
    cells: frozenset[Cell]

    @property
    def area(self) -> int:
        return len(self.cells)

    @property
    def text(self) -> str:
        """Canonical text: rows of `#` (cell) and `.` (gap), all of equal width, joined by `/`."""
        return "/".join(
            "".join("#" if (r, c) in self.cells else "." for c in range(self.cols))
            for r in range(self.rows)
        )

    def __str__(self) -> str:
        return self.text

    @classmethod
    def from_cells(cls, cells: Iterable[Cell]) -> Outline:
        pts = {(int(r), int(c)) for r, c in cells}
        if not pts:
            raise ValueError("an outline needs at least one cell")
        r0 = min(r for r, _ in pts)
        c0 = min(c for _, c in pts)
        norm = frozenset((r - r0, c - c0) for r, c in pts)
        return cls(
            max(r for r, _ in norm) + 1, max(c for _, c in norm) + 1, norm
        )


def parse_outline(text: str | Outline) -> Outline:
    """Read rows of `#`/`.` joined by `/` (or newlines); short rows are padded with gaps.

    Raises ValueError with a reason a person can act on.
    """
    if isinstance(text, Outline):
        return text
    if not isinstance(text, str):
        raise ValueError(f"an outline is text like '##/#.', not {type(text).__name__}")
    raw = text.strip().replace("\n", "/")
    if not raw:
        raise ValueError("empty outline: give rows of '#' (cell) and '.' (gap) joined by '/'")
    cells = set()
    for r, row in enumerate(raw.split("/")):
        row = row.strip()
        for c, ch in enumerate(row):
            if ch == "#":
                cells.add((r, c))
            elif ch not in ".-_ ":
                raise ValueError(
                    f"bad outline {text!r}: row {r + 1} has {ch!r}; use '#' for a cell, '.' for "
                    "a gap and '/' between rows"
                )
    if not cells:
        raise ValueError(f"outline {text!r} has no cells ('#')")
    return Outline.from_cells(cells)


def _sym_map(outline: Outline, g: int) -> dict[Cell, Cell] | None:
    """The cell map of grid symmetry g if it maps the outline onto itself, else None."""
    img = {p: transform(g, *p) for p in outline.cells}
    r0 = min(r for r, _ in img.values())
    c0 = min(c for _, c in img.values())
    m = {p: (r - r0, c - c0) for p, (r, c) in img.items()}
    return m if set(m.values()) == outline.cells else None


def outline_symmetries(outline: Outline | str, flips: bool = True) -> int:
    """How many grid symmetries map the outline onto itself (1, 2, 4 or 8); with flips=False
    only rotations count, since one-sided pieces cannot follow a reflection."""
    return _symmetries(parse_outline(outline), flips)


@lru_cache(maxsize=1024)
def _symmetries(o: Outline, flips: bool) -> int:
    return sum(_sym_map(o, g) is not None for g in range(8 if flips else 4))


def canonical_outline(outline: Outline | str) -> str:
    """One text for an outline and all its rotations and reflections (to reject duplicates)."""
    o = parse_outline(outline)
    return min(Outline.from_cells(transform(g, r, c) for r, c in o.cells).text for g in range(8))


# ----- placements ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A piece in one orientation, its normalised cells shifted by (row, col).

    `shape` is set only for pieces that are not Ubongo letters (any polyomino)."""

    piece: str
    orientation: int
    row: int
    col: int
    shape: Shape | None = field(default=None, compare=False, repr=False)

    @property
    def cells(self) -> tuple[Cell, ...]:
        # One-sided orientations are a prefix of the two-sided list, so the index means the
        # same shape whether or not flips were allowed.
        shape = self.shape if self.shape is not None else orientations(self.piece)[
            self.orientation]
        return tuple((r + self.row, c + self.col) for r, c in shape)


PieceSpec = str | Iterable[str] | Mapping[str, Iterable[Cell]]
Pieces = tuple[tuple[str, Shape], ...]  # (name, base cells) in the caller's order


def parse_pieces(pieces: PieceSpec) -> tuple[str, ...]:
    """Letters from "A,C,K", "ACK", ["A", "C"] or names ("Y5"); ValueError on unknown or repeats.
    A mapping name -> cells gives any polyominoes (e.g. pentominoes), named as the caller likes."""
    return tuple(name for name, _ in resolve_pieces(pieces))


def resolve_pieces(pieces: PieceSpec) -> Pieces:
    """Like parse_pieces, with each piece's cells."""
    if isinstance(pieces, Mapping):
        out = tuple((str(name), normalise(cells)) for name, cells in pieces.items())
        if not out:
            raise ValueError("no pieces given")
        return out
    if isinstance(pieces, str):
        items = [t for t in pieces.replace(",", " ").split() if t]
        if len(items) == 1 and len(items[0]) > 1 and items[0].isalpha():
            items = list(items[0])  # "ACK"
    else:
        items = [str(p) for p in pieces]
    if not items:
        raise ValueError("no pieces given: name them by letter, e.g. --pieces A,C,K")
    names: list[str] = []
    for it in items:
        name = piece(it).letter
        if name in names:
            raise ValueError(f"piece {name} is listed twice (each piece exists once)")
        names.append(name)
    return tuple((n, PIECES[n].cells) for n in names)


STANDARD: Pieces = tuple((x, PIECES[x].cells) for x in LETTERS)


# ----- the search table ------------------------------------------------------------------------

Cand = list[tuple[int, tuple[int, ...]]]  # per cell: (piece bit, masks of its placements)


class Table:
    """Every placement of the given pieces on an outline, as bitmasks, grouped by the first
    cell they cover in scan order.

    Cell (r, c) is bit r*(cols+1)+c, or c*(rows+1)+r when the outline is wider than tall: the
    scan then runs down the short columns, which keeps the search frontier narrow (de Bruijn's
    order for pentomino rectangles); the spare bit per line keeps neighbour shifts from
    wrapping. The search always fills the lowest empty bit, and only placements whose own
    lowest bit is that cell can cover it, so every tiling is met exactly once.
    """

    def __init__(self, outline: Outline, pieces: Pieces, flips: bool = True) -> None:
        self.outline = outline
        self.pieces = pieces
        self.names = tuple(n for n, _ in pieces)
        self.flips = flips
        self.rows, self.cols = rows, cols = outline.rows, outline.cols
        self.colmajor = colmajor = cols > rows
        self.stride = stride = rows + 1 if colmajor else cols + 1
        full = 0
        for r, c in outline.cells:
            full |= 1 << self.pos(r, c)
        self.full = full
        self.area = len(outline.cells)
        self.sizes = tuple(len(cells) for _, cells in pieces)
        self.all = (1 << len(pieces)) - 1
        # pairs[p] = placements whose first cell is bit p, as (piece bit, mask)
        pairs: list[list[tuple[int, int]]] = [[] for _ in range(full.bit_length())]
        self.counts: list[int] = []
        for i, (_, base) in enumerate(pieces):
            pb = 1 << i
            n = 0
            for _o, h, w, sm, offs, low in _oriented(base, flips, stride, colmajor):
                fit = _starts(rows, cols, colmajor, h, w)
                for d in offs:
                    fit &= full >> d
                while fit:
                    lb = fit & -fit
                    fit ^= lb
                    q = lb.bit_length() - 1
                    pairs[q + low].append((pb, sm << q))
                    n += 1
            self.counts.append(n)
        self.pairs = pairs
        self._entries: list[list[tuple[int, int, int, int]]] | None = None
        self._cand: list[Cand] | None = None
        self._sub: dict[int, list[Cand]] = {}
        self._pairs: dict[int, list[list[tuple[int, int]]]] = {self.all: pairs}
        self._fitters: dict[int, Fitter] = {}
        self._of: dict[int, tuple[int, ...]] = {}

    def pos(self, r: int, c: int) -> int:
        return c * self.stride + r if self.colmajor else r * self.stride + c

    @property
    def entries(self) -> list[list[tuple[int, int, int, int]]]:
        """Per cell: (piece bit, mask, orientation, origin bit), for reporting placements.
        Built on demand: counting needs only the masks."""
        if self._entries is None:
            entries: list[list[tuple[int, int, int, int]]] = []
            for p, lst in enumerate(self.pairs):
                row = []
                for pb, m in lst:
                    base = self.pieces[pb.bit_length() - 1][1]
                    for o, _, _, sm, _, low in _oriented(base, self.flips, self.stride,
                                                         self.colmajor):
                        q = p - low
                        if q >= 0 and sm << q == m:
                            row.append((pb, m, o, q))
                            break
                entries.append(row)
            self._entries = entries
        return self._entries

    def cell(self, q: int) -> Cell:
        a, b = divmod(q, self.stride)
        return (b, a) if self.colmajor else (a, b)

    @property
    def shapes(self) -> list[tuple[Shape, ...]]:
        return [shape_orientations(base, self.flips) for _, base in self.pieces]

    @property
    def cand(self) -> list[Cand]:
        """Per cell: (piece bit, masks of that piece's placements starting there)."""
        if self._cand is None:
            cand: list[Cand] = []
            for lst in self.pairs:
                groups: dict[int, list[int]] = {}
                for pb, m in lst:
                    groups.setdefault(pb, []).append(m)
                cand.append([(pb, tuple(ms)) for pb, ms in groups.items()])
            self._cand = cand
        return self._cand

    def placements_of(self, i: int) -> tuple[int, ...]:
        """The masks of every placement of piece i (cached)."""
        got = self._of.get(i)
        if got is None:
            pb = 1 << i
            got = self._of[i] = tuple(m for lst in self.pairs for q, m in lst if q == pb)
        return got

    def cand_for(self, allowed: int) -> list[Cand]:
        """The per-cell lists restricted to the allowed pieces (cached: rows share outlines)."""
        if allowed == self.all:
            return self.cand
        got = self._sub.get(allowed)
        if got is None:
            got = [[e for e in lst if e[0] & allowed] for lst in self.cand]
            if len(self._sub) < 64:
                self._sub[allowed] = got
        return got

    def pairs_for(self, allowed: int) -> list[list[tuple[int, int]]]:
        got = self._pairs.get(allowed)
        if got is None:
            got = [[(pb, m) for pb, m in lst if pb & allowed] for lst in self.pairs]
            if len(self._pairs) < 64:
                self._pairs[allowed] = got
        return got

    def fitter(self, allowed: int) -> Fitter:
        got = self._fitters.get(allowed)
        if got is None:
            sizes = [s for i, s in enumerate(self.sizes) if allowed >> i & 1]
            got = Fitter(self.cand_for(allowed), self.stride, sizes)
            if len(self._fitters) < 64:
                self._fitters[allowed] = got
        return got

    def _area_of(self, allowed: int) -> int:
        return sum(s for i, s in enumerate(self.sizes) if allowed >> i & 1)

    def count(self, allowed: int | None = None, limit: int = 0) -> int:
        """Tilings that use every allowed piece exactly once (the areas must match)."""
        allowed = self.all if allowed is None else allowed
        if self._area_of(allowed) != self.area:
            return 0
        if limit:
            n = 0
            for _ in self.solutions(allowed):
                n += 1
                if n >= limit:
                    break
            return n
        if self.area <= BIG_AREA:
            return _count(self.cand_for(allowed), self.full, allowed)
        return self._count_big(allowed)

    def _count_big(self, allowed: int) -> int:
        """Big boards: cached fitting lists, a memo of sub-results, and the outline's
        symmetry. For a symmetry g, the tilings with piece P at placement q and at g(q) are
        in one-to-one correspondence, so only one placement per orbit of P is searched and
        its count weighted by the orbit's size (Burnside-free, exact)."""
        fitter = self.fitter(allowed)
        memo: dict[tuple[int, int], int] = {}
        maps = [sm for g in range(8 if self.flips else 4)
                if (sm := _sym_map(self.outline, g)) is not None]
        if len(maps) == 1:
            return fitter.count(self.full, allowed, memo)
        best: list[tuple[int, int]] | None = None
        best_pb = 0
        for i in range(len(self.pieces)):
            pb = 1 << i
            if not allowed & pb:
                continue
            orbits: dict[int, int] = {}
            for lst in self.pairs:
                for qb, m in lst:
                    if qb == pb:
                        images = {self._map_mask(m, g) for g in maps}
                        orbits[min(images)] = len(images)
            if best is None or len(orbits) < len(best):
                best, best_pb = sorted(orbits.items()), pb
        assert best is not None
        total = 0
        for rep, size in best:
            rem = self.full ^ rep
            total += size * (fitter.count(rem, allowed ^ best_pb, memo) if rem else 1)
        return total

    def _map_mask(self, m: int, g: dict[Cell, Cell]) -> int:
        out = 0
        while m:
            lb = m & -m
            m ^= lb
            out |= 1 << self.pos(*g[self.cell(lb.bit_length() - 1)])
        return out

    def subset_counts(self, k: int, allowed: int | None = None) -> dict[int, int]:
        """Counts of every k-subset of the allowed pieces at once, as {pieces mask: count}
        for the solvable ones: one search in which every piece is optional, memoised on
        (cells left, pieces still to place) -> {pieces used there: tilings}, since many
        partial tilings leave the same cells to fill."""
        allowed = self.all if allowed is None else allowed
        sizes = sorted(s for i, s in enumerate(self.sizes) if allowed >> i & 1)
        if k < 1 or k > len(sizes) or not sum(sizes[:k]) <= self.area <= sum(sizes[-k:]):
            return {}
        return _subsets(self.pairs_for(allowed), self.full, k, sizes[0], sizes[-1],
                        self.stride if sizes[0] >= 2 else 0)

    def solutions(
        self, allowed: int | None = None
    ) -> Iterator[tuple[tuple[int, int, int, int], ...]]:
        """Yield tilings as tuples of (piece index, orientation, row, col), by piece index."""
        allowed = self.all if allowed is None else allowed
        if self._area_of(allowed) != self.area:
            return
        entries = self.entries
        stack: list[tuple[int, int, int]] = []

        def rec(rem: int, left: int) -> Iterator[tuple[tuple[int, int, int, int], ...]]:
            if not rem:
                yield tuple(sorted((pb.bit_length() - 1, o, *self.cell(q))
                                   for pb, o, q in stack))
                return
            for pb, m, o, q in entries[(rem & -rem).bit_length() - 1]:
                if left & pb and m & rem == m:
                    stack.append((pb, o, q))
                    yield from rec(rem ^ m, left ^ pb)
                    stack.pop()

        yield from rec(self.full, allowed)


def _count(cand: list[Cand], full: int, allowed: int) -> int:
    """Plain first-empty-cell backtracking: fastest for Ubongo-sized rows."""

    def rec(rem: int, left: int) -> int:
        n = 0
        for pb, ms in cand[(rem & -rem).bit_length() - 1]:
            if left & pb:
                for m in ms:
                    if m & rem == m:
                        r = rem ^ m
                        n += rec(r, left ^ pb) if r else 1
        return n

    return rec(full, allowed)


def _subsets(pairs: list[list[tuple[int, int]]], full: int, k: int, lo: int, hi: int,
             stride: int) -> dict[int, int]:
    """See Table.subset_counts. `stride` > 0 also prunes isolated empty cells (no piece is
    a monomino then). With two pieces to go, the second is looked up by its exact mask
    instead of searched for."""
    exact: dict[int, list[int]] = {}
    for lst in pairs:
        for pb, m in lst:
            exact.setdefault(m, []).append(pb)
    if k == 1:
        return {pb: 1 for pb in exact.get(full, ())}
    memo: dict[int, dict[int, int]] = {}
    s = stride

    def rec(rem: int, slots: int) -> dict[int, int]:
        key = rem << 4 | slots
        got = memo.get(key)
        if got is not None:
            return got
        res: dict[int, int] = {}
        s1 = slots - 1
        if s1 == 1:
            for pb, m in pairs[(rem & -rem).bit_length() - 1]:
                if m & rem == m:
                    last = exact.get(rem ^ m)
                    if last:
                        for pb2 in last:
                            if pb2 != pb:
                                u = pb | pb2
                                res[u] = res.get(u, 0) + 1
        else:
            alo = lo * s1
            ahi = hi * s1
            for pb, m in pairs[(rem & -rem).bit_length() - 1]:
                if m & rem == m:
                    r = rem ^ m
                    if alo <= r.bit_count() <= ahi and not (
                        s and r & ~((r << 1) | (r >> 1) | (r << s) | (r >> s))
                    ):
                        for u, c in rec(r, s1).items():
                            if not u & pb:
                                u |= pb
                                res[u] = res.get(u, 0) + c
        memo[key] = res
        return res

    return rec(full, k)


class Fitter:
    """The placements that fit at a cell, looked up by the pattern of empty cells near it.

    Every placement whose first cell is p lies within a window of bits above p, so which of
    them fit depends only on `(rem >> p) & window`. The answer is computed once per pattern
    and cached, and placements that would wall off an empty region no set of pieces can fill
    (smaller than the smallest piece, or not a multiple of the sizes' common divisor) are
    dropped there too. The search then only loops over placements that fit.
    """

    def __init__(self, cand: list[Cand], stride: int, sizes: Sequence[int]) -> None:
        self.cand = cand
        self.stride = stride
        self.minsize = min(sizes) if sizes else 1
        self.unit = math.gcd(*sizes) if sizes else 1
        widths = [max((m.bit_length() for _, ms in lst for m in ms), default=p) - p
                  for p, lst in enumerate(cand)]
        self.widths = widths
        self.wmask = [(1 << max(w, 0)) - 1 for w in widths]
        self.cache: list[dict[int, tuple[tuple[int, tuple[int, ...]], ...]]] = [
            {} for _ in cand
        ]

    def _dead(self, r: int, width: int) -> bool:
        """Does r (empty cells in the window) hold a closed region no pieces can fill?"""
        s = self.stride
        seen = 0
        x = r
        while x:
            low = x & -x
            x ^= low
            if seen & low:
                continue
            comp = frontier = low
            closed = True
            while frontier:
                lb = frontier & -frontier
                frontier ^= lb
                if closed and (lb << s).bit_length() > width:
                    closed = False
                nb = ((lb << 1) | (lb << s) | (lb >> 1) | (lb >> s)) & r & ~comp
                comp |= nb
                frontier |= nb
            seen |= comp
            if closed:
                z = comp.bit_count()
                if z < self.minsize or z % self.unit:
                    return True
        return False

    def fits(self, p: int, key: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        width = self.widths[p]
        out = []
        for pb, ms in self.cand[p]:
            ok = []
            for m in ms:
                rel = m >> p
                if rel & ~key:
                    continue
                r = key ^ rel
                if r and self._dead(r, width):
                    continue
                ok.append(m)
            if ok:
                out.append((pb, tuple(ok)))
        got = tuple(out)
        self.cache[p][key] = got
        return got

    def count(self, rem: int, allowed: int, memo: dict[tuple[int, int], int] | None = None
              ) -> int:
        """Exact covers of rem using every allowed piece. With a memo dict, sub-results are
        kept by (remaining cells, pieces left), which pays off on big boards only."""
        if not rem:
            return 1
        cache = self.cache
        wmask = self.wmask
        fits = self.fits

        def rec(rem: int, left: int) -> int:
            p = (rem & -rem).bit_length() - 1
            key = (rem >> p) & wmask[p]
            f = cache[p].get(key)
            if f is None:
                f = fits(p, key)
            n = 0
            for pb, ms in f:
                if left & pb:
                    nl = left ^ pb
                    for m in ms:
                        r = rem ^ m
                        n += rec(r, nl) if r else 1
            return n

        if memo is None:
            return rec(rem, allowed)

        def mrec(rem: int, left: int) -> int:
            v = memo.get((rem, left))
            if v is not None:
                return v
            p = (rem & -rem).bit_length() - 1
            key = (rem >> p) & wmask[p]
            f = cache[p].get(key)
            if f is None:
                f = fits(p, key)
            n = 0
            for pb, ms in f:
                if left & pb:
                    nl = left ^ pb
                    for m in ms:
                        r = rem ^ m
                        n += mrec(r, nl) if r else 1
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[(rem, left)] = n
            return n

        return mrec(rem, allowed)


MEMO_LIMIT = 200_000  # sub-results a big count keeps at once (about 40 MB)
BIG_AREA = 24  # above this, counts use the cached, memoised, symmetry-aware search


@lru_cache(maxsize=4096)
def _starts(rows: int, cols: int, colmajor: bool, h: int, w: int) -> int:
    """Bits where the origin of an h x w shape may go in a rows x cols box (inside it)."""
    m = 0
    for dr in range(rows - h + 1):
        for dc in range(cols - w + 1):
            m |= 1 << (dc * (rows + 1) + dr if colmajor else dr * (cols + 1) + dc)
    return m


@lru_cache(maxsize=4096)
def _oriented(base: Shape, flips: bool, stride: int, colmajor: bool
              ) -> tuple[tuple[int, int, int, int, tuple[int, ...], int], ...]:
    """Each orientation as (index, height, width, mask at the origin, cell offsets, lowest
    offset) for one bit layout."""
    out = []
    for o, shape in enumerate(shape_orientations(base, flips)):
        offs = tuple(sorted(c * stride + r if colmajor else r * stride + c for r, c in shape))
        sm = 0
        for d in offs:
            sm |= 1 << d
        out.append((o, max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1, sm, offs,
                    offs[0]))
    return tuple(out)


@lru_cache(maxsize=512)
def _table(outline: Outline, pieces: Pieces, flips: bool) -> Table:
    return Table(outline, pieces, flips)


def clear_caches() -> None:
    """Forget every cached table (benchmarks time cold starts with it)."""
    _table.cache_clear()


def table_for(outline: Outline | str, pieces: PieceSpec = LETTERS, flips: bool = True
              ) -> tuple[Table, int]:
    """The (cached) table and the allowed-pieces mask for a row. Ubongo letters share one
    12-piece table per outline, so the six rows of a card side reuse it."""
    o = parse_outline(outline)
    if pieces is LETTERS:
        return _table(o, STANDARD, flips), (1 << len(LETTERS)) - 1
    resolved = resolve_pieces(pieces)
    if all(PIECES.get(n) is not None and PIECES[n].cells == c for n, c in resolved):
        table = _table(o, STANDARD, flips)
        allowed = 0
        for n, _ in resolved:
            allowed |= 1 << LETTERS.index(n)
        return table, allowed
    table = _table(o, resolved, flips)
    return table, table.all


def _prepare(outline: Outline | str, pieces: PieceSpec, flips: bool
             ) -> tuple[Outline, Pieces, Table, int]:
    o = parse_outline(outline)
    resolved = resolve_pieces(pieces)
    area = sum(len(c) for _, c in resolved)
    if area != o.area:
        raise ValueError(
            f"the pieces {','.join(n for n, _ in resolved)} cover {area} cells but the outline "
            f"has {o.area}"
        )
    table, allowed = table_for(o, pieces if isinstance(pieces, Mapping) else
                               [n for n, _ in resolved], flips)
    return o, resolved, table, allowed


# ----- public API ------------------------------------------------------------------------------


def solutions(
    outline: Outline | str, pieces: PieceSpec, flips: bool = True
) -> Iterator[tuple[Placement, ...]]:
    """Every tiling of the outline by exactly these pieces; one Placement per piece, in the
    order the pieces were given."""
    _, resolved, table, allowed = _prepare(outline, pieces, flips)
    shapes = table.shapes if table.pieces is not STANDARD else None
    order = {n: j for j, (n, _) in enumerate(resolved)}
    for sol in table.solutions(allowed):
        pls = [
            Placement(table.names[i], o, r, c, shapes[i][o] if shapes else None)
            for i, o, r, c in sol
        ]
        pls.sort(key=lambda p: order[p.piece])
        yield tuple(pls)


def count_solutions(outline: Outline | str, pieces: PieceSpec, flips: bool = True) -> int:
    """Raw number of tilings of the fixed outline by exactly these pieces."""
    _, _, table, allowed = _prepare(outline, pieces, flips)
    return table.count(allowed)


def first_solution(
    outline: Outline | str, pieces: PieceSpec, flips: bool = True
) -> tuple[Placement, ...] | None:
    """One tiling, or None: what a bot submits and what proves a card row is solvable."""
    return next(solutions(outline, pieces, flips), None)


def subset_counts(
    outline: Outline | str, k: int, pieces: PieceSpec = LETTERS, flips: bool = True
) -> dict[str, int]:
    """Solution counts of every k-subset of `pieces` that tiles the outline (solvable ones
    only), from one search. Keys join the subset's names in piece order, e.g. "ACK"."""
    table, allowed = table_for(outline, pieces, flips)
    counts = table.subset_counts(k, allowed)
    names = table.names
    return {
        "".join(n for i, n in enumerate(names) if m >> i & 1): c for m, c in sorted(counts.items())
    }


def symmetry_classes(
    outline: Outline | str, sols: Iterable[Sequence[Placement]], flips: bool = True
) -> int:
    """How many of the given tilings remain distinct up to the outline's own symmetries."""
    o = parse_outline(outline)
    maps = [m for g in range(8 if flips else 4) if (m := _sym_map(o, g)) is not None]
    seen: set[frozenset[tuple[str, frozenset[Cell]]]] = set()
    n = 0
    for sol in sols:
        keys = [
            frozenset((p.piece, frozenset(m[c] for c in p.cells)) for p in sol) for m in maps
        ]
        if not any(key in seen for key in keys):
            n += 1
        seen.add(keys[0])
    return n


def placement_counts(outline: Outline | str, pieces: PieceSpec, flips: bool = True) -> list[int]:
    """Legal placements of each piece on the empty outline (few = forced moves)."""
    table, allowed = table_for(outline, pieces, flips)
    return [n for i, n in enumerate(table.counts) if allowed >> i & 1]


forgettable(_symmetries.cache_clear, _starts.cache_clear, _oriented.cache_clear, _table.cache_clear)


__all__ = [
    "STANDARD",
    "Outline",
    "Placement",
    "Table",
    "canonical_outline",
    "clear_caches",
    "count_solutions",
    "first_solution",
    "outline_symmetries",
    "parse_outline",
    "parse_pieces",
    "placement_counts",
    "resolve_pieces",
    "solutions",
    "subset_counts",
    "symmetry_classes",
    "table_for",
]
