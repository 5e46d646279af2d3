"""Bot names -> bots: `make_bot("mcts:iterations=2000", "alhambra", seed=7)`.

A spec is `name` or `name:key=value,key=value`. Values read as int, float or true/false when
they look like one, otherwise as text. `greedy` is per game: it is the `GreedyBot` class of
`herna.games.<game id with - as _>.bots`, so each game owns its heuristics.

Levels for people to pick: `easy` (the greedy bot with noise), `medium` (the greedy bot) and
`hard` (IS-MCTS, `herna.ai.mcts`, with an iteration budget calibrated per game to about a
second or less per decision on one core). A game's `bots.LEVELS` says what each means there;
`mcts` is the search with its defaults. Iteration budgets keep levels reproducible for a seed.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .base import Bot, BotError
from .mcts import MctsBot
from .random_bot import RandomBot

# factory(game_id, seed, options) -> Bot
BotFactory = Callable[[str, int, dict[str, Any]], Bot]

__all__ = [
    "BotFactory",
    "build",
    "default_bot",
    "game_bot_class",
    "game_module",
    "has_bot",
    "known_bots",
    "level",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
    "split_bot_list",
]


def build(cls: Callable[..., Any], label: str, seed: int, options: dict[str, Any]) -> Bot:
    """Instantiate a bot class with `seed` (if it takes one) and its options, checking the
    option names first so a typo reads as a clear message instead of a TypeError."""
    params = inspect.signature(cls).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    accepted = [n for n, p in params.items()
                if n != "seed" and p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                              inspect.Parameter.KEYWORD_ONLY)]
    unknown = [k for k in options if k not in accepted]
    if unknown and not takes_any:
        offered = ", ".join(accepted) or "none"
        raise BotError(f"bot {label!r} has no option {', '.join(unknown)} (options: {offered})")
    kwargs = dict(options)
    if "seed" in params or takes_any:
        kwargs["seed"] = seed
    try:
        bot = cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise BotError(f"cannot build bot {label!r}: {e}") from None
    if not isinstance(bot, Bot):
        raise BotError(f"{label!r} does not make a bot (it needs a name and an act method)")
    return bot


_ABSENT: set[str] = set()  # modules a game does not ship (a failed import costs ~50 us)


def game_module(game_id: str, name: str) -> ModuleType | None:
    """A module of a game's package (`herna.games.<id with - as _>.<name>`), or None if the
    game does not ship one. A module that exists but fails to import is a bug: it raises.
    Loaded modules come straight from `sys.modules`: the server asks several per push, and
    `import_module` costs ~15 us even for a module already loaded."""
    module_name = f"herna.games.{game_id.replace('-', '_')}.{name}"
    module = sys.modules.get(module_name)
    if module is not None:
        return module
    if module_name in _ABSENT:
        return None
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name is not None and (module_name + ".").startswith(e.name + "."):
            _ABSENT.add(module_name)
            return None
        raise


def game_bot_class(game_id: str, class_name: str) -> type | None:
    """A bot class shipped by a game package (`herna.games.<id>.bots`), or None."""
    module = game_module(game_id, "bots")
    cls = getattr(module, class_name, None)
    return cls if isinstance(cls, type) else None


def _random(game_id: str, seed: int, options: dict[str, Any]) -> Bot:
    return build(RandomBot, "random", seed, options)


def _greedy(game_id: str, seed: int, options: dict[str, Any]) -> Bot:
    cls = game_bot_class(game_id, "GreedyBot")
    if cls is None:
        raise BotError(f"game {game_id!r} has no greedy bot "
                       f"(herna.games.{game_id.replace('-', '_')}.bots.GreedyBot); "
                       f"use another bot: {', '.join(n for n in known_bots() if n != 'greedy')}")
    return build(cls, "greedy", seed, options)


def _mcts(game_id: str, seed: int, options: dict[str, Any]) -> Bot:
    """The search; a game may ship its own `SearchBot` (an `MctsBot` with game options, e.g.
    Ubongo's racing `skill`), which then answers to `mcts` and to the levels built on it."""
    cls = game_bot_class(game_id, "SearchBot")
    return build(cls if cls is not None and issubclass(cls, MctsBot) else MctsBot, "mcts",
                 seed, options)


# A level is a bot and its options; a game's bots.py may redefine any in `LEVELS` (e.g. its
# calibrated MCTS budget). Options given with the name (`hard:iterations=300`) override.
DEFAULT_LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {"noise": 1.0}),
    "medium": ("greedy", {}),
    "hard": ("mcts", {"iterations": 1000}),
}


def level(game_id: str, name: str) -> tuple[str, dict[str, Any]]:
    """The bot and options a level means for a game (greedy falls back to random, and
    loses its greedy-only options, in a game without a greedy bot)."""
    module = game_module(game_id, "bots")
    levels = getattr(module, "LEVELS", None) or {}
    bot, options = levels.get(name, DEFAULT_LEVELS[name])
    if bot == "greedy" and game_bot_class(game_id, "GreedyBot") is None:
        return "random", {}
    return bot, dict(options)


def _level(name: str) -> BotFactory:
    def factory(game_id: str, seed: int, options: dict[str, Any]) -> Bot:
        bot, base = level(game_id, name)
        return _BOTS[bot](game_id, seed, {**base, **options})

    factory.__doc__ = f"The {name!r} level: see `level`."
    return factory


_BOTS: dict[str, BotFactory] = {
    "random": _random, "greedy": _greedy, "mcts": _mcts,
    "easy": _level("easy"), "medium": _level("medium"), "hard": _level("hard"),
}


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a bot name (e.g. the IS-MCTS bot registers "mcts")."""
    if not name or not name.replace("_", "").replace("-", "").isalnum():
        raise BotError(f"bad bot name {name!r}: use letters, digits, - and _")
    _BOTS[name] = factory


def known_bots() -> list[str]:
    return sorted(_BOTS)


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def parse_bot_spec(text: str) -> tuple[str, dict[str, Any]]:
    """`"mcts:iterations=2000,c=1.4"` -> `("mcts", {"iterations": 2000, "c": 1.4})`."""
    name, _, rest = text.strip().partition(":")
    name = name.strip()
    if not name:
        raise BotError(f"empty bot name in {text!r}; bots are: {', '.join(known_bots())}")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise BotError(f"bot option {part!r} in {text!r} is not key=value")
        options[key.strip()] = _value(value.strip())
    return name, options


def split_bot_list(text: str) -> list[str]:
    """`"mcts:iterations=200,c=1.4,random"` -> `["mcts:iterations=200,c=1.4", "random"]`:
    commas separate bots, but a `key=value` piece continues the previous bot's options."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        elif piece:
            specs.append(piece)
    return specs


def make_bot(spec_text: str, game_id: str, seed: int) -> Bot:
    """Build the bot a spec names, for one game, deterministic for `seed`."""
    name, options = parse_bot_spec(spec_text)
    factory = _BOTS.get(name)
    if factory is None:
        raise BotError(f"unknown bot {name!r}; bots are: {', '.join(known_bots())}")
    return factory(game_id, seed, options)


def has_bot(name: str, game_id: str) -> bool:
    """Whether `make_bot(name, game_id, ...)` would find a bot (greedy depends on the game)."""
    if name == "greedy":
        return game_bot_class(game_id, "GreedyBot") is not None
    return name in _BOTS


def default_bot(game_id: str) -> str:
    """The opponent a person gets when they name none: greedy if the game has one."""
    return "greedy" if has_bot("greedy", game_id) else "random"
