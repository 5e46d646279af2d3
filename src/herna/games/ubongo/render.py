"""Ubongo as SVG, drawn from a view only (pure: no I/O, no engine state).

The table comes as areas (`areas`), separate drawings a page stacks on a phone and sets side
by side on a desktop, each at most 360 units wide with text of 13 units or more:

    board    the gem board: the red start fields with the figures (each seat's number on its
             colour), then each row's 12 holes, the front next to the field; every gem is a
             shape as well as a colour (green triangle, red circle, blue square, violet
             hexagon, brown diamond, yellow star), so colour-blind players tell them apart
    gems     the gems each seat holds, by colour, with its race state
    round    the last round's finishers and the gems they took
    end      (at the end) the winner and the tie-break explained
    seat-N   seat N's card: its light area, the pieces laid when known; the viewing seat's
             card is large, with its pieces beside it in a tray while it races

In the order a player needs them (the areas contract, docs/API.md): the result first at the
end; my card first while I race; otherwise the board, the gems, the last round, then my card
and the other seats'. `svg` stacks the same areas in one column under a title band, with
the note that the cards are Herna's own (the page's guide says it): the whole table for the
CLI. The same view always gives byte-identical output. Words follow
`lang` (default: the current language).

For the browser (herna.games.ubongo.web): main groups and parts carry stable `id`s; when the
viewing seat places its figure or moves it, each row is covered by a transparent
`class="part"` rect named `data-part="field:N"` (the whole row: a finger's target; the page
lights those within reach, and the drawing rings the two gems each of those would take).
The seat's own card has its light area in `<g id="ubongo-card">` with `data-cell` (cell
size), `data-x`/`data-y` (top-left corner of cell 0,0) and
`data-rows`/`data-cols`, in SVG units of the card's area, so a client maps a dropped piece to
the row,col the `solve` notation uses; its pieces in the tray are `<g id="ubongo-tray-A"
data-piece="A">` with the square slot the piece turns in (`data-x`, `data-y`, `data-cell`,
`data-size` cells a side) and one rect per cell (`data-r`, `data-c`: the cell in the
orientation drawn, `data-o`). Solutions are never parts: the puzzle is the person's to solve.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, cast
from xml.sax.saxutils import escape, quoteattr

from herna.core.memo import forgettable

from ...drawing import NAMES_KEY, by_data, recent, seat_name, with_names
from .data import COLOUR_CSS, DEFAULT_TIMER
from .i18n import colour_name, hourglass, lang_of, ordinal, plural, symbol_name, t
from .pieces import PIECES, orientations
from .scoring import decision
from .symbols import die_face

View = Mapping[str, Any]

BACKGROUND = "#f7f1e3"
INK = "#2b2118"
MUTED = "#6b5d4b"
FIELD_RED = "#b3261e"
HOLE = "#d9cdb4"
BOARD = "#8a6a45"
CARD_FILL = "#3b2f2a"
LIGHT = "#fff8e7"
PANEL = "#ffffff"
PANEL_STROKE = "#cbbfa6"
HIGHLIGHT = "#f2c511"
EDGE = "#1b140f"  # a piece's outline: where one piece ends and the next begins
SEAT_COLOURS = ("#e63946", "#1d3557", "#2a9d8f", "#f4a261")
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
WIDTH = 360  # every area: 12-unit text stays >= 12 CSS px on a 390 px phone and on a desktop
PAD, GAP = 8, 14
TEXT, SMALL, HEAD = 13, 12, 15  # font sizes: never under 12 units
ROW_H = 48  # a gem row: its whole row is the field's part (>= 44 units a side)
FIELD_W, HOLE_STEP, GEM_R = 72, 22, 10
CELL = 40  # the viewing seat's card: big enough to drop pieces on with a finger
SMALL_CELL = 22  # the others' cards (a letter of 12 units in each laid cell)
TRAY_MAX, TRAY_MIN = 26, 20  # the tray's cells: as large as fits one row of slots
SLOT_MIN = 48  # a tray slot, the piece's grab area, is never smaller
GEMS_COL = 33  # the gems table's column per colour
DIE = 32  # the rolled symbol, drawn as the die's face where the table shows the roll


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


def _text(x: float, y: float, s: object, size: float = TEXT, fill: str = INK,
          anchor: str = "start", weight: str | None = None) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}" '
            f'text-anchor="{anchor}"{w}>{escape(str(s))}</text>')


def text_width(s: str, size: float, bold: bool = False) -> float:
    """About how wide `s` is drawn (DejaVu Sans, the widest of the fonts named): to wrap."""
    return len(s) * size * (0.64 if bold else 0.6)


def wrap(s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`s` in lines of at most `width` units (a word longer than a line stands alone)."""
    lines: list[str] = []
    line = ""
    for word in s.split(" "):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _lines(x: float, y: float, s: str, size: float = TEXT, fill: str = INK,
           weight: str | None = None, width: float = WIDTH - 2 * PAD) -> tuple[list[str], float]:
    """A paragraph wrapped to `width`, its first baseline at y + size; its height."""
    drawn, height = _paragraph(x, y, s, size, fill, weight, width)
    return list(drawn), height


