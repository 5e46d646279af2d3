"""Envyra as SVG (`herna render envyra game.json`): a pure function of a view.

The table is drawn as areas (`areas`, the phone-first contract in docs/API.md): the playing
grid with the round and phase above it (each tile: its theme as colour and shape, its symbol
as a glyph, the die spaces it needs with the dice on it drawn as dice whose pips are their
owner's number, stars, reservation icons, phase-II marks as dashed dice), one area per seat
(its dice, board marks, acquired tiles as chips, points, secret card) and, at the end, the
final score. Every area is at most 360 units wide, its words at least 12 units, its parts
at least 44 units a side, so a phone shows it at full size. `svg` joins the areas into one
picture for the CLI.

For the browser (herna.games.envyra.web): every main group and every slot has a stable `id`,
and when the viewing seat is to act each slot it may choose is covered by a transparent
`class="part"` rect named `data-part="tile:b2"` (phase I, marking) or `"die:b2"` (phase II,
the die on the seat's board that marks b2). The same view gives byte-identical output.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from herna.core.memo import forgettable
from herna.i18n import get_lang, speaking

from ...drawing import (
    area,
    by_data,
    clip,
    die_svg,
    join_areas,
    recent,
    seat_name,
    text_width,
    with_names,
    wrap,
)
from .data import SAME_TILE, SET_POINTS
from .i18n import CATALOG, plural, symbol_name, t

View = Mapping[str, Any]

THEME_FILL = {"orange": "#f4a259", "green": "#8cc084", "blue": "#6fa8dc", None: "#c0392b"}
SEAT_FILL = {"grey": "#8e8e8e", "purple": "#8e44ad", "pink": "#ff6fb5", "yellow": "#f1c40f"}
INK = "#222"
MUTED = "#555"
PAPER = "#fbfaf6"
WIDTH = 360  # every area's viewBox width: shown at 360-560 CSS px, 12-unit text is >= 12 px
GAP, MARGIN = 6, 6
CELL_H = 124
DIE = 17  # a die on a tile


def _text(x: float, y: float, s: object, size: int = 13, fill: str = INK,
          weight: str = "normal", anchor: str = "start") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
            f'fill="{fill}" font-weight="{weight}" text-anchor="{anchor}">'
            f"{escape(str(s))}</text>")


def _lines(x: float, y: float, text: str, size: int, width: float, step: float,
           fill: str = INK, weight: str = "normal") -> tuple[list[str], float]:
    """`text` wrapped to `width`, first baseline at `y`; the drawn lines and the next y."""
    out = []
    for line in wrap(text, size, width):
        out.append(_text(x, y, line, size, fill, weight))
        y += step
    return out, y


def _seat_fill(view: View, seat: int) -> str:
    return SEAT_FILL.get(view["seats"][seat]["colour"], "#555")


def seat_colours(view: View) -> list[str]:
    """Each seat's colour, as its dice are drawn (the page's players list, log and scores
    show the same: the payload's `seats[].colour`)."""
    return [_seat_fill(view, s) for s in range(len(view["seats"]))]


def _who(view: View, seat: int) -> str:
    return seat_name(view, seat) or t("seat", seat=seat)


