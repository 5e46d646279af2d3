"""Herna's `hard` bot against OpenSpiel's ISMCTSBot, through the OpenSpiel adapter.

    python benchmarks/peer_match.py --game envyra --games 40 --budget 0.1 --csv out/envyra.csv
    python benchmarks/peer_match.py --game ubongo --games 200 --ismcts-times 100 --csv out/u.csv
    python benchmarks/peer_match.py --report out/*.csv

Two players; Herna takes seat 0 in even games and seat 1 in odd ones; game i's deal and both
bots' seeds derive from (--seed, game, i), so a run replays exactly where the budget is an
iteration count and to the CPU's speed where it is time. Both bots get the same budget per
decision in CPU seconds (`time.process_time`: the machine is shared, so wall-clock time would
measure the neighbours): OpenSpiel's ISMCTS (random-rollout evaluator, UCT c=2, max visit
count) runs simulations until the budget is spent; Herna's `hard` level runs its calibrated
search with the budget as a cap (`time=`), so it never uses more than ISMCTS does.

Each side may have its own budget: `--herna-budget S` caps Herna's search at S CPU seconds
(left out: the hard level's own iteration budget, no cap), `--ismcts-budget S` gives ISMCTS S
seconds, and `--ismcts-times K` gives it K times Herna's mean CPU per decision in that game,
measured first over `--calibrate` games of Herna against itself (own deals, never the match's)
and printed; give the printed budget as `--ismcts-budget` to continue a run in another session
at the same budget. With `--follow`, ISMCTS's budget follows Herna's own time in each game
(K times its mean so far): on a machine whose load changes, a fixed budget in CPU seconds
is not a fixed ratio (both sides' CPU time grows when another process shares the core).
`--budget` sets both sides (the default of either left out). Times per
decision count the decisions with a choice (two legal actions or more): the others cost
neither side a search. Each CSV row records both budgets.

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
from herna.core import Rng, State
from herna.games.ubongo import rules as ubongo_rules
from herna.games.ubongo.state import UbongoState
from herna.interop import openspiel

GAMES = ("alhambra", "envyra", "alhambra-rw", "ubongo")
COLUMNS = ["game", "index", "seed", "herna_seat", "herna_budget", "ismcts_budget",
           "herna_share", "scores", "decisions", "herna_ms", "ismcts_ms", "ismcts_sims"]
LEVEL = "level"  # herna_budget when the hard level runs on its own budget, uncapped


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


def race_code(h: State, seat: int, rng: Rng) -> int | None:
    """In Ubongo's race, the seat's submission drawn from the "medium" skill model (the same
    for both seats: the race is chance here, not a decision); None elsewhere."""
    if isinstance(h, UbongoState) and h.phase == ubongo_rules.RACE:
        return ubongo_rules.model_submission(h, seat, rng, "medium").code
    return None


def herna_spec(budget: float | None, game_id: str = "") -> str:
    """The hard level, capped at `budget` CPU seconds a decision if one is given. In Ubongo
    it is told it races at "medium", as it does here (`race_code`): the level's search draws
    its own solving times from the skill it races at, and a search that counts on the hard
    level's speed in a race run at medium's misjudges who takes the gems first."""
    options = ([] if budget is None else [f"time={budget}"]) \
        + (["skill=medium"] if game_id == "ubongo" else [])
    return "hard" + (":" + ",".join(options) if options else "")


def play(game_id: str, index: int, seed: int, herna_budget: float | None,
         ismcts_budget: float, follow: float | None = None) -> dict[str, Any]:
    """One game, Herna's `hard` (capped at `herna_budget`, None: its level's budget) against
    ISMCTS at `ismcts_budget` CPU seconds a decision; the CSV row. `follow` = K: ISMCTS gets
    K times Herna's mean CPU per decision so far in this game instead (`ismcts_budget` until
    Herna's first decision), so the ratio holds however busy the machine is meanwhile."""
    game_seed = derive_seed(seed, game_id, index) % 2**31  # an int parameter in pyspiel
    herna_seat = index % 2
    game = pyspiel.load_game(openspiel.NAMES[game_id], {"players": 2, "seed": game_seed})
    herna = make_bot(herna_spec(herna_budget, game_id), game_id, derive_seed(game_seed, "herna"))
    rival = TimedISMCTSBot(game, ismcts_budget, derive_seed(game_seed, "ismcts"))
    race_rng = Rng(derive_seed(game_seed, "race"))
    state = game.new_initial_state()
    herna_time = rival_time = 0.0
    herna_n = rival_n = rival_sims = 0
    while not state.is_terminal():
        seat = state.current_player()
        h = openspiel.herna_state(state)
        race = race_code(h, seat, race_rng)
        if race is not None:
            state.apply_action(race)
            continue
        choice = len(state.legal_actions()) > 1
        t0 = time.process_time()
        if seat == herna_seat:
            code = herna.act(h, seat).code
            if choice:
                herna_time += time.process_time() - t0
                herna_n += 1
        else:
            sims = rival.sims
            if follow is not None and herna_n:
                rival.budget = follow * herna_time / herna_n
            code = rival.step(state)
            if choice:
                rival_time += time.process_time() - t0
                rival_n += 1
                rival_sims += rival.sims - sims
        state.apply_action(int(code))
    out = openspiel.herna_state(state).outcome()
    assert out is not None
    return {
        "game": game_id, "index": index, "seed": game_seed, "herna_seat": herna_seat,
        "herna_budget": LEVEL if herna_budget is None else herna_budget,
        "ismcts_budget": ismcts_budget if follow is None else f"{follow:g}x",
        "herna_share": out.win_shares()[herna_seat],
        "scores": " ".join(f"{s:g}" for s in out.scores), "decisions": len(state.history()),
        "herna_ms": round(1000 * herna_time / max(1, herna_n), 1),
        "ismcts_ms": round(1000 * rival_time / max(1, rival_n), 1),
        "ismcts_sims": round(rival_sims / max(1, rival_n), 1),
    }