@recent(maxsize=4096)
def _paragraph(x: float, y: float, s: str, size: float, fill: str, weight: str | None,
               width: float) -> tuple[tuple[str, ...], float]:
    """`_lines` once per distinct paragraph (a table draws the same words push after push)."""
    step = size * 1.35
    rows = wrap(s, size, width, weight == "bold")
    out = tuple(_text(x, y + size + i * step, line, size, fill, weight=weight)
                for i, line in enumerate(rows))
    return out, len(rows) * step + size * 0.35


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_colours(view: View) -> list[str]:
    """Each seat's colour, as its tokens are drawn (the page's players list, log and scores
    show the same: the payload's `seats[].colour`)."""
    return [_seat_colour(int(s["seat"])) for s in view.get("seats", [])]


def _badge(view: View, seat: int, cx: float, cy: float, r: float = 10) -> list[str]:
    """A seat's token: its colour with its number (people count from 1 where they are
    named; the CLI's unnamed seats keep the notation's numbers), readable without colour."""
    number = seat + 1 if view.get("named") else seat
    return [_el("circle", class_="seat-token", data_seat=seat, cx=cx, cy=cy, r=r,
                fill=_seat_colour(seat), stroke="#ffffff", stroke_width=1.5),
            _text(cx, cy + 4.5, number, SMALL, "#ffffff", "middle", "bold")]


# ----- gems: a shape per colour ----------------------------------------------------------------
def _polygon(cx: float, cy: float, points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_num(cx + x)},{_num(cy + y)}" for x, y in points)


_SHAPES: dict[str, tuple[tuple[float, float], ...]] = {  # unit shapes, radius 1
    "green": ((0, -1.05), (0.95, 0.75), (-0.95, 0.75)),  # triangle
    "blue": ((-0.82, -0.82), (0.82, -0.82), (0.82, 0.82), (-0.82, 0.82)),  # square
    "violet": ((0.5, -0.87), (1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87)),
    "brown": ((0, -1.1), (0.9, 0), (0, 1.1), (-0.9, 0)),  # diamond
    "yellow": ((0, -1.1), (0.29, -0.4), (1.05, -0.34), (0.47, 0.16), (0.65, 0.9), (0, 0.5),
               (-0.65, 0.9), (-0.47, 0.16), (-1.05, -0.34), (-0.29, -0.4)),  # star
}


@functools.lru_cache(maxsize=512)
def gem(colour: str, cx: float, cy: float, r: float = GEM_R, key: str | None = None) -> str:
    """One gem: its colour and its own shape (red is the round one); `key`, the page's key
    of a gem on the board (docs/API.md, `data-key`: it travels to the seat that takes it)."""
    fill = COLOUR_CSS[colour]
    shape = _SHAPES.get(colour)
    if shape is None:
        return _el("circle", cx=cx, cy=cy, r=r * 0.9, fill=fill, stroke="#00000088",
                   stroke_width=1, data_key=key)
    return _el("polygon", points=_polygon(cx, cy, [(x * r, y * r) for x, y in shape]),
               fill=fill, stroke="#00000088", stroke_width=1, data_key=key)


# ----- the gem board ---------------------------------------------------------------------------
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
    """The gem board: one row of holes per red field, the figures on the fields."""
    figures: dict[int, list[int]] = {}
    for s in view.get("seats", []):
        if s.get("figure") is not None:
            figures.setdefault(int(s["figure"]), []).append(int(s["seat"]))
    return _board_drawn(view.get("board", []), sorted(figures.items()),
                        sorted(field_picks(view)), sorted(_reach(view)),
                        bool(view.get("named")), x, y, lang)


def _reach(view: View) -> set[int]:
    """The fields the viewing seat's figure may move to in the gem step: lit, and the two
    gems each would take ringed (every field is a part: another one is told why not)."""
    mover = view.get("mover")
    if view.get("phase") != "gems" or not mover or mover["seat"] != view.get("seat") \
            or view.get("seat") not in view.get("to_act", []):
        return set()
    return {int(o["field"]) for o in mover["options"]}


