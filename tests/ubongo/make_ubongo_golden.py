"""Regenerate the golden Ubongo records in tests/ubongo/golden/.

    .venv/bin/python tests/ubongo/make_ubongo_golden.py            # records only
    .venv/bin/python tests/ubongo/make_ubongo_golden.py --new-deck # also re-snapshot the deck

Each record is a complete seeded game of uniformly random legal actions (chosen by a seeded
Rng), stored with its outcome. The records are played on a snapshot of the card deck
(golden/ubongo_deck.json), so regenerating the shipped deck does not break them: they pin
the RULES. Regenerate only after an intended rules change (and say so in the commit).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from herna.games.ubongo import SPEC
from herna.games.ubongo.deck import DECK_PATH, Deck
from herna.games.ubongo.state import UbongoState
from herna.testing import play_random, write_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
DECK = GOLDEN / "ubongo_deck.json"
# (players, game seed, chooser seed, options)
GAMES: list[tuple[int, int, int, dict[str, object]]] = [
    (2, 2005, 1, {}),
    (3, 17, 2, {"side": "hard"}),
    (4, 42, 3, {"timer": 30}),
    (2, 7, 4, {"all_cards": True}),
]


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    if "--new-deck" in sys.argv or not DECK.exists():
        DECK.write_text(DECK_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    deck = Deck.load(DECK)

    def on_snapshot(players: int, seed: int, options: dict[str, object]) -> UbongoState:
        pinned = {"deck": f"shipped@{deck.digest}"}  # as a game on the shipped deck records it
        return UbongoState(players, seed, {**SPEC.options, **pinned, **options}, deck=deck)

    for players, seed, chooser, options in GAMES:
        state = play_random("ubongo", players, seed, chooser, options, make=on_snapshot)
        print(write_golden(state, GOLDEN / f"ubongo_{players}p_seed{seed}.json"))
    json.loads(DECK.read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
