"""The conformance kit every registered game must pass (run by tests/test_conformance.py).

Ship it with the package so a new game, or a game someone else writes, can be checked the
same way: `herna.testing.check_game("alhambra")`. Golden records (complete seeded games that pin
a game's rules) are made and checked with `play_random`, `write_golden` and `check_golden`.
"""

from .conformance import (
    ConformanceError,
    check_codes_round_trip,
    check_copy_isolation,
    check_determinize,
    check_game,
    check_illegal_rejected,
    check_replay,
    check_simultaneous_secrecy,
    random_playout,
)
from .golden import check_golden, play_random, write_golden
from .positions import last_decision

__all__ = [
    "ConformanceError", "check_codes_round_trip", "check_copy_isolation", "check_determinize",
    "check_game", "check_golden", "check_illegal_rejected", "check_replay",
    "check_simultaneous_secrecy", "last_decision", "play_random", "random_playout",
    "write_golden",
]
