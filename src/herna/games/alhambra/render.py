"""Alhambra as a standalone SVG, drawn from a view only (pure: no I/O, no engine state).

Everything a seat may know is on the picture: the market, the money display, the supplies,
each player's Alhambra (with walls and coordinates to type `place` moves), their reserve,
pending tiles, hand (or only the card count when hidden), Dirk, and the final outcome.
The table is drawn phone-first as areas (`areas`, the page places them: one column on a
phone): each at most 360 units wide, so no text is under 12 px and no clickable part under
44 px at a phone's width, an Alhambra that outgrows it scrolling inside its own area; `svg`
stacks the same areas into one document (the CLI). Each building type has its own glyph and
each currency its own symbol, for colour-blind eyes. The same view always gives
byte-identical output (the web client and golden tests rely on that).
The words follow the current language (`herna.i18n`: en, cs, sk), or `svg(view, lang=...)`,
through the game's own table in `i18n`; what players type (card letters, tile ids,
coordinates) never changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from herna.core.memo import forgettable

from ...drawing import (
    SEAT_PALETTE,
    by_data,
    clip,
    seat_name,
    seat_token,
    text_width,
    with_names,
    wrap,
)
from .data import BUILDING_TYPES, CURRENCIES, CURRENCY_LETTERS
from .i18n import (
    category_name,
    counted,
    currency_name,
    lang_of,
    ordinal,
    t,
    type_name,
    word,
)

View = Mapping[str, Any]

# ----- colours ------------------------------------------------------------------------
TYPE_FILL: dict[str, str] = {
    "pavilion": "#4f86c6",   # blue
    "seraglio": "#c8453c",   # red
    "arcades": "#9a6a3c",    # brown
    "chambers": "#f4ecd8",   # white / cream
    "garden": "#5a9e4b",     # green
    "tower": "#8a5aa8",      # purple
    "fountain": "#e6d3a3",   # light sand
}
TYPE_INK: dict[str, str] = {  # text drawn on a tile of that type
    "pavilion": "#ffffff",
    "seraglio": "#ffffff",
    "arcades": "#ffffff",
    "chambers": "#3a2e1f",
    "garden": "#ffffff",
    "tower": "#ffffff",
    "fountain": "#3a2e1f",
}
UNKNOWN_FILL = "#bbbbbb"
UNKNOWN_INK = "#000000"
CURRENCY_FILL: dict[str, str] = {
    "denar": "#2f67c4",     # blue
    "dirham": "#3f9a48",    # green
    "ducat": "#ec8a23",     # orange
    "guilder": "#f2cf2f",   # yellow
}
CURRENCY_INK: dict[str, str] = {
    "denar": "#ffffff",
    "dirham": "#ffffff",
    "ducat": "#ffffff",
    "guilder": "#3a2e1f",
}
BACKGROUND = "#fbf7ee"
PANEL_FILL = "#ffffff"
PANEL_STROKE = "#cbbfa6"
ACTIVE_STROKE = "#d89b00"
HEADER_FILL = "#5b3a1e"
HEADER_INK = "#fff6e0"
INK = "#2b2118"
MUTED_INK = "#7d6f5c"
TILE_STROKE = "#6b5a45"
WALL_COLOUR = "#2a1c10"
SLOT_STROKE = "#b3a488"
SLOT_INK = "#8a7b62"
WALL_EDGE = "#f3e2b8"
CARD_BACK_FILL = "#7a4e2a"
CARD_BACK_INNER = "#b07c4b"
FOUNTAIN_WATER = "#5aa9d6"
WINNER_FILL = "#fff1c2"
SCORING_CARD_FILL = "#8c1c1c"

# ----- sizes (viewBox units) ----------------------------------------------------------------
# The table is drawn as areas (`areas`): each at most AREA_WIDTH units wide, so the page shows
# it at about its own width on a phone (370 CSS px) and up to 1.5x on a desktop: text of 12
# units is never under 12 px, and every clickable part is at least PART_MIN units on a side.
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
AREA_WIDTH = 360
WIDE_AREA = 480          # an area wider than a desktop's column spans two there
PART_MIN = 44
PAD = 8
GAP = 16
HEADER_HEIGHT = 34
TITLE_SIZE = 16
LABEL_SIZE = 13
SMALL_SIZE = 12
GRID_TILE = 48           # a tile in an Alhambra (and a free place: its part is 44)
MARKET_TILE = 64         # a tile on the market
SMALL_TILE = 48          # reserve, pending and Dirk's tiles (clickable: >= 44)
WALL_RATIO = 0.14        # wall thickness relative to the tile side
DISPLAY_CARD = (60, 84)  # money display card (w, h)
HAND_CARD = (50, 70)     # hand card (w, h): >= 44x64 on a phone
HAND_PER_ROW = 6
SMALL_TILES_PER_ROW = 6
COORD_MARGIN = 20        # room for the axis labels around an Alhambra


@dataclass
class _Block:
    """A drawn piece with its own origin; composed by translating it into place."""

    width: float
    height: float
    parts: list[str] = field(default_factory=list)

    def at(self, x: float, y: float, id_: str | None = None) -> str:
        ident = f' id="{id_}"' if id_ else ""
        return (f'<g{ident} transform="translate({_num(x)},{_num(y)})">'
                f'{"".join(self.parts)}</g>')


def _num(v: float) -> str:
    """Short, stable number text (no float noise in the output)."""
    if type(v) is int:  # most coordinates: the fast way out
        return str(v)
    r = round(float(v), 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


def _esc(s: str) -> str:
    """Text content escaped for XML (the common case, nothing to escape, costs one scan)."""
    if "&" in s or "<" in s or ">" in s:
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return s


def _attr(s: str) -> str:
    """An attribute value, written between double quotes."""
    if "&" in s or "<" in s or ">" in s or '"' in s:
        return _esc(s).replace('"', "&quot;")
    return s


_ATTR_NAMES: dict[str, str] = {}  # a keyword's attribute name: class_ -> class, font_size


def _attrs(attrs: Mapping[str, object]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = _ATTR_NAMES.get(key)
        if name is None:
            name = _ATTR_NAMES[key] = key.rstrip("_").replace("_", "-")
        kind = type(value)
        if kind is int:  # (a number needs no escaping)
            text = str(value)
        elif isinstance(value, int | float) and kind is not bool:
            text = _num(value)
        else:
            text = _attr(str(value))
        out.append(f' {name}="{text}"')
    return "".join(out)


def _el(name: str, **attrs: object) -> str:
    return f"<{name}{_attrs(attrs)}/>"


def _text(x: float, y: float, s: object, size: float = LABEL_SIZE, fill: str = INK,
          anchor: str = "start", weight: str | None = None, class_: str | None = None,
          inert: bool = False) -> str:
    """A text; `inert` lets clicks fall through to a part drawn under it."""
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}" '
            f'text-anchor="{anchor}"'
            + (f' font-weight="{weight}"' if weight else "")
            + (f' class="{class_}"' if class_ else "")
            + (' pointer-events="none"' if inert else "")
            + f">{_esc(str(s))}</text>")


@lru_cache(maxsize=4096)
def _part(name: str, x: float, y: float, w: float, h: float, rx: float = 2,
          ident: str | None = None) -> str:
    """A clickable part (herna.testing.web): a transparent rect on top of what it stands for,
    so a click anywhere on it lands; the page styles `.part.live` and `.part.chosen`. Its id
    comes from the name unless several parts share the name (cards: by place)."""
    ident = ident or "alh-p-" + name.replace(":", "-").replace(",", "_")
    return (f'<rect class="part" data-part="{name}" id="{ident}" x="{_num(x)}" y="{_num(y)}" '
            f'width="{_num(w)}" height="{_num(h)}" rx="{_num(rx)}" fill="#000" '
            'fill-opacity="0"/>')


def seat_colours(view: View) -> list[str]:
    """Each seat's colour, as its token beside its name is drawn (the page's players list,
    log and scores show the same: the payload's `seats[].colour`)."""
    return [SEAT_PALETTE[i % len(SEAT_PALETTE)] for i in range(len(view.get("seats", [])))]


