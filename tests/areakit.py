"""Checks of the areas contract (docs/API.md, "Areas"): what a game's `render.areas` returns
must let a phone show every area at full size. Used by each game's area tests."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from herna.drawing import text_width

SVG = "{http://www.w3.org/2000/svg}"
KINDS = {"shared", "seat", "info"}
MAX_WIDTH = 360  # a viewBox this wide shows 12-unit text at >= 12 px in any column
MIN_FONT = 12
MIN_PART = 44


def _font(el: ET.Element, parents: dict[ET.Element, ET.Element]) -> float | None:
    node: ET.Element | None = el
    while node is not None:
        size = node.get("font-size")
        if size:
            return float(size.removesuffix("px"))
        node = parents.get(node)
    return None


def _inside(el: ET.Element, words: str, size: float, width: float) -> bool:
    """Whether a text stays within the area's width (its width estimated at 0.6 em a
    letter, as DejaVu Sans draws; a text squeezed by `textLength` by that length)."""
    if el.get("transform"):
        return True  # placed by a transform: not measured here
    wide = float(el.get("textLength") or 0) or text_width(words, size)
    x = float(el.get("x", 0))
    anchor = el.get("text-anchor", "start")
    left = x - (wide if anchor == "end" else wide / 2 if anchor == "middle" else 0)
    return left >= -0.5 and left + wide <= width + 0.5


KEY = re.compile(r"[A-Za-z0-9_.:-]+")


def keys_of(areas: list[dict[str, Any]]) -> dict[str, ET.Element]:
    """The things the page may show travel (`data-key`), by key, across all the areas."""
    out: dict[str, ET.Element] = {}
    for a in areas:
        for el in ET.fromstring(a["svg"]).iter():
            key = el.get("data-key")
            if key is not None:
                out.setdefault(key, el)
    return out


def key_problems(areas: list[dict[str, Any]]) -> list[str]:
    """What breaks the travel contract (docs/API.md, `data-key`): a key is one word, unique
    in the whole payload (the areas are separate drawings on one page); `data-kind` only on
    a keyed thing; `data-from` and `data-to` are words naming keys or element ids."""
    problems: list[str] = []
    seen: set[str] = set()
    for a in areas:
        for el in ET.fromstring(a["svg"]).iter():
            key = el.get("data-key")
            if key is None:
                if el.get("data-kind") or el.get("data-from") or el.get("data-to"):
                    problems.append(f"{a.get('id')}: data-kind/from/to without a data-key")
                continue
            if not KEY.fullmatch(key):
                problems.append(f"{a.get('id')}: key {key!r} is not one word")
            if key in seen:
                problems.append(f"{a.get('id')}: key {key} twice")
            seen.add(key)
            for name in ("data-kind", "data-from", "data-to"):
                words = el.get(name)
                if words is not None and not all(KEY.fullmatch(w) for w in words.split() or [""]):
                    problems.append(f"{a.get('id')}: {name}={words!r} of {key}")
    return problems


def area_problems(areas: list[dict[str, Any]]) -> list[str]:
    """Everything in `areas` that breaks the contract's shape or sizes ([] when none)."""
    problems: list[str] = key_problems(areas)
    seen_ids: set[str] = set()
    element_ids: set[str] = set()
    for a in areas:
        ident = a.get("id", "")
        if not re.fullmatch(r"[a-z0-9-]+", ident) or ident in seen_ids:
            problems.append(f"area id {ident!r} is not [a-z0-9-]+ or not unique")
        seen_ids.add(ident)
        if a.get("kind") not in KINDS:
            problems.append(f"{ident}: kind {a.get('kind')!r}")
        if not a.get("title"):
            problems.append(f"{ident}: no title")
        if a.get("kind") == "seat" and (not isinstance(a.get("seat"), int)
                                        or not a.get("summary")):
            problems.append(f"{ident}: a seat area needs its seat and a summary")
        root = ET.fromstring(a["svg"])
        if root.tag != f"{SVG}svg":
            problems.append(f"{ident}: the root is not an svg element in the SVG namespace")
        box = [float(v) for v in (root.get("viewBox") or "0 0 0 0").split()]
        minw = root.get("data-min-width")
        if box[2] > MAX_WIDTH and (minw is None or float(minw) < box[2]):
            problems.append(f"{ident}: viewBox {box[2]:g} wide without data-min-width")
        parents = {c: p for p in root.iter() for c in p}
        for el in root.iter():
            if el.get("id"):
                if el.get("id") in element_ids:
                    problems.append(f"{ident}: element id {el.get('id')} twice")
                element_ids.add(el.get("id") or "")
            if el.tag == f"{SVG}text":
                size = _font(el, parents)
                words = "".join(el.itertext())
                if size is None or size < MIN_FONT:
                    problems.append(f"{ident}: text {words!r} at {size}")
                elif not _inside(el, words, size, box[2]):
                    problems.append(f"{ident}: text {words!r} runs out of the area")
            if el.get("data-part"):
                w, h = float(el.get("width", 0)), float(el.get("height", 0))
                if "part" not in (el.get("class") or "").split():
                    problems.append(f"{ident}: part {el.get('data-part')} without class part")
                if w < MIN_PART or h < MIN_PART:
                    problems.append(f"{ident}: part {el.get('data-part')} is {w:g}x{h:g}")
    return problems


def check_views(render: Any, state: Any, k: int, names: list[str]) -> tuple[set[str], int]:
    """The areas contract for one position, as each seat to act, a spectator and seat `k`
    see it (in the language of `k`): no area problem, and the areas together light the same
    parts as the whole drawing. Returns the phases seen and how many views were checked."""
    from herna.testing.web import svg_parts

    players = state.num_players
    lang = ("en", "cs", "sk")[k % 3]
    phases: set[str] = set()
    seats = {*state.to_act(), None, k % players}
    for seat in seats:
        view = state.view(seat)
        phases.add(view["phase"])
        areas = render.areas(view, lang, names[:players])
        assert area_problems(areas) == [], (players, k, seat)
        drawn = sum((svg_parts(a["svg"]) for a in areas), start=svg_parts(""))
        assert drawn == svg_parts(render.svg(view, lang, names[:players]))
    return phases, len(seats)
