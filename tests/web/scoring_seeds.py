"""Seeds for a browser test that reaches Alhambra's first scoring round quickly (not a test).

A two-player table (me and an easy bot, so Dirk plays) where I only take money: the money
display is refilled from the deck after every take, so scoring card A comes after a dozen
cards at best (pile 1 holds 12). This plays it out with the table's own bot and lists the
seeds whose first scoring comes after the fewest of my moves:

    PYTHONPATH=src .venv/bin/python tests/web/scoring_seeds.py [how many seeds]
"""

from __future__ import annotations

import sys

import herna
from herna.server.botproc import seat_bot


def my_moves_to_first_scoring(seed: int, limit: int = 60) -> int | None:
    """How many moves seat 0 makes (always taking the first card it may) before scoring
    round 1; None if it has not come by `limit`."""
    state = herna.make("alhambra", players=2, seed=seed)
    bot = seat_bot("easy", "alhambra", seed, 1)
    mine = 0
    while not state.view(None)["scorings"] and mine <= limit:
        seat = state.to_act()[0]
        if seat == 0:
            legal = [str(a) for a in state.legal_actions(0)]
            takes = [a for a in legal if a.startswith("take ") and len(a.split()) == 2]
            state.apply(0, (takes or legal)[0])
            mine += 1
        else:
            state.apply(1, str(bot.act(state.copy(), 1)))
    return mine if state.view(None)["scorings"] else None


def main(count: int) -> None:
    found = [(n, seed) for seed in range(count)
             if (n := my_moves_to_first_scoring(seed)) is not None]
    for n, seed in sorted(found)[:10]:
        print(f"seed {seed}: scoring round 1 after {n} of my moves")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
