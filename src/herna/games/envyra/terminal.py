"""Envyra on the terminal (`herna play envyra`): a Rich screen drawn from a view.

The grid shows each tile's theme, symbol, dice needed, stars and reservation icons, the dice
on it in their owners' colours, and the marks the viewer may see (its own in phase I, all in
phase II). Slot names (a1, b2) are printed on every cell so `mark b2` reads straight off the
screen. Words follow the current language through `i18n`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .i18n import category_name, plural, symbol_name, t, theme_name, tile_name

View = Mapping[str, Any]

THEME_STYLE = {"orange": "dark_orange", "green": "green3", "blue": "dodger_blue1", None: "red"}
SEAT_STYLE = {"grey": "grey70", "purple": "magenta", "pink": "hot_pink", "yellow": "yellow"}
THEME_LETTER = {"orange": "O", "green": "G", "blue": "B"}
DIE = "●"
MARK = "◆"


def seat_style(view: View, seat: int) -> str:
    return SEAT_STYLE.get(view["seats"][seat]["colour"], "white")


def seat_label(view: View, seat: int) -> str:
    return t("seat", seat=seat) + (t("you") if view["seat"] == seat else "")


def reserve_text(tile: Mapping[str, Any]) -> Text:
    out = Text()
    for theme, k in tile["reserve"].items():
        for _ in range(k):
            out.append(THEME_LETTER.get(theme, "?"), style=f"bold reverse {THEME_STYLE[theme]}")
            out.append(" ")
    return out


def _cell(view: View, slot: Mapping[str, Any]) -> Text:
    text = Text(slot["slot"], style="bold")
    tile = slot["tile"]
    if tile is None:
        text.append("\n" + t("empty"), style="dim")
        return text
    text.append("  ")
    style = THEME_STYLE.get(tile["theme"], "red")
    text.append(f"{tile['id']}\n", style=f"bold {style}")
    if tile["end"]:
        text.append(t("end_tile", id=tile["id"]), style="bold red")
    else:
        text.append(tile_name(tile["theme"], tile["symbol"]), style=style)
    text.append(f"\n{t('needs')} {tile['dice']}{DIE}  ★{tile['vp']}")
    if tile["reserve"]:
        text.append("\n")
        text.append(reserve_text(tile))
        _mark_closed(text, view, slot)
    if slot["dice"] or slot["marks"]:
        text.append("\n")
    _dice_and_marks(text, view, slot)
    return text


def _mark_closed(text: Text, view: View, slot: Mapping[str, Any]) -> None:
    """A reserved tile the viewing seat may not take yet gets a red cross."""
    me = view["seat"]
    if me is not None and me not in slot["open_to"]:
        text.append("✗", style="bold red")


def _dice_and_marks(text: Text, view: View, slot: Mapping[str, Any]) -> None:
    """The dice on a slot, then the visible marks, in their seats' colours."""
    for p in slot["dice"]:
        text.append(DIE, style=seat_style(view, p))
    if slot["marks"]:
        text.append(" ")
        for p in slot["marks"]:
            text.append(MARK, style=seat_style(view, p))


