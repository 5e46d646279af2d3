"""`herna serve` under load: move latency at 200 live tables, memory per table, page weight.

    .venv/bin/python benchmarks/server_bench.py                    # everything (~4 minutes)
    .venv/bin/python benchmarks/server_bench.py --quick            # a smoke run (~1 minute)
    .venv/bin/python benchmarks/server_bench.py --only load --hard 0.25 --seconds 120
    .venv/bin/python benchmarks/server_bench.py --only load --slow-readers 20 --slow-tables 5
    .venv/bin/python benchmarks/server_bench.py --db postgresql://USER@127.0.0.1/herna_bench
    .venv/bin/python benchmarks/server_bench.py --json out.json --py-spy profile.txt

Three parts, each on its own `herna serve` started here on a free loopback port with a
temporary SQLite file (or `--db URL`), and killed when the part ends, and a fourth in this
process:

- **load**: `--tables` tables over the API, the four games in turn at 2 and 3 players, each with
  one human seat (a random seat) driven by this script and bots in the others (`medium`;
  `--hard F` gives a share F of the tables `hard` bots). Every human seat has its WebSocket,
  and `--spectators` more sockets watch tables without a token. Each human seat waits a think
  time (uniform in `--think`), then POSTs a uniformly chosen action of its payload's `legal`
  (Ubongo hides solutions from people: in the race that leaves `pass`) with the version it
  saw. The latency of an action is from sending the POST to receiving, on the seat's own
  WebSocket, a payload with a newer version (the server pushes before it answers the POST).
  A finished game is followed by "play again", so the number of live tables stays the same.
  `--slow-readers N` adds N sockets that never read (a WebSocket handshake by hand on a
  socket with a 2 KB receive buffer, as the hostile tester's spectator), spread over the
  first `--slow-tables` tables (and opened again on the next table after "play again"); the
  latency is then reported apart for the tables with a slow reader and for the others (the
  server must drop a slow reader, 4408, without moving the others' p99), with how many of
  them the server dropped.
  Goal: p99 <= 50 ms. The server paces racing bots as `herna serve` always does (Ubongo bots
  wait the time they claim), so an Ubongo table is mostly waiting.
- **memory**: the server's resident memory (VmRSS) before and after the load's tables were
  created (with their sockets, before any move of the script), after the run, and with
  `--idle` more tables created and left alone (their bots play up to the human's turn).
- **page**: what a table page loads (JavaScript, CSS, HTML, the first payload; sizes as sent
  and gzip-compressed) and, with Playwright and Debian's Chromium, the time from
  `page.goto(seat link)` until `#board[data-version]` is set (the page sets it once the
  drawing is lit and ready for clicks), per game, median of `--page-runs` fresh browser
  contexts (an empty cache: a first visit). Goals: <= 1 s on loopback, <= 150 KB of JS.

- **path**: a move's own cost on the server, without the network: `Tables.act` (the engine's
  check, the log's append on SQLite) and the pushes to a seat's socket and a spectator's
  (payload, drawing, JSON), over whole uniformly random games of each game at 2 and 3
  players, in CPU ms per change (CPU time: a shared machine barely moves it).

The client runs on the same machine as the server (loopback), so its own work (~20-25% of a
core at 200 tables with aiohttp, reported, as is its own event loop's lag) competes with the
server's; wall-clock times on a shared VM, so the load average at the start and end of the run
is reported too: stop other jobs for a figure that means something.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import gzip
import json
import os
import platform
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import orjson
from procs import children, cpu_model, status_kb, total_cpu

GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")
GOAL_P99_MS = 50.0
GOAL_TTI_S = 1.0
GOAL_JS_KB = 150.0
CHROMIUM = os.environ.get("HERNA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
_VERSION = re.compile(rb'"version":\s*(\d+)')
SERVE_ARGS: list[str] = []  # extra `herna serve` flags (--no-compress, --workers)
WORKERS = 1  # `herna serve --workers`


# ----- the server ---------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    return status_kb(pid, "VmRSS") / 1024


def servers_and_bots_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds of the server's processes and of their bot workers: `herna serve` and
    its children, or with `--workers` uvicorn's supervisor and its workers (whose children
    are the bot workers)."""
    kids = children()
    servers = [pid, *kids.get(pid, [])] if WORKERS > 1 else [pid]
    bots = [k for s in servers for k in kids.get(s, []) if k not in servers]
    return total_cpu(servers), total_cpu(bots)


def herna_command() -> list[str]:
    script = Path(sys.executable).parent / "herna"
    return [str(script)] if script.exists() else [sys.executable, "-m", "herna.cli"]


@contextlib.contextmanager
def serve(db: str | None, log: Path) -> Iterator[tuple[str, int]]:
    """`herna serve` on a free loopback port; yields (base URL, pid); always stopped."""
    port = free_port()
    with contextlib.ExitStack() as stack:
        if db is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="herna-bench-"))
            db = str(Path(tmp) / "bench.db")
        out = stack.enter_context(log.open("a"))
        proc = subprocess.Popen([*herna_command(), "serve", "--host", "127.0.0.1", "--port",
                                 str(port), "--db", db, "--lang", "en",
                                 # the load's players all come from this one address
                                 "--limit-create", "0", "--limit-actions", "0",
                                 "--max-sockets-per-client", "0", *SERVE_ARGS],
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"herna serve exited ({proc.returncode}); see {log}")
                try:
                    if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"herna serve did not start; see {log}")
                time.sleep(0.2)
            yield base, proc.pid
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


