"""Replays (issue 21): a finished table, or a game record uploaded from a file, step by step as
any seat or as a spectator (`GET /api/tables/{id}/replay`, `GET /api/replays/{id}`, `POST
/api/replays`). Every step is checked against the engine itself: `herna.replay(record, upto)`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import serverkit as k
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import herna
from herna.cli import app as cli
from herna.games.alhambra_rw import bots as rw_bots
from herna.server import replays, words
from herna.server.app import create_app
from herna.testing.leaks import state_secrets
from herna.web import catalog

GAMES = k.GAMES  # Herna's own four, at a player count each


def finished(c: TestClient, game: str, kinds: tuple[str, ...] | None = None
             ) -> tuple[str, dict[str, Any]]:
    """A table of bots played to the end, and its published record."""
    made = k.create(c, game, kinds or ("easy",) * GAMES[game])
    k.wait(c, made["id"], None, lambda p: p["over"], timeout=120)
    r = c.get(f"/api/tables/{made['id']}/record")
    assert r.status_code == 200, r.text
    return made["id"], r.json()


def step(c: TestClient, path: str, **params: Any) -> dict[str, Any]:
    r = c.get(path, params=params)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def jsonable(x: Any) -> Any:
    return json.loads(json.dumps(x))


def states_of(record: dict[str, Any]) -> list[herna.State]:
    """The engine's state after each number of moves, 0 to all."""
    state = herna.replay(record, upto=0)
    out = [state.copy()]
    for seat, text in record["actions"]:
        state.apply(seat, text)
        out.append(state.copy())
    return out


