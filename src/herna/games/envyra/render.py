"""Envyra as SVG (`herna render envyra game.json`): a pure function of a view.

The playing grid (tile theme as colour, symbol, dice needed, stars, reservation icons, the
dice on each tile in their owners' colours, visible marks as diamonds), then one panel per
seat with its supply, board marks, acquired tiles grouped by theme and current points.

For the browser (herna.games.envyra.web): every main group and every slot has a stable `id`,
and when the viewing seat is to act each slot it may choose is covered by a transparent
`class="part"` rect named `data-part="tile:b2"` (phase I, marking) or `"die:b2"` (phase II,
the die on the seat's board that marks b2). The same view gives byte-identical output.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from herna.i18n import get_lang, speaking

from ...drawing import by_data, seat_name, with_names
from .data import SAME_TILE, SET_POINTS
from .i18n import CATALOG, plural, symbol_name, t, tile_name

View = Mapping[str, Any]

THEME_FILL = {"orange": "#f4a259", "green": "#8cc084", "blue": "#6fa8dc", None: "#c0392b"}
SEAT_FILL = {"grey": "#8e8e8e", "purple": "#8e44ad", "pink": "#ff6fb5", "yellow": "#f1c40f"}
INK = "#222"
CELL_W, CELL_H, GAP, MARGIN = 150, 110, 8, 16


def _text(x: float, y: float, s: object, size: int = 12, fill: str = INK,
          weight: str = "normal", anchor: str = "start") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
            f'fill="{fill}" font-weight="{weight}" text-anchor="{anchor}">'
            f"{escape(str(s))}</text>")


def _seat_fill(view: View, seat: int) -> str:
    return SEAT_FILL.get(view["seats"][seat]["colour"], "#555")


def _picks(view: View) -> tuple[str, set[str], bool]:
    """What the viewing seat may click on the grid now: the part prefix ("tile" to mark,
    "die" to move, "" for nothing), the slots it may click, and whether a slot may be chosen
    twice (two dice on one tile, only if the tables allow it)."""
    me = view.get("seat")
    if me is None or me not in view.get("to_act", []):
        return "", set(), False
    seat = view["seats"][me]
    if view["phase"] == "mark":
        slots = {sl["slot"] for sl in view["grid"]["slots"] if sl["tile"] is not None}
        twice = SAME_TILE and not view["options"]["simple"] and seat["supply"] >= 2
        return "tile", slots, twice
    if view["phase"] == "move":
        return "die", set(seat["board"] or ()), False
    return "", set(), False


def _pick(name: str, key: str, x: float, y: float, w: float, h: float) -> str:
    """A clickable part: transparent but filled, so a click anywhere on it lands."""
    return (f'<rect id="envyra-{key}" class="part" data-part="{name}" x="{x}" y="{y}" '
            f'width="{w}" height="{h}" rx="8" fill="transparent"/>')


def _cell(view: View, slot: Mapping[str, Any], x: float, y: float) -> list[str]:
    out = [f'<g id="envyra-slot-{slot["slot"]}">', *_cell_body(view, slot, x, y)]
    tile, me = slot["tile"], view.get("seat")
    if tile and tile["reserve"] and me is not None and me not in slot.get("open_to", ()):
        # RULES.md: a reserved tile the viewer does not qualify for yet is marked
        cross = _text(x + CELL_W - 8, y + 98, "✗", 16, "#c0392b", "bold", "end")
        out.append(f'<g class="closed">{cross}<title>{escape(t("closed"))}</title></g>')
    kind, slots, twice = _picks(view)
    if slot["slot"] in slots:
        name = f"{kind}:{slot['slot']}"
        out.append(_pick(name, f"pick-{slot['slot']}", x, y, CELL_W, CELL_H))
        if twice:  # a second die on the same tile: a second button on top, bottom right
            out.append(_pick(name, f"pick2-{slot['slot']}", x + CELL_W - 34, y + CELL_H - 30,
                             28, 24))
    out.append("</g>")
    return out


def _cell_body(view: View, slot: Mapping[str, Any], x: float, y: float) -> list[str]:
    fills = [_seat_fill(view, p) for p in range(len(view["seats"]))]
    return _cell_drawn(slot, fills, x, y, get_lang())


@by_data(maxsize=1024)
def _cell_drawn(slot: Mapping[str, Any], fills: list[str], x: float, y: float,
                lang: str) -> list[str]:
    """A grid slot from exactly what it shows: most slots stay the same from move to move."""
    with speaking(lang):
        return _slot_svg(slot, fills, x, y)


def _slot_svg(slot: Mapping[str, Any], fills: list[str], x: float, y: float) -> list[str]:
    tile = slot["tile"]
    out = []
    if tile is None:
        out.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="8" '
                   'fill="#f4f4f4" stroke="#bbb" stroke-dasharray="4 3"/>')
        out.append(_text(x + 8, y + 18, slot["slot"], 12, "#999", "bold"))
        return out
    fill = THEME_FILL.get(tile["theme"], "#c0392b")
    out.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="8" '
               f'fill="{fill}" stroke="{INK}" stroke-width="1.5"/>')
    out.append(_text(x + 8, y + 18, slot["slot"], 12, INK, "bold"))
    out.append(_text(x + CELL_W - 8, y + 18, tile["id"], 12, INK, "bold", "end"))
    label = (t("end_tile", id="").strip() if tile["end"]
             else tile_name(tile['theme'], tile['symbol']))
    out.append(_text(x + 8, y + 38, label, 13))
    # dice needed on the left, star points
    out.append(_text(x + 8, y + 58, f"{t('needs')} {tile['dice']}", 12))
    out.append(f'<polygon points="{_star(x + CELL_W - 22, y + 52, 11)}" fill="#ffd700" '
               'stroke="#a07800"/>')
    out.append(_text(x + CELL_W - 22, y + 56, tile["vp"], 11, INK, "bold", "middle"))
    # reservation icons on the right side
    ix: float = x + CELL_W - 14
    iy = y + 70
    for theme, k in tile["reserve"].items():
        for _ in range(k):
            out.append(f'<rect x="{ix}" y="{iy}" width="10" height="10" '
                       f'fill="{THEME_FILL[theme]}" stroke="{INK}"/>')
            ix -= 13
    # dice on the tile, then visible marks
    dx = x + 12
    for p in slot["dice"]:
        out.append(f'<rect x="{dx - 7}" y="{y + CELL_H - 22}" width="14" height="14" rx="3" '
                   f'fill="{fills[p]}" stroke="{INK}"/>')
        dx += 18
    for p in slot["marks"]:
        cx, cy = dx + 2, y + CELL_H - 15
        out.append(f'<polygon points="{cx},{cy - 7} {cx + 7},{cy} {cx},{cy + 7} {cx - 7},{cy}" '
                   f'fill="{fills[p]}" stroke="{INK}"/>')
        dx += 18
    return out


@lru_cache(maxsize=256)
def _star(cx: float, cy: float, r: float) -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return " ".join(pts)


def _seat_panel(view: View, seat: Mapping[str, Any], x: float, y: float,
                w: float) -> tuple[list[str], float]:
    i = seat["seat"]
    out: list[str] = []
    secret = seat.get("secret_card")  # in the view for its owner only (all at the end)
    lines = 3 + sum(1 for v in seat["by_theme"].values() if v) + (1 if secret else 0)
    h = 26 + 18 * lines
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#fff" '
               f'stroke="{_seat_fill(view, i)}" stroke-width="{3 if i == view["seat"] else 1.5}"/>')
    title = (seat_name(view, i) or t("seat", seat=i)) + (t("you") if i == view["seat"] else "")
    if seat["start_player"]:
        title += " ▲"
    out.append(_text(x + 10, y + 18, title, 14, _seat_fill(view, i), "bold"))
    ty = y + 38
    for k in range(seat["supply"]):
        out.append(f'<rect x="{x + 10 + k * 16}" y="{ty - 11}" width="12" height="12" rx="2" '
                   f'fill="{_seat_fill(view, i)}" stroke="{INK}"/>')
    info = t("supply", n=seat["supply"]) + " · " + t("on_tiles", n=seat["on_tiles"])
    out.append(_text(x + 100, ty, info, 12))
    ty += 18
    if seat["board"] and i == view["seat"] and view["phase"] == "mark":
        board = t("you_marked", slots=" ".join(seat["board"]))  # secret until all marked
    elif seat["board"]:
        board = t("board", slots=" ".join(seat["board"]))
    elif view["phase"] == "mark":
        board = t("marked") if seat["marked"] else t("not_marked")
    else:
        board = ""
    out.append(_text(x + 10, ty, board, 12, "#555"))
    for theme, tiles in seat["by_theme"].items():
        if not tiles:
            continue
        ty += 18
        colour = THEME_FILL.get(None if theme == "end" else theme, "#c0392b")
        out.append(f'<rect x="{x + 10}" y="{ty - 11}" width="12" height="12" fill="{colour}"/>')
        names = ", ".join(f"{tl['id']} {symbol_name(tl['symbol']) if tl['symbol'] else ''}"
                          f"★{tl['vp']}" for tl in tiles)
        out.append(_text(x + 28, ty, names, 11))
    ty += 18
    sc = seat["score"]
    key = "score.eq" if view["equilibrium"]["mode"] else "score"
    out.append(_text(x + 10, ty, t(key, stars=sc["stars"], sets=sc["sets"],
                                   eq=sc["equilibrium"], total=sc["total"]), 12, INK, "bold"))
    if secret:
        ty += 18
        out.append(f'<g class="secret-card" id="envyra-secret-{i}">' + _text(
            x + 10, ty, f"{t('cards.secret_of')}: {secret['id']} "
            f"{' + '.join(symbol_name(x) for x in secret['symbols'])} ★{secret['vp']}"
            + (" ✓" if secret["done"] else ""), 11, "#2c5d8a", "bold") + "</g>")
    return out, h


def svg(view: dict[str, Any], lang: str | None = None,
        names: Sequence[str] | None = None) -> str:
    """The whole picture for one seat's (or a spectator's) view, in `lang` (default: the
    current language); `names`: what to call the seats ("Seat N" without them)."""
    view = with_names(view, names)
    if lang is None:
        return _svg(view)
    with speaking(lang):
        return _svg(view)


def _start(view: dict[str, Any]) -> str:
    who = seat_name(view, int(view["start_player"]))
    return t("start_by", who=who) if who else t("start", seat=view["start_player"])


def _svg(view: dict[str, Any]) -> str:
    grid = view["grid"]
    width = 2 * MARGIN + grid["cols"] * (CELL_W + GAP) + 360
    body: list[str] = []
    head = (f"{t('title')} · {t('round', round=view['round'])} · {t('phase.' + view['phase'])}"
            f" · {_start(view)} · {plural('bag', view['bag'])}")
    body.append(f'<g id="envyra-head">{_text(MARGIN, 26, head, 16, INK, "bold")}</g>')
    top = 44
    body.append('<g id="envyra-grid">')
    for slot in grid["slots"]:
        x = MARGIN + slot["col"] * (CELL_W + GAP)
        y = top + slot["row"] * (CELL_H + GAP)
        body += _cell(view, slot, x, y)
    # the dark-red corner card under a1
    body.append(f'<rect x="{MARGIN - 6}" y="{top - 6}" width="14" height="14" fill="#7b1e1e"/>')
    body.append("</g>")
    px = MARGIN + grid["cols"] * (CELL_W + GAP) + 8
    py: float = top
    for seat in view["seats"]:
        panel, h = _seat_panel(view, seat, px, py, 340)
        body += [f'<g id="envyra-seat-{seat["seat"]}">', *panel, "</g>"]
        py += h + GAP
    gy = max(top + grid["rows"] * (CELL_H + GAP), py) + 10
    body.append('<g id="envyra-foot">')
    values = " · ".join(t("set_value", size=size, points=points)
                        for size, points in enumerate(SET_POINTS) if points)
    body.append(_text(MARGIN, gy, t("set_values", values=values), 12, INK, "bold"))
    gy += 20
    public = view["equilibrium"]["public"]
    if public:
        cards = "; ".join(f"{c['id']} {' + '.join(symbol_name(s) for s in c['symbols'])} "
                          f"★{c['vp']}" + ("" if c["owner"] is None else f" → {c['owner']}")
                          for c in public)
        body.append(_text(MARGIN, gy, f"{t('cards.public')}: {cards}", 12))
        gy += 20
    out = view.get("outcome")
    if out:
        body.append(_text(MARGIN, gy, t(f"reason.{view['end']}"), 13, INK, "bold"))
        gy += 20
        for s in range(len(out["scores"])):
            b = out["breakdown"][s]
            who = seat_name(view, s) or t("seat", seat=s)
            line = (f"{who}: {b['stars']} + {b['sets']} + {b['equilibrium']} = "
                    f"{out['scores'][s]} ({t('placed', place=CATALOG.ordinal(out['ranks'][s]))})")
            body.append(_text(MARGIN, gy, line, 12, INK,
                              "bold" if s in out["winners"] else "normal"))
            gy += 18
    body.append("</g>")
    height = gy + 20
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">'
            f'<rect width="100%" height="100%" fill="#fbfaf6"/>{"".join(body)}</svg>')
