"""Herna's four games as OpenSpiel python games: `register()`, then `pyspiel.load_game(...)`.

    from herna.interop import openspiel
    openspiel.register()
    game = pyspiel.load_game("python_herna_alhambra(players=3,seed=7)")

What the declaration says, and why it is true:

- **Dynamics: sequential.** Envyra's marking and Ubongo's race are simultaneous in the
  rules; here the seats at such a node act one after another, lowest seat first, and a
  seat's sealed choice is hidden from every other seat (its views, observation strings and
  tensors, and the action-observation history show it as `?`) until the engine reveals it.
  No seat learns anything about a rival's sealed choice before making its own, so the game
  is the same; this is what `pyspiel.convert_to_turn_based` does for C++ games. Sequential
  play is what OpenSpiel's search (ISMCTS, MCTS) and most of its algorithms require.
- **Chance: sampled stochastic.** Herna's engines draw dice, tiles and cards inside the
  state from a seeded `Rng`; there are no explicit chance nodes. The `seed` parameter pins
  the deal (`-1`, the default: the k-th new initial state of a game object gets seed k).
- **Information: imperfect**, for all four: hidden hands, bags, decks and sealed choices,
  and, in every game, the future draws the state holds in its generator (Roll & Write's
  dice included), which no player may see. `resample_from_infostate` is the engine's
  `state.determinize(seat, rng)`: it redraws exactly what the seat cannot know.
- **Utility: zero-sum** from the final ranking: a sole winner gets 1, the others
  -1/(N-1); tied winners share (`Outcome.win_shares`, rescaled to sum to 0).
- **Actions** are the games' own integer codes (`Action.code`, `state.action_from_code`),
  `num_distinct_actions` = the game's fixed code space.
- **Observations** are built from `state.view(seat)` only, never the full state. The tensors
  hash every `path=value` leaf of the view (and, for the information state, every
  `move:seat:action` of the history as that seat saw it) into fixed-size bit vectors
  (feature hashing with CRC-32), so their shapes never change in a game. The public
  observation is the spectator's view (`view(None)`); the private one is what the seat's
  view adds to it.
- **Serialization**: a state pickles as its record (game, players, seed, options, action
  codes); the engines replay a record exactly.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel

from herna.core import Action, State, registry
from herna.core.rng import seed_to_int
from herna.core.spec import fits_option

__all__ = ["HIST_BITS", "NAMES", "OBS_BITS", "game_id_of", "herna_state", "register"]

NAMES = {
    "alhambra": "python_herna_alhambra",
    "alhambra-rw": "python_herna_alhambra_rw",
    "envyra": "python_herna_envyra",
    "ubongo": "python_herna_ubongo",
}
OBS_BITS = 4096  # hashed features of one view
HIST_BITS = 4096  # hashed features of the action-observation history

# Declared upper bounds on decisions per game (OpenSpiel's MaxGameLength). Roll & Write and
# Ubongo have a fixed number of rounds; Alhambra and Envyra end when their tiles run out,
# and Alhambra's redesigns have no limit in the rules, so theirs are generous: in 100 random
# games per player count the longest were 499 (Alhambra), 118 (R&W), 242 (Envyra), 66
# (Ubongo) decisions.
MAX_GAME_LENGTH = {"alhambra": 10_000, "alhambra-rw": 2_000, "envyra": 3_000, "ubongo": 1_000}

_SEALED = "?"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def game_id_of(short_name: str) -> str:
    for gid, name in NAMES.items():
        if name == short_name:
            return gid
    raise ValueError(f"not a Herna game: {short_name!r}; games are: {', '.join(NAMES.values())}")


# ----- the state's contents: one object, so OpenSpiel's clone copies it with state.copy() ----
class _Table:
    """The Herna state behind one pyspiel state, and what the adapter tracks beside it.

    `sealed[i]` says whether move i was a sealed choice at a simultaneous node (hidden from
    the other seats); `pending` are the seats still to choose at the current one. The Herna
    state is made on first use: OpenSpiel's clone and deserialize build a new initial state
    and overwrite it at once, and would otherwise pay for a deal they throw away.
    """

    __slots__ = ("_state", "cache", "cur", "game", "legal", "pending", "replayable",
                 "resamples", "sealed")

    def __init__(self, game: HernaGame) -> None:
        self.game = game
        self._state: State | None = None
        self.sealed: list[bool] = []
        self.pending: frozenset[int] = frozenset()
        self.legal: dict[int, Action] | None = None  # the current seat's, by code
        self.replayable = True  # False for a determinization: no record rebuilds it
        self.resamples = 0
        self.cache: dict[Any, Any] = {}  # views and their leaves, until the next move
        self.cur: int | None = None  # the seat to act, until the next move

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.new_herna_state()
        return self._state

    def seat(self) -> int:
        """The seat OpenSpiel sees to act: the lowest of `to_act()`, or TERMINAL (pyspiel
        asks several times a move, so it is kept until the next one)."""
        cur = self.cur
        if cur is None:
            s = self.state
            cur = self.cur = _TERMINAL if s.is_over() else min(s.to_act())
        return cur

    def legal_codes(self, seat: int) -> list[int]:
        if self.legal is None:
            self.legal = {a.code: a for a in self.state.legal_actions(seat)}
        return sorted(self.legal)

    def apply(self, seat: int, code: int) -> None:
        s = self.state
        acting = s.to_act()
        action = self.legal.get(code) if self.legal is not None else None
        if action is None:  # validates: IllegalAction for a code that is not legal now
            action = s.action_from_code(seat, code)
        if len(acting) > 1 and not self.pending:
            self.pending = frozenset(acting)
        self.sealed.append(seat in self.pending)
        s.apply_unchecked(seat, action)
        self.legal = None
        self.cache = {}
        self.cur = None
        self.pending = self.pending.intersection(s.to_act()) - {seat}

    def view(self, seat: int | None) -> dict[str, Any]:
        key = ("view", seat)
        v = self.cache.get(key)
        if v is None:
            v = self.cache[key] = self.state.view(seat)
        return v

    def leaves(self, seat: int | None) -> list[str]:
        """The view's leaves as `path=value` texts: the features the tensors hash."""
        key = ("leaves", seat)
        v = self.cache.get(key)
        if v is None:
            v = self.cache[key] = list(_leaves(self.view(seat), ""))
        return v

    def seen_history(self, seat: int | None, public: bool = True,
                     private: bool = True) -> Iterator[str]:
        """The moves as `seat` saw them: `i:seat:text`, a rival's sealed choice as `?`."""
        for i, ((s, a), sealed) in enumerate(zip(self.state.history, self.sealed, strict=True)):
            mine = seat is not None and s == seat
            if sealed and not mine:
                if public:
                    yield f"{i}:{s}:{_SEALED}"
            elif (mine and sealed and private) or (public and not (mine and sealed)):
                yield f"{i}:{s}:{a}"

    def copy_with(self, state: State) -> _Table:
        t = _Table.__new__(_Table)
        t.game = self.game
        t._state = state
        t.sealed = list(self.sealed)
        t.pending = self.pending
        t.legal = None
        t.replayable = self.replayable
        t.resamples = self.resamples
        t.cache = {}
        t.cur = self.cur
        return t

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self.copy_with(self.state.copy())

    # pickling (what `state.serialize()` and pickle carry): the record, replayed on load
    def __getstate__(self) -> dict[str, Any]:
        s = self.state
        if not self.replayable:
            return {"game": self.game.game_id, "params": self.game.get_parameters(),
                    "pickled_state": s,
                    "sealed": self.sealed, "pending": sorted(self.pending)}
        return {"game": self.game.game_id, "params": self.game.get_parameters(),
                "seed": s.seed,
                "codes": [(seat, a.code) for seat, a in s.history]}

    def __setstate__(self, data: dict[str, Any]) -> None:
        register()
        game = GAME_CLASSES[data["game"]](dict(data["params"]))
        self.game = game
        self.legal = None
        self.resamples = 0
        self.cache = {}
        self.cur = None
        if "pickled_state" in data:
            self._state = data["pickled_state"]
            self.sealed = list(data["sealed"])
            self.pending = frozenset(data["pending"])
            self.replayable = False
            return
        self._state = game.new_herna_state(data["seed"])
        self.sealed = []
        self.pending = frozenset()
        self.replayable = True
        for seat, code in data["codes"]:
            self.apply(seat, code)


