"""What the OpenSpiel adapter costs: uniform random play through pyspiel against the engine.

    .venv/bin/python benchmarks/openspiel_bench.py [--games 100] [--profile GAME]

Both loops play fresh deals with the same seeds and a uniform choice from `herna.Rng`: the
engine's is benchmarks/engine.py's (`legal_actions(seat)`, then the checked `apply`); the
adapter's is what an OpenSpiel program does (`state.legal_actions()`, then
`state.apply_action(code)`, through pybind11 into the python game). The ratio is CPU time per
decision (`time.process_time`; the machine is shared), the two timed alternately in chunks of
a tenth of the games. Goal: at most 3x (OpenSpiel's own
python games cost ~13x their C++ twins). Tensors and strings are not part of random play and
are not measured.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import engine

from herna.core import Rng
from herna.interop import openspiel

GOAL = 3.0
CASES = [("alhambra", 2), ("alhambra", 4), ("alhambra-rw", 2), ("envyra", 2), ("envyra", 4),
         ("ubongo", 2), ("ubongo", 4)]


def adapter_games(game_id: str, players: int, games: int, seed: int) -> tuple[int, float]:
    """Uniform random games through pyspiel; returns (decisions, CPU seconds)."""
    cls = openspiel.GAME_CLASSES[game_id]
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = cls({"players": players, "seed": seed + g}).new_initial_state()
        rng = Rng(seed * 1_000_003 + g)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
    return decisions, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", metavar="GAME", help="profile the adapter's loop for GAME")
    ap.add_argument("--players", type=int, default=2, help="with --profile")
    args = ap.parse_args()
    openspiel.register()
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(adapter_games, args.profile, args.players, args.games, args.seed)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return
    print(f"{engine.machine()}; {args.games} games per row, after {args.games // 5} warm-up")
    print("| game | engine, decisions/s | through pyspiel, decisions/s | overhead (goal <= 3x) |")
    print("|---|---:|---:|---:|")
    for game_id, players in CASES:
        warm = max(1, args.games // 5)
        engine.random_games(game_id, players, warm, args.seed + 777_777)
        adapter_games(game_id, players, warm, args.seed + 777_777)
        # alternate in chunks: this VM drifts between a slow and a fast state (BENCHMARKS.md)
        dn = da = 0
        tn = ta = 0.0
        chunk = max(1, args.games // 10)
        for start in range(0, args.games, chunk):
            n = min(chunk, args.games - start)
            d, t = engine.random_games(game_id, players, n, args.seed + start)
            dn, tn = dn + d, tn + t
            d, t = adapter_games(game_id, players, n, args.seed + start)
            da, ta = da + d, ta + t
        native, adapted = dn / tn, da / ta
        ratio = native / adapted
        verdict = "met" if ratio <= GOAL else "not met"
        print(f"| {game_id} {players}p | {native:,.0f} | {adapted:,.0f} | "
              f"{ratio:.2f}x ({verdict}) |", flush=True)


if __name__ == "__main__":
    main()
