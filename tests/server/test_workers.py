"""Several server processes on one PostgreSQL database (issue 23, "Growing past one process").

Two apps, each under its own uvicorn in a thread, share one throw-away database as two
`herna serve` processes would (each has its own tables in memory, its own listening
connection and its own bot leases); the kill test runs two real `herna serve` processes.
What must hold: a move made through either process reaches sockets held by the other
(LISTEN/NOTIFY), concurrent moves at one version give exactly one 200, bots move once per
turn wherever the move that handed them the turn was made, and a killed process's tables go
on in the other.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import FakeClock, choose, create, get, ubongo_solve, wait

import herna
from herna.server.app import create_app
from herna.server.store import Store

HERNA = Path(sys.executable).parent / "herna"


class Server:
    """One app (one "process") under uvicorn in a thread, on a free port."""

    def __init__(self, db: str, **options: Any) -> None:
        import uvicorn

        from herna.server.wsproto import protocol

        self.app = create_app(db, bot_pace=False, **options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_config=None,
                                ws=protocol(), ws_per_message_deflate=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        end = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < end, "did not start"
            time.sleep(0.05)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=30)
        return self

    def __exit__(self, *_: object) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=30)

    @property
    def tables(self) -> Any:
        return self.app.state.tables

    def run(self, work: Any) -> Any:
        """Await `work` (a coroutine) on this server's own event loop, and return its result."""
        import asyncio

        loop = self.server.servers[0].get_loop()
        return asyncio.run_coroutine_threadsafe(work, loop).result(timeout=30)


@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[Server, Server]]:
    with Server(pg_url) as a, Server(pg_url) as b:
        yield a, b


def _recv_until(ws: Any, until: Any, timeout: float = 15.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        p = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if until(p):
            return p


def _move(c: httpx.Client, tid: str, token: str, version: int | None = None) -> httpx.Response:
    p = get(c, tid, token)
    body: dict[str, Any] = {"token": token, "action": p["legal"][0]["text"]}
    body["version"] = p["version"] if version is None else version
    return c.post(f"/api/tables/{tid}/actions", json=body)


def test_sqlite_refuses_shared_mode(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="PostgreSQL"):
        create_app(str(tmp_path / "h.db"), shared=True)
    app = create_app(str(tmp_path / "h.db"))
    assert app.state.tables.shared is None  # one process on SQLite: as it always was


def test_a_move_through_one_process_reaches_a_socket_on_the_other(
        two: tuple[Server, Server]) -> None:
    from websockets.sync.client import connect

    a, b = two
    made = create(a.http, "alhambra", ("human", "human"))
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    with connect(f"ws://127.0.0.1:{b.port}/api/tables/{tid}/ws?token={toks[1]}") as seat1, \
            connect(f"ws://127.0.0.1:{b.port}/api/tables/{tid}/ws") as spectator:
        assert json.loads(seat1.recv(timeout=10))["version"] == 0
        assert json.loads(spectator.recv(timeout=10))["version"] == 0
        for n in range(1, 6):  # every move through A, every push from B
            seat = get(a.http, tid)["to_act"][0]
            assert _move(a.http, tid, toks[seat]).status_code == 200
            pushed = _recv_until(seat1, lambda p, n=n: p["version"] >= n)
            assert pushed["version"] == n
            assert pushed["view"] == get(a.http, tid, toks[1])["view"]
            assert _recv_until(spectator, lambda p, n=n: p["version"] >= n)["version"] == n
        # a name given through A is shown by B's sockets too
        r = a.http.post(f"/api/tables/{tid}/name", json={"token": toks[0], "name": "Ana"})
        assert r.status_code == 200, r.text
        named = _recv_until(spectator, lambda p: p["seats"][0]["name"] == "Ana")
        assert named["seats"][0]["label"] == "Ana"
        assert get(b.http, tid)["seats"][0]["name"] == "Ana"


def test_twenty_concurrent_moves_over_two_processes_give_one_200(
        two: tuple[Server, Server]) -> None:
    a, b = two
    made = create(a.http, "alhambra", ("human", "human"))
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    seat = get(a.http, tid)["to_act"][0]
    legal = [m["text"] for m in get(b.http, tid, toks[seat])["legal"]]  # B holds it too
    clients = [httpx.Client(base_url=s.url, timeout=30) for s in (a, b)]
    try:
        def post(i: int) -> httpx.Response:
            return clients[i % 2].post(f"/api/tables/{tid}/actions", json={
                "token": toks[seat], "action": legal[i % len(legal)], "version": 0})

        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(post, range(20)))
    finally:
        for c in clients:
            c.close()
    codes = sorted(r.status_code for r in answers)
    assert codes == [200] + [409] * 19, [r.text for r in answers if r.status_code != 409]
    won = next(r for r in answers if r.status_code == 200).json()
    for r in answers:
        if r.status_code == 409:
            assert r.json()["table"]["version"] == 1  # the fresh table, as the contract says
    stored = a.tables.store.load(tid).actions
    moves = [line for line in won["log"] if not line.get("auto")]  # (not the events after)
    assert len(stored) == 1 and stored[0][1] == moves[-1]["text"]
    for s in (a, b):  # both processes hold the one stored move
        assert get(s.http, tid)["version"] == 1


