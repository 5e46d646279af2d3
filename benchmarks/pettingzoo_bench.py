"""The PettingZoo adapter's cost against the native engine, in uniform random play.

    .venv/bin/python benchmarks/pettingzoo_bench.py              # every game, 100 games each
    .venv/bin/python benchmarks/pettingzoo_bench.py --games 20 --game envyra

Native: `benchmarks/engine.py`'s random play (`legal_actions`, a uniform choice with
`herna.Rng`, the checked `apply`). Through the AEC environment, three loops over the same
deals (seeds), each after untimed warm-up games:

- steps: `env.last(observe=False)`, a uniform code from `env.legal_codes(agent)`,
  `env.step(code)`: the adapter's own overhead (goal ≤ 3×);
- mask: the same with the code drawn from `env.action_mask(agent)` (numpy's `flatnonzero`,
  as PettingZoo's `action_space.sample(mask)` scans it): the price of a dense mask, which is
  large for Alhambra's 646,183 codes;
- observed: `env.last()` with the observation (`state.view(seat)` hashed into a vector) and
  its mask: what a learning agent pays on every decision;
- parallel: `parallel_env.step` with every live agent's observation after each step.

Ubongo is timed with `race="claimed"`, so the agents make the same decisions as native random
play (the default draws the race from the skill model instead). Times are this process's CPU
seconds (`time.process_time`): per-core figures on a shared machine.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import WARMUP_GAMES, machine, random_games

from herna.core import Rng
from herna.interop.pettingzoo import env, parallel_env

CASES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("alhambra", 4, {}),
    ("alhambra-rw", 2, {}),
    ("envyra", 3, {}),
    ("ubongo", 3, {"race": "claimed"}),
)
GOAL_RATIO = 3.0


def aec_games(game: str, players: int, games: int, seed: int, kw: dict[str, Any], *,
              how: str) -> tuple[int, float]:
    """Uniform random games through the AEC environment; (decisions, CPU seconds)."""
    e = env(game, players=players, **kw)
    decisions = 0
    start = time.process_time()
    for g in range(games):
        e.reset(seed=seed + g)
        rng = Rng(seed * 1_000_003 + g)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last(how == "observed")
            if term or trunc:
                e.step(None)
                continue
            if how == "steps":
                legal = e.legal_codes(agent)
                e.step(legal[rng.below(len(legal))])
            else:
                mask = obs["action_mask"] if how == "observed" else e.action_mask(agent)
                codes = np.flatnonzero(mask)
                e.step(int(codes[rng.below(len(codes))]))
            decisions += 1
    return decisions, time.process_time() - start


def parallel_games(game: str, players: int, games: int, seed: int,
                   kw: dict[str, Any]) -> tuple[int, float]:
    """Uniform random games through the parallel environment; (decisions, CPU seconds)."""
    p = parallel_env(game, players=players, **kw)
    decisions = 0
    start = time.process_time()
    for g in range(games):
        obs, _ = p.reset(seed=seed + g)
        rng = Rng(seed * 1_000_003 + g)
        while p.agents:
            actions = {}
            for agent, o in obs.items():
                codes = np.flatnonzero(o["action_mask"])
                if len(codes):
                    actions[agent] = int(codes[rng.below(len(codes))])
            decisions += len(actions)
            obs, *_ = p.step(actions)
    return decisions, time.process_time() - start


def measure(game: str, players: int, kw: dict[str, Any], games: int, seed: int) -> list[str]:
    opts = {k: v for k, v in kw.items() if k != "race"}
    warm = min(games, WARMUP_GAMES)
    random_games(game, players, warm, seed + 777_777, options=opts)
    dec, sec = random_games(game, players, games, seed, options=opts)
    native = dec / max(sec, 1e-9)
    cells = [f"{game} {players}p", f"{native:,.0f}"]
    for how in ("steps", "mask", "observed"):
        aec_games(game, players, warm, seed + 777_777, kw, how=how)
        d, s = aec_games(game, players, games, seed, kw, how=how)
        rate = d / max(s, 1e-9)
        cells.append(f"{rate:,.0f} ({native / rate:.1f}×)")
    parallel_games(game, players, warm, seed + 777_777, kw)
    d, s = parallel_games(game, players, games, seed, kw)
    rate = d / max(s, 1e-9)
    cells.append(f"{rate:,.0f} ({native / rate:.1f}×)")
    return cells


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="timed games per loop")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    print(f"{datetime.date.today()}, {machine()}; CPU time, {args.games} games per loop, "
          f"seed {args.seed}; goal: AEC steps ≤ {GOAL_RATIO:g}× native\n")
    print("| game | native decisions/s | AEC, steps | AEC, mask | AEC, observed "
          "| parallel, observed |")
    print("|---|---:|---:|---:|---:|---:|")
    for game, players, kw in CASES:
        if args.game and game not in args.game:
            continue
        print("| " + " | ".join(measure(game, players, kw, args.games, args.seed)) + " |",
              flush=True)


if __name__ == "__main__":
    main()
