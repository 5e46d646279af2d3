"""Ubongo in the browser: the parts of every legal action are drawn in the seat's SVG, the
dragging geometry agrees with the engine's notation, and applied actions read as words in
every language (herna.testing.web)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import herna
from herna.core import State
from herna.games.ubongo import render, rules, terminal, web
from herna.games.ubongo.actions import MoveAction, SolveAction
from herna.games.ubongo.deck import SYMBOLS, default_deck
from herna.games.ubongo.solver import first_solution
from herna.testing.web import check_web, positions, svg_parts

VARIANTS: list[dict[str, Any]] = [{}, {"side": "hard"}, {"timer": 0}]


def playout(players: int, seed: int, options: dict[str, Any], every: int = 2) -> list[State]:
    return positions("ubongo", players, seed, options, every)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_web_along_random_games(players: int) -> None:
    checked = 0
    for g in range(4):
        options = VARIANTS[g % len(VARIANTS)]
        for state in playout(players, 10 * players + g, options, every=3):
            lang = ("en", "cs", "sk")[checked % 3]
            for seat in [*state.to_act(), None]:
                result = check_web(state, seat, lang)
                checked += 1
                if seat is not None:  # what the server lists: every part is on the board
                    shown, _ = terminal.listed(state.legal_actions(seat))
                    assert web.parts(state.view(seat), shown) == [
                        p for a, p in zip(state.legal_actions(seat), result["parts"],
                                          strict=True) if not isinstance(a, SolveAction)]
    assert checked > 60


def to_phase(phase: str, players: int = 3, seed: int = 4) -> State:
    state = herna.make("ubongo", players=players, seed=seed)
    rng = random.Random(seed)
    while state.view(None)["phase"] != phase:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        solves = [a for a in legal if isinstance(a, SolveAction)]
        state.apply(seat, solves[seat] if solves else rng.choice(legal))
    return state


def test_start_parts_are_the_red_fields() -> None:
    state = to_phase("start")
    seat = state.to_act()[0]
    view = state.view(seat)
    legal = state.legal_actions(seat)
    assert web.parts(view, legal) == [[f"field:{f}"] for f in range(1, 7)]
    assert svg_parts(render.svg(view)) == {f"field:{f}": 1 for f in range(1, 7)}
    other = (seat + 1) % 3
    assert not svg_parts(render.svg(state.view(other)))
    assert not svg_parts(render.svg(state.view(None)))


def test_race_parts_pass_is_a_button_solves_have_none() -> None:
    state = to_phase("race")
    view = state.view(0)
    legal = state.legal_actions(0)
    got = web.parts(view, legal)
    assert got == [[] for _ in legal]
    assert not svg_parts(render.svg(view))


def test_move_parts_are_the_target_fields() -> None:
    state = to_phase("gems")
    seat = state.to_act()[0]
    view = state.view(seat)
    here = view["seats"][seat]["figure"]
    legal = state.legal_actions(seat)
    got = web.parts(view, legal)
    for a, names in zip(legal, got, strict=True):
        assert isinstance(a, MoveAction) and names == [f"field:{here + a.delta}"]
        field = int(names[0].split(":")[1])
        assert {"move": a.text(), "field": field} == {
            k: v for k, v in next(o for o in view["mover"]["options"]
                                  if o["move"] == a.text()).items() if k != "gems"}
    # every field is drawn as a part: the page lights those in reach, and a click on
    # another is told why not (server/guide.py)
    assert svg_parts(render.svg(view)) == {f"field:{f}": 1 for f in range(1, 7)}
    assert {n[0] for n in got} <= {f"field:{f}" for f in range(1, 7)}
    check_web(state, seat)


def test_the_drawing_is_stable_and_gives_the_card_grid() -> None:
    state = to_phase("race")
    view = state.view(1)
    doc = render.svg(view, lang="sk")
    assert doc == render.svg(view, lang="sk")
    root = ET.fromstring(doc)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert {"ubongo-board", "ubongo-gems", "ubongo-seatcard-0", "ubongo-card"} <= set(ids)
    card = next(e for e in root.iter() if e.get("id") == "ubongo-card")
    ex = web.extra(view)
    assert int(card.get("data-rows", "")) == ex["card"]["rows"]
    assert int(card.get("data-cols", "")) == ex["card"]["cols"]
    cell, x0, y0 = (float(card.get(k, "")) for k in ("data-cell", "data-x", "data-y"))
    # every light cell is drawn where the data attributes say
    drawn = {(float(r.get("x", "")), float(r.get("y", ""))) for r in card.iter()
             if r.tag.endswith("rect")}
    assert drawn == {(x0 + c * cell, y0 + r * cell) for r, c in ex["card"]["cells"]}
    trays = {e.get("data-piece") for e in root.iter() if e.get("data-piece")}
    assert trays == {p["letter"] for p in ex["pieces"]}


def test_other_seats_race_shows_only_done() -> None:
    state = to_phase("race")
    first = state.to_act()[0]
    solve = state.legal_actions(first)[3]
    assert isinstance(solve, SolveAction)
    state.apply(first, solve)
    time = f"{solve.tenths / 10} s"
    assert time in render.svg(state.view(first), lang="en")
    other = next(s for s in state.to_act() if s != first)
    doc = render.svg(state.view(other), lang="en")
    assert "done" in doc and time not in doc


def place(cells: list[list[int]], at: tuple[int, int]) -> list[tuple[int, int]]:
    return [(at[0] + r, at[1] + c) for r, c in cells]


def covers(ex: dict[str, Any], placements: list[tuple[str, int, int, int]]) -> bool:
    """Lay each piece with extra()'s geometry, as the client will: an exact cover?"""
    shapes = {p["letter"]: p["orientations"] for p in ex["pieces"]}
    laid: list[tuple[int, int]] = []
    for letter, o, r, c in placements:
        laid += place(shapes[letter][o], (r, c))
    return len(laid) == len(set(laid)) and set(laid) == {tuple(x) for x in ex["card"]["cells"]}


