"""Clocks (issue 21): a time per move, a chess-like bank with an increment, or a slow table.

A table's clock is optional (`POST /api/tables` `clock`). It counts **server time**: the
wall clock stored with every row of the log (`actions.at`), so a restarted server, or another
process that takes the table over, computes the same clock from the log alone.

What is timed is a **step**: each action a seat makes (Alhambra's purchase and its placement
are two). A seat's clock runs while the table waits for it (it is in `to_act`, a simultaneous
node included) and stops when it acts or stops being waited for:

- `move`: each step may take `seconds`; the time restarts with every step of the seat;
- `bank`: a seat spends from its bank of `seconds` while it is waited for, and each of its
  steps adds `increment` (Fischer);
- `slow`: as `move`, with up to a day a step (the page says "4 h 12 min left").

A race (Ubongo's: the game keeps its own hourglass) is never cut short by the table's
clock: a seat's time at a race is at least the race's own limit (twice the hourglass, as a
solve counts until then).

An undo gives no time back: the clock is computed from the steps that stand, so the undone
step's restart (and its increment) go with it. When a seat's time has run out and `grace`
more seconds have passed, a bot of the clock's `level` plays it (a **stand-in**, stored with
the seat) until its person takes it back; its clock then runs afresh (a full bank), from that
moment. The stand-in's moves are normal moves; a stand-in is never timed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .botproc import LEVELS

KINDS = ("move", "bank", "slow")
# the seconds each kind allows (whole seconds, both ends included)
SECONDS = {"move": (5, 3600), "bank": (30, 4 * 3600), "slow": (3600, 86400)}
INCREMENT = (0, 600)  # a bank's increment per step
GRACE = (0, 86400)  # after the time has run out, before a bot takes over
DEFAULT_GRACE = {"move": 30, "bank": 30, "slow": 3600}
FIELDS = {"kind", "seconds", "increment", "grace", "level"}


class BadClock(ValueError):
    """A `clock` the API refuses (422), with the reason in words."""


@dataclass(frozen=True)
class Clock:
    kind: str
    seconds: int
    increment: int = 0
    grace: int = 30
    level: str = "medium"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment,
                "grace": self.grace, "level": self.level}

    @classmethod
    def from_json(cls, stored: dict[str, Any]) -> Clock:
        """A stored clock (made by `parse`; a level no longer known plays as medium)."""
        level = stored.get("level", "medium")
        return cls(str(stored["kind"]), int(stored["seconds"]), int(stored.get("increment", 0)),
                   int(stored.get("grace", DEFAULT_GRACE.get(stored["kind"], 30))),
                   level if level in LEVELS else "medium")


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadClock(f"clock {name} must be a whole number of seconds from {low} to {high}, "
                       f"not {str(value)[:40]}")
    return value


def parse(value: Any) -> Clock | None:
    """The `clock` of `POST /api/tables`: null (no clock) or an object; BadClock otherwise."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadClock('clock must be null or an object such as {"kind": "move", '
                       '"seconds": 30}')
    unknown = sorted(str(k)[:20] for k in value if k not in FIELDS)
    if unknown:
        raise BadClock(f"clock has no field {unknown[0]!r} (fields: kind, seconds, increment, "
                       f"grace, level)")
    kind = value.get("kind")
    if kind not in KINDS:
        raise BadClock(f"clock kind must be one of {', '.join(KINDS)}, not "
                       f"{str(kind)[:40]}")
    if "seconds" not in value:
        raise BadClock(f"a {kind} clock needs its seconds")
    seconds = _whole(value["seconds"], "seconds", *SECONDS[kind])
    if kind != "bank" and value.get("increment", 0) != 0:
        raise BadClock("only a bank clock has an increment")
    increment = _whole(value.get("increment", 0), "increment", *INCREMENT)
    grace = _whole(value.get("grace", DEFAULT_GRACE[kind]), "grace", *GRACE)
    level = value.get("level", "medium")
    if not isinstance(level, str) or level not in LEVELS:
        raise BadClock(f"clock level must be one of {', '.join(LEVELS)}, not "
                       f"{str(level)[:40]}")
    return Clock(kind, seconds, increment, grace, level)


@dataclass
class Base:
    """The clocks as the log leaves them at one version: from when each waited-for seat's
    clock runs, and each bank as it was then. A seat's time left is this and the time now."""

    clock: Clock
    since: dict[int, float]  # seat -> when its clock started running (seconds since the epoch)
    bank: list[float] = field(default_factory=list)  # seconds in each bank, when it started
    racing: set[int] = field(default_factory=set)  # running seats whose clock began at a race
    race: float = 0.0  # the race's own limit (seconds), which no racer's time falls under

    def budget(self, seat: int) -> float:
        """The seconds the seat had when its clock started (or has, if it is not running)."""
        own = self.bank[seat] if self.clock.kind == "bank" else float(self.clock.seconds)
        return max(own, self.race) if seat in self.racing else own

    def left(self, seat: int, now: float) -> float:
        """Seconds left to the seat at `now` (negative: its time has run out)."""
        if seat in self.since:
            return self.budget(seat) - max(0.0, now - self.since[seat])
        return self.budget(seat)

    def out_at(self, seat: int) -> float | None:
        """When the running seat's time runs out (None: its clock does not run)."""
        if seat not in self.since:
            return None
        return self.since[seat] + self.budget(seat)


def base(clock: Clock, players: int, created: float, first: Sequence[int],
         steps: Iterable[tuple[int, Sequence[int], float]],
         backs: Sequence[float | None], race: float = 0.0) -> Base:
    """Replay the clocks over the steps that stand: `first` is who the table waited for at
    `created`; each step is (seat, who is waited for after it, when it was made); `backs`
    is, per seat, when its person last took it back from a stand-in (or None); `race`: a
    racing game's own limit for a race (0: none), a node where several seats are waited for."""
    since = {s: created for s in first}
    racing = set(first) if race and len(first) > 1 else set()
    bank = [float(clock.seconds)] * players
    returns = sorted((t, s) for s, t in enumerate(backs) if t is not None)
    r = 0

    def back_until(t: float) -> None:
        nonlocal r
        while r < len(returns) and returns[r][0] <= t:
            at, s = returns[r]
            bank[s] = float(clock.seconds)  # its clock runs afresh from the hand-back
            if s in since:
                since[s] = max(since[s], at)
            r += 1

    for seat, after, at in steps:
        back_until(at)
        for w in list(since):
            if w == seat or w not in after:  # it acted, or is no longer waited for
                bank[w] = max(0.0, bank[w] - max(0.0, at - since.pop(w)))
                racing.discard(w)
        bank[seat] += clock.increment if clock.kind == "bank" else 0
        for w in after:
            if w not in since:
                since[w] = at
                if race and len(after) > 1:
                    racing.add(w)
    back_until(float("inf"))
    return Base(clock, since, bank, racing, race)
