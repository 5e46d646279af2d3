"""The conformance kit every registered game must pass (run by tests/test_conformance.py).

Ship it with the package so a new game, or a game someone else writes, can be checked the
same way: `herna.testing.check_game("alhambra")`.
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

__all__ = [
    "ConformanceError", "check_codes_round_trip", "check_copy_isolation", "check_determinize",
    "check_game", "check_illegal_rejected", "check_replay", "check_simultaneous_secrecy",
    "random_playout",
]