@pytest.mark.parametrize("side", ["easy", "hard"])
def test_solver_solutions_cover_the_card_through_extra_geometry(side: str) -> None:
    """The engine's solutions, laid by extra()'s cells at the anchors, cover the outline
    exactly; and solve_text() of them is accepted by the engine."""
    state = herna.make("ubongo", players=2, seed=3, side=side)
    rng = random.Random(7)
    checked = 0
    while not state.is_over() and checked < 6:
        v = state.view(None)
        if v["phase"] == "race":
            for seat in state.to_act():
                view = state.view(seat)
                ex = web.extra(view)
                assert ex["open"] and ex["symbol"] == view["symbol"]
                assert [p["letter"] for p in ex["pieces"]] == view["seats"][seat]["pieces"]
                first = rules.first_placements(state, seat)  # type: ignore[arg-type]
                assert covers(ex, list(first))
                text = web.solve_text(reversed(first)) + " in 12.3"
                probe = state.copy()
                probe.apply(seat, text)  # the engine accepts what the client sends
                checked += 1
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 6


def test_geometry_agrees_over_the_whole_deck() -> None:
    """Every card row of both sides (a sample of each): the first solution, through extra's
    geometry, covers the light area; a wrong anchor does not."""
    deck = default_deck()
    for number in [c.number for c in deck.cards][::5]:
        for side in ("easy", "hard"):
            sd = deck.card(number).side(side)
            for symbol in range(len(SYMBOLS)):
                pieces = sd.row(symbol)
                sol = first_solution(sd.outline, pieces)
                assert sol is not None
                view = {"seat": 0, "phase": "race", "symbol": SYMBOLS[symbol], "seats": [{
                    "card": {"number": number, "outline": {
                        "rows": sd.outline.rows, "cols": sd.outline.cols,
                        "cells": [list(c) for c in sorted(sd.outline.cells)]}},
                    "pieces": list(pieces), "done": False}]}
                ex = web.extra(view)
                laid = [(p.piece, p.orientation, p.row, p.col) for p in sol]
                assert covers(ex, laid)
                shifted = [(p, o, r + 1, c) for p, o, r, c in laid]
                assert not covers(ex, shifted)


def test_extra_without_a_puzzle() -> None:
    state = to_phase("start")
    assert web.extra(state.view(0))["card"] is None
    assert web.extra(to_phase("race").view(None))["pieces"] == []


def test_solve_text() -> None:
    assert web.solve_text([("C", 3, 1, 2), ("A", 0, 0, 0)]) == "solve A0@0,0 C3@1,2"


@pytest.mark.parametrize(("text", "lang", "words"), [
    ("start 4", "en", "put the figure on red field 4"),
    ("move +2", "en", "moved the figure 2 fields right"),
    ("move -1", "en", "moved the figure 1 field left"),
    ("move 0", "en", "left the figure on its field"),
    ("pass", "en", "gave up this round"),
    ("solve A0@0,0 C3@1,2 in 23.4", "en", "solved the card in 23.4 s"),
    ("start 4", "cs", "postavil(a) figurku na červené políčko 4"),
    ("move +3", "cs", "posunul(a) figurku o 3 políčka doprava"),
    ("move -1", "cs", "posunul(a) figurku o 1 políčko doleva"),
    ("pass", "cs", "vzdal(a) toto kolo"),
    ("solve A0@0,0 C3@1,2 in 23.4", "cs", "složil(a) kartu za 23,4 s"),
    ("start 4", "sk", "postavil(a) figúrku na červené políčko 4"),
    ("move -2", "sk", "posunul(a) figúrku o 2 políčka doľava"),
    ("move 0", "sk", "nechal(a) figúrku na jej políčku"),
    ("solve A0@0,0 C3@1,2 in 23.4", "sk", "poskladal(a) kartu za 23,4 s"),
])
def test_describe(text: str, lang: str, words: str) -> None:
    assert web.describe(1, text, lang) == words