def herna_cpu(game_id: str, games: int, seed: int, herna_budget: float | None) -> float:
    """Herna's mean CPU seconds per decision with a choice, over `games` games of the hard
    bot (at `herna_budget`) in both seats, on deals of their own (not the match's)."""
    total = 0.0
    n = 0
    for i in range(games):
        game_seed = derive_seed(seed, game_id, "calibrate", i) % 2**31
        game = pyspiel.load_game(openspiel.NAMES[game_id], {"players": 2, "seed": game_seed})
        bots = [make_bot(herna_spec(herna_budget, game_id), game_id,
                         derive_seed(game_seed, "herna", s))
                for s in (0, 1)]
        race_rng = Rng(derive_seed(game_seed, "race"))
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            h = openspiel.herna_state(state)
            race = race_code(h, seat, race_rng)
            if race is not None:
                state.apply_action(race)
                continue
            choice = len(state.legal_actions()) > 1
            t0 = time.process_time()
            code = bots[seat].act(h, seat).code
            if choice:
                total += time.process_time() - t0
                n += 1
            state.apply_action(int(code))
    if n == 0:
        raise SystemExit(f"{game_id}: no decision with a choice in {games} calibration games")
    return total / n


def budgets(row: dict[str, str]) -> tuple[str, str]:
    """A row's budgets, Herna's and ISMCTS's (rows from before the per-side budgets have one
    `budget` for both)."""
    if "ismcts_budget" in row:
        return row["herna_budget"], row["ismcts_budget"]
    return row["budget"], row["budget"]


