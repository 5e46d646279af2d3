"""Alhambra scoring and the building rules, as pure functions.

Everything here works on plain values (counts per building type, a layout mapping cells to
tile ids) so the engine, the score pad for a real table and the tests all share one exact
reading of the rulebook (seed 004; `rules/alhambra.md`).

Coordinates: x grows to the right, y grows downward, so a tile's top (T) side faces (x, y - 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby

from herna.core.memo import forgettable
from herna.games.alhambra import i18n
from herna.games.alhambra.data import BUILDING_TYPES, DIRECTIONS, FOUNTAIN, SCORING, TILES, Tile

Cell = tuple[int, int]
Step = tuple[int, int]
# One side of a tile: the tile's cell and the step towards the cell that side faces.
Side = tuple[Cell, Step]

ROUNDS = (1, 2, 3)
SIDE_NAMES = {(0, -1): "top", (1, 0): "right", (0, 1): "bottom", (-1, 0): "left"}


# --- building majorities ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceGroup:
    """Players tied on one count, and the places they occupy between them."""

    place: int  # the first (best) place the group occupies, 1-based
    players: tuple[int, ...]  # seat indices, in seat order
    count: int
    paid: tuple[int, ...]  # values of the occupied places that this round pays

    @property
    def share(self) -> int:
        """Tied players split the summed places evenly, rounding down (rulebook p. 5)."""
        return sum(self.paid) // len(self.players)


def place_groups(counts: Sequence[int], values: Sequence[int]) -> list[PlaceGroup]:
    """Rank players into tie groups; shared by the award and its explanation so they agree."""
    negative = [c for c in counts if c < 0]
    if negative:
        raise ValueError(f"counts cannot be negative, got {negative[0]}")
    # A player needs at least one building of a type to score it at all.
    ranked = sorted((seat for seat, c in enumerate(counts) if c > 0), key=lambda s: -counts[s])
    groups: list[PlaceGroup] = []
    taken = 0
    for count, members in groupby(ranked, key=lambda s: counts[s]):
        players = tuple(members)
        paid = tuple(values[taken : taken + len(players)])
        groups.append(PlaceGroup(taken + 1, players, count, paid))
        taken += len(players)  # places below a tie shift down by the size of the tie
    return groups


def place_points(counts: Sequence[int], values: Sequence[int]) -> list[int]:
    """Award places by count; every Herna game with majorities shares this tie rule."""
    return list(_place_points(tuple(counts), tuple(values)))


@lru_cache(maxsize=8192)
def _place_points(counts: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """place_points, kept: every scoring round and final tally asks it for the same few
    races (a bad count still raises every time: exceptions are not kept)."""
    points = [0] * len(counts)
    for group in place_groups(counts, values):
        for seat in group.players:
            points[seat] = group.share
    return tuple(points)


def _round_values(building_type: str, round: int) -> list[int]:
    if round not in ROUNDS:
        raise ValueError(f"scoring round must be 1, 2 or 3, not {round!r}")
    return SCORING[building_type][round - 1]


def _counts_of(counts_by_player: Sequence[Mapping[str, int]], building_type: str) -> list[int]:
    return [counts.get(building_type, 0) for counts in counts_by_player]


def _check_counts(counts_by_player: Sequence[Mapping[str, int]]) -> None:
    """Refuse typos and impossible counts instead of silently scoring them as zero."""
    for seat, counts in enumerate(counts_by_player):
        for name, n in counts.items():
            if name not in BUILDING_TYPES:
                raise ValueError(
                    f"player {seat + 1}: unknown building type {name!r}; "
                    f"expected one of {', '.join(BUILDING_TYPES)}"
                )
            if n < 0:
                raise ValueError(f"player {seat + 1}: {name} count cannot be negative, got {n}")


def building_breakdown(
    counts_by_player: Sequence[Mapping[str, int]], round: int
) -> list[dict[str, int]]:
    """Points per building type per player: the rows of a score pad."""
    _check_counts(counts_by_player)
    rows: list[dict[str, int]] = [{} for _ in counts_by_player]
    for building_type in BUILDING_TYPES:
        values = _round_values(building_type, round)
        points = place_points(_counts_of(counts_by_player, building_type), values)
        for row, p in zip(rows, points, strict=True):
            row[building_type] = p
    return rows


def building_points(counts_by_player: Sequence[Mapping[str, int]], round: int) -> list[int]:
    """Total majority points per player; Dirk is simply one more entry (he scores no walls)."""
    return [sum(row.values()) for row in building_breakdown(counts_by_player, round)]


def ordinal(n: int, lang: str | None = None) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th': how places are said at the table ('1.' in cs/sk)."""
    return i18n.ordinal(n, lang)


