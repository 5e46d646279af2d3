"""Alhambra Roll & Write (Dirk Henn, Queen Games 2020) for 1-5 players."""

from herna.core import GameSpec, register

from .actions import NUM_CODES
from .state import RWState


def _new(players: int, seed: int | str | None, options: dict[str, object]) -> RWState:
    return RWState(players, seed, dict(options))


SPEC = register(GameSpec(
    id="alhambra-rw",
    name="Alhambra Roll & Write",
    player_counts=(1, 2, 3, 4, 5),
    factory=_new,
    options={"virtual": 0, "vs_virtual": False},
    option_help={
        "virtual": "virtual players (0: the rules' default, 2 with 1 player and 1 with 2; "
                   "solo challenges: 3 or 4 with 1 player)",
        "vs_virtual": "solo: play against the virtual players, who score their buildings "
                      "plus a bonus of 21/18/15 VP (2/3/4 virtual players)",
    },
    option_choices={"virtual": (0, 1, 2, 3, 4)},
    num_distinct_actions=NUM_CODES,
    simultaneous=False,
    hidden_information=False,
    chance=True,
    description="Roll two blue and two yellow dice, build where they meet, race for the "
                "majorities and complete rows and columns.",
))

__all__ = ["SPEC", "RWState"]

RWState.spec = SPEC
