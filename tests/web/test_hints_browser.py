"""Hints in the browser, from the lobby page alone (issue 21): I start Alhambra against a bot,
and on my turn the move box offers a Hint; a click shows the bot thinking, then marks the hard
bot's move on the board (a dashed outline, neither lit nor chosen) with a line "Bot · hard
would play: … — your chances ~N%"; "Play it" plays that move, and the marks go with the next
version. The keyboard does the same. At 1366x768 and 390x844, with the layout rules met and
screenshots kept; the lobby's checkbox turns hints off for a table. No link, token or id is
taken from the API; the server is read only to check what the page did."""

from __future__ import annotations

import re
import threading
from collections import Counter
from typing import Any

import pytest

from herna.server import botproc, words

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


def held_bot(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The server (in this process) thinks until the test lets it go, so the page's spinner
    can be seen however fast the bot is."""
    gate = threading.Event()
    real = botproc.advise

    def advise(state: Any, seat: int, seed: int) -> botproc.Advice:
        assert gate.wait(30), "the test never let the bot go"
        return real(state, seat, seed)

    monkeypatch.setattr(botproc, "advise", advise)
    return gate


def hinted_parts(page: Any) -> Counter[str]:
    return Counter(page.evaluate(
        "() => [...document.querySelectorAll('#board .part.hinted')].map((n) => n.dataset.part)"))


# The page's promise (table.js showHinted): every mark between the phone's stuck jump chips and
# its fixed move box where they fit together, else the first one (a buy may mark the market and
# my hand, a screen apart on a phone).
IN_SIGHT = """() => {
  const turn = document.getElementById("turn");
  const bottom = getComputedStyle(turn).position === "fixed"
    ? turn.getBoundingClientRect().top : window.innerHeight;
  const chips = document.querySelector("#board > .jumps");
  const top = chips && getComputedStyle(chips).position === "sticky"
    ? chips.getBoundingClientRect().height : 0;
  const rects = [...document.querySelectorAll("#board .part.hinted")]
    .map((n) => n.getBoundingClientRect());
  const seen = (r) => r.top >= top - 1 && r.bottom <= bottom + 1;
  const high = Math.min(...rects.map((r) => r.top));
  const low = Math.max(...rects.map((r) => r.bottom));
  return low - high <= bottom - top ? rects.every(seen) : seen(rects[0]);
}"""


def the_legal_move(live_server: LiveServer, table_id: str, label: str) -> dict[str, Any]:
    """The move of my payload whose caption the hint line names (read from the server)."""
    table = live_server.table(table_id)
    legal = words.payload(table, 0, "en")["legal"]
    found = [m for m in legal if m["label"] == label]
    assert len(found) == 1, (label, [m["label"] for m in legal])
    return found[0]


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_a_hint_is_marked_on_the_board_and_played(browser: Any, live_server: LiveServer,
                                                  size: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    phone = size == "390x844"
    page = new_page(browser, name="Ana", **(PHONE if phone else DESKTOP))
    start_from_lobby(page, live_server.url, "alhambra", 2, {1: "easy"})
    page.wait_for_selector("#board svg")
    table_id = page.evaluate("location.pathname").rsplit("/", 1)[1]
    wait_for(lambda: my_turn(page), what="my turn")
    ask = page.locator("#hint")
    ask.wait_for()
    assert ask.inner_text() == "Hint" and ask.get_attribute("title")
    box = ask.bounding_box()
    assert box is not None and box["height"] >= (44 if phone else 24)
    assert page.locator("#board .part.hinted").count() == 0

    gate = held_bot(monkeypatch)
    version = drawn_version(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the board out of sight
    ask.click()
    thinking = page.locator("#hint-status.thinking")
    thinking.wait_for()
    assert thinking.inner_text().strip() == "The hard bot is thinking…"
    assert thinking.locator(".spinner").count() == 1
    shot(page, f"hint-thinking-{size}", full_page=False)
    gate.set()

    line = page.locator("#hint-status .hint-says")
    line.wait_for()
    said = line.inner_text().strip()
    found = re.fullmatch(r"Bot · hard would play: (.+) — your chances ~(\d{1,3})%", said)
    assert found, said
    assert 0 <= int(found.group(2)) <= 100
    assert drawn_version(page) == version  # a hint is no move
    move = the_legal_move(live_server, table_id, found.group(1))
    # the hinted move's parts, as many of each as it uses, and nothing else, are marked
    assert hinted_parts(page) == Counter(move["parts"])
    if not move["parts"]:  # a plain move: its button carries the mark
        assert page.locator(f'#turn button.move.hinted[data-action="{move["text"]}"]').count()
    marked = page.locator("#board .part.hinted").first
    if move["parts"]:
        style = marked.evaluate("(n) => getComputedStyle(n).strokeDasharray")
        assert style not in ("none", ""), style  # a pattern, not only a colour
        # the page brings the mark into sight (above a phone's move box) by itself
        wait_for(lambda: page.evaluate(IN_SIGHT), what="the mark in sight")
    assert check_layout(page) == []
    shot(page, f"hint-shown-{size}", full_page=False)

    standing = len(live_server.table(table_id).state.history)
    page.locator("#hint-play").click()
    wait_for(lambda: drawn_version(page) > version, what="the hinted move applied")
    table = live_server.table(table_id)
    assert len(table.state.history) > standing
    assert str(table.state.history[standing][1]) == move["text"]
    wait_for(lambda: page.locator("#board .part.hinted").count() == 0, what="marks cleared")
    assert page.locator("#hint-status").count() == 0
    monkeypatch.undo()

    # from the keyboard: Tab reaches Hint, Enter asks, Enter again plays it
    for _ in range(8):
        wait_for(lambda: my_turn(page), what="my turn again")
        if page.locator("#hint").count():
            break
        play_one_move(page)
    page.locator("#hint").focus()
    page.keyboard.press("Enter")
    play = page.locator("#hint-play")
    play.wait_for()
    wait_for(lambda: page.evaluate("document.activeElement.id") == "hint-play",
             what="the focus on Play it")
    page.locator("#hint-dismiss").click()  # or put it aside: the marks go, the move stays
    wait_for(lambda: page.locator("#board .part.hinted, #turn .hinted").count() == 0,
             what="the hint hidden")
    assert page.locator("#hint").count() == 1
    page.locator("#hint").focus()
    page.keyboard.press("Enter")
    play.wait_for()
    version = drawn_version(page)
    wait_for(lambda: page.evaluate("document.activeElement.id") == "hint-play",
             what="the focus on Play it")
    page.keyboard.press("Enter")
    wait_for(lambda: drawn_version(page) > version, what="played from the keyboard")
    close(page)


def test_the_lobby_switches_hints_off_for_a_table(browser: Any,
                                                  live_server: LiveServer) -> None:
    """The lobby's checkbox (on by default, a finger's size on a phone): a table started with
    it off never offers a Hint."""
    page = new_page(browser, name="Ana", **PHONE)
    table = start_with_switch_off(page, live_server, "hints",
                                  "Players may ask the hard bot for a hint", "390x844")
    assert table.row.hints is False
    wait_for(lambda: my_turn(page), what="my turn")
    assert page.locator("#turn h2").count() and page.locator("#hint").count() == 0
    close(page)
