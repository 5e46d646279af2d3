"""Regenerate the golden Alhambra Roll & Write records in tests/alhambra_rw/golden/.

    .venv/bin/python tests/alhambra_rw/make_golden.py

Each record is a complete seeded game of seeded random legal actions, stored with its outcome;
test_rw_golden.py replays them and demands the same outcome. Regenerate ONLY after an intended
rules change (and say so in the commit).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import herna
from herna.core import Rng, State

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, game seed, chooser seed, options)
GAMES: list[tuple[int, int, int, dict[str, Any]]] = [
    (1, 2020, 1, {}), (2, 7, 2, {}), (3, 17, 3, {}), (5, 42, 4, {}),
    (1, 99, 5, {"virtual": 4, "vs_virtual": True}),
]


def path_for(players: int, seed: int) -> Path:
    return GOLDEN / f"alhambra_rw_{players}p_seed{seed}.json"


def play(players: int, seed: int, chooser: int, options: dict[str, Any]) -> State:
    state = herna.make("alhambra-rw", players=players, seed=seed, **options)
    rng = Rng(chooser)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed, chooser, options in GAMES:
        state = play(players, seed, chooser, options)
        path = path_for(players, seed)
        herna.save_record(state, path)
        out = state.outcome()
        assert out is not None
        print(f"{path.name}: {len(state.history)} actions, scores {list(out.scores)}")


if __name__ == "__main__":
    main()
