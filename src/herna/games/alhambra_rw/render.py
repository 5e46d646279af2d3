"""Alhambra Roll & Write as SVG, drawn from a view only (pure: no I/O).

The table is drawn as areas (`areas`, the phone-first contract in docs/API.md): the viewer's
own sheet first (grid with built cells crossed, the dice on their row and column spaces drawn
as dice with pips, the die-change buttons, the coin track, line counts), the shared score
sheet (one row per building type, one column per player, virtual players included: crosses,
places awarded, places left; the virtual players' last rolls under it), the other sheets
and, at the end, the final scoring. Every area is 360 units wide, its words at least 12
units, its parts at least 44 units a side, so a phone shows it at full size. `svg` joins the
areas into one picture for the CLI. The same view always gives the same bytes; words follow
the current language or `svg(view, lang=...)`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from herna.core.memo import forgettable

from ...drawing import (
    NAMES_KEY,
    SEAT_PALETTE,
    area,
    by_data,
    clip,
    die_svg,
    join_areas,
    recent,
    seat_name,
    seat_token,
    text_width,
    with_names,
    wrap,
)
from .i18n import join_names, lang_of, ordinal, plural, t, type_abbrev, type_gen, type_name

View = Mapping[str, Any]

TYPE_FILL = {
    "pavilion": "#4f86c6", "seraglio": "#c8453c", "arcades": "#9a6a3c",
    "chambers": "#f4ecd8", "garden": "#5a9e4b", "tower": "#8a5aa8",
}
TYPE_INK = {"chambers": "#3a2e1f"}
BLUE_DIE = "#2f67c4"
YELLOW_DIE = "#f2cf2f"
INK = "#222222"
MUTED = "#5a5a5a"
PAPER = "#fbf7ee"
WIDTH = 360  # every area's viewBox width: shown at 360-560 CSS px, 12-unit text is >= 12 px
CELL = 48  # a grid cell and a die space: a part at least 44 units a side
PAD = 8
GX = PAD + CELL  # the grid's left edge (the blue dice's spaces before it)
DIE = 36
FONT = "DejaVu Sans, Arial, sans-serif"


def _text(x: float, y: float, s: object, size: int = 13, fill: str = INK,
          anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(str(s))}</text>')


def _lines(x: float, y: float, text: str, size: int, width: float, step: float,
           fill: str = INK, weight: str = "normal") -> tuple[list[str], float]:
    """`text` wrapped to `width`, first baseline at `y`; the drawn lines and the next y."""
    out = []
    for line in wrap(text, size, width):
        out.append(_text(x, y, line, size, fill, weight=weight))
        y += step
    return out, y


@functools.lru_cache(maxsize=256)
def _abbrev(kind: str, lang: str) -> str:
    """A cell's type in two or three letters (36 per sheet: looked up once per language)."""
    return type_abbrev(kind, lang)


def seat_colours(view: View) -> list[str]:
    """Each seat's colour, as its token beside its name on its sheet is drawn (the page's
    players list, log and scores show the same: the payload's `seats[].colour`). Virtual
    players are no seats: they have none."""
    return [SEAT_PALETTE[i % len(SEAT_PALETTE)] for i in range(len(view.get("seats") or []))]


def _name(view: View, player: int, lang: str, you: bool = True) -> str:
    sheet = view.get("sheet") or []
    entry = sheet[player] if 0 <= player < len(sheet) else {}
    return _name_words(bool(entry.get("virtual")), str(entry.get("name", "?")),
                       seat_name(view, player), player,
                       you and view.get("seat") == player, lang)


@recent(maxsize=1024)
def _name_words(virtual: bool, virtual_name: str, label: str | None, player: int,
                you: bool, lang: str) -> str:
    """What to call a player (looked up a dozen times per drawing: kept)."""
    if virtual:
        return t("virtual_name", lang, name=virtual_name)
    return (label or t("seat", lang, seat=player)) + (t("you", lang) if you else "")


