"""Alhambra in the browser: every legal action can be clicked together from the seat's drawing
(herna.testing.web), the parts sit where a player looks for them, and the move log speaks
English, Czech and Slovak."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable

import pytest

import herna
from herna.core import Rng, State
from herna.games.alhambra import render, web
from herna.games.alhambra.actions import card
from herna.games.alhambra.data import CURRENCIES
from herna.testing.web import check_web, positions, svg_parts

LANGS = ("en", "cs", "sk")


def play_until(players: int, seed: int, found: Callable[[State, int], bool],
               **options: object) -> tuple[State, int]:
    """Random play (seeded) until `found(state, seat)` holds for the seat to act."""
    for attempt in range(20):
        state = herna.make("alhambra", players=players, seed=seed + attempt, **options)
        rng = Rng(seed + attempt)
        while not state.is_over():
            seat = state.to_act()[0]
            if found(state, seat):
                return state, seat
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    raise AssertionError("no such position")


def texts(state: State, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def where(svg: str) -> dict[str, list[str]]:
    """Each part name -> the ids of the groups it is drawn in (innermost first)."""
    root = ET.fromstring(svg.encode("utf-8"))
    parent = {child: el for el in root.iter() for child in el}
    out: dict[str, list[str]] = {}
    for el in root.iter():
        name = el.get("data-part")
        if name is None:
            continue
        ids, up = [], parent.get(el)
        while up is not None:
            if up.get("id"):
                ids.append(str(up.get("id")))
            up = parent.get(up)
        out.setdefault(name, []).extend(ids)
    return out


# ----- the contract along random games --------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_action_can_be_clicked_along_random_games(players: int) -> None:
    """Four games per player count (hidden and open money), about half the decisions each,
    in all three languages; the finished table too."""
    checked = 0
    for game in range(4):
        seen = positions("alhambra", players, 1000 * players + game,
                         {"open_money": bool(game % 2)}, every=2)
        for state in seen[:-1]:
            check_web(state, state.to_act()[0], LANGS[checked % 3])
            checked += 1
        check_web(seen[-1], 0)
        check_web(seen[-1], None)
    assert checked > 300


def test_a_spectator_and_other_seats_draw_no_parts() -> None:
    state, seat = play_until(3, 5, lambda s, seat: bool(s.view(seat)["seats"][seat]["reserve"]),
                             open_money=True)
    assert svg_parts(render.svg(state.view(None))) == Counter()
    places = where(render.svg(state.view(seat)))
    others = {f"alh-seat-{i}" for i in range(3) if i != seat}
    assert not any(others & set(ids) for ids in places.values())


# ----- each kind of action ----------------------------------------------------------------------
def test_take_names_display_cards_and_copies_count_twice() -> None:
    state = herna.make("alhambra", players=3, seed=1)
    seat = state.to_act()[0]
    g, y = CURRENCIES.index("dirham"), CURRENCIES.index("guilder")
    state.display[:] = sorted([card(g, 2), card(g, 2), card(y, 3), card(y, 8)])
    legal = texts(state, seat)
    parts = dict(zip(legal, web.parts(state.view(seat), state.legal_actions(seat)), strict=True))
    assert parts["take g2"] == ["display:g2"]
    assert sorted(parts["take g2 g2"]) == ["display:g2", "display:g2"]
    assert sorted(parts["take g2 y3"]) == ["display:g2", "display:y3"]
    assert parts["take y8"] == ["display:y8"]
    drawn = check_web(state, seat)["svg"]
    assert svg_parts(drawn)["display:g2"] == 2
    assert where(drawn)["display:y8"][0] == "alh-money-display"


def test_buy_names_the_space_and_the_cards_in_my_hand() -> None:
    assert web.action_parts("buy 2 g4 g3") == ["market:2", "hand:g4", "hand:g3"]
    state, seat = play_until(3, 11, lambda s, seat: any(t.startswith("buy") and len(t.split()) > 3
                                                       for t in texts(s, seat)))
    buy = next(t for t in texts(state, seat) if t.startswith("buy") and len(t.split()) > 3)
    space, *cards = buy.split()[1:]
    places = where(check_web(state, seat)["svg"])
    assert f"alh-market-{space}" in places[f"market:{space}"]
    for c in cards:
        assert f"alh-hand-{seat}" in places[f"hand:{c}"]


def test_place_and_reserve_and_dirk_in_the_placement_phase() -> None:
    assert web.action_parts("place 23 1,-2") == ["tile:23", "cell:1,-2"]
    assert web.action_parts("reserve 23") == ["tile:23", "reserve"]
    assert web.action_parts("dirk 23") == ["tile:23", "dirk"]
    state, seat = play_until(2, 3, lambda s, seat: s.view(seat)["phase"] == "placement"
                             and any(t.startswith("place") for t in texts(s, seat)))
    legal = texts(state, seat)
    tile = state.view(seat)["seats"][seat]["pending"][0]["id"]
    assert f"reserve {tile}" in legal and f"dirk {tile}" in legal
    places = where(check_web(state, seat)["svg"])
    assert f"alh-pending-{seat}" in places[f"tile:{tile}"]
    assert "alh-dirk" in places["dirk"]
    assert places["reserve"][0] == f"alh-seat-{seat}"
    place = next(t for t in legal if t.startswith("place"))
    assert f"alh-alhambra-{seat}" in places[f"cell:{place.split()[2]}"]


def test_redesign_moves_name_tiles_in_the_reserve_and_the_alhambra() -> None:
    assert web.action_parts("swap 12 33") == ["tile:12", "tile:33"]
    state, seat = play_until(3, 21, lambda s, seat: s.view(seat)["phase"] == "action" and any(
        t.startswith("swap") for t in texts(s, seat)))
    legal = texts(state, seat)
    places = where(check_web(state, seat)["svg"])
    reserve_tile, built_tile = next(t for t in legal if t.startswith("swap")).split()[1:]
    assert f"alh-reserve-{seat}" in places[f"tile:{reserve_tile}"]
    assert f"alh-alhambra-{seat}" in places[f"tile:{built_tile}"]


def test_end_and_pass_are_buttons() -> None:
    assert web.action_parts("end") == [] and web.action_parts("pass") == []


# ----- the drawing ------------------------------------------------------------------------------
def test_drawing_is_deterministic_with_or_without_caches() -> None:
    state, seat = play_until(4, 7, lambda s, seat: s.turn >= 30)
    view = state.view(seat)
    first = render.svg(view, lang="cs")
    render._tile_body.cache_clear()
    render._card.cache_clear()
    render._legend_parts.cache_clear()
    assert render.svg(view, lang="cs") == first
    root = ET.fromstring(first.encode("utf-8"))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), "ids must be unique"
    for el in root.iter():
        if el.get("data-part") is not None:
            assert "part" in (el.get("class") or "").split() and el.get("fill")


# ----- the move log -----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "en", "cs", "sk"), [
    ("take b7", "took blue 7 (denar)", "bere si modrý denár 7", "berie si modrý denár 7"),
    ("take g2 y3", "took green 2 (dirham) and yellow 3 (guilder)",
     "bere si zelený dirham 2 a žlutý gulden 3", "berie si zelený dirham 2 a žltý gulden 3"),
    ("buy 2 g4 g3", "bought from market space 2 with green 4 + green 3",
     "kupuje z pole 2 stavebního trhu, platí dirham 4 + dirham 3",
     "kupuje z poľa 2 stavebného trhu, platí dirham 4 + dirham 3"),
    ("place 23 1,-2", "placed tile 23 at 1,-2", "staví dlaždici 23 na 1,-2",
     "stavia dlaždicu 23 na 1,-2"),
    ("reserve 23", "put tile 23 on the reserve board", "dává dlaždici 23 na rezervní plochu",
     "odkladá dlaždicu 23 na rezervnú plochu"),
    ("swap 12 33", "swapped reserve tile 12 for tile 33 of the Alhambra",
     "vyměňuje dlaždici 12 z rezervy za dlaždici 33 v Alhambře",
     "vymieňa dlaždicu 12 z rezervy za dlaždicu 33 v Alhambre"),
    ("dirk 5", "gave tile 5 to Dirk", "dává dlaždici 5 Dirkovi", "dáva dlaždicu 5 Dirkovi"),
    ("end", "ended the turn", "končí kolo", "končí ťah"),
])
def test_describe_in_three_languages(text: str, en: str, cs: str, sk: str) -> None:
    assert [web.describe(0, text, lang) for lang in LANGS] == [en, cs, sk]


# ----- the buttons ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "en", "cs", "sk"), [
    ("take b7", "Take blue 7", "Vzít denár 7", "Vziať denár 7"),
    ("take g2 y3", "Take green 2 and yellow 3", "Vzít dirham 2 a gulden 3",
     "Vziať dirham 2 a gulden 3"),
    ("buy 2 g4 g3", "Buy from space 2 with green 4 + green 3",
     "Koupit z pole 2 za dirham 4 + dirham 3", "Kúpiť z poľa 2 za dirham 4 + dirham 3"),
    ("place 23 1,-2", "Place tile 23 at 1,-2", "Postavit dlaždici 23 na 1,-2",
     "Postaviť dlaždicu 23 na 1,-2"),
    ("reserve 23", "Put tile 23 in the reserve", "Dát dlaždici 23 na rezervní plochu",
     "Odložiť dlaždicu 23 na rezervnú plochu"),
    ("swap 12 33", "Swap reserve tile 12 for tile 33",
     "Vyměnit dlaždici 12 z rezervy za dlaždici 33",
     "Vymeniť dlaždicu 12 z rezervy za dlaždicu 33"),
    ("dirk 5", "Give tile 5 to Dirk", "Dát dlaždici 5 Dirkovi", "Dať dlaždicu 5 Dirkovi"),
    ("end", "End the turn", "Ukončit tah", "Ukončiť ťah"),
    ("pass", "Pass (no move is possible)", "Pasovat (žádný tah není možný)",
     "Pasovať (žiadny ťah nie je možný)"),
])
def test_label_in_three_languages(text: str, en: str, cs: str, sk: str) -> None:
    assert [web.label(0, text, lang) for lang in LANGS] == [en, cs, sk]


def test_labels_are_instructions_not_notation_or_log_words() -> None:
    """Along random games, every legal action's caption is neither its notation (what the page
    shows without one) nor the move log's words, and starts like a sentence; plain buttons
    (end, pass) included."""
    plain: set[str] = set()
    for game in range(3):
        state = herna.make("alhambra", players=2 + game, seed=300 + game)
        rng = Rng(game)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            lang = LANGS[state.turn % 3]
            for action in legal:
                text = str(action)
                caption = web.label(seat, text, lang)
                assert caption != text and caption != web.describe(seat, text, lang), text
                assert caption[0].isupper(), caption
                if not web.action_parts(text):
                    plain.add(text)
            state.apply(seat, legal[rng.below(len(legal))])
    assert "end" in plain
    for lang in LANGS:
        assert web.label(0, "pass", lang) not in ("pass", web.describe(0, "pass", lang))


def test_the_server_captions_by_label_and_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The payload's legal[].label: the game's label; a failing one gives the notation, a game
    without one the log's words."""
    from herna.server.words import caption

    assert caption("alhambra", 0, "end", "cs") == "Ukončit tah"

    def broken(seat: int, text: str, lang: str) -> str:
        raise KeyError(text)

    monkeypatch.setattr(web, "label", broken)
    caption.cache_clear()  # the server keeps captions: forget them around the patches
    assert caption("alhambra", 0, "end", "cs") == "end"
    monkeypatch.delattr(web, "label")
    caption.cache_clear()
    assert caption("alhambra", 0, "end", "cs") == "končí kolo"
    caption.cache_clear()


