"""The four games played through the page by a person's means: clicks, buttons and, for
Ubongo, pieces dragged onto the card. The engine's state (the server runs in this process)
says what is legal; the page must offer it as parts to click, and the server must accept it.
"""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
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


def wait_for(condition: Any, timeout: float = 60, what: str = "") -> None:
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
    return not table.state.is_over()


def screen_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """SVG user units -> page pixels, through the drawing's own transform."""
    pt = page.evaluate("""([x, y]) => {
        const card = document.querySelector('#ubongo-card');
        const svg = (card && card.ownerSVGElement) || document.querySelector('#board svg');
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
        tray = page.locator(f'#ubongo-tray-{letter} rect[data-r]').first.bounding_box()
        page.mouse.move(tray["x"] + tray["width"] / 2, tray["y"] + tray["height"] / 2)
        page.mouse.down()
        keys = keys_to(pieces[letter]["orientations"], o)
        for key in keys:
            page.keyboard.press(key.upper())
        # held by the tray's first cell, or by the box's corner once turned in hand
        gr, gc = (0, 0) if keys else pieces[letter]["orientations"][0][0]
        tx, ty = screen_point(page, x0 + (c + gc + 0.5) * cell, y0 + (r + gr + 0.5) * cell)
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
            page.locator(f'#board [data-part="{name}"]:not(.chosen)').last.click(timeout=10_000)

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
    failures: list[str] = []
    while my_turn(live_server, page, made["id"], 0):
        table = live_server.table(made["id"])
        try:
            act_by_clicks(page, live_server, made["id"], 0, rng)
        except (AssertionError, PlaywrightError) as e:
            # the engine's state is read from another thread than the page's: a move may
            # be chosen from a position the page has already left; choose again, twice at most
            failures.append(
                f"{game}: move {moves + 1} failed at version {table.version} (page "
                f"{drawn_version(page)}), to act {table.state.to_act()}: {e}\n"
                f"turn panel: {page.locator('#turn').inner_html()}")
            assert len(failures) < 3, "\n".join(failures)
            continue
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
    if game == "envyra":  # play again: the same seats at a new table
        page.locator("#again").click()
        page.wait_for_url(lambda url: made["id"] not in url)
        next_id = page.url.split("/t/")[1].split("#")[0]
        assert live_server.table(made["id"]).row.next_id == next_id
        nxt = live_server.table(next_id)
        assert [(s.kind, s.level) for s in nxt.row.seats] == \
            [(s.kind, s.level) for s in live_server.table(made["id"]).row.seats]
        wait_for(lambda: drawn_version(page) == nxt.version, what="the next table drawn")


def test_lobby_starts_a_table(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "3")
    page.select_option("#seat-1", "easy")
    page.select_option("#seat-2", "hard")
    page.locator("#opt-simple").check()
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.split("/t/")[1].split("#")[0]
    table = live_server.table(table_id)
    assert table.row.options == {"simple": True, "equilibrium": "", "end_tile": "standard"}
    assert [s.kind for s in table.row.seats] == ["human", "bot", "bot"]
    assert [s.level for s in table.row.seats] == [None, "easy", "hard"]
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my marks lit")
    # the lobby lists the table as mine, in play
    page.goto(live_server.url + "/")
    wait_for(lambda: page.locator(f'.my-tables a[href^="/t/{table_id}"]').count() == 1,
             what="the table in my list")


def test_language_picker_redraws_in_czech(page: Any, live_server: LiveServer) -> None:
    made = create(live_server, "alhambra", 2, seed=4)
    page.goto(live_server.url + made["seats"][0]["url"])
    wait_for(lambda: page.locator("#board svg").count() >= 1, what="the drawing")
    page.select_option(".lang-picker", "cs")
    wait_for(lambda: "Váš tah" in page.locator("#turn").inner_text()
             or "Čeká se" in page.locator("#turn").inner_text(), what="Czech words")
    wait_for(lambda: "Stavební trh" in page.locator("#board").inner_html()
             or "stavební trh" in page.locator("#board").inner_html().lower(),
             what="the drawing in Czech")
    page.locator("#notation").fill("take zz")
    page.locator(".notation button").click()
    wait_for(lambda: page.locator("#message").count() == 1, what="the refusal")
    assert "peněžní" in page.locator("#message").inner_text().lower()


def test_friend_sees_none_of_my_secret_marks(browser: Any, live_server: LiveServer) -> None:
    """Two browser contexts at one table: seat 1's page never holds seat 0's marks until
    both have chosen, and after that shows them."""
    made = create(live_server, "envyra", 3, humans=2, seed=8)
    table = live_server.table(made["id"])
    pages = []
    for s in (0, 1):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        pg = context.new_page()
        pg.goto(live_server.url + made["seats"][s]["url"])
        pages.append(pg)
    wait_for(lambda: pages[0].locator("#board .part.live").count() > 0, what="seat 0 lit")
    pages[0].locator('#board [data-part="tile:a1"]').click()
    pages[0].locator('#board [data-part="tile:c2"]').click()  # the only move left: sent
    wait_for(lambda: any(seat == 0 for seat, _ in table.state.record()["actions"]),
             what="seat 0's marks applied")
    wait_for(lambda: drawn_version(pages[1]) == table.version, what="seat 1 redrawn")
    html = pages[1].content()
    assert "a1 c2" not in html and "a1 and c2" not in html
    assert "has chosen" in pages[1].locator("#log").inner_text()
    assert "a1 and c2" in pages[0].locator("#log").inner_text()  # my own, in words
    wait_for(lambda: pages[1].locator("#board .part.live").count() > 0, what="seat 1 lit")
    pages[1].locator('#board [data-part="tile:b1"]').click()
    pages[1].locator('#turn button[data-action="mark b1"]').click()
    wait_for(lambda: "a1 and c2" in pages[1].locator("#log").inner_text(),
             what="the marks revealed to seat 1")
    for pg in pages:
        pg.context.close()


def test_hot_seat_covers_the_screen_between_players(page: Any,
                                                     live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "2")
    page.select_option("#seat-1", "hotseat")
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    table = live_server.table(page.url.split("/t/")[1].split("#")[0])
    # both seats act at once: the screen is covered until seat 0 says it is alone
    wait_for(lambda: page.locator("#uncover").count() == 1, what="the cover for seat 0")
    assert page.locator("#board svg").count() == 0
    page.locator("#uncover").click()
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="seat 0 lit")
    page.locator('#board [data-part="tile:a1"]').click()
    page.locator('#turn button[data-action="mark a1"]').click()
    wait_for(lambda: page.locator("#uncover").count() == 1 and page.locator("#cover").is_visible(),
             what="the cover for seat 1")
    assert "Player 2" in page.locator("#cover").inner_text()  # no name given: from 1
    assert page.locator("#board svg").count() == 0  # seat 0's screen is gone
    page.locator("#uncover").click()
    wait_for(lambda: page.locator("#board").get_attribute("data-seat") == "1", what="seat 1")
    assert "a1" not in page.locator("#log").inner_text()  # seat 0's mark is still sealed
    page.locator('#board [data-part="tile:b2"]').click()
    page.locator('#turn button[data-action="mark b2"]').click()
    wait_for(lambda: len(table.state.record()["actions"]) >= 2, what="both marks in")


def test_reopening_the_link_returns_to_the_table(browser: Any, live_server: LiveServer) -> None:
    made = create(live_server, "alhambra-rw", 2, seed=9)
    table = live_server.table(made["id"])
    context = browser.new_context()
    pg = context.new_page()
    pg.goto(live_server.url + made["seats"][0]["url"])
    rng = random.Random(1)
    for _ in range(3):
        assert my_turn(live_server, pg, made["id"], 0)
        act_by_clicks(pg, live_server, made["id"], 0, rng)
    version = table.version
    pg.close()  # the tab is closed ...
    pg = context.new_page()  # ... and the link opened again
    pg.goto(live_server.url + made["seats"][0]["url"])
    wait_for(lambda: drawn_version(pg) >= version, what="the table as it is")
    assert pg.locator("#log ol.log > li").count() == min(drawn_version(pg), 80)
    context.close()


def _serve(port: int, db: Path) -> subprocess.Popen[bytes]:
    exe = Path(sys.executable).with_name("herna")
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/api/games"

    def up() -> bool:
        try:
            return httpx.get(url, timeout=1).status_code == 200
        except httpx.HTTPError:
            return False
    wait_for(up, timeout=30, what="herna serve to answer")
    return proc


def test_server_killed_mid_game_resumes_and_the_game_finishes(
        browser: Any, tmp_path: Path) -> None:
    """SIGKILL mid-game: no acknowledged move is lost, the bots resume, and the open page
    reconnects by itself and plays on to the end."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    db = tmp_path / "herna.db"
    proc = _serve(port, db)
    try:
        made = httpx.post(base + "/api/tables", json={
            "game": "envyra", "players": 2, "seed": 21,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "medium"}]}).json()
        token = made["seats"][0]["token"]
        page = browser.new_page()
        page.goto(base + made["seats"][0]["url"])
        rng = random.Random(2)

        def payload() -> dict[str, Any]:
            return dict(httpx.get(f"{base}/api/tables/{made['id']}",
                                  params={"token": token}).json())

        def play_one() -> bool:
            def ready() -> bool:
                p = payload()
                return p["over"] or (bool(p["legal"]) and drawn_version(page) == p["version"])
            wait_for(ready, what="my turn drawn")
            p = payload()
            if p["over"]:
                return False
            action = rng.choice([a for a in p["legal"] if a["parts"]])
            for name in action["parts"]:
                page.locator(f'#board [data-part="{name}"]:not(.chosen)').last.click()
            button = page.locator(f'#turn button[data-action="{action["text"]}"]')
            if button.count():
                button.click()
            wait_for(lambda: payload()["version"] > p["version"], what="my move applied")
            return True

        for _ in range(3):
            assert play_one()
        before = payload()["version"]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        proc = _serve(port, db)
        assert payload()["version"] >= before  # every acknowledged move is still there
        moves = 0
        while play_one():
            moves += 1
        assert moves > 0
        wait_for(lambda: "Game over" in page.locator("#turn").inner_text(), what="the end")
        record = httpx.get(f"{base}/api/tables/{made['id']}/record").json()
        assert record["outcome"]["scores"]
        page.close()
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_spectator_link_shows_only_public_facts(page: Any, live_server: LiveServer) -> None:
    made = create(live_server, "alhambra", 3, humans=1, seed=6)
    table = live_server.table(made["id"])
    page.goto(live_server.url + made["watch_url"])
    wait_for(lambda: drawn_version(page) == table.version, what="the spectator's drawing")
    assert page.locator("#notation").count() == 0
    assert page.locator("#board [data-part]").count() == 0
    assert "watching" in page.locator("#title").inner_text()
    hands = page.locator("#board .hand-count")
    assert hands.count() == 3 and all("hidden" in (hands.nth(i).text_content() or "")
                                      for i in range(3))


def test_ubongo_on_a_phone_shows_my_card_when_a_race_starts(browser: Any,
                                                              live_server: LiveServer) -> None:
    """On a phone, when a race starts, my card and its pieces are on the screen (the page
    scrolls to them if it was left elsewhere), not the gem board."""
    made = create(live_server, "ubongo", 2, seed=3)
    table = live_server.table(made["id"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    pg = context.new_page()
    pg.add_init_script("localStorage.setItem('herna.name', 'Ana')")  # named before: not asked
    pg.goto(live_server.url + made["seats"][0]["url"])
    rng = random.Random(2)
    while not (table.state.phase == "race" and 0 in table.state.to_act()):
        assert my_turn(live_server, pg, made["id"], 0)
        act_by_clicks(pg, live_server, made["id"], 0, rng)  # a start field
    wait_for(lambda: drawn_version(pg) == table.version, what="the race drawn")
    card = pg.locator("#ubongo-card").bounding_box()
    assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= 390
    assert card["y"] >= 0 and card["y"] + card["height"] <= 844
    context.close()