# ----- glyphs: a symbol is a drawing, a theme a shape as well as a colour -----------------------
# Drawn in a 24-unit box centred on (0, 0); `_glyph` scales and places them.
_SYMBOL_PATHS = {
    "sun": ('<circle r="5" fill="{ink}"/><path d="M0 -11V-7.5M0 7.5V11M-11 0H-7.5M7.5 0H11'
            'M-7.8 -7.8L-5.3 -5.3M5.3 5.3L7.8 7.8M-7.8 7.8L-5.3 5.3M5.3 -5.3L7.8 -7.8" '
            'stroke="{ink}" stroke-width="2" stroke-linecap="round"/>'),
    "fire": ('<path d="M0 -11C5 -5 8 -1 7 4C6 9 3 11 0 11C-3 11 -7 9 -7 4C-7 0 -4 -3 -3 -7'
             'C-1 -3 1 -2 1 1C3 -3 2 -7 0 -11Z" fill="{ink}"/>'),
    "mountain": ('<path d="M-11 9L-3 -7L2 1L5 -3L11 9Z" fill="{ink}"/>'
                 '<path d="M-5.5 -2L-3 -7L-0.5 -2L-3 -3.5Z" fill="#fff"/>'),
    "desert": ('<path d="M-11 9Q-5 -1 1 9ZM-3 9Q4 -4 11 9Z" fill="{ink}"/>'
               '<circle cx="-5" cy="-6" r="3" fill="none" stroke="{ink}" stroke-width="1.8"/>'),
    "leaf": ('<path d="M-9 9C-10 -3 -1 -10 10 -10C10 1 3 9 -9 9Z" fill="{ink}"/>'
             '<path d="M-9 9L4 -4" stroke="#fff" stroke-width="1.4"/>'),
    "tree": ('<circle cy="-3" r="7.5" fill="{ink}"/>'
             '<path d="M-1.8 3H1.8V11H-1.8Z" fill="{ink}"/>'),
    "flower": ('<g fill="{ink}"><circle cy="-6" r="4"/><circle cx="5.7" cy="-1.9" r="4"/>'
               '<circle cx="3.5" cy="4.9" r="4"/><circle cx="-3.5" cy="4.9" r="4"/>'
               '<circle cx="-5.7" cy="-1.9" r="4"/></g><circle r="2.6" fill="#fff"/>'),
    "grass": ('<path d="M-8 11Q-8 1 -11 -5M-3 11Q-3 -2 -4 -10M2 11Q3 -1 6 -8M7 11Q8 3 11 -2" '
              'fill="none" stroke="{ink}" stroke-width="2.4" stroke-linecap="round"/>'),
    "sea": ('<path d="M-11 -5q2.75 -3 5.5 0t5.5 0t5.5 0t5.5 0M-11 1q2.75 -3 5.5 0t5.5 0t5.5 0'
            't5.5 0M-11 7q2.75 -3 5.5 0t5.5 0t5.5 0t5.5 0" fill="none" stroke="{ink}" '
            'stroke-width="2.2" stroke-linecap="round"/>'),
    "drop": '<path d="M0 -11C4 -4 8 0 8 4A8 8 0 0 1 -8 4C-8 0 -4 -4 0 -11Z" fill="{ink}"/>',
    "cloud": ('<path d="M-9 7A4.5 4.5 0 0 1 -8 -2A6.5 6.5 0 0 1 3.5 -5A5.5 5.5 0 0 1 10.5 1.5'
              'A3.5 3.5 0 0 1 8 7Z" fill="{ink}"/>'),
    "snowflake": ('<path d="M0 -11V11M-9.5 -5.5L9.5 5.5M-9.5 5.5L9.5 -5.5M-3 -9L0 -6L3 -9'
                  'M-3 9L0 6L3 9M-9.3 -1.5L-5.2 -3L-6.3 -7M9.3 1.5L5.2 3L6.3 7M-9.3 1.5L-5.2 3'
                  'L-6.3 7M9.3 -1.5L5.2 -3L6.3 -7" fill="none" stroke="{ink}" '
                  'stroke-width="1.8" stroke-linecap="round"/>'),
    None: ('<path d="M-6 11V-10M-6 -10H8L4 -5L8 0H-6" fill="none" stroke="{ink}" '
           'stroke-width="2.2" stroke-linejoin="round"/>'),  # the end tile: a flag
}


@lru_cache(maxsize=2048)
def _glyph(symbol: str | None, cx: float, cy: float, size: float, ink: str = INK) -> str:
    """A symbol's glyph, `size` units across, centred on (cx, cy)."""
    body = _SYMBOL_PATHS.get(symbol, _SYMBOL_PATHS[None]).replace("{ink}", ink)
    return f'<g transform="translate({cx:.1f} {cy:.1f}) scale({size / 24:.3f})">{body}</g>'