def _play(servers: list[Server], tid: str, token: str, seed: int,
          timeout: float = 120.0) -> list[str]:
    """Play a human seat to the end, each move read from one process and posted through
    the other in turn; 409s (a bot moved meanwhile, or the other process had not heard of
    the last move yet) are answered by looking again."""
    rng = random.Random(seed)
    posted: list[str] = []
    end = time.monotonic() + timeout
    turn = 0
    while True:
        reader, writer = servers[turn % 2], servers[(turn + 1) % 2]
        p = get(reader.http, tid, token)
        if p["over"]:
            return posted
        assert time.monotonic() < end, f"not over: version {p['version']}"
        if not p["legal"] and not (p["game"] == "ubongo" and ubongo_solve(p["view"])):
            time.sleep(0.01)
            turn += 1
            continue
        text = choose(p, rng)
        r = writer.http.post(f"/api/tables/{tid}/actions",
                             json={"token": token, "action": text, "version": p["version"]})
        assert r.status_code in (200, 409), r.text
        if r.status_code == 200:
            posted.append(text)
        turn += 1


@pytest.mark.parametrize(("game", "kinds"), [("envyra", ("human", "easy", "medium")),
                                             ("alhambra-rw", ("human", "easy"))])
def test_a_game_with_bots_through_alternating_processes_equals_its_record(
        two: tuple[Server, Server], game: str, kinds: tuple[str, ...]) -> None:
    a, b = two
    made = create(b.http, game, kinds)
    tid, tok = made["id"], made["seats"][0]["token"]
    get(a.http, tid)  # both processes hold the table
    posted = _play([a, b], tid, tok, seed=3)
    assert posted
    stored = a.tables.store.load(tid)
    records = [s.http.get(f"/api/tables/{tid}/record") for s in (a, b)]
    assert [r.status_code for r in records] == [200, 200]
    assert records[0].json() == records[1].json()
    record = records[0].json()
    replayed = herna.replay(record)
    assert replayed.is_over() and len(replayed.history) == len(stored.actions)
    assert [(seat, str(act)) for seat, act in replayed.history] == stored.actions
    for s in (a, b):
        p = get(s.http, tid)
        assert p["over"] and p["version"] == len(stored.actions)
        assert p["outcome"] == get(a.http, tid)["outcome"]
    # the finished table's bot lease is let go: no process keeps running it
    end = time.monotonic() + 10
    while any(tid in s.tables.shared.held for s in (a, b)):
        assert time.monotonic() < end, "a finished table's lease was kept"
        time.sleep(0.02)


def test_bots_move_once_per_turn_in_the_process_holding_the_lease(
        two: tuple[Server, Server]) -> None:
    """A bots-only table created through A while B also holds it: only one process ever
    holds its lease, and it is played to the end with no move refused for a double write."""
    a, b = two
    conflicts = {"n": 0}
    for s in (a, b):
        store = s.tables.store
        original = store.append

        def counting(*args: Any, _orig: Any = original, **kw: Any) -> None:
            from herna.server.store import Conflict

            try:
                _orig(*args, **kw)
            except Conflict:
                conflicts["n"] += 1
                raise

        store.append = counting  # type: ignore[method-assign]
    made = create(a.http, "envyra", ("easy", "easy", "easy"))
    tid = made["id"]
    end = time.monotonic() + 60
    while True:
        holders = [s for s in (a, b) if s.tables.shared is not None
                   and tid in s.tables.shared.held]
        p = get(b.http, tid)  # B follows it (and could take the lease if nobody held it)
        if p["over"]:
            break
        assert len(holders) <= 1, "two processes run the same table's bots"
        assert time.monotonic() < end, "the bots did not finish"
        time.sleep(0.02)
    assert conflicts["n"] == 0
    assert herna.replay(a.http.get(f"/api/tables/{tid}/record").json()).is_over()


