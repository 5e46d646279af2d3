"""One player's Alhambra: the tiles on the grid, with fast incremental building checks.

Cells are ints `(x + OFF) * W + (y + OFF)` so neighbours are one addition away. The board
keeps its frontier (empty cells touching a side) with what each frontier cell demands of a
tile's walls, so `fits` is two mask tests; whether filling a cell would enclose a hole is
decided by a local ring test (a 256-entry table of which ring cells are empty) and, only when
that is ambiguous, a flood fill. Answers are computed on demand and kept while they stay true:
a ring answer until a tile comes or goes in that ring, flood answers and the cells each wall
pattern fits until the board changes, the articulation points of the walking paths across
the addition or removal of a tile with a single walking path (only its neighbour can change),
the articulation points of side contact (which tiles a swap may take out) until the shape does.
`scoring.layout_problems` is the slow global oracle these checks are tested against.

Every list a board hands out follows the board's own dict order, that is its history, and no
answer is shared with a board of another history: equal layouts reached in different orders
may list their choices in different orders, but one game always lists them the same way.
"""

from __future__ import annotations

from itertools import count
from typing import Any, Final

from mypy_extensions import mypyc_attr

from . import i18n
from .data import FOUNTAIN, TILES, B, L, R, T

# module constants are Final: compiled (herna.native), a Final global is a C static, any
# other global a dict look-up on every use. Tables are typed as tuples of any length: mypyc
# keeps a fixed-length tuple unboxed and builds it again as an object at every loop over it.
W: Final = 256
OFF: Final = 128
ORIGIN: Final = OFF * W + OFF
UP: Final = -1
DOWN: Final = 1
RIGHT: Final = W
LEFT: Final = -W
# (step, my side, the neighbour's facing side)
SIDES: Final[tuple[tuple[int, int, int], ...]] = (
    (UP, T, B), (RIGHT, R, L), (DOWN, B, T), (LEFT, L, R))
# the 8 cells round a cell, clockwise from the one above
RING: Final[tuple[int, ...]] = (
    UP, RIGHT + UP, RIGHT, RIGHT + DOWN, DOWN, LEFT + DOWN, LEFT, LEFT + UP)
RING_BITS: Final = tuple((offset, 1 << i) for i, offset in enumerate(RING))
# a cell and its ring: whose ring answers a change there can alter
AROUND: Final[tuple[int, ...]] = (0, *RING)
WALLS: Final = tuple(t.walls for t in TILES)
# per tile, (step, the neighbour's facing side) for each of its open sides, in SIDES order:
# the walking paths leave a tile only through these
OPEN_SIDES: Final = tuple(tuple((step, theirs) for step, mine, theirs in SIDES if not w & mine)
                   for w in WALLS)
SIDE_NAMES: Final = {T: "top", R: "right", B: "bottom", L: "left"}
_VERSIONS: Final = count(1)  # board versions are unique in the process, even across copies


def _ring_joined(empty_bits: int) -> bool:
    """Whether the empty side neighbours of a cell (bit i: RING[i] is empty) stay joined to one
    another through the ring round it, so filling the cell cannot cut one of them off."""
    empty = [bool(empty_bits >> i & 1) for i in range(8)]
    orth = sum(1 for i in (0, 2, 4, 6) if empty[i])
    joins = sum(1 for i in (0, 2, 4, 6) if empty[i] and empty[i + 1] and empty[(i + 2) % 8])
    return orth - joins <= 1


RING_JOINED: Final = tuple(_ring_joined(bits) for bits in range(256))


def cell(x: int, y: int) -> int:
    return (x + OFF) * W + (y + OFF)


def xy(c: int) -> tuple[int, int]:
    x, y = divmod(c, W)
    return x - OFF, y - OFF


