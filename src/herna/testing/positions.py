"""Positions whose right answer is known, for testing search bots on any game.

The last decision of a seeded random game after which the game is over at once: the outcome
of every choice is certain, so a search that sees the whole game must pick a winning one.
"""

from __future__ import annotations

import herna
from herna.core import Rng, State

from .conformance import ConformanceError


def last_decision(game_id: str, players: int, seed: int) -> tuple[State, int, dict[str, float]]:
    """The position, the seat to act, and that seat's win share after each legal action."""
    s = herna.make(game_id, players=players, seed=seed)
    r = Rng(seed)
    found: tuple[State, int] | None = None
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        if len(legal) > 1 and len(s.to_act()) == 1:
            found = (s.copy(), seat)
        s.apply_unchecked(seat, r.choice(legal))
    if found is None:
        raise ConformanceError(f"{game_id} seed {seed}: no decision with a choice")
    pos, seat = found
    shares = {}
    for a in pos.legal_actions(seat):
        d = pos.copy()
        d.apply(seat, a)
        out = d.outcome()
        if out is None:
            raise ConformanceError(f"{game_id} seed {seed}: not a last decision")
        shares[str(a)] = out.win_shares()[seat]
    return pos, seat, shares
