"""The four games played through the page by a person's means: clicks, buttons and, for
Ubongo, pieces dragged onto the card. The engine's state (the server runs in this process)
says what is legal; the page must offer it as parts to click, and the server must accept it.

Every table here is started from the lobby page, as a person does (issue 20: "no test of a
page path may take a link or token from the API"): a friend's link is read from the invite
card, the watch link from the lobby's Copy, my own seat is the page the lobby opens, and the
table is found by the page's own address. The server is read only to check what the pages
did (and, as the engine's state, to know which move is legal).
"""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
import warnings
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
from .test_invite import CLIPBOARD, start_from_lobby
from .test_phone_envyra import over, play_one

GAMES = [("alhambra", 2), ("alhambra-rw", 2), ("envyra", 3), ("ubongo", 2)]


def table_id_of(page: Any) -> str:
    """The table the page shows, by its own address (/t/<id>#token=...)."""
    return str(page.url.split("/t/")[1].split("#")[0].split("?")[0])


def open_with_bots(page: Any, server: LiveServer, game: str, players: int,
                   level: str = "medium") -> str:
    """The lobby as a person uses it: my name known to this browser, the game, me and bots
    of `level`, Start; the lobby opens my seat. The table's id, from the page's address."""
    page.add_init_script("localStorage.setItem('herna.name', 'Ana')")
    start_from_lobby(page, server.url, game, players, {s: level for s in range(1, players)})
    page.wait_for_url("**/t/*")
    return table_id_of(page)


def invite_from_lobby(page: Any, server: LiveServer, game: str, players: int,
                      seats: dict[int, str]) -> tuple[str, dict[int, str]]:
    """Start from the lobby with `seats` (some "friend"); the table's id as the lobby shows
    it (its watch link) and each friend's link, read from the invite card on the page."""
    start_from_lobby(page, server.url, game, players, seats)
    page.locator("#created .invite-card").first.wait_for()
    watch = page.locator("#watch-link").input_value()
    links = {int(s): page.locator(f'#created .invite-card[data-seat="{s}"] input.link')
             .input_value() for s, kind in seats.items() if kind == "friend"}
    return watch.rsplit("/t/", 1)[1], links


def wait_for(condition: Any, timeout: float = 60, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.03)


def follow(page: Any, link: Any, url: str, server: LiveServer) -> None:
    """Tap a link and wait for the page it leads to (`url`, a glob).

    A tap that starts no navigation within 20 s is tried once more, and the warning says
    what was seen (where the page was, where the link points, whether the server answered
    that address itself, and how fast): a CI run once saw a tap on My games' replay link
    start nothing for 60 s, and that is worth knowing the next time, not only a red run."""
    href = link.get_attribute("href")
    try:
        with page.expect_navigation(url=url, wait_until="commit", timeout=20_000):
            link.click()
    except PlaywrightError as first:
        started = time.monotonic()
        try:
            answer = httpx.get(server.url + href, timeout=10).status_code
        except httpx.HTTPError as e:
            answer = repr(e)
        seen = (f"page at {page.url}, link {href!r}, server answered {answer} in "
                f"{time.monotonic() - started:.2f} s; first tap: {str(first).splitlines()[0]}")
        warnings.warn(f"a tap on a link started no navigation in 20 s ({seen})", stacklevel=2)
        with page.expect_navigation(url=url, wait_until="commit", timeout=40_000):
            link.click()
    page.wait_for_load_state("load")


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
    try:
        wait_for(lambda: table.version > version, what="the move applied")
    except AssertionError as e:  # say what the page showed (a once-seen flake in CI)
        status = page.locator("#status").all_inner_texts()  # (no waiting for either)
        turn = " ".join(page.locator("#turn").all_inner_texts())[:300]
        raise AssertionError(f"{e}: table at {table.version}, page drew "
                             f"{drawn_version(page)}; the page's status {status!r}, its "
                             f"move box {turn!r}") from None


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_whole_game_by_clicking(page: Any, live_server: LiveServer, game: str,
                                players: int) -> None:
    table_id = open_with_bots(page, live_server, game, players)
    rng = random.Random(3)
    moves = 0
    failures: list[str] = []
    while my_turn(live_server, page, table_id, 0):
        table = live_server.table(table_id)
        try:
            act_by_clicks(page, live_server, table_id, 0, rng)
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
    assert page.locator("#again").is_visible()  # pressed in tests/web/test_friends.py
    mine = [text for seat, text in live_server.table(table_id).state.record()["actions"]
            if seat == 0]
    if game == "ubongo":  # at least one real solution was dragged into place and accepted
        assert any(text.startswith("solve ") for text in mine)


