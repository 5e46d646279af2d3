"""A game of each title played to its end by two people who joined by the page's link (issue
20: "invite a friend and open the link copied from the page in a second context, name both
players, and play a game of each title to the end"): Alhambra, Alhambra Roll & Write and
Ubongo here; tests/web/test_invite.py has Envyra's (a move each) and checks the invitation
itself (the link's form, the QR code, My tables).

I start the table in the lobby on a desktop (1366x768) with seat 2 for "A friend (by link)",
copy the link with the page's Copy button and open my own seat; the friend opens the copied
link on a phone (390x844, touch), is asked their name and types it; then both play by clicks
and taps alone to the final scores. Both pages then name both players and show the same final
scores, each seat's swatch (players list, log, scores) in the colour the drawing gives that
seat, and meet the layout rules; screenshots of the players list and the final scores are
kept under test-artifacts/. Then "play again" as people do it: the host presses the
page's Play again, the friend the next game's button their page then shows, and both are at
the new table with the same seats and names.

No link, token or id comes from the API: the link is read from the clipboard the page filled.
The engine's state (the server runs in this process) only tells an Ubongo test a real
solution to drag; the table is found from the page's own address.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import ARTIFACTS, DESKTOP, PHONE, check_layout, shot
from .test_invite import CLIPBOARD, close, new_page, start_from_lobby, wait_for
from .test_phone_alhambra_rw import PREFER as RW_PREFER
from .test_phone_envyra import over, play_one, tap
from .test_phone_ubongo import lay_solution, settled, table_of

HOST, FRIEND = "Ana", "Bára"
# what a first lit part is taken for: Alhambra's bought tiles built into the Alhambra where
# the page lights a place (rather than all kept in the reserve, where they score nothing)
PREFER = {"alhambra": ("cell:",), "alhambra-rw": RW_PREFER}


def invite_a_friend(browser: Any, url: str, game: str) -> tuple[Any, Any]:
    """The lobby on my desktop: the game, 2 players, seat 2 for a friend by link, Start; the
    link copied with the page's button; my seat opened. The friend opens that link on a
    phone and answers the page's question with their name. Both pages, at the table."""
    host = new_page(browser, name=HOST, permissions=CLIPBOARD, **DESKTOP)
    start_from_lobby(host, url, game, 2, {1: "friend"})
    card = host.locator('#created .invite-card[data-seat="1"]')
    card.wait_for()
    card.locator("button.copy").click()
    wait_for(lambda: card.locator(".copied").inner_text() == "Copied", what="Copied")
    link = host.evaluate("navigator.clipboard.readText()")
    assert link == card.locator("input.link").input_value() and "#token=" in link
    host.locator("#go").click()
    host.wait_for_url("**/t/*")

    friend = new_page(browser, **PHONE)  # a browser that never told Herna a name
    friend.goto(link)
    friend.locator("#name-ask-input").wait_for()
    friend.locator("#name-ask-input").fill(FRIEND)
    friend.locator("#name-ask-save").tap()
    wait_for(lambda: friend.locator("#name-ask").count() == 0, what="the friend named")
    for page in (host, friend):
        wait_for(lambda page=page: all(n in page.locator("#scores").inner_text()
                                       for n in (HOST, FRIEND)), what="both names listed")
    assert host.locator("#board").get_attribute("data-seat") == "0"
    assert friend.locator("#board").get_attribute("data-seat") == "1"
    return host, friend


def my_turn(page: Any) -> bool:
    return bool(page.locator("#board .part.live, #turn button.move").count())


def take_turns(pages: list[tuple[Any, bool]], prefer: tuple[str, ...],
               stall: float) -> int:
    """Whoever's page offers a move makes one (taps on the phone, clicks on the desktop)
    until both pages show the final scores; the number of steps made. It fails when no page
    offers a move for `stall` seconds: a stuck table, not a slow machine."""
    deadline = time.monotonic() + stall
    steps = 0
    while not all(over(page) for page, _ in pages):
        assert time.monotonic() < deadline, f"no move offered for {stall} s ({steps} steps)"
        moved = False
        for page, phone in pages:
            if not over(page) and my_turn(page):
                play_one(page, phone, prefer)
                steps += 1
                moved = True
        if moved:
            deadline = time.monotonic() + stall
        else:
            time.sleep(0.05)
    return steps


