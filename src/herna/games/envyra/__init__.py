"""Envyra (Rudy Priecinsky, RUDY3 Publishing) for 2-4 players: secret dice marks, majorities,
sets of symbols. Tile list, grid sizes, removals and Equilibrium cards are RECONSTRUCTION
(tables/, RULES.md)."""

from herna.core import GameSpec, register

from .actions import NUM_CODES
from .data import PLAYER_COUNTS
from .state import EnvyraState


def _new(players: int, seed: int | str | None, options: dict[str, object]) -> EnvyraState:
    return EnvyraState(players, seed, dict(options))


SPEC = register(GameSpec(
    id="envyra",
    name="Envyra",
    player_counts=PLAYER_COUNTS,
    factory=_new,
    options={"simple": False, "equilibrium": "", "end_tile": "standard"},
    option_help={
        "simple": "simplified variant: one die per player and round",
        "equilibrium": "Equilibrium expansion: A (2 public cards), B (1 secret card each), "
                       "C (both); empty: without",
        "end_tile": "end tile in the bag: standard or K (the alternative end tile)",
    },
    option_choices={"equilibrium": ("", "A", "B", "C"), "end_tile": ("standard", "K")},
    num_distinct_actions=NUM_CODES,
    simultaneous=True,
    hidden_information=True,
    chance=True,
    description="Mark tiles in secret, move dice in snake order, win majorities, "
                "collect sets of symbols.",
))

__all__ = ["SPEC", "EnvyraState"]

EnvyraState.spec = SPEC
