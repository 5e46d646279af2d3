"""Alhambra Roll & Write as a standalone SVG, drawn from a view only (pure: no I/O).

Every sheet (grid with built cells crossed, the dice on their row and column spaces, the coin
track, line counts), the shared score sheet (crosses per type, places awarded, places left),
the round counter and, at the end, the final scoring. The same view always gives the same
bytes. Words follow the current language or `svg(view, lang=...)`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from ...drawing import NAMES_KEY, by_data, seat_name, with_names
from .i18n import join_names, lang_of, ordinal, t, type_abbrev, type_name

View = Mapping[str, Any]

TYPE_FILL = {
    "pavilion": "#4f86c6", "seraglio": "#c8453c", "arcades": "#9a6a3c",
    "chambers": "#f4ecd8", "garden": "#5a9e4b", "tower": "#8a5aa8",
}
TYPE_INK = {"chambers": "#3a2e1f"}
BLUE_DIE = "#2f67c4"
YELLOW_DIE = "#f2cf2f"
INK = "#222222"
MUTED = "#777777"
PAPER = "#fbf7ee"
CELL = 34
PAD = 16
FONT = "font-family=\"DejaVu Sans, Arial, sans-serif\""


def _text(x: float, y: float, s: object, size: int = 12, fill: str = INK,
          anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(str(s))}</text>')


@functools.lru_cache(maxsize=256)
def _abbrev(kind: str, lang: str) -> str:
    """A cell's type in two or three letters (36 per sheet: looked up once per language)."""
    return type_abbrev(kind, lang)


def _name(view: View, player: int, lang: str) -> str:
    sheet = view.get("sheet") or []
    entry = sheet[player] if 0 <= player < len(sheet) else {}
    if entry.get("virtual"):
        return t("virtual_name", lang, name=entry.get("name", "?"))
    you = t("you", lang) if view.get("seat") == player else ""
    return (seat_name(view, player) or t("seat", lang, seat=player)) + you


def _part(name: str, x: float, y: float, w: float, h: float, ident: str, rx: float = 2) -> str:
    """A clickable part (herna.testing.web): a transparent rect on top of what it stands for;
    the page styles `.part.live` and `.part.chosen`."""
    return (f'<rect class="part" data-part="{name}" id="rw-p-{ident}" x="{x:g}" y="{y:g}" '
            f'width="{w:g}" height="{h:g}" rx="{rx:g}" fill="#000" fill-opacity="0"/>')


STEP_BUTTONS = (5, 4, 3, 2, 1, -1, -2, -3, -4, -5)  # the die-change palette, top to bottom


def _die(x: float, y: float, fill: str, name: str | None, ident: str) -> str:
    """A die on its row or column space; on the viewer's own sheet a part (`blue:3`) lies
    on it, as on every clickable thing, so the page styles all parts alike."""
    die = (f'<rect x="{x:g}" y="{y:g}" width="14" height="14" rx="3" fill="{fill}" '
           f'stroke="{INK}" stroke-width="0.8"/>')
    return die + _part(name, x, y, 14, 14, ident, rx=3) if name else die


def _sheet(view: View, seat: Mapping[str, Any], x0: float, y0: float, lang: str) -> list[str]:
    """One player sheet; returns SVG parts. Size: SHEET_W x SHEET_H. On the viewer's own
    sheet the cells (`cell:B,Y`), the dice (`blue:3`, `yellow:5`) and a palette of die
    changes (`step:+2`, `step:-1`) are parts."""
    i = int(seat.get("seat", 0))
    return [_sheet_drawn(seat, view.get("seat") == i,
                         view.get("phase") != "over" and int(view.get("current", -1)) == i,
                         view.get("phase") == "over", _name(view, i, lang),
                         view.get("grid") or [], x0, y0, lang)]