@by_data(maxsize=512)
def _board_drawn(rows: Sequence[Sequence[str | None]], figure_rows: Sequence[Any],
                 pick_list: Sequence[int], reach_list: Sequence[int], named: bool, x: float,
                 y: float,
                 lang: str) -> tuple[list[str], float, float]:
    """The board from exactly what it shows (drawn once per change, not per push)."""
    parts = ['<g id="ubongo-board">']
    width = WIDTH - 2 * PAD
    height = len(rows) * ROW_H + 8
    parts.append(_el("rect", x=x, y=y, width=width, height=height, rx=8, fill=BOARD))
    figures = {int(r): seats for r, seats in figure_rows}
    picks = set(pick_list)
    ringed = set(reach_list)
    reach = ringed or picks  # at the start: every field
    for r, row in enumerate(rows):
        parts += _board_row(r, tuple(row), tuple(figures.get(r + 1, ())),
                            r + 1 in picks and r + 1 in reach, r + 1 in picks,
                            r + 1 in ringed, named, x, y, width)
    parts.append("</g>")
    return parts, width, height


@functools.lru_cache(maxsize=2048)
def _board_row(r: int, row: tuple[str | None, ...], seats: tuple[int, ...], lit: bool,
               pick: bool, ringed: bool, named: bool, x: float, y: float,
               width: float) -> tuple[str, ...]:
    """Field `r + 1` of the board: its row of holes and gems, the figures on it, lit when it
    may be chosen, the two gems a move there takes ringed (`ringed`), and its part (`pick`).
    A gem move changes two rows of six."""
    parts = []
    cy = y + 4 + ROW_H / 2 + r * ROW_H
    if lit:  # a row that may be chosen, lit under its gems
        parts.append(_el("rect", x=x + 2, y=cy - ROW_H / 2 + 1, width=width - 4,
                         height=ROW_H - 2, rx=6, fill="#f6e7a8", opacity=0.35))
    parts.append(_el("rect", id=f"ubongo-field-{r + 1}", x=x + 4, y=cy - 18,
                     width=FIELD_W - 8, height=36, rx=5, fill=FIELD_RED))
    parts.append(_text(x + 10, cy + 5, r + 1, HEAD, "#ffffff", weight="bold"))
    who = {"named": named}
    for k, seat in enumerate(seats):
        if len(seats) <= 2:
            fx, fy = x + 34 + k * 20, cy
        else:  # up to four in a square
            fx, fy = x + 34 + (k % 2) * 20, cy - 9 + (k // 2) * 18
        # a figure is one thing for the page (docs/API.md, `data-key`): it moves
        parts += [f'<g data-key="figure-{seat}">', *_badge(who, seat, fx, fy, 9.5), "</g>"]
    front = next((h for h, g in enumerate(row) if g is not None), None)
    for h, colour in enumerate(row):
        cx = x + FIELD_W + HOLE_STEP / 2 + h * HOLE_STEP
        if colour is None:
            parts.append(_el("circle", cx=cx, cy=cy, r=4, fill=HOLE, opacity=0.6))
            continue
        if ringed and front is not None and h < front + 2:  # taken
            parts.append(_el("circle", cx=cx, cy=cy, r=GEM_R + 2, fill="none",
                             stroke=HIGHLIGHT, stroke_width=2.5))
        parts.append(gem(colour, cx, cy, key=f"gem-{r + 1}-{h}"))
    if pick:  # on top, so a touch anywhere on the row lands
        parts.append(_el("rect", id=f"ubongo-pick-field-{r + 1}", class_="part",
                         data_part=f"field:{r + 1}", x=x + 2, y=cy - ROW_H / 2 + 1,
                         width=width - 4, height=ROW_H - 2, rx=6, fill="transparent"))
    return tuple(parts)


# ----- the cards -------------------------------------------------------------------------------
def _placed_cells(placements: Sequence[Sequence[Any]]) -> dict[tuple[int, int], str]:
    owner: dict[tuple[int, int], str] = {}
    for letter, ori, r0, c0 in placements:
        shapes = orientations(str(letter))
        if not 0 <= int(ori) < len(shapes):
            continue
        for dr, dc in shapes[int(ori)]:
            owner[(int(r0) + dr, int(c0) + dc)] = str(letter)
    return owner


def outline_path(cells: Sequence[Sequence[int]], x: float, y: float, cell: float) -> str:
    """The outline of a group of cells (r, c) at (x, y): each cell side with no neighbour of
    the group, as one path's `d` (a piece's edge, drawn over its cells' thin ones)."""
    own = {(int(r), int(c)) for r, c in cells}
    d = []
    for r, c in sorted(own):
        x0, y0 = x + c * cell, y + r * cell
        if (r - 1, c) not in own:
            d.append(f"M{_num(x0)} {_num(y0)}h{_num(cell)}")
        if (r + 1, c) not in own:
            d.append(f"M{_num(x0)} {_num(y0 + cell)}h{_num(cell)}")
        if (r, c - 1) not in own:
            d.append(f"M{_num(x0)} {_num(y0)}v{_num(cell)}")
        if (r, c + 1) not in own:
            d.append(f"M{_num(x0 + cell)} {_num(y0)}v{_num(cell)}")
    return "".join(d)


def card(view: View, seat: Mapping[str, Any], x: float, y: float, cell: float,
         placements: Sequence[Sequence[Any]] | None, lang: str) -> tuple[list[str], float, float]:
    """One card: its title, the light area on the dark card with the pieces laid if known,
    and for the viewing seat while it races, its pieces in a tray below."""
    own = seat["seat"] == view.get("seat")
    shown = {"seat": seat["seat"], "card": seat["card"], "pieces": seat.get("pieces", []),
             "name": seat_name(view, seat["seat"])}
    tray = view.get("pieces") if own and cell >= CELL and view.get("phase") == "race" \
        and not seat.get("done") else None
    return _card_drawn(shown, own, view.get("symbol"), tray, x, y, cell, placements, lang)


@by_data(maxsize=1024)
def _card_drawn(seat: Mapping[str, Any], own: bool, rolled: str | None,
                pieces: Mapping[str, Any] | None, x: float, y: float, cell: float,
                placements: Sequence[Sequence[Any]] | None,
                lang: str, heading: str | None = None) -> tuple[list[str], float, float]:
    """A card from exactly what it shows (drawn once per change, not per push); `heading`
    instead of the card's own title (a practice puzzle's: practice.py)."""
    c = seat["card"]
    o = c["outline"]
    big = cell >= CELL
    listed = " ".join(seat.get("pieces", []))
    die = DIE if own and big and rolled else 0  # the roll, as a picture before the title
    if die:
        title = t("card.mine", lang, number=c["number"], pieces=listed)
    elif seat.get("name"):
        title = t("card.named", lang, who=seat["name"], number=c["number"], pieces=listed)
    else:
        title = t("card.other", lang, seat=seat["seat"], number=c["number"], pieces=listed)
    parts = [f'<g id="ubongo-seatcard-{seat["seat"]}">']
    if die:
        parts.append(die_face(str(rolled), x, y, die, symbol_name(str(rolled), lang)))
    drawn, th = _lines(x + die + (8 if die else 0), y + (die / 2 - TEXT if die else 0),
                       title if heading is None else heading, TEXT, weight="bold",
                       width=WIDTH - 2 * PAD - die - (8 if die else 0))
    parts += drawn
    yy = y + max(th, die)
    inset = 6
    grid_w, grid_h = o["cols"] * cell, o["rows"] * cell
    w = grid_w + 2 * inset
    left = x + max(0.0, (WIDTH - 2 * PAD - w) / 2)  # centred in its area
    top = yy + (SMALL + 6 if big else 4)
    gx, gy = left + inset, top + inset
    parts.append(_el("rect", x=left, y=top, width=w, height=grid_h + 2 * inset, rx=6,
                     fill=CARD_FILL))
    owner = _placed_cells(placements or [])
    if own:  # the light area the client drops pieces on: its grid in SVG units
        parts.append(f'<g id="ubongo-card" data-cell="{_num(cell)}" data-x="{_num(gx)}" '
                     f'data-y="{_num(gy)}" data-rows="{o["rows"]}" '
                     f'data-cols="{o["cols"]}">')
    for r, cc in o["cells"]:
        letter = owner.get((r, cc))
        fill = PIECES[letter].colour if letter else LIGHT
        parts.append(_el("rect", x=gx + cc * cell, y=gy + r * cell, width=cell, height=cell,
                         fill=fill, stroke="#00000040" if not letter else "#ffffff66",
                         stroke_width=1))
    if own:
        parts.append("</g>")
    laid: dict[str, list[tuple[int, int]]] = {}
    for (r, cc), letter in sorted(owner.items()):
        laid.setdefault(letter, []).append((r, cc))
    for letter, cells in sorted(laid.items()):  # each piece's edge and its letter
        parts.append(_el("path", d=outline_path(cells, gx, gy, cell), fill="none", stroke=EDGE,
                         stroke_width=2.5 if big else 2, stroke_linecap="square"))
        for r, cc in cells:
            parts.append(_text(gx + cc * cell + cell / 2, gy + r * cell + cell / 2 + 4.5,
                               letter, max(SMALL, cell * 0.4), "#ffffff", "middle", "bold"))
    if big:  # the big card: row and column numbers to type placements
        for r in range(o["rows"]):
            parts.append(_text(left - 3, gy + r * cell + cell / 2 + 4.5, r, SMALL, MUTED,
                               "end"))
        for cc in range(o["cols"]):
            parts.append(_text(gx + cc * cell + cell / 2, top - 4, cc, SMALL, MUTED, "middle"))
    yy = top + grid_h + 2 * inset + 6
    if pieces:
        drawn, h = _tray(pieces, x, yy + 4, lang)
        parts += drawn
        yy += 4 + h
    parts.append("</g>")
    return parts, WIDTH - 2 * PAD, yy - y


def _tray(pieces: Mapping[str, Any], x: float, y: float, lang: str) -> tuple[list[str], float]:
    """The viewing seat's pieces as drawn (orientation 0), each centred in a square slot it
    can turn in; cells as large as one row of slots allows (wrapping below the smallest)."""
    parts = ['<g id="ubongo-tray">']
    h = 0.0
    letters = sorted(pieces)
    sizes = {p: max(max(max(r, c) for r, c in o) for o in pieces[p]["orientations"]) + 1
             for p in letters}
    room = WIDTH - 2 * PAD - 12 * (len(letters) - 1)
    unit = max(TRAY_MIN, min(TRAY_MAX, int(room / max(1, sum(sizes.values())))))
    px, top, row_h = x, y + h + 4, 0.0
    for letter in letters:
        p = pieces[letter]
        size = sizes[letter]
        side = max(SLOT_MIN, size * unit)
        if px > x and px + side > x + WIDTH - 2 * PAD:  # no room left in this row
            px, top, row_h = x, top + row_h, 0.0
        parts.append(f'<g id="ubongo-tray-{letter}" data-piece="{letter}" class="tray-piece" '
                     f'data-x="{_num(px)}" data-y="{_num(top)}" data-cell="{unit}" '
                     f'data-size="{size}" data-slot="{_num(side)}">')
        parts.append(_el("rect", class_="slot", x=px, y=top, width=side, height=side, rx=6,
                         fill="#ffffff", stroke=PANEL_STROKE, stroke_width=1))
        parts += tray_piece(p["orientations"][0], p["colour"], letter, 0, px, top, side, unit)
        parts.append("</g>")
        px += side + 12
        row_h = max(row_h, side + 6)
    parts.append("</g>")
    return parts, top + row_h - y


def tray_piece(shape: Sequence[Sequence[int]], colour: str, letter: str, o: int, px: float,
               top: float, side: float, unit: float) -> list[str]:
    """A piece in its tray slot: its cells (each knows its place in orientation `o`), its
    edge, and its letter with the orientation's number (the notation's A0, A1, ...)."""
    rows = max(r for r, _ in shape) + 1
    cols = max(c for _, c in shape) + 1
    ox, oy = px + (side - cols * unit) / 2, top + (side - rows * unit) / 2
    out = [_el("rect", x=ox + c * unit, y=oy + r * unit, width=unit, height=unit, fill=colour,
               stroke="#ffffff88", stroke_width=1, data_r=r, data_c=c, data_o=o)
           for r, c in shape]
    out.append(_el("path", d=outline_path(shape, ox, oy, unit), fill="none", stroke=EDGE,
                   stroke_width=2, stroke_linecap="square", pointer_events="none"))
    r0, c0 = next((r, c) for r, c in shape)  # the label sits on the first cell
    out.append(_text(ox + c0 * unit + unit / 2, oy + r0 * unit + unit / 2 + 4.5,
                     f"{letter}{o}", SMALL, "#ffffff", "middle", "bold").replace(
                         "<text ", '<text pointer-events="none" ', 1))
    return out


# ----- the gems table --------------------------------------------------------------------------
def gems_table(view: View, x: float, y: float, lang: str) -> tuple[list[str], float, float]:
    keys = ("seat", "gems", "total", "sorted", "submission", "done")
    taken = taken_gems(view)
    seats = [{**{k: s.get(k) for k in keys}, "name": seat_name(view, s["seat"]),
              "taken": taken.get(int(s["seat"]), {})}
             for s in view.get("seats", [])]
    return _gems_drawn(seats, view.get("colours", []), view.get("phase") == "race",
                       view.get("seat"), bool(view.get("named")), x, y, lang)


def taken_gems(view: View) -> dict[int, dict[str, list[str]]]:
    """Which holes of the board the gems each seat took this round came from, as the page's
    keys of those gems (`gem-ROW-HOLE`), by seat and colour: the round's moves undone from
    the board as it is now (a finisher takes the two gems nearest the field, and the holes
    keep their places), so the page shows each gem travel into its taker's count."""
    rows = [list(row) for row in view.get("board") or []]
    last = view.get("last_round") or {}
    out: dict[int, dict[str, list[str]]] = {}
    for move in reversed(last.get("moves") or []):
        r = int(move.get("to", 0)) - 1
        gems = list(move.get("gems") or [])
        if not 0 <= r < len(rows) or not gems:
            continue
        row = rows[r]
        front = next((h for h, g in enumerate(row) if g is not None), len(row))
        first = front - len(gems)
        if first < 0:  # not this board's round: nothing to show
            return {}
        for k, colour in enumerate(gems):
            row[first + k] = colour
            out.setdefault(int(move["seat"]), {}).setdefault(colour, []).append(
                f"gem-{r + 1}-{first + k}")
    return out


@by_data(maxsize=1024)
def _gems_drawn(seats: Sequence[Mapping[str, Any]], colours: Sequence[str], race: bool,
                me: int | None, named: bool, x: float, y: float,
                lang: str) -> tuple[list[str], float, float]:
    """The gems table from exactly what it shows (it changes after a race, not per push):
    a column per colour headed by its gem, a row per seat: its name (and how its race goes),
    under it its total and its counts. A count is a thing for the page (docs/API.md,
    `data-key`, a new one when it changes) whose `data-from` names the gems the seat took
    of that colour this round: the gems taken by a move travel from the board into it."""
    width = WIDTH - 2 * PAD
    col = GEMS_COL
    c0 = x + width - col * len(colours) + col / 2
    parts = ['<g id="ubongo-gems">',
             _text(x, y + HEAD, t("gems.title", lang), HEAD, weight="bold")]
    for i, colour in enumerate(colours):
        parts.append(gem(colour, c0 + i * col, y + 10, 9))
    yy = y + 30
    for s in seats:
        parts += _gems_row(s, colours, race, me, named, x, yy, c0, lang)
        yy += 46
    parts.append("</g>")
    return parts, width, yy - y


@by_data(maxsize=1024)
def _gems_row(s: Mapping[str, Any], colours: Sequence[str], race: bool, me: int | None,
              named: bool, x: float, yy: float, c0: float, lang: str) -> list[str]:
    """One seat's row of the gems table (`_gems_drawn`): a race changes one seat's at a time."""
    width = WIDTH - 2 * PAD
    col = GEMS_COL
    parts: list[str] = []
    name = (s.get("name") or t("seat", lang, seat=s["seat"])) \
        + (t("you", lang) if s["seat"] == me else "")
    if s["seat"] == me:
        parts.append(_el("rect", x=x - 4, y=yy - 2, width=width + 8, height=44, rx=5,
                         fill="#efe3c4"))
    parts += _badge({"named": named}, s["seat"], x + 10, yy + 11)
    status = ""
    if race:
        sub = s.get("submission")
        if sub is not None:
            status = t("race.passed", lang) if sub["pass"] \
                else t("race.time", lang, time=sub["time"])
        else:
            status = t("race.done" if s.get("done") else "race.racing", lang)
        parts.append(_text(x + width, yy + 16, status, SMALL, MUTED, "end"))
    room = width - 26 - (text_width(status, SMALL) + 8 if status else 0)
    while len(name) > 3 and text_width(name, TEXT, True) > room:  # only a very long one
        name = name[:-2] + "…"
    parts.append(_text(x + 26, yy + 16, name, TEXT, weight="bold"))
    parts.append(_text(x + 26, yy + 36, f"{t('col.total', lang)} {s['total']}", SMALL,
                       MUTED))
    for i, colour in enumerate(colours):
        n = s["gems"][colour]
        came = " ".join(s.get("taken", {}).get(colour, []))
        parts.append(f'<g data-key="gems-{s["seat"]}-{colour}-{n}"'
                     + (f' data-from="{came}">' if came else ">")
                     + _text(c0 + i * col, yy + 36, n, HEAD, INK if n else MUTED, "middle",
                             "bold" if n else None) + "</g>")
    return parts


# ----- words: the last round, the end ----------------------------------------------------------
def lines_block(lines: list[tuple[str, bool]], x: float, y: float, name: str = "lines",
                width: float = WIDTH - 2 * PAD) -> tuple[list[str], float]:
    """Lines of words, each wrapped to the area's width (bold ones as headings)."""
    parts = [f'<g id="ubongo-{name}">']
    yy = y
    for text, bold in lines:
        drawn, h = _lines(x, yy, text, HEAD if bold else TEXT,
                          weight="bold" if bold else None, width=width)
        parts += drawn
        yy += h
    parts.append("</g>")
    return parts, yy - y + 4


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


_ROUND_KEYS = ("round", "symbol", "hourglass_turns", "discarded", "finishers", "times", "moves")


@by_data(maxsize=512)
def _round_drawn(r: Mapping[str, Any], whos: Sequence[str],
                 lang: str) -> tuple[list[str], float]:
    """The last round's area from exactly what it says (drawn once per round, not per push)."""
    view = {"last_round": r, NAMES_KEY: list(whos)}
    return lines_block(last_lines(view, lang), PAD, PAD - 4, "last")


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


@recent(maxsize=1024)
def _head(who: str, rnd: int | None, rounds: int, side: str, timer: int, deck: int,
          lang: str) -> str:
    """The round, the start player, the side, the hourglass and the deck, as short phrases
    in one paragraph (said once per change of what it says)."""
    return " · ".join([t("head.round", lang, round=rnd or "-", rounds=rounds),
                       t("head.start", lang, who=who), t(f"side.{side}", lang),
                       hourglass(timer, lang), plural("head.deck", deck, lang)])


def _placements_for(view: View, seat: Mapping[str, Any]) -> list[list[Any]] | None:
    sub = seat.get("submission")
    if sub and not sub["pass"]:
        return list(sub["placements"])
    last = view.get("last_round")
    if view.get("phase") == "gems" and last and last.get("solutions"):
        sol = last["solutions"][seat["seat"]]
        return list(sol) if sol else None
    return None


# ----- the areas -------------------------------------------------------------------------------
def _document(body: Sequence[str], height: float, label: str) -> str:
    """An area's standalone SVG: its own background, WIDTH units wide."""
    h = _num(round(height, 1))
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {h}" '
        f'font-family="{escape(FONT)}" role="group" aria-label={quoteattr(label)}>',
        _el("rect", x=0, y=0, width=WIDTH, height=height, fill=BACKGROUND),
        *body, "</svg>"])