# ----- tables -----------------------------------------------------------------------------
@dataclass
class Plan:
    game: str
    players: int
    human: int
    level: str

    def body(self, seed: int) -> dict[str, Any]:
        seats: list[dict[str, Any]] = [{"kind": "bot", "level": self.level}] * self.players
        seats = [{"kind": "human"} if i == self.human else s for i, s in enumerate(seats)]
        return {"game": self.game, "players": self.players, "seats": seats, "seed": seed}


def plans(n: int, hard: float, rng: random.Random) -> list[Plan]:
    """The four games in turn at 2 and 3 players; a share `hard` of them with hard bots."""
    hard_set = set(rng.sample(range(n), round(n * hard)))
    out = []
    for i in range(n):
        players = 2 + (i // len(GAMES)) % 2
        out.append(Plan(GAMES[i % len(GAMES)], players, rng.randrange(players),
                        "hard" if i in hard_set else "medium"))
    return out


def session(base: str, connections: int = 100) -> aiohttp.ClientSession:
    """The load's HTTP client. aiohttp (its parser in C), not httpx: with httpx the
    client's own HTTP handling took two thirds of its CPU on the server's 2 cores."""
    return aiohttp.ClientSession(base_url=base, timeout=aiohttp.ClientTimeout(total=60),
                                 connector=aiohttp.TCPConnector(limit=connections),
                                 json_serialize=lambda x: orjson.dumps(x).decode())


async def create(http: aiohttp.ClientSession, plan: Plan, seed: int) -> tuple[str, str]:
    async with http.post("/api/tables", json=plan.body(seed)) as r:
        r.raise_for_status()
        body = orjson.loads(await r.read())
    return body["id"], body["seats"][plan.human]["token"]


async def warm_up(http: aiohttp.ClientSession) -> None:
    """One idle all-human table per game, its payload fetched: the game's modules and the
    renderers' caches are loaded before the baseline memory is read."""
    for game in GAMES:
        async with http.post("/api/tables", json={"game": game, "players": 2}) as r:
            r.raise_for_status()
            body = orjson.loads(await r.read())
        for s in body["seats"]:
            async with http.get(f"/api/tables/{body['id']}",
                                params={"token": s["token"]}) as r:
                r.raise_for_status()


# ----- the load ------------------------------------------------------------------------------
@dataclass
class Stats:
    latency: list[float] = field(default_factory=list)       # POST -> own socket, s
    post: list[float] = field(default_factory=list)          # POST round trip, s
    by_game: dict[str, list[float]] = field(default_factory=dict)
    conflicts: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    games_done: int = 0
    changes: int = 0          # new versions seen on the human seats' sockets
    messages: int = 0         # payloads received on every socket
    bytes: int = 0
    lag: list[float] = field(default_factory=list)  # this client's own event-loop delay, s
    slowed: list[float] = field(default_factory=list)   # latency at tables with a slow reader
    others: list[float] = field(default_factory=list)   # latency at the other tables
    slow: list[SlowReader] = field(default_factory=list)


class SlowReader:
    """A socket that never reads: a WebSocket handshake by hand (no compression offered) on a
    socket with a tiny receive buffer, then nothing (tests/server/test_hardening.py's)."""

    RCVBUF = 2048

    def __init__(self, port: int, table: str) -> None:
        self.table = table
        self.opened = time.monotonic()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.RCVBUF)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /api/tables/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            got = self.sock.recv(1)
            if not got:
                raise ConnectionError("the server closed the slow reader's handshake")
            head += got
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(f"slow reader refused: {head[:60]!r}")

    def finish(self) -> tuple[bool, int | None]:
        """Read what it never read: (did the server end the connection, its close code if a
        close frame came before the end)."""
        data, ended = b"", False
        self.sock.settimeout(0.5)
        try:
            while True:
                got = self.sock.recv(1 << 20)
                if not got:
                    ended = True
                    break
                data += got
        except TimeoutError:
            pass
        except OSError:  # reset: the server aborted it
            ended = True
        finally:
            self.sock.close()
        return ended, _close_code(data)


def _close_code(data: bytes) -> int | None:
    """The code of the first close frame among a server's (unmasked) WebSocket frames."""
    i = 0
    while i + 2 <= len(data):
        op, n = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if n == 126:
            n, i = int.from_bytes(data[i:i + 2], "big"), i + 2
        elif n == 127:
            n, i = int.from_bytes(data[i:i + 8], "big"), i + 8
        if op == 8:
            return int.from_bytes(data[i:i + 2], "big") if n >= 2 and i + 2 <= len(data) \
                else 1005
        i += n
    return None


