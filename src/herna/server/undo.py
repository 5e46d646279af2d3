"""Undo within my turn (issue 21): take back my own steps that revealed nothing new.

Board Game Arena's rule, read for Herna's engines: a seat may take back the run of its own
steps at the end of the log, one step at a time, while each of them

- was made when the table waited for that seat alone (`to_act == (seat,)` before it): a
  choice at a simultaneous node is sealed, and the others have seen it as made; a step that
  closed such a node revealed the others' choices;
- left chance alone: the rng inside the state is as it was (no draw, refill, shuffle or
  roll), and so is what the game deals from stocks shuffled at setup (the game's
  `web.undo_mark(state)`: Alhambra's bag and money deck, and its endgame);
- and it is still that seat's turn (`to_act == (seat,)` now): undo never takes the turn
  back from another player, so a bot never has a move taken from under it.

The log stays append-only: an undo is a row of its own (`!undo SEQ`, naming the row it takes
back, by the undoing seat), and the table's version grows by one per row as it does for a
move. The table is rebuilt from the log without the undone rows, so the record holds only
what stands; the log shown to people keeps the undone steps, marked as undone.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import TYPE_CHECKING

import herna
from herna.ai.registry import game_module
from herna.core import State

if TYPE_CHECKING:
    from .store import TableRow
    from .tables import Step, Table

# No game's notation starts with "!": a row with this text is never an action
MARK = "!undo"
_MARKER = re.compile(r"!undo (\d{1,9})")


def marker(seq: int) -> str:
    """The text of the row that takes back row `seq`."""
    return f"{MARK} {seq}"


def undone_seq(text: str) -> int | None:
    """The row an undo row takes back, or None for an action's row."""
    if not text.startswith(MARK):
        return None
    found = _MARKER.fullmatch(text)
    return int(found.group(1)) if found else -1


def chance_mark(game: str, state: State) -> Hashable:
    """What a step that revealed something changes: the rng's state, and what the game deals
    from stocks it shuffled at setup (`web.undo_mark`)."""
    rng = getattr(state, "rng", None)
    if rng is None:  # chance that cannot be followed: no step of it is ever quiet
        return object()
    drawn: int = rng.state
    own = getattr(game_module(game, "web"), "undo_mark", None)
    if callable(own):
        return drawn, own(state)
    return drawn


def why_not(table: Table, seat: int) -> str | None:
    """Why `seat` may not undo now, as a catalog key; None when it may."""
    if not table.row.undo:
        return "undo.off"
    state = table.state
    if state.is_over():
        return "undo.over"
    if state.to_act() != (seat,):
        return "undo.not_your_turn"
    steps = table.steps
    if not steps or steps[-1].seat != seat:
        return "undo.nothing"
    last = steps[-1]
    closed_a_node = len(steps) > 1 and steps[-2].keeps_node_open
    if last.before != (seat,) or closed_a_node or not last.quiet:
        return "undo.revealed"
    return None


def allowed(table: Table, seat: int | None) -> bool:
    """Whether the payload offers `seat` an Undo now (never to a spectator)."""
    return seat is not None and why_not(table, seat) is None


def replay(row: TableRow, steps: list[Step]) -> State:
    """The table's state from its seed and the steps that stand (the log is the truth)."""
    state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
    for step in steps:
        state.apply(step.seat, step.text)
    return state


def standing(rows: list[tuple[int, str]]) -> tuple[set[int], list[str]]:
    """Which action rows of a stored log were taken back, read from its undo rows (each
    takes back the newest row still standing); and what looked wrong (a marker naming
    another row), for the server's log."""
    stack: list[int] = []
    undone: set[int] = set()
    problems = []
    for seq, (_seat, text) in enumerate(rows):
        named = undone_seq(text)
        if named is None:
            stack.append(seq)
            continue
        if not stack:
            problems.append(f"row {seq} undoes nothing")
            continue
        taken = stack.pop()
        if named != taken:
            problems.append(f"row {seq} names row {named}, but row {taken} was the newest")
        undone.add(taken)
    return undone, problems