def test_render_has_no_solution_parts_anywhere() -> None:
    for state in playout(3, 5, {}, every=5):
        for seat in [*state.to_act(), None]:
            doc = render.svg(state.view(seat))
            assert all(re.fullmatch(r"field:[1-6]", n) for n in svg_parts(doc))


# ----- the buttons ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "lang", "words"), [
    ("start 4", "en", "Put the figure on red field 4"),
    ("move +2", "en", "Move 2 fields right"),
    ("move -1", "en", "Move 1 field left"),
    ("move 0", "en", "Stay on this field"),
    ("pass", "en", "Give up this round"),
    ("solve A0@0,0 C3@1,2 in 23.4", "en", "Hand in the solution"),
    ("start 4", "cs", "Postavit figurku na červené políčko 4"),
    ("move +3", "cs", "Posunout o 3 políčka doprava"),
    ("move -1", "cs", "Posunout o 1 políčko doleva"),
    ("move 0", "cs", "Zůstat na tomto políčku"),
    ("pass", "cs", "Vzdát toto kolo"),
    ("solve A0@0,0 C3@1,2 in 23.4", "cs", "Odevzdat řešení"),
    ("start 4", "sk", "Postaviť figúrku na červené políčko 4"),
    ("move -2", "sk", "Posunúť o 2 políčka doľava"),
    ("move +1", "sk", "Posunúť o 1 políčko doprava"),
    ("move 0", "sk", "Zostať na tomto políčku"),
    ("pass", "sk", "Vzdať toto kolo"),
    ("solve A0@0,0 C3@1,2 in 23.4", "sk", "Odovzdať riešenie"),
])
def test_label(text: str, lang: str, words: str) -> None:
    assert web.label(1, text, lang) == words


def test_labels_are_instructions_not_notation_or_log_words() -> None:
    """Along a random game, every action the page lists has a caption that is neither its
    notation nor the log's words; the plain button (pass) included."""
    plain: set[str] = set()
    for g, state in enumerate(playout(3, 17, {}, every=1)):
        for seat in state.to_act():
            shown, _ = terminal.listed(state.legal_actions(seat))
            for action, names in zip(shown, web.parts(state.view(seat), shown), strict=True):
                text, lang = action.text(), ("en", "cs", "sk")[g % 3]
                caption = web.label(seat, text, lang)
                assert caption != text and caption != web.describe(seat, text, lang), text
                assert caption[0].isupper(), caption
                if not names:
                    plain.add(text)
    assert plain == {"pass"}


# ----- events: what followed a move, for the log ----------------------------------------
def test_events_along_a_random_game_keep_the_contract() -> None:
    from herna.testing.web import check_events

    seen = check_events("ubongo", 3, 4)
    assert {"round", "ubongo", "gems", "late", "end"} <= set(seen)


@pytest.mark.parametrize(("event", "lang", "words"), [
    ({"event": "ubongo", "by": "game", "seat": 0, "place": 2, "time": 48.0}, "en",
     "finishes 2nd in 48.0 s"),
    ({"event": "ubongo", "by": "game", "seat": 0, "place": 1, "time": 12.5}, "sk",
     "končí na 1. mieste za 12,5 s"),
    ({"event": "late", "by": "game", "seat": 2, "time": 90.0, "timer": 60, "turns": 1,
      "finishers": [0, 1]}, "cs",
     "řešení za 90,0 s přichází pozdě: přesýpací hodiny (60 s) už doběhly; včas: Ana a Ben"),
    ({"event": "late", "by": "game", "seat": 1, "time": 121.5, "timer": 60, "turns": 2,
      "finishers": []}, "en",
     "solved in 121.5 s: too late, the hourglass had run out twice (120 s)"),
    ({"event": "gems", "by": "seat", "seat": 1, "to": 4, "gems": ["red", "yellow"]}, "cs",
     "bere z políčka 4: červený drahokam a žlutý drahokam"),
    ({"event": "gems", "by": "seat", "seat": 1, "to": 6, "gems": []}, "sk",
     "na políčku 6 už nenachádza žiadny drahokam"),
    ({"event": "round", "by": "game", "round": 3, "symbol": "drum", "timer": 60}, "cs",
     "3. kolo: kostka ukazuje symbol buben; přesýpací hodiny 60 s"),
])
def test_event_words(event: dict[str, Any], lang: str, words: str) -> None:
    assert web.event_words(event, lang, ["Ana", "Ben", "Cyril"]) == words
