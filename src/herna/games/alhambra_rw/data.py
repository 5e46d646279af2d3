"""Alhambra Roll & Write component data, loaded from `tables/game.json` and checked on load.

The grid layout and the coin-track length are RECONSTRUCTION (no source shows the printed
sheet) and the box counts are INFERRED from the seed's examples (rules/alhambra-rw.md 1.4-1.6),
so they live in an editable data file; the checks below turn a bad edit into a clear error
instead of a game that silently scores wrongly.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

SIDE = 6  # die faces: the grid is SIDE x SIDE, rows = blue die, columns = yellow die
CELLS = SIDE * SIDE


class DataError(ValueError):
    """The data file breaks a rule the engine relies on."""


def check(meta: dict[str, Any]) -> list[str]:
    """Every problem with a data table ([] = fine); public so tests can feed bad tables."""
    problems: list[str] = []
    types = meta.get("building_types")
    if not isinstance(types, list) or not types:
        return ["building_types must be a non-empty list"]
    ids = [t.get("id") for t in types]
    if len(set(ids)) != len(ids):
        problems.append(f"building type ids repeat: {ids}")
    for t in types:
        vp = t.get("vp")
        if not (isinstance(vp, list) and len(vp) == 3
                and all(isinstance(v, int) and v >= 0 for v in vp)):
            problems.append(f"{t.get('id')}: vp must be three whole numbers (1st, 2nd, 3rd)")
        if not isinstance(t.get("boxes"), int) or t["boxes"] < 1:
            problems.append(f"{t.get('id')}: boxes must be a positive whole number")
    grid = meta.get("grid")
    if not (isinstance(grid, list) and len(grid) == SIDE
            and all(isinstance(r, list) and len(r) == SIDE for r in grid)):
        return [*problems, f"grid must be {SIDE} rows of {SIDE} building types"]
    for r, row in enumerate(grid, 1):
        for c, name in enumerate(row, 1):
            if name not in ids:
                problems.append(f"grid blue {r} yellow {c}: unknown building type {name!r}")
    for t in types:
        cells = sum(row.count(t.get("id")) for row in grid)
        if isinstance(t.get("boxes"), int) and cells != t["boxes"]:
            problems.append(f"{t['id']}: {t['boxes']} boxes on the score sheet but {cells} "
                            "cells on the grid (they must be equal: completing a type means "
                            "building all of it)")
    track = meta.get("coin_track", {})
    if not (isinstance(track.get("spaces"), int) and isinstance(track.get("pre_circled"), int)
            and 0 <= track["pre_circled"] <= track["spaces"]):
        problems.append("coin_track needs spaces >= pre_circled >= 0")
    rounds = meta.get("rounds_by_seats", {})
    if sorted(rounds) != ["1", "2", "3", "4", "5"]:
        problems.append("rounds_by_seats must give the rounds for 1 to 5 seats")
    if sorted(meta.get("virtual_player_bonus", {})) != ["2", "3", "4"]:
        problems.append("virtual_player_bonus must give the bonus for 2, 3 and 4 virtual players")
    if len(meta.get("virtual_names", [])) < 4:
        problems.append("virtual_names must name 4 virtual players")
    return problems


def _load() -> dict[str, Any]:
    path = resources.files("herna.games.alhambra_rw") / "tables" / "game.json"
    meta: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    problems = check(meta)
    if problems:
        raise DataError("bad Alhambra Roll & Write data (tables/game.json): "
                        + "; ".join(problems))
    return meta


META = _load()
DATA_STATUS: dict[str, str] = META["data_status"]
BUILDING_TYPES: tuple[str, ...] = tuple(t["id"] for t in META["building_types"])
NUM_TYPES = len(BUILDING_TYPES)
TYPE_INDEX = {name: i for i, name in enumerate(BUILDING_TYPES)}
COLOURS: dict[str, str] = {t["id"]: t["colour"] for t in META["building_types"]}
VP: tuple[tuple[int, ...], ...] = tuple(tuple(t["vp"]) for t in META["building_types"])
BOXES: tuple[int, ...] = tuple(t["boxes"] for t in META["building_types"])
GRID_NAMES: tuple[tuple[str, ...], ...] = tuple(tuple(row) for row in META["grid"])
# cell -> type index, cell = (blue - 1) * SIDE + (yellow - 1)
CELL_TYPE: tuple[int, ...] = tuple(TYPE_INDEX[GRID_NAMES[c // SIDE][c % SIDE]]
                                   for c in range(CELLS))
TRACK: int = META["coin_track"]["spaces"]
START_COINS: int = META["start_coins"]
ROUNDS_BY_SEATS: dict[int, int] = {int(k): v for k, v in META["rounds_by_seats"].items()}
LINE_BONUS: dict[int, int] = {int(k): v for k, v in META["line_bonus"].items()}
COINS_PER_VP: int = META["coins_per_vp"]
VIRTUAL_BONUS: dict[int, int] = {int(k): v for k, v in META["virtual_player_bonus"].items()}
VIRTUAL_NAMES: tuple[str, ...] = tuple(META["virtual_names"])
START_BUILDINGS: int = META["start_buildings"]
COST_PIP: int = META["cost_change_pip"]
COST_SECOND: int = META["cost_second_building"]
# points for a line (row or column) by how many of its cells are built
LINE_POINTS: tuple[int, ...] = tuple(LINE_BONUS.get(k, 0) for k in range(SIDE + 1))


def cell(blue: int, yellow: int) -> int:
    return (blue - 1) * SIDE + (yellow - 1)


def cell_dice(c: int) -> tuple[int, int]:
    """(blue, yellow) of a cell."""
    return c // SIDE + 1, c % SIDE + 1
