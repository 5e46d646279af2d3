"""The pure engine: no I/O beyond reading a record file on request."""

from .action import Action
from .errors import BadOption, BadRecord, HernaError, IllegalAction, UnknownGame
from .outcome import Outcome
from .record import load_record, replay, save_record
from .registry import game_ids, make, register, spec
from .rng import Rng
from .spec import GameSpec
from .state import State

__all__ = [
    "Action", "BadOption", "BadRecord", "GameSpec", "HernaError", "IllegalAction", "Outcome",
    "Rng", "State", "UnknownGame", "game_ids", "load_record", "make", "register", "replay",
    "save_record", "spec",
]
