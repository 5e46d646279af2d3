"""The page's side of a table drawn as areas (issue 20, item 3), on a test game whose drawing
is built here, so what is checked is the page alone: the areas in the payload's order, another
seat's area a compact row that opens on a tap (open on a desktop) and stays open across
redraws, jump chips on a phone, an area wider than a phone panned inside itself (never the
page), lit parts chosen across areas, and the layout rules at 390x844 and 1366x768. Each
game's own areas are checked in tests/web/test_phone_<game>.py."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer
from .layoutkit import DESKTOP, PHONE, check_layout, shot
from .test_invite import drawn_version, new_page, start_from_lobby, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import toygame

W = 360


def _svg(width: int, height: int, body: str, least: int | None = None) -> str:
    wide = f' data-min-width="{least}"' if least else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"{wide}>'
            f'<rect width="{width}" height="{height}" fill="#f5ecd7"/>{body}</svg>')


def areas(view: dict[str, Any], lang: str | None = None,
          names: list[str] | None = None) -> list[dict[str, Any]]:
    me = view["seat"]
    names = names or [f"Seat {i}" for i in range(len(view["points"]))]
    pile = _svg(W, 60, f'<text x="12" y="36" font-size="16">Total {view["total"]}'
                       f' of {view["target"]}</text>')
    out: list[dict[str, Any]] = [{"id": "pile", "kind": "shared", "title": "Pile", "svg": pile}]
    for i, hand in enumerate(view["hands"]):
        if i == me:
            cards = "".join(
                f'<g><rect class="part" data-part="card:{v}" x="{12 + 60 * k}" y="8" '
                f'width="52" height="64" fill="#fff" stroke="#555"/>'
                f'<text x="{30 + 60 * k}" y="46" font-size="18" pointer-events="none">'
                f'{v}</text></g>'
                for k, v in enumerate(hand or []))
            # a hand drawn wider than a phone: it pans inside its own area
            svg = _svg(600, 80, cards + '<text x="400" y="46" font-size="14">end</text>', 600)
        else:
            svg = _svg(W, 40, f'<text x="12" y="26" font-size="14">'
                              f'{view["hand_counts"][i]} cards</text>')
        out.append({"id": f"seat-{i}", "kind": "seat", "seat": i, "title": names[i],
                    "summary": f"{view['points'][i]} points", "svg": svg})
    return out


def parts(view: dict[str, Any], actions: list[Any]) -> list[list[str]]:
    return [[f"card:{a.value}"] if isinstance(a, toygame.Play) else [] for a in actions]


@pytest.fixture(scope="module")
def drawn_as_areas() -> Iterator[None]:
    """Toy 21 with a render module drawing areas and a web module naming its parts."""
    toygame.register_toy()
    made = {}
    package = types.ModuleType("herna.games.toy_21")
    package.__path__ = []
    render = types.ModuleType("herna.games.toy_21.render")
    render.areas = areas  # type: ignore[attr-defined]
    render.svg = lambda view, lang=None, names=None: "\n".join(  # type: ignore[attr-defined]
        a["svg"] for a in areas(view, lang, names))
    web = types.ModuleType("herna.games.toy_21.web")
    web.parts = parts  # type: ignore[attr-defined]
    for m in (package, render, web):
        made[m.__name__] = sys.modules.get(m.__name__)
        sys.modules[m.__name__] = m
    try:
        yield
    finally:
        for name, old in made.items():
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old


def open_table(browser: Any, url: str, device: dict[str, Any]) -> Any:
    page = new_page(browser, name="Ana", **device)
    start_from_lobby(page, url, "toy-21", 3, {1: "friend", 2: "friend"})
    page.locator("#go").click()
    page.wait_for_url("**/t/*")
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my cards lit")
    return page


def order(page: Any) -> list[str]:
    return list(page.evaluate(
        "() => [...document.querySelectorAll('#board .areas > .area')].map(a => a.dataset.area)"))


def test_areas_on_a_phone(browser: Any, live_server: LiveServer, drawn_as_areas: None) -> None:
    page = open_table(browser, live_server.url, PHONE)
    assert order(page) == ["pile", "seat-0", "seat-1", "seat-2"]
    # the others are compact rows, closed; mine is drawn open
    assert page.locator('[data-area="seat-1"] details').get_attribute("open") is None
    assert page.locator('[data-area="seat-0"] details').count() == 0
    row = page.locator('[data-area="seat-1"] summary')
    assert "Player 2" in row.inner_text() and "0 points" in row.inner_text()
    assert check_layout(page) == []
    shot(page, "areas-toy-390x844")
    # a tap opens a row, and it stays open when the table is drawn again after my move
    row.tap()
    assert page.locator('[data-area="seat-1"] details').get_attribute("open") is not None
    # the wide hand pans inside its area; the page never scrolls sideways
    assert page.evaluate("""() => {
        const body = document.querySelector('[data-area="seat-0"] .area-body');
        return body.scrollWidth > body.clientWidth; }""")
    # and a keyboard can reach it (a named region), while an area that fits is no tab stop
    panned = page.locator('[data-area="seat-0"] .area-body')
    assert panned.get_attribute("tabindex") == "0" and panned.get_attribute("aria-label")
    assert page.locator('[data-area="pile"] .area-body').get_attribute("tabindex") is None
    before = drawn_version(page)
    page.locator("#board .part.live").first.tap()
    wait_for(lambda: drawn_version(page) > before, what="my card played")
    assert page.locator('[data-area="seat-1"] details').get_attribute("open") is not None
    assert page.locator('[data-area="seat-2"] details').get_attribute("open") is None
    # the chips: one per area, mine called "Me"; a tap opens and scrolls to a closed row
    chips = page.locator("#board .jumps .chip")
    assert chips.all_inner_texts() == ["Pile", "Me", "Player 2", "Player 3"]
    chips.nth(3).tap()
    assert page.locator('[data-area="seat-2"] details').get_attribute("open") is not None
    assert check_layout(page) == []
    shot(page, "areas-toy-open-390x844")
    assert not page.errors, page.errors
    page.context.close()


def test_areas_on_a_desktop(browser: Any, live_server: LiveServer, drawn_as_areas: None) -> None:
    page = open_table(browser, live_server.url, DESKTOP)
    # every area open, side by side, and no chips
    assert page.locator("#board details:not([open])").count() == 0
    assert not page.locator("#board .jumps").is_visible()
    boxes = page.evaluate("""() => [...document.querySelectorAll('#board .area')].map(
        a => a.getBoundingClientRect().left)""")
    assert len(set(round(x) for x in boxes)) >= 2, boxes
    assert check_layout(page) == []
    shot(page, "areas-toy-1366x768")
    assert not page.errors, page.errors
    page.context.close()
