"""The Ubongo terminal tools as a player meets them: solutions in the game's notation,
pictures written as their names ask, the race's recap."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import herna
from herna.ai.registry import make_bot
from herna.games.ubongo import terminal
from herna.games.ubongo.cli import app, solve_text
from herna.games.ubongo.i18n import colour_name
from herna.games.ubongo.solver import parse_outline, parse_pieces, solutions

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


def _race(seed: int = 3) -> herna.State:
    state = herna.make("ubongo", players=2, seed=seed)
    state.apply(0, "start 1")
    state.apply(1, "start 2")
    return state


def _solution(state: herna.State, seat: int) -> str:
    mine = state.view(seat)["seats"][seat]
    outline = parse_outline(mine["card"]["outline"]["text"])
    return solve_text(next(iter(solutions(outline, parse_pieces(",".join(mine["pieces"]))))))


def _said(parts: list[Any]) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    for part in parts:
        console.print(part)
    return console.export_text()


def test_a_solution_after_the_hourglass_is_told_so() -> None:
    state = _race()
    timer = state.view(0)["timer"]
    before = copy.deepcopy(state.view(0))
    state.apply(0, f"{_solution(state, 0)} in {timer + 5}")
    text = _said(terminal.announce(before, copy.deepcopy(state.view(0))))
    assert f"Your solution came at {timer + 5}.0 s, after the hourglass ({timer} s)" in text
    assert f"counts only if nobody finishes within the hourglass (then up to {2 * timer} s)" \
        in text
    in_time = _race()
    before = copy.deepcopy(in_time.view(0))
    in_time.apply(0, f"{_solution(in_time, 0)} in 5")
    assert "after the hourglass" not in _said(terminal.announce(before, in_time.view(0)))


def test_the_round_recap_says_who_counted_who_was_late_and_who_took_which_gems() -> None:
    state = _race()
    timer = state.view(0)["timer"]
    state.apply(0, f"{_solution(state, 0)} in 10")
    state.apply(1, f"{_solution(state, 1)} in {timer + 1}")  # late: seat 0 made it in time
    before = copy.deepcopy(state.view(0))
    while len(state.view(0)["rounds_log"]) < 1:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    after = state.view(0)
    text = _said(terminal.announce(before, after))
    r = after["rounds_log"][0]
    assert "Round 1 (" in text and "is over" in text
    assert "counted: 1. seat 0 (you) (10.0 s)" in text
    assert f"solved too late, after the hourglass: seat 1 ({timer + 1}.0 s)" in text
    gems = " ".join(colour_name(g) for g in r["moves"][0]["gems"]) or "nothing"
    assert f"seat 0 (you): field {r['moves'][0]['from']} → {r['moves'][0]['to']}, took {gems}" \
        in text


def test_the_end_screen_labels_its_numbers() -> None:
    state = herna.make("ubongo", players=2, seed=4)
    bots = [make_bot("greedy", "ubongo", s) for s in range(2)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
    view = state.view(0)
    scores = view["outcome"]["scores"]
    assert scores == [max(s["gems"].values()) for s in view["seats"]]
    whole = _said([terminal.render(view)])
    assert f"Most gems of one colour (the score): seat 0 (you) {scores[0]} · seat 1 {scores[1]}" \
        in whole
    # after the CLI's score table the closing words say only how it was decided
    text = _said(terminal.ending(view))
    assert "Winner: " in text or "Shared win: " in text
    assert "Most gems of one colour" not in text
    assert "not finished: 0" not in whole and "not finished: 1" not in whole


@pytest.mark.parametrize("other", ["10", "70"])
def test_the_late_verdict_when_my_solution_ends_the_race(other: str) -> None:
    """At the terminal the bots go first, so my submission resolves the race: the word on a
    late solution is then the verdict."""
    state = _race()
    timer = state.view(0)["timer"]
    state.apply(1, f"{_solution(state, 1)} in {other}")
    before = copy.deepcopy(state.view(0))
    state.apply(0, f"{_solution(state, 0)} in {timer + 5}")
    text = _said(terminal.announce(before, state.view(0)))
    said = f"Your solution came at {timer + 5}.0 s, after the hourglass ({timer} s)"
    if int(other) <= timer:
        assert f"{said}: it does not count, as seat 1 finished within it." in text
    else:
        assert f"{said}; it counts, as nobody finished within the hourglass." in text
