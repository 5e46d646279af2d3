"""`herna play / simulate / replay / render / score alhambra-rw`, as a person would type them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from herna.cli import app

ENV = {"COLUMNS": "160", "NO_COLOR": "1", "HERNA_LANG": None}


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env=ENV)


def test_play_three_players_at_the_prompt() -> None:
    result = run("play", "alhambra-rw", "--players", "3", "--seed", "2", "--bots", "random",
                 input="help\nlegal\nbuild 9,9\nbuild 1,1\ncoins\nview all\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "ALHAMBRA ROLL & WRITE" in result.output  # help
    assert "coins" in result.output and "Score sheet" in result.output
    assert "seat 0 (you): coins" in result.output
    assert "Game left unfinished" in result.output


def test_play_solo_challenge_to_the_end_with_greedy_moves() -> None:
    answers = "1\n" * 200  # always the first legal action
    result = run("play", "alhambra-rw", "--players", "1", "--seed", "3",
                 "--option", "virtual=3", "--option", "vs_virtual=true", input=answers)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Virtual Dirkelson" in result.output


def test_simulate_replay_and_render(tmp_path: Path) -> None:
    result = run("simulate", "alhambra-rw", "--players", "2", "--games", "4",
                 "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    record = tmp_path / "game.json"
    result = run("play", "alhambra-rw", "--players", "3", "--seed", "5", "--watch",
                 "--save", str(record))
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "alhambra-rw" and data["outcome"]
    result = run("replay", str(record), "--text")
    assert result.exit_code == 0, result.output
    svg = tmp_path / "game.svg"
    result = run("render", "alhambra-rw", str(record), "-o", str(svg), "--seat", "1")
    assert result.exit_code == 0, result.output
    assert svg.read_text(encoding="utf-8").startswith("<svg")


def test_score_pad_seed_examples() -> None:
    result = run("score", "alhambra-rw",
                 "-p", "Barbara: arcades=2 tower=5 coins=3 lines=6,5,4",
                 "-p", "Dirk: arcades=2 tower=4 seraglio=3",
                 "-p", "Patricia: arcades=4 tower=1 seraglio=4",
                 "-p", "Frank: arcades=1 tower=3 seraglio=4",
                 "-p", "Ani: tower=8 seraglio=1",
                 "--paid", "tower: Ani=1", "--paid", "seraglio: Patricia=1 Frank=1")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Patricia and Frank shared 1st+2nd during play: (17 + 9) / 2 = 13 each" in out
    assert "Patricia 4 → 1st: 18; Barbara 2 and Dirk 2 share 2nd+3rd: (10 + 3) / 2 = 6 each" \
        in out
    assert "Ani took 1st during play: 21; Barbara 5 → 2nd: 13; Dirk 4 → 3rd: 6" in out
    total = next(line for line in result.output.splitlines() if "Total" in line)
    assert total.split()[1:] == ["37", "14", "31", "13", "21"]  # Barbara: 6+13+17 lines+1 coin


def test_score_pad_virtual_share_is_lost_and_grid_is_read() -> None:
    grid = "xxxxxx/x....x/x....x/x....x/x...../......"
    result = run("score", "alhambra-rw", "-p", f"Barbara: arcades=1 tower=12 grid={grid}",
                 "-p", "Ani: arcades=2", "-v", "Dirk: arcades=1")
    assert result.exit_code != 0  # tower=12: more crosses than boxes
    result = run("score", "alhambra-rw", "-p", "Barbara: arcades=1", "-p", "Ani: arcades=2",
                 "-v", "Dirk: arcades=1")
    assert result.exit_code == 0, result.output
    assert "Dirk's 6 are lost" in " ".join(result.output.split())


def test_score_pad_refuses_inconsistent_input() -> None:
    result = run("score", "alhambra-rw", "-p", "A: tower=8", "-p", "B: tower=2",
                 "--paid", "tower: A=2")
    assert result.exit_code != 0 and "place 1" in result.output
    result = run("score", "alhambra-rw", "-p", "A: tower=3", "-p", "B:", "--paid", "tower: A=1")
    assert result.exit_code != 0 and "boxes" in result.output
    result = run("score", "alhambra-rw", "-p", "A: tower=1 grid=xx..../....../....../"
                 "....../....../......")
    assert result.exit_code != 0 and "built cells" in " ".join(result.output.split())


def test_score_pad_asks_at_the_prompt_and_forgives_typos() -> None:
    answers = "2\nBarbara\narcades=1 coins=3\nAni\narcades=x\narcades=2 lines=4\narcades=1\n\n"
    result = run("score", "alhambra-rw", input=answers)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "is not a whole number" in out  # the typo, asked again
    assert "Ani 2 → 1st: 18; Barbara 1 and Dirk 1 share 2nd+3rd" in out
    total = next(line for line in result.output.splitlines() if "Total" in line)
    assert total.split()[1:] == ["7", "20", "0"]
