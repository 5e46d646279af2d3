"""The terminal picture of an Ubongo view (Rich), and `stamp` for the human's race time."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from herna.core import Action

from .actions import SolveAction
from .data import COLOUR_LETTERS
from .deck import SYMBOL_GLYPHS
from .i18n import colour_name, hourglass, ordinal, plural, symbol_name, t

View = dict[str, Any]

STYLES = {"green": "green", "red": "red", "blue": "blue", "violet": "magenta",
          "brown": "orange4", "yellow": "yellow"}
_HAS_TIME = re.compile(r"\bin\s+\S+\s*$", re.IGNORECASE)


def stamp(text: str, seconds: float) -> str:
    """The human's `solve ...` with the seconds since the race screen was shown (`... in
    23.5`). The clock decides: a time typed by hand is replaced, as a person at the table
    cannot claim to have been faster. Any other text is left as it is. The CLI calls this;
    the engine never reads a clock."""
    words = text.split()
    if not words or words[0].lower() != "solve":
        return text
    text = _HAS_TIME.sub("", text.rstrip()).rstrip()
    tenths = (Decimal(repr(max(0.0, seconds))) * 10).quantize(Decimal(1), ROUND_HALF_UP)
    return f"{text} in {int(tenths) // 10}.{int(tenths) % 10}"


def listed(legal: list[Action]) -> tuple[list[Action], str | None]:
    """What `legal` shows a person during the race: not the solutions (the puzzle is theirs
    to solve; bots and search still get them from legal_actions)."""
    shown = [a for a in legal if not isinstance(a, SolveAction)]
    return shown, (t("legal.unlisted") if len(shown) < len(legal) else None)


def seat_name(view: View, seat: int) -> str:
    name = t("seat", seat=seat)
    return name + (t("you") if seat == view.get("seat") else "")


def gem_text(colour: str | None) -> Text:
    if colour is None:
        return Text("·", style="dim")
    return Text(COLOUR_LETTERS[colour], style=f"bold {STYLES.get(colour, '')}")


def gems_line(colours: list[str]) -> Text:
    if not colours:
        return Text(t("last.nothing"), style="dim")
    out = Text()
    for i, c in enumerate(colours):
        if i:
            out.append(" ")
        out.append(colour_name(c), style=STYLES.get(c, ""))
    return out


def board(view: View, title: bool = True) -> RenderableType:
    """The gem board turned on its side: one line per row, the red field and the figures at
    the left, then the 12 holes front first."""
    lines = [Text(t("board.title"), style="bold")] if title else []
    figures: dict[int, list[int]] = {}
    for s in view["seats"]:
        if s["figure"] is not None:
            figures.setdefault(s["figure"], []).append(s["seat"])
    for r, row in enumerate(view["board"]):
        line = Text(f"{t('board.field')} {r + 1} ", style="bold red")
        here = figures.get(r + 1, [])
        line.append(f"[{''.join(str(x) for x in here):<4}]", style="bold")
        line.append("  ")
        for g in row:
            line.append_text(gem_text(g))
            line.append(" ")
        lines.append(line)
    lines.append(legend(view))
    return Group(*lines)


def outline_grid(card: dict[str, Any], placements: list[list[Any]] | None = None) -> Text:
    """The light area with row and column numbers; placed pieces drawn with their letters."""
    o = card["outline"]
    cells = {(r, c) for r, c in o["cells"]}
    owner: dict[tuple[int, int], str] = {}
    for p in placements or []:
        letter, ori, r0, c0 = p
        from .pieces import orientations  # local: the view carries no shapes for others
        for dr, dc in orientations(letter)[ori]:
            owner[(r0 + dr, c0 + dc)] = letter
    out = Text()
    out.append("    " + " ".join(f"{c}" for c in range(o["cols"])) + "\n", style="dim")
    for r in range(o["rows"]):
        out.append(f"{r:>3} ", style="dim")
        for c in range(o["cols"]):
            if (r, c) in owner:
                out.append(owner[(r, c)], style="bold")
            elif (r, c) in cells:
                out.append("#", style="bold white")
            else:
                out.append(" ")
            out.append(" ")
        out.append("\n")
    return out


def pieces_block(view: View) -> RenderableType:
    from .notation import orientation_block
    lines = [Text(t("pieces.title"), style="bold")]
    for letter, p in sorted(view.get("pieces", {}).items()):
        lines.append(Text(f"{letter} = {p['name']}", style=f"bold {p['colour']}"))
        for row in orientation_block(letter):
            lines.append(Text("  " + row, style=p["colour"]))
    return Group(*lines)


def _gem_columns(table: Table, view: View) -> None:
    """Seat, figure, one narrow column per colour (its letter, in its colour) and the total."""
    table.add_column(t("col.seat"), no_wrap=True)
    table.add_column(t("col.figure"), justify="right", no_wrap=True)
    for colour in view["colours"]:
        table.add_column(Text(COLOUR_LETTERS[colour], style=f"bold {STYLES.get(colour, '')}"),
                         justify="right", no_wrap=True)
    table.add_column("Σ", justify="right", no_wrap=True)


def seats_table(view: View) -> Table:
    """Gems per seat: one narrow column per colour (its letter, in its colour), the total,
    the sorted counts the tie-break compares and, during the race, who is done."""
    table = Table(title=t("gems.title"), title_justify="left", padding=(0, 1))
    _gem_columns(table, view)
    table.add_column(t("col.sorted"))  # may wrap: the numbers must not be cut at 80 columns
    if view["phase"] == "race":
        table.add_column(t("col.race"))
    for s in view["seats"]:
        row: list[Any] = [seat_name(view, s["seat"]),
                          str(s["figure"]) if s["figure"] is not None else "-"]
        row += [str(s["gems"][c]) for c in view["colours"]]
        row += [str(s["total"]), " ".join(str(x) for x in s["sorted"])]
        if view["phase"] == "race":
            sub = s.get("submission")
            if sub is not None:
                row.append(t("race.passed") if sub["pass"] else t("race.time", time=sub["time"]))
            else:
                row.append(t("race.done") if s["done"] else t("race.racing"))
        table.add_row(*row)
    return table


def legend(view: View) -> Text:
    out = Text()
    for i, colour in enumerate(view["colours"]):
        if i:
            out.append("  ")
        out.append(COLOUR_LETTERS[colour], style=f"bold {STYLES.get(colour, '')}")
        out.append(f" {colour_name(colour)}")
    return out


def last_round(view: View) -> RenderableType | None:
    r = view.get("last_round")
    if not r or "finishers" not in r:
        return None
    lines = [Text(t("last.title", round=r["round"], symbol=symbol_name(r["symbol"])),
                  style="bold")]
    if r["hourglass_turns"] == 2:
        lines.append(Text(t("last.hourglass2")))
    if r["discarded"]:
        lines.append(Text(t("last.discarded")))
    for i, seat in enumerate(r["finishers"]):
        lines.append(Text(t("last.finish", place=i + 1, seat=seat, time=r["times"][seat])))
    for m in r["moves"]:
        line = Text(t("last.move", seat=m["seat"], src=m["from"], dst=m["to"], gems=""))
        line.append_text(gems_line(m["gems"]))
        lines.append(line)
    missing = [seat_name(view, s) for s in range(len(r["times"])) if s not in r["finishers"]]
    if missing:
        lines.append(Text(t("last.notfinished", seats=", ".join(missing)), style="dim"))
    return Group(*lines)


def outcome_block(view: View, with_scores: bool = True) -> RenderableType:
    """Who won and which colour count decided it; `with_scores` adds each seat's score (its
    largest colour count), which the CLI's final score table already shows."""
    from .scoring import decision
    out = view["outcome"]
    table = [[s["gems"][c] for c in view["colours"]] for s in view["seats"]]
    win, place, runner = decision(table)
    names = ", ".join(seat_name(view, w) for w in win)
    lines = [Text(t("end.winner" if len(win) == 1 else "end.shared", names=names),
                  style="bold green")]
    if place is not None and runner is not None:
        a = sorted(table[win[0]], reverse=True)
        b = sorted(table[runner], reverse=True)
        if place == 0:
            lines.append(Text(t("end.first", winner=names, count=a[0])))
        else:
            lines.append(Text(t("end.place", winner=names, runner=seat_name(view, runner),
                                place=ordinal(place + 1), a=a[place], b=b[place])))
    if with_scores:
        lines.append(Text(t("end.scores", scores=" · ".join(
            t("end.seat_score", who=seat_name(view, i), score=x)
            for i, x in enumerate(out["scores"]))), style="dim"))
    return Group(*lines)


def header(view: View) -> Text:
    side = t(f"side.{view['side']}")
    text = Text(t("title") + "  ", style="bold")
    text.append(t("header", round=view["round"] or "-", rounds=view["rounds"],
                  start=view["start_player"], side=side, hourglass=hourglass(view["timer"]),
                  deck=view["deck"]))
    return text


def phase_line(view: View) -> Text:
    phase = view["phase"]
    if phase == "race":
        sym = view["symbol"]
        glyph = SYMBOL_GLYPHS.get(sym, "")
        return Text(t("phase.race", symbol=f"{symbol_name(sym)} {glyph}"), style="bold yellow")
    if phase == "gems" and view.get("mover"):
        m = view["mover"]
        return Text(plural("phase.gems", m["allowance"], place=m["place"], seat=m["seat"]),
                    style="bold yellow")
    return Text(t(f"phase.{phase}"), style="bold yellow")


def card_block(view: View) -> RenderableType | None:
    seat = view.get("seat")
    parts: list[RenderableType] = []
    for s in view["seats"]:
        card = s["card"]
        if card is None or view["symbol"] is None:
            continue
        if s["seat"] == seat:
            parts.insert(0, Text(t("card.title", number=card["number"],
                                   side=t(f"side.{card['side']}"),
                                   symbol=symbol_name(view["symbol"]),
                                   pieces=" ".join(s["pieces"])), style="bold"))
            sub = s.get("submission")
            placements = sub["placements"] if sub and not sub["pass"] else None
            parts.insert(1, Text(t("card.grid"), style="dim"))
            parts.insert(2, outline_grid(card, placements))
            if sub:
                parts.insert(3, Text(t("your.submission", text=sub["text"]), style="green"))
        else:
            parts.append(Text(t("card.other", seat=s["seat"], number=card["number"],
                                pieces=" ".join(s["pieces"])), style="dim"))
    return Group(*parts) if parts else None


def hint(view: View) -> Text | None:
    seat = view.get("seat")
    if seat is None or seat not in view["to_act"]:
        return None
    if view["phase"] == "start":
        return Text(t("hint.start"), style="italic")
    if view["phase"] == "race":
        example = " ".join(f"{p}0@0,0" for p in view["seats"][seat]["pieces"][:2]) + " ..."
        if not view["timer"]:
            return Text(t("hint.untimed", example=f"solve {example}"), style="italic")
        return Text(t("hint.race", example=f"solve {example}", timer=view["timer"],
                      double=2 * view["timer"]), style="italic")
    if view["phase"] == "gems" and view.get("mover"):
        return Text(t("hint.gems", reach=view["mover"]["allowance"]), style="italic")
    return None


def mover_block(view: View) -> RenderableType | None:
    m = view.get("mover")
    if not m:
        return None
    lines = []
    for o in m["options"]:
        line = Text(t("mover.option", move=o["move"], field=o["field"], gems=""))
        line.append_text(gems_line(o["gems"]) if o["gems"] else Text(t("mover.empty")))
        lines.append(line)
    return Group(*lines)


# ----- what the CLI says between screens ------------------------------------------------
def recap(view: View, r: Mapping[str, Any]) -> list[RenderableType]:
    """A finished round: who counted (in order, with times), who solved too late, who gave
    up or ran out of time, and who took which gems."""
    lines: list[RenderableType] = [Text(t("recap.title", round=r["round"],
                                          symbol=symbol_name(r["symbol"])), style="bold yellow")]
    if r.get("hourglass_turns") == 2:
        lines.append(Text("  " + t("last.hourglass2")))
    counted = [t("recap.finisher", place=i + 1, who=seat_name(view, seat),
                 time=r["times"][seat]) for i, seat in enumerate(r["finishers"])]
    lines.append(Text("  " + t("recap.counted", who=", ".join(counted) or t("recap.nobody"))))
    late = [t("recap.time", who=seat_name(view, seat), time=time)
            for seat, time in enumerate(r["times"])
            if time is not None and seat not in r["finishers"] and not r["passed"][seat]]
    if late:
        lines.append(Text("  " + t("recap.late", who=", ".join(late))))
    gave_up = [seat_name(view, seat) for seat, passed in enumerate(r["passed"]) if passed]
    if gave_up:
        lines.append(Text("  " + t("recap.passed", who=", ".join(gave_up))))
    if r.get("discarded"):
        lines.append(Text("  " + t("last.discarded")))
    for m in r["moves"]:
        line = Text("  " + t("recap.gems", who=seat_name(view, m["seat"]), src=m["from"],
                             dst=m["to"]))
        line.append_text(gems_line(m["gems"]))
        lines.append(line)
    return lines


def _late_word(view: View, me: int) -> Text | None:
    """The verdict on my solution when the race is resolved, if it came after the
    hourglass: it counts (nobody made it in time), or not (someone did, or it came after
    the second turn too)."""
    r = view.get("last_round") or {}
    timer = view.get("timer")
    times = r.get("times") or []
    if not timer or me >= len(times) or times[me] is None or r["passed"][me] \
            or times[me] <= timer:
        return None
    if times[me] > 2 * timer:
        key = "late.out"
    elif me in r["finishers"]:
        key = "late.counted"
    else:
        key = "late.lost"
    in_time = [seat_name(view, s) for s in r["finishers"] if times[s] <= timer]
    return Text(t(key, time=times[me], timer=timer, double=2 * timer,
                  who=", ".join(in_time) or t("recap.nobody")), style="bold yellow")


def announce(before: View, after: View) -> list[RenderableType]:
    """A word on my solution when it came after the hourglass (as I submit it, and the
    verdict when the race is resolved), and each finished round's recap."""
    out: list[RenderableType] = []
    me = after.get("seat")
    if me is not None and after.get("timer"):
        was = before["seats"][me].get("submission")
        sub = after["seats"][me].get("submission")
        if sub and not was and not sub["pass"] and sub["time"] is not None \
                and sub["time"] > after["timer"]:
            key = "late.second" if sub["time"] <= 2 * after["timer"] else "late.out"
            out.append(Text(t(key, time=sub["time"], timer=after["timer"],
                              double=2 * after["timer"]), style="bold yellow"))
        old, new = before.get("last_round") or {}, after.get("last_round") or {}
        if "times" in new and (old.get("round") != new.get("round") or "times" not in old):
            word = _late_word(after, me)
            if word is not None:
                out.append(word)
    done = len(before.get("rounds_log") or [])
    for r in (after.get("rounds_log") or [])[done:]:
        out += recap(after, r)
    return out


def ending(view: View) -> list[RenderableType]:
    """How the winner was decided (the tie-break by colour counts), after the score."""
    if view["phase"] != "over" or not view.get("outcome"):
        return []
    return list(cast(Group, outcome_block(view, with_scores=False)).renderables)


# ----- the compact screen: what a player needs to act, on 80×24 ------------------------
COMPACT_WIDTH = 80
def _compact_pieces(view: View, width: int) -> Text:
    """My pieces' orientations, as many pieces side by side as fit in `width`."""
    from .notation import orientation_block
    blocks = [(orientation_block(letter), p["colour"])
              for letter, p in sorted(view.get("pieces", {}).items())]
    rows: list[list[tuple[list[str], str]]] = []
    used = width + 1
    for block in blocks:
        w = max(len(line) for line in block[0])
        if rows and used + 3 + w <= width:
            rows[-1].append(block)
            used += 3 + w
        else:
            rows.append([block])
            used = w
    out = Text()
    for row in rows:
        widths = [max(len(line) for line in b) for b, _ in row]
        for k in range(max(len(b) for b, _ in row)):
            if out:
                out.append("\n")
            for j, ((lines, colour), w) in enumerate(zip(row, widths, strict=True)):
                out.append(("   " if j else "") + (lines[k] if k < len(lines) else "").ljust(w),
                           style=colour)
    return out


def _race_line(view: View) -> Text:
    """Who is still puzzling and who is done, in one line."""
    puzzling, done = [], []
    for s in view["seats"]:
        sub = s.get("submission")
        name = seat_name(view, s["seat"])
        if sub:
            done.append(f"{name} " + (t("race.passed") if sub["pass"]
                                      else t("race.time", time=sub["time"])))
        elif s["done"]:
            done.append(name)
        else:
            puzzling.append(name)
    return Text(t("compact.race", puzzling=", ".join(puzzling) or "-",
                  done=", ".join(done) or "-"), style="dim")


def _gems_lines(view: View) -> Table:
    """Gems per seat without a frame: a line each."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    _gem_columns(table, view)
    table.add_column(t("col.sorted"), no_wrap=True)
    for s in view["seats"]:
        table.add_row(seat_name(view, s["seat"]),
                      str(s["figure"]) if s["figure"] is not None else "-",
                      *(str(s["gems"][c]) for c in view["colours"]), str(s["total"]),
                      " ".join(str(x) for x in s["sorted"]))
    return table


def compact(view: dict[str, Any]) -> RenderableType:
    """What the seat needs to act, on 80×24. In the race: my card and my pieces'
    orientations side by side, who is done. Otherwise: the gem board beside the moves on
    offer, the gems per seat. `view all` draws the whole table (`render`)."""
    head = Text(t("title") + "  ", style="bold")
    head.append(t("compact.header", round=view["round"] or "-", rounds=view["rounds"],
                  side=t(f"side.{view['side']}"), hourglass=hourglass(view["timer"])))
    parts: list[RenderableType] = [head, phase_line(view)]
    me = view.get("seat")
    mine = next((s for s in view["seats"] if s["seat"] == me), None)
    if view["phase"] == "race":
        parts.append(_race_line(view))
        if mine is not None and mine["card"] is not None:
            sub = mine.get("submission")
            placements = sub["placements"] if sub and not sub["pass"] else None
            parts.append(Text(t("card.title", number=mine["card"]["number"],
                                side=t(f"side.{mine['card']['side']}"),
                                symbol=symbol_name(view["symbol"]),
                                pieces=" ".join(mine["pieces"])), style="bold"))
            grid = outline_grid(mine["card"], placements)
            both = Table.grid(padding=(0, 3))
            both.add_column(no_wrap=True)
            both.add_column(no_wrap=True)
            both.add_row(grid, _compact_pieces(view, COMPACT_WIDTH - 3 - grid.cell_len
                                               if "\n" not in grid.plain
                                               else COMPACT_WIDTH - 3 - max(
                                                   len(x) for x in grid.plain.split("\n"))))
            parts.append(both)
            if sub:
                parts.append(Text(t("your.submission", text=sub["text"]), style="green"))
    else:
        m = view.get("mover")
        if m:
            options = Text()
            for i, o in enumerate(m["options"]):
                options.append(("\n" if i else "") + t("compact.option", move=o["move"],
                                                        field=o["field"]))
                options.append_text(Text(" ").join(gem_text(g) for g in o["gems"])
                                    if o["gems"] else Text("—"))
            both = Table.grid(padding=(0, 2))
            both.add_column(no_wrap=True)
            both.add_column()
            both.add_row(board(view, title=False), options)
            parts.append(both)
        else:
            parts.append(board(view, title=False))
        parts.append(_gems_lines(view))
    h = hint(view)
    if h is not None and view["phase"] == "race":
        h = Text(t("compact.hint", timer=view["timer"], double=2 * view["timer"])
                 if view["timer"] else t("compact.hint_untimed"), style="italic")
    if h is not None:
        parts.append(h)
    return Group(*parts)


def render(view: dict[str, Any]) -> RenderableType:
    """The whole screen: header, phase, the board, the gem table, the card and pieces."""
    parts: list[RenderableType] = [header(view), phase_line(view)]
    parts.append(board(view))
    parts.append(seats_table(view))
    last = last_round(view)
    if last is not None and view["phase"] != "race":
        parts.append(last)
    mover = mover_block(view)
    if mover is not None:
        parts.append(mover)
    if view["phase"] == "race":
        block = card_block(view)
        if block is not None:
            parts.append(block)
        if view.get("pieces"):
            parts.append(pieces_block(view))
    if view["phase"] == "over" and view.get("outcome"):
        parts.append(outcome_block(view))
    h = hint(view)
    if h is not None:
        parts.append(h)
    parts.append(Text(t("note"), style="dim italic"))
    return Group(*parts)