def test_lobby_starts_a_table(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "3")
    page.select_option("#seat-1", "easy")
    page.select_option("#seat-2", "hard")
    page.locator("#opt-simple").check()
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    table_id = table_id_of(page)
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
    open_with_bots(page, live_server, "alhambra", 2)
    wait_for(lambda: page.locator("#board svg").count() >= 1, what="the drawing")
    page.select_option(".lang-picker", "cs")
    wait_for(lambda: "Váš tah" in page.locator("#turn").inner_text()
             or "Čeká se" in page.locator("#turn").inner_text(), what="Czech words")
    wait_for(lambda: "Stavební trh" in page.locator("#board").inner_html()
             or "stavební trh" in page.locator("#board").inner_html().lower(),
             what="the drawing in Czech")
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my turn")
    page.locator("#notation").fill("take zz")
    page.locator(".notation button").click()
    wait_for(lambda: page.locator("#message").count() == 1, what="the refusal")
    assert "peněžní" in page.locator("#message").inner_text().lower()


def test_friend_sees_none_of_my_secret_marks(browser: Any, live_server: LiveServer) -> None:
    """Two browser contexts at one table, the friend's by the link on the lobby's invite
    card: seat 1's page never holds seat 0's marks until both have chosen, and after that
    shows them."""
    host = browser.new_context(viewport={"width": 1366, "height": 768})
    host.add_init_script("localStorage.setItem('herna.name', 'Ana')")
    lobby = host.new_page()
    table_id, links = invite_from_lobby(lobby, live_server, "envyra", 3,
                                        {1: "friend", 2: "medium"})
    table = live_server.table(table_id)
    lobby.locator("#go").click()  # my own seat, the lobby's button
    lobby.wait_for_url("**/t/*")
    friend = browser.new_context(viewport={"width": 1366, "height": 768})
    friend.add_init_script("localStorage.setItem('herna.name', 'Bára')")
    pages = [lobby, friend.new_page()]
    pages[1].goto(links[1])
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
    host.close()
    friend.close()


def test_hot_seat_covers_the_screen_between_players(page: Any,
                                                     live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "2")
    page.select_option("#seat-1", "hotseat")
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    table = live_server.table(table_id_of(page))
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


