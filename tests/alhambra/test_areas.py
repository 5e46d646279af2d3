"""Alhambra's areas (the phone-first contract, issue 20 item 3): along random games of every
player count, in every phase and for every viewer, each area is a standalone SVG at most 360
units wide (or scrolling by data-min-width when an Alhambra outgrows it), with no text under
12 units and no lit part under 44; the areas come in the order a player needs them, and the
whole drawing (`svg`) is made of them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

import herna
from herna.core import State
from herna.games.alhambra import render
from herna.games.alhambra.data import BUILDING_TYPES, CURRENCIES
from herna.testing.web import positions, svg_parts

NS = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "cs", "sk")
NAMES = ["Ana", "Bartholomew the Builder of Very Long Walls", "Cyril", "Dana", "Eve", "Filip"]


def check_areas(view: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """Every rule of the contract for one view's areas; the areas for further checks."""
    players = len(view["seats"])
    areas = render.areas(view, lang, NAMES[:players])
    ids = [a["id"] for a in areas]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)
    element_ids: list[str] = []
    for area in areas:
        assert area["kind"] in ("shared", "seat", "info") and area["title"]
        if area["kind"] == "seat":
            assert area["summary"] and isinstance(area["seat"], int)
        root = ET.fromstring(area["svg"])
        assert root.tag == f"{NS}svg" and root.get("width") is None
        _, _, width, _ = (float(v) for v in (root.get("viewBox") or "").split())
        if width > render.AREA_WIDTH:
            assert float(root.get("data-min-width") or 0) == width, area["id"]
            # two columns of a desktop only when one would not hold it
            assert area.get("wide", False) is (width > render.WIDE_AREA)
        else:
            assert root.get("data-min-width") is None
        for el in root.iter():
            if el.get("id"):
                element_ids.append(str(el.get("id")))
            if el.tag == f"{NS}text":
                assert float(el.get("font-size") or 0) >= 12, (area["id"], el.text)
            if el.get("data-part") is not None:
                assert "part" in (el.get("class") or "").split()
                w, h = float(el.get("width") or 0), float(el.get("height") or 0)
                assert w >= render.PART_MIN and h >= render.PART_MIN, (el.get("data-part"), w, h)
            if el.get("class") == "tile" and el.get("data-id") is not None:
                assert float(el.get("width") or 0) >= 44  # cells never shrink
    assert len(element_ids) == len(set(element_ids)), "ids unique across all areas"
    check_order(view, areas)
    return areas


def check_order(view: dict[str, Any], areas: list[dict[str, Any]]) -> None:
    ids = [a["id"] for a in areas]
    me = view.get("seat")
    seat_ids = [f"seat-{s['seat']}" for s in view["seats"]]
    assert [i for i in ids if i.startswith("seat-")] == (
        seat_ids if me is None else [f"seat-{me}", *(i for i in seat_ids if i != f"seat-{me}")])
    assert ("dirk" in ids) == (view.get("dirk") is not None)
    assert ids[-1] == "legend"
    if view.get("outcome"):
        assert ids[0] == "outcome"
    elif me is not None and view["phase"] == "placement" and me in view["to_act"]:
        assert ids[0] == f"seat-{me}"  # I act on my own Alhambra first
    else:
        assert ids[0] == "market" and ids.index("market") < ids.index(seat_ids[0])


def joined_parts(areas: list[dict[str, Any]]) -> Counter[str]:
    total: Counter[str] = Counter()
    for area in areas:
        total += svg_parts(area["svg"])
    return total


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_areas_fit_a_phone_along_random_games(players: int) -> None:
    """Two random games per player count (hidden and open money), every third decision seen by
    the seat to act, another seat and a spectator in turn, the end by everyone."""
    phases: Counter[str] = Counter()
    wide = 0
    for game in range(2):
        seen = positions("alhambra", players, 500 * players + game,
                         {"open_money": bool(game)}, every=3)
        for k, state in enumerate(seen):
            viewers: list[int | None] = [state.to_act()[0]] if not state.is_over() else \
                [*range(players), None]
            if k % 5 == 0:
                viewers.append(None)
            for seat in viewers:
                view = state.view(seat)
                areas = check_areas(view, LANGS[k % 3])
                phases[view["phase"]] += 1
                wide += any("data-min-width" in a["svg"] for a in areas)
                # the whole drawing is made of the areas: the same parts, once each
                assert joined_parts(areas) == svg_parts(render.svg(view, LANGS[k % 3],
                                                                   NAMES[:players]))
    assert phases["action"] and phases["placement"] and phases["over"]
    if players <= 3:
        assert wide, "random play grows an Alhambra past 360 units"


