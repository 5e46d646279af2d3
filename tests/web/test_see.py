"""Seeing what happened (issue 20, item 4), from the page alone: the others' moves that come
in a burst (bots) are drawn one by one at the speed chosen on the page, and when my turn
comes, what changed since my own last move is marked on the board: the things that changed,
never words (a heading, a status line or a count changes with every move)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import close, drawn_version, new_page, play_one_move, start_from_lobby, wait_for

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
    # what the bots changed is marked (never words), and my own next move clears the marks
    assert page.locator("#board .changed").count() > 0
    assert page.evaluate(WORDS_MARKED) == []
    page.select_option("#speed", "fast")
    play_one_move(page)
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my turn again")
    assert not page.errors, page.errors
    page.context.close()


# The marks that sit on words: a text, or a group holding nothing but words, or a group whose
# glow would take in a heading (text directly in it beside what changed is allowed only in a
# thing that travels, such as a tile with its price).
WORDS_MARKED = """() => {
    const words = (n) => ['text', 'tspan', 'title'].includes(n.localName)
        || (n.localName === 'g' && n.children.length > 0 && [...n.children].every(words));
    return [...document.querySelectorAll('#board .changed')]
        .filter((n) => words(n) || (n.localName === 'g' && !n.closest('[data-key]')
            && [...n.children].some((k) => k.localName === 'text')
            && n.querySelector('[id]') === null && n.id && /head|status|sheet|seat-/.test(n.id)))
        .map((n) => `${n.localName}#${n.id}`);
}"""


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
@pytest.mark.parametrize("game", ["envyra", "alhambra-rw"])
def test_marks_sit_on_things_not_on_headings(browser: Any, live_server: LiveServer,
                                            device: dict[str, Any], game: str) -> None:
    """A bot's moves change the headings (whose turn, the round, scores) and things on the
    board: only the things are marked."""
    page = new_page(browser, name="Ana", **device)
    size = f"{device['viewport']['width']}x{device['viewport']['height']}"
    start_from_lobby(page, live_server.url, game, 2, {1: "easy"})
    page.wait_for_url("**/t/*")
    wait_for(lambda: drawn_version(page) >= 0, what="the table drawn")
    marked = False
    for _ in range(12):  # until a bot's move came between two of mine and marked something
        play_one_move(page)
        wait_for(lambda: page.locator("#board .part.live, #turn button.move").count() > 0
                 or page.locator("body.over").count() > 0, timeout=60, what="my turn again")
        assert page.evaluate(WORDS_MARKED) == []
        if page.locator("#board .changed").count() > 0:
            marked = True
            break
    assert marked, "nothing the bot did was marked"
    heads = page.evaluate("""() => [...document.querySelectorAll('#board svg text')]
        .filter((n) => n.closest('.changed') && !n.closest('[data-key], [data-part]')
            && n.closest('.changed').localName !== 'g').length""")
    assert heads == 0
    assert check_layout(page) == []
    shot(page, f"marks-{game}-{size}", full_page=False)
    close(page)
