"""What a seat may see: everything on the table (the gem board, the figures, every card and
the rolled symbol, all gems taken) except the other seats' race submissions while the race
is open ("seat 2 is done" shows, not what or when), the order of the deck and future rolls."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import orjson

from . import actions as A
from . import rules
from .data import ALLOWANCE, COLOURS, HOLES, LISTED_BUCKETS
from .deck import NOTE, SYMBOLS
from .pieces import PIECES, orientations

if TYPE_CHECKING:
    from .state import UbongoState


def piece_json(letter: str) -> dict[str, Any]:
    p = PIECES[letter]
    return {"letter": letter, "name": p.name, "colour": p.colour, "size": p.size,
            "chiral": p.chiral,
            "orientations": [[list(c) for c in o] for o in orientations(letter)]}


def card_json(s: UbongoState, number: int) -> dict[str, Any]:
    side = rules.side_of(s, number)
    o = side.outline
    return {"number": number, "side": s.side, "k": side.k,
            "outline": {"rows": o.rows, "cols": o.cols, "text": o.text,
                        "cells": [list(c) for c in sorted(o.cells)]},
            "rows": [{"symbol": SYMBOLS[i], "pieces": list(r)} for i, r in enumerate(side.rows)],
            "difficulty": [g.difficulty for g in side.grades] if side.grades else None}


def submission_json(a: A.UbongoAction | None) -> dict[str, Any] | None:
    if a is None:
        return None
    if isinstance(a, A.SolveAction):
        return {"pass": False, "time": a.tenths / 10, "text": a.text(),
                "placements": [list(p) for p in a.placements]}
    return {"pass": True, "time": None, "text": a.text(), "placements": []}


def _plain(x: Any) -> Any:
    """A copy of the events and round logs (dicts and lists of atoms, text keys): what
    `copy.deepcopy` gives, through orjson's C in a tenth of the time (the round log grows to
    ~1,000 objects, copied for every view)."""
    try:
        return orjson.loads(orjson.dumps(x))
    except TypeError:  # not plain JSON after all
        return copy.deepcopy(x)


def view(s: UbongoState, seat: int | None) -> dict[str, Any]:
    race_open = s.phase == rules.RACE
    seats = []
    for i in range(s.num_players):
        number = s.cards[i]
        pz = rules.puzzle(s, i)
        own = i == seat
        seats.append({
            "seat": i,
            "figure": s.figures[i] + 1 if s.figures[i] >= 0 else None,
            "gems": {COLOURS[c]: n for c, n in enumerate(s.gems[i])},
            "total": sum(s.gems[i]),
            "sorted": sorted(s.gems[i], reverse=True),
            "card": card_json(s, number) if number else None,
            "pieces": list(pz[1]) if pz else [],
            "done": (s.submissions[i] is not None) if race_open else None,
            # a sealed submission: only its own seat sees it while the race is open
            "submission": submission_json(s.submissions[i]) if own and race_open else None,
        })
    mover = None
    if s.phase == rules.GEMS and s.queue:
        who, rank = s.queue[0]
        options = []
        for d in rules.move_options(s, who, rank):
            f = s.figures[who] + d
            options.append({"move": A.MOVES[d].text(), "field": f + 1,
                            "gems": [COLOURS[c] for c in rules.front_gems(s.rows[f])]})
        mover = {"seat": who, "place": rank + 1,
                 "allowance": ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0,
                 "field": s.figures[who] + 1, "options": options,
                 "waiting": [w for w, _ in s.queue[1:]]}
    own_pieces: dict[str, Any] = {}
    if seat is not None:
        mine = rules.puzzle(s, seat)
        own_pieces = {p: piece_json(p) for p in (mine[1] if mine else ())}
    out = s.outcome()
    events = s.events
    if race_open:  # sealed: nothing about submissions until the race is resolved
        events = [e for e in events if e["event"] in ("roll", "hourglass", "start")]
    board = [[None] * (HOLES - len(r)) + [COLOURS[c] for c in r] for r in s.rows]
    return {
        "game": "ubongo",
        "seat": seat,
        "players": s.num_players,
        "phase": s.phase,
        "round": s.round,
        "rounds": s.rounds,
        "start_player": s.start_player,
        "to_act": list(s.to_act()),
        "side": s.side,
        "timer": s.timer,
        "listed_times": [A.bucket_time(b, s.scale) / 10 for b in LISTED_BUCKETS],
        "deck": len(s.pile),
        "symbol": SYMBOLS[s.symbol] if s.symbol >= 0 else None,
        "symbols": list(SYMBOLS),
        "colours": list(COLOURS),
        "board": board,  # per row: 12 holes, the front first; None = an empty hole
        "seats": seats,
        "pieces": own_pieces,  # the viewing seat's pieces this round, with orientations
        "mover": mover,
        "events": _plain(events),
        "rounds_log": _plain(s.log),  # a view never shares lists with the state
        "last_round": _plain(s.current) if not race_open and s.current else
        (_plain(s.log[-1]) if s.log else None),
        "cards_note": NOTE,
        "deck_seed": s.deck.seed,  # which generated deck the cards come from
        "outcome": out.to_dict() if out else None,
    }
