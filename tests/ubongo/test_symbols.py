"""The rolled symbol is drawn as the die shows it, a picture, wherever the table shows the roll
(the board while the race runs, the racing seat's card), with its word as the picture's
accessible name: `aria-label` and `<title>`, never as a bare word in the drawing."""

from __future__ import annotations

import random
from xml.etree import ElementTree as ET

import pytest

import herna
from herna.games.ubongo import render
from herna.games.ubongo.deck import SYMBOLS
from herna.games.ubongo.i18n import symbol_name
from herna.games.ubongo.symbols import PICTURES, die_face, picture

SVG = "{http://www.w3.org/2000/svg}"


def racing(seed: int) -> herna.State:
    """A two-player game at the start of its first race."""
    state = herna.make("ubongo", players=2, seed=seed)
    rng = random.Random(seed)
    while state.view(0)["phase"] != "race":
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_every_symbol_of_the_die_has_its_own_picture() -> None:
    assert set(PICTURES) == set(SYMBOLS)
    drawn = [picture(s) for s in SYMBOLS]
    assert len(set(drawn)) == len(SYMBOLS) and all(drawn)
    for symbol in SYMBOLS:
        face = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">'
                             f'{die_face(symbol, 0, 0, 32, "x")}</svg>')
        assert len(list(face.iter(f"{SVG}path")) + list(face.iter(f"{SVG}ellipse"))) >= 2


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_the_roll_is_a_picture_named_by_its_word(lang: str) -> None:
    state = racing(3)
    view = state.view(0)
    rolled = view["symbol"]
    word = symbol_name(rolled, lang)
    areas = {a["id"]: a for a in render.areas(view, lang=lang)}
    for area in ("board", "seat-0"):  # the shared board, and my card while I race
        root = ET.fromstring(areas[area]["svg"])
        dice = [g for g in root.iter(f"{SVG}g") if g.get("class") == "ubongo-die"]
        assert len(dice) == 1, area
        die = dice[0]
        assert die.get("role") == "img" and die.get("aria-label") == word
        assert die.get("data-symbol") == rolled
        assert die.findtext(f"{SVG}title") == word
        texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
        assert not any(word in text for text in texts), (area, texts)  # a picture, not a word
    other = ET.fromstring(areas["seat-1"]["svg"])  # another seat's card: no roll drawn there
    assert not [g for g in other.iter(f"{SVG}g") if g.get("class") == "ubongo-die"]


def test_no_roll_is_drawn_before_the_race() -> None:
    view = herna.make("ubongo", players=2, seed=3).view(0)
    assert view["phase"] == "start"
    assert all("ubongo-die" not in a["svg"] for a in render.areas(view, lang="en"))
