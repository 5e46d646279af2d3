"""Whole games through the API, one per game, human seats choosing from `legal` (Ubongo's
person lays a real cover found from its own view), bots on the other seats, to the end;
every payload on the way is checked against the engine: same view, legal moves only the
seat's own, a drawing made from the view alone, no seed before the end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create, play_out, state_at

import herna
from herna.ai.registry import game_module
from herna.i18n import speaking
from herna.server.words import area_key

LINEUPS = {
    "alhambra": ("human", "easy"),
    "alhambra-rw": ("human", "easy"),
    "envyra": ("human", "human", "easy"),
    "ubongo": ("human", "easy"),
}
SEED = 982451653  # long enough that its digits appearing by chance would be a surprise


def checker(c: TestClient, tid: str, game: str, lang: str) -> Any:
    render = game_module(game, "render")
    seen = {"n": 0, "solves": 0}
    replayed = [state_at(c, tid, 0)]

    def state_for(version: int) -> herna.State:
        """The engine's state at `version`, advanced from the last one checked."""
        state = replayed[0]
        if len(state.history) > version:
            state = state_at(c, tid, version)
        else:
            row = c.app.state.tables.store.load(tid)  # type: ignore[attr-defined]
            for seat, text in row.actions[len(state.history):version]:
                state.apply(seat, text)
        replayed[0] = state
        return state

    def check(p: dict[str, Any]) -> None:
        seen["n"] += 1
        state = state_for(p["version"])
        seat = p["seat"]
        assert p["view"] == json.loads(json.dumps(state.view(seat)))
        assert p["to_act"] == list(state.to_act())
        mine = {str(a) for a in state.legal_actions(seat)} if seat in state.to_act() else set()
        assert {m["text"] for m in p["legal"]} <= mine
        if not p["over"]:
            assert "seed" not in p and str(SEED) not in json.dumps(p)
        else:
            assert p["seed"] == SEED
        if seen["n"] % 15 == 1 and render is not None:  # the drawing is the view's, no more
            with speaking(lang):
                labels = [s["label"] for s in p["seats"]]  # names beside the view
                if hasattr(render, "areas"):  # a game drawn as areas sends only those
                    assert p["svg"] is None and p["areas"] == [
                        {**a, "key": area_key(a["svg"])}
                        for a in render.areas(p["view"], lang=lang, names=labels)]
                else:
                    assert p["svg"] == render.svg(p["view"], lang=lang, names=labels)
        history = [str(a) for _, a in state.history]
        for line in p["log"]:
            if line.get("auto"):  # what the game did after a move: public, never sealed
                assert line["seq"] < len(history) and line["words"]
            elif "text" in line:
                assert line["text"] == history[line["seq"]]
            else:
                assert line["sealed"] is True and line["seat"] != seat
        seen["solves"] += sum(1 for m in p["log"] if m.get("text", "").startswith("solve")
                              and m["seat"] == seat)

    check.seen = seen  # type: ignore[attr-defined]
    return check


@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_whole_game_through_the_api(sqlite_client: TestClient, game: str) -> None:
    c = sqlite_client
    made = create(c, game, LINEUPS[game], seed=SEED, lang="cs" if game == "envyra" else "en")
    tid = made["id"]
    tokens = [s["token"] for s in made["seats"] if s["token"]]
    check = checker(c, tid, game, "cs" if game == "envyra" else "en")
    last, posted = play_out(c, tid, tokens, seed=1, inspect=check)
    assert last["over"] and last["outcome"] is not None and last["legal"] == []
    assert posted
    record = c.get(f"/api/tables/{tid}/record").json()
    replayed = herna.replay(record)
    assert replayed.is_over()
    assert replayed.outcome().to_dict() == last["outcome"]  # type: ignore[union-attr]
    if game == "ubongo":  # the person solved puzzles by laying pieces, judged by the server
        assert any(t.startswith("solve") for t in posted)
        assert check.seen["solves"] > 0
