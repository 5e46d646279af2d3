"""Ubongo's pictures and words: the SVG and terminal renderings of real views in every
phase and language, the notation help, and complete translations."""

from __future__ import annotations

import io
import re
import string
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

import herna
from herna.core import IllegalAction, Rng
from herna.games.ubongo import i18n, notation, render, terminal
from herna.i18n import set_lang


def views_through_a_game(players: int = 3, seed: int = 2) -> list[dict[str, Any]]:
    """Views of every seat and the spectator at one position of each phase."""
    s = herna.make("ubongo", players=players, seed=seed)
    rng = Rng(seed)
    seen: dict[str, list[dict[str, Any]]] = {}
    while True:
        key = s.view(None)["phase"]
        if s.view(None)["phase"] == "race" and any(x["done"] for x in s.view(None)["seats"]):
            key = "race-open"
        if key not in seen:
            seen[key] = [s.view(i) for i in range(players)] + [s.view(None)]
        if s.is_over():
            break
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])
    assert {"start", "race", "race-open", "gems", "over"} <= set(seen)
    return [v for vs in seen.values() for v in vs]


VIEWS = views_through_a_game()


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_svg_is_well_formed_for_every_phase_and_language(lang: str) -> None:
    for v in VIEWS:
        doc = render.svg(v, lang=lang)
        ET.fromstring(doc.split("\n", 1)[1])
        assert render.svg(v, lang=lang) == doc  # deterministic


def test_svg_shows_the_gems_figures_and_the_seats_card() -> None:
    v = next(v for v in VIEWS if v["phase"] == "race" and v["seat"] == 0)
    doc = render.svg(v, lang="en")
    board = next(e for e in ET.fromstring(doc.split("\n", 1)[1]).iter()
                 if e.get("id") == "ubongo-board")
    holes = [e for e in board if e.tag.endswith(("circle", "polygon")) and e.get("r") != "9.5"]
    assert len(holes) == 72  # every hole, empty or with its gem (figures apart)
    # each colour its own shape, so a colour-blind player tells the gems apart
    shapes: dict[str, set[tuple[Any, ...]]] = {}
    for e in holes:
        if e.get("r") == "4":  # an empty hole
            continue
        points = [tuple(map(float, p.split(","))) for p in (e.get("points") or "").split()]
        shape = tuple((round(x - points[0][0]), round(y - points[0][1])) for x, y in points)
        shapes.setdefault(e.get("fill", ""), set()).add((e.tag, shape))
    assert len(shapes) == 6 and all(len(s) == 1 for s in shapes.values())
    assert len({s for ss in shapes.values() for s in ss}) == 6
    assert f"Card {v['seats'][0]['card']['number']}" in doc
    assert "Herna's own puzzles" in doc


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_terminal_renders_every_phase(lang: str) -> None:
    set_lang(lang)
    try:
        for v in VIEWS:
            out = io.StringIO()
            Console(file=out, width=120, color_system=None).print(terminal.render(v))
            text = out.getvalue()
            assert "Ubongo" in text
            if v["phase"] == "race" and v["seat"] is not None:
                assert "0 1" in text  # the numbered grid of the own card
    finally:
        set_lang("en")


def test_the_race_screen_hides_what_others_submitted() -> None:
    v = next(v for v in VIEWS if v["phase"] == "race" and
             any(s["done"] for s in v["seats"]) and v["seat"] is not None)
    for s in v["seats"]:
        if s["seat"] != v["seat"]:
            assert s["submission"] is None


def test_help_draws_every_orientation_in_every_language() -> None:
    for lang in ("en", "cs", "sk"):
        text = notation.help_text(lang)
        assert "solve A0@0,0" in text and "K7" in text and "L3" in text
    assert "solve" in notation.HELP


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_translations_are_complete_with_the_same_placeholders() -> None:
    assert not i18n.CATALOG.problems()  # counted words: each language's CLDR categories
    for table in (i18n.CS, i18n.SK):
        for key, text in table.items():
            if key in i18n.EN:
                assert _fields(text) == _fields(i18n.EN[key]), key


def test_refusals_are_translated() -> None:
    s = herna.make("ubongo", players=2, seed=1)
    for lang, word in (("cs", "políčko"), ("sk", "políčko"), ("en", "field")):
        set_lang(lang)
        try:
            with pytest.raises(IllegalAction, match=word):
                s.apply(0, "start 9")
        finally:
            set_lang("en")


def test_stamp_rounds_to_a_tenth() -> None:
    assert terminal.stamp("solve A0@0,0", 0.04) == "solve A0@0,0 in 0.0"
    assert terminal.stamp("  solve A0@0,0  ", 12.25).endswith(" in 12.3")
    assert re.search(r" in 7\.0$", terminal.stamp("SOLVE A0@0,0", 7))
