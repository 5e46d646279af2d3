"""`herna score ubongo`: the score pad for a game played with the real box.

Each player's gems are entered per colour; the pad prints the ranking with the tie-break
spelled out (who beats whom on which largest colour count), so a table can settle the
"most of one colour, then the second-largest ..." rule without arguing. Words follow --lang;
what people type (NAME:COUNTS, the English colour names) stays the same in every language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import typer
from rich.console import Console
from rich.prompt import IntPrompt, Prompt
from rich.table import Table
from rich.text import Text

from herna.i18n import LANGUAGES, UnknownLanguage, set_lang

from .data import COLOUR_LETTERS, COLOURS, GEMS_PER_COLOUR
from .i18n import colour_name, ordinal, plural, t
from .scoring import deciding_place, ranks, sorted_counts
from .terminal import STYLES, legend

MIN_PLAYERS, MAX_PLAYERS = 2, 4
Entry = tuple[str, list[int]]


def _bad(message: str, hint: str = "--player") -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=hint)


def parse_counts(text: str, who: str) -> list[int]:
    """`6,4,2,2,2,2` (in colour order) or `green=6,red=4` (others 0) -> six counts."""
    items = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not items:
        raise _bad(t("pad.bad_entry", text=text))
    if all("=" in p for p in items):
        counts = dict.fromkeys(COLOURS, 0)
        for p in items:
            name, _, value = p.partition("=")
            key = name.strip().lower()
            if key == "purple":
                key = "violet"
            if key not in counts:
                raise _bad(t("pad.bad_colour", name=name, colours=", ".join(COLOURS)))
            counts[key] = _count(value, who)
        return [counts[c] for c in COLOURS]
    if len(items) != len(COLOURS) or any("=" in p for p in items):
        raise _bad(t("pad.bad_entry", text=text))
    return [_count(p, who) for p in items]


def _count(value: str, who: str) -> int:
    if not value.strip().isdigit() or not 0 <= int(value) <= GEMS_PER_COLOUR:
        raise _bad(t("pad.bad_count", name=who, count=value.strip()))
    return int(value)


def parse_player(spec: str, n: int) -> Entry:
    name, sep, counts = spec.partition(":")
    if not sep:
        name, counts = f"{n}", spec
    name = name.strip() or f"{n}"
    return name, parse_counts(counts, name)


def check_table(entries: Sequence[Entry]) -> None:
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise _bad(t("pad.players", n=len(entries)))
    for i, colour in enumerate(COLOURS):
        total = sum(c[i] for _, c in entries)
        if total > GEMS_PER_COLOUR:
            raise _bad(plural("pad.too_many", total, colour=colour_name(colour)))


def explanation(entries: Sequence[Entry]) -> list[str]:
    """One line per neighbouring pair in the ranking: where the tie-break separated them."""
    table = [c for _, c in entries]
    r = ranks(table)
    order = sorted(range(len(entries)), key=lambda i: (r[i], i))
    lines: list[str] = []
    winners = [entries[i][0] for i in order if r[i] == 1]
    if len(winners) > 1:
        lines.append(t("end.shared", names=", ".join(winners)))
    else:
        lines.append(t("end.winner", names=winners[0]))
    for a, b in pairwise(order):
        place = deciding_place(table[a], table[b])
        if place is None:
            continue
        sa, sb = sorted_counts(table[a]), sorted_counts(table[b])
        if place == 0:
            lines.append(t("end.beats", winner=entries[a][0], runner=entries[b][0],
                           a=sa[0], b=sb[0]))
        else:
            lines.append(t("end.place", winner=entries[a][0], runner=entries[b][0],
                           place=ordinal(place + 1), a=sa[place], b=sb[place]))
    return lines


def print_pad(console: Console, entries: Sequence[Entry]) -> None:
    table_counts = [c for _, c in entries]
    r = ranks(table_counts)
    table = Table(title=t("pad.title"), title_justify="left")
    table.add_column(t("pad.rank"), justify="right")
    table.add_column(t("pad.player"))
    for colour in COLOURS:  # the letters of the game's screen: six names do not fit 80 columns
        table.add_column(Text(COLOUR_LETTERS[colour], style=f"bold {STYLES[colour]}"),
                         justify="right")
    table.add_column(t("col.total"), justify="right")
    table.add_column(t("col.sorted"), no_wrap=True)
    for i in sorted(range(len(entries)), key=lambda i: (r[i], i)):
        name, counts = entries[i]
        table.add_row(str(r[i]), name, *[str(c) for c in counts], str(sum(counts)),
                      ",".join(str(c) for c in sorted_counts(counts)),
                      style="bold" if r[i] == 1 else None)
    console.print(table)
    console.print(legend({"colours": list(COLOURS)}))
    console.print(t("pad.rule"), style="dim", markup=False)
    for line in explanation(entries):
        console.print(line, markup=False, highlight=False)


def _ask_entries() -> list[Entry]:
    """Walk the table through the pad; each answer is checked as it is given (a name not
    taken, no more gems of a colour than the box has left) and asked again, so nothing
    typed before is lost and no flag is named that was not typed."""
    console = Console()
    n = IntPrompt.ask(t("pad.ask_players"), default=2,
                      choices=[str(k) for k in range(MIN_PLAYERS, MAX_PLAYERS + 1)])
    entries: list[Entry] = []
    taken = [0] * len(COLOURS)
    for k in range(1, n + 1):
        while True:
            name = Prompt.ask(t("pad.ask_name", n=k), default=str(k)).strip() or str(k)
            if name.casefold() not in {e[0].casefold() for e in entries}:
                break
            console.print(t("pad.name_taken", name=name), style="red", markup=False)
        counts = []
        for i, colour in enumerate(COLOURS):
            left = GEMS_PER_COLOUR - taken[i]
            while True:
                value = IntPrompt.ask(t("pad.ask_count", name=name, colour=colour_name(colour)),
                                      default=0)
                if 0 <= value <= left:
                    break
                console.print(plural("pad.left", GEMS_PER_COLOUR, most=left,
                                     colour=colour_name(colour), taken=taken[i]),
                              style="red", markup=False)
            counts.append(value)
            taken[i] += value
        entries.append((name, counts))
    return entries


def score_command(
    player: list[str] = typer.Option(
        [], "--player", "-p",
        help="One per player: NAME:COUNTS, counts in the order green,red,blue,violet,brown,"
             "yellow (e.g. Ana:6,4,2,2,2,2) or colour=count pairs (Ana:green=6,red=4). "
             "Leave out to be asked at the prompt."),
    lang: str | None = typer.Option(
        None, "--lang",
        help=f"Language of the pad: {', '.join(LANGUAGES)} (default: $HERNA_LANG or en). "
             "What you type stays the same in every language."),
) -> None:
    """Rank an Ubongo game played at a real table: most gems of one colour, then the
    tie-break by the next-largest colour counts."""
    try:
        set_lang(lang)
    except UnknownLanguage as e:
        raise _bad(str(e), "--lang") from None
    entries = ([parse_player(spec, n) for n, spec in enumerate(player, 1)] if player
               else _ask_entries())
    check_table(entries)
    print_pad(Console(), entries)
