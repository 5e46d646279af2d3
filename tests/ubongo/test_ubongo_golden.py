"""Golden records: complete seeded Ubongo games (2, 3 and 4 players, and the 18-round
2-player game) replayed move by move end with exactly the stored outcome. They are played on
a snapshot of the deck (golden/ubongo_deck.json), so they pin the rules, not the cards. A
failure means the rules changed; regenerate with make_ubongo_golden.py only if intended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import herna
from herna.games.ubongo import SPEC
from herna.games.ubongo.deck import Deck, default_deck
from herna.games.ubongo.state import UbongoState
from herna.testing import check_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("ubongo_*p_seed*.json"))
DECK = Deck.load(GOLDEN / "ubongo_deck.json")


def on_snapshot(players: int, seed: int, options: dict[str, Any]) -> UbongoState:
    """The game on the snapshot, whatever the record's pinned deck says."""
    return UbongoState(players, seed, {**SPEC.options, **options}, deck=DECK)


def test_golden_records_exist_for_two_three_and_four_players() -> None:
    players = sorted(herna.load_record(p)["players"] for p in RECORDS)
    assert players == [2, 2, 3, 4]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_replay_reproduces_the_stored_game(path: Path) -> None:
    """Same outcome and record, and a half replay is a prefix that plays on to the same end."""
    check_golden(path, make=on_snapshot)


def test_herna_replay_matches_when_the_shipped_deck_is_the_snapshot() -> None:
    """With the shipped deck unchanged since the snapshot, `herna.replay` is the same game."""
    if default_deck().to_json() != DECK.to_json():
        pytest.skip("the shipped deck was regenerated after the golden snapshot")
    for path in RECORDS:
        record = herna.load_record(path)
        assert herna.replay(record).record() == record
