"""The fast incremental building checks of board.py against the slow global oracle.

`scoring.layout_problems` judges a whole layout by the building rules (seed 004, "Pravidla
stavění Alhambry"): matching sides, walkable from the fountain, whole-side contact, no holes.
`Board` answers the same questions incrementally; here both must agree on random positions,
and every illegal placement the rulebook pictures gets a named test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import herna
from herna.core import Rng
from herna.games.alhambra.board import ORIGIN, RING, SIDES, WALLS, Board, cell, xy
from herna.games.alhambra.data import FOUNTAIN, NUM_TILES
from herna.games.alhambra.scoring import layout_problems

Layout = dict[tuple[int, int], int]
BUILDING_TILES = range(1, NUM_TILES + 1)
NO_HOLES = "(no empty space may be cut off)"

# The oracle's wording for each rule, and the board's wording for the same rule.
ORACLE_WORDS = {
    "mismatch": "touching sides do not match",
    "unreachable": "not reachable on foot",
    "pieces": "pieces",
    "hole": "hole",
}


def build(*tiles: tuple[int, int, int]) -> Board:
    """A board from (tile, x, y) placements, each checked to be legal when it is made."""
    board = Board()
    for tile, x, y in tiles:
        assert board.fits(tile, cell(x, y)), f"test setup: tile {tile} cannot go to {x},{y}"
        board.add(tile, cell(x, y))
    return board


def with_tile(layout: Layout, tile: int, c: int) -> Layout:
    out = dict(layout)
    out[xy(c)] = tile
    return out


def without(layout: Layout, c: int) -> Layout:
    out = dict(layout)
    del out[xy(c)]
    return out


def rule_of_board_reason(reason: str) -> str:
    """Which building rule a board's reason names, as a key of ORACLE_WORDS."""
    if "must match" in reason or "would not match" in reason:
        return "mismatch"
    if "corner contact" in reason:
        return "pieces"
    if "reached" in reason:
        return "unreachable"
    if "hole" in reason or "enclose" in reason:
        return "hole"
    raise AssertionError(f"unexpected reason {reason!r}")


def reason_agrees(reason: str, problems: list[str]) -> bool:
    """The board's reason names a rule the oracle also finds broken. Stranding a tile can
    show as an unreachable tile or as a split Alhambra, so either oracle finding will do."""
    rule = rule_of_board_reason(reason)
    rules = {rule, "pieces"} if rule == "unreachable" else {rule}
    return any(ORACLE_WORDS[r] in p for r in rules for p in problems)


# --- cross-check against the oracle ----------------------------------------------------------


def candidate_cells(board: Board, rng: Rng) -> set[int]:
    """Every frontier cell plus a few empty cells that touch the Alhambra only at a corner,
    or not at all."""
    cells = set(board.frontier)
    built = list(board.cells)
    for _ in range(4):
        c = built[rng.below(len(built))]
        cells.add(c + RING[rng.below(8)] + RING[rng.below(8)])
        cells.add(c + 2 * RING[rng.below(8)])
    return cells - set(board.cells)


