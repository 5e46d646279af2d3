"""Names in the browser, from the pages alone (issue 20, item 2): I type my name in the lobby,
a friend who opens the link on the page is asked theirs, hot-seat players are named in the
lobby, and every name shows as text (never HTML) in the players list, the log, the cover
screen and the drawing. No link, token or id is taken from the API or the server object."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from herna.web import catalog

from .conftest import LiveServer
from .test_invite import DESKTOP, PHONE, close, new_page, play_one_move, wait_for

SHOTS = Path(os.environ.get("HERNA_NAME_SHOTS")
             or Path(__file__).resolve().parents[2] / "artifacts-names")
IMG = "<img src=x onerror=f()>"  # 23 characters: a name may be 24
TRAP = "window.pwned = 0; window.f = () => { window.pwned += 1; };"


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def fits(page: Any, selector: str) -> dict[str, Any]:
    """What breaks the phone rules inside `selector`: sideways scroll, controls under 44×44
    CSS px, text under 12 px."""
    result: dict[str, Any] = page.evaluate("""(sel) => {
        const root = document.querySelector(sel);
        const small = [], tiny = [];
        for (const n of root.querySelectorAll('input, button, select, a')) {
            const r = n.getBoundingClientRect();
            if (r.width && (r.width < 44 || r.height < 44)) {
                small.push([n.id || n.textContent, r.width, r.height]);
            }
        }
        for (const n of root.querySelectorAll('*')) {
            const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
            const size = parseFloat(getComputedStyle(n).fontSize);
            if ((own || n.matches('input')) && size < 12) tiny.push([n.tagName, size]);
        }
        const box = root.getBoundingClientRect();
        return { sideways: document.documentElement.scrollWidth > window.innerWidth,
                 outside: box.left < 0 || box.right > window.innerWidth, small, tiny };
    }""", selector)
    return result


def no_problems(found: dict[str, Any]) -> bool:
    return not (found["sideways"] or found["outside"] or found["small"] or found["tiny"])


def lobby_with_name(page: Any, url: str, name: str) -> None:
    page.goto(url + "/")
    page.locator("#name-ask-input").fill(name)
    page.locator("#name-ask-save").click()
    wait_for(lambda: name in page.locator("#my-name").inner_text(), what="my name kept")


def both_named(page: Any, names: tuple[str, ...]) -> bool:
    players = page.locator("#scores").inner_text()
    log = page.locator("#log").inner_text()
    board = page.locator("#board").text_content() or ""
    return all(n in players and n in log and n in board for n in names)


def test_my_name_and_a_friend_asked_on_the_link(browser: Any, live_server: LiveServer) -> None:
    host = new_page(browser)
    host.add_init_script(TRAP)
    host.goto(live_server.url + "/")
    host.locator("#name-ask-input").wait_for()
    shot(host, "lobby-name-prompt-1366x768")
    lobby_with_name(host, live_server.url, "Ana")
    host.locator('button[data-game="envyra"]').click()
    host.select_option("#players", "2")
    host.select_option("#seat-1", "friend")  # player 2, as the lobby shows it
    assert host.locator(".seat-row .seat-name").nth(1).inner_text() == "Player 2"
    host.locator("#start").click()
    card = host.locator('#created .invite-card[data-seat="1"]')
    card.wait_for()
    assert card.locator("h3").inner_text() == "Player 2"
    link = card.locator("input.link").input_value()
    host.locator("#go").click()
    host.wait_for_url("**/t/*")

    friend = new_page(browser, **DESKTOP)
    friend.add_init_script(TRAP)
    friend.goto(link)
    friend.locator("#name-ask-input").wait_for()
    assert friend.locator("#name-ask h2").inner_text() == "What is your name?"
    shot(friend, "table-name-prompt-1366x768")
    friend.locator("#name-ask-input").fill(IMG)
    friend.locator("#name-ask-save").click()
    wait_for(lambda: friend.locator("#name-ask").count() == 0, what="the question answered")
    assert friend.evaluate("localStorage.getItem('herna.name')") == IMG
    for page in (host, friend):  # a mark each: the log then names both
        play_one_move(page)
    for page in (host, friend):
        wait_for(lambda page=page: both_named(page, ("Ana", IMG)), what="both names shown")
        assert page.locator("#scores img, #log img, #board img").count() == 0
        assert page.evaluate("window.pwned") == 0
    shot(host, "table-names-1366x768")
    table_id = host.url.split("/t/")[1].split("#")[0]
    assert [s.name for s in live_server.table(table_id).row.seats] == ["Ana", IMG]
    # the friend's My tables names their seat by the name they gave, as text
    friend.goto(live_server.url + "/")
    row = friend.locator(f'#mine li[data-table="{table_id}"] .line')
    row.wait_for()
    assert row.inner_text().endswith(f" · {IMG}") and row.locator("img").count() == 0
    assert friend.evaluate("window.pwned") == 0
    friend.goto(link)  # back to the table by the link it came with
    friend.wait_for_selector("#board svg")

    # changing my name from the table: every page is told
    host.locator('#scores button.rename[data-seat="0"]').click()
    host.locator("#name-ask-input").fill("Anna K.")
    host.locator("#name-ask-save").click()
    wait_for(lambda: "Anna K." in friend.locator("#scores").inner_text(), what="pushed")
    wait_for(lambda: host.evaluate("localStorage.getItem('herna.name')") == "Anna K.",
             what="the new name kept in the browser")
    close(friend)
    close(host)


def test_hot_seat_names_from_the_lobby(browser: Any, live_server: LiveServer) -> None:
    page = new_page(browser)
    lobby_with_name(page, live_server.url, "Ana")
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "2")
    page.select_option("#seat-1", "hotseat")
    page.locator("#seat-name-1").fill("Ben")
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    page.locator("#uncover").wait_for()
    for tile, who in (("a1", "Ana"), ("b2", "Ben")):  # both mark at once, one after the other
        wait_for(lambda: page.locator("#cover").is_visible(), what=f"the cover for {who}")
        assert f"{who}: your turn" in page.locator("#cover").inner_text()
        page.locator("#uncover").click()
        wait_for(lambda: page.locator("#board .part.live").count() > 0, what=f"{who} lit")
        page.locator(f'#board [data-part="tile:{tile}"]').click()
        page.locator(f'#turn button[data-action="mark {tile}"]').click()
    wait_for(lambda: both_named(page, ("Ana", "Ben")), what="both hot-seat names")
    assert page.locator("#name-ask").count() == 0  # both were named in the lobby
    close(page)


def test_the_name_prompt_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    phone = new_page(browser, **PHONE)
    phone.goto(live_server.url + "/")
    phone.locator("#name-ask-input").wait_for()
    found = fits(phone, "#name-ask")
    assert no_problems(found), found
    shot(phone, "lobby-name-prompt-390x844")
    lobby_with_name(phone, live_server.url, "Ana")
    phone.locator('button[data-game="envyra"]').click()
    phone.select_option("#players", "2")
    phone.select_option("#seat-1", "friend")
    phone.locator("#start").click()
    link = phone.locator('#created .invite-card[data-seat="1"] input.link').input_value()
    friend = new_page(browser, **PHONE)
    friend.goto(link)
    friend.locator("#name-ask-input").wait_for()
    friend.wait_for_selector("#board svg")
    found = fits(friend, "#name-ask")
    assert no_problems(found), found
    shot(friend, "table-name-prompt-390x844")
    friend.locator("#name-ask-input").fill("Bára")
    friend.locator("#name-ask-save").click()
    wait_for(lambda: "Bára" in friend.locator("#scores").inner_text(), what="named")
    play_one_move(friend)
    shot(friend, "table-names-390x844")
    assert not friend.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    close(friend)
    close(phone)


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_people_are_numbered_players_not_seats(browser: Any, live_server: LiveServer,
                                               lang: str) -> None:
    """A person the page has no name for yet is "Player N" (from 1) in the lobby's seats,
    the invite card (its heading, its link's and QR code's labels) and My tables, in each
    language; once the friend names themself, their My tables row says that name."""
    words = catalog().tables[lang] if lang != "en" else catalog().en
    player = words["names.player"]
    seat_words = {"en": "Seat", "cs": "Místo", "sk": "Miesto"}[lang]
    host = new_page(browser)
    host.add_init_script(f"localStorage.setItem('herna.lang', '{lang}')")
    host.goto(live_server.url + "/")
    host.locator('button[data-game="envyra"]').click()
    host.select_option("#players", "2")
    host.select_option("#seat-1", "friend")
    labels = host.locator(".seat-row .seat-name").all_inner_texts()
    assert labels == [player.format(n=1), player.format(n=2)], labels
    host.locator("#start").click()
    card = host.locator('#created .invite-card[data-seat="1"]')
    card.wait_for()
    assert card.locator("h3").inner_text() == player.format(n=2)
    assert card.locator("input.link").get_attribute("aria-label") == \
        words["lobby.link_label"].format(seat=2)
    assert card.locator(".qr").get_attribute("aria-label") == words["lobby.qr"].format(seat=2)
    link = card.locator("input.link").input_value()
    table_id = host.locator("#created").get_attribute("data-table")
    row = host.locator(f'#mine li[data-table="{table_id}"] .line')
    row.wait_for()
    assert row.inner_text().endswith(" · " + player.format(n=1)), row.inner_text()
    text = host.locator("#lobby").inner_text() + " ".join(host.evaluate(
        "() => [...document.querySelectorAll('#lobby [aria-label]')]"
        ".map((n) => n.getAttribute('aria-label'))"))
    assert not re.search(rf"\b{seat_words} \d", text), text
    # the friend names themself on the table page: their My tables row says so
    friend = new_page(browser)
    friend.add_init_script(f"localStorage.setItem('herna.lang', '{lang}')")
    friend.goto(link)
    friend.locator("#name-ask-input").fill("Bára")
    friend.locator("#name-ask-save").click()
    wait_for(lambda: friend.locator("#name-ask").count() == 0, what="the friend named")
    friend.goto(live_server.url + "/")
    mine = friend.locator(f'#mine li[data-table="{table_id}"] .line')
    mine.wait_for()
    assert mine.inner_text().endswith(" · Bára"), mine.inner_text()
    close(friend)
    close(host)
