"""One player's Alhambra: the tiles on the grid, with fast incremental building checks.

Cells are ints `(x + OFF) * W + (y + OFF)` so neighbours are one addition away. The board
keeps its frontier (empty cells touching a side) with what each frontier cell demands of a
tile's walls, so `fits` is two mask tests; whether filling a cell would enclose a hole is
decided by a local ring test and, only when that is ambiguous, a flood fill, and cached until
the board changes. `scoring.layout_problems` is the slow global oracle these checks are
tested against.
"""

from __future__ import annotations

from .data import FOUNTAIN, TILES, B, L, R, T

W = 256
OFF = 128
ORIGIN = OFF * W + OFF
UP, DOWN, RIGHT, LEFT = -1, 1, W, -W
# (step, my side, the neighbour's facing side)
SIDES = ((UP, T, B), (RIGHT, R, L), (DOWN, B, T), (LEFT, L, R))
# the 8 cells round a cell, clockwise from the one above
RING = (UP, RIGHT + UP, RIGHT, RIGHT + DOWN, DOWN, LEFT + DOWN, LEFT, LEFT + UP)
WALLS = tuple(t.walls for t in TILES)
SIDE_NAMES = {T: "top", R: "right", B: "bottom", L: "left"}
_CACHE_LIMIT = 100_000
_BUILT: dict[tuple[tuple[int, int], ...], list[tuple[int, int, int, bool]]] = {}


def cell(x: int, y: int) -> int:
    return (x + OFF) * W + (y + OFF)


def xy(c: int) -> tuple[int, int]:
    x, y = divmod(c, W)
    return x - OFF, y - OFF


