"""Golden records: complete seeded games (2, 3 and 4 players, with options) replayed move by
move must end with exactly the stored outcome. Regenerate with make_envyra_golden.py only
after an intended change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import herna
import herna.games.envyra

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("envyra_*.json"))


def test_golden_records_exist_for_two_three_and_four_players() -> None:
    assert sorted(herna.load_record(p)["players"] for p in RECORDS) == [2, 3, 4]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_outcome(path: Path) -> None:
    record = herna.load_record(path)
    state = herna.replay(record)
    assert state.is_over()
    out = state.outcome()
    assert out is not None
    got = json.loads(json.dumps(out.to_dict()))
    assert got == record["outcome"]
    assert [sum(b.values()) for b in got["breakdown"]] == got["scores"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_round_trips(path: Path, tmp_path: Path) -> None:
    record = herna.load_record(path)
    state = herna.replay(record)
    copy = tmp_path / path.name
    herna.save_record(state, copy)
    assert copy.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_partial_replay_plays_on(path: Path) -> None:
    record = herna.load_record(path)
    half = len(record["actions"]) // 2
    state = herna.replay(record, upto=half)
    assert not state.is_over() and len(state.history) == half
