"""Envyra at a phone's 390x844 (touch) and a desktop's 1366x768, from the lobby page alone: a
table with a bot started as a person does, played to the end by taps on the lit tiles, and at
each phase (marking, a second step, an opened row of the other seat, the end) the layout
rules of issue 20 (no sideways page, drawn text >= 12 px, lit parts >= 44 px on a phone) and a
screenshot kept under test-artifacts/."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import drawn_version, new_page, start_from_lobby, wait_for


def open_table(browser: Any, url: str, device: dict[str, Any], game: str,
               players: int) -> Any:
    """The lobby, the game, me and bots, Start: the table page as it opens."""
    page = new_page(browser, name="Ana", **device)
    start_from_lobby(page, url, game, players, {s: "easy" for s in range(1, players)})
    page.wait_for_url("**/t/*")
    wait_for(lambda: page.locator("#board .area").count() > 0, what="the table drawn")
    return page


def over(page: Any) -> bool:
    return bool(page.locator("table.outcome").count())


def tap(page: Any, locator: Any, phone: bool) -> None:
    (locator.tap if phone else locator.click)()


def play_one(page: Any, phone: bool, prefer: tuple[str, ...] = ()) -> None:
    """My next step by what the page offers: a lit part (those named in `prefer` first), or
    the move's button once the choice is complete; done when a newer version is drawn."""
    page.wait_for_selector("#board .part.live, #turn button.move, table.outcome",
                           state="attached")
    before = drawn_version(page)
    for _ in range(12):
        if drawn_version(page) > before or over(page):
            return
        exact = page.locator("#turn .moves button.primary")
        lit = page.locator("#board .part.live")
        for name in prefer:
            if page.locator(f'#board .part.live[data-part^="{name}"]').count():
                lit = page.locator(f'#board .part.live[data-part^="{name}"]')
                break
        if exact.count():
            tap(page, exact.first, phone)
        elif lit.count():
            tap(page, lit.first, phone)
        elif page.locator("#turn button.move").count():
            tap(page, page.locator("#turn button.move").first, phone)
        try:
            wait_for(lambda: drawn_version(page) > before or over(page) or page.locator(
                "#board .part.live, #turn .moves button.primary").count() > 0, timeout=5)
        except AssertionError:
            continue


def play_to_the_end(page: Any, phone: bool, prefer: tuple[str, ...] = (),
                    most: int = 600) -> int:
    """Taps until the game is over; the number of my steps. Bounded by steps, not by the
    clock: a loaded machine is slower, never wrong (each try has its own wait)."""
    steps = 0
    while not over(page):
        assert steps < most, f"the game did not end in {most} steps"
        play_one(page, phone, prefer)
        steps += 1
    return steps


def in_sight(page: Any, selector: str) -> bool:
    """Whether the first `selector` is wholly within the window as it is scrolled now."""
    return bool(page.evaluate("""(selector) => {
        const node = document.querySelector(selector);
        if (!node) return false;
        const r = node.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    }""", selector))


def covered(page: Any, selector: str) -> bool:
    """Whether something else lies over the middle of the first `selector` (a fixed sheet)."""
    return bool(page.evaluate("""(selector) => {
        const node = document.querySelector(selector);
        const r = node.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !top || !(node === top || node.contains(top) || top.contains(node));
    }""", selector))


def layout_ok(page: Any, name: str) -> None:
    problems = check_layout(page)
    shot(page, name)
    assert problems == [], problems


def test_envyra_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, PHONE, "envyra", 3)
    areas = page.evaluate(
        "() => [...document.querySelectorAll('#board .areas > .area')].map(a => a.dataset.area)")
    assert areas == ["grid", "seat-0", "seat-1", "seat-2"]
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="tiles lit")
    layout_ok(page, "envyra-mark-390x844")
    # the grid's lit tiles are big enough for a finger, and the page is one column wide
    box = page.locator("#board .part.live").first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    play_one(page, True)
    # another seat's compact row says its points and opens on a tap
    row = page.locator('[data-area="seat-1"] summary')
    assert "point" in row.inner_text() and "supply" in row.inner_text()
    row.tap()
    assert page.locator('[data-area="seat-1"] details').get_attribute("open") is not None
    layout_ok(page, "envyra-open-row-390x844")
    play_to_the_end(page, True)
    wait_for(lambda: over(page), what="the end")
    # the end is brought into sight wherever my last tap left the page: the game-over box
    # leads the page (above the table as it ended), its Replay, Review and Play again on screen
    wait_for(lambda: in_sight(page, "#turn h2") and in_sight(page, "#turn #again"),
             what="the game-over box in sight")
    assert page.locator("#turn h2").first.inner_text() == "Game over"
    assert page.locator("#turn").bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
    assert in_sight(page, "#turn #replay-link") and in_sight(page, "#turn #review-link")
    layout_ok(page, "envyra-end-390x844")
    # the question of a name (here "Change name"; a friend's unanswered one alike) takes its
    # place above the game-over box, never over it: the result stays readable under it
    page.locator("#scores button.rename").first.tap()
    wait_for(lambda: in_sight(page, "#name-ask"), what="the name form in sight")
    wait_for(lambda: not covered(page, "#turn h2"), what="the result not covered")
    layout_ok(page, "envyra-end-name-390x844")
    page.locator("#name-ask-cancel").tap()
    wait_for(lambda: not page.locator("#name-ask").count(), what="the form closed")
    page.locator('[data-area="outcome"]').scroll_into_view_if_needed()
    layout_ok(page, "envyra-end-outcome-390x844")
    assert not page.errors, page.errors
    page.context.close()


def test_envyra_on_a_desktop(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, DESKTOP, "envyra", 4)
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="tiles lit")
    layout_ok(page, "envyra-mark-1366x768")
    for _ in range(3):
        play_one(page, False)
    layout_ok(page, "envyra-later-1366x768")
    play_to_the_end(page, False)
    layout_ok(page, "envyra-end-1366x768")
    assert not page.errors, page.errors
    page.context.close()