class Seat:
    """One human seat: its socket's latest payload, and waiters for a newer version."""

    def __init__(self, base: str, plan: Plan, table: str, token: str, stats: Stats) -> None:
        self.base, self.plan, self.table, self.token, self.stats = base, plan, table, token, \
            stats
        self.raw = b""
        self.version = -1
        self.changed = asyncio.Event()
        self.waiters: list[tuple[int, asyncio.Future[float]]] = []
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.slow_readers = 0  # sockets that never read kept on this seat's table

    async def connect(self) -> None:
        import websockets

        url = self.base.replace("http", "ws", 1) + \
            f"/api/tables/{self.table}/ws?token={self.token}"
        self.ws = await websockets.connect(url, max_size=None, ping_interval=None,
                                           open_timeout=30)
        first = await self.ws.recv(decode=False)
        self._got(first, time.perf_counter())
        self.reader = asyncio.create_task(self._read())

    def _got(self, raw: bytes, at: float) -> None:
        m = _VERSION.search(raw, 0, 4000)
        version = int(m.group(1)) if m else json.loads(raw)["version"]
        self.stats.messages += 1
        self.stats.bytes += len(raw)
        if version > self.version >= 0:
            self.stats.changes += version - self.version
        self.raw, self.version = raw, version
        self.changed.set()
        for target, fut in self.waiters:
            if version >= target and not fut.done():
                fut.set_result(at)
        self.waiters = [(t, f) for t, f in self.waiters if not f.done()]

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                self._got(raw if isinstance(raw, bytes) else raw.encode(), time.perf_counter())

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            await asyncio.gather(self.reader, return_exceptions=True)
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()

    async def drive(self, http: aiohttp.ClientSession, until: float, think: tuple[float, float],
                    rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, think[1]))  # not everybody starts at once
        while time.monotonic() < until:
            self.changed.clear()
            payload = orjson.loads(self.raw)  # a fifth of this client's CPU was json.loads
            if payload["over"]:
                self.stats.games_done += 1
                if not await self._again(http):
                    return
                continue
            legal = payload["legal"]
            if not legal:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), max(0.01, until -
                                                                     time.monotonic()))
                continue
            await asyncio.sleep(rng.uniform(*think))
            if time.monotonic() >= until:
                return
            if self.version != payload["version"]:
                continue  # a bot moved meanwhile (a race, a sealed mark): look again
            await self._act(http, rng.choice(legal)["text"], payload["version"])

    async def _act(self, http: aiohttp.ClientSession, action: str, version: int) -> None:
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiters.append((version + 1, fut))
        start = time.perf_counter()
        try:
            async with http.post(f"/api/tables/{self.table}/actions",
                                 json={"token": self.token, "action": action,
                                       "version": version}) as r:
                status, text = r.status, await r.read()
        except (aiohttp.ClientError, TimeoutError) as e:
            self.stats.errors[type(e).__name__] += 1
            fut.cancel()
            return
        posted = time.perf_counter()
        if status == 409:
            self.stats.conflicts += 1
            fut.cancel()
            return
        if status != 200:
            self.stats.errors[f"{status} {text[:80]!r}"] += 1
            fut.cancel()
            return
        try:
            at = await asyncio.wait_for(fut, 30)
        except TimeoutError:
            self.stats.errors["no push within 30 s"] += 1
            return
        self.stats.latency.append(at - start)
        (self.stats.slowed if self.slow_readers else self.stats.others).append(at - start)
        self.stats.post.append(posted - start)
        self.stats.by_game.setdefault(self.plan.game, []).append(at - start)

    async def _again(self, http: aiohttp.ClientSession) -> bool:
        """The next table of a finished game (False, counted as an error, when it cannot be
        had: this seat stops, the others go on)."""
        try:
            async with http.post(f"/api/tables/{self.table}/again",
                                 json={"token": self.token}) as r:
                if r.status != 201:
                    self.stats.errors[f"again {r.status}"] += 1
                    return False
                body = orjson.loads(await r.read())
            await self.close()
            self.table, self.token, self.version = body["id"], body["token"], -1
            await self.connect()
        except Exception as e:  # a timeout, a refused or dropped socket: not the whole run
            self.stats.errors[f"again: {type(e).__name__}"] += 1
            return False
        await self.add_slow_readers(self.slow_readers)  # they follow the game
        return True

    async def add_slow_readers(self, n: int) -> None:
        port = int(self.base.rsplit(":", 1)[1])
        for _ in range(n):
            try:
                self.stats.slow.append(await asyncio.to_thread(SlowReader, port, self.table))
            except OSError as e:
                self.stats.errors[f"slow reader: {type(e).__name__} {str(e)[:60]}"] += 1


async def spectate(base: str, table: str, stats: Stats, until: float) -> None:
    import websockets

    url = base.replace("http", "ws", 1) + f"/api/tables/{table}/ws"
    async with websockets.connect(url, max_size=None, ping_interval=None,
                                  open_timeout=30) as ws:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(0.0, until - time.monotonic())):
                async for raw in ws:
                    stats.messages += 1
                    stats.bytes += len(raw)


