"""Roll & Write's areas (the phone-first contract): every area of random positions over
every player count, virtual-player mode and phase fits a phone (viewBox <= 360 units, words
>= 12 units, lit parts such as the dice and the die-change buttons >= 44 units), my sheet
comes first, the score sheet holds the virtual players, and `svg` is the same drawing."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from tests.areakit import check_views

import herna
from herna.games.alhambra_rw import render
from herna.testing.web import positions

MODES: list[tuple[int, dict[str, Any]]] = [
    (1, {}), (1, {"virtual": 4, "vs_virtual": True}), (2, {}), (3, {}), (5, {})]
NAMES = ["Anastázie Dvořáková-Procházková", "Bot · hard", "Ben", "Dana", "Eva"]


@pytest.mark.parametrize(("players", "options"), MODES)
def test_every_area_fits_a_phone_in_every_phase(players: int,
                                                options: dict[str, Any]) -> None:
    phases: set[str] = set()
    checked = 0
    for k, state in enumerate(positions("alhambra-rw", players, 17 + players, options,
                                        every=3)):
        seen, n = check_views(render, state, k, NAMES)
        phases |= seen
        checked += n
    assert {"turn", "over"} <= phases and checked >= 10


def test_my_sheet_first_then_the_score_sheet_then_the_others() -> None:
    state = herna.make("alhambra-rw", players=4, seed=5)
    ids = [a["id"] for a in render.areas(state.view(2), "en")]
    assert ids == ["sheet-2", "scores", "sheet-3", "sheet-0", "sheet-1"]
    assert [a["id"] for a in render.areas(state.view(None), "en")] == [
        "scores", "sheet-0", "sheet-1", "sheet-2", "sheet-3"]
    over = positions("alhambra-rw", 2, 3, every=1000)[-1]
    assert over.is_over()
    areas = render.areas(over.view(1), "sk")
    assert [a["id"] for a in areas][:2] == ["outcome", "sheet-1"]
    # the virtual player is a column of the score sheet, by name
    assert "Virtuálny Dirk" in areas[2]["svg"]


def test_dice_are_dice_with_pips_and_the_buttons_are_big() -> None:
    state = herna.make("alhambra-rw", players=2, seed=3)
    seat = state.to_act()[0]
    view = state.view(seat)
    mine = ET.fromstring(render.areas(view, "en")[0]["svg"])
    dice = view["seats"][seat]["dice"]
    for colour in ("blue", "yellow"):
        for value in set(dice[colour]):
            part = mine.find(f".//{{*}}rect[@data-part='{colour}:{value}']")
            assert part is not None and float(part.get("width", 0)) >= 44
    tokens = [e for e in mine.iter() if e.get("class") == "seat-token"]
    assert [e.get("data-seat") for e in tokens] == [str(seat)]  # the sheet's seat, by colour
    # minus coins and the seat's token
    pips = len(list(mine.iter("{http://www.w3.org/2000/svg}circle"))) - 20 - len(tokens)
    assert pips == sum(dice["blue"]) + sum(dice["yellow"])
    steps = [e for e in mine.iter() if (e.get("data-part") or "").startswith("step:")]
    assert len(steps) == 10
    assert all(float(e.get("width", 0)) >= 44 and float(e.get("height", 0)) >= 44
               for e in steps)


def test_a_row_says_buildings_coins_and_lines_in_each_language() -> None:
    state = herna.make("alhambra-rw", players=3, seed=5)
    row = {a["id"]: a for a in render.areas(state.view(0), "cs")}["sheet-1"]
    assert row["summary"] == "3 budovy · 3 mince · řady 0 VB"
    row = {a["id"]: a for a in render.areas(state.view(0), "en")}["sheet-2"]
    assert row["summary"] == "3 buildings · 3 coins · lines 0 VP"


def test_the_data_note_is_not_drawn_on_the_table_only_under_the_cli_picture() -> None:
    view = herna.make("alhambra-rw", players=2, seed=1).view(0)
    assert all("Herna's own reading" not in a["svg"] for a in render.areas(view, "en"))
    assert "Herna's own reading" in render.svg(view, "en")


@pytest.mark.parametrize(("players", "options"),
                         [(3, {}), (1, {"virtual": 4, "vs_virtual": True})])
def test_score_sheet_and_final_scoring_head_each_seats_column_with_its_token(
        players: int, options: dict[str, Any]) -> None:
    """A seat's column (on the score sheet, and in the final scoring) is headed by its token
    in the colour the page's swatch shows (`seat_colours`) with its number counted from 1
    where the seats are named; a virtual player's column has none."""
    state = positions("alhambra-rw", players, 40 + players, options, every=1000)[-1]
    assert state.is_over()
    view = state.view(0)
    colours = render.seat_colours(view)
    for names, first in ((NAMES[:players], 1), (None, 0)):
        drawn = {a["id"]: a["svg"] for a in render.areas(view, "en", names=names)}
        for group in ("rw-score-sheet", "rw-outcome"):
            svg = next(s for s in drawn.values() if f'id="{group}"' in s)
            root = ET.fromstring(svg)
            ns = "{http://www.w3.org/2000/svg}"
            part = next(g for g in root.iter(f"{ns}g") if g.get("id") == group)
            tokens = [g for g in part.iter(f"{ns}g") if g.get("class") == "seat-token"]
            assert [int(t.get("data-seat", -1)) for t in tokens] == list(range(players))
            circles = [c for t in tokens for c in t.iter(f"{ns}circle")]
            numbers = [n.text for t in tokens for n in t.iter(f"{ns}text")]
            assert [c.get("fill") for c in circles] == colours
            assert numbers == [str(i + first) for i in range(players)]
