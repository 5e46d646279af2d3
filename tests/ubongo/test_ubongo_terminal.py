"""The Ubongo terminal tools as a player meets them: solutions in the game's notation,
pictures written as their names ask, the race's recap."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

import herna
from herna.games.ubongo.cli import app

ENV = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def test_solve_prints_each_solution_as_the_game_accepts_it() -> None:
    state = herna.make("ubongo", players=2, seed=3)
    state.apply(0, "start 1")
    state.apply(1, "start 2")
    mine = state.view(0)["seats"][0]
    r = run("solve", "--outline", mine["card"]["outline"]["text"],
            "--pieces", ",".join(mine["pieces"]), "--first")
    assert r.exit_code == 0, r.output
    typed = next(line for line in r.output.splitlines() if "as typed in a game" in line)
    text = typed.split(": ", 1)[1].strip()
    assert text.startswith("solve ")
    state.apply(0, text + " in 10")
    assert state.view(0)["seats"][0]["done"]


def test_render_writes_a_png_when_the_name_ends_in_png(tmp_path: Path) -> None:
    out = tmp_path / "card.png"
    r = run("render", "--card", "3", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert f"Wrote {out}" in r.output
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_render_refuses_an_extension_it_cannot_write(tmp_path: Path) -> None:
    out = tmp_path / "card.jpg"
    r = run("render", "--card", "3", "-o", str(out))
    assert r.exit_code == 2
    assert "card.jpg: cannot write this kind of picture" in r.output and ".svg, .png" in r.output
    assert not out.exists()
