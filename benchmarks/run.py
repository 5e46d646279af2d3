"""Herna's benchmarks on one core, for every game: engine speed, copies, greedy bot strength.

    .venv/bin/python benchmarks/run.py                        # all games, full run
    .venv/bin/python benchmarks/run.py --quick                # a smoke run (under a minute)
    .venv/bin/python benchmarks/run.py --game envyra          # one game
    .venv/bin/python benchmarks/run.py --games 400 --write    # record it in BENCHMARKS.md
    .venv/bin/python benchmarks/run.py --profile              # where random play spends time
    .venv/bin/python benchmarks/run.py --game ubongo --solver # and the Ubongo solver benchmark
    .venv/bin/python benchmarks/run.py --game ubongo --server # and herna serve under load

The generic measurements (uniform random play checked and unchecked, copies, greedy vs random)
are in benchmarks/engine.py; each game's own measurements are in benchmarks/<pkg>_bench.py
(`PLAN`, and `extra_rows(settings)`), each also runnable alone. Everything runs in this one
process and times are its CPU seconds (time.process_time), so the figures are per core even
on a shared machine. Seeds are fixed: two runs play the same games (only the timings move).
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import engine
from engine import CPU_NOTE, GOAL_DECISIONS, GOAL_GREEDY, Plan, Row, Settings

import herna

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
SOLVER_BENCH = Path(__file__).resolve().parent / "ubongo_solver_bench.py"
SERVER_BENCH = Path(__file__).resolve().parent / "server_bench.py"
GOAL_GAMES = 200  # complete 4-player Alhambra random games/s

# Alhambra has no module of its own: its plan is the original run.py's
ALHAMBRA = Plan(random_players=(4,), unchecked_players=4, copy_players=(2, 4),
                strength_players=(2, 4), random_games=60, random_games_quick=8,
                goal_games=(4, GOAL_GAMES))

Extras = Callable[[Settings], list[Row]]


def _no_extras(_settings: Settings) -> list[Row]:
    return []


def game_suite(game_id: str) -> tuple[Plan, Extras]:
    """The plan and extra measurements of a game: from benchmarks/<pkg>_bench.py when it
    exists (`PLAN`, `extra_rows`), else from the game's spec."""
    if game_id == "alhambra":
        return ALHAMBRA, _no_extras
    name = f"{game_id.replace('-', '_')}_bench"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return engine.default_plan(game_id), _no_extras
    return (getattr(module, "PLAN", None) or engine.default_plan(game_id),
            getattr(module, "extra_rows", _no_extras))


# ---- BENCHMARKS.md ------------------------------------------------------------------------------
def command(game_id: str, args: argparse.Namespace) -> str:
    return (f"benchmarks/run.py --game {game_id}{' --quick' if args.quick else ''} "
            f"--games {args.games} --seed {args.seed}")


def section(game_id: str, date: str, rows: Sequence[Row], args: argparse.Namespace) -> str:
    mode = "quick" if args.quick else "full"
    name = herna.spec(game_id).name
    return (f"<!-- bench:{game_id}:{date} -->\n### {date}: {name} (`{game_id}`)\n\n"
            f"Machine: {engine.machine()}. One core, CPU time (time.process_time), {mode} "
            f"run: `{command(game_id, args)}`.\n\n{engine.table(rows)}\n"
            f"<!-- /bench:{game_id}:{date} -->\n")


def write_sections(sections: Sequence[tuple[str, str]], path: Path = BENCHMARKS_MD) -> None:
    """Each (key, text): replace the section marked `<!-- bench:KEY -->` if there is one, else
    add it after the `## Results` heading (newest first; the new ones in the order given).
    Other sections, older dates included, stay as they are: one entry per game and day."""
    doc = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    new: list[str] = []
    for key, text in sections:
        pattern = re.compile(rf"<!-- bench:{re.escape(key)} -->.*?"
                             rf"<!-- /bench:{re.escape(key)} -->\n?", re.S)
        if pattern.search(doc):
            doc = pattern.sub(lambda _m, t=text: t, doc, count=1)
        else:
            new.append(text)
    if new:
        block = "\n".join(new)
        if "## Results\n" in doc:
            head, tail = doc.split("## Results\n", 1)
            doc = f"{head}## Results\n\n{block}\n{tail.lstrip(chr(10))}"
        else:
            doc = doc.rstrip("\n") + "\n\n## Results\n\n" + block
    path.write_text(doc.rstrip("\n") + "\n", encoding="utf-8")


