"""The terminal game as a newcomer meets it (issue 15): pictures written as their names ask,
a screen that fits 80×24, one final score, saved games continued, pads that ask again."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner, Result

import herna
from herna.cli import app

ENV = {"COLUMNS": "80", "LINES": "24", "NO_COLOR": None, "FORCE_COLOR": None,
       "HERNA_LANG": None}


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env=ENV)


def record_of(tmp_path: Path, game: str = "alhambra", players: int = 3, moves: int = 12,
              seed: int = 7) -> Path:
    state = herna.make(game, players=players, seed=seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    path = tmp_path / "game.json"
    herna.save_record(state, path)
    return path


def test_render_writes_png_for_a_png_name(tmp_path: Path) -> None:
    out = tmp_path / "x.png"
    result = run("render", "alhambra", str(record_of(tmp_path)), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}" in result.output
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_render_refuses_an_unknown_extension_before_writing(tmp_path: Path) -> None:
    out = tmp_path / "x.gif"
    result = run("render", "alhambra", str(record_of(tmp_path)), "-o", str(out))
    assert result.exit_code == 2
    assert "x.gif: cannot write this kind of picture; name the file with one of: .svg, .png" \
        in result.output.replace("\n", "")
    assert not out.exists()
