"""A socket the server closed, and the page's answer (docs/API.md, the socket's close codes):
dropped for falling behind (4408), it reconnects at once and plays on; refused for too many
sockets (4429), it says so, waits and tries again; a wrong link (4403, 4404) is final
(test_invite.py)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx

from herna import web
from herna.server.abuse import Limits

from .conftest import LiveServer
from .test_invite import close, drawn_version, new_page, play_one_move, start_from_lobby, wait_for


def _drop(server: LiveServer, table_id: str, seat: int, code: int) -> int:
    """Close the seat's sockets from the server's side, as its queue filling does; how many."""
    table = server.table(table_id)
    mine = [w for w in list(table.watchers) if w.seat == seat and not w.gone]
    for w in mine:
        assert w.pump is not None
        w.pump.get_loop().call_soon_threadsafe(w.drop, code, "fell behind: reconnect")
    return len(mine)


def test_a_socket_that_fell_behind_reconnects_and_plays_on(browser: Any,
                                                           live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana")
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url))
    start_from_lobby(page, live_server.url, "envyra", 2, {0: "me", 1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+#token=[\w-]+$"))
    table_id = re.findall(r"/t/([\w-]+)#", page.url)[0]
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "live",
             what="the socket")
    play_one_move(page)
    sockets = len(opened)
    t0 = time.monotonic()
    with page.expect_websocket(timeout=5000):  # the next socket, at once
        assert _drop(live_server, table_id, 0, 4408) == 1
    assert time.monotonic() - t0 < 3
    wait_for(lambda: page.locator("#status").get_attribute("data-state") == "live"
             and len(live_server.table(table_id).watchers) == 1, what="the socket back")
    assert page.locator("#turn .error").count() == 0
    # it plays on: my moves go through, the others' arrive through the new socket
    version = live_server.table(table_id).version
    for _ in range(2):
        play_one_move(page)
    wait_for(lambda: live_server.table(table_id).version > version + 1, what="moves after")
    wait_for(lambda: drawn_version(page) == live_server.table(table_id).version
             or live_server.table(table_id).state.is_over(), what="the page up to date")
    assert len(opened) == sockets + 1  # one reconnect, no more
    close(page)


def test_too_many_sockets_waits_says_so_and_comes_back(browser: Any, tmp_path: Path) -> None:
    from websockets.sync.client import connect

    server = LiveServer(tmp_path / "busy.db", limits=Limits(
        create=None, actions=None, sockets_per_table=1, sockets_per_client=0)).start()
    try:
        made = httpx.post(server.url + "/api/tables", json={
            "game": "envyra", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]}).json()
        token = made["seats"][0]["token"]
        ws_url = server.url.replace("http", "ws", 1) + f"/api/tables/{made['id']}/ws"
        with connect(ws_url) as holder:  # a spectator holds the table's one socket
            holder.recv(timeout=10)
            page = new_page(browser)
            opened: list[str] = []
            page.on("websocket", lambda ws: opened.append(ws.url))
            page.goto(f"{server.url}/t/{made['id']}#token={token}")
            busy = web.catalog().en["status.busy"]
            wait_for(lambda: page.locator("#status").get_attribute("data-state") == "busy"
                     and page.locator("#status").inner_text() == busy, what="the busy note")
            assert page.locator("#turn .error").count() == 0  # not a wrong link
            with page.expect_websocket(timeout=10_000):  # a second try, after a wait
                pass
        wait_for(lambda: page.locator("#status").get_attribute("data-state") == "live",
                 timeout=30, what="the socket after the wait")
        page.wait_for_selector("#board svg")
        tries = len(opened)
        page.wait_for_timeout(1000)
        assert len(opened) == tries  # connected: no more tries
        close(page)
    finally:
        server.stop()