def test_every_seat_area_tells_its_summary_in_three_languages() -> None:
    state = late_state(3)
    view = state.view(0)
    for lang, words in (("en", ("points", "cards", "buildings", "wall")),
                        ("cs", ("bod", "kar", "budov", "zeď")),
                        ("sk", ("bod", "kar", "budov", "múr"))):
        for area in render.areas(view, lang):
            if area["kind"] == "seat":
                seat = view["seats"][area["seat"]]
                assert area["summary"].startswith(str(seat["score"]))
                assert all(w in area["summary"] for w in words), (lang, area["summary"])


def late_state(players: int) -> State:
    """A position late in a seeded random game."""
    seen = positions("alhambra", players, 77, every=1)
    return seen[int(len(seen) * 0.85)]


def test_glyphs_symbols_and_walls() -> None:
    """Each building type its own glyph on every tile, each currency its own symbol and
    letter on every card; walls drawn thick with a light edge."""
    state = late_state(3)
    view = state.view(state.to_act()[0])
    root = ET.fromstring(render.svg(view).split("\n", 1)[1])
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "tile-group"]
    assert groups
    for g in groups:
        tile = next(e for e in g if e.get("class") == "tile")
        kind = tile.get("data-type")
        glyph = [e for e in g if e.get("class") in ("glyph", "fountain-mark")]
        assert glyph, kind
        if kind != "fountain":
            assert glyph[0].get("data-type") == kind
            assert glyph[0].get("d") == render.GLYPHS[str(kind)]
    assert len(set(render.GLYPHS.values())) == len(BUILDING_TYPES) == len(render.GLYPHS)
    assert len(set(render.MONEY_SYMBOLS.values())) == len(CURRENCIES)
    market = next(a["svg"] for a in render.areas(view) if a["id"] == "market")
    for currency in CURRENCIES:  # the legend and any card of that currency carry its symbol
        assert f'class="money-symbol" data-currency="{currency}"' in render.svg(view)
    # every card and every market space shows its currency's symbol
    assert market.count('class="money-symbol"') == \
        market.count('class="card"') + market.count('class="market-space"')
    walls = [e for e in root.iter(f"{NS}line") if e.get("class") == "wall"]
    assert walls and all(float(e.get("stroke-width") or 0) >= 6 for e in walls)


def test_the_status_counts_turns_as_turns_in_czech_and_slovak() -> None:
    """`turn` counts each player's turns: Czech and Slovak say tah/ťah, never kolo (round)."""
    state = herna.make("alhambra", players=3, seed=4)
    seat = state.to_act()[0]
    view = state.view(seat)
    status = {lang: [e for e in ET.fromstring(render.areas(view, lang)[0]["svg"]).iter()
                     if e.get("class") == "status"] for lang in LANGS}
    assert status["en"][0].text == f"Turn 1 · Seat {seat} (you) to act"
    assert status["cs"][0].text == f"Tah 1 · na tahu: Místo {seat} (vy)"
    assert status["sk"][0].text == f"Ťah 1 · na ťahu: Miesto {seat} (vy)"
    assert all("kol" not in (e.text or "").lower() for e in status["cs"] + status["sk"])


def texts_at(el: ET.Element, ox: float = 0.0) -> list[tuple[float, ET.Element]]:
    """Each text with its x in the area's own units (the drawing only translates groups)."""
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", "") or "")
    if m and el.tag == f"{NS}g":
        ox += float(m.group(1))
    out = [(ox + float(el.get("x") or 0), el)] if el.tag == f"{NS}text" else []
    for child in el:
        out += texts_at(child, ox)
    return out


def test_a_long_name_is_cut_to_its_area() -> None:
    """Names are players' own text: however long, a line of the drawing stays in its area."""
    state = late_state(2)
    for seat in (0, 1, None):
        for area in render.areas(state.view(seat), "en", ["W" * 80, "Ana " * 30]):
            root = ET.fromstring(area["svg"])
            width = float((root.get("viewBox") or "0 0 0 0").split()[2])
            for x, el in texts_at(root):
                size = float(el.get("font-size") or 0)
                text = el.text or ""
                anchor = el.get("text-anchor") or "start"
                left = x - {"start": 0, "middle": 0.5, "end": 1}[anchor] * \
                    render.text_width(text, size)
                assert left + 0.5 >= 0 and left + render.text_width(text, size) <= width + 1, \
                    (area["id"], text)
