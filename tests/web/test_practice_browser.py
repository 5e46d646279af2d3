"""Ubongo practice from the lobby alone, on a phone (390x844, touch) and a desktop (1366x768):
the lobby's Ubongo entry leads to the practice page; a ladder puzzle solved by dragging a
real solution onto the card (pieces turned with the page's buttons) moves the level up; a
give-up shows one solution piece by piece (the step button on the phone; a step, then
auto-play with reduced motion on the desktop) and moves the level down; the daily puzzle
and a time attack run to their end with a personal best kept. Each screen meets the layout rules
(tests/web/layoutkit.py) and leaves a screenshot under test-artifacts/; a Czech and a Slovak
player read no English on it.

The page's clock is Playwright's: paused while a puzzle is dragged (a loaded machine drags
slowly, and the ladder's verdict must not depend on it), run forward to end a time attack.
The puzzle is named on the page (#puzzle-board's data-puzzle); the solver, in this process,
only tells the test a real solution of it."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest

from herna.games.ubongo import practice
from herna.games.ubongo.solver import first_solution

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import close, new_page, wait_for
from .test_phone_ubongo import lay_pieces
from .test_words_browser import english_on  # toy games other tests register: hidden

START = dt.datetime(2026, 3, 2, 9, 0)  # a Monday: the daily puzzle is level 2


def open_practice(browser: Any, url: str, device: dict[str, Any], name: str) -> Any:
    """The lobby, its Ubongo entry, the practice page: as a person gets there."""
    page = new_page(browser, name="Ana", **device)
    page.clock.install(time=START)
    page.goto(url + "/")
    practice_from_lobby(page, f"practice-lobby-{name}")
    return page


def practice_from_lobby(page: Any, shot: str | None = None) -> None:
    """From the lobby page: its Ubongo entry, then its practice link (the lobby measured and
    kept as `shot` on the way, when named)."""
    page.locator('button[data-game="ubongo"]').click()
    wait_for(lambda: page.locator("#practice-link").count() == 1, what="the practice link")
    if shot:
        layout_ok(page, shot)
    page.locator("#practice-link").click()
    page.wait_for_url("**/practice")


def shown_puzzle(page: Any, other_than: str = "") -> str:
    """The id of the puzzle drawn, once it is drawn and open to drag (a new one if asked)."""
    def ready() -> bool:
        pid = page.locator("#puzzle-board").get_attribute("data-puzzle") or ""
        return bool(pid) and pid != other_than and page.locator(
            "#practice-controls .ubongo-controls").count() == 1
    wait_for(ready, what="a puzzle to solve")
    return str(page.locator("#puzzle-board").get_attribute("data-puzzle"))


def solve_by_drag(page: Any, touch: bool) -> practice.Puzzle:
    """Lay the solver's solution of the puzzle the page shows, piece by piece by drag, with
    the page's clock held still."""
    level, seed = practice.parse_id(shown_puzzle(page))
    p = practice.make(level, seed)
    sol = first_solution(p.outline, p.pieces)
    assert sol is not None
    pieces = {x["letter"]: x for x in practice.extra(p)["pieces"]}
    page.clock.pause_at(float(page.evaluate("Date.now()")) / 1000 + 1)  # seconds, in Python
    lay_pieces(page, [(q.piece, q.orientation, q.row, q.col) for q in sol], pieces, touch)
    return p


def layout_ok(page: Any, name: str) -> None:
    wait_for(lambda: page.evaluate("document.getAnimations().length") == 0,
             what="pieces at rest")  # a solution's piece flies from its tray slot
    problems = check_layout(page)
    shot(page, name)
    assert problems == [], problems
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def text(page: Any, selector: str) -> str:
    return str(page.locator(selector).inner_text())


def stored(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("localStorage.getItem('herna.practice')") or "{}"))