def grid_table(view: View) -> Table:
    grid = view["grid"]
    table = Table(title=t("grid"), show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(grid["cols"]):
        table.add_column(min_width=14)
    rows: list[list[Text]] = [[Text("") for _ in range(grid["cols"])]
                              for _ in range(grid["rows"])]
    for slot in grid["slots"]:
        rows[slot["row"]][slot["col"]] = _cell(view, slot)
    for row in rows:
        table.add_row(*row)
    return table


def _seat_panel(view: View, seat: Mapping[str, Any]) -> Panel:
    i = seat["seat"]
    lines: list[RenderableType] = []
    head = Text()
    head.append(DIE * seat["supply"], style=seat_style(view, i))
    head.append(f" {t('supply', n=seat['supply'])} · {t('on_tiles', n=seat['on_tiles'])}")
    lines.append(head)
    if view["phase"] == "mark":
        if seat["board"] is not None:
            lines.append(Text(t("board", slots=" ".join(seat["board"]) or "-")))
        else:
            lines.append(Text(t("marked") if seat["marked"] else t("not_marked"), style="dim"))
    elif view["phase"] == "move" and seat["board"]:
        lines.append(Text(t("board", slots=" ".join(seat["board"]))))
    any_tile = False
    for theme, tiles in seat["by_theme"].items():
        if not tiles:
            continue
        any_tile = True
        row = Text(f"{theme_name(theme)}: ", style=THEME_STYLE.get(
            None if theme == "end" else theme, "red"))
        row.append(", ".join(
            f"{x['id']} {symbol_name(x['symbol']) if x['symbol'] else ''}★{x['vp']}".strip()
            for x in tiles))
        lines.append(row)
    if not any_tile:
        lines.append(Text(t("no_tiles"), style="dim"))
    if seat["sets"]:
        lines.append(Text(t("sets") + ": " + " | ".join(
            " ".join(symbol_name(p[1]) for p in s) for s in seat["sets"]), style="italic"))
    sc = seat["score"]
    key = "score.eq" if view["equilibrium"]["mode"] else "score"
    lines.append(Text(t(key, stars=sc["stars"], sets=sc["sets"], eq=sc["equilibrium"],
                        total=sc["total"]), style="bold"))
    if seat["secret_card"]:
        c = seat["secret_card"]
        lines.append(Text(f"{t('cards.secret')}: {c['id']} "
                          f"{' + '.join(symbol_name(x) for x in c['symbols'])} ★{c['vp']}"
                          + (" ✓" if c["done"] else "")))
    title = Text(seat_label(view, i), style=f"bold {seat_style(view, i)}")
    if seat["start_player"]:
        title.append(" ▲")
    return Panel(Group(*lines), title=title, title_align="left",
                 border_style="bold" if i == view["seat"] else "dim")


def event_text(e: Mapping[str, Any]) -> str:
    kind = e["event"]
    fields = dict(e)
    if kind == "marked":
        fields["slots"] = " ".join(e["slots"])
    if kind == "over":
        fields["reason"] = t(f"reason.{e['reason']}")
    return t(f"ev.{kind}", **fields)


def _header(view: View) -> Text:
    text = Text(f"{t('title')} · ", style="bold")
    text.append(t("round", round=view["round"]) + " · ")
    text.append(t(f"phase.{view['phase']}"), style="bold")
    text.append(" · " + t("start", seat=view["start_player"]))
    text.append(" · " + plural("bag", view["bag"]))
    if view["to_act"]:
        text.append(" · " + t("to_act", seats=", ".join(map(str, view["to_act"]))))
    if view["phase"] == "move" and view["order"]:
        text.append("\n" + t("order") + ": ")
        order, pos, n = view["order"], view["order_pos"], view["players"]
        for k, p in enumerate(order):
            if k == n:
                text.append("| ")
            text.append(str(p) + " ", style="bold reverse" if k == pos else
                        "dim" if k < pos else "")
    return text


def _cards(view: View) -> Text | None:
    public = view["equilibrium"]["public"]
    if not public:
        return None
    text = Text(t("cards.public") + ": ", style="bold")
    for c in public:
        owner = t("card.free") if c["owner"] is None else t("card.owner", seat=c["owner"])
        text.append(f"{c['id']} {' + '.join(symbol_name(x) for x in c['symbols'])} "
                    f"★{c['vp']} ({owner})  ")
    return text


def outcome_table(view: View, outcome: Mapping[str, Any]) -> Table:
    table = Table(title=t("outcome"))
    table.add_column("")
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    for s in seats:
        style = "bold green" if s["seat"] in outcome["winners"] else "bold"
        table.add_column(seat_label(view, s["seat"]), justify="right", header_style=style)
    for cat in ("stars", "sets", "equilibrium"):
        table.add_row(category_name(cat), *(str(b.get(cat, 0)) for b in outcome["breakdown"]))
    table.add_row(t("pad.total"), *(str(x) for x in outcome["scores"]), style="bold")
    table.add_row(t("pad.rank"), *(str(x) for x in outcome["ranks"]))
    parts = outcome["details"].get("partitions", [])
    table.add_row(t("pad.best_sets"), *(
        "\n".join(" ".join(symbol_name(p[1]) for p in s) for s in part["sets"]) or "-"
        for part in parts))
    return table


def tie_text(outcome: Mapping[str, Any]) -> str:
    used = outcome["details"].get("tie_breaks", [])
    return "; ".join(t(f"tie.{u}") for u in used) if used else t("tie.none")


# ----- the compact screen: what a player needs to act, on 80×24 ------------------------
def _compact_cell(view: View, slot: Mapping[str, Any]) -> Text:
    """A slot in two lines: `a1 B12 3●★3` (and its reservation letters), then the symbol,
    the dice on it and the marks the viewer may see."""
    text = Text(slot["slot"], style="bold")
    tile = slot["tile"]
    if tile is None:
        text.append(" " + t("empty"), style="dim")
        return text
    style = THEME_STYLE.get(tile["theme"], "red")
    text.append(f" {tile['id']} {tile['dice']}{DIE}★{tile['vp']}", style=style)
    if tile["reserve"]:
        text.append(" ")
        text.append_text(reserve_text(tile))
        _mark_closed(text, view, slot)
    text.append("\n")
    text.append(t("end_tile", id="").strip() if tile["end"] else symbol_name(tile["symbol"]),
                style="bold red" if tile["end"] else style)
    if slot["dice"]:
        text.append(" ")
    _dice_and_marks(text, view, slot)
    return text


def compact_grid(view: View) -> Table:
    grid = view["grid"]
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    for _ in range(grid["cols"]):
        table.add_column(max_width=19, no_wrap=True, overflow="ellipsis")
    rows: list[list[Text]] = [[Text("") for _ in range(grid["cols"])]
                              for _ in range(grid["rows"])]
    for slot in grid["slots"]:
        rows[slot["row"]][slot["col"]] = _compact_cell(view, slot)
    for row in rows:
        table.add_row(*row)
    return table


def _compact_seat(view: View, seat: Mapping[str, Any]) -> Text:
    """Another seat in one line: dice, what it holds per theme, its score."""
    i = seat["seat"]
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(seat_label(view, i) + (" ▲" if seat["start_player"] else ""),
                style=f"bold {seat_style(view, i)}")
    line.append(" " + DIE * seat["supply"], style=seat_style(view, i))
    line.append(f" {t('supply', n=seat['supply'])} · {t('on_tiles', n=seat['on_tiles'])}")
    if seat["board"]:
        line.append(" · " + t("board", slots=" ".join(seat["board"])))
    held = [f"{THEME_LETTER.get(theme, 'E')}{len(tiles)}"
            for theme, tiles in seat["by_theme"].items() if tiles]
    if held:
        line.append(" · " + " ".join(held))
    line.append(" · " + plural("compact.points", seat["score"]["total"]), style="bold")
    return line


def compact(view: dict[str, Any]) -> RenderableType:
    """What the seat needs to act, on 80×24: the phase and order, the grid, my tiles and
    score, each other seat in a line, the last events. `view all` draws the whole table."""
    head = Text(f"{t('title')} · ", style="bold")
    head.append(t("round", round=view["round"]) + " · ")
    head.append(t(f"phase.{view['phase']}"), style="bold")
    if view["to_act"]:
        head.append(" · " + t("to_act", seats=", ".join(map(str, view["to_act"]))))
    head.append("\n" + plural("bag", view["bag"]), style="dim")
    if view["phase"] == "move" and view["order"]:
        head.append(" · " + t("order") + ": ")
        order, pos, n = view["order"], view["order_pos"], view["players"]
        for k, p in enumerate(order):
            if k == n:
                head.append("| ")
            head.append(str(p) + " ", style="bold reverse" if k == pos else
                        "dim" if k < pos else "")
    parts: list[RenderableType] = [head, compact_grid(view)]
    cards = _cards(view)
    if cards is not None:
        parts.append(cards)
    me = view["seat"]
    for seat in view["seats"]:
        if seat["seat"] != me:
            parts.append(_compact_seat(view, seat))
    mine = next((s for s in view["seats"] if s["seat"] == me), None)
    if mine is not None:
        lines = list(cast(Group, _seat_panel(view, mine).renderable).renderables)
        first = Text(seat_label(view, me) + (" ▲ " if mine["start_player"] else " "),
                     style=f"bold {seat_style(view, me)}")
        first.append_text(cast(Text, lines[0]))
        if len(lines) > 1 and str(cast(Text, lines[1]).plain).startswith(
                t("board", slots="").rstrip()):
            first.append(" · ")
            first.append_text(cast(Text, lines.pop(1)))
        parts.append(Group(first, *lines[1:]))
    log = [e for e in view["log"] if e["round"] >= view["round"] - 1 and e["event"] != "over"]
    if log and not view["outcome"]:
        parts.append(Text("\n".join(event_text(e) for e in log[-2:]), style="dim"))
    return Group(*parts)


def ending(view: View) -> list[RenderableType]:
    """Why the game ended (said once) and which tie-breaks decided it."""
    if not view["outcome"]:
        return []
    return [Text(t(f"reason.{view['end']}"), style="bold"),
            Text(t("pad.tiebreaks") + ": " + tie_text(view["outcome"]))]


def render(view: dict[str, Any]) -> RenderableType:
    """The whole screen for one seat's (or a spectator's) view."""
    parts: list[RenderableType] = [_header(view), grid_table(view)]
    cards = _cards(view)
    if cards is not None:
        parts.append(cards)
    seats = Table.grid(padding=(0, 1))
    per_row = 2
    panels = [_seat_panel(view, s) for s in view["seats"]]
    for k in range(0, len(panels), per_row):
        seats.add_row(*panels[k:k + per_row])
    parts.append(seats)
    log = [e for e in view["log"] if e["round"] >= view["round"] - 1]
    if log:
        parts.append(Text(t("log"), style="bold"))
        parts.append(Text("\n".join(event_text(e) for e in log[-14:]), style="dim"))
    if view["outcome"]:
        parts.append(Text(t(f"reason.{view['end']}"), style="bold"))
        parts.append(outcome_table(view, view["outcome"]))
        parts.append(Text(t("pad.tiebreaks") + ": " + tie_text(view["outcome"])))
    parts.append(Text(t("recon"), style="dim italic"))
    return Group(*parts)

