"""The public HTTP contract of issue 13 (docs/API.md), status by status, on SQLite and on
PostgreSQL: what a client is told, and that no refusal changes anything."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import GAMES, create, get, play_out, wait
from starlette.websockets import WebSocketDisconnect

import herna
from herna.core import IllegalAction
from herna.i18n import speaking

PAYLOAD_KEYS = {"table", "game", "players", "options", "lang", "seat", "version", "view",
                "legal", "to_act", "over", "outcome", "categories", "seats", "log", "svg",
                "extra"}


def engine_state(c: TestClient, tid: str) -> herna.State:
    """The table rebuilt independently: its parameters + seed + the actions in the store."""
    row = c.app.state.tables.store.load(tid)  # type: ignore[attr-defined]
    state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
    for seat, text in row.actions:
        state.apply(seat, text)
    return state


def acting(c: TestClient, made: dict[str, Any]) -> tuple[str, int, str]:
    """The new table's id, the seat to act first (the deal decides) and its token."""
    tid = made["id"]
    seat = get(c, tid)["to_act"][0]
    return tid, seat, made["seats"][seat]["token"]


def stored_actions(c: TestClient, tid: str) -> list[tuple[int, str]]:
    return list(c.app.state.tables.store.load(tid).actions)  # type: ignore[attr-defined]


def as_json(x: Any) -> Any:
    return json.loads(json.dumps(x))


def test_games_list(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    # the toy games other tests of this process register are listed too: nothing else is
    assert set(GAMES) <= set(games) and set(games) - set(GAMES) <= {"toy-21", "sealed-bid"}
    assert games["alhambra"]["players"] == [2, 3, 4, 5, 6]
    names = {o["name"] for o in games["ubongo"]["options"]}
    assert {"side", "timer", "all_cards"} <= names and "deck" not in names  # a file option


@pytest.mark.parametrize("game", sorted(GAMES))
def test_create_every_game(client: TestClient, game: str) -> None:
    n = GAMES[game]
    made = create(client, game, ("human",) + ("easy",) * (n - 1))
    tid = made["id"]
    assert made["watch_url"] == f"/t/{tid}"
    assert [s["seat"] for s in made["seats"]] == list(range(n))
    human, *bots = made["seats"]
    assert isinstance(human["token"], str) and len(human["token"]) >= 20
    assert human["url"] == f"/t/{tid}#token={human['token']}"  # the fragment: never sent
    assert all(b["token"] is None and b["url"] is None for b in bots)
    p = get(client, tid, human["token"])
    assert p["game"] == game and p["seat"] == 0 and p["players"] == n
    assert [s["kind"] for s in p["seats"]] == ["human"] + ["bot"] * (n - 1)


def test_payload_shape_and_view_is_the_engines(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human", "human"), options={"open_money": False})
    toks = [s["token"] for s in made["seats"]]
    tid, first, _ = acting(client, made)
    p = get(client, tid, toks[first])
    assert set(p) >= PAYLOAD_KEYS, set(p)
    assert "seed" not in p and "next" not in p
    assert p["version"] == 0 and p["over"] is False and p["outcome"] is None
    assert p["to_act"] == [first] and p["seat"] == first
    assert p["lang"] == "en" and p["options"] == {"open_money": False}
    assert p["legal"] and all({"text", "code", "parts", "label"} <= set(m) for m in p["legal"])
    assert all(isinstance(m["text"], str) and isinstance(m["code"], int) for m in p["legal"])
    state = engine_state(client, tid)
    assert {m["text"] for m in p["legal"]} == {str(a) for a in state.legal_actions(first)}
    assert p["view"] == as_json(state.view(first))
    # a few moves in, every seat and the spectator still see exactly the engine's view
    for _ in range(3):
        seat = p["to_act"][0]
        p = get(client, tid, toks[seat])
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": toks[seat], "action": p["legal"][-1]["code"],
                              "version": p["version"]})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == p["version"] + 1
        p = r.json()
    state = engine_state(client, tid)
    for seat in (0, 1, 2, None):
        q = get(client, tid, toks[seat] if seat is not None else None)
        assert q["version"] == 3 and q["seat"] == seat
        assert q["view"] == as_json(state.view(seat))
        assert q["to_act"] == list(state.to_act())
        assert bool(q["legal"]) == (seat in state.to_act())


def test_bad_token_is_403_and_changes_nothing(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid, _, tok = acting(client, made)
    before = get(client, tid, tok)
    assert client.get(f"/api/tables/{tid}", params={"token": "nope"}).status_code == 403
    r = client.post(f"/api/tables/{tid}/actions",
                    json={"token": tok + "x", "action": before["legal"][0]["text"],
                          "version": 0})
    assert r.status_code == 403 and r.json()["reason"]
    assert get(client, tid, tok)["version"] == 0 and stored_actions(client, tid) == []


def test_spectator_sees_the_public_view_and_cannot_act(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid = made["id"]
    p = get(client, tid)
    assert p["seat"] is None and p["legal"] == [] and len(p["to_act"]) == 1
    assert p["view"] == as_json(engine_state(client, tid).view(None))
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "pass", "version": 0})
    assert r.status_code == 403
    assert stored_actions(client, tid) == []