def _board_area(view: View, lang: str) -> tuple[list[str], float]:
    head = _head(_who(view, int(view.get("start_player", 0)), lang), view.get("round"),
                 int(view.get("rounds", 0)), str(view.get("side", "easy")),
                 int(view.get("timer", DEFAULT_TIMER)), int(view.get("deck", 0)), lang)
    body, h = _lines(PAD, PAD - 2, head, SMALL, MUTED)
    y = PAD + h + 2
    if view.get("phase") == "race" and view.get("symbol"):  # the roll, as the die shows it
        body.append(die_face(str(view["symbol"]), PAD, y, DIE,
                             symbol_name(view["symbol"], lang)))
        y += DIE + 6
    parts, _, bh = board(view, PAD, y, lang)
    body += parts
    return body, y + bh + PAD


def _seat_area(view: View, seat: Mapping[str, Any], lang: str) -> tuple[list[str], float]:
    me = view.get("seat")
    if seat.get("card") is None:  # before the first deal and at the end: its gems
        colours = list(view.get("colours", []))
        parts = [f'<g id="ubongo-seatcard-{seat["seat"]}">']
        top = 0.0
        if seat["seat"] == me:  # the page heads only the others' areas with their names
            drawn, top = _lines(PAD, PAD - 4, _who(view, me, lang) + _said("you", lang), TEXT,
                                weight="bold")
            parts += drawn
        for i, colour in enumerate(colours):
            cx = PAD + 14 + i * 56
            parts.append(gem(colour, cx, PAD + top + 14))
            parts.append(_text(cx + 16, PAD + top + 20, seat["gems"][colour], HEAD,
                               weight="bold"))
        h = top + 28.0
        if view.get("phase") == "start":
            drawn, nh = _lines(PAD, PAD + h, t("card.none", lang), TEXT, MUTED)
            parts += drawn
            h += nh
        return [*parts, "</g>"], h + 2 * PAD
    parts, _, h = card(view, seat, PAD, PAD, CELL if seat["seat"] == me else SMALL_CELL,
                       _placements_for(view, seat), lang)
    return parts, h + 2 * PAD


