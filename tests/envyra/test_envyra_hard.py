"""The hard level's search helpers: greedy-consistent, legal, calibrated, cheap."""

from __future__ import annotations

import time

import herna
import herna.games.envyra
from herna.ai import make_bot
from herna.ai.mcts import MctsBot
from herna.core import Rng, State
from herna.games.envyra import bots as B
from herna.games.envyra import rules
from herna.games.envyra.bots import GreedyBot
from herna.games.envyra.state import EnvyraState


def _positions(players: int, seed: int, every: int = 3) -> list[EnvyraState]:
    """Copies of positions along a greedy game."""
    s = herna.make("envyra", players=players, seed=seed)
    bots = [GreedyBot(seed=seed + i) for i in range(players)]
    out: list[EnvyraState] = []
    k = 0
    while not s.is_over():
        seat = s.to_act()[0]
        if k % every == 0:
            assert isinstance(s, EnvyraState)
            out.append(s.copy())
        s.apply(seat, bots[seat].act(s, seat))
        k += 1
    return out


def test_root_prior_is_the_greedy_judgement() -> None:
    """root_prior values highest what the greedy bot plays (the search refines the
    yardstick)."""
    for players in (2, 3):
        for s in _positions(players, 31)[:15]:
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            if len(legal) < 2:
                continue
            values = B.root_prior(s, seat, legal)
            played = str(GreedyBot(seed=1).act(s, seat))
            texts = [str(a) for a in legal]
            assert values[texts.index(played)] == max(values)


def test_fast_marking_matches_the_full_judgement() -> None:
    """The playout's marking (best tile, plus the second when it is worth a die) is the
    best of every legal marking by the same tile values."""
    for players in (2, 3):
        for s in _positions(players, 12, every=1):
            if s.phase != rules.MARKING:
                continue
            for seat in s.to_act():
                legal = s.legal_actions(seat)
                values = B.prior(s, seat, legal)
                fast = B._best_mark(s, seat, 0.0, None)
                assert fast in legal
                assert B.prior(s, seat, [fast])[0] == max(values)


def test_playouts_and_opponent_model_are_legal() -> None:
    rng = Rng(4)
    for players in (2, 3, 4):
        for s in _positions(players, 5, every=2)[:20]:
            for seat in s.to_act():
                legal = {str(a) for a in s.legal_actions(seat)}
                assert str(B.rollout_policy(s, seat, rng)) in legal
                assert B.sampled_action(s, seat, rng, seat) is None  # own moves: searched
                other = B.sampled_action(s, seat, rng, (seat + 1) % players)
                assert other is not None and str(other) in legal


def test_evaluate_is_a_calibrated_win_chance() -> None:
    for players in (2, 3):
        for s in _positions(players, 8)[:20]:
            values = B.evaluate(s)
            assert len(values) == players and abs(sum(values) - 1.0) < 1e-9
            points = [B._points(s, p) + B.EVAL_STAKE * x for p, x in enumerate(B._stakes(s))]
            leader = max(range(players), key=lambda p: points[p])
            assert values[leader] == max(values)


def test_hard_is_cheap_and_legal() -> None:
    """The hard level decides well inside its budget (generous: shared test machines)."""
    bot = make_bot("hard", "envyra", 3)
    assert isinstance(bot, MctsBot) and bot.time is None  # an iteration budget
    spent = []
    for s in _positions(2, 44, every=4)[:10]:
        seat = s.to_act()[0]
        state: State = s
        t = time.process_time()
        action = bot.act(state, seat)
        spent.append(time.process_time() - t)
        state.copy().apply(seat, action)
    assert max(spent) < 1.0
