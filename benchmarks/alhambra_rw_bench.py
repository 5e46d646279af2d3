"""Alhambra Roll & Write benchmarks: the solo modes, on top of benchmarks/engine.py.

    .venv/bin/python benchmarks/alhambra_rw_bench.py                 # full run
    .venv/bin/python benchmarks/alhambra_rw_bench.py --quick         # a smoke run in seconds
    .venv/bin/python benchmarks/alhambra_rw_bench.py --extras-only   # only the solo modes

The generic measurements (random play at 2, 3 and 5 players, copies, greedy vs random at 2-5
players) come from engine.py; this file adds the solo game (1 player against virtual players,
with and without the vs-virtual bonus): random play speed and the greedy bot's win share
against 2, 3 and 4 virtual players. Times are CPU seconds of this process; seeds are fixed.
`benchmarks/run.py --game alhambra-rw` runs the same, and `extra_rows` is what it calls.
"""

from __future__ import annotations

from collections.abc import Sequence

import engine
from engine import Plan, Row, Settings

import herna
from herna.ai.arena import derive_seed
from herna.ai.registry import make_bot
from herna.ai.stats import win_share

GAME = "alhambra-rw"
PLAN = Plan(random_players=(2, 3, 5), unchecked_players=3, copy_players=(3,),
            strength_players=(2, 3, 4, 5))


def greedy_vs_virtual(virtual: int, games: int, seed: int) -> Row:
    """The solo mode against virtual players (their building VP + bonus): greedy's share."""
    shares = []
    for g in range(games):
        gseed = derive_seed(seed, "solo", virtual, g)
        state = herna.make(GAME, players=1, seed=gseed, virtual=virtual, vs_virtual=True)
        bot = make_bot("greedy", GAME, derive_seed(gseed, "bot", 0))
        while not state.is_over():
            state.apply(0, bot.act(state, 0))
        out = state.outcome()
        assert out is not None
        shares.append(out.details["vs_virtual"]["human_win_share"][0])
    w = win_share(shares)
    return Row(f"1p greedy solo vs {virtual} virtual (+bonus): win share", engine.share_text(w),
               engine.ci_text(w))


def extra_rows(settings: Settings) -> list[Row]:
    n = settings.random_games or (PLAN.random_games_quick if settings.quick
                                  else PLAN.random_games)
    rows: list[Row] = []
    for options, label in (({}, " (2 virtual)"), ({"virtual": 4, "vs_virtual": True},
                                                  " vs 4 virtual (+bonus)")):
        rows += engine.random_rows(GAME, 1, n, settings.seed, options=options, label=label)
    solo = max(1, settings.games // 2)
    rows += [greedy_vs_virtual(v, solo, settings.seed) for v in (2, 3, 4)]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    engine.standalone(GAME, PLAN, extra_rows, argv, __doc__.splitlines()[0] if __doc__ else None)


if __name__ == "__main__":
    main()
