"""The four games played through the page by a person's means: clicks, buttons and, for
Ubongo, pieces dragged onto the card. The engine's state (the server runs in this process)
says what is legal; the page must offer it as parts to click, and the server must accept it.
"""

from __future__ import annotations

import random
import time
from collections import deque
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from herna.ai.registry import game_module
from herna.games.ubongo.actions import SolveAction
from herna.server.words import shown_legal

from .conftest import LiveServer

GAMES = [("alhambra", 2), ("alhambra-rw", 2), ("envyra", 3), ("ubongo", 2)]


def create(server: LiveServer, game: str, players: int, humans: int = 1, seed: int = 5,
           lang: str = "en", **options: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "level": "medium"}] * (players - humans)
    r = httpx.post(server.url + "/api/tables", json={
        "game": game, "players": players, "seats": seats, "seed": seed, "lang": lang,
        "options": options})
    assert r.status_code == 201, r.text
    return dict(r.json())


def wait_for(condition: Any, timeout: float = 20, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.03)


def drawn_version(page: Any) -> int:
    v = page.locator("#board").get_attribute("data-version")
    return int(v) if v not in (None, "") else -1


def my_turn(server: LiveServer, page: Any, table_id: str, seat: int) -> bool:
    """Wait until the page shows my move (True) or the game is over (False)."""
    table = server.table(table_id)

    def ready() -> bool:
        st = table.state
        return st.is_over() or (seat in st.to_act() and drawn_version(page) == table.version)
    wait_for(ready, what="my turn on the page")
    if table.state.is_over():
        return False
    return True


def screen_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """SVG user units -> page pixels, through the drawing's own transform."""
    pt = page.evaluate("""([x, y]) => {
        const svg = document.querySelector('#board svg');
        const p = svg.createSVGPoint(); p.x = x; p.y = y;
        const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];
    }""", [x, y])
    return float(pt[0]), float(pt[1])


def _norm(cells: Any) -> frozenset[tuple[int, int]]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def keys_to(orientations: list[Any], target: int) -> str:
    """The R (turn) and F (flip) presses from orientation 0 to `target`, as the page turns."""
    shapes = [_norm(o) for o in orientations]
    seen = {0: ""}
    queue = deque([0])
    while queue:
        o = queue.popleft()
        for key, f in (("r", lambda r, c: (c, -r)), ("f", lambda r, c: (r, -c))):
            moved = _norm([f(r, c) for r, c in shapes[o]])
            nxt = shapes.index(moved)
            if nxt not in seen:
                seen[nxt] = seen[o] + key
                queue.append(nxt)
    return seen[target]


def drag_solution(page: Any, view: dict[str, Any], solve: SolveAction) -> None:
    extra = game_module("ubongo", "web").extra(view)  # type: ignore[union-attr]
    card = page.locator("#ubongo-card")
    cell = float(card.get_attribute("data-cell") or 0)
    x0 = float(card.get_attribute("data-x") or 0)
    y0 = float(card.get_attribute("data-y") or 0)
    pieces = {p["letter"]: p for p in extra["pieces"]}
    for letter, o, r, c in solve.placements:
        tray = page.locator(f'#ubongo-tray-{letter} rect').first.bounding_box()
        page.mouse.move(tray["x"] + tray["width"] / 2, tray["y"] + tray["height"] / 2)
        page.mouse.down()
        for key in keys_to(pieces[letter]["orientations"], o):
            page.keyboard.press(key.upper())
        tx, ty = screen_point(page, x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell)
        page.mouse.move(tx, ty, steps=4)
        page.mouse.up()


def act_by_clicks(page: Any, server: LiveServer, table_id: str, seat: int,
                  rng: random.Random) -> None:
    table = server.table(table_id)
    state = table.state
    version = table.version
    view = state.view(seat)
    every = state.legal_actions(seat)
    solves = [a for a in every if isinstance(a, SolveAction)]
    if solves and rng.random() < 0.8:
        drag_solution(page, view, solves[0])
    else:
        legal = shown_legal(table.game, every)
        parts = game_module(table.game, "web").parts(view, legal)  # type: ignore[union-attr]
        clickable = [(a, p) for a, p in zip(legal, parts, strict=True) if p]
        action, names = rng.choice(clickable) if clickable and rng.random() < 0.9 \
            else rng.choice(list(zip(legal, parts, strict=True)))
        if not names:
            page.locator(f'#turn button[data-action="{action}"]').click()
        for name in names:
            page.locator(f'#board [data-part="{name}"]:not(.chosen)').last.click()

        def done_or_confirm() -> bool:
            if table.version > version:
                return True
            button = page.locator(f'#turn button[data-action="{action}"]')
            if button.count():
                try:
                    button.first.click(timeout=2000)
                except PlaywrightError:  # redrawn under the pointer: look again
                    return False
                return True
            return False
        wait_for(done_or_confirm, what=f"{action} sent or offered")
    wait_for(lambda: table.version > version, what="the move applied")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_whole_game_by_clicking(page: Any, live_server: LiveServer, game: str,
                                players: int) -> None:
    made = create(live_server, game, players, seed=11)
    page.goto(live_server.url + made["seats"][0]["url"])
    rng = random.Random(3)
    moves = 0
    while my_turn(live_server, page, made["id"], 0):
        act_by_clicks(page, live_server, made["id"], 0, rng)
        moves += 1
    wait_for(lambda: page.locator("#turn h2").first.inner_text() == "Game over",
             what="the end screen")
    assert page.locator("table.outcome tr").count() == players + 1
    assert moves > 0
    assert page.locator("#again").is_visible()
    mine = [text for seat, text in live_server.table(made["id"]).state.record()["actions"]
            if seat == 0]
    if game == "ubongo":  # at least one real solution was dragged into place and accepted
        assert any(text.startswith("solve ") for text in mine)
