"""Regression tests for the holes a hostile tester found on a running server (issue 23, "Fix
first"): a slow spectator froze a table, a bot level passed options into the bot, play-again
tokens could be computed from the database, WebSocket refusals never reached clients, bad
input gave 500s, and the contract was loose. On SQLite and on PostgreSQL where it matters."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from serverkit import create, get, play_out, seats, wait
from starlette.websockets import WebSocketDisconnect

import herna
from herna.server import botproc
from herna.server.app import create_app
from herna.server.bodies import MAX_BODY, MAX_DEPTH
from herna.server.store import SeatRow, Store, TableRow, migrate, next_token, token_hash
from herna.server.tables import SOCKET_BEHIND, Tables, Watcher

# ----- 1. a push never waits on a slow reader --------------------------------------------


def _two_humans(tables: Tables) -> Any:
    table, _tokens = tables.create({"game": "alhambra", "players": 2, "seed": 3,
                                   "seats": seats("human", "human")})
    return table


async def _play(tables: Tables, table: Any, moves: int) -> None:
    for _ in range(moves):
        seat = table.state.to_act()[0]
        action = table.state.legal_actions(seat)[0]
        await tables.act(table, seat, str(action), table.version)
        await asyncio.sleep(0)  # as between two requests: the loop runs the pushes


def test_a_stuck_socket_never_holds_a_move(tmp_path: Path) -> None:
    """1,000 watchers whose sends never finish: every move still completes, the readers get
    every version, and the stuck ones are dropped (closed) once SOCKET_BEHIND changes came while
    one push waited."""

    async def main() -> None:
        tables = Tables(Store(str(tmp_path / "h.db")), bot_pace=False)
        table = _two_humans(tables)
        never = asyncio.Event()
        closed: list[int] = []

        async def stuck(_text: str) -> None:
            await never.wait()

        async def close(code: int, _reason: str) -> None:
            closed.append(code)

        got: list[int] = []

        async def reader(text: str) -> None:
            got.append(json.loads(text)["version"])

        for _ in range(1000):
            tables.watch(table, Watcher(None, "en", stuck, close))
        tables.watch(table, Watcher(None, "en", reader))
        await asyncio.sleep(0)
        moves = SOCKET_BEHIND + 8
        await asyncio.wait_for(_play(tables, table, moves), timeout=60)
        for _ in range(20):
            await asyncio.sleep(0)
        assert got == list(range(moves + 1))  # the reader missed nothing, in order
        assert len(table.watchers) == 1  # every stuck socket was let go ...
        assert len(closed) == 1000 and set(closed) == {4408}  # ... and closed
        await tables.close()

    asyncio.run(main())


def test_a_slow_reader_skips_to_the_newest_table(tmp_path: Path) -> None:
    """A socket still taking one push while moves come gets the table as it is once it has
    taken it, not each version in between: nothing is drawn for pushes it would read late,
    and a page that keeps up still sees every version."""

    async def main() -> None:
        tables = Tables(Store(str(tmp_path / "h.db")), bot_pace=False)
        table = _two_humans(tables)
        slow_open = asyncio.Event()
        slow: list[dict[str, Any]] = []
        fast: list[int] = []

        async def slow_send(text: str) -> None:
            slow.append(json.loads(text))
            if len(slow) == 1:
                await slow_open.wait()  # the first push takes its time

        async def fast_send(text: str) -> None:
            fast.append(json.loads(text)["version"])

        tables.watch(table, Watcher(None, "en", slow_send))
        tables.watch(table, Watcher(None, "en", fast_send))
        await asyncio.sleep(0)
        await _play(tables, table, 5)
        slow_open.set()
        for _ in range(20):
            await asyncio.sleep(0)
        assert fast == [0, 1, 2, 3, 4, 5]
        assert [p["version"] for p in slow] == [0, 5]
        assert any("svg" not in a for a in slow[1]["areas"])  # made from what the first carried
        await tables.close()

    asyncio.run(main())


def test_a_move_costs_the_same_however_many_watch(tmp_path: Path) -> None:
    """A move with 4,000 watchers marks 4,000 pushes due and waits for none: no socket send
    runs inside the move (broadcast once awaited each one)."""

    async def main() -> None:
        tables = Tables(Store(str(tmp_path / "h.db")), bot_pace=False)
        table = _two_humans(tables)
        sent_during_move: list[int] = []
        sent: list[int] = []
        in_move = False

        async def send(text: str) -> None:
            sent.append(json.loads(text)["version"])
            if in_move:
                sent_during_move.append(1)

        for _ in range(4000):
            tables.watch(table, Watcher(None, "en", send))
        await asyncio.sleep(0.05)
        in_move = True
        seat = table.state.to_act()[0]
        await tables.act(table, seat, str(table.state.legal_actions(seat)[0]), 0)
        in_move = False
        assert not sent_during_move
        await asyncio.sleep(0.5)
        assert not any(w.due.is_set() for w in table.watchers)  # and then everyone got it
        assert sorted(sent) == [0] * 4000 + [1] * 4000
        await tables.close()

    asyncio.run(main())


class _Server:
    """`herna serve`'s application under uvicorn with Herna's WebSocket protocol, in a thread."""

    def __init__(self, db: str) -> None:
        import uvicorn

        from herna.server.wsproto import protocol

        self.app = create_app(db, bot_pace=False)
        self.config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_config=None,
                                     ws=protocol(), ws_per_message_deflate=False)
        self.server = uvicorn.Server(self.config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> _Server:
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                break
            threading.Event().wait(0.05)
        assert self.server.started
        sock = self.server.servers[0].sockets[0]
        self.port = sock.getsockname()[1]
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


def _raw_ws(port: int, path: str) -> Any:
    """A WebSocket handshake by hand on a socket with a tiny receive buffer, never read after."""
    import socket

    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(b"0123456789abcdef").decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def _first_legal(c: Any, tid: str, toks: list[str]) -> Any:
    """Post the first legal move of the seat to act (the answer, whatever it is)."""
    seat = get(c, tid)["to_act"][0]
    q = get(c, tid, toks[seat])
    return c.post(f"/api/tables/{tid}/actions", json={
        "token": toks[seat], "action": q["legal"][0]["text"], "version": q["version"]})


def test_a_spectator_who_never_reads_is_dropped_on_a_real_server(tmp_path: Path) -> None:
    """The tester's attack, on uvicorn: a spectator socket with a small receive buffer that
    never reads. Every POST is answered, a reading socket gets every version, and the
    server lets the stuck socket go."""
    import httpx
    from websockets.sync.client import connect

    with _Server(str(tmp_path / "h.db")) as srv:
        base = f"http://127.0.0.1:{srv.port}"
        with httpx.Client(base_url=base, timeout=30) as c:
            made = create(c, "alhambra", ("human", "human"))
            tid, toks = made["id"], [s["token"] for s in made["seats"]]
            stuck = _raw_ws(srv.port, f"/api/tables/{tid}/ws")
            versions: list[int] = []
            with connect(f"ws://127.0.0.1:{srv.port}/api/tables/{tid}/ws") as reader:
                versions.append(json.loads(reader.recv(timeout=10))["version"])
                table = srv.app.state.tables.live[tid]
                assert len(table.watchers) == 2
                moves = 0
                while moves < 200 and len(table.watchers) > 1:
                    r = _first_legal(c, tid, toks)
                    assert r.status_code == 200, r.text  # answered, every time
                    moves += 1
                    versions.append(json.loads(reader.recv(timeout=10))["version"])
                assert len(table.watchers) == 1, "the stuck socket was never dropped"
                assert versions == list(range(moves + 1))
                # the table goes on for the reader after the drop
                assert _first_legal(c, tid, toks).status_code == 200
                assert json.loads(reader.recv(timeout=10))["version"] == moves + 1
            stuck.close()


# ----- 2. a bot level is a name, and a bot's work is bounded -----------------------------


def test_a_stored_level_with_options_plays_as_its_plain_level() -> None:
    """Tables stored before levels were checked may hold anything: only the name counts."""
    bot = botproc.seat_bot("hard:iterations=100000000,time=45", "envyra", 7, 1)
    plain = botproc.seat_bot("hard", "envyra", 7, 1)
    assert bot.iterations == plain.iterations < 100_000  # type: ignore[attr-defined]
    assert bot.time == plain.time == botproc.CPU_CAP  # type: ignore[attr-defined]
    assert botproc.seat_level("easy:noise=<img src=x>") == "easy"
    assert botproc.seat_level("godlike") == "medium"
    assert botproc.seat_level(None) == "medium"


def _store_table(db: str, level: str, game: str = "envyra") -> str:
    store = Store(db)
    row = TableRow(id="crafted01", game=game, players=2, seed=5, options={}, lang="en",
                   seats=[SeatRow(0, "bot", level, None), SeatRow(1, "bot", "medium", None)])
    store.create(row)
    store.close()
    return row.id


@pytest.mark.parametrize("level", ["hard:iterations=100000000", "easy:noise=<img src=x>",
                                   "x" * 64])
def test_a_crafted_stored_level_does_not_stop_the_table(db: str, level: str) -> None:
    """A table whose stored level once stopped the bot worker (or crashed the bot) is resumed
    and played to the end at a plain level."""
    tid = _store_table(db, level)
    with TestClient(create_app(db, bot_pace=False)) as c:
        wait(c, tid, None, lambda p: p["over"], timeout=30)


def test_a_failing_bot_is_replaced_by_a_random_move(sqlite_db: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that raises does not stop its table: the seat plays a seeded random move."""
    class Broken:
        def act(self, state: Any, seat: int) -> Any:
            raise RuntimeError("broken bot")

    monkeypatch.setattr(botproc, "seat_bot", lambda *a: Broken())
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        made = create(c, "envyra", ("easy", "easy"))
        wait(c, made["id"], None, lambda p: p["over"], timeout=30)


