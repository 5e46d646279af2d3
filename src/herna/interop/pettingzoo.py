"""PettingZoo environments for Herna's games (the `research` extra: pettingzoo, Pillow).

    from herna.interop.pettingzoo import env, parallel_env
    aec = env("alhambra", players=3)          # turn by turn, one agent at a time
    par = parallel_env("envyra", players=3)   # every seat of a simultaneous node at once

Agents are `player_<seat>`. The action space is `Discrete(spec.num_distinct_actions)`: the
engine's own integer codes (`Action.code`). An observation is a dict:

- `observation`: a float32 vector of fixed length `obs_size`, the seat's `state.view(seat)`
  (and nothing else) folded in with the hashing trick: every leaf of the view, named by its
  path, adds its value (numbers as sign(x)·log(1+|x|), true as 1) or a one (strings and
  None, named path=value) at a stable hash of its name. One generic, collision-tolerant
  encoding for four very different games; whoever wants shaped features reads
  `env.view(agent)` (the JSON view) instead.
- `action_mask`: int8, 1 exactly at the codes of `state.legal_actions(seat)`.

Rewards come once, when the game ends (`reward=`): "rank" gives each seat
((n+1)/2 - its rank) / ((n-1)/2), tied seats sharing the mean of their places, so the sum is 0
and a sole winner of 2 gets +1; "score" gives its final score minus the mean of the others'
(also summing to 0). A solo game has no rank: its default is "score" and "rank" is refused.

`reset(seed=S)` plays the engine's game with seed S (`herna.make(game, seed=S)`, so
`env.game_state.record()` replays it); a `reset()` without a seed draws the next game seed from
the last seed given (fresh entropy if none was), so a run of resets is reproducible too.

Simultaneous nodes (Envyra's secret marking, the Ubongo race): the AEC environment asks the
seats of `state.to_act()` one after another (each sees only its own view, so nobody learns
another's sealed choice); the parallel environment asks them all in one step. In the parallel
environment every live agent gets an observation every step; a seat that is not in
`to_act()` has an all-zero mask and its action, if sent, is ignored (PettingZoo's own
turn-based wrapper does the same), so sequential nodes are steps where one seat acts.

Ubongo's race time: the engine never reads a clock; a solve carries the seconds the seat
claims (the terminal stamps a person's wall-clock time, bots draw it from their skill model).
An agent that may claim any time learns to claim the fastest, which measures nothing, so by
default (`race="medium"`) the environment plays every seat's race with the bots' skill model
(`rules.model_submission`, seeded from the game seed): agents choose start fields and gem
moves, the race is chance, as it is for Herna's own search bots. `race="easy"` / `"hard"`
change the skill; `race="claimed"` exposes the engine's race codes to the agents, as a
simultaneous node: pass, or solve in one of the time buckets the engine lists (0.2 ... 2.0
hourglasses); a code the engine would decode but does not list is refused like any other.
"""

from __future__ import annotations

import io
import math
import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import orjson
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import herna
from herna.ai.registry import game_module
from herna.core import Action, BadOption, IllegalAction, Outcome, Rng, State
from herna.raster import svg_to_png

