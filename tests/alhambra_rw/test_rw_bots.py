"""The greedy bot: legal, deterministic for its seed, and far stronger than random."""

from __future__ import annotations

import pytest

import herna
from herna.ai import play_game
from herna.ai.registry import make_bot
from herna.games.alhambra_rw.bots import GreedyBot

GAME = "alhambra-rw"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_greedy_beats_random_in_at_least_90_percent(players: int) -> None:
    games = 24
    share = 0.0
    for g in range(games):
        bots = ["random"] * players
        bots[g % players] = "greedy"
        result = play_game(GAME, players, bots, seed=1000 + g)
        share += result.win_shares[g % players]
    assert share / games >= 0.9


def test_greedy_scores_more_than_random_solo() -> None:
    greedy = [play_game(GAME, 1, ["greedy"], seed=g).scores[0] for g in range(15)]
    random = [play_game(GAME, 1, ["random"], seed=g).scores[0] for g in range(15)]
    assert sum(greedy) > sum(random) * 1.3


def test_greedy_is_found_by_name_and_is_deterministic() -> None:
    bot = make_bot("greedy", GAME, 3)
    assert isinstance(bot, GreedyBot)
    a = play_game(GAME, 3, ["greedy"] * 3, seed=5, record=True)
    b = play_game(GAME, 3, ["greedy"] * 3, seed=5, record=True)
    assert a.record == b.record


def test_greedy_plays_the_solo_challenges() -> None:
    for options in ({"virtual": 3}, {"virtual": 4, "vs_virtual": True}):
        state = herna.make(GAME, players=1, seed=2, **options)
        bot = GreedyBot(seed=1)
        while not state.is_over():
            state.apply(0, bot.act(state, 0))
        assert state.outcome() is not None
