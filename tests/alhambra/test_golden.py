"""Golden records: complete seeded games (2, 3 and 5 players) replayed move by move must end
with exactly the stored outcome. A failure means the rules changed; regenerate the records
with make_golden.py only if that change was intended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import herna

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("alhambra_*.json"))


def test_golden_records_exist_for_two_three_and_five_players() -> None:
    """Two players (with Dirk), three and five players each have a record."""
    players = sorted(herna.load_record(p)["players"] for p in RECORDS)
    assert players == [2, 3, 5]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_outcome(path: Path) -> None:
    """Same seed, same actions: same scores, breakdown, scoring rounds and leftovers."""
    record = herna.load_record(path)
    state = herna.replay(record)
    assert state.is_over()
    out = state.outcome()
    assert out is not None
    stored: dict[str, Any] = record["outcome"]
    got = json.loads(json.dumps(out.to_dict()))
    assert got["scores"] == stored["scores"]
    assert got["breakdown"] == stored["breakdown"]
    assert [sum(b.values()) for b in got["breakdown"]] == got["scores"]
    assert got["details"] == stored["details"]
    assert got == stored


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_round_trips(path: Path, tmp_path: Path) -> None:
    """The replayed game writes back the very record it was built from."""
    record = herna.load_record(path)
    state = herna.replay(record)
    assert state.record() == record
    copy = tmp_path / path.name
    herna.save_record(state, copy)
    assert copy.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    assert herna.load_record(copy) == record


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_partial_replay_is_a_prefix_of_the_game(path: Path) -> None:
    """Replaying up to a move gives the game at that move, which then plays on to the end."""
    record = herna.load_record(path)
    half = len(record["actions"]) // 2
    state = herna.replay(record, upto=half)
    assert not state.is_over() and len(state.history) == half
    for seat, text in record["actions"][half:]:
        state.apply(seat, text)
    assert state.record() == record
