"""Alhambra's scoring round shown step by step, the way a person meets it: a table started
from the lobby (me and an easy bot, so Dirk plays), money taken by tapping the display until
scoring card A comes. The dialog then shows the round scene by scene (each building type,
the walls, the scores) on a phone and on a desktop opened at the same address; Next and Back
move through it, Skip (or Esc) closes it and my move box is usable again; a reload does not
play it again; the log's Show replays it, at "one by one" on its own. Both screens pass check_layout
and their screenshots are kept (test-artifacts/).

The table's seed is the one thing the test adds to what the page sends: seed 32 brings the
first scoring after about five of my takes (found by tests/web/scoring_seeds.py)."""

from __future__ import annotations

import json
import time
from typing import Any

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_a11y import violations
from .test_invite import close, drawn_version, new_page, start_from_lobby, wait_for

SEED = 32


def seeded(page: Any, seed: int) -> None:
    """The lobby's POST /api/tables goes out with `seed` added (the page sends none)."""
    def route(r: Any) -> None:
        if r.request.method != "POST":
            r.continue_()
            return
        body = json.loads(r.request.post_data or "{}")
        r.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/api/tables", route)


def showing(page: Any) -> bool:
    return bool(page.evaluate("() => Boolean(document.querySelector('#scenes[open]'))"))


def scene(page: Any) -> int:
    """The scene shown (its index), -1 while none is."""
    value = page.evaluate("() => document.querySelector('#scenes[open]')?.dataset.scene ?? null")
    return -1 if value is None else int(value)


def take_money(page: Any) -> bool:
    """One move of mine: tap the first money card lit in the display, then its button. False
    when it is not my turn."""
    card = page.locator('#board .part.live[data-part^="display:"]')
    if showing(page) or not card.count():
        return False
    before = drawn_version(page)
    if page.viewport_size["width"] < 800:
        card.first.tap()
    else:
        card.first.click()
    wait_for(lambda: drawn_version(page) > before or page.locator(
        "#turn .moves button.primary").count() > 0, what="the take chosen")
    exact = page.locator("#turn .moves button.primary")
    if drawn_version(page) == before and exact.count():
        exact.first.click()
    wait_for(lambda: drawn_version(page) > before, what="my take applied")
    return True


def rows(page: Any) -> list[dict[str, str]]:
    """The rows of the scene shown, as its drawing marks them (entry, count, points)."""
    return list(page.evaluate("""() => [...document.querySelectorAll('#scene-body svg g.row')]
        .map((g) => ({...g.dataset}))"""))


