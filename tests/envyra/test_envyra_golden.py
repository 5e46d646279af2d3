"""Golden records: complete seeded games (2, 3 and 4 players, with options) replayed move by
move must end with exactly the stored outcome. Regenerate with make_envyra_golden.py only
after an intended change."""

from __future__ import annotations

from pathlib import Path

import pytest

import herna
import herna.games.envyra
from herna.testing import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("envyra_*.json"))


def test_golden_records_exist_for_two_three_and_four_players() -> None:
    assert sorted(herna.load_record(p)["players"] for p in RECORDS) == [2, 3, 4]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_game(path: Path) -> None:
    """Same outcome, the very same record file, and a half replay plays on to the same end."""
    check_golden(path)
