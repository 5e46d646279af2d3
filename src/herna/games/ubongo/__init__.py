"""Ubongo (Grzegorz Rejchtman, KOSMOS 2003) for 2-4 players: the puzzle race for gems."""

from herna.core import GameSpec, register

from .actions import NUM_CODES
from .data import DEFAULT_TIMER
from .solver import count_solutions, solutions
from .state import UbongoState


def _new(players: int, seed: int | str | None, options: dict[str, object]) -> UbongoState:
    return UbongoState(players, seed, dict(options))


SPEC = register(GameSpec(
    id="ubongo",
    name="Ubongo",
    player_counts=(2, 3, 4),
    factory=_new,
    options={"side": "easy", "timer": DEFAULT_TIMER, "all_cards": False, "deck": ""},
    option_help={
        "side": "card side: easy (3 pieces per puzzle) or hard (4 pieces)",
        "timer": "seconds in the hourglass, turned once more when nobody finishes "
                 "(0: no hourglass, every solve counts in order of time)",
        "all_cards": "play all 36 cards: 18 rounds for 2 players, 12 for 3 (9 for 4, as "
                     "always) instead of 9",
        "deck": "a deck file from `herna ubongo generate` (default: the shipped deck); "
                "records pin the deck's digest",
    },
    option_choices={"side": ("easy", "hard")},
    file_options=("deck",),
    num_distinct_actions=NUM_CODES,
    simultaneous=True,
    hidden_information=True,
    chance=True,
    description="Race to cover your card with the rolled pieces, then take gems; most gems "
                "of one colour wins.",
))

__all__ = ["SPEC", "UbongoState", "count_solutions", "solutions"]

UbongoState.spec = SPEC
