"""The table page past Ubongo's hourglass: the clock says it has run out (once, then twice),
and a solve after it is announced as too late (the page's live region) and shown in
the log under the move that closed the race. The server's clock is set by the test."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import httpx

from herna.server import tables as tables_mod
from herna.web import catalog

from .conftest import LiveServer
from .test_browser import create, wait_for


class Clock:
    def __init__(self) -> None:
        self.now = time.monotonic()

    def monotonic(self) -> float:
        return self.now


def post(server: LiveServer, tid: str, tok: str, action: str) -> dict[str, Any]:
    r = httpx.post(f"{server.url}/api/tables/{tid}/actions", json={"token": tok,
                                                                     "action": action})
    assert r.status_code == 200, r.text
    return dict(r.json())


def solve(table: Any, seat: int) -> str:
    """A solution of the seat's card, as the engine lists it (the server stamps the time)."""
    return next(str(a) for a in table.state.legal_actions(seat) if str(a).startswith("solve"))


def test_ubongo_clock_and_a_late_solve_on_the_page(page: Any, live_server: LiveServer,
                                                   monkeypatch: Any) -> None:
    clock = Clock()
    monkeypatch.setattr(tables_mod, "time", SimpleNamespace(monotonic=clock.monotonic))
    made = create(live_server, "ubongo", 2, humans=2, seed=5, lang="en", timer=60)
    tid = made["id"]
    toks = [s["token"] for s in made["seats"]]
    table = live_server.table(tid)
    while table.state.phase == "start":
        seat = table.state.to_act()[0]
        post(live_server, tid, toks[seat], str(table.state.legal_actions(seat)[0]))
    clock.now += 20
    post(live_server, tid, toks[0], solve(table, 0))
    clock.now += 50  # 70 s: the hourglass (60 s) has run out
    c = catalog()
    page.add_init_script("localStorage.setItem('herna.name', 'Ben')")
    page.goto(live_server.url + made["seats"][1]["url"])
    out = c.t("clock.out", "en", s="X").split("X")[0]
    wait_for(lambda: out in (page.locator("#clock").text_content() or ""),
             what="the clock says the hourglass has run out")
    assert "turned again" not in (page.locator("#clock").text_content() or "")
    clock.now += 60  # 130 s: it has run out twice
    page.reload()
    wait_for(lambda: c.t("clock.over", "en") in (page.locator("#clock").text_content() or ""),
             what="the clock says the hourglass has run out twice")
    post(live_server, tid, toks[1], solve(table, 1))
    wait_for(lambda: "too late" in (page.locator("#announce").text_content() or ""),
             what="the late solve announced")
    late_line = page.locator("#log li.event-late")
    assert late_line.count() == 1 and "in time: Player 1" in (late_line.text_content() or "")
    assert c.t("log.auto", "en") in (late_line.text_content() or "")
    assert page.locator("#clock").count() == 0  # the race is over: no clock
