"""Accounts from the page alone (issue 22, `herna serve --accounts`): Ana signs up in the
lobby of one browser and starts a game; on a phone (a second browser context, 390x844) she
signs in, finds the table in My tables and makes a move there, without the first browser's
link; the first browser sees the move. Log out, log out everywhere, a wrong password's
reason, and a private server showing no account area. Screenshots of the account area at
1366x768 and 390x844 go to $HERNA_SHOTS (default /tmp/herna-accounts)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from herna.web import catalog

from .conftest import LiveServer
from .test_browser import act_by_clicks, drawn_version, follow, my_turn, wait_for

SHOTS = Path(os.environ.get("HERNA_SHOTS", "/tmp/herna-accounts"))
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
PASSWORD = "a long secret"


def context(browser: Any, viewport: dict[str, int]) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return ctx, page


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def account_form(page: Any, kind: str, name: str, password: str) -> None:
    """Open "Sign in" or "Sign up" in the lobby's bar and send the form (a phone's bar has
    "Sign in" only: its form switches to "Sign up")."""
    page.locator("#sign-in").wait_for()
    if kind == "in" or page.locator("#sign-up").is_visible():
        page.locator(f"#sign-{kind}").click()
    else:
        page.locator("#sign-in").click()
        page.locator("#account-switch").click()
    page.locator(f"#account-sign{kind}").wait_for()
    page.locator("#account-name-input").fill(name)
    page.locator("#account-password-input").fill(password)
    page.locator("#account-submit").click()


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_sign_up_play_and_move_from_a_phone(browser: Any,
                                            accounts_server: LiveServer) -> None:
    server = accounts_server
    laptop_ctx, laptop = context(browser, DESKTOP)
    phone_ctx, phone = context(browser, PHONE)
    try:
        laptop.goto(server.url + "/")
        laptop.locator("#sign-up").wait_for()
        shot(laptop, "accounts-signed-out-1366x768")
        laptop.locator("#sign-up").click()
        laptop.locator("#account-name-input").fill("Ana")
        laptop.locator("#account-password-input").fill(PASSWORD)
        shot(laptop, "accounts-sign-up-1366x768")
        laptop.locator("#account-submit").click()
        wait_for(lambda: laptop.locator("#account-name").count() == 1, what="signed in")
        assert laptop.locator("#account-name").inner_text() == "Ana"
        # the display name defaults to the account's: no "What is your name?" question
        assert laptop.locator("#my-name").inner_text() == catalog().t("names.mine", "en",
                                                                        name="Ana")
        laptop.locator("#account-name").click()
        shot(laptop, "accounts-menu-1366x768")
        laptop.locator("#account-name").click()
        # a game against a bot, started from the lobby
        laptop.locator('button[data-game="envyra"]').click()
        laptop.select_option("#players", "2")
        laptop.select_option("#seat-1", "easy")
        laptop.locator("#start").click()
        laptop.wait_for_url("**/t/*")
        table_id = laptop.url.split("/t/")[1].split("#")[0]
        table = server.table(table_id)
        assert table.row.seats[0].player is not None  # the seat is Ana's account's
        wait_for(lambda: drawn_version(laptop) >= 0, what="the laptop's table drawn")

        # the phone: signs in from the lobby, finds the table in My tables
        phone.goto(server.url + "/")
        account_form(phone, "in", "Ana", "a wrong one")
        wait_for(lambda: phone.locator("#account-error").inner_text() != "",
                 what="the wrong password's reason")
        assert phone.locator("#account-error").inner_text() == catalog().t(
            "account.refuse_wrong", "en")
        shot(phone, "accounts-sign-in-refused-390x844")
        phone.locator("#account-password-input").fill(PASSWORD)
        phone.locator("#account-submit").click()
        wait_for(lambda: phone.locator("#account-name").count() == 1, what="phone signed in")
        no_sideways_scroll(phone)
        shot(phone, "accounts-signed-in-390x844")
        phone.locator("#account-name").click()
        shot(phone, "accounts-menu-390x844")
        no_sideways_scroll(phone)
        phone.locator("#account-name").click()
        row = phone.locator(f'.my-tables li[data-table="{table_id}"]')
        wait_for(lambda: row.count() == 1, what="the table in the phone's My tables")
        assert row.locator("button.leave").count() == 0  # the account's: on every device
        row.locator("a.reopen").click()
        phone.wait_for_url(f"**/t/{table_id}#seat=0")
        assert my_turn(server, phone, table_id, 0)
        no_sideways_scroll(phone)
        shot(phone, "accounts-table-by-seat-390x844")
        before = table.version
        act_by_clicks(phone, server, table_id, 0, random.Random(3))
        assert table.version > before
        # the laptop, which holds the seat's link, sees the phone's move
        wait_for(lambda: drawn_version(laptop) >= before + 1, what="the move on the laptop")
        # log out everywhere from the phone: the laptop's lobby is signed out too
        phone.goto(server.url + "/")
        phone.locator("#account-name").click()
        phone.locator("#log-out-all").click()
        wait_for(lambda: phone.locator("#sign-in").count() == 1, what="phone signed out")
        laptop.goto(server.url + "/")
        wait_for(lambda: laptop.locator("#sign-in").count() == 1, what="laptop signed out")
        # the laptop's token still opens the seat (kept in this browser)
        mine = laptop.locator(f'.my-tables li[data-table="{table_id}"] a.reopen')
        wait_for(lambda: mine.count() == 1, what="the table by its token")
        assert "#token=" in (mine.get_attribute("href") or "")
        assert laptop.errors == [] and phone.errors == []
    finally:
        laptop_ctx.close()
        phone_ctx.close()


def test_sign_up_refused_and_log_out_on_a_phone(browser: Any,
                                                accounts_server: LiveServer) -> None:
    ctx, page = context(browser, PHONE)
    try:
        page.goto(server_url := accounts_server.url + "/")
        account_form(page, "up", "Bo", "short")  # the browser's own check: minlength
        assert page.locator("#account-name").count() == 0
        page.locator("#account-password-input").fill("long enough")
        page.locator("#account-submit").click()
        wait_for(lambda: page.locator("#account-name").count() == 1, what="signed up")
        page.goto(server_url)
        page.locator("#account-name").click()
        page.locator("#log-out").click()
        wait_for(lambda: page.locator("#sign-up").count() == 1, what="signed out")
        account_form(page, "up", "BO", "long enough")  # the same name, another case
        wait_for(lambda: page.locator("#account-error").inner_text() != "", what="refused")
        assert page.locator("#account-error").inner_text() == catalog().t(
            "account.refuse_taken", "en", name="BO")
        shot(page, "accounts-sign-up-refused-390x844")
        assert page.locator("#sign-up").is_hidden()  # a phone's bar: "Sign in" only
        page.locator("#account-name-input").fill("Bo")
        page.select_option(".lang-picker", "cs")
        wait_for(lambda: page.locator("#sign-in").inner_text() == catalog().t(
            "account.sign_in", "cs"), what="Czech words")
        assert page.locator("#account-name-input").input_value() == "Bo"  # kept
        no_sideways_scroll(page)
        shot(page, "accounts-signed-out-cs-390x844")
        assert page.errors == []
    finally:
        ctx.close()


def test_a_private_server_shows_no_account_area(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.locator("#start").wait_for()
    assert page.locator("#account-slot").inner_html() == ""
    assert page.locator("#sign-in, #sign-up, #account-name").count() == 0


def test_a_game_played_to_the_end_is_in_my_history_on_a_second_device(
        browser: Any, accounts_server: LiveServer) -> None:
    """Issue 22's path, from the page alone: Bea signs up on a laptop, plays Envyra against
    an easy bot to the end; on a phone she signs in, opens My games from the lobby and finds
    the game there, its replay one tap away."""
    from .layoutkit import check_layout
    from .layoutkit import shot as layout_shot
    from .test_invite import play_one_move

    server = accounts_server
    laptop_ctx, laptop = context(browser, DESKTOP)
    phone_ctx, phone = context(browser, PHONE)
    try:
        laptop.goto(server.url + "/")
        account_form(laptop, "up", "Bea", PASSWORD)
        wait_for(lambda: laptop.locator("#account-name").count() == 1, what="signed up")
        laptop.locator('button[data-game="envyra"]').click()
        laptop.select_option("#players", "2")
        laptop.select_option("#seat-1", "easy")
        laptop.locator("#start").click()
        laptop.wait_for_url("**/t/*")
        table_id = laptop.url.split("/t/")[1].split("#")[0]
        for _ in range(300):  # my moves as the page offers them, to the end
            if laptop.locator("body.over").count():
                break
            if laptop.locator("#board .part.live, #turn button.move").count():
                play_one_move(laptop)
            else:
                laptop.wait_for_timeout(100)
        assert server.table(table_id).state.is_over()

        phone.goto(server.url + "/")
        account_form(phone, "in", "Bea", PASSWORD)
        wait_for(lambda: phone.locator("#account-name").count() == 1, what="phone signed in")
        phone.locator("#history-link").click()
        phone.wait_for_url("**/me")
        row = phone.locator(f'li[data-table="{table_id}"]')
        wait_for(lambda: row.count() == 1, what="the game in the phone's history")
        assert "Bea" in phone.locator("#me-hint").inner_text()
        assert check_layout(phone) == []
        layout_shot(phone, "accounts-history-390x844", full_page=False)
        assert row.locator("a.review").get_attribute("href") == f"/review/{table_id}?seat=0"
        follow(phone, row.locator("a.replay"), f"**/r/{table_id}?seat=0", server)
        phone.locator("#board svg").first.wait_for()
        assert laptop.errors == [] and phone.errors == []
    finally:
        laptop_ctx.close()
        phone_ctx.close()