def _join_names(names: Iterable[str], lang: str | None = None) -> str:
    return i18n.join_names(names, lang)


def _explain_group(
    group: PlaceGroup, names: Sequence[str], round: int, paying: int, lang: str | None = None
) -> str:
    who = _join_names([names[s] for s in group.players], lang)
    place = ordinal(group.place, lang)
    tie = len(group.players) > 1
    if not group.paid:
        pays = _join_names([ordinal(p, lang) for p in range(1, paying + 1)], lang)
        return i18n.t(
            "explain.tie_unpaid" if tie else "explain.one_unpaid",
            lang,
            who=who,
            place=place,
            count=group.count,
            round=round,
            pays=pays,
        )
    if not tie:
        return i18n.t(
            "explain.one", lang, who=who, place=place, count=group.count, share=group.share
        )
    if len(group.paid) == 1:
        split = f"{group.paid[0]}"
    else:
        split = f"{' + '.join(map(str, group.paid))} = {sum(group.paid)}"
    return i18n.t(
        "explain.tie", lang, who=who, place=place, count=group.count, split=split,
        share=group.share,
    )


def explain_building_points(
    counts_by_player: Sequence[Mapping[str, int]],
    round: int,
    names: Sequence[str],
    *,
    lang: str | None = None,
) -> list[str]:
    """One line per building type saying who took which place, so a table can check the pad.

    In `lang` ("en", "cs" or "sk"); by default the CLI's current language (`herna.i18n`:
    `--lang`, else HERNA_LANG), which is English unless one was chosen.
    """
    if len(names) != len(counts_by_player):
        raise ValueError(f"{len(names)} names for {len(counts_by_player)} players")
    _check_counts(counts_by_player)
    lines = []
    for building_type in BUILDING_TYPES:
        values = _round_values(building_type, round)
        groups = place_groups(_counts_of(counts_by_player, building_type), values)
        kind = i18n.type_name(building_type, lang)
        if not groups:
            lines.append(i18n.t("explain.nobody", lang, type=kind))
            continue
        parts = [_explain_group(g, names, round, len(values), lang) for g in groups]
        lines.append(i18n.t("explain.line", lang, type=kind, parts="; ".join(parts)))
    return lines


# --- walls -----------------------------------------------------------------------------------


def _tile(tile_id: int) -> Tile:
    if not 0 <= tile_id < len(TILES):
        raise ValueError(f"unknown tile id {tile_id}; ids run 0..{len(TILES) - 1}")
    return TILES[tile_id]


def _next_side_on_outline(layout: Mapping[Cell, int], side: Side, toward: Step) -> Side:
    """The outline side that follows `side` at its end lying in direction `toward`.

    The outline is followed from the empty side, the way the outside sees the wall: empty space
    is 4-connected (it cannot squeeze between two tiles touching at a corner), exactly as in the
    no-hole rule. So at a pinch point, where two tiles touch only diagonally, a side is joined to
    the side around the same empty cell's corner, never across the pinch to the other empty cell.
    """
    (x, y), (dx, dy) = side
    px, py = toward
    beyond = (x + dx + px, y + dy + py)  # diagonal to the tile, next to the empty cell
    if beyond in layout:  # the wall turns inward, around the empty cell's corner
        return beyond, (-px, -py)
    along = (x + px, y + py)
    if along in layout:  # the wall runs straight on along the next tile
        return along, (dx, dy)
    return (x, y), (px, py)  # the wall turns round this tile's own corner


def _outline_neighbours(layout: Mapping[Cell, int], side: Side) -> tuple[Side, Side]:
    dx, dy = side[1]
    return (
        _next_side_on_outline(layout, side, (-dy, dx)),
        _next_side_on_outline(layout, side, (dy, -dx)),
    )