def _part(name: str, x: float, y: float, w: float, h: float, ident: str, rx: float = 2) -> str:
    """A clickable part (herna.testing.web): a transparent rect on top of what it stands for;
    the page styles `.part.live` and `.part.chosen`."""
    return (f'<rect class="part" data-part="{name}" id="rw-p-{ident}" x="{x:g}" y="{y:g}" '
            f'width="{w:g}" height="{h:g}" rx="{rx:g}" fill="#000" fill-opacity="0"/>')


STEP_BUTTONS = (5, 4, 3, 2, 1, -1, -2, -3, -4, -5)  # the die-change palette


def _dice(x: float, y: float, fill: str, values: Sequence[int], value: int,
          name: str | None, ident: str, key: str) -> str:
    """The dice showing `value` on their row or column space (a CELL square at x, y), drawn
    as dice with pips; on the viewer's own sheet one part (`blue:3`) covers the space, as on
    every clickable thing, so the page styles all parts alike. Each die has the page's key
    (docs/API.md, `data-key`): `key` (seat and colour), its value and its copy, of the kind
    of its colour: dice of a colour are alike, so a die that leaves a space and one that
    comes to another (changed, rolled, passed to the next sheet) are shown as one moving."""
    return _dice_drawn(x, y, fill, list(values).count(value), value, name, ident, key)


@functools.lru_cache(maxsize=4096)
def _dice_drawn(x: float, y: float, fill: str, n: int, value: int, name: str | None,
                ident: str, key: str) -> str:
    """`_dice` with `n` dice showing `value`: a sheet draws twelve spaces, a move changes
    one or two of them."""
    if not n:
        return _text(x + CELL / 2, y + CELL / 2 + 5, value, 13, MUTED, "middle")
    out = []
    kind = key.rsplit("-", 1)[-1]
    for k in range(n):  # a second die of the same value lies a little lower right
        off = (k - (n - 1) / 2) * 6
        out.append(f'<g data-key="die-{key}-{value}-{k}" data-kind="die-{kind}">'
                   + die_svg(x + (CELL - DIE) / 2 + off, y + (CELL - DIE) / 2 + off, DIE, fill,
                             value) + "</g>")
    if name:
        out.append(_part(name, x, y, CELL, CELL, ident, rx=6))
    return "".join(out)


def _sheet(view: View, seat: Mapping[str, Any], y0: float, lang: str) -> tuple[str, float]:
    """One player's sheet at y0, 360 wide; its drawing and height. On the viewer's own
    sheet the cells (`cell:B,Y`), the dice (`blue:3`, `yellow:5`) and a palette of die
    changes (`step:+2`, `step:-1`) are parts."""
    i = int(seat.get("seat", 0))
    # people count seats from 1 where they are named; the CLI's unnamed seats keep the
    # notation's numbers
    shown = i + 1 if seat_name(view, i) is not None else i
    return _sheet_drawn(seat, view.get("seat") == i,
                        view.get("phase") != "over" and int(view.get("current", -1)) == i,
                        view.get("phase") == "over", _name(view, i, lang),
                        view.get("grid") or [], y0, lang, shown)


