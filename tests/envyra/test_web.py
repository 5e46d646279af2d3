"""Envyra in the browser: the parts of every legal action are drawn in the seat's SVG, and
applied actions read as words in every language (herna.testing.web)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import herna
import herna.games.envyra
from herna.core import State
from herna.games.envyra import render, web
from herna.testing.web import check_web, positions, svg_parts

VARIANTS: list[dict[str, Any]] = [{}, {"simple": True}, {"equilibrium": "C"},
                                  {"equilibrium": "A", "end_tile": "K"}]


def playout(players: int, seed: int, options: dict[str, Any], every: int = 3) -> list[State]:
    return positions("envyra", players, seed, options, every)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_web_along_random_games(players: int) -> None:
    checked = 0
    for g in range(7):
        options = VARIANTS[g % len(VARIANTS)]
        for state in playout(players, 100 * players + g, options, every=4):
            lang = ("en", "cs", "sk")[checked % 3]
            for seat in [*state.to_act(), None]:
                check_web(state, seat, lang)
                checked += 1
    assert checked > 100


def mark_state() -> State:
    return herna.make("envyra", players=3, seed=5)


def test_marking_parts_are_the_tiles() -> None:
    state = mark_state()
    legal = state.legal_actions(0)
    view = state.view(0)
    got = dict(zip((a.text() for a in legal), web.parts(view, legal), strict=True))
    assert got["mark b2"] == ["tile:b2"]
    assert got["mark a1 c3"] == ["tile:a1", "tile:c3"]
    drawn = svg_parts(render.svg(view, lang="en"))
    assert drawn == {f"tile:{c}{r}": 1 for c in "abcd" for r in "123"}
    # a spectator and a seat that has marked get nothing to click
    state.apply(0, "mark a1 c3")
    assert not svg_parts(render.svg(state.view(0)))
    assert not svg_parts(render.svg(state.view(None)))


def test_moving_parts_are_the_dice_on_the_board() -> None:
    state = mark_state()
    state.apply(0, "mark a1 c3")
    state.apply(1, "mark b1 b2")
    state.apply(2, "mark d3")
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    view = state.view(seat)
    assert seat == 0 and [a.text() for a in legal] == ["move a1", "move c3"]
    got = web.parts(view, legal)
    assert got == [[f"die:{a.text().split()[1]}"] for a in legal]
    drawn = svg_parts(render.svg(view))
    assert drawn == {name[0]: 1 for name in got}
    check_web(state, seat)


def test_own_marks_are_shown_only_to_their_seat() -> None:
    state = mark_state()
    state.apply(1, "mark b1 b2")
    mine = render.svg(state.view(1), lang="en")
    other = render.svg(state.view(0), lang="en")
    assert "you marked b1 b2" in mine
    assert "b1 b2" not in other


def test_the_drawing_is_stable_and_morphable() -> None:
    state = playout(3, 9, {"equilibrium": "C"})[-2]
    view = state.view(state.to_act()[0])
    doc = render.svg(view, lang="cs")
    assert doc == render.svg(view, lang="cs")
    root = ET.fromstring(doc)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert {"envyra-head", "envyra-grid", "envyra-seat-0", "envyra-seat-2"} <= set(ids)
    for e in root.iter():
        if e.get("data-part"):
            assert e.get("class") == "part" and e.get("fill") == "transparent" and e.get("id")
    # the language reaches the drawing
    assert ">Kolo " in doc and ">Round " not in doc
    over = playout(3, 9, {"equilibrium": "C"})[-1]
    assert over.is_over() and 'id="envyra-foot"' in render.svg(over.view(None))


@pytest.mark.parametrize(("text", "lang", "words"), [
    ("mark b2", "en", "marked the tile at b2"),
    ("mark c3 a1", "en", "marked the tiles at a1 and c3"),
    ("move b2", "en", "moved a die onto the tile at b2 first"),
    ("mark b2", "cs", "označil(a) dílek na místě b2"),
    ("mark a1 c3", "cs", "označil(a) dílky na místech a1 a c3"),
    ("move b2", "cs", "přesunul(a) nejdřív kostku na dílek na místě b2"),
    ("mark b2", "sk", "označil(a) dielik na mieste b2"),
    ("mark a1 c3", "sk", "označil(a) dieliky na miestach a1 a c3"),
    ("move b2", "sk", "premiestnil(a) najprv kocku na dielik na mieste b2"),
])
def test_describe(text: str, lang: str, words: str) -> None:
    assert web.describe(0, text, lang) == words


def test_render_speaks_the_language_asked() -> None:
    view = mark_state().view(0)
    assert re.search(r"fáze I", render.svg(view, lang="cs"))
    assert re.search(r"I\. fáza", render.svg(view, lang="sk"))
    assert "phase I" in render.svg(view, lang="en")


def test_two_dice_on_one_tile_draw_the_tile_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the tables allowed two dice on one tile (two_dice_same_tile), `mark b2 b2` needs
    tile:b2 twice: the drawing offers a second button on every tile."""
    from herna.games.envyra import rules
    monkeypatch.setattr(rules, "SAME_TILE", True)
    monkeypatch.setattr(render, "SAME_TILE", True)
    monkeypatch.setattr(rules, "_MARK_LISTS", {})  # legal lists are cached per rule
    state = mark_state()
    legal = state.legal_actions(0)
    assert any(a.text() == "mark b2 b2" for a in legal)
    result = check_web(state, 0)
    assert result["parts"][[a.text() for a in legal].index("mark b2 b2")] == ["tile:b2"] * 2
    assert svg_parts(result["svg"])["tile:b2"] == 2


