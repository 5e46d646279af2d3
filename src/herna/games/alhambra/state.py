"""The Alhambra state: plain data, plus the contract's plumbing. The rules are in rules.py."""

from __future__ import annotations

import random
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from herna.core import Action, Outcome, State
from herna.core.rng import Rng
from herna.core.state import as_rng

from . import actions as A
from . import rules, view
from .board import Board
from .data import MARKET_CURRENCIES

ACTION: Final = "action"
PLACEMENT: Final = "placement"
OVER: Final = "over"


# compiled (herna.native): copy() and pickle make states without __init__ (serializable), and
# AlhambraState(...) from Python code still runs it (as for Board)
@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class AlhambraState(State):
    """Seats 0..n-1 play clockwise. In a 2-player game Dirk, the neutral third player,
    owns tiles (`dirk_tiles`) but has no seat."""

    def __init__(self, num_players: int, seed: int | str | None, options: dict[str, Any]) -> None:
        self._init_common(num_players, seed, options)
        n = num_players
        self.with_dirk = n == 2
        self.phase = ACTION
        self.current = 0  # whose turn it is
        self.placer = 0  # who places tiles in the placement phase
        self.turn = 1
        self.actions_this_turn = 0
        self.market: list[int] = [0, 0, 0, 0]  # tile ids, 0 = empty space
        self.display: list[int] = []  # money cards face up
        self.deck: list[int] = []  # top of the deck = the end of the list
        self.discard: list[int] = []
        self.bag: list[int] = []  # drawn from the end
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.boards = [Board() for _ in range(n)]
        self.reserves: list[list[int]] = [[] for _ in range(n)]
        self.pending: list[int] = []  # tiles the placer still has to place
        self.leftovers: list[tuple[int, list[int]]] = []  # end of game: (seat, tiles) to place
        self.dirk_tiles: list[int] = []
        self.scores = [0] * n
        self.dirk_score = 0
        self.scorings: list[dict[str, Any]] = []
        self.scoring_cards_drawn: list[str] = []
        # deck index ranges (from the bottom) of the piles holding scoring cards A and B,
        # public knowledge that determinize must respect
        self.pile_bounds: dict[int, tuple[int, int]] = {}
        self.game_over = False
        self.endgame = False  # the bag ran dry: leftover tiles are being placed
        self.leftovers_given: list[dict[str, int]] = []
        self._legal: tuple[int, list[Action]] | None = None
        rules.setup(self)

    # ---- the contract ------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.game_over:
            return ()
        return (self.placer,) if self.phase == PLACEMENT else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        if self.game_over or seat != (self.placer if self.phase == PLACEMENT else self.current):
            return []
        acts = cast(list[Action], rules.legal_actions(self, seat))  # a new list every call
        self._legal = (seat, acts)
        return acts

    def apply(self, seat: int, action: Action | str | int) -> Action:
        """The core's checked `apply`. Its common case, a seat to act handing back one of the
        very actions its legal list holds, is decided here (compiled, this skips the core's
        Python); anything else takes the core's path to the same result or reason."""
        cached = self._legal
        if cached is not None and cached[0] == seat and type(seat) is int:
            for a in cached[1]:
                if a is action:
                    self.apply_unchecked(seat, a)
                    return a
        return super().apply(seat, action)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        assert isinstance(action, A.AlhambraAction)
        self._legal = None
        rules.apply(self, seat, action)
        self.history.append((seat, action))

    def parse_text(self, seat: int, text: str) -> Action:
        return A.parse(text, MARKET_CURRENCIES, tuple(self.market))

    def action_from_code(self, seat: int, code: int) -> Action:
        return A.from_code(code, MARKET_CURRENCIES)

    def explain_illegal(self, seat: int, action: Action) -> str:
        assert isinstance(action, A.AlhambraAction)
        return rules.explain(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_view_seat(seat)
        return view.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random | Rng | int) -> AlhambraState:
        d = self.copy()
        rules.resample_hidden(d, seat, as_rng(rng))
        return d

    def copy(self) -> AlhambraState:
        s = AlhambraState.__new__(AlhambraState)
        self._copy_common_into(s)
        s.with_dirk = self.with_dirk
        s.phase = self.phase
        s.current = self.current
        s.placer = self.placer
        s.turn = self.turn
        s.actions_this_turn = self.actions_this_turn
        s.market = list(self.market)
        s.display = list(self.display)
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.bag = list(self.bag)
        s.hands = [list(h) for h in self.hands]
        s.boards = [b.copy() for b in self.boards]
        s.reserves = [list(r) for r in self.reserves]
        s.pending = list(self.pending)
        s.leftovers = [(seat, list(t)) for seat, t in self.leftovers]
        s.dirk_tiles = list(self.dirk_tiles)
        s.scores = list(self.scores)
        s.dirk_score = self.dirk_score
        s.scorings = list(self.scorings)  # entries are never mutated once appended
        s.scoring_cards_drawn = list(self.scoring_cards_drawn)
        s.pile_bounds = dict(self.pile_bounds)
        s.game_over = self.game_over
        s.endgame = self.endgame
        s.leftovers_given = list(self.leftovers_given)
        s._legal = None
        return s

    def is_over(self) -> bool:
        return self.game_over

    def outcome(self) -> Outcome | None:
        if not self.game_over:
            return None
        return rules.outcome(self)
