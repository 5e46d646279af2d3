"""What a seat may see: everything (the game hides nothing but future rolls).

The view holds what the terminal and SVG pictures draw: every sheet (built cells, dice on
their spaces, the coin track), the shared score sheet (counts per type, completed types,
places awarded), the round counter, the virtual players' rolls and, at the end, the outcome.
The same view is given to every seat apart from the `seat` field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import (
    BOXES,
    BUILDING_TYPES,
    CELL_TYPE,
    COLOURS,
    DATA_STATUS,
    GRID_NAMES,
    SIDE,
    TRACK,
    VIRTUAL_BONUS,
    VIRTUAL_NAMES,
    VP,
    cell,
    cell_dice,
)
from .rules import PHASE_NAMES, SECOND, balance, line_counts, line_score

if TYPE_CHECKING:
    from .state import RWState


def view(s: RWState, seat: int | None) -> dict[str, Any]:
    n = s.num_players
    seats = []
    for i in range(n):
        built = s.built[i]
        rows, cols = line_counts(built)
        seats.append({
            "seat": i,
            "built": [[bool(built >> (r * SIDE + c) & 1) for c in range(SIDE)]
                      for r in range(SIDE)],
            "dice": {"blue": sorted(s.blue[i]), "yellow": sorted(s.yellow[i])},
            "coins": {"circled": s.circled[i], "crossed": s.crossed[i],
                      "balance": balance(s, i), "track": TRACK},
            "rows": rows,
            "cols": cols,
            "line_points": line_score(built),
        })
    sheet = []
    for p in range(n + s.virtual):
        virtual = p >= n
        sheet.append({
            "player": p,
            "virtual": virtual,
            "name": VIRTUAL_NAMES[p - n] if virtual else None,
            "seat": None if virtual else p,
            "counts": {BUILDING_TYPES[t]: s.counts[p][t] for t in range(len(BUILDING_TYPES))},
            "complete": [BUILDING_TYPES[t] for t in range(len(BUILDING_TYPES))
                         if s.counts[p][t] >= BOXES[t]],
            "awarded": {BUILDING_TYPES[t]: s.award_pts[p][t]
                        for t in range(len(BUILDING_TYPES)) if p in s.paid[t]},
        })
    turn: dict[str, Any] = {
        "built": [list(cell_dice(c)) for c in s.turn_built],
        "adjusted_pips": s.turn_adjusted,
    }
    if s.phase == SECOND:
        spare = cell(s.blue[s.current][0], s.yellow[s.current][0])
        turn["second"] = list(cell_dice(spare))
        turn["used_pair"] = list(s.used_pair)
    if s.last_coins is not None:
        who, gained, got = s.last_coins
        turn["last_coins"] = {"seat": who, "gained": gained, "circled": got}
    out = s.outcome()
    return {
        "game": "alhambra-rw",
        "seat": seat,
        "players": n,
        "virtual": s.virtual,
        "vs_virtual": s.vs_virtual,
        "virtual_bonus": VIRTUAL_BONUS.get(s.virtual, 0) if s.vs_virtual else 0,
        "phase": PHASE_NAMES[s.phase],
        "round": s.round,
        "rounds": s.rounds,
        "start_player": 0,
        "current": s.current,
        "to_act": list(s.to_act()),
        "types": [{"id": name, "colour": COLOURS[name], "vp": list(VP[t]), "boxes": BOXES[t]}
                  for t, name in enumerate(BUILDING_TYPES)],
        "grid": [list(row) for row in GRID_NAMES],
        "data_status": dict(DATA_STATUS),
        "seats": seats,
        "sheet": sheet,
        "places": {BUILDING_TYPES[t]: {"used": s.used[t], "remaining": list(VP[t][s.used[t]:])}
                   for t in range(len(BUILDING_TYPES))},
        "awards": [dict(a) for a in s.awards],
        "virtual_log": [log_json(e) for e in s.log[-s.virtual:]] if s.virtual else [],
        "turn": turn,
        "outcome": out.to_dict() if out else None,
    }


def log_json(entry: tuple[int, int, tuple[tuple[int, int], ...], int]) -> dict[str, Any]:
    """A roll on the log (setup builds, virtual players' builds): every roll, rerolls too."""
    round_, player, rolls, t = entry
    return {"round": round_, "player": player, "rolls": [list(r) for r in rolls],
            "type": BUILDING_TYPES[t]}


def cell_type(blue: int, yellow: int) -> str:
    return BUILDING_TYPES[CELL_TYPE[cell(blue, yellow)]]
