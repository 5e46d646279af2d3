"""`herna score envyra`: the score pad for a game played with the real box.

Each player's tiles are typed either as Herna tile ids (S04, B20, END, K: the RECONSTRUCTION
data) or, for the printed tiles, as theme/symbol:stars (orange/sun:4; end:5 for the end
tile), since the real stars may differ from Herna's tables. The pad prints stars, the best
sets set by set, Equilibrium points and the ranking with the tie-breaks it needed.
Output follows the language (`--lang`); what people type stays the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import typer
from rich.console import Console
from rich.prompt import IntPrompt, Prompt
from rich.table import Table

from herna.i18n import LANGUAGES, UnknownLanguage, set_lang

from .data import (
    CARDS,
    PLAYER_COUNTS,
    SET_POINTS,
    SYMBOL_INDEX,
    SYMBOL_NAMES,
    SYMBOLS_PER_THEME,
    THEMES,
    TILE_INDEX,
    TILES,
)
from .i18n import category_name, symbol_name, t, theme_name, tile_name
from .scoring import best_sets, card_by_id, leftovers, rank_keys, set_points, tie_breaks_used

CARD_IDS = ", ".join(card.id for card in CARDS)
_FREE = re.compile(r"^([a-z]+)/([a-z]+):(\d+)$")
_END = re.compile(r"^end:(\d+)$")
_NAMED = re.compile(r"^\s*([^=:/]+?)\s*(?:=\s*|:\s+)(.*)$")


@dataclass
class Entry:
    """One player at the table and the tiles acquired."""

    name: str
    tiles: list[tuple[str, str]] = field(default_factory=list)  # (theme, symbol)
    stars: int = 0
    end_tile: bool = False
    cards: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)  # the tiles typed by their Herna ids

    def set_points(self) -> int:
        return set_points(self.tiles)

    def equilibrium(self) -> int:
        owned = {SYMBOL_INDEX[s] for _, s in self.tiles}
        return sum(card_by_id(c).vp for c in self.cards
                   if all(x in owned for x in card_by_id(c).symbols))


def _bad(message: str, hint: str) -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=hint)


def parse_tiles(entry: Entry, text: str, hint: str) -> None:
    """Add the tiles of `text` (ids or theme/symbol:stars, spaces or commas between)."""
    for word in text.replace(",", " ").split():
        low = word.lower()
        key = word.upper()
        if key in TILE_INDEX:
            tile = TILES[TILE_INDEX[key]]
            if key in entry.ids:
                raise _bad(t("pad.tile_twice", tiles=key, name=entry.name), hint)
            entry.ids.append(key)
            entry.stars += tile.vp
            if tile.is_end:
                entry.end_tile = True
            else:
                entry.tiles.append((THEMES[tile.theme], SYMBOL_NAMES[tile.symbol]))
            continue
        m = _FREE.match(low)
        if m and m.group(1) in THEMES and SYMBOL_INDEX.get(m.group(2), -1) // SYMBOLS_PER_THEME == \
                THEMES.index(m.group(1)):
            entry.tiles.append((m.group(1), m.group(2)))
            entry.stars += int(m.group(3))
            continue
        m = _END.match(low)
        if m:
            entry.end_tile = True
            entry.stars += int(m.group(1))
            continue
        raise _bad(t("pad.bad_tile", word=word), hint)


def parse_player(spec: str, seat: int) -> Entry:
    """`NAME: S04 B20 END` or `NAME=orange/sun:4,green/leaf:2`; a bare list names the
    player after the seat."""
    m = _NAMED.match(spec)
    name, rest = (m.group(1), m.group(2)) if m else (str(seat), spec)
    entry = Entry(name.strip() or str(seat))
    parse_tiles(entry, rest, "--player")
    return entry


def score_table(entries: list[Entry]) -> tuple[list[dict[str, int]], list[int], list[str]]:
    """Breakdown per player, ranks (tie-breaks applied) and the tie-breaks used."""
    parts = [{"stars": e.stars, "sets": e.set_points(), "equilibrium": e.equilibrium()}
             for e in entries]
    totals = [sum(p.values()) for p in parts]
    owners = [i for i, e in enumerate(entries) if e.end_tile]
    keys = rank_keys(totals, [p["sets"] for p in parts], owners[0] if owners else None)
    ranks = [1 + sum(1 for o in keys if o > k) for k in keys]
    return parts, ranks, tie_breaks_used(keys)


def _print_pad(console: Console, entries: list[Entry]) -> None:
    parts, ranks, ties = score_table(entries)
    table = Table(title=t("pad.title"))
    table.add_column(t("pad.player"))
    for key in ("pad.stars", "pad.sets", "pad.eq", "pad.total", "pad.rank"):
        table.add_column(t(key), justify="right")
    table.add_column(t("pad.best_sets"))
    for e, p, r in zip(entries, parts, ranks, strict=True):
        sets = best_sets(e.tiles)
        lines = [f"{theme_name(s[0][0])}: " + ", ".join(symbol_name(x[1]) for x in s)
                 + f" = {_set_value(len(s))}" for s in sets]
        loose = leftovers(e.tiles, sets)
        if loose:
            lines.append(t("loose") + ": " + ", ".join(tile_name(x[0], x[1]) for x in loose))
        name = e.name + (" ★" + t("end_tile", id="").strip() if e.end_tile else "")
        table.add_row(name, str(p["stars"]), str(p["sets"]), str(p["equilibrium"]),
                      str(sum(p.values())), str(r), "\n".join(lines) or "-",
                      style="bold green" if r == 1 else "")
    console.print(table)
    used = "; ".join(t(f"tie.{u}") for u in ties) if ties else t("tie.none")
    console.print(f"{t('pad.tiebreaks')}: {used}", markup=False)
    console.print(t("recon"), style="dim", markup=False)


def _set_value(size: int) -> int:
    return SET_POINTS[size]


def _ask_entries() -> list[Entry]:
    """Walk the table through the pad; each answer is checked as it is given (a player
    count the game has, a name not taken, tiles no one else holds) and asked again, so
    nothing typed before is lost."""
    console = Console()
    n = IntPrompt.ask(t("pad.ask_players"), choices=[str(k) for k in PLAYER_COUNTS],
                      default=2)
    entries: list[Entry] = []
    for seat in range(1, n + 1):
        while True:
            name = Prompt.ask(t("pad.player") + f" {seat}", default=str(seat)).strip() \
                or str(seat)
            if name.casefold() not in {e.name.casefold() for e in entries}:
                break
            console.print(t("pad.name_taken", name=name), style="red", markup=False)
        while True:
            text = Prompt.ask(t("pad.ask_tiles", name=name), default="")
            entry = Entry(name)
            try:
                parse_tiles(entry, text, "tiles")
                _check_shared(entries, entry)
            except typer.BadParameter as e:
                console.print(e.message, style="red", markup=False)
                continue
            entries.append(entry)
            break
    return entries


def _check_shared(entries: list[Entry], entry: Entry) -> None:
    """What only one player can hold: the end tile, and each tile typed by its id."""
    if entry.end_tile and any(e.end_tile for e in entries):
        owner = next(e.name for e in entries if e.end_tile)
        raise _bad(t("pad.end_twice", name=owner), "--player")
    for e in entries:
        both = sorted(set(e.ids) & set(entry.ids))
        if both:
            raise _bad(t("pad.tile_twice", tiles=" ".join(both), name=e.name), "--player")


def score_command(
    player: list[str] = typer.Option(
        [], "--player", "-p",
        help='One per player: "NAME: S04 B20 END" (Herna tile ids) or '
             '"NAME: orange/sun:4 green/leaf:2 end:5" (theme/symbol:stars as printed). '
             "Leave out to be asked at the prompt."),
    card: list[str] = typer.Option(
        [], "--card", "-c",
        help="Equilibrium card a player holds, NAME=EQ3 (repeatable); it scores when that "
             f"player's tiles show all its symbols. Cards: {CARD_IDS}."),
    lang: str | None = typer.Option(
        None, "--lang",
        help=f"Language of the pad: {', '.join(LANGUAGES)} (default: $HERNA_LANG or en)."),
) -> None:
    """Score an Envyra game played at a real table: stars, best sets, Equilibrium, ties."""
    try:
        set_lang(lang)
    except UnknownLanguage as e:
        raise _bad(str(e), "--lang") from None
    if player:
        entries: list[Entry] = []
        for seat, spec in enumerate(player, 1):
            entry = parse_player(spec, seat)
            _check_shared(entries, entry)
            entries.append(entry)
    else:
        entries = _ask_entries()
    by_name = {e.name: e for e in entries}
    for c in card:
        name, _, cid = c.partition("=")
        if name.strip() not in by_name:
            raise _bad(t("pad.no_player", name=name.strip(), names=", ".join(by_name)),
                       "--card")
        try:
            card_by_id(cid.strip().upper())
        except ValueError as e:
            raise _bad(str(e), "--card") from None
        by_name[name.strip()].cards.append(cid.strip().upper())
    _print_pad(Console(), entries)


__all__ = ["Entry", "category_name", "parse_player", "parse_tiles", "score_command",
           "score_table"]