@by_data(maxsize=1024)
def _sheet_drawn(seat: Mapping[str, Any], mine: bool, active: bool, over: bool, name: str,
                 grid: Sequence[Sequence[str]], x0: float, y0: float, lang: str) -> str:
    """A sheet from exactly what it shows: drawn once per change of these, not per push."""
    out: list[str] = []
    i = int(seat.get("seat", 0))
    out.append(f'<g class="sheet" id="rw-sheet-{i}">')
    out.append(f'<rect x="{x0:g}" y="{y0:g}" width="{SHEET_W}" height="{SHEET_H}" rx="8" '
               f'fill="#ffffff" stroke="{"#e0a800" if active else "#cccccc"}" '
               f'stroke-width="{3 if active else 1}"/>')
    out.append(_text(x0 + 10, y0 + 20, name, 14, weight="bold"))
    built: Sequence[Sequence[bool]] = seat.get("built") or []
    dice = seat.get("dice") or {}
    blue = list(dice.get("blue", []))
    yellow = list(dice.get("yellow", []))
    gx, gy = x0 + 52, y0 + 62
    for c in range(6):  # yellow die spaces above the columns
        cx = gx + c * CELL + CELL / 2
        out.append(_text(cx, gy - 26, c + 1, 11, MUTED, "middle"))
        for k in range(yellow.count(c + 1)):
            out.append(_die(cx - 7 + k * 5, gy - 20 - k * 3, YELLOW_DIE,
                            f"yellow:{c + 1}" if mine else None, f"yellow-{c + 1}-{k}"))
    cells: list[str] = []
    for r in range(6):
        cy = gy + r * CELL + CELL / 2
        out.append(_text(gx - 36, cy + 4, r + 1, 11, MUTED, "middle"))
        for k in range(blue.count(r + 1)):
            out.append(_die(gx - 24 + k * 5, cy - 7 - k * 3, BLUE_DIE,
                            f"blue:{r + 1}" if mine else None, f"blue-{r + 1}-{k}"))
        for c in range(6):
            kind = grid[r][c] if r < len(grid) and c < len(grid[r]) else "?"
            x, y = gx + c * CELL, gy + r * CELL
            hit = active and (r + 1) in blue and (c + 1) in yellow
            done = bool(r < len(built) and c < len(built[r]) and built[r][c])
            out.append(_cell(x, y, kind, hit, done, lang))
            if mine:  # on top of the whole grid, so the next cell's stroke cannot cover it
                cells.append(_cell_part(x, y, r, c))
    out += cells
    rows = list(seat.get("rows", []))
    cols = list(seat.get("cols", []))
    for r, n in enumerate(rows):
        out.append(_text(gx + 6 * CELL + 8, gy + r * CELL + CELL / 2 + 4, n, 11, MUTED))
    for c, n in enumerate(cols):
        out.append(_text(gx + c * CELL + CELL / 2, gy + 6 * CELL + 14, n, 11, MUTED, "middle"))
    if mine and not over:
        out += _steps(x0 + SHEET_W - 36, gy)
    coins = seat.get("coins") or {}
    circled, crossed = int(coins.get("circled", 0)), int(coins.get("crossed", 0))
    track = int(coins.get("track", 0))
    ty = gy + 6 * CELL + 34
    out.append(_text(x0 + 10, ty + 4, t("coins", lang), 11))
    for k in range(track):
        cx = x0 + 58 + (k % 10) * 17
        cy = ty + (k // 10) * 17
        fill = "#f2cf2f" if k < circled else "#ffffff"
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="6.5" fill="{fill}" stroke="{INK}" '
                   'stroke-width="0.8"/>')
        if k < crossed:
            out.append(f'<path d="M{cx - 5:g} {cy - 5:g}L{cx + 5:g} {cy + 5:g}M{cx + 5:g} '
                       f'{cy - 5:g}L{cx - 5:g} {cy + 5:g}" stroke="{INK}" stroke-width="1.5"/>')
    out.append(_text(x0 + 10, y0 + SHEET_H - 24,
                     t("coins.balance", lang, balance=coins.get("balance", 0),
                       circled=circled, crossed=crossed, track=track), 10, MUTED))
    out.append(_text(x0 + 10, y0 + SHEET_H - 10,
                     t("lines", lang, points=seat.get("line_points", 0)), 10, MUTED))
    out.append("</g>")
    return "\n".join(out)


@functools.lru_cache(maxsize=8192)
def _cell(x: float, y: float, kind: str, hit: bool, crossed: bool, lang: str) -> str:
    """One grid cell (its type, lit when the dice meet there, crossed once built): a sheet
    has 36, a move changes one or two, and a handful of sheet places exist."""
    out = [f'<rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" '
           f'fill="{TYPE_FILL.get(kind, "#bbbbbb")}" stroke="'
           f'{"#e0a800" if hit else "#ffffff"}" stroke-width="{3 if hit else 1}"/>',
           _text(x + CELL / 2, y + CELL / 2 + 4, _abbrev(kind, lang), 10,
                 TYPE_INK.get(kind, "#ffffff"), "middle")]
    if crossed:
        out.append(f'<path d="M{x + 5:g} {y + 5:g}L{x + CELL - 5:g} {y + CELL - 5:g}'
                   f'M{x + CELL - 5:g} {y + 5:g}L{x + 5:g} {y + CELL - 5:g}" '
                   f'stroke="{INK}" stroke-width="3"/>')
    return "\n".join(out)