# ----- the game ----------------------------------------------------------------------------
def _parameters(game_id: str) -> dict[str, Any]:
    spec = registry.spec(game_id)
    params: dict[str, Any] = {"players": _min_players(game_id), "seed": -1}
    for name, default in spec.options.items():
        params[name] = default
    return params


def _min_players(game_id: str) -> int:
    # a zero-sum ranking needs rivals: Roll & Write's solo mode is not offered here
    return min(n for n in registry.spec(game_id).player_counts if n >= 2)


def _game_type(game_id: str) -> pyspiel.GameType:
    spec = registry.spec(game_id)
    return pyspiel.GameType(
        short_name=NAMES[game_id],
        long_name=f"Herna {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=_min_players(game_id),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
        provides_factored_observation_string=True,
    )


class HernaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs
    """One Herna game with its parameters: players, seed and the game's own options."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = game_id_of(str(params.pop("name", "")))
        defaults = _parameters(game_id)
        unknown = set(params) - set(defaults)
        if unknown:
            raise ValueError(f"{NAMES[game_id]} has no parameter {', '.join(sorted(unknown))} "
                             f"(parameters: {', '.join(sorted(defaults))})")
        full = {**defaults, **params}
        spec = registry.spec(game_id)
        players = int(full["players"])
        if players not in spec.player_counts or players < 2:
            counts = [n for n in spec.player_counts if n >= 2]
            raise ValueError(f"{NAMES[game_id]} is for {min(counts)}-{max(counts)} players, "
                             f"not {players}")
        options = {k: full[k] for k in spec.options}
        for k, v in options.items():
            if not fits_option(v, spec.options[k]):
                raise ValueError(f"{NAMES[game_id]}: {k}={v!r} should be like "
                                 f"{spec.options[k]!r}")
        # a bad option value is refused here, at load time, not at the first deal
        registry.make(game_id, players=players, seed=0, **options)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH[game_id],
        )
        super().__init__(_TYPES[game_id], info, full)
        self.game_id = game_id
        self.players = players
        self.seed = int(full["seed"])
        self.options = options
        self._next_seed = 0

    def new_herna_state(self, seed: int | str | None = None) -> State:
        if seed is None:
            if self.seed >= 0:
                seed = self.seed
            else:
                seed, self._next_seed = self._next_seed, self._next_seed + 1
        return registry.make(self.game_id, players=self.players, seed=seed, **self.options)

    def new_initial_state(self) -> HernaState:
        return HernaState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> HernaObserver:
        return HernaObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                             params)


class HernaState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over a Herna state; everything it shows a seat comes from a view."""

    def __init__(self, game: HernaGame) -> None:
        super().__init__(game)
        self._table = _Table(game)

    # the state's contents, for the observer, tests and bots
    @property
    def herna(self) -> State:
        return self._table.state

    def current_player(self) -> int:
        return self._table.seat()

    def _legal_actions(self, player: int) -> list[int]:
        t = self._table
        if player < 0 or player != t.seat():  # TERMINAL is negative
            return []
        return t.legal_codes(player)

    def _apply_action(self, action: int) -> None:
        t = self._table
        t.apply(t.seat(), int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        s = self._table.state
        if 0 <= player < s.num_players and not s.is_over() and player in s.to_act():
            try:
                return str(s.action_from_code(player, int(action)))
            except ValueError:
                pass
        return f"#{action}"

    def is_terminal(self) -> bool:
        return self._table.state.is_over()

    def returns(self) -> list[float]:
        s = self._table.state
        n = s.num_players
        out = s.outcome()
        if out is None:
            return [0.0] * n
        return [(n * share - 1.0) / (n - 1) for share in out.win_shares()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None
                                ) -> HernaState:
        """A state the seat cannot tell from this one: `determinize(seat, rng)`, seeded from
        the deal, the move, the seat and how many worlds were drawn here before."""
        t = self._table
        s = t.state
        t.resamples += 1
        key = f"{seed_to_int(s.seed)}:{len(s.history)}:{player_id}:{t.resamples}"
        if probability_sampler is not None:
            key += f":{probability_sampler()!r}"
        world = s.determinize(player_id, zlib.crc32(key.encode()) | (t.resamples << 32))
        other: HernaState = self.get_game().new_initial_state()
        table = t.copy_with(world)
        table.replayable = False
        other._table = table
        return other

    def __str__(self) -> str:
        s = self._table.state
        codes = ",".join(str(a.code) for _, a in s.history)
        digest = format(zlib.crc32(codes.encode()), "08x")
        tag = "" if self._table.replayable else " (a determinization)"
        return (f"{self.get_game().get_type().short_name} seed={s.seed} move={len(s.history)} "
                f"to_act={list(s.to_act())} history_crc={digest}{tag}")

    def __deepcopy__(self, memo: dict[int, Any]) -> HernaState:
        other: HernaState = self.clone()
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game and `serialize()` (pyspiel's own pickling goes through
        serialize_game_and_state, which sampled-stochastic python games cannot use)."""
        game = self.get_game()
        return (_restore_state, (game.game_id, dict(game.get_parameters()), self.serialize()))


def _restore_state(game_id: str, params: dict[str, Any], text: str) -> HernaState:
    register()
    game = GAME_CLASSES[game_id](params)
    state = game.deserialize_state(text)
    assert isinstance(state, HernaState)
    return state


# ----- observations --------------------------------------------------------------------------
def _leaves(value: Any, path: str) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield f"{path}={json.dumps(value)}"


def _set_bits(out: np.ndarray, features: Any) -> None:
    size = out.shape[0]
    for f in features:
        out[zlib.crc32(f.encode()) % size] = 1.0


def _dumps(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class HernaObserver:
    """OpenSpiel's PyObserver over `view`: a seat's own view, the spectator's (the public
    part) or what the seat's adds to it (the private part), with or without the history."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Herna games observe for one seat at a time (or a spectator), "
                             "never all seats' private information at once")
        self.public = bool(iig_obs_type.public_info)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.recall = bool(iig_obs_type.perfect_recall)
        pieces = [("view", OBS_BITS)]
        if self.recall:
            pieces.append(("history", HIST_BITS))
        self.tensor = np.zeros(sum(n for _, n in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, n in pieces:
            self.dict[name] = self.tensor[start:start + n]
            start += n

    def _view_features(self, table: _Table, player: int) -> list[str]:
        if self.private:
            mine = table.leaves(player)
            if self.public:
                return mine
            public = set(table.leaves(None))
            return [f for f in mine if f not in public]
        return table.leaves(None) if self.public else []

    def set_from(self, state: HernaState, player: int) -> None:
        table = state._table
        self.tensor.fill(0.0)
        _set_bits(self.dict["view"], self._view_features(table, player))
        if self.recall:
            _set_bits(self.dict["history"],
                      table.seen_history(player, public=self.public, private=self.private))

    def string_from(self, state: HernaState, player: int) -> str:
        table = state._table
        if self.private and self.public:
            text = _dumps(table.view(player))
        elif self.public:
            text = _dumps(table.view(None))
        elif self.private:
            text = " ".join(self._view_features(table, player))
        else:
            text = ""
        if self.recall:
            seen = " ".join(table.seen_history(player, public=self.public, private=self.private))
            text = f"{text}\nhistory: {seen}"
        return text


# ----- registration ----------------------------------------------------------------------
_TYPES: dict[str, pyspiel.GameType] = {}


def _factory(game_id: str) -> type[HernaGame]:
    """A HernaGame subclass per game: pyspiel builds a registered game from its parameters
    alone, so the class must know which game it is."""

    def __init__(self: HernaGame, params: dict[str, Any] | None = None) -> None:
        HernaGame.__init__(self, {**(params or {}), "name": NAMES[game_id]})

    def __reduce__(self: HernaGame) -> tuple[Any, ...]:
        return (cls, (dict(self.get_parameters()),))

    cls = type(f"Herna{game_id.title().replace('-', '')}Game", (HernaGame,),
               {"__init__": __init__, "__reduce__": __reduce__,
                "__module__": __name__})
    return cls


GAME_CLASSES: dict[str, type[HernaGame]] = {}


def register() -> None:
    """Register the four games with pyspiel (idempotent)."""
    for game_id, name in NAMES.items():
        if game_id in GAME_CLASSES:
            continue
        _TYPES[game_id] = _game_type(game_id)
        cls = _factory(game_id)
        GAME_CLASSES[game_id] = cls
        globals()[cls.__name__] = cls  # picklable by name
        pyspiel.register_game(_TYPES[game_id], cls)
        del name


def herna_state(state: Any) -> State:
    """The Herna state behind a pyspiel state from these games (for bots and tests)."""
    if not isinstance(state, HernaState):
        raise TypeError(f"not a Herna pyspiel state: {type(state).__name__}")
    return state.herna

