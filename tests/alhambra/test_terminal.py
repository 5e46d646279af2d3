"""The terminal game as a player meets it: reasons for a refused move, the compact screen,
the scoring rounds announced."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import herna
from herna.ai.registry import make_bot
from herna.cli import app
from herna.games.alhambra import terminal
from herna.games.alhambra.data import BUILDING_TYPES, TILES
from herna.games.alhambra.i18n import type_name
from herna.i18n import speaking


def test_paying_too_little_says_what_the_cards_pay_and_what_the_tile_costs() -> None:
    state = herna.make("alhambra", players=3, seed=7)
    seat = state.to_act()[0]
    tile = state.view(seat)["market"][0]["tile"]
    price = TILES[tile["id"]].price
    assert price > 1
    with pytest.raises(herna.IllegalAction) as refused:
        state.apply(seat, "buy 1 b1")
    assert str(refused.value) == f"b1 pays 1, but tile {tile['id']} costs {price}"


def _until_scored(players: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The views (spectator's) just before and just after the first scoring round."""
    state = herna.make("alhambra", players=players, seed=seed)
    bots = [make_bot("greedy", "alhambra", seed + s) for s in range(players)]
    before = copy.deepcopy(state.view(None))
    while True:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
        after = copy.deepcopy(state.view(None))
        if after["scorings"]:
            return before, after
        before = after


@pytest.mark.parametrize("players", [2, 4])
def test_a_scoring_round_is_announced_with_who_won_what(players: int) -> None:
    before, after = _until_scored(players, 3)
    console = Console(width=200, record=True, file=io.StringIO())
    for part in terminal.announce(before, after):
        console.print(part)
    text = console.export_text()
    scoring = after["scorings"][0]
    assert text.startswith("Scoring round 1")
    totals = " · ".join(f"Seat {i} {p['total']}" for i, p in enumerate(scoring["points"]))
    assert f"points this round: {totals}" in text
    assert "longest walls: " in text
    for kind in BUILDING_TYPES:  # every majority paid is named with its points
        won = [f"Seat {i} {p[kind]}" for i, p in enumerate(scoring["points"]) if p[kind]]
        for part in won:
            assert part in text.split(f"{kind}: ", 1)[1].split("\n", 1)[0]
    if after.get("dirk"):
        assert f"Dirk (neutral player) {scoring['dirk']['total']}" in text
    assert not terminal.announce(after, after)  # said once


def test_the_compact_screen_fits_80_by_24_and_view_all_cuts_no_words() -> None:
    for players in (2, 6):
        state = herna.make("alhambra", players=players, seed=5)
        bots = [make_bot("greedy", "alhambra", s) for s in range(players)]
        while not state.is_over():
            seat = state.to_act()[0]
            console = Console(width=80, record=True, file=io.StringIO())
            console.print(terminal.compact(state.view(seat)))
            assert console.export_text().count("\n") <= 21
            state.apply(seat, bots[seat].act(state, seat))
    for lang in ("en", "cs", "sk"):
        with speaking(lang):
            console = Console(width=80, record=True, file=io.StringIO())
            console.print(terminal.render(state.view(0)))
            text = console.export_text()
            for kind in BUILDING_TYPES:
                assert type_name(kind) in text, (lang, kind)
            assert "…" not in text, lang


def _pad(*args: str, input: str) -> str:
    result = CliRunner().invoke(app, ["score", "alhambra", *args], input=input,
                                env={"COLUMNS": "100", "NO_COLOR": "1", "HERNA_LANG": None})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_pad_with_no_players_asks_for_the_round_too() -> None:
    answers = ["2", "2", "Kim", "0", "0", "0", "0", "0", "4", "5",
               "Nina", "0", "0", "0", "0", "0", "2", "3", *["0"] * 6]
    out = _pad(input="\n".join(answers) + "\n")
    assert "Missing option" not in out and "--round" not in out
    assert "Scoring round (1: card A, 2: card B, 3: the end)" in out
    assert "Alhambra — scoring round 2" in out


def test_the_pad_asks_again_when_a_count_cannot_be_and_keeps_the_rest() -> None:
    """11 towers in the box: Kim's 11 leave none for Nina, whose 1 is asked again."""
    answers = ["1", "2", "Kim", "0", "0", "0", "0", "0", "11", "5",
               "kim", "Nina", "0", "0", "0", "0", "0", "1", "0", "3", *["0"] * 6]
    out = _pad(input="\n".join(answers) + "\n")
    assert "At most 0: the box has 11 tower tiles, 11 of them counted already." in out
    assert "kim is already at the table; please give another name." in out
    assert "Alhambra — scoring round 1" in out and "6 (11)" in out
    assert "--player" not in out and "Invalid value" not in out
