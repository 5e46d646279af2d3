"""Outcome: ranks and winners from scores, or from rank keys where a game breaks ties."""

from __future__ import annotations

from herna.core import Outcome


def test_equal_scores_share_rank_and_win() -> None:
    out = Outcome.from_scores([10, 12, 12, 3])
    assert out.ranks == (3, 1, 1, 4)
    assert out.winners == (1, 2)
    assert out.win_shares() == (0.0, 0.5, 0.5, 0.0)


def test_rank_keys_break_ties_beyond_the_score() -> None:
    """Ubongo's seed example: A 6,4,2,2,2,2 and C 6,4,3,2,1,0 both score 6; C wins on the
    third count. Keys equal all the way share the place."""
    keys = [[6, 4, 2, 2, 2, 2], [5, 5, 0, 0, 0, 0], [6, 4, 3, 2, 1, 0], [6, 4, 2, 2, 2, 2]]
    out = Outcome.from_scores([6, 5, 6, 6], rank_keys=keys)
    assert out.ranks == (2, 4, 1, 2)
    assert out.winners == (2,)
    assert out.to_dict()["ranks"] == [2, 4, 1, 2]
