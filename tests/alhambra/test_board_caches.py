"""The board's incremental caches (cut tiles, per-pattern placements, ring tests, shared
memos between copies) give the same answers as a board built afresh from the same layout,
whatever history of additions, removals, swaps and copies led there."""

from __future__ import annotations

from herna.core import Rng
from herna.games.alhambra.board import ORIGIN, SIDES, Board

TILES = range(1, 55)


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
        "placements": {t: sorted(board.placements(t)) for t in TILES},
        "built": sorted(board.built()),
        "cut": set(board.cut_cells()),
        "wall": board.longest_wall(),
        "removal": {c: board.removal_problem(c) for c in board.cells},
    }


def random_step(board: Board, rng: Rng) -> None:
    off = [t for t in TILES if t not in board.cells.values()]
    roll = rng.below(10)
    if roll < 6 or len(board.cells) < 3:
        t = off[rng.below(len(off))]
        spots = board.placements(t)
        if spots:
            board.add(t, spots[rng.below(len(spots))])
    elif roll < 8:
        free = [c for c, _t, _m, ok in board.built() if ok]
        if free:
            board.remove(free[rng.below(len(free))])
    else:
        swaps = [(c, r) for c, t, m, ok in board.built() for r in off
                 if ok and board.can_swap(r, t, m)]
        if swaps:
            c, r = swaps[rng.below(len(swaps))]
            board.replace(c, r)


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
