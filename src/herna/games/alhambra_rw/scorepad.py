"""`herna score alhambra-rw`: the final scoring for a game played with the real pads.

The table types each player's crosses per building type (the score sheet), unspent coins and
either the built grid (six rows of x and .) or the sizes of the rows/columns with 4+ builds;
the virtual players' crosses; and the places already awarded during play. The pad prints
every player's final VP table with a line per type explaining the places and the splits.
What people type stays the same in every language; what it prints follows `--lang`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import typer
from rich import box
from rich.console import Console
from rich.prompt import IntPrompt, Prompt
from rich.table import Table
from rich.text import Text

from herna.games.alhambra.scoring import place_groups
from herna.i18n import LANGUAGES, UnknownLanguage, set_lang

from .data import (
    BOXES,
    BUILDING_TYPES,
    COLOURS,
    LINE_POINTS,
    SIDE,
    TRACK,
    VIRTUAL_BONUS,
    VIRTUAL_NAMES,
    VP,
)
from .i18n import join_names, ordinal, plural, t, type_gen, type_name
from .scoring import coin_points, in_play_points, line_counts, places_used

TYPE_ALIASES: dict[str, str] = {
    **{name: name for name in BUILDING_TYPES},
    **{colour: name for name, colour in COLOURS.items()},
    "palace": "seraglio", "palaces": "seraglio", "castle": "chambers", "castles": "chambers",
    "pavilions": "pavilion", "gardens": "garden", "towers": "tower", "arcade": "arcades",
    "chamber": "chambers", "seraglios": "seraglio",
}
SYNTAX = ("'NAME: pavilion=2 seraglio=4 ... coins=3 grid=x.x.xx/....../...' "
          "(or lines=6,5,4 instead of grid)")


@dataclass
class Entry:
    """One row of the score sheet: a player (or a virtual player) and what they built."""

    name: str
    counts: dict[str, int] = field(default_factory=dict)
    virtual: bool = False
    coins: int = 0
    grid: list[list[bool]] | None = None
    lines: list[int] = field(default_factory=list)  # sizes of rows/columns with 4+ built


def _bad(message: str, hint: str) -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=hint)


def _number(key: str, value: str, who: str, hint: str) -> int:
    if not re.fullmatch(r"\d+", value):
        raise _bad(t("pad.err.count", who=who, key=key, value=value), hint)
    return int(value)


def parse_grid(text: str, who: str, hint: str) -> list[list[bool]]:
    """Six rows (blue 1-6) of six marks (yellow 1-6): x = built, . = not, split by /."""
    rows = [r for r in re.split(r"[/,;]", text) if r]
    if len(rows) != SIDE or any(len(r) != SIDE or set(r.lower()) - set("x.o-10") for r in rows):
        raise _bad(t("pad.err.grid", who=who, text=text), hint)
    return [[ch.lower() in "x1" for ch in row] for row in rows]


def parse_entry(spec: str, hint: str, *, virtual: bool = False) -> Entry:
    """'Ani: tower=8 garden=3 coins=3 grid=...' (virtual players: counts only)."""
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if not sep or not name:
        raise _bad(t("pad.err.player", spec=spec, syntax=SYNTAX), hint)
    entry = Entry(name, virtual=virtual)
    for token in rest.split():
        key, eq, value = token.partition("=")
        key = key.lower()
        if not eq:
            raise _bad(t("pad.err.token", who=name, token=token), hint)
        if key in TYPE_ALIASES:
            kind = TYPE_ALIASES[key]
            n = _number(key, value, name, hint)
            if n > BOXES[BUILDING_TYPES.index(kind)]:
                raise _bad(plural("pad.err.too_many", n, who=name, type=type_name(kind),
                                  most=BOXES[BUILDING_TYPES.index(kind)]), hint)
            entry.counts[kind] = n
        elif key == "coins" and not virtual:
            entry.coins = _number(key, value, name, hint)
            if entry.coins > TRACK:
                raise _bad(plural("pad.err.coins", entry.coins, who=name, most=TRACK), hint)
        elif key == "grid" and not virtual:
            entry.grid = parse_grid(value, name, hint)
        elif key == "lines" and not virtual:
            sizes = [s for s in value.split(",") if s]
            if not all(s.isdigit() and 4 <= int(s) <= SIDE for s in sizes):
                raise _bad(t("pad.err.lines", who=name, text=value), hint)
            entry.lines = [int(s) for s in sizes]
        else:
            known = ", ".join(BUILDING_TYPES) + ("" if virtual else ", coins, grid, lines")
            raise _bad(t("pad.err.key", who=name, key=key, known=known), hint)
    if entry.grid is not None:
        built = sum(sum(row) for row in entry.grid)
        crosses = sum(entry.counts.values())
        if built != crosses:
            raise _bad(t("pad.err.grid_total", who=name, built=built, crosses=crosses), hint)
    return entry


def parse_paid(spec: str, names: Sequence[str], hint: str = "--paid") -> tuple[str, dict[int, int]]:
    """'seraglio: Patricia=1 Frank=1' -> the type and {player index: place}."""
    kind_text, sep, rest = spec.partition(":")
    kind = TYPE_ALIASES.get(kind_text.strip().lower())
    if not sep or kind is None:
        raise _bad(t("pad.err.paid", spec=spec), hint)
    folded = [n.casefold() for n in names]
    paid: dict[int, int] = {}
    for token in rest.split():
        who, eq, place = token.rpartition("=")
        if not eq or who.casefold() not in folded or not place.isdigit():
            raise _bad(t("pad.err.paid_token", token=token, names=", ".join(names)), hint)
        paid[folded.index(who.casefold())] = int(place)
    try:
        places_used(paid)
    except ValueError as e:
        raise _bad(f"{type_name(kind)}: {e}", hint) from None
    return kind, paid


@dataclass
class PadResult:
    rows: list[dict[str, int]]  # per entry: type -> VP, lines, coins, bonus, total
    notes: list[str]  # one explanation per type


def _final_groups(counts: list[int], paid: Mapping[int, int], vp: Sequence[int]
                  ) -> tuple[list[int], list[tuple[int, list[int], list[int], int]]]:
    """(points, [(first place, players, paid values, share)]) of the final ranking."""
    used = places_used(paid)
    masked = [0 if i in paid else c for i, c in enumerate(counts)]
    remaining = list(vp[used:])
    points = [0] * len(counts)
    groups = []
    for g in place_groups(masked, remaining):
        for p in g.players:
            points[p] = g.share
        groups.append((used + g.place, list(g.players), list(g.paid), g.share))
    return points, groups


def score(entries: Sequence[Entry], paid: Mapping[str, Mapping[int, int]],
          vs_virtual: bool = False) -> PadResult:
    """The whole final VP table and its explanation (pure: the tests call it directly)."""
    names = [e.name for e in entries]
    virtual_n = sum(1 for e in entries if e.virtual)
    rows: list[dict[str, int]] = [{} for _ in entries]
    notes: list[str] = []
    for t_index, kind in enumerate(BUILDING_TYPES):
        vp = VP[t_index]
        counts = [e.counts.get(kind, 0) for e in entries]
        type_paid = dict(paid.get(kind, {}))
        early = in_play_points(type_paid, vp)
        final, groups = _final_groups(counts, type_paid, vp)
        parts = []
        by_place: dict[int, list[int]] = {}
        for p, place in type_paid.items():
            by_place.setdefault(place, []).append(p)
        for place, members in sorted(by_place.items()):
            span = "+".join(ordinal(place + k) for k in range(len(members)))
            values = list(vp[place - 1:place - 1 + len(members)])
            key = "pad.early_one" if len(members) == 1 else "pad.early"
            parts.append(t(key, who=join_names(names[p] for p in members), places=span,
                           split=_split(values, len(members)), share=early[members[0]]))
        for first, members, values, share in groups:
            who = join_names(f"{names[p]} {counts[p]}" for p in members)
            if not values:
                parts.append(t("pad.no_place", who=who))
                continue
            span = "+".join(ordinal(first + k) for k in range(len(members)))
            key = "pad.final_one" if len(members) == 1 else "pad.final"
            parts.append(t(key, who=who, places=span, split=_split(values, len(members)),
                           share=share))
        for i, e in enumerate(entries):
            if e.virtual and not vs_virtual and early.get(i, 0) + final[i] > 0:
                parts.append(t("pad.lost", who=names[i], points=early.get(i, 0) + final[i]))
        header = f"{type_name(kind)} ({'/'.join(map(str, vp))})"
        notes.append(f"{header}: " + ("; ".join(parts) if parts else t("pad.nobody")))
        for i in range(len(entries)):
            rows[i][kind] = early.get(i, 0) + final[i]
    for i, e in enumerate(entries):
        if e.virtual:
            for kind in BUILDING_TYPES:
                if not vs_virtual:
                    rows[i][kind] = 0
            rows[i]["lines"] = 0
            rows[i]["coins"] = 0
            rows[i]["bonus"] = VIRTUAL_BONUS.get(virtual_n, 0) if vs_virtual else 0
        else:
            if e.grid is not None:
                r, c = line_counts(e.grid)
                rows[i]["lines"] = sum(LINE_POINTS[n] for n in r + c)
            else:
                rows[i]["lines"] = sum(LINE_POINTS[n] for n in e.lines)
            rows[i]["coins"] = coin_points(e.coins)
            rows[i]["bonus"] = 0
        rows[i]["total"] = sum(v for k, v in rows[i].items() if k != "total")
    return PadResult(rows, notes)


def _split(values: Sequence[int], k: int) -> str:
    if k == 1:
        return str(values[0] if values else 0)
    return f"({' + '.join(map(str, values))}) / {k}"


def _ask_entry(console: Console, name: str, *, virtual: bool) -> Entry:
    """Ask until the line parses: a typo at the table should not end the pad."""
    key = "pad.ask.virtual_counts" if virtual else "pad.ask.counts"
    while True:
        spec = Prompt.ask(t(key, name=name), default="")
        try:
            return parse_entry(f"{name}: {spec}", "--virtual" if virtual else "--player",
                               virtual=virtual)
        except typer.BadParameter as e:
            console.print(str(e), style="red", markup=False)


def _ask_entries() -> tuple[list[Entry], dict[str, dict[int, int]]]:
    """Walk the table through the pad; each answer is checked as it is given and asked
    again if it cannot be (a name taken, a place not earned), so nothing is lost."""
    console = Console()
    n = IntPrompt.ask(t("pad.ask.players"), choices=[str(i) for i in range(1, 6)])
    entries: list[Entry] = []
    for seat in range(1, n + 1):
        default = t("pad.default_name", seat=seat)
        while True:
            name = Prompt.ask(t("pad.ask.name", seat=seat), default=default).strip() or default
            if name.casefold() not in {e.name.casefold() for e in entries} | {
                    v.casefold() for v in VIRTUAL_NAMES}:
                break
            console.print(t("pad.name_taken", name=name), style="red", markup=False)
        entries.append(_ask_entry(console, name, virtual=False))
    virtual = {1: 2, 2: 1}.get(n, 0)
    if n == 1:
        virtual = IntPrompt.ask(t("pad.ask.virtual"), choices=["2", "3", "4"], default=2)
    for k in range(virtual):
        entries.append(_ask_entry(console, VIRTUAL_NAMES[k], virtual=True))
    awarded: dict[str, dict[int, int]] = {}
    console.print(t("pad.ask.paid_help"), style="dim")
    while True:
        line = Prompt.ask(t("pad.ask.paid"), default="").strip()
        if not line:
            return entries, awarded
        try:
            kind, places = _awarded(line, entries, awarded)
        except typer.BadParameter as e:
            console.print(e.message, style="red", markup=False)
            continue
        awarded[kind] = places


def _awarded(spec: str, entries: Sequence[Entry], awarded: Mapping[str, Mapping[int, int]]
             ) -> tuple[str, dict[int, int]]:
    """One --paid line, checked: a type paid once, only to players who completed it."""
    names = [e.name for e in entries]
    kind, places = parse_paid(spec, names)
    if kind in awarded:
        raise _bad(t("pad.err.paid_twice", type=type_name(kind)), "--paid")
    for p in places:
        if entries[p].counts.get(kind, 0) < BOXES[BUILDING_TYPES.index(kind)]:
            raise _bad(plural("pad.err.not_complete", BOXES[BUILDING_TYPES.index(kind)],
                              who=names[p], type_gen=type_gen(kind)), "--paid")
    return kind, places


def print_pad(console: Console, entries: Sequence[Entry], result: PadResult) -> None:
    table = Table(title=t("pad.title"), box=box.SIMPLE_HEAD)
    table.add_column("")
    for e in entries:
        table.add_column(Text(e.name + (" *" if e.virtual else "")), justify="right")
    cats = [*BUILDING_TYPES, "lines", "coins"]
    if any(r["bonus"] for r in result.rows):
        cats.append("bonus")
    for cat in cats:
        label = t(f"cat.{cat}") if cat in ("lines", "coins", "bonus") else type_name(cat)
        table.add_row(label, *(str(r[cat]) for r in result.rows))
    table.add_row(Text(t("outcome.score"), style="bold"),
                  *(f"[bold]{r['total']}[/]" for r in result.rows))
    console.print(table)
    if any(e.virtual for e in entries):
        console.print(t("pad.virtual_note"), style="dim")
    for line in result.notes:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    vs = any(r["bonus"] for r in result.rows)
    humans = [(r["total"], e.name) for e, r in zip(entries, result.rows, strict=True)
              if vs or not e.virtual]
    if humans:
        best = max(score for score, _ in humans)
        winners = [name for score, name in humans if score == best]
        console.print(t("pad.winner" if len(winners) == 1 else "pad.winners",
                        who=join_names(winners), total=best), style="bold")


def score_command(
    player: list[str] = typer.Option(
        [], "--player", "-p",
        help=f"One per player: {SYNTAX}. Leave out to be asked at the prompt."),
    virtual: list[str] = typer.Option(
        [], "--virtual", "-v",
        help="One per virtual player: 'Dirk: pavilion=4 tower=3 ...' (crosses only)."),
    paid: list[str] = typer.Option(
        [], "--paid",
        help="Places awarded during play, one option per type: 'tower: Ani=1' or "
             "'seraglio: Patricia=1 Frank=1' (completers of one round share their first place)."),
    vs_virtual: bool = typer.Option(
        False, "--vs-virtual",
        help="Solo against the virtual players: they score their buildings plus 21/18/15."),
    lang: str | None = typer.Option(
        None, "--lang",
        help=f"Language of the pad: {', '.join(LANGUAGES)} (default: $HERNA_LANG or en)."),
) -> None:
    """Final scoring of an Alhambra Roll & Write game played with the real pads."""
    try:
        set_lang(lang)
    except UnknownLanguage as e:
        raise _bad(str(e), "--lang") from None
    console = Console()
    if player:
        entries = [parse_entry(spec, "--player") for spec in player]
        entries += [parse_entry(spec, "--virtual", virtual=True) for spec in virtual]
        humans = sum(1 for e in entries if not e.virtual)
        if not 1 <= humans <= 5 or len(entries) > 5:
            raise _bad(t("pad.err.players", n=humans, total=len(entries)), "--player")
        names = [e.name for e in entries]
        if len({n.casefold() for n in names}) != len(names):
            raise _bad(t("pad.err.same_name"), "--player")
        awarded: dict[str, dict[int, int]] = {}
        for spec in paid:
            kind, places = _awarded(spec, entries, awarded)
            awarded[kind] = places
    else:
        entries, awarded = _ask_entries()
    if vs_virtual and sum(1 for e in entries if e.virtual) not in VIRTUAL_BONUS:
        raise _bad(t("pad.err.vs"), "--vs-virtual")
    print_pad(console, entries, score(entries, awarded, vs_virtual))
