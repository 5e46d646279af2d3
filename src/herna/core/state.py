"""The contract every game keeps (DESIGN.md): one State class per game, mutated by `apply`.

Like python-chess, the checked entry points (`apply`, `parse_action`) validate and explain,
while `apply_unchecked` is the fast path for search that already holds a legal action.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from herna.i18n import t

from .action import Action
from .errors import IllegalAction
from .rng import Rng

if TYPE_CHECKING:
    from .outcome import Outcome
    from .spec import GameSpec

RECORD_FORMAT = 1


class State(ABC):
    """One game in progress. Subclasses keep their data in `__slots__`-style attributes
    and implement the abstract methods; this base adds validation, history and records."""

    spec: ClassVar[GameSpec]

    num_players: int
    seed: int | str | None
    options: dict[str, Any]
    rng: Rng
    history: list[tuple[int, Action]]

    def _init_common(self, num_players: int, seed: int | str | None,
                     options: dict[str, Any]) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history = []

    # ----- what every game implements -------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: one, or several at a simultaneous node; () when over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it is not to act)."""

    @abstractmethod
    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Apply a legal action without validation (search's fast path); records history."""

    @abstractmethod
    def parse_text(self, seat: int, text: str) -> Action:
        """Read the game's notation; raise IllegalAction for text that is not an action."""

    @abstractmethod
    def action_from_code(self, seat: int, code: int) -> Action:
        """The legal action with this integer code; IllegalAction if none is."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe dict of what `seat` may know (None: a spectator)."""

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random | Rng | int) -> State:
        """A full state agreeing with `view(seat)`; what the seat cannot know is resampled."""

    @abstractmethod
    def copy(self) -> State:
        """A deep copy: nothing done to it touches this state."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Final scores with the breakdown; None while the game goes on."""

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why `action` is not legal now; games override to give the rule that forbids it."""
        return t("illegal.not_now", action=action)

    # ----- checked entry points -------------------------------------------------------
    def check_view_seat(self, seat: int | None) -> None:
        """A seat at the table, or None (a spectator): what `view` may be asked for."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise IllegalAction(t("illegal.no_seat", seat=seat, last=self.num_players - 1))

    def check_seat(self, seat: int) -> None:
        self.check_view_seat(seat)
        if seat is None:
            raise IllegalAction(t("illegal.no_seat", seat=seat, last=self.num_players - 1))
        if self.is_over():
            raise IllegalAction(t("illegal.over"))
        acting = self.to_act()
        if seat not in acting:
            who = ", ".join(str(s) for s in acting)
            raise IllegalAction(t("illegal.not_to_act", seat=seat, who=who))

    def parse_action(self, seat: int, text: str) -> Action:
        """Text in the game's notation -> the legal action it names, or IllegalAction why not."""
        self.check_seat(seat)
        if not isinstance(text, str):
            raise IllegalAction(t("illegal.not_text", kind=type(text).__name__))
        return self._check_legal(seat, self.parse_text(seat, text.strip()))

    def apply(self, seat: int, action: Action | str | int) -> Action:
        """Apply one action (object, text or integer code) for `seat` after checking it.

        Raises IllegalAction with a readable reason and leaves the state untouched.
        Returns the action applied, so callers holding text learn its canonical form.
        """
        # the checks of check_seat, passed at once by a plain int seat that may act now; any
        # other seat takes check_seat's path to its reason
        if not (type(seat) is int and 0 <= seat < self.num_players and not self.is_over()
                and seat in self.to_act()):
            self.check_seat(seat)
        if not isinstance(action, Action):
            if isinstance(action, str):
                action = self.parse_text(seat, action.strip())
            elif isinstance(action, int) and not isinstance(action, bool):
                action = self.action_from_code(seat, action)
            else:
                raise IllegalAction(t("illegal.not_action", action=action))
        action = self._check_legal(seat, action)
        self.apply_unchecked(seat, action)
        return action

    def _check_legal(self, seat: int, action: Action) -> Action:
        """The legal action equal to `action`: the engine's own object, so what is applied
        and recorded is canonical even when the caller built an equal one by hand."""
        legal = self.legal_actions(seat)
        for a in legal:  # games that intern their actions are done here
            if a is action:
                return a
        for a in legal:  # equal by code
            if a == action:
                return a
        raise IllegalAction(self.explain_illegal(seat, action))

    # ----- records ----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """A JSON game record: params + seed + action texts. `herna.replay` rebuilds it."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.spec.id,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, str(a)] for seat, a in self.history],
        }
        out = self.outcome()
        if out is not None:
            rec["outcome"] = out.to_dict()
        return rec

    def _copy_common_into(self, other: State) -> None:
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options  # never mutated after setup
        other.rng = self.rng.copy()
        other.history = list(self.history)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.num_players}p seed={self.seed!r} "
                f"move {len(self.history)} to_act={self.to_act()}>")


def as_rng(rng: random.Random | Rng | int | None) -> Rng:
    """Accept what callers of determinize commonly hold."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, random.Random):
        return Rng(rng.getrandbits(64))
    return Rng(rng)


def seats_text(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats)