def own_lines(payload: dict[str, Any]) -> list[dict[str, Any]]:
    return [line for line in payload["log"] if not line.get("auto")]


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_the_engines_view_with_the_scores(sqlite_client: TestClient,
                                                        game: str) -> None:
    c = sqlite_client
    tid, record = finished(c, game)
    states = states_of(record)
    moves = len(record["actions"])
    assert herna.replay(record, upto=moves).view(None) == states[-1].view(None)
    for n, state in enumerate(states):
        seats = [None, *range(GAMES[game])] if n in (0, 1, moves // 2, moves) else [None]
        for seat in seats:
            p = step(c, f"/api/tables/{tid}/replay", step=n,
                     seat="spectator" if seat is None else seat)
            assert (p["step"], p["steps"], p["seat"], p["table"]) == (n, moves, seat, tid)
            assert p["view"] == jsonable(state.view(seat)), (game, n, seat)
            assert p["to_act"] == list(state.to_act())
            assert p["over"] is state.is_over() and p["finished"] is True
            assert len(own_lines(p)) == n  # the log up to this step, every move of it
            assert [line["seq"] for line in own_lines(p)] == list(range(n))
            view = state.view(None)
            if state.is_over():
                assert p["scores"] == record["outcome"]["scores"]
            elif game == "alhambra-rw":
                assert p["scores"] == rw_bots.scores_now(state)
            elif game == "ubongo":
                assert p["scores"] == [max(s["gems"].values()) for s in view["seats"]]
            elif game == "alhambra":
                assert p["scores"] == [s["score"] for s in view["seats"]]
            else:
                assert p["scores"] == [s["score"]["total"] for s in view["seats"]]
    # the last step is drawn as the table was: the same areas, the same final table
    table = k.get(c, tid)
    last = step(c, f"/api/replays/{tid}", step=moves)
    assert (last["areas"], last["svg"]) == (table["areas"], table["svg"])
    assert last["outcome"] == table["outcome"] and last["categories"] == table["categories"]


def test_replays_on_postgresql_and_sqlite(client: TestClient) -> None:
    """A finished table and an upload, on both databases (an upload is a row of its own)."""
    tid, record = finished(client, "envyra")
    p = step(client, f"/api/replays/{tid}", step=5, seat=1)
    assert p["view"] == jsonable(herna.replay(record, upto=5).view(1))
    r = client.post("/api/replays", json=record)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["url"] == f"/r/{made['id']}" and made["steps"] == len(record["actions"])
    assert made["id"] != tid and made["finished"] is True
    q = step(client, f"/api/replays/{made['id']}", step=5, seat=1)
    assert q["view"] == p["view"] and q["table"] is None and q["replay"] == made["id"]


@pytest.mark.parametrize("game", ["alhambra", "envyra", "ubongo"])
def test_a_spectator_and_each_seat_see_no_more_than_they_did(sqlite_client: TestClient,
                                                             game: str) -> None:
    """What the engine hides at each step (hands, sealed marks, secret cards, the deck's and
    the bag's order, future chance) is in no replay payload that seat may not see; a choice
    still sealed at a step is only "has chosen" in the log of the others."""
    c = sqlite_client
    tid, record = finished(c, game)
    states = states_of(record)
    steps = [(int(s), str(t)) for s, t in record["actions"]]
    sealed_steps = 0
    for n, state in enumerate(states):
        hidden = state_secrets(game, state, n)
        for seat in (None, *range(GAMES[game])):
            text = c.get(f"/api/tables/{tid}/replay",
                         params={"step": n, "seat": "spectator" if seat is None else seat}).text
            for kind, owner, forms in hidden:
                if owner is not None and owner == seat:
                    continue
                for form in forms:
                    assert form not in text, (game, n, seat, kind)
            p = json.loads(text)
            open_run = words.sealed_run([_Step(s, states[i], states[i + 1])
                                         for i, (s, _t) in enumerate(steps[:n])])
            for line in own_lines(p)[n - open_run:]:
                if line["seat"] != seat:
                    sealed_steps += 1
                    assert line.get("sealed") and "text" not in line, (game, n, seat, line)
                    assert line["words"] == catalog().t("log.sealed", "en")
    if game != "alhambra":  # simultaneous choices: some step was seen while still sealed
        assert sealed_steps > 0


class _Step:
    """A step as the log tells whether it keeps a simultaneous node open."""

    def __init__(self, seat: int, before: herna.State, after: herna.State) -> None:
        self.seat = seat
        self.before = tuple(before.to_act())
        self.after = tuple(after.to_act())

    @property
    def keeps_node_open(self) -> bool:
        rest = tuple(s for s in self.before if s != self.seat)
        return bool(self.after) and self.after == rest


def test_a_table_in_play_is_refused_with_its_reason(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = k.create(c, "alhambra-rw", ("human", "easy"), lang="cs")
    for path in (f"/api/tables/{made['id']}/replay", f"/api/replays/{made['id']}"):
        r = c.get(path)
        assert r.status_code == 409, r.text
        assert r.json() == {"reason": catalog().t("replay.not_over", "cs")}
    r = c.get(f"/api/tables/{made['id']}/replay", params={"lang": "en"})
    assert r.json()["reason"] == "The replay opens when the game is over."


def test_a_bad_step_seat_or_id_is_refused(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, record = finished(c, "alhambra-rw")
    moves = len(record["actions"])
    for bad in ("-1", "x", "1.5", str(moves + 1), "99999999999999999999"):
        r = c.get(f"/api/tables/{tid}/replay", params={"step": bad})
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["reason"] == catalog().t("replay.bad_step", "en", steps=moves,
                                                 value=bad[:20])
    for bad in ("2", "-1", "me", "0x1"):
        r = c.get(f"/api/replays/{tid}", params={"seat": bad, "lang": "sk"})
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["reason"] == catalog().t("replay.bad_seat", "sk", last=1, value=bad)
    r = c.get(f"/api/replays/{tid}", params={"lang": "xx"})
    assert r.status_code == 422 and "lang" in r.json()["reason"]
    r = c.get("/api/replays/nosuchreplay", params={"lang": "cs"})
    assert r.status_code == 404
    assert r.json()["reason"] == catalog().t("replay.none", "cs", id="nosuchreplay")
    assert c.get("/api/replays/bad%20id").status_code == 404
    assert c.get("/api/tables/nosuchtable/replay").status_code == 404
    # no step and no seat: the start, as a spectator
    p = step(c, f"/api/replays/{tid}")
    assert (p["step"], p["seat"], p["log"]) == (0, None, [])


@pytest.mark.parametrize("game", GAMES)
def test_records_saved_by_the_command_open_for_each_game(sqlite_client: TestClient,
                                                         tmp_path: Path, game: str) -> None:
    """`herna simulate --records` and `herna play --save` write records that upload as they
    are, and replay to the same end."""
    c = sqlite_client
    runner = CliRunner()
    sim = runner.invoke(cli, ["simulate", game, "--players", str(GAMES[game]), "-g", "2",
                              "--bots", "random", "--records", str(tmp_path / "sim")])
    assert sim.exit_code == 0, sim.output
    saved = tmp_path / "played.json"
    play = runner.invoke(cli, ["play", game, "--players", str(GAMES[game]), "--watch",
                               "--bots", "random", "--seed", "3", "--save", str(saved)])
    assert play.exit_code == 0, play.output
    files = sorted((tmp_path / "sim").glob("*.json"))
    assert [f.name for f in files] == [f"{game}-1.json", f"{game}-2.json"]
    for path in [*files, saved]:
        record = herna.load_record(path)
        r = c.post("/api/replays", content=path.read_bytes(),
                   headers={"Content-Type": "application/json"})
        assert r.status_code == 201, (path.name, r.text)
        made = r.json()
        moves = len(record["actions"])
        assert (made["game"], made["players"], made["steps"]) == (game, GAMES[game], moves)
        end = step(c, f"/api/replays/{made['id']}", step=moves, seat=0)
        assert end["over"] and end["scores"] == record["outcome"]["scores"]
        assert end["view"] == jsonable(herna.replay(record).view(0))
        start = step(c, f"/api/replays/{made['id']}", step=0)
        assert start["view"] == jsonable(herna.replay(record, upto=0).view(None))


def test_an_unfinished_record_opens_too(sqlite_client: TestClient) -> None:
    """An uploaded record is its uploader's whole: one that stops mid-game replays to there."""
    c = sqlite_client
    _tid, record = finished(c, "alhambra")
    record = {**record, "actions": record["actions"][:30]}
    del record["outcome"]
    made = c.post("/api/replays", json=record).json()
    assert (made["steps"], made["finished"]) == (30, False)
    p = step(c, f"/api/replays/{made['id']}", step=30, seat=2)
    assert not p["over"] and p["finished"] is False and p["outcome"] is None
    assert p["view"] == jsonable(herna.replay(record).view(2))


def test_bad_records_are_refused_with_the_reason(sqlite_client: TestClient) -> None:
    c = sqlite_client
    _tid, good = finished(c, "alhambra-rw")
    seat, text = good["actions"][2]
    cases: list[tuple[Any, str]] = [
        ([1, 2], "the body must be a JSON object"),
        ({**good, "game": "chess"}, "unknown game 'chess'"),
        ({**good, "players": 9}, "Alhambra Roll & Write is for 1-5 players, not 9"),
        ({**good, "players": True}, "is for 1-5 players, not True"),
        ({k: v for k, v in good.items() if k != "seed"}, "seed must be a whole number"),
        ({**good, "seed": "seven"}, "seed must be a whole number"),
        ({**good, "format": 2}, "record format '2' is not one this server reads (1)"),
        ({**good, "moves": []}, "a game record has no field 'moves'"),
        ({**good, "options": {"colour": "red"}}, "has no option 'colour'"),
        ({**good, "actions": "all of them"}, "actions must be a list of [seat, action text]"),
        ({**good, "actions": [*good["actions"][:3], ["x"]]},
         "step 4 is not [seat, action text]"),
        ({**good, "actions": [*good["actions"][:3], [7, "end"]]},
         "step 4: there is no seat 7 in a game of 2"),
        ({**good, "actions": [*good["actions"][:2], [seat, "fly away"]]},
         "step 3 ('fly away' by seat " + str(seat) + ") cannot be replayed"),
        ({**good, "actions": [*good["actions"][:2], [1 - seat, text]]},
         f"step 3 ({text!r} by seat {1 - seat}) cannot be replayed"),
        ({**good, "actions": [*good["actions"], good["actions"][-1]]},
         f"step {len(good['actions']) + 1} "),
        ({**good, "actions": [[0, "x" * 1001]]}, "step 1: an action's text is at most 1000"),
    ]
    ubongo = herna.make("ubongo", players=2, seed=1).record()
    cases.append(({**ubongo, "options": {**ubongo["options"], "deck": "/etc/passwd"}},
                  "option deck: '/etc/passwd' is not what this server ships"))
    for body, reason in cases:
        r = c.post("/api/replays", json=body)
        assert r.status_code == 422, (reason, r.text)
        assert reason in r.json()["reason"], (reason, r.json())
    r = c.post("/api/replays", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and "not valid JSON" in r.json()["reason"]
    big = {**good, "actions": good["actions"] * 400}
    r = c.post("/api/replays", json=big)
    assert r.status_code == 413
    assert r.json()["reason"] == f"the body is over {replays.MAX_RECORD} bytes"
    # nothing refused was kept: the store holds no replay
    with c.app.state.tables.store.engine.connect() as conn:
        from herna.server.store import replays_t

        assert conn.execute(replays_t.select()).first() is None


def test_an_upload_outlives_the_server(sqlite_db: str) -> None:
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        _tid, record = finished(c, "ubongo")
        made = c.post("/api/replays", json=record).json()
    with TestClient(create_app(sqlite_db, bot_pace=False)) as again:
        p = step(again, f"/api/replays/{made['id']}", step=made["steps"], seat=1)
        assert p["over"] and p["scores"] == record["outcome"]["scores"]
        assert again.get(f"/r/{made['id']}").status_code == 200  # the page


def test_the_replay_names_the_seats_as_the_table_does(sqlite_client: TestClient) -> None:
    """A person's name labels their seat and their moves; renamed after the game, the
    replay follows."""
    c = sqlite_client
    body = {"game": "alhambra-rw", "players": 2, "seed": 7,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy"}]}
    made = c.post("/api/tables", json=body).json()
    token = made["seats"][0]["token"]
    k.play_out(c, made["id"], [token])
    p = step(c, f"/api/replays/{made['id']}", step=4, lang="cs")
    bot = catalog().t("names.bot", "cs", level=catalog().word("level", "easy", "cs"))
    assert [s["label"] for s in p["seats"]] == ["Ana", bot]
    assert any(line["who"] == "Ana" for line in p["log"])
    r = c.post(f"/api/tables/{made['id']}/name", json={"token": token, "name": "Bára"})
    assert r.status_code == 200, r.text
    q = step(c, f"/api/replays/{made['id']}", step=4, lang="cs")
    assert q["seats"][0]["label"] == "Bára"
    assert {line["who"] for line in q["log"] if line.get("seat") == 0} == {"Bára"}


def test_stepping_through_keeps_few_states(sqlite_client: TestClient) -> None:
    """A replay keeps a state every CHECKPOINT moves, and a step replays fewer than that."""
    c = sqlite_client
    tid, record = finished(c, "alhambra")
    replay = c.app.state.replays.get(tid) or c.app.state.replays.of_table(
        c.app.state.tables.load(tid))
    moves = len(record["actions"])
    assert len(replay.checkpoints) == moves // replays.CHECKPOINT + 1
    for n in (0, replays.CHECKPOINT, moves):
        kept = replay.state_at(n)
        assert kept.view(None) == herna.replay(record, upto=n).view(None)
    before = replay.checkpoints[1].view(None)
    replay.state_at(replays.CHECKPOINT + 5)
    assert replay.checkpoints[1].view(None) == before  # a kept state is never changed


def test_a_table_with_undone_steps_replays_what_stands(sqlite_client: TestClient) -> None:
    """A step taken back is in the table's log (struck through) but not in its record: the
    replay is the game that stands, as the record is."""
    c = sqlite_client
    made = k.create(c, "alhambra-rw", ("human", "human"))
    tid, tokens = made["id"], [s["token"] for s in made["seats"]]
    start = k.get(c, tid, tokens[0])
    adjust = next(m["text"] for m in start["legal"] if m["text"].startswith("adjust"))
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tokens[0], "action": adjust, "version": start["version"]})
    assert r.status_code == 200 and r.json()["undo"] is True, r.text
    r = c.post(f"/api/tables/{tid}/undo", json={"token": tokens[0], "version": 1})
    assert r.status_code == 200, r.text
    assert any(line.get("undone") for line in r.json()["log"])
    k.play_out(c, tid, tokens)
    record = c.get(f"/api/tables/{tid}/record").json()
    moves = len(record["actions"])
    states = states_of(record)
    for n in (0, 1, moves // 2, moves):
        p = step(c, f"/api/tables/{tid}/replay", step=n, seat=0)
        assert p["steps"] == moves
        assert p["view"] == jsonable(states[n].view(0))
        assert [line["seq"] for line in own_lines(p)] == list(range(n))
        assert not any(line.get("undone") for line in p["log"])