# ----- the buttons ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "lang", "words"), [
    ("mark b2", "en", "Mark b2"),
    ("mark c3 a1", "en", "Mark a1 and c3"),
    ("move b2", "en", "Move a die onto b2 first"),
    ("mark b2", "cs", "Označit b2"),
    ("mark a1 c3", "cs", "Označit a1 a c3"),
    ("move b2", "cs", "Nejdřív přesunout kostku na b2"),
    ("mark b2", "sk", "Označiť b2"),
    ("mark a1 c3", "sk", "Označiť a1 a c3"),
    ("move b2", "sk", "Najprv premiestniť kocku na b2"),
])
def test_label(text: str, lang: str, words: str) -> None:
    assert web.label(0, text, lang) == words


def test_labels_are_instructions_not_notation_or_log_words() -> None:
    """Envyra has no plain buttons, but a mark of one tile that could take a second is
    confirmed by a button: every caption is neither the notation nor the log's words."""
    kinds: set[str] = set()
    for g, state in enumerate(playout(3, 41, {}, every=1)):
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                text, lang = action.text(), ("en", "cs", "sk")[g % 3]
                caption = web.label(seat, text, lang)
                assert caption != text and caption != web.describe(seat, text, lang), text
                assert caption[0].isupper(), caption
                kinds.add(f"{text.split()[0]}{len(text.split())}")
    assert kinds == {"mark2", "mark3", "move2"}


# ----- events: what followed a move, for the log ----------------------------------------
def test_events_along_a_random_game_keep_the_contract() -> None:
    from herna.testing.web import check_events

    seen = check_events("envyra", 3, 4)
    assert {"moved", "acquired", "refill", "vanished", "refused", "over"} <= set(seen)


@pytest.mark.parametrize(("event", "lang", "words"), [
    ({"event": "acquired", "by": "game", "seat": 1, "slot": "b2", "tile": "S01"}, "en",
     "takes the tile at b2: S01 (orange sun)"),
    ({"event": "acquired", "by": "game", "seat": 1, "slot": "b2", "tile": "S01"}, "cs",
     "získává dílek z místa b2: S01 (oranžové slunce)"),
    ({"event": "acquired", "by": "game", "seat": 1, "slot": "b2", "tile": "S05"}, "sk",
     "získava dielik z miesta b2: S05 (oranžové slnko)"),
    ({"event": "moved", "by": "seat", "seat": 0, "slot": "a1", "tile": "B20"}, "cs",
     "přesouvá kostku na dílek na místě a1: B20 (modrá kapka)"),
    ({"event": "refill", "by": "game", "slot": "c3", "tile": "B07"}, "sk",
     "dopĺňa miesto c3 dielikom z vrecka: B07 (oranžová púšť)"),
    ({"event": "recall", "by": "game", "seat": 2}, "cs",
     "bere zpět všech 5 kostek (v zásobě nezůstala žádná)"),
    ({"event": "recall", "by": "game", "seat": 2}, "en",
     "takes all 5 dice back (none was left in the supply)"),
])
def test_event_words(event: dict[str, Any], lang: str, words: str) -> None:
    assert web.event_words(event, lang, ["Ana", "Ben", "Cyril"]) == words


def test_the_moving_seats_own_die_is_its_line_not_an_event() -> None:
    """`move b2` says where the chosen die went; the events tell only what followed."""
    import random

    state = herna.make("envyra", players=3, seed=4)
    rng = random.Random(4)
    moves = 0
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        before = state.view(None)
        state = state.copy()
        state.apply(seat, action)
        told = web.events(before, state.view(None), seat, str(action))
        if str(action).startswith("move"):
            moves += 1
            own = {"seat": seat, "slot": str(action).split()[1]}
            assert not told or {k: told[0].get(k) for k in own} != own or \
                told[0]["event"] != "moved"
    assert moves
