"""The review in the browser (issue 21), from the page alone: a game finished from the lobby
(Envyra played by me against an easy bot, one move at a time as the page offers them; Roll &
Write between two easy bots on a phone), the game-over box's Review link, the progress while
the hard bot works, then the chart, the decisions and the phases; a decision chosen shows its
position with the move played marked as a move is and the better one as a hint is. Another
seat from the picker, and the way to the replay and back. At 1366x768 and 390x844 with the
layout rules met and screenshots kept. No link, token or id is taken from the API; the server
is read only to check what the page shows.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from herna.server import reviews

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_a11y import violations
from .test_invite import close, new_page, play_one_move, start_from_lobby, wait_for


def marked(page: Any, cls: str) -> Counter[str]:
    return Counter(page.evaluate(
        f"() => [...document.querySelectorAll('#board .{cls}[data-part]')]"
        ".map((n) => n.dataset.part)"))


def open_review(page: Any, size: str, game: str) -> str:
    """From the game-over box: Review, then wait for the hard bot (progress on the way);
    returns the table's id as the page's address shows it."""
    link = page.locator("#turn #review-link")
    link.wait_for(timeout=180_000)
    table_id = re.split(r"[?#]", page.url.split("/t/", 1)[1])[0]
    assert check_layout(page) == []
    shot(page, f"review-link-{game}-{size}", full_page=False)
    link.click()
    page.wait_for_url(re.compile(rf".*/review/{re.escape(table_id)}\?seat=\d+$"))
    wait_for(lambda: page.locator("body").get_attribute("data-review") in ("running", "done"),
             what="the review asked for")
    if page.locator("body").get_attribute("data-review") == "running":
        assert "rating the decisions" in page.locator("#review-progress").inner_text()
        shot(page, f"review-progress-{game}-{size}", full_page=False)
    wait_for(lambda: page.locator("body").get_attribute("data-review") == "done",
             timeout=120, what="the review done")
    return table_id


def check_done(page: Any, live_server: LiveServer, table_id: str, seat: int) -> dict[str, Any]:
    """What the page lists is the kept review of that seat; the first flagged (else rated)
    decision is on the board, its parts marked as the review says."""
    kept = live_server.app.state.tables.store.load_review(table_id, seat)
    assert kept is not None
    items = page.locator("#review-list button.review-decision")
    assert items.count() == len(kept["decisions"])
    assert [int(s) for s in items.evaluate_all("(bs) => bs.map((b) => b.dataset.step)")] == \
           [d["step"] for d in kept["decisions"]]
    flagged = [d for d in kept["decisions"] if d["flag"]]
    assert page.locator("#review-list li.mistake, #review-list li.blunder").count() == \
        len(flagged)
    rows = page.locator("#review-phases li")
    assert rows.count() == len({d["phase"] for d in kept["decisions"]})
    first = next(iter(flagged), None) or next(d for d in kept["decisions"]
                                              if d["drop"] is not None)
    wait_for(lambda: page.locator("#board").get_attribute("data-step") == str(first["step"]),
             what="the first decision drawn")
    assert f"Move {first['step'] + 1}" in page.locator("#review-moment h2").inner_text()
    return kept


def pick(page: Any, step: int) -> None:
    page.locator(f'#review-list button.review-decision[data-step="{step}"]').click()
    wait_for(lambda: page.locator("#board").get_attribute("data-step") == str(step),
             what=f"decision {step} drawn")


def test_my_envyra_game_reviewed_on_a_desktop(browser: Any, live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana", **DESKTOP)
    start_from_lobby(page, live_server.url, "envyra", 2, {1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+(#.*)?$"))
    for _ in range(200):  # my moves as the page offers them, to the end
        if page.locator("#turn #review-link").count():
            break
        if page.locator("#board .part.live, #turn button.move").count():
            play_one_move(page)
        else:
            page.wait_for_timeout(100)
    table_id = open_review(page, "1366x768", "envyra")
    assert page.locator("#review-seat").input_value() == "0"
    # the picker numbers the players from 1 and gives their names
    assert page.locator("#review-seat option").all_inner_texts() == \
        ["Player 1 · Ana", "Player 2 · Bot · easy"]
    kept = check_done(page, live_server, table_id, 0)
    assert page.locator(".review-chart").is_visible()
    assert check_layout(page) == []
    assert violations(page) == []
    shot(page, "review-envyra-1366x768")

    # a decision where the bot had a better move: both marked, in words too
    better = [d for d in kept["decisions"] if d["best"] and d["best"] != d["played"]]
    assert better, "every move was the bot's own choice"
    d = max(better, key=lambda x: x["drop"])
    pick(page, d["step"])
    shown = live_server.app.state.tables.load(table_id)
    answer = reviews.shown(shown, kept, "en")
    item = next(x for x in answer["decisions"] if x["step"] == d["step"])
    assert marked(page, "chosen") == Counter(item["played"]["parts"])
    assert marked(page, "hinted") == Counter(item["best"]["parts"])
    moment = page.locator("#review-moment").inner_text()
    assert f"Played: {item['played']['words']}" in moment
    assert f"Better: {item['best']['words']}" in moment
    assert f"step={d['step']}" in page.url
    assert check_layout(page) == []
    shot(page, "review-envyra-decision-1366x768")

    # the replay of that moment, and the other seat's review from the picker
    assert page.locator("#review-replay").get_attribute("href") == \
        f"/r/{table_id}?seat=0&step={d['step']}"
    page.select_option("#review-seat", "1")
    wait_for(lambda: page.locator("body").get_attribute("data-review") == "done"
             and "seat=1" in page.url, timeout=120, what="seat 1's review")
    check_done(page, live_server, table_id, 1)
    page.locator("#review-replay").click()
    page.wait_for_url(re.compile(rf".*/r/{re.escape(table_id)}\?.*"))
    link = page.locator("#review-link")
    link.wait_for()
    assert link.get_attribute("href") == f"/review/{table_id}?seat=1"
    close(page)


@pytest.mark.parametrize("game", ["alhambra-rw", "alhambra", "envyra", "ubongo"])
def test_a_review_on_a_phone(browser: Any, live_server: LiveServer, game: str) -> None:
    phone = new_page(browser, name="Ana", **PHONE)
    start_from_lobby(phone, live_server.url, game, 2, {0: "easy", 1: "easy"})
    phone.wait_for_url(re.compile(r".*/t/[\w-]+(#.*)?$"))
    table_id = open_review(phone, "390x844", game)
    kept = check_done(phone, live_server, table_id, 0)
    assert check_layout(phone) == []
    assert violations(phone) == []
    shot(phone, f"review-{game}-390x844")
    if game == "ubongo":  # the race: solve times, not chances
        solved = [d for d in kept["decisions"] if d["kind"] == "solve"]
        assert solved
        step = solved[0]["step"]
        row = phone.locator(f'#review-list li[data-step="{step}"]').inner_text()
        assert "Solved in" in row and "%" not in row
        assert "Average solve time" in phone.locator("#review-phases").inner_text()
    rated = [d for d in kept["decisions"] if d["drop"] is not None]
    pick(phone, rated[-1]["step"])  # a finger on the list: the board comes into sight
    box = phone.locator(".review-main").bounding_box()
    assert box is not None and abs(box["y"]) < 2
    assert check_layout(phone) == []
    shot(phone, f"review-{game}-decision-390x844", full_page=False)
    if game == "alhambra-rw":
        phone.locator("#lang-slot select").select_option("cs")
        wait_for(lambda: "Krok" in phone.locator("#review-moment h2").inner_text(),
                 what="the review in Czech")
        assert check_layout(phone) == []
        shot(phone, "review-alhambra-rw-cs-390x844")
    close(phone)
