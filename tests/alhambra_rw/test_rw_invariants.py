"""Invariants that hold at every position of random games in every mode."""

from __future__ import annotations

from typing import Any

import pytest

from herna.games.alhambra_rw import rules
from herna.games.alhambra_rw.data import BOXES, CELL_TYPE, NUM_TYPES, TRACK
from herna.games.alhambra_rw.state import RWState
from herna.testing import random_playout

MODES: list[tuple[int, dict[str, Any]]] = [
    (1, {}), (2, {}), (3, {}), (4, {}), (5, {}), (1, {"virtual": 4, "vs_virtual": True})]


def check(s: Any) -> None:
    assert isinstance(s, RWState)
    n = s.num_players
    for seat in range(n):
        # the score sheet mirrors the grid: counts per type = built cells of that type
        by_type = [0] * NUM_TYPES
        for c in range(36):
            if s.built[seat] >> c & 1:
                by_type[CELL_TYPE[c]] += 1
        assert by_type == s.counts[seat]
        assert 0 <= s.crossed[seat] <= s.circled[seat] <= TRACK
    for p in range(n + s.virtual):
        assert all(0 <= s.counts[p][t] <= BOXES[t] for t in range(NUM_TYPES))
    for t in range(NUM_TYPES):
        assert s.used[t] == len(s.paid[t])
        for p in s.paid[t]:
            assert s.counts[p][t] == BOXES[t]  # only completers are paid
    if s.is_over():
        return
    cur = s.current
    held = len(s.blue[cur]) + len(s.yellow[cur])
    if s.phase in (rules.START, rules.KEEP):
        assert len(s.blue[cur]) == len(s.yellow[cur]) == 2
    else:
        assert held == 2  # second-building decision: the unused pair is left
    if n > 1:
        others = [len(s.blue[i]) + len(s.yellow[i]) for i in range(n) if i != cur]
        assert all(h == 2 for h in others)  # every other seat holds one pair


@pytest.mark.parametrize(("players", "options"), MODES, ids=str)
def test_invariants_hold_in_random_games(players: int, options: dict[str, Any]) -> None:
    for seed in range(6):
        random_playout("alhambra-rw", players, seed, options=options, on_state=check)
