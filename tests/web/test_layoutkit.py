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
SMALL_TEXT = """() => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('width', '200'); svg.setAttribute('height', '40');
    svg.setAttribute('viewBox', '0 0 200 40');
    const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    text.setAttribute('x', '4'); text.setAttribute('y', '20');
    text.setAttribute('font-size', '10'); text.textContent = 'planted small';
    svg.append(text);
    document.body.prepend(svg);
}"""
# drawn at 20 units in a drawing shown at half its size: 10 px on screen
SCALED_TEXT = """() => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('width', '200'); svg.setAttribute('height', '40');
    svg.setAttribute('viewBox', '0 0 400 80');
    const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    text.setAttribute('x', '4'); text.setAttribute('y', '40');
    text.setAttribute('font-size', '20'); text.textContent = 'planted scaled';
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
    page.evaluate(SMALL_TEXT)
    found = check_layout(page)
    assert [p for p in found if p.startswith("text 10.0 px") and "planted small" in p], found
    page.reload()
    page.locator('button[data-game="alhambra"]').wait_for()
    page.evaluate(SCALED_TEXT)  # measured on screen, not in the drawing's units
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
