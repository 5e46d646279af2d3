"""The registry of games: ids -> specs. Games register themselves on import."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import BadOption, UnknownGame
from .spec import GameSpec
from .state import State

_SPECS: dict[str, GameSpec] = {}
# Modules that register the shipped games; imported lazily so `import herna` stays light.
_BUILTIN = {
    "alhambra": "herna.games.alhambra",
    "alhambra-rw": "herna.games.alhambra_rw",
    "ubongo": "herna.games.ubongo",
    "envyra": "herna.games.envyra",
}


def register(spec: GameSpec) -> GameSpec:
    _SPECS[spec.id] = spec
    return spec


def _load_all() -> None:
    for game_id, module in _BUILTIN.items():
        if game_id not in _SPECS:
            importlib.import_module(module)


def game_ids() -> list[str]:
    """Every registered game id."""
    _load_all()
    return sorted(_SPECS)


def spec(game_id: str) -> GameSpec:
    if game_id not in _SPECS and game_id in _BUILTIN:
        importlib.import_module(_BUILTIN[game_id])
    try:
        return _SPECS[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}; games are: {', '.join(game_ids())}") from None


def make(game_id: str, players: int | None = None, seed: int | str | None = 0,
         **options: Any) -> State:
    """A new game: `herna.make("alhambra", players=3, seed=7)`."""
    s = spec(game_id)
    n = s.min_players if players is None else players
    if n not in s.player_counts:
        raise BadOption(f"{s.name} is for {s.min_players}-{s.max_players} players, not {n}")
    unknown = set(options) - set(s.options)
    if unknown:
        offered = ", ".join(sorted(s.options)) or "none"
        raise BadOption(f"{s.name} has no option {', '.join(sorted(unknown))} (options: {offered})")
    full = {**s.options, **options}
    return s.factory(n, seed, full)
