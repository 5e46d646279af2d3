"""What a seat may see. Hidden: the others' phase-I marks while phase I is open (even how
many dice they marked: their supply is shown as it was before marking), the others' secret
Equilibrium cards until the end, which tiles went back to the box, and the bag's order.
Everything else (grid, dice on tiles, acquired tiles, phase-II marks) is on the table."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from herna.core.memo import forgettable

from .data import (
    CARDS,
    DICE,
    GRID,
    MAX_COLS,
    SEAT_COLOURS,
    SET_POINTS,
    SYMBOL_NAMES,
    SYMBOLS_PER_THEME,
    THEMES,
    TILES,
)
from .data import STATUS as DATA_STATUS
from .rules import EMPTY, MARKING, MOVING, OVER, PHASE_NAMES, qualifies
from .scoring import best_sets, leftovers, stars

if TYPE_CHECKING:
    from .state import EnvyraState


def _tile_template(i: int) -> dict[str, Any]:
    tile = TILES[i]
    return {
        "id": tile.id,
        "theme": THEMES[tile.theme] if tile.theme >= 0 else None,
        "symbol": SYMBOL_NAMES[tile.symbol] if tile.symbol >= 0 else None,
        "dice": tile.dice,
        "vp": tile.vp,
        "reserve": {THEMES[k]: v for k, v in enumerate(tile.reserve) if v},
        "end": tile.is_end,
    }


_TILES = tuple(_tile_template(i) for i in range(len(TILES)))


def tile_json(i: int) -> dict[str, Any]:
    """A fresh dict per call: callers may keep or change what a view hands them."""
    t = _TILES[i]
    return {**t, "reserve": dict(t["reserve"])}


@lru_cache(maxsize=4096)
def _partition(counts: tuple[int, ...]) -> tuple[int, str]:
    """Best sets and loose tiles for a symbol-count vector, as JSON text (cheap to copy)."""
    pairs = [(THEMES[x // SYMBOLS_PER_THEME], SYMBOL_NAMES[x])
             for x, c in enumerate(counts) for _ in range(c)]
    sets = best_sets(pairs)
    pts = sum(SET_POINTS[len(x)] for x in sets)
    return pts, json.dumps([[[list(p) for p in st] for st in sets],
                            [list(p) for p in leftovers(pairs, sets)]])


def card_json(c: int) -> dict[str, Any]:
    card = CARDS[c]
    return {"id": card.id, "symbols": [SYMBOL_NAMES[x] for x in card.symbols], "vp": card.vp,
            "themes": [THEMES[x // SYMBOLS_PER_THEME] for x in card.symbols]}


def _seat(s: EnvyraState, i: int, seat: int | None) -> dict[str, Any]:
    over = s.phase == OVER
    secret_open = over or i == seat
    marks_open = s.phase != MARKING or i == seat
    on_tiles = sum(d.count(i) for d in s.dice)
    owned = s.owned[i]
    set_pts, part = _partition(tuple(s.symbols[i]))
    sets, loose = json.loads(part)
    eq_pts, eq_cards = 0, []
    for k, c in enumerate(s.eq_public):
        if s.eq_owner[k] == i:
            eq_pts += CARDS[c].vp
            eq_cards.append(CARDS[c].id)
    secret = None
    if s.eq_secret and secret_open:
        c = s.eq_secret[i]
        secret = {**card_json(c), "done": all(s.symbols[i][x] for x in CARDS[c].symbols)}
        if secret["done"]:
            eq_pts += CARDS[c].vp
            eq_cards.append(CARDS[c].id)
    by_theme: dict[str, list[dict[str, Any]]] = {name: [] for name in THEMES}
    by_theme["end"] = []
    for x in owned:
        tile = TILES[x]
        by_theme[THEMES[tile.theme] if tile.theme >= 0 else "end"].append(tile_json(x))
    st = stars(owned)
    return {
        "seat": i,
        "colour": SEAT_COLOURS[i],
        "supply": s.supply[i] if marks_open else s.supply[i] + len(s.board[i]),
        "on_tiles": on_tiles,
        "board": [_slot_name(x) for x in s.board[i]] if marks_open else None,
        "marked": bool(s.marked[i]) if s.phase == MARKING else True,
        "tiles": [TILES[x].id for x in owned],
        "by_theme": by_theme,
        "colours": {THEMES[k]: s.colours[i][k] for k in range(len(THEMES))},
        "sets": sets,
        "loose": loose,
        "score": {"stars": st, "sets": set_pts, "equilibrium": eq_pts,
                  "total": st + set_pts + eq_pts},
        "equilibrium_cards": eq_cards,
        "secret_card": secret,
        "start_player": i == s.start,
        "end_tile": s.end_owner == i,
    }


def event_json(e: tuple[Any, ...]) -> dict[str, Any]:
    """A log entry as the screen reads it: only the fields the event has."""
    rnd, kind, seat, slot, tile, extra = e
    out: dict[str, Any] = {"round": rnd, "event": kind}
    if seat >= 0:
        out["seat"] = seat
    if slot >= 0:
        out["slot"] = _slot_name(slot)
    if tile >= 0:
        out["tile"] = TILES[tile].id
    if kind == "marked":
        out["slots"] = [_slot_name(x) for x in extra]
    elif kind == "card":
        out["card"] = extra
    elif kind == "over":
        out["reason"] = extra
    return out


def _slot_name(x: int) -> str:
    return f"{chr(97 + x % MAX_COLS)}{x // MAX_COLS + 1}"


def view(s: EnvyraState, seat: int | None) -> dict[str, Any]:
    rows, cols = GRID[s.num_players]
    moving = s.phase == MOVING
    slots = []
    for x in s.slots:
        tile = s.grid[x]
        marks = [q for q in range(s.num_players) for m in s.board[q] if m == x
                 and (moving or q == seat)]
        slots.append({
            "slot": _slot_name(x),
            "row": x // MAX_COLS,
            "col": x % MAX_COLS,
            "tile": tile_json(tile) if tile != EMPTY else None,
            "dice": list(s.dice[x]),
            "marks": marks,
            "open_to": [] if tile == EMPTY else [
                q for q in range(s.num_players) if qualifies(s.colours[q], tile)],
        })
    out = s.outcome()
    return {
        "game": "envyra",
        "seat": seat,
        "players": s.num_players,
        "options": {"simple": s.simple, "equilibrium": s.equilibrium,
                    "end_tile": "K" if TILES[s.end_tile].id == "K" else "standard"},
        "data_status": DATA_STATUS,
        "dice_per_player": DICE,
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "start_player": s.start,
        "to_act": list(s.to_act()),
        "current": s.current if moving else None,
        "order": list(s.order) if moving else [],
        "order_pos": s.pos if moving else 0,
        "grid": {"rows": rows, "cols": cols, "slots": slots},
        "bag": len(s.bag),
        "end_tile": tile_json(s.end_tile),
        "seats": [_seat(s, i, seat) for i in range(s.num_players)],
        "equilibrium": {
            "mode": s.equilibrium,
            "public": [{**card_json(c), "owner": None if s.eq_owner[k] == EMPTY
                        else s.eq_owner[k]} for k, c in enumerate(s.eq_public)],
        },
        "end": s.end_reason or None,
        "end_tile_owner": None if s.end_owner == EMPTY else s.end_owner,
        "log": [event_json(e) for e in s.log],
        "outcome": out.to_dict() if out else None,
    }


forgettable(_partition.cache_clear)
