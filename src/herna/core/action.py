"""Actions: a canonical text for people and records, a stable integer for learning toolkits."""

from __future__ import annotations


class Action:
    """Base of every game's action.

    `code` is stable for a game: the same decision always maps to the same integer in
    `range(spec.num_distinct_actions)`, which is what OpenSpiel and PettingZoo need. `str()`
    is the canonical text that `State.parse_action` reads back. Subclasses carry their
    fields so `str()` needs no state. Equality is by code within one game.
    """

    __slots__ = ("code",)

    def __init__(self, code: int) -> None:
        self.code = code

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text()!r} #{self.code}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and type(other) is type(self) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)