@functools.lru_cache(maxsize=2048)
def _cell_part(x: float, y: float, r: int, c: int) -> str:
    return _part(f"cell:{r + 1},{c + 1}", x, y, CELL, CELL, f"cell-{r + 1}_{c + 1}", rx=0)


@functools.lru_cache(maxsize=64)
def _steps(x: float, y: float) -> tuple[str, ...]:
    """The die-change buttons beside the grid: pick a die, then how many pips (+ or -); each
    pip costs a coin. Drawn on the viewer's sheet at every turn; the page lights the ones
    the coins allow."""
    out = ['<g class="steps" id="rw-steps">']
    pitch = 6 * CELL / len(STEP_BUTTONS)
    for k, step in enumerate(STEP_BUTTONS):
        by = y + k * pitch
        label = f"{step:+d}"
        out.append(f'<rect x="{x:g}" y="{by + 1:g}" width="28" height="{pitch - 2:g}" rx="4" '
                   f'fill="{"#eef3fb" if step > 0 else "#fbf1ee"}" stroke="{MUTED}" '
                   'stroke-width="0.8"/>')
        out.append(_text(x + 14, by + pitch / 2 + 4, label, 11, INK, "middle", "bold"))
        out.append(_part(f"step:{label}", x, by + 1, 28, pitch - 2,
                         f"step-{'up' if step > 0 else 'down'}{abs(step)}", rx=4))
    out.append("</g>")
    return tuple(out)


SHEET_W = 320
SHEET_H = 62 + 6 * CELL + 34 + 17 + 44


def _score_sheet(view: View, x0: float, y0: float, width: float,
                 lang: str) -> tuple[list[str], float]:
    shown = {k: view.get(k) for k in ("types", "sheet", "places", "awards", "seat",
                                      NAMES_KEY)}
    return _score_sheet_drawn(shown, x0, y0, width, lang)


@by_data(maxsize=1024)
def _score_sheet_drawn(view: View, x0: float, y0: float, width: float,
                       lang: str) -> tuple[list[str], float]:
    """The shared score sheet from exactly what it shows (a die change leaves it alone)."""
    types = list(view.get("types") or [])
    entries = list(view.get("sheet") or [])
    out = [_text(x0, y0 + 14, t("sheet.title", lang), 14, weight="bold")]
    name_w = 130
    col_w = max(70.0, (width - name_w) / max(1, len(types)))
    y = y0 + 36
    for k, ty in enumerate(types):
        x = x0 + name_w + k * col_w
        out.append(_text(x, y, type_name(ty["id"], lang), 11, weight="bold"))
        out.append(_text(x, y + 13, "/".join(map(str, ty.get("vp", []))), 10, MUTED))
    y += 24
    for entry in entries:
        y += 20
        out.append(_text(x0, y, _name(view, int(entry.get("player", 0)), lang), 11))
        for k, ty in enumerate(types):
            x = x0 + name_w + k * col_w
            n = int((entry.get("counts") or {}).get(ty["id"], 0))
            for b in range(int(ty.get("boxes", 0))):
                bx = x + b * 8
                fill = TYPE_FILL.get(ty["id"], "#bbbbbb") if b < n else "#ffffff"
                out.append(f'<rect x="{bx:g}" y="{y - 9:g}" width="7" height="10" '
                           f'fill="{fill}" stroke="{MUTED}" stroke-width="0.6"/>')
            awarded = (entry.get("awarded") or {}).get(ty["id"])
            if awarded is not None:
                out.append(_text(x + int(ty.get("boxes", 0)) * 8 + 3, y, f"★{awarded}", 10,
                                 weight="bold"))
    y += 20
    out.append(_text(x0, y, t("sheet.places_left", lang), 10, MUTED))
    places = view.get("places") or {}
    for k, ty in enumerate(types):
        remaining = (places.get(ty["id"]) or {}).get("remaining", [])
        out.append(_text(x0 + name_w + k * col_w, y, "/".join(map(str, remaining)) or "—",
                         10, MUTED))
    for a in view.get("awards") or []:
        y += 16
        players = [_name(view, p, lang) for p in a.get("players", [])]
        key = "award.one" if len(players) == 1 else "award.shared"
        out.append(_text(x0, y, t(key, lang, round=a.get("round", 0),
                                  type=type_name(str(a.get("type")), lang),
                                  who=join_names(players, lang),
                                  places="+".join(ordinal(p, lang) for p in a.get("places", [])),
                                  share=a.get("share", 0)), 10, MUTED))
    return out, y - y0 + 10


