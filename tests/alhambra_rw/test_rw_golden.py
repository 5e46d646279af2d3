"""Golden records: complete seeded games (1, 2, 3 and 5 players, and a solo challenge against
4 virtual players) replayed move by move must end with exactly the stored outcome. A failure
means the rules changed; regenerate with make_golden.py only if that change was intended."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import herna

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("alhambra_rw_*.json"))


def test_golden_records_exist_for_one_two_three_and_five_players() -> None:
    players = sorted(herna.load_record(p)["players"] for p in RECORDS)
    assert players == [1, 1, 2, 3, 5]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_outcome(path: Path) -> None:
    record = herna.load_record(path)
    state = herna.replay(record)
    assert state.is_over()
    out = state.outcome()
    assert out is not None
    assert json.loads(json.dumps(out.to_dict())) == record["outcome"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_round_trips(path: Path, tmp_path: Path) -> None:
    record = herna.load_record(path)
    state = herna.replay(record)
    copy = tmp_path / path.name
    herna.save_record(state, copy)
    assert copy.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_partial_replay_plays_on_to_the_same_end(path: Path) -> None:
    record = herna.load_record(path)
    half = len(record["actions"]) // 2
    state = herna.replay(record, upto=half)
    assert not state.is_over()
    for seat, text in record["actions"][half:]:
        state.apply(seat, text)
    assert state.record() == record
