"""Ubongo on a phone (390x844, touch) and on a desktop (1366x768), from the lobby alone, as
a person plays: a table with a bot started in the lobby, the start field tapped, a real
solution dragged onto the card with a finger (pieces turned with the on-screen buttons,
the tray showing each turn at once), the gem step's fields tapped, the rest of the game
given up round by round to its end. At every phase the screen meets the layout rules
(tests/web/layoutkit.py) and a screenshot is kept under test-artifacts/.

The engine's state (the server runs in this process) only tells the test a real solution
and which orientation each piece needs; the table is found from the page's own address."""

from __future__ import annotations

from collections import deque
from typing import Any

from herna.games.ubongo import rules

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import drawn_version, new_page, start_from_lobby, wait_for


def open_table(browser: Any, url: str, device: dict[str, Any]) -> Any:
    page = new_page(browser, name="Ana", **device)
    start_from_lobby(page, url, "ubongo", 2, {1: "medium"})
    page.wait_for_url("**/t/*")
    return page


def table_of(server: LiveServer, page: Any) -> Any:
    """The live table the page shows, by the page's own address."""
    return server.table(page.url.split("/t/")[1].split("#")[0].split("?")[0])


def settled(page: Any, table: Any) -> None:
    wait_for(lambda: drawn_version(page) == table.version
             and page.locator("#turn h2").count() > 0, what="the table drawn")


def order(page: Any) -> list[str]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('#board .areas > .area')].map(a => a.dataset.area)"))


def layout_ok(page: Any, name: str) -> None:
    problems = check_layout(page)
    shot(page, name)
    assert problems == [], problems
    # a phone (is_mobile) widens its layout viewport to what the page needs instead of
    # scrolling sideways: the page must still be exactly the screen's width
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def visible_bottom(page: Any) -> float:
    """Where the table stops being seen: a phone's turn box, fixed under the thumb, or the
    screen's bottom."""
    return float(page.evaluate("""() => { const turn = document.getElementById('turn');
        return getComputedStyle(turn).position === 'fixed'
            ? turn.getBoundingClientRect().top : window.innerHeight; }"""))


def _norm(cells: Any) -> frozenset[tuple[int, int]]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def turns_to(orientations: list[Any], target: int) -> str:
    """The Turn (r) and Flip (f) presses from orientation 0 to `target`, as the page turns."""
    shapes = [_norm(o) for o in orientations]
    seen = {0: ""}
    queue = deque([0])
    while queue:
        o = queue.popleft()
        for key, f in (("r", lambda r, c: (c, -r)), ("f", lambda r, c: (r, -c))):
            nxt = shapes.index(_norm([f(r, c) for r, c in shapes[o]]))
            if nxt not in seen:
                seen[nxt] = seen[o] + key
                queue.append(nxt)
    return seen[target]


def card_point(page: Any, r: float, c: float) -> tuple[float, float]:
    """The centre of the card's cell (r, c) on screen, through the card drawing's transform."""
    pt = page.evaluate("""([r, c]) => {
        const card = document.querySelector('#ubongo-card');
        const svg = card.ownerSVGElement;
        const p = svg.createSVGPoint();
        p.x = Number(card.dataset.x) + (c + 0.5) * Number(card.dataset.cell);
        p.y = Number(card.dataset.y) + (r + 0.5) * Number(card.dataset.cell);
        const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];
    }""", [r, c])
    return float(pt[0]), float(pt[1])


def touch_drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger's drag (touch events through the browser: touch-action decides whether it
    scrolls the page or reaches the page's pointer handlers)."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * k / 8, "y": y0 + (y1 - y0) * k / 8}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def lay_solution(page: Any, table: Any, seat: int, touch: bool) -> None:
    """Every piece of a real solution: chosen in the tray, turned there with the page's
    buttons (the tray drawing the new orientation at once), dragged onto its place."""
    view = table.state.view(seat)
    lay_pieces(page, rules.first_placements(table.state, seat), view["pieces"], touch)


