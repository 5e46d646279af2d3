"""OpenSpiel playthroughs of the four games, checked in and regenerated identically.

The files in playthroughs/ are written by OpenSpiel's own tool
(open_spiel/python/algorithms/generate_playthrough.py) and checked the way OpenSpiel's
integration_tests/playthrough_test.py checks its games: replay the recorded actions and
compare every line. A rule change or a change in what a view shows changes them on purpose;
then regenerate and review the diff:

    .venv/bin/python tests/interop/test_openspiel_playthroughs.py --regenerate
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

if os.environ.get("CI"):  # CI installs the research extra: missing, it is a failure
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open-spiel) is missing")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

from herna.interop import openspiel

DIR = Path(__file__).parent / "playthroughs"
GAMES = {name: f"{name}(players=2,seed=1)" for name in openspiel.NAMES.values()}


def _ready() -> None:
    openspiel.register()
    if not flags.FLAGS.is_parsed():  # the tool reads an absl flag (ids, not names)
        flags.FLAGS.mark_as_parsed()


def regenerate() -> None:
    _ready()
    for name, game_string in GAMES.items():
        text = generate_playthrough.playthrough(game_string, None, seed=1)
        (DIR / f"{name}.txt").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", list(GAMES))
def test_playthrough_replays_identically(name: str) -> None:
    _ready()
    path = DIR / f"{name}.txt"
    expected, actual = generate_playthrough.replay(str(path))
    assert f"game: {GAMES[name]}" in expected
    for n, (want, got) in enumerate(zip(expected.split("\n"), actual.split("\n"),
                                        strict=True)):
        assert want == got, f"{path.name} line {n + 1} differs"


def test_every_game_has_a_playthrough() -> None:
    assert sorted(p.stem for p in DIR.glob("*.txt")) == sorted(GAMES)


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: test_openspiel_playthroughs.py --regenerate")
