"""The greedy bot: legal, deterministic, sees only its seat's view, beats random."""

from __future__ import annotations

from typing import Any

import pytest

import herna
import herna.games.envyra
from herna.ai.random_bot import RandomBot
from herna.core import State
from herna.games.envyra.bots import GreedyBot


def play(players: int, seed: int, greedy_seat: int, **options: Any) -> State:
    state = herna.make("envyra", players=players, seed=seed, **options)
    bots = [GreedyBot(seed=seed) if s == greedy_seat else RandomBot(seed=seed * 10 + s)
            for s in range(players)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_beats_random_in_at_least_90_percent(players: int) -> None:
    """A fixed set of 30 deals per player count, the greedy seat rotating."""
    games = 30
    share = 0.0
    for i in range(games):
        state = play(players, 500 + i, i % players)
        out = state.outcome()
        assert out is not None
        share += out.win_shares()[i % players]
    assert share / games >= 0.9


def test_greedy_with_options_plays_legal_games() -> None:
    for options in ({"simple": True}, {"equilibrium": "C", "end_tile": "K"}):
        for players in (2, 4):
            assert play(players, 3, 0, **options).is_over()


def test_greedy_is_deterministic_for_its_seed() -> None:
    a = play(3, 77, 1)
    b = play(3, 77, 1)
    assert a.record() == b.record()


class SpyState:
    """Wraps a state and records what the bot touched."""

    def __init__(self, state: State) -> None:
        self._state = state
        self.calls: list[str] = []

    def view(self, seat: int | None) -> dict[str, Any]:
        self.calls.append(f"view({seat})")
        return self._state.view(seat)

    def legal_actions(self, seat: int) -> list[Any]:
        self.calls.append(f"legal_actions({seat})")
        return self._state.legal_actions(seat)

    def __getattr__(self, name: str) -> Any:
        self.calls.append(name)
        return getattr(self._state, name)


def test_greedy_reads_only_its_own_view_and_legal_actions() -> None:
    state = herna.make("envyra", players=3, seed=4)
    bot = GreedyBot(seed=1)
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_act()[-1]
        spy = SpyState(state)
        action = bot.act(spy, seat)  # type: ignore[arg-type]
        assert set(spy.calls) <= {f"view({seat})", f"legal_actions({seat})"}
        state.apply(seat, action)


def test_greedy_choice_does_not_depend_on_hidden_marks() -> None:
    """Two states that differ only in another seat's secret mark get the same decision."""
    state = herna.make("envyra", players=3, seed=8)
    one, two = state.copy(), state.copy()
    legal = state.legal_actions(0)
    one.apply(0, legal[0])
    two.apply(0, legal[-1])
    assert str(GreedyBot(seed=3).act(one, 1)) == str(GreedyBot(seed=3).act(two, 1))


def test_greedy_takes_a_tile_it_wins_now() -> None:
    from herna.games.envyra import rules
    from herna.games.envyra.data import TILE_INDEX
    state = herna.make("envyra", players=2, seed=1)
    assert isinstance(state, herna.games.envyra.EnvyraState)
    state.grid[0] = TILE_INDEX["B07"]  # desert, 4 dice, 4 stars
    state.dice[0] = [0, 0, 1]
    rules.begin_round(state)
    action = GreedyBot(seed=0).act(state, 0)
    assert "a1" in str(action).split()
