"""Alhambra on a phone (390x844, touch) and a desktop (1366x768), the way a person plays it:
from the lobby alone (me and two bots), moves made by tapping the lit parts, the same table
opened on a desktop from the page's own address. At the start, while I place a tile I bought
and at the end, neither screen scrolls sideways, no drawn text is under 12 px and every lit
part is a finger's size (tests/web/layoutkit.py); a screenshot of each is kept."""

from __future__ import annotations

import time
from typing import Any

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import drawn_version, new_page, start_from_lobby, wait_for


def order(page: Any) -> list[str]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('#board .areas > .area')].map(a => a.dataset.area)"))


def over(page: Any) -> bool:
    heading = page.locator("#turn h2")
    return heading.count() > 0 and heading.first.inner_text() == "Game over"


def my_move(page: Any) -> bool:
    """One move of mine by taps: the first lit part until a move is complete (then its
    button), or the one plain button (end the turn). False when it is not my turn."""
    if over(page) or not page.locator("#board .part.live, #turn button.move").count():
        return False
    before = drawn_version(page)
    for _ in range(12):
        if drawn_version(page) > before:
            return True
        exact = page.locator("#turn .moves button.primary")
        lit = page.locator("#board .part.live")
        if exact.count():
            exact.first.tap()
        elif lit.count():
            lit.first.tap()
        elif page.locator("#turn button.move").count():
            page.locator("#turn button.move").first.tap()
        try:
            wait_for(lambda: drawn_version(page) > before or page.locator(
                "#board .part.live, #turn .moves button.primary").count() > 0, timeout=5)
        except AssertionError:
            continue
    wait_for(lambda: drawn_version(page) > before, what="my move applied")
    return True


def checked(pages: dict[str, Any], name: str) -> None:
    """Both screens meet the layout rules now; a screenshot of each is kept."""
    phone, desktop = pages["phone"], pages["desktop"]
    wait_for(lambda: drawn_version(desktop) == drawn_version(phone), what="the desktop in step")
    for size, page in (("390x844", phone), ("1366x768", desktop)):
        assert check_layout(page) == [], (name, size)
        shot(page, f"alhambra-{name}-{size}")


def test_alhambra_from_the_lobby_to_the_end_on_a_phone_and_a_desktop(
        browser: Any, live_server: LiveServer) -> None:
    phone = new_page(browser, name="Ana", **PHONE)
    start_from_lobby(phone, live_server.url, "alhambra", 3, {0: "me", 1: "easy", 2: "easy"})
    phone.wait_for_url("**/t/*")
    wait_for(lambda: phone.locator("#board .part.live").count() > 0, what="my turn")
    # the same seat on a desktop, by the address the page shows (as a person copies it)
    desktop = new_page(browser, name="Ana", **DESKTOP)
    desktop.goto(phone.url)
    pages = {"phone": phone, "desktop": desktop}
    wait_for(lambda: drawn_version(desktop) == drawn_version(phone), what="the desktop drawn")

    # my turn in the action phase: the market first, my own area next, the others as rows
    assert order(phone)[:2] == ["market", "seat-0"]
    assert phone.locator('[data-area="seat-1"] details').get_attribute("open") is None
    assert "points" in phone.locator('[data-area="seat-1"] summary').inner_text()
    assert desktop.locator("#board details:not([open])").count() == 0
    checked(pages, "start")

    placed = False
    deadline = time.monotonic() + 600  # a hang guard, not a speed goal
    while not over(phone):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not placed and order(phone)[0] == "seat-0":
            # I bought a tile: my own area comes first, its free places lit
            assert phone.locator('#board [data-part^="cell:"].live').count() > 0
            checked(pages, "placing")
            placed = True
        if not my_move(phone):
            wait_for(lambda: over(phone) or phone.locator(
                "#board .part.live, #turn button.move").count() > 0, what="my turn again")
    assert placed

    # the end: the outcome first, on both screens
    wait_for(lambda: over(desktop), what="the end on the desktop")
    assert order(phone)[0] == "outcome"
    checked(pages, "end")
    # another player's Alhambra opened on the phone still fits (a wide one pans inside)
    phone.locator('[data-area="seat-1"] summary').tap()
    assert phone.locator('[data-area="seat-1"] details').get_attribute("open") is not None
    assert check_layout(phone) == []
    shot(phone, "alhambra-end-open-390x844")
    for page in (phone, desktop):
        assert not page.errors, page.errors
        page.context.close()
