"""Envyra component tables, loaded from `tables/` and checked on load.

The tile list, grid sizes, removal table and Equilibrium cards are RECONSTRUCTION
(rules/envyra.md 2.3-2.5): nobody has published them, so they ship as editable files and a
bad edit fails here with a clear list of problems instead of deep inside a game.

Everything the rules touch is a small int: tiles are indices into TILES, themes 0..2,
symbols 0..11 (theme * SYMBOLS_PER_THEME + k, so a symbol knows its theme), slots are
row * MAX_COLS + col on the largest grid (so a slot name means one code at every size).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

STATUS = "RECONSTRUCTION"
NO_THEME = -1


@dataclass(frozen=True, slots=True)
class Tile:
    index: int
    id: str  # "S04", "B20", "END", "K"
    group: str  # "S", "basic", "end"
    theme: int  # 0 orange, 1 green, 2 blue; -1 for end tiles
    symbol: int  # global symbol index; -1 for end tiles
    dice: int  # dice needed
    vp: int  # points in the yellow star
    reserve: tuple[int, ...]  # tiles of each theme the mover must own
    only_3_4: bool  # marked "3/4": out of a 2-player game

    @property
    def is_end(self) -> bool:
        return self.group == "end"

    @property
    def reserved(self) -> bool:
        return any(self.reserve)


@dataclass(frozen=True, slots=True)
class Card:
    """An Equilibrium card: own tiles showing every one of its symbols to score it."""

    index: int
    id: str
    symbols: tuple[int, ...]
    vp: int
    four_only: bool


class DataError(ValueError):
    """A table under tables/ breaks the rules' constraints."""


def _rows(text: str) -> list[dict[str, str]]:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


Tables = tuple[dict[str, Any], tuple[Tile, ...], tuple[Card, ...], tuple[str, ...]]


def load_tables(pkg: Traversable | None = None) -> Tables:
    """Read and check setup.json, tiles.csv and equilibrium.csv from `pkg` (default: the
    shipped tables/); raise DataError listing every problem found."""
    if pkg is None:
        pkg = resources.files("herna.games.envyra") / "tables"
    meta = json.loads((pkg / "setup.json").read_text(encoding="utf-8"))
    problems: list[str] = []
    themes: list[str] = meta["themes"]
    symbols_by_theme: dict[str, list[str]] = meta["symbols"]
    per_theme = max(len(v) for v in symbols_by_theme.values())
    symbol_names = [""] * (len(themes) * per_theme)
    symbol_index: dict[str, int] = {}
    for ti, theme in enumerate(themes):
        for k, name in enumerate(symbols_by_theme.get(theme, [])):
            if name in symbol_index:
                problems.append(f"symbol {name!r} appears in two themes")
            symbol_index[name] = ti * per_theme + k
            symbol_names[ti * per_theme + k] = name
    letters: dict[str, str] = meta["theme_letters"]
    tiles: list[Tile] = []
    for i, row in enumerate(_rows((pkg / "tiles.csv").read_text(encoding="utf-8"))):
        where = f"tiles.csv row {row.get('id') or i + 1}"
        try:
            group = row["group"].strip()
            theme_name, symbol_name = row["theme"].strip(), row["symbol"].strip()
            dice, vp = int(row["dice"]), int(row["vp"])
            reserve = [0] * len(themes)
            spec = row["reserve"].strip()
            if spec != "-":
                for letter in spec.split("+"):
                    reserve[themes.index(letters[letter.strip()])] += 1
        except (KeyError, ValueError, AttributeError) as e:
            problems.append(f"{where}: cannot read ({e})")
            continue
        if group not in ("S", "basic", "end"):
            problems.append(f"{where}: group {group!r} is not S, basic or end")
        if group == "end":
            th_i = sym_i = NO_THEME
        elif theme_name not in themes:
            problems.append(f"{where}: unknown theme {theme_name!r}")
            continue
        elif symbol_name not in symbols_by_theme[theme_name]:
            problems.append(f"{where}: {symbol_name!r} is not a symbol of theme {theme_name}")
            continue
        else:
            th_i, sym_i = themes.index(theme_name), symbol_index[symbol_name]
        if not 1 <= dice <= 4:
            problems.append(f"{where}: needs {dice} dice (1-4)")
        if vp < 0:
            problems.append(f"{where}: negative points")
        if group == "S" and any(reserve):
            problems.append(f"{where}: start tiles are never reserved")
        only = row["only_3_4"].strip().lower() in ("yes", "true", "1")
        if only and group != "basic":
            problems.append(f"{where}: only basic tiles are marked 3/4")
        tiles.append(Tile(len(tiles), row["id"].strip(), group, th_i, sym_i, dice, vp,
                          tuple(reserve), only))
    ids = [t.id for t in tiles]
    if len(set(ids)) != len(ids):
        problems.append("tile ids repeat")
    for group, n in meta["group_counts"].items():
        got = sum(1 for t in tiles if t.group == group)
        if got != n:
            problems.append(f"{got} {group} tiles, expected {n}")
    for name, tid in meta["end_tiles"].items():
        if tid not in ids or tiles[ids.index(tid)].group != "end":
            problems.append(f"end tile {name!r} names {tid!r}, which is not an end tile")
    for n_text, (rows, cols) in meta["grid"].items():
        rem = meta["removal"][n_text]
        s_left = sum(1 for t in tiles if t.group == "S") - rem["S"]
        if rows * cols > s_left:
            problems.append(f"{n_text} players: a {rows}x{cols} grid needs more than the "
                            f"{s_left} start tiles left")
        if rem["must_include_3_4"] and sum(1 for t in tiles if t.only_3_4) > rem["basic"]:
            problems.append(f"{n_text} players: more 3/4 tiles than basic tiles removed")
    cards: list[Card] = []
    for row in _rows((pkg / "equilibrium.csv").read_text(encoding="utf-8")):
        syms = [s.strip() for s in row["symbols"].split("+")]
        unknown = [s for s in syms if s not in symbol_index]
        if unknown:
            problems.append(f"equilibrium card {row['id']}: unknown symbols {unknown}")
            continue
        cards.append(Card(len(cards), row["id"].strip(), tuple(symbol_index[s] for s in syms),
                          int(row["vp"]), row["players"].strip() == "4"))
    if len(meta["set_points"]) < per_theme + 1:
        problems.append("set_points needs a value for every set size up to the symbols per theme")
    if problems:
        raise DataError("bad Envyra data (games/envyra/tables): " + "; ".join(problems))
    return meta, tuple(tiles), tuple(cards), tuple(symbol_names)


