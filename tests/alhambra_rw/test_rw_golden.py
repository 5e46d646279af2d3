"""Golden records: complete seeded games (1, 2, 3 and 5 players, and a solo challenge against
4 virtual players) replayed move by move must end with exactly the stored outcome. A failure
means the rules changed; regenerate with make_golden.py only if that change was intended."""

from __future__ import annotations

from pathlib import Path

import pytest

import herna
from herna.testing import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("alhambra_rw_*.json"))


def test_golden_records_exist_for_one_two_three_and_five_players() -> None:
    players = sorted(herna.load_record(p)["players"] for p in RECORDS)
    assert players == [1, 1, 2, 3, 5]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_game(path: Path) -> None:
    """Same outcome, the very same record file, and a half replay plays on to the same end."""
    check_golden(path)