OBS_SIZE = 4096
OBS_BOUND = 1e4  # the observation space's bounds; values are clipped to them
REWARDS = ("rank", "score")
RACES = ("claimed", "easy", "medium", "hard")
RENDER_MODES = ("ansi", "rgb_array")
_ANSI_WIDTH = 120


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def seat_of(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


# ----- observations: the view, hashed -------------------------------------------------------
class ViewEncoder:
    """The hashing trick over a JSON view: fixed length, no vocabulary to build, stable across
    processes (crc32, not Python's salted `hash`).

    Most of a view is the same from one move to the next (the other seats' panels, the fixed
    tables), so the view is cut into small subtrees and each one's share of the vector is
    remembered by its JSON text (orjson): a move re-hashes only what it changed."""

    SPLIT_BYTES = 512  # larger subtrees are cut into their children
    _SLOTS_LIMIT = 200_000  # remembered leaf names (short strings)
    _SHARES_LIMIT = 50_000  # remembered subtrees (up to 512 bytes each): tens of MB at most

    def __init__(self, size: int = OBS_SIZE) -> None:
        if not isinstance(size, int) or isinstance(size, bool) or size < 16:
            raise BadOption(f"obs_size must be an integer of at least 16, not {size!r}")
        self.size = size
        self._slots: dict[str, int] = {}
        self._shares: dict[tuple[str, bytes], tuple[np.ndarray, np.ndarray]] = {}

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        slots: list[np.ndarray] = []
        values: list[np.ndarray] = []
        self._split(view, "", slots, values)
        out = np.bincount(np.concatenate(slots), weights=np.concatenate(values),
                          minlength=self.size).astype(np.float32)
        np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
        return out

    def _split(self, node: Any, path: str, slots: list[np.ndarray],
               values: list[np.ndarray]) -> None:
        text = orjson.dumps(node, option=orjson.OPT_NON_STR_KEYS)
        kind = type(node)
        if len(text) > self.SPLIT_BYTES and (kind is dict or kind is list):
            children = node.items() if kind is dict else enumerate(node)
            step = "{}.{}" if kind is dict else "{}[{}]"
            for k, v in children:
                self._split(v, step.format(path, k), slots, values)
            return
        key = (path, text)
        share = self._shares.get(key)
        if share is None:
            if len(self._shares) > self._SHARES_LIMIT:
                self._shares.clear()
            share = self._shares[key] = self._share(node, path)
        slots.append(share[0])
        values.append(share[1])

    def _share(self, node: Any, path: str) -> tuple[np.ndarray, np.ndarray]:
        """One subtree's slots and values: every leaf, named by its path."""
        acc: dict[int, float] = {}
        slots, size = self._slots, self.size
        log1p, copysign = math.log1p, math.copysign
        stack: list[tuple[str, Any]] = [(path, node)]
        pop, push = stack.pop, stack.append
        while stack:  # a loop, not recursion: faster on these views
            path, node = pop()
            kind = type(node)
            if kind is dict:
                for k, v in node.items():
                    push((f"{path}.{k}", v))
                continue
            if kind is list or kind is tuple:
                for i, v in enumerate(node):
                    push((f"{path}[{i}]", v))
                continue
            if kind is bool:
                if not node:
                    continue
                key, value = path, 1.0
            elif kind is int or kind is float:
                if not node:
                    continue
                key, value = path, copysign(log1p(abs(node)), node)
            else:  # str, None
                key, value = f"{path}={node}", 1.0
            slot = slots.get(key)
            if slot is None:
                if len(slots) > self._SLOTS_LIMIT:
                    slots.clear()
                slot = slots[key] = zlib.crc32(key.encode()) % size
            acc[slot] = acc.get(slot, 0.0) + value
        return (np.fromiter(acc.keys(), dtype=np.intp, count=len(acc)),
                np.fromiter(acc.values(), dtype=np.float64, count=len(acc)))


# ----- rewards ----------------------------------------------------------------------------------
def final_rewards(outcome: Outcome, kind: str) -> list[float]:
    """Per seat, what a finished game pays (see the module docstring)."""
    n = len(outcome.scores)
    if kind == "score":
        if n == 1:
            return [float(outcome.scores[0])]
        total = float(sum(outcome.scores))
        return [float(s) - (total - float(s)) / (n - 1) for s in outcome.scores]
    if n == 1:
        return [0.0]
    ranks = outcome.ranks
    shared = [r + (ranks.count(r) - 1) / 2 for r in ranks]  # ties share their places' mean
    half = (n - 1) / 2
    return [((n + 1) / 2 - r) / half for r in shared]


# ----- what both environments share --------------------------------------------------------
class _Table:
    """One Herna game behind an environment: options checked once, seeding, masks,
    observations, rewards and pictures."""

    game_state: State
    metadata: dict[str, Any]

    def _setup(self, game: str, players: int | None, reward: str | None, race: str,
               obs_size: int, render_mode: str | None, options: dict[str, Any]) -> None:
        spec = herna.spec(game)
        n = spec.min_players if players is None else players
        herna.make(spec.id, players=n, seed=0, **options)  # refuses bad counts and options now
        if reward is None:
            reward = "score" if n == 1 else "rank"
        if reward not in REWARDS:
            raise BadOption(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if reward == "rank" and n == 1:
            raise BadOption("a solo game has no rank: use reward='score'")
        if race not in RACES:
            raise BadOption(f"race must be one of {', '.join(RACES)}, not {race!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOption(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                            f"not {render_mode!r}")
        self.spec = spec
        self.num_players = n
        self.options = dict(options)
        self.reward_kind = reward
        # only Ubongo has a race; elsewhere the option changes nothing
        self.race_skill = race if spec.id == "ubongo" and race != "claimed" else None
        self.render_mode = render_mode
        self.encoder = ViewEncoder(obs_size)
        self.possible_agents = [agent_name(s) for s in range(n)]
        self.metadata = {"render_modes": list(RENDER_MODES),
                         "name": f"herna_{spec.id.replace('-', '_')}_v0",
                         # turns, not one action per agent per cycle: aec_to_parallel
                         # does not apply (parallel_env is the parallel form)
                         "is_parallelizable": False}
        mask_space = spaces.Box(0, 1, (spec.num_distinct_actions,), dtype=np.int8)
        obs_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.encoder.size,), dtype=np.float32)
        self._observation_spaces = {
            a: spaces.Dict({"observation": obs_space, "action_mask": mask_space})
            for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(spec.num_distinct_actions)
                               for a in self.possible_agents}
        self._seeder = random.Random()
        self._legal: tuple[int, int, dict[int, Action]] | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
                raise BadOption(f"seed must be an integer, not {seed!r}")
            self._seeder = random.Random(int(seed))
            game_seed = int(seed)
        else:
            game_seed = self._seeder.getrandbits(63)
        self.game_state = herna.make(self.spec.id, players=self.num_players, seed=game_seed,
                                     **self.options)
        self._race_rng = Rng(f"{game_seed}:race")
        self._legal = None
        self._play_race()

    def _play_race(self) -> None:
        """Ubongo with a skill model: every seat's race submission, drawn as the bots draw it."""
        if self.race_skill is None:
            return
        from herna.games.ubongo import UbongoState, rules

        s = self.game_state
        assert isinstance(s, UbongoState)
        while s.phase == rules.RACE:
            seat = s.to_act()[0]
            s.apply(seat, rules.model_submission(s, seat, self._race_rng, self.race_skill))

    def legal(self, seat: int) -> dict[int, Action]:
        """The seat's legal actions by code, cached for the position (mask, then step)."""
        s = self.game_state
        key = len(s.history)
        cached = self._legal
        if cached is not None and cached[0] == seat and cached[1] == key:
            return cached[2]
        found = {a.code: a for a in s.legal_actions(seat)} if not s.is_over() else {}
        self._legal = (seat, key, found)
        return found

    def legal_codes(self, agent: str) -> list[int]:
        """The agent's legal codes, ascending: the mask's ones without scanning the mask
        (Alhambra's action space holds 646,183 codes, one per tile pair for a swap)."""
        return sorted(self.legal(self._seat(agent)))

    def action_mask(self, agent: str) -> np.ndarray:
        """The agent's mask alone, without building its observation (random play needs no
        more)."""
        return self._mask(self._seat(agent))

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.spec.num_distinct_actions, dtype=np.int8)
        codes = list(self.legal(seat))
        if codes:
            mask[codes] = 1
        return mask

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's JSON view: all it may know, what its observation is made from."""
        return self.game_state.view(self._seat(agent))

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.encoder.encode(self.game_state.view(seat)),
                "action_mask": self._mask(seat)}

    def _seat(self, agent: str) -> int:
        if agent not in self._action_spaces:
            raise KeyError(f"no agent {agent!r}; agents are {', '.join(self.possible_agents)}")
        return seat_of(agent)

    def _checked(self, seat: int, action: Any) -> Action:
        """The engine's legal action for this code, or IllegalAction saying why not (nothing
        is applied). Codes the engine could decode but does not list (an Ubongo solve in an
        unlisted time bucket) are refused too: the mask is the contract."""
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
            action = action.reshape(()).item()
        if isinstance(action, np.integer):
            action = int(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction(f"an action is an integer code, not {action!r}")
        legal = self.legal(seat)
        found = legal.get(action)
        if found is not None:
            return found
        decoded = self.game_state.action_from_code(seat, action)  # raises with the reason
        raise IllegalAction(f"{decoded} (code {action}) is not among {agent_name(seat)}'s "
                            f"legal actions now: {sorted(legal)}")

    def _apply(self, seat: int, action: Action) -> None:
        self.game_state.apply_unchecked(seat, action)
        self._play_race()

    def _final_rewards(self) -> dict[str, float]:
        outcome = self.game_state.outcome()
        assert outcome is not None
        return {agent_name(s): r for s, r in enumerate(final_rewards(outcome, self.reward_kind))}

    def render(self) -> Any:
        """The spectator's picture (no seat's secrets): the game's terminal text ("ansi") or
        its SVG drawing as an HxWx3 uint8 array ("rgb_array")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  f"choose one of {', '.join(RENDER_MODES)}")
            return None
        view = self.game_state.view(None)
        if self.render_mode == "ansi":
            return ansi(self.spec.id, view)
        return rgb_array(self.spec.id, view)

    def close(self) -> None:
        """Nothing to release: pictures are drawn on demand, no window is kept."""


def ansi(game: str, view: dict[str, Any]) -> str:
    """The game's terminal picture of a view, as text with ANSI colours."""
    from rich.console import Console

    module = game_module(game, "terminal")
    text = io.StringIO()
    console = Console(file=text, width=_ANSI_WIDTH, force_terminal=True,
                      color_system="standard")
    console.print(module.render(view) if module is not None else view)
    return text.getvalue()


def rgb_array(game: str, view: dict[str, Any], zoom: float = 1.0) -> np.ndarray:
    """The game's SVG drawing of a view as an HxWx3 uint8 array (resvg, decoded by Pillow)."""
    from PIL import Image

    module = game_module(game, "render")
    if module is None:
        raise BadOption(f"{game} has no drawing")
    png = svg_to_png(module.svg(view), zoom=zoom)
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


# ----- the environments -----------------------------------------------------------------------
class HernaEnv(_Table, AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """A Herna game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: str, players: int | None = None, *, reward: str | None = None,
                 race: str = "medium", obs_size: int = OBS_SIZE,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self._setup(game, players, reward, race, obs_size, render_mode, options)
        self._new_game(0)
        self._seeder = random.Random()  # construction is not a seeding: reset() draws afresh
        self._start()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `options` is accepted for the API and unused (game options are fixed
        when the environment is made)."""
        self._new_game(seed)
        self._start()

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        acting = self.game_state.to_act()
        if acting:
            self.agent_selection = agent_name(acting[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(self._seat(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = seat_of(agent)
        chosen = self._checked(seat, action)  # raises before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._apply(seat, chosen)
        if self.game_state.is_over():
            self.rewards = self._final_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            # the dead step out in seat order, starting after the one that ended the game
            self.agent_selection = agent_name((seat + 1) % self.num_players)
        else:
            self._select()
        self._accumulate_rewards()


class HernaParallelEnv(_Table, ParallelEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """A Herna game as a PettingZoo parallel environment: each step is one node of the game,
    where every seat in `to_act()` acts at once (see the module docstring)."""

    def __init__(self, game: str, players: int | None = None, *, reward: str | None = None,
                 race: str = "medium", obs_size: int = OBS_SIZE,
                 render_mode: str | None = None, **options: Any) -> None:
        self._setup(game, players, reward, race, obs_size, render_mode, options)
        self._new_game(0)
        self._seeder = random.Random()
        self.agents = self.possible_agents[:]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """A new game; `options` is accepted for the API and unused."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(self.agents), {a: {} for a in self.agents}

    def _observations(self, agents: Sequence[str]) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._observe(seat_of(a)) for a in agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[
            dict[str, dict[str, np.ndarray]], dict[str, float], dict[str, bool],
            dict[str, bool], dict[str, dict[str, Any]]]:
        live = self.agents[:]
        if not live:
            raise IllegalAction("the game is over: reset() starts a new one")
        acting = self.game_state.to_act()
        missing = [agent_name(s) for s in acting if agent_name(s) not in actions]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} must act now and sent no action")
        chosen = [(s, self._checked(s, actions[agent_name(s)])) for s in acting]
        backup = self.game_state.copy() if len(chosen) > 1 else None
        try:
            for i, (seat, action) in enumerate(chosen):
                if i:  # an earlier seat's action must not have made this one illegal
                    action = self._checked(seat, action.code)
                self._apply(seat, action)
        except IllegalAction:
            assert backup is not None
            self.game_state = backup
            self._legal = None
            raise
        over = self.game_state.is_over()
        rewards = self._final_rewards() if over else dict.fromkeys(live, 0.0)
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        observations = self._observations(live)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(game: str, players: int | None = None, **kwargs: Any) -> HernaEnv:
    """The AEC environment of a Herna game: `env("alhambra", players=3, reward="score")`.
    Keywords: reward ("rank"/"score"), race (Ubongo: "medium", "easy", "hard", "claimed"),
    obs_size, render_mode ("ansi"/"rgb_array"), and the game's own options."""
    return HernaEnv(game, players, **kwargs)


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> HernaParallelEnv:
    """The parallel environment of a Herna game (the same keywords as `env`)."""
    return HernaParallelEnv(game, players, **kwargs)


__all__ = ["HernaEnv", "HernaParallelEnv", "ViewEncoder", "agent_name", "ansi", "env",
           "final_rewards", "parallel_env", "rgb_array"]