def _summary(view: View, seat: Mapping[str, Any], lang: str) -> str:
    """A seat's compact row: its gems, its best colour, its field, and how its race goes."""
    race = seat.get("done") if view.get("phase") == "race" else None
    return _summary_words(int(seat.get("total", 0)),
                          max(seat.get("gems", {}).values(), default=0), seat.get("figure"),
                          race, lang)


@recent(maxsize=1024)
def _summary_words(total: int, best: int, figure: int | None, done: bool | None,
                   lang: str) -> str:
    words = [plural("summary.gems", total, lang)]
    if best:
        words.append(t("summary.best", lang, n=best))
    if figure is not None:
        words.append(t("summary.field", lang, field=figure))
    if done is not None:
        words.append(t("race.done" if done else "race.racing", lang))
    return " · ".join(words)


_said = recent(maxsize=256)(t)  # an area's title: the same few words push after push


def _drawn_areas(view: dict[str, Any], lang: str,
                 names: Sequence[str] | None) -> list[tuple[dict[str, Any], list[str], float]]:
    """Each area's entry (without its svg), its drawing's body and its height, in order."""
    view = with_names(view, names)
    if names:
        view = {**view, "named": True}
    me = view.get("seat")
    phase = view.get("phase")
    seats = list(view.get("seats", []))
    out: dict[str, tuple[dict[str, Any], list[str], float]] = {}

    body, h = _board_area(view, lang)
    out["board"] = ({"id": "board", "kind": "shared", "title": _said("area.board", lang)}, body, h)
    body, _, h = gems_table(view, PAD, PAD, lang)
    out["gems"] = ({"id": "gems", "kind": "shared", "title": _said("area.gems", lang)}, body,
                   h + PAD)
    r = view.get("last_round")
    if r and "finishers" in r:
        whos = [_who(view, s["seat"], lang) for s in seats]
        body, h = _round_drawn({k: r.get(k) for k in _ROUND_KEYS}, whos, lang)
        out["round"] = ({"id": "round", "kind": "info", "title": _said("area.round", lang)}, body,
                        h + PAD)
    end = outcome_lines(view, lang)
    if end:
        body, h = lines_block(end, PAD, PAD - 4, "end")
        out["end"] = ({"id": "end", "kind": "info", "title": _said("area.end", lang)}, body,
                      h + PAD)
    seat_ids = []
    for s in sorted(seats, key=lambda s: (s["seat"] != me, s["seat"])):
        body, h = _seat_area(view, s, lang)
        title = _said("area.mine", lang) if s["seat"] == me else _who(view, s["seat"], lang)
        key = f"seat-{s['seat']}"
        out[key] = ({"id": key, "kind": "seat", "seat": s["seat"], "title": title,
                     "summary": _summary(view, s, lang)}, body, h)
        seat_ids.append(key)
    mine = seat_ids[:1] if me is not None else []
    others = seat_ids[len(mine):]
    if phase == "over":
        order = ["end", "gems", *mine, "board", "round", *others]
    elif phase == "race" and me is not None and seats[me].get("card") is not None:
        order = [*mine, "board", "gems", *others]
    else:
        order = ["board", "gems", "round", *mine, *others]
    return [out[k] for k in order if k in out]


