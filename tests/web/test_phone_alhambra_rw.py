"""Alhambra Roll & Write at a phone's 390x844 (touch) and a desktop's 1366x768, from the lobby
page alone: a table with a bot started as a person does, played to the end by taps (a cell
where my dice meet, a pair to keep, a die changed with the buttons under the sheet), and at
each phase the layout rules of issue 20 (no sideways page, drawn text >= 12 px, dice and
buttons >= 44 px on a phone) and a screenshot kept under test-artifacts/."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE
from .test_invite import drawn_version, wait_for
from .test_phone_envyra import layout_ok, open_table, over, play_one, play_to_the_end

# build where the dice meet first (a die change costs coins), then a pair to keep
PREFER = ("cell:", "blue:", "yellow:")


def area_order(page: Any) -> list[str]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('#board .areas > .area')].map(a => a.dataset.area)"))


def any_in_sight(page: Any, parts: Any) -> bool:
    """One of `parts` lies between the jump chips and the move box, as the page is now."""
    return bool(parts.evaluate_all("""(nodes) => {
      const turn = document.getElementById("turn").getBoundingClientRect();
      const chips = document.querySelector("#board > .jumps").getBoundingClientRect();
      return nodes.some((n) => { const r = n.getBoundingClientRect();
        return r.top >= chips.bottom - 1 && r.bottom <= turn.top + 1; });
    }"""))


def scrolled_into_sight(page: Any, part: Any) -> bool:
    """A part lying under the phone's move box (fixed at the bottom), scrolled into sight as
    a tap or Tab does, stops above the box and below the jump chips: a tap there reaches the
    part, not the box (a test's tap once did, and the die never changed)."""
    return bool(part.evaluate("""(el) => {
      const turn = document.getElementById("turn").getBoundingClientRect();
      const chips = document.querySelector("#board > .jumps").getBoundingClientRect();
      window.scrollBy(0, el.getBoundingClientRect().top - turn.top - 10);  // now under the box
      el.scrollIntoView({ block: "nearest" });
      const r = el.getBoundingClientRect();
      return r.top >= chips.bottom - 1 && r.bottom <= turn.top + 1;
    }"""))


def test_roll_and_write_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, PHONE, "alhambra-rw", 2)
    assert area_order(page) == ["sheet-0", "scores", "sheet-1"]
    # my sheet is full width, its dice and die-change buttons a finger's size
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my dice lit")
    layout_ok(page, "rw-turn-390x844")
    for name in ("blue:", "yellow:", "step:"):
        box = page.locator(f'#board [data-part^="{name}"]').first.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (name, box)
    # a die changed by taps: the die, then +1 or -1 (whichever the page lights)
    before = drawn_version(page)
    page.locator('#board .part.live[data-part^="blue:"]').first.tap()
    step = page.locator('#board .part.live[data-part="step:+1"], '
                        '#board .part.live[data-part="step:-1"]')
    wait_for(lambda: step.count() > 0 or drawn_version(page) > before, what="steps lit")
    if step.count():
        # the page brings the steps it lit into sight, above the move box
        wait_for(lambda: any_in_sight(page, step), what="a lit step in sight")
        layout_ok(page, "rw-die-chosen-390x844")
        for part in step.all():
            assert scrolled_into_sight(page, part), part.get_attribute("data-part")
        step.first.tap()
        confirm = page.locator("#turn .moves button.primary")
        wait_for(lambda: drawn_version(page) > before or confirm.count() > 0, what="a change")
        if drawn_version(page) == before:
            confirm.first.tap()
        wait_for(lambda: drawn_version(page) > before, what="the die changed")
    # the other sheet is a compact row; the virtual player is a column of the score sheet
    row = page.locator('[data-area="sheet-1"] summary')
    assert "building" in row.inner_text() and "coin" in row.inner_text()
    assert "Virtual" in page.locator('[data-area="scores"]').inner_text()
    row.tap()
    layout_ok(page, "rw-open-row-390x844")
    play_to_the_end(page, True, PREFER)
    wait_for(lambda: over(page), what="the end")
    assert area_order(page)[:2] == ["outcome", "sheet-0"]
    layout_ok(page, "rw-end-390x844")
    assert not page.errors, page.errors
    page.context.close()


def test_roll_and_write_on_a_desktop(browser: Any, live_server: LiveServer) -> None:
    page = open_table(browser, live_server.url, DESKTOP, "alhambra-rw", 3)
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my dice lit")
    layout_ok(page, "rw-turn-1366x768")
    for _ in range(4):
        play_one(page, False, PREFER)
    layout_ok(page, "rw-later-1366x768")
    play_to_the_end(page, False, PREFER)
    layout_ok(page, "rw-end-1366x768")
    assert not page.errors, page.errors
    page.context.close()
