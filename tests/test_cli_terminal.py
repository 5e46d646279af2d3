"""The terminal game as a newcomer meets it (issue 15): pictures written as their names ask,
a screen that fits 80×24, one final score, saved games continued, pads that ask again."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import herna
from herna.ai.arena import derive_seed
from herna.ai.registry import game_module, make_bot
from herna.cli import app
from herna.games.envyra.i18n import t as envyra_t
from herna.i18n import speaking

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


SCREENS = [("alhambra", 2, {}), ("alhambra", 6, {}), ("alhambra-rw", 1, {}),
           ("alhambra-rw", 5, {}), ("envyra", 4, {}), ("envyra", 2, {}),
           ("ubongo", 4, {"side": "hard"}), ("ubongo", 2, {})]


@pytest.mark.parametrize(("game", "players", "options"), SCREENS)
def test_every_turn_fits_a_80_by_24_terminal(game: str, players: int,
                                             options: dict[str, Any]) -> None:
    """The move rule, the compact screen and the prompt: at most 24 lines of 80 columns,
    at every decision of a whole game."""
    state = herna.make(game, players=players, seed=11, **options)
    bots = [make_bot("greedy", game, s) for s in range(players)]
    compact = game_module(game, "terminal").compact
    while not state.is_over():
        seat = state.to_act()[0]
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(compact(state.view(seat)))
        assert console.export_text().count("\n") <= 22, console.export_text()
        state.apply(seat, bots[seat].act(state, seat))


def test_play_help_tells_no_wrong_start_player() -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.replace("│", " ").split())
    assert "seat 0 acts first" not in text
    assert "Who starts follows the game's rules" in text
    assert "--load" in text and "--delay" in text and "--step" in text


def test_one_player_is_one_player() -> None:
    result = run("play", "alhambra-rw", "--players", "1", "--seed", "3", input="quit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Alhambra Roll & Write: 1 player, seed 3." in result.output
    assert "1 players" not in result.output
    cs = run("play", "alhambra-rw", "--players", "2", "--seed", "3", "--lang", "cs",
             input="quit\ny\n")
    assert "Alhambra Roll & Write: 2 hráči, seed 3." in cs.output
    cs = run("play", "alhambra", "--players", "5", "--watch", "--seed", "3", "--lang", "cs",
             "--bots", "random", "--delay", "0")
    assert "Alhambra: 5 hráčů, seed 3" in cs.output


def test_roll_and_write_explains_the_crosses_of_the_setup() -> None:
    result = run("play", "alhambra-rw", "--players", "1", "--seed", "3", input="quit\ny\n")
    out = result.output
    assert "before round 1 every player built three buildings with starting rolls" in out
    state = herna.make("alhambra-rw", players=1, seed=3)
    built = state.view(0)["seats"][0]["built"]
    cells = [f"{r + 1},{c + 1}" for r in range(6) for c in range(6) if built[r][c]]
    assert len(cells) == 3
    line = next(x for x in out.splitlines() if x.strip().startswith("Seat 0 (you):"))
    assert all(cell in line for cell in cells)
    assert "Virtual Dirk:" in out and "Virtual Dirki:" in out


@pytest.mark.parametrize("vs", [False, True])
def test_a_solo_game_ends_by_saying_how_it_went(vs: bool) -> None:
    flags = ["--vs-virtual"] if vs else []
    result = run("play", "alhambra-rw", "--players", "1", "--watch", "--seed", "3",
                 "--delay", "0", *flags)
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    if vs:
        assert any(w in out for w in ("You beat the virtual players!", "a shared win",
                                      "The virtual players won this time."))
        assert "for buildings + 21 bonus" in out
    else:
        assert "Your solo game: " in out
        assert "The more points the player scores, the more successful they are." in out
        assert "--vs-virtual" in out


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_the_final_score_is_printed_once(game: str) -> None:
    result = run("play", game, "--players", "2", "--watch", "--seed", "5", "--delay", "0")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Final score") == 1
    assert "Game over · winner" not in out and "Game over · shared win" not in out
    if game == "envyra":
        state = herna.make("envyra", players=2, seed=5)
        bots = [make_bot("greedy", "envyra", derive_seed(5, "bot", s)) for s in range(2)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].act(state, seat))
        reason = envyra_t(f"reason.{state.view(None)['end']}")
        assert out.count(reason) == 1
    if game == "ubongo":
        assert "Winner: " in out or "Shared win: " in out


def test_watch_announces_each_alhambra_scoring_round() -> None:
    result = run("play", "alhambra", "--players", "3", "--watch", "--seed", "1",
                 "--bots", "greedy", "--delay", "0")
    out = result.output
    for n in (1, 2, 3):
        assert out.count(f"Scoring round {n}") == 1
    first = out[out.index("Scoring round 1"):]
    assert "points this round: Seat 0 " in first and "longest walls: " in first


def test_watch_steps_on_enter() -> None:
    result = run("play", "envyra", "--players", "2", "--watch", "--seed", "2", "--step",
                 input="\n\n\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Enter: next move") == 4  # three Enters, then input ended
    assert "Final score" in result.output
    bad = run("play", "envyra", "--watch", "--delay", "-1")
    assert bad.exit_code == 2 and "--delay must be 0 or more seconds, not -1" in bad.output


def test_load_continues_a_saved_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run("play", "alhambra", "--players", "2", "--seed", "4", "--save", str(save),
                input="1\n1\nquit\ny\n")
    assert first.exit_code == 0, first.output
    left = herna.load_record(save)
    moves = len(left["actions"])
    assert moves > 0 and not herna.replay(left).is_over()
    again = run("play", "--load", str(save), input="1\nquit\ny\n")
    assert again.exit_code == 0, again.output
    assert f"Continuing {save} after {moves} moves." in again.output
    assert f"Record saved to {save}" in again.output
    record = herna.load_record(save)
    assert record["actions"][:moves] == left["actions"]
    assert len(record["actions"]) > moves and record["seed"] == 4
    named = run("play", "alhambra", "--load", str(save), input="quit\ny\n")
    assert named.exit_code == 0, named.output


def test_load_refuses_a_bad_or_foreign_file_with_one_line(tmp_path: Path) -> None:
    game = record_of(tmp_path, "alhambra", 2, 4)
    cases: dict[str, tuple[str, list[str]]] = {
        "not json": ("{broken", []),
        "a list": ("[1, 2]", []),
        "someone's data": (json.dumps({"name": "x"}), []),
    }
    for what, (text, extra) in cases.items():
        path = tmp_path / f"{what}.json"
        path.write_text(text, encoding="utf-8")
        result = run("play", "--load", str(path), *extra)
        assert result.exit_code == 2, (what, result.output)
        assert result.output.startswith("error: ") and str(path) in result.output.replace(
            "\n", ""), what
        assert "Traceback" not in result.output
    missing = run("play", "--load", str(tmp_path / "nowhere.json"))
    assert missing.exit_code == 2 and "nowhere.json" in missing.output
    other = run("play", "envyra", "--load", str(game))
    assert other.exit_code == 2 and "the record is a game of alhambra, not envyra" in other.output
    flags = run("play", "--load", str(game), "--players", "3", "--seed", "1")
    assert flags.exit_code == 2 and "leave out --players, --seed" in flags.output
    finished = tmp_path / "over.json"
    state = herna.make("envyra", players=2, seed=1)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    herna.save_record(state, finished)
    over = run("play", "--load", str(finished))
    assert over.exit_code == 2 and "holds a finished game; herna replay shows it" in over.output
    nothing = run("play")
    assert nothing.exit_code == 2 and "continue a saved one with --load FILE" in nothing.output


def pad(game: str, answers: list[str], *args: str) -> str:
    result = CliRunner().invoke(app, ["score", game, *args], input="\n".join(answers) + "\n",
                                env={**ENV, "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "Invalid value" not in result.output and "--player" not in result.output
    return result.output


def test_roll_and_write_pad_asks_again_for_a_taken_name_or_an_unearned_place() -> None:
    out = pad("alhambra-rw", ["1", "Ani", "tower=8 coins=3 lines=5", "2", "tower=3",
                              "garden=2", "tower: Ani=1 Dirk=1", "seraglio: Ani=1",
                              "tower: Ani=1", "tower: Ani=1", ""])
    assert "Dirk cannot have been paid for completing the towers during play" in out
    assert "Ani cannot have been paid for completing the seraglios during play" in out
    assert "tower" in out and "Winner: Ani" in out
    names = pad("alhambra-rw", ["2", "Ani", "tower=1", "ani", "Ben", "garden=1", "", ""])
    assert "ani is already at the table; please give another name." in names
    assert "Ben" in names


def test_envyra_pad_asks_again_for_a_tile_someone_holds() -> None:
    out = pad("envyra", ["3", "Kim", "S04 END", "kim", "Nina", "END", "S04 B20", "B20",
                         "Ola", "B01"])
    assert "kim is already at the table; please give another name." in out
    assert "Kim already holds the end tile: there is only one" in out
    assert "S04: Kim already holds it (each tile is in the box once)" in out
    assert "Envyra score pad" in out and "Ola" in out


def test_ubongo_pad_asks_again_for_gems_the_game_does_not_have() -> None:
    out = pad("ubongo", ["5", "2", "Ana", "12", "0", "0", "0", "0", "0", "ana", "Bo", "1", "0",
                         "0", "0", "0", "0", "0"])
    assert "Please select one of the available options" in out  # 5 players: asked again
    assert "At most 0: the game has 12 green gems, 12 of them counted already." in out
    assert "ana is already at the table" in out and "Winner: Ana" in out


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_score_pads_fit_80_columns_without_cutting_words(game: str) -> None:
    players = {"alhambra": ["Kimberly: tower=4 pavilion=2 walls=8", "Nina-Maria: tower=4",
                            "Cecilie: garden=1", "Dominik: garden=1", "Evženie: garden=1",
                            "Frederika: arcades=1"],
               "alhambra-rw": ["Anastasia: tower=8 coins=3 lines=6,5,4", "Benedikt: tower=4",
                               "Cecilie: garden=3", "Dominik: arcades=2",
                               "Evženie: seraglio=1"],
               "envyra": ["Kimberly: orange/sun:4 green/leaf:2 end:5", "Nina: blue/sea:2",
                          "Cecilie: S04", "Dominik: B20"],
               "ubongo": ["Anastasia:6,4,2,2,2,2", "Cyril:5,4,3,2,1,0",
                          "Dominika:1,1,1,1,1,1", "Evzen:0,0,0,0,0,0"]}[game]
    args = ["--round", "3"] if game == "alhambra" else []
    for p in players:
        args += ["-p", p]
    result = CliRunner().invoke(app, ["score", game, *args], env=ENV)
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    for p in players:
        assert p.split(":")[0] in result.output


CUT_OK = ("puzzling…", "skládá…", "skladá…")  # the race's own word, not a cut


@pytest.mark.parametrize(("game", "players"), [("alhambra", 6), ("alhambra-rw", 5),
                                               ("alhambra-rw", 1), ("envyra", 4),
                                               ("ubongo", 4)])
def test_no_screen_cuts_a_word_at_80_columns(game: str, players: int) -> None:
    """Names, building types and numbers whole in the compact screen and in `view all`,
    in every language, every tenth decision and at the end."""
    state = herna.make(game, players=players, seed=2)
    bots = [make_bot("greedy", game, s) for s in range(players)]
    module = game_module(game, "terminal")
    step = 0
    while True:
        seat = state.to_act()[0] if not state.is_over() else 0
        if step % 10 == 0 or state.is_over():
            for lang in ("en", "cs", "sk"):
                with speaking(lang):
                    for draw in (module.compact, module.render):
                        console = Console(width=80, record=True, file=io.StringIO())
                        console.print(draw(state.view(seat)))
                        text = console.export_text()
                        for ok in CUT_OK:
                            text = text.replace(ok, "")
                        assert "…" not in text, (lang, draw.__name__, text)
        if state.is_over():
            break
        state.apply(seat, bots[seat].act(state, seat))
        step += 1


def test_load_takes_a_record_whose_seed_is_text(tmp_path: Path) -> None:
    path = tmp_path / "text-seed.json"
    herna.save_record(herna.make("envyra", players=2, seed="abc"), path)
    result = run("play", "--load", str(path), input="quit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Envyra: 2 players, seed abc." in result.output


def test_counts_of_moves_and_games_take_their_plural_forms() -> None:
    one = run("play", "alhambra-rw", "--players", "1", "--seed", "3", input="1\nquit\ny\n")
    assert "Game left unfinished after 1 move." in one.output
    cs = CliRunner().invoke(app, ["play", "alhambra-rw", "--players", "1", "--seed", "3",
                                  "--lang", "cs"], input="1\nquit\ny\n", env=ENV)
    assert "Hra opuštěna nedokončená po 1 tahu." in cs.output
    sim = run("simulate", "envyra", "--players", "2", "--games", "1")
    assert "Envyra: 1 game, 2 players, seed 0" in sim.output


def test_a_bots_turn_between_mine_is_one_line() -> None:
    result = run("play", "alhambra", "--players", "4", "--seed", "7", input="1\nquit\ny\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "seat 2 (greedy): buy 1 b6 · buy 2 g6 · place 25 1,0 · place 2 -1,0" in lines
    assert sum(line.startswith("seat 2 (greedy): ") for line in lines[:5]) == 1
