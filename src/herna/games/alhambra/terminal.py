"""Alhambra on the terminal (`herna play alhambra`): a compact Rich screen drawn from a view.

Each Alhambra is a character grid with axis labels and the coordinates of the open places
beside it, so a player can read a `place 23 1,-2` move straight off the screen. The words
follow the current language (`herna.i18n`: en, cs, sk) through the game's own table in `i18n`;
the action notation shown (card labels such as `b7`, tile ids, coordinates) never changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .data import BUILDING_TYPES, CURRENCIES, CURRENCY_LETTERS
from .i18n import (
    category_name,
    counted,
    currency_name,
    plural,
    t,
    type_abbrev,
    type_name,
)
from .render import (
    CURRENCY_FILL,
    CURRENCY_INK,
    TYPE_FILL,
    TYPE_INK,
    breakdown_categories,
    sort_cards,
)

View = Mapping[str, Any]

CELL_WIDTH = 8           # characters per Alhambra cell (2 for the sides, 6 inside)
CELL_HEIGHT = 3          # lines per Alhambra cell
Y_LABEL_WIDTH = 4        # the y-axis label column
INFO_WIDTH = 48          # the text column beside an Alhambra
WALL_H, WALL_V = "━", "┃"
OPEN_H, OPEN_V = " ", " "
OPEN_CORNER = "·"
FOUNTAIN_MARK = "◎"
SLOT_STYLE = "dim"
AXIS_STYLE = "bold dim"
ACTIVE_STYLE = "bold yellow"
PANEL_STYLE = "grey50"
MUTED_STYLE = "dim"


def type_style(kind: str) -> str:
    """Tiles are chips with their type colour as background, readable on light or dark."""
    return f"bold {TYPE_INK.get(kind, '#000000')} on {TYPE_FILL.get(kind, '#bbbbbb')}"


def currency_style(currency: str) -> str:
    """Money cards are chips in their currency colour, like the printed cards."""
    ink = CURRENCY_INK.get(currency, "#000000")
    return f"bold {ink} on {CURRENCY_FILL.get(currency, '#bbbbbb')}"


def card_label(card: Mapping[str, Any]) -> str:
    """A money card as players type it: `b7`."""
    return f"{CURRENCY_LETTERS.get(str(card.get('currency')), '?')}{card.get('value', '?')}"


def card_text(card: Mapping[str, Any]) -> Text:
    return Text(card_label(card), style=currency_style(str(card.get("currency"))))


def cards_text(cards: Iterable[Mapping[str, Any]]) -> Text:
    return Text(" ").join(card_text(c) for c in cards)


def tile_label(tile: Mapping[str, Any]) -> str:
    """Plain text of a tile, e.g. `23 arcades (10) walls TR`."""
    kind = str(tile.get("type", "?"))
    if kind == "fountain":
        return t("tile.fountain", id=tile.get("id", 0))
    walls = str(tile.get("walls", "-"))
    wall_text = t("tile.no_walls") if walls in ("", "-") else t("tile.walls", walls=walls)
    return t("tile.label", id=tile.get("id", "?"), type=type_name(kind),
             price=tile.get("price", "?"), walls=wall_text)


def tile_chip(tile: Mapping[str, Any]) -> Text:
    """A tile as a compact coloured chip: ` 23 ARC 10 TR `."""
    kind = str(tile.get("type", "?"))
    abbrev = type_abbrev(kind)
    return Text(f" {tile.get('id', '?')} {abbrev} {tile.get('price', '')} "
                f"{tile.get('walls', '-')} ", style=type_style(kind))


def tiles_text(tiles: Sequence[Mapping[str, Any]], indent: int = 0,
               width: int = INFO_WIDTH) -> Text:
    """Tile chips, wrapped between chips (never inside one) to fit `width` after `indent`."""
    if not tiles:
        return Text(t("none"), style=MUTED_STYLE)
    out = Text()
    used = indent
    for i, tile in enumerate(tiles):
        chip = tile_chip(tile)
        if i and used + 1 + len(chip) > width:
            out.append("\n" + " " * indent)
            used = indent
        elif i:
            out.append(" ")
            used += 1
        out.append_text(chip)
        used += len(chip)
    return out


def counts_text(counts: Mapping[str, Any]) -> Text:
    return Text(" ").join(
        Text(f" {type_abbrev(k)} {int(counts.get(k, 0) or 0)} ", style=type_style(k))
        for k in BUILDING_TYPES)


def seat_name(view: View, seat: int) -> str:
    return t("seat", seat=seat) + (t("you") if view.get("seat") == seat else "")


# ----- the Alhambra grid ----------------------------------------------------------------
def _corner(walls: str, a: str, b: str, both: str) -> str:
    if a in walls and b in walls:
        return both
    if a in walls:
        return WALL_H
    if b in walls:
        return WALL_V
    return OPEN_CORNER


def cell_lines(tile: Mapping[str, Any]) -> list[str]:
    """A tile as CELL_HEIGHT strings of CELL_WIDTH characters; walls in heavy lines."""
    walls = str(tile.get("walls", "-"))
    inner = CELL_WIDTH - 2
    kind = str(tile.get("type", "?"))
    if kind == "fountain":
        middle = f"{FOUNTAIN_MARK} {type_abbrev('fountain')}"
    else:
        middle = f"{tile.get('id', '?'):>2} {type_abbrev(kind)}"
    top = (_corner(walls, "T", "L", "┏") + (WALL_H if "T" in walls else OPEN_H) * inner
           + _corner(walls, "T", "R", "┓"))
    mid = ((WALL_V if "L" in walls else OPEN_V) + f"{middle:^{inner}}"[:inner]
           + (WALL_V if "R" in walls else OPEN_V))
    bottom = (_corner(walls, "B", "L", "┗") + (WALL_H if "B" in walls else OPEN_H) * inner
              + _corner(walls, "B", "R", "┛"))
    return [top, mid, bottom]


def alhambra_grid(cells: Sequence[Mapping[str, Any]]) -> Text:
    """The Alhambra with x labels on top, y labels on the left, and the coordinates of each
    free place next to it (dim), one margin cell around the built area."""
    placed = {(int(c["x"]), int(c["y"])): c["tile"] for c in cells}
    points = list(placed) or [(0, 0)]
    x0 = min(p[0] for p in points) - 1
    x1 = max(p[0] for p in points) + 1
    y0 = min(p[1] for p in points) - 1
    y1 = max(p[1] for p in points) + 1
    slots = {(x + dx, y + dy) for x, y in placed
             for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - set(placed)
    out = Text(no_wrap=True, overflow="crop")
    out.append(" " * Y_LABEL_WIDTH)
    for x in range(x0, x1 + 1):
        out.append(f"{x:^{CELL_WIDTH}}", style=AXIS_STYLE)
    for y in range(y0, y1 + 1):
        rows = [Text() for _ in range(CELL_HEIGHT)]
        for i, row in enumerate(rows):
            label = f"{y:>{Y_LABEL_WIDTH - 1}} " if i == CELL_HEIGHT // 2 else " " * Y_LABEL_WIDTH
            row.append(label, style=AXIS_STYLE)
        for x in range(x0, x1 + 1):
            tile = placed.get((x, y))
            if tile is not None:
                style = type_style(str(tile.get("type", "")))
                for row, line in zip(rows, cell_lines(tile), strict=True):
                    row.append(line, style=style)
            elif (x, y) in slots:
                for i, row in enumerate(rows):
                    text = f"{x},{y}" if i == CELL_HEIGHT // 2 else ""
                    row.append(f"{text:^{CELL_WIDTH}}", style=SLOT_STYLE)
            else:
                for row in rows:
                    row.append(" " * CELL_WIDTH)
        for row in rows:
            out.append("\n")
            out.append_text(row)
    return out


def grid_width(cells: Sequence[Mapping[str, Any]]) -> int:
    xs = [int(c["x"]) for c in cells] or [0]
    return Y_LABEL_WIDTH + (max(xs) - min(xs) + 3) * CELL_WIDTH


class _Beside:
    """Info and Alhambra side by side when the console is wide enough, else stacked."""

    def __init__(self, left: RenderableType, right: RenderableType, right_width: int) -> None:
        self.left, self.right, self.right_width = left, right, right_width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= INFO_WIDTH + 2 + self.right_width:
            table = Table.grid(padding=(0, 2))
            table.add_column(width=INFO_WIDTH)
            table.add_column(no_wrap=True)
            table.add_row(self.left, self.right)
            yield table
        else:
            yield self.left
            yield self.right


# ----- sections -------------------------------------------------------------------------
def phase_name(phase: str) -> str:
    """`placement phase` / `fáze pokládání dlaždic`; a phase without a name as it is."""
    key = f"phase.{phase}"
    return t(key) if phase in ("action", "placement") else t("phase.other", phase=phase)


def _header(view: View) -> RenderableType:
    phase = str(view.get("phase", ""))
    to_act = [int(s) for s in view.get("to_act") or []]
    drawn = list(view.get("scoring_cards_drawn", []))
    scorings = view.get("scorings", [])
    line = Text()
    line.append(t("header.title"), style="bold")
    line.append(t("header.turn", turn=view.get("turn", 0)))
    if phase == "over":
        line.append(t("header.over"), style=ACTIVE_STYLE)
    else:
        line.append(", ".join(seat_name(view, s) for s in to_act) or t("nobody"),
                    style=ACTIVE_STYLE)
        line.append(t("header.to_act", phase=phase_name(phase),
                      actions=view.get("actions_this_turn", 0)))
    line.append("\n")
    line.append(t("header.status", rounds=len(scorings), cards=" ".join(drawn) or t("none"),
                  deck=view.get("deck", 0), discard=len(view.get("discard", [])),
                  bag=view.get("bag", 0)))
    if view.get("open_money"):
        line.append(t("header.open_money"))
    for scoring in scorings:
        totals = " · ".join(t("header.seat_total", seat=i, total=p.get("total", 0))
                            for i, p in enumerate(scoring.get("points", [])))
        dirk = scoring.get("dirk")
        if dirk:
            totals += " · " + t("header.dirk_total", total=dirk.get("total", 0))
        line.append("\n" + t("header.round", round=scoring.get("round"), totals=totals),
                    style=MUTED_STYLE)
    return Panel(line, box=box.ROUNDED, border_style=PANEL_STYLE)


def _market(view: View) -> RenderableType:
    table = Table(title=t("market.title"), box=box.SIMPLE_HEAD, title_justify="left",
                  pad_edge=False)
    for name, justify in (("space", "right"), ("currency", "left"), ("tile", "right"),
                          ("type", "left"), ("price", "right"), ("walls", "left")):
        table.add_column(t(f"market.{name}"), justify=justify)  # type: ignore[arg-type]
    for space in view.get("market", []):
        currency = str(space.get("currency", ""))
        cur = Text(f" {CURRENCY_LETTERS.get(currency, '?')} {currency_name(currency)} ",
                   style=currency_style(currency))
        tile = space.get("tile")
        if tile:
            kind = str(tile.get("type", ""))
            table.add_row(str(space.get("space")), cur, str(tile.get("id")),
                          Text(f" {type_name(kind)} ", style=type_style(kind)),
                          str(tile.get("price")),
                          str(tile.get("walls", "-")))
        else:
            table.add_row(str(space.get("space")), cur, "-",
                          Text(t("empty"), style=MUTED_STYLE), "", "")
    display = Text(t("money_display"), style="bold")
    cards = view.get("money_display", [])
    display.append_text(cards_text(cards) if cards else Text(t("empty"), style=MUTED_STYLE))
    return Group(table, display)


def _hand_text(seat: Mapping[str, Any]) -> Text:
    hand = seat.get("hand")
    out = Text(t("hand"), style="bold")
    if hand is None:
        out.append(counted("cards", int(seat.get("hand_count", 0) or 0)))
        return out
    cards = sort_cards(hand)
    if not cards:
        out.append(t("hand.none"), style=MUTED_STYLE)
        return out
    out.append_text(cards_text(cards))
    sums = {c: sum(int(k.get("value", 0)) for k in cards if k.get("currency") == c)
            for c in CURRENCIES if any(k.get("currency") == c for k in cards)}
    totals = Text(" ").join(Text(f"{CURRENCY_LETTERS[c]}={v}", style=currency_style(c))
                            for c, v in sums.items())
    out.append("\n" + t("hand.totals"), style="bold")
    out.append_text(totals)
    total = seat.get("hand_total")
    if total is None:
        total = sum(int(k.get("value", 0)) for k in cards)
    out.append(t("hand.sum", cards=counted("cards", len(cards)), total=total))
    return out


def _seat_panel(view: View, seat: Mapping[str, Any]) -> RenderableType:
    number = int(seat.get("seat", 0))
    active = number in (view.get("to_act") or [])
    info = Text()
    info.append(t("seat.score", score=seat.get("score", 0)), style="bold")
    info.append(t("seat.wall", wall=seat.get("longest_wall", 0)) + "\n")
    info.append_text(_hand_text(seat))
    info.append("\n")
    info.append_text(counts_text(seat.get("counts", {})))
    reserve = t("seat.reserve")
    info.append("\n" + reserve, style="bold")
    info.append_text(tiles_text(seat.get("reserve", []), len(reserve)))
    pending = seat.get("pending", [])
    if pending:
        to_place = t("seat.pending")
        info.append("\n" + to_place, style=ACTIVE_STYLE)
        info.append_text(tiles_text(pending, len(to_place)))
    cells = seat.get("alhambra", [])
    title = Text(seat_name(view, number), style="bold")
    if active:
        title.append(t("seat.active"), style=ACTIVE_STYLE)
    return Panel(_Beside(info, alhambra_grid(cells), grid_width(cells)), title=title,
                 title_align="left", box=box.ROUNDED,
                 border_style=ACTIVE_STYLE if active else PANEL_STYLE)


def _dirk_panel(dirk: Mapping[str, Any]) -> RenderableType:
    body = Text()
    body.append(t("seat.score", score=dirk.get("score", 0)) + "\n", style="bold")
    body.append_text(counts_text(dirk.get("counts", {})))
    tiles = t("dirk.tiles")
    body.append("\n" + tiles, style="bold")
    body.append_text(tiles_text(dirk.get("tiles", []), len(tiles), 100))
    return Panel(body, title=t("dirk.title"), title_align="left", box=box.ROUNDED,
                 border_style=PANEL_STYLE)


def leftover_lines(view: View) -> list[str]:
    """Who received the tiles left on the market at the end (the most money of that currency)."""
    currency = {m.get("space"): str(m.get("currency", "")) for m in view.get("market", [])}
    lines = []
    for item in view.get("leftovers") or []:
        space = item.get("space")
        name = currency.get(space, "")
        money = (t("money", amount=item.get("amount"), currency=t(f"currency_pl.{name}"))
                 if name in CURRENCIES else f"{item.get('amount')} {name}".strip())
        lines.append(t("outcome.leftover", tile=item.get("tile"), space=space,
                       who=seat_name(view, int(item.get("seat", 0))), money=money))
    return lines


def _outcome(view: View, outcome: Mapping[str, Any]) -> RenderableType:
    scores = list(outcome.get("scores", []))
    ranks = list(outcome.get("ranks", []))
    winners = set(outcome.get("winners", []))
    breakdown = list(outcome.get("breakdown", []))
    cats = breakdown_categories(breakdown)
    names = [seat_name(view, i) for i in range(len(scores))]
    title = t("outcome.winner" if len(winners) == 1 else "outcome.shared") + \
        ", ".join(names[i] for i in sorted(winners) if i < len(names))
    # categories down the side, a column per seat: stays within 80 columns for six seats
    table = Table(title=title, title_style=ACTIVE_STYLE, title_justify="left",
                  box=box.SIMPLE_HEAD)
    table.add_column(t("outcome.player"))
    for i, name in enumerate(names):
        table.add_column(("★ " if i in winners else "") + name, justify="right",
                         header_style="bold green" if i in winners else "bold")
    for cat in cats:
        table.add_row(category_name(cat), *(str(breakdown[i].get(cat, "")) if i < len(breakdown)
                                            else "" for i in range(len(scores))))
    table.add_section()
    table.add_row(t("outcome.score"), *(_num(x) for x in scores), style="bold")
    table.add_row(t("outcome.rank"), *(str(r) for r in ranks))
    notes: list[str] = []
    dirk = view.get("dirk")
    if dirk:
        notes.append(t("outcome.dirk", points=counted("points", int(dirk.get("score", 0) or 0))))
    notes += leftover_lines(view)
    return Group(table, *(Text(n, style=MUTED_STYLE) for n in notes))


# ----- the compact screen: what a player needs to act, on 80×24 ------------------------
COMPACT_CELL = 7  # a separator (a wall ┃ or a space) and six characters: `28 CHA`


def compact_counts(counts: Mapping[str, Any]) -> Text:
    """Buildings per type as short chips, `PAV1 SER0 ...`."""
    return Text(" ").join(
        Text(f"{type_abbrev(k)}{int(counts.get(k, 0) or 0)}", style=type_style(k))
        for k in BUILDING_TYPES)


def compact_grid(cells: Sequence[Mapping[str, Any]]) -> Text:
    """The Alhambra one line per row: a heavy bar for a wall on a tile's left or right,
    underline for a wall below and overline for one above (the full grid of `view all`
    draws every wall), free places as their coordinates."""
    placed = {(int(c["x"]), int(c["y"])): c["tile"] for c in cells}
    points = list(placed) or [(0, 0)]
    xs = range(min(p[0] for p in points) - 1, max(p[0] for p in points) + 2)
    ys = range(min(p[1] for p in points) - 1, max(p[1] for p in points) + 2)
    slots = {(x + dx, y + dy) for x, y in placed
             for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - set(placed)
    out = Text(no_wrap=True, overflow="crop")
    out.append(" " * Y_LABEL_WIDTH)
    for x in xs:
        out.append(f" {x:^{COMPACT_CELL - 1}}", style=AXIS_STYLE)
    for y in ys:
        out.append("\n")
        out.append(f"{y:>{Y_LABEL_WIDTH - 1}} ", style=AXIS_STYLE)
        for x in xs:
            tile = placed.get((x, y))
            left = placed.get((x - 1, y))
            wall = ("L" in str((tile or {}).get("walls", ""))
                    or "R" in str((left or {}).get("walls", "")))
            out.append(WALL_V if wall else " ", style=type_style(str(tile.get("type", "")))
                       if wall and tile else "bold")
            if tile is not None:
                kind = str(tile.get("type", "?"))
                walls = str(tile.get("walls", ""))
                label = (f"{FOUNTAIN_MARK} {type_abbrev(kind)}" if kind == "fountain"
                         else f"{tile.get('id', '?'):>2} {type_abbrev(kind)}")
                style = type_style(kind) + (" underline" if "B" in walls else "") + \
                    (" overline" if "T" in walls else "")
                out.append(f"{label:<{COMPACT_CELL - 1}}"[:COMPACT_CELL - 1], style=style)
            elif (x, y) in slots:
                out.append(f"{f'{x},{y}':^{COMPACT_CELL - 1}}"[:COMPACT_CELL - 1],
                           style=SLOT_STYLE)
            else:
                out.append(" " * (COMPACT_CELL - 1))
        last = placed.get((xs[-1], y))
        out.append(WALL_V if last and "R" in str(last.get("walls", "")) else " ")
    return out


def _compact_header(view: View) -> Text:
    phase = str(view.get("phase", ""))
    to_act = [int(s) for s in view.get("to_act") or []]
    line = Text()
    line.append(t("header.title"), style="bold")
    line.append(t("compact.turn", turn=view.get("turn", 0),
                  rounds=len(view.get("scorings", []))))
    if phase == "over":
        line.append(t("header.over"), style=ACTIVE_STYLE)
    else:
        line.append(", ".join(seat_name(view, s) for s in to_act) or t("nobody"),
                    style=ACTIVE_STYLE)
        line.append(t("compact.to_act", phase=phase_name(phase)))
    return line


def _compact_market(view: View) -> Text:
    """The four spaces on one line, each `1 b 4 PAV 5 TL`: space, currency letter, tile,
    type, price, walls (the full market table of `view all` spells them out)."""
    out = Text(t("compact.market"), style="bold")
    for i, space in enumerate(view.get("market", [])):
        if i:
            out.append(" ")
        currency = str(space.get("currency", ""))
        out.append(f"{space.get('space')}{CURRENCY_LETTERS.get(currency, '?')}",
                   style=currency_style(currency))
        tile = space.get("tile")
        out.append_text(tile_chip(tile) if tile else Text(" - ", style=MUTED_STYLE))
    out.append("\n" + t("money_display"), style="bold")
    cards = view.get("money_display", [])
    out.append_text(cards_text(cards) if cards else Text(t("empty"), style=MUTED_STYLE))
    out.append(t("compact.status", deck=view.get("deck", 0), bag=view.get("bag", 0)),
               style=MUTED_STYLE)
    return out


def _compact_seat_line(view: View, seat: Mapping[str, Any]) -> Text:
    """Another seat in one line: score, wall, cards, buildings, reserve size."""
    number = int(seat.get("seat", 0))
    active = number in (view.get("to_act") or [])
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(t("compact.seat", seat=number), style=ACTIVE_STYLE if active else "bold")
    hand = seat.get("hand")
    cards = len(hand) if hand is not None else int(seat.get("hand_count", 0) or 0)
    line.append(plural("compact.seat_info", seat.get("score", 0),
                       wall=seat.get("longest_wall", 0), cards=counted("cards", cards)))
    line.append_text(compact_counts(seat.get("counts", {})))
    reserve = len(seat.get("reserve", []))
    if reserve:
        line.append(t("compact.reserve", n=reserve))
    return line


def _compact_hand(seat: Mapping[str, Any]) -> Text:
    """My cards and what they total per currency, on one line."""
    out = Text(t("hand"), style="bold")
    cards = sort_cards(seat.get("hand") or [])
    if not cards:
        out.append(t("hand.none"), style=MUTED_STYLE)
        return out
    out.append_text(cards_text(cards))
    out.append(" · ")
    sums = {c: sum(int(k.get("value", 0)) for k in cards if k.get("currency") == c)
            for c in CURRENCIES if any(k.get("currency") == c for k in cards)}
    out.append_text(Text(" ").join(Text(f"{CURRENCY_LETTERS[c]}={v}", style=currency_style(c))
                                   for c, v in sums.items()))
    return out


def _compact_me(view: View, seat: Mapping[str, Any]) -> RenderableType:
    info = Text()
    info.append(seat_name(view, int(seat.get("seat", 0))), style="bold")
    info.append(plural("compact.seat_info", seat.get("score", 0),
                       wall=seat.get("longest_wall", 0), cards="").rstrip(" ·") + " ")
    info.append_text(compact_counts(seat.get("counts", {})))
    info.append("\n")
    info.append_text(_compact_hand(seat))
    pending = seat.get("pending", [])
    if seat.get("reserve") or not pending:  # an empty reserve is news only when idle
        reserve = t("seat.reserve")
        info.append("\n" + reserve, style="bold")
        info.append_text(tiles_text(seat.get("reserve", []), len(reserve), 80))
    if pending:
        to_place = t("seat.pending")
        info.append("\n" + to_place, style=ACTIVE_STYLE)
        info.append_text(tiles_text(pending, len(to_place), 80))
    return Group(info, compact_grid(seat.get("alhambra", [])))


def compact(view: dict[str, Any]) -> RenderableType:
    """What the seat to act needs, on 80×24: whose turn, the market, the other seats in a
    line each, my hand, reserve and Alhambra. `view all` draws the whole table (`render`)."""
    parts: list[RenderableType] = [_compact_header(view), _compact_market(view)]
    me = view.get("seat")
    seats = list(view.get("seats", []))
    parts += [_compact_seat_line(view, s) for s in seats if s.get("seat") != me]
    dirk = view.get("dirk")
    if dirk:
        parts.append(Text(plural("compact.dirk", dirk.get("score", 0)), style="bold")
                     + compact_counts(dirk.get("counts", {})))
    mine = next((s for s in seats if s.get("seat") == me), None)
    if mine is not None:
        parts.append(_compact_me(view, mine))
    return Group(*parts)


# ----- what the CLI says between screens ------------------------------------------------
def scoring_lines(view: View, scoring: Mapping[str, Any]) -> list[Text]:
    """A scoring round as the table would call it: per building type who scored and how
    much (equal points are a shared place), then the walls, then each seat's points for
    the round. Read from the round's own record: Dirk may receive tiles right after it."""
    rows = list(scoring.get("points", []))
    names = [seat_name(view, i) for i in range(len(rows))]
    if scoring.get("dirk"):
        rows.append(scoring["dirk"])
        names.append(t("dirk.title"))
    lines = [Text(t("announce.title", round=scoring.get("round", 1)), style=ACTIVE_STYLE)]
    for kind in BUILDING_TYPES:
        won = sorted(((int(r.get(kind, 0) or 0), i) for i, r in enumerate(rows)
                      if r.get(kind)), key=lambda p: (-p[0], p[1]))
        if won:
            who = " · ".join(t("announce.seat_points", who=names[i], points=p) for p, i in won)
            lines.append(Text(f"  {type_name(kind)}: {who}"))
    walls = [t("announce.seat_points", who=names[i], points=r.get("walls", 0))
             for i, r in enumerate(rows) if r.get("walls")]
    lines.append(Text("  " + t("announce.walls", walls=" · ".join(walls) or t("nobody"))))
    totals = [t("announce.seat_points", who=names[i], points=r.get("total", 0))
              for i, r in enumerate(rows)]
    lines.append(Text("  " + t("announce.totals", totals=" · ".join(totals)), style="bold"))
    return lines


def announce(before: View, after: View) -> list[RenderableType]:
    """Each scoring round that the last move set off, with its breakdown."""
    done = len(before.get("scorings", []))
    return [line for scoring in after.get("scorings", [])[done:]
            for line in scoring_lines(after, scoring)]


def ending(view: View) -> list[RenderableType]:
    """Beside the final score: Dirk's points, and who received the tiles left on the
    market."""
    notes: list[str] = []
    dirk = view.get("dirk")
    if dirk:
        notes.append(t("outcome.dirk", points=counted("points", int(dirk.get("score", 0) or 0))))
    notes += leftover_lines(view)
    return [Text(n, style=MUTED_STYLE) for n in notes]


def _num(x: Any) -> str:
    return str(int(x)) if float(x) == int(x) else str(x)


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as `view` sees it, top to bottom."""
    parts: list[RenderableType] = [_header(view)]
    outcome = view.get("outcome")
    if outcome:
        parts.append(_outcome(view, outcome))
    parts.append(_market(view))
    parts += [_seat_panel(view, seat) for seat in view.get("seats", [])]
    dirk = view.get("dirk")
    if dirk:
        parts.append(_dirk_panel(dirk))
    return Group(*parts)
