"""The layout checker itself (tests/web/layoutkit.py) finds what it is there to find: a
fault planted in a page that passes (the lobby) is reported, in words that name it. Without
this, a checker that measured nothing would pass every screen."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout
from .test_invite import close, new_page

# each fault: the script that plants it, and the words its report starts with
# a text of `size` units in a 200x40 px drawing whose viewBox is `view` units wide
PLANT_TEXT = """([view, size, words]) => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('width', '200'); svg.setAttribute('height', '40');
    svg.setAttribute('viewBox', `0 0 ${view} ${view / 5}`);
    const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    text.setAttribute('x', '4'); text.setAttribute('y', String(view / 10));
    text.setAttribute('font-size', String(size)); text.textContent = words;
    svg.append(text);
    document.body.prepend(svg);
}"""
SMALL_BUTTON = """(size) => {
    const b = document.createElement('button');
    b.id = 'planted'; b.textContent = 'x';
    b.style.cssText = `width:${size}px;height:${size}px;min-width:0;min-height:0;padding:0;`
        + 'font-size:12px;line-height:1;box-sizing:border-box';
    document.body.prepend(b);
}"""
TOO_WIDE = """() => {
    const d = document.createElement('div');
    d.textContent = 'planted wide'; d.style.width = '600px';
    document.body.prepend(d);
}"""


def lobby(browser: Any, url: str, device: dict[str, Any]) -> Any:
    page = new_page(browser, name="Ana", **device)
    page.goto(url + "/")
    page.locator('button[data-game="alhambra"]').wait_for()
    assert check_layout(page) == []  # the page the faults go into passes as it is
    return page


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
def test_planted_small_text_is_reported(browser: Any, live_server: LiveServer,
                                        device: dict[str, Any]) -> None:
    page = lobby(browser, live_server.url, device)
    page.evaluate(PLANT_TEXT, [200, 10, "planted small"])
    found = check_layout(page)
    assert [p for p in found if p.startswith("text 10.0 px") and "planted small" in p], found
    page.reload()
    page.locator('button[data-game="alhambra"]').wait_for()
    # 20 units in a drawing shown at half its size: 10 px on screen, measured as shown
    page.evaluate(PLANT_TEXT, [400, 20, "planted scaled"])
    found = check_layout(page)
    assert [p for p in found if p.startswith("text 10.0 px") and "planted scaled" in p], found
    close(page)


def test_planted_small_button_on_a_phone_is_reported(browser: Any,
                                                     live_server: LiveServer) -> None:
    page = lobby(browser, live_server.url, PHONE)
    page.evaluate(SMALL_BUTTON, 20)
    found = check_layout(page)
    assert found == ['target 20x20 px: <button#planted> "x"'], found
    close(page)
    # 30 px: enough for a mouse (WCAG's 24), not for a finger (44)
    page = lobby(browser, live_server.url, DESKTOP)
    page.evaluate(SMALL_BUTTON, 30)
    assert check_layout(page) == []
    assert 'target 30x30 px: <button#planted> "x"' in check_layout(page, phone=True)
    close(page)


def test_planted_wide_element_on_a_phone_is_reported(browser: Any,
                                                     live_server: LiveServer) -> None:
    page = lobby(browser, live_server.url, {**PHONE, "is_mobile": False})
    page.evaluate(TOO_WIDE)
    found = check_layout(page)
    assert any(p.startswith("the page scrolls sideways") for p in found), found
    close(page)
    # a phone's browser (is_mobile) widens its layout to fit instead of scrolling
    page = lobby(browser, live_server.url, PHONE)
    page.evaluate(TOO_WIDE)
    found = check_layout(page)
    assert any(p.startswith(("the page scrolls sideways", "the page is wider than the screen"))
               for p in found), found
    close(page)
