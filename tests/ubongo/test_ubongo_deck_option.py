"""A game names its deck (the shipped one, or a generated file) and its record pins the deck's
digest, so a record never replays silently with other cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import herna
from herna.cli import app
from herna.games.ubongo.deck import Deck, default_deck
from herna.games.ubongo.generator import generate_deck
from herna.testing import check_game


def _finish(state: herna.State) -> herna.State:
    rng = herna.Rng(5)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def test_a_record_pins_the_shipped_deck_and_replays() -> None:
    state = _finish(herna.make("ubongo", players=2, seed=3))
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["deck"] == f"shipped@{default_deck().digest}"
    assert herna.replay(record).record() == record


def test_a_record_of_other_cards_is_refused_with_the_reason() -> None:
    record = herna.make("ubongo", players=2, seed=3).record()
    record["options"]["deck"] = "shipped@000000000000"
    with pytest.raises(herna.BadOption, match="played with deck 000000000000, but shipped is"):
        herna.replay(record)


def test_a_generated_deck_file_plays_and_is_pinned(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    small = generate_deck(seed=4, cards=6)
    small.save(path)
    state = _finish(herna.make("ubongo", players=2, seed=1, deck=str(path)))
    record = state.record()
    assert record["options"]["deck"] == f"{path}@{small.digest}"
    assert state.deck.digest == small.digest != default_deck().digest
    assert herna.replay(record).record() == record
    check_game("ubongo", 2, 1, options={"deck": str(path)})
    generate_deck(seed=5, cards=6).save(path)  # the file now holds other cards
    with pytest.raises(herna.BadOption, match=f"but {path} is deck"):
        herna.replay(record)


def test_a_bad_deck_is_one_red_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "herna-ubongo-deck", "cards": []}', encoding="utf-8")
    for path in (tmp_path / "missing.json", bad):
        result = CliRunner().invoke(app, ["play", "ubongo", "--deck", str(path)],
                                    env={"COLUMNS": "200"})
        assert result.exit_code == 2, result.output
        errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
        assert len(errors) == 1 and "cannot use the Ubongo deck" in errors[0]


def test_the_digest_depends_on_the_cards_only() -> None:
    deck = default_deck()
    again = Deck.from_json(json.loads(json.dumps(deck.to_json())))
    assert again.digest == deck.digest and len(deck.digest) == 12
