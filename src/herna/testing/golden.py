"""Golden records: complete seeded games, stored with their outcome, that pin a game's rules.

A game's make script plays them with `play_random` and writes them with `write_golden`; its
test replays each with `check_golden`, which demands the very same outcome and record. A
failure means the rules changed: regenerate the records only if that change was intended.

A game whose records must not depend on shipped data that may be regenerated (Ubongo's card
deck) passes `make(players, seed, options) -> State`, building the start state on a snapshot.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import herna
from herna.core import HernaError, Rng, State

from .conformance import ConformanceError

Make = Callable[[int, int, dict[str, Any]], State]


def play_random(game_id: str, players: int, seed: int, chooser: int,
                options: Mapping[str, Any] | None = None, *, make: Make | None = None,
                any_seat: bool = False) -> State:
    """A whole game of uniformly random legal actions chosen by `Rng(chooser)`.

    The first seat to act acts; with `any_seat` (simultaneous moves) the chooser first picks
    the seat among those to act. The start state is `herna.make(game_id, ...)`, or
    `make(players, seed, options)` when given.
    """
    opts = dict(options or {})
    if make is None:
        state = herna.make(game_id, players=players, seed=seed, **opts)
    else:
        state = make(players, seed, opts)
    rng = Rng(chooser)
    while not state.is_over():
        acting = state.to_act()
        seat = acting[rng.below(len(acting))] if any_seat else acting[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def write_golden(state: State, path: str | Path) -> str:
    """Save a finished game's record to `path`; returns a line saying what was written."""
    path = Path(path)
    out = state.outcome()
    if out is None:
        raise ConformanceError(f"{path.name}: the game is not over, so it has no outcome")
    path.parent.mkdir(parents=True, exist_ok=True)
    herna.save_record(state, path)
    return f"{path.name}: {len(state.history)} actions, scores {list(out.scores)}"


def _replay(record: dict[str, Any], make: Make | None, upto: int | None = None) -> State:
    if make is None:
        return herna.replay(record, upto)
    state = make(record["players"], record["seed"], dict(record["options"]))
    for seat, text in record["actions"][:upto]:
        state.apply(seat, text)
    return state


def check_golden(record: dict[str, Any] | str | Path, *, make: Make | None = None) -> None:
    """Replay a golden record (a dict, or the path of its file) and demand the same game.

    The replay must end with exactly the stored outcome (whose breakdown adds up to the
    scores) and write back the very record (and, for a file, the very same bytes); replaying
    only the first half must give an unfinished game that plays on to the same record.
    Raises ConformanceError saying which of these failed.
    """
    if isinstance(record, dict):
        path = None
        where = f"{record.get('game')} {record.get('players')}p seed={record.get('seed')!r}"
    else:
        path = Path(record)
        record = herna.load_record(path)
        where = path.name

    def fail(what: str) -> ConformanceError:
        return ConformanceError(f"golden record {where}: {what} (if the rules changed on "
                                "purpose, regenerate the records)")

    try:
        state = _replay(record, make)
    except (HernaError, KeyError) as e:
        raise fail(f"cannot be replayed: {e}") from e
    out = state.outcome()
    if not state.is_over() or out is None:
        raise fail(f"the replayed game is not over after {len(state.history)} actions")
    got = json.loads(json.dumps(out.to_dict()))
    stored = record.get("outcome")
    if not isinstance(stored, dict):
        raise fail("the record has no stored outcome")
    if got != stored:
        diff = {k: f"stored {stored.get(k)!r}, got {got.get(k)!r}"
                for k in sorted({**got, **stored}) if got.get(k) != stored.get(k)}
        raise fail(f"the outcome differs from the stored one: {diff}")
    for seat, (b, score) in enumerate(zip(got["breakdown"], got["scores"], strict=True)):
        if sum(b.values()) != score:
            raise fail(f"seat {seat}'s breakdown {b} does not add up to the score {score}")
    if state.record() != record:
        raise fail("the replayed game's record differs from the stored one")
    if path is not None:
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / path.name
            herna.save_record(state, copy)
            if copy.read_text(encoding="utf-8") != path.read_text(encoding="utf-8"):
                raise fail("saving the replayed game does not give the same file")
    half = len(record["actions"]) // 2
    partial = _replay(record, make, upto=half)
    if partial.is_over() or len(partial.history) != half:
        raise fail(f"replaying {half} actions does not give an unfinished game at that move")
    try:
        for seat, text in record["actions"][half:]:
            partial.apply(seat, text)
    except HernaError as e:
        raise fail(f"replaying {half} actions and playing on fails: {e}") from e
    if partial.record() != record:
        raise fail(f"replaying {half} actions and playing on gives another record")