def _outcome(view: View, outcome: Mapping[str, Any], x0: float, y0: float,
             lang: str) -> tuple[list[str], float]:
    out = [_text(x0, y0 + 14, t("outcome.title", lang), 14, weight="bold")]
    breakdown = list(outcome.get("breakdown", []))
    cats = list(breakdown[0]) if breakdown else []
    y = y0 + 36
    for k, cat in enumerate(cats):
        label = t(f"cat.{cat}", lang) if cat in ("lines", "coins") else type_name(cat, lang)
        out.append(_text(x0 + 130 + k * 95, y, label, 10, MUTED))
    out.append(_text(x0 + 130 + len(cats) * 95, y, t("outcome.score", lang), 10, MUTED))
    details = outcome.get("details") or {}
    vs = details.get("vs_virtual")
    winners = set(vs.get("winners", []) if vs else outcome.get("winners", []))
    n = len(outcome.get("scores", []))
    for i, score in enumerate(outcome.get("scores", [])):
        y += 18
        row = breakdown[i] if i < len(breakdown) else {}
        star = "★ " if i in winners and (n > 1 or vs) else ""
        out.append(_text(x0, y, star + _name(view, i, lang), 11))
        for k, cat in enumerate(cats):
            out.append(_text(x0 + 130 + k * 95, y, row.get(cat, ""), 11))
        out.append(_text(x0 + 130 + len(cats) * 95, y, score, 11, weight="bold"))
    if vs:
        for v in details.get("virtual") or []:
            y += 18
            p = int(v.get("player", 0))
            star = "★ " if p in winners else ""
            out.append(_text(x0, y, star + _name(view, p, lang), 11, MUTED))
            for k, cat in enumerate(cats):
                value = (v.get("by_type") or {}).get(cat)
                if value is None and cat == "lines":
                    value = f"+{v.get('bonus', 0)}"
                out.append(_text(x0 + 130 + k * 95, y, "" if value is None else value, 11,
                                 MUTED))
            out.append(_text(x0 + 130 + len(cats) * 95, y, v.get("score", 0), 11, MUTED))
    return out, y - y0 + 12


def svg(view: dict[str, Any], lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The table as `view` sees it, as one SVG document. A seated view draws the seat's
    clickable parts (`data-part`, see `web.py`); groups carry ids (`rw-...`) so a browser
    can morph one drawing into the next."""
    lang = lang_of(lang)
    view = with_names(view, names)
    seats = list(view.get("seats") or [])
    y: float
    per_row = min(3, max(1, len(seats)))
    width = PAD * 2 + per_row * SHEET_W + (per_row - 1) * PAD
    outcome = view.get("outcome")
    cats = len((outcome or {}).get("breakdown", [{}])[0]) if outcome else 0
    width = max(width, 760, 2 * PAD + 130 + (cats + 1) * 95)
    parts: list[str] = []
    y = PAD
    if view.get("phase") == "over":
        status = t("phase.over", lang)
    else:
        status = _name(view, int(view.get("current", 0)), lang) + " · " + t(
            f"phase.{view.get('phase', 'turn')}", lang)
    parts.append(_text(PAD, y + 16, t("title", lang), 18, weight="bold"))
    parts.append(_text(PAD + 260, y + 16, t("round", lang, round=view.get("round", 0),
                                            rounds=view.get("rounds", 0)) + " · " + status, 13))
    y += 34
    for k, seat in enumerate(seats):
        x = PAD + (k % per_row) * (SHEET_W + PAD)
        parts += _sheet(view, seat, x, y + (k // per_row) * (SHEET_H + PAD), lang)
    y += ((len(seats) + per_row - 1) // per_row) * (SHEET_H + PAD)
    sheet, h = _score_sheet(view, PAD, y, width - 2 * PAD, lang)
    parts += ['<g id="rw-score-sheet">', *sheet, "</g>"]
    y += h
    if outcome:
        more, h = _outcome(view, outcome, PAD, y, lang)
        parts += ['<g id="rw-outcome">', *more, "</g>"]
        y += h
    height = y + PAD
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" {FONT}>')
    return "\n".join([head, f'<rect width="100%" height="100%" fill="{PAPER}"/>', *parts,
                      "</svg>"]) + "\n"