META, TILES, CARDS, SYMBOL_NAMES = load_tables()
THEMES: tuple[str, ...] = tuple(META["themes"])
THEME_LETTER = {v: k for k, v in META["theme_letters"].items()}
NUM_THEMES = len(THEMES)
SYMBOLS_PER_THEME = len(SYMBOL_NAMES) // NUM_THEMES
SYMBOL_INDEX = {name: i for i, name in enumerate(SYMBOL_NAMES) if name}
TILE_INDEX = {t.id: t.index for t in TILES}
SET_POINTS: tuple[int, ...] = tuple(META["set_points"])
DICE = int(META["dice_per_player"])
GRID: dict[int, tuple[int, int]] = {int(k): (v[0], v[1]) for k, v in META["grid"].items()}
REMOVAL: dict[int, dict[str, Any]] = {int(k): v for k, v in META["removal"].items()}
MAX_ROWS = max(r for r, _ in GRID.values())
MAX_COLS = max(c for _, c in GRID.values())
MAX_SLOTS = MAX_ROWS * MAX_COLS
SEAT_COLOURS: tuple[str, ...] = tuple(META["seat_colours"])
END_TILES: dict[str, int] = {k: TILE_INDEX[v] for k, v in META["end_tiles"].items()}
PUBLIC_CARDS = int(META["equilibrium_public_cards"])
SAME_TILE = bool(META["two_dice_same_tile"])
ROUND_LIMIT = int(META["round_limit"])
PLAYER_COUNTS = tuple(sorted(GRID))


def slot_name(slot: int) -> str:
    """"b2": column letter, row number, a1 at the dark-red corner card (top left)."""
    return f"{chr(97 + slot % MAX_COLS)}{slot // MAX_COLS + 1}"


def grid_slots(players: int) -> tuple[int, ...]:
    """The slots of this player count's grid, in reading order (the refill order)."""
    rows, cols = GRID[players]
    return tuple(r * MAX_COLS + c for r in range(rows) for c in range(cols))


def theme_of_symbol(symbol: int) -> int:
    return symbol // SYMBOLS_PER_THEME
