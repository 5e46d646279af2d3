"""Inviting a friend, the way people do it: everything here starts from the lobby page and
goes on only with what the page shows (a link read from its input or the clipboard, a QR
code, buttons). No link, token or table id is taken from the API or the server object; the
server is read only to check what the page did.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from herna import web

from .conftest import LiveServer

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
CLIPBOARD = ["clipboard-read", "clipboard-write"]
SHOTS = os.environ.get("HERNA_SCREENSHOTS")  # a folder: the tests save what they saw there


def wait_for(condition: Any, timeout: float = 30, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.05)


def new_page(browser: Any, name: str | None = None, **options: Any) -> Any:
    """A page in a context of its own (`options`: Playwright's, a desktop by default) that
    keeps the page's errors; with `name`, a browser that already told the page its name."""
    context = browser.new_context(**{**DESKTOP, **options})
    context.set_default_timeout(60_000)
    if name is not None:
        context.add_init_script(f"localStorage.setItem('herna.name', {name!r})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def close(page: Any) -> None:
    errors = page.errors
    page.context.close()
    assert not errors, f"the page raised: {errors}"


def start_from_lobby(page: Any, url: str, game: str, players: int,
                     seats: dict[int, str]) -> None:
    """Open the lobby, choose the game, its players and seats, and press Start."""
    page.goto(url + "/")
    page.locator(f'button[data-game="{game}"]').click()
    page.select_option("#players", str(players))
    for seat, kind in seats.items():
        page.select_option(f"#seat-{seat}", kind)
    page.locator("#start").click()


def my_turn(page: Any) -> bool:
    """Whether the page offers me a move (lit parts, or a move's button)."""
    return page.locator("#board .part.live, #turn button.move").count() > 0


def start_with_switch_off(page: Any, live_server: Any, switch: str, label: str,
                          size: str) -> Any:
    """Alhambra against an easy bot, started from the lobby with its table switch `switch`
    (e.g. "undo") unticked: the switch is on by default, says `label`, is a finger's size on
    a phone, and the lobby passes the layout check. Returns the live table."""
    from .layoutkit import check_layout, shot

    page.goto(live_server.url + "/")
    page.locator('button[data-game="alhambra"]').click()
    box = page.locator(f"#opt-{switch}")
    assert box.is_checked()
    text = page.locator(f'label[for="opt-{switch}"]')
    assert text.inner_text().strip() == label
    text.scroll_into_view_if_needed()
    box_size = text.bounding_box()
    assert box_size is not None and box_size["height"] >= (44 if size == "390x844" else 24)
    assert check_layout(page) == []
    shot(page, f"{switch}-lobby-{size}", full_page=False)
    box.uncheck()
    page.select_option("#players", "2")
    page.select_option("#seat-1", "easy")
    page.locator("#start").click()
    page.wait_for_selector("#board svg")
    return live_server.table(page.evaluate("location.pathname").rsplit("/", 1)[1])


def drawn_version(page: Any) -> int:
    v = page.locator("#board").get_attribute("data-version")
    return int(v) if v not in (None, "") else -1


def play_one_move(page: Any) -> None:
    """One move by what the page offers: lit parts of the drawing, then the move's button
    once the choice is complete; done when the page draws a newer version."""
    page.wait_for_selector("#board .part.live, #turn button.move", state="attached")
    before = drawn_version(page)
    for _ in range(20):
        if drawn_version(page) > before:
            return
        exact = page.locator("#turn .moves button.primary")
        if exact.count():
            exact.first.click()
        elif page.locator("#board .part.live").count():
            page.locator("#board .part.live").first.click()
        elif page.locator("#turn button.move").count():
            page.locator("#turn button.move").first.click()
        try:
            wait_for(lambda: drawn_version(page) > before or page.locator(
                "#board .part.live, #turn .moves button.primary").count() > 0, timeout=5)
        except AssertionError:
            continue
    wait_for(lambda: drawn_version(page) > before, what="the move applied")


def my_rows(page: Any) -> dict[str, str]:
    """My tables as the lobby lists them: table id -> the row's text."""
    # read in one go: the list is redrawn under a locator that counts, then reads row by row
    rows = page.evaluate("""() => [...document.querySelectorAll("#mine .my-tables li")]
        .map((li) => [li.dataset.table, li.innerText])""")
    return {table: text for table, text in rows}


def qr_matches_the_library(page: Any, card: Any) -> bool:
    """The QR code drawn is what qrcode-generator makes of the link in the card's input."""
    return bool(card.evaluate("""async (card) => {
        const { default: qrcode } = await import('/static/vendor/qrcode-generator-2.0.4.js');
        const text = card.querySelector('input.link').value;
        const qr = qrcode(0, 'M'); qr.addData(text); qr.make();
        const made = new DOMParser().parseFromString(
            qr.createSvgTag({ cellSize: 4, margin: 8, scalable: true }), 'image/svg+xml');
        const shown = card.querySelector('.qr svg path');
        return card.querySelector('.qr').dataset.text === text
            && shown.getAttribute('d') === made.querySelector('path').getAttribute('d');
    }"""))


def test_a_friend_joins_by_the_link_on_the_page_and_both_play(browser: Any,
                                                               live_server: LiveServer) -> None:
    host = new_page(browser, permissions=CLIPBOARD)
    start_from_lobby(host, live_server.url, "envyra", 2, {1: "friend"})
    card = host.locator('#created .invite-card[data-seat="1"]')
    card.wait_for()
    shown = card.locator("input.link").input_value()
    assert re.fullmatch(re.escape(live_server.url) + r"/t/[\w-]+#token=[\w-]+", shown), shown

    # Copy: the clipboard holds the link and the page says so
    card.locator("button.copy").click()
    wait_for(lambda: card.locator(".copied").inner_text() == "Copied", what="Copied")
    link = host.evaluate("navigator.clipboard.readText()")
    assert link == shown
    table_id = link.split("/t/")[1].split("#")[0]

    # the QR code encodes the link and is drawn at a size a phone can read
    box = card.locator(".qr svg").bounding_box()
    assert box is not None and box["width"] >= 120 and box["height"] >= 120
    assert qr_matches_the_library(host, card)

    # the watch link and my own seat's button
    assert host.locator("#watch-link").input_value() == f"{live_server.url}/t/{table_id}"
    mine = host.locator("#go").get_attribute("href")
    assert mine and mine.startswith(f"/t/{table_id}#token=") and mine != link

    # the friend opens the link in another browser; I open my seat in another tab
    friend = new_page(browser)
    friend.goto(link)
    seat_page = host.context.new_page()
    seat_page.goto(live_server.url + mine)
    wait_for(lambda: friend.locator("#board").get_attribute("data-seat") == "1",
             what="the friend's seat drawn")
    assert "watching" not in friend.locator("#title").inner_text()
    table = live_server.table(table_id)
    play_one_move(seat_page)
    play_one_move(friend)
    actions = table.state.record()["actions"]
    assert {seat for seat, _ in actions} == {0, 1}  # a move from each side, by the pages

    # My tables, in both browsers; the host's open lobby catches up without a reload
    wait_for(lambda: re.search(r"[1-9]\d* moves", my_rows(host).get(table_id, "")) is not None,
             timeout=15, what="the host's list updated by itself")
    friend.goto(live_server.url + "/")
    wait_for(lambda: table_id in my_rows(friend), what="the table in the friend's list")
    # seat 1 of the API, counted from 1, a player (not yet named here)
    assert "Player 2" in my_rows(friend)[table_id]
    reopen = friend.locator(f'#mine li[data-table="{table_id}"] a.reopen').get_attribute("href")
    assert reopen == link.removeprefix(live_server.url)

    # leave: asked first (dismissed: nothing happens), then forgotten in this browser only
    row = friend.locator(f'#mine li[data-table="{table_id}"]')
    friend.once("dialog", lambda d: d.dismiss())
    row.locator("button.leave").click()
    assert table_id in my_rows(friend)
    asked: list[str] = []
    friend.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    row.locator("button.leave").click()
    wait_for(lambda: table_id not in my_rows(friend), what="the table left")
    assert "only forgets it in this browser" in asked[0]
    friend.reload()
    friend.locator("#mine h2").wait_for()
    time.sleep(0.5)
    assert table_id not in my_rows(friend)
    assert table_id in my_rows(host)  # the host still has it
    close(friend)
    close(host)


def test_copy_without_a_clipboard_selects_the_link_and_share_hands_it_over(
        browser: Any, live_server: LiveServer) -> None:
    """Over plain http on a LAN there is no clipboard API: the link is selected in its input.
    A device that can share gets a Share button that passes the same link."""
    page = new_page(browser)
    page.add_init_script("""
        Object.defineProperty(navigator, 'clipboard', { value: undefined });
        navigator.share = (data) => { window.shared = data; return Promise.resolve(); };
    """)
    start_from_lobby(page, live_server.url, "alhambra-rw", 2, {0: "friend", 1: "friend"})
    card = page.locator('#created .invite-card[data-seat="0"]')
    card.wait_for()
    assert page.locator("#go").count() == 0  # no seat of mine: watch instead
    assert page.locator("#watch").is_visible()
    card.locator("button.copy").click()
    selected = page.evaluate("""() => {
        const i = document.activeElement;
        return i.value.slice(i.selectionStart, i.selectionEnd);
    }""")
    link = card.locator("input.link").input_value()
    assert selected == link
    assert card.locator(".copied").inner_text() in (
        "Copied", web.catalog().en["lobby.copy_select"])
    card.locator("button.share").click()
    shared = page.evaluate("window.shared")
    assert shared["url"] == link and "Alhambra Roll & Write" in shared["text"]
    # a table I only invited to is still in My tables, and its links can be shown again
    table_id = link.split("/t/")[1].split("#")[0]
    wait_for(lambda: table_id in my_rows(page), what="the table I started")
    page.reload()
    row = page.locator(f'#mine li[data-table="{table_id}"]')
    row.wait_for()
    assert page.locator("#created").is_hidden()
    row.locator("button.links").click()
    assert page.locator('#created .invite-card[data-seat="0"] input.link').input_value() == link
    close(page)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_invitation_fits_the_screen(browser: Any, live_server: LiveServer, size: str) -> None:
    """At 390x844 (a phone) and 1366x768: no sideways scroll, every button at least 44x44 CSS
    px, no text under 12 px, the links inside their inputs."""
    page = new_page(browser, **(PHONE if size == "phone" else DESKTOP))
    start_from_lobby(page, live_server.url, "envyra", 3, {1: "friend", 2: "friend"})
    page.locator("#created .invite-card").nth(1).wait_for()
    page.locator("#mine .my-tables li").first.wait_for()
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '#lobby button, #lobby a.button')].map((b) => {
            const r = b.getBoundingClientRect();
            return [b.textContent.trim(), r.width, r.height];
        })""")
    assert len(sizes) > 8
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, small
    outside = page.evaluate("""() => [...document.querySelectorAll(
        '#lobby button, #lobby a.button, #lobby select, #lobby input, #lobby .qr')].filter((c) => {
            const r = c.getBoundingClientRect();
            const p = c.closest('.panel').getBoundingClientRect();
            return r.left < p.left || r.right > p.right;
        }).map((c) => c.outerHTML.slice(0, 80))""")
    assert not outside, outside  # every control inside its panel (a link inside its input)
    fonts = page.evaluate("""() => {
        const sizes = [];
        const walk = document.createTreeWalker(document.getElementById('lobby'),
                                               NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
            const node = walk.currentNode.parentElement;
            if (walk.currentNode.textContent.trim() && node.getClientRects().length) {
                sizes.push(parseFloat(getComputedStyle(node).fontSize));
            }
        }
        return Math.min(...sizes);
    }""")
    assert fonts >= 12
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.locator("#created").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SHOTS) / f"invite-{size}.png"))
        page.screenshot(path=str(Path(SHOTS) / f"invite-{size}-full.png"), full_page=True)
    close(page)


def test_the_lobby_speaks_czech_all_the_way(browser: Any, live_server: LiveServer) -> None:
    """No English words on a Czech lobby after Start, and counted words in Czech forms."""
    page = new_page(browser)
    page.add_init_script("localStorage.setItem('herna.lang', 'cs')")
    start_from_lobby(page, live_server.url, "envyra", 2, {1: "friend"})
    page.locator("#created .invite-card").wait_for()
    page.locator("#mine .my-tables li").first.wait_for()
    text = page.locator("#lobby").inner_text()
    en, cs = web.catalog().en, web.catalog().tables["cs"]
    english = [v for k, v in en.items() if k.startswith(("lobby.", "kind.")) and v != cs.get(k)
               and "{" not in v]
    assert not [w for w in english if w in text], [w for w in english if w in text]
    assert "2 hráči · 0 tahů · Hráč 1" in text
    assert page.locator("#created button.copy").first.inner_text() == cs["lobby.copy"]
    labels = page.evaluate("""() => [...document.querySelectorAll('#lobby [aria-label]')]
        .map((n) => n.getAttribute('aria-label'))""")
    assert labels and not [a for a in labels if a in en.values() and a not in cs.values()]
    close(page)


def test_a_refused_socket_says_why_and_stops_trying(browser: Any,
                                                    live_server: LiveServer) -> None:
    """The server accepts, then closes a refused socket with its code: a table that does not
    exist (4404) and a link whose key opens no seat (4403). The page says so in its own
    words and does not knock again."""
    page = new_page(browser)
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url))
    page.goto(live_server.url + "/t/doesnotexist")
    expected = web.catalog().en["table.closed.4404"]
    wait_for(lambda: page.locator("#turn .error").count() == 1
             and page.locator("#turn .error").inner_text() == expected, what="the reason")
    assert page.locator("#status").get_attribute("data-state") == "gone"
    time.sleep(2.5)  # a reconnect would come after 0.5-2 s
    assert len(opened) == 1
    close(page)
    # a real table, a key that opens no seat there (the table id is the lobby's: the page
    # shows it as the watch link)
    page = new_page(browser)
    start_from_lobby(page, live_server.url, "alhambra", 2, {1: "friend"})
    page.locator("#created .invite-card").wait_for()
    table_id = page.locator("#created").get_attribute("data-table")
    opened.clear()
    page.on("websocket", lambda ws: opened.append(ws.url))
    page.goto(f"{live_server.url}/t/{table_id}#token=not-a-seat-key")
    expected = web.catalog().en["table.closed.4403"]
    wait_for(lambda: page.locator("#turn .error").count() == 1
             and page.locator("#turn .error").inner_text() == expected, what="the reason")
    time.sleep(2.5)
    assert len(opened) <= 1  # told by the first answer (or socket), never tried again
    close(page)


def test_my_tables_follow_other_tabs(browser: Any, live_server: LiveServer) -> None:
    """A table held in another tab of this browser shows in an open lobby at once (the
    storage event), and leaving it there removes it here."""
    lobby = new_page(browser)
    lobby.goto(live_server.url + "/")
    lobby.locator("#mine h2").wait_for()
    other = lobby.context.new_page()
    start_from_lobby(other, live_server.url, "alhambra", 2, {1: "friend"})
    other.locator("#created .invite-card").wait_for()
    table_id = other.locator("#created").get_attribute("data-table")
    wait_for(lambda: table_id in my_rows(lobby), timeout=3, what="the other tab's table")
    other.once("dialog", lambda d: d.accept())
    other.locator(f'#mine li[data-table="{table_id}"] button.leave').click()
    wait_for(lambda: table_id not in my_rows(lobby), timeout=3, what="left in the other tab")
    assert json.loads(lobby.evaluate("localStorage.getItem('herna.seats')") or "[]") == []
    close(lobby)


def test_the_tab_title_says_when_the_move_is_mine(browser: Any,
                                                  live_server: LiveServer) -> None:
    """A tab left in the background says when a friend has moved: the table's title starts
    with "Your move" while the move is mine, and the lobby's counts the tables waiting for
    me ("(1) Herna · ..."), both following the game without a reload."""
    words = web.catalog()
    lobby_title = words.t("page.lobby_title", "en")
    host = new_page(browser, name="Ana")
    start_from_lobby(host, live_server.url, "envyra", 2, {1: "friend"})
    card = host.locator('#created .invite-card[data-seat="1"]')
    card.wait_for()
    link = card.locator("input.link").input_value()
    seat_page = host.context.new_page()
    seat_page.goto(live_server.url + host.locator("#go").get_attribute("href"))
    # Envyra's first step is for both at once: marking tiles in secret
    wait_for(lambda: seat_page.title() == "Your move · Envyra · Ana · Herna",
             what=f"my table's title saying my move (it is {seat_page.title()!r})")
    wait_for(lambda: host.title() == f"(1) {lobby_title}", timeout=15,
             what=f"the lobby counting one table (its title is {host.title()!r})")
    play_one_move(seat_page)  # my tiles marked: now only the friend is waited for
    wait_for(lambda: seat_page.title() == "Envyra · Ana · Herna",
             what=f"my table's title after my move ({seat_page.title()!r})")
    wait_for(lambda: host.title() == lobby_title, timeout=15,
             what=f"the lobby counting none ({host.title()!r})")
    friend = new_page(browser, name="Bea")
    friend.goto(link)
    wait_for(lambda: friend.title() == "Your move · Envyra · Bea · Herna",
             what=f"the friend's title ({friend.title()!r})")
    close(friend)
    close(host)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Waiting for Ana, Player 2, and Player 3"),
    ("cs", "Čeká se na: Ana, Hráč 2 a Hráč 3"),
])
def test_a_watcher_reads_whom_the_table_waits_for(browser: Any, live_server: LiveServer,
                                                   lang: str, said: str) -> None:
    """Whom the table waits for is a sentence in the page's language (commas, then "and"),
    not "Ana and Player 2 and Player 3": a spectator of Envyra's secret marking, where all
    three are waited for at once, opened from the lobby's watch link."""
    host = new_page(browser, name="Ana")
    host.add_init_script(f"localStorage.setItem('herna.lang', '{lang}')")
    start_from_lobby(host, live_server.url, "envyra", 3, {1: "friend", 2: "friend"})
    host.locator("#created .invite-card").first.wait_for()
    watch = host.locator("#watch-link").input_value()
    watcher = new_page(browser)
    watcher.add_init_script(f"localStorage.setItem('herna.lang', '{lang}')")
    watcher.goto(watch)
    line = watcher.locator("#turn .waiting")
    wait_for(lambda: line.count() == 1 and line.inner_text() != "", what="the waiting line")
    # (Czech keeps "a" with the next word: ICU puts a no-break space after it)
    assert line.inner_text().replace("\u00a0", " ") == said
    close(watcher)
    close(host)
