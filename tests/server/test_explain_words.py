"""A reason the page shows for a click that makes no move says the move in words, never in
the notation the terminal's players type (issue 20, item 6): "“Buy from space 2 with green 4
+ green 3” is not possible now", not "buy 2 g4 g3"; "field 6 is out of reach", not "move +4".

Each game is played out at random; at every few decisions each acting seat clicks every
drawn part no legal move uses, and each first part of a legal move followed by other parts,
and asks POST .../explain's function for the reason in English, Czech and Slovak."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from serverkit import create, get

import herna
from herna.ai.registry import game_module
from herna.core import IllegalAction
from herna.games.alhambra.data import CURRENCY_LETTERS
from herna.i18n import in_words, speaking
from herna.server import guide, names, words
from herna.server.store import SeatRow, TableRow
from herna.server.tables import Step, Table
from herna.testing.web import svg_parts
from herna.web import catalog

GAMES = {"alhambra": (2, {}), "alhambra-rw": (2, {}), "envyra": (3, {"equilibrium": "C"}),
         "ubongo": (2, {})}
# the notation: a verb with what it takes (buy 2 ..., build 3,5, mark b2, move +2, solve ...),
# a backquoted command, and per game its tokens (money cards, piece placements, B,Y)
VERB = re.compile(r"`|\b(?:buy|reserve|swap|dirk) \d|\bplace \d+ -?\d|\b(?:build|second|keep) "
                  r"\d,\d|\badjust (?:blue|yellow)\b|\b(?:mark|move) [a-f]\d|\bmove (?:[-+]\d|0)"
                  r"|\bstart \d|\bsolve\b", re.I)
TOKENS = {"alhambra": re.compile(r"\b[bgoy][1-9]\b"),
          "alhambra-rw": re.compile(r"\bB,Y\b"),
          "envyra": re.compile(r"(?!)"),
          "ubongo": re.compile(r"\b[A-L]\d@|\bin \d+\.\d")}


def tables(game: str, seed: int, every: int = 5) -> Iterator[Table]:
    """A random game's table at every `every`-th decision (the same Table, moved on)."""
    players, options = GAMES[game]
    state = herna.make(game, players=players, seed=seed, **options)
    seats = [SeatRow(i, "me", None, None) for i in range(players)]
    row = TableRow(id=f"e{seed}", game=game, players=players, seed=seed, options=options,
                   lang="en", seats=seats)
    table = Table(row=row, state=state)
    rng = random.Random(seed)
    k = 0
    while not state.is_over():
        if k % every == 0:
            yield table
        seat = rng.choice(list(state.to_act()))
        before = tuple(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        table.steps.append(Step(seat, str(action), before, tuple(state.to_act())))
        k += 1


def clicks(table: Table, seat: int) -> list[list[str]]:
    """Each drawn part no legal move uses, and each legal move's first part then another."""
    p = words.payload(table, seat, "en")
    drawn: set[str] = set()
    for area in p.get("areas") or [{"svg": p.get("svg")}]:
        drawn |= set(svg_parts(area["svg"] or ""))
    lit = {name for move in p["legal"] for name in move["parts"]}
    firsts = sorted({move["parts"][0] for move in p["legal"] if move["parts"]})
    rng = random.Random(len(table.steps))
    out = [[x] for x in sorted(drawn - lit)]
    for first in rng.sample(firsts, min(3, len(firsts))):
        out += [[first, x] for x in rng.sample(sorted(drawn - {first}), min(12, len(drawn) - 1))]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_reasons_say_moves_in_words(game: str) -> None:
    engine_reasons = 0
    for table in tables(game, 4):
        for seat in table.state.to_act():
            for parts in clicks(table, seat):
                for lang in ("en", "cs", "sk"):
                    reason = guide.explain(table, seat, parts, lang,
                                           names.seat_names(table, lang))
                    assert reason.strip(), (game, parts, lang)
                    found = VERB.search(reason) or TOKENS[game].search(reason)
                    assert not found, (game, parts, lang, reason)
                    engine_reasons += reason.startswith(("Not possible now:", "Teď to nejde:",
                                                         "Teraz to nejde:"))
    assert engine_reasons >= 6, (game, engine_reasons)  # the engines were asked, in 3 languages


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_reason_on_the_page_is_in_words(game: str) -> None:
    """Not only what a click means: any move the engine refuses, said as the page says it."""
    web = game_module(game, "web")
    rng = random.Random(game)
    asked = 0
    for table in tables(game, 5, every=3):
        state = table.state
        for seat in state.to_act():
            legal = {str(a) for a in state.legal_actions(seat)}
            for code in rng.sample(range(state.spec.num_distinct_actions), 30):
                try:
                    action = state.action_from_code(seat, code)
                except IllegalAction:
                    continue
                if str(action) in legal:
                    continue
                for lang in ("en", "cs", "sk"):
                    def say(text: str, lang: str = lang, seat: int = seat) -> str:
                        return catalog().t("why.move", lang, move=web.label(seat, text, lang))

                    with speaking(lang), in_words(say):
                        reason = state.explain_illegal(seat, action)
                    found = VERB.search(reason) or TOKENS[game].search(reason)
                    assert not found, (game, str(action), lang, reason)
                    asked += 1
    assert asked >= 30


def test_the_terminal_still_quotes_the_notation() -> None:
    """Outside the page (`in_words`) a reason names the move as its player typed it."""
    state = herna.make("alhambra-rw", players=2, seed=1)
    seat = state.to_act()[0]
    with speaking("en"):
        said = state.explain_illegal(seat, state.parse_text(seat, "keep 1,1"))
    assert "keep 1,1" in said


def test_a_card_is_said_by_its_colour_on_the_page() -> None:
    state = herna.make("alhambra", players=2, seed=1)
    seat = state.to_act()[0]
    shown = " ".join(f"{CURRENCY_LETTERS[c['currency']]}{c['value']}"
                     for c in state.view(seat)["money_display"])
    missing = next(f"{x}{v}" for x in "bgoy" for v in range(1, 10) if f"{x}{v}" not in shown)
    row = TableRow(id="c1", game="alhambra", players=2, seed=1, options={}, lang="en",
                   seats=[SeatRow(i, "me", None, None) for i in range(2)])
    table = Table(row=row, state=state)
    colour = {"b": "blue", "g": "green", "o": "orange", "y": "yellow"}[missing[0]]
    reason = guide.explain(table, seat, [f"display:{missing}"], "en", ["A", "B"])
    assert f"{colour} {missing[1:]}" in reason and missing not in reason.split(), reason


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_refused_move_is_said_in_words_too(sqlite_client: TestClient, lang: str) -> None:
    """POST .../actions refuses a move with the engine's reason, the move in its words (a
    person may have typed it, or the page composed it): "keep 1,1" is "Keep blue 1 and
    yellow 1" there, quoted as the button says it."""
    made = create(sqlite_client, "alhambra-rw", ("human", "human"), seed=1)
    p = get(sqlite_client, made["id"])
    seat = p["to_act"][0]
    r = sqlite_client.post(f"/api/tables/{made['id']}/actions",
                           json={"token": made["seats"][seat]["token"], "action": "keep 1,1",
                                 "lang": lang})
    assert r.status_code == 422, r.text
    reason = r.json()["reason"]
    label = game_module("alhambra-rw", "web").label(seat, "keep 1,1", lang)
    assert label in reason and "keep 1,1" not in reason, reason
