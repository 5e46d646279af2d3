"""Regenerate the golden Envyra records in tests/envyra/golden/.

    .venv/bin/python tests/envyra/make_envyra_golden.py

Each record is a complete seeded game of seeded random legal actions, stored with its outcome;
test_envyra_golden.py replays them and demands the same outcome. Regenerate ONLY after an
intended rules or data change (and say so in the commit).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from herna.testing import play_random, write_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, game seed, chooser seed, options)
GAMES: list[tuple[int, int, int, dict[str, Any]]] = [
    (2, 2024, 1, {}),
    (3, 17, 2, {"equilibrium": "A"}),
    (4, 42, 3, {"equilibrium": "C", "end_tile": "K"}),
]


def main() -> None:
    for players, seed, chooser, options in GAMES:
        # the chooser also picks which seat acts where several may (simultaneous moves)
        state = play_random("envyra", players, seed, chooser, options, any_seat=True)
        line = write_golden(state, GOLDEN / f"envyra_{players}p_seed{seed}.json")
        out = state.outcome()
        assert out is not None
        print(f"{line}, end {out.details['end']}")


if __name__ == "__main__":
    main()
