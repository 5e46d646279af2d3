"""The Envyra state: flat lists of small ints (cheap to copy), plus the contract's plumbing.
The rules are in rules.py, what a seat may see in view.py."""

from __future__ import annotations

import random
from typing import Any

from herna.core import Action, IllegalAction, Outcome, State
from herna.core.rng import Rng
from herna.core.state import as_rng

from . import actions as A
from . import rules, view
from .data import DICE, MAX_SLOTS, NUM_THEMES, SYMBOL_NAMES, grid_slots


class EnvyraState(State):
    """Seats 0..n-1 sit clockwise; seat 0 holds the start-player cone in round 1.

    grid[slot] is a tile index or -1 (slots outside this player count's grid stay -1);
    dice[slot] lists the seats whose dice are on that tile, in the order they were placed
    (the tie-break needs the order); board[seat] are the slots its phase-I dice mark."""

    def __init__(self, num_players: int, seed: int | str | None, options: dict[str, Any]) -> None:
        self._init_common(num_players, seed, options)
        n = num_players
        self.simple, self.equilibrium, self.end_tile = rules.check_options(n, options)
        self.slots = grid_slots(n)
        self.grid = [rules.EMPTY] * MAX_SLOTS
        self.dice: list[list[int]] = [[] for _ in range(MAX_SLOTS)]
        self.supply = [DICE] * n
        self.board: list[list[int]] = [[] for _ in range(n)]
        self.marked = [False] * n
        self.waiting: tuple[int, ...] = ()
        self.occupied: tuple[int, ...] = ()
        self.owned: list[list[int]] = [[] for _ in range(n)]
        self.colours = [[0] * NUM_THEMES for _ in range(n)]
        self.symbols = [[0] * len(SYMBOL_NAMES) for _ in range(n)]
        self.bag: list[int] = []
        self.removed: list[int] = []
        self.start = 0
        self.round = 1
        self.phase = rules.MARKING
        self.order: list[int] = []
        self.pos = 0
        self.current = -1
        self.end_reason = ""
        self.end_owner = rules.EMPTY
        self.eq_public: list[int] = []
        self.eq_owner: list[int] = []
        self.eq_secret: list[int] = []
        # public events of this round and the last: (round, event, seat, slot, tile, extra)
        self.log: list[tuple[Any, ...]] = []
        rules.setup(self)

    # ---- the contract ------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == rules.MARKING:
            return self.waiting
        if self.phase == rules.MOVING:
            return (self.current,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        return list(rules.legal(self, seat))  # a copy: callers may shuffle or trim it

    def _check_legal(self, seat: int, action: Action) -> Action:
        """As State's, on the engine's own list (a shared mark list, not a copy of it)."""
        legal = rules.legal(self, seat)
        for a in legal:  # actions are interned: found by identity
            if a is action:
                return a
        for a in legal:
            if a == action:
                return a
        raise IllegalAction(self.explain_illegal(seat, action))

    def apply_unchecked(self, seat: int, action: Action) -> None:
        assert isinstance(action, A.EnvyraAction)
        rules.apply(self, seat, action)
        self.history.append((seat, action))

    def parse_text(self, seat: int, text: str) -> Action:
        return A.parse(text)

    def action_from_code(self, seat: int, code: int) -> Action:
        return A.from_code(code)

    def explain_illegal(self, seat: int, action: Action) -> str:
        assert isinstance(action, A.EnvyraAction)
        return rules.explain(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_view_seat(seat)
        return view.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random | Rng | int) -> EnvyraState:
        d = self.copy()
        rules.resample_hidden(d, seat, as_rng(rng))
        return d

    def copy(self) -> EnvyraState:
        s = EnvyraState.__new__(EnvyraState)
        self._copy_common_into(s)
        s.simple = self.simple
        s.equilibrium = self.equilibrium
        s.end_tile = self.end_tile
        s.slots = self.slots
        s.grid = self.grid[:]
        s.dice = [d[:] for d in self.dice]
        s.supply = self.supply[:]
        s.board = [b[:] for b in self.board]
        s.marked = self.marked[:]
        s.waiting = self.waiting
        s.occupied = self.occupied
        s.owned = [o[:] for o in self.owned]
        s.colours = [c[:] for c in self.colours]
        s.symbols = [c[:] for c in self.symbols]
        s.bag = self.bag[:]
        s.removed = self.removed[:]
        s.start = self.start
        s.round = self.round
        s.phase = self.phase
        s.order = self.order  # replaced, never mutated
        s.pos = self.pos
        s.current = self.current
        s.end_reason = self.end_reason
        s.end_owner = self.end_owner
        s.eq_public = self.eq_public  # fixed at setup
        s.eq_owner = self.eq_owner[:]
        s.eq_secret = self.eq_secret[:]
        s.log = self.log[:]  # entries are never mutated once appended
        return s

    def is_over(self) -> bool:
        return self.phase == rules.OVER

    def outcome(self) -> Outcome | None:
        if self.phase != rules.OVER:
            return None
        return rules.outcome(self)