class Board:
    """Tiles by cell; the fountain stands at (0, 0) and never moves."""

    __slots__ = ("_bbox", "_built", "_key", "_safe", "cells", "frontier", "version")

    def __init__(self) -> None:
        self.cells: dict[int, int] = {ORIGIN: FOUNTAIN}
        # empty cell -> (mask of sides with a neighbour, walls those sides must have)
        self.frontier: dict[int, tuple[int, int]] = {}
        self._safe: dict[int, bool] = {}
        self._bbox: tuple[int, int, int, int] | None = None
        self.version = 0  # bumped by every change, so callers can cache answers
        self._built: tuple[int, list[tuple[int, int, int, bool]]] | None = None
        self._key: tuple[tuple[int, int], ...] | None = None
        for step, _, _ in SIDES:
            self._update_frontier(ORIGIN + step)

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.cells = dict(self.cells)
        b.frontier = dict(self.frontier)
        b._safe = dict(self._safe)
        b._bbox = self._bbox
        b.version = self.version
        b._built = self._built
        b._key = self._key
        return b

    # ---- queries ----------------------------------------------------------------------
    def tiles(self) -> list[int]:
        return [t for t in self.cells.values() if t != FOUNTAIN]

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

    def placements(self, tile: int) -> list[int]:
        w = WALLS[tile]
        out = []
        for c, (mask, walls) in self.frontier.items():
            if (w & mask) == walls and (mask & ~w) and self.safe(c):
                out.append(c)
        return out

    def placement_problem(self, tile: int, c: int) -> str | None:
        """Why `tile` may not go to cell `c`, in the rulebook's words (None: it may)."""
        x, y = xy(c)
        if c in self.cells:
            return f"{x},{y} is already built on"
        need = self.frontier.get(c)
        if need is None:
            return (f"{x},{y} does not share a whole side with your Alhambra "
                    "(corner contact is not enough)")
        mask, walls = need
        w = WALLS[tile]
        for step, mine, _theirs in SIDES:
            if mask & mine and (w & mine) != (walls & mine):
                n = self.cells[c + step]
                nx, ny = xy(c + step)
                what = "a wall" if w & mine else "an open side"
                other = "an open side" if w & mine else "a wall"
                return (f"tile {tile} would put {what} ({SIDE_NAMES[mine]}) against {other} "
                        f"of tile {n} at {nx},{ny}: touching sides must match")
        if not mask & ~w:
            return (f"tile {tile} at {x},{y} could not be reached on foot from the fountain: "
                    "every side it shares is a wall")
        if not self.safe(c):
            return f"a tile at {x},{y} would enclose an empty space (no holes allowed)"
        return None

    def safe(self, c: int) -> bool:
        """Filling the empty cell `c` leaves no empty space cut off from the outside."""
        s = self._safe.get(c)
        if s is None:
            s = self._safe[c] = self._compute_safe(c)
        return s

    def _compute_safe(self, c: int) -> bool:
        cells = self.cells
        empty = [(c + o) not in cells for o in RING]
        orth = sum(1 for i in (0, 2, 4, 6) if empty[i])
        joins = sum(1 for i in (0, 2, 4, 6) if empty[i] and empty[i + 1] and empty[(i + 2) % 8])
        if orth - joins <= 1:
            return True  # the empty neighbours stay joined through the ring round c
        x0, y0, x1, y1 = self.bbox()
        for i in (0, 2, 4, 6):
            if empty[i] and not self._reaches_outside(c + RING[i], c, x0, y0, x1, y1):
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
        are shared through it between boards, copies and games."""
        if self._key is None:
            self._key = tuple(sorted(self.cells.items()))
        return self._key

    def built(self) -> list[tuple[int, int, int, bool]]:
        """(cell, tile, mask of sides with a neighbour, removable) for every building tile:
        what redesign needs to list its choices quickly."""
        if self._built is None or self._built[0] != self.version:
            key = self.key()
            out = _BUILT.get(key)
            if out is None:
                cells = self.cells
                cut = self.cut_cells()
                out = []
                for c, t in cells.items():
                    if t:
                        mask = 0
                        for step, mine, _ in SIDES:
                            if (c + step) in cells:
                                mask |= mine
                        out.append((c, t, mask, mask != 15 and c not in cut))
                if len(_BUILT) > _CACHE_LIMIT:
                    _BUILT.clear()
                _BUILT[key] = out
            self._built = (self.version, out)
        return self._built[1]

    def cut_cells(self) -> set[int]:
        """Tiles whose removal would strand others: the articulation points of the walking
        paths from the fountain (Hopcroft-Tarjan, iteratively)."""
        order: dict[int, int] = {ORIGIN: 0}
        low: dict[int, int] = {ORIGIN: 0}
        cut: set[int] = set()
        root_children = 0
        stack: list[tuple[int, int, list[int]]] = [(ORIGIN, -1, self._paths(ORIGIN))]
        while stack:
            cur, parent, todo = stack[-1]
            if todo:
                n = todo.pop()
                if n == parent:
                    continue
                if n in order:
                    low[cur] = min(low[cur], order[n])
                else:
                    order[n] = low[n] = len(order)
                    stack.append((n, cur, self._paths(n)))
                continue
            stack.pop()
            if parent == -1:
                continue
            low[parent] = min(low[parent], low[cur])
            if parent == ORIGIN:
                root_children += 1
            elif low[cur] >= order[parent]:
                cut.add(parent)
        if root_children > 1:
            cut.add(ORIGIN)
        return cut

    def _paths(self, c: int) -> list[int]:
        cells = self.cells
        w = WALLS[cells[c]]
        return [c + step for step, mine, theirs in SIDES
                if (c + step) in cells and not w & mine and not WALLS[cells[c + step]] & theirs]

    def can_swap(self, tile: int, old: int, mask: int) -> bool:
        """The fast form of swap_problem for a removable tile whose neighbour sides are
        `mask` (built() says which tiles are removable)."""
        return not (WALLS[tile] ^ WALLS[old]) & mask

    def removal_problem(self, c: int) -> str | None:
        """Why the tile at `c` may not go to the reserve (None: it may)."""
        t = self.cells.get(c)
        x, y = xy(c)
        if t is None:
            return f"there is no tile at {x},{y}"
        if t == FOUNTAIN:
            return "the fountain can never be removed"
        cells = self.cells
        if all((c + step) in cells for step, _, _ in SIDES):
            return f"removing tile {t} would leave a hole at {x},{y}"
        # A tile walkable from only one side is a leaf of the walking paths: removing it
        # strands nobody. Otherwise walk the rest.
        w = WALLS[t]
        paths = sum(1 for step, mine, theirs in SIDES
                    if (c + step) in cells and not w & mine)
        if paths > 1:
            rest = dict(cells)
            del rest[c]
            if not self.walkable(rest):
                return (f"without tile {t} some tiles could no longer be reached from the "
                        "fountain (or the Alhambra would fall apart)")
        return None

    def swap_problem(self, c: int, tile: int) -> str | None:
        """Why `tile` may not take the place of the tile at `c` (None: it may).

        Seed 002: only a free tile can leave the Alhambra, which may not fall apart "even
        during the exchange", so the old tile must be removable. Then matching edges is all
        that is left to check: the new tile has exactly the old tile's walls wherever it
        touches a neighbour, so every walking path is unchanged.
        """
        old = self.cells.get(c)
        x, y = xy(c)
        if old is None:
            return f"there is no tile at {x},{y}"
        if old == FOUNTAIN:
            return "the fountain can never be swapped"
        blocked = self.removal_problem(c)
        if blocked is not None:
            return (f"only a free tile can be swapped out, even for a moment: {blocked}")
        w = WALLS[tile]
        for step, mine, theirs in SIDES:
            n = self.cells.get(c + step)
            if n is not None and bool(w & mine) != bool(WALLS[n] & theirs):
                nx, ny = xy(c + step)
                return (f"tile {tile} in place of tile {old} would not match tile {n} at "
                        f"{nx},{ny} on its {SIDE_NAMES[mine]} side")
        return None

    # ---- changes ----------------------------------------------------------------------
    def add(self, tile: int, c: int) -> None:
        self.cells[c] = tile
        self.frontier.pop(c, None)
        for step, _, _ in SIDES:
            n = c + step
            if n not in self.cells:
                self._update_frontier(n)
        self._changed()

    def remove(self, c: int) -> int:
        t = self.cells.pop(c)
        self._update_frontier(c)
        for step, _, _ in SIDES:
            n = c + step
            if n not in self.cells:
                self._update_frontier(n)
        self._changed()
        return t

    def replace(self, c: int, tile: int) -> int:
        old = self.cells[c]
        self.cells[c] = tile
        for step, _, _ in SIDES:
            n = c + step
            if n not in self.cells:
                self._update_frontier(n)
        self.version += 1  # the shape is unchanged, so hole answers stay valid
        self._key = None
        return old

    def _changed(self) -> None:
        self.version += 1
        self._key = None
        self._safe.clear()
        self._bbox = None

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