def test_reopening_the_table_from_my_tables(browser: Any, live_server: LiveServer) -> None:
    """The tab is closed mid-game; the lobby's My tables opens the table again, as it is."""
    context = browser.new_context()
    pg = context.new_page()
    table_id = open_with_bots(pg, live_server, "alhambra-rw", 2)
    table = live_server.table(table_id)
    rng = random.Random(1)
    for _ in range(3):
        assert my_turn(live_server, pg, table_id, 0)
        act_by_clicks(pg, live_server, table_id, 0, rng)
    version = table.version
    pg.close()  # the tab is closed ...
    pg = context.new_page()  # ... and the table opened again from the lobby's list
    pg.goto(live_server.url + "/")
    reopen = pg.locator(f'#mine li[data-table="{table_id}"] a.reopen')
    reopen.click()
    pg.wait_for_url(f"**/t/{table_id}*")
    wait_for(lambda: drawn_version(pg) >= version, what="the table as it is")
    assert pg.locator("#board").get_attribute("data-seat") == "0"  # my seat, not a watcher
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
    reconnects by itself and plays on to the end. The table is started in the lobby and
    played by the page alone; the server (another process here) is asked only, as anyone
    may, how far the table is (its id from the page's address), to check nothing was lost."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    db = tmp_path / "herna.db"
    proc = _serve(port, db)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('herna.name', 'Ana')")
        start_from_lobby(page, base, "envyra", 2, {1: "medium"})
        page.wait_for_url("**/t/*")
        table_id = table_id_of(page)

        def version() -> int:  # what a spectator is told: public
            return int(httpx.get(f"{base}/api/tables/{table_id}").json()["version"])

        for _ in range(3):
            play_one(page, False)
        before = drawn_version(page)
        assert before > 0 and version() >= before
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        proc = _serve(port, db)
        assert version() >= before  # every acknowledged move is still there
        wait_for(lambda: page.locator("#status").get_attribute("data-state") == "live",
                 what="the page reconnected by itself")
        moves = 0
        while not over(page):
            assert moves < 400, "the game did not end"
            play_one(page, False)
            moves += 1
        assert moves > 0
        wait_for(lambda: "Game over" in page.locator("#turn").inner_text(), what="the end")
        record = httpx.get(f"{base}/api/tables/{table_id}/record").json()
        assert record["outcome"]["scores"]
    finally:
        context.close()
        proc.kill()
        proc.wait(timeout=10)


def test_watch_link_from_the_lobby_shows_only_public_facts(browser: Any,
                                                           live_server: LiveServer) -> None:
    """The watch link the lobby shows, copied with its Copy button, opened in a browser of
    its own: the table is drawn for a spectator, with no move to make, no seat's name to
    give and every hand hidden; my own page (the lobby's seat button) sees my hand."""
    host = browser.new_context(viewport={"width": 1366, "height": 768}, permissions=CLIPBOARD)
    host.add_init_script("localStorage.setItem('herna.name', 'Ana')")
    lobby = host.new_page()
    start_from_lobby(lobby, live_server.url, "alhambra", 3, {1: "friend", 2: "medium"})
    row = lobby.locator("#created .watch-row")
    row.wait_for()
    row.locator("button.copy").click()
    wait_for(lambda: row.locator(".copied").inner_text() == "Copied", what="Copied")
    link = lobby.evaluate("navigator.clipboard.readText()")
    assert link == lobby.locator("#watch-link").input_value()
    assert link == lobby.locator("#watch").get_attribute("href")  # its Open button too
    assert "token" not in link
    table = live_server.table(link.rsplit("/t/", 1)[1])

    watcher = browser.new_context(viewport={"width": 1366, "height": 768})
    page = watcher.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    wait_for(lambda: drawn_version(page) == table.version, what="the spectator's drawing")
    assert page.locator("#board svg").count() >= 1
    assert page.locator("#board").get_attribute("data-seat") in (None, "")
    assert "watching" in page.locator("#title").inner_text()
    assert page.locator("#notation").count() == 0
    assert page.locator("#board [data-part]").count() == 0
    assert page.locator("#name-ask, #again, #undo").count() == 0
    hands = page.locator("#board .hand-count")
    assert hands.count() == 3 and all("hidden" in (hands.nth(i).text_content() or "")
                                      for i in range(3))
    # the public facts are there: every seat by its name, the market, the log
    players = page.locator("#scores").inner_text()
    assert "Ana" in players and "Player 2" in players and "Bot" in players
    assert page.locator("#log").count() == 1
    # my own page shows my hand: the spectator's hidden hands are hidden, not missing
    lobby.locator("#go").click()
    lobby.wait_for_url("**/t/*")
    wait_for(lambda: drawn_version(lobby) == table.version, what="my seat drawn")
    mine = lobby.locator("#board .hand-count")
    assert sum("hidden" not in (mine.nth(i).text_content() or "")
               for i in range(mine.count())) == 1
    watcher.close()
    host.close()
    assert not errors, errors


def test_ubongo_on_a_phone_shows_my_card_when_a_race_starts(browser: Any,
                                                              live_server: LiveServer) -> None:
    """On a phone, when a race starts, my card and its pieces are on the screen (the page
    scrolls to them if it was left elsewhere), not the gem board."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    pg = context.new_page()
    table_id = open_with_bots(pg, live_server, "ubongo", 2)  # named before: not asked
    table = live_server.table(table_id)
    rng = random.Random(2)
    failures: list[str] = []
    while not (table.state.phase == "race" and 0 in table.state.to_act()):
        assert my_turn(live_server, pg, table_id, 0)
        try:
            act_by_clicks(pg, live_server, table_id, 0, rng)  # a start field
        except (AssertionError, PlaywrightError) as e:
            # as in test_whole_game_by_clicking: the move was chosen from the engine's state,
            # read from another thread than the page's; choose again, twice at most
            failures.append(f"at version {table.version} (page {drawn_version(pg)}): {e}")
            assert len(failures) < 3, "\n".join(failures)
            warnings.warn(f"a move chosen again: {failures[-1]}", stacklevel=1)
    wait_for(lambda: drawn_version(pg) == table.version, what="the race drawn")
    card = pg.locator("#ubongo-card").bounding_box()
    assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= 390
    assert card["y"] >= 0 and card["y"] + card["height"] <= 844
    context.close()
