"""Memory that must come back (issue 23): what a closed socket or a finished table held is
freed, without waiting for a full collection of the cyclic garbage collector, which
`herna serve` makes rare (herna.server.GC_THRESHOLDS)."""

from __future__ import annotations

import asyncio
import gc
import random
import time
import weakref
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import choose, create, get, wait

from herna import drawing
from herna.server.app import create_app
from herna.server.tables import FELL_BEHIND, Watcher


@pytest.mark.parametrize("how", ["stop", "drop"])
def test_a_closed_socket_is_freed_by_its_last_reference(how: str) -> None:
    """A watcher's sending task, cancelled, keeps its CancelledError and the traceback holds
    the watcher: had the watcher kept the task, every closed connection (its socket, its
    deflate state, ~40 KB) would wait in a cycle for a full collection."""
    sent: list[str] = []
    closed: list[int] = []

    async def send(text: str) -> None:
        sent.append(text)

    async def close(code: int, _reason: str) -> None:
        closed.append(code)

    async def main() -> weakref.ref[Watcher]:
        w = Watcher(None, "en", send, close, make=lambda _w: ("x", None))
        w.start()
        w.push()
        await asyncio.sleep(0.01)
        if how == "stop":
            w.stop()
        else:
            w.drop(FELL_BEHIND, "fell behind")
        ref = weakref.ref(w)
        del w
        for _ in range(3):
            await asyncio.sleep(0.01)
        return ref

    gc.collect()
    gc.disable()
    try:
        ref = asyncio.run(main())
        assert ref() is None
    finally:
        gc.enable()
    assert sent == ["x"] and closed == ([FELL_BEHIND] if how == "drop" else [])


def test_the_sweep_lets_go_of_the_drawings_and_words_nobody_uses(sqlite_db: str,
                                                                   monkeypatch: Any) -> None:
    """The parts of drawings and the words of moves are kept by their data, not by table:
    the sweep lets go of those no push has used for the idle time (they outlived the tables
    that left, up to ~100 MB), and a table asked for again is drawn the same."""
    from herna.games.envyra import render
    from herna.server import words

    clock = [time.monotonic()]
    monkeypatch.setattr(drawing, "_clock", lambda: clock[0])
    app = create_app(sqlite_db, bot_pace=False)
    with TestClient(app) as c:
        over = create(c, "envyra", ("easy", "easy"))
        wait(c, over["id"], None, lambda p: p["over"], timeout=60)
        before = get(c, over["id"])
        parts: Any = render._cell_drawn
        said: Any = words.describe
        assert parts.cache_len() and said.cache_len()
        tables = app.state.tables
        assert tables.sweep(idle=3600) == 0 and parts.cache_len()  # used just now
        for t in tables.live.values():
            t.used -= 7200  # two hours pass
        clock[0] += 7200
        assert tables.sweep(idle=3600) == 1
        assert parts.cache_len() == 0 and said.cache_len() == 0
        assert get(c, over["id"]) == before  # rebuilt from the log, drawn again


def test_the_last_table_to_leave_takes_the_memos_with_it(sqlite_db: str) -> None:
    """The engines' and drawings' memos (legal move lists, drawn parts, words) are shared by
    every table and refilled on demand: once no table is left in memory the sweep empties
    them, so the memory they pin can go back (herna.core.memo), and closes the pooled SQLite
    connections (their page caches); while one is live they stay."""
    from herna.games.envyra import rules, view
    from herna.web import catalog

    app = create_app(sqlite_db, bot_pace=False)
    with TestClient(app) as c:
        made = [create(c, "envyra", ("easy", "easy")) for _ in range(2)]
        for m in made:
            wait(c, m["id"], None, lambda p: p["over"], timeout=60)
        before = get(c, made[0]["id"])
        tables = app.state.tables
        tables.live[made[0]["id"]].used -= 7200  # the first one is left alone for two hours
        assert tables.sweep(idle=3600) == 1 and len(tables.live) == 1
        assert rules._MARK_LISTS and view._partition.cache_info().currsize
        assert catalog()._said
        assert tables.store.engine.pool.checkedin() >= 1
        tables.live[made[1]["id"]].used -= 7200  # and then the last one
        assert tables.sweep(idle=3600) == 1 and not tables.live
        assert not rules._MARK_LISTS and view._partition.cache_info().currsize == 0
        assert not catalog()._said and not any(len(m) for m in drawing._ALL)
        assert tables.store.engine.pool.checkedin() == 0  # SQLite's page caches closed too
        assert get(c, made[0]["id"]) == before  # rebuilt from the log, drawn again


