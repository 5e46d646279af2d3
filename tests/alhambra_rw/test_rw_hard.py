"""The hard level's search helpers for Alhambra Roll & Write: the fast leaf scores agree with
the game's own final scoring, the leaf evaluation is a calibrated win chance, and the root
prior is the greedy bot's own judgement."""

from __future__ import annotations

import pytest

import herna
from herna.ai import make_bot
from herna.games.alhambra_rw import bots, rules
from herna.games.alhambra_rw.actions import RWAction
from herna.games.alhambra_rw.state import RWState

GAME = "alhambra-rw"


@pytest.mark.parametrize(("players", "options"), [
    (1, {}), (2, {}), (3, {}), (5, {}), (1, {"virtual": 3}),
    (1, {"virtual": 4, "vs_virtual": True}), (2, {"virtual": 1}),
])
def test_scores_now_match_final_scoring(players: int, options: dict[str, object]) -> None:
    for seed in range(3):
        try:
            s = herna.make(GAME, players=players, seed=seed, **options)
        except herna.BadOption:
            pytest.skip(f"{options} is not a mode at {players} players")
        assert isinstance(s, RWState)
        seat_bots = [make_bot("random" if seed else "greedy", GAME, seed + i)
                     for i in range(players)]
        while not s.is_over():
            assert bots.scores_now(s) == list(rules.final_scores(s).scores)
            seat = s.to_act()[0]
            s.apply_unchecked(seat, seat_bots[seat].act(s, seat))


def test_evaluate_is_a_win_chance_that_favours_the_leader() -> None:
    s = herna.make(GAME, players=3, seed=4)
    assert isinstance(s, RWState)
    greedy = [make_bot("greedy", GAME, i) for i in range(3)]
    while s.round < 9:
        seat = s.to_act()[0]
        s.apply(seat, greedy[seat].act(s, seat))
    values = bots.evaluate(s)
    assert sum(values) == pytest.approx(1.0)
    assert all(0.0 < v < 1.0 for v in values)
    leader = max(range(3), key=lambda p: bots.scores_now(s)[p] + bots.EVAL_COIN
                 * rules.balance(s, p) + (bots.EVAL_TURN if p >= s.current else 0.0))
    assert values.index(max(values)) == leader
    # the same lead is surer with fewer rounds left
    late = s.copy()
    late.round = late.rounds
    assert max(bots.evaluate(late)) > max(values)


def test_root_prior_ranks_the_greedy_choice_first() -> None:
    s = herna.make(GAME, players=2, seed=9)
    assert isinstance(s, RWState)
    greedy = bots.GreedyBot(0)
    checked = 0
    while not s.is_over() and checked < 30:
        seat = s.to_act()[0]
        legal = [a for a in s.legal_actions(seat) if isinstance(a, RWAction)]
        if len(legal) > 1:
            values = bots.root_prior(s, seat, list(legal))
            best = legal[max(range(len(legal)), key=values.__getitem__)]
            assert greedy.score(s, seat, best) == max(greedy.score(s, seat, a) for a in legal)
            checked += 1
        s.apply(seat, greedy.act(s, seat))
    assert checked == 30


def test_hard_level_is_a_cheap_search() -> None:
    name, options = bots.LEVELS["hard"]
    assert name == "mcts"
    iterations = options["iterations"]
    assert isinstance(iterations, int) and iterations <= 200  # the 1,000-game budget
    s = herna.make(GAME, players=2, seed=1)
    bot = make_bot("hard", GAME, 1)
    seat = s.to_act()[0]
    assert bot.act(s, seat) in s.legal_actions(seat)


def test_turn_start_marks_each_seat_turn_once_per_round() -> None:
    s = herna.make(GAME, players=2, seed=6)
    greedy = [make_bot("greedy", GAME, i) for i in range(2)]
    starts = [0, 0]
    while not s.is_over():
        for p in range(2):
            starts[p] += bots.turn_start(s, p)
        seat = s.to_act()[0]
        s.apply(seat, greedy[seat].act(s, seat))
    assert isinstance(s, RWState)
    assert starts[0] >= s.rounds and starts[1] >= s.rounds
    assert not bots.turn_start(s, 0) and not bots.turn_start(s, 1)
