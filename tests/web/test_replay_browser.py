"""Replays in the browser (issue 21), from the page alone: a game of bots started in the lobby
and played to the end, the game-over box's replay link, the steps taken by keys, buttons, the
slider and the log, another seat's side, a shared link, a record opened from a file. No link
or id is taken from the API; the server is read only to check what the page shows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import herna
from herna.cli import app as cli

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_a11y import violations
from .test_invite import CLIPBOARD, close, new_page, start_from_lobby, wait_for
from .test_words_browser import english_on


def drawn_step(page: Any) -> int:
    v = page.locator("#board").get_attribute("data-step")
    return int(v) if v not in (None, "") else -1


def at_step(page: Any, n: int) -> None:
    wait_for(lambda: drawn_step(page) == n, what=f"step {n} drawn")


def finish_in_lobby(page: Any, url: str, game: str) -> str:
    """Start a game of two easy bots in the lobby, watch it to the end and open its replay
    from the game-over box; returns the table's id as the page's address shows it."""
    start_from_lobby(page, url, game, 2, {0: "easy", 1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    link = page.locator("#turn #replay-link")
    link.wait_for(timeout=120_000)
    assert page.locator("#turn h2").first.inner_text() == "Game over"
    assert "null" not in page.locator("#turn").inner_text()
    assert check_layout(page) == []
    size = page.viewport_size
    shot(page, f"replay-link-{game}-{size['width']}x{size['height']}", full_page=False)
    link.click()
    page.wait_for_url(re.compile(rf".*/r/{re.escape(table_id)}(\?.*)?$"))
    at_step(page, 0)
    return table_id


def shown_scores(page: Any) -> list[str]:
    return [x.strip() for x in page.locator("#scores .players li strong").all_inner_texts()]


def test_a_finished_game_steps_by_keys_buttons_slider_and_log(browser: Any,
                                                              live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana", permissions=CLIPBOARD)
    table_id = finish_in_lobby(page, live_server.url, "alhambra")
    state = live_server.table(table_id).state
    moves = len(state.history)
    assert page.locator("#slider").get_attribute("max") == str(moves)
    assert page.locator("#step-count").inner_text() == f"The start: {moves} moves to replay"
    assert page.locator("#board").get_attribute("data-seat") == "spectator"
    assert check_layout(page) == []
    shot(page, "replay-start-1366x768")

    # keys: the arrows step, End and Home jump
    page.keyboard.press("ArrowRight")
    at_step(page, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    at_step(page, 3)
    page.keyboard.press("ArrowLeft")
    at_step(page, 2)
    assert page.locator("#step-count").inner_text() == f"Move 2 of {moves}"
    assert page.locator("#log ol.log > li").count() == 2
    assert "?step=2" in page.url and "seat=" not in page.url
    page.keyboard.press("End")
    at_step(page, moves)
    page.keyboard.press("Home")
    at_step(page, 0)

    # buttons: next, last (the end: the final table), back, first
    page.locator("#next").click()
    at_step(page, 1)
    page.locator("#last").click()
    at_step(page, moves)
    assert page.locator("#next").is_disabled() and page.locator("#last").is_disabled()
    outcome = state.outcome()
    assert outcome is not None
    assert shown_scores(page) == [str(int(s)) for s in outcome.scores]
    assert page.locator("#scores table.outcome").is_visible()
    assert check_layout(page) == []
    shot(page, "replay-end-1366x768")
    page.locator("#back").click()
    at_step(page, moves - 1)
    page.locator("#first").click()
    at_step(page, 0)
    assert page.locator("#first").is_disabled()

    # the slider, then a line of the log: the step after that move
    page.locator("#slider").fill("40")
    at_step(page, 40)
    at_40 = herna.replay(state.record(), upto=40)
    assert shown_scores(page) == [str(s["score"]) for s in at_40.view(None)["seats"]]
    page.locator('#log button.log-step[data-seq="9"]').click()
    at_step(page, 10)
    assert page.locator('#log li[aria-current="step"]').get_attribute("data-seq") == "9"
    assert "step=10" in page.url

    # another seat's side: its hand is drawn (the spectator's drawing hides it)
    at_10 = herna.replay(state.record(), upto=10)
    assert at_10.view(None)["seats"][1]["hand"] is None and at_10.view(1)["seats"][1]["hand"]
    spectator_svg = page.locator("#board").inner_html()
    # the players numbered from 1, each with its name (two easy bots: numbered in it)
    assert page.locator("#seat-pick option").all_inner_texts()[1:] == \
        ["Bot 1 · easy", "Bot 2 · easy"]
    page.select_option("#seat-pick", "1")
    wait_for(lambda: page.locator("#board").get_attribute("data-seat") == "1", what="seat 1")
    assert drawn_step(page) == 10 and "seat=1" in page.url
    assert page.locator("#board").inner_html() != spectator_svg
    assert "(you)" in page.locator("#scores .players li.me").inner_text()
    assert check_layout(page) == []
    shot(page, "replay-seat-1366x768")

    # Share copies the link of what is shown; it opens the same step and seat elsewhere
    page.locator("#share").click()
    wait_for(lambda: page.locator("#view-as .copied").inner_text() == "Copied", what="Copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == f"{live_server.url}/r/{table_id}?step=10&seat=1"
    other = new_page(browser)
    other.goto(link)
    at_step(other, 10)
    assert other.locator("#board").get_attribute("data-seat") == "1"
    assert other.locator("#seat-pick").input_value() == "1"
    close(other)
    close(page)


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_the_replay_fits_a_phone_and_a_desktop(browser: Any, live_server: LiveServer,
                                               game: str) -> None:
    phone = new_page(browser, name="Ana", **PHONE)
    table_id = finish_in_lobby(phone, live_server.url, game)
    moves = len(live_server.table(table_id).state.history)
    assert check_layout(phone) == []
    shot(phone, f"replay-{game}-start-390x844", full_page=False)
    phone.locator("#next").click()  # a finger on the fixed controls
    at_step(phone, 1)
    phone.locator("#slider").fill(str(moves // 2))
    at_step(phone, moves // 2)
    phone.select_option("#seat-pick", "0")
    wait_for(lambda: phone.locator("#board").get_attribute("data-seat") == "0", what="seat 0")
    assert check_layout(phone) == []
    assert violations(phone) == []  # axe: nothing serious or critical
    shot(phone, f"replay-{game}-middle-390x844", full_page=False)
    phone.locator("#last").click()
    at_step(phone, moves)
    assert check_layout(phone) == []
    shot(phone, f"replay-{game}-end-390x844")
    desktop = new_page(browser, name="Ana", **DESKTOP)
    desktop.goto(f"{live_server.url}/r/{table_id}?step={moves // 2}&seat=1")
    at_step(desktop, moves // 2)
    assert check_layout(desktop) == []
    assert violations(desktop) == []
    shot(desktop, f"replay-{game}-middle-1366x768", full_page=False)
    close(desktop)
    close(phone)


def test_a_record_from_a_file_opens_from_the_lobby(browser: Any, live_server: LiveServer,
                                                   tmp_path: Path) -> None:
    """A record `herna simulate --records` wrote, chosen on the page: its replay opens."""
    result = CliRunner().invoke(cli, ["simulate", "envyra", "--players", "2", "-g", "1",
                                      "--bots", "random", "--records", str(tmp_path)])
    assert result.exit_code == 0, result.output
    record = tmp_path / "envyra-1.json"
    moves = len(json.loads(record.read_text(encoding="utf-8"))["actions"])
    for size, options in (("390x844", PHONE), ("1366x768", DESKTOP)):
        open_record(browser, live_server.url, tmp_path, record, moves, size, options)


def open_record(browser: Any, url: str, tmp_path: Path, record: Path, moves: int, size: str,
                options: dict[str, Any]) -> None:
    """The lobby's "Open a game record", a file that is not one, then the record."""
    page = new_page(browser, name="Ana", **options)
    page.goto(url + "/")
    page.locator("#open-record").click()
    page.wait_for_url(re.compile(r".*/r$"))
    page.locator("#open h2").wait_for()
    assert check_layout(page) == []
    shot(page, f"replay-open-{size}")
    bad = tmp_path / "notes.txt"
    bad.write_text("not a record", encoding="utf-8")
    page.set_input_files("#record-file", str(bad))
    wait_for(lambda: page.locator("#open-error").inner_text() != "", what="the refusal")
    bad_words = "notes.txt is not a game record: it is not JSON."
    assert page.locator("#open-error").inner_text() == bad_words
    page.set_input_files("#record-file", str(record))
    wait_for(lambda: "/r/" in page.url or page.locator("#open-error").inner_text()
             not in ("", bad_words), what="the record opened")
    assert "/r/" in page.url, page.locator("#open-error").inner_text()
    at_step(page, 0)
    assert page.locator("#slider").get_attribute("max") == str(moves)
    page.keyboard.press("End")
    at_step(page, moves)
    assert page.locator("#scores table.outcome").is_visible()
    assert check_layout(page) == []
    close(page)


