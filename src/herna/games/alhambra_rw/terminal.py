"""Alhambra Roll & Write on the terminal (`herna play alhambra-rw`): a Rich screen from a view.

Each sheet is the 6x6 grid (rows = blue die, columns = yellow die) with built cells crossed,
the dice sitting on their row and column spaces (the active seat's intersections
highlighted, so `build 3,5` can be read off the screen), the coin track (circled, crossed,
free) and the line counts. Below: the shared score sheet (every player's crosses per type,
places already awarded), the awards, the virtual players' rolls and, at the end, the outcome.
Words follow the current language (`herna.i18n`); the notation never changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .i18n import join_names, ordinal, plural, t, type_abbrev, type_gen, type_name

View = Mapping[str, Any]

TYPE_STYLE = {  # chips with the type colour behind (terminals have no brown: orange4)
    "pavilion": "bold white on #4f86c6",
    "seraglio": "bold white on #c8453c",
    "arcades": "bold white on #9a6a3c",
    "chambers": "bold #3a2e1f on #f4ecd8",
    "garden": "bold white on #5a9e4b",
    "tower": "bold white on #8a5aa8",
}
BUILT_STYLE = "dim strike"
BLUE_STYLE = "bold #2f67c4"
YELLOW_STYLE = "bold #d4a800"
ACTIVE_STYLE = "bold yellow"
MUTED_STYLE = "dim"
PANEL_STYLE = "grey50"
DIE = "●"


def player_name(view: View, player: int) -> str:
    """Seat i (you) for seats; Virtual Dirk and friends for the virtual players."""
    sheet = view.get("sheet") or []
    entry = sheet[player] if 0 <= player < len(sheet) else {}
    if entry.get("virtual"):
        return t("virtual_name", name=entry.get("name", "?"))
    name = t("seat", seat=player)
    return name + (t("you") if view.get("seat") == player else "")


def phase_text(view: View) -> str:
    phase = str(view.get("phase", ""))
    return t(f"phase.{phase}") if phase in ("turn", "second", "keep", "over") else phase


def _status_line(view: View, sep: str) -> Text:
    """Title, round, and whose turn in which phase (or the game's end), `sep` between."""
    line = Text()
    line.append(t("title"), style="bold")
    line.append(sep + t("round", round=view.get("round", 0), rounds=view.get("rounds", 0)))
    line.append(sep)
    if view.get("phase") == "over":
        line.append(t("phase.over"), style=ACTIVE_STYLE)
    else:
        line.append(player_name(view, int(view.get("current", 0))), style=ACTIVE_STYLE)
        line.append(" · " + phase_text(view))
    return line


def _header(view: View) -> RenderableType:
    line = _status_line(view, "  ")
    line.append("\n" + t("start_player", seat=view.get("start_player", 0)), style=MUTED_STYLE)
    virtual = int(view.get("virtual", 0) or 0)
    if virtual:
        mode = (plural("mode.vs_virtual", virtual, bonus=view.get("virtual_bonus", 0))
                if view.get("vs_virtual") else t("mode.virtual", n=virtual))
        line.append(" · " + mode, style=MUTED_STYLE)
    status = view.get("data_status") or {}
    if status:
        line.append("\n" + t("reconstruction", grid=status.get("grid", "?"),
                             boxes=status.get("box_counts", "?"),
                             track=status.get("coin_track", "?")), style=MUTED_STYLE)
    return Panel(line, box=box.ROUNDED, border_style=PANEL_STYLE)


def _coins(coins: Mapping[str, Any]) -> Text:
    circled = int(coins.get("circled", 0))
    crossed = int(coins.get("crossed", 0))
    track = int(coins.get("track", 0))
    text = Text(t("coins") + " ")
    text.append("⊗" * crossed, style=MUTED_STYLE)
    text.append("◉" * (circled - crossed), style="bold #d4a800")
    text.append("○" * max(0, track - circled), style=MUTED_STYLE)
    text.append("\n" + t("coins.balance", balance=coins.get("balance", 0), circled=circled,
                         crossed=crossed, track=track))
    return text


def sheet_grid(view: View, seat: Mapping[str, Any], active: bool) -> Text:
    """The grid with dice on their spaces; on the active sheet the dice's intersections are
    shown reversed."""
    grid: Sequence[Sequence[str]] = view.get("grid") or []
    built: Sequence[Sequence[bool]] = seat.get("built") or []
    dice = seat.get("dice") or {}
    blue = list(dice.get("blue", []))
    yellow = list(dice.get("yellow", []))
    rows = list(seat.get("rows", []))
    cols = list(seat.get("cols", []))
    out = Text()
    out.append(" " * 7)
    for c in range(6):
        out.append(f" Y{c + 1} ", style=YELLOW_STYLE)
    out.append("\n" + " " * 7)
    for c in range(6):
        n = yellow.count(c + 1)
        out.append(f" {DIE * n:<3}", style=YELLOW_STYLE)
    out.append("\n")
    for r in range(6):
        n = blue.count(r + 1)
        out.append(f"B{r + 1} ", style=BLUE_STYLE)
        out.append(f"{DIE * n:<3} ", style=BLUE_STYLE)
        for c in range(6):
            kind = grid[r][c] if r < len(grid) and c < len(grid[r]) else "?"
            is_built = bool(built[r][c]) if r < len(built) and c < len(built[r]) else False
            hit = active and (r + 1) in blue and (c + 1) in yellow
            label = ("✗" + type_abbrev(kind)[:2]) if is_built else type_abbrev(kind)
            style = TYPE_STYLE.get(kind, "")
            if is_built:
                style += " dim"
            if hit:
                style += " reverse"
            out.append(f"{label:^3}", style=style)
            out.append(" ")
        out.append(f" {rows[r] if r < len(rows) else 0}", style=MUTED_STYLE)
        out.append("\n")
    out.append(" " * 7)
    for c in range(6):
        out.append(f" {cols[c] if c < len(cols) else 0:<3}", style=MUTED_STYLE)
    return out


def _seat_panel(view: View, seat: Mapping[str, Any]) -> RenderableType:
    i = int(seat.get("seat", 0))
    active = view.get("phase") != "over" and int(view.get("current", -1)) == i
    body = Group(sheet_grid(view, seat, active), _coins(seat.get("coins") or {}),
                 Text(t("lines", points=seat.get("line_points", 0)), style=MUTED_STYLE))
    title = player_name(view, i)
    return Panel(body, title=title, title_align="left", box=box.ROUNDED,
                 border_style=ACTIVE_STYLE if active else PANEL_STYLE, expand=False)


def _score_sheet(view: View) -> RenderableType:
    types = list(view.get("types") or [])
    places = view.get("places") or {}
    table = Table(title=t("sheet.title"), title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(t("sheet.player"))
    for ty in types:
        vp = "/".join(str(v) for v in ty.get("vp", []))
        header = Text(f"{type_name(ty['id'])}\n", style="bold")
        header.append(vp, style=MUTED_STYLE)
        table.add_column(header, justify="left")
    for entry in view.get("sheet") or []:
        cells = []
        for ty in types:
            n = int((entry.get("counts") or {}).get(ty["id"], 0))
            boxes = int(ty.get("boxes", 0))
            cell = Text("✗" * n, style=TYPE_STYLE.get(ty["id"], "").replace("bold ", ""))
            cell.append("·" * max(0, boxes - n), style=MUTED_STYLE)
            awarded = (entry.get("awarded") or {}).get(ty["id"])
            if awarded is not None:
                cell.append(f" ★{awarded}", style="bold")
            cells.append(cell)
        table.add_row(player_name(view, int(entry.get("player", 0))), *cells)
    left = []
    for ty in types:
        info = places.get(ty["id"]) or {}
        remaining = info.get("remaining", [])
        left.append(Text("/".join(map(str, remaining)) or "—", style=MUTED_STYLE))
    table.add_row(Text(t("sheet.places_left"), style=MUTED_STYLE), *left)
    return table


def award_lines(view: View) -> list[str]:
    lines = []
    for a in view.get("awards") or []:
        players = [player_name(view, p) for p in a.get("players", [])]
        places = "+".join(ordinal(p) for p in a.get("places", []))
        key = "award.one" if len(players) == 1 else "award.shared"
        lines.append(t(key, round=a.get("round", 0), type_gen=type_gen(str(a.get("type"))),
                       who=join_names(players), places=places, share=a.get("share", 0)))
    return lines


def intersections_line(view: View) -> str | None:
    """The active seat's choices at a glance: each intersection's type (built or not) and
    how many coins `coins` would bring now."""
    if view.get("phase") != "turn":
        return None
    seats = view.get("seats") or []
    current = int(view.get("current", 0))
    if not 0 <= current < len(seats):
        return None
    seat = seats[current]
    dice = seat.get("dice") or {}
    grid = view.get("grid") or []
    built = seat.get("built") or []
    parts = []
    hits = 0
    for b in sorted(set(dice.get("blue", []))):
        for y in sorted(set(dice.get("yellow", []))):
            kind = type_name(grid[b - 1][y - 1])
            if built[b - 1][y - 1]:
                parts.append(t("hint.built", b=b, y=y, type=kind))
            else:
                parts.append(t("hint.free", b=b, y=y, type=kind))
    for b in dice.get("blue", []):
        for y in dice.get("yellow", []):
            hits += bool(built[b - 1][y - 1])
    return t("hint.line", who=player_name(view, current), cells=" · ".join(parts), coins=hits)


def _events(view: View) -> list[str]:
    lines = []
    hint = intersections_line(view)
    if hint:
        lines.append(hint)
    for e in view.get("virtual_log") or []:
        rolls = e.get("rolls") or [[0, 0]]
        rerolled = ", ".join(f"{b},{y}" for b, y in rolls[:-1])
        b, y = rolls[-1]
        key = "virtual.rerolled" if rerolled else "virtual.built"
        lines.append(t(key, who=player_name(view, int(e.get("player", 0))), b=b, y=y,
                       type=type_name(str(e.get("type"))), rerolled=rerolled,
                       round=e.get("round", 0)))
    turn = view.get("turn") or {}
    coins = turn.get("last_coins")
    if coins:
        lines.append(plural("last_coins", coins.get("gained", 0),
                            who=player_name(view, int(coins.get("seat", 0))),
                            circled=coins.get("circled", 0)))
    second = turn.get("second")
    if second:
        lines.append(t("second.offer", b=second[0], y=second[1]))
    if view.get("phase") == "keep":
        lines.append(t("keep.offer"))
    return lines


def _outcome(view: View, outcome: Mapping[str, Any]) -> RenderableType:
    scores = list(outcome.get("scores", []))
    winners = set(outcome.get("winners", []))
    breakdown = list(outcome.get("breakdown", []))
    cats = list(breakdown[0]) if breakdown else []
    details = outcome.get("details") or {}
    vs = details.get("vs_virtual")
    if vs:
        winners = set(vs.get("winners", []))
    # categories down the side, a column per player: fits 80 columns with every category
    columns: list[tuple[str, Mapping[str, Any], Any, bool]] = []
    for i, score in enumerate(scores):
        star = "★ " if i in winners and (len(scores) > 1 or vs) else ""
        columns.append((star + player_name(view, i),
                        breakdown[i] if i < len(breakdown) else {}, score, False))
    for v in details.get("virtual") or []:
        if vs:
            by_type = dict(v.get("by_type") or {})
            by_type["lines"] = f"+{v.get('bonus', 0)}"
            p = int(v.get("player", 0))
            columns.append((("★ " if p in winners else "") + player_name(view, p), by_type,
                            v.get("score", 0), True))
    table = Table(title=t("outcome.title"), title_style=ACTIVE_STYLE, title_justify="left",
                  box=box.SIMPLE_HEAD)
    table.add_column(t("sheet.player"))
    for name, _, _, virtual in columns:
        table.add_column(name, justify="right", style=MUTED_STYLE if virtual else "")
    for cat in cats:
        table.add_row(category_name(cat), *(str(row.get(cat, "")) for _, row, _, _ in columns))
    table.add_section()
    table.add_row(t("outcome.score"), *(str(score) for _, _, score, _ in columns),
                  style="bold")
    notes: list[RenderableType] = []
    if vs:
        share = (vs.get("human_win_share") or [0])[0]
        key = "vs.won" if share == 1 else "vs.shared" if share > 0 else "vs.lost"
        notes.append(Text(t(key), style="bold"))
    return Group(table, *notes)


def category_name(cat: str) -> str:
    if cat in ("lines", "coins"):
        return t(f"cat.{cat}")
    return type_name(cat)


# ----- what the CLI says around the game ------------------------------------------------
def intro(view: View) -> list[str]:
    """Why sheets start with crosses: the rulebook's setup builds three buildings for each
    player (and each virtual player) with starting rolls before the first round."""
    lines = [t("intro.setup")]
    grid = view.get("grid") or []
    for seat in view.get("seats") or []:
        built = seat.get("built") or []
        cells = [f"{type_name(grid[r][c])} {r + 1},{c + 1}" for r in range(len(built))
                 for c in range(len(built[r])) if built[r][c]]
        lines.append(t("intro.built", who=player_name(view, int(seat.get("seat", 0))),
                       cells=", ".join(cells) or t("intro.none")))
    for entry in view.get("sheet") or []:
        if entry.get("virtual"):
            counts = entry.get("counts") or {}
            kinds = ", ".join(f"{type_name(k)} {n}" for k, n in counts.items() if n)
            lines.append(t("intro.built", who=player_name(view, int(entry.get("player", 0))),
                           cells=kinds or t("intro.none")))
    return lines


def ending(view: View) -> list[RenderableType]:
    """How a solo game went: against the virtual players, who won and by how much; alone,
    the rulebook's own measure (it sets no target score, seed 000 quoted)."""
    outcome = view.get("outcome") or {}
    details = outcome.get("details") or {}
    vs = details.get("vs_virtual")
    lines: list[RenderableType] = []
    if vs:
        share = (vs.get("human_win_share") or [0])[0]
        key = "vs.won" if share == 1 else "vs.shared" if share > 0 else "vs.lost"
        lines.append(Text(t(key), style="bold"))
        for v in details.get("virtual") or []:
            lines.append(Text(t("vs.virtual", who=player_name(view, int(v.get("player", 0))),
                                score=v.get("score", 0), buildings=v.get("buildings", 0),
                                bonus=v.get("bonus", 0)), style=MUTED_STYLE))
    elif int(view.get("players", 0) or 0) == 1 and outcome.get("scores"):
        lines.append(Text(plural("solo.score", outcome["scores"][0]), style="bold"))
        lines.append(Text(t("solo.rulebook"), style="italic"))
        lines.append(Text(t("solo.vs_hint"), style=MUTED_STYLE))
    return lines


# ----- the compact screen: what a player needs to act, on 80×24 ------------------------
def _short_name(view: View, player: int) -> str:
    """A score-sheet column head: S0, or the virtual player's first letters."""
    sheet = view.get("sheet") or []
    entry = sheet[player] if 0 <= player < len(sheet) else {}
    if entry.get("virtual"):
        return str(entry.get("name", "?"))[:5]
    return t("compact.seat", seat=player) + ("*" if view.get("seat") == player else "")


def compact_sheet(view: View) -> Table:
    """The race for places in a few columns: per type its VP still open and each player's
    crosses of its boxes (★ when awarded); coins and row/column points below."""
    types = list(view.get("types") or [])
    places = view.get("places") or {}
    entries = list(view.get("sheet") or [])
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("")
    table.add_column(t("compact.open"), justify="right", style=MUTED_STYLE)
    for e in entries:
        table.add_column(_short_name(view, int(e.get("player", 0))), justify="right")
    for ty in types:
        kind = str(ty["id"])
        left = "/".join(map(str, (places.get(kind) or {}).get("remaining", []))) or "—"
        cells = []
        for e in entries:
            n = int((e.get("counts") or {}).get(kind, 0))
            awarded = (e.get("awarded") or {}).get(kind)
            cells.append(f"{n}/{ty.get('boxes', 0)}" + (f"★{awarded}" if awarded else ""))
        table.add_row(Text(type_abbrev(kind), style=TYPE_STYLE.get(kind, "")), left, *cells)
    seats = {int(s.get("seat", 0)): s for s in view.get("seats") or []}
    table.add_row(t("compact.coins"), "",
                  *(str((seats[int(e["seat"])].get("coins") or {}).get("balance", 0))
                    if e.get("seat") is not None and int(e["seat"]) in seats else ""
                    for e in entries))
    table.add_row(t("compact.lines"), "",
                  *(str(seats[int(e["seat"])].get("line_points", 0))
                    if e.get("seat") is not None and int(e["seat"]) in seats else ""
                    for e in entries))
    return table


def compact(view: dict[str, Any]) -> RenderableType:
    """What the seat needs to act, on 80×24: whose turn, my sheet with the dice, the race
    for places, and what the dice offer now. `view all` draws the whole table (`render`)."""
    parts: list[RenderableType] = [_status_line(view, " · ")]
    seats = list(view.get("seats") or [])
    me = view.get("seat")
    mine = next((s for s in seats if s.get("seat") == me), None)
    if mine is None and seats:  # a spectator follows the player to act
        mine = next((s for s in seats if s.get("seat") == view.get("current")), seats[0])
    if mine is not None:
        active = view.get("phase") != "over" and view.get("current") == mine.get("seat")
        coins = mine.get("coins") or {}
        left = Group(Text(player_name(view, int(mine.get("seat", 0))), style="bold"),
                     sheet_grid(view, mine, active))
        both = Table.grid(padding=(0, 2))
        both.add_column(no_wrap=True)
        both.add_row(left, compact_sheet(view))
        parts.append(both)
        parts.append(Text(t("compact.balance", balance=coins.get("balance", 0),
                            circled=coins.get("circled", 0), track=coins.get("track", 0))))
    else:
        parts.append(compact_sheet(view))
    notes = award_lines(view)[-2:] + _events(view)
    parts += [Text(n, style=ACTIVE_STYLE if n.startswith("▶") else MUTED_STYLE) for n in notes]
    return Group(*parts)


def render(view: dict[str, Any]) -> RenderableType:
    """The whole table as `view` sees it: header, outcome (at the end), sheets (the viewer's
    first), the score sheet, awards and the latest events."""
    parts: list[RenderableType] = [_header(view)]
    outcome = view.get("outcome")
    if outcome:
        parts.append(_outcome(view, outcome))
    seats = list(view.get("seats") or [])
    me = view.get("seat")
    seats.sort(key=lambda s: (s.get("seat") != me, s.get("seat", 0)))
    parts.append(Columns([_seat_panel(view, s) for s in seats]))
    parts.append(_score_sheet(view))
    notes = award_lines(view) + _events(view)
    parts += [Text(n, style=ACTIVE_STYLE if n.startswith("▶") else MUTED_STYLE) for n in notes]
    return Group(*parts)
