"""Database faults while tables are in play (issue 23): a full disk, a read-only database and
a lock held by someone else. The player gets a clear 503 with a reason, no move is half
written or made live, bots wait instead of giving up, and play goes on once the fault is gone.

The faults are SQLite's own errors, raised on the server's own connections: `max_page_count`
makes the file unable to grow (SQLITE_FULL, as on a full disk), `query_only` refuses writes
(as a read-only file does), and another connection's exclusive transaction holds the lock."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from serverkit import create, get, wait

from herna.server.app import create_app


@contextlib.contextmanager
def fault(engine: sa.Engine, pragma: str) -> Iterator[None]:
    """Every connection of the server's pool runs `pragma` until the block ends."""
    def on_connect(conn: Any, _record: Any) -> None:
        cur = conn.cursor()
        if pragma == "full":
            pages = cur.execute("PRAGMA page_count").fetchone()[0]
            cur.execute(f"PRAGMA max_page_count = {pages}")
        else:
            cur.execute(pragma)
        cur.close()

    sa.event.listen(engine, "connect", on_connect)
    engine.dispose()  # pooled connections are made again, with the fault
    try:
        yield
    finally:
        sa.event.remove(engine, "connect", on_connect)
        engine.dispose()


def _move(c: TestClient, tid: str, toks: list[str]) -> Any:
    p = get(c, tid)
    seat = p["to_act"][0]
    q = get(c, tid, toks[seat])
    return c.post(f"/api/tables/{tid}/actions", json={
        "token": toks[seat], "action": q["legal"][0]["text"], "version": q["version"]})


def _stored(c: TestClient, tid: str) -> int:
    return len(c.app.state.tables.store.load(tid).actions)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["full", "PRAGMA query_only = ON"])
def test_a_full_or_read_only_database_refuses_clearly_then_recovers(
        sqlite_db: str, kind: str) -> None:
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        made = create(c, "alhambra", ("human", "human"))
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        assert _move(c, tid, toks).status_code == 200
        engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
        with fault(engine, kind):
            for _ in range(400):  # the file's last page fills up, then it cannot grow
                r = _move(c, tid, toks)
                if r.status_code == 200:  # the page still had room: fill it
                    continue
                assert r.status_code == 503, r.text
                assert "database" in r.json()["reason"]
                break
            else:
                raise AssertionError("the fault never bit")
            version = get(c, tid)["version"]
            assert _stored(c, tid) == version  # nothing half written, nothing made live
            if kind != "full":  # (a full file may still fit a small table in its last page)
                r = c.post("/api/tables", json={"game": "envyra", "players": 2})
                assert r.status_code == 503 and r.json()["reason"]
        assert _move(c, tid, toks).status_code == 200  # the fault is gone: play goes on
        assert get(c, tid)["version"] == version + 1 == _stored(c, tid)


def test_a_locked_database_refuses_then_bots_go_on(sqlite_db: str) -> None:
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        made = create(c, "alhambra", ("human", "human"))
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
        with fault(engine, "PRAGMA busy_timeout = 200"):
            other = sqlite3.connect(sqlite_db, isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            try:
                r = _move(c, tid, toks)
                assert r.status_code == 503 and "database" in r.json()["reason"]
                assert get(c, tid)["version"] == 0
            finally:
                other.execute("ROLLBACK")
                other.close()
            assert _move(c, tid, toks).status_code == 200
        assert _stored(c, tid) == 1


def test_bots_wait_for_the_database_and_finish(sqlite_db: str) -> None:
    """A bots-only table whose moves are refused for a while is not given up: its bots try
    the same move again and finish the game once writes work."""
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
        made = create(c, "envyra", ("easy", "easy"))
        with fault(engine, "PRAGMA query_only = ON"):
            time.sleep(1.5)
            stuck = get(c, made["id"])["version"]
            time.sleep(0.5)
            assert get(c, made["id"])["version"] == stuck == _stored(c, made["id"])
        wait(c, made["id"], None, lambda p: p["over"], timeout=90)  # the bots went on