def outer_wall_sides(layout: Mapping[Cell, int]) -> set[Side]:
    """Walled sides facing an empty cell; walls facing another tile are inner walls."""
    sides: set[Side] = set()
    for (x, y), tile_id in layout.items():
        walls = _tile(tile_id).walls
        for dx, dy, bit, _ in DIRECTIONS:
            if walls & bit and (x + dx, y + dy) not in layout:
                sides.add(((x, y), (dx, dy)))
    return sides


def wall_runs(layout: Mapping[Cell, int]) -> list[set[Side]]:
    """Each continuous outer wall, as its set of tile sides (a closed ring is one run)."""
    walled = outer_wall_sides(layout)
    runs: list[set[Side]] = []
    seen: set[Side] = set()
    for start in sorted(walled):
        if start in seen:
            continue
        run = {start}
        stack = [start]
        while stack:
            for neighbour in _outline_neighbours(layout, stack.pop()):
                if neighbour in walled and neighbour not in run:
                    run.add(neighbour)
                    stack.append(neighbour)
        seen |= run
        runs.append(run)
    return runs


def longest_wall(layout: Mapping[Cell, int]) -> int:
    """Wall points: one per tile side of the single longest continuous outer wall."""
    return max((len(run) for run in wall_runs(layout)), default=0)


# --- building rules --------------------------------------------------------------------------


