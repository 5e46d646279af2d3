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


def test_roll_and_write_against_the_virtual_players_in_my_statistics(
        browser: Any, live_server: LiveServer) -> None:
    """Two solo Roll & Write games against the virtual players, played here through the API
    (a long game of clicks is not what this checks), their seats in the browser's storage as
    the table page keeps them: the statistics say my final score against theirs, on a phone
    in English and Czech and on a desktop."""
    import json
    import random

    import httpx

    held = []
    with httpx.Client(base_url=live_server.url, timeout=30) as c:
        for seed, virtual in ((31, 2), (32, 3)):
            r = c.post("/api/tables", json={"game": "alhambra-rw", "players": 1, "seed": seed,
                                             "seats": [{"kind": "human"}],
                                             "options": {"vs_virtual": True,
                                                         "virtual": virtual}})
            assert r.status_code == 201, r.text
            tid, tok = r.json()["id"], r.json()["seats"][0]["token"]
            rng = random.Random(seed)
            for _ in range(2000):
                p = c.get(f"/api/tables/{tid}", params={"token": tok}).json()
                if p["over"]:
                    break
                legal = [m["text"] for m in p["legal"]]
                text = rng.choice([t for t in legal if not t.startswith("adjust")] or legal)
                r = c.post(f"/api/tables/{tid}/actions",
                           json={"token": tok, "action": text, "version": p["version"]})
                assert r.status_code == 200, r.text
            held.append({"table": tid, "seat": 0, "token": tok, "game": "alhambra-rw"})
    with live_server.app.state.tables.store.engine.connect() as conn:
        figures = [json.loads(conn.execute(st.results_t.select().where(
            st.results_t.c.table_id == h["table"])).one().figures) for h in held]
    assert all(f["vs_virtual"] is True for f in figures)
    # won alone: the virtual players beaten (as the table says), not a place among no one
    beaten = sum(1 for f in figures if f["won_virtual"] == 1)
    for size, lang in ((PHONE, "en"), ({}, "en"), (PHONE, "cs")):
        page = new_page(browser, name="Ana", **size)
        page.context.add_init_script(
            f"localStorage.setItem('herna.seats', {json.dumps(json.dumps(held))})")
        page.goto(live_server.url + "/me")
        card = page.locator('#stats li.stat[data-game="alhambra-rw"][data-against="none"]')
        card.wait_for()
        if lang == "cs":
            page.select_option(".lang-picker", "cs")
            wait_for(lambda c=card: "Moje body proti nim" in c.inner_text(), what="Czech")
            text = card.inner_text()
            assert "Virtuální Dirkelson" in text and "1 hra, poražen" in text
            assert "2 hry, poražen" in text and english_on(page) == set()
        else:
            text = card.inner_text()
            assert f"2 games · {beaten} won" in text and "My score against them, mean" in text
            assert "Virtual players' score, mean" in text
            assert "Margin over the best of them, mean" in text
            assert "Virtual Dirk\n2 games, beaten in" in text
            assert "Virtual Dirkelson\n1 game, beaten in" in text
        assert "null" not in text and "undefined" not in text and "NaN" not in text
        phone = size is PHONE
        assert check_layout(page, phone=phone) == []
        assert violations(page) == []
        card.scroll_into_view_if_needed()
        shot(page, f"history-rw-{lang}-{'390x844' if phone else '1366x768'}", full_page=False)
        close(page)
