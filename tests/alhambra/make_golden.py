"""Regenerate the golden Alhambra records in tests/alhambra/golden/.

    .venv/bin/python tests/alhambra/make_golden.py

Each record is a complete seeded game played by seeded random legal actions, stored with its
outcome; test_golden.py replays them and demands the same scores and breakdown.

Regenerate ONLY after an intended rules change (and say so in the commit): the records exist
to catch unintended changes to the rules, so rewriting them to make a failing test pass
throws that protection away.
"""

from __future__ import annotations

from pathlib import Path

import herna
from herna.core import Rng, State

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, game seed, chooser seed)
GAMES = [(2, 2003, 1), (3, 17, 2), (5, 42, 3)]


def path_for(players: int, seed: int) -> Path:
    return GOLDEN / f"alhambra_{players}p_seed{seed}.json"


def play(players: int, seed: int, chooser: int) -> State:
    """A whole game of uniformly random legal actions, chosen by a seeded Rng."""
    state = herna.make("alhambra", players=players, seed=seed)
    rng = Rng(chooser)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed, chooser in GAMES:
        state = play(players, seed, chooser)
        path = path_for(players, seed)
        herna.save_record(state, path)
        out = state.outcome()
        assert out is not None
        print(f"{path.name}: {len(state.history)} actions, scores {list(out.scores)}")


if __name__ == "__main__":
    main()
