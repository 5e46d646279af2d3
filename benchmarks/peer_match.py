"""Herna's `hard` bot against OpenSpiel's ISMCTSBot, through the OpenSpiel adapter.

    python benchmarks/peer_match.py --game envyra --games 40 --budget 0.1 --csv out/envyra.csv
    python benchmarks/peer_match.py --report out/*.csv

Two players; Herna takes seat 0 in even games and seat 1 in odd ones; game i's deal and both
bots' seeds derive from (--seed, game, i), so a run replays exactly where the budget is an
iteration count and to the CPU's speed where it is time. Both bots get the same budget per
decision in CPU seconds (`time.process_time`: the machine is shared, so wall-clock time would
measure the neighbours): OpenSpiel's ISMCTS (random-rollout evaluator, UCT c=2, max visit
count) runs simulations until the budget is spent; Herna's `hard` level runs its calibrated
search with the budget as a cap (`time=`), so it never uses more than ISMCTS does.

Ubongo: the race is not a decision in Herna's bots but chance from a skill model; here both
seats' race submissions are drawn from the same model ("medium") by the match itself, so the
bots compete on the start field and the gem moves only (as BENCHMARKS' "equal solving speed").

Each finished game is appended to the CSV at once, so a run stopped by `timeout` keeps its
games. `--report` pools CSVs into the table BENCHMARKS.md shows (Wilson 95% intervals, ties
shared).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from herna.ai.arena import derive_seed
from herna.ai.registry import make_bot
from herna.ai.stats import wilson_interval
from herna.core import Rng
from herna.interop import openspiel

GAMES = ("alhambra", "envyra", "alhambra-rw", "ubongo")
COLUMNS = ["game", "index", "seed", "herna_seat", "budget", "herna_share", "scores",
           "decisions", "herna_ms", "ismcts_ms", "ismcts_sims"]


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot with a CPU-time budget per decision instead of a count."""

    def __init__(self, game: Any, budget: float, seed: int) -> None:
        rs = np.random.RandomState(seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        super().__init__(game, evaluator, uct_c=2.0, max_simulations=1, random_state=rs)
        self.budget = budget
        self.sims = 0

    def run_search(self, state: Any) -> Any:
        """ISMCTSBot.run_search, looping until the budget is spent (at least two worlds: the
        first only expands the root, and the final policy needs a visit)."""
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        end = time.process_time() + self.budget
        n = 0
        while n < 2 or time.process_time() < end:
            world = self.sample_root_state(state)
            assert key == self.get_state_key(world)
            self.run_simulation(world)
            n += 1
        self.sims += n
        return self.get_final_policy(state, self._root_node)


def play(game_id: str, index: int, seed: int, budget: float) -> dict[str, Any]:
    game_seed = derive_seed(seed, game_id, index) % 2**31  # an int parameter in pyspiel
    herna_seat = index % 2
    game = pyspiel.load_game(openspiel.NAMES[game_id], {"players": 2, "seed": game_seed})
    herna = make_bot(f"hard:time={budget}", game_id, derive_seed(game_seed, "herna"))
    rival = TimedISMCTSBot(game, budget, derive_seed(game_seed, "ismcts"))
    race_rng = Rng(derive_seed(game_seed, "race"))
    state = game.new_initial_state()
    herna_time = rival_time = 0.0
    herna_n = rival_n = 0
    while not state.is_terminal():
        seat = state.current_player()
        h = openspiel.herna_state(state)
        if game_id == "ubongo":
            from herna.games.ubongo import rules
            if h.phase == rules.RACE:
                state.apply_action(rules.model_submission(h, seat, race_rng, "medium").code)
                continue
        t0 = time.process_time()
        if seat == herna_seat:
            code = herna.act(h, seat).code
            herna_time += time.process_time() - t0
            herna_n += 1
        else:
            code = rival.step(state)
            rival_time += time.process_time() - t0
            rival_n += 1
        state.apply_action(int(code))
    out = openspiel.herna_state(state).outcome()
    assert out is not None
    return {
        "game": game_id, "index": index, "seed": game_seed, "herna_seat": herna_seat,
        "budget": budget, "herna_share": out.win_shares()[herna_seat],
        "scores": " ".join(f"{s:g}" for s in out.scores), "decisions": len(state.history()),
        "herna_ms": round(1000 * herna_time / max(1, herna_n), 1),
        "ismcts_ms": round(1000 * rival_time / max(1, rival_n), 1),
        "ismcts_sims": round(rival.sims / max(1, rival_n), 1),
    }


def report(paths: list[str]) -> str:
    rows: dict[str, list[dict[str, str]]] = {}
    for p in paths:
        with open(p, newline="") as f:
            for row in csv.DictReader(f):
                rows.setdefault(row["game"], []).append(row)
    lines = ["| game | games | budget (CPU s/decision) | Herna `hard` win share [95% CI] | "
             "by seat (0 / 1) | ms per decision, Herna / ISMCTS | ISMCTS simulations "
             "per decision |", "|---|---:|---:|---|---|---|---:|"]
    for game_id in GAMES:
        rs = rows.get(game_id)
        if not rs:
            continue
        n = len(rs)
        wins = sum(float(r["herna_share"]) for r in rs)
        lo, hi = wilson_interval(wins, n)
        seats = []
        for s in (0, 1):
            sr = [float(r["herna_share"]) for r in rs if int(r["herna_seat"]) == s]
            seats.append(f"{100 * sum(sr) / len(sr):.0f}%" if sr else "-")
        budgets = sorted({r["budget"] for r in rs})

        def mean(key: str, rs: list[dict[str, str]] = rs) -> float:
            return sum(float(r[key]) for r in rs) / len(rs)

        lines.append(f"| {game_id} | {n} | {', '.join(budgets)} | {100 * wins / n:.1f}% "
                     f"[{100 * lo:.1f}, {100 * hi:.1f}] | {' / '.join(seats)} | "
                     f"{mean('herna_ms'):.0f} / {mean('ismcts_ms'):.0f} | "
                     f"{mean('ismcts_sims'):.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--games", type=int, default=1000, help="games per game (default 1000)")
    ap.add_argument("--start", type=int, default=0, help="first game index (to resume)")
    ap.add_argument("--budget", type=float, default=0.1, help="CPU seconds per decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csv", help="append one row per finished game here")
    ap.add_argument("--report", nargs="+", metavar="CSV", help="pool CSVs into a table")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report))
        return 0
    openspiel.register()
    out = None
    if args.csv:
        path = Path(args.csv)
        path.parent.mkdir(parents=True, exist_ok=True)
        new = not path.exists()
        out = path.open("a", newline="")
        writer = csv.DictWriter(out, COLUMNS)
        if new:
            writer.writeheader()
    for game_id in args.game or GAMES:
        for i in range(args.start, args.start + args.games):
            row = play(game_id, i, args.seed, args.budget)
            print(" ".join(f"{k}={row[k]}" for k in COLUMNS), flush=True)
            if out is not None:
                writer.writerow(row)
                out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