async def loop_lag(stats: Stats, until: float, every: float = 0.005) -> None:
    """How late this client's own event loop wakes a 5 ms timer: the share of a measured
    latency that is the client queueing its own work, not the server's."""
    while time.monotonic() < until:
        t = time.perf_counter()
        await asyncio.sleep(every)
        stats.lag.append(max(0.0, time.perf_counter() - t - every))


async def load(base: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    stats = Stats()
    out: dict[str, Any] = {}
    async with session(base, args.tables + 10) as http:
        await warm_up(http)
        await asyncio.sleep(1)
        out["rss_before_mb"] = rss_mb(pid)
        todo = plans(args.tables, args.hard, rng)
        t0 = time.perf_counter()
        sem = asyncio.Semaphore(4)

        async def make(i: int, plan: Plan) -> Seat:
            async with sem:
                table, token = await create(http, plan, args.seed * 100_000 + i)
                seat = Seat(base, plan, table, token, stats)
                await seat.connect()
                return seat

        seats = await asyncio.gather(*(make(i, p) for i, p in enumerate(todo)))
        out["create_s"] = time.perf_counter() - t0
        out["rss_tables_mb"] = rss_mb(pid)
        out["levels"] = dict(Counter(p.level for p in todo))
        print(f"... {len(seats)} tables and their sockets in {out['create_s']:.1f} s; RSS "
              f"{out['rss_before_mb']:.0f} -> {out['rss_tables_mb']:.0f} MB", flush=True)
        if args.slow_readers:
            slow_tables = min(len(seats), args.slow_tables or max(1, len(seats) // 10))
            for i in range(args.slow_readers):
                seats[i % slow_tables].slow_readers += 1
            await asyncio.gather(*(s.add_slow_readers(s.slow_readers) for s in seats
                                   if s.slow_readers))
            out["slow_tables"] = slow_tables
            print(f"... {len(stats.slow)} sockets that never read, on {slow_tables} tables",
                  flush=True)
        stats.changes = stats.messages = stats.bytes = 0
        until = time.monotonic() + args.seconds
        (cpu0, bots0), wall0, mine0 = (servers_and_bots_cpu(pid), time.perf_counter(),
                                       time.process_time())
        load0 = os.getloadavg()[0]
        spy = start_py_spy(pid, args) if args.py_spy else None
        try:
            tasks = [asyncio.create_task(s.drive(http, until, tuple(args.think),
                                                 random.Random(rng.random())))
                     for s in seats]
            tasks += [asyncio.create_task(spectate(base, seats[i % len(seats)].table, stats,
                                                   until))
                      for i in range(args.spectators)]
            tasks.append(asyncio.create_task(loop_lag(stats, until)))
            await asyncio.gather(*tasks)
        finally:
            if spy is not None:
                stop_py_spy(spy, args)
            wall = time.perf_counter() - wall0
            cpu1, bots1 = servers_and_bots_cpu(pid)
            out["server_cpu_share"] = (cpu1 - cpu0) / wall
            out["client_cpu_share"] = (time.process_time() - mine0) / wall
            out["bots_cpu_share"] = (bots1 - bots0) / wall
            out["loadavg"] = (load0, os.getloadavg()[0])
            out["rss_after_mb"] = rss_mb(pid)
            await asyncio.gather(*(s.close() for s in seats))
            ends = await asyncio.gather(*(asyncio.to_thread(r.finish) for r in stats.slow))
            out["slow_dropped"] = sum(1 for ended, _code in ends if ended)
            out["slow_codes"] = dict(Counter(str(code) for ended, code in ends
                                             if ended and code is not None))
    out.update(wall_s=wall, stats=stats)
    return out


def start_py_spy(pid: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    spy = Path(sys.executable).parent / "py-spy"
    return subprocess.Popen([str(spy if spy.exists() else "py-spy"), "record", "-p", str(pid),
                             "-d", str(int(args.seconds)), "-r", "50", "-f", "raw", "-o",
                             str(args.py_spy), "--nonblocking", "--gil"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_py_spy(spy: subprocess.Popen[bytes], args: argparse.Namespace) -> None:
    try:
        spy.wait(timeout=30)
    except subprocess.TimeoutExpired:
        spy.send_signal(signal.SIGINT)
        spy.wait(timeout=10)
    print(f"... py-spy samples in {args.py_spy} (collapsed stacks)", flush=True)


async def idle(base: str, pid: int, n: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    async with session(base) as http:
        await warm_up(http)
        await asyncio.sleep(1)
        before = rss_mb(pid)
        t0 = time.perf_counter()
        sem = asyncio.Semaphore(4)

        async def make(i: int, plan: Plan) -> None:
            async with sem:
                await create(http, plan, seed * 100_000 + i)

        await asyncio.gather(*(make(i, p) for i, p in enumerate(plans(n, 0.0, rng))))
        took = time.perf_counter() - t0
        await asyncio.sleep(5)  # their bots play up to the human's turn
        return {"tables": n, "rss_before_mb": before, "rss_after_mb": rss_mb(pid),
                "create_ms": took / n * 1000}


# ----- a move's path ----------------------------------------------------------------------------
def path_figures(changes: int, seed: int, live: int = 200,
                 thresholds: Sequence[int] | None = None) -> dict[str, Any]:
    """A move's cost on the server without the network, and the collector's pauses.

    Per game: CPU ms per change of `Tables.act` plus the pushes to one seat and one
    spectator, over whole random games. Then all games together at `live` tables played in
    random turn, as in the load, with the garbage collector's thresholds `herna serve` sets
    (or `thresholds`): every collection's pause by generation."""
    import gc

    from herna.server import GC_THRESHOLDS
    from herna.server.store import Store
    from herna.server.tables import Table, Tables, Watcher

    sent = 0

    async def send(text: str) -> None:
        nonlocal sent
        sent += len(text)

    def seated(tables: Tables, game: str, players: int) -> Table:
        table, _tokens = tables.create({"game": game, "players": players,
                                        "seats": [{"kind": "human"}] * players})
        for seat in (0, None):  # a seat's socket and a spectator's, each with its queue
            tables.watch(table, Watcher(seat, "en", send))
        return table

    async def one_game(game: str, tmp: str) -> dict[str, float]:
        nonlocal sent
        tables = Tables(Store(str(Path(tmp) / "path.db")), bot_pace=False)
        rng = random.Random(seed)
        sent = done = 0
        cpu = time.process_time()
        while done < changes:
            table = seated(tables, game, rng.choice((2, 3)))
            while not table.state.is_over():
                seat = rng.choice(list(table.state.to_act()))
                action = rng.choice(table.state.legal_actions(seat))
                await tables.act(table, seat, str(action), table.version)
                await asyncio.sleep(0)  # the sockets' queues are emptied by their own tasks
                done += 1
        cpu = time.process_time() - cpu
        return {"changes": done, "cpu_ms_per_change": cpu / done * 1000,
                "kb_pushed_per_change": sent / done / 1000}

    async def all_games(tmp: str) -> dict[str, Any]:
        tables = Tables(Store(str(Path(tmp) / "gc.db")), bot_pace=False)
        rng = random.Random(seed)
        plays = [seated(tables, p.game, p.players) for p in plans(live, 0.0, rng)]
        pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        began = [0.0]

        def timed(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                began[0] = time.perf_counter()
            else:
                pauses[info["generation"]].append((time.perf_counter() - began[0]) * 1000)

        old = gc.get_threshold()
        gc.set_threshold(*(thresholds or GC_THRESHOLDS))
        gc.callbacks.append(timed)
        done = 0
        wall = time.perf_counter()
        try:
            while done < changes * len(GAMES):
                i = rng.randrange(len(plays))
                table = plays[i]
                if table.state.is_over():
                    plays[i] = seated(tables, table.game, table.row.players)
                    continue
                seat = rng.choice(list(table.state.to_act()))
                action = rng.choice(table.state.legal_actions(seat))
                await tables.act(table, seat, str(action), table.version)
                await asyncio.sleep(0)  # the sockets' queues are emptied by their own tasks
                done += 1
        finally:
            gc.callbacks.remove(timed)
            gc.set_threshold(*old)
        wall = time.perf_counter() - wall
        return {"changes": done, "tables": live,
                "thresholds": list(thresholds or GC_THRESHOLDS), "wall_s": wall,
                "pauses": {g: summary([x / 1000 for x in xs]) | {"total_ms": sum(xs)}
                           for g, xs in pauses.items()}}

    out: dict[str, Any] = {}
    for game in GAMES:
        with tempfile.TemporaryDirectory(prefix="herna-path-") as tmp:
            out[game] = asyncio.run(one_game(game, tmp))
    with tempfile.TemporaryDirectory(prefix="herna-path-") as tmp:
        out["gc"] = asyncio.run(all_games(tmp))
    return out


# ----- the page ------------------------------------------------------------------------------
def page_figures(base: str, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {"weight": {}, "tti": {}}
    http = httpx.Client(base_url=base, timeout=30)

    def table(game: str) -> tuple[str, str, str]:
        body = Plan(game, 2, 0, "medium").body(random.randrange(2**31))
        r = http.post("/api/tables", json=body)
        r.raise_for_status()
        created = r.json()
        return created["id"], created["seats"][0]["token"], created["seats"][0]["url"]

    watch = """new MutationObserver((_m, obs) => {
      const b = document.getElementById('board');
      if (b && b.dataset.version !== undefined) { window.__ready = performance.now();
        obs.disconnect(); }
    }).observe(document, {subtree: true, attributes: true, childList: true});"""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in GAMES:
                table_id, token, url = table(game)
                # what the page loads, once per game
                ctx = browser.new_context(viewport={"width": 1366, "height": 768})
                page = ctx.new_page()
                responses: list[Any] = []
                page.on("response", lambda r, rs=responses: rs.append(r))
                page.goto(base + url)
                page.wait_for_selector("#board[data-version]", state="attached", timeout=30_000)
                page.wait_for_load_state("networkidle")
                got = [(r.url, r.request.resource_type, r.body(),
                        r.headers.get("content-encoding", "")) for r in responses
                       if r.request.resource_type != "websocket" and r.status == 200]
                ctx.close()
                kinds: dict[str, list[int]] = {}
                files = []
                for u, kind, body, enc in got:
                    k = "js" if u.endswith(".js") else "css" if u.endswith(".css") else \
                        "html" if kind == "document" else "api" if "/api/" in u else kind
                    raw = len(body)
                    gz = len(gzip.compress(body, 6))
                    kinds.setdefault(k, [0, 0, 0])
                    kinds[k][0] += raw
                    kinds[k][1] += gz
                    kinds[k][2] += 1
                    files.append({"url": u.removeprefix(base), "kind": k, "bytes": raw,
                                  "gzip": gz, "sent_encoding": enc or "identity"})
                first = http.get(f"/api/tables/{table_id}", params={"token": token}).content
                svg = json.loads(first)["svg"].encode()
                out["weight"][game] = {
                    "by_kind": kinds, "files": files,
                    "payload": {"json": len(first), "json_gzip": len(gzip.compress(first, 6)),
                                "svg": len(svg), "svg_gzip": len(gzip.compress(svg, 6))}}
                # time to interactive: fresh contexts (an empty cache), median of `runs`
                times, inpage = [], []
                for _ in range(runs):
                    table_id, token, url = table(game)
                    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
                    ctx.add_init_script(watch)
                    page = ctx.new_page()
                    t0 = time.perf_counter()
                    page.goto(base + url, wait_until="commit")
                    page.wait_for_selector("#board[data-version]", state="attached",
                                           timeout=30_000)
                    times.append(time.perf_counter() - t0)
                    ready = page.evaluate("window.__ready")
                    if ready is not None:
                        inpage.append(ready / 1000)
                    ctx.close()
                out["tti"][game] = {"median_s": statistics.median(times), "runs": times,
                                    "in_page_median_s": statistics.median(inpage)
                                    if inpage else None}
                print(f"... {game}: interactive in {statistics.median(times) * 1000:.0f} ms "
                      f"(median of {runs})", flush=True)
        finally:
            browser.close()
            http.close()
    return out


# ----- the report ----------------------------------------------------------------------------
def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


def summary(xs: Sequence[float]) -> dict[str, float]:
    if not xs:
        return {"count": 0}
    return {"count": len(xs), "p50_ms": pct(xs, 50) * 1000, "p90_ms": pct(xs, 90) * 1000,
            "p99_ms": pct(xs, 99) * 1000, "max_ms": max(xs) * 1000,
            "mean_ms": statistics.fmean(xs) * 1000}


def met(ok: bool) -> str:
    return "met" if ok else "not met"


def machine() -> str:
    return (f"{cpu_model()} ({os.cpu_count()} CPUs, shared VM), Python {platform.python_version()} "
            f"({platform.python_implementation()}), {platform.system()} {platform.machine()}")


def report(results: dict[str, Any]) -> str:
    rows: list[tuple[str, str, str]] = []
    if "load" in results:
        ld = results["load"]
        lat = ld["latency"]
        rows.append(("tables (human seat + bots)", f"{ld['tables']}",
                     f"bots {ld['levels']}; {ld['spectators']} spectator sockets; think "
                     f"{ld['think'][0]}-{ld['think'][1]} s; {ld['seconds']:.0f} s run"))
        if lat["count"]:
            rows.append(("POST -> own WebSocket push, p50 / p90 ms",
                         f"{lat['p50_ms']:.1f} / {lat['p90_ms']:.1f}", ""))
            rows.append(("POST -> own WebSocket push, p99 / max ms",
                         f"{lat['p99_ms']:.1f} / {lat['max_ms']:.0f}",
                         f"goal p99 <= {GOAL_P99_MS:.0f} ({met(lat['p99_ms'] <= GOAL_P99_MS)});"
                         f" {lat['count']:,} human actions"))
            for game, s in ld["by_game"].items():
                rows.append((f"  {game}: p50 / p99 ms", f"{s['p50_ms']:.1f} / "
                             f"{s['p99_ms']:.1f}", f"{s['count']:,} actions"))
            post = ld["post"]
            rows.append(("POST round trip, p50 / p99 ms",
                         f"{post['p50_ms']:.1f} / {post['p99_ms']:.1f}", ""))
        if ld.get("slow_readers"):
            rows.append(("sockets that never read (2 KB receive buffer)",
                         f"{ld['slow_readers']}",
                         f"on {ld.get('slow_tables', 0)} tables (and on their next tables); "
                         f"{ld.get('slow_dropped', 0)} dropped by the server by the end, "
                         f"close frames seen {ld.get('slow_codes') or 'none'}"))
            for name, key in (("tables with a slow reader", "slowed"),
                              ("the other tables", "others")):
                s = ld[key]
                if s["count"]:
                    rows.append((f"  {name}: p50 / p99 / max ms",
                                 f"{s['p50_ms']:.1f} / {s['p99_ms']:.1f} / {s['max_ms']:.0f}",
                                 f"{s['count']:,} human actions"))
        lag = ld["client_lag"]
        if lag["count"]:
            rows.append(("this client's loop lag (5 ms timer), p50 / p99 / max ms",
                         f"{lag['p50_ms']:.1f} / {lag['p99_ms']:.1f} / {lag['max_ms']:.0f}",
                         "the client's own queueing, part of every latency above"))
        rows.append(("table changes/s (humans + bots)", f"{ld['changes_per_s']:.1f}",
                     f"{ld['games_done']} games finished; {ld['conflicts']} stale (409); "
                     f"errors {ld['errors'] or 'none'}"))
        rows.append(("payloads pushed/s", f"{ld['messages_per_s']:.0f}",
                     f"{ld['mb_per_s']:.1f} MB/s of JSON (before permessage-deflate)"))
        rows.append(("server CPU during the run", f"{100 * ld['server_cpu_share']:.0f}%",
                     f"of one core, {ld['server_cpu_ms_per_change']:.1f} ms per change; "
                     f"this client {100 * ld['client_cpu_share']:.0f}%; the bot workers "
                     f"{100 * ld.get('bots_cpu_share', 0):.0f}%; load average "
                     f"{ld['loadavg'][0]:.1f} at the start, {ld['loadavg'][1]:.1f} at the end"))
        rows.append(("RSS per live table, created + socket", f"{ld['kb_per_table']:.0f} KB",
                     f"{ld['rss_before_mb']:.0f} -> {ld['rss_tables_mb']:.0f} MB; "
                     f"{ld['rss_after_mb']:.0f} MB after the run"))
    if "idle" in results:
        i = results["idle"]
        rows.append(("RSS per idle table", f"{i['kb_per_table']:.0f} KB",
                     f"{i['tables']} tables: {i['rss_before_mb']:.0f} -> "
                     f"{i['rss_after_mb']:.0f} MB; {i['create_ms']:.1f} ms per create"))
    if "path" in results:
        for game, f in results["path"].items():
            if game == "gc":
                continue
            rows.append((f"{game}: a move's path, CPU ms per change",
                         f"{f['cpu_ms_per_change']:.2f}",
                         f"act + pushes to a seat and a spectator, {f['changes']:,} changes of "
                         f"random 2-3 player games; {f['kb_pushed_per_change']:.0f} KB pushed"))
        g = results["path"]["gc"]
        for gen, pz in g["pauses"].items():
            if pz["count"]:
                rows.append((f"GC generation {gen}: pauses, median / max ms",
                             f"{pz['p50_ms']:.2f} / {pz['max_ms']:.1f}",
                             f"{pz['count']} in {g['changes']:,} changes at {g['tables']} tables "
                             f"({g['wall_s']:.0f} s), thresholds {tuple(g['thresholds'])}"))
    if "page" in results:
        pg = results["page"]
        for game, w in pg["weight"].items():
            js = w["by_kind"].get("js", [0, 0, 0])
            css = w["by_kind"].get("css", [0, 0, 0])
            html = w["by_kind"].get("html", [0, 0, 0])
            pl = w["payload"]
            rows.append((f"{game}: JavaScript KB (gzip)",
                         f"{js[0] / 1000:.1f} ({js[1] / 1000:.1f})",
                         f"{js[2]} files; goal <= {GOAL_JS_KB:.0f} KB "
                         f"({met(js[0] / 1000 <= GOAL_JS_KB)}); CSS {css[0] / 1000:.1f} KB "
                         f"({css[1] / 1000:.1f}), HTML {html[0] / 1000:.1f} KB"))
            rows.append((f"{game}: first payload KB (gzip)",
                         f"{pl['json'] / 1000:.1f} ({pl['json_gzip'] / 1000:.1f})",
                         f"of which SVG {pl['svg'] / 1000:.1f} KB ({pl['svg_gzip'] / 1000:.1f})"))
            t = pg["tti"][game]
            inpage = t["in_page_median_s"]
            rows.append((f"{game}: goto -> interactive, ms", f"{t['median_s'] * 1000:.0f}",
                         f"median of {len(t['runs'])}; goal <= {GOAL_TTI_S * 1000:.0f} "
                         f"({met(t['median_s'] <= GOAL_TTI_S)}); from navigation start "
                         + (f"{inpage * 1000:.0f} ms" if inpage is not None else "n/a")))
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    lines = [f"| {'measure'.ljust(w0)} | {'value'.rjust(w1)} | note |",
             f"|{'-' * (w0 + 2)}|{'-' * (w1 + 1)}:|------|"]
    lines += [f"| {a.ljust(w0)} | {b.rjust(w1)} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--only", choices=["load", "idle", "page", "path"], action="append",
                   help="run only these parts (repeatable; default all four)")
    p.add_argument("--changes", type=int, default=1200,
                   help="changes per game for the path part (1200)")
    p.add_argument("--gc", type=lambda v: tuple(int(x) for x in v.split(",")), default=None,
                   metavar="T0,T1,T2", help="GC thresholds for the path part (herna serve's)")
    p.add_argument("--db", default=None,
                   help="database for the server (default: a temporary SQLite file); e.g. "
                        "postgresql://USER@127.0.0.1/DB (tables are added to it)")
    p.add_argument("--tables", type=int, default=200, help="live tables in the load (200)")
    p.add_argument("--seconds", type=float, default=120, help="length of the load (120)")
    p.add_argument("--hard", type=float, default=0.0,
                   help="share of the tables with hard bots (default 0: all medium)")
    p.add_argument("--spectators", type=int, default=40, help="spectator sockets (40)")
    p.add_argument("--slow-readers", type=int, default=0,
                   help="sockets that never read, with a tiny receive buffer (0)")
    p.add_argument("--slow-tables", type=int, default=0,
                   help="tables the slow readers are spread over (default a tenth, >= 1)")
    p.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0), metavar=("MIN", "MAX"),
                   help="a human seat's think time, uniform (0.5 2.0 s)")
    p.add_argument("--idle", type=int, default=1000, help="idle tables for memory (1000)")
    p.add_argument("--page-runs", type=int, default=5, help="page loads per game (5)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=1,
                   help="server processes (herna serve --workers N); above 1 on PostgreSQL: "
                        "--db, or a throw-away cluster started here")
    p.add_argument("--no-compress", action="store_true",
                   help="serve without permessage-deflate (herna serve --no-compress)")
    p.add_argument("--quick", action="store_true",
                   help="a smoke run: 20 tables for 20 s, 100 idle, 1 page load per game")
    p.add_argument("--json", type=Path, default=None, help="also write the results here")
    p.add_argument("--py-spy", type=Path, default=None,
                   help="record the server with py-spy during the load (collapsed stacks)")
    p.add_argument("--log", type=Path, default=None,
                   help="the servers' output (default: a temporary file)")
    args = p.parse_args(argv)
    global WORKERS
    if args.no_compress:
        SERVE_ARGS.append("--no-compress")
    cluster = None
    if args.workers > 1:
        WORKERS = args.workers
        SERVE_ARGS.extend(["--workers", str(args.workers)])
        if args.db is None:  # several processes share PostgreSQL only
            sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "server"))
            from conftest import PgCluster, pg_bindir

            bindir = pg_bindir()
            if bindir is None:
                raise SystemExit("--workers needs PostgreSQL: no server binaries here "
                                 "(apt-get install postgresql), or give --db")
            cluster = PgCluster(bindir)
            cluster.start()
            cluster.sql("CREATE DATABASE herna_bench")
            args.db = cluster.url("herna_bench")
    try:
        run_parts(args)
    finally:
        if cluster is not None:
            cluster.stop()


def run_parts(args: argparse.Namespace) -> None:
    if args.quick:
        args.tables, args.seconds, args.idle, args.page_runs = 20, 20, 100, 1
        args.changes = 100
        args.spectators = min(args.spectators, 4)
    parts = args.only or ["load", "idle", "page", "path"]
    log = args.log or Path(tempfile.gettempdir()) / f"herna-server-bench-{os.getpid()}.log"
    print(f"machine: {machine()}; {time.strftime('%Y-%m-%d %H:%M')}; server log {log}",
          flush=True)
    results: dict[str, Any] = {"machine": machine(), "date": time.strftime("%Y-%m-%d"),
                               "db": "sqlite (temporary file)" if args.db is None else
                               args.db.split("://")[0]}
    if "load" in parts:
        print(f"# load: {args.tables} tables, {args.seconds:.0f} s", flush=True)
        with serve(args.db, log) as (base, pid):
            r = asyncio.run(load(base, pid, args))
        st: Stats = r.pop("stats")
        wall = r["wall_s"]
        results["load"] = {
            **r, "tables": args.tables, "spectators": args.spectators, "think": args.think,
            "slow_readers": args.slow_readers, "slowed": summary(st.slowed),
            "others": summary(st.others),
            "seconds": args.seconds, "latency": summary(st.latency), "post": summary(st.post),
            "client_lag": summary(st.lag),
            "by_game": {g: summary(v) for g, v in sorted(st.by_game.items())},
            "conflicts": st.conflicts, "errors": dict(st.errors), "games_done": st.games_done,
            "changes_per_s": st.changes / wall, "messages_per_s": st.messages / wall,
            "mb_per_s": st.bytes / wall / 1e6,
            "server_cpu_ms_per_change": r["server_cpu_share"] * wall / max(1, st.changes) * 1000,
            "kb_per_table": (r["rss_tables_mb"] - r["rss_before_mb"]) * 1024 / args.tables}
    if "idle" in parts and args.idle > 0:
        print(f"# memory: {args.idle} idle tables", flush=True)
        with serve(args.db, log) as (base, pid):
            i = asyncio.run(idle(base, pid, args.idle, args.seed + 1))
        i["kb_per_table"] = (i["rss_after_mb"] - i["rss_before_mb"]) * 1024 / i["tables"]
        results["idle"] = i
    if "page" in parts:
        if not Path(CHROMIUM).exists():
            print(f"no Chromium at {CHROMIUM}: the page part is skipped", flush=True)
        else:
            print("# page weight and time to interactive", flush=True)
            with serve(args.db, log) as (base, _pid):
                results["page"] = page_figures(base, args.page_runs)
    if "path" in parts:
        print("# a move's path, without the network", flush=True)
        results["path"] = path_figures(args.changes, args.seed, args.tables, args.gc)
    print()
    print(report(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str), encoding="utf-8")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