def laid(page: Any) -> list[str]:
    return list(page.evaluate("""() => [...document.querySelectorAll(
        '#ubongo-placed [data-placed]')].map((g) => g.dataset.placed)"""))


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
def test_practice_from_the_lobby(browser: Any, live_server: LiveServer,
                                 device: dict[str, Any]) -> None:
    touch = device is PHONE
    name = "390x844" if touch else "1366x768"
    page = open_practice(browser, live_server.url, device, name)
    # the ladder starts at level 1, a puzzle ready to drag
    first = shown_puzzle(page)
    assert first.startswith("1-")
    assert text(page, "#puzzle-title") == "Level 1 of 10"
    assert "a level up" in text(page, "#puzzle-line")
    layout_ok(page, f"practice-ladder-{name}")

    # solved by drag, within the target: the level goes up
    solve_by_drag(page, touch)
    wait_for(lambda: "Up to level 2!" in text(page, "#practice-message"), what="the verdict")
    page.clock.resume()
    assert "Solved in" in text(page, "#practice-message")
    assert stored(page)["level"] == 2 and stored(page)["bests"]["ladder"] == 2
    result = stored(page)["results"][0]
    assert result["mode"] == "ladder" and result["solved"] and result["next"] == 2
    assert "Ladder: highest level 2" in text(page, "#bests")
    layout_ok(page, f"practice-solved-{name}")
    page.locator("#practice-next").click()
    second = shown_puzzle(page, other_than=first)
    assert second.startswith("2-") and text(page, "#puzzle-title") == "Level 2 of 10"

    # given up: one solution, piece by piece; the level goes down
    level, seed = practice.parse_id(second)
    solution = practice.solution(practice.make(level, seed))
    if touch:
        page.emulate_media(reduced_motion="no-preference")
    else:
        page.emulate_media(reduced_motion="reduce")
    page.locator("#practice-give-up").click()
    wait_for(lambda: page.locator("#solution-step").count() == 1, what="the solution's steps")
    assert "Down to level 1." in text(page, "#practice-message")
    assert text(page, "#solution-count") == f"Pieces laid: 0/{len(solution)}"
    assert laid(page) == [] and stored(page)["level"] == 1
    if touch:  # step by step with the button
        for k, (letter, *_) in enumerate(solution, start=1):
            page.locator("#solution-step").tap()
            wait_for(lambda k=k: len(laid(page)) == k, what=f"piece {k} laid")
            assert letter in laid(page)
            assert text(page, "#solution-count") == f"Pieces laid: {k}/{len(solution)}"
            if k == 1:
                layout_ok(page, f"practice-solution-{name}")
    else:  # a step, then the rest played by itself (reduced motion: slower, nothing flies)
        page.locator("#solution-step").click()
        wait_for(lambda: laid(page) == [solution[0][0]], what="the first piece laid")
        assert page.evaluate("document.getAnimations().length") == 0
        page.locator("#solution-play").click()
        page.clock.run_for(2000 * len(solution) + 500)
        wait_for(lambda: len(laid(page)) == len(solution), what="the whole solution")
    assert sorted(laid(page)) == sorted(letter for letter, *_ in solution)
    assert page.locator("#solution-step").is_disabled()
    assert "The solver finds" in text(page, "#practice-actions")
    # every laid piece covers the cells of the solution
    drawn = page.evaluate("""() => [...document.querySelectorAll('#ubongo-placed rect')].length""")
    assert drawn == sum(len(practice.placement_json(x)["cells"]) for x in solution)
    layout_ok(page, f"practice-solution-done-{name}")

    # the daily puzzle: the server's day (a Monday in this test's server: any day will do)
    page.locator('.modes .mode[data-mode="daily"]').click()
    daily = shown_puzzle(page)
    assert text(page, "#puzzle-title").startswith("Puzzle of the day: ")
    assert daily == practice.daily(dt.date.today()).id
    layout_ok(page, f"practice-daily-{name}")

    # time attack: started, a puzzle solved, the clock run out, the best kept
    page.locator('.modes .mode[data-mode="attack"]').click()
    wait_for(lambda: page.locator("#attack-start").count() == 1, what="time attack's start")
    assert "3 minutes" in text(page, "#puzzle-line")
    layout_ok(page, f"practice-attack-ready-{name}")
    page.locator("#attack-start").click()
    attack_first = shown_puzzle(page)
    assert attack_first.startswith("1-")
    assert re.fullmatch(r"Left: [0-3]:\d\d", text(page, "#clock"))
    solve_by_drag(page, touch)
    page.clock.resume()
    wait_for(lambda: "Solved: 1 puzzle" in text(page, "#puzzle-line"), what="one solved")
    shown_puzzle(page, other_than=attack_first)
    layout_ok(page, f"practice-attack-{name}")
    page.clock.fast_forward("03:05")
    wait_for(lambda: "Time is up" in text(page, "#practice-message"), what="the end")
    assert "Solved: 1 puzzle." in text(page, "#practice-message")
    assert "A new personal best!" in text(page, "#practice-message")
    assert stored(page)["bests"]["attack"] == {"1": 1}
    assert "Time attack at level 1: 1 puzzle" in text(page, "#bests")
    layout_ok(page, f"practice-attack-over-{name}")
    close(page)


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_practice_speaks_czech_and_slovak(browser: Any, live_server: LiveServer,
                                          lang: str) -> None:
    """Every screen of the practice page in the player's language: no English word."""
    page = new_page(browser, name="Ana")
    page.context.add_init_script(f"localStorage.setItem('herna.lang', '{lang}')")
    page.clock.install(time=START)
    page.goto(live_server.url + "/")
    page.locator('button[data-game="ubongo"]').click()
    assert english_on(page) == set()
    page.locator("#practice-link").click()
    page.wait_for_url("**/practice")
    first = shown_puzzle(page)
    assert english_on(page) == set()
    solve_by_drag(page, touch=False)
    wait_for(lambda: page.locator("#practice-next").count() == 1, what="the verdict")
    page.clock.resume()
    assert english_on(page) == set(), text(page, "#practice-message")
    layout_ok(page, f"practice-solved-{lang}")
    page.locator("#practice-next").click()
    shown_puzzle(page, other_than=first)
    page.locator("#practice-give-up").click()
    wait_for(lambda: page.locator("#solution-step").count() == 1, what="the solution")
    for _ in range(4):
        if not page.locator("#solution-step").is_disabled():
            page.locator("#solution-step").click()
    assert english_on(page) == set()
    layout_ok(page, f"practice-solution-{lang}")
    page.locator('.modes .mode[data-mode="daily"]').click()
    shown_puzzle(page)
    assert english_on(page) == set()
    page.locator('.modes .mode[data-mode="attack"]').click()
    page.locator("#attack-start").click()
    shown_puzzle(page)
    page.clock.fast_forward("03:05")
    wait_for(lambda: page.locator("#attack-start").count() == 1, what="the end of the attack")
    assert english_on(page) == set(), text(page, "#practice-message")
    layout_ok(page, f"practice-attack-over-{lang}")
    close(page)


