"""Seats' colours (issue 20, item 2: "seats are shown by name and colour everywhere"): the
payload gives each seat the colour its game draws it in (`seats[].colour`, from the game's
`render.seat_colours(view)`), the same for every seat, a spectator and every language, and
the drawing's token of that seat (`class="seat-token"`, `data-seat`) is filled with it. The
page's swatches take that colour (tests/web/test_friends.py checks them on screen)."""

from __future__ import annotations

import re
import types
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient
from serverkit import create, get

import herna
from herna.ai.registry import game_module
from herna.server import words

# each game at its most players: every seat's colour differs from the others'
MOST = {"alhambra": 6, "alhambra-rw": 5, "envyra": 4, "ubongo": 4}


def tokens_drawn(payload: dict[str, object]) -> dict[int, str]:
    """Seat -> the fill of its tokens in the payload's drawing (each token of a seat the
    same fill: asserted)."""
    found: dict[int, str] = {}
    for area in payload["areas"]:  # type: ignore[attr-defined]
        root = ET.fromstring(area["svg"])
        for node in root.iter():
            if node.get("class") != "seat-token":
                continue
            shape = node if node.tag.endswith(("circle", "rect")) else next(
                n for n in node.iter() if n.tag.endswith(("circle", "rect")))
            seat, fill = int(node.get("data-seat", "-1")), shape.get("fill", "")
            assert found.setdefault(seat, fill) == fill, (area["id"], seat, fill)
    return found


@pytest.mark.parametrize("game", list(MOST))
def test_every_seat_has_the_colour_it_is_drawn_in(sqlite_client: TestClient,
                                                  game: str) -> None:
    n = MOST[game]
    made = create(sqlite_client, game, ("human",) * n)
    tid, keys = made["id"], [s["token"] for s in made["seats"]]
    first = get(sqlite_client, tid, keys[0])
    colours = [s["colour"] for s in first["seats"]]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours), colours
    assert len(set(colours)) == n, colours  # no two seats alike
    render = game_module(game, "render")
    assert colours == render.seat_colours(first["view"])
    for key in [*keys, None]:
        for lang in ("en", "cs"):
            p = get(sqlite_client, tid, key, lang=lang)
            assert [s["colour"] for s in p["seats"]] == colours, (key, lang)
            # every seat's token is drawn, in the seat's colour
            assert tokens_drawn(p) == dict(enumerate(colours)), (key, lang)


def test_colours_stay_through_a_game() -> None:
    """A seat keeps its colour from the first move to the end (the view changes, not it)."""
    for game in MOST:
        state = herna.make(game, players=2, seed=5)
        render = game_module(game, "render")
        start = render.seat_colours(state.view(None))
        moves = 0
        while not state.is_over() and moves < 40:
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[-1])
            moves += 1
            assert render.seat_colours(state.view(seat)) == start, (game, moves)


def test_a_game_without_seat_colours_gives_none() -> None:
    """A game whose drawing gives its seats no colour (a toy game, a plain module) says so
    with None: the page then shows the name alone."""
    plain = types.SimpleNamespace()
    assert words.seat_colours(plain, {"seats": [{}, {}]}, 2) == [None, None]
    assert words.seat_colours(None, {}, 3) == [None, None, None]
    two = types.SimpleNamespace(seat_colours=lambda view: ["#111111", "#222222"])
    assert words.seat_colours(two, {}, 2) == ["#111111", "#222222"]
