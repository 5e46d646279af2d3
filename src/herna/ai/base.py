"""The Bot protocol: anything with a `name` and an `act(state, seat)` choosing a legal action.

A bot is built for one game and one seat's decisions at a time. It must:
- choose only legal actions (the arena applies them with the checked `State.apply`);
- be deterministic for its seed (tournaments replay exactly, whatever the worker count);
- use only what the seat may know: `state.view(seat)`, `state.legal_actions(seat)`, or
  `state.determinize(seat, rng)` for search. It receives the real state (copying it for every
  decision would be too slow), so this is a promise the bot keeps, checked by review and tests.

Bot classes are built by `herna.ai.registry.make_bot` as `Class(seed=..., **options)`; a class
whose `__init__` takes no `seed` is built without one.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from herna.core import Action, HernaError, State


@runtime_checkable
class Bot(Protocol):
    """What the arena, the CLI and the server call; no base class to inherit."""

    name: str

    def act(self, state: State, seat: int) -> Action:
        """The action `seat` takes now; `seat` is in `state.to_act()`."""
        ...


class BotError(HernaError, ValueError):
    """A bot that cannot be built (unknown name, bad option) or that broke its promise."""
