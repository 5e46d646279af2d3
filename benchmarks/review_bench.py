"""What a review costs (issue 21): every seat of whole games reviewed by the hard bot at its
normal budget, in the parts the server sends to its bot workers (`botproc.review_part`, which
measures its own CPU time with `time.process_time`, as the server's `cpu` figure does).

    .venv/bin/python benchmarks/review_bench.py                       # Alhambra, 4 players
    .venv/bin/python benchmarks/review_bench.py --game envyra --players 3 --games 3

The games are played by easy bots (a person's game has mistakes to find; a greedy game is as
long). The budget of issue 21: <= 60 s of one core for a whole 4-player Alhambra game.
"""

from __future__ import annotations

import argparse
import platform
import statistics
from typing import Any

import herna
from herna.ai.registry import make_bot
from herna.server import botproc, reviews


def easy_record(game: str, players: int, seed: int) -> dict[str, Any]:
    state = herna.make(game, players=players, seed=seed)
    bots = [make_bot("easy", game, seed * 10 + i) for i in range(players)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state.copy(), seat))
    return state.record()


def review_seat(record: dict[str, Any], table: str, seat: int) -> tuple[float, int, int]:
    """One seat's review as the server makes it; (CPU seconds, decisions, flagged)."""
    actions = tuple((int(s), str(t)) for s, t in record["actions"])
    mine = reviews.decisions(list(actions), seat)
    seed = reviews.review_seed(table, seat)
    cpu = 0.0
    flagged = 0
    start = 0
    for k in range(0, len(mine), reviews.PART):
        stop = mine[k:k + reviews.PART][-1] + 1
        job = botproc.ReviewJob(table, record["game"], record["players"], record["seed"],
                                dict(record["options"]), actions, seat, seed, start, stop)
        part, spent = botproc.review_part(job)
        cpu += spent
        flagged += sum(d["flag"] is not None for d in part)
        start = stop
    return cpu, len(mine), flagged


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="alhambra")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    totals = []
    for g in range(args.games):
        seed = args.seed + g
        record = easy_record(args.game, args.players, seed)
        whole = 0.0
        line = []
        for seat in range(args.players):
            cpu, n, flagged = review_seat(record, f"bench{seed}", seat)
            whole += cpu
            line.append(f"seat {seat}: {n} decisions, {flagged} flagged, {cpu:.2f} s")
        totals.append(whole)
        print(f"game {seed} ({len(record['actions'])} moves): whole game {whole:.2f} s CPU; "
              + "; ".join(line))
    print(f"{args.game}, {args.players} players, {args.games} games: whole game median "
          f"{statistics.median(totals):.2f} s, slowest {max(totals):.2f} s of CPU")


if __name__ == "__main__":
    main()
