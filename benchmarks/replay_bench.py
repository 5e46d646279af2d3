"""What stepping through a replay costs the server: a full 4-player Alhambra game (greedy bots,
a fixed seed), stepped from the first move to the last as one seat and as a spectator.

    .venv/bin/python benchmarks/replay_bench.py                  # Alhambra, 4 players
    .venv/bin/python benchmarks/replay_bench.py --game envyra --players 3

Three figures (herna.server.replays):
- building a replay, once per game: the game played from its record, its log's events, and a
  state kept every CHECKPOINT moves;
- the state at each step: from the kept state before it (at most CHECKPOINT - 1 moves), against
  rebuilding it from the start for every step (`herna.replay(record, upto=n)`), which makes
  stepping through a game quadratic;
- a whole step as `GET /api/replays/{id}?step=N` makes it: the state, the seat's view, its
  drawing, the log up to the step and the JSON text, per step, stepping forward.
CPU time (`time.process_time`), so other work on a shared machine counts less.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import herna
from herna.ai.registry import make_bot
from herna.server import replays
from herna.server.store import SeatRow, TableRow


def greedy_record(game: str, players: int, seed: int) -> dict[str, Any]:
    state = herna.make(game, players=players, seed=seed)
    bots = [make_bot("greedy", game, seed * 10 + i) for i in range(players)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
    return state.record()


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def build(record: dict[str, Any]) -> replays.Replay:
    row = TableRow(id="bench", game=record["game"], players=record["players"],
                   seed=record["seed"], options=record["options"], lang="en",
                   seats=[SeatRow(i, "bot", "hard", None) for i in range(record["players"])])
    return replays.Replay("bench", "table", row, [(s, t) for s, t in record["actions"]])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="alhambra")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    record = greedy_record(args.game, args.players, args.seed)
    moves = len(record["actions"])
    print(f"{args.game}, {args.players} players, seed {args.seed}: {moves} moves; "
          f"{platform.python_implementation()} {platform.python_version()}, "
          f"CHECKPOINT {replays.CHECKPOINT}")

    built, replay = cpu(lambda: build(record))
    print(f"build (once per game): {built * 1000:.1f} ms, "
          f"{len(replay.checkpoints)} states kept")

    naive, _ = cpu(lambda: [herna.replay(record, upto=n) for n in range(moves + 1)])
    kept, _ = cpu(lambda: [replay.state_at(n) for n in range(moves + 1)])
    print(f"the state at every step, 0 to {moves}: from the start each time "
          f"{naive * 1000:.0f} ms ({naive / (moves + 1) * 1000:.2f} ms a step); "
          f"from the kept states {kept * 1000:.0f} ms ({kept / (moves + 1) * 1000:.3f} ms "
          f"a step): {naive / max(kept, 1e-9):.0f}x less")

    for seat, name in ((0, "seat 0"), (None, "spectator")):
        for lang in ("en", "cs"):
            times: list[float] = []
            sizes: list[int] = []
            for n in range(moves + 1):
                took, text = cpu(lambda n=n, seat=seat, lang=lang:
                                 replay.payload_text(n, seat, lang))
                times.append(took * 1000)
                sizes.append(len(text))
            times.sort()
            print(f"a whole step as {name} ({lang}, stepping forward, drawings' caches "
                  f"{'cold' if lang == 'en' and seat == 0 else 'warm'}): mean "
                  f"{statistics.mean(times):.2f} ms, median {statistics.median(times):.2f}, "
                  f"95th percentile {times[int(len(times) * 0.95)]:.2f}, max {times[-1]:.2f}; "
                  f"payload {statistics.mean(sizes) / 1024:.0f} KB on average, "
                  f"{max(sizes) / 1024:.0f} KB at most")


if __name__ == "__main__":
    main()
