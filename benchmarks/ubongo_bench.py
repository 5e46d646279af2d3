"""Ubongo benchmarks: the gem chooser and the race's skill levels, on top of engine.py.

    .venv/bin/python benchmarks/ubongo_bench.py                 # full run
    .venv/bin/python benchmarks/ubongo_bench.py --quick         # a smoke run in seconds
    .venv/bin/python benchmarks/ubongo_bench.py --extras-only   # only the Ubongo matches

The generic measurements (random play at 2-4 players, copies, greedy vs the uniform random
bot at 2-4 players) come from engine.py, after an untimed warm-up: the solver's first solution
of each card row is computed once per process and then shared, as a server would. This file
adds:
- the greedy gem chooser against a random gem chooser at equal solve speed (both race with
  the medium skill model; only the start field and the moves differ), 2-4 players, one greedy
  seat rotating (goal >= 80%), and how often it ends ahead of each random chooser;
- the race's skill levels against each other (greedy gem choice on both sides), 2 players.
Times are CPU seconds of this process; seeds are fixed. `benchmarks/run.py --game ubongo`
runs the same, and calls `extra_rows`.
"""

from __future__ import annotations

from collections.abc import Sequence

import engine
from engine import Plan, Row, Settings

import herna
from herna.games.ubongo.bots import RandomGemBot
from herna.games.ubongo.state import UbongoState

GAME = "ubongo"
GOAL_GEMS = 0.80


def warm_deck() -> None:
    """Solve every card row once (untimed): the engine shares those answers in a process."""
    from herna.games.ubongo import rules
    s = herna.make(GAME, players=2, seed=0)
    assert isinstance(s, UbongoState)
    for card in s.deck.cards:
        for symbol in range(6):
            s.cards[0], s.symbol = card.number, symbol
            rules.first_placements(s, 0)


PLAN = Plan(random_players=(2, 3, 4), unchecked_players=3, copy_players=(3,),
            strength_players=(2, 3, 4), warmup=warm_deck)


def extra_rows(settings: Settings) -> list[Row]:
    rows: list[Row] = []
    for players in (2, 3, 4):
        m = engine.match(GAME, players, settings.games, settings.seed, hero="greedy",
                         other=lambda seed: RandomGemBot(seed=seed))
        who = ("greedy vs random gem chooser" if players == 2
               else f"1 greedy vs {players - 1} random gem choosers")
        rows += engine.match_rows(m, who, hero="greedy gem chooser", target=GOAL_GEMS,
                                  speed=False)
    for a, b in (("hard", "medium"), ("medium", "easy")):
        m = engine.match(GAME, 2, settings.games, settings.seed, hero=f"greedy:skill={a}",
                         other=f"greedy:skill={b}")
        rows += engine.match_rows(m, f"skill {a} vs {b}", hero=a, target=None, speed=False)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    engine.standalone(GAME, PLAN, extra_rows, argv, __doc__.splitlines()[0] if __doc__ else None)


if __name__ == "__main__":
    main()
