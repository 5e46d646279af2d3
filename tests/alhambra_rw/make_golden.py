"""Regenerate the golden Alhambra Roll & Write records in tests/alhambra_rw/golden/.

    .venv/bin/python tests/alhambra_rw/make_golden.py

Each record is a complete seeded game of seeded random legal actions, stored with its outcome;
test_rw_golden.py replays them and demands the same outcome. Regenerate ONLY after an intended
rules change (and say so in the commit).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from herna.testing import play_random, write_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, game seed, chooser seed, options)
GAMES: list[tuple[int, int, int, dict[str, Any]]] = [
    (1, 2020, 1, {}), (2, 7, 2, {}), (3, 17, 3, {}), (5, 42, 4, {}),
    (1, 99, 5, {"virtual": 4, "vs_virtual": True}),
]


def main() -> None:
    for players, seed, chooser, options in GAMES:
        state = play_random("alhambra-rw", players, seed, chooser, options)
        print(write_golden(state, GOLDEN / f"alhambra_rw_{players}p_seed{seed}.json"))


if __name__ == "__main__":
    main()