def mismatches(board: Board, rng: Rng) -> Iterator[str]:
    """Every disagreement between the board's fast answers and the oracle."""
    layout = board.layout()
    assert layout_problems(layout) == [], "the position itself must be legal"
    on_board = set(board.cells.values())
    off_board = [t for t in BUILDING_TILES if t not in on_board]
    # Legality depends only on a tile's walls, so the oracle is asked once per wall mask.
    oracle: dict[tuple[int, int], list[str]] = {}
    for c in candidate_cells(board, rng):
        for t in off_board:
            key = (WALLS[t], c)
            if key not in oracle:
                oracle[key] = layout_problems(with_tile(layout, t, c))
            problems = oracle[key]
            fits = board.fits(t, c)
            if fits != (problems == []):
                yield f"fits({t}, {xy(c)}) is {fits}, oracle says {problems}"
            reason = board.placement_problem(t, c)
            if (reason is None) != fits:
                yield f"placement_problem({t}, {xy(c)}) is {reason!r} but fits is {fits}"
            elif reason is not None and not reason_agrees(reason, problems):
                yield f"placement_problem({t}, {xy(c)}) says {reason!r}, oracle: {problems}"
    built = {c: (mask, removable) for c, _t, mask, removable in board.built()}
    swappable = dict(board.swappable())
    for c, t in board.cells.items():
        problems = removal_problems = layout_problems(without(layout, c))
        removal_ok = t != FOUNTAIN and problems == []
        reason = board.removal_problem(c)
        if (reason is None) != removal_ok:
            yield f"removal_problem({xy(c)}) is {reason!r}, oracle: {problems}"
        elif reason is not None and t != FOUNTAIN and not reason_agrees(reason, problems):
            yield f"removal_problem({xy(c)}) says {reason!r}, oracle: {problems}"
        if t != FOUNTAIN and built[c][1] != removal_ok:
            yield f"built() says removable={built[c][1]} at {xy(c)}, oracle says {removal_ok}"
        # A swap (seeds 002 and 004): the old tile is at the edge (an empty side), the rest is
        # in one piece without it (side contact; walking is not asked of that moment), and
        # the layout with the new tile in its place breaks no building rule.
        edge = any(xy(c + step) not in layout for step, _, _ in SIDES)
        pieces = [p for p in removal_problems if ORACLE_WORDS["pieces"] in p]
        free_ok = t != FOUNTAIN and edge and not pieces
        if t != FOUNTAIN and (t in swappable) != free_ok:
            yield f"swappable() has {t} at {xy(c)}: {t in swappable}, oracle says {free_ok}"
        swap_oracle: dict[int, list[str]] = {}
        for r in off_board:
            if WALLS[r] not in swap_oracle:
                swap_oracle[WALLS[r]] = layout_problems(with_tile(layout, r, c))
            problems = swap_oracle[WALLS[r]]
            swap_ok = free_ok and problems == []
            reason = board.swap_problem(c, r)
            if (reason is None) != swap_ok:
                yield f"swap_problem({xy(c)}, {r}) is {reason!r}, oracle: {problems}"
            elif reason is not None and t != FOUNTAIN:
                agrees = ("all four sides" in reason if not edge
                          else reason_agrees(reason, pieces or problems))
                if not agrees:
                    yield f"swap_problem({xy(c)}, {r}) says {reason!r}, oracle: {problems}"
            if t in swappable and board.can_swap(r, t, swappable[t]) != swap_ok:
                yield f"can_swap({r}, {t}) at {xy(c)} disagrees with the oracle: {problems}"


def random_step(board: Board, rng: Rng) -> None:
    """One legal addition, removal or swap, chosen at random."""
    off = [t for t in BUILDING_TILES if t not in board.cells.values()]
    roll = rng.below(10)
    if roll < 6 or len(board.cells) < 3:
        t = off[rng.below(len(off))]
        spots = board.placements(t)
        if spots:
            board.add(t, spots[rng.below(len(spots))])
    elif roll < 8:
        removable = [c for c, _t, _m, ok in board.built() if ok]
        if removable:
            board.remove(removable[rng.below(len(removable))])
    else:
        at = {t: c for c, t in board.cells.items()}
        swaps = [(at[t], r) for t, m in board.swappable() for r in off
                 if board.can_swap(r, t, m)]
        if swaps:
            c, r = swaps[rng.below(len(swaps))]
            board.replace(c, r)


def grown_boards(seed: int, count: int) -> Iterator[Board]:
    """Boards grown directly with legal additions, removals and swaps, so the incremental
    caches (frontier, hole answers, removable flags) see every kind of change."""
    rng = Rng(seed)
    for _ in range(count):
        board = Board()
        for _ in range(8 + rng.below(30)):
            random_step(board, rng)
        yield board


def game_boards(players: int, seed: int, every: int) -> Iterator[Board]:
    """Boards from a seeded game of random legal actions, every `every` moves."""
    state = herna.make("alhambra", players=players, seed=seed)
    rng = Rng(seed + 1000)
    moves = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        moves += 1
        if moves % every == 0:
            biggest = max(state.boards, key=lambda b: len(b.cells))  # type: ignore[attr-defined]
            if len(biggest.cells) > 2:
                yield biggest.copy()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_grown_boards_agree_with_the_oracle(seed: int) -> None:
    """fits / placement_problem / removal_problem / swap_problem / built / can_swap all
    agree with the global rules on boards grown by random legal changes."""
    rng = Rng(seed * 31)
    for board in grown_boards(seed, 6):
        assert list(mismatches(board, rng)) == []


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (5, 7)])
def test_boards_from_random_games_agree_with_the_oracle(players: int, seed: int) -> None:
    """The same cross-check on Alhambras built in seeded games of random legal actions."""
    rng = Rng(seed * 17)
    checked = 0
    for board in game_boards(players, seed, every=45):
        assert list(mismatches(board, rng)) == []
        checked += 1
    assert checked >= 4


def test_placements_lists_exactly_the_cells_that_fit() -> None:
    """`placements(t)` is the fast list of cells where `fits(t, c)` holds."""
    for board in grown_boards(9, 4):
        for t in BUILDING_TILES:
            if t in board.cells.values():
                continue
            fitting = {c for c in board.frontier if board.fits(t, c)}
            assert set(board.placements(t)) == fitting


