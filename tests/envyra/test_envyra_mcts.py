"""IS-MCTS on Envyra: sealed phase-I marks do not steer the search."""

from __future__ import annotations

import pytest

import herna
from herna.ai.mcts import MctsBot
from herna.games.envyra import bots

GAME = "envyra"


@pytest.mark.parametrize("model", [False, True])
def test_sealed_marks_do_not_steer_the_search(model: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Phase I is simultaneous: whatever seat 0 marked (sealed), seat 1's search is the same.
    At the open node, without the opponent model each acting seat keeps its own statistics
    (decoupled UCT); with it (the hard level's), the other seat's mark is drawn from the
    playout policy and only the searcher's own choice is searched."""
    monkeypatch.setattr(bots, "OPPONENT_MODEL", model)
    base = herna.make(GAME, players=2, seed=21)
    assert base.to_act() == (0, 1)
    root = MctsBot(seed=5, iterations=60, depth=4).search(base, 0)
    assert set(root.tables) == ({0} if model else {0, 1})
    picks = []
    stats = []
    for a in base.legal_actions(0)[:3]:
        s = base.copy()
        s.apply(0, a)
        bot = MctsBot(seed=5, iterations=60, depth=4)
        picks.append(str(bot.act(s, 1)))
        node = MctsBot(seed=5, iterations=60, depth=4).search(s, 1)
        stats.append(node.tables[1].stats)
    assert len(set(picks)) == 1
    assert stats[0] == stats[1] == stats[2]
