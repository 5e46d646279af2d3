"""The hard level's search helpers for Ubongo: the racing skill of the search bot is a
choice (equal solving speed for benchmarks), the root prior is the greedy's judgement, and
the playouts' inline pair value is the tie-break value."""

from __future__ import annotations

import pytest

import herna
from herna.ai import make_bot
from herna.core import Rng
from herna.games.ubongo import bots, rules
from herna.games.ubongo.data import GEMS_TAKEN, ROWS
from herna.games.ubongo.scoring import score_value
from herna.games.ubongo.state import UbongoState

GAME = "ubongo"


def _play(specs: list[object], seed: int) -> list[str]:
    s = herna.make(GAME, players=2, seed=seed)
    played = []
    while not s.is_over():
        for seat in s.to_act():
            bot = specs[seat]
            assert hasattr(bot, "act")
            a = bot.act(s, seat)
            s.apply(seat, a)
            played.append(str(a))
            if s.is_over():
                break
    return played


def test_skill_hard_plays_exactly_as_the_search_bot() -> None:
    options = {"iterations": 20, "top": 3, "bias": 1.0}
    a = _play([bots.SkillMctsBot(5, skill="hard", **options), bots.GreedyBot(6)], seed=3)
    b = _play([make_bot("mcts:iterations=20,top=3,bias=1.0", GAME, 5), bots.GreedyBot(6)],
              seed=3)
    assert a == b


def test_skill_medium_races_as_the_greedy_bot() -> None:
    s = herna.make(GAME, players=2, seed=8)
    assert isinstance(s, UbongoState)
    greedy = bots.GreedyBot(1)
    while s.phase != rules.RACE:
        seat = s.to_act()[0]
        s.apply(seat, greedy.act(s, seat))
    bot = bots.SkillMctsBot(11, skill="medium", iterations=5)
    expected = rules.model_submission(s, 0, Rng(11), "medium")
    assert bot.act(s, 0) == expected
    with pytest.raises(ValueError, match="skill"):
        bots.SkillMctsBot(1, skill="fast")


def test_root_prior_ranks_the_greedy_choice_first() -> None:
    s = herna.make(GAME, players=3, seed=2)
    assert isinstance(s, UbongoState)
    greedy = bots.GreedyBot(0)
    checked = 0
    while not s.is_over():
        for seat in s.to_act():
            legal = s.legal_actions(seat)
            if s.phase != rules.RACE and len(legal) > 1:
                values = bots.root_prior(s, seat, legal)
                choice = greedy.act(s, seat)
                assert values[legal.index(choice)] == max(values)
                checked += 1
            s.apply(seat, greedy.act(s, seat))
            if s.is_over():
                break
    assert checked > 5


def test_pair_value_is_the_tiebreak_value() -> None:
    s = herna.make(GAME, players=2, seed=4)
    assert isinstance(s, UbongoState)
    s.gems[0] = [3, 0, 5, 1, 0, 2]
    for field in range(ROWS):
        counts = list(s.gems[0])
        for c in s.rows[field][:GEMS_TAKEN]:
            counts[c] += 1
        assert bots._pair_value(s, 0, field) == score_value(counts)


def test_hard_level_searches_every_move_in_the_greedys_order() -> None:
    """Issue 21: the hard level's root holds every legal start field or move (top=0), not only
    the greedy's 3 favourites, ordered by the greedy's judgement and biased toward it; at 100
    iterations each of them is tried, and the level is deterministic for its seed."""
    name, options = bots.LEVELS["hard"]
    assert name == "mcts" and options["top"] == 0 and options["iterations"] == 200
    assert options["bias"] == 1.0
    s = herna.make(GAME, players=2, seed=5)
    assert isinstance(s, UbongoState)
    greedy = bots.GreedyBot(1)
    race = Rng(3)
    checked = 0
    while not s.is_over() and checked < 3:
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        if s.phase == rules.RACE:
            s.apply_unchecked(seat, rules.model_submission(s, seat, race, "medium"))
            continue
        if len(legal) > 3:
            bot = make_bot("hard", GAME, 7)
            assert isinstance(bot, bots.SkillMctsBot)
            table = bot.search(s, seat).tables[seat]
            assert sorted(table.order) == sorted(a.code for a in legal)
            assert table.order[0] == greedy.act(s, seat).code
            assert all(table.stats.get(a.code, [0])[0] >= 1 for a in legal)
            assert make_bot("hard", GAME, 7).act(s, seat) == make_bot("hard", GAME, 7).act(s, seat)
            checked += 1
        s.apply(seat, greedy.act(s, seat))
    assert checked == 3


@pytest.mark.parametrize("players,options", [
    (2, {}), (3, {"timer": 0}), (4, {"timer": 20}), (2, {"side": "hard", "all_cards": True}),
])
def test_the_fast_playout_plays_as_the_engine(players: int, options: dict[str, object]) -> None:
    """The search's own playout from a fresh round to the end draws the same numbers as the
    engine's playout with `rollout_policy` and the race sampler, and ends with every gem,
    figure and card where the engine leaves them (the search is the same, only cheaper)."""
    from dataclasses import replace

    from herna.ai.mcts import MctsBot, hooks_for

    slow = replace(hooks_for(GAME), sampled_action=bots.sampler("medium"), playout=None)
    fast = replace(slow, playout=bots.fast_playout("medium"))
    compared = 0
    for seed in range(6):
        s = herna.make(GAME, players=players, seed=seed, **options)
        greedy = bots.GreedyBot(seed)
        while not s.is_over():
            if s.phase == rules.RACE and all(a is None for a in s.submissions):
                me = s.round % players
                ends = []
                for hooks in (slow, fast):
                    d = s.determinize(me, Rng(seed))
                    bot = MctsBot(seed + 100)
                    value = bot._rollout(d, me, hooks)
                    ends.append((value, d.gems, d.figures, d.rows, d.pile, d.dealt,
                                 d.start_player, d.phase, d.round, bot.rng.random(),
                                 d.rng.random()))
                assert ends[0] == ends[1]
                compared += 1
            seat = s.to_act()[0]
            s.apply(seat, greedy.act(s, seat))
    assert compared >= 6 * 5
    # it takes over only at a fresh round: elsewhere the engine plays a step first
    s = herna.make(GAME, players=2, seed=1)
    assert s.phase == rules.START and not bots.playout(s, 0, Rng(1))
