"""Ubongo as a standalone SVG, drawn from a view only (pure: no I/O, no engine state).

The picture: the gem board (the red start fields with the figures, then each row's 12 holes,
the front next to the field), the cards on the table (the viewing seat's first, large, with
its pieces laid when it has submitted or once the race is resolved), the rows of pieces
beside the six die symbols with the rolled one marked, the gems each seat holds, the last
round's results and, at the end, the winner with the tie-break explained. The same view
always gives byte-identical output. Words follow `lang` (default: the current language).

For the browser (herna.games.ubongo.web): main groups and parts carry stable `id`s; when the
viewing seat places its figure or moves it, each red field it may choose is covered by a
transparent `class="part"` rect named `data-part="field:N"`. The seat's own card has its light
area in `<g id="ubongo-card">` with `data-cell` (cell size), `data-x`/`data-y` (top-left corner
of cell 0,0) and `data-rows`/`data-cols`, in SVG units, so a client maps a dropped piece to the
row,col the `solve` notation uses; its pieces beside it are `<g id="ubongo-tray-A"
data-piece="A">`. Solutions are never parts: the puzzle is the person's to solve.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, cast
from xml.sax.saxutils import escape, quoteattr

from ...drawing import by_data, seat_name, with_names
from .data import COLOUR_CSS, DEFAULT_TIMER
from .i18n import colour_name, hourglass, lang_of, ordinal, symbol_name, t
from .pieces import PIECES, orientations
from .scoring import decision

View = Mapping[str, Any]

BACKGROUND = "#f7f1e3"
INK = "#2b2118"
MUTED = "#7d6f5c"
FIELD_RED = "#b3261e"
HOLE = "#d9cdb4"
BOARD = "#8a6a45"
CARD_FILL = "#3b2f2a"
LIGHT = "#fff8e7"
PANEL = "#ffffff"
PANEL_STROKE = "#cbbfa6"
HIGHLIGHT = "#f2c511"
SEAT_COLOURS = ("#e63946", "#1d3557", "#2a9d8f", "#f4a261")
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
PAD, GAP = 14, 18
HOLE_R, HOLE_STEP = 10, 26
FIELD_W = 92
CELL = 40  # the viewing seat's card: big enough to drop pieces on with a finger
SMALL_CELL = 16
TRAY_CELL = 24  # the pieces beside it, picked up to be dragged


_NUMBERS = (int, float)


def _num(v: float) -> str:
    if type(v) is int:  # the common case: no rounding to do
        return str(v)
    r = round(float(v), 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


@functools.lru_cache(maxsize=4096)
def _attr(key: str, text: str) -> str:
    """One attribute, written once per distinct (name, value): a drawing repeats them."""
    return f" {key.rstrip('_').replace('_', '-')}={quoteattr(text)}"


def _el(name: str, **attrs: object) -> str:
    # numbers through _num (bools are not numbers here), the rest as text
    drawn = "".join([_attr(k, _num(cast(float, v)) if type(v) in _NUMBERS else str(v))
                     for k, v in attrs.items() if v is not None])
    return f"<{name}{drawn}/>"


def _text(x: float, y: float, s: object, size: float = 12, fill: str = INK,
          anchor: str = "start", weight: str | None = None) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}" '
            f'text-anchor="{anchor}"{w}>{escape(str(s))}</text>')


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def field_picks(view: View) -> set[int]:
    """The red fields (1-6) the viewing seat may click now: any, to place its figure at the
    start, or to move it after the race (the page lights those within reach; a click on
    another one is told why not)."""
    me = view.get("seat")
    if me is None or me not in view.get("to_act", []):
        return set()
    if view.get("phase") == "start":
        return set(range(1, len(view.get("board", [])) + 1))
    mover = view.get("mover")
    if view.get("phase") == "gems" and mover and mover["seat"] == me:
        return set(range(1, len(view.get("board", [])) + 1))
    return set()


def board(view: View, x: float, y: float, lang: str) -> tuple[list[str], float, float]:
    """The gem board: one line per row, the red field and figures at the left."""
    figures: dict[int, list[int]] = {}
    for s in view.get("seats", []):
        if s.get("figure") is not None:
            figures.setdefault(int(s["figure"]), []).append(int(s["seat"]))
    return _board_drawn(view.get("board", []), sorted(figures.items()),
                        sorted(field_picks(view)), x, y, lang)


@by_data(maxsize=512)
def _board_drawn(rows: Sequence[Sequence[str | None]], figure_rows: Sequence[Any],
                 pick_list: Sequence[int], x: float, y: float,
                 lang: str) -> tuple[list[str], float, float]:
    """The board from exactly what it shows (drawn once per change, not per push)."""
    parts = ['<g id="ubongo-board">', _text(x, y + 14, t("board.title", lang), 13, weight="bold")]
    y0 = y + 24
    width = FIELD_W + 12 * HOLE_STEP + 16
    height = len(rows) * (2 * HOLE_R + 10) + 10
    parts.append(_el("rect", x=x, y=y0, width=width, height=height, rx=8, fill=BOARD))
    figures = {int(r): seats for r, seats in figure_rows}
    picks = set(pick_list)
    for r, row in enumerate(rows):
        cy = y0 + 10 + HOLE_R + r * (2 * HOLE_R + 10)
        parts.append(_el("rect", id=f"ubongo-field-{r + 1}", x=x + 6, y=cy - HOLE_R,
                         width=FIELD_W - 12, height=2 * HOLE_R, rx=4, fill=FIELD_RED))
        parts.append(_text(x + 12, cy + 4, r + 1, 11, fill="#ffffff", weight="bold"))
        for k, seat in enumerate(figures.get(r + 1, [])):
            fx = x + 34 + k * 14
            parts.append(_el("circle", cx=fx, cy=cy, r=6, fill=_seat_colour(seat),
                             stroke="#ffffff", stroke_width=1.5))
            parts.append(_text(fx, cy + 3.5, seat, 8, fill="#ffffff", anchor="middle"))
        for h, gem in enumerate(row):
            cx = x + FIELD_W + HOLE_R + h * HOLE_STEP
            if gem is None:
                parts.append(_el("circle", cx=cx, cy=cy, r=HOLE_R - 3, fill=HOLE, opacity=0.5))
            else:
                parts.append(_el("circle", cx=cx, cy=cy, r=HOLE_R, fill=COLOUR_CSS[gem],
                                 stroke="#00000055", stroke_width=1))
        if r + 1 in picks:  # on top of the figures, so a click anywhere on the field lands
            parts.append(_el("rect", id=f"ubongo-pick-field-{r + 1}", class_="part",
                             data_part=f"field:{r + 1}", x=x + 4, y=cy - HOLE_R - 2,
                             width=FIELD_W - 8, height=2 * HOLE_R + 4, rx=5,
                             fill="transparent"))
    parts.append("</g>")
    return parts, max(width, len(t("board.title", lang)) * 7.6), height + 24


def _placed_cells(placements: Sequence[Sequence[Any]]) -> dict[tuple[int, int], str]:
    owner: dict[tuple[int, int], str] = {}
    for letter, ori, r0, c0 in placements:
        shapes = orientations(str(letter))
        if not 0 <= int(ori) < len(shapes):
            continue
        for dr, dc in shapes[int(ori)]:
            owner[(int(r0) + dr, int(c0) + dc)] = str(letter)
    return owner


def card(view: View, seat: Mapping[str, Any], x: float, y: float, cell: float,
         placements: Sequence[Sequence[Any]] | None, lang: str) -> tuple[list[str], float, float]:
    """One card: the light area on the dark card, pieces laid if known, and the six rows of
    pieces beside the symbols (the rolled one marked)."""
    own = seat["seat"] == view.get("seat")
    shown = {"seat": seat["seat"], "card": seat["card"], "pieces": seat.get("pieces", []),
             "name": seat_name(view, seat["seat"])}
    return _card_drawn(shown, own, view.get("symbol"),
                       view.get("pieces") if cell >= CELL else None, x, y, cell,
                       placements, lang)


@by_data(maxsize=1024)
def _card_drawn(seat: Mapping[str, Any], own: bool, rolled: str | None,
                pieces: Mapping[str, Any] | None, x: float, y: float, cell: float,
                placements: Sequence[Sequence[Any]] | None,
                lang: str) -> tuple[list[str], float, float]:
    """A card from exactly what it shows (drawn once per change, not per push)."""
    c = seat["card"]
    o = c["outline"]
    owner = _placed_cells(placements or [])
    listed = " ".join(seat.get("pieces", []))
    title = t("card.named", lang, who=seat["name"], number=c["number"], pieces=listed) \
        if seat.get("name") else t("card.other", lang, seat=seat["seat"], number=c["number"],
                                   pieces=listed)
    w = max(o["cols"] * cell + 2 * 10, 190, len(title) * 7.2)
    grid_h = o["rows"] * cell + 2 * 10
    parts = [f'<g id="ubongo-seatcard-{seat["seat"]}">',
             _text(x, y + 13, title, 12, weight="bold")]
    top = y + (34 if cell >= CELL else 20)
    parts.append(_el("rect", x=x, y=top, width=w, height=grid_h, rx=6, fill=CARD_FILL))
    if own:  # the light area the client drops pieces on: its grid in SVG units
        parts.append(f'<g id="ubongo-card" data-cell="{_num(cell)}" data-x="{_num(x + 10)}" '
                     f'data-y="{_num(top + 10)}" data-rows="{o["rows"]}" '
                     f'data-cols="{o["cols"]}">')
    for r, cc in o["cells"]:
        letter = owner.get((r, cc))
        fill = PIECES[letter].colour if letter else LIGHT
        cx, cy = x + 10 + cc * cell, top + 10 + r * cell
        parts.append(_el("rect", x=cx, y=cy, width=cell, height=cell, fill=fill,
                         stroke="#00000033", stroke_width=1))
        if letter:
            parts.append(_text(cx + cell / 2, cy + cell / 2 + 4, letter, cell * 0.45,
                               fill="#ffffff", anchor="middle", weight="bold"))
    if own:
        parts.append("</g>")
    if cell >= CELL:  # the big card: row and column numbers to type placements
        for r in range(o["rows"]):
            parts.append(_text(x - 4, top + 10 + r * cell + cell / 2 + 4, r, 10, MUTED, "end"))
        for cc in range(o["cols"]):
            parts.append(_text(x + 10 + cc * cell + cell / 2, top - 2, cc, 10, MUTED, "middle"))
    yy = top + grid_h + 14
    for row in c["rows"]:
        mark = row["symbol"] == rolled
        if mark:
            parts.append(_el("rect", x=x - 2, y=yy - 11, width=w + 4, height=15, fill=HIGHLIGHT,
                             rx=3))
        parts.append(_text(x + 2, yy, symbol_name(row["symbol"], lang), 11,
                           weight="bold" if mark else None))
        parts.append(_text(x + w - 2, yy, " ".join(row["pieces"]), 11, anchor="end",
                           weight="bold" if mark else None))
        yy += 16
    if cell >= CELL and pieces:  # the viewing seat's pieces, as drawn (index 0)
        px, top_p, tallest = x, yy, 0.0
        for letter, p in sorted(pieces.items()):
            shape = p["orientations"][0]
            unit = TRAY_CELL
            parts.append(f'<g id="ubongo-tray-{letter}" data-piece="{letter}">')
            for r, cc in shape:
                parts.append(_el("rect", x=px + cc * unit, y=top_p + r * unit, width=unit,
                                 height=unit, fill=p["colour"], stroke="#ffffff",
                                 stroke_width=1))
            cols = max(cc for _, cc in shape) + 1
            rows = max(r for r, _ in shape) + 1
            parts.append(_text(px + cols * unit / 2, top_p + rows * unit + 12, f"{letter}0", 10,
                               anchor="middle", weight="bold"))
            parts.append("</g>")
            px += cols * unit + 14
            tallest = max(tallest, rows * unit + 16)
        yy += tallest + 4
    parts.append("</g>")
    return parts, max(w, px - x if cell >= CELL and pieces else w), yy - y


def gems_table(view: View, x: float, y: float, lang: str) -> tuple[list[str], float, float]:
    keys = ("seat", "gems", "total", "sorted", "submission", "done")
    seats = [{**{k: s.get(k) for k in keys}, "name": seat_name(view, s["seat"])}
             for s in view.get("seats", [])]
    return _gems_drawn(seats, view.get("colours", []), view.get("phase") == "race",
                       view.get("seat"), x, y, lang)


@by_data(maxsize=1024)
def _gems_drawn(seats: Sequence[Mapping[str, Any]], colours: Sequence[str], race: bool,
                me: int | None, x: float, y: float,
                lang: str) -> tuple[list[str], float, float]:
    """The gems table from exactly what it shows (it changes after a race, not per push)."""
    parts = ['<g id="ubongo-gems">', _text(x, y + 14, t("gems.title", lang), 13, weight="bold")]
    yy = y + 36
    col = 62
    for i, colour in enumerate(colours):
        parts.append(_text(x + 120 + i * col, yy - 10, colour_name(colour, lang), 10, MUTED,
                           "middle"))
    for s in seats:
        name = (s.get("name") or t("seat", lang, seat=s["seat"])) \
            + (t("you", lang) if s["seat"] == me else "")
        parts.append(_el("circle", cx=x + 6, cy=yy + 6, r=6, fill=_seat_colour(s["seat"])))
        parts.append(_text(x + 18, yy + 10, name, 12))
        for i, colour in enumerate(colours):
            cx = x + 120 + i * col
            parts.append(_el("circle", cx=cx - 12, cy=yy + 6, r=7, fill=COLOUR_CSS[colour]))
            parts.append(_text(cx + 4, yy + 10, s["gems"][colour], 12, weight="bold"))
        tail = f"{t('col.total', lang)} {s['total']} · " + ",".join(str(v) for v in s["sorted"])
        if race:
            sub = s.get("submission")
            if sub is not None:
                tail += " · " + (t("race.passed", lang) if sub["pass"]
                                 else t("race.time", lang, time=sub["time"]))
            else:
                tail += " · " + t("race.done" if s.get("done") else "race.racing", lang)
        parts.append(_text(x + 120 + len(colours) * col, yy + 10, tail, 11, MUTED))
        yy += 24
    parts.append("</g>")
    return parts, 120 + len(colours) * col + 220, yy - y


def lines_block(lines: list[tuple[str, bool]], x: float, y: float) -> tuple[list[str], float]:
    parts = ['<g id="ubongo-lines">']
    yy = y
    for text, bold in lines:
        yy += 16
        parts.append(_text(x, yy, text, 12, weight="bold" if bold else None))
    parts.append("</g>")
    return parts, yy - y + 6


def last_lines(view: View, lang: str) -> list[tuple[str, bool]]:
    r = view.get("last_round")
    if not r or "finishers" not in r:
        return []
    out = [(t("last.title", lang, round=r["round"], symbol=symbol_name(r["symbol"], lang)), True)]
    if r["hourglass_turns"] == 2:
        out.append((t("last.hourglass2", lang), False))
    if r["discarded"]:
        out.append((t("last.discarded", lang), False))
    for i, seat in enumerate(r["finishers"]):
        out.append((t("last.finish_by", lang, place=i + 1, who=_who(view, seat, lang),
                      time=r["times"][seat]), False))
    for m in r["moves"]:
        gems = " ".join(colour_name(g, lang) for g in m["gems"]) or t("last.nothing", lang)
        out.append((t("last.move_by", lang, who=_who(view, m["seat"], lang), src=m["from"],
                      dst=m["to"],
                      gems=gems), False))
    return out


def _who(view: View, seat: int, lang: str) -> str:
    return seat_name(view, seat) or t("seat", lang, seat=seat)


def outcome_lines(view: View, lang: str) -> list[tuple[str, bool]]:
    if not view.get("outcome"):
        return []
    colours = view.get("colours", [])
    table = [[s["gems"][c] for c in colours] for s in view.get("seats", [])]
    win, place, runner = decision(table)
    names = ", ".join(_who(view, w, lang) for w in win)
    out = [(t("end.winner" if len(win) == 1 else "end.shared", lang, names=names), True)]
    if place is not None and runner is not None:
        a = sorted(table[win[0]], reverse=True)
        b = sorted(table[runner], reverse=True)
        if place == 0:
            out.append((t("end.first", lang, winner=names, count=a[0]), False))
        else:
            out.append((t("end.place", lang, winner=names, runner=_who(view, runner, lang),
                          place=ordinal(place + 1, lang), a=a[place], b=b[place]), False))
    return out


def _status(view: View, lang: str) -> str:
    return t("header", lang, round=view.get("round") or "-", rounds=view.get("rounds", 0),
             start=view.get("start_player", 0), side=t(f"side.{view.get('side', 'easy')}", lang),
             hourglass=hourglass(int(view.get("timer", DEFAULT_TIMER)), lang),
             deck=view.get("deck", 0))


def _placements_for(view: View, seat: Mapping[str, Any]) -> list[list[Any]] | None:
    sub = seat.get("submission")
    if sub and not sub["pass"]:
        return list(sub["placements"])
    last = view.get("last_round")
    if view.get("phase") == "gems" and last and last.get("solutions"):
        sol = last["solutions"][seat["seat"]]
        return list(sol) if sol else None
    return None


def svg(view: dict[str, Any], lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The table as `view` sees it: a standalone SVG document. `names`: what to call the
    seats (the players' names; "Seat N" without them)."""
    lang = lang_of(lang)
    view = with_names(view, names)
    body: list[str] = []
    y = 40.0 + PAD
    parts, bw, bh = board(view, PAD, y, lang)
    body += parts
    width = PAD + bw + PAD
    # the cards: the viewing seat's first and large, then the others small
    seats = list(view.get("seats", []))
    me = view.get("seat")
    order = sorted(seats, key=lambda s: (s["seat"] != me, s["seat"]))
    cx = PAD + bw + GAP * 2
    card_h = 0.0
    for s in order:
        if s.get("card") is None:
            continue
        big = s["seat"] == me
        parts, cw, ch = card(view, s, cx, y, CELL if big else SMALL_CELL,
                             _placements_for(view, s), lang)
        body += parts
        cx += cw + GAP
        card_h = max(card_h, ch)
    width = max(width, cx + PAD)
    y += max(bh, card_h) + GAP
    parts, tw, th = gems_table(view, PAD, y, lang)
    body += parts
    width = max(width, PAD + tw)
    y += th + GAP
    lines = outcome_lines(view, lang) + last_lines(view, lang)
    if lines:
        parts, lh = lines_block(lines, PAD, y)
        body += parts
        y += lh + GAP
    body.append(_text(PAD, y + 4, t("note", lang), 10, MUTED))
    height = y + 14 + PAD
    title = t("title", lang) + (f" · {t('seat', lang, seat=me)}" if me is not None else "")
    status = _status(view, lang)
    phase = view.get("phase", "")
    if phase == "race" and view.get("symbol"):
        status = f"{status} · {symbol_name(view['symbol'], lang)}"
    w, h = _num(width), _num(height)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{escape(FONT)}">',
        f"<title>{escape(title)}</title>",
        _el("rect", x=0, y=0, width=width, height=height, fill=BACKGROUND),
        _el("rect", x=0, y=0, width=width, height=40, fill="#5b3a1e"),
        _text(PAD, 26, title, 16, fill="#fff6e0", weight="bold"),
        _text(width - PAD, 26, status, 12, fill="#fff6e0", anchor="end"),
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"
