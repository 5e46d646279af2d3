"""The Ubongo state: plain data plus the contract's plumbing. The rules are in rules.py."""

from __future__ import annotations

import random
from typing import Any

from herna.core import Action, Outcome, State
from herna.core.rng import Rng
from herna.core.state import as_rng

from . import actions as A
from . import rules, view
from .data import DEFAULT_TIMER
from .deck import Deck


class UbongoState(State):
    """Seats 0..n-1 sit clockwise; the start player passes to the left (seat + 1) each round.

    `deck` is the card set (immutable, shared by copies); `pile` holds the card numbers still
    to deal, dealt from the end. Gems are colour indices; `rows[r]` lists the gems left in
    row r, the front (nearest the start fields) first, so the taken holes are a prefix."""

    def __init__(self, num_players: int, seed: int | str | None, options: dict[str, Any],
                 deck: Deck | None = None) -> None:
        rules.check_options(num_players, options)
        if deck is None:  # the record pins the deck it was played with
            deck, options["deck"] = rules.deck_option(options.get("deck", ""))
        self._init_common(num_players, seed, options)
        n = num_players
        self.deck = deck
        self.side = str(options["side"])
        self.timer = int(options["timer"])  # 0: no hourglass
        # the time scale of the race's codes and listed times (the hourglass, or a minute)
        self.scale = self.timer or DEFAULT_TIMER
        self.phase = rules.START
        self.round = 0
        self.rounds = 0
        self.start_player = 0
        self.placer = 0
        self.pile: list[int] = []
        self.dealt: list[int] = []
        self.cards = [0] * n  # card number per seat this round (0: none)
        self.symbol = -1  # index into SYMBOLS of the rolled symbol (-1: none)
        self.rows: list[list[int]] = []
        self.figures = [-1] * n  # start field 0..5 per seat (-1: not yet placed)
        self.gems = [[0] * 6 for _ in range(n)]
        self.submissions: list[A.UbongoAction | None] = [None] * n
        self.queue: list[tuple[int, int]] = []  # (seat, finishing rank) still to move
        self.current: dict[str, Any] = {}  # this round's public record
        self.log: list[dict[str, Any]] = []  # finished rounds
        self.events: list[dict[str, Any]] = []  # this round's engine events
        self._legal: tuple[int, int, list[Action]] | None = None
        rules.setup(self)

    # ---- the contract ------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == rules.RACE:
            return rules.racing(self)
        if self.phase == rules.START:
            return (self.placer,)
        if self.phase == rules.GEMS:
            return (rules.chooser(self),)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        key = len(self.history)
        cached = self._legal
        if cached is not None and cached[0] == seat and cached[1] == key:
            return list(cached[2])
        acts: list[Action] = list(rules.legal_actions(self, seat))
        self._legal = (seat, key, acts)
        return list(acts)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        assert isinstance(action, A.UbongoAction)
        self._legal = None
        rules.apply(self, seat, action)
        self.history.append((seat, action))

    def parse_text(self, seat: int, text: str) -> Action:
        return A.parse(text, self.scale)

    def action_from_code(self, seat: int, code: int) -> Action:
        return rules.action_from_code(self, seat, code)

    def _check_legal(self, seat: int, action: Action) -> Action:
        """A solve is checked exactly against the seat's puzzle and applied as given (its own
        pieces and time): the listed solves are only a sample of what may be submitted."""
        if isinstance(action, A.SolveAction):
            cached = self._legal  # one of the listed solves, as handed out for this position:
            if cached is not None and cached[0] == seat and cached[1] == len(self.history):
                for a in cached[2]:  # the solver's own solution, no need to check it again
                    if a is action:
                        return action
            rules.check_solve(self, seat, action)
            return action
        return super()._check_legal(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str:
        assert isinstance(action, A.UbongoAction)
        return rules.explain(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_view_seat(seat)
        return view.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random | Rng | int) -> UbongoState:
        d = self.copy()
        rules.resample_hidden(d, seat, as_rng(rng))
        return d

    def copy(self) -> UbongoState:
        s = UbongoState.__new__(UbongoState)
        self._copy_common_into(s)
        s.deck = self.deck
        s.side = self.side
        s.timer = self.timer
        s.scale = self.scale
        s.phase = self.phase
        s.round = self.round
        s.rounds = self.rounds
        s.start_player = self.start_player
        s.placer = self.placer
        s.pile = list(self.pile)
        s.dealt = list(self.dealt)
        s.cards = list(self.cards)
        s.symbol = self.symbol
        s.rows = [list(r) for r in self.rows]
        s.figures = list(self.figures)
        s.gems = [list(g) for g in self.gems]
        s.submissions = list(self.submissions)  # actions are immutable
        s.queue = list(self.queue)
        s.current = {k: (list(v) if isinstance(v, list) else v) for k, v in self.current.items()}
        s.log = list(self.log)  # finished rounds are never changed
        s.events = list(self.events)  # events are never changed once appended
        s._legal = None
        return s

    def is_over(self) -> bool:
        return self.phase == rules.OVER

    def outcome(self) -> Outcome | None:
        if self.phase != rules.OVER:
            return None
        return rules.outcome(self)
