"""Golden records: complete seeded Ubongo games (2, 3 and 4 players, and the 18-round
2-player game) replayed move by move end with exactly the stored outcome. They are played on
a snapshot of the deck (golden/ubongo_deck.json), so they pin the rules, not the cards. A
failure means the rules changed; regenerate with make_ubongo_golden.py only if intended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import herna
from herna.games.ubongo import SPEC
from herna.games.ubongo.deck import Deck, default_deck
from herna.games.ubongo.state import UbongoState

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("ubongo_*p_seed*.json"))
DECK = Deck.load(GOLDEN / "ubongo_deck.json")


def replay(record: dict[str, Any], upto: int | None = None) -> UbongoState:
    s = UbongoState(record["players"], record["seed"], {**SPEC.options, **record["options"]},
                    deck=DECK)  # the snapshot, whatever the record's pinned deck says
    for seat, text in record["actions"][:upto]:
        s.apply(seat, text)
    return s


def test_golden_records_exist_for_two_three_and_four_players() -> None:
    players = sorted(herna.load_record(p)["players"] for p in RECORDS)
    assert players == [2, 2, 3, 4]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_outcome(path: Path) -> None:
    record = herna.load_record(path)
    state = replay(record)
    assert state.is_over()
    out = state.outcome()
    assert out is not None
    got = json.loads(json.dumps(out.to_dict()))
    assert got == record["outcome"]
    assert [sum(b.values()) for b in got["breakdown"]] == got["scores"]
    assert state.record() == record


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_partial_replay_is_a_prefix_of_the_game(path: Path) -> None:
    record = herna.load_record(path)
    half = len(record["actions"]) // 2
    state = replay(record, upto=half)
    assert not state.is_over() and len(state.history) == half
    for seat, text in record["actions"][half:]:
        state.apply(seat, text)
    assert state.record() == record


def test_herna_replay_matches_when_the_shipped_deck_is_the_snapshot() -> None:
    """With the shipped deck unchanged since the snapshot, `herna.replay` is the same game."""
    if default_deck().to_json() != DECK.to_json():
        pytest.skip("the shipped deck was regenerated after the golden snapshot")
    for path in RECORDS:
        record = herna.load_record(path)
        assert herna.replay(record).record() == record