LOCAL_LEVEL_2 = json.dumps({"version": 1, "level": 2, "results": [],
                            "bests": {"ladder": 2, "daily": {}, "attack": {}}})


def test_practice_follows_an_account_to_another_device(browser: Any,
                                                       accounts_server: LiveServer) -> None:
    """On a server with accounts: a browser that practised alone (level 2 in its storage)
    signs up in the lobby's bar; the practice page moves its level to the new account, a
    ladder puzzle solved by drag (in the time it really takes: the server refuses a time no
    person can take) is kept by the server; a phone signed in as the same account opens the
    practice page at the level and with the bests the first browser left, with nothing in its
    own storage."""
    from .test_accounts_browser import PASSWORD, account_form

    url = accounts_server.url
    laptop = new_page(browser, name="Pia")
    laptop.context.add_init_script(
        f"if (!localStorage.getItem('herna.practice')) "
        f"localStorage.setItem('herna.practice', {json.dumps(LOCAL_LEVEL_2)})")
    laptop.goto(url + "/")
    account_form(laptop, "up", "Pia", PASSWORD)
    wait_for(lambda: laptop.locator("#account-name").count() == 1, what="signed up")
    practice_from_lobby(laptop)
    first = shown_puzzle(laptop)
    assert first.startswith("2-") and text(laptop, "#puzzle-title") == "Level 2 of 10"
    assert "with your account Pia" in text(laptop, "#practice-kept")
    solve_by_drag_in_real_time(laptop, touch=False)
    wait_for(lambda: "Solved in" in text(laptop, "#practice-message"), what="the verdict")
    laptop.locator("#practice-next").click()
    shown_puzzle(laptop, other_than=first)
    title, bests = text(laptop, "#puzzle-title"), text(laptop, "#bests")
    level = int(re.findall(r"Level (\d+) of", title)[0])
    assert level in (1, 2, 3) and "Ladder: highest level" in bests
    assert "1 puzzle solved in all" in bests
    assert stored(laptop)["level"] == 2  # its own storage, as it was before signing up
    layout_ok(laptop, "practice-account-1366x768")

    phone = new_page(browser, **PHONE)
    phone.goto(url + "/")
    account_form(phone, "in", "Pia", PASSWORD)
    wait_for(lambda: phone.locator("#account-name").count() == 1, what="signed in")
    practice_from_lobby(phone)
    shown_puzzle(phone)
    assert text(phone, "#puzzle-title") == title
    assert text(phone, "#bests") == bests
    assert "with your account Pia" in text(phone, "#practice-kept")
    assert stored(phone) == {}
    layout_ok(phone, "practice-account-390x844")
    close(phone)
    close(laptop)


def solve_by_drag_in_real_time(page: Any, touch: bool) -> None:
    """As solve_by_drag, the page's clock running as it does for a person."""
    level, seed = practice.parse_id(shown_puzzle(page))
    p = practice.make(level, seed)
    sol = first_solution(p.outline, p.pieces)
    assert sol is not None
    pieces = {x["letter"]: x for x in practice.extra(p)["pieces"]}
    page.wait_for_timeout(250 * len(p.pieces))  # a person looks before laying anything
    lay_pieces(page, [(q.piece, q.orientation, q.row, q.col) for q in sol], pieces, touch)
