"""Ubongo's areas (the phone-first table, docs/API.md "areas"): along random games of every
player count, every area of every seat's view fits a phone (viewBox width 360 or less),
draws no text under 12 units and no lit part under 44 units a side; the areas come in the
order the viewer needs them, and `svg` is built from the same drawings."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from herna.games.ubongo import render, web
from herna.testing.web import positions, svg_parts

NAMES = ["Ana", "Bot · hard", "Cecílie Nováková-Dvořáková", "Ďuro"]
ID = re.compile(r"[a-z0-9-]+")


def _root(doc: str) -> ET.Element:
    root = ET.fromstring(doc)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"  # standalone, with its namespace
    return root


def check_sizes(area: dict[str, Any]) -> None:
    """The contract's sizes, in SVG units of the area's own viewBox."""
    root = _root(area["svg"])
    _, _, w, h = (float(x) for x in root.get("viewBox", "").split())
    assert w <= 360 or float(root.get("data-min-width", 0)) == w, area["id"]
    assert h > 0 and root.get("width") is None and root.get("height") is None
    for e in root.iter():
        size = e.get("font-size")
        if size is not None:
            assert float(size) >= 12, (area["id"], e.text, size)
        if e.get("class") == "part":
            assert float(e.get("width", 0)) >= 44 and float(e.get("height", 0)) >= 44, \
                (area["id"], e.get("data-part"))
        for key in ("x", "width"):  # nothing drawn past the right edge
            if e.tag.endswith("rect") and e.get(key) is not None:
                assert float(e.get("x", 0)) + float(e.get("width", 0)) <= w + 0.01, \
                    (area["id"], e.attrib)


def check_order(view: dict[str, Any], got: list[str]) -> None:
    me, phase = view["seat"], view["phase"]
    seats = [f"seat-{s['seat']}" for s in view["seats"]]
    assert [k for k in got if k.startswith("seat-")] == \
        ([f"seat-{me}"] + [s for s in seats if s != f"seat-{me}"] if me is not None else seats)
    if phase == "over":
        assert got[0] == "end"
    elif phase == "race" and me is not None and view["seats"][me]["card"] is not None:
        assert got[0] == f"seat-{me}"  # the card I solve, then the rest
    else:  # the board I act on (start, gem step), or shared first for anyone waiting
        assert got[:2] == ["board", "gems"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_area_fits_a_phone_along_random_games(players: int) -> None:
    phases: Counter[str] = Counter()
    for g, options in enumerate([{}, {"side": "hard"}]):
        for k, state in enumerate(positions("ubongo", players, 100 * players + g, options,
                                            every=3)):
            lang = ("en", "cs", "sk")[k % 3]
            for seat in [*range(players), None]:
                view = state.view(seat)
                phases[view["phase"]] += 1
                got = render.areas(view, lang, NAMES[:players])
                ids = [a["id"] for a in got]
                assert len(ids) == len(set(ids)) and all(ID.fullmatch(i) for i in ids)
                check_order(view, ids)
                element_ids: list[str] = []
                for area in got:
                    assert area["kind"] in ("shared", "seat", "info") and area["title"]
                    assert ("seat" in area) == (area["kind"] == "seat")
                    if area["kind"] == "seat":
                        assert area["summary"] and area["seat"] == int(area["id"][5:])
                    check_sizes(area)
                    element_ids += [e.get("id", "") for e in _root(area["svg"]).iter()
                                    if e.get("id")]
                assert len(element_ids) == len(set(element_ids))  # unique across the areas
                # the whole drawing is the same areas: the same parts, the same ids
                whole = render.svg(view, lang, NAMES[:players])
                joined = "".join(a["svg"] for a in got)
                assert svg_parts(whole) == svg_parts(joined)
                assert set(element_ids) <= {e.get("id") for e in
                                            ET.fromstring(whole.split("\n", 1)[1]).iter()}
    assert {"start", "race", "gems", "over"} <= set(phases)


def test_the_tray_gives_each_slot_and_each_cell_its_place() -> None:
    """The page turns a tray piece in place: its slot (x, y, cell, size) and every cell's
    row and column in the orientation drawn are on the drawing."""
    state = next(s for s in positions("ubongo", 4, 9, {"side": "hard"}, every=1)
                 if s.view(None)["phase"] == "race" and 0 in s.to_act())
    view = state.view(0)
    card = next(a for a in render.areas(view, "en", NAMES) if a["id"] == "seat-0")
    root = _root(card["svg"])
    pieces = {p["letter"]: p for p in web.extra(view)["pieces"]}
    trays = [e for e in root.iter() if e.get("data-piece")]
    assert sorted(e.get("data-piece", "") for e in trays) == sorted(pieces)
    for tray in trays:
        letter = tray.get("data-piece", "")
        unit, size, slot = (float(tray.get(k, 0)) for k in ("data-cell", "data-size",
                                                             "data-slot"))
        assert unit >= 20 and slot >= max(48, size * unit)
        cells = sorted((int(e.get("data-r", -1)), int(e.get("data-c", -1)))
                       for e in tray.iter() if e.get("data-r") is not None)
        assert cells == sorted(tuple(c) for c in pieces[letter]["orientations"][0])
        assert any(e.tag.endswith("path") for e in tray.iter())  # the piece's edge
        assert any((e.text or "") == f"{letter}0" for e in tray.iter())


def test_laid_pieces_have_their_edges_and_letters() -> None:
    """After a race the cards show the solutions: each piece outlined, each cell lettered."""
    state = next(s for s in positions("ubongo", 2, 4, {}, every=1)
                 if s.view(None)["phase"] == "gems"
                 and any(s.view(None)["last_round"]["solutions"]))
    view = state.view(None)
    solved = [i for i, sol in enumerate(view["last_round"]["solutions"]) if sol]
    for area in render.areas(view, "en", NAMES[:2]):
        if area["kind"] != "seat" or area["seat"] not in solved:
            continue
        root = _root(area["svg"])
        paths = [e for e in root.iter() if e.tag.endswith("path")]
        sol = view["last_round"]["solutions"][area["seat"]]
        assert len(paths) == len(sol)
        letters = Counter(e.text for e in root.iter() if e.tag.endswith("text")
                          and e.get("fill") == "#ffffff")
        assert sum(letters[p[0]] for p in sol) == \
            sum(len(web.piece_geometry(p[0])["orientations"][p[1]]) for p in sol)


def test_seat_summaries_say_gems_and_race_in_words() -> None:
    state = next(s for s in positions("ubongo", 3, 5, {}, every=1)
                 if s.view(None)["phase"] == "race")
    got = {a["id"]: a for a in render.areas(state.view(1), "cs", NAMES[:3])}
    assert got["seat-1"]["title"] == "Vaše karta"
    assert got["seat-0"]["title"] == "Ana"
    assert got["seat-0"]["summary"].startswith("0 drahokamů") and "skládá" in \
        got["seat-0"]["summary"]
    en = {a["id"]: a for a in render.areas(state.view(None), "en", NAMES[:3])}
    assert en["seat-2"]["title"] == NAMES[2] and "0 gems" in en["seat-2"]["summary"]
