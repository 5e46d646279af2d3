"""A seat's colour on the hot-seat cover screen (issue 20, item 2: "seats are shown by name
and colour everywhere"): the cover that hands the screen to the next player shows that seat's
swatch, with its number, in the colour the drawing gives the seat once uncovered. The players
list, log and final scores are checked in tests/web/test_friends.py."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import close, new_page, wait_for

DRAWN = """(seat) => {
    const token = document.querySelector(`#board .seat-token[data-seat="${seat}"]`);
    const shape = token.matches('circle, rect') ? token : token.querySelector('circle, rect');
    return getComputedStyle(shape).fill;
}"""

SWATCH = """() => {
    const swatch = document.querySelector('#cover h2 .swatch');
    return swatch && swatch.isConnected ? getComputedStyle(swatch).backgroundColor : '';
}"""


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
def test_the_cover_shows_whose_turn_by_name_and_colour(browser: Any, live_server: LiveServer,
                                                       device: dict[str, Any]) -> None:
    page = new_page(browser, name="Ana", **device)
    phone = device is PHONE
    page.goto(live_server.url + "/")
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "2")
    page.select_option("#seat-1", "hotseat")
    page.locator("#seat-name-1").fill("Ben")
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
    colours = []
    for tile, seat, who in (("a1", 0, "Ana"), ("b2", 1, "Ben")):  # both mark, in turn
        wait_for(lambda: page.locator("#cover").is_visible(), what=f"the cover for {who}")
        assert f"{who}: your turn" in page.locator("#cover h2").inner_text()
        mark = page.locator("#cover h2 .swatch")
        assert mark.inner_text() == str(seat + 1)
        # The cover may be drawn again as a push arrives: a swatch read while it is swapped
        # out has no computed style, so read the one on the page until it has one.
        wait_for(lambda: page.evaluate(SWATCH) != "", what=f"{who}'s swatch drawn")
        shown = page.evaluate(SWATCH)
        assert check_layout(page) == [], (who, size)
        shot(page, f"cover-{seat}-{size}", full_page=False)
        (page.locator("#uncover").tap if phone else page.locator("#uncover").click)()
        wait_for(lambda: page.locator("#board .part.live").count() > 0, what=f"{who} lit")
        assert page.evaluate(DRAWN, seat) == shown  # the colour the drawing gives the seat
        colours.append(shown)
        target = page.locator(f'#board [data-part="tile:{tile}"]')
        (target.tap if phone else target.click)()
        confirm = page.locator(f'#turn button[data-action="mark {tile}"]')
        (confirm.tap if phone else confirm.click)()
    assert colours[0] != colours[1]
    close(page)


SHEET_TOKENS = """() => [...document.querySelectorAll('#board #rw-score-sheet .seat-token')]
    .map((token) => {
        const seat = token.dataset.seat;
        const swatch = document.querySelector(`#scores .swatch[data-seat="${seat}"]`);
        return [Number(seat), token.textContent,
                getComputedStyle(token.querySelector('circle')).fill,
                swatch ? getComputedStyle(swatch).backgroundColor : ''];
    })"""


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
def test_roll_and_write_score_sheet_columns_show_each_seats_colour(
        browser: Any, live_server: LiveServer, device: dict[str, Any]) -> None:
    """Roll & Write's shared score sheet heads each seat's column with its token (colour and
    number, as the players list's swatch); the virtual players' columns, no seats, have none."""
    page = new_page(browser, name="Ana", **device)
    size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
    page.goto(live_server.url + "/")
    page.locator('button[data-game="alhambra-rw"]').click()
    page.select_option("#players", "2")
    page.select_option("#seat-1", "easy")
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    wait_for(lambda: page.locator("#board #rw-score-sheet").count() == 1, what="the sheet")
    wait_for(lambda: page.locator("#scores .swatch").count() == 2, what="the players list")
    heads = page.evaluate(SHEET_TOKENS)
    assert [(seat, number) for seat, number, _, _ in heads] == [(0, "1"), (1, "2")]
    for seat, _, fill, swatch in heads:
        assert fill == swatch != "", seat
    assert heads[0][2] != heads[1][2]
    # the virtual player's column (2 players: one more) is headed by its name alone
    table = live_server.table(page.url.split("/t/")[1].split("#")[0])
    sheet = table.state.view(None)["sheet"]
    assert [e["virtual"] for e in sheet] == [False, False, True]
    heads = page.evaluate("""() => [...document.querySelectorAll(
        '#board #rw-score-sheet > text[text-anchor="middle"]')].map((n) => n.textContent)""")
    # the head row comes first: "Virtual Dirk" where it fits, else "Dirk" (in grey)
    assert heads[0] == "Virtual Dirk" or "Dirk".startswith(heads[0].rstrip("…")), heads[0]
    page.evaluate("document.querySelector('#rw-score-sheet').closest('[data-area]')"
                  ".scrollIntoView({block: 'start'})")
    assert check_layout(page) == [], size
    shot(page, f"rw-score-sheet-{size}", full_page=False)
    close(page)
