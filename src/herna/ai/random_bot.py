"""The baseline every other bot must beat: a uniform choice among the legal actions."""

from __future__ import annotations

from herna.core import Action, Rng, State

from .base import BotError


class RandomBot:
    """Uniform over `legal_actions(seat)`; seeded with `herna.Rng`, so games replay exactly."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise BotError(f"seat {seat} has no legal action to choose from")
        return self.rng.choice(legal)
