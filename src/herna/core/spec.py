"""What a game declares up front: who plays, which options exist, what kind of game it is."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class GameSpec:
    """A game's declaration (cf. OpenSpiel's GameType): read by the registry, the CLI,
    the conformance kit and the interop adapters."""

    id: str
    name: str
    player_counts: tuple[int, ...]
    factory: Callable[..., State] = field(repr=False, compare=False)
    options: Mapping[str, Any] = field(default_factory=dict)  # name -> default value
    option_help: Mapping[str, str] = field(default_factory=dict)
    # the values an option may take, where they are a short list (the lobby's choices)
    option_choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # options that name a file on this machine: for the CLI only, never taken from the web
    file_options: tuple[str, ...] = ()
    num_distinct_actions: int = 0  # size of the fixed integer action space
    simultaneous: bool = False  # some nodes let several seats act at once
    hidden_information: bool = False
    chance: bool = True  # chance is resolved inside the engine from the seeded Rng
    description: str = ""

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)


def fits_option(value: object, default: object) -> bool:
    """Whether `value` has the type of an option whose default is `default` (a bool only for
    a bool, any number for a float): games trust their option types, so the CLI's records and
    the server's requests are checked with this before `make`."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return default is None or isinstance(value, type(default))
