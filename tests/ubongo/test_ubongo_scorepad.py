"""`herna score ubongo`: the score pad ranks by the colour-count tie-break and says why."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from herna.games.ubongo.scorepad import explanation, parse_counts, score_command

app = typer.Typer()
app.command()(score_command)
runner = CliRunner()


def test_the_seed_example_on_the_pad() -> None:
    result = runner.invoke(app, ["-p", "A:6,4,2,2,2,2", "-p", "B:2,2,0,1,2,3",
                                 "-p", "C:4,3,2,6,1,0"])
    assert result.exit_code == 0, result.output
    assert "Winner: C" in result.output
    assert "C beats A on the 3rd largest colour count (3 > 2)" in result.output


def test_colour_pairs_and_languages() -> None:
    assert parse_counts("green=6,red=4", "A") == [6, 4, 0, 0, 0, 0]
    result = runner.invoke(app, ["-p", "A:green=5", "-p", "B:red=5", "--lang", "cs"])
    assert result.exit_code == 0, result.output
    assert "Dělené vítězství" in result.output


def test_bad_entries_are_refused_with_a_reason() -> None:
    for args, reason in (
        (["-p", "A:6,4,2"], "give six counts"),
        (["-p", "A:pink=3", "-p", "B:1,1,1,1,1,1"], "unknown colour"),
        (["-p", "A:13,0,0,0,0,0", "-p", "B:0,0,0,0,0,0"], "not a count"),
        (["-p", "A:7,0,0,0,0,0", "-p", "B:6,0,0,0,0,0"], "only 12"),
        (["-p", "A:1,0,0,0,0,0"], "2-4 players"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code != 0
        assert reason in result.output.replace("\n", " ").replace("│", " ").replace("  ", " ")


def test_explanation_lists_each_neighbouring_pair() -> None:
    lines = explanation([("A", [6, 4, 2, 2, 2, 2]), ("C", [4, 3, 2, 6, 1, 0]),
                         ("B", [2, 2, 0, 1, 2, 3])])
    assert lines[0] == "Winner: C"
    assert len(lines) == 3


def test_the_pad_asks_at_the_prompt_when_no_players_are_given() -> None:
    answers = "\n".join(["2", "Ana", "6", "4", "2", "2", "2", "2",
                         "Ben", "4", "3", "2", "6", "1", "0"]) + "\n"
    result = runner.invoke(app, [], input=answers)
    assert result.exit_code == 0, result.output
    assert "Winner: Ben" in result.output