# ----- 3. no token can be made from what the database holds -------------------------------


def _old_derivation(digest: str, next_id: str) -> str:
    mac = hmac.new(bytes.fromhex(digest), next_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def test_play_again_tokens_are_not_derivable_from_the_database(client: TestClient) -> None:
    made = create(client, "alhambra-rw", ("human", "human"))
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    play_out(client, tid, toks)
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    r0 = client.post(f"/api/tables/{tid}/again", json={"token": toks[0]})
    assert r0.status_code == 201
    nxt = r0.json()["id"]
    with store.engine.connect() as conn:
        stored = {(r.table_id, r.seat): r.token_hash for r in conn.execute(
            sa.text("SELECT table_id, seat, token_hash FROM seats")).all()}
        next_id = conn.execute(sa.text("SELECT next_id FROM tables WHERE id = :t"),
                               {"t": tid}).scalar_one()
    assert next_id == nxt
    # seat 1 has not asked: its seat at the next table is open, with no digest to attack
    assert stored[(nxt, 1)] is None
    assert stored[(nxt, 0)] == token_hash(r0.json()["token"])
    # what the database holds does not give the token (the old derivation did)
    for seat in (0, 1):
        assert token_hash(_old_derivation(stored[(tid, seat)], nxt)) != stored[(nxt, 0)]
    # the token is made from the player's own token, the same each time it is asked for
    r1 = client.post(f"/api/tables/{tid}/again", headers={"Authorization": f"Bearer {toks[1]}"})
    assert r1.status_code == 201, r1.text  # a Bearer header and no body at all
    assert r1.json()["token"] == next_token(toks[1], nxt)
    assert client.post(f"/api/tables/{tid}/again", json={"token": toks[1]}).json() == r1.json()
    assert get(client, nxt, r1.json()["token"])["seat"] == 1


def test_migration_revokes_the_derivable_tokens(tmp_path: Path) -> None:
    """A database made before: its derived next-table digests are cleared (the seat is taken
    back through play again), every other digest stays."""
    from alembic import command
    from alembic.config import Config

    db = tmp_path / "old.db"
    engine = sa.create_engine(f"sqlite:///{db}")
    cfg = Config()
    cfg.set_main_option("script_location",
                        str(Path(herna.__file__).parent / "server" / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    old0, old1 = token_hash("a" * 24), token_hash("b" * 24)
    derived = token_hash(_old_derivation(old0, "next0001"))
    with engine.begin() as conn:
        for tid, nxt in (("first001", "next0001"), ("next0001", None)):
            conn.execute(sa.text(
                "INSERT INTO tables (id, game, players, seed, options, lang, created, next_id)"
                " VALUES (:i, 'envyra', 2, 1, '{}', 'en', '2026-11-01', :n)"),
                {"i": tid, "n": nxt})
        conn.execute(sa.text("INSERT INTO seats VALUES ('first001', 0, 'human', NULL, :h)"),
                     {"h": old0})
        conn.execute(sa.text("INSERT INTO seats VALUES ('first001', 1, 'human', NULL, :h)"),
                     {"h": old1})
        conn.execute(sa.text("INSERT INTO seats VALUES ('next0001', 0, 'human', NULL, :h)"),
                     {"h": derived})
        conn.execute(sa.text("INSERT INTO seats VALUES ('next0001', 1, 'human', NULL, :h)"),
                     {"h": old1})  # not a derived digest: kept
    migrate(engine)
    with engine.connect() as conn:
        rows = dict(((r.table_id, r.seat), r.token_hash) for r in conn.execute(
            sa.text("SELECT table_id, seat, token_hash FROM seats")).all())
    engine.dispose()
    assert rows[("next0001", 0)] is None
    assert rows[("next0001", 1)] == old1 and rows[("first001", 0)] == old0


def test_concurrent_play_again_makes_one_table_and_no_orphans(db: str) -> None:
    """20 presses at once: one next table, linked; nothing left over to resume at start."""
    import concurrent.futures

    with TestClient(create_app(db, bot_pace=False)) as c:
        made = create(c, "alhambra-rw", ("human", "medium"))
        tid, tok = made["id"], made["seats"][0]["token"]
        play_out(c, tid, [tok])
        tables = c.app.state.tables  # type: ignore[attr-defined]
        tables.live.pop(tid)  # as in a second process: every call loads the table itself

        def press(_: int) -> Any:
            return c.post(f"/api/tables/{tid}/again", json={"token": tok})

        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(press, range(20)))
        assert {r.status_code for r in answers} == {201}, [r.text for r in answers]
        assert len({r.json()["id"] for r in answers}) == 1
        with tables.store.engine.connect() as conn:
            count = conn.execute(sa.text("SELECT count(*) FROM tables")).scalar_one()
        assert count == 2  # the finished table and its one next table
        assert tables.store.unfinished() == [answers[0].json()["id"]]


# ----- 4. WebSocket refusals reach the client with their code -----------------------------


@pytest.mark.parametrize(("path", "code"), [
    ("/api/tables/{tid}/ws?token=wrong", 4403),
    ("/api/tables/doesnotexist/ws", 4404),
    ("/api/tables/{tid}/ws?lang=xx", 4422),
])
def test_websocket_refusals_close_with_their_code(client: TestClient, path: str,
                                                  code: int) -> None:
    made = create(client, "alhambra", ("human", "human"))
    with pytest.raises(WebSocketDisconnect) as e, \
            client.websocket_connect(path.format(tid=made["id"])) as ws:
        ws.receive_json()
    assert e.value.code == code and e.value.reason


def test_websocket_refusals_reach_a_real_client(tmp_path: Path) -> None:
    """On uvicorn (which turned a close before accept into an HTTP 403): the close code and
    the reason arrive."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with _Server(str(tmp_path / "h.db")) as srv:
        for path, code in (("/api/tables/doesnotexist/ws", 4404),
                           ("/api/tables/%00/ws", 4404)):
            with connect(f"ws://127.0.0.1:{srv.port}{path}") as ws, \
                    pytest.raises(ConnectionClosed) as e:
                ws.recv(timeout=10)
            assert e.value.rcvd is not None and e.value.rcvd.code == code
            assert "no table" in e.value.rcvd.reason


# ----- 5 and 6. bad input: a clear refusal, never a 500; a strict contract ----------------


def _raw(c: TestClient, path: str, text: str | bytes, **headers: str) -> Any:
    return c.post(path, content=text, headers={"content-type": "application/json", **headers})


def test_lone_surrogates_and_odd_tokens_are_refused(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid, tok = made["id"], made["seats"][0]["token"]
    for body in ('{"token": "\\ud800", "action": "end"}',
                 '{"token": "' + tok + '\\ud800", "action": "end"}'):
        for path in (f"/api/tables/{tid}/actions", f"/api/tables/{tid}/again",
                     "/api/my-tables"):
            r = _raw(client, path, body)
            assert r.status_code == 422 and r.json()["reason"], (path, r.text)
    r = _raw(client, "/api/my-tables", '{"tokens": ["\\ud800"]}')
    assert r.status_code == 422
    # a token that cannot be one of ours, in any of the three places, opens nothing
    for odd in ("é" * 10, "x" * 300, "a b"):
        r = client.post(f"/api/tables/{tid}/actions", json={"token": odd, "action": "end"})
        assert r.status_code == 403
        assert client.get(f"/api/tables/{tid}", params={"token": odd}).status_code == 403
    assert client.get(f"/api/tables/{tid}?token=%ED%A0%80").status_code == 403
    r = client.post("/api/my-tables", json={"tokens": ["x" * 300, tok]})
    assert r.status_code == 200 and [t["seat"] for t in r.json()] == [0]
    assert get(client, tid)["version"] == 0


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_json_is_422_on_every_post(client: TestClient, levels: int) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid = made["id"]
    deep = '{"token": ' + "[" * levels + "]" * levels + "}"
    for path in ("/api/tables", f"/api/tables/{tid}/actions", f"/api/tables/{tid}/again",
                 "/api/my-tables"):
        r = _raw(client, path, deep)
        assert r.status_code in (413, 422) and r.json()["reason"], (path, r.status_code)
    ok = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    r = _raw(client, "/api/my-tables", '{"tokens": ' + ok + "}")
    assert r.status_code == 422 and "strings" in r.json()["reason"]  # read, then refused


def test_a_nul_or_odd_table_id_is_404(client: TestClient) -> None:
    """On PostgreSQL a NUL in the id reached the database and gave a 500."""
    for tid in ("%00", "a%00b", "x" * 40, "%C3%A9", "a.b"):
        assert client.get(f"/api/tables/{tid}").status_code == 404
        assert client.get(f"/api/tables/{tid}/record").status_code == 404
        r = client.post(f"/api/tables/{tid}/actions", json={"token": "t", "action": "end"})
        assert r.status_code == 404 and r.json()["reason"]
        r = client.post(f"/api/tables/{tid}/again", json={"token": "t"})
        assert r.status_code == 404
        with pytest.raises(WebSocketDisconnect) as e, \
                client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            ws.receive_json()
        assert e.value.code == 4404


@pytest.mark.parametrize("text", [
    '{"game": "alhambra", "players": NaN}',
    '{"game": "alhambra", "players": Infinity}',
    '{"game": "alhambra", "players": 2, "seed": -Infinity}',
    '{"game": "alhambra", "players": 2, "seed": 1e400}',
    '{"game": "alhambra", "players": 2, "seed": ' + "9" * 400 + "}",
    '{"game": "alhambra", "players": true}',
    '{"game": "alhambra", "players": 2, "options": []}',
])
def test_non_finite_numbers_and_bools_are_refused(client: TestClient, text: str) -> None:
    r = _raw(client, "/api/tables", text)
    assert r.status_code == 422 and r.json()["reason"], r.text
    assert client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]


def test_a_move_with_a_non_finite_version_is_refused(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"))
    tid = made["id"]
    p = get(client, tid)
    tok = made["seats"][p["to_act"][0]]["token"]
    move = get(client, tid, tok)["legal"][0]["text"]
    for version in ("NaN", "1e400", "true", "0.0"):
        r = _raw(client, f"/api/tables/{tid}/actions",
                 f'{{"token": "{tok}", "action": "{move}", "version": {version}}}')
        assert r.status_code == 422, (version, r.text)
    assert get(client, tid)["version"] == 0


def test_bodies_over_the_limit_are_413(client: TestClient) -> None:
    big = '{"game": "alhambra", "pad": "' + "x" * MAX_BODY + '"}'
    r = _raw(client, "/api/tables", big)
    assert r.status_code == 413 and r.json()["reason"]
    r = _raw(client, "/api/tables", b'{"pad": "' + b"x" * 10_000_000 + b'"}')
    assert r.status_code == 413

    def chunks() -> Any:  # no Content-Length: the limit holds while reading
        yield b'{"pad": "'
        for _ in range(100):
            yield b"x" * 10_000
        yield b'"}'

    r = client.post("/api/tables", content=chunks(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]


# ----- abuse limits per client address ----------------------------------------------------


def test_table_creation_and_moves_are_rate_limited(sqlite_db: str) -> None:
    from herna.server.abuse import Limits

    limits = Limits(create="3/minute", actions="5/minute")
    with TestClient(create_app(sqlite_db, bot_pace=False, limits=limits)) as c:
        made = [c.post("/api/tables", json={"game": "alhambra", "players": 2})
                for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        r = made[-1]
        assert "too many" in r.json()["reason"] and int(r.headers["retry-after"]) >= 1
        tid = made[0].json()["id"]
        toks = [s["token"] for s in made[0].json()["seats"]]
        codes = []
        for _ in range(6):
            p = get(c, tid, toks[get(c, tid)["to_act"][0]])
            codes.append(c.post(f"/api/tables/{tid}/actions", json={
                "token": toks[p["seat"]], "action": p["legal"][0]["text"],
                "version": p["version"]}).status_code)
        assert codes == [200] * 5 + [429]
        assert get(c, tid)["version"] == 5  # the refused move changed nothing
        assert c.get(f"/api/tables/{tid}").status_code == 200  # reading is not limited


def test_sockets_are_capped_per_table_and_per_address(sqlite_db: str) -> None:
    from herna.server.abuse import Limits

    limits = Limits.off()
    limits.sockets_per_table, limits.sockets_per_client = 2, 3
    with TestClient(create_app(sqlite_db, bot_pace=False, limits=limits)) as c:
        a = create(c, "alhambra", ("human", "human"))["id"]
        b = create(c, "alhambra", ("human", "human"))["id"]
        with c.websocket_connect(f"/api/tables/{a}/ws") as w1, \
                c.websocket_connect(f"/api/tables/{a}/ws") as w2:
            w1.receive_json(), w2.receive_json()
            with pytest.raises(WebSocketDisconnect) as e, \
                    c.websocket_connect(f"/api/tables/{a}/ws") as w3:
                w3.receive_json()
            assert e.value.code == 4429  # the table is full
            with c.websocket_connect(f"/api/tables/{b}/ws") as w4:
                w4.receive_json()
                with pytest.raises(WebSocketDisconnect) as e, \
                        c.websocket_connect(f"/api/tables/{b}/ws") as w5:
                    w5.receive_json()
                assert e.value.code == 4429  # this address has 3 open
        # closed sockets are counted out again
        with c.websocket_connect(f"/api/tables/{b}/ws") as w6:
            assert w6.receive_json()["table"] == b


def test_serve_refuses_a_rate_it_cannot_read() -> None:
    from herna.server.abuse import Limits

    with pytest.raises(ValueError, match="N/minute"):
        Limits(create="lots")
