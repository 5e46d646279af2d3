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

from herna.testing import play_random, write_golden

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, game seed, chooser seed)
GAMES = [(2, 2003, 1), (3, 17, 2), (5, 42, 3)]


def main() -> None:
    for players, seed, chooser in GAMES:
        state = play_random("alhambra", players, seed, chooser)
        print(write_golden(state, GOLDEN / f"alhambra_{players}p_seed{seed}.json"))


if __name__ == "__main__":
    main()
