"""Does a fitted leaf value help? The hard level against greedy bots, with the game's fitted
model and with its hand-made evaluation (the model set aside), on the same seeded deals.

    .venv/bin/python benchmarks/leaf_bench.py alhambra --players 5 --games 50 --seed 100

Seats rotate over every deal (use a multiple of the player count); ties are shared; 95% Wilson
intervals. Both runs play in this process (the model is set aside by player count in the
game's `LEAF`), one after the other; times are CPU seconds.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from herna.ai.arena import run_tournament
from herna.ai.registry import game_module


def hard_share(game: str, players: int, games: int, seed: int) -> str:
    t = time.process_time()
    r = run_tournament(game, players, ["hard"] + ["greedy"] * (players - 1), games, seed=seed,
                       workers=1, rotate_seats=True)
    w = r.per_bot()[0].wins
    return (f"{w.share:.1%} [{w.ci_low:.1%}, {w.ci_high:.1%}] over {w.games} games "
            f"(fair share {1 / players:.1%}); {time.process_time() - t:.0f} CPU s")


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("game")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seed", type=int, default=100)
    a = p.parse_args(argv)
    bots = game_module(a.game, "bots")
    model = getattr(bots, "LEAF", {}).get(a.players)
    if model is None:
        p.error(f"{a.game} has no fitted leaf model for {a.players} players")
    print(f"{a.game} {a.players}p hard v {a.players - 1} greedy, seed {a.seed}", flush=True)
    print(f"  fitted evaluation:    {hard_share(a.game, a.players, a.games, a.seed)}",
          flush=True)
    del bots.LEAF[a.players]
    try:
        print(f"  hand-made evaluation: {hard_share(a.game, a.players, a.games, a.seed)}",
              flush=True)
    finally:
        bots.LEAF[a.players] = model


if __name__ == "__main__":
    main()
