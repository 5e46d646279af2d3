"""The page explains (issue 20, item 5), reached from the lobby as a person does: each step
says what to do in the game's words, a click on an unlit part says why not (the engine's
reason), `help` in the move box shows the notation, and "How to play" opens at 390x844
without sideways scrolling. Screenshots go to $HERNA_SHOTS (default /tmp/herna-explain)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from herna.games.alhambra import i18n as alhambra_words
from herna.games.envyra import i18n as envyra_words

from .conftest import LiveServer
from .test_browser import wait_for

SHOTS = Path(os.environ.get("HERNA_SHOTS", "/tmp/herna-explain"))


def start_from_lobby(page: Any, server: LiveServer, game: str, players: int) -> None:
    """The lobby's own way: choose the game and the player count, start (bots elsewhere)."""
    page.add_init_script("localStorage.setItem('herna.name', 'Ana')")
    page.goto(server.url + "/")
    page.locator(f'button[data-game="{game}"]').click()
    page.select_option("#players", str(players))
    page.locator("#start").click()
    page.wait_for_url("**/t/*")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate(
        "() => document.scrollingElement.scrollWidth <= window.innerWidth"))


def test_alhambra_prompt_reason_and_help(page: Any, live_server: LiveServer) -> None:
    start_from_lobby(page, live_server, "alhambra", 2)
    action = alhambra_words.t("prompt.action", "en")
    wait_for(lambda: page.locator("#prompt").count() == 1
             and page.locator("#prompt").inner_text() == action, what="the action prompt")
    assert "Click the highlighted parts" not in page.locator("#turn").inner_text()
    shot(page, "alhambra-prompt-1366")
    # a free place of my Alhambra is unlit on my first turn: the reserve is empty
    cell = page.locator('#board .part[data-part^="cell:"]:not(.live)').first
    cell.click()
    reason = alhambra_words.t("why.reserve_empty", "en")
    wait_for(lambda: page.locator("#message").count() == 1
             and reason in page.locator("#message").inner_text(), what="the engine's reason")
    assert page.locator("#message").inner_text().startswith("Not possible now:")
    shot(page, "alhambra-reason-1366")
    # a market space paid with every card of its currency I hold (the engine says why)
    unlit = page.locator('#board .part[data-part^="market:"]:not(.live)')
    if unlit.count():
        unlit.first.click()
        wait_for(lambda: "Not possible now:" in page.locator("#message").inner_text(),
                 what="the market's reason")
    # `help` in the move box is the notation's help, not a refused move
    page.locator("#notation").fill("help")
    page.locator(".notation button").click()
    wait_for(lambda: page.locator("#guide[open] #guide-notation[open] pre").count() == 1,
             what="the notation help")
    assert "how to type your moves" in page.locator("#guide pre").inner_text()
    assert "type `help`" not in page.locator("#turn").inner_text()
    page.locator("#guide-close").click()
    wait_for(lambda: page.locator("#guide[open]").count() == 0, what="the dialog closed")


def test_envyra_says_a_second_tile_is_optional(page: Any, live_server: LiveServer) -> None:
    start_from_lobby(page, live_server, "envyra", 3)
    wait_for(lambda: page.locator("#prompt").count() == 1, what="the marking prompt")
    assert page.locator("#prompt").inner_text() == envyra_words.t("prompt.mark2", "en")
    page.locator("#board .part.live").first.click()
    optional = envyra_words.t("prompt.after_tile", "en")
    wait_for(lambda: page.locator("#prompt").inner_text() == optional,
             what="a second tile is optional")
    assert "more moves go on from here" not in page.locator("#turn").inner_text()
    # the set values are shown on the board where the player picks
    sets = page.locator("#envyra-sets").text_content() or ""  # (wrapped over lines)
    assert all(x in sets for x in ("2 → 2", "3 → 4", "4 → 7 points")), sets
    shot(page, "envyra-second-tile-1366")


def test_how_to_play_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    for game, players in (("alhambra", 2), ("alhambra-rw", 2), ("envyra", 2), ("ubongo", 2)):
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True, device_scale_factor=2)
        context.set_default_timeout(60_000)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        try:
            start_from_lobby(page, live_server, game, players)
            button = page.locator("#guide-open")
            wait_for(lambda button=button: button.count() == 1, what="the guide button")
            box = button.bounding_box()
            assert box and box["height"] >= 44, box
            button.click()
            dialog = page.locator("#guide[open]")
            wait_for(lambda dialog=dialog: dialog.locator("#guide-scoring p").count() > 0,
                     what="the guide's text")
            assert dialog.locator("#guide-play p").count() >= 1
            fits = page.evaluate("""() => { const d = document.getElementById('guide');
                return d.scrollWidth <= d.clientWidth
                    && d.getBoundingClientRect().right <= window.innerWidth; }""")
            assert fits and no_sideways_scroll(page), game
            if game in ("alhambra", "alhambra-rw", "envyra"):
                assert dialog.locator("table.guide-table tbody tr").count() >= 3
            if game in ("alhambra-rw", "envyra", "ubongo"):  # the data notice lives here now
                assert dialog.locator("#guide-notice p").inner_text()
            shot(page, f"guide-{game}-390")
            page.locator("#guide-close").click()
        finally:
            context.close()
        assert not errors, errors
