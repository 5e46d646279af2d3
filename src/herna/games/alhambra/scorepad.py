"""`herna score alhambra`: the score pad for a game played with the real box.

People at a table count their buildings (or type in their whole Alhambra) and get each
player's points for one scoring round, with a line per building type saying who took which
place, so the table can check the result by hand.

What it prints follows the language (`--lang`, else HERNA_LANG, else English; the game's words
come from `i18n`). What people type stays the same in every language: TYPE=COUNT with the
English type or colour names, walls=N, layout=TILE@X,Y.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import typer
from rich import box
from rich.console import Console
from rich.prompt import IntPrompt, Prompt
from rich.table import Table
from rich.text import Text

from herna.games.alhambra.data import BUILDING_TYPES, META, TILES
from herna.games.alhambra.i18n import colour_name, plural, t, type_name
from herna.games.alhambra.scoring import (
    Cell,
    building_counts,
    explain_building_points,
    layout_problems,
    longest_wall,
    score_round,
)
from herna.i18n import LANGUAGES, UnknownLanguage, set_lang

MIN_PLAYERS, MAX_PLAYERS = 2, 6
DIRK = "Dirk"
COLOURS: dict[str, str] = META["building_colours"]
TILES_PER_TYPE: dict[str, int] = META["type_counts"]
# Terminal styles for the tile colours (a terminal has no "brown").
_STYLES = {"blue": "blue", "red": "red", "brown": "orange4", "white": "white", "green": "green"}
STYLES = {name: _STYLES.get(colour, "magenta") for name, colour in COLOURS.items()}

# What people say at the table: the type's name, its colour, or a plural.
TYPE_ALIASES: dict[str, str] = {
    **{name: name for name in BUILDING_TYPES},
    **{colour: name for name, colour in COLOURS.items()},
    **{f"{name}s": name for name in BUILDING_TYPES if not name.endswith("s")},
    **{name[:-1]: name for name in BUILDING_TYPES if name.endswith("s")},
}
_PLACEMENT = re.compile(r"^(\d+)@(-?\d+),(-?\d+)$")
PLAYER_SYNTAX = t("pad.syntax", "en")  # the --help text (English: it is built on import)


@dataclass
class Entry:
    """One line of the score pad: a player (or Dirk) and what they have built."""

    name: str
    counts: dict[str, int] = field(default_factory=dict)
    walls: int | None = 0  # None: Dirk, who builds no Alhambra and scores no wall
    problems: list[str] = field(default_factory=list)  # building rules a typed layout breaks


def _bad(message: str, hint: str) -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=hint)


def _parse_count(key: str, value: str, who: str, hint: str) -> int:
    if not re.fullmatch(r"\d+", value):
        raise _bad(t("err.count", who=who, key=key, value=value), hint)
    return int(value)


def _parse_layout(tokens: Sequence[str], who: str, hint: str) -> dict[Cell, int]:
    layout: dict[Cell, int] = {}
    for token in tokens:
        if "=" in token:
            raise _bad(t("err.both", who=who), hint)
        match = _PLACEMENT.match(token)
        if not match:
            raise _bad(t("err.placement", who=who, token=token), hint)
        tile_id, x, y = (int(g) for g in match.groups())
        if tile_id >= len(TILES):
            raise _bad(t("err.no_tile", who=who, tile=tile_id, last=len(TILES) - 1), hint)
        if (x, y) in layout:
            raise _bad(t("err.same_cell", who=who, x=x, y=y), hint)
        layout[(x, y)] = tile_id
    return layout


def parse_counts(text: str, who: str, hint: str, *, walls_allowed: bool = True) -> Entry:
    """Read 'tower=4 blue=2 walls=8' or 'layout=0@0,0 23@1,0' into a score-pad entry."""
    entry = Entry(who, walls=0 if walls_allowed else None)
    walls_given = False
    tokens = text.split()
    for i, token in enumerate(tokens):
        key, sep, value = token.partition("=")
        key = key.lower()
        if not sep:
            raise _bad(t("err.token", who=who, token=token), hint)
        if key == "layout" and walls_allowed:
            if i > 0:
                raise _bad(t("err.both", who=who), hint)
            return _layout_entry(who, [value, *tokens[1:]] if value else tokens[1:], hint)
        if key == "walls" and walls_allowed:
            if walls_given:
                raise _bad(t("err.walls_twice", who=who), hint)
            entry.walls, walls_given = _parse_count(key, value, who, hint), True
            continue
        if key not in TYPE_ALIASES:
            known = ", ".join(BUILDING_TYPES) + (", walls, layout" if walls_allowed else "")
            raise _bad(t("err.unknown_type", who=who, key=key, known=known), hint)
        building_type = TYPE_ALIASES[key]
        if building_type in entry.counts:
            raise _bad(t("err.type_twice", who=who, type=type_name(building_type)), hint)
        entry.counts[building_type] = _parse_count(key, value, who, hint)
    return entry


def _layout_entry(who: str, placements: Sequence[str], hint: str) -> Entry:
    """Derive counts and the longest wall from the tiles, and keep any broken building rule."""
    layout = _parse_layout(placements, who, hint)
    return Entry(
        who,
        counts=building_counts(layout),
        walls=longest_wall(layout),
        problems=layout_problems(layout),
    )


def parse_player(spec: str, seat: int) -> Entry:
    """Read one --player spec: 'Kim: tower=4 pavilion=2 walls=8'."""
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if not sep or not name:
        raise _bad(t("err.player", seat=seat, spec=spec, syntax=t("pad.syntax")), "--player")
    return parse_counts(rest, name, "--player")


def _check_table(entries: Sequence[Entry], hint: str) -> None:
    """Refuse counts the box cannot hold: they are typos, and would score wrongly."""
    players = [e for e in entries if e.walls is not None]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise _bad(t("err.players", n=len(players)), hint)
    names = [e.name.casefold() for e in entries]
    for e in entries:
        if names.count(e.name.casefold()) > 1:
            raise _bad(t("err.same_name", name=e.name), hint)
    for building_type in BUILDING_TYPES:
        for e in entries:
            if e.counts.get(building_type, 0) > TILES_PER_TYPE[building_type]:
                raise _bad(
                    plural("err.too_many", e.counts[building_type], name=e.name,
                           type=type_name(building_type), most=TILES_PER_TYPE[building_type]),
                    hint,
                )
        total = sum(e.counts.get(building_type, 0) for e in entries)
        if total > TILES_PER_TYPE[building_type]:
            raise _bad(
                plural("err.too_many_all", total, type=type_name(building_type),
                       most=TILES_PER_TYPE[building_type]),
                hint,
            )


def _int_prompt() -> type[IntPrompt]:
    """Rich's number prompt, with its complaints in the current language."""
    return type(
        "IntPrompt",
        (IntPrompt,),
        {
            "validate_error_message": f"[prompt.invalid]{t('pad.not_int')}",
            "illegal_choice_message": f"[prompt.invalid.choice]{t('pad.not_choice')}",
        },
    )


