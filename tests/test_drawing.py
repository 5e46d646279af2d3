"""The drawings' part cache (herna.drawing.by_data): a part is keyed by exactly the data it
reads, so a warm cache draws what a cold one draws, position after position."""

import importlib
import random

import pytest

from herna import drawing
from herna.core.registry import make
from herna.drawing import by_data, recent

CACHED = {
    "alhambra": ["_seat_body", "_market_drawn", "_scoring_rounds", "_dirk_area",
                 "_supply_drawn"],
    "alhambra-rw": ["_sheet_drawn", "_score_sheet_drawn"],
    "envyra": ["_cell_drawn", "_seat_drawn"],
    "ubongo": ["_board_drawn", "_card_drawn"],
}


@pytest.mark.parametrize("game", sorted(CACHED))
def test_a_warm_cache_draws_what_a_cold_one_draws(game: str) -> None:
    render = importlib.import_module(f"herna.games.{game.replace('-', '_')}.render")
    state, rng = make(game, 3, seed=11), random.Random(11)
    checked = 0
    while not state.is_over() and checked < 40:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (None, 0, 1):
            view = state.view(viewer)
            warm = render.svg(view, "cs")
            warm_areas = render.areas(view, "cs") if hasattr(render, "areas") else None
            for name in CACHED[game]:
                getattr(render, name).cache_clear()
            assert render.svg(view, "cs") == warm
            if warm_areas is not None:  # what the server sends
                for name in CACHED[game]:
                    getattr(render, name).cache_clear()
                assert render.areas(view, "cs") == warm_areas
        checked += 1
    assert checked >= 20


def test_parts_are_drawn_once_per_distinct_data() -> None:
    calls: list[object] = []

    @by_data(maxsize=8)
    def part(data: dict[str, list[int]], label: str) -> str:
        calls.append((data, label))
        return f"{label}:{sum(data['xs'])}"

    assert part({"xs": (1, 2)}, "a") == "a:3"
    assert part({"xs": [1, 2]}, "a") == "a:3"  # the same JSON: drawn once
    assert calls == [({"xs": [1, 2]}, "a")]  # and given back as JSON (tuples as lists)
    assert part({"xs": [1, 3]}, "a") == "a:4"
    assert part({"xs": [1, 2]}, "b") == "b:3"
    assert len(calls) == 3


def test_parts_and_words_unused_for_a_while_are_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    """`trim(idle)` lets go what nobody used for `idle` seconds (the parts of tables that
    have left a server); what is still used stays, and what went is made again when asked."""
    clock = [1e9]
    monkeypatch.setattr(drawing, "_clock", lambda: clock[0])
    calls: list[int] = []

    @by_data(maxsize=8)
    def part(n: int) -> str:
        calls.append(n)
        return f"<{n}>"

    @recent(maxsize=8)
    def word(n: int) -> str:
        calls.append(-n)
        return str(n)

    part(1), part(2), word(3), word(4)
    clock[0] += 100
    part(2), word(4)  # used again: they stay
    clock[0] += 100
    assert drawing.trim(150) >= 2
    assert part.cache_len() == 1 and word.cache_len() == 1  # type: ignore[attr-defined]
    calls.clear()
    assert (part(2), word(4)) == ("<2>", "4") and calls == []
    assert (part(1), word(3)) == ("<1>", "3") and calls == [1, -3]  # made again
