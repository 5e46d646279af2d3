"""Durability on SQLite and PostgreSQL: a new app on the same database resumes every table
at the same version and view, bots included; and two servers on one database can never both
write move `seq` of a table (one wins, the other answers 409 and reloads)."""

from __future__ import annotations

import asyncio
import time

from fastapi.testclient import TestClient
from serverkit import create, get, wait

from herna.server.app import create_app
from herna.server.store import SeatRow, Store, TableRow
from herna.server.tables import Refused, Tables


def test_a_new_app_resumes_the_table(db: str) -> None:
    with TestClient(create_app(db, bot_pace=False)) as c:
        made = create(c, "alhambra", ("human", "human"))
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        for _ in range(5):
            seat = get(c, tid)["to_act"][0]
            p = get(c, tid, toks[seat])
            r = c.post(f"/api/tables/{tid}/actions",
                       json={"token": toks[seat], "action": p["legal"][-1]["text"],
                             "version": p["version"]})
            assert r.status_code == 200
        before = [get(c, tid, t) for t in (*toks, None)]
    with TestClient(create_app(db, bot_pace=False)) as c:
        after = [get(c, tid, t) for t in (*toks, None)]
        for b, a in zip(before, after, strict=True):
            assert a["version"] == b["version"] == 5
            for key in ("view", "legal", "to_act", "log", "svg"):
                assert a[key] == b[key], key
        seat = after[2]["to_act"][0]
        r = c.post(f"/api/tables/{tid}/actions",
                   json={"token": toks[seat], "action": after[seat]["legal"][0]["text"],
                         "version": 5})
        assert r.status_code == 200 and r.json()["version"] == 6


def test_bots_resume_when_the_app_starts(db: str) -> None:
    """Tables left with a bot to act (as after a crash) are played on by the next app
    without anyone asking for them: its start-up resumes every unfinished table."""
    store = Store(db)
    store.create(TableRow(id="botsonly", game="envyra", players=3, seed=4, options={},
                          lang="en", seats=[SeatRow(i, "bot", "easy", None) for i in range(3)]))
    store.create(TableRow(id="botnext", game="alhambra-rw", players=2, seed=4, options={},
                          lang="cs", seats=[SeatRow(0, "human", None, "0" * 64),
                                            SeatRow(1, "bot", "easy", None)]))
    store.close()
    app = create_app(db, bot_pace=False)
    with TestClient(app):
        tables: Tables = app.state.tables
        end = time.monotonic() + 30
        while not (tables.live["botsonly"].state.is_over()
                   and 0 in tables.live["botnext"].state.to_act()):
            assert time.monotonic() < end, "the bots did not resume"
            time.sleep(0.02)
        assert tables.store.load("botsonly").finished is not None  # type: ignore[union-attr]
        assert "botsonly" not in tables.store.unfinished()


def test_two_servers_race_for_the_same_move(db: str) -> None:
    """Two apps on one database hold the same table; both post move 0. The database's unique
    (table, seq) lets one in; the other answers 409 with the table as stored and reloads."""
    app1, app2 = create_app(db, bot_pace=False), create_app(db, bot_pace=False)
    with TestClient(app1) as c1, TestClient(app2) as c2:
        made = create(c1, "alhambra", ("human", "human"))
        tid = made["id"]
        seat = get(c2, tid)["to_act"][0]  # app2 now holds the table in memory too
        tok = made["seats"][seat]["token"]
        legal = [m["text"] for m in get(c2, tid, tok)["legal"]]
        r1 = c1.post(f"/api/tables/{tid}/actions",
                     json={"token": tok, "action": legal[0], "version": 0})
        assert r1.status_code == 200
        # app2's cache still says version 0: its write of seq 0 must fail, not fork the game
        r2 = c2.post(f"/api/tables/{tid}/actions",
                     json={"token": tok, "action": legal[-1], "version": 0})
        assert r2.status_code == 409, r2.text
        assert r2.json()["table"]["version"] == 1
        assert [line for line in r2.json()["table"]["log"]
                if not line.get("auto")][-1]["text"] == legal[0]
        assert app1.state.tables.store.load(tid).actions == [(seat, legal[0])]
        assert get(c2, tid, tok)["version"] == 1  # app2 reloaded from the log
        assert get(c2, tid, tok)["view"] == get(c1, tid, tok)["view"]