def test_the_replay_speaks_czech(browser: Any, live_server: LiveServer) -> None:
    page = new_page(browser, name="Ana")
    page.context.add_init_script("localStorage.setItem('herna.lang', 'cs')")
    table_id = finish_in_lobby_cs(page, live_server.url)
    moves = len(live_server.table(table_id).state.history)
    assert page.locator("#step-count").inner_text() == f"Začátek: {moves} kroků k přehrání"
    assert page.locator("#next").inner_text() == "Další"
    page.keyboard.press("ArrowRight")
    at_step(page, 1)
    assert page.locator("#step-count").inner_text() == f"Krok 1 z {moves}"
    assert page.locator("#seat-pick option").first.inner_text() == "Divák (co vidí všichni)"
    assert english_on(page) == set()
    page.keyboard.press("End")  # the final table too
    at_step(page, moves)
    assert english_on(page) == set()
    page.goto(live_server.url + "/r")  # and the page that opens a record
    page.locator("#open h2").wait_for()
    assert english_on(page) == set()
    close(page)


def finish_in_lobby_cs(page: Any, url: str) -> str:
    """`finish_in_lobby` for a page in Czech (the game-over box says it in Czech)."""
    start_from_lobby(page, url, "envyra", 2, {0: "easy", 1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    link = page.locator("#turn #replay-link")
    link.wait_for(timeout=120_000)
    assert link.inner_text() == "Přehrát záznam hry"
    link.click()
    at_step(page, 0)
    return table_id


def test_my_finished_table_links_to_its_replay(browser: Any, live_server: LiveServer) -> None:
    """My tables lists a finished table with a Replay link on my seat's side. My moves are
    made by a program holding my seat's link (the page's own address), as an external bot
    would: the path tested is the lobby's list and its link."""
    import random

    import httpx

    page = new_page(browser, name="Ana")
    start_from_lobby(page, live_server.url, "alhambra-rw", 2, {0: "me", 1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+#token=[\w-]+$"))
    table_id, token = re.findall(r"/t/([\w-]+)#token=([\w-]+)$", page.url)[0]
    rng = random.Random(1)
    api = f"{live_server.url}/api/tables/{table_id}"
    while True:
        p = httpx.get(api, params={"token": token}).json()
        if p["over"]:
            break
        if p["legal"]:
            moves = [m["text"] for m in p["legal"] if not m["text"].startswith("adjust")]
            move = rng.choice(moves or [p["legal"][0]["text"]])
            httpx.post(f"{api}/actions",
                       json={"token": token, "version": p["version"], "action": move})
    page.goto(live_server.url + "/")
    row = page.locator(f'#mine li[data-table="{table_id}"]')
    row.locator("a.replay").wait_for()
    assert "finished" in row.inner_text()
    row.locator("a.replay").click()
    page.wait_for_url(re.compile(rf".*/r/{re.escape(table_id)}\?seat=0$"))
    at_step(page, 0)
    assert page.locator("#board").get_attribute("data-seat") == "0"
    assert page.locator("#seat-pick").input_value() == "0"
    assert "Ana" in page.locator("#scores .players li.me").inner_text()
    close(page)


FLIGHTS = """() => document.getAnimations()
    .filter((a) => a.effect && a.effect.target && a.effect.target.dataset
        && a.effect.target.dataset.of)
    .map((a) => a.effect.target.dataset.of)"""


def showing(page: Any) -> int:
    """The scene shown (its index), -1 while none is."""
    value = page.evaluate("() => document.querySelector('#scenes[open]')?.dataset.scene ?? null")
    return -1 if value is None else int(value)


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
def test_a_step_forward_flies_and_a_scoring_is_shown_step_by_step(
        browser: Any, live_server: LiveServer, device: dict[str, Any]) -> None:
    """The replay does what the table does: one step forward flies the things that moved from
    their old places (at the speed chosen at the table; a step back or a jump flies nothing),
    and a scoring round in its log has a "Show" that plays its scenes in the same dialog."""
    page = new_page(browser, name="Ana", **device)
    size = f"{device['viewport']['width']}x{device['viewport']['height']}"
    start_from_lobby(page, live_server.url, "alhambra", 2, {0: "easy", 1: "easy"})
    page.wait_for_url(re.compile(r".*/t/[\w-]+$"))
    link = page.locator("#turn #replay-link")
    link.wait_for(timeout=120_000)
    page.select_option("#speed", "normal")  # the others' moves "one by one": things travel
    link.click()
    page.wait_for_url(re.compile(r".*/r/[\w-]+(\?.*)?$"))
    at_step(page, 0)
    state = live_server.table(page.url.split("/r/")[1].split("?")[0]).state

    # one step forward at a time: each buying or taking move flies its things
    flew: list[str] = []
    for n in range(1, 9):
        page.locator("#next").click()
        at_step(page, n)
        flew += page.evaluate(FLIGHTS)
        if flew:
            break
    assert flew, "nothing travelled in the first moves"
    shot(page, f"replay-flight-{size}", full_page=False)
    page.wait_for_function("() => !document.getElementById('flights')")  # they land
    page.locator("#back").click()  # a step back, or a jump, is drawn at once
    at_step(page, n - 1)
    assert page.evaluate(FLIGHTS) == []
    page.locator("#slider").fill(str(n + 5))
    at_step(page, n + 5)
    assert page.evaluate(FLIGHTS) == []

    # the end: the log's three scorings each have their Show
    page.locator("#last").click()
    at_step(page, len(state.history))
    show = page.locator("#log button.scenes-show")
    assert show.count() == 3 == len(state.view(None)["scorings"])
    assert check_layout(page) == [], size
    show.first.scroll_into_view_if_needed()
    show.first.click()
    wait_for(lambda: showing(page) == 0, what="the first scene")
    assert page.locator("#scene-title").inner_text() == "Scoring round 1: Pavilion"
    assert page.locator("#scene-count").inner_text() == "1 of 8"
    assert page.locator("#scene-body svg g.row .seat-token").count() == 2
    assert check_layout(page) == [], size
    shot(page, f"replay-scenes-{size}", full_page=False)
    at = drawn_step(page)
    page.keyboard.press("ArrowRight")  # the dialog's keys are not the replay's
    page.locator("#scene-next").click()
    wait_for(lambda: showing(page) >= 1, what="the next scene")
    assert drawn_step(page) == at
    page.keyboard.press("Escape")
    wait_for(lambda: showing(page) == -1, what="the dialog closed")
    assert page.evaluate("() => document.activeElement.classList.contains('scenes-show')")
    assert drawn_step(page) == at
    close(page)
