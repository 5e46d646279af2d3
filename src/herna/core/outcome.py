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
        """1 for the best; equal scores share a rank (standard competition ranking)."""
        return tuple(1 + sum(1 for o in self.scores if o > s) for s in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)

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