def _ask_count(question: str, most: int, why: str | None = None) -> int:
    """A count from 0 to `most`, asked again until it is one; `why` says where a bound
    below the box's own comes from."""
    while True:
        n = _int_prompt().ask(question, default=0)
        if 0 <= n <= most:
            return n
        Console().print(f"[red]{why or t('pad.range', most=most)}[/red]")


def _tiles_question(name: str, building_type: str) -> str:
    return t("pad.tiles", name=name, type=type_name(building_type),
             colour=colour_name(COLOURS[building_type]))


def _ask_tiles(entry: Entry, taken: dict[str, int]) -> None:
    """Each type's count, checked against what the box still holds after the players
    already counted (12 towers cannot be built from 11): a wrong answer is asked again,
    and nothing typed before it is lost."""
    for building_type in BUILDING_TYPES:
        box_has = TILES_PER_TYPE[building_type]
        left = box_has - taken.get(building_type, 0)
        why = (plural("pad.left", box_has, most=left, type=type_name(building_type),
                      taken=taken.get(building_type, 0))
               if left < box_has else None)
        n = _ask_count(_tiles_question(entry.name, building_type), left, why)
        entry.counts[building_type] = n
        taken[building_type] = taken.get(building_type, 0) + n


def _ask_name(seat: int, names: list[str]) -> str:
    """A player's name, asked again while another player has it."""
    default = t("pad.default_name", seat=seat)
    while True:
        name = Prompt.ask(t("pad.name", seat=seat), default=default).strip() or default
        if name.casefold() not in (n.casefold() for n in names) \
                and name.casefold() != DIRK.casefold():
            return name
        Console().print(f"[red]{t('pad.name_taken', name=name)}[/red]")