def tokens(page: Any) -> dict[str, tuple[str, str]]:
    """Each row of the scene shown that has a seat's token: its entry -> (the token's
    number, whether its colour is the one the players list gives that seat)."""
    return {k: tuple(v) for k, v in page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#scene-body svg g.row')]
        .filter((g) => g.querySelector('.seat-token'))
        .map((g) => {
            const token = g.querySelector('.seat-token');
            const seat = token.dataset.seat;
            const swatch = document.querySelector(`#scores .swatch[data-seat="${seat}"]`);
            const same = swatch && getComputedStyle(token.querySelector('circle')).fill
                === getComputedStyle(swatch).backgroundColor;
            return [g.dataset.entry, [token.textContent, `${seat}:${same}`]];
        }))""").items()}


def watching(page: Any) -> Any:
    """A page that plays scenes by itself, as a person's browser does (an automated one only
    when asked: herna.scenes = play)."""
    page.context.add_init_script("localStorage.setItem('herna.scenes', 'play')")
    return page


def test_a_scoring_round_is_shown_step_by_step(browser: Any, live_server: LiveServer) -> None:
    phone = watching(new_page(browser, name="Ana", **PHONE))
    seeded(phone, SEED)
    start_from_lobby(phone, live_server.url, "alhambra", 2, {0: "me", 1: "easy"})
    phone.wait_for_url("**/t/*")
    desktop = watching(new_page(browser, name="Ana", **DESKTOP))
    desktop.goto(phone.url)  # the same seat on a desktop, by the address the page shows
    table = live_server.table(phone.url.split("/t/")[1].split("#")[0])

    deadline = time.monotonic() + 300  # a hang guard, not a speed goal
    while not showing(phone):
        assert time.monotonic() < deadline, "no scoring came"
        if not take_money(phone):
            time.sleep(0.1)
    record = table.state.view(None)["scorings"][0]  # what the engine scored, to check
    assert record["round"] == 1 and record["dirk"] is not None

    for page, size in ((phone, "390x844"), (desktop, "1366x768")):
        wait_for(lambda p=page: scene(p) == 0, what=f"the first scene at {size}")
        assert page.locator("#scene-title").inner_text() == "Scoring round 1: Pavilion"
        assert page.locator("#scene-count").inner_text() == "1 of 8"
        # the engine's numbers: each seat's pavilions (Dirk's too) and its points
        drawn = {r["entry"]: (int(r["count"]), int(r["points"])) for r in rows(page)}
        want = {str(i): (c["pavilion"], p["pavilion"])
                for i, (c, p) in enumerate(zip(record["counts"], record["points"], strict=True))}
        want["dirk"] = (record["dirk_counts"]["pavilion"], record["dirk"]["pavilion"])
        assert drawn == want
        # each seat's row names it with its token (its colour and number, as the players
        # list shows it); Dirk, no seat, has none
        assert tokens(page) == {"0": ("1", "0:true"), "1": ("2", "1:true")}
        assert page.locator("#scene-body svg g.row[data-entry=dirk] .seat-token").count() == 0
        assert page.locator("#scene-body svg g.row[data-entry=dirk] .scene-who").count() == 1
        assert page.locator("#scene-back").is_disabled()
        assert page.evaluate("() => document.activeElement.id") == "scene-next"
        assert check_layout(page) == [], size
        assert violations(page) == [], size
        box = page.locator("#scenes").bounding_box()  # the whole dialog on the screen
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
        assert page.evaluate("() => document.querySelector('#scenes').scrollHeight "
                             "<= document.querySelector('#scenes').clientHeight")
        shot(page, f"scenes-pavilion-{size}", full_page=False)

    # Next and Back; the last two scenes: the walls, then the scores before and after
    phone.locator("#scene-next").tap()
    wait_for(lambda: scene(phone) == 1, what="the second scene")
    assert phone.locator("#scene-title").inner_text() == "Scoring round 1: Seraglio"
    phone.locator("#scene-back").tap()
    wait_for(lambda: scene(phone) == 0, what="back to the first")
    for _ in range(6):
        phone.locator("#scene-next").tap()
    wait_for(lambda: scene(phone) == 6, what="the walls")
    walls = {r["entry"]: int(r["points"]) for r in rows(phone)}
    assert walls == {str(i): p["walls"] for i, p in enumerate(record["points"])}
    assert tokens(phone) == {"0": ("1", "0:true"), "1": ("2", "1:true")}
    assert check_layout(phone) == []
    shot(phone, "scenes-walls-390x844", full_page=False)
    phone.locator("#scene-next").tap()
    wait_for(lambda: scene(phone) == 7, what="the scores")
    totals = {r["entry"]: int(r["total"]) for r in rows(phone)}
    assert totals == {"0": record["points"][0]["total"], "1": record["points"][1]["total"],
                      "dirk": record["dirk"]["total"]}
    assert tokens(phone) == {"0": ("1", "0:true"), "1": ("2", "1:true")}
    assert phone.locator("#scene-next").inner_text() == "Close"
    assert check_layout(phone) == []
    shot(phone, "scenes-scores-390x844", full_page=False)

    # Skip (on the desktop: Esc) closes it; my move box is usable again
    phone.locator("#scene-next").tap()
    wait_for(lambda: not showing(phone), what="the dialog closed")
    desktop.keyboard.press("Escape")
    wait_for(lambda: not showing(desktop), what="Esc skipped it")
    # seen once: a reload does not play it again (a browser that has not seen it does)
    desktop.reload()
    wait_for(lambda: drawn_version(desktop) >= 0, what="drawn again")
    time.sleep(1.0)
    assert not showing(desktop)
    desktop.evaluate("localStorage.removeItem('herna.scenes-seen')")
    desktop.reload()
    wait_for(lambda: scene(desktop) == 0, what="played to a browser that had not seen it")
    desktop.locator("#scene-skip").click()
    wait_for(lambda: not showing(desktop), what="skipped again")
    wait_for(lambda: phone.locator('#board .part.live[data-part^="display:"]').count() > 0,
             what="my turn after the scoring")
    assert take_money(phone)

    # the log's Show replays it; at "one by one" it moves on by itself
    for page, size in ((phone, "390x844"), (desktop, "1366x768")):
        page.select_option("#speed", "normal")
        show = page.locator("#log button.scenes-show")
        wait_for(lambda s=show: s.count() == 1, what="the Show button in the log")
        assert check_layout(page) == [], size
        show.click()
        wait_for(lambda p=page: scene(p) == 0, what="replayed")
        wait_for(lambda p=page: scene(p) >= 2, timeout=6, what="played on by itself")
        motion = "() => getComputedStyle(document.querySelector('#scene-body svg')).animationName"
        assert page.evaluate(motion) == "scene-in"
        page.emulate_media(reduced_motion="reduce")  # no scene slides in then
        assert page.evaluate(motion) == "none"
        page.locator("#scene-skip").click()
        wait_for(lambda p=page: not showing(p), what="skipped")
        assert page.evaluate("() => document.activeElement.classList.contains('scenes-show')")
        shot(page, f"scenes-log-{size}")

    close(phone)
    close(desktop)
