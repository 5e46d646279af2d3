"""Herna's Alhambra benchmarks on one core: engine speed, copy speed, greedy bot strength.

    .venv/bin/python benchmarks/run.py                 # full run, prints a table
    .venv/bin/python benchmarks/run.py --quick         # a smoke run in a few seconds
    .venv/bin/python benchmarks/run.py --games 400 --write   # and record it in BENCHMARKS.md
    .venv/bin/python benchmarks/run.py --profile       # where uniform random play spends time

Everything runs in this one process, so the figures are per core. Seeds are fixed: two runs
on the same machine play the same games (only the timings move).
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import io
import os
import platform
import pstats
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import herna
from herna.ai.arena import derive_seed, game_seed, seat_bots
from herna.ai.registry import make_bot
from herna.ai.stats import WinShare, win_share
from herna.core import Rng, State

GAME = "alhambra"
ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
GOAL_DECISIONS = 50_000
GOAL_GAMES = 200


@dataclass(frozen=True)
class Row:
    measure: str
    value: str
    note: str = ""


# ---- (a) uniform random play -----------------------------------------------------------------
def random_games(players: int, games: int, seed: int, *, checked: bool = True) -> tuple[int, float]:
    """Play uniform random games; returns (decisions, seconds). `checked` uses `apply`
    (validation included, as a server does), otherwise `apply_unchecked` (as search does)."""
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = herna.make(GAME, players=players, seed=seed + g)
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
    return decisions, time.perf_counter() - start


# ---- (c) copies --------------------------------------------------------------------------------
def sample_states(players: int, count: int, seed: int) -> list[State]:
    """States from random games, spread over whole games (early, middle and late)."""
    states: list[State] = []
    rng = Rng(seed)
    g = 0
    while len(states) < count:
        state = herna.make(GAME, players=players, seed=seed + g)
        g += 1
        while not state.is_over() and len(states) < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.below(len(legal))])
            if rng.below(8) == 0:
                states.append(state.copy())
    return states


def copies_per_second(players: int, copies: int, seed: int) -> float:
    states = sample_states(players, 64, seed)
    start = time.perf_counter()
    for i in range(copies):
        states[i % len(states)].copy()
    return copies / (time.perf_counter() - start)


# ---- (b) strength ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Strength:
    players: int
    wins: WinShare
    greedy_ms: float  # mean milliseconds per greedy decision with more than one choice
    seconds: float


def greedy_vs_random(players: int, games: int, seed: int) -> Strength:
    """One greedy bot against random bots, its seat rotated through every seat of each deal
    (so the luck of the deal cancels out); ties count as shared wins."""
    specs = ["greedy"] + ["random"] * (players - 1)
    shares: list[float] = []
    think = 0.0
    thought = 0
    start = time.perf_counter()
    for i in range(games):
        seated = seat_bots(specs, i, rotate_seats=True)
        gseed = game_seed(seed, i, players, rotate_seats=True)
        state = herna.make(GAME, players=players, seed=gseed)
        bots = [make_bot(b, GAME, derive_seed(gseed, "bot", s)) for s, b in enumerate(seated)]
        greedy_seat = seated.index("greedy")
        while not state.is_over():
            seat = state.to_act()[0]
            if seat == greedy_seat and len(state.legal_actions(seat)) > 1:
                t0 = time.perf_counter()
                action = bots[seat].act(state, seat)
                think += time.perf_counter() - t0
                thought += 1
            else:
                action = bots[seat].act(state, seat)
            state.apply(seat, action)
        outcome = state.outcome()
        assert outcome is not None
        shares.append(outcome.win_shares()[greedy_seat])
    return Strength(players, win_share(shares), 1000 * think / max(1, thought),
                    time.perf_counter() - start)


# ---- profile -----------------------------------------------------------------------------------
def profile_random_play(players: int, games: int, seed: int, top: int = 18) -> str:
    """cProfile of uniform random play, by cumulative and by own time. The profiler adds a
    fixed cost to every call, so many small calls look dearer than they are."""
    random_games(players, 1, seed - 1)  # imports and the code book, outside the profile
    profiler = cProfile.Profile()
    profiler.enable()
    random_games(players, games, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


# ---- the machine and the report ------------------------------------------------------------------
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def machine() -> str:
    return (f"{cpu_model()} ({os.cpu_count()} CPUs), Python {platform.python_version()} "
            f"({platform.python_implementation()}), {platform.system()} {platform.machine()}")


def table(rows: Sequence[Row]) -> str:
    w1 = max(len("measure"), *(len(r.measure) for r in rows))
    w2 = max(len("value"), *(len(r.value) for r in rows))
    lines = [f"| {'measure':<{w1}} | {'value':>{w2}} | note |",
             f"|{'-' * (w1 + 2)}|{'-' * (w2 + 1)}:|------|"]
    lines += [f"| {r.measure:<{w1}} | {r.value:>{w2}} | {r.note} |" for r in rows]
    return "\n".join(lines)


def section(date: str, rows: Sequence[Row], args: argparse.Namespace) -> str:
    mode = "quick" if args.quick else "full"
    return (f"<!-- bench:{date} -->\n### {date}\n\n"
            f"Machine: {machine()}. One core, {mode} run: "
            f"`benchmarks/run.py{' --quick' if args.quick else ''} --games {args.games} "
            f"--seed {args.seed}`.\n\n{table(rows)}\n<!-- /bench:{date} -->\n")


def write_section(text: str, date: str, path: Path = BENCHMARKS_MD) -> None:
    """Replace the section of the same date, or add it after the `## Results` heading
    (newest first), so the file keeps one entry per day."""
    doc = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    pattern = re.compile(rf"<!-- bench:{re.escape(date)} -->.*?<!-- /bench:{re.escape(date)} -->\n",
                         re.S)
    if pattern.search(doc):
        doc = pattern.sub(lambda _: text, doc)
    elif "## Results\n" in doc:
        head, tail = doc.split("## Results\n", 1)
        doc = f"{head}## Results\n\n{text}{tail}"
    else:
        doc = doc.rstrip("\n") + "\n\n## Results\n\n" + text
    path.write_text(doc, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=None,
                   help="games per greedy-vs-random match (default 200, quick 20)")
    p.add_argument("--random-games", type=int, default=None,
                   help="4-player uniform random games to time (default 60, quick 8)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--quick", action="store_true", help="small samples: a smoke run")
    p.add_argument("--write", action="store_true",
                   help=f"record the figures in {BENCHMARKS_MD.name} under today's date")
    p.add_argument("--profile", action="store_true",
                   help="also profile uniform random play and print the hot functions")
    args = p.parse_args(argv)
    if args.games is None:
        args.games = 20 if args.quick else 200
    if args.random_games is None:
        args.random_games = 8 if args.quick else 60
    if args.games < 1 or args.random_games < 1:
        p.error("--games and --random-games must be at least 1")

    print(f"machine: {machine()}")
    rows: list[Row] = []
    dec, sec = random_games(4, args.random_games, args.seed)
    rows.append(Row("4p random play: decisions/s (legal_actions + apply)",
                    f"{dec / sec:,.0f}", f"goal {GOAL_DECISIONS:,}; {dec / args.random_games:.0f} "
                    "decisions per game"))
    rows.append(Row("4p random play: complete games/s", f"{args.random_games / sec:,.1f}",
                    f"goal {GOAL_GAMES}"))
    # other deals: the engine shares legal-move lists between equal positions in a process,
    # so replaying the same games would measure its caches, not its rules
    dec_u, sec_u = random_games(4, args.random_games, args.seed + 500_000, checked=False)
    rows.append(Row("4p random play: decisions/s (apply_unchecked)", f"{dec_u / sec_u:,.0f}",
                    f"{args.random_games / sec_u:,.1f} games/s"))
    print(table(rows), flush=True)
    copies = 5_000 if args.quick else 50_000
    for players in (2, 4):
        rows.append(Row(f"{players}p state.copy() per second",
                        f"{copies_per_second(players, copies, args.seed):,.0f}",
                        "states sampled across whole random games"))
    for players in (2, 4):
        s = greedy_vs_random(players, args.games, args.seed)
        w = s.wins
        who = "greedy vs random" if players == 2 else "1 greedy vs 3 random"
        rows.append(Row(f"{players}p {who}: greedy win share",
                        f"{100 * w.share:.1f}%",
                        f"95% CI {100 * w.ci_low:.1f}-{100 * w.ci_high:.1f}%, "
                        f"{w.games} games, seats rotated, ties shared"))
        rows.append(Row(f"{players}p greedy: ms per decision", f"{s.greedy_ms:.2f}",
                        "decisions with a real choice"))
        print(f"... {players}p strength done in {s.seconds:.0f} s", flush=True)
    print()
    print(table(rows))
    if args.profile:
        print()
        print(profile_random_play(4, max(2, args.random_games // 4), args.seed + 900_000))
    if args.write:
        date = dt.date.today().isoformat()
        write_section(section(date, rows, args), date)
        print(f"\nwrote the {date} section of {BENCHMARKS_MD}")


if __name__ == "__main__":
    main()
