"""The Alhambra Roll & Write state: plain data, plus the contract's plumbing (rules.py acts).

Seats are the human players, 0 the fixed start player. Virtual players have no seat: they are
players `num_players .. num_players + virtual - 1` on the shared score sheet (counts, places).
A sheet's built cells are one int bitmask (cell = (blue - 1) * 6 + yellow - 1), so copies and
line counts are cheap.
"""

from __future__ import annotations

import random
from typing import Any, cast

from herna.core import Action, BadOption, Outcome, State
from herna.core.rng import Rng
from herna.core.state import as_rng
from herna.i18n import t

from . import actions as A
from . import rules, view
from .data import NUM_TYPES, ROUNDS_BY_SEATS, START_COINS, VIRTUAL_BONUS

DEFAULT_VIRTUAL = {1: 2, 2: 1}
_SEATS = tuple((i,) for i in range(8))  # to_act without a new tuple per call


def virtual_count(players: int, virtual: int) -> int:
    """The virtual players a table gets: 0 means the rules' default (fill up to 3 seats)."""
    if not isinstance(virtual, int) or isinstance(virtual, bool) or virtual < 0:
        raise BadOption(f"virtual must be a whole number 0-4, not {virtual!r}")
    if virtual == 0:
        return DEFAULT_VIRTUAL.get(players, 0)
    allowed = {1: (2, 3, 4), 2: (1,)}.get(players, ())
    if virtual not in allowed:
        if not allowed:
            raise BadOption(f"with {players} players there are no virtual players "
                            f"(virtual={virtual})")
        raise BadOption(f"with {players} player(s) the rules allow virtual = "
                        f"{' or '.join(map(str, allowed))}, not {virtual}")
    return virtual


class RWState(State):
    """One game of Alhambra Roll & Write (1-5 players, virtual players for 1-2)."""

    def __init__(self, num_players: int, seed: int | str | None, options: dict[str, Any]) -> None:
        self._init_common(num_players, seed, options)
        n = num_players
        self.virtual = virtual_count(n, options.get("virtual", 0))
        self.vs_virtual = bool(options.get("vs_virtual", False))
        if self.vs_virtual and (n != 1 or self.virtual not in VIRTUAL_BONUS):
            raise BadOption("vs_virtual is the solo mode: 1 player against 2, 3 or 4 "
                            "virtual players")
        players = n + self.virtual
        self.rounds = ROUNDS_BY_SEATS[players]
        self.round = 0
        self.current = 0
        self.phase = rules.START
        self.built = [0] * n
        self.blue: list[list[int]] = [[] for _ in range(n)]
        self.yellow: list[list[int]] = [[] for _ in range(n)]
        self.circled = [START_COINS] * n
        self.crossed = [0] * n
        self.counts = [[0] * NUM_TYPES for _ in range(players)]
        self.completers: list[tuple[int, int]] = []
        self.used = [0] * NUM_TYPES
        self.paid: list[dict[int, int]] = [{} for _ in range(NUM_TYPES)]
        self.award_pts = [[0] * NUM_TYPES for _ in range(players)]
        self.awards: list[dict[str, Any]] = []
        # rolls on the log: (round, player, rolls, type index), setup and virtual builds
        self.log: list[tuple[int, int, tuple[tuple[int, int], ...], int]] = []
        self.turn_built: list[int] = []
        self.turn_adjusted = 0
        self.used_pair = (0, 0)
        self.last_coins: tuple[int, int, int] | None = None
        self.final: Outcome | None = None
        self.dice_pool = 0  # undrawn dice from the last 64-bit draw (rules.roll)
        self.dice_left = 0
        self._legal: tuple[int, list[Action]] | None = None
        rules.setup(self)

    # ---- the contract ------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == rules.OVER else _SEATS[self.current]

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        if self.phase == rules.OVER or seat != self.current:
            return []
        acts = cast(list[Action], rules.legal_actions(self, seat))  # shared: do not mutate
        self._legal = (seat, acts)
        return acts

    def apply_unchecked(self, seat: int, action: Action) -> None:
        self._legal = None
        rules.apply(self, seat, cast(A.RWAction, action))
        self.history.append((seat, action))

    def parse_text(self, seat: int, text: str) -> Action:
        return A.parse(text)

    def action_from_code(self, seat: int, code: int) -> Action:
        return A.from_code(code)

    def explain_illegal(self, seat: int, action: Action) -> str:
        if not isinstance(action, A.RWAction):
            return t("illegal.not_action", action=action)
        return rules.explain(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_view_seat(seat)
        return view.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random | Rng | int) -> RWState:
        """Nothing is hidden but future rolls: a copy whose dice will fall differently."""
        d = self.copy()
        d.rng = as_rng(rng).spawn()
        d.dice_left = 0  # dice already drawn from the old generator are future rolls too
        return d

    def copy(self) -> RWState:
        s = RWState.__new__(RWState)
        self._copy_common_into(s)
        s.virtual = self.virtual
        s.vs_virtual = self.vs_virtual
        s.rounds = self.rounds
        s.round = self.round
        s.current = self.current
        s.phase = self.phase
        s.built = list(self.built)
        s.blue = [list(d) for d in self.blue]
        s.yellow = [list(d) for d in self.yellow]
        s.circled = list(self.circled)
        s.crossed = list(self.crossed)
        s.counts = [list(c) for c in self.counts]
        s.completers = list(self.completers)
        s.used = list(self.used)
        s.paid = [dict(p) for p in self.paid]
        s.award_pts = [list(p) for p in self.award_pts]
        s.awards = list(self.awards)  # entries are never mutated once appended
        s.log = list(self.log)
        s.turn_built = list(self.turn_built)
        s.turn_adjusted = self.turn_adjusted
        s.used_pair = self.used_pair
        s.last_coins = self.last_coins
        s.final = self.final
        s.dice_pool = self.dice_pool
        s.dice_left = self.dice_left
        s._legal = self._legal
        return s

    def is_over(self) -> bool:
        return self.phase == rules.OVER

    def outcome(self) -> Outcome | None:
        return self.final