def _ask_entries(with_dirk: bool, taken: dict[str, int] | None = None) -> list[Entry]:
    """Walk the table through the pad one question at a time. `taken`: tiles already
    counted elsewhere (Dirk's, given as --dirk)."""
    n = _int_prompt().ask(
        t("pad.players"), choices=[str(i) for i in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    )
    counted = dict(taken or {})
    entries: list[Entry] = []
    for seat in range(1, n + 1):
        entry = Entry(_ask_name(seat, [e.name for e in entries]))
        _ask_tiles(entry, counted)
        entry.walls = _ask_count(t("pad.wall", name=entry.name), 80)
        entries.append(entry)
    if n == 2 and with_dirk:
        dirk = Entry(DIRK, walls=None)
        _ask_tiles(dirk, counted)
        entries.append(dirk)
    return entries


def _print_pad(console: Console, entries: Sequence[Entry], round: int) -> None:
    """One column per player, like the paper pad; six types fit any terminal this way."""
    counts = [e.counts for e in entries]
    rows = score_round(counts, [e.walls for e in entries], round)
    table = Table(title=t("pad.title", round=round), box=box.SIMPLE_HEAD)
    table.add_column("")
    for entry in entries:
        table.add_column(Text(entry.name), justify="right")  # a name is not markup
    for building_type in BUILDING_TYPES:
        cells = [
            f"{row[building_type]} ({e.counts.get(building_type, 0)})"
            for e, row in zip(entries, rows, strict=True)
        ]
        label = Text(type_name(building_type), style=STYLES[building_type])
        table.add_row(label, *cells)
    walls = [
        "—" if e.walls is None else str(row["walls"]) for e, row in zip(entries, rows, strict=True)
    ]
    table.add_row(t("walls"), *walls, end_section=True)
    table.add_row(Text(t("total"), style="bold"), *(f"[bold]{row['total']}[/]" for row in rows))
    console.print(table)
    console.print(t("pad.note"), style="dim")
    for line in explain_building_points(counts, round, [e.name for e in entries]):
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def score_command(
    round: int | None = typer.Option(
        None, "--round", "-r", min=1, max=3,
        help="Scoring round: 1 (card A), 2 (card B), 3 (end). Leave out to be asked.",
    ),
    player: list[str] = typer.Option(
        [],
        "--player",
        "-p",
        help=f"One per player: {PLAYER_SYNTAX}. Types: {', '.join(BUILDING_TYPES)} or their "
        "colours. Leave out to be asked at the prompt.",
    ),
    dirk: str | None = typer.Option(
        None,
        "--dirk",
        help='Two players only: the neutral player\'s buildings, e.g. "tower=3 garden=2" '
        "(Dirk scores majorities, never walls).",
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help=f"Language of the pad: {', '.join(LANGUAGES)} (default: $HERNA_LANG or en). "
        "What you type stays the same in every language.",
    ),
) -> None:
    """Score one Alhambra scoring round for a game played at a real table."""
    try:
        set_lang(lang)
    except UnknownLanguage as e:
        raise _bad(str(e), "--lang") from None
    console = Console()
    dirk_entry = None if dirk is None else parse_counts(dirk, DIRK, "--dirk", walls_allowed=False)
    if round is None:
        round = _int_prompt().ask(t("pad.round"), choices=["1", "2", "3"])
    if player:
        entries = [parse_player(spec, seat) for seat, spec in enumerate(player, 1)]
    else:
        entries = _ask_entries(with_dirk=dirk_entry is None,
                               taken=None if dirk_entry is None else dirk_entry.counts)
    if dirk_entry is not None:
        if len(entries) != 2:
            raise _bad(t("err.dirk", n=len(entries)), "--dirk")
        entries.append(dirk_entry)
    # what was typed at the prompt was checked there; a table from flags is checked here
    _check_table(entries, "--player" if player else "--dirk")
    for entry in entries:
        if entry.problems:
            console.print(t("pad.broken", name=entry.name), style="bold red", markup=False)
            for problem in entry.problems:
                console.print(f"  - {problem}", style="red", markup=False, soft_wrap=True)
    _print_pad(console, entries, round)