# ----- events: what followed a move, for the log ----------------------------------------
def test_events_along_a_random_game_keep_the_contract() -> None:
    from herna.testing.web import check_events

    seen = check_events("alhambra", 2, 4)
    assert {"market", "money", "exact", "scoring_card", "scoring", "scored", "dirk_tiles",
            "leftover"} <= set(seen)
    assert seen["scoring"] == 3  # two scoring cards and the final scoring


@pytest.mark.parametrize(("event", "lang", "words"), [
    ({"event": "market", "by": "game", "space": 2, "tile": 11, "type": "seraglio",
      "price": 6}, "en", "puts tile 11 (seraglio, price 6) from the bag on market space 2"),
    ({"event": "money", "by": "game", "cards": ["b8", "g3"]}, "cs",
     "vykládá peněžní karty: modrý denár 8 a zelený dirham 3"),
    ({"event": "scored", "by": "game", "seat": 0, "round": 1, "points": 13,
      "parts": {"tower": 6, "walls": 7}}, "en",
     "scores 13 points in scoring round 1: tower 6, walls 7"),
    ({"event": "scored", "by": "game", "seat": 0, "round": 2, "points": 2,
      "parts": {"walls": 2}}, "cs", "získává v 2. bodování 2 body: zeď 2"),
    ({"event": "scored", "by": "game", "seat": 1, "round": 1, "points": 0, "parts": {}},
     "sk", "v 1. bodovaní nezískava nič"),
    ({"event": "dirk_tiles", "by": "game", "dirk": True, "n": 6}, "cs",
     "dostává z pytlíku 6 dlaždic"),
    ({"event": "dirk_tiles", "by": "game", "dirk": True, "n": 3}, "sk",
     "dostáva z vrecka 3 dlaždice"),
    ({"event": "leftover", "by": "game", "seat": 1, "space": 3, "tile": 40, "amount": 12},
     "en", "gets tile 40 left on market space 3: the most ducat money (12)"),
    ({"event": "exact", "by": "game", "seat": 1}, "sk",
     "platí presne, a preto hrá ešte jednu akciu"),
])
def test_event_words(event: dict[str, object], lang: str, words: str) -> None:
    assert web.event_words(event, lang, ["Ana", "Ben"]) == words


def test_dirk_is_named_in_the_log() -> None:
    assert web.event_who({"event": "dirk_tiles", "dirk": True, "n": 2}, "cs") == "Dirk"
    assert web.event_who({"event": "exact", "seat": 0}, "cs") is None
