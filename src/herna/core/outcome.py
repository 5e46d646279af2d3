"""The result of a finished game: scores, ranking, and the score pad's breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    scores: tuple[float, ...]
    # per seat, points by category (what a score pad shows); the values add up to the score
    breakdown: tuple[dict[str, int], ...] = ()
    details: dict[str, Any] = field(default_factory=dict)  # anything else worth showing

    @property
    def ranks(self) -> tuple[int, ...]:
        """1 for the best; equal scores share a rank (standard competition ranking).

        A game whose rules break ties beyond the score (Envyra's set points, Ubongo's next
        colour count) gives `details["rank_keys"]`: per seat a sequence, the score first,
        compared lexicographically. Scores then stay what players call their score."""
        keys = self._keys()
        return tuple(1 + sum(1 for o in keys if o > k) for k in keys)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    def _keys(self) -> list[tuple[float, ...]]:
        given = self.details.get("rank_keys")
        if given is None:
            return [(s,) for s in self.scores]
        return [tuple(k) for k in given]

    def win_shares(self) -> tuple[float, ...]:
        """1 for a sole winner, split evenly among tied winners (ties share the win)."""
        w = self.winners
        return tuple((1.0 / len(w)) if i in w else 0.0 for i in range(len(self.scores)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
            "details": self.details,
        }

    @staticmethod
    def from_scores(scores: Sequence[float], breakdown: Sequence[dict[str, int]] = (),
                    **details: Any) -> Outcome:
        return Outcome(tuple(scores), tuple(breakdown), dict(details))