def race_to_the_end(server: LiveServer, pages: list[tuple[Any, bool]], stall: float) -> int:
    """Ubongo: every round both solve their card by the page (pieces turned with its buttons
    and dragged onto the card, by finger on the phone), then choose their gem row by a tap
    or click on the lit field; the number of cards solved. It fails when nobody can act for
    `stall` seconds."""
    table = table_of(server, pages[0][0])
    deadline = time.monotonic() + stall
    solved = 0
    while not table.state.is_over():
        assert time.monotonic() < deadline, f"nothing done for {stall} s ({solved} solved)"
        moved = False
        for seat, (page, touch) in enumerate(pages):
            state = table.state
            if state.is_over() or seat not in state.to_act():
                continue
            settled(page, table)
            version = table.version
            if state.phase == "race" and state.submissions[seat] is None:
                lay_solution(page, table, seat, touch)
                wait_for(lambda s=seat: table.state.phase != "race"
                         or table.state.submissions[s] is not None, what="a card solved")
                solved += 1
            else:  # the start field, or my gem row as a finisher: the lit fields
                tap(page, page.locator("#board .part.live").last, touch)
                wait_for(lambda v=version: table.version > v, what="the field chosen")
            moved = True
        if moved:
            deadline = time.monotonic() + stall
        else:
            time.sleep(0.05)
    for page, _ in pages:
        wait_for(lambda page=page: over(page), what="the final scores drawn")
    return solved


def final_scores(page: Any) -> list[list[str]]:
    """The outcome table as shown: (rank, player, score) per row, the score pad's lines
    under a name left out."""
    return list(page.evaluate("""() => [...document.querySelectorAll(
        'table.outcome tbody tr')].map((tr) => {
            const [rank, who, score] = tr.querySelectorAll('td');
            const name = [...who.childNodes].filter((n) => n.nodeType === 3)
                .map((n) => n.textContent).join('').trim();
            return [rank.innerText.trim(), name, score.innerText.trim()];
        })"""))


SWATCHES = """() => {
    // the colour a seat is drawn in: its token in the drawing (a disc or a die)
    const drawn = (seat) => {
        const token = document.querySelector(`#board .seat-token[data-seat="${seat}"]`);
        if (!token) return null;
        const shape = token.matches('circle, rect') ? token : token.querySelector('circle, rect');
        return getComputedStyle(shape).fill;
    };
    const out = [];
    for (const where of ['#scores', '#log', 'table.outcome']) {
        for (const s of document.querySelectorAll(`${where} .swatch`)) {
            const style = getComputedStyle(s);
            out.push({ where, seat: s.dataset.seat, text: s.textContent,
                       shown: style.backgroundColor, drawn: drawn(s.dataset.seat),
                       width: s.getBoundingClientRect().width, font: parseFloat(style.fontSize) });
        }
    }
    return out;
}"""


def swatches_match_the_drawing(page: Any) -> None:
    """Every seat's swatch in the players list, the log and the final scores is the colour
    the drawing gives that seat, with the seat's number (counted from 1)."""
    found = page.evaluate(SWATCHES)
    where = {(f["where"], f["seat"]) for f in found}
    assert {("#scores", "0"), ("#scores", "1"), ("table.outcome", "0"),
            ("table.outcome", "1")} <= where, where
    assert any(w == "#log" for w, _ in where)
    for f in found:
        assert f["drawn"] is not None, f  # the seat's token is in the drawing
        assert f["shown"] == f["drawn"], f
        assert f["text"] == str(int(f["seat"]) + 1) and f["width"] >= 16 and f["font"] >= 12, f
    colours = {f["seat"]: f["shown"] for f in found}
    assert colours["0"] != colours["1"]


