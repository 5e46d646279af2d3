"""IS-MCTS on Alhambra Roll & Write alone: with one player it plays for points."""

from __future__ import annotations

import herna
from herna.ai import make_bot

GAME = "alhambra-rw"


def test_solo_search_plays_for_points() -> None:
    """One player always wins, so the search maximises the score instead: over a seeded
    solo game it should score at least as well as a random player."""
    scores = []
    for spec in ("mcts:iterations=60", "random"):
        s = herna.make(GAME, players=1, seed=12)
        bot = make_bot(spec, GAME, 3)
        while not s.is_over():
            s.apply(0, bot.act(s, 0))
        out = s.outcome()
        assert out is not None
        scores.append(out.scores[0])
    assert scores[0] > scores[1]
