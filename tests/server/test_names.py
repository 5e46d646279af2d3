"""Seats' display names (issue 20, item 2): given at creation or by the seat's holder, kept
as data from a user (checked, escaped in the drawing), shown in the payload's labels, the log
and the drawing; an existing database gains the column without losing a table."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create, drawing, filled, get, migration_head, old_database, play_out

from herna.server.app import create_app

# a name is at most 24 characters: "<img src=x onerror=alert(1)>" itself is refused (28)
EVIL = "<svg onload=alert(1)>"
IMG = "<img src=x onerror=f()>"


def named(c: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    r = c.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats,
                                    "seed": 7, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def rename(c: TestClient, tid: str, token: str | None, name: Any, **extra: Any) -> Any:
    body: dict[str, Any] = {"name": name, **extra}
    if token is not None:
        body["token"] = token
    return c.post(f"/api/tables/{tid}/name", json=body)


def test_create_with_names_labels_and_bots(client: TestClient) -> None:
    made = named(client, "envyra", [{"kind": "human", "name": "  Ana  "}, {"kind": "human"},
                                    {"kind": "bot", "level": "hard"}])
    p = get(client, made["id"], made["seats"][0]["token"])
    assert [(s["name"], s["label"]) for s in p["seats"]] == [
        ("Ana", "Ana"), (None, "Player 2"), (None, "Bot · hard")]
    svg = drawing(p)
    assert "Ana (you)" in svg and "Player 2" in svg and "Bot · hard" in svg
    assert "Seat 0" not in svg and "Seat 1" not in svg
    cs = get(client, made["id"], lang="cs")
    assert [s["label"] for s in cs["seats"]] == ["Ana", "Hráč 2", "Bot · těžký"]
    sk = get(client, made["id"], lang="sk")
    assert sk["seats"][2]["label"] == "Bot · ťažký"


def test_seats_that_would_read_alike_carry_their_number(client: TestClient) -> None:
    """Three easy bots are not "Bot · easy" three times (who is "waiting for Bot · easy"?):
    each carries its seat's number from 1, as its token does; a bot of another level, a
    named person and a numbered player stay as they are; two people who chose one name
    carry theirs too. The drawing, the log and the payload say the same."""
    made = named(client, "ubongo", [{"kind": "human", "name": "Ana"},
                                    {"kind": "bot", "level": "easy"},
                                    {"kind": "bot", "level": "easy"},
                                    {"kind": "bot", "level": "hard"}])
    p = get(client, made["id"], made["seats"][0]["token"])
    assert [s["label"] for s in p["seats"]] == ["Ana", "Bot 2 · easy", "Bot 3 · easy",
                                                "Bot · hard"]
    svg = drawing(p)
    assert "Bot 2 · easy" in svg and "Bot 3 · easy" in svg and "Bot · easy" not in svg
    cs = get(client, made["id"], lang="cs")
    assert [s["label"] for s in cs["seats"]][1:3] == ["Bot 2 · snadný", "Bot 3 · snadný"]

    twins = named(client, "envyra", [{"kind": "human", "name": "Ana"},
                                     {"kind": "human", "name": "Ana"}, {"kind": "human"}])
    p = get(client, twins["id"], twins["seats"][0]["token"])
    assert [s["label"] for s in p["seats"]] == ["Ana (1)", "Ana (2)", "Player 3"]
    first = next(a for a in p["legal"] if a["text"].startswith("mark"))["text"]
    r = client.post(f"/api/tables/{twins['id']}/actions", json={
        "token": twins["seats"][1]["token"], "action": first, "version": p["version"]})
    assert r.status_code == 200, r.text
    p = get(client, twins["id"], twins["seats"][0]["token"])
    assert any(line["who"] == "Ana (2)" for line in p["log"]), p["log"]


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_every_drawing_names_the_seats_and_escapes_them(sqlite_client: TestClient,
                                                         game: str) -> None:
    made = named(sqlite_client, game, [{"kind": "human", "name": EVIL},
                                       {"kind": "human", "name": "Bára & Čeněk"},
                                       {"kind": "human", "name": IMG}])
    tid = made["id"]
    for token in (made["seats"][0]["token"], None):
        p = get(sqlite_client, tid, token)
        assert p["seats"][0]["name"] == EVIL and p["seats"][0]["label"] == EVIL
        svg = drawing(p)
        assert "<svg onload" not in svg and "&lt;svg onload=alert(1)&gt;" in svg
        assert "<img" not in svg and "&lt;img src=x onerror=f()&gt;" in svg
        assert "Bára &amp; Čeněk" in svg and "Seat 0" not in svg


def test_rename_pushes_and_refusals(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = named(c, "envyra", [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    # a move first, so the log has a line whose `who` must follow the name
    p = get(c, tid, toks[0])
    seat = p["to_act"][0]
    mover = get(c, tid, toks[seat])
    r = c.post(f"/api/tables/{tid}/actions", json={"token": toks[seat], "version": 0,
                                                   "action": mover["legal"][0]["text"]})
    assert r.status_code == 200, r.text
    with c.websocket_connect(f"/api/tables/{tid}/ws?token={toks[1]}") as ws:
        first = ws.receive_json()
        assert first["seats"][seat]["label"] == f"Player {seat + 1}"
        r = rename(c, tid, toks[seat], " Zoë ")
        assert r.status_code == 200, r.text
        assert r.json()["seats"][seat]["label"] == "Zoë" and r.json()["seat"] == seat
        pushed = filled(ws.receive_json(), first)
        assert pushed["seats"][seat] == {"seat": seat, "kind": "human", "level": None,
                                         "name": "Zoë", "label": "Zoë",
                                         "colour": first["seats"][seat]["colour"],
                                         "stand_in": False}
        assert pushed["log"][0]["who"] == "Zoë" and "Zoë" in drawing(pushed)
        assert pushed["version"] == first["version"]  # a name is no move
    assert c.app.state.tables.store.load(tid).seats[seat].name == "Zoë"  # type: ignore
    # refusals: each {"reason"}, nothing changed
    assert rename(c, tid, None, "Eve").status_code == 403
    r = rename(c, tid, "not-a-token", "Eve")
    assert r.status_code == 403 and r.json()["reason"]
    for bad in ("", "   ", "x" * 25, "a\nb", "a\x00b", "a\u202eb", 7, None, ["Eve"]):
        r = rename(c, tid, toks[0], bad)
        assert r.status_code == 422, bad
        assert set(r.json()) == {"reason"} and r.json()["reason"]
    r = rename(c, tid, toks[0], "x" * 25, lang="cs")
    assert r.json()["reason"] == "Jméno musí mít 1 až 24 znaků."
    # a lone surrogate never reaches the check: the body's JSON is refused (422)
    raw = b'{"token": "%s", "name": "\\ud800"}' % toks[0].encode()
    r = c.post(f"/api/tables/{tid}/name", content=raw,
               headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert rename(c, "nosuchtable", toks[0], "Eve").status_code == 404
    assert [s["name"] for s in get(c, tid)["seats"]] == [
        "Zoë" if i == seat else None for i in range(3)]
    assert rename(c, tid, toks[0], "x" * 24).status_code == 200  # 24 is the most


def test_create_refuses_a_bad_name(sqlite_client: TestClient) -> None:
    for bad in ("", "x" * 25, "tab\there", 3, "<img src=x onerror=alert(1)>"):
        r = sqlite_client.post("/api/tables", json={
            "game": "envyra", "players": 2, "seats": [{"kind": "human", "name": bad},
                                                      {"kind": "human"}]})
        assert r.status_code == 422 and set(r.json()) == {"reason"}, bad


def test_play_again_keeps_the_names(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = named(c, "alhambra-rw", [{"kind": "human", "name": "Ana"},
                                    {"kind": "human", "name": "Ben"}])
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    play_out(c, tid, toks)
    nxt = c.post(f"/api/tables/{tid}/again", json={"token": toks[1]}).json()
    q = get(c, nxt["id"], nxt["token"])
    assert [s["label"] for s in q["seats"]] == ["Ana", "Ben"] and q["seat"] == 1


def _old_database(path: Path) -> None:
    """A database as the last release left it: schema 0002, one table."""
    old_database(path, "0002", game="envyra")


def test_migration_keeps_an_existing_database(tmp_path: Path) -> None:
    db = tmp_path / "herna.db"
    _old_database(db)
    with sqlite3.connect(db) as conn:
        assert "name" not in {r[1] for r in conn.execute("PRAGMA table_info(seats)")}
    with TestClient(create_app(str(db), bot_pace=False)) as c:
        p = get(c, "oldtable", "oldtoken")
        assert p["seat"] == 0 and [s["label"] for s in p["seats"]] == ["Player 1", "Bot · easy"]
        assert [s["name"] for s in p["seats"]] == [None, None]
        assert rename(c, "oldtable", "oldtoken", "Ana").status_code == 200
    with sqlite3.connect(db) as conn:
        # brought to the newest revision (0003 added the names; later ones keep them)
        head = conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        assert head == migration_head()
        assert migration_head() >= "0004"
        assert conn.execute("SELECT name FROM seats WHERE seat = 0").fetchone()[0] == "Ana"
        assert conn.execute("SELECT count(*) FROM tables").fetchone()[0] == 1
    with TestClient(create_app(str(db), bot_pace=False)) as c:  # a restart keeps the name
        assert get(c, "oldtable")["seats"][0]["label"] == "Ana"


def test_unnamed_seats_count_from_one(sqlite_client: TestClient) -> None:
    made = create(sqlite_client, "alhambra", ("human", "human", "medium"))
    p = get(sqlite_client, made["id"])
    assert [s["label"] for s in p["seats"]] == ["Player 1", "Player 2", "Bot · medium"]
