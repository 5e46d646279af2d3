"""Envyra's drawing keeps RULES.md's promises: the set values (2/4/7) where the player picks,
and a ✗ on each reserved tile the viewing seat does not qualify for yet."""

from __future__ import annotations

import random
import re

import herna
from herna.games.envyra import render

NEXT = r'(.*?)</g>\s*(?=<g id="envyra-slot-|<rect x=|</g>\s*<g id="envyra-sets")'  # a slot's group


def test_set_values_and_crosses_on_closed_tiles() -> None:
    crossed = 0
    for seed in range(6):
        state = herna.make("envyra", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in (0, None):
                view = state.view(seat)
                svg = render.svg(view, lang="en")
                words = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))
                assert "Sets (one theme, different symbols): 2 → 2 · 3 → 4 · 4 → 7 points" \
                    in words  # wrapped over lines in the grid's area
                for slot in view["grid"]["slots"]:
                    start = f'<g id="envyra-slot-{slot["slot"]}">'
                    group = re.search(re.escape(start) + NEXT, svg, re.S)
                    assert group
                    closed = (seat is not None and slot["tile"] is not None
                              and bool(slot["tile"]["reserve"]) and seat not in slot["open_to"])
                    assert ("✗" in group.group(1)) == closed, (seed, slot)
                    crossed += closed
            s = rng.choice(state.to_act())
            state.apply(s, rng.choice(state.legal_actions(s)))
    assert crossed > 0