def keep(page: Any, name: str) -> None:
    """The players list and the final scores, each kept as a screenshot of its own."""
    ARTIFACTS.mkdir(exist_ok=True)
    size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
    for what, selector in (("players", "#scores"), ("scores", "#turn")):
        box = page.locator(selector)
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(ARTIFACTS / f"friends-{name}-{what}-{size}.png"))
    shot(page, f"friends-{name}-end-{size}")


# every title, the longest first (Envyra: 160 steps with two people, about 80 s here)
@pytest.mark.parametrize("game", ["alhambra", "envyra", "alhambra-rw", "ubongo"])
def test_two_friends_play_a_game_to_the_end(browser: Any, live_server: LiveServer,
                                            game: str) -> None:
    host, friend = invite_a_friend(browser, live_server.url, game)
    pages = [(host, False), (friend, True)]
    if game == "ubongo":
        solved = race_to_the_end(live_server, pages, stall=60)
        state = table_of(live_server, host).state
        solves = [sum(1 for seat, text in state.record()["actions"]
                      if seat == s and text.startswith("solve ")) for s in (0, 1)]
        assert solves == [state.rounds, state.rounds] and solved == 2 * state.rounds
    else:
        take_turns(pages, PREFER.get(game, ()), stall=60)
    # both see the same final scores, with both names
    wait_for(lambda: final_scores(host) == final_scores(friend), what="the same scores")
    scores = final_scores(host)
    assert {name for _, name, _ in scores} == {HOST, FRIEND}, scores
    for page in (host, friend):
        players = page.locator("#scores").inner_text()
        assert HOST in players and FRIEND in players
        swatches_match_the_drawing(page)
        assert check_layout(page) == [], (game, page.viewport_size)
        keep(page, game)
    close(friend)
    close(host)


def test_play_again_from_the_page(browser: Any, live_server: LiveServer) -> None:
    """A game with a friend invited by the page, played to the end; the host presses the
    page's Play again, the friend the next game's button their page then offers: both pages
    are at the same new table, each at the seat it had, with the same names."""
    host, friend = invite_a_friend(browser, live_server.url, "alhambra-rw")
    first = table_of(live_server, host).id
    take_turns([(host, False), (friend, True)], PREFER["alhambra-rw"], stall=60)
    assert friend.locator("#again").count() == 1  # the friend's page offers it too
    host.locator("#again").click()
    host.wait_for_url(lambda url: "/t/" in url and first not in url)
    second = table_of(live_server, host).id
    assert live_server.table(first).row.next_id == second  # the page's table: the next one
    # the friend's open page learns of the next table and offers its button
    going = friend.locator("#next-game")
    going.wait_for()
    going.tap()
    friend.wait_for_url(lambda url: second in url)
    assert table_of(live_server, friend).id == second
    nxt = live_server.table(second)
    assert not nxt.state.is_over()
    for page, seat in ((host, "0"), (friend, "1")):
        wait_for(lambda page=page, seat=seat: page.locator("#board").get_attribute(
            "data-seat") == seat,
                 what=f"seat {seat} at the next table")
        wait_for(lambda page=page: all(n in page.locator("#scores").inner_text()
                                       for n in (HOST, FRIEND)), what="both names listed")
        assert page.locator("#name-ask").count() == 0  # nobody is asked again
        assert "watching" not in page.locator("#title").inner_text()
    old = live_server.table(first).row.seats
    assert [(s.kind, s.level, s.name) for s in nxt.row.seats] == \
        [(s.kind, s.level, s.name) for s in old] == \
        [("human", None, HOST), ("human", None, FRIEND)]
    # both play on there: a move from each page
    take_one = [(host, False), (friend, True)]
    deadline = time.monotonic() + 60
    while {seat for seat, _ in nxt.state.record()["actions"]} != {0, 1}:
        assert time.monotonic() < deadline, nxt.state.record()["actions"]
        for page, phone in take_one:
            if my_turn(page):
                play_one(page, phone, PREFER["alhambra-rw"])
        time.sleep(0.05)
    shot(host, "again-host-1366x768")
    shot(friend, "again-friend-390x844")
    close(friend)
    close(host)