def lay_pieces(page: Any, placed: Any, pieces: dict[str, Any], touch: bool) -> None:
    """Lay `placed` ((letter, orientation, row, col) each) as a person does, by the page's
    own means; `pieces`: each letter's orientations as the page numbers them."""
    for letter, o, r, c in placed:
        tray = page.locator(f"#ubongo-tray-{letter}")
        presses = turns_to(pieces[letter]["orientations"], o)
        if presses:
            if touch:
                tray.locator("rect[data-r]").first.tap()
            else:
                tray.locator("rect[data-r]").first.click()
            for key in presses:
                page.locator("#ubongo-rotate" if key == "r" else "#ubongo-flip").click()
            # turned in the tray, before any drag: drawn in the orientation it now has
            assert tray.locator(f'rect[data-o="{o}"]').count() == len(pieces[letter]
                                                                      ["orientations"][o])
            assert f"{letter}{o}" in (tray.text_content() or "")
        cell = tray.locator(f'rect[data-o="{o}"]').first
        gr, gc = int(cell.get_attribute("data-r") or 0), int(cell.get_attribute("data-c") or 0)
        cell.scroll_into_view_if_needed()
        start = centre(cell.bounding_box())
        end = card_point(page, r + gr, c + gc)
        if touch:
            touch_drag(page, start, end)
        else:
            page.mouse.move(*start)
            page.mouse.down()
            page.mouse.move(*end, steps=6)
            page.mouse.up()


def tap(page: Any, locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def play(browser: Any, server: LiveServer, device: dict[str, Any], name: str) -> None:
    touch = device is PHONE
    page = open_table(browser, server.url, device)
    table = table_of(server, page)
    settled(page, table)
    # the start: the gem board first, its rows the fields to tap
    assert order(page)[:2] == ["board", "gems"]
    assert page.locator("#board .part.live").count() == 6
    layout_ok(page, f"ubongo-start-{name}")
    before = drawn_version(page)
    tap(page, page.locator('#board .part.live[data-part="field:3"]'), touch)
    wait_for(lambda: table.state.phase == "race" and 0 in table.state.to_act(),
             what="the first race")
    settled(page, table)
    # the race: my card first, the card and its tray on the screen together
    assert order(page)[0] == "seat-0" and drawn_version(page) > before
    card = page.locator("#ubongo-card").bounding_box()
    tray = page.locator("#ubongo-tray").bounding_box()
    bottom = visible_bottom(page)
    assert card["y"] >= 0 and tray["y"] + tray["height"] <= bottom + 1, (card, tray, bottom)
    layout_ok(page, f"ubongo-race-{name}")
    lay_solution(page, table, 0, touch)
    wait_for(lambda: table.state.phase != "race" or table.state.submissions[0] is not None,
             what="my solution handed in")
    assert any(text.startswith("solve ") for seat, text in table.state.record()["actions"]
               if seat == 0)
    # the gem step: as a finisher I choose the row, on the screen with its gems
    gem_step = False
    while not table.state.is_over():
        wait_for(lambda: table.state.is_over() or (0 in table.state.to_act()
                                                    and drawn_version(page) == table.version),
                 what="my turn")
        if table.state.is_over():
            break
        settled(page, table)
        version = table.version
        lit = page.locator("#board .part.live")
        if lit.count():
            if not gem_step:
                gem_step = True
                assert order(page)[:2] == ["board", "gems"]
                bottom = visible_bottom(page)
                for k in range(lit.count()):  # every field I may choose is on the screen
                    box = lit.nth(k).bounding_box()
                    assert box["x"] >= 0 and box["x"] + box["width"] <= (390 if touch else 1366)
                    assert box["y"] >= 0 and box["y"] + box["height"] <= bottom + 1, box
                layout_ok(page, f"ubongo-gems-{name}")
            tap(page, lit.last, touch)
        else:  # a race: give this round up (the first one was solved)
            tap(page, page.locator('#turn button[data-action="pass"]'), touch)
        wait_for(lambda v=version: table.version > v, what="my move applied")
    assert gem_step
    wait_for(lambda: page.locator("#turn h2").first.inner_text() == "Game over",
             what="the end screen")
    settled(page, table)
    assert order(page)[0] == "end"
    outcome = page.locator("table.outcome").inner_text()
    assert "count1" not in outcome and "most of one colour" in outcome
    layout_ok(page, f"ubongo-over-{name}")
    assert not page.errors, page.errors
    page.context.close()


def test_ubongo_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    play(browser, live_server, PHONE, "390x844")


def test_ubongo_on_a_desktop(browser: Any, live_server: LiveServer) -> None:
    play(browser, live_server, DESKTOP, "1366x768")