# ---- the run ------------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> None:
    ids = herna.game_ids()
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--game", default="all", choices=["all", *ids],
                   help="the game to benchmark (default: all)")
    p.add_argument("--games", type=int, default=None,
                   help="games per strength match (default 200, quick 20)")
    p.add_argument("--random-games", type=int, default=None,
                   help="uniform random games per timing (default per game, e.g. Alhambra "
                        "60, quick 8; the others 200, quick 20)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--quick", action="store_true", help="small samples: a smoke run")
    p.add_argument("--write", action="store_true",
                   help="record the figures under today's date, one section per game")
    p.add_argument("--out", type=Path, default=BENCHMARKS_MD,
                   help=f"the file --write updates (default {BENCHMARKS_MD.name})")
    p.add_argument("--profile", action="store_true",
                   help="also profile uniform random play and print the hot functions")
    p.add_argument("--solver", action="store_true",
                   help="also run benchmarks/ubongo_solver_bench.py (with Ubongo)")
    p.add_argument("--server", action="store_true",
                   help="also run benchmarks/server_bench.py (herna serve: 200 tables, memory, "
                        "page weight; ~4 minutes, --quick ~1)")
    args = p.parse_args(argv)
    if args.games is None:
        args.games = 20 if args.quick else 200
    if args.games < 1 or (args.random_games is not None and args.random_games < 1):
        p.error("--games and --random-games must be at least 1")
    games = ids if args.game == "all" else [args.game]
    settings = Settings(quick=args.quick, games=args.games, random_games=args.random_games,
                        seed=args.seed)

    print(f"machine: {engine.machine()}")
    print(f"one core; {CPU_NOTE}")
    print(f"goals: {GOAL_DECISIONS:,} decisions/s per core in random play; Alhambra "
          f"{GOAL_GAMES} complete 4-player games/s; greedy >={100 * GOAL_GREEDY:.0f}% vs "
          "random; Ubongo's greedy gem chooser >=80% vs a random one", flush=True)
    results: dict[str, list[Row]] = {}
    started = time.perf_counter()
    for game_id in games:
        plan, extras = game_suite(game_id)
        t0 = time.process_time()
        rows = engine.generic_rows(game_id, plan, settings,
                                   lambda text: print(f"... {text}", flush=True))
        rows += extras(settings)
        results[game_id] = rows
        print(f"\n## {herna.spec(game_id).name} (`{game_id}`), "
              f"{time.process_time() - t0:.1f} s CPU\n\n{engine.table(rows)}\n", flush=True)
        if args.profile:
            n = args.random_games or (plan.random_games_quick if args.quick
                                      else plan.random_games)
            print(engine.profile_random_play(game_id, plan.unchecked_players, max(2, n // 4),
                                             args.seed + 900_000, plan.options), flush=True)
    print(f"all done in {time.perf_counter() - started:.0f} s wall")
    if args.write:
        date = dt.date.today().isoformat()
        write_sections([(f"{g}:{date}", section(g, date, rows, args))
                        for g, rows in results.items()], args.out)
        print(f"wrote the {date} section of {', '.join(results)} in {args.out}")
    if args.solver and "ubongo" in games:
        print("\n# Ubongo solver (benchmarks/ubongo_solver_bench.py)\n", flush=True)
        subprocess.run([sys.executable, str(SOLVER_BENCH), *(["--quick"] if args.quick else [])],
                       check=True)
    if args.server:
        print("\n# herna serve under load (benchmarks/server_bench.py)\n", flush=True)
        subprocess.run([sys.executable, str(SERVER_BENCH), *(["--quick"] if args.quick else [])],
                       check=True)


if __name__ == "__main__":
    main()
