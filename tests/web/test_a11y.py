"""Keyboard and screen readers (issue 20, item 8), from the pages alone: an axe-core scan
(the script run in the page) finds no serious or critical violation on the lobby and on a
table of each game, at 1366x768 and 390x844; a move is made with the keyboard only (Tab to a
lit part, Enter to choose it, Tab to the move's button); what others do, and "Your move",
is announced in a live region."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest

from herna.web import catalog

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE
from .test_invite import drawn_version, new_page, play_one_move, start_from_lobby, wait_for

GAMES = ["alhambra", "alhambra-rw", "envyra", "ubongo"]
AXE = (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, in words."""
    page.evaluate(AXE)
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
          .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3)
            .map((n) => n.target.join(' ')).join(', ')}`);
    }""")
    return list(found)


def open_table(page: Any, url: str, game: str) -> None:
    start_from_lobby(page, url, game, 2, {1: "easy"})
    page.wait_for_url("**/t/*")  # no one to invite: the lobby opens my seat
    wait_for(lambda: drawn_version(page) >= 0, what="the table drawn")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["1366x768", "390x844"])
def test_axe_finds_nothing_serious(browser: Any, live_server: LiveServer,
                                   device: dict[str, Any]) -> None:
    page = new_page(browser, name="Ana", **device)
    page.goto(live_server.url + "/")
    page.locator('button[data-game="alhambra"]').wait_for()
    found = {"lobby": violations(page)}
    for game in GAMES:
        open_table(page, live_server.url, game)
        found[game] = violations(page)
    assert all(not v for v in found.values()), {k: v for k, v in found.items() if v}
    # the scan is live: a button without a name, planted in the page, is reported
    page.evaluate("document.body.append(document.createElement('button'))")
    assert any(v.startswith("button-name") for v in violations(page))
    assert not page.errors, page.errors
    page.context.close()


def test_a_long_log_scrolls_by_keyboard(browser: Any, live_server: LiveServer) -> None:
    """A log longer than its box scrolls on its own: axe asks that a keyboard can reach it
    (CI once found it so on an Alhambra table whose bots had moved a lot)."""
    page = new_page(browser, name="Ana", **DESKTOP)
    open_table(page, live_server.url, "envyra")
    play_one_move(page)
    # two steps of the log's own (a nested li is an automatic event of the same step)
    wait_for(lambda: page.locator("#log ol.log > li").count() >= 2, what="a log of two steps")
    page.add_style_tag(content=".log { max-height: 1.2rem !important; }")
    log = page.locator("#log ol.log")
    wait_for(lambda: log.evaluate("(e) => e.scrollHeight > e.clientHeight"),
             what="the log longer than its box")
    assert not [v for v in violations(page) if v.startswith("scrollable-region")]
    log.focus()
    top = log.evaluate("(e) => { e.scrollTop = 0; return e.scrollTop; }")
    page.keyboard.press("End")
    wait_for(lambda: log.evaluate("(e) => e.scrollTop") > top, what="the log scrolled by End")
    assert not page.errors, page.errors
    page.context.close()


def test_a_move_by_keyboard_and_the_others_announced(browser: Any,
                                                     live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana", **DESKTOP)
    open_table(page, live_server.url, "envyra")
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my tiles lit")
    # Tab until the focus is on a lit part, then Enter chooses it
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('live')"):
            break
    else:
        raise AssertionError("Tab never reached a lit part")
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label and page.evaluate("() => document.activeElement.getAttribute('role')") == "button"
    # every announcement kept as it is made (the region says one thing at a time)
    page.evaluate("""() => {
        window.heard = [];
        const box = document.getElementById('announce');
        new MutationObserver(() => window.heard.push(box.textContent))
            .observe(box, { childList: true, characterData: true, subtree: true });
    }""")
    before = drawn_version(page)
    page.keyboard.press("Enter")
    wait_for(lambda: page.locator("#board .part.chosen").count() == 1
             or drawn_version(page) > before, what="the part chosen")
    if drawn_version(page) == before:  # a choice that needs confirming: Tab to the button
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('#turn button.move')"):
                break
        else:
            raise AssertionError("Tab never reached the move's button")
        page.keyboard.press("Enter")
    wait_for(lambda: drawn_version(page) > before, what="my move made by keyboard")
    # the bot's move (and the reveal) are read out in the live region
    wait_for(lambda: "Bot" in (page.locator("#announce").text_content() or ""),
             what="the bot's move announced")
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    # and when it is my turn again, the region says so
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my turn again")
    your_move = catalog().en["table.your_move"]
    wait_for(lambda: any(your_move in said for said in page.evaluate("window.heard")),
             what=f"{your_move!r} announced")
    assert not page.errors, page.errors
    page.context.close()
