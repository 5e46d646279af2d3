"""Envyra benchmarks: the Equilibrium option, on top of benchmarks/engine.py.

    .venv/bin/python benchmarks/envyra_bench.py                 # full run
    .venv/bin/python benchmarks/envyra_bench.py --quick         # a smoke run in seconds
    .venv/bin/python benchmarks/envyra_bench.py --extras-only   # only the Envyra options

The generic measurements (random play at 2-4 players, copies, greedy vs random at 2-4
players) come from engine.py; this file adds random play and greedy vs random with the
Equilibrium C variant. Decisions are what `to_act` asks for (a phase-I marking, a phase-II
choice of die); forced die moves happen inside them. Times are CPU seconds of this process;
seeds are fixed. `benchmarks/run.py --game envyra` runs the same, and calls `extra_rows`.
"""

from __future__ import annotations

from collections.abc import Sequence

import engine
from engine import Plan, Row, Settings

GAME = "envyra"
PLAN = Plan(random_players=(2, 3, 4), unchecked_players=4, copy_players=(4,),
            strength_players=(2, 3, 4))
EQUILIBRIUM = {"equilibrium": "C"}


def extra_rows(settings: Settings) -> list[Row]:
    n = settings.random_games or (PLAN.random_games_quick if settings.quick
                                  else PLAN.random_games)
    rows = engine.random_rows(GAME, 4, n, settings.seed, options=EQUILIBRIUM,
                              label=", Equilibrium C")[:1]
    m = engine.match(GAME, 4, settings.games, settings.seed, options=EQUILIBRIUM)
    rows += engine.match_rows(m, "1 greedy vs 3 random, Equilibrium C", speed=False)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    engine.standalone(GAME, PLAN, extra_rows, argv, __doc__.splitlines()[0] if __doc__ else None)


if __name__ == "__main__":
    main()
