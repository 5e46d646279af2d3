"""Envyra benchmarks on one core: engine speed, copies, greedy bot strength.

    .venv/bin/python benchmarks/envyra_bench.py            # full run, prints a table
    .venv/bin/python benchmarks/envyra_bench.py --quick    # a smoke run in a few seconds

Seeds are fixed: two runs on one machine play the same games (only the timings move).
Times are CPU seconds of this process (`time.process_time`), so the rates are per core even
when other work shares the machine.
Decisions are what `to_act` asks for (a phase-I marking, a phase-II choice of die); forced
die moves happen inside them.
"""

from __future__ import annotations

import argparse
import time

import herna
import herna.games.envyra  # registers the game even without the registry entry
from herna.ai.arena import derive_seed, game_seed, seat_bots
from herna.ai.random_bot import RandomBot
from herna.ai.registry import build
from herna.ai.stats import win_share
from herna.core import Rng
from herna.games.envyra.bots import GreedyBot

GAME = "envyra"
GOAL_DECISIONS = 50_000


def random_games(players: int, games: int, seed: int, *, checked: bool = True,
                 options: dict[str, object] | None = None) -> tuple[int, float]:
    """Uniform random play; (decisions, CPU seconds). `checked`: `apply` as a server does,
    else `apply_unchecked` as search does. At a simultaneous node the first seat listed acts
    (as benchmarks/run.py does)."""
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = herna.make(GAME, players=players, seed=seed + g, **(options or {}))
        rng = Rng(seed * 1_000_003 + g)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            if checked:
                state.apply(seat, action)
            else:
                state.apply_unchecked(seat, action)
            decisions += 1
    return decisions, time.process_time() - start


def copies_per_second(players: int, copies: int, seed: int) -> float:
    states = []
    rng = Rng(seed)
    state = herna.make(GAME, players=players, seed=seed)
    while not state.is_over() and len(states) < 64:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply_unchecked(seat, legal[rng.below(len(legal))])
        states.append(state.copy())
    start = time.process_time()
    for i in range(copies):
        states[i % len(states)].copy()
    return copies / (time.process_time() - start)


def greedy_vs_random(players: int, games: int, seed: int) -> tuple[float, float, float, float]:
    """One greedy bot against random bots, rotated through the seats; ties share.
    Returns (win share, 95% low, 95% high, ms per greedy decision)."""
    specs = ["greedy"] + ["random"] * (players - 1)
    shares: list[float] = []
    think, thought = 0.0, 0
    for i in range(games):
        seated = seat_bots(specs, i, rotate_seats=True)
        gseed = game_seed(seed, i, players, rotate_seats=True)
        state = herna.make(GAME, players=players, seed=gseed)
        bots = [build(GreedyBot if b == "greedy" else RandomBot, b,
                      derive_seed(gseed, "bot", s), {}) for s, b in enumerate(seated)]
        greedy_seat = seated.index("greedy")
        while not state.is_over():
            acting = state.to_act()
            seat = acting[0]
            if seat == greedy_seat:
                t0 = time.process_time()
                action = bots[seat].act(state, seat)
                think += time.process_time() - t0
                thought += 1
            else:
                action = bots[seat].act(state, seat)
            state.apply(seat, action)
        out = state.outcome()
        assert out is not None
        shares.append(out.win_shares()[greedy_seat])
    w = win_share(shares)
    return w.share, w.ci_low, w.ci_high, 1000 * think / max(1, thought)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run in a few seconds")
    parser.add_argument("--games", type=int, default=None, help="games per measurement")
    args = parser.parse_args()
    games = args.games or (20 if args.quick else 300)
    strength_games = args.games or (20 if args.quick else 200)
    rows: list[tuple[str, str]] = []
    for players in (2, 3, 4):
        d, s = random_games(players, games, 1)
        rows.append((f"random play {players}p, checked apply",
                     f"{d / s:,.0f} decisions/s, {games / s:,.1f} games/s, "
                     f"{d / games:.0f} decisions/game"))
    d, s = random_games(4, games, 1, checked=False)
    rows.append(("random play 4p, apply_unchecked", f"{d / s:,.0f} decisions/s, "
                 f"{games / s:,.1f} games/s"))
    d, s = random_games(4, games, 1, options={"equilibrium": "C"})
    rows.append(("random play 4p, Equilibrium C", f"{d / s:,.0f} decisions/s"))
    rows.append(("copies 4p", f"{copies_per_second(4, 20_000 if not args.quick else 2000, 3):,.0f}"
                 " copies/s"))
    for players in (2, 3, 4):
        t0 = time.process_time()
        share, lo, hi, ms = greedy_vs_random(players, strength_games, 11)
        rows.append((f"greedy vs random {players}p ({strength_games} games, rotated)",
                     f"{share * 100:.1f}% wins [{lo * 100:.1f}, {hi * 100:.1f}], "
                     f"{ms:.2f} ms/decision, {time.process_time() - t0:.1f} s"))
    width = max(len(r[0]) for r in rows)
    print(f"Envyra benchmarks (one core; goal {GOAL_DECISIONS:,} decisions/s)")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


if __name__ == "__main__":
    main()
