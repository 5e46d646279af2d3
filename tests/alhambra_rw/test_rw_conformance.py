"""The conformance kit at every seat count and mode, including the solo options the shared
test (default options only) does not reach."""

from __future__ import annotations

from typing import Any

import pytest

from herna.core import State
from herna.testing import (
    check_codes_round_trip,
    check_copy_isolation,
    check_determinize,
    check_illegal_rejected,
    check_replay,
    random_playout,
)

GAME = "alhambra-rw"
MODES: list[tuple[int, dict[str, Any]]] = [
    (1, {}), (2, {}), (3, {}), (4, {}), (5, {}),
    (1, {"virtual": 2}), (1, {"virtual": 3}), (1, {"virtual": 4}),
    (1, {"vs_virtual": True}), (1, {"virtual": 3, "vs_virtual": True}),
    (1, {"virtual": 4, "vs_virtual": True}), (2, {"virtual": 1}),
]


def check_game_with(players: int, seed: int, options: dict[str, Any],
                    sample_every: int = 7) -> State:
    """herna.testing.check_game with table options."""
    counter = [0]

    def at(state: State) -> None:
        counter[0] += 1
        if counter[0] % sample_every:
            return
        check_codes_round_trip(state)
        check_illegal_rejected(state)
        check_copy_isolation(state, seed + counter[0])
        check_determinize(state, seed + counter[0])

    final = random_playout(GAME, players, seed, options=options, on_state=at)
    check_replay(final)
    check_illegal_rejected(final)
    return final


@pytest.mark.parametrize(("players", "options"), MODES, ids=lambda x: str(x))
def test_conformance_in_every_mode(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        final = check_game_with(players, seed, options)
        assert final.options == {"virtual": 0, "vs_virtual": False, **options}


@pytest.mark.parametrize(("players", "options"), MODES, ids=lambda x: str(x))
def test_random_playouts_in_every_mode(players: int, options: dict[str, Any]) -> None:
    for seed in range(200, 215):
        random_playout(GAME, players, seed, options=options)
