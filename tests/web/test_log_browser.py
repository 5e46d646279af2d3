"""The table page past Ubongo's hourglass: the clock says it has run out (once, then twice),
and a solve after it is announced as too late (the page's live region) and shown in
the log under the move that closed the race. The server's clock is set by the test.

From the pages alone: I start the table in the lobby with seat 2 for a friend, open my seat
with the lobby's button; the friend opens the link read from the invite card. Both choose
their start fields and lay their solutions by the page (pieces dragged onto the card). The
engine's state (the server runs in this process) only tells the test a real solution and
whose turn it is; the table is found from the page's own address.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

from herna.server import tables as tables_mod
from herna.web import catalog

from .conftest import LiveServer
from .test_invite import close, new_page, start_from_lobby, wait_for
from .test_phone_ubongo import lay_solution, settled, table_of


class Clock:
    def __init__(self) -> None:
        self.now = time.monotonic()

    def monotonic(self) -> float:
        return self.now


def test_ubongo_clock_and_a_late_solve_on_the_page(browser: Any, live_server: LiveServer,
                                                   monkeypatch: Any) -> None:
    clock = Clock()
    monkeypatch.setattr(tables_mod, "time", SimpleNamespace(monotonic=clock.monotonic,
                                                            time=time.time))
    host = new_page(browser, name="Ana")
    start_from_lobby(host, live_server.url, "ubongo", 2, {1: "friend"})
    card = host.locator('#created .invite-card[data-seat="1"]')
    card.wait_for()
    link = card.locator("input.link").input_value()
    host.locator("#go").click()
    host.wait_for_url("**/t/*")
    table = table_of(live_server, host)
    assert table.state.timer == 60  # the lobby's default hourglass
    friend = new_page(browser, name="Ben")
    friend.goto(link)
    pages = [host, friend]
    while table.state.phase == "start":  # each taps a lit start field in turn
        seat = table.state.to_act()[0]
        settled(pages[seat], table)
        version = table.version
        pages[seat].locator("#board .part.live").last.click()
        wait_for(lambda v=version: table.version > v, what="a start field chosen")
    clock.now += 20
    settled(host, table)
    lay_solution(host, table, 0, False)
    wait_for(lambda: table.state.submissions[0] is not None, what="my card solved in time")
    clock.now += 50  # 70 s: the hourglass (60 s) has run out
    c = catalog()
    friend.reload()
    out = c.t("clock.out", "en", s="X").split("X")[0]
    wait_for(lambda: out in (friend.locator("#clock").text_content() or ""),
             what="the clock says the hourglass has run out")
    assert "turned again" not in (friend.locator("#clock").text_content() or "")
    clock.now += 60  # 130 s: it has run out twice
    friend.reload()
    wait_for(lambda: c.t("clock.over", "en") in (friend.locator("#clock").text_content() or ""),
             what="the clock says the hourglass has run out twice")
    settled(friend, table)
    lay_solution(friend, table, 1, False)
    wait_for(lambda: "too late" in (friend.locator("#announce").text_content() or ""),
             what="the late solve announced")
    late_line = friend.locator("#log li.event-late")
    assert late_line.count() == 1 and "in time: Ana" in (late_line.text_content() or "")
    assert c.t("log.auto", "en") in (late_line.text_content() or "")
    assert friend.locator("#clock").count() == 0  # the race is over: no clock
    # the host's page shows the same line
    wait_for(lambda: host.locator("#log li.event-late").count() == 1, what="the host's log")
    close(friend)
    close(host)
