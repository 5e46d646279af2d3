"""Replay: params + seed + action texts rebuild the exact game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import BadRecord, IllegalAction
from .registry import make
from .state import State


def replay(record: dict[str, Any] | str | Path, upto: int | None = None) -> State:
    """Rebuild the state after the first `upto` actions (all by default) of a record."""
    if isinstance(record, (str, Path)):
        record = load_record(record)
    try:
        state = make(record["game"], players=record["players"], seed=record.get("seed"),
                     **record.get("options", {}))
        actions = record["actions"]
    except (KeyError, TypeError) as e:
        raise BadRecord(f"not a Herna game record: missing {e}") from None
    for i, (seat, text) in enumerate(actions[:upto]):
        try:
            state.apply(seat, text)
        except IllegalAction as e:
            raise BadRecord(
                f"move {i + 1} ({text!r} by seat {seat}) cannot be replayed: {e}") from None
    return state


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise BadRecord(f"cannot read game record {path}: {e}") from None
    if not isinstance(data, dict) or "game" not in data or "actions" not in data:
        raise BadRecord(f"{path} is not a Herna game record")
    return data


def save_record(state: State | dict[str, Any], path: str | Path) -> None:
    """Write a game's record (a state's, or a record already made) as `load_record` reads."""
    record = state if isinstance(state, dict) else state.record()
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