def test_play_again_through_one_process_is_seen_by_the_other(
        two: tuple[Server, Server]) -> None:
    from websockets.sync.client import connect

    a, b = two
    made = create(a.http, "alhambra-rw", ("human", "human"))
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    with connect(f"ws://127.0.0.1:{b.port}/api/tables/{tid}/ws?token={toks[1]}") as ws:
        json.loads(ws.recv(timeout=10))
        rng = random.Random(1)
        while not (p := get(a.http, tid))["over"]:
            seat = p["to_act"][0]
            q = get(a.http, tid, toks[seat])
            r = a.http.post(f"/api/tables/{tid}/actions", json={
                "token": toks[seat], "action": choose(q, rng), "version": q["version"]})
            assert r.status_code == 200, r.text
        r = a.http.post(f"/api/tables/{tid}/again", json={"token": toks[0]})
        assert r.status_code == 201, r.text
        nxt = r.json()["id"]
        assert _recv_until(ws, lambda p: p.get("next") is not None)["next"]["id"] == nxt
    # the other seat presses "play again" through B: the same next table, its own seat
    r = b.http.post(f"/api/tables/{tid}/again", json={"token": toks[1]})
    assert r.status_code == 201 and r.json()["id"] == nxt, r.text
    mine = r.json()["token"]
    for s in (a, b):  # both processes know the seat claimed through the other
        assert get(s.http, nxt, mine)["seat"] == 1


# ----- two real `herna serve` processes ------------------------------------------------


