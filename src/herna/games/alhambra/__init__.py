"""Alhambra (Dirk Henn, Queen Games 2003) for 2-6 players."""

from herna.core import GameSpec, register

from .actions import NUM_CODES
from .state import AlhambraState


def _new(players: int, seed: int | str | None, options: dict[str, object]) -> AlhambraState:
    return AlhambraState(players, seed, dict(options))


SPEC = register(GameSpec(
    id="alhambra",
    name="Alhambra",
    player_counts=(2, 3, 4, 5, 6),
    factory=_new,
    options={"open_money": False},
    option_help={"open_money": "show every player's money cards (the rules hide them)"},
    num_distinct_actions=NUM_CODES,
    simultaneous=False,
    hidden_information=True,
    chance=True,
    description="Buy buildings with four currencies and build the finest Alhambra.",
))

__all__ = ["SPEC", "AlhambraState"]

AlhambraState.spec = SPEC
