"""Alhambra component tables, loaded from the shipped data files and checked on load."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

# Side bits: a tile's walls as a 4-bit mask. y grows downward, so T faces (x, y - 1).
T, R, B, L = 1, 2, 4, 8
SIDE_BITS = {"T": T, "R": R, "B": B, "L": L}
# (dx, dy, my side, the neighbour's facing side)
DIRECTIONS = ((0, -1, T, B), (1, 0, R, L), (0, 1, B, T), (-1, 0, L, R))

FOUNTAIN = 0


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    type: str  # building type name; "fountain" for the start tile
    price: int
    walls: int  # mask of T/R/B/L

    @property
    def wall_text(self) -> str:
        return "".join(s for s, bit in SIDE_BITS.items() if self.walls & bit) or "-"


def _load() -> tuple[dict[str, Any], tuple[Tile, ...]]:
    pkg = resources.files("herna.games.alhambra") / "tables"
    meta = json.loads((pkg / "game.json").read_text(encoding="utf-8"))
    tiles = [Tile(FOUNTAIN, "fountain", 0, 0)]
    with (pkg / "tiles.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            walls = 0 if row["walls"] == "-" else sum(SIDE_BITS[c] for c in row["walls"])
            tiles.append(Tile(int(row["id"]), row["type"], int(row["price"]), walls))
    _check(meta, tiles)
    return meta, tuple(tiles)


def _check(meta: dict[str, Any], tiles: list[Tile]) -> None:
    """Refuse a data file that breaks the published totals (alhambra-data.md)."""
    problems = []
    if [t.id for t in tiles] != list(range(len(tiles))):
        problems.append("tile ids must run 1..54 in order")
    for kind, n in meta["type_counts"].items():
        got = sum(1 for t in tiles if t.type == kind)
        if got != n:
            problems.append(f"{kind}: {got} tiles, expected {n}")
    unknown = {t.type for t in tiles[1:]} - set(meta["building_types"])
    if unknown:
        problems.append(f"unknown building types {sorted(unknown)}")
    if set(meta["scoring"]) != set(meta["building_types"]):
        problems.append("scoring table must list every building type")
    if len(meta["market_currencies"]) != meta["market_size"]:
        problems.append("one currency per market space")
    if problems:
        raise ValueError("bad Alhambra data: " + "; ".join(problems))


META, TILES = _load()
BUILDING_TYPES: tuple[str, ...] = tuple(META["building_types"])
TYPE_INDEX = {name: i for i, name in enumerate(BUILDING_TYPES)}
CURRENCIES: tuple[str, ...] = tuple(META["currencies"])
CURRENCY_LETTERS: dict[str, str] = META["currency_letters"]
LETTER_CURRENCY = {v: k for k, v in CURRENCY_LETTERS.items()}
MARKET_CURRENCIES: tuple[int, ...] = tuple(CURRENCIES.index(c) for c in META["market_currencies"])
SCORING: dict[str, list[list[int]]] = META["scoring"]
NUM_TILES = len(TILES) - 1  # building tiles, fountain excluded
