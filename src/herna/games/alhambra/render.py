"""Alhambra as a standalone SVG, drawn from a view only (pure: no I/O, no engine state).

Everything a seat may know is on the picture: the market, the money display, the supplies,
each player's Alhambra (with walls and coordinates to type `place` moves), their reserve,
pending tiles, hand (or only the card count when hidden), Dirk, and the final outcome.
Layout is computed from the view, so any Alhambra extent and 2-6 players fit; the same view
always gives byte-identical output (the web client and golden tests rely on that).
The words follow the current language (`herna.i18n`: en, cs, sk), or `svg(view, lang=...)`,
through the game's own table in `i18n`; what players type (card letters, tile ids,
coordinates) never changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ...drawing import by_data, seat_name, with_names
from .data import BUILDING_TYPES, CURRENCIES, CURRENCY_LETTERS
from .i18n import (
    category_name,
    counted,
    currency_name,
    lang_of,
    t,
    type_abbrev,
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
SLOT_STROKE = "#c9bca4"
CARD_BACK_FILL = "#7a4e2a"
CARD_BACK_INNER = "#b07c4b"
FOUNTAIN_WATER = "#5aa9d6"
WINNER_FILL = "#fff1c2"
SCORING_CARD_FILL = "#8c1c1c"

# ----- sizes (px) ---------------------------------------------------------------------
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
PAD = 12
GAP = 16
HEADER_HEIGHT = 34
TITLE_SIZE = 16
LABEL_SIZE = 12
SMALL_SIZE = 10
GRID_TILE = 54           # a tile in an Alhambra
MARKET_TILE = 66         # a tile on the market
SMALL_TILE = 38          # reserve, pending and Dirk's tiles
WALL_RATIO = 0.11        # wall thickness relative to the tile side
DISPLAY_CARD = (36, 52)  # money display card (w, h)
HAND_CARD = (24, 34)     # hand card (w, h)
HAND_PER_ROW = 11
SMALL_TILES_PER_ROW = 7
INFO_WIDTH = 300         # the left column of a player panel
COORD_MARGIN = 22        # room for the axis labels around an Alhambra
PANEL_COLUMNS = 2        # player panels per row
OUTCOME_COLUMN = 66
CHAR_WIDTH = 0.6         # text width estimate, in em


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


def _attrs(attrs: Mapping[str, object]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        text = _num(value) if isinstance(value, int | float) and not isinstance(value, bool) \
            else str(value)
        out.append(f' {key.rstrip("_").replace("_", "-")}="{_attr(text)}"')
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


def _text_width(s: str, size: float) -> float:
    return len(s) * size * CHAR_WIDTH


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


# ----- pieces ---------------------------------------------------------------------------
# A redraw after every move for every seat draws the same 55 tiles and 36 cards over and
# over: each is drawn once per look (size, language) and kept.
@lru_cache(maxsize=4096)
def _tile_body(tid: object, kind: str, price: object, walls: str, size: float,
               lang: str) -> str:
    """A square tile at the origin: type colour, walls as thick lines inside the walled
    sides, price, type and number."""
    fill = TYPE_FILL.get(kind, UNKNOWN_FILL)
    ink = TYPE_INK.get(kind, UNKNOWN_INK)
    parts = [_el("rect", class_="tile", data_id=tid, data_type=kind, x=0, y=0, width=size,
                 height=size, rx=2, fill=fill, stroke=TILE_STROKE, stroke_width=1)]
    corner = max(7.0, size * 0.2)
    w = max(2.5, size * WALL_RATIO)
    sides = {
        "T": (0, w / 2, size, w / 2),
        "R": (size - w / 2, 0, size - w / 2, size),
        "B": (0, size - w / 2, size, size - w / 2),
        "L": (w / 2, 0, w / 2, size),
    }
    for side, (x1, y1, x2, y2) in sides.items():
        if side in walls:
            parts.append(_el("line", class_="wall", data_side=side, x1=x1, y1=y1, x2=x2, y2=y2,
                             stroke=WALL_COLOUR, stroke_width=w))

    def inset(side: str) -> float:
        """Keep corner text clear of a wall on that side."""
        return w + 2 if side in walls else 3

    if kind == "fountain":
        c = size / 2
        parts.append(_el("circle", class_="fountain-mark", cx=c, cy=c, r=size * 0.24,
                         fill="none", stroke=FOUNTAIN_WATER, stroke_width=max(1.5, size * 0.05)))
        parts.append(_el("circle", cx=c, cy=c, r=size * 0.09, fill=FOUNTAIN_WATER))
    else:
        parts.append(_text(inset("L"), inset("T") + corner * 0.8, price, size=corner, fill=ink,
                           weight="bold", class_="price"))
        parts.append(_text(size / 2, size / 2 + size * 0.09, type_abbrev(kind, lang),
                           size=size * 0.24, fill=ink, anchor="middle", class_="type"))
    parts.append(_text(size - inset("R"), size - inset("B") - 1, f"#{tid}",
                       size=corner * 0.8, fill=ink, anchor="end", class_="tile-id"))
    return "".join(parts)


def _tile(tile: Mapping[str, Any], x: float, y: float, size: float, lang: str,
          mine: bool = False, id_: str | None = None) -> str:
    """A tile placed at (x, y); on the viewer's own board (`mine`) a building tile is a part
    named `tile:ID`. The id (`alh-tile-ID`, fountains by seat) lets a redraw match it."""
    tid = tile.get("id", "?")
    body = _tile_body(tid, str(tile.get("type", "")), tile.get("price", ""),
                      str(tile.get("walls", "-")), size, lang)
    if mine and tid:
        body += _part(f"tile:{tid}", 0, 0, size, size)
    ident = _attr(id_ or f"alh-tile-{tid}")
    return (f'<g class="tile-group" data-id="{_attr(str(tid))}" id="{ident}" '
            f'transform="translate({_num(x)},{_num(y)})">{body}</g>')


@lru_cache(maxsize=4096)
def _card(currency: str, value: object, x: float, y: float, w: float, h: float,
          lang: str = "en") -> str:
    """A money card; kept by place too, since hands and the display reuse a few places.
    Its corner letter is the colour's initial in `lang` (b/g/o/y; m/z/o/ž), for colour-blind
    eyes; what players type stays the notation's letter (the move's own text)."""
    fill = CURRENCY_FILL.get(currency, UNKNOWN_FILL)
    ink = CURRENCY_INK.get(currency, UNKNOWN_INK)
    letter = money_letter(currency, lang)
    return "".join((
        _el("rect", class_="card", data_currency=currency, data_value=value, x=x, y=y,
            width=w, height=h, rx=3, fill=fill, stroke=INK, stroke_width=0.8),
        _text(x + 3, y + h * 0.26, letter, size=h * 0.22, fill=ink),
        _text(x + w / 2, y + h * 0.7, value, size=h * 0.42, fill=ink, anchor="middle",
              weight="bold"),
    ))


def money_letter(currency: str, lang: str) -> str:
    """The money colour's initial as `lang` says it (the catalog's `letter.<currency>`)."""
    return word("letter", currency, lang, CURRENCY_LETTERS.get(currency, "?"))


def card_name(card: Mapping[str, Any]) -> str:
    """A card as the notation writes it: g4 (the part names `hand:g4`, `display:g4`)."""
    return f"{CURRENCY_LETTERS.get(str(card.get('currency', '')), '?')}{card.get('value', '?')}"


def _card_back(x: float, y: float, w: float, h: float) -> list[str]:
    return [
        _el("rect", class_="card-back", x=x, y=y, width=w, height=h, rx=3,
            fill=CARD_BACK_FILL, stroke=INK, stroke_width=0.8),
        _el("rect", x=x + 3, y=y + 3, width=w - 6, height=h - 6, rx=2, fill="none",
            stroke=CARD_BACK_INNER, stroke_width=1),
    ]


def _tile_row(tiles: Sequence[Mapping[str, Any]], size: float, per_row: int, lang: str,
              mine: bool = False) -> _Block:
    """Tiles in wrapped rows (reserve, pending, Dirk)."""
    step = size + 4
    parts = [_tile(tile, (i % per_row) * step, (i // per_row) * step, size, lang, mine)
             for i, tile in enumerate(tiles)]
    rows = (len(tiles) + per_row - 1) // per_row
    return _Block(min(len(tiles), per_row) * step, rows * step, parts)


def _counts(counts: Mapping[str, Any], width: float) -> _Block:
    """Building counts per type as coloured swatches with numbers."""
    numbers = tuple(int(counts.get(kind, 0) or 0) for kind in BUILDING_TYPES)
    return _Block(width, 16, [_count_swatches(numbers, width)])


@lru_cache(maxsize=1024)
def _count_swatches(numbers: tuple[int, ...], width: float) -> str:
    parts: list[str] = []
    step = width / len(BUILDING_TYPES)
    sw = 16
    for i, (kind, n) in enumerate(zip(BUILDING_TYPES, numbers, strict=True)):
        x = i * step
        parts.append(_el("rect", class_="count", data_type=kind, x=x, y=0, width=sw, height=sw,
                         rx=2, fill=TYPE_FILL[kind], stroke=TILE_STROKE, stroke_width=0.8))
        parts.append(_text(x + sw + 4, sw - 3, n, size=LABEL_SIZE, weight="bold"))
    return "".join(parts)


def _alhambra(cells: Sequence[Mapping[str, Any]], seat: int, lang: str,
              mine: bool = False) -> _Block:
    """The grid with axis labels; empty places next to it are outlined with their coordinates,
    so a player can read off the text of a `place` move. On the viewer's own Alhambra
    (`mine`) every such place is a part `cell:X,Y` and every building tile a part `tile:ID`."""
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
    block = _Block(ox + cols * s + 4, oy + rows * s + 4)
    block.parts = [f'<g class="alhambra" data-seat="{seat}" id="alh-alhambra-{seat}">', *parts,
                   "</g>"]
    return block


@lru_cache(maxsize=256)
def _axes(x0: int, x1: int, y0: int, y1: int) -> str:
    """The coordinates along the top and down the left of an Alhambra."""
    s, ox, oy = GRID_TILE, COORD_MARGIN, COORD_MARGIN
    parts = [_text(ox + (gx - x0) * s + s / 2, oy - 7, gx, size=SMALL_SIZE, fill=MUTED_INK,
                   anchor="middle", class_="coord") for gx in range(x0, x1 + 1)]
    parts += [_text(ox - 5, oy + (gy - y0) * s + s / 2 + 4, gy, size=SMALL_SIZE,
                    fill=MUTED_INK, anchor="end", class_="coord") for gy in range(y0, y1 + 1)]
    return "".join(parts)


@lru_cache(maxsize=4096)
def _slot(x: int, y: int, px: float, py: float, mine: bool) -> str:
    """A free place next to an Alhambra, with its coordinates; on my own, a part."""
    s = GRID_TILE
    drawn = (f'<rect class="slot" x="{_num(px + 2)}" y="{_num(py + 2)}" width="{_num(s - 4)}" '
             f'height="{_num(s - 4)}" rx="3" fill="none" stroke="{SLOT_STROKE}" '
             'stroke-width="1" stroke-dasharray="3 3"/>'
             + _text(px + s / 2, py + s / 2 + 3, f"{x},{y}", size=SMALL_SIZE - 1,
                     fill=SLOT_STROKE, anchor="middle", class_="slot-coord"))
    if mine:
        drawn += _part(f"cell:{x},{y}", px + 2, py + 2, s - 4, s - 4, rx=3)
    return drawn


# ----- sections -------------------------------------------------------------------------
def _market(view: View, lang: str, seated: bool) -> _Block:
    """The four spaces; for a seated viewer each space is a part `market:N` (N = 1-4, as in
    `buy N ...`)."""
    parts = [_text(0, LABEL_SIZE, t("market.title", lang), weight="bold")]
    space_w = MARKET_TILE + 16
    top = LABEL_SIZE + 8
    band = 18
    h = band + MARKET_TILE + 34
    for i, space in enumerate(view.get("market", [])):
        x = i * (space_w + 8)
        number = space.get("space")
        currency = str(space.get("currency", ""))
        fill = CURRENCY_FILL.get(currency, UNKNOWN_FILL)
        parts.append(f'<g id="alh-market-{number}">')
        parts.append(_el("rect", class_="market-space", data_space=number,
                         data_currency=currency, x=x, y=top, width=space_w, height=h, rx=4,
                         fill=PANEL_FILL, stroke=fill, stroke_width=3))
        parts.append(_el("rect", x=x, y=top, width=space_w, height=band, rx=4, fill=fill))
        parts.append(_text(x + space_w / 2, top + 13,
                           f"{number} · {currency_name(currency, lang)}",
                           size=SMALL_SIZE + 1, fill=CURRENCY_INK.get(currency, UNKNOWN_INK),
                           anchor="middle", weight="bold"))
        tile = space.get("tile")
        ty = top + band + 6
        if tile:
            parts.append(_tile(tile, x + 8, ty, MARKET_TILE, lang))
            parts.append(_text(x + space_w / 2, ty + MARKET_TILE + 20,
                               t("svg.price", lang, price=tile.get("price")), size=LABEL_SIZE,
                               anchor="middle", weight="bold"))
        else:
            parts.append(_text(x + space_w / 2, ty + MARKET_TILE / 2, t("empty", lang),
                               size=LABEL_SIZE, fill=MUTED_INK, anchor="middle"))
        if seated:
            parts.append(_part(f"market:{number}", x, top, space_w, h, rx=4))
        parts.append("</g>")
    n = len(view.get("market", []))
    return _Block(max(n * (space_w + 8) - 8, 150), top + band + MARKET_TILE + 34, parts)


def _display(view: View, lang: str, seated: bool) -> _Block:
    """The money display; for a seated viewer each card is a part named by the card
    (`display:g2`): copies are alike, so either of two g2 cards makes `take g2`."""
    title = _heading("money_display", lang)
    parts = [_text(0, LABEL_SIZE, title, weight="bold")]
    w, h = DISPLAY_CARD
    top = LABEL_SIZE + 8
    cards = view.get("money_display", [])
    for i, card in enumerate(cards):
        x = i * (w + 6)
        parts.append(_card(str(card.get("currency", "")), card.get("value", "?"), x, top, w, h,
                           lang))
        if seated:
            parts.append(_part(f"display:{card_name(card)}", x, top, w, h, rx=3,
                               ident=f"alh-p-display-{i}"))
    if not cards:
        parts.append(_text(0, top + h / 2, t("empty", lang), fill=MUTED_INK))
    width = max(4 * (w + 6), _text_width(title, LABEL_SIZE))
    return _Block(width, top + h, parts)


def _supply(view: View, lang: str | None = None) -> _Block:
    """Deck, bag and discard counts, the scoring cards drawn, and past scoring rounds."""
    parts = [_text(0, LABEL_SIZE, t("svg.supply", lang), weight="bold")]
    lines = [
        t("svg.deck", lang, cards=counted("svg.cards", int(view.get("deck", 0) or 0), lang)),
        t("svg.discard", lang, cards=counted("svg.cards", len(view.get("discard", [])), lang)),
        t("svg.bag", lang, tiles=counted("svg.tiles", int(view.get("bag", 0) or 0), lang)),
    ]
    width = max([190.0, *(_text_width(line, LABEL_SIZE) for line in lines)])
    y = LABEL_SIZE + 6
    for line in lines:
        y += LABEL_SIZE + 4
        parts.append(_text(0, y, line, class_="supply"))
    y += 10
    drawn = set(view.get("scoring_cards_drawn", []))
    for i, name in enumerate(("A", "B")):
        x = i * 92
        is_drawn = name in drawn
        parts.append(_el("rect", class_="scoring-card", data_card=name,
                         data_drawn="yes" if is_drawn else "no", x=x, y=y, width=22, height=30,
                         rx=3, fill=SCORING_CARD_FILL if is_drawn else "none",
                         stroke=SCORING_CARD_FILL, stroke_width=1.2,
                         stroke_dasharray=None if is_drawn else "3 2"))
        parts.append(_text(x + 11, y + 20, name, size=LABEL_SIZE, anchor="middle", weight="bold",
                           fill=HEADER_INK if is_drawn else SCORING_CARD_FILL))
        parts.append(_text(x + 27, y + 19, t("svg.drawn" if is_drawn else "svg.in_deck", lang),
                           size=SMALL_SIZE, fill=INK if is_drawn else MUTED_INK))
    y += 30
    for scoring in view.get("scorings", []):
        y += SMALL_SIZE + 5
        totals = " · ".join(t("header.seat_total", lang, seat=i, total=p.get("total", 0))
                            for i, p in enumerate(scoring.get("points", [])))
        dirk = scoring.get("dirk")
        if dirk:
            totals += " · " + t("header.dirk_total", lang, total=dirk.get("total", 0))
        line = _capital(t("header.round", lang, round=scoring.get("round"), totals=totals))
        width = max(width, _text_width(line, SMALL_SIZE))
        parts.append(_text(0, y, line, size=SMALL_SIZE, class_="scoring-round"))
    return _Block(width, y + 4, parts)


@lru_cache(maxsize=8)
def _legend_parts(lang: str) -> tuple[float, str]:
    """The legend never changes within a language: drawn once."""
    parts: list[str] = []
    x = 0.0
    for kind in (*BUILDING_TYPES, "fountain"):
        name = type_name(kind, lang)
        parts.append(_el("rect", x=x, y=0, width=14, height=14, rx=2, fill=TYPE_FILL[kind],
                         stroke=TILE_STROKE, stroke_width=0.8))
        parts.append(_text(x + 18, 11, name, size=SMALL_SIZE + 1))
        x += 18 + _text_width(name, SMALL_SIZE + 1) + 14
    parts.append(_el("line", x1=x, y1=7, x2=x + 22, y2=7, stroke=WALL_COLOUR,
                     stroke_width=GRID_TILE * WALL_RATIO))
    wall = t("svg.wall", lang)
    parts.append(_text(x + 28, 11, wall, size=SMALL_SIZE + 1))
    return x + 28 + _text_width(wall, SMALL_SIZE + 1), "".join(parts)


def _legend(lang: str) -> _Block:
    width, drawn = _legend_parts(lang)
    return _Block(width, 14, [drawn])


def sort_cards(cards: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """By currency (the market's order), then value: how a player holds a hand."""
    order = {c: i for i, c in enumerate(CURRENCIES)}
    return sorted(cards, key=lambda c: (order.get(str(c.get("currency")), 99),
                                        int(c.get("value", 0))))


def _hand(seat: Mapping[str, Any], lang: str, mine: bool = False) -> _Block:
    """A hand, or only its size when hidden; in the viewer's own hand (`mine`) every card is
    a part named by the card (`hand:g4`, as many as there are copies)."""
    w, h = HAND_CARD
    hand = seat.get("hand")
    count = int(seat.get("hand_count", 0) or 0)
    parts: list[str] = []
    if hand is None:
        parts += _card_back(0, 0, w, h)
        parts.append(_text(w + 8, h / 2 + 4, t("svg.hidden", lang,
                                                 cards=counted("svg.cards", count, lang)),
                           class_="hand-count"))
        return _Block(INFO_WIDTH, h, parts)
    cards = sort_cards(hand)
    for i, card in enumerate(cards):
        x, y = (i % HAND_PER_ROW) * (w + 3), (i // HAND_PER_ROW) * (h + 4)
        parts.append(_card(str(card.get("currency", "")), card.get("value", "?"), x, y, w, h,
                           lang))
        if mine:
            parts.append(_part(f"hand:{card_name(card)}", x, y, w, h, rx=3,
                               ident=f"alh-p-hand-{i}"))
    rows = max(1, (len(cards) + HAND_PER_ROW - 1) // HAND_PER_ROW)
    y = rows * (h + 4) + LABEL_SIZE
    totals = {c: sum(int(k.get("value", 0)) for k in cards if k.get("currency") == c)
              for c in CURRENCIES}
    summary = " ".join(f"{money_letter(c, lang)}{v}" for c, v in totals.items() if v)
    total = seat.get("hand_total")
    if total is None:
        total = sum(totals.values())
    label = t("svg.hand_total", lang, cards=counted("svg.cards", len(cards), lang),
              total=total) + (f" ({summary})" if summary else "")
    parts.append(_text(0, y, label, size=SMALL_SIZE + 1, class_="hand-count"))
    return _Block(INFO_WIDTH, y + 2, parts)


@dataclass(frozen=True)
class _Panel:
    """A player's panel drawn once: its natural size, and its frame added when the grid of
    panels knows each row's height and each column's width."""

    number: int
    width: float
    height: float
    active: bool
    name: str
    score: str
    body: str

    def at(self, x: float, y: float, min_width: float, min_height: float, lang: str) -> str:
        width = max(self.width, min_width)
        height = max(self.height, min_height)
        active = self.active
        parts = [
            f'<g class="seat" data-seat="{self.number}" id="alh-seat-{self.number}" '
            f'transform="translate({_num(x)},{_num(y)})">',
            _el("rect", class_="panel", x=0, y=0, width=width, height=height, rx=6,
                fill=PANEL_FILL, stroke=ACTIVE_STROKE if active else PANEL_STROKE,
                stroke_width=3 if active else 1),
            _text(PAD, 21, self.name, size=TITLE_SIZE, weight="bold"),
            _text(width - PAD, 21, self.score, size=TITLE_SIZE, weight="bold", anchor="end",
                  class_="score"),
        ]
        if active:
            parts.append(_text(PAD + _text_width(self.name, TITLE_SIZE) + 10, 20,
                               t("seat.active", lang).strip(), size=LABEL_SIZE,
                               fill=ACTIVE_STROKE, weight="bold", class_="to-act"))
        parts.append(self.body)
        parts.append("</g>")
        return "".join(parts)


def _seat_panel(view: View, seat: Mapping[str, Any], lang: str) -> _Panel:
    """One player's panel. On the viewer's own panel the hand cards, the reserve (its area
    and its tiles), the tiles to place and the Alhambra's tiles and free places are parts."""
    number = int(seat.get("seat", 0))
    active = number in view.get("to_act", []) or (
        view.get("phase") != "over" and view.get("current") == number)
    panel = _seat_panel_drawn(seat, view.get("seat") == number,
                              _seat_name(view, number, lang), lang)
    return replace(panel, active=True) if active else panel


@by_data(maxsize=1024)
def _seat_panel_drawn(seat: Mapping[str, Any], mine: bool, name: str, lang: str) -> _Panel:
    """A panel from exactly what it shows: drawn once per change of these, not per push
    (whose turn it is only changes its frame, added by `_Panel.at`)."""
    number = int(seat.get("seat", 0))
    grid = _alhambra(seat.get("alhambra", []), number, lang, mine)
    info: list[str] = []
    y = 0.0

    def label(text: str, inert: bool = False) -> None:
        nonlocal y
        y += LABEL_SIZE + 8
        info.append(_text(0, y, text, size=SMALL_SIZE + 1, fill=MUTED_INK, weight="bold",
                          inert=inert))
        y += 6

    label(_heading("hand", lang))
    hand = _hand(seat, lang, mine)
    info.append(hand.at(0, y, f"alh-hand-{number}"))
    y += hand.height
    label(t("svg.buildings", lang))
    counts = _counts(seat.get("counts", {}), INFO_WIDTH - 20)
    info.append(counts.at(0, y))
    y += counts.height + LABEL_SIZE + 6
    info.append(_text(0, y, t("svg.longest_wall", lang, wall=seat.get("longest_wall", 0)),
                      class_="wall-len"))
    for title, key in ((_heading("seat.reserve", lang), "reserve"),
                       (t("svg.bought", lang), "pending")):
        tiles = seat.get(key, [])
        if not tiles and key == "pending":
            continue
        area = len(info)  # the reserve's own part goes under its label and tiles
        top = y
        label(title, inert=mine)
        if tiles:
            row = _tile_row(tiles, SMALL_TILE, SMALL_TILES_PER_ROW, lang, mine)
            info.append(f'<g class="{key}" id="alh-{key}-{number}">{row.at(0, y)}</g>')
            y += row.height
        else:
            y += LABEL_SIZE
            info.append(_text(0, y, t("empty", lang), size=SMALL_SIZE + 1, fill=MUTED_INK,
                              inert=mine))
        if mine and key == "reserve":
            info.insert(area, _part("reserve", -6, top + 6, INFO_WIDTH + 8, y - top, rx=4))
    title_h = 30
    body_h = max(y, grid.height)
    body = (f'<g class="info" transform="translate({PAD},{title_h})">{"".join(info)}</g>'
            + grid.at(PAD + INFO_WIDTH + GAP, title_h))
    return _Panel(number, PAD + INFO_WIDTH + GAP + grid.width + PAD, title_h + body_h + PAD,
                  False, name,
                  t("seat.score", lang, score=seat.get("score", 0)), body)


@by_data(maxsize=1024)
def _dirk_panel(dirk: Mapping[str, Any], lang: str, seated: bool) -> _Block:
    """Dirk, the neutral player of a 2-player game; for a seated viewer the whole panel is
    the part `dirk` (his tiles are not clickable, so it lies on top)."""
    tiles = _tile_row(dirk.get("tiles", []), SMALL_TILE, 12, lang)
    counts = _counts(dirk.get("counts", {}), INFO_WIDTH - 20)
    width = PAD + max(tiles.width, INFO_WIDTH, 240) + PAD
    height = 30 + counts.height + 10 + tiles.height + PAD
    parts = [
        _el("rect", class_="panel", x=0, y=0, width=width, height=height, rx=6, fill=PANEL_FILL,
            stroke=PANEL_STROKE, stroke_width=1),
        _text(PAD, 21, t("dirk.title", lang), size=TITLE_SIZE, weight="bold"),
        _text(width - PAD, 21, t("seat.score", lang, score=dirk.get("score", 0)),
              size=TITLE_SIZE, weight="bold", anchor="end", class_="score"),
        counts.at(PAD, 30),
        tiles.at(PAD, 30 + counts.height + 10),
    ]
    if seated:
        parts.append(_part("dirk", 0, 0, width, height, rx=6))
    return _Block(width, height, ['<g class="dirk" id="alh-dirk">', *parts, "</g>"])


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
    scores = list(outcome.get("scores", []))
    ranks = list(outcome.get("ranks", []))
    winners = set(outcome.get("winners", []))
    breakdown = list(outcome.get("breakdown", []))
    cats = breakdown_categories(breakdown)
    cat_names = [category_name(c, lang) for c in cats]
    columns = [t("outcome.player", lang), t("outcome.score", lang), t("outcome.rank", lang),
               *cat_names]
    col_w = [110.0, 60.0, 50.0] + [max(OUTCOME_COLUMN, _text_width(c, SMALL_SIZE) + 8)
                                   for c in cat_names]
    row_h = 20
    parts = [_text(PAD, 24, _capital(t("header.over", lang)), size=TITLE_SIZE + 2,
                   weight="bold")]
    names = [_seat_name(view, i, lang) for i in range(len(scores))]
    if winners:
        win_text = t("svg.winner" if len(winners) == 1 else "svg.shared", lang)
        win_text += ", ".join(names[i] for i in sorted(winners) if i < len(names))
        parts.append(_text(PAD + 120, 24, win_text, size=TITLE_SIZE, fill=ACTIVE_STROKE,
                           weight="bold", class_="winners"))
    y = 44
    x: float = PAD
    for name, w in zip(columns, col_w, strict=True):
        parts.append(_text(x, y, name, size=SMALL_SIZE, fill=MUTED_INK, weight="bold"))
        x += w
    total_w = PAD + sum(col_w) + PAD
    for i, score in enumerate(scores):
        top = y + 6 + i * row_h
        if i in winners:
            parts.append(_el("rect", class_="winner-row", x=PAD - 4, y=top, width=sum(col_w),
                             height=row_h, fill=WINNER_FILL))
        values: list[object] = [("★ " if i in winners else "") + names[i], _num(score),
                                ranks[i] if i < len(ranks) else ""]
        row = breakdown[i] if i < len(breakdown) else {}
        values += [row.get(c, "") for c in cats]
        x = PAD
        for value, w in zip(values, col_w, strict=True):
            parts.append(_text(x, top + 14, value, size=LABEL_SIZE,
                               weight="bold" if i in winners else None, class_="outcome-cell"))
            x += w
    height = y + 6 + len(scores) * row_h + PAD
    notes: list[str] = []
    dirk = view.get("dirk")
    if dirk:
        notes.append(t("outcome.dirk", lang,
                       points=counted("svg.points", int(dirk.get("score", 0) or 0), lang)))
    notes += leftover_lines(view, lang)
    for note in notes:
        parts.append(_text(PAD, height + 2, note, size=LABEL_SIZE, fill=MUTED_INK,
                           class_="outcome-note"))
        height += 18
        total_w = max(total_w, PAD + _text_width(note, LABEL_SIZE) + PAD)
    width = max(total_w, 420)
    parts.insert(0, _el("rect", x=0, y=0, width=width, height=height, rx=6, fill=PANEL_FILL,
                        stroke=ACTIVE_STROKE, stroke_width=2))
    return _Block(width, height, ['<g class="outcome">', *parts, "</g>"])


def _status(view: View, lang: str) -> str:
    phase = str(view.get("phase", ""))
    if phase == "over":
        return t("svg.status_over", lang, turn=view.get("turn", 0), over=t("header.over", lang))
    to_act = view.get("to_act") or []
    who = ", ".join(_seat_name(view, int(s), lang) for s in to_act) or t("nobody", lang)
    return t("svg.status", lang, turn=view.get("turn", 0), who=who,
             phase=_phase_name(phase, lang), actions=view.get("actions_this_turn", 0))


# the top row from exactly what it shows: the market, the display and the supply change on a
# few moves of a turn, not on every push (the cached blocks are shared: never changed)
_SUPPLY_KEYS = ("deck", "discard", "bag", "scoring_cards_drawn", "scorings")


@by_data(maxsize=1024)
def _market_drawn(market: list[Any], lang: str, seated: bool) -> _Block:
    return _market({"market": market}, lang, seated)


@by_data(maxsize=1024)
def _display_drawn(cards: list[Any], lang: str, seated: bool) -> _Block:
    return _display({"money_display": cards}, lang, seated)


@by_data(maxsize=1024)
def _supply_drawn(supply: dict[str, Any], lang: str) -> _Block:
    return _supply(supply, lang)


def svg(view: dict[str, Any], lang: str | None = None, names: Sequence[str] | None = None) -> str:
    """The whole table as seen by `view`: a standalone SVG document.

    The words are in `lang` ("en", "cs", "sk"), by default the current language. A seated
    view draws the seat's clickable parts (`data-part`, see `web.py`); the main groups carry
    ids (`alh-...`) so a browser can morph one drawing into the next.
    """
    lang = lang_of(lang)
    view = with_names(view, names)
    seated = view.get("seat") is not None
    supply = {k: view[k] for k in _SUPPLY_KEYS if k in view}
    top_blocks = [("market", _market_drawn(view.get("market", []), lang, seated)),
                  ("money-display", _display_drawn(view.get("money_display", []), lang,
                                                   seated)),
                  ("supply", _supply_drawn(supply, lang))]
    legend = _legend(lang)
    panels = [_seat_panel(view, seat, lang) for seat in view.get("seats", [])]
    dirk = view.get("dirk")
    outcome = view.get("outcome")

    y: float = HEADER_HEIGHT + PAD
    x: float = PAD
    body: list[str] = []
    top_h = 0.0
    for name, block in top_blocks:
        body.append(f'<g class="{name}" id="alh-{name}">{block.at(x, y)}</g>')
        x += block.width + GAP * 2
        top_h = max(top_h, block.height)
    width = x - GAP * 2 + PAD
    y += top_h + GAP
    body.append(legend.at(PAD, y, "alh-legend"))
    width = max(width, PAD + legend.width + PAD)
    y += legend.height + GAP
    if outcome:
        block = _outcome(view, outcome, lang)
        body.append(block.at(PAD, y, "alh-outcome"))
        width = max(width, PAD + block.width + PAD)
        y += block.height + GAP

    columns = max(1, min(PANEL_COLUMNS, len(panels)))
    col_w = [max((p.width for p in panels[c::columns]), default=0.0) for c in range(columns)]
    for r in range(0, len(panels), columns):
        row = panels[r:r + columns]
        row_h = max(p.height for p in row)
        x = PAD
        for c, panel in enumerate(row):
            body.append(panel.at(x, y, col_w[c], row_h, lang))
            x += col_w[c] + GAP
        y += row_h + GAP
    width = max(width, PAD + sum(col_w) + GAP * (columns - 1) + PAD)
    if dirk:
        block = _dirk_panel(dirk, lang, seated)
        body.append(block.at(PAD, y))
        width = max(width, PAD + block.width + PAD)
        y += block.height + GAP
    height = y - GAP + PAD

    title = t("header.title", lang)
    if seated:
        title = t("svg.view_of", lang, title=title, who=seat_name(view, int(view["seat"]))
                  or t("seat", lang, seat=int(view["seat"])))
    else:
        title = t("svg.spectator", lang, title=title)
    status = _status(view, lang)
    width = max(width, PAD + _text_width(title, TITLE_SIZE) + GAP * 2
                + _text_width(status, LABEL_SIZE + 1) + PAD)
    w, h = _num(width), _num(height)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{_attr(FONT_FAMILY)}">',
        f"<title>{_esc(title)}</title>",
        _el("rect", x=0, y=0, width=width, height=height, fill=BACKGROUND),
        _el("rect", id="alh-header", x=0, y=0, width=width, height=HEADER_HEIGHT,
            fill=HEADER_FILL),
        _text(PAD, 23, title, size=TITLE_SIZE, fill=HEADER_INK, weight="bold"),
        _text(width - PAD, 23, status, size=LABEL_SIZE + 1, fill=HEADER_INK,
              anchor="end", class_="status"),
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"