def _serve(db: str, port: int, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    out = log.open("ab")
    env = {**os.environ, "HERNA_LANG": "en", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([str(HERNA), "serve", "--port", str(port), "--db", db,
                             "--limit-create", "0", "--limit-actions", "0",
                             "--max-sockets-per-client", "0", *extra],
                            stdout=out, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    out.close()
    end = time.monotonic() + 90
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > end:
            raise RuntimeError("herna serve did not start:\n" + log.read_text()[-2000:])
        time.sleep(0.1)


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGINT) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


def test_a_killed_process_and_the_other_goes_on(pg_url: str, tmp_path: Path) -> None:
    """Two `herna serve` on one database; the one that created the tables (and so runs
    their bots) is killed with SIGKILL mid-game. The other takes over their bots within a
    few seconds and plays them to the end; a person's table goes on through it."""
    from conftest import free_port

    pa, pb = free_port(), free_port()
    a = _serve(pg_url, pa, tmp_path / "a.log")
    try:
        b = _serve(pg_url, pb, tmp_path / "b.log")
        try:
            ca = httpx.Client(base_url=f"http://127.0.0.1:{pa}", timeout=30)
            cb = httpx.Client(base_url=f"http://127.0.0.1:{pb}", timeout=30)
            bots = create(ca, "envyra", ("medium", "medium", "medium"))["id"]
            made = create(ca, "alhambra-rw", ("human", "easy"))
            tid, tok = made["id"], made["seats"][0]["token"]
            while get(cb, bots)["version"] < 3:  # the bots are at work in A
                time.sleep(0.02)
            _stop(a, signal.SIGKILL)
            ca.close()
            end = time.monotonic() + 90
            while not get(cb, bots)["over"]:
                assert time.monotonic() < end, "B never took over the bots"
                time.sleep(0.1)
            posted = _play_one(cb, tid, tok)
            assert posted and get(cb, tid, tok)["over"]
            stored = Store(pg_url)
            try:
                for t in (bots, tid):
                    row = stored.load(t)
                    assert row is not None and row.finished is not None
                    record = cb.get(f"/api/tables/{t}/record").json()
                    assert [(s, str(x)) for s, x in herna.replay(record).history] \
                        == row.actions
            finally:
                stored.close()
            cb.close()
        finally:
            _stop(b)
    finally:
        _stop(a, signal.SIGKILL)


def _play_one(c: httpx.Client, tid: str, tok: str) -> list[str]:
    rng = random.Random(5)
    posted: list[str] = []
    end = time.monotonic() + 120
    while not (p := get(c, tid, tok))["over"]:
        assert time.monotonic() < end
        if not p["legal"]:
            time.sleep(0.02)
            continue
        text = choose(p, rng)
        r = c.post(f"/api/tables/{tid}/actions",
                   json={"token": tok, "action": text, "version": p["version"]})
        assert r.status_code in (200, 409), r.text
        if r.status_code == 200:
            posted.append(text)
    return posted


def test_workers_flag_serves_from_several_processes(pg_url: str, tmp_path: Path) -> None:
    """`herna serve --workers 2`: one port, two processes, a game played through it; and
    SQLite is refused with the reason."""
    refused = subprocess.run([str(HERNA), "serve", "--workers", "2", "--db",
                              str(tmp_path / "h.db")], capture_output=True, text=True,
                             timeout=60, env={**os.environ, "HERNA_LANG": "en"})
    assert refused.returncode != 0 and "PostgreSQL" in refused.stdout + refused.stderr
    from conftest import free_port

    port = free_port()
    proc = _serve(pg_url, port, tmp_path / "w.log", "--workers", "2")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as c:
            made = create(c, "envyra", ("human", "easy", "easy"))
            posted = _play_one(c, made["id"], made["seats"][0]["token"])
            assert posted
        log = (tmp_path / "w.log").read_text()
        assert log.count("Application startup complete") >= 2, log[-2000:]
        from herna.server import jemalloc_path

        if jemalloc_path() and sys.platform.startswith("linux"):  # each serves under it
            pids = [int(m) for m in re.findall(r"Started server process \[(\d+)\]", log)]
            assert len(pids) >= 2
            for pid in pids:
                assert "libjemalloc" in Path(f"/proc/{pid}/maps").read_text()
    finally:
        _stop(proc)



def test_an_idle_table_another_process_plays_leaves_memory_and_comes_back_current(
        two: tuple[Server, Server]) -> None:
    """B's sweep lets go of a table in play that nobody watches there and whose bots it does
    not run (the log keeps it); asked for again, it is read as the other process left it.
    A table whose bots B runs stays."""
    a, b = two
    made = create(a.http, "alhambra", ("human", "human"))
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    get(b.http, tid)
    assert tid in b.tables.live
    seat = get(a.http, tid)["to_act"][0]
    assert _move(a.http, tid, toks[seat]).status_code == 200
    end = time.monotonic() + 10
    while b.tables.live[tid].version < 1:  # B hears of the move and catches up
        assert time.monotonic() < end, "B never heard of A's move"
        time.sleep(0.02)
    for t in b.tables.live.values():
        t.used -= 7200
    b.tables.sweep(idle=3600)
    assert tid not in b.tables.live
    assert get(b.http, tid)["version"] == 1 == get(a.http, tid)["version"]
    bots = create(b.http, "alhambra-rw", ("human", "easy"))["id"]
    end = time.monotonic() + 10
    while bots not in b.tables.shared.held:  # the creator takes the bots' lease
        assert time.monotonic() < end, "B did not take the lease of a table it created"
        time.sleep(0.02)
    assert bots not in a.tables.shared.held
    for t in b.tables.live.values():
        t.used -= 7200
    b.tables.sweep(idle=3600)
    assert bots in b.tables.live  # its bots run here: it stays


def test_the_race_clock_is_the_same_in_both_processes(two: tuple[Server, Server]) -> None:
    """Ubongo's hourglass runs from the stored moment the race began, not from when a
    process first read the table."""
    a, b = two
    made = create(a.http, "ubongo", ("human", "human"))
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    for seat in (0, 1):  # each player picks a difficulty; then the hourglass turns
        p = get(a.http, tid, toks[seat])
        r = a.http.post(f"/api/tables/{tid}/actions", json={
            "token": toks[seat], "action": p["legal"][0]["text"], "version": p["version"]})
        assert r.status_code == 200, r.text
    assert r.json().get("clock") is not None, "the race did not begin"
    time.sleep(1.0)
    late = get(b.http, tid)  # B reads the table for the first time now
    now_a = get(a.http, tid)
    assert late["clock"]["elapsed"] >= 0.9
    assert abs(late["clock"]["elapsed"] - now_a["clock"]["elapsed"]) < 0.5


def test_bot_leases_are_shared_out_between_the_processes(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables whose bots one process took (it made them, or it started first after a
    restart) are shared out: the process over its share lets the surplus go and the other
    takes it at its next look; never a table held by both, and the games play on."""
    from herna.server import tables as tables_mod

    monkeypatch.setattr(tables_mod, "LEASE_EVERY", 0.2)
    with Server(pg_url) as a:
        made = [create(a.http, "envyra", ("human", "easy")) for _ in range(8)]
        ids = {m["id"] for m in made}
        end = time.monotonic() + 30
        while not ids <= a.tables.shared.held:
            assert time.monotonic() < end, "the maker did not take its tables' leases"
            time.sleep(0.05)
        with Server(pg_url) as b:
            end = time.monotonic() + 30
            while True:
                held_a, held_b = ids & a.tables.shared.held, ids & b.tables.shared.held
                assert not held_a & held_b, "a table's bots run in both processes"
                if len(held_a) <= 5 and len(held_b) >= 3 and held_a | held_b == ids:
                    break
                assert time.monotonic() < end, (len(held_a), len(held_b))
                time.sleep(0.05)
            moved = next(m for m in made if m["id"] in held_b)  # its bot now plays in B
            _play_one(a.http, moved["id"], moved["seats"][0]["token"])
            assert herna.replay(a.http.get(f"/api/tables/{moved['id']}/record").json()
                                ).is_over()


def test_a_player_whose_page_closed_in_another_process_is_replaced(pg_url: str) -> None:
    """The clock runs where the table's lease is; the person's page is open in the other
    process. While it is open there the seat is not gone; once it closes, a bot takes over
    after the grace period, as in one process (test_clocks). A seat never seen with a page
    (a program over HTTP) is taken over only when its time runs out."""
    fake = FakeClock()
    with Server(pg_url, now=fake, clock_every=0) as a, \
            Server(pg_url, now=fake, clock_every=0) as b:
        from websockets.sync.client import connect

        made = create(a.http, "alhambra", ("human", "human"),
                      clock={"kind": "move", "seconds": 600, "grace": 20, "level": "easy"})
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        get(b.http, tid)
        end = time.monotonic() + 30
        while tid not in a.tables.shared.held | b.tables.shared.held:
            assert time.monotonic() < end, "nobody took the timed table's lease"
            time.sleep(0.05)
        holder, other = (a, b) if tid in a.tables.shared.held else (b, a)
        seat = get(holder.http, tid)["to_act"][0]
        fake.advance(100)
        assert holder.run(holder.tables.check_clocks()) == 0  # no page yet: the clock counts
        with connect(f"ws://127.0.0.1:{other.port}/api/tables/{tid}/ws?token={toks[seat]}") \
                as ws:
            assert json.loads(ws.recv(timeout=10))["seat"] == seat
            live = holder.tables.live[tid]
            end = time.monotonic() + 10
            while seat not in live.seen:  # the holder sees the page the other process has
                assert time.monotonic() < end, "the page in the other process was not seen"
                holder.run(holder.tables.check_clocks())
                time.sleep(0.05)
            fake.advance(100)
            assert holder.run(holder.tables.check_clocks()) == 0  # there: not gone
        end = time.monotonic() + 10
        while seat not in live.away:  # closed there: gone, as of the holder's next look
            assert time.monotonic() < end, "the closed page was never noticed"
            assert holder.run(holder.tables.check_clocks()) == 0
            time.sleep(0.05)
        fake.advance(19)
        assert holder.run(holder.tables.check_clocks()) == 0
        fake.advance(1)
        assert holder.run(holder.tables.check_clocks()) == 1
        p = wait(other.http, tid, None, lambda p: p["seats"][seat]["stand_in"])
        assert p["seats"][seat]["stand_in"] is True
