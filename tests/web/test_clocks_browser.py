"""Clocks in the browser, from the lobby page alone (issue 21): I start Alhambra with a friend
(who opens the link the lobby shows) at 30 s a move, and the page shows my time counting
down (urgent under 10 s); my time runs out and its grace period with it, the server's own
check (every second) hands my seat to a bot, which plays for me while the page says "Bot
plays for Ana" and offers to take the seat back; I take it, and when my move comes again
(after the friend's) it is mine. At 1366x768 and 390x844, the layout rules met and
screenshots kept. (A friend, not a bot, sits opposite: the game goes on only as the test
plays it, so it never ends before the page is looked at.)

The server's clock is moved on through the test-only hook (`app.state.tables.now`), never by
waiting; no link, token or id is taken from the API, and the server is read only to check
what the page did.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import close, new_page, play_one_move, wait_for


class Ahead:
    """The server's wall clock, `by` seconds ahead of the real one; `hold` stops it (but for
    `by`) so that a step the test waits for does not depend on how busy the machine is."""

    def __init__(self) -> None:
        self.by = 0.0
        self.held: float | None = None

    def __call__(self) -> float:
        return (time.time() if self.held is None else self.held) + self.by

    def hold(self) -> None:
        self.held = time.time()

    def release(self) -> None:
        self.held = None


def my_turn(page: Any) -> bool:
    return page.locator("#board .part.live, #turn button.move").count() > 0


def log_lines_of(page: Any, who: str) -> int:
    return int(page.evaluate("""(who) => [...document.querySelectorAll("#log ol.log > li")]
        .filter((li) => li.querySelector(":scope > b")?.textContent === who).length""", who))


HEAR = """() => {
    window.heard = [];
    const box = document.getElementById('announce');
    new MutationObserver(() => window.heard.push(box.textContent))
      .observe(box, { childList: true, characterData: true, subtree: true });
}"""


def heard(page: Any) -> str:
    """All the polite live region said since HEAR, one announcement a line."""
    return "\n".join(page.evaluate("window.heard"))


def friend_moves(friend: Any, host: Any) -> None:
    """The friend plays (from their page) until it is my move."""
    for _ in range(12):
        if my_turn(host):
            return
        wait_for(lambda: my_turn(friend) or my_turn(host), timeout=30, what="someone's move")
        if my_turn(friend):
            play_one_move(friend)
    wait_for(lambda: my_turn(host), what="my move")


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_my_time_runs_out_a_bot_plays_for_me_and_i_take_my_seat_back(
        browser: Any, live_server: LiveServer, size: str) -> None:
    tables = live_server.app.state.tables
    ahead = Ahead()
    tables.now = ahead
    page = new_page(browser, name="Ana", **(PHONE if size == "390x844" else DESKTOP))
    friend = new_page(browser, name="Ben")
    try:
        page.goto(live_server.url + "/")
        page.locator('button[data-game="alhambra"]').click()
        page.select_option("#players", "2")
        page.select_option("#seat-1", "friend")
        assert page.locator("#clock-level").count() == 0  # no clock, no bot to choose
        page.select_option("#clock", "move")
        page.select_option("#clock-level", "medium")
        assert page.locator("#clock-hint").is_visible()
        assert check_layout(page) == []
        shot(page, f"clocks-lobby-{size}")
        page.locator("#start").click()
        link = page.locator('#created .invite-card[data-seat="1"] input.link').input_value()
        page.locator("#go").click()  # my seat, from the invitation
        page.wait_for_selector("#board svg")
        friend.goto(link)  # the friend opens the link I sent
        friend.wait_for_selector("#board svg")
        table_id = page.evaluate("location.pathname").rsplit("/", 1)[1]
        table = live_server.table(table_id)
        assert table.row.clock["kind"] == "move" and table.row.clock["level"] == "medium"

        # my move (the friend may begin): my time counts down from 30 s, on both pages
        friend_moves(friend, page)
        mine = page.locator("#clocks .seat-clock.mine .time")
        mine.wait_for()
        first = mine.inner_text()
        assert re.fullmatch(r"Your time: 0:[0-3]\d", first), first
        wait_for(lambda: mine.inner_text() != first, timeout=5, what="the clock counting down")
        assert page.locator("#clocks .seat-clock.urgent").count() == 0
        theirs = friend.locator("#clocks .seat-clock:not(.mine) .time")
        assert re.fullmatch(r"Ana: 0:[0-3]\d", theirs.inner_text()), theirs.inner_text()
        assert check_layout(page) == []
        shot(page, f"clocks-my-time-{size}", full_page=False)

        # 4 s before my time is up by the server's clock, held there whatever the real time
        # takes (the page hears it with its next payload)
        left = int(mine.inner_text().rsplit(":", 1)[1])
        ahead.hold()
        ahead.by = max(0, left - 4)
        page.reload()
        mine = page.locator("#clocks .seat-clock.mine.urgent .time")
        mine.wait_for()
        assert re.fullmatch(r"Your time: 0:0\d", mine.inner_text()), mine.inner_text()
        assert check_layout(page) == []
        shot(page, f"clocks-urgent-{size}", full_page=False)

        # my time and the grace period are over: the server's check (every second) hands
        # my seat to a medium bot, which plays my move; then the table waits for the friend
        mine_before = log_lines_of(page, "Ana")
        page.evaluate(HEAR)
        friend.evaluate(HEAR)
        ahead.release()
        ahead.by = 25 + 30 + 30 + 1
        page.wait_for_selector("#take-back")
        assert page.locator("#clocks .stand-in .bot-badge").inner_text() == "Bot plays for Ana"
        assert page.locator("#scores em.bot-badge").inner_text() == "bot plays"
        assert table.row.seats[0].stand_in is True
        wait_for(lambda: log_lines_of(page, "Ana") > mine_before, timeout=60,
                 what="the bot's move for me in the log")
        wait_for(lambda: my_turn(friend), timeout=60, what="the friend's move")
        assert not my_turn(page)  # nothing of mine to choose while the bot plays for me
        friend.locator("#clocks .stand-in .bot-badge").wait_for()  # the friend sees it too
        # the bot's moves say whom they were for, in the log and aloud; the take-over is
        # announced to screen readers on both pages
        marks = page.locator("#log ol.log > li .stand-in-mark")
        assert marks.count() >= 1 and marks.first.inner_text().strip() == "(bot for Ana)"
        assert friend.locator("#log ol.log > li .stand-in-mark").count() == marks.count()
        for who in (page, friend):
            wait_for(lambda w=who: "Ana: a bot plays this seat now" in heard(w),
                     what="the take-over announced")
        assert "(bot for Ana)" in heard(friend)  # the move itself, said with its mark
        marks.last.scroll_into_view_if_needed()
        shot(page, f"clocks-bot-log-{size}", full_page=False)
        assert check_layout(page) == []
        shot(page, f"clocks-bot-plays-{size}", full_page=False)

        # I take my seat back: the badge goes, and my next move is mine
        page.locator("#take-back").click()
        # (a push sent before it may still arrive after the answer: the next one is newer)
        wait_for(lambda: page.locator("#take-back, .bot-badge").count() == 0,
                 what="the seat taken back")
        assert table.row.seats[0].stand_in is False
        wait_for(lambda: friend.locator(".bot-badge").count() == 0, what="the friend told")
        for who in (page, friend):
            wait_for(lambda w=who: "Ana: the seat is back, no bot plays it now" in heard(w),
                     what="the seat taken back announced")
        friend_moves(friend, page)
        mine = page.locator("#clocks .seat-clock.mine .time")
        mine.wait_for()
        assert re.fullmatch(r"Your time: 0:[0-3]\d", mine.inner_text()), mine.inner_text()
        assert not table.bot_seats
        assert check_layout(page) == []
        shot(page, f"clocks-taken-back-{size}", full_page=False)
    finally:
        tables.now = time.time
        close(friend)
        close(page)


def test_my_tables_list_the_table_waiting_for_my_move_first(browser: Any,
                                                             live_server: LiveServer) -> None:
    """Two tables from the lobby: a slow one waiting for my move comes first in My tables,
    with my time left in words; in Czech too."""
    page = new_page(browser, name="Ana")
    try:
        for clock in ("none", "slow"):
            page.goto(live_server.url + "/")
            page.locator('button[data-game="envyra"]').click()
            page.select_option("#players", "2")
            page.select_option("#seat-1", "friend")  # a friend: the table waits for people
            page.select_option("#clock", clock)
            page.locator("#start").click()
            page.locator("#created").wait_for()
        rows = page.locator("#mine .my-tables li.my-move")
        wait_for(lambda: rows.count() == 2, what="both tables waiting for my move")
        first = rows.first.inner_text()
        assert "Your move · 24 h 0 min left" in first, first  # a day, rounded up
        assert "Your move" in rows.nth(1).inner_text()
        assert "left" not in rows.nth(1).inner_text()  # no clock: no time to tell
        page.select_option(".lang-picker", "cs")
        wait_for(lambda: "Jste na tahu · zbývá" in rows.first.inner_text(), what="Czech words")
        assert check_layout(page) == []
        shot(page, "clocks-my-tables-1366x768")
    finally:
        close(page)
