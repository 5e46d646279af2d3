"""IS-MCTS benchmarks: search speed, time per decision at the hard level, strength vs greedy.

    .venv/bin/python benchmarks/mcts_bench.py --quick            # a smoke run (minutes)
    .venv/bin/python benchmarks/mcts_bench.py --games 100        # strength over 100 games
    .venv/bin/python benchmarks/mcts_bench.py --only speed,time  # skip the matches

- speed: MCTS iterations per CPU second (one core) at Alhambra's hard settings, over
  positions of seeded greedy games (goal: >= 2,000);
- time: CPU seconds per decision of the hard level in each game, 2 players, over positions of
  seeded greedy games (goal: <= 1 s; decisions the bot does not search, such as a single legal
  action or Ubongo's race, are left out);
- baseline (only when asked): greedy vs random, 2 players, seats rotated;
- strength: hard vs greedy, 2 players with seats rotated over each deal (goals: Alhambra and
  Envyra >= 75%, Roll & Write >= 65%, Ubongo >= 60%), and hard vs two greedy at 3 players
  (goal >= 55%), each a win share with its 95% Wilson interval and the number of games.
  Games are seeded by `herna.ai.arena` from `--seed`, so every figure is reproducible.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import herna
from herna.ai import make_bot
from herna.ai.arena import derive_seed, run_tournament
from herna.ai.mcts import MctsBot
from herna.ai.stats import win_share
from herna.core import State

GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")
GOALS_2P = {"alhambra": 0.75, "alhambra-rw": 0.65, "envyra": 0.75, "ubongo": 0.60}
GOAL_3P = 0.55


def positions(game: str, players: int, count: int, seed: int) -> list[tuple[State, int]]:
    """Positions spread over seeded greedy games, where the hard bot would search."""
    out: list[tuple[State, int]] = []
    g = 0
    while len(out) < count:
        s = herna.make(game, players=players, seed=derive_seed(seed, "bench", game, g))
        bots = [make_bot("greedy", game, derive_seed(seed, "bot", g, i)) for i in range(players)]
        stride = 1 + g % 3
        k = 0
        while not s.is_over() and len(out) < count:
            seat = s.to_act()[0]
            if len(s.legal_actions(seat)) > 1 and k % (5 + stride) == 0 and not _sampled(s, seat):
                out.append((s.copy(), seat))
            s.apply(seat, bots[seat].act(s, seat))
            k += 1
        g += 1
    return out


def _sampled(s: State, seat: int) -> bool:
    """A decision the hard bot plays without search (Ubongo's race)."""
    from herna.ai.mcts import hooks_for

    hook = hooks_for(s.spec.id).sampled_action
    return hook is not None and getattr(s, "phase", None) == "race"


def speed(count: int, seed: int) -> None:
    """The tree search with leaves judged at once, and playouts of 8 and of 30 plies (the hard
    level is a flat search: its rate is in `decision_times`)."""
    spots = positions("alhambra", 2, count, seed)
    for spec in ("mcts:iterations=1500,depth=0,dets=32,c=0.3,top=3,bias=0.3",
                 "mcts:iterations=1000,depth=8,dets=32",
                 "mcts:iterations=300,depth=30,dets=32"):
        bot = make_bot(spec, "alhambra", seed)
        assert isinstance(bot, MctsBot)
        rates = []
        for s, seat in spots:
            t = time.process_time()
            bot.act(s, seat)
            el = time.process_time() - t
            if bot.last_iterations:
                rates.append(bot.last_iterations / el)
        print(f"speed  alhambra 2p {spec.split(':')[0]} ({_settings(bot)}): "
              f"{statistics.mean(rates):,.0f} iterations/s per core (min {min(rates):,.0f}, "
              f"max {max(rates):,.0f}, {len(rates)} positions; goal >= 2,000)")


def decision_times(count: int, seed: int, which: Sequence[str] = GAMES) -> None:
    for game in which:
        for players in (2, 3):
            bot = make_bot("hard", game, seed)
            times = []
            for s, seat in positions(game, players, count, seed):
                t = time.process_time()
                bot.act(s, seat)
                times.append(time.process_time() - t)
            times.sort()
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            settings = _settings(bot) if isinstance(bot, MctsBot) else ""
            print(f"time   {game:<12} {players}p hard ({settings}): mean "
                  f"{statistics.mean(times):.3f} s, p95 {p95:.3f} s, max {times[-1]:.3f} s per "
                  f"decision ({len(times)} positions; goal <= 1 s)")
            sys.stdout.flush()


def strength(games: int, games3: int, seed: int, workers: int,
             which: Sequence[str] = GAMES, csv_dir: str | None = None,
             hard: str = "hard") -> None:
    for game in which:
        for players, n, goal in ((2, games, GOALS_2P[game]), (3, games3, GOAL_3P)):
            if n <= 0:
                continue
            n -= n % players  # whole deals: every bot plays every seat of each deal
            n = max(n, players)
            specs = [hard] + ["greedy"] * (players - 1)
            t = time.time()
            r = run_tournament(game, players, specs, n, seed=seed, workers=workers,
                               rotate_seats=True)
            if csv_dir:
                Path(csv_dir).mkdir(parents=True, exist_ok=True)
                r.write_csv(Path(csv_dir) / f"{game}-{players}p-seed{seed}.csv")
            measured = r.per_bot()[0]
            w = measured.wins
            mark = "meets" if w.share >= goal else "below"
            print(f"strength {game:<12} {players}p {hard} vs {players - 1} greedy: "
                  f"{w.share:.1%} [{w.ci_low:.1%}, {w.ci_high:.1%}] over {w.games} games "
                  f"(goal >= {goal:.0%}: {mark}); mean score {measured.score.mean:.1f}; "
                  f"{time.time() - t:.0f} s wall")
            sys.stdout.flush()


def pool(csv_dir: str) -> None:
    """Pool the per-game CSVs of chunked runs (`--csv-dir`, one seed per chunk) into one
    figure per game, player count and bot line-up: long measurements survive interruption."""
    figures: dict[tuple[str, str, str], list[float]] = {}
    scores: dict[tuple[str, str, str], list[float]] = {}
    seeds: dict[tuple[str, str, str], set[str]] = {}
    for path in sorted(Path(csv_dir).glob("*-*p-seed*.csv")):
        game = path.name.rsplit("-", 2)[0]
        with path.open(newline="") as f:
            rows = list(csv.DictReader(f))
        lineup = sorted({r["bot"] for r in rows if r["bot"] != "greedy"})
        for r in rows:
            if r["bot"] in lineup:
                key = (game, r["players"], r["bot"])
                figures.setdefault(key, []).append(float(r["win_share"]))
                scores.setdefault(key, []).append(float(r["score"]))
                seeds.setdefault(key, set()).add(path.name.rsplit("seed", 1)[1][:-4])
    for key, shares in sorted(figures.items()):
        game, players, bot = key
        w = win_share(shares)
        goal = GOALS_2P.get(game, 0.0) if players == "2" else GOAL_3P
        mark = "meets" if w.share >= goal else "below"
        print(f"pooled {game:<12} {players}p {bot} vs greedy: {w.share:.1%} "
              f"[{w.ci_low:.1%}, {w.ci_high:.1%}] over {w.games} games "
              f"(seeds {','.join(sorted(seeds[key], key=int))}; goal >= {goal:.0%}: {mark}); "
              f"mean score {statistics.mean(scores[key]):.1f}")


def baseline(games: int, seed: int, workers: int, which: Sequence[str] = GAMES) -> None:
    """Greedy vs random, 2 players, seats rotated: the yardstick's own strength."""
    for game in which:
        n = max(2, games - games % 2)
        t = time.time()
        r = run_tournament(game, 2, ["greedy", "random"], n, seed=seed, workers=workers,
                           rotate_seats=True)
        w = r.per_bot()[0].wins
        print(f"baseline {game:<12} 2p greedy vs random: {w.share:.1%} "
              f"[{w.ci_low:.1%}, {w.ci_high:.1%}] over {w.games} games; "
              f"{time.time() - t:.0f} s wall")
        sys.stdout.flush()


def _settings(bot: MctsBot) -> str:
    parts = [f"iterations={bot.iterations}"]
    if bot.depth is not None:
        parts.append(f"depth={bot.depth}")
    if bot.dets:
        parts.append(f"dets={bot.dets}")
    return ",".join(parts)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--quick", action="store_true", help="a smoke run: few positions and games")
    p.add_argument("--games", type=int, default=None, help="2-player games per figure")
    p.add_argument("--games3", type=int, default=None, help="3-player games per figure")
    p.add_argument("--positions", type=int, default=None, help="positions for speed and time")
    p.add_argument("--workers", type=int, default=2, help="processes for the matches")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--game", default=",".join(GAMES), help="comma-separated game ids")
    p.add_argument("--only", default="speed,time,strength",
                   help="comma-separated parts: speed, time, strength, baseline")
    p.add_argument("--hard", default="hard", help="the bot measured against greedy")
    p.add_argument("--csv-dir", default=None,
                   help="write each strength figure's games as CSV here (one file per seed)")
    p.add_argument("--pool", default=None, metavar="DIR",
                   help="only pool the CSVs of earlier chunked runs in DIR and print figures")
    a = p.parse_args(argv)
    if a.pool:
        pool(a.pool)
        return
    parts = {x.strip() for x in a.only.split(",")}
    count = a.positions or (6 if a.quick else 30)
    games = a.games if a.games is not None else (4 if a.quick else 40)
    games3 = a.games3 if a.games3 is not None else (3 if a.quick else 30)
    print(f"mcts_bench: seed {a.seed}, {count} positions, {games} 2p / {games3} 3p games per "
          f"figure, {a.workers} workers; times are CPU seconds")
    if "speed" in parts:
        speed(count, a.seed)
    which = [g.strip() for g in a.game.split(",") if g.strip()]
    if "time" in parts:
        decision_times(count, a.seed, which)
    if "baseline" in parts:
        baseline(games, a.seed, a.workers, which)
    if "strength" in parts:
        strength(games, games3, a.seed, a.workers, which, a.csv_dir, a.hard)


if __name__ == "__main__":
    main()
