"""Seeing what happened (issue 20, item 4), from the page alone: the others' moves that come
in a burst (bots) are drawn one by one at the speed chosen on the page, and when my turn
comes, what changed since my own last move is marked on the board."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer
from .layoutkit import DESKTOP
from .test_invite import drawn_version, new_page, play_one_move, start_from_lobby, wait_for

WATCH = """() => {
    window.drawnAt = [];
    const board = document.getElementById('board');
    new MutationObserver(() => window.drawnAt.push(
        [Number(board.dataset.version), performance.now()]))
      .observe(board, { attributes: true, attributeFilter: ['data-version'] });
}"""


def test_bots_moves_one_by_one_and_changes_marked(browser: Any,
                                                   live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana", **DESKTOP)
    start_from_lobby(page, live_server.url, "alhambra", 3, {1: "easy", 2: "easy"})
    page.wait_for_url("**/t/*")
    wait_for(lambda: drawn_version(page) >= 0, what="the table drawn")
    page.select_option("#speed", "slow")
    assert page.evaluate("localStorage.getItem('herna.speed')") == "slow"
    page.evaluate(WATCH)
    table = live_server.table(page.url.split("/t/")[1].split("#")[0])
    for _ in range(10):  # my turn may take several steps (buy, then place; or end it)
        play_one_move(page)
        mine = drawn_version(page)
        if table.version > mine or table.state.to_act() != (0,):
            break
    # both bots move at once on the server; the page shows each for the slow pace (2 s)
    wait_for(lambda: page.locator("#board .part.live").count() > 0
             and drawn_version(page) >= mine + 2, timeout=60, what="my turn again")
    drawn = [d for d in page.evaluate("window.drawnAt") if d[0] > mine]
    versions = [v for v, _ in drawn]
    assert versions[:2] == [mine + 1, mine + 2], drawn
    assert drawn[1][1] - drawn[0][1] >= 1900, drawn
    # what the bots changed is marked, and my own next move clears the marks
    assert page.locator("#board .changed").count() > 0
    page.select_option("#speed", "fast")
    play_one_move(page)
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my turn again")
    assert not page.errors, page.errors
    page.context.close()