def report(paths: list[str]) -> str:
    """The pooled table: one line per game and pair of budgets (ties count as shared wins)."""
    rows: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for p in paths:
        with open(p, newline="") as f:
            for row in csv.DictReader(f):
                rows.setdefault((row["game"], *budgets(row)), []).append(row)
    lines = ["| game | games | budget (CPU s/decision), Herna / ISMCTS | Herna `hard` win share "
             "[95% CI] | by seat (0 / 1) | ms per decision, Herna / ISMCTS | ISMCTS simulations "
             "per decision |", "|---|---:|---:|---|---|---|---:|"]
    order = {g: i for i, g in enumerate(GAMES)}
    for key in sorted(rows, key=lambda k: (order.get(k[0], len(GAMES)), k[0], k[1], k[2])):
        game_id, herna_budget, ismcts_budget = key
        rs = rows[key]
        n = len(rs)
        wins = sum(float(r["herna_share"]) for r in rs)
        lo, hi = wilson_interval(wins, n)
        seats = []
        for s in (0, 1):
            sr = [float(r["herna_share"]) for r in rs if int(r["herna_seat"]) == s]
            seats.append(f"{100 * sum(sr) / len(sr):.0f}%" if sr else "-")

        def mean(key: str, rs: list[dict[str, str]] = rs) -> float:
            return sum(float(r[key]) for r in rs) / len(rs)

        lines.append(f"| {game_id} | {n} | {herna_budget} / {ismcts_budget} | "
                     f"{100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | "
                     f"{' / '.join(seats)} | {mean('herna_ms'):.0f} / {mean('ismcts_ms'):.0f} | "
                     f"{mean('ismcts_sims'):.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--games", type=int, default=1000, help="games per game (default 1000)")
    ap.add_argument("--start", type=int, default=0, help="first game index (to resume)")
    ap.add_argument("--budget", type=float,
                    help="CPU seconds per decision for both sides (default: Herna's level "
                         "budget, ISMCTS 0.1)")
    ap.add_argument("--herna-budget", type=float,
                    help="cap on Herna's CPU seconds per decision (default: --budget, else "
                         "the hard level's own budget, uncapped)")
    rival = ap.add_mutually_exclusive_group()
    rival.add_argument("--ismcts-budget", type=float,
                       help="ISMCTS's CPU seconds per decision (default: --budget, else 0.1)")
    rival.add_argument("--ismcts-times", type=float, metavar="K",
                       help="ISMCTS gets K x Herna's mean CPU per decision, measured per game")
    ap.add_argument("--follow", action="store_true",
                    help="with --ismcts-times K: ISMCTS gets K x Herna's mean CPU per decision "
                         "so far in each game (the calibrated budget before Herna's first), so "
                         "a machine busy with other work changes both sides alike")
    ap.add_argument("--calibrate", type=int, default=4,
                    help="games of Herna against itself that measure its time for "
                         "--ismcts-times (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csv", help="append one row per finished game here")
    ap.add_argument("--report", nargs="+", metavar="CSV", help="pool CSVs into a table")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report))
        return 0
    for name in ("budget", "herna_budget", "ismcts_budget", "ismcts_times"):
        value = getattr(args, name)
        if value is not None and not value > 0:
            ap.error(f"--{name.replace('_', '-')} must be a positive number, not {value}")
    if args.calibrate < 1:
        ap.error("--calibrate must be at least 1 game")
    if args.follow and args.ismcts_times is None:
        ap.error("--follow goes with --ismcts-times K")
    herna_budget = args.herna_budget if args.herna_budget is not None else args.budget
    openspiel.register()
    path = Path(args.csv) if args.csv else None
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        new = not path.exists() or path.stat().st_size == 0
        if not new:
            with path.open(newline="") as f:
                header = next(csv.reader(f), [])
            if header != COLUMNS:
                ap.error(f"{path} has the columns {','.join(header)}, not this script's "
                         f"{','.join(COLUMNS)}: write to another file")
        else:
            with path.open("w", newline="") as f:
                csv.DictWriter(f, COLUMNS).writeheader()
    for game_id in args.game or GAMES:
        if args.ismcts_times is not None:
            cpu = herna_cpu(game_id, args.calibrate, args.seed, herna_budget)
            ismcts_budget = float(f"{args.ismcts_times * cpu:.3g}")
            print(f"calibration {game_id}: Herna {herna_spec(herna_budget, game_id)} "
                  f"{1000 * cpu:.1f} ms CPU per decision over {args.calibrate} games; "
                  f"ISMCTS budget {args.ismcts_times:g} x = {ismcts_budget} s "
                  f"(continue with --ismcts-budget {ismcts_budget})", flush=True)
        elif args.ismcts_budget is not None:
            ismcts_budget = args.ismcts_budget
        else:
            ismcts_budget = args.budget if args.budget is not None else 0.1
        for i in range(args.start, args.start + args.games):
            row = play(game_id, i, args.seed, herna_budget, ismcts_budget,
                       args.ismcts_times if args.follow else None)
            print(" ".join(f"{k}={row[k]}" for k in COLUMNS), flush=True)
            if path is not None:  # opened per row: a run of hours survives the file
                with path.open("a", newline="") as f:  # being replaced (a git checkout)
                    csv.DictWriter(f, COLUMNS).writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