def _seat_name(view: View, seat: int, lang: str | None = None) -> str:
    name = seat_name(view, seat) or t("seat", lang, seat=seat)
    return name + (t("you", lang) if view.get("seat") == seat else "")


def _heading(key: str, lang: str | None) -> str:
    """A terminal label such as "Reserve: " as a heading: "Reserve"."""
    return t(key, lang).strip().rstrip(":")


def _capital(text: str) -> str:
    """A message that starts a line: "round 1: ..." -> "Round 1: ..."."""
    return text[:1].upper() + text[1:]


def _phase_name(phase: str, lang: str | None) -> str:
    if phase in ("action", "placement"):
        return t(f"phase.{phase}", lang)
    return t("phase.other", lang, phase=phase)


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Text broken at spaces into lines that fit `width` (a long note in a phone's area),
    each line cut with an ellipsis if one word is wider; nothing for no text."""
    return [clip(line, size, width) for line in wrap(text, size, width) if line]


# ----- glyphs ---------------------------------------------------------------------------------
# Each building type and each currency has its own shape, drawn in the ink colour on what is
# coloured: a colour-blind player reads the shape (paths in a box from -1 to 1).
GLYPHS: dict[str, str] = {
    # an onion dome on a base
    "pavilion": "M-0.8,0.95 L0.8,0.95 L0.8,0.35 C0.8,-0.25 0.2,-0.35 0,-0.95 "
                "C-0.2,-0.35 -0.8,-0.25 -0.8,0.35 Z",
    # a palace's crown of three points
    "seraglio": "M-0.95,0.9 L-0.95,-0.7 L-0.45,-0.1 L0,-0.95 L0.45,-0.1 L0.95,-0.7 "
                "L0.95,0.9 Z",
    # two arches
    "arcades": "M-0.95,0.9 L-0.95,-0.75 L0.95,-0.75 L0.95,0.9 L0.72,0.9 L0.72,0.05 "
               "A0.31,0.31 0 0 0 0.1,0.05 L0.1,0.9 L-0.1,0.9 L-0.1,0.05 "
               "A0.31,0.31 0 0 0 -0.72,0.05 L-0.72,0.9 Z",
    # a house front with four windows
    "chambers": "M-0.85,-0.85 H0.85 V0.9 H-0.85 Z M-0.6,-0.6 H-0.12 V-0.12 H-0.6 Z "
                "M0.12,-0.6 H0.6 V-0.12 H0.12 Z M-0.6,0.12 H-0.12 V0.6 H-0.6 Z "
                "M0.12,0.12 H0.6 V0.6 H0.12 Z",
    # a tree
    "garden": "M-0.16,0.95 H0.16 V0.3 A0.68,0.68 0 1 0 -0.16,0.3 Z",
    # a tower with battlements
    "tower": "M-0.5,0.95 L-0.5,-0.4 L-0.8,-0.4 L-0.8,-0.95 L-0.48,-0.95 L-0.48,-0.7 "
             "L-0.16,-0.7 L-0.16,-0.95 L0.16,-0.95 L0.16,-0.7 L0.48,-0.7 L0.48,-0.95 "
             "L0.8,-0.95 L0.8,-0.4 L0.5,-0.4 L0.5,0.95 Z",
}
MONEY_SYMBOLS: dict[str, str] = {
    "denar": "M-0.85,0 A0.85,0.85 0 1 0 0.85,0 A0.85,0.85 0 1 0 -0.85,0 Z",  # circle
    "dirham": "M0,-0.95 L0.95,0.8 L-0.95,0.8 Z",  # triangle
    "ducat": "M0,-1 L0.8,0 L0,1 L-0.8,0 Z",  # diamond
    "guilder": "M0,-1 L0.24,-0.31 L0.95,-0.31 L0.38,0.12 L0.59,0.81 L0,0.4 L-0.59,0.81 "
               "L-0.38,0.12 L-0.95,-0.31 L-0.24,-0.31 Z",  # star
}


@lru_cache(maxsize=1024)
def _glyph(kind: str, cx: float, cy: float, r: float, ink: str) -> str:
    """A building type's shape centred at (cx, cy), `r` units from centre to edge."""
    if kind == "fountain":
        return (_el("circle", class_="fountain-mark", cx=cx, cy=cy, r=r, fill="none",
                    stroke=FOUNTAIN_WATER, stroke_width=max(1.5, r * 0.25))
                + _el("circle", cx=cx, cy=cy, r=r * 0.4, fill=FOUNTAIN_WATER))
    path = GLYPHS.get(kind)
    if path is None:
        return ""
    return (f'<path class="glyph" data-type="{_attr(kind)}" d="{path}" fill="{ink}" '
            f'fill-rule="evenodd" transform="translate({_num(cx)},{_num(cy)}) '
            f'scale({_num(r)})"/>')


@lru_cache(maxsize=1024)
def _money_symbol(currency: str, cx: float, cy: float, r: float, ink: str) -> str:
    """A currency's shape (denar circle, dirham triangle, ducat diamond, guilder star)."""
    path = MONEY_SYMBOLS.get(currency)
    if path is None:
        return ""
    return (f'<path class="money-symbol" data-currency="{_attr(currency)}" d="{path}" '
            f'fill="{ink}" transform="translate({_num(cx)},{_num(cy)}) scale({_num(r)})"/>')


# ----- pieces ---------------------------------------------------------------------------
# A redraw after every move for every seat draws the same 55 tiles and 36 cards over and
# over: each is drawn once per look (size, language) and kept.
@lru_cache(maxsize=4096)
def _tile_body(tid: object, kind: str, price: object, walls: str, size: float,
               lang: str) -> str:
    """A square tile at the origin: type colour and glyph, walls as thick dark bands inside
    the walled sides (with a light edge, visible on every colour), price and number."""
    fill = TYPE_FILL.get(kind, UNKNOWN_FILL)
    ink = TYPE_INK.get(kind, UNKNOWN_INK)
    parts = [_el("rect", class_="tile", data_id=tid, data_type=kind, x=0, y=0, width=size,
                 height=size, rx=2, fill=fill, stroke=TILE_STROKE, stroke_width=1)]
    w = max(3.0, size * WALL_RATIO)
    e = w + 0.8  # the light edge along the wall's inner side
    sides = {
        "T": ((0, w / 2, size, w / 2), (0, e, size, e)),
        "R": ((size - w / 2, 0, size - w / 2, size), (size - e, 0, size - e, size)),
        "B": ((0, size - w / 2, size, size - w / 2), (0, size - e, size, size - e)),
        "L": ((w / 2, 0, w / 2, size), (e, 0, e, size)),
    }
    for side, ((x1, y1, x2, y2), (a1, b1, a2, b2)) in sides.items():
        if side in walls:
            parts.append(_el("line", class_="wall", data_side=side, x1=x1, y1=y1, x2=x2, y2=y2,
                             stroke=WALL_COLOUR, stroke_width=w))
            parts.append(_el("line", x1=a1, y1=b1, x2=a2, y2=b2, stroke=WALL_EDGE,
                             stroke_width=1.2))

    def inset(side: str) -> float:
        """Keep corner text clear of a wall on that side."""
        return w + 2.5 if side in walls else 3

    price_size = max(LABEL_SIZE, size * 0.22)
    id_size = max(SMALL_SIZE, size * 0.18)
    if kind == "fountain":
        parts.append(_glyph(kind, size / 2, size / 2, size * 0.24, ink))
    else:
        parts.append(_text(inset("L"), inset("T") + price_size * 0.8, price, size=price_size,
                           fill=ink, weight="bold", class_="price"))
        parts.append(_glyph(kind, size * 0.58, size * 0.46, size * 0.17, ink))
        parts.append(_text(size - inset("R"), size - inset("B") - 1, f"#{tid}", size=id_size,
                           fill=ink, anchor="end", class_="tile-id"))
    return "".join(parts)


def _tile(tile: Mapping[str, Any], x: float, y: float, size: float, lang: str,
          mine: bool = False, id_: str | None = None, origin: str | None = None) -> str:
    """A tile placed at (x, y); on the viewer's own board (`mine`) a building tile is a part
    named `tile:ID`. The id (`alh-tile-ID`, fountains by seat) lets a redraw match it; a
    building tile's `data-key` (`tile-ID`, the same wherever it lies) lets the page show it
    travel (market -> Alhambra or reserve), and `origin` says where a new one comes from."""
    tid = tile.get("id", "?")
    body = _tile_body(tid, str(tile.get("type", "")), tile.get("price", ""),
                      str(tile.get("walls", "-")), size, lang)
    if mine and tid:
        body += _part(f"tile:{tid}", 0, 0, size, size)
    ident = _attr(id_ or f"alh-tile-{tid}")
    key = f' data-key="tile-{_attr(str(tid))}"' if tid else ""
    if key and origin:
        key += f' data-from="{origin}"'
    return (f'<g class="tile-group" data-id="{_attr(str(tid))}" id="{ident}"{key} '
            f'transform="translate({_num(x)},{_num(y)})">{body}</g>')


@lru_cache(maxsize=4096)
def _card(currency: str, value: object, x: float, y: float, w: float, h: float,
          lang: str = "en") -> str:
    """A money card; kept by place too, since hands and the display reuse a few places.
    Its corner letter is the colour's initial in `lang` (b/g/o/y; m/z/o/ž) and its symbol the
    currency's shape, for colour-blind eyes; what players type stays the notation's letter."""
    fill = CURRENCY_FILL.get(currency, UNKNOWN_FILL)
    ink = CURRENCY_INK.get(currency, UNKNOWN_INK)
    letter = money_letter(currency, lang)
    corner = max(SMALL_SIZE, h * 0.18)
    return "".join((
        _el("rect", class_="card", data_currency=currency, data_value=value, x=x, y=y,
            width=w, height=h, rx=4, fill=fill, stroke=INK, stroke_width=0.8),
        _text(x + 4, y + corner, letter, size=corner, fill=ink, weight="bold"),
        _money_symbol(currency, x + w - 4 - corner * 0.45, y + 3 + corner * 0.45,
                      corner * 0.45, ink),
        _text(x + w / 2, y + h * 0.78, value, size=max(LABEL_SIZE, h * 0.4), fill=ink,
              anchor="middle", weight="bold"),
    ))


def money_letter(currency: str, lang: str) -> str:
    """The money colour's initial as `lang` says it (the catalog's `letter.<currency>`)."""
    return word("letter", currency, lang, CURRENCY_LETTERS.get(currency, "?"))


def card_name(card: Mapping[str, Any]) -> str:
    """A card as the notation writes it: g4 (the part names `hand:g4`, `display:g4`)."""
    return f"{CURRENCY_LETTERS.get(str(card.get('currency', '')), '?')}{card.get('value', '?')}"


def _keyed_cards(cards: Iterable[Mapping[str, Any]], where: str, extra: str = "") -> list[str]:
    """The page's keys of money cards (docs/API.md, `data-key`): copies of a card are alike,
    so a card is its name and its copy number where it lies (`card-d-g4-0` on the display,
    `card-1-g4-0` in seat 1's hand), of the kind `card-g4`: a g4 that leaves the display
    and a g4 that comes into a hand are one card travelling. `extra`: where a card comes
    from or goes (the display is refilled from the deck, a paid card goes to the discard)."""
    seen: dict[str, int] = {}
    out = []
    for card in cards:
        name = card_name(card)
        n = seen.get(name, 0)
        seen[name] = n + 1
        out.append(f'<g data-key="card-{where}-{name}-{n}" data-kind="card-{name}"{extra}>')
    return out


@lru_cache(maxsize=64)
def _card_back(x: float, y: float, w: float, h: float) -> tuple[str, ...]:
    return (
        _el("rect", class_="card-back", x=x, y=y, width=w, height=h, rx=3,
            fill=CARD_BACK_FILL, stroke=INK, stroke_width=0.8),
        _el("rect", x=x + 3, y=y + 3, width=w - 6, height=h - 6, rx=2, fill="none",
            stroke=CARD_BACK_INNER, stroke_width=1),
    )


def _tile_row(tiles: Sequence[Mapping[str, Any]], size: float, per_row: int, lang: str,
              mine: bool = False) -> _Block:
    """Tiles in wrapped rows (reserve, pending, Dirk)."""
    step = size + 6
    parts = [_tile(tile, (i % per_row) * step, (i // per_row) * step, size, lang, mine)
             for i, tile in enumerate(tiles)]
    rows = (len(tiles) + per_row - 1) // per_row
    return _Block(min(len(tiles), per_row) * step - 6, rows * step - 6, parts)


def _counts(counts: Mapping[str, Any], width: float) -> _Block:
    """Building counts per type as coloured swatches with their glyphs and numbers."""
    numbers = tuple(int(counts.get(kind, 0) or 0) for kind in BUILDING_TYPES)
    return _Block(width, 24, [_count_swatches(numbers, width)])


@lru_cache(maxsize=1024)
def _count_swatches(numbers: tuple[int, ...], width: float) -> str:
    parts: list[str] = []
    step = width / len(BUILDING_TYPES)
    sw = 24
    for i, (kind, n) in enumerate(zip(BUILDING_TYPES, numbers, strict=True)):
        x = i * step
        parts.append(_el("rect", class_="count", data_type=kind, x=x, y=0, width=sw, height=sw,
                         rx=3, fill=TYPE_FILL[kind], stroke=TILE_STROKE, stroke_width=0.8))
        parts.append(_glyph(kind, x + sw / 2, sw / 2, sw * 0.32, TYPE_INK[kind]))
        parts.append(_text(x + sw + 4, sw - 6, n, size=LABEL_SIZE, weight="bold"))
    return "".join(parts)


def _alhambra(cells: Sequence[Mapping[str, Any]], seat: int, lang: str,
              mine: bool = False) -> _Block:
    """The grid with axis labels, cropped to the buildings and the free places next to them;
    the free places are outlined with their coordinates, so a player can read off the text of
    a `place` move. On the viewer's own Alhambra (`mine`) every such place is a part `cell:X,Y`
    and every building tile a part `tile:ID`. Cells never shrink: a large Alhambra is wider
    than an area, and its area scrolls (data-min-width)."""
    occupied = {(int(c["x"]), int(c["y"])) for c in cells}
    occupied_bounds = sorted(occupied) or [(0, 0)]
    xs = [p[0] for p in occupied_bounds]
    ys = [p[1] for p in occupied_bounds]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    s = GRID_TILE
    ox, oy = COORD_MARGIN, COORD_MARGIN
    parts = [_axes(x0, x1, y0, y1)]
    slots = sorted({(x + dx, y + dy) for x, y in occupied
                    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - occupied)
    for x, y in slots:
        parts.append(_slot(x, y, ox + (x - x0) * s, oy + (y - y0) * s, mine))
    for cell in sorted(cells, key=lambda c: (int(c["y"]), int(c["x"]))):
        px = ox + (int(cell["x"]) - x0) * s
        py = oy + (int(cell["y"]) - y0) * s
        tile = cell["tile"]
        parts.append(_tile(tile, px, py, s, lang, mine,
                           None if tile.get("id") else f"alh-fountain-{seat}"))
    block = _Block(ox + cols * s + 2, oy + rows * s + 2)
    block.parts = [f'<g class="alhambra" data-seat="{seat}" id="alh-alhambra-{seat}">', *parts,
                   "</g>"]
    return block


@lru_cache(maxsize=256)
def _axes(x0: int, x1: int, y0: int, y1: int) -> str:
    """The coordinates along the top and down the left of an Alhambra."""
    s, ox, oy = GRID_TILE, COORD_MARGIN, COORD_MARGIN
    parts = [_text(ox + (gx - x0) * s + s / 2, oy - 6, gx, size=SMALL_SIZE, fill=MUTED_INK,
                   anchor="middle", class_="coord") for gx in range(x0, x1 + 1)]
    parts += [_text(ox - 3, oy + (gy - y0) * s + s / 2 + 4, gy, size=SMALL_SIZE,
                    fill=MUTED_INK, anchor="end", class_="coord") for gy in range(y0, y1 + 1)]
    return "".join(parts)


@lru_cache(maxsize=4096)
def _slot(x: int, y: int, px: float, py: float, mine: bool) -> str:
    """A free place next to an Alhambra, with its coordinates; on my own, a part."""
    s = GRID_TILE
    drawn = (f'<rect class="slot" x="{_num(px + 2)}" y="{_num(py + 2)}" width="{_num(s - 4)}" '
             f'height="{_num(s - 4)}" rx="3" fill="none" stroke="{SLOT_STROKE}" '
             'stroke-width="1.2" stroke-dasharray="4 3"/>'
             + _text(px + s / 2, py + s / 2 + 4, f"{x},{y}", size=SMALL_SIZE,
                     fill=SLOT_INK, anchor="middle", class_="slot-coord"))
    if mine:
        drawn += _part(f"cell:{x},{y}", px + 2, py + 2, s - 4, s - 4, rx=3)
    return drawn


# ----- sections -------------------------------------------------------------------------
def _market(view: View, lang: str, seated: bool) -> _Block:
    """The four spaces; for a seated viewer each space is a part `market:N` (N = 1-4, as in
    `buy N ...`)."""
    parts = [_text(0, LABEL_SIZE, t("market.title", lang), weight="bold")]
    gap = 6
    space_w = (AREA_WIDTH - 2 * PAD - 3 * gap) / 4
    top = LABEL_SIZE + 8
    band = 20
    h = band + 6 + MARKET_TILE + 30
    for i, space in enumerate(view.get("market", [])):
        x = i * (space_w + gap)
        number = space.get("space")
        currency = str(space.get("currency", ""))
        fill = CURRENCY_FILL.get(currency, UNKNOWN_FILL)
        ink = CURRENCY_INK.get(currency, UNKNOWN_INK)
        parts.append(f'<g id="alh-market-{number}">')
        parts.append(_el("rect", class_="market-space", data_space=number,
                         data_currency=currency, x=x, y=top, width=space_w, height=h, rx=4,
                         fill=PANEL_FILL, stroke=fill, stroke_width=3))
        parts.append(_el("rect", x=x, y=top, width=space_w, height=band, rx=4, fill=fill))
        parts.append(_money_symbol(currency, x + 8, top + band / 2, 5, ink))
        parts.append(_text(x + 15, top + 15,
                           clip(f"{number} {currency_name(currency, lang)}", SMALL_SIZE,
                                space_w - 16),
                           size=SMALL_SIZE, fill=ink, weight="bold"))
        tile = space.get("tile")
        ty = top + band + 6
        if tile:
            parts.append(_tile(tile, x + (space_w - MARKET_TILE) / 2, ty, MARKET_TILE, lang,
                               origin="alh-supply"))
            parts.append(_text(x + space_w / 2, ty + MARKET_TILE + 20,
                               clip(t("svg.price", lang, price=tile.get("price")), LABEL_SIZE,
                                    space_w - 4),
                               size=LABEL_SIZE, anchor="middle", weight="bold"))
        else:
            parts.append(_text(x + space_w / 2, ty + MARKET_TILE / 2, t("empty", lang),
                               size=LABEL_SIZE, fill=MUTED_INK, anchor="middle"))
        if seated:
            parts.append(_part(f"market:{number}", x, top, space_w, h, rx=4))
        parts.append("</g>")
    return _Block(AREA_WIDTH - 2 * PAD, top + h, parts)


def _display(view: View, lang: str, seated: bool) -> _Block:
    """The money display; for a seated viewer each card is a part named by the card
    (`display:g2`): copies are alike, so either of two g2 cards makes `take g2`."""
    title = _heading("money_display", lang)
    parts = [_text(0, LABEL_SIZE, title, weight="bold")]
    w, h = DISPLAY_CARD
    top = LABEL_SIZE + 8
    cards = view.get("money_display", [])
    keys = _keyed_cards(cards, "d", ' data-from="alh-supply"')
    for i, card in enumerate(cards):
        x = i * (w + 10)
        parts.append(keys[i] + _card(str(card.get("currency", "")), card.get("value", "?"), x,
                                     top, w, h, lang) + "</g>")
        if seated:
            parts.append(_part(f"display:{card_name(card)}", x, top, w, h, rx=4,
                               ident=f"alh-p-display-{i}"))
    if not cards:
        parts.append(_text(0, top + h / 2, t("empty", lang), fill=MUTED_INK))
    return _Block(AREA_WIDTH - 2 * PAD, top + h, parts)


def _supply(view: View, lang: str | None = None) -> _Block:
    """Deck, bag and discard counts, the scoring cards drawn, and past scoring rounds: each
    round a small table of who got how many points (by name)."""
    width = AREA_WIDTH - 2 * PAD
    parts = [_text(0, LABEL_SIZE, t("svg.supply", lang), weight="bold")]
    lines = [
        t("svg.deck", lang, cards=counted("svg.cards", int(view.get("deck", 0) or 0), lang)),
        t("svg.discard", lang, cards=counted("svg.cards", len(view.get("discard", [])), lang)),
        t("svg.bag", lang, tiles=counted("svg.tiles", int(view.get("bag", 0) or 0), lang)),
    ]
    y = LABEL_SIZE + 6
    for line in lines:
        y += LABEL_SIZE + 6
        parts.append(_text(0, y, clip(line, LABEL_SIZE, width), class_="supply"))
    y += 12
    drawn = set(view.get("scoring_cards_drawn", []))
    for i, name in enumerate(("A", "B")):
        x = i * (width / 2)
        is_drawn = name in drawn
        parts.append(_el("rect", class_="scoring-card", data_card=name,
                         data_drawn="yes" if is_drawn else "no", x=x, y=y, width=24, height=32,
                         rx=3, fill=SCORING_CARD_FILL if is_drawn else "none",
                         stroke=SCORING_CARD_FILL, stroke_width=1.2,
                         stroke_dasharray=None if is_drawn else "3 2"))
        parts.append(_text(x + 12, y + 21, name, size=LABEL_SIZE, anchor="middle", weight="bold",
                           fill=HEADER_INK if is_drawn else SCORING_CARD_FILL))
        parts.append(_text(x + 30, y + 21, t("svg.drawn" if is_drawn else "svg.in_deck", lang),
                           size=LABEL_SIZE, fill=INK if is_drawn else MUTED_INK))
    y += 32
    if view.get("scorings"):
        height, rounds = _scoring_rounds(view.get("scorings", []), list(view.get("names") or []),
                                         lang_of(lang))
        parts.append(f'<g transform="translate(0,{_num(y)})">{rounds}</g>')
        y += int(height)
    return _Block(width, y + 6, parts)


@by_data(maxsize=256)
def _scoring_rounds(scorings: list[Any], names: list[str], lang: str) -> tuple[float, str]:
    """Past scoring rounds, each a small table of who got how many points (by name); drawn
    once per round and viewer (three times a game)."""
    width = AREA_WIDTH - 2 * PAD
    parts: list[str] = []
    y = 0.0
    for scoring in scorings:
        y += 12
        parts.append(f'<g class="scoring-round" data-round="{_attr(str(scoring.get("round")))}">')
        y += LABEL_SIZE + 4
        parts.append(_el("rect", x=0, y=y - LABEL_SIZE - 4, width=width, height=LABEL_SIZE + 8,
                         rx=3, fill=SCORING_CARD_FILL))
        parts.append(_text(6, y, t("announce.title", lang, round=scoring.get("round")),
                           size=LABEL_SIZE, fill=HEADER_INK, weight="bold",
                           class_="scoring-title"))
        y += 4
        rows: list[tuple[str, int]] = [
            (names[i] if i < len(names) else t("seat", lang, seat=i), int(p.get("total", 0)))
            for i, p in enumerate(scoring.get("points", []))]
        dirk = scoring.get("dirk")
        if dirk:
            rows.append((t("area.dirk", lang), int(dirk.get("total", 0))))
        best = max((total for _, total in rows), default=0)
        for who, total in rows:
            y += LABEL_SIZE + 6
            points = counted("svg.points", total, lang)
            bold = "bold" if total == best and best > 0 else None
            parts.append(_text(6, y, clip(who, LABEL_SIZE, width - 110), size=LABEL_SIZE,
                               weight=bold, class_="scoring-who"))
            parts.append(_text(width - 6, y, f"+{points}", size=LABEL_SIZE, anchor="end",
                               weight=bold, class_="scoring-points"))
        parts.append("</g>")
    return y, "".join(parts)


@lru_cache(maxsize=8)
def _legend_parts(lang: str) -> tuple[float, str]:
    """The legend never changes within a language: drawn once. Each building type with its
    colour and glyph, each currency with its colour, letter and symbol, and a wall."""
    width = AREA_WIDTH - 2 * PAD
    col = width / 2
    parts: list[str] = [_text(0, LABEL_SIZE, t("svg.buildings", lang), weight="bold")]
    y = LABEL_SIZE + 8
    kinds = (*BUILDING_TYPES, "fountain")
    for i, kind in enumerate(kinds):
        x, top = (i % 2) * col, y + (i // 2) * 34
        parts.append(_el("rect", x=x, y=top, width=28, height=28, rx=3, fill=TYPE_FILL[kind],
                         stroke=TILE_STROKE, stroke_width=0.8))
        parts.append(_glyph(kind, x + 14, top + 14, 9, TYPE_INK[kind]))
        parts.append(_text(x + 36, top + 19, clip(type_name(kind, lang), LABEL_SIZE, col - 40),
                           size=LABEL_SIZE))
    i = len(kinds)  # the wall takes the place after the fountain
    x, top = (i % 2) * col, y + (i // 2) * 34
    parts.append(_el("rect", x=x, y=top, width=28, height=28, rx=3, fill=TYPE_FILL["chambers"],
                     stroke=TILE_STROKE, stroke_width=0.8))
    w = 28 * WALL_RATIO * 48 / 28
    parts.append(_el("line", x1=x, y1=top + w / 2, x2=x + 28, y2=top + w / 2, stroke=WALL_COLOUR,
                     stroke_width=w))
    parts.append(_text(x + 36, top + 19, t("svg.wall", lang), size=LABEL_SIZE))
    y += ((len(kinds) + 2) // 2) * 34 + 10
    parts.append(_text(0, y + LABEL_SIZE, t("svg.money", lang), weight="bold"))
    y += LABEL_SIZE + 8
    for i, currency in enumerate(CURRENCIES):
        x, top = (i % 2) * col, y + (i // 2) * 50
        parts.append(_card(currency, "", x, top, 30, 42, lang))
        parts.append(_text(x + 38, top + 26,
                           clip(f"{money_letter(currency, lang)} = {currency_name(currency, lang)}",
                                LABEL_SIZE, col - 40), size=LABEL_SIZE))
    y += 2 * 50
    return y, "".join(parts)


def _legend(lang: str) -> _Block:
    height, drawn = _legend_parts(lang)
    return _Block(AREA_WIDTH - 2 * PAD, height, [drawn])


def sort_cards(cards: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """By currency (the market's order), then value: how a player holds a hand."""
    order = {c: i for i, c in enumerate(CURRENCIES)}
    return sorted(cards, key=lambda c: (order.get(str(c.get("currency")), 99),
                                        int(c.get("value", 0))))


_HAND_KEYS = ("hand", "hand_count", "seat", "hand_total")


@by_data(maxsize=1024)
def _alhambra_drawn(cells: Sequence[Mapping[str, Any]], seat: int, lang: str,
                    mine: bool) -> _Block:
    """An Alhambra from exactly what it shows: it changes on a placement, not on every
    payment that redraws its seat's area."""
    return _alhambra(cells, seat, lang, mine)


def _hand(seat: Mapping[str, Any], lang: str, mine: bool = False) -> _Block:
    """The hand from exactly what it shows (`_hand_drawn`): a seat's area is drawn again on
    most moves (its money, its reserve, its Alhambra), its parts seldom all at once."""
    return _hand_drawn({k: seat[k] for k in _HAND_KEYS if k in seat}, lang, mine)


@by_data(maxsize=1024)
def _hand_drawn(seat: Mapping[str, Any], lang: str, mine: bool = False) -> _Block:
    """A hand, or only its size when hidden; in the viewer's own hand (`mine`) every card is
    a part named by the card (`hand:g4`, as many as there are copies). Cards wrap in rows of
    HAND_PER_ROW (never smaller than 44x64 on a phone)."""
    w, h = HAND_CARD
    width = AREA_WIDTH - 2 * PAD
    hand = seat.get("hand")
    count = int(seat.get("hand_count", 0) or 0)
    parts: list[str] = []
    if hand is None:
        parts += _card_back(0, 0, 30, 42)
        parts.append(_text(40, 26, clip(t("svg.hidden", lang,
                                             cards=counted("svg.cards", count, lang)),
                                        LABEL_SIZE, width - 40), class_="hand-count"))
        return _Block(width, 42, parts)
    cards = sort_cards(hand)
    gap = (width - HAND_PER_ROW * w) / (HAND_PER_ROW - 1)
    keys = _keyed_cards(cards, str(seat.get("seat", 0)), ' data-to="alh-supply"')
    for i, card in enumerate(cards):
        x, y = (i % HAND_PER_ROW) * (w + gap), (i // HAND_PER_ROW) * (h + 6)
        parts.append(keys[i] + _card(str(card.get("currency", "")), card.get("value", "?"), x,
                                     y, w, h, lang) + "</g>")
        if mine:
            parts.append(_part(f"hand:{card_name(card)}", x, y, w, h, rx=4,
                               ident=f"alh-p-hand-{i}"))
    rows = (len(cards) + HAND_PER_ROW - 1) // HAND_PER_ROW
    y = rows * (h + 6) + LABEL_SIZE
    totals = {c: sum(int(k.get("value", 0)) for k in cards if k.get("currency") == c)
              for c in CURRENCIES}
    summary = " ".join(f"{money_letter(c, lang)}{v}" for c, v in totals.items() if v)
    total = seat.get("hand_total")
    if total is None:
        total = sum(totals.values())
    label = t("svg.hand_total", lang, cards=counted("svg.cards", len(cards), lang),
              total=total) + (f" ({summary})" if summary else "")
    parts.append(_text(0, y, clip(label, LABEL_SIZE, width), class_="hand-count"))
    return _Block(width, y + 4, parts)


@dataclass(frozen=True)
class _Area:
    """One area of the table (see `areas`): its drawing at the origin, and what the page
    needs to place it. A seat's frame (whose turn) is added when the area is put out."""

    id: str
    kind: str
    title: str
    width: float
    height: float
    body: str
    seat: int | None = None
    summary: str | None = None

    def svg(self) -> str:
        """The area as a standalone SVG document (no size: the page sets it)."""
        w, h = _num(self.width), _num(self.height)
        wide = f' data-min-width="{w}"' if self.width > AREA_WIDTH else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
                f'font-family="{_attr(FONT_FAMILY)}" class="alh-area" '
                f'data-area="{self.id}"{wide}>{self.body}</svg>')

    def entry(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "title": self.title}
        if self.kind == "seat":
            out["seat"] = self.seat
            out["summary"] = self.summary or ""
        if self.width > WIDE_AREA:
            out["wide"] = True
        out["svg"] = self.svg()
        return out


def _frame(width: float, height: float, active: bool, fill: str = PANEL_FILL) -> str:
    return _el("rect", class_="panel", x=1, y=1, width=width - 2, height=height - 2, rx=6,
               fill=fill, stroke=ACTIVE_STROKE if active else PANEL_STROKE,
               stroke_width=3 if active else 1)


def _section(title: str, y: float, inert: bool = False) -> tuple[str, float]:
    """A small heading inside an area; returns it and the y under it."""
    y += LABEL_SIZE + 10
    return _text(PAD, y, title, size=LABEL_SIZE, fill=MUTED_INK, weight="bold",
                 inert=inert), y + 8


@dataclass(frozen=True)
class _SeatBody:
    """A seat's area without its heading: drawn once per change of what it shows."""

    width: float
    height: float
    body: str


@by_data(maxsize=1024)
def _seat_body(seat: Mapping[str, Any], mine: bool, lang: str) -> _SeatBody:
    """A player's hand, tiles to place, reserve, buildings and Alhambra, one under the other
    (a phone's column). On the viewer's own area the hand cards, the reserve (its area and its
    tiles), the tiles to place and the Alhambra's tiles and free places are parts."""
    number = int(seat.get("seat", 0))
    inner = AREA_WIDTH - 2 * PAD
    out: list[str] = []
    y = 0.0
    head, y = _section(_heading("hand", lang), y)
    out.append(head)
    hand = _hand(seat, lang, mine)
    out.append(hand.at(PAD, y, f"alh-hand-{number}"))
    y += hand.height
    for title, key in ((t("svg.bought", lang), "pending"),
                       (_heading("seat.reserve", lang), "reserve")):
        tiles = seat.get(key, [])
        if not tiles and key == "pending":
            continue
        top = y
        head, y = _section(title, y, inert=mine)
        if mine and key == "reserve":
            # my reserve's own part is the band of its heading, above its tiles (each a part
            # of its own): a tap anywhere on the band puts a tile there
            out.append(_part("reserve", 2, top + 4, AREA_WIDTH - 4, PART_MIN + 2, rx=4))
            if not tiles:
                out.append(head)
                out.append(_text(PAD + text_width(title, LABEL_SIZE) + 12, top + LABEL_SIZE + 10,
                                 t("empty", lang), size=LABEL_SIZE, fill=MUTED_INK, inert=True))
                y = top + PART_MIN + 8
                continue
            y = top + PART_MIN + 10
        out.append(head)
        if tiles:
            row = _tile_row(tiles, SMALL_TILE, SMALL_TILES_PER_ROW, lang, mine)
            out.append(f'<g class="{key}" id="alh-{key}-{number}">{row.at(PAD, y)}</g>')
            y += row.height
        else:
            y += LABEL_SIZE
            out.append(_text(PAD, y, t("empty", lang), size=LABEL_SIZE, fill=MUTED_INK))
    head, y = _section(t("svg.buildings", lang), y + 4)
    out.append(head)
    counts = _counts(seat.get("counts", {}), inner)
    out.append(counts.at(PAD, y))
    y += counts.height + LABEL_SIZE + 8
    out.append(_text(PAD, y, t("svg.longest_wall", lang, wall=seat.get("longest_wall", 0)),
                     class_="wall-len"))
    y += 12
    grid = _alhambra_drawn(seat.get("alhambra", []), number, lang, mine)
    out.append(grid.at(max(0.0, (AREA_WIDTH - grid.width) / 2), y))
    y += grid.height + PAD
    return _SeatBody(max(AREA_WIDTH, grid.width), y, "".join(out))


def _seat_summary(seat: Mapping[str, Any], lang: str) -> str:
    counts = seat.get("counts", {}) or {}
    built = sum(int(counts.get(k, 0) or 0) for k in BUILDING_TYPES)
    return _summary_words(int(seat.get("score", 0) or 0), int(seat.get("hand_count", 0) or 0),
                          built, int(seat.get("longest_wall", 0) or 0), lang)


@lru_cache(maxsize=1024)
def _summary_words(score: int, cards: int, built: int, wall: int, lang: str) -> str:
    return t("area.summary", lang, points=counted("svg.points", score, lang),
             cards=counted("svg.cards", cards, lang), buildings=counted("svg.built", built, lang),
             wall=wall)


@lru_cache(maxsize=1024)
def _seat_head(number: int, name: str, score: object, active: bool, width: float,
               height: float, lang: str, shown: int) -> str:
    """A seat's frame and heading: its token (colour and `shown` number), name, score and
    whether it is to act (drawn once per change of these, apart from the body)."""
    score_text = t("seat.score", lang, score=score)
    score_w = text_width(score_text, TITLE_SIZE)
    token = 24  # the token's room before the name
    parts = [f'<g class="seat" data-seat="{number}" id="alh-seat-{number}">',
             _frame(width, height, active),
             seat_token(PAD + 10, 17, 10, SEAT_PALETTE[number % len(SEAT_PALETTE)], number,
                        shown),
             _text(PAD + token, 22,
                   clip(name, TITLE_SIZE, AREA_WIDTH - 3 * PAD - token - score_w),
                   size=TITLE_SIZE, weight="bold", class_="seat-name"),
             _text(AREA_WIDTH - PAD, 22, score_text, size=TITLE_SIZE, weight="bold",
                   anchor="end", class_="score")]
    if active:
        parts.append(_text(PAD, 42, t("seat.active", lang).strip(), size=LABEL_SIZE,
                           fill=ACTIVE_STROKE, weight="bold", class_="to-act"))
    return "".join(parts)


def _seat_area(view: View, seat: Mapping[str, Any], lang: str, marks: bool) -> _Area:
    """One player's area: name, score and (`marks`) whose turn, then the body
    (`_seat_body`). The page marks whose turn it is itself (its `to-act` areas): without the
    mark an area changes only when its seat's things do, not on every turn."""
    number = int(seat.get("seat", 0))
    mine = view.get("seat") == number
    active = marks and (number in view.get("to_act", []) or (
        view.get("phase") != "over" and view.get("current") == number))
    drawn = _seat_body(seat, mine, lang)
    name = _seat_name(view, number, lang)
    head = 46 if active else 30
    height = head + drawn.height
    # people count seats from 1 where they are named; the CLI's unnamed seats keep the
    # notation's numbers
    shown = number + 1 if seat_name(view, number) is not None else number
    body = "".join((_seat_head(number, name, seat.get("score", 0), active, drawn.width, height,
                               lang, shown),
                    f'<g transform="translate(0,{head})">', drawn.body, "</g></g>"))
    return _Area(f"seat-{number}", "seat", name, drawn.width, height, body, seat=number,
                 summary=_seat_summary(seat, lang))


@by_data(maxsize=1024)
def _dirk_area(dirk: Mapping[str, Any], lang: str, seated: bool) -> _Area:
    """Dirk, the neutral player of a 2-player game; for a seated viewer the whole area is
    the part `dirk` (his tiles are not clickable, so it lies on top)."""
    inner = AREA_WIDTH - 2 * PAD
    tiles = _tile_row(dirk.get("tiles", []), SMALL_TILE, SMALL_TILES_PER_ROW, lang)
    counts = _counts(dirk.get("counts", {}), inner)
    height = 34 + counts.height + 12 + tiles.height + PAD
    score = t("seat.score", lang, score=dirk.get("score", 0))
    parts = [
        _frame(AREA_WIDTH, height, False),
        _text(PAD, 22, clip(t("dirk.title", lang), TITLE_SIZE,
                            inner - text_width(score, TITLE_SIZE) - PAD),
              size=TITLE_SIZE, weight="bold"),
        _text(AREA_WIDTH - PAD, 22, score, size=TITLE_SIZE, weight="bold", anchor="end",
              class_="score"),
        counts.at(PAD, 34),
        tiles.at(PAD, 34 + counts.height + 12),
    ]
    if seated:
        parts.append(_part("dirk", 0, 0, AREA_WIDTH, height, rx=6))
    body = "".join(('<g class="dirk" id="alh-dirk">', *parts, "</g>"))
    return _Area("dirk", "shared", t("area.dirk", lang), AREA_WIDTH, height, body)


def breakdown_categories(breakdown: Sequence[Mapping[str, Any]]) -> list[str]:
    """Score-pad columns in a stable order: building types, walls, then anything else."""
    seen: list[str] = []
    for row in breakdown:
        for key in row:
            if key not in seen:
                seen.append(key)
    known = [k for k in (*BUILDING_TYPES, "walls") if k in seen]
    return known + [k for k in seen if k not in known]


def leftover_lines(view: View, lang: str | None = None) -> list[str]:
    """Who received the tiles left on the market at the end (the most money of that currency)."""
    currency = {m.get("space"): str(m.get("currency", "")) for m in view.get("market", [])}
    lines = []
    for item in view.get("leftovers") or []:
        space = item.get("space")
        name = currency.get(space, "")
        money = (t("money", lang, amount=item.get("amount"),
                   currency=t(f"currency_pl.{name}", lang))
                 if name in CURRENCIES else f"{item.get('amount')} {name}".strip())
        lines.append(t("outcome.leftover", lang, tile=item.get("tile"), space=space,
                       who=_seat_name(view, int(item.get("seat", 0)), lang), money=money))
    return lines


def _outcome(view: View, outcome: Mapping[str, Any], lang: str | None = None) -> _Block:
    """The final table for a phone: a block per player (place, name, points), and under it
    each category's points beside its glyph; then Dirk and the tiles left on the market."""
    width = AREA_WIDTH - 2 * PAD
    scores = list(outcome.get("scores", []))
    ranks = list(outcome.get("ranks", []))
    winners = set(outcome.get("winners", []))
    breakdown = list(outcome.get("breakdown", []))
    cats = breakdown_categories(breakdown)
    names = [_seat_name(view, i, lang) for i in range(len(scores))]
    parts = [_text(0, 20, _capital(t("header.over", lang)), size=TITLE_SIZE + 2,
                   weight="bold")]
    y = 20.0
    if winners:
        win_text = t("svg.winner" if len(winners) == 1 else "svg.shared", lang)
        win_text += ", ".join(names[i] for i in sorted(winners) if i < len(names))
        for line in _wrap(win_text, TITLE_SIZE, width):
            y += TITLE_SIZE + 6
            parts.append(_text(0, y, line, size=TITLE_SIZE, fill=ACTIVE_STROKE,
                               weight="bold", class_="winners"))
    y += 10
    per_row = max(1, min(len(cats), 4))
    cell = width / per_row
    order = sorted(range(len(scores)), key=lambda i: (ranks[i] if i < len(ranks) else 99, i))
    for i in order:
        score = scores[i]
        row = breakdown[i] if i < len(breakdown) else {}
        lines = (len(cats) + per_row - 1) // per_row
        block_h = 28 + lines * 26 + 4
        parts.append(_el("rect", class_="winner-row" if i in winners else "outcome-row",
                         x=-4, y=y, width=width + 8, height=block_h, rx=4,
                         fill=WINNER_FILL if i in winners else BACKGROUND))
        rank = ranks[i] if i < len(ranks) else ""
        points = counted("svg.points", int(score), lang) if isinstance(score, int) \
            else _num(score)
        place = (ordinal(int(rank), lang) + " ") if isinstance(rank, int) else ""
        who = ("★ " if i in winners else "") + names[i]
        parts.append(_text(width, y + 20, points, size=LABEL_SIZE + 1, weight="bold",
                           anchor="end", class_="outcome-cell"))
        # the seat's token (its colour and number, as on its area and the page's swatch)
        shown = i + 1 if seat_name(view, i) is not None else i
        parts.append(seat_token(10, y + 15, 10, SEAT_PALETTE[i % len(SEAT_PALETTE)], i, shown))
        parts.append(_text(24, y + 20, clip(place + who, LABEL_SIZE + 1,
                                            width - text_width(points, LABEL_SIZE + 1) - 32),
                           size=LABEL_SIZE + 1, weight="bold", class_="outcome-name"))
        for k, cat in enumerate(cats):
            cx, cy = (k % per_row) * cell, y + 28 + (k // per_row) * 26
            if cat in TYPE_FILL:
                parts.append(_el("rect", x=cx, y=cy, width=20, height=20, rx=3,
                                 fill=TYPE_FILL[cat], stroke=TILE_STROKE, stroke_width=0.8))
                parts.append(_glyph(cat, cx + 10, cy + 10, 7, TYPE_INK[cat]))
                label = str(row.get(cat, ""))
            elif cat == "walls":
                parts.append(_el("rect", x=cx, y=cy, width=20, height=20, rx=3,
                                 fill=TYPE_FILL["chambers"], stroke=TILE_STROKE,
                                 stroke_width=0.8))
                parts.append(_el("line", x1=cx, y1=cy + 3, x2=cx + 20, y2=cy + 3,
                                 stroke=WALL_COLOUR, stroke_width=6))
                label = str(row.get(cat, ""))
            else:
                label = f"{category_name(cat, lang)} {row.get(cat, '')}"
                cx -= 24
            parts.append(_text(cx + 24, cy + 15, clip(label, LABEL_SIZE, cell - 26),
                               size=LABEL_SIZE, class_="outcome-cell"))
        y += block_h + 6
    notes: list[str] = []
    dirk = view.get("dirk")
    if dirk:
        notes.append(t("outcome.dirk", lang,
                       points=counted("svg.points", int(dirk.get("score", 0) or 0), lang)))
    notes += leftover_lines(view, lang)
    for note in notes:
        y += 4
        for line in _wrap(note, LABEL_SIZE, width):
            y += LABEL_SIZE + 5
            parts.append(_text(0, y, line, size=LABEL_SIZE, fill=MUTED_INK,
                               class_="outcome-note"))
    return _Block(width, y + 8, ['<g class="outcome">', *parts, "</g>"])


def _status_lines(view: View, lang: str) -> tuple[str, ...]:
    """Whose turn and what happens now, in two short lines (a phone's width)."""
    phase = str(view.get("phase", ""))
    who = tuple(_seat_name(view, int(s), lang) for s in view.get("to_act") or [])
    return _status_words(phase, view.get("turn", 0), who, view.get("actions_this_turn", 0),
                         lang)


@lru_cache(maxsize=1024)
def _status_words(phase: str, turn: object, who: tuple[str, ...], actions: object,
                  lang: str) -> tuple[str, ...]:
    if phase == "over":
        return (t("svg.status_over", lang, turn=turn, over=t("header.over", lang)),)
    return (t("svg.status_turn", lang, turn=turn, who=", ".join(who) or t("nobody", lang)),
            _capital(t("svg.status_phase", lang, phase=_phase_name(phase, lang),
                       actions=actions)))


# the shared areas from exactly what they show: the market, the display and the supply change
# on a few moves of a turn, not on every push (the cached blocks are shared: never changed)
_SUPPLY_KEYS = ("deck", "discard", "bag", "scoring_cards_drawn", "scorings")


@by_data(maxsize=1024)
def _market_drawn(market: list[Any], cards: list[Any], lang: str,
                  seated: bool) -> tuple[str, float]:
    top = _market({"market": market}, lang, seated)
    display = _display({"money_display": cards}, lang, seated)
    return (f'<g class="market" id="alh-market">{top.at(PAD, 0)}</g>'
            f'<g class="money-display" id="alh-money-display">'
            f'{display.at(PAD, top.height + GAP)}</g>'), top.height + GAP + display.height


@by_data(maxsize=1024)
def _supply_drawn(supply: dict[str, Any], lang: str) -> tuple[float, str]:
    block = _supply(supply, lang)
    return block.height, f'<g class="supply" id="alh-supply">{block.at(PAD, 0)}</g>'


def _market_area(view: View, lang: str) -> _Area:
    """The market and the money display, under the turn's status (what is acted on most)."""
    seated = view.get("seat") is not None
    drawn, height = _market_drawn(view.get("market", []), view.get("money_display", []), lang,
                                  seated)
    lines = _status_lines(view, lang)
    status = _status_drawn(lines)
    y = 4 + len(lines) * (LABEL_SIZE + 6) + 12
    body = "".join((status, f'<g transform="translate(0,{_num(y)})">', drawn, "</g>"))
    return _Area("market", "shared", t("area.market", lang), AREA_WIDTH, y + height + PAD,
                 body)


@lru_cache(maxsize=1024)
def _status_drawn(lines: tuple[str, ...]) -> str:
    return "".join(_text(PAD, 4 + (i + 1) * (LABEL_SIZE + 6),
                         clip(line, LABEL_SIZE, AREA_WIDTH - 2 * PAD), size=LABEL_SIZE,
                         weight="bold", class_="status") for i, line in enumerate(lines))


def _supply_area(view: View, lang: str) -> _Area:
    """The supply's counts (drawn once per change of them), then the scoring rounds (drawn
    once per round and viewer: they name the players)."""
    supply = {k: view[k] for k in _SUPPLY_KEYS if k in view and k != "scorings"}
    height, body = _supply_drawn(supply, lang)
    if view.get("scorings"):
        names = [_seat_name(view, i, lang) for i in range(len(view.get("seats", [])))]
        rounds_h, rounds = _scoring_rounds(view["scorings"], names, lang)
        body = (body[:-4] + f'<g transform="translate({PAD},{_num(height - 6)})">{rounds}</g>'
                + "</g>")
        height += rounds_h
    return _Area("supply", "shared", t("svg.supply", lang), AREA_WIDTH, height + 4 + PAD,
                 f'<g transform="translate(0,4)">{body}</g>')


def _legend_area(lang: str) -> _Area:
    legend = _legend(lang)
    return _Area("legend", "info", t("area.legend", lang), AREA_WIDTH, legend.height + 4 + PAD,
                 legend.at(PAD, 4, "alh-legend"))


def _outcome_area(view: View, outcome: Mapping[str, Any], lang: str) -> _Area:
    block = _outcome(view, outcome, lang)
    return _Area("outcome", "info", t("area.outcome", lang), AREA_WIDTH,
                 block.height + 8 + PAD, block.at(PAD, 8, "alh-outcome"))


def _areas(view: dict[str, Any], lang: str, marks: bool = False) -> list[_Area]:
    """The table's areas in the order a player needs them: the outcome first at the end;
    while I place tiles, my own area (and Dirk) first; otherwise the market first, then my
    area; then the other players, the supply, Dirk and the legend."""
    me = view.get("seat")
    seats = [_seat_area(view, seat, lang, marks) for seat in view.get("seats", [])]
    mine = [a for a in seats if a.seat == me]
    others = [a for a in seats if a.seat != me]
    market = _market_area(view, lang)
    supply = _supply_area(view, lang)
    dirk = [_dirk_area(view["dirk"], lang, me is not None)] if view.get("dirk") else []
    legend = _legend_area(lang)
    outcome = view.get("outcome")
    if outcome:
        return [_outcome_area(view, outcome, lang), *mine, *others, *dirk, market, supply,
                legend]
    placing = (me is not None and view.get("phase") == "placement"
               and me in (view.get("to_act") or []))
    if placing:
        return [*mine, *dirk, market, *others, supply, legend]
    return [market, *mine, *others, supply, *dirk, legend]


def areas(view: dict[str, Any], lang: str | None = None,
          names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The table as separate areas for the page (the areas contract, docs/API.md): each a
    standalone SVG at most 360 units wide (a growing Alhambra sets data-min-width), with its
    id, kind, title and, for a seat, a one-line summary for the compact row. Whose turn it is
    the page shows from the payload's `to_act`, not the drawing (`svg` draws it)."""
    lang = lang_of(lang)
    return [area.entry() for area in _areas(with_names(view, names), lang)]


def svg(view: dict[str, Any], lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The whole table as seen by `view`: a standalone SVG document, the areas one under the
    other under a title bar (the CLI's `herna render`, API clients).

    The words are in `lang` ("en", "cs", "sk"), by default the current language. A seated
    view draws the seat's clickable parts (`data-part`, see `web.py`); the main groups carry
    ids (`alh-...`) so a browser can morph one drawing into the next.
    """
    lang = lang_of(lang)
    view = with_names(view, names)
    drawn = _areas(view, lang, marks=True)
    width = max(area.width for area in drawn) + 2 * PAD
    title = t("header.title", lang)
    if view.get("seat") is not None:
        title = t("svg.view_of", lang, title=title, who=seat_name(view, int(view["seat"]))
                  or t("seat", lang, seat=int(view["seat"])))
    else:
        title = t("svg.spectator", lang, title=title)
    y: float = HEADER_HEIGHT + PAD
    body: list[str] = []
    for area in drawn:
        body.append(f'<g id="alh-area-{area.id}" transform="translate({PAD},{_num(y)})">'
                    f'{area.body}</g>')
        y += area.height + GAP
    height = y - GAP + PAD
    w, h = _num(width), _num(height)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{_attr(FONT_FAMILY)}">',
        f"<title>{_esc(title)}</title>",
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="{BACKGROUND}"/>',
        f'<rect id="alh-header" x="0" y="0" width="{w}" height="{HEADER_HEIGHT}" '
        f'fill="{HEADER_FILL}"/>',
        _text(PAD, 23, clip(title, TITLE_SIZE, width - 2 * PAD), size=TITLE_SIZE,
              fill=HEADER_INK, weight="bold"),
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


forgettable(_part.cache_clear, _tile_body.cache_clear, _card.cache_clear, _card_back.cache_clear,
            _count_swatches.cache_clear, _axes.cache_clear, _slot.cache_clear,
            _summary_words.cache_clear, _seat_head.cache_clear,
            _status_words.cache_clear, _status_drawn.cache_clear, _glyph.cache_clear,
            _money_symbol.cache_clear, _legend_parts.cache_clear)
