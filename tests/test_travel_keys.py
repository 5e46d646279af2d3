"""The drawings' things that travel (docs/API.md, `data-key`): each game's areas mark the
things that move with a key unique in the whole payload, and the same thing keeps its key
from one drawing to the next, so the page can show it travel (web/static/travel.js). Checked
along random games of the four titles, in several phases, for every seat and a spectator."""

from __future__ import annotations

import importlib
import itertools
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from tests.areakit import key_problems, keys_of

from herna.testing.web import positions

NS = "{http://www.w3.org/2000/svg}"


def render_of(game: str) -> Any:
    return importlib.import_module(f"herna.games.{game.replace('-', '_')}.render")


def drawings(game: str, players: int, seed: int, every: int = 4,
             options: dict[str, Any] | None = None) -> list[tuple[dict[str, Any], list[Any]]]:
    """(view, areas) of a random game's positions, for every seat and a spectator."""
    render = render_of(game)
    out = []
    for k, state in enumerate(positions(game, players, seed, options, every=every)):
        for seat in (None, *range(players)):
            view = state.view(seat)
            out.append((view, render.areas(view, ("en", "cs", "sk")[k % 3])))
    return out


def kinds(areas: list[Any], prefix: str) -> Counter[str]:
    return Counter(el.get("data-kind") for key, el in keys_of(areas).items()
                   if key.startswith(prefix))


@pytest.mark.parametrize(("game", "players"), [("alhambra", 2), ("alhambra", 4),
                                               ("alhambra-rw", 1), ("alhambra-rw", 3),
                                               ("envyra", 2), ("envyra", 4), ("ubongo", 2),
                                               ("ubongo", 4)])
def test_keys_are_one_word_and_unique_across_the_areas(game: str, players: int) -> None:
    phases = set()
    for view, areas in drawings(game, players, 7 + players):
        phases.add(view.get("phase"))
        assert key_problems(areas) == [], (game, view.get("phase"), view.get("seat"))
        assert keys_of(areas), "a drawing with nothing that travels"
    assert len(phases) >= 2, phases


def test_alhambra_tiles_and_money_cards_are_keyed() -> None:
    for view, areas in drawings("alhambra", 3, 5, every=3):
        keys = keys_of(areas)
        for area in areas:
            for el in ET.fromstring(area["svg"]).iter(f"{NS}g"):
                if "tile-group" in (el.get("class") or "") and el.get("id", "").startswith(
                        "alh-tile-"):  # a building tile, wherever it lies: its own id
                    assert el.get("data-key") == f"tile-{el.get('data-id')}"
        # every money card on the display and in a hand this view shows is one keyed card
        shown = len(view["money_display"]) + sum(len(s["hand"]) for s in view["seats"]
                                                 if s.get("hand") is not None)
        cards = [el for key, el in keys.items() if key.startswith("card-")]
        assert len(cards) == shown
        assert all(el.get("data-kind") == "card-" + el.get("data-key", "").split("-")[2]
                   for el in cards)
        market = [s["tile"]["id"] for s in view["market"] if s.get("tile")]
        assert all(keys[f"tile-{t}"].get("data-from") == "alh-supply" for t in market)


def test_alhambra_a_bought_tile_keeps_its_key_from_the_market_to_the_seat() -> None:
    states = positions("alhambra", 2, 3, every=1)
    render = render_of("alhambra")
    travelled = 0
    for before, after in itertools.pairwise(states):
        was = {s["tile"]["id"] for s in before.view(0)["market"] if s.get("tile")}
        now = {s["tile"]["id"] for s in after.view(0)["market"] if s.get("tile")}
        view = after.view(0)
        keys = keys_of(render.areas(view, "en"))
        held = {t["id"] for s in view["seats"] for t in (*s.get("pending", []), *s["reserve"])}
        held |= {c["tile"]["id"] for s in view["seats"] for c in s["alhambra"]}
        for tile in (was - now) & held:  # bought: drawn in a seat's area under the same key
            assert f"tile-{tile}" in keys
            travelled += 1
    assert travelled >= 10


def test_roll_and_write_dice_are_keyed_on_every_sheet() -> None:
    for view, areas in drawings("alhambra-rw", 2, 11, every=2):
        held = Counter()
        for s in view["seats"]:
            for colour in ("blue", "yellow"):
                held[f"die-{colour}"] += len(s["dice"][colour])
        assert kinds(areas, "die-") == held


def test_envyra_every_die_is_keyed_where_it_lies() -> None:
    """A seat's dice are all drawn somewhere, each keyed (its supply, its marks, the tiles):
    a die that moves leaves one key of its kind and comes to another."""
    checked = 0
    for players in (2, 3, 4):
        for view, areas in drawings("envyra", players, 20 + players, every=2):
            if view["phase"] == "over":
                continue
            dice = view.get("dice_per_player", 5)
            assert kinds(areas, "die-") == {f"die-{p}": dice for p in range(players)}
            tiles = {sl["tile"]["id"] for sl in view["grid"]["slots"] if sl["tile"]}
            keys = keys_of(areas)
            assert all(keys[f"tile-{t}"].get("data-from") == "envyra-head" for t in tiles)
            for seat in view["seats"]:  # a tile taken keeps its key in the seat's area
                assert all(f"tile-{t}" in keys for t in seat["tiles"])
            checked += 1
    assert checked > 50


def test_ubongo_gems_and_figures_are_keyed_and_taken_gems_travel_to_their_counts() -> None:
    render = render_of("ubongo")
    states = positions("ubongo", 3, 9, every=1)
    came = 0
    for before, after in itertools.pairwise(states):
        for seat in (None, 0):
            view = after.view(seat)
            keys = keys_of(render.areas(view, "en"))
            gems = sum(1 for row in view["board"] for g in row if g is not None)
            assert sum(1 for k in keys if k.startswith("gem-")) == gems
            figures = sum(1 for s in view["seats"] if s["figure"] is not None)
            assert sum(1 for k in keys if k.startswith("figure-")) == figures
            old = keys_of(render.areas(before.view(seat), "en"))
            for key, el in keys.items():
                if not key.startswith("gems-") or key in old:
                    continue
                # a count that changed names the gems of its colour that left the board
                colour = key.split("-")[2]
                left = [w for w in (el.get("data-from") or "").split() if w in old]
                assert all(w not in keys for w in left)
                if left:
                    board = before.view(seat)["board"]
                    holes = [tuple(int(x) for x in w.split("-")[1:]) for w in left]
                    assert {board[r - 1][h] for r, h in holes} == {colour}
                    seat_gems = before.view(seat)["seats"][int(key.split("-")[1])]["gems"]
                    assert len(left) == int(key.split("-")[3]) - seat_gems[colour]
                    came += 1
    assert came >= 5
