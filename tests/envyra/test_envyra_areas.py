"""Envyra's areas (the phone-first contract): every area of random positions over every
player count, variant and phase fits a phone (viewBox <= 360 units, words >= 12 units, lit
parts >= 44 units), comes in the order a player needs, and `svg` is the same drawing."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from tests.areakit import check_views

import herna
from herna.games.envyra import render
from herna.testing.web import positions

VARIANTS: list[dict[str, Any]] = [{}, {"equilibrium": "C"}, {"simple": True},
                                  {"equilibrium": "A", "end_tile": "K"}]
NAMES = ["Anastázie Dvořáková-Procházková", "Bot · hard", "Ben", "Dana"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_area_fits_a_phone_in_every_phase(players: int) -> None:
    phases: set[str] = set()
    checked = 0
    for g, options in enumerate(VARIANTS):
        for k, state in enumerate(positions("envyra", players, 31 * players + g, options,
                                            every=5)):
            seen, n = check_views(render, state, k, NAMES)
            phases |= seen
            checked += n
    assert phases == {"mark", "move", "over"} and checked > 50


def test_the_order_is_the_grid_then_me_then_the_others() -> None:
    state = herna.make("envyra", players=4, seed=5)
    ids = [a["id"] for a in render.areas(state.view(2), "en")]
    assert ids == ["grid", "seat-2", "seat-3", "seat-0", "seat-1"]
    assert [a["id"] for a in render.areas(state.view(None), "en")] == [
        "grid", "seat-0", "seat-1", "seat-2", "seat-3"]
    over = positions("envyra", 3, 4, every=1000)[-1]
    assert over.is_over()
    areas = render.areas(over.view(1), "cs")
    assert [a["kind"] for a in areas][:2] == ["info", "shared"]
    assert areas[0]["title"] == "Konečné skóre"


def test_a_seat_row_says_points_tiles_and_supply_in_each_language() -> None:
    state = herna.make("envyra", players=3, seed=5)
    seats = {a["seat"]: a for a in render.areas(state.view(0), "cs") if a["kind"] == "seat"}
    assert seats[1]["summary"] == "0 bodů · 0 dílků · zásoba 5 · umisťuje..."
    one = {**state.view(0)}
    one["seats"] = [dict(s) for s in one["seats"]]
    one["seats"][1]["score"] = {**one["seats"][1]["score"], "total": 1}
    one["seats"][1]["tiles"] = ["S01", "S02"]
    row = next(a for a in render.areas(one, "sk") if a["id"] == "seat-1")
    assert row["summary"].startswith("1 bod · 2 dieliky · zásoba 5 · ")
    one["phase"] = "move"
    assert next(a for a in render.areas(one, "en") if a["id"] == "seat-1")["summary"] == (
        "1 point · 2 tiles · supply 5")


def test_dice_are_dice_with_their_owners_pips_and_themes_have_shapes() -> None:
    """Colour-blind players tell seats apart by the pips (seat 0 shows one, seat 3 four)
    and themes by their shape; every tile shows its symbol as a glyph."""
    state = positions("envyra", 4, 9, every=12)[3]
    view = state.view(None)
    grid = ET.fromstring(render.areas(view, "en")[0]["svg"])
    on_tiles = sum(len(s["dice"]) for s in view["grid"]["slots"])
    assert on_tiles > 0
    for seat in range(4):
        area = next(a for a in render.areas(view, "en") if a["id"] == f"seat-{seat}")
        head = ET.fromstring(area["svg"]).find(f".//{{*}}g[@id='envyra-seat-{seat}']")
        assert head is not None
        pips = list(head.iter("{http://www.w3.org/2000/svg}circle"))
        assert len(pips) >= seat + 1  # the seat's own die in its heading
    tiles = [s for s in view["grid"]["slots"] if s["tile"]]
    glyphs = [g for g in grid.iter("{http://www.w3.org/2000/svg}g")
              if (g.get("transform") or "").startswith("translate")]
    assert len(glyphs) == len(tiles)

