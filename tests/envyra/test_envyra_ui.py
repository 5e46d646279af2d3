"""Terminal screen, SVG, notation help, languages and the score pad."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import herna
import herna.games.envyra
from herna.core import IllegalAction, State
from herna.games.envyra import i18n, notation, render, terminal
from herna.games.envyra.bots import GreedyBot
from herna.games.envyra.scorepad import parse_player, score_command, score_table
from herna.i18n import set_lang


def played(players: int = 3, moves: int = 1000, **options: Any) -> State:
    state = herna.make("envyra", players=players, seed=6, **options)
    bots = [GreedyBot(seed=s) for s in range(players)]
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
    return state


def screen(view: dict[str, Any]) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(terminal.render(view))
    return console.export_text()


@pytest.mark.parametrize("moves", [0, 5, 9, 1000])
def test_terminal_screen_at_every_stage(moves: int) -> None:
    state = played(3, moves, equilibrium="C")
    text = screen(state.view(0))
    assert "Playing grid" in text and "a1" in text and "Herna's own reading" in text
    assert "start player" in text and "bag" in text
    if state.is_over():
        assert "Final score" in text and "Tie-breaks" in text


def test_terminal_hides_other_marks_in_phase_one() -> None:
    state = herna.make("envyra", players=3, seed=2)
    state.apply(1, "mark a1 b1")
    text0 = screen(state.view(0))
    text1 = screen(state.view(1))
    assert "board: a1 b1" in text1
    assert "board: a1 b1" not in text0 and "marked" in text0


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_svg_is_well_formed(lang: str) -> None:
    set_lang(lang)
    try:
        for moves in (0, 1000):
            state = played(4, moves, equilibrium="A")
            for seat in (0, None):
                ET.fromstring(render.svg(state.view(seat)))
    finally:
        set_lang("en")


def test_svg_shows_the_secret_equilibrium_card_to_its_owner_only() -> None:
    state = played(3, 0, equilibrium="C")
    card = state.view(0)["seats"][0]["secret_card"]
    mine = ET.fromstring(render.svg(state.view(0)))
    secret = [g for g in mine.iter("{http://www.w3.org/2000/svg}g")
              if g.get("id") == "envyra-secret-0"]
    assert len(secret) == 1
    words = "".join(secret[0].itertext())
    assert words.startswith("secret Equilibrium card: " + card["id"])
    for viewer in (1, None):
        assert "envyra-secret-0" not in render.svg(state.view(viewer))
    over = played(3, 1000, equilibrium="C")
    assert over.is_over()
    drawn = render.svg(over.view(None))  # revealed to all at the end
    assert all(f'id="envyra-secret-{i}"' in drawn for i in range(3))


def test_every_language_has_every_key() -> None:
    for table in (i18n.CS, i18n.SK):
        missing = set(i18n.EN) - set(table) - {"title", "cat.equilibrium", "pad.eq"}
        assert not missing, missing
        for key, text in table.items():
            stem = key.rpartition(".")[0]
            english = i18n.EN.get(key) or i18n.EN[f"{stem}.other"]  # cs/sk few, many
            assert set(_fields(text)) == set(_fields(english)), key


def _fields(text: str) -> list[str]:
    import string
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def test_screen_and_refusals_in_czech_and_slovak() -> None:
    state = herna.make("envyra", players=2, seed=1)
    try:
        set_lang("cs")
        assert "Hrací plocha" in screen(state.view(0))
        with pytest.raises(IllegalAction, match="není místo"):
            state.apply(0, "mark zz")
        set_lang("sk")
        assert "Hracia plocha" in screen(state.view(0))
        with pytest.raises(IllegalAction, match="dieliky"):
            state.apply(0, "mark a1 a1") if False else state.apply(0, "move a1")
    finally:
        set_lang("en")


def test_notation_help_in_three_languages() -> None:
    assert "mark a1 c3" in notation.HELP and "move b2" in notation.HELP
    for lang in ("cs", "sk"):
        assert "mark a1 c3" in notation.help_text(lang)
    assert notation.help_text("sk") != notation.help_text("cs")


def test_refusals_name_the_rule() -> None:
    state = herna.make("envyra", players=3, seed=1, simple=True)
    with pytest.raises(IllegalAction, match="one die"):
        state.apply(0, "mark a1 b1")
    with pytest.raises(IllegalAction, match="phase I"):
        state.apply(0, "move a1")
    with pytest.raises(IllegalAction, match="not a slot"):
        state.apply(0, "mark 12")
    with pytest.raises(IllegalAction, match="unknown action"):
        state.apply(0, "take b7")


# ---- score pad --------------------------------------------------------------------------------
def test_score_pad_reads_ids_and_printed_tiles() -> None:
    kim = parse_player("Kim: orange/sun:4 orange/fire:1 orange/desert:3 green/leaf:4 "
                       "green/tree:3 green/leaf:4 blue/sea:2", 1)
    assert kim.name == "Kim" and kim.stars == 21 and kim.set_points() == 6
    nina = parse_player("Nina=S04,B20,END", 2)
    assert nina.end_tile and nina.stars == 2 + 4 + 5
    anon = parse_player("S01 S02", 3)
    assert anon.name == "3"
    parts, ranks, ties = score_table([kim, nina])
    assert parts[0] == {"stars": 21, "sets": 6, "equilibrium": 0} and ranks == [1, 2]
    assert ties == []


def test_score_pad_tie_break_by_the_end_tile() -> None:
    a = parse_player("A: orange/sun:5", 1)
    b = parse_player("B: end:5", 2)
    _, ranks, ties = score_table([a, b])
    assert ranks == [2, 1] and ties == ["end_tile"]


def test_score_command_prints_the_pad() -> None:
    app = typer.Typer()
    app.command()(score_command)
    result = CliRunner().invoke(app, [
        "-p", "Kim: orange/sun:4 orange/fire:1 orange/desert:3 green/leaf:4 green/tree:3 "
        "green/leaf:4 blue/sea:2", "-p", "Nina=S04,B20,END", "-c", "Kim=EQ1"])
    assert result.exit_code == 0, result.output
    assert "29" in result.output and "Best sets" in result.output
    bad = CliRunner().invoke(app, ["-p", "Kim: purple/sun:3"])
    assert bad.exit_code != 0