def test_occupied_cell_never_fits() -> None:
    """A cell holds one tile."""
    board = build((7, 1, 0))
    assert not board.fits(14, cell(1, 0))
    assert board.placement_problem(14, cell(1, 0)) == "1,0 is already built on"
    assert not board.fits(14, ORIGIN)


# --- the illegal placements pictured in the rulebook -----------------------------------------


def test_wall_against_open_side_is_illegal() -> None:
    """Seed 004: "Strana se zdí je připojena ke straně beze zdi": tile 50 (wall on top) below the
    fountain puts its wall against the fountain's open bottom side."""
    board = Board()
    c = cell(0, 1)
    assert not board.fits(50, c)
    reason = board.placement_problem(50, c)
    assert reason is not None and "touching sides must match" in reason
    assert any("do not match" in p for p in layout_problems(with_tile(board.layout(), 50, c)))
    # the same tile above the fountain meets it with its open bottom: legal
    assert board.fits(50, cell(0, -1))


def test_tile_reachable_only_across_walls_is_illegal() -> None:
    """Seed 004: "Věž nemůže být dosažena ze startovní dlaždice": tile 12 (wall left) right
    of tile 9 (walls top and right) matches wall to wall, but nobody can walk in."""
    board = build((9, 1, 0))
    c = cell(2, 0)
    assert not board.fits(12, c)
    reason = board.placement_problem(12, c)
    assert reason is not None and "could not be reached on foot" in reason
    assert any("not reachable" in p for p in layout_problems(with_tile(board.layout(), 12, c)))


def test_corner_contact_is_not_enough() -> None:
    """Seed 004: "Diagonální spojení roh na roh není přijatelné": a tile touching only a corner."""
    board = Board()
    c = cell(1, 1)
    assert c not in board.frontier
    assert not board.fits(7, c)
    reason = board.placement_problem(7, c)
    assert reason is not None and "corner contact is not enough" in reason
    assert any("pieces" in p for p in layout_problems(with_tile(board.layout(), 7, c)))


def test_tile_that_closes_a_hole_is_illegal() -> None:
    """Seed 004: "Nesmí dojít k vytvoření volného prostoru uzavřeného dlaždicemi": a U of open tiles
    round (1,1); the tile at (0,1) would shut the empty cell in."""
    board = build((7, 1, 0), (14, 2, 0), (22, 2, 1), (23, 2, 2), (31, 1, 2), (32, 0, 2))
    c = cell(0, 1)
    assert c in board.frontier
    assert not board.fits(41, c)
    reason = board.placement_problem(41, c)
    assert reason is not None and "enclose an empty space" in reason
    problems = layout_problems(with_tile(board.layout(), 41, c))
    assert problems == [f"hole: empty cell (1,1) is enclosed by tiles {NO_HOLES}"]


def test_hole_closed_by_corner_contact_is_illegal() -> None:
    """Empty space moves only through whole sides: tiles meeting at a corner seal it. The
    tile at (1,2) meets tile 23 at (2,1) only at a corner, yet it shuts (1,1) in although the
    diagonal cell (2,2) stays open."""
    board = build((7, 1, 0), (14, 0, 1), (22, 2, 0), (23, 2, 1), (31, 0, 2))
    c = cell(1, 2)
    assert cell(2, 2) not in board.cells
    assert not board.fits(41, c)
    reason = board.placement_problem(41, c)
    assert reason is not None and "enclose an empty space" in reason
    problems = layout_problems(with_tile(board.layout(), 41, c))
    assert problems == [f"hole: empty cell (1,1) is enclosed by tiles {NO_HOLES}"]


def test_bigger_hole_needs_the_flood_fill() -> None:
    """A three-cell pocket (1,1)-(3,1) whose last way out is (0,1): the ring of cells round
    (0,1) cannot tell, so the board must flood the pocket to see the hole."""
    board = build((7, 1, 0), (14, 2, 0), (22, 3, 0), (23, 4, 0), (31, 4, 1), (32, 4, 2),
                  (41, 3, 2), (42, 2, 2), (52, 1, 2), (53, 0, 2))
    c = cell(0, 1)
    assert board.frontier[c] == (1 | 4, 0)  # touches the fountain above and tile 53 below
    assert not board.fits(6, c)  # tile 6: open top and bottom, so only the hole forbids it
    reason = board.placement_problem(6, c)
    assert reason == "a tile at 0,1 would enclose an empty space (no holes allowed)"
    problems = layout_problems(with_tile(board.layout(), 6, c))
    assert problems == [
        f"hole: empty cells (1,1), (2,1), (3,1) are enclosed by tiles {NO_HOLES}"
    ]


