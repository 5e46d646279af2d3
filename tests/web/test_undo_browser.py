"""Undo in the browser, from the lobby page alone (issue 21): I start Alhambra against a bot,
buy a tile by clicking the market and my cards, and the move box offers Undo; a click (or the
keyboard) takes the purchase back, the Undo button goes, and the log keeps the step struck
through and marked "undone". At 1366x768 and 390x844, with the layout rules met and a
screenshot kept. No link, token or id is taken from the API; the server is read only to
check what the page did."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import (
    close,
    drawn_version,
    my_turn,
    new_page,
    play_one_move,
    start_from_lobby,
    start_with_switch_off,
    wait_for,
)

MARKET = '#board [data-part^="market:"].live'


def buy_a_tile(page: Any) -> str:
    """Click a lit market space, then lit cards of my hand until the purchase is sent (the
    page sends it once the clicks make exactly one move); returns the log's new line."""
    before = drawn_version(page)
    page.locator(MARKET).first.click()
    for _ in range(12):
        if drawn_version(page) > before:
            break
        exact = page.locator("#turn .moves button.primary")
        if exact.count():
            exact.first.click()
        else:
            page.locator("#board .part.live").first.click()
        wait_for(lambda: drawn_version(page) > before or my_turn(page), timeout=10)
    wait_for(lambda: drawn_version(page) > before, what="the purchase applied")
    return str(page.locator("#log ol.log > li").last.inner_text())


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_undo_a_purchase_from_the_page(browser: Any, live_server: LiveServer,
                                       size: str) -> None:
    page = new_page(browser, name="Ana", **(PHONE if size == "390x844" else DESKTOP))
    start_from_lobby(page, live_server.url, "alhambra", 2, {1: "easy"})
    page.wait_for_selector("#board svg")
    table_id = page.evaluate("location.pathname").rsplit("/", 1)[1]
    # my turn (the bot may begin); a turn where no tile can be paid is played on
    for _ in range(8):
        wait_for(lambda: my_turn(page), what="my turn")
        if page.locator(MARKET).count():
            break
        play_one_move(page)
    assert page.locator(MARKET).count(), "no tile could be bought in eight turns"
    assert page.locator("#undo").count() == 0  # nothing of mine to take back yet
    table = live_server.table(table_id)
    standing = len(table.state.history)

    bought = buy_a_tile(page)
    assert "Ana" in bought
    undo = page.locator("#undo")
    undo.wait_for()
    assert undo.inner_text() == "Undo" and undo.get_attribute("title")
    assert len(table.state.history) == standing + 1
    assert check_layout(page) == []
    shot(page, f"undo-offered-{size}", full_page=False)  # a phone's move box is fixed

    version = drawn_version(page)
    undo.click()
    wait_for(lambda: drawn_version(page) > version, what="the undo drawn")
    assert page.locator("#undo").count() == 0  # the turn's first step: nothing before it
    assert len(table.state.history) == standing  # the server took the purchase back
    struck = page.locator("#log ol.log > li.undone")
    assert struck.count() == 1
    assert struck.locator("s").count() == 1 and "undone" in struck.inner_text()
    assert struck.inner_text().split(" · ")[0] == bought.split(" · ")[0].split("\n")[0]
    assert page.locator(MARKET).count()  # my turn again, from its start
    assert check_layout(page) == []
    page.locator("#log").scroll_into_view_if_needed()
    shot(page, f"undo-done-{size}", full_page=False)

    # from the keyboard too: Tab reaches Undo and Enter takes the step back; Ctrl+Z does
    buy_a_tile(page)
    page.locator("#undo").wait_for()
    page.locator("#undo").focus()
    version = drawn_version(page)
    page.keyboard.press("Enter")
    wait_for(lambda: drawn_version(page) > version, what="undone by Enter")
    buy_a_tile(page)
    page.locator("#undo").wait_for()
    page.locator("#board").click(position={"x": 2, "y": 2})  # focus out of any field
    version = drawn_version(page)
    page.keyboard.press("Control+z")
    wait_for(lambda: drawn_version(page) > version, what="undone by Ctrl+Z")
    assert page.locator("#log ol.log > li.undone").count() == 3
    assert len(table.state.history) == standing
    close(page)


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_the_lobby_switches_undo_off_for_a_table(browser: Any, live_server: LiveServer,
                                                 size: str) -> None:
    """The lobby's checkbox (on by default): a table started with it off never offers Undo."""
    page = new_page(browser, name="Ana", **(PHONE if size == "390x844" else DESKTOP))
    table = start_with_switch_off(page, live_server, "undo",
                                  "Players may undo steps within their turn", size)
    assert table.row.undo is False
    for _ in range(8):
        wait_for(lambda: my_turn(page), what="my turn")
        if page.locator(MARKET).count():
            break
        play_one_move(page)
    buy_a_tile(page)
    assert table.steps[-1].quiet and table.state.to_act() == (0,)  # a step undo would take
    assert page.locator("#undo").count() == 0
    close(page)