def test_stale_version_is_409_with_the_fresh_table(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid, seat, tok = acting(client, made)
    p = get(client, tid, tok)
    move = p["legal"][0]["text"]
    assert client.post(f"/api/tables/{tid}/actions",
                       json={"token": tok, "action": move, "version": 0}).status_code == 200
    now = get(client, tid)["to_act"][0]
    tok = made["seats"][now]["token"]
    again = get(client, tid, tok)
    stale = {"token": tok, "action": again["legal"][0]["text"], "version": 0}
    r = client.post(f"/api/tables/{tid}/actions", json=stale)
    assert r.status_code == 409
    body = r.json()
    assert body["reason"] and body["table"]["version"] == 1 and body["table"]["seat"] == now
    assert body["table"]["legal"] == again["legal"]
    assert stored_actions(client, tid) == [(seat, move)]
    # a version from the future is stale too
    r = client.post(f"/api/tables/{tid}/actions", json={**stale, "version": 5})
    assert r.status_code == 409 and stored_actions(client, tid) == [(seat, move)]


def _reason(lang: str, game: str, text: str, seat: int) -> str:
    """What the engine itself says, in `lang`, about `seat` playing `text` at the start."""
    state = herna.make(game, players=2, seed=7)
    with speaking(lang), pytest.raises(IllegalAction) as e:
        state.apply(seat, text)
    return str(e.value)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_illegal_and_unreadable_are_422_in_the_tables_language(client: TestClient,
                                                               lang: str) -> None:
    made = create(client, "alhambra", ("human", "human"), lang=lang)
    tid, seat, tok = acting(client, made)
    for text in ("take r9", "gibberish here"):
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": tok, "action": text, "version": 0})
        assert r.status_code == 422, r.text
        assert r.json()["reason"] == _reason(lang, "alhambra", text, seat)
        assert "table" not in r.json()
    assert _reason("cs", "alhambra", "take r9", seat) != _reason("en", "alhambra", "take r9",
                                                                  seat)
    r = client.post(f"/api/tables/{tid}/actions", json={"token": tok, "action": 99999})
    assert r.status_code == 422 and r.json()["reason"]
    # the second seat is not to act: refused as the engine refuses it
    tok1 = made["seats"][1 - seat]["token"]
    legal = get(client, tid, tok)["legal"][0]["text"]
    r = client.post(f"/api/tables/{tid}/actions", json={"token": tok1, "action": legal})
    assert r.status_code == 422
    # a per-request language overrides the table's for words, never for the log
    r = client.post(f"/api/tables/{tid}/actions",
                    json={"token": tok, "action": "take r9", "lang": "cs"})
    assert r.json()["reason"] == _reason("cs", "alhambra", "take r9", seat)
    assert get(client, tid, tok)["version"] == 0 and stored_actions(client, tid) == []


@pytest.mark.parametrize("body", [
    "not json",
    [1, 2],
    {"version": 0},  # no action
    {"action": True},
    {"action": None},
    {"action": ["take", "b1"]},
    {"action": "take b1", "version": "0"},
    {"action": "take b1", "version": True},
    {"action": "take b1", "lang": 5},
    {"action": "take b1", "lang": "xx"},
])
def test_malformed_action_bodies_are_422(client: TestClient, body: Any) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid, _, tok = acting(client, made)
    if isinstance(body, str):
        r = client.post(f"/api/tables/{tid}/actions", content=body,
                        headers={"content-type": "application/json",
                                 "authorization": f"Bearer {tok}"})
    else:
        r = client.post(f"/api/tables/{tid}/actions", json=body,
                        headers={"authorization": f"Bearer {tok}"})
    assert r.status_code == 422, r.text
    assert isinstance(r.json()["reason"], str)
    assert stored_actions(client, tid) == []


def test_unknown_table_is_404(client: TestClient) -> None:
    assert client.get("/api/tables/nosuchtable").status_code == 404
    assert client.post("/api/tables/nosuchtable/actions", json={"action": "x"}).status_code \
        == 404
    assert client.get("/api/tables/nosuchtable/record").status_code == 404


def test_token_by_query_bearer_and_body(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid, first, tok = acting(client, made)
    by_query = client.get(f"/api/tables/{tid}?token={tok}").json()
    by_bearer = client.get(f"/api/tables/{tid}",
                           headers={"Authorization": f"Bearer {tok}"}).json()
    assert by_query["seat"] == by_bearer["seat"] == first and by_query["legal"]
    moves = [m["text"] for m in by_query["legal"]]
    # acting: token in the body, then as Bearer, then in the query string
    r = client.post(f"/api/tables/{tid}/actions",
                    json={"token": tok, "action": moves[0], "version": 0})
    assert r.status_code == 200 and r.json()["seat"] == first
    p = r.json()
    seat = p["to_act"][0]
    tok_next = made["seats"][seat]["token"]
    m = get(client, tid, tok_next)["legal"][0]["text"]
    r = client.post(f"/api/tables/{tid}/actions", json={"action": m, "version": 1},
                    headers={"Authorization": f"Bearer {tok_next}"})
    assert r.status_code == 200 and r.json()["seat"] == seat
    seat = r.json()["to_act"][0]
    tok_next = made["seats"][seat]["token"]
    m = get(client, tid, tok_next)["legal"][0]["text"]
    r = client.post(f"/api/tables/{tid}/actions?token={tok_next}",
                    json={"action": m, "version": 2})
    assert r.status_code == 200 and r.json()["version"] == 3


def test_websocket_pushes_each_change_to_seats_and_spectators(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid, first, tok = acting(client, made)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tok}") as seat_ws, \
            client.websocket_connect(f"/api/tables/{tid}/ws") as watch_ws:
        first_p = seat_ws.receive_json()
        assert first_p["version"] == 0 and first_p["seat"] == first and first_p["legal"]
        w0 = watch_ws.receive_json()
        assert w0["seat"] is None and w0["legal"] == []
        move = first_p["legal"][0]["text"]
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": tok, "action": move, "version": 0})
        assert r.status_code == 200
        pushed = seat_ws.receive_json()
        moves = [line for line in pushed["log"] if not line.get("auto")]  # not its events
        assert pushed["version"] == 1 and moves[-1]["text"] == move
        assert pushed["view"] == r.json()["view"]
        watched = watch_ws.receive_json()
        assert watched["version"] == 1 and watched["seat"] is None and watched["legal"] == []
        assert watched["view"] == as_json(engine_state(client, tid).view(None))


def test_websocket_with_a_bad_token_is_closed(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    with pytest.raises(WebSocketDisconnect) as e, \
            client.websocket_connect(f"/api/tables/{made['id']}/ws?token=wrong") as ws:
        ws.receive_json()
    assert e.value.code == 4403


def test_websocket_pushes_bot_moves(client: TestClient) -> None:
    """A spectator of a bots-only table is pushed every bot move, up to the end."""
    made = create(client, "envyra", ("easy", "easy", "easy"))
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as ws:
        versions = [ws.receive_json()["version"]]
        while True:
            p = ws.receive_json()
            assert p["version"] > versions[-1] and p["seat"] is None and p["legal"] == []
            versions.append(p["version"])
            if p["over"]:
                break
    assert len(versions) > 5 and p["outcome"] is not None


def test_record_is_403_until_the_end_then_replays(client: TestClient) -> None:
    made = create(client, "alhambra-rw", ("human", "easy"))
    tid, tok = made["id"], made["seats"][0]["token"]
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 403 and r.json()["reason"]
    last, _ = play_out(client, tid, [tok])
    assert last["over"] and last["outcome"] and last["seed"] == 7
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert rec["game"] == "alhambra-rw" and rec["seed"] == 7 and rec["players"] == 2
    assert [tuple(a) for a in rec["actions"]] == stored_actions(client, tid)
    state = herna.replay(rec)
    assert state.is_over() and state.outcome().to_dict() == last["outcome"]  # type: ignore
    assert as_json(state.view(0)) == last["view"]


def test_my_tables(client: TestClient) -> None:
    a = create(client, "alhambra", ("human", "human"))
    b = create(client, "envyra", ("human", "easy", "easy"))
    create(client, "ubongo", ("human", "human"))  # not mine
    mine = [a["seats"][1]["token"], b["seats"][0]["token"], "not-a-token"]
    r = client.post("/api/my-tables", json={"tokens": mine})
    assert r.status_code == 200
    rows = {row["id"]: row for row in r.json()}
    assert set(rows) == {a["id"], b["id"]}
    assert rows[a["id"]]["seat"] == 1 and rows[a["id"]]["token"] == mine[0]
    assert rows[b["id"]]["game"] == "envyra" and rows[b["id"]]["over"] is False
    assert {"players", "moves", "created"} <= set(rows[a["id"]])
    assert rows[a["id"]]["name"] is None  # a player with no name yet: the page numbers them
    named = client.post(f"/api/tables/{a['id']}/name", json={"token": mine[0], "name": "Bára"})
    assert named.status_code == 200, named.text
    rows = {row["id"]: row for row in client.post("/api/my-tables",
                                                   json={"tokens": mine}).json()}
    assert rows[a["id"]]["name"] == "Bára" and rows[b["id"]]["name"] is None
    assert client.post("/api/my-tables", json={"tokens": []}).json() == []
    assert client.post("/api/my-tables", json={"tokens": "abc"}).status_code == 422
    assert client.post("/api/my-tables", json={"tokens": [1]}).status_code == 422


def test_play_again(client: TestClient) -> None:
    made = create(client, "alhambra-rw", ("human", "human", "medium"))
    tid, toks = made["id"], [s["token"] for s in made["seats"][:2]]
    r = client.post(f"/api/tables/{tid}/again", json={"token": toks[0]})
    assert r.status_code == 409  # not over yet
    assert client.post(f"/api/tables/{tid}/again", json={}).status_code == 403  # spectator
    play_out(client, tid, toks)
    r = client.post(f"/api/tables/{tid}/again", json={"token": toks[0]})
    assert r.status_code == 201, r.text
    nxt = r.json()
    assert nxt["id"] != tid and nxt["url"] == f"/t/{nxt['id']}#token={nxt['token']}"
    # idempotent, and the other seat (by Bearer) reaches the same table with its own token
    assert client.post(f"/api/tables/{tid}/again", json={"token": toks[0]}).json() == nxt
    r1 = client.post(f"/api/tables/{tid}/again", json={},
                     headers={"Authorization": f"Bearer {toks[1]}"})
    assert r1.status_code == 201 and r1.json()["id"] == nxt["id"]
    assert r1.json()["token"] != nxt["token"]
    # each seat's payload at the old table names the next table (never a token: a seat's
    # way in is its own POST .../again), and each token opens its own seat there
    for seat, tok, new_tok in ((0, toks[0], nxt["token"]), (1, toks[1], r1.json()["token"])):
        p = get(client, tid, tok)
        assert p["next"] == {"id": nxt["id"]}
        q = get(client, nxt["id"], new_tok)
        assert q["seat"] == seat and q["version"] >= 0 and not q["over"]
    assert get(client, tid)["next"] == {"id": nxt["id"]}  # a spectator gets no token
    q = get(client, nxt["id"])
    assert [(s["kind"], s["level"]) for s in q["seats"]] == \
        [("human", None), ("human", None), ("bot", "medium")]
    assert q["game"] == "alhambra-rw" and q["players"] == 3


GOOD = {"game": "alhambra", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.mark.parametrize("change", [
    {"game": "chess"},
    {"game": None},
    {"players": 7},
    {"players": 1},
    {"players": "2"},
    {"seats": [{"kind": "human"}]},
    {"seats": [{"kind": "human"}, {"kind": "alien"}]},
    {"seats": [{"kind": "human"}, "bot"]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "godlike"}]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": 3}]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard:no_such=1"}]},
    # a level is a name the lobby offers, nothing else (options once reached the bot)
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard:iterations=100000000"}]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard:time=45"}]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy:noise=<img src=x>"}]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard" + " " * 100}]},
    {"seats": [{"kind": "human"}, {"kind": "bot", "level": "x" * 100}]},
    {"seats": {"0": {"kind": "human"}}},
    {"players": True},
    {"players": 2.0},
    {"options": []},
    {"options": "open_money"},
    {"options": {"no_such": True}},
    {"options": {"open_money": "yes"}},
    {"options": {"open_money": 1}},
    {"options": [1]},
    {"game": "ubongo", "options": {"deck": "/etc/passwd"}},
    {"game": "ubongo", "options": {"timer": "45"}},
    {"game": "ubongo", "options": {"timer": True}},
    {"game": "ubongo", "options": {"side": "impossible"}},
    {"seed": -1},
    {"seed": "12"},
    {"seed": 1.5},
    {"seed": True},
    {"seed": 2**63},
    {"lang": "de"},
    {"lang": 5},
])
def test_create_refusals(client: TestClient, change: dict[str, Any]) -> None:
    r = client.post("/api/tables", json={**GOOD, **change})
    assert r.status_code == 422, r.text
    assert isinstance(r.json()["reason"], str) and r.json()["reason"]
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    assert store.unfinished() == []  # nothing was created


def test_create_refuses_non_objects(client: TestClient) -> None:
    assert client.post("/api/tables", content="[]",
                       headers={"content-type": "application/json"}).status_code == 422
    assert client.post("/api/tables", content="{",
                       headers={"content-type": "application/json"}).status_code == 422


def test_bots_only_table_plays_itself(client: TestClient) -> None:
    made = create(client, "envyra", ("easy", "easy", "easy"))
    assert all(s["token"] is None for s in made["seats"])
    p = wait(client, made["id"], None, lambda p: p["over"])
    assert p["outcome"] and p["seed"] == 7
