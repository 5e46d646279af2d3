"""What a seat may see: everything but other players' hands (counts only, unless the table
plays with open money), the order of the deck and the order of the bag."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import card_value
from .board import xy
from .data import CURRENCIES, MARKET_CURRENCIES, TILES
from .rules import board_counts, board_wall, type_counts

if TYPE_CHECKING:
    from .state import AlhambraState


_WALL_TEXT = tuple(tile.wall_text for tile in TILES)  # a view names ~100 tiles


def tile_json(t: int) -> dict[str, Any]:
    tile = TILES[t]
    return {"id": t, "type": tile.type, "price": tile.price, "walls": _WALL_TEXT[t]}


def card_json(c: int) -> dict[str, Any]:
    return {"currency": CURRENCIES[c // 9], "value": card_value(c)}


def view(s: AlhambraState, seat: int | None) -> dict[str, Any]:
    open_money = bool(s.options.get("open_money"))
    seats = []
    # tiles bought this turn (or leftovers at the end) wait with whoever is to act
    owner = s.placer if s.phase == "placement" else s.current
    for i in range(s.num_players):
        board = s.boards[i]
        shown = open_money or i == seat
        hand = s.hands[i]
        seats.append({
            "seat": i,
            "score": s.scores[i],
            "hand": [card_json(c) for c in hand] if shown else None,
            "hand_count": len(hand),
            "hand_total": sum(card_value(c) for c in hand) if shown else None,
            "alhambra": [{"x": x, "y": y, "tile": tile_json(t)}
                         for (x, y), t in sorted((xy(c), t) for c, t in board.cells.items())],
            "reserve": [tile_json(t) for t in s.reserves[i]],
            "pending": [tile_json(t) for t in s.pending] if i == owner else [],
            "counts": board_counts(board),
            "longest_wall": board_wall(board),
        })
    out = s.outcome()
    return {
        "game": "alhambra",
        "seat": seat,
        "players": s.num_players,
        "open_money": open_money,
        "phase": s.phase,
        "current": s.current,
        "to_act": list(s.to_act()),
        "turn": s.turn,
        "actions_this_turn": s.actions_this_turn,
        "market": [{"space": i + 1, "currency": CURRENCIES[MARKET_CURRENCIES[i]],
                    "tile": tile_json(t) if t else None} for i, t in enumerate(s.market)],
        "money_display": [card_json(c) for c in s.display],
        "deck": len(s.deck),
        "scoring_cards_drawn": list(s.scoring_cards_drawn),
        "discard": [card_json(c) for c in s.discard],
        "bag": len(s.bag),
        "seats": seats,
        "dirk": {"tiles": [tile_json(t) for t in s.dirk_tiles],
                 "counts": type_counts(s.dirk_tiles), "score": s.dirk_score}
        if s.with_dirk else None,
        "scorings": list(s.scorings),  # a view never shares a list the game goes on changing
        "leftovers": list(s.leftovers_given),
        "outcome": out.to_dict() if out else None,
    }
