"""Regenerate the golden Envyra records in tests/envyra/golden/.

    .venv/bin/python tests/envyra/make_envyra_golden.py

Each record is a complete seeded game of seeded random legal actions, stored with its outcome;
test_envyra_golden.py replays them and demands the same outcome. Regenerate ONLY after an
intended rules or data change (and say so in the commit).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import herna
import herna.games.envyra
from herna.core import Rng, State

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, game seed, chooser seed, options)
GAMES: list[tuple[int, int, int, dict[str, Any]]] = [
    (2, 2024, 1, {}),
    (3, 17, 2, {"equilibrium": "A"}),
    (4, 42, 3, {"equilibrium": "C", "end_tile": "K"}),
]


def path_for(players: int, seed: int) -> Path:
    return GOLDEN / f"envyra_{players}p_seed{seed}.json"


def play(players: int, seed: int, chooser: int, options: dict[str, Any]) -> State:
    state = herna.make("envyra", players=players, seed=seed, **options)
    rng = Rng(chooser)
    while not state.is_over():
        acting = state.to_act()
        seat = acting[rng.below(len(acting))]
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
        print(f"{path.name}: {len(state.history)} actions, scores {list(out.scores)}, "
              f"end {out.details['end']}")


if __name__ == "__main__":
    main()
