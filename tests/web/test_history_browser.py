"""My games (/me, issue 22) from the page alone, on a private server: a rated game started in
the lobby and played to the end by clicks, then found in my history (its place, its
opponent, a working replay link) and in my statistics, on a desktop and on a phone. No link
or id is taken from the API; the server is read only to check what the page shows."""

from __future__ import annotations

import re
from typing import Any

from herna.server import store as st

from .conftest import LiveServer
from .layoutkit import PHONE, check_layout, shot
from .test_a11y import violations
from .test_invite import close, new_page, play_one_move, start_from_lobby, wait_for
from .test_replay_browser import at_step
from .test_words_browser import english_on


def play_to_the_end(page: Any) -> None:
    """My moves by what the page offers, the bot's by the server, until the game is over."""
    for _ in range(400):
        if page.locator("#turn #replay-link").count():
            return
        try:
            play_one_move(page)
        except AssertionError:
            continue  # the bot's turn came between two looks: look again
    raise AssertionError("the game did not end")


def test_a_rated_game_played_to_the_end_is_in_my_history(browser: Any,
                                                         live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana")
    page.goto(live_server.url + "/")
    page.locator('button[data-game="envyra"]').click()
    page.locator("#opt-rated").check()
    # a rated game: undo and hints are off, and cannot be turned on
    assert not page.locator("#opt-undo").is_checked() and page.locator("#opt-undo").is_disabled()
    assert not page.locator("#opt-hints").is_checked()
    assert page.locator("#opt-hints").is_disabled()
    assert check_layout(page) == []
    shot(page, "lobby-rated-1366x768")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "easy")
    page.locator("#start").click()
    page.wait_for_url(re.compile(r".*/t/[\w-]+#token=[\w-]+$"))
    table_id = re.findall(r"/t/([\w-]+)#", page.url)[0]
    # my seat belongs to an account (what signing in does on a shared server): set in the
    # store, so the game changes a rating
    with live_server.app.state.tables.store.engine.begin() as conn:
        conn.execute(st.players_t.insert().values(id="ana", name="Ana", name_key="ana",
                                                   created=st.now()))
        conn.execute(st.seats_t.update().where(st.seats_t.c.table_id == table_id,
                                               st.seats_t.c.seat == 0).values(player_id="ana"))
    play_to_the_end(page)
    table = live_server.table(table_id)
    state = table.state
    assert table.row.rated
    outcome = state.outcome()
    assert outcome is not None
    # the game-over box: my new rating and its change, under the final scores
    (mine,) = table.ratings
    change = f"{'+' if mine['change'] > 0 else '−' if mine['change'] < 0 else '±'}" \
        f"{abs(mine['change'])}"
    line = page.locator('#turn ul.ratings li[data-seat="0"]')
    assert line.inner_text() == f"Ana: rating {mine['mu']} ({change})"
    assert check_layout(page) == []
    shot(page, "rated-over-1366x768", full_page=False)

    # the lobby links to my games; the game is there with my place and the bot
    page.goto(live_server.url + "/")
    page.locator("#history-link").click()
    page.wait_for_url(re.compile(r".*/me$"))
    row = page.locator(f'#games li[data-table="{table_id}"]')
    row.wait_for()
    text = row.inner_text()
    place = "won" if outcome.ranks[0] == 1 else f"place {outcome.ranks[0]} of 2"
    assert place in text and "Bot · easy" in text and "rated" in text and "with bots" in text
    assert f"Score {int(outcome.scores[0])}" in text
    stat = page.locator('#stats li.stat[data-game="envyra"][data-against="bots"]')
    assert "1 game" in stat.inner_text()
    assert "Sets, mean" in stat.inner_text() and "Star points, mean" in stat.inner_text()
    assert "null" not in page.locator("#me").inner_text()
    ratings = page.locator("#ratings li")
    assert ratings.count() == 1 and str(mine["mu"]) in ratings.inner_text()
    assert "with bots" in ratings.inner_text() and "1 rated game" in ratings.inner_text()
    assert "rating" in row.inner_text()
    assert check_layout(page) == []
    assert violations(page) == []
    shot(page, "history-1366x768")

    # its replay link opens the game from my seat's side
    row.locator("a.replay").click()
    page.wait_for_url(re.compile(rf".*/r/{re.escape(table_id)}\?seat=0$"))
    at_step(page, 0)
    assert page.locator("#board").get_attribute("data-seat") == "0"
    close(page)


def test_my_games_fit_a_phone_and_speak_czech(browser: Any, live_server: LiveServer) -> None:
    """The same browser's history on a phone (the seats kept in its storage), in Czech."""
    page = new_page(browser, name="Ana", **PHONE)
    start_from_lobby(page, live_server.url, "envyra", 2, {0: "me", 1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+#token=[\w-]+$"))
    table_id = re.findall(r"/t/([\w-]+)#", page.url)[0]
    play_to_the_end(page)
    page.goto(live_server.url + "/me")
    row = page.locator(f'#games li[data-table="{table_id}"]')
    row.wait_for()
    assert check_layout(page, phone=True) == []
    shot(page, "history-390x844")
    page.select_option(".lang-picker", "cs")
    wait_for(lambda: "Moje hry" in page.locator("#me h1").inner_text(), what="Czech")
    row = page.locator(f'#games li[data-table="{table_id}"]')
    row.wait_for()
    assert "s boty" in row.inner_text() and "hodnocená" not in row.inner_text()
    assert row.locator("a.replay").inner_text() == "Záznam"
    assert english_on(page) == set()
    assert violations(page) == []
    assert check_layout(page, phone=True) == []
    shot(page, "history-cs-390x844")
    close(page)