# --- redesign checks -------------------------------------------------------------------------


def test_fountain_can_never_be_removed_or_swapped() -> None:
    """Seed 004 p. 4: "Není dovoleno odstranit startovní dlaždici nebo ji vyměnit."""
    board = build((7, 1, 0))
    assert board.removal_problem(ORIGIN) == "the fountain can never be removed"
    assert board.swap_problem(ORIGIN, 14) == "the fountain can never be swapped"
    assert all(t != FOUNTAIN for _c, t, _m, _ok in board.built())


def test_removal_that_strands_a_tile_is_refused() -> None:
    """Removing the middle of a row would strand the tile beyond it."""
    board = build((7, 1, 0), (14, 2, 0))
    reason = board.removal_problem(cell(1, 0))
    assert reason is not None and "could no longer be reached" in reason
    assert layout_problems(without(board.layout(), cell(1, 0))) != []
    assert board.removal_problem(cell(2, 0)) is None


def test_removal_that_leaves_a_hole_is_refused() -> None:
    """A tile with neighbours on all four sides would leave a hole behind."""
    board = build((7, 1, 0), (14, 2, 0), (22, 1, -1), (23, 1, 1))
    reason = board.removal_problem(cell(1, 0))
    assert reason == "removing tile 7 would leave a hole at 1,0"
    assert any("hole" in p for p in layout_problems(without(board.layout(), cell(1, 0))))


def test_swap_must_match_the_neighbours_edges() -> None:
    """The reserve tile takes the removed tile's exact place; edges must still match."""
    board = build((7, 1, 0))
    assert board.swap_problem(cell(1, 0), 14) is None  # open for open
    reason = board.swap_problem(cell(1, 0), 12)  # tile 12 has a wall on its left
    assert reason is not None and "would not match tile 0 at 0,0 on its left side" in reason


# --- caches: whatever the history, the answers of a board built afresh ------------------------


def rebuilt(board: Board) -> Board:
    """The same layout, added tile by tile outward from the fountain on a new board."""
    fresh = Board()
    todo, seen = [ORIGIN], {ORIGIN}
    while todo:
        c = todo.pop(0)
        for step, _, _ in SIDES:
            n = c + step
            if n in board.cells and n not in seen:
                seen.add(n)
                fresh.add(board.cells[n], n)
                todo.append(n)
    assert fresh.cells == board.cells
    return fresh


def answers(board: Board) -> dict[str, object]:
    return {
        "frontier": dict(board.frontier),
        "placements": {t: sorted(board.placements(t)) for t in BUILDING_TILES},
        "built": sorted(board.built()),
        "cut": set(board.cut_cells()),
        "wall": board.longest_wall(),
        "removal": {c: board.removal_problem(c) for c in board.cells},
    }


def test_cached_answers_match_a_board_built_afresh() -> None:
    for seed in range(40):
        rng = Rng(seed)
        board = Board()
        kept: list[tuple[Board, dict[str, object]]] = []
        for _ in range(25 + rng.below(30)):
            random_step(board, rng)
            assert answers(board) == answers(rebuilt(board)), f"seed {seed}"
            if rng.below(4) == 0:  # go on with a copy; the original must not move
                kept.append((board, answers(board)))
                board = board.copy()
        for original, before in kept:
            assert answers(original) == before, f"seed {seed}: a copy changed its original"


def test_a_pickled_board_takes_a_new_version_and_keeps_its_answers() -> None:
    """Versions count per process and name a board's kept answers (the redesign lists), so a
    board arriving from another process must not keep its number: it could be a local
    board's. Everything else, the layout and what it allows, comes through unchanged."""
    import pickle

    rng = Rng(11)
    s = herna.make("alhambra", players=3, seed=11)
    while s.turn < 12 and not s.is_over():  # a few tiles on every board, reserves too
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    for board in s.boards:
        again = pickle.loads(pickle.dumps(board))
        assert again.version != board.version
        assert again.cells == board.cells and again.frontier == board.frontier
        assert [again.placements(t) for t in range(1, 10)] == \
            [board.placements(t) for t in range(1, 10)]
        assert again.removable() == board.removable()
    state = pickle.loads(pickle.dumps(s))
    seat = s.to_act()[0]
    assert [str(a) for a in state.legal_actions(seat)] == [str(a) for a in s.legal_actions(seat)]
    assert all(b.version != o.version for b, o in zip(state.boards, s.boards, strict=True))
