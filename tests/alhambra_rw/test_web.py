"""Alhambra Roll & Write in the browser: every legal action can be clicked together from the
seat's drawing (herna.testing.web), on the seat's own sheet, and the move log speaks English,
Czech and Slovak."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import herna
from herna.core import Rng
from herna.games.alhambra_rw import render, web
from herna.games.alhambra_rw.state import RWState
from herna.testing.web import check_web, positions, svg_parts

GAME = "alhambra-rw"
LANGS = ("en", "cs", "sk")


def make(players: int = 3, seed: int = 0, **options: object) -> RWState:
    s = herna.make(GAME, players=players, seed=seed, **options)
    assert isinstance(s, RWState)
    return s


def parts_of(s: RWState, seat: int) -> dict[str, list[str]]:
    legal = s.legal_actions(seat)
    return {str(a): p for a, p in zip(legal, web.parts(s.view(seat), legal), strict=True)}


def sheet_of(svg: str, name: str) -> str:
    """The id of the sheet a part is drawn on."""
    root = ET.fromstring(svg.encode("utf-8"))
    for sheet in root.iter():
        if (sheet.get("id") or "").startswith("rw-sheet-") and any(
                el.get("data-part") == name for el in sheet.iter()):
            return str(sheet.get("id"))
    raise AssertionError(f"{name} is not drawn on a sheet")


# ----- the contract along random games --------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), [
    (1, {}), (1, {"virtual": 3}), (1, {"virtual": 4, "vs_virtual": True}),
    (2, {}), (3, {}), (4, {}), (5, {}),
])
def test_every_action_can_be_clicked_along_random_games(players: int,
                                                        options: dict[str, object]) -> None:
    """Three games per mode, every decision, in all three languages; the end too."""
    checked = 0
    for game in range(3):
        seen = positions("alhambra-rw", players, 100 * players + game, options, every=1)
        for state in seen[:-1]:
            check_web(state, state.to_act()[0], LANGS[checked % 3])
            checked += 1
        check_web(seen[-1], 0)
        check_web(seen[-1], None)
    assert checked > 30


def test_a_spectator_draws_no_parts_and_others_sheets_none() -> None:
    s = make(3, 4)
    assert svg_parts(render.svg(s.view(None))) == Counter()
    drawn = render.svg(s.view(1))
    assert {sheet_of(drawn, name) for name in svg_parts(drawn)} == {"rw-sheet-1"}


# ----- each kind of action ----------------------------------------------------------------------
def test_build_coins_and_adjust() -> None:
    s = make(3, 0)
    s.blue[0], s.yellow[0] = [3, 2], [5, 4]
    s.circled[0], s.crossed[0] = 5, 0
    s._legal = None
    parts = parts_of(s, 0)
    assert parts["build 3,5"] == ["cell:3,5"]
    assert parts["coins"] == []
    assert parts["adjust blue 3 +2"] == ["blue:3", "step:+2"]
    assert parts["adjust yellow 4 -1"] == ["yellow:4", "step:-1"]
    drawn = check_web(s, 0)["svg"]
    assert all(sheet_of(drawn, n) == "rw-sheet-0"
               for n in ("cell:3,5", "blue:3", "yellow:4", "step:+2", "step:-5"))


def test_second_building_and_keep() -> None:
    assert web.action_parts("second 2,4") == ["cell:2,4"]
    assert web.action_parts("end") == []
    assert web.action_parts("keep 3,5") == ["blue:3", "yellow:5"]
    s = make(3, 1)
    rng = Rng(5)
    seen = set()
    while not s.is_over() and seen != {"second", "keep"}:
        seat = s.to_act()[0]
        phase = s.view(seat)["phase"]
        if phase in ("second", "keep"):
            seen.add(phase)
            check_web(s, seat)
            for text, names in parts_of(s, seat).items():
                verb = text.split()[0]
                assert verb in ("second", "end", "keep")
                if verb == "keep":
                    b, y = text.split()[1].split(",")
                    assert names == [f"blue:{b}", f"yellow:{y}"]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])
    assert seen == {"second", "keep"}


def test_drawing_is_deterministic_with_unique_ids() -> None:
    s = make(4, 9)
    view = s.view(2)
    first = render.svg(view, lang="sk")
    assert render.svg(view, lang="sk") == first
    root = ET.fromstring(first.encode("utf-8"))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    for el in root.iter():
        if el.get("data-part") is not None:
            assert "part" in (el.get("class") or "").split() and el.get("fill")


# ----- the move log -----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "en", "cs", "sk"), [
    ("build 3,5", "built the tower at blue 3, yellow 5", "staví na modré 3, žluté 5: věž",
     "stavia na modrej 3, žltej 5: veža"),
    ("second 2,4", "built a second building, the tower at blue 2, yellow 4 (3 coins)",
     "staví druhou budovu na modré 2, žluté 4: věž (3 mince)",
     "stavia druhú budovu na modrej 2, žltej 4: veža (3 mince)"),
    ("coins", "took coins", "bere mince", "získava mince"),
    ("end", "built no second building", "nestaví druhou budovu", "nestavia druhú budovu"),
    ("keep 3,5", "kept blue 3 and yellow 5 and passed the other pair on",
     "nechává si modrou 3 a žlutou 5, druhou dvojici předává dál",
     "necháva si modrú 3 a žltú 5, druhú dvojicu podáva ďalej"),
    ("adjust blue 3 +2", "turned a blue die from 3 to 5 (2 coins)",
     "mění modrou kostku z 3 na 5 (2 mince)", "mení modrú kocku z 3 na 5 (2 mince)"),
    ("adjust yellow 6 -1", "turned a yellow die from 6 to 5 (1 coin)",
     "mění žlutou kostku z 6 na 5 (1 mince)", "mení žltú kocku z 6 na 5 (1 minca)"),
    ("adjust yellow 6 -5", "turned a yellow die from 6 to 1 (5 coins)",
     "mění žlutou kostku z 6 na 1 (5 mincí)", "mení žltú kocku z 6 na 1 (5 mincí)"),
])
def test_describe_in_three_languages(text: str, en: str, cs: str, sk: str) -> None:
    assert [web.describe(0, text, lang) for lang in LANGS] == [en, cs, sk]


# ----- the buttons ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "en", "cs", "sk"), [
    ("build 3,5", "Build the tower at blue 3, yellow 5", "Postavit na modré 3, žluté 5: věž",
     "Postaviť na modrej 3, žltej 5: veža"),
    ("second 2,4", "Build a second building at blue 2, yellow 4: the tower (3 coins)",
     "Postavit druhou budovu na modré 2, žluté 4: věž (3 mince)",
     "Postaviť druhú budovu na modrej 2, žltej 4: veža (3 mince)"),
    ("coins", "Take coins", "Vzít mince", "Získať mince"),
    ("end", "Skip the second building", "Nestavět druhou budovu", "Nestavať druhú budovu"),
    ("keep 3,5", "Keep blue 3 and yellow 5", "Nechat si modrou 3 a žlutou 5",
     "Nechať si modrú 3 a žltú 5"),
    ("adjust blue 3 +2", "Blue 3 → 5 (2 coins)", "Modrá 3 → 5 (2 mince)",
     "Modrá 3 → 5 (2 mince)"),
    ("adjust yellow 6 -1", "Yellow 6 → 5 (1 coin)", "Žlutá 6 → 5 (1 mince)",
     "Žltá 6 → 5 (1 minca)"),
    ("adjust yellow 6 -5", "Yellow 6 → 1 (5 coins)", "Žlutá 6 → 1 (5 mincí)",
     "Žltá 6 → 1 (5 mincí)"),
])
def test_label_in_three_languages(text: str, en: str, cs: str, sk: str) -> None:
    assert [web.label(0, text, lang) for lang in LANGS] == [en, cs, sk]


def test_labels_are_instructions_not_notation_or_log_words() -> None:
    """Along random games, every legal action's caption is neither its notation (what the page
    shows without one) nor the move log's words, and starts like a sentence; the plain
    buttons (coins, end) included."""
    plain: set[str] = set()
    checked = 0
    for game in range(3):
        state = make(2 + game, 700 + game)
        rng = Rng(game)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                text, lang = str(action), LANGS[checked % 3]
                caption = web.label(seat, text, lang)
                assert caption != text and caption != web.describe(seat, text, lang), text
                assert caption[0].isupper(), caption
                if not web.action_parts(text):
                    plain.add(text)
                checked += 1
            state.apply(seat, legal[rng.below(len(legal))])
    assert "coins" in plain
    for lang in LANGS:  # the second building's choice is rare in random play
        assert web.label(0, "end", lang) not in ("end", web.describe(0, "end", lang))


# ----- events: what followed a move, for the log ----------------------------------------
def test_events_along_a_random_game_keep_the_contract() -> None:
    from herna.testing.web import check_events

    seen = check_events("alhambra-rw", 1, 1, {"virtual": 3})
    assert {"fill", "complete"} <= set(seen)


@pytest.mark.parametrize(("event", "lang", "words"), [
    ({"event": "fill", "by": "virtual", "virtual": 0, "rolls": [[3, 3]], "type": "tower"},
     "en", "rolls 3,3 and crosses a box: tower"),
    ({"event": "fill", "by": "virtual", "virtual": 1, "rolls": [[1, 1], [2, 5]],
      "type": "garden"}, "cs",
     "hází 1,1 (ty typy už má plné: hází znovu), pak 2,5 a škrtá políčko: zahrada"),
    ({"event": "complete", "by": "virtual", "virtual": 2, "type": "tower", "places": [1],
      "share": 21, "shared": False}, "sk", "dokončuje typ veža: 1. miesto, 21 VB"),
    ({"event": "complete", "by": "game", "seat": 0, "type": "garden", "places": [2, 3],
      "share": 8, "shared": True}, "en",
     "completes garden in the same round as others: places 2 and 3 shared, 8 VP each"),
])
def test_event_words(event: dict[str, object], lang: str, words: str) -> None:
    assert web.event_words(event, lang, ["Ana"]) == words


def test_virtual_players_are_named_in_the_log() -> None:
    from herna.games.alhambra_rw.data import VIRTUAL_NAMES

    assert web.event_who({"event": "fill", "by": "virtual", "virtual": 0}, "cs") == \
        f"Virtuální {VIRTUAL_NAMES[0]}"
    assert web.event_who({"event": "complete", "by": "game", "seat": 0}, "cs") is None


@pytest.mark.parametrize(("players", "options"), [(1, {}), (1, {"vs_virtual": True,
                                                                "virtual": 4})])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_virtual_players_columns_can_be_told_apart(players: int, options: dict[str, object],
                                                   lang: str) -> None:
    """The score sheet's and the final table's column heads name each virtual player so
    that no two read alike ("Virtual D…" twice at 1366 px was): the whole name where it fits,
    else the name alone, cut only where the names still differ."""
    state = herna.make("alhambra-rw", players=players, seed=3, **options)
    names = [e["name"] for e in state.view(0)["sheet"] if e.get("virtual")]
    rng = Rng(5)
    drawings = {"sheet": render.svg(state.view(0), lang)}
    while not state.is_over():
        seat = rng.choice(list(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    drawings["outcome"] = render.svg(state.view(0), lang)
    if not options.get("vs_virtual"):  # they take places, but play for no win
        del drawings["outcome"]
    for where, svg in drawings.items():
        group = "rw-score-sheet" if where == "sheet" else "rw-outcome"
        root = ET.fromstring(svg)
        part = next(g for g in root.iter("{http://www.w3.org/2000/svg}g")
                    if g.get("id") == group)
        grey = [x for x in part.iter("{http://www.w3.org/2000/svg}text")
                if x.get("fill") == render.MUTED and x.get("text-anchor") == "middle"
                and "".join(x.itertext()).strip()]
        row = min(float(x.get("y", 0)) for x in grey)  # the heads come above the rows
        heads = ["".join(x.itertext()).removeprefix("★ ") for x in grey
                 if float(x.get("y", 0)) == row]
        assert len(heads) == len(names), (where, heads)
        assert len(set(heads)) == len(heads), (where, heads)
        for head, name in zip(heads, names, strict=True):
            assert name.startswith(head.rstrip("…")) or head.endswith(name), (where, head)
