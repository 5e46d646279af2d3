"""The `herna` command, driven as a person would type it (CliRunner feeds the prompt)."""

from __future__ import annotations

import json
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner, Result

# pytest runs in importlib mode: put tests/ on the path so toygame imports here and in the
# spawned worker processes of `simulate --workers 2` (they inherit sys.path)
sys.path.insert(0, str(Path(__file__).parent))

import herna
import toygame
from herna import i18n
from herna.ai import play_game
from herna.cli import app
from toygame import GAME_ID, register_toy

ENV = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}


@pytest.fixture(autouse=True)
def toy() -> None:
    register_toy()


@pytest.fixture
def toy_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the toy the modules a game package offers the CLI: notation, terminal, render."""
    package = "herna.games.toy_21"
    for name, attrs in (("notation", {"HELP": toygame.HELP}),
                        ("terminal", {"render": toygame.render}),
                        ("render", {"svg": toygame.svg})):
        module = ModuleType(f"{package}.{name}")
        for key, value in attrs.items():
            setattr(module, key, value)
        monkeypatch.setitem(sys.modules, f"{package}.{name}", module)


def run(*args: str, input: str | None = None, env: dict[str, str | None] | None = None
        ) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env={**ENV, **(env or {})})


def saved_record(tmp_path: Path, seed: int = 5) -> Path:
    game = play_game(GAME_ID, 2, ["random", "random"], seed=seed, record=True)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record), encoding="utf-8")
    return path


# ----- games ---------------------------------------------------------------------------------
def test_games_lists_player_counts_and_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if GAME_ID in x)
    assert "Toy 21" in line and "2-4" in line and "--target 21" in line
    assert "hidden information" in line


# ----- play ----------------------------------------------------------------------------------
def test_play_a_whole_game_at_the_prompt(tmp_path: Path, toy_modules: None) -> None:
    save = tmp_path / "mine.json"
    typed = "play 9\nlegal\nhelp\n" + "1\n" * 40
    result = run("play", GAME_ID, "--players", "2", "--seed", "3", "--bots", "random",
                 "--save", str(save), input=typed)
    out = result.output
    assert result.exit_code == 0, out
    assert "You are seat 0" in out
    assert "TOY 21  total 0/21" in out  # the game's own terminal picture
    # the wrong input is explained and changes nothing: the game goes on
    assert "cards run 1-6, not '9'" in out
    after = out[out.index("cards run 1-6"):]
    assert "Legal actions (type the number or the text):" in after
    assert "   1  play " in after
    assert "Toy 21 notation:" in after
    assert "seat 0 (you): play " in after
    assert "seat 1 (random): " in out
    assert "Final score" in out and "Rank" in out and "bonus" in out
    assert f"Record saved to {save}" in out
    state = herna.replay(herna.load_record(save))
    assert state.is_over()
    humans = [a for seat, a in state.record()["actions"] if seat == 0]
    assert len(humans) == out.count("seat 0 (you): ")


def test_illegal_input_is_shown_in_red_and_the_prompt_returns() -> None:
    result = run("play", GAME_ID, "--seed", "3", input="pass\nfly away\n",
                 env={"FORCE_COLOR": "1", "TERM": "xterm"})
    out = result.output
    assert result.exit_code == 0, out
    assert "\x1b[1;31myou can still play a card, so you may not pass" in out
    assert "\x1b[1;31mcannot read 'fly away'" in out
    assert out.count("seat 0> ") == 3  # asked again after each mistake, then input ended
    assert "Input ended." in out


def test_numbers_view_and_quit_with_confirmation(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    result = run("play", GAME_ID, "--seed", "4", "--seat", "1", "--save", str(save),
                 input="99\nview\nquit\nn\n1\nquit\ny\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "seat 0 (random): " in out  # the bot in seat 0 moved before we were asked
    assert "there is no action number 99" in out
    assert "'total':" in out  # no terminal module: the raw view is shown instead
    assert "seat 1 (you): " in out  # "n" kept us in the game; "1" played the first action
    assert "Game left unfinished after" in out
    record = herna.load_record(save)
    state = herna.replay(record)
    assert not state.is_over() and any(seat == 1 for seat, _ in record["actions"])


def test_help_without_a_notation_module_says_so() -> None:
    result = run("play", GAME_ID, "--seed", "1", input="help\n")
    assert result.exit_code == 0
    assert "No notation help for Toy 21; type 'legal' to see your actions." in result.output


def test_watch_plays_the_arena_game_for_the_same_seed(tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    result = run("play", GAME_ID, "--players", "3", "--watch", "--bots", "random",
                 "--seed", "8", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "bots only" in result.output and "Final score" in result.output
    arena = play_game(GAME_ID, 3, ["random"] * 3, seed=8, record=True)
    assert arena.record is not None
    assert herna.load_record(save)["actions"] == arena.record["actions"]
    lines = [x for x in result.output.splitlines() if x.startswith("seat ")]
    assert len(lines) == arena.decisions


def test_game_options_are_flags(tmp_path: Path) -> None:
    save = tmp_path / "flags.json"
    result = run("play", GAME_ID, "--watch", "--bots", "random", "--seed", "2", "--target", "15",
                 "--open-hands", "--hand-size=3", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert herna.load_record(save)["options"] == {"target": 15, "hand_size": 3,
                                                  "open_hands": True}
    off = run("simulate", GAME_ID, "--games", "2", "--no-open-hands", "--option", "target=18")
    assert off.exit_code == 0, off.output


@pytest.mark.parametrize(("args", "message"), [
    (["--colour", "red"], "Toy 21 has no option --colour (its options: --target 21, "
                          "--hand-size 2, --open-hands)"),
    (["--target"], "--target needs a value"),
    (["--no-target"], "Toy 21 has no option --no-target"),
    (["--no-open-hands=yes"], "--no-open-hands needs a value"),
    (["--target", "many"], "option target: 'many' is not a whole number"),
    (["--open-hands=maybe"], "option open_hands: 'maybe' is not true or false"),
    (["extra"], "unexpected argument 'extra'"),
])
def test_bad_game_flags_are_one_red_line(args: list[str], message: str) -> None:
    for command in ("play", "simulate"):
        result = run(command, GAME_ID, *args)
        assert result.exit_code == 2, result.output
        errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
        assert len(errors) == 1 and message in errors[0], result.output


def test_a_racing_game_stamps_the_time_the_person_took(
        monkeypatch: pytest.MonkeyPatch, toy_modules: None) -> None:
    """Games against a clock get the seconds since the position was shown (Ubongo)."""
    took: list[float] = []

    def stamp(text: str, seconds: float) -> str:
        took.append(seconds)
        return text.replace("card", "play")

    monkeypatch.setattr(sys.modules["herna.games.toy_21.terminal"], "stamp", stamp,
                        raising=False)
    state = herna.make(GAME_ID, players=2, seed=3)
    value = str(state.legal_actions(0)[0]).split()[1]
    result = run("play", GAME_ID, "--seed", "3", input=f"card {value}\n")
    assert result.exit_code == 0, result.output
    assert f"seat 0 (you): play {value}" in result.output
    assert len(took) == 1 and 0 <= took[0] < 60


# ----- simulate -------------------------------------------------------------------------------
def test_simulate_gives_the_same_results_with_one_or_two_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.json"
        result = run("simulate", GAME_ID, "--players", "3", "--games", "24",
                     "--bots", "random,random,random", "--seed", "9", "--workers", workers,
                     "--json", str(path))
        assert result.exit_code == 0, result.output
        assert "Win share (95% CI)" in result.output and "Game length:" in result.output
        outputs.append(json.loads(path.read_text(encoding="utf-8")))
    assert outputs[0] == outputs[1]
    data = outputs[0]
    assert data["games"] == 24 and data["bots"] == ["random"] * 3
    assert sum(s["wins"]["wins"] for s in data["per_seat"]) == pytest.approx(24)
    assert data["turns"]["n"] == 24


def test_simulate_by_bot_table_with_rotation() -> None:
    result = run("simulate", GAME_ID, "--players", "2", "--games", "4", "--rotate",
                 "--bots", "random,random:", "--option", "target=15")
    assert result.exit_code == 0, result.output
    assert "rotating" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3", "--bots", "random,random"],
     "--bots needs 1 name or 3 (one per seat), got 2"),
    (["--bots", "wizard"], "unknown bot 'wizard'; bots are: "),
    (["--bots", "greedy"], "game 'toy-21' has no greedy bot"),
    (["--bots", "random:depth=2"], "bot 'random' has no option depth"),
    (["--games", "0"], "--games must be at least 1, not 0"),
])
def test_simulate_refuses_bad_input(args: list[str], message: str) -> None:
    result = run("simulate", GAME_ID, *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


# ----- replay and render ---------------------------------------------------------------------
def test_replay_prints_moves_and_scores(tmp_path: Path, toy_modules: None) -> None:
    path = saved_record(tmp_path)
    record = herna.load_record(path)
    result = run("replay", str(path), "--view", "--seat", "1")
    out = result.output
    assert result.exit_code == 0, out
    assert f"Toy 21: 2 players, seed 5, {len(record['actions'])} moves" in out
    seat, text = record["actions"][0]
    assert f"   1. seat {seat}: {text}" in out
    assert "Final score" in out
    assert "TOY 21" in out  # --view draws the end as seat 1 sees it
    final = herna.replay(record).outcome()
    assert final is not None
    score_line = next(x for x in out.splitlines() if "Score" in x)
    assert all(str(int(s)) in score_line for s in final.scores)


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    path = saved_record(tmp_path)
    record = herna.load_record(path)
    record["actions"] = record["actions"][:2]
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path), "--text")
    assert result.exit_code == 0
    assert "The game is not finished (2 moves)." in result.output


def test_render_draws_svg_for_a_seat(tmp_path: Path, toy_modules: None) -> None:
    path = saved_record(tmp_path)
    out = tmp_path / "pos.svg"
    result = run("render", GAME_ID, str(path), "--seat", "0", "-o", str(out), "--move", "2")
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    after_two = herna.replay(herna.load_record(path), upto=2)
    assert svg.startswith("<svg") and f"total {after_two.view(0)['total']}, seat 0" in svg
    to_stdout = run("render", GAME_ID, str(path))
    assert to_stdout.exit_code == 0 and "seat None" in to_stdout.output


def test_render_refuses_what_it_cannot_draw(tmp_path: Path, toy_modules: None) -> None:
    path = saved_record(tmp_path)
    moves = len(herna.load_record(path)["actions"])
    result = run("render", GAME_ID, str(path), "--move", str(moves + 1))
    assert result.exit_code == 2
    assert f"--move must be 0..{moves}, not {moves + 1}" in result.output
    if "alhambra" in herna.game_ids():
        other = run("render", "alhambra", str(path))
        assert other.exit_code == 2
        assert "the record is a game of toy-21, not alhambra" in other.output


def test_render_without_a_renderer(tmp_path: Path) -> None:
    result = run("render", GAME_ID, str(saved_record(tmp_path)))
    assert result.exit_code == 2
    assert "Toy 21 has no SVG renderer (herna.games.toy_21.render)" in result.output


# ----- bad input everywhere ------------------------------------------------------------------
def _bad_files(tmp_path: Path) -> dict[str, Path]:
    good = json.loads(saved_record(tmp_path).read_text(encoding="utf-8"))
    files = {
        "list": [1, 2],
        "moves": {**good, "actions": [[0, "play 1"], ["x"]]},
        "players": {**good, "players": "three"},
        "illegal": {**good, "actions": [[1, "play 1"]]},
        "options": {**good, "options": {"colour": "red"}},
        "option_type": {**good, "options": {"target": "lots"}},
    }
    paths = {}
    for name, data in files.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(data), encoding="utf-8")
    paths["garbage"] = tmp_path / "garbage.json"
    paths["garbage"].write_text("{not json", encoding="utf-8")
    return paths


@pytest.mark.parametrize(("args", "message"), [
    (["play", "chess"], "unknown game 'chess'; games are:"),
    (["play", GAME_ID, "--players", "7"], "Toy 21 is for 2-4 players, not 7"),
    (["play", GAME_ID, "--seat", "2"], "--seat must be 0..1, not 2"),
    (["play", GAME_ID, "--option", "colour=red"],
     "Toy 21 has no option 'colour' (options: hand_size, open_hands, target)"),
    (["play", GAME_ID, "--option", "target=lots"], "option target: 'lots' is not a whole number"),
    (["play", GAME_ID, "--option", "open_hands=maybe"], "'maybe' is not true or false"),
    (["play", GAME_ID, "--option", "target"], "option 'target' is not key=value"),
    (["play", GAME_ID, "--players", "3", "--bots", "random,random,random"],
     "--bots needs 1 name or 2 (one per bot seat), got 3"),
    (["play", GAME_ID, "--lang", "de"], "unknown language 'de'; languages: en, cs, sk"),
    (["simulate", GAME_ID, "--players", "1"], "Toy 21 is for 2-4 players, not 1"),
    (["replay", "/no/such/game.json"], "cannot read game record /no/such/game.json"),
    (["replay", "{list}"], "is not a Herna game record"),
    (["replay", "{garbage}"], "cannot read game record"),
    (["replay", "{moves}"], "is not a valid game record: move 2 is not [seat, action text]"),
    (["replay", "{players}"], "is not a valid game record: field 'players' is missing"),
    (["replay", "{illegal}"], "move 1 ('play 1' by seat 1) cannot be replayed"),
    (["replay", "{options}"], "Toy 21 has no option colour"),
    (["replay", "{option_type}"], "is not a valid game record: field 'options' is missing"),
    (["render", "chess", "{moves}"], "unknown game 'chess'"),
])
def test_bad_input_is_one_red_line_and_exit_code_2(tmp_path: Path, args: list[str],
                                                    message: str) -> None:
    files = _bad_files(tmp_path)
    args = [str(files[a[1:-1]]) if a.startswith("{") else a for a in args]
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
    assert len(errors) == 1 and message in errors[0], result.output


def test_typer_usage_errors_also_exit_2() -> None:
    result = run("simulate", GAME_ID, "--games", "many")
    assert result.exit_code == 2


# ----- languages ------------------------------------------------------------------------------
def test_messages_follow_lang_and_herna_lang() -> None:
    cs = run("play", GAME_ID, "--seat", "9", "--lang", "cs")
    assert cs.exit_code == 2 and "chyba: --seat musí být 0..1, ne 9" in cs.output
    sk = run("play", GAME_ID, "--seat", "9", env={"HERNA_LANG": "sk_SK.UTF-8"})
    assert "chyba: --seat musí byť 0..1, nie 9" in sk.output
    en = run("play", GAME_ID, "--seat", "9", "--lang", "en", env={"HERNA_LANG": "sk"})
    assert "error: --seat must be 0..1, not 9" in en.output
    bad_env = run("play", GAME_ID, "--seat", "9", env={"HERNA_LANG": "xx"})
    assert bad_env.exit_code == 2 and "unknown language 'xx'" in bad_env.output


def test_every_message_is_translated_with_the_same_fields() -> None:
    def fields(template: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(template) if f}

    def plain(keys: dict[str, str]) -> set[str]:  # counted messages have per-language forms
        counted = {k.rsplit(".", 1)[0] for k in i18n.EN if k.endswith(".one")}
        return {k for k in keys if k.rsplit(".", 1)[0] not in counted}

    for lang in ("cs", "sk"):
        table = i18n.TABLES[lang]
        assert plain(table) == plain(i18n.EN), lang
        for key in plain(table):
            assert fields(table[key]) == fields(i18n.EN[key]), (lang, key)
    assert not i18n.CATALOG.problems()


# ----- Alhambra, once its engine is registered -------------------------------------------------
def test_alhambra_at_the_prompt() -> None:
    if "alhambra" not in herna.game_ids():
        pytest.skip("the Alhambra engine is not registered")
    result = run("play", "alhambra", "--players", "3", "--seed", "2", "--bots", "random",
                 input="help\nlegal\nbuy 9\n1\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "seat 0 (you): " in result.output
    assert "Game left unfinished" in result.output


def test_score_pads_are_mounted() -> None:
    result = run("score", "--help")
    assert result.exit_code == 0
    try:
        import herna.games.alhambra.scorepad  # noqa: F401
    except ImportError:
        return
    assert "alhambra" in result.output


def test_a_race_keeps_the_bots_choices_sealed_and_its_solutions_unlisted() -> None:
    """At a simultaneous node the person does not see what bots chose before choosing, and
    `legal` does not give away a puzzle's solution (Ubongo's race)."""
    result = run("play", "ubongo", "--players", "2", "--seed", "1",
                 input="start 1\nlegal\n2\nquit\ny\n")
    out = result.output
    assert result.exit_code == 0, out
    race = out[out.index("seat 0 (you): start 1"):]
    assert "seat 1 (greedy) has chosen (hidden until everyone has)" in race
    assert "seat 1 (greedy): solve" not in out
    listed = race[race.index("Legal actions"):]
    assert "   1  pass" in listed and "solve" not in listed.split("Solutions are not")[0]
    assert "there is no action number 2" in out


# ----- simulate: exports, plot, start-player edge, extras (issue 6) ---------------------------
def test_simulate_writes_json_csv_summary_and_plot(tmp_path: Path) -> None:
    import csv
    files = {k: tmp_path / f"out.{k}" for k in ("json", "csv", "summary", "png")}
    args = ["simulate", GAME_ID, "--players", "3", "--games", "12", "--rotate", "--seed", "4",
            "--json", str(files["json"]), "--csv", str(files["csv"]),
            "--summary-csv", str(files["summary"])]
    plotting = True
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        plotting = False
    if plotting:
        args += ["--plot", str(files["png"])]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "Start player's edge: " in result.output
    for path in files.values():
        if path.suffix != ".png" or plotting:
            assert f"Wrote {path}" in result.output
    data = json.loads(files["json"].read_text(encoding="utf-8"))
    with open(files["csv"], newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12 * 3
    assert [int(r["score"]) for r in rows[:3]] == data["results"][0]["scores"]
    assert {r["bot"] for r in rows} == {"random"}
    with open(files["summary"], newline="", encoding="utf-8") as f:
        summary = list(csv.DictReader(f))
    assert [r["group"] for r in summary] == ["bot"] + ["seat"] * 3 + ["position"] * 3
    if plotting:
        png = files["png"].read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 1000


def test_simulate_csv_is_the_same_with_one_or_two_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.csv"
        result = run("simulate", GAME_ID, "--players", "2", "--games", "16", "--seed", "3",
                     "--workers", workers, "--csv", str(path))
        assert result.exit_code == 0, result.output
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]


def test_simulate_shows_positions_when_the_start_player_varies() -> None:
    if "alhambra" not in herna.game_ids():
        pytest.skip("the Alhambra engine is not registered")
    result = run("simulate", "alhambra", "--players", "3", "--games", "3", "--bots", "random",
                 "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "By position after the start player (1 = the start player)" in result.output


@pytest.mark.parametrize(("flag", "module", "message"), [
    (["--plot", "x.png"], "matplotlib", "--plot needs matplotlib: pip install 'herna[plot]'"),
    (["--ray", "auto"], "ray", "--ray needs Ray: pip install 'herna[ray]'"),
])
def test_simulate_without_an_extra_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, flag: list[str], module: str,
        message: str) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    monkeypatch.chdir(tmp_path)
    result = run("simulate", GAME_ID, "--games", "2", *flag)
    assert result.exit_code == 2, result.output
    errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
    assert errors == [f"error: {message}"], result.output
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("flag", ["--json", "--csv", "--summary-csv", "--plot"])
def test_simulate_checks_its_output_folders_before_playing(tmp_path: Path, flag: str) -> None:
    path = tmp_path / "no" / "out.x"
    result = run("simulate", GAME_ID, "--games", "2", flag, str(path))
    assert result.exit_code == 2
    errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
    assert errors == [f"error: cannot write {path}: there is no folder {path.parent}"]
    assert "Win share" not in result.output  # refused before playing


def test_simulate_on_an_unreachable_ray_cluster_is_one_red_line() -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'herna[ray]')")
    result = run("simulate", GAME_ID, "--games", "2", "--ray", "127.0.0.1:1")
    assert result.exit_code == 2, result.output
    errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
    assert len(errors) == 1 and "cannot reach the Ray cluster at '127.0.0.1:1'" in errors[0]
