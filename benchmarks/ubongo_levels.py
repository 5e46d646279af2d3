"""Ubongo: one bot spec against another at equal solving speed (issue 21's self-play check).

    python benchmarks/ubongo_levels.py --a "mcts:iterations=200,top=0,bias=1.0" --b hard \
        --games 400 --seed 1

Two players. The race is not the bots' decision here: both seats' submissions are drawn by the
match from the same skill model ("medium"), as `peer_match.py` does, so only the start fields
and the gem moves differ. Games come in pairs on the same deal with the seats swapped (game
2k: A in seat 0, game 2k+1: A in seat 1), and the race of each pair is drawn from the same
numbers, so the two games of a pair differ only by who decides where. Prints A's win share
(ties shared) with a 95% Wilson interval, by seat, and each side's mean CPU ms per decision
with a choice (two legal actions or more).
"""

from __future__ import annotations

import argparse
import sys
import time

import herna
from herna.ai.arena import derive_seed
from herna.ai.registry import make_bot
from herna.ai.stats import wilson_interval
from herna.core import Rng
from herna.games.ubongo import rules
from herna.games.ubongo.state import UbongoState

GAME = "ubongo"


def play(specs: tuple[str, str], index: int, seed: int, skill: str,
         cpu: list[list[float]]) -> float:
    """Game `index`: A's win share. `cpu[k]` gathers side k's [seconds, decisions]."""
    pair = index // 2
    a_seat = index % 2
    game_seed = derive_seed(seed, GAME, "levels", pair) % 2**31
    s = herna.make(GAME, players=2, seed=game_seed)
    assert isinstance(s, UbongoState)
    side_of = {a_seat: 0, 1 - a_seat: 1}
    bots = {seat: make_bot(specs[side_of[seat]], GAME, derive_seed(game_seed, "bot", side_of[seat]))
            for seat in (0, 1)}
    race = Rng(derive_seed(game_seed, "race"))
    while not s.is_over():
        acting = s.to_act()
        seat = acting[0]
        if s.phase == rules.RACE:
            s.apply_unchecked(seat, rules.model_submission(s, seat, race, skill))
            continue
        choice = len(s.legal_actions(seat)) > 1
        t0 = time.process_time()
        a = bots[seat].act(s, seat)
        if choice:
            k = side_of[seat]
            cpu[k][0] += time.process_time() - t0
            cpu[k][1] += 1
        s.apply(seat, a)
    out = s.outcome()
    assert out is not None
    return float(out.win_shares()[a_seat])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", required=True, help="the candidate's bot spec")
    ap.add_argument("--b", default="hard", help="the baseline's bot spec (default: hard)")
    ap.add_argument("--games", type=int, default=400, help="games, an even number")
    ap.add_argument("--start", type=int, default=0, help="first game index (even: to resume)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skill", default="medium", choices=rules.SKILLS,
                    help="the race's skill model for both seats (default medium)")
    ap.add_argument("--every", type=int, default=50, help="print a running figure every N")
    args = ap.parse_args(argv)
    cpu = [[0.0, 0], [0.0, 0]]
    shares: list[float] = []
    if args.start % 2 or args.games % 2:
        ap.error("--start and --games must be even: games come in pairs")
    for i in range(args.start, args.start + args.games):
        shares.append(play((args.a, args.b), i, args.seed, args.skill, cpu))
        if len(shares) % args.every == 0 or len(shares) == args.games:
            n = len(shares)
            w = sum(shares)
            lo, hi = wilson_interval(w, n)
            seat = [sum(shares[j] for j in range(s, n, 2)) / len(range(s, n, 2)) for s in (0, 1)]
            ms = [1000 * c[0] / max(1, c[1]) for c in cpu]
            print(f"{n} games: A {100 * w / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
                  f"(seat 0 {100 * seat[0]:.0f}%, seat 1 {100 * seat[1]:.0f}%); ms/decision "
                  f"A {ms[0]:.1f}, B {ms[1]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