def test_the_sweep_after_closed_sockets_hands_memory_back(client: TestClient,
                                                         monkeypatch: Any) -> None:
    """What a closed connection leaves in uvicorn's own reference cycles is collected, and the
    heap trimmed, at the next sweep (not only when tables leave); a quiet sweep does nothing."""
    from herna.server import tables as tables_mod

    calls: list[int] = []
    monkeypatch.setattr(tables_mod, "release_memory", lambda: calls.append(1))
    made = create(client, "envyra", ("human", "human"))
    tables = client.app.state.tables  # type: ignore[attr-defined]
    tables.sweep(idle=3600)
    calls.clear()
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as ws:
        assert ws.receive_json()["table"] == made["id"]
    deadline = time.monotonic() + 10
    while tables.unwatched == 0:  # the server's side of the socket ends just after
        assert time.monotonic() < deadline
        time.sleep(0.01)
    tables.sweep(idle=3600)
    assert calls == [1]
    tables.sweep(idle=3600)
    assert calls == [1]


def test_a_busy_server_puts_the_full_collection_off(client: TestClient,
                                                    monkeypatch: Any) -> None:
    """A full collection stops every table for 75-100 ms at 200 live ones: while moves come
    the sweep leaves it for a quiet sweep, or for COLLECT_BUSY seconds after the last one;
    what was let go in the meantime is not forgotten."""
    from herna.server import tables as tables_mod

    calls: list[int] = []
    monkeypatch.setattr(tables_mod, "release_memory", lambda: calls.append(1))
    tables = client.app.state.tables  # type: ignore[attr-defined]
    made = create(client, "envyra", ("human", "human"))
    rng = random.Random(5)

    def move() -> None:
        for token in [s["token"] for s in made["seats"]]:
            p = get(client, made["id"], token)
            if p["legal"]:
                r = client.post(f"/api/tables/{made['id']}/actions", json={
                    "token": token, "action": choose(p, rng), "version": p["version"]})
                assert r.status_code == 200, r.text
                return
        raise AssertionError("nobody can move")

    tables.unwatched = 1
    tables.sweep(idle=3600)  # a first collection
    assert calls == [1]
    calls.clear()
    tables.unwatched = 3  # three connections ended ...
    move()  # ... while moves come
    tables.sweep(idle=3600)
    assert calls == []  # put off
    move()
    tables.sweep(idle=3600)
    assert calls == []
    tables.sweep(idle=3600)  # no move since the last sweep: quiet, so now
    assert calls == [1] and tables.unwatched == 0
    tables.sweep(idle=3600)
    assert calls == [1]  # nothing left to collect
    tables.unwatched = 1
    move()
    tables.sweep(idle=3600)
    assert calls == [1]
    move()
    tables._collected -= tables_mod.COLLECT_BUSY  # five minutes since the last collection
    tables.sweep(idle=3600)  # busy, but the last collection was long enough ago
    assert calls == [1, 1]


def test_the_server_goes_on_as_started_when_it_cannot_run_itself_again(
        monkeypatch: Any) -> None:
    """`herna serve` runs itself again under jemalloc (herna.server.use_jemalloc); if that
    exec fails, it serves as started, with the operator's environment as it was."""
    import os
    import sys

    import herna.server as server

    for name in ("PYTHONMALLOC", "LD_PRELOAD", "MALLOC_CONF", "HERNA_REEXEC"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(server, "jemalloc_path", lambda: "/usr/lib/libjemalloc.so.2")
    monkeypatch.setattr(sys, "platform", "linux")
    seen: list[dict[str, str | None]] = []

    def refuse(path: str, argv: list[str]) -> None:
        seen.append({n: os.environ.get(n) for n in ("PYTHONMALLOC", "LD_PRELOAD")})
        raise OSError("exec refused")

    monkeypatch.setattr(os, "execv", refuse)
    assert server.use_jemalloc() is False
    assert seen == [{"PYTHONMALLOC": "malloc", "LD_PRELOAD": "/usr/lib/libjemalloc.so.2"}]
    assert not any(os.environ.get(n) for n in ("PYTHONMALLOC", "LD_PRELOAD", "MALLOC_CONF",
                                                "HERNA_REEXEC"))
    monkeypatch.setenv("PYTHONMALLOC", "pymalloc")  # the operator's choice: never run again
    assert server.use_jemalloc() is False and len(seen) == 1
