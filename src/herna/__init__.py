"""Herna: a digital home for Alhambra, Alhambra Roll & Write, Ubongo and Envyra."""

from . import native as native  # first: it chooses the compiled or the pure Alhambra core
from .core import (
    Action,
    BadOption,
    BadRecord,
    GameSpec,
    HernaError,
    IllegalAction,
    Outcome,
    Rng,
    State,
    UnknownGame,
    game_ids,
    load_record,
    make,
    replay,
    save_record,
    spec,
)

__version__ = "0.1.0"
__all__ = [
    "Action", "BadOption", "BadRecord", "GameSpec", "HernaError", "IllegalAction", "Outcome",
    "Rng", "State", "UnknownGame", "game_ids", "load_record", "make", "replay", "save_record",
    "spec",
]