def areas(view: dict[str, Any], lang: str | None = None,
          names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The table as separate drawings in the order the viewer needs them (see the module
    docstring), each a standalone SVG WIDTH units wide (docs/API.md, "areas")."""
    lang = lang_of(lang)
    return [{**entry, "svg": _document(body, height, entry["title"])}
            for entry, body, height in _drawn_areas(view, lang, names)]


def svg(view: dict[str, Any], lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The table as `view` sees it: one standalone SVG document, the areas stacked under a
    title band, each under its title (the CLI's `herna render`, API clients). `names`: what
    to call the seats (the players' names; "seat N" without them)."""
    lang = lang_of(lang)
    me = view.get("seat")
    title = t("title", lang) + (f" · {_who(with_names(view, names), me, lang)}"
                                if me is not None else "")
    body: list[str] = []
    y = 44.0
    for entry, drawn, height in _drawn_areas(view, lang, names):
        # the page heads each area with its title (and a seat's summary): here, the drawing
        heading = entry["title"] + (f" · {entry['summary']}" if entry.get("summary") else "")
        drawn_head, hh = _lines(PAD, y - 2, heading, TEXT, INK, "bold")
        body += drawn_head
        y += hh
        h = _num(round(height, 1))
        body.append(f'<svg id="ubongo-area-{entry["id"]}" x="0" y="{_num(y)}" width="{WIDTH}" '
                    f'height="{h}" viewBox="0 0 {WIDTH} {h}">')
        body.append(_el("rect", x=0, y=0, width=WIDTH, height=height, fill=BACKGROUND))
        body += drawn
        body.append("</svg>")
        y += round(height, 1) + 6
    drawn_note, nh = _lines(PAD, y - 4, t("note", lang), SMALL, MUTED)  # the page's guide says it
    body += drawn_note
    y += nh + 4
    w, h = _num(WIDTH), _num(y)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{escape(FONT)}">',
        f"<title>{escape(title)}</title>",
        _el("rect", x=0, y=0, width=WIDTH, height=y, fill="#e9dfc8"),
        _el("rect", x=0, y=0, width=WIDTH, height=38, fill="#5b3a1e"),
        _text(PAD, 25, title, 16, fill="#fff6e0", weight="bold"),
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


# ----- a practice puzzle (practice.py) ---------------------------------------------------------
def puzzle(cells: Sequence[Sequence[int]], pieces: Sequence[str], heading: str,
           lang: str | None = None) -> str:
    """A practice puzzle as one standalone drawing: the light area `cells` (row, col) and the
    pieces in their tray, drawn as a racing seat's own card (the same ids and data attributes,
    so the page's drag code serves both) under `heading`."""
    lang = lang_of(lang)
    rows = max(int(r) for r, _ in cells) + 1
    cols = max(int(c) for _, c in cells) + 1
    seat = {"seat": 0, "card": {"number": 0, "outline": {
        "rows": rows, "cols": cols, "cells": [[int(r), int(c)] for r, c in cells]}},
        "pieces": list(pieces), "name": None}
    tray = {p: {"colour": PIECES[p].colour,
                "orientations": [[list(c) for c in o] for o in orientations(p)]}
            for p in pieces}
    body, _, h = _card_drawn(seat, True, None, tray, PAD, PAD, CELL, None, lang, heading)
    return _document(body, h + 2 * PAD, heading)


forgettable(_attr.cache_clear, gem.cache_clear, _board_row.cache_clear)