@lru_cache(maxsize=2048)
def _theme_mark(theme: str | None, cx: float, cy: float, r: float, fill: str,
                stroke: str = INK) -> str:
    """A theme as a shape (orange a circle, green a square, blue a diamond, the end tile a
    hexagon), so a theme reads without its colour."""
    if theme == "orange":
        return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" '
                f'stroke="{stroke}"/>')
    if theme == "green":
        return (f'<rect x="{cx - r * 0.9:.1f}" y="{cy - r * 0.9:.1f}" width="{1.8 * r:.1f}" '
                f'height="{1.8 * r:.1f}" fill="{fill}" stroke="{stroke}"/>')
    if theme == "blue":
        return (f'<polygon points="{cx:.1f},{cy - r * 1.15:.1f} {cx + r * 1.15:.1f},{cy:.1f} '
                f'{cx:.1f},{cy + r * 1.15:.1f} {cx - r * 1.15:.1f},{cy:.1f}" fill="{fill}" '
                f'stroke="{stroke}"/>')
    pts = " ".join(f"{cx + r * math.cos(a * math.pi / 3):.1f},"
                   f"{cy + r * math.sin(a * math.pi / 3):.1f}" for a in range(6))
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}"/>'


def _seat_die(x: float, y: float, size: float, fill: str, seat: int,
              dashed: bool = False) -> str:
    """A seat's die: its colour, and as many pips as the seat's number (seat 0 shows one)."""
    return die_svg(x, y, size, fill, seat + 1, dashed=dashed)


# ----- the playing grid -------------------------------------------------------------------------
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
    return (f'<rect id="envyra-{key}" class="part" data-part="{name}" x="{x:g}" y="{y:g}" '
            f'width="{w:g}" height="{h:g}" rx="8" fill="transparent"/>')


def _cell_w(cols: int) -> float:
    return (WIDTH - 2 * MARGIN - (cols - 1) * GAP) / cols


def _cell(slot: Mapping[str, Any], fills: list[str], x: float, y: float, w: float,
          me: int | None, picks: tuple[str, Collection[str], bool]) -> list[str]:
    """A grid slot as the viewer `me` sees it: its drawing, a ✗ if `me` may not take its
    reserved tile yet, and its buttons if it is among `picks` (`_picks`)."""
    out = [f'<g id="envyra-slot-{slot["slot"]}">', *_cell_drawn(slot, fills, x, y, w, get_lang())]
    tile = slot["tile"]
    if tile and tile["reserve"] and me is not None and me not in slot.get("open_to", ()):
        # RULES.md: a reserved tile the viewer does not qualify for yet is marked
        cross = _text(x + w - 16, y + 48, "✗", 16, "#c0392b", "bold", "middle")
        out.append(f'<g class="closed">{cross}<title>{escape(t("closed"))}</title></g>')
    kind, slots, twice = picks
    if slot["slot"] in slots:
        name = f"{kind}:{slot['slot']}"
        out.append(_pick(name, f"pick-{slot['slot']}", x, y, w, CELL_H))
        if twice:  # a second die on the same tile: a second button on top, bottom right
            out.append(_pick(name, f"pick2-{slot['slot']}", x + w - 46, y + CELL_H - 46,
                             44, 44))
    out.append("</g>")
    return out


@by_data(maxsize=1024)
def _cells(slots: list[Mapping[str, Any]], fills: list[str], top: float, w: float,
           me: int | None, picks: tuple[str, list[str], bool], lang: str) -> str:
    """Every slot of the grid from exactly what the viewer sees of them: a move that leaves
    the grid alone (a mark, a die taken back to a seat's supply) costs one lookup, not one
    per slot."""
    shown = (picks[0], frozenset(picks[1]), picks[2])
    with speaking(lang):
        out = ['<g id="envyra-grid">']
        for slot in slots:
            x = MARGIN + slot["col"] * (w + GAP)
            out += _cell(slot, fills, x, top + slot["row"] * (CELL_H + GAP), w, me, shown)
        out.append("</g>")
        return "".join(out)


