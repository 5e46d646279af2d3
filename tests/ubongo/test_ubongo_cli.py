"""`herna ubongo ...` as a person types it (the lead mounts this app under `herna`)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from herna.games.ubongo.cli import app
from herna.games.ubongo.deck import Deck

ENV = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}
SAMPLE = ".##./.###/.###/####/##../##.."


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def test_solve_prints_counts_and_draws_the_solution() -> None:
    r = run("solve", "--outline", SAMPLE, "--pieces", "C,B,I,J")
    assert r.exit_code == 0, r.output
    assert "1 solution for C,B,I,J" in r.output
    assert "1 up to the outline's symmetry" in r.output
    assert "J J" in r.output and "C C" in r.output  # the drawing, letters in cells


def test_solve_counts_raw_and_up_to_symmetry() -> None:
    r = run("solve", "--outline", "###/###", "--pieces", "A,H")
    assert r.exit_code == 0
    assert "2 solutions for A,H" in r.output and "1 up to the outline's symmetry" in r.output
    r = run("solve", "--outline", "#####/#####/.####/###.#", "--pieces", "ABCJK", "--limit", "3")
    assert "46 solutions" in r.output and "drew 3 of 46" in r.output


def test_solve_writes_the_drawings_as_svg(tmp_path: Path) -> None:
    out = tmp_path / "sols.svg"
    r = run("solve", "--outline", ".#/##/##", "--pieces", "A,C", "--svg", str(out))
    assert r.exit_code == 0 and "Wrote" in r.output
    text = out.read_text()
    assert text.startswith("<svg") and "#1" in text and "#2" in text
    assert text.count(">A</text>") == 4 and text.count(">C</text>") == 6  # 2 drawings


def test_solve_first_and_no_flips() -> None:
    r = run("solve", "--outline", "#####/#####/.####/###.#", "--pieces", "A,B,C,J,K", "--first")
    assert r.exit_code == 0 and "A solution for A,B,C,J,K" in r.output
    r = run("solve", "--outline", ".##/.#./##.", "--pieces", "L", "--no-flips")
    assert r.exit_code == 1 and "No solution" in r.output
    assert run("solve", "--outline", ".##/.#./##.", "--pieces", "L").exit_code == 0


def test_bad_input_is_one_red_line_and_exit_2() -> None:
    for args, reason in (
        (["--outline", "##/#x", "--pieces", "A,B"], "row 2 has 'x'"),
        (["--outline", "##/##", "--pieces", "A,Q"], "unknown piece 'Q'"),
        (["--outline", "##/##", "--pieces", "A,B"], "cover 5 cells but the outline has 4"),
        (["--outline", "##/##", "--pieces", "A,A"], "listed twice"),
    ):
        r = run("solve", *args)
        assert r.exit_code == 2, args
        assert reason in r.output
        assert "Traceback" not in r.output
        assert len(r.output.strip().splitlines()) == 1


def test_pieces_lists_all_twelve() -> None:
    r = run("pieces")
    assert r.exit_code == 0
    for name in ("I2", "I3", "V3", "T4", "L4", "I4", "S4", "O4", "Y5", "L5", "P5", "Z5"):
        assert name in r.output
    assert "orientations with flips: 55" in r.output


def test_analyze_board05() -> None:
    r = run("analyze", "--outline", "#####/#####/.####/###.#", "-k", "5")
    assert r.exit_code == 0 and "96 sets, 938 solutions" in r.output


def test_generate_then_render(tmp_path: Path) -> None:
    out = tmp_path / "deck.json"
    r = run("generate", "--seed", "1", "--out", str(out), "--cards", "2", "--difficulty", "hard")
    assert r.exit_code == 0, r.output
    deck = Deck.load(out)
    assert len(deck.cards) == 2 and json.loads(out.read_text())["params"]["difficulty"] == "hard"
    svg = tmp_path / "card.svg"
    r = run("render", str(out), "--card", "2", "--side", "hard", "-o", str(svg))
    assert r.exit_code == 0, r.output
    text = svg.read_text()
    assert text.startswith("<svg") and "Card 2, hard side" in text
    for row in deck.cards[1].hard.rows:
        for letter in row:
            assert f">{letter}</text>" in text


def test_render_default_deck_to_stdout_and_card_view() -> None:
    r = run("render", "--card", "3")
    assert r.exit_code == 0 and r.output.startswith("<svg") and "easy side" in r.output
    r = run("card", "3")
    assert r.exit_code == 0 and "Card 3, easy side" in r.output and "baobab" in r.output


def test_generate_and_render_errors(tmp_path: Path) -> None:
    r = run("generate", "--difficulty", "brutal", "--out", str(tmp_path / "d.json"))
    assert r.exit_code == 2 and "easy, medium, hard" in r.output
    r = run("render", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "missing.json" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    r = run("render", str(bad))
    assert r.exit_code == 2 and "not an Ubongo deck" in r.output
    r = run("render", "--card", "99")
    assert r.exit_code == 2 and "cards are 1-36" in r.output
    r = run("render", "--side", "middle")
    assert r.exit_code == 2 and "'easy' or 'hard'" in r.output


def test_the_designer_tools_speak_czech_and_slovak() -> None:
    from herna.i18n import set_lang

    try:
        set_lang("cs")
        r = run("pieces")
        assert "Dílky Ubonga (každý hráč má stejných 12)" in r.output
        assert "Zrcadlo se liší" in r.output and "bez obracení" in r.output
        r = run("analyze", "--outline", "#####/#####/.####/###.#", "-k", "5")
        assert "96 sad, 938 řešení" in r.output
        set_lang("sk")
        r = run("solve", "--outline", ".##/###/###", "--pieces", "C,B,A", "--limit", "1")
        assert r.exit_code == 0 and "4 riešenia pre C,B,A" in r.output
        assert "2 až na symetriu obrysu (2 symetrie)" in r.output
        r = run("card", "2")
        assert "Karta 2, ľahšia strana" in r.output and "Obťažnosť" in r.output
    finally:
        set_lang("en")