def longest_wall_cells(cells: dict[int, int]) -> int:
    """`scoring.longest_wall` of a layout, computed on the int cells several times faster
    (scoring rounds and bots ask it often). A side is `cell * 4 + i` (SIDES[i]); the outline
    is followed from the empty side exactly as the scoring module does, so a pinch where two
    tiles touch at a corner never joins two walls."""
    walled = {c * 4 + i for c, t in cells.items()
              for i, (step, mine, _) in enumerate(SIDES)
              if WALLS[t] & mine and c + step not in cells}
    best = 0
    seen: set[int] = set()
    for start in walled:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            c, i = divmod(stack.pop(), 4)
            size += 1
            ahead = SIDES[i][0]
            for j in ((i + 1) & 3, (i + 3) & 3):  # along the wall, both ways
                aside = SIDES[j][0]
                if c + ahead + aside in cells:  # the wall turns inward round the empty cell
                    nb = (c + ahead + aside) * 4 + (j ^ 2)
                elif c + aside in cells:  # straight on along the next tile
                    nb = (c + aside) * 4 + i
                else:  # round this tile's own corner
                    nb = c * 4 + j
                if nb in walled and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        best = max(best, size)
    return best


# compiled (herna.native): copy() and pickle make boards without __init__ (serializable), and
# Board() from Python code still runs it (mypyc skips it there for a serializable class that
# allows no interpreted subclasses)
@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Board:
    """Tiles by cell; the fountain stands at (0, 0) and never moves.

    The memo slots hold answers for the current layout. A change replaces them rather than
    clearing them, so a copy shares them until one of the two changes.
    """

    __slots__ = ("_bbox", "_built", "_cut", "_fits", "_free", "_key", "_link_cut", "_nbr",
                 "_ring_ok", "_safe", "_swap_free", "cells", "frontier", "version")

    def __init__(self) -> None:
        self.cells: dict[int, int] = {ORIGIN: FOUNTAIN}
        # empty cell -> (mask of sides with a neighbour, walls those sides must have)
        self.frontier: dict[int, tuple[int, int]] = {}
        # built cell -> mask of its sides with a neighbour, kept in the order of `cells`
        self._nbr: dict[int, int] = {ORIGIN: 0}
        # a new number after every change, unique in the process: callers cache answers on it
        self.version = next(_VERSIONS)
        self._ring_ok: set[int] = set()  # empty cells the ring test alone shows safe
        self._safe: dict[int, bool] = {}  # the flood fill's answers for the other cells
        self._fits: dict[int, tuple[int, ...]] = {}  # wall mask -> cells a tile with it fits
        self._bbox: tuple[int, int, int, int] | None = None
        self._built: list[tuple[int, int, int, bool]] | None = None
        self._free: list[tuple[int, int]] | None = None
        self._cut: frozenset[int] | None = frozenset()
        self._link_cut: frozenset[int] | None = frozenset()
        self._swap_free: list[tuple[int, int]] | None = None
        self._key: tuple[tuple[int, int], ...] | None = None
        for step, _, _ in SIDES:
            self._update_frontier(ORIGIN + step)

    # pickled with everything but its version: versions count per process, so one carried
    # into another process (a Ray or bot worker) could name a different board there and
    # fetch that board's kept answers (rules.redesign_actions). Unpickled, it gets a new one.
    def __getstate__(self) -> tuple[Any, ...]:
        return (self.cells, self.frontier, self._nbr, self._ring_ok, self._safe, self._fits,
                self._bbox, self._built, self._free, self._cut, self._link_cut,
                self._swap_free, self._key)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.cells, self.frontier, self._nbr, self._ring_ok, self._safe, self._fits,
         self._bbox, self._built, self._free, self._cut, self._link_cut, self._swap_free,
         self._key) = state
        self.version = next(_VERSIONS)

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.cells = dict(self.cells)
        b.frontier = dict(self.frontier)
        b._nbr = dict(self._nbr)
        b.version = self.version
        b._ring_ok = self._ring_ok
        b._safe = self._safe
        b._fits = self._fits
        b._bbox = self._bbox
        b._built = self._built
        b._free = self._free
        b._cut = self._cut
        b._link_cut = self._link_cut
        b._swap_free = self._swap_free
        b._key = self._key
        return b

    # ---- queries ----------------------------------------------------------------------
    def layout(self) -> dict[tuple[int, int], int]:
        return {xy(c): t for c, t in self.cells.items()}

    def where(self, tile: int) -> int | None:
        for c, t in self.cells.items():
            if t == tile:
                return c
        return None

    def fits(self, tile: int, c: int) -> bool:
        """Edges match every neighbour, one shared side is open on both, no hole results."""
        need = self.frontier.get(c)
        if need is None:
            return False
        mask, walls = need
        w = WALLS[tile]
        return (w & mask) == walls and (mask & ~w) != 0 and self.safe(c)

    def placements(self, tile: int) -> tuple[int, ...]:
        """The cells `tile` fits, in frontier order. Legality depends only on the tile's
        walls, so the answer is kept per wall mask until the board changes."""
        w = WALLS[tile]
        out = self._fits.get(w)
        if out is None:
            ring_ok, cells = self._ring_ok, self.cells
            found = []
            for c, (mask, walls) in self.frontier.items():
                if (w & mask) == walls and mask & ~w:
                    if c not in ring_ok:  # safe(c), its ring test inline
                        empty = 0
                        for offset, bit in RING_BITS:
                            if c + offset not in cells:
                                empty |= bit
                        if RING_JOINED[empty]:
                            ring_ok.add(c)
                        elif not self.safe(c):
                            continue
                    found.append(c)
            out = self._fits[w] = tuple(found)
        return out

    def placement_problem(self, tile: int, c: int) -> str | None:
        """Why `tile` may not go to cell `c`, in the rulebook's words (None: it may)."""
        x, y = xy(c)
        if c in self.cells:
            return i18n.t("why.occupied", x=x, y=y)
        need = self.frontier.get(c)
        if need is None:
            return i18n.t("why.no_side", x=x, y=y)
        mask, walls = need
        w = WALLS[tile]
        for step, mine, _theirs in SIDES:
            if mask & mine and (w & mine) != (walls & mine):
                n = self.cells[c + step]
                nx, ny = xy(c + step)
                key = "why.wall_to_open" if w & mine else "why.open_to_wall"
                return i18n.t(key, tile=tile, side=i18n.t(f"side.{SIDE_NAMES[mine]}"), n=n,
                              nx=nx, ny=ny)
        if not mask & ~w:
            return i18n.t("why.walled_in", tile=tile, x=x, y=y)
        if not self.safe(c):
            return i18n.t("why.hole", x=x, y=y)
        return None

    def safe(self, c: int) -> bool:
        """Filling the empty cell `c` leaves no empty space cut off from the outside."""
        if c in self._ring_ok:
            return True
        s = self._safe.get(c)
        if s is None:
            cells = self.cells
            empty = 0
            for offset, bit in RING_BITS:
                if c + offset not in cells:
                    empty |= bit
            if RING_JOINED[empty]:  # the empty neighbours stay joined through the ring
                self._ring_ok.add(c)
                return True
            s = self._safe[c] = self._flood_safe(c, empty)
        return s

    def _flood_safe(self, c: int, empty: int) -> bool:
        """The ring cannot tell: every empty side neighbour must still reach the outside."""
        x0, y0, x1, y1 = self.bbox()
        for i in (0, 2, 4, 6):
            if empty >> i & 1 and not self._reaches_outside(c + RING[i], c, x0, y0, x1, y1):
                return False
        return True

    def _reaches_outside(self, start: int, blocked: int, x0: int, y0: int, x1: int,
                         y1: int) -> bool:
        cells = self.cells
        seen = {start, blocked}
        todo = [start]
        while todo:
            cur = todo.pop()
            x, y = divmod(cur, W)
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return True
            for step in (UP, RIGHT, DOWN, LEFT):
                n = cur + step
                if n not in seen and n not in cells:
                    seen.add(n)
                    todo.append(n)
        return False

    def bbox(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) in raw cell coordinates."""
        if self._bbox is None:
            xs = [c // W for c in self.cells]
            ys = [c % W for c in self.cells]
            self._bbox = (min(xs), min(ys), max(xs), max(ys))
        return self._bbox

    def walkable(self, cells: dict[int, int]) -> bool:
        """Every tile can be reached on foot from the fountain through open sides."""
        seen = {ORIGIN}
        todo = [ORIGIN]
        while todo:
            cur = todo.pop()
            w = WALLS[cells[cur]]
            for step, mine, theirs in SIDES:
                n = cur + step
                if n in cells and n not in seen and not w & mine and not WALLS[cells[n]] & theirs:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(cells)

    def key(self) -> tuple[tuple[int, int], ...]:
        """The layout itself, as a hashable value: answers that depend only on the layout
        (not on the order of its dicts) may be shared through it between boards."""
        if self._key is None:
            self._key = tuple(sorted(self.cells.items()))
        return self._key

    def longest_wall(self) -> int:
        return longest_wall_cells(self.cells)

    def built(self) -> list[tuple[int, int, int, bool]]:
        """(cell, tile, mask of sides with a neighbour, removable) for every building tile,
        in the board's order."""
        out = self._built
        if out is None:
            cells = self.cells
            cut = self.cut_cells()
            nbr = self._nbr
            out = []
            for c, t in cells.items():
                if t:
                    mask = nbr[c]
                    out.append((c, t, mask, mask != 15 and c not in cut))
            self._built = out
        return out

    def removable(self) -> list[tuple[int, int]]:
        """(tile, mask of sides with a neighbour) for every tile that may leave the
        Alhambra, in the board's order: the part of `built` redesign needs."""
        out = self._free
        if out is None:
            out = self._free = self._edge_tiles_outside(self.cut_cells())
        return out

    def swappable(self) -> list[tuple[int, int]]:
        """(tile, mask of sides with a neighbour) for every tile a reserve tile may take the
        place of (when its walls match, see can_swap), in the board's order: free tiles at
        the edge whose going leaves the rest in one piece (seed 002)."""
        out = self._swap_free
        if out is None:
            out = self._swap_free = self._edge_tiles_outside(self.link_cut_cells())
        return out

    def free_tiles(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """(removable(), swappable()), both found in one pass over the tiles when neither is
        kept: what a redesign list with a reserve needs."""
        if self._free is not None or self._swap_free is not None:
            return self.removable(), self.swappable()
        cut, link_cut, cells = self.cut_cells(), self.link_cut_cells(), self.cells
        free: list[tuple[int, int]] = []
        swap_free: list[tuple[int, int]] = []
        for c, mask in self._nbr.items():  # in the order of `cells`
            if mask != 15 and c != ORIGIN:
                if c not in cut:
                    free.append((cells[c], mask))
                if c not in link_cut:
                    swap_free.append((cells[c], mask))
        self._free, self._swap_free = free, swap_free
        return free, swap_free

    def _edge_tiles_outside(self, cut: frozenset[int]) -> list[tuple[int, int]]:
        """(tile, neighbour mask) of the tiles with a free side whose cell is not in `cut`."""
        cells = self.cells
        out = []
        for c, mask in self._nbr.items():  # in the order of `cells`; a plain loop is fastest
            if mask != 15 and c != ORIGIN and c not in cut:
                out.append((cells[c], mask))
        return out

    def link_cut_cells(self) -> frozenset[int]:
        """Tiles whose removal would leave the Alhambra in pieces, counting tiles as joined
        by any whole shared side, walled or not (corner contact does not join): the
        articulation points of side contact. Only the shape matters, so a swap keeps it."""
        if self._link_cut is None:
            self._link_cut = self._articulation_points(False)
        return self._link_cut

    def _touching(self, c: int) -> list[int]:
        """The tiles sharing a whole side with the tile at `c`, in SIDES order (unrolled: the
        Tarjan walk over side contact asks this for every tile)."""
        cells = self.cells
        out = []
        if c + UP in cells:
            out.append(c + UP)
        if c + RIGHT in cells:
            out.append(c + RIGHT)
        if c + DOWN in cells:
            out.append(c + DOWN)
        if c + LEFT in cells:
            out.append(c + LEFT)
        return out

    def cut_cells(self) -> frozenset[int]:
        """Tiles whose removal would strand others: the articulation points of the walking
        paths from the fountain (the fountain itself, which never moves, left out). Kept
        across additions and removals of a tile with a single walking path, where only its
        neighbour can change; otherwise found again by Hopcroft-Tarjan."""
        if self._cut is None:
            self._cut = self._articulation_points(True)
        return self._cut

    def _articulation_points(self, paths: bool) -> frozenset[int]:
        """Hopcroft-Tarjan by a recursive walk (at most 54 tiles deep) from the fountain,
        over the walking paths (`paths`) or side contact."""
        order: dict[int, int] = {ORIGIN: 0}
        low: dict[int, int] = {ORIGIN: 0}
        cut: set[int] = set()
        for n in self._links(ORIGIN, paths):
            if n not in order:
                self._visit(n, ORIGIN, paths, order, low, cut)
        return frozenset(cut)

    def _visit(self, c: int, parent: int, paths: bool, order: dict[int, int],
               low: dict[int, int], cut: set[int]) -> None:
        """One step of _articulation_points' walk (a method, not a closure: cheaper compiled)."""
        here = order[c] = low[c] = len(order)
        for n in self._links(c, paths):
            if n == parent:
                continue
            seen = order.get(n)
            if seen is not None:
                if seen < low[c]:
                    low[c] = seen
                continue
            self._visit(n, c, paths, order, low, cut)
            if low[n] < low[c]:
                low[c] = low[n]
            if low[n] >= here:
                cut.add(c)

    def _links(self, c: int, paths: bool) -> list[int]:
        return self._paths(c) if paths else self._touching(c)

    def _joined_without(self, c: int, ends: list[int], paths: bool) -> bool:
        """Whether the tiles `ends` still reach one another through walking paths (`paths`)
        or side contact without the tile at `c`."""
        missing = set(ends[1:])
        seen = {c, ends[0]}
        todo = [ends[0]]
        while todo:
            for n in self._links(todo.pop(), paths):
                if n not in seen:
                    missing.discard(n)
                    if not missing:
                        return True
                    seen.add(n)
                    todo.append(n)
        return False

    def _paths(self, c: int) -> list[int]:
        """The tiles one step away on foot: both facing sides open."""
        cells = self.cells
        out = []
        for step, theirs in OPEN_SIDES[cells[c]]:
            t = cells.get(c + step)
            if t is not None and not WALLS[t] & theirs:
                out.append(c + step)
        return out

    def can_swap(self, tile: int, old: int, mask: int) -> bool:
        """The fast form of swap_problem for a swappable tile whose neighbour sides are
        `mask` (swappable() lists them)."""
        return not (WALLS[tile] ^ WALLS[old]) & mask

    def removal_problem(self, c: int) -> str | None:
        """Why the tile at `c` may not go to the reserve (None: it may)."""
        t = self.cells.get(c)
        x, y = xy(c)
        if t is None:
            return i18n.t("why.no_tile_at", x=x, y=y)
        if t == FOUNTAIN:
            return i18n.t("why.fountain_removed")
        cells = self.cells
        if all((c + step) in cells for step, _, _ in SIDES):
            return i18n.t("why.removal_hole", tile=t, x=x, y=y)
        # A tile walkable from only one side is a leaf of the walking paths: removing it
        # strands nobody. Otherwise walk the rest.
        w = WALLS[t]
        paths = sum(1 for step, mine, theirs in SIDES
                    if (c + step) in cells and not w & mine)
        if paths > 1:
            rest = dict(cells)
            del rest[c]
            if not self.walkable(rest):
                return i18n.t("why.removal_split", tile=t)
        return None

    def swap_problem(self, c: int, tile: int) -> str | None:
        """Why `tile` may not take the place of the tile at `c` (None: it may).

        Seed 002: only free tiles, at the edge, may be handled, and the Alhambra may not be
        "rozdělená na více částí, a to ani v rámci výměny" (in several parts, not even during
        the exchange; corner contact is not enough): the old tile has an empty side and the
        rest stays in one piece without it. Seed 004: the new tile takes exactly the same
        place and every building rule still holds. The shape is unchanged, so matching edges
        is all that is left: the new tile then has the old tile's walls wherever it touches
        a neighbour, every walking path stays as it was, and the layout is as legal as before.
        Walking is not asked of the moment between (that is removal's rule: the tile stays
        out of the Alhambra).
        """
        old = self.cells.get(c)
        x, y = xy(c)
        if old is None:
            return i18n.t("why.no_tile_at", x=x, y=y)
        if old == FOUNTAIN:
            return i18n.t("why.fountain_swapped")
        if self._nbr[c] == 15:
            return i18n.t("why.swap_enclosed", tile=old, x=x, y=y)
        if c in self.link_cut_cells():
            return i18n.t("why.swap_split", tile=old)
        w = WALLS[tile]
        for step, mine, theirs in SIDES:
            n = self.cells.get(c + step)
            if n is not None and bool(w & mine) != bool(WALLS[n] & theirs):
                nx, ny = xy(c + step)
                return i18n.t("why.swap_mismatch", tile=tile, old=old, n=n, nx=nx, ny=ny,
                              side=i18n.t(f"side.{SIDE_NAMES[mine]}"))
        return None

    # ---- changes ----------------------------------------------------------------------
    def add(self, tile: int, c: int) -> None:
        cells, frontier, nbr = self.cells, self.frontier, self._nbr
        cells[c] = tile
        frontier.pop(c, None)
        w = WALLS[tile]
        sides = 0
        for step, mine, theirs in SIDES:  # the new tile is a neighbour of its neighbours
            n = c + step
            if n in cells:
                nbr[n] |= theirs
                sides |= mine
            else:
                mask, walls = frontier.get(n, (0, 0))
                frontier[n] = (mask | theirs, (walls | theirs) if w & mine else walls)
        nbr[c] = sides
        if self._cut is not None:
            # a tile hung on one walking path is a leaf: only its neighbour becomes a cut
            paths = self._paths(c)
            if len(paths) != 1:
                self._cut = None
            elif paths[0] != ORIGIN:
                self._cut = self._cut | {paths[0]}
        if self._link_cut is not None:  # the same for side contact
            touching = self._touching(c)
            if len(touching) != 1:
                self._link_cut = None
            elif touching[0] != ORIGIN:
                self._link_cut = self._link_cut | {touching[0]}
        self._reshaped(c)

    def remove(self, c: int) -> int:
        cells, frontier, nbr = self.cells, self.frontier, self._nbr
        paths = self._paths(c)
        touching = self._touching(c)
        t = cells.pop(c)
        del nbr[c]
        self._update_frontier(c)
        for step, _, theirs in SIDES:  # neighbours lose the side facing c
            n = c + step
            if n in cells:
                nbr[n] &= ~theirs
            else:
                mask, walls = frontier[n]
                if mask & ~theirs:
                    frontier[n] = (mask & ~theirs, walls & ~theirs)
                else:
                    del frontier[n]
        if self._cut is not None and len(paths) == 1:
            # a leaf went: only the tile it hung on may stop being a cut
            n = paths[0]
            rest = self._paths(n)
            if n != ORIGIN and (len(rest) <= 1 or self._joined_without(n, rest, True)):
                self._cut = self._cut - {n}
        else:
            self._cut = None
        if self._link_cut is not None and len(touching) == 1:
            n = touching[0]
            rest = self._touching(n)
            if n != ORIGIN and (len(rest) <= 1 or self._joined_without(n, rest, False)):
                self._link_cut = self._link_cut - {n}
        else:
            self._link_cut = None
        self._reshaped(c)
        return t

    def replace(self, c: int, tile: int) -> int:
        """Swap the tile at `c`. The shape is unchanged, so hole answers stay valid, and so do
        the walking paths when the walls facing neighbours are (as in a legal swap)."""
        cells, frontier = self.cells, self.frontier
        old = cells[c]
        cells[c] = tile
        w = WALLS[tile]
        changed = WALLS[old] ^ w
        for step, mine, theirs in SIDES:
            if changed & mine:
                n = c + step
                if n in cells:
                    self._cut = None
                else:
                    mask, walls = frontier[n]
                    frontier[n] = (mask, (walls | theirs) if w & mine else (walls & ~theirs))
        self.version = next(_VERSIONS)
        self._fits = {}
        self._built = None
        self._free = None
        self._swap_free = None  # the same places, other tiles (the shape and _link_cut stay)
        self._key = None
        return old

    def _reshaped(self, c: int) -> None:
        """A tile came or went at `c`: ring answers round it and every other answer go."""
        self.version = next(_VERSIONS)
        ring_ok = set(self._ring_ok)  # a new set: copies of the board share the old one
        for offset in AROUND:
            ring_ok.discard(c + offset)
        self._ring_ok = ring_ok
        self._safe = {}
        self._bbox = None
        self._fits = {}
        self._built = None
        self._free = None
        self._swap_free = None
        self._key = None

    def _update_frontier(self, c: int) -> None:
        mask = walls = 0
        cells = self.cells
        for step, mine, theirs in SIDES:
            n = cells.get(c + step)
            if n is not None:
                mask |= mine
                if WALLS[n] & theirs:
                    walls |= mine
        if mask:
            self.frontier[c] = (mask, walls)
        else:
            self.frontier.pop(c, None)