@by_data(maxsize=1024)
def _cell_drawn(slot: Mapping[str, Any], fills: list[str], x: float, y: float, w: float,
                lang: str) -> list[str]:
    """A grid slot from exactly what it shows: most slots stay the same from move to move."""
    with speaking(lang):
        return _slot_svg(slot, fills, x, y, w)


def _slot_svg(slot: Mapping[str, Any], fills: list[str], x: float, y: float,
              w: float) -> list[str]:
    """One slot, `w` x CELL_H: the slot name and stars on top, the symbol's glyph on its
    theme's shape with the symbol's name under it, the die spaces the tile needs (with the
    dice on it), then reservation icons (left) and phase-II marks (right), the tile's id at
    the bottom. (A mark that concerns only the viewer, such as a ✗ for a tile the viewer
    may not take yet, belongs at the glyph's right, x + w - 16, y + 40.)"""
    tile = slot["tile"]
    out = []
    if tile is None:
        out.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{CELL_H}" rx="8" '
                   'fill="#f4f4f4" stroke="#bbb" stroke-dasharray="4 3"/>')
        out.append(_text(x + 7, y + 17, slot["slot"], 12, "#777", "bold"))
        return out
    theme = tile["theme"]
    fill = THEME_FILL.get(theme, "#c0392b")
    # the tile is one thing for the page (docs/API.md, `data-key`): it comes from the bag
    # (the round's line) and travels to the seat that takes it; the dice on it are others
    out.append(f'<g data-key="tile-{escape(str(tile["id"]))}" data-from="envyra-head">')
    dice: list[str] = []
    out.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{CELL_H}" rx="8" '
               f'fill="{fill}" stroke="{INK}" stroke-width="1.5"/>')
    out.append(_text(x + 7, y + 17, slot["slot"], 13, INK, "bold"))
    # stars, top right
    sx = x + w - 15
    out.append(f'<polygon points="{_star(sx, y + 14, 12)}" fill="#ffd700" stroke="#7a5c00"/>')
    out.append(_text(sx, y + 19, tile["vp"], 12, INK, "bold", "middle"))
    # the symbol on its theme's shape
    cx, cy = x + w / 2, y + 44
    out.append(_theme_mark(theme, cx, cy, 17, "#fffdf5", INK))
    out.append(_glyph(tile["symbol"], cx, cy, 22))
    label = (t("end_tile", id="").strip() if tile["end"] else symbol_name(tile["symbol"]))
    size = 12
    fit = w - 6
    long = len(label) * size * 0.6 > fit
    out.append(f'<text x="{cx:.1f}" y="{y + 77:.1f}" font-family="sans-serif" '
               f'font-size="{size}" fill="{INK}" text-anchor="middle"'
               + (f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"' if long else "")
               + f">{escape(label)}</text>")
    # the die spaces the tile needs, the dice on it in them
    need = max(int(tile["dice"]), len(slot["dice"]))
    step = min(DIE + 3, (w - 8) / max(1, need))
    size_d = min(DIE, step - 2)
    dx = cx - (need * step - (step - size_d)) / 2
    dy = y + 84
    for k in range(need):
        if k < len(slot["dice"]):
            p = slot["dice"][k]
            dice.append(_keyed_die(p, f'{slot["slot"]}-{slot["dice"][:k].count(p)}',
                                   _seat_die(dx, dy, size_d, fills[p], p)))
        else:
            out.append(f'<rect x="{dx:.1f}" y="{dy:g}" width="{size_d:g}" height="{size_d:g}" '
                       f'rx="3" fill="#ffffff" fill-opacity="0.55" stroke="{INK}" '
                       'stroke-dasharray="2 2"/>')
        dx += step
    # reservation icons (left) and phase-II marks (right)
    iy = y + CELL_H - 12
    ix = x + 11
    for theme_r, k in tile["reserve"].items():
        for _ in range(k):
            out.append(_theme_mark(theme_r, ix, iy, 5.5, THEME_FILL[theme_r]))
            ix += 14
    mx = x + w - 4 - 15
    marks = slot["marks"]
    for k in reversed(range(len(marks))):
        p = marks[k]
        dice.append(_keyed_die(p, f'{slot["slot"]}-m{marks[:k].count(p)}',
                               _seat_die(mx, iy - 7, 14, fills[p], p, dashed=True)))
        mx -= 16
    if not slot["marks"] or mx > ix + 30:
        out.append(_text(x + w - 7 if not slot["marks"] else mx + 12, iy + 4, tile["id"], 12,
                         INK, "normal", "end"))
    out.append("</g>")
    return out + dice


def _keyed_die(seat: int, where: str, drawn: str) -> str:
    """A seat's die with the page's key (docs/API.md, `data-key`): the seat's dice are alike
    (the kind `die-SEAT`), so a die is where it lies and its copy there (`die-0-b2-0` on a
    tile, `die-0-b2-m0` marking it on the seat's board, `die-0-s3` in the supply): one that
    leaves a place and one that comes to another are shown as one die moving."""
    return f'<g data-key="die-{seat}-{where}" data-kind="die-{seat}">{drawn}</g>'


@lru_cache(maxsize=256)
def _star(cx: float, cy: float, r: float) -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.5
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return " ".join(pts)


def _start(view: View) -> str:
    who = seat_name(view, int(view["start_player"]))
    return t("start_by", who=who) if who else t("start", seat=view["start_player"])


def _grid_area(view: View) -> dict[str, Any]:
    grid = view["grid"]
    w = _cell_w(grid["cols"])
    lang = get_lang()
    head, y = _head(int(view["round"]), int(view["bag"]), view["phase"], _start(view), lang)
    top = y - 6
    kind, slots, twice = _picks(view)
    fills = [_seat_fill(view, p) for p in range(len(view["seats"]))]
    body: list[str] = [head, _cells(grid["slots"], fills, top, w, view.get("seat"),
                                    (kind, sorted(slots), twice), lang)]
    sets, y = _set_values(top + grid["rows"] * (CELL_H + GAP) + 12, lang)
    body.append(sets)
    public = view["equilibrium"]["public"]
    if public:
        body.append('<g id="envyra-cards">')
        body.append(_text(MARGIN + 2, y + 4, t("cards.public"), 13, INK, "bold"))
        y += 12
        for card in public:
            body += _card_row(view, card, MARGIN, y, card["owner"])
            y += 32
        body.append("</g>")
        y += 4
    return area("grid", "shared", t("grid"), WIDTH, y, "".join(body))


@recent(maxsize=64)
def _set_values(y: float, lang: str) -> tuple[str, float]:
    """The sets' values under the grid (the same on every push); its drawing and the next y."""
    with speaking(lang):
        values = " · ".join(t("set_value", size=size, points=points)
                            for size, points in enumerate(SET_POINTS) if points)
        lines, y = _lines(MARGIN + 2, y + 6, plural("set_values", max(SET_POINTS),
                                                     values=values), 13, WIDTH - 16, 18)
        return "".join(['<g id="envyra-sets">', *lines, "</g>"]), y


@recent(maxsize=1024)
def _head(round_: int, bag: int, phase: str, start: str, lang: str) -> tuple[str, float]:
    """The round, the bag and the phase over the grid; its drawing and the next y."""
    with speaking(lang):
        out = ['<g id="envyra-head">']
        head = f"{t('round', round=round_)} · {plural('bag', bag)}"
        out.append(_text(MARGIN + 2, 20, head[0].upper() + head[1:], 15, INK, "bold"))
        lines, y = _lines(MARGIN + 2, 40, t("phase." + phase), 13, WIDTH - 16, 18)
        out += lines
        lines, y = _lines(MARGIN + 2, y, start, 13, WIDTH - 16, 18, MUTED)
        out += lines
        out.append("</g>")
        return "".join(out), y


def _card_row(view: View, card: Mapping[str, Any], x: float, y: float,
              owner: int | None) -> list[str]:
    """An Equilibrium card on one line: its symbols as glyphs, stars, and who holds it."""
    out = [f'<rect x="{x:g}" y="{y:g}" width="{WIDTH - 2 * x:g}" height="28" rx="6" '
           'fill="#ffffff" stroke="#2c5d8a"/>',
           _text(x + 8, y + 19, card["id"], 13, "#2c5d8a", "bold")]
    gx = x + 8 + text_width(card["id"], 13) + 22
    for sym, theme in zip(card["symbols"], card["themes"], strict=False):
        out.append(_theme_mark(theme, gx, y + 14, 10, THEME_FILL[theme]))
        out.append(_glyph(sym, gx, y + 14, 13))
        gx += 26
    words = " + ".join(symbol_name(s) for s in card["symbols"]) + f" ★{card['vp']}"
    if owner is not None:
        words += f" → {_who(view, owner)}"
    out += _lines(gx, y + 19, words, 12, WIDTH - gx - x - 4, 14)[0][:1]
    return out


# ----- the seats ----------------------------------------------------------------------------------
CHIP_W, CHIP_H = 46, 46


def _seat_area(view: View, seat: Mapping[str, Any], marks: bool = False) -> dict[str, Any]:
    i = seat["seat"]
    mine = i == view["seat"]
    eq = bool(view["equilibrium"]["mode"])
    title = _who(view, i)
    shown = {"seat": seat, "title": title + (t("you") if mine else ""),
             "fill": _seat_fill(view, i), "mine": mine, "phase": view["phase"],
             "dice": view.get("dice_per_player", 5), "eq": eq,
             "turn": marks and i in view.get("to_act", ()) and view["phase"] != "over"}
    body, h = _seat_drawn(shown, get_lang())
    waiting = "" if view["phase"] != "mark" else "marked" if seat["marked"] else "not_marked"
    summary = _summary(int(seat["score"]["total"]), len(seat["tiles"]), int(seat["supply"]),
                       waiting, get_lang())
    return area(f"seat-{i}", "seat", title, WIDTH, h, body, seat=i, summary=summary)


@recent(maxsize=1024)
def _summary(points: int, tiles: int, supply: int, waiting: str, lang: str) -> str:
    """Another seat's compact row: points, tiles acquired, dice in supply and, in phase I,
    whether it has marked yet (whom the table waits for)."""
    with speaking(lang):
        words = [plural("points_n", points), plural("tiles_n", tiles), t("supply", n=supply)]
        return " · ".join(words + ([t(waiting)] if waiting else []))


@by_data(maxsize=1024)
def _seat_drawn(shown: Mapping[str, Any], lang: str) -> tuple[str, float]:
    """A seat's area from exactly what it shows: a move changes one or two seats."""
    with speaking(lang):
        return _seat_svg(shown)


def _seat_svg(shown: Mapping[str, Any]) -> tuple[str, float]:
    seat, fill = shown["seat"], shown["fill"]
    i = seat["seat"]
    out: list[str] = [f'<g id="envyra-seat-{i}">']
    frame = len(out)
    # the heading's die is the seat's token (the page matches its colour)
    out.append(f'<g class="seat-token" data-seat="{i}">{_seat_die(10, 8, 24, fill, i)}</g>')
    points = plural("points_n", seat["score"]["total"])
    out.append(_text(WIDTH - 10, 27, points, 15, INK, "bold", "end"))
    mark = " ▲" if seat["start_player"] else ""
    title = clip(shown["title"], 16, WIDTH - 62 - text_width(points + mark, 16)) + mark
    out.append(_text(42, 27, title, 16, INK, "bold"))
    # dice: the supply's dice, then empty spaces for those on tiles
    y: float = 44
    for k in range(int(shown["dice"])):
        if k < seat["supply"]:
            out.append(_keyed_die(i, f"s{k}", _seat_die(10 + k * 24, y, 20, fill, i)))
        else:
            out.append(f'<rect x="{10 + k * 24}" y="{y}" width="20" height="20" rx="4" '
                       f'fill="none" stroke="#999" stroke-dasharray="3 2"/>')
    info = t("supply", n=seat["supply"]) + " · " + t("on_tiles", n=seat["on_tiles"])
    out += _lines(16 + int(shown["dice"]) * 24, y + 15, info, 13,
                  WIDTH - 26 - int(shown["dice"]) * 24, 16)[0][:1]
    y += 42
    if seat["board"] and shown["mine"] and shown["phase"] == "mark":
        board = t("you_marked", slots=" ".join(seat["board"]))  # secret until all marked
    elif seat["board"]:
        board = t("board", slots=" ".join(seat["board"]))
    elif shown["phase"] == "mark":
        board = t("marked") if seat["marked"] else t("not_marked")
    else:
        board = ""
    if board:
        lines, y = _lines(10, y, board, 13, WIDTH - 20, 17, MUTED)
        out += lines
        y += 2
    # acquired tiles as chips, theme by theme
    chips = [tl for theme in seat["by_theme"] for tl in seat["by_theme"][theme]]
    per_row = int((WIDTH - 20 + 4) // (CHIP_W + 4))
    for k, tile in enumerate(chips):
        cx = 10 + (k % per_row) * (CHIP_W + 4)
        cy = y - 10 + (k // per_row) * (CHIP_H + 4)
        out.append(_chip(tile, cx, cy))
    if chips:
        y += ((len(chips) + per_row - 1) // per_row) * (CHIP_H + 4) + 8
    sc = seat["score"]
    key = "score.eq" if shown["eq"] else "score"
    lines, y = _lines(10, y + 4, t(key, stars=sc["stars"], sets=sc["sets"],
                                   eq=sc["equilibrium"], total=sc["total"]), 13,
                      WIDTH - 20, 17, INK, "bold")
    out += lines
    secret = seat.get("secret_card")  # in the view for its owner only (all at the end)
    if secret:
        words = (f"{t('cards.secret_of')}: {secret['id']} "
                 f"{' + '.join(symbol_name(x) for x in secret['symbols'])} ★{secret['vp']}"
                 + (" ✓" if secret["done"] else ""))
        lines, y = _lines(10, y + 2, words, 12, WIDTH - 20, 16, "#2c5d8a", "bold")
        out += [f'<g class="secret-card" id="envyra-secret-{i}">', *lines, "</g>"]
    h = y + 2
    width = 4 if shown["turn"] else (3 if shown["mine"] else 1.5)
    out.insert(frame, f'<rect x="2" y="2" width="{WIDTH - 4}" height="{h - 4:g}" rx="8" '
                      f'fill="#fff" stroke="{fill}" stroke-width="{width}"/>')
    out.append("</g>")
    return "".join(out), h


@lru_cache(maxsize=1024)
def _chip_drawn(theme: str | None, symbol: str | None, vp: int, x: float, y: float,
                tile: str = "") -> str:
    fill = THEME_FILL.get(theme, "#c0392b")
    key = f' data-key="tile-{escape(tile)}"' if tile else ""  # the tile taken from the grid
    return (f'<g{key}><rect x="{x:g}" y="{y:g}" width="{CHIP_W}" height="{CHIP_H}" rx="6" '
            f'fill="{fill}" stroke="{INK}"/>'
            + _theme_mark(theme, x + CHIP_W / 2, y + 16, 11, "#fffdf5")
            + _glyph(symbol, x + CHIP_W / 2, y + 16, 15)
            + _text(x + CHIP_W / 2, y + CHIP_H - 5, f"★{vp}", 12, INK, "bold", "middle")
            + "</g>")


def _chip(tile: Mapping[str, Any], x: float, y: float) -> str:
    """An acquired tile: its theme's colour and shape, its symbol's glyph, its stars."""
    return _chip_drawn(tile["theme"], tile["symbol"], int(tile["vp"]), x, y,
                       str(tile.get("id") or ""))


# ----- the end ------------------------------------------------------------------------------------
def _outcome_area(view: View, out: Mapping[str, Any]) -> dict[str, Any]:
    body = ['<g id="envyra-foot">']
    lines, y = _lines(10, 22, t(f"reason.{view['end']}"), 14, WIDTH - 20, 18, INK, "bold")
    body += lines
    cols = [("stars", 200, "★"), ("sets", 252, t("cat.sets"))]
    if view["equilibrium"]["mode"]:
        cols.append(("equilibrium", 300, t("col.eq")))
    y += 4
    body.append(_text(10, y, t("pad.player"), 12, MUTED))
    for _, x, word in cols:
        body.append(_text(x, y, word, 12, MUTED, "normal", "end"))
    body.append(_text(WIDTH - 10, y, t("pad.total"), 12, MUTED, "normal", "end"))
    order = sorted(range(len(out["scores"])), key=lambda s: (out["ranks"][s], s))
    for s in order:
        y += 22
        b = out["breakdown"][s]
        win = s in out["winners"]
        body.append(_seat_die(10, y - 14, 17, _seat_fill(view, s), s))
        name = clip(f"{CATALOG.ordinal(out['ranks'][s])} {_who(view, s)}", 13, 125)
        body.append(_text(33, y, name, 13, INK, "bold" if win else "normal"))
        for cat, x, _ in cols:
            body.append(_text(x, y, b[cat], 13, INK, "normal", "end"))
        body.append(_text(WIDTH - 10, y, out["scores"][s], 14, INK, "bold", "end"))
    body.append("</g>")
    return area("outcome", "info", t("outcome"), WIDTH, y + 14, "".join(body))


# ----- the table ----------------------------------------------------------------------------------
def areas(view: dict[str, Any], lang: str | None = None,
          names: Sequence[str] | None = None, marks: bool = False) -> list[dict[str, Any]]:
    """The table as areas for the page (the areas contract): the final score first at the
    end, then the playing grid (every choice a seat makes is a tile on it), the viewer's
    own seat, and the other seats in seat order after the viewer. Whose turn it is (`marks`:
    a seat's thicker frame) only for the whole drawing: the page shows it from `to_act`, and
    without it a seat's area changes only when its own things do."""
    view = with_names(view, names)
    if lang is None:
        return _areas(view, marks)
    with speaking(lang):
        return _areas(view, marks)


def _areas(view: dict[str, Any], marks: bool = False) -> list[dict[str, Any]]:
    out = []
    if view.get("outcome"):
        out.append(_outcome_area(view, view["outcome"]))
    out.append(_grid_area(view))
    me = view.get("seat")
    n = len(view["seats"])
    order = range(n) if me is None else [(me + k) % n for k in range(n)]
    out += [_seat_area(view, view["seats"][s], marks) for s in order]
    return out


def svg(view: dict[str, Any], lang: str | None = None,
        names: Sequence[str] | None = None) -> str:
    """The whole picture for one seat's (or a spectator's) view, in `lang` (default: the
    current language); `names`: what to call the seats ("Seat N" without them). The areas
    joined into one drawing: one source of drawing for the page and the CLI."""
    drawn = areas(view, lang, names, marks=True)
    with speaking(lang or get_lang()):
        foot = t("recon")
    return join_areas(drawn, background=PAPER, foot=foot)


forgettable(_theme_mark.cache_clear, _star.cache_clear, _chip_drawn.cache_clear, _glyph.cache_clear)
