"""Errors a caller can tell apart: each kind of bad input has its own exception."""

from __future__ import annotations


class HernaError(Exception):
    """Base of every error Herna raises on purpose."""


class IllegalAction(HernaError, ValueError):
    """An action that may not be taken now, or text that is not an action.

    The message is meant for a person: it says why, in the game's own words.
    The state it was raised from is left exactly as it was.
    """


class UnknownGame(HernaError, KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want plain text
        return str(self.args[0]) if self.args else "unknown game"


class BadOption(HernaError, ValueError):
    """A table option (player count, variant, ...) the game does not offer."""


class BadRecord(HernaError, ValueError):
    """A game record that cannot be replayed."""
