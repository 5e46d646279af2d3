"""Golden records: complete seeded games (2, 3 and 5 players) replayed move by move must end
with exactly the stored outcome. A failure means the rules changed; regenerate the records
with make_golden.py only if that change was intended."""

from __future__ import annotations

from pathlib import Path

import pytest

import herna
from herna.testing import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("alhambra_*.json"))


def test_golden_records_exist_for_two_three_and_five_players() -> None:
    """Two players (with Dirk), three and five players each have a record."""
    players = sorted(herna.load_record(p)["players"] for p in RECORDS)
    assert players == [2, 3, 5]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_game(path: Path) -> None:
    """Same seed, same actions: same scores, breakdown, scoring rounds and leftovers, the very
    same record file, and a game replayed halfway that plays on to the same end."""
    check_golden(path)