def test_two_writers_at_the_same_instant(db: str) -> None:
    """The same race with both writes in flight at once (two `Tables` on one database)."""
    s1, s2 = Store(db), Store(db)
    try:
        t1, t2 = Tables(s1), Tables(s2)
        table1, tokens = t1.create({"game": "alhambra", "players": 2, "seed": 9})
        table2 = t2.load(table1.id)
        seat = table1.state.to_act()[0]
        moves = [str(a) for a in table1.state.legal_actions(seat)]

        async def race() -> list[object]:
            return await asyncio.gather(t1.act(table1, seat, moves[0], 0),
                                        t2.act(table2, seat, moves[-1], 0),
                                        return_exceptions=True)

        results = asyncio.run(race())
        won = [r for r in results if not isinstance(r, BaseException)]
        lost = [r for r in results if isinstance(r, Refused)]
        assert len(won) == 1 and len(lost) == 1 and lost[0].status == 409
        stored = s1.load(table1.id).actions  # type: ignore[union-attr]
        assert len(stored) == 1 and stored[0][1] in (moves[0], moves[-1])
        for t in (t1, t2):
            assert t.load(table1.id).version == 1
            assert str(t.load(table1.id).state.history[0][1]) == stored[0][1]
        assert tokens[0] is not None
        for t in (t1, t2):
            t.bot_pool.shutdown()
    finally:
        s1.close()
        s2.close()


def test_one_app_started_twice_still_moves_its_bots(db: str) -> None:
    """Stopping the app closes its bot pool; starting the same app again opens a new one."""
    app = create_app(db, bot_pace=False)
    with TestClient(app) as c:
        made = create(c, "envyra", ("easy", "easy"))
    with TestClient(app) as c:
        deadline = time.monotonic() + 30
        while not get(c, made["id"])["over"]:
            assert time.monotonic() < deadline, "the bots stopped after the second start"
            time.sleep(0.05)


def test_finished_tables_nobody_watches_leave_memory_and_come_back(sqlite_db: str) -> None:
    app = create_app(sqlite_db, bot_pace=False)
    with TestClient(app) as c:
        made = create(c, "envyra", ("easy", "easy"))
        deadline = time.monotonic() + 60
        while not get(c, made["id"])["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        tables = app.state.tables
        before = get(c, made["id"])
        assert tables.sweep() == 1 and made["id"] not in tables.live
        after = get(c, made["id"])  # rebuilt from the log
        assert after["version"] == before["version"] and after["outcome"] == before["outcome"]
        assert tables.sweep() == 1


def test_idle_sweep_keeps_recent_tables_and_drops_idle_payloads(sqlite_db: str) -> None:
    """A finished table leaves only after `idle` seconds unasked; a table in play stays, but
    the payloads kept for it go when it is idle (they are made again when asked)."""
    app = create_app(sqlite_db, bot_pace=False)
    with TestClient(app) as c:
        over = create(c, "envyra", ("easy", "easy"))
        playing = create(c, "envyra", ("human", "human"))
        wait(c, over["id"], None, lambda p: p["over"], timeout=60)
        tables = app.state.tables
        get(c, playing["id"])
        assert tables.live[playing["id"]].texts
        assert tables.sweep(idle=3600) == 0 and over["id"] in tables.live  # asked just now
        for t in tables.live.values():
            t.used -= 7200  # two hours pass
        assert tables.sweep(idle=3600) == 1 and over["id"] not in tables.live
        assert playing["id"] in tables.live and not tables.live[playing["id"]].texts
        assert get(c, playing["id"])["version"] == 0