def _cell(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _cells(cells: Iterable[Cell]) -> str:
    return ", ".join(_cell(c) for c in sorted(cells))


def _tile_at(layout: Mapping[Cell, int], cell: Cell) -> str:
    return f"tile {layout[cell]} ({TILES[layout[cell]].type}) at {_cell(cell)}"


def _neighbours(cell: Cell) -> list[tuple[Cell, int, int]]:
    """The four side neighbours with my side's bit and the neighbour's facing bit."""
    x, y = cell
    return [((x + dx, y + dy), mine, theirs) for dx, dy, mine, theirs in DIRECTIONS]


def _fountain_problems(layout: Mapping[Cell, int]) -> list[str]:
    fountains = [cell for cell, tile_id in layout.items() if tile_id == FOUNTAIN]
    if not fountains:
        return ["no fountain: the start tile (id 0) must be in the Alhambra"]
    if len(fountains) > 1:
        return [
            f"{len(fountains)} fountains at {_cells(fountains)}: there is exactly one start tile"
        ]
    return []


def _duplicate_problems(layout: Mapping[Cell, int]) -> list[str]:
    where: dict[int, list[Cell]] = {}
    for cell, tile_id in layout.items():
        if tile_id != FOUNTAIN:
            where.setdefault(tile_id, []).append(cell)
    return [
        f"tile {tile_id} appears {len(cells)} times, at {_cells(cells)}: every tile exists once"
        for tile_id, cells in sorted(where.items())
        if len(cells) > 1
    ]


def _mismatch_problems(layout: Mapping[Cell, int]) -> list[str]:
    problems = []
    for (x, y), tile_id in sorted(layout.items()):
        for dx, dy, mine, theirs in DIRECTIONS:
            other = (x + dx, y + dy)
            if (dx, dy) not in ((1, 0), (0, 1)) or other not in layout:
                continue  # look right and down only, so each touching pair is judged once
            my_wall = bool(TILES[tile_id].walls & mine)
            their_wall = bool(TILES[layout[other]].walls & theirs)
            if my_wall != their_wall:
                problems.append(
                    "touching sides do not match (wall must meet wall, open must meet open): "
                    f"{_tile_at(layout, (x, y))} is {'walled' if my_wall else 'open'} on its "
                    f"{SIDE_NAMES[(dx, dy)]} side, {_tile_at(layout, other)} is "
                    f"{'walled' if their_wall else 'open'} on its {SIDE_NAMES[(-dx, -dy)]} side"
                )
    return problems


def _flood(start: Iterable[Cell], can_enter: Mapping[Cell, Iterable[Cell]]) -> set[Cell]:
    reached = set(start)
    stack = list(reached)
    while stack:
        for nxt in can_enter[stack.pop()]:
            if nxt not in reached:
                reached.add(nxt)
                stack.append(nxt)
    return reached


def _walking_problems(layout: Mapping[Cell, int]) -> list[str]:
    fountains = [cell for cell, tile_id in layout.items() if tile_id == FOUNTAIN]
    if len(fountains) != 1:
        return []  # without a single start tile there is nowhere to walk from (reported above)
    paths = {
        cell: [
            other
            for other, mine, theirs in _neighbours(cell)
            if other in layout
            and not TILES[layout[cell]].walls & mine
            and not TILES[layout[other]].walls & theirs
        ]
        for cell in layout
    }
    unreachable = set(layout) - _flood(fountains, paths)
    if not unreachable:
        return []
    tiles = ", ".join(_tile_at(layout, c) for c in sorted(unreachable))
    return [
        f"not reachable on foot from the fountain at {_cell(fountains[0])} "
        f"without crossing a wall or leaving the tiles: {tiles}"
    ]


def _piece_problems(layout: Mapping[Cell, int]) -> list[str]:
    touching = {cell: [o for o, _, _ in _neighbours(cell) if o in layout] for cell in layout}
    pieces: list[set[Cell]] = []
    for cell in sorted(layout):
        if not any(cell in piece for piece in pieces):
            pieces.append(_flood([cell], touching))
    if len(pieces) <= 1:
        return []
    listed = " and ".join(f"[{_cells(piece)}]" for piece in pieces)
    return [
        f"the Alhambra is in {len(pieces)} pieces (tiles must share a whole side; "
        f"corner contact does not join them): {listed}"
    ]


def _hole_problems(layout: Mapping[Cell, int]) -> list[str]:
    """Empty cells cut off from the outside; empty space moves only through whole sides."""
    if not layout:
        return []
    xs = [x for x, _ in layout]
    ys = [y for _, y in layout]
    left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    empty = {
        (x, y)
        for x in range(left, right + 1)
        for y in range(top, bottom + 1)
        if (x, y) not in layout
    }
    moves = {cell: [o for o, _, _ in _neighbours(cell) if o in empty] for cell in empty}
    rim = [(x, y) for (x, y) in empty if x in (left, right) or y in (top, bottom)]
    enclosed = empty - _flood(rim, moves)
    problems = []
    while enclosed:
        hole = _flood([min(enclosed)], moves)
        enclosed -= hole
        what = "empty cell" if len(hole) == 1 else "empty cells"
        verb = "is" if len(hole) == 1 else "are"
        problems.append(
            f"hole: {what} {_cells(hole)} {verb} enclosed by tiles (no empty space may be cut off)"
        )
    return problems


def layout_problems(layout: Mapping[Cell, int]) -> list[str]:
    """Every building rule the layout breaks, one readable reason each ([] = legal).

    A global check of the whole Alhambra, meant to be obviously right rather than fast: it is
    the oracle for incremental legality checks. Cells holding an unknown tile id are reported
    and then left out of the other checks (their walls are unknown).
    """
    problems = [
        f"{_cell(cell)} holds tile {tile_id}, which does not exist (ids run 0..{len(TILES) - 1})"
        for cell, tile_id in sorted(layout.items())
        if not 0 <= tile_id < len(TILES)
    ]
    known = {cell: tile_id for cell, tile_id in layout.items() if 0 <= tile_id < len(TILES)}
    problems += _fountain_problems(known)
    problems += _duplicate_problems(known)
    problems += _mismatch_problems(known)
    problems += _walking_problems(known)
    problems += _piece_problems(known)
    problems += _hole_problems(known)
    return problems


def building_counts(layout: Mapping[Cell, int]) -> dict[str, int]:
    """Buildings per type standing in a layout (the fountain is no building)."""
    counts = Counter([_tile(t).type for t in layout.values() if t != FOUNTAIN])
    return {building_type: counts[building_type] for building_type in BUILDING_TYPES}


# --- a whole scoring round -------------------------------------------------------------------


def score_round(
    counts_by_player: Sequence[Mapping[str, int]],
    walls_by_player: Sequence[int | None],
    round: int,
) -> list[dict[str, int]]:
    """Each player's score-pad row for one round; a None wall entry (Dirk) scores no walls."""
    if len(walls_by_player) != len(counts_by_player):
        raise ValueError(f"{len(walls_by_player)} wall entries for {len(counts_by_player)} players")
    rows = building_breakdown(counts_by_player, round)
    for seat, (row, walls) in enumerate(zip(rows, walls_by_player, strict=True)):
        if walls is not None and walls < 0:
            raise ValueError(f"player {seat + 1}: wall length cannot be negative, got {walls}")
        row["walls"] = walls or 0
        row["total"] = sum(row[t] for t in BUILDING_TYPES) + row["walls"]
    return rows


forgettable(_place_points.cache_clear)