@by_data(maxsize=1024)
def _sheet_drawn(seat: Mapping[str, Any], mine: bool, active: bool, over: bool, name: str,
                 grid: Sequence[Sequence[str]], y0: float, lang: str,
                 shown: int) -> tuple[str, float]:
    """A sheet from exactly what it shows: drawn once per change of these, not per push.
    Its heading: the seat's token (its colour, `shown` number), name and coins."""
    out: list[str] = []
    i = int(seat.get("seat", 0))
    out.append(f'<g class="sheet" id="rw-sheet-{i}">')
    frame = len(out)
    coins = seat.get("coins") or {}
    balance = int(coins.get("balance", 0))
    purse = plural("web.coins", balance, lang)
    out.append(_text(WIDTH - PAD - 4, y0 + 24, purse, 14, INK, "end", "bold"))
    out.append(seat_token(PAD + 14, y0 + 19, 10, SEAT_PALETTE[i % len(SEAT_PALETTE)], i,
                          shown))
    out.append(_text(PAD + 30, y0 + 24, clip(name, 16, WIDTH - 66 - len(purse) * 8.4), 16,
                     weight="bold"))
    built: Sequence[Sequence[bool]] = seat.get("built") or []
    dice = seat.get("dice") or {}
    blue = list(dice.get("blue", []))
    yellow = list(dice.get("yellow", []))
    top = y0 + 34
    gy = top + CELL + 2
    for c in range(6):  # yellow die spaces above the columns
        out.append(_dice(GX + c * CELL, top, YELLOW_DIE, yellow, c + 1,
                         f"yellow:{c + 1}" if mine else None, f"yellow-{c + 1}",
                         f"{i}-yellow"))
    cells: list[str] = []
    for r in range(6):
        y = gy + r * CELL
        out.append(_dice(PAD, y, BLUE_DIE, blue, r + 1, f"blue:{r + 1}" if mine else None,
                         f"blue-{r + 1}", f"{i}-blue"))
        for c in range(6):
            kind = grid[r][c] if r < len(grid) and c < len(grid[r]) else "?"
            x = GX + c * CELL
            hit = active and (r + 1) in blue and (c + 1) in yellow
            done = bool(r < len(built) and c < len(built[r]) and built[r][c])
            out.append(_cell(x, y, kind, hit, done, lang))
            if mine:  # on top of the whole grid, so the next cell's stroke cannot cover it
                cells.append(_cell_part(x, y, r, c))
    out += cells
    for r, n in enumerate(seat.get("rows", [])):  # built cells per row and column
        out.append(_text(WIDTH - 8, gy + r * CELL + CELL / 2 + 5, n, 12, MUTED, "middle"))
    y = gy + 6 * CELL + 16
    for c, n in enumerate(seat.get("cols", [])):
        out.append(_text(GX + c * CELL + CELL / 2, y, n, 12, MUTED, "middle"))
    y += 8
    if mine and not over:
        out += _steps(y)
        y += 2 * 44 + 8 + 10
    circled, crossed = int(coins.get("circled", 0)), int(coins.get("crossed", 0))
    track = int(coins.get("track", 0))
    out.append(_text(PAD + 4, y + 17, t("coins", lang), 13, weight="bold"))
    if track:
        out.append(_track(y, track, circled, crossed))
    y += 12 + ((track + 9) // 10) * 24 + 8
    more, y = _lines(PAD + 4, y, t("coins.balance", lang, balance=balance, circled=circled,
                                   crossed=crossed, track=track), 12, WIDTH - 24, 16, MUTED)
    out += more
    more, y = _lines(PAD + 4, y, t("lines", lang, points=seat.get("line_points", 0)), 12,
                     WIDTH - 24, 16, MUTED)
    out += more
    h = y - y0 - 4
    out.insert(frame, f'<rect x="2" y="{y0 + 2:g}" width="{WIDTH - 4}" height="{h:g}" rx="8" '
                      f'fill="#ffffff" stroke="{"#e0a800" if active else "#cccccc"}" '
                      f'stroke-width="{4 if active else 1.5}"/>')
    out.append("</g>")
    return "\n".join(out), y - y0


@functools.lru_cache(maxsize=1024)
def _track(y: float, track: int, circled: int, crossed: int) -> str:
    """The coin track at y: `track` coins, the first `circled` circled (gold), the first
    `crossed` of them crossed out (spent)."""
    out = []
    for k in range(track):
        cx = 92 + (k % 10) * 25
        cy = y + 12 + (k // 10) * 24
        fill = "#f2cf2f" if k < circled else "#ffffff"
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="9" fill="{fill}" stroke="{INK}" '
                   'stroke-width="1"/>')
        if k < crossed:
            out.append(f'<path d="M{cx - 6:g} {cy - 6:g}L{cx + 6:g} {cy + 6:g}M{cx + 6:g} '
                       f'{cy - 6:g}L{cx - 6:g} {cy + 6:g}" stroke="{INK}" stroke-width="2"/>')
    return "\n".join(out)


@functools.lru_cache(maxsize=8192)
def _cell(x: float, y: float, kind: str, hit: bool, crossed: bool, lang: str) -> str:
    """One grid cell (its type, lit when the dice meet there, crossed once built): a sheet
    has 36, a move changes one or two, and a handful of sheet places exist."""
    out = [f'<rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" '
           f'fill="{TYPE_FILL.get(kind, "#bbbbbb")}" stroke="'
           f'{"#e0a800" if hit else "#ffffff"}" stroke-width="{4 if hit else 1.5}"/>',
           _text(x + CELL / 2, y + CELL / 2 + 5, _abbrev(kind, lang), 13,
                 TYPE_INK.get(kind, "#ffffff"), "middle", "bold")]
    if crossed:  # built: paler, and crossed out as on the paper sheet
        out.append(f'<rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" fill="#ffffff" '
                   'fill-opacity="0.35"/>')
        out.append(f'<path d="M{x + 6:g} {y + 6:g}L{x + CELL - 6:g} {y + CELL - 6:g}'
                   f'M{x + CELL - 6:g} {y + 6:g}L{x + 6:g} {y + CELL - 6:g}" '
                   f'stroke="{INK}" stroke-width="4" stroke-linecap="round"/>')
    return "\n".join(out)


@functools.lru_cache(maxsize=2048)
def _cell_part(x: float, y: float, r: int, c: int) -> str:
    return _part(f"cell:{r + 1},{c + 1}", x, y, CELL, CELL, f"cell-{r + 1}_{c + 1}", rx=0)


STEP_W, STEP_H, STEP_GAP = 62, 44, 8


@functools.lru_cache(maxsize=64)
def _steps(y: float) -> tuple[str, ...]:
    """The die-change buttons under the grid, +1..+5 over -1..-5: pick a die, then how many
    pips (+ or -); each pip costs a coin. Drawn on the viewer's sheet at every turn; the page
    lights the ones the coins allow."""
    out = ['<g class="steps" id="rw-steps">']
    for step in STEP_BUTTONS:
        col = abs(step) - 1
        bx = PAD + col * (STEP_W + STEP_GAP)
        by = y + (0 if step > 0 else STEP_H + STEP_GAP)
        label = f"{step:+d}"
        out.append(f'<rect x="{bx:g}" y="{by:g}" width="{STEP_W}" height="{STEP_H}" rx="8" '
                   f'fill="{"#eef3fb" if step > 0 else "#fbf1ee"}" stroke="{MUTED}" '
                   'stroke-width="1"/>')
        out.append(_text(bx + STEP_W / 2, by + STEP_H / 2 + 6, label.replace("-", "−"), 17,
                         INK, "middle", "bold"))
        out.append(_part(f"step:{label}", bx, by, STEP_W, STEP_H,
                         f"step-{'up' if step > 0 else 'down'}{abs(step)}", rx=8))
    out.append("</g>")
    return tuple(out)


# ----- the score sheet ------------------------------------------------------------------------
NAME_W = 118  # the score sheet's column of building types
HEAD_R = 9  # a seat's token over its column: its number 12 units tall


def _column_head(view: View, player: int, virtual: bool, label: str, x: float, y: float,
                 width: float, ink: str, weight: str, bare: str = "") -> str:
    """A player's column head centred at `x` (baseline `y`): a seat's token (its colour and
    number, as on its sheet and in the page's players list) before its name; a virtual
    player, who is no seat, by name alone: "Virtual Dirk" where it fits, else "Dirk" (its
    grey says virtual), never "Virtual D…" twice. A head may use the column's margins but 1
    unit each side: five columns still tell "Dirkon" from "Dirke…", and "Ana" is not "A…"."""
    room = width + 2
    if virtual:
        if bare and text_width(label, 12) > room:
            label = bare
        return _text(x, y, clip(label, 12, room), 12, ink, "middle", weight)
    name = clip(label, 12, room - 2 * HEAD_R - 4)
    half = (2 * HEAD_R + 4 + text_width(name, 12)) / 2  # token, gap and name, centred
    shown = player + 1 if seat_name(view, player) is not None else player
    return (seat_token(x - half + HEAD_R, y - 4, HEAD_R,
                       SEAT_PALETTE[player % len(SEAT_PALETTE)], player, shown)
            + _text(x - half + 2 * HEAD_R + 4, y, name, 12, ink, "start", weight))


def _status(view: View, lang: str) -> str:
    over = view.get("phase") == "over"
    return _status_words(int(view.get("round", 0)), int(view.get("rounds", 0)),
                         str(view.get("phase", "turn")),
                         "" if over else _name(view, int(view.get("current", 0)), lang), lang)


@recent(maxsize=1024)
def _status_words(round_: int, rounds: int, phase: str, who: str, lang: str) -> str:
    """The round and whose turn it is, in one line."""
    status = f"{who}: {t(f'phase.{phase}', lang)}" if who else t(f"phase.{phase}", lang)
    head = t("round", lang, round=round_, rounds=rounds)
    return f"{head[0].upper()}{head[1:]} · {status}"


def _score_sheet(view: View, lang: str) -> tuple[str, float]:
    shown = {k: view.get(k) for k in ("types", "sheet", "places", "awards", "virtual_log",
                                      NAMES_KEY)}  # not the viewer: one drawing for all
    return _score_sheet_drawn(shown, lang)


@by_data(maxsize=1024)
def _score_sheet_drawn(view: View, lang: str) -> tuple[str, float]:
    """The shared score sheet from exactly what it shows (a die change leaves it alone): a
    row per building type, a column per player (virtual players in grey)."""
    types = list(view.get("types") or [])
    entries = list(view.get("sheet") or [])
    out = ['<g id="rw-score-sheet">',
           _text(PAD + 4, 24, t("sheet.title", lang), 16, weight="bold")]
    col_w = (WIDTH - PAD - NAME_W) / max(1, len(entries))
    y: float = 46
    out.append(_text(PAD + 4, y, clip(t("sheet.places_left", lang), 12, NAME_W - 14), 12,
                     MUTED))
    for k, entry in enumerate(entries):
        x = NAME_W + k * col_w + col_w / 2
        virtual = bool(entry.get("virtual"))
        player = int(entry.get("player", 0))
        name = _name(view, player, lang, you=False)
        out.append(_column_head(view, player, virtual, name, x, y, col_w - 4,
                                MUTED if virtual else INK, "normal" if virtual else "bold",
                                str(entry.get("name", "?"))))
    y += 8
    places = view.get("places") or {}
    for ty in types:
        kind = ty["id"]
        boxes = int(ty.get("boxes", 0))
        out.append(f'<rect x="{PAD:g}" y="{y:g}" width="{WIDTH - 2 * PAD}" height="44" '
                   f'fill="#ffffff" stroke="#dddddd"/>')
        out.append(f'<rect x="{PAD + 4:g}" y="{y + 6:g}" width="32" height="32" rx="4" '
                   f'fill="{TYPE_FILL.get(kind, "#bbbbbb")}"/>')
        out.append(_text(PAD + 20, y + 27, _abbrev(kind, lang)[:3], 12,
                         TYPE_INK.get(kind, "#ffffff"), "middle", "bold"))
        out.append(_text(PAD + 42, y + 19, clip(type_name(kind, lang), 12, NAME_W - 52), 12,
                         weight="bold"))
        remaining = (places.get(kind) or {}).get("remaining", [])
        out.append(_text(PAD + 42, y + 36, "/".join(map(str, remaining)) or "—", 12, MUTED))
        for k, entry in enumerate(entries):
            x = NAME_W + k * col_w + col_w / 2
            n = int((entry.get("counts") or {}).get(kind, 0))
            awarded = (entry.get("awarded") or {}).get(kind)
            ink = MUTED if entry.get("virtual") else INK
            out.append(_text(x, y + 20, f"{n}/{boxes}", 13, ink, "middle",
                             "bold" if n >= boxes else "normal"))
            bar = min(col_w - 12, 44)
            out.append(f'<rect x="{x - bar / 2:.1f}" y="{y + 27:g}" width="{bar:.1f}" '
                       f'height="5" fill="#eeeeee"/>')
            if n:
                out.append(f'<rect x="{x - bar / 2:.1f}" y="{y + 27:g}" '
                           f'width="{bar * min(1, n / max(1, boxes)):.1f}" height="5" '
                           f'fill="{TYPE_FILL.get(kind, "#bbbbbb")}"/>')
            if awarded is not None:
                out.append(_text(x, y + 42, f"★{awarded}", 12, ink, "middle", "bold"))
        y += 44
    y += 10
    for a in view.get("awards") or []:
        players = [_name(view, p, lang, you=False) for p in a.get("players", [])]
        key = "award.one" if len(players) == 1 else "award.shared"
        more, y = _lines(PAD + 4, y + 16, t(key, lang, round=a.get("round", 0),
                                            type_gen=type_gen(str(a.get("type")), lang),
                                            who=join_names(players, lang),
                                            places="+".join(ordinal(p, lang)
                                                            for p in a.get("places", [])),
                                            share=a.get("share", 0)),
                         12, WIDTH - 24, 16, MUTED)
        out += more
        y -= 16
    for e in view.get("virtual_log") or []:  # the virtual players' last rolls
        rolls = e.get("rolls") or [[0, 0]]
        rerolled = ", ".join(f"{b},{yy}" for b, yy in rolls[:-1])
        b, yy = rolls[-1]
        key = "virtual.rerolled" if rerolled else "virtual.built"
        more, y = _lines(PAD + 4, y + 16, t(key, lang, who=_name(view, int(e.get("player", 0)),
                                                                   lang, you=False),
                                            b=b, y=yy, type=type_name(str(e.get("type")), lang),
                                            rerolled=rerolled, round=e.get("round", 0)),
                         12, WIDTH - 24, 16, MUTED)
        out += more
        y -= 16
    out.append("</g>")
    return "".join(out), y + 14


# ----- the end ---------------------------------------------------------------------------------
def _outcome(view: View, outcome: Mapping[str, Any], lang: str) -> tuple[str, float]:
    """The final scoring: a row per category, a column per player (virtual players too when
    they play for the win)."""
    out = ['<g id="rw-outcome">', _text(PAD + 4, 24, t("outcome.title", lang), 16,
                                        weight="bold")]
    breakdown = list(outcome.get("breakdown", []))
    cats = list(breakdown[0]) if breakdown else []
    details = outcome.get("details") or {}
    vs = details.get("vs_virtual")
    winners = set(vs.get("winners", []) if vs else outcome.get("winners", []))
    y: float = 24
    if vs:
        share = (vs.get("human_win_share") or [0])[0]
        key = "vs.won" if share == 1 else "vs.shared" if share > 0 else "vs.lost"
        more, y = _lines(PAD + 4, 46, t(key, lang), 13, WIDTH - 24, 18, INK, "bold")
        out += more
        y -= 18
    columns: list[tuple[int, dict[str, Any], Any, bool]] = []
    for i, score in enumerate(outcome.get("scores", [])):
        columns.append((i, dict(breakdown[i]) if i < len(breakdown) else {}, score, False))
    if vs:
        for v in details.get("virtual") or []:
            row = dict(v.get("by_type") or {})
            row["bonus"] = v.get("bonus", 0)
            columns.append((int(v.get("player", 0)), row, v.get("score", 0), True))
        cats.append("bonus")
    col_w = (WIDTH - PAD - NAME_W) / max(1, len(columns))
    n = len(columns)
    y += 24
    sheet = view.get("sheet") or []
    for k, (p, _, _, virtual) in enumerate(columns):
        star = "★ " if p in winners and (n > 1 or vs) else ""
        bare = str(sheet[p].get("name", "?")) if virtual and 0 <= p < len(sheet) else ""
        out.append(_column_head(view, p, virtual, star + _name(view, p, lang, you=False),
                                NAME_W + k * col_w + col_w / 2, y, col_w - 4,
                                MUTED if virtual else INK, "bold", star + bare if bare else ""))
    for cat in [*cats, "total"]:
        y += 22
        if cat == "total":
            label = t("outcome.score", lang)
        elif cat in ("lines", "coins", "bonus"):
            label = t(f"cat.{cat}", lang)
        else:
            label = type_name(cat, lang)
        total = cat == "total"
        out.append(_text(PAD + 4, y, clip(label, 12, NAME_W - 12), 13 if total else 12,
                         weight="bold" if total else "normal"))
        for k, (_, row, score, virtual) in enumerate(columns):
            value = score if total else row.get(cat, "")
            out.append(_text(NAME_W + k * col_w + col_w / 2, y, "" if value is None else value,
                             14 if total else 13, MUTED if virtual else INK, "middle",
                             "bold" if total else "normal"))
    out.append("</g>")
    return "".join(out), y + 14


# ----- the table -------------------------------------------------------------------------------
def _summary(seat: Mapping[str, Any], lang: str) -> str:
    """Another seat's compact row: buildings, coins to spend, points from rows and columns."""
    built = sum(sum(1 for c in row if c) for row in seat.get("built") or [])
    coins = int((seat.get("coins") or {}).get("balance", 0))
    return _summary_words(built, coins, int(seat.get("line_points", 0)), lang)


@recent(maxsize=1024)
def _summary_words(built: int, coins: int, points: int, lang: str) -> str:
    return " · ".join([plural("summary.buildings", built, lang),
                       plural("web.coins", coins, lang),
                       t("summary.lines", lang, points=points)])


def areas(view: dict[str, Any], lang: str | None = None,
          names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The table as areas for the page (the areas contract): the final scoring first at the
    end; the viewer's own sheet (every move is made on it) with the round and whose turn
    above it; the score sheet with the virtual players; the other sheets in seat order after
    the viewer. A spectator gets the score sheet first (with the round), then every sheet."""
    lang = lang_of(lang)
    view = with_names(view, names)
    out = []
    outcome = view.get("outcome")
    if outcome:
        body, h = _outcome(view, outcome, lang)
        out.append(area("outcome", "info", t("outcome.title", lang), WIDTH, h, body,
                        background=PAPER, font=FONT))
    seats = list(view.get("seats") or [])
    me: int = -1 if view.get("seat") is None else int(view["seat"])
    mine = 0 <= me < len(seats)
    lines, top = _lines(PAD + 4, 22, _status(view, lang), 13, WIDTH - 24, 18, INK, "bold")
    status = '<g id="rw-status">' + "".join(lines) + "</g>"
    top -= 10
    sheet, h = _score_sheet(view, lang)
    if mine:
        scores = area("scores", "shared", t("sheet.title", lang), WIDTH, h, sheet,
                      background=PAPER, font=FONT)
        order = [(me + k) % len(seats) for k in range(len(seats))]
    else:
        scores = area("scores", "shared", t("sheet.title", lang), WIDTH, h + top,
                      f'{status}<g transform="translate(0 {top:g})">{sheet}</g>',
                      background=PAPER, font=FONT)
        out.append(scores)
        order = list(range(len(seats)))
    for k, s in enumerate(order):
        first = k == 0 and mine
        drawn, h = _sheet(view, seats[s], top if first else 0, lang)
        out.append(area(f"sheet-{s}", "seat", _name(view, s, lang, you=False), WIDTH,
                        (top if first else 0) + h, (status if first else "") + drawn, seat=s,
                        summary=_summary(seats[s], lang), background=PAPER, font=FONT))
        if first:
            out.append(scores)
    return out


def svg(view: dict[str, Any], lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The table as `view` sees it, as one SVG document: the areas joined (one source of
    drawing for the page and the CLI), with the note on reconstructed data under them. A
    seated view draws the seat's clickable parts (`data-part`, see `web.py`); groups carry
    ids (`rw-...`) so a browser can morph one drawing into the next."""
    lang = lang_of(lang)
    foot = t("reconstruction", lang) if view.get("data_status") else None
    return join_areas(areas(view, lang, names), background=PAPER, foot=foot) + "\n"


forgettable(_cell.cache_clear, _cell_part.cache_clear, _steps.cache_clear, _abbrev.cache_clear,
            _dice_drawn.cache_clear, _track.cache_clear)
