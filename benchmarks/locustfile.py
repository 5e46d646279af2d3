"""Locust load of `herna serve` (issue 23): live tables played over HTTP with sockets open.

Each Locust user is one human seat at its own table, as in `server_bench.py`'s load: it
creates the table (the four games in turn at 2 and 3 players, bots in the other seats, a
share `HERNA_HARD` of the tables, 0.25 by default, with `hard` bots), opens its seat's
WebSocket, and then, whenever its payload offers moves, waits a think time (uniform in
`HERNA_THINK`, "0.5 2.0" s) and POSTs one of them with the version it saw. What is measured,
as Locust requests:

- `move -> push`: from sending the POST until the seat's own socket brings a newer version
  (the server pushes before it answers): the latency a player sees;
- `POST /actions`, `POST /api/tables`, `POST /again`: the HTTP calls themselves.

A finished game is followed by "play again", so the number of live tables stays the number
of users. `HERNA_HOSTS` (space-separated base URLs) spreads the users over several
`herna serve` processes on their own ports; otherwise Locust's `--host`.

    locust -f benchmarks/locustfile.py --headless -u 200 -r 20 -t 120s --host http://127.0.0.1:8000
    python benchmarks/process_bench.py          # starts the servers and runs this (BENCHMARKS.md)

Needs the `load` extra (`make load`): Locust and websocket-client (a socket client gevent
can run by the thousand). Its UTF-8 check of each text frame is a pure-Python loop over
every byte (wsaccel, its compiled one, is unmaintained): at 40 users it took most of the
client's core, so it is skipped; the frame is still decoded as UTF-8 (in C) when received.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import re
import threading
import time
from typing import Any

import gevent
import gevent.event
import websocket
from locust import HttpUser, between, events, task
from locust.exception import StopUser

GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")
HARD = float(os.environ.get("HERNA_HARD", "0.25"))
THINK = tuple(float(x) for x in os.environ.get("HERNA_THINK", "0.5 2.0").split())
HOSTS = os.environ.get("HERNA_HOSTS", "").split()
_VERSION = re.compile(r'"version":\s*(\d+)')
_numbers = itertools.count()
_lock = threading.Lock()


def plan(i: int) -> dict[str, Any]:
    """Table `i`'s seats: one human at a random seat, bots elsewhere. Tables go in groups
    of eight (the four games at 2 and at 3 players); a share HARD of the groups (spread
    evenly) has hard bots, so every game and player count has its share of them."""
    rng = random.Random(i)
    players = 2 + (i // len(GAMES)) % 2
    group = i // (2 * len(GAMES))
    hard = HARD > 0 and int((group + 1) * HARD) > int(group * HARD)
    human = rng.randrange(players)
    seats = [{"kind": "human"} if s == human else
             {"kind": "bot", "level": "hard" if hard else "medium"} for s in range(players)]
    return {"game": GAMES[i % len(GAMES)], "players": players, "seats": seats,
            "seed": 2026 * 100_000 + i}, human


def host(i: int) -> str:
    """Table `i`'s process: in turn, shifted by one every group of eight (`plan`) and again
    every four groups, so each process gets every game at both player counts, with medium
    and with hard bots (plain turns put every fourth table, one game's, on the same
    process of two, and with it every hard table)."""
    group = i // (2 * len(GAMES))
    return HOSTS[(i + group + group // 4) % len(HOSTS)]


class Seat(HttpUser):
    wait_time = between(0, 0)  # the think time is the seat's own (its `task` waits)

    def on_start(self) -> None:
        with _lock:
            self.number = next(_numbers)
        if HOSTS:
            self.client.base_url = host(self.number)
        self.rng = random.Random(self.number)
        self.raw = ""
        self.version = -1
        self.changed = gevent.event.Event()
        self.ws: Any = None
        self.reader: Any = None
        body, human = plan(self.number)
        with self.client.post("/api/tables", json=body, name="POST /api/tables",
                              catch_response=True) as r:
            if r.status_code != 201:
                r.failure(f"{r.status_code} {r.text[:80]}")
                raise StopUser
            made = r.json()
        self.table, self.token = made["id"], made["seats"][human]["token"]
        self._connect()

    def _connect(self) -> None:
        base = self.client.base_url.replace("http", "ws", 1)
        self.ws = websocket.create_connection(
            f"{base}/api/tables/{self.table}/ws?token={self.token}", timeout=30,
            enable_multithread=True, skip_utf8_validation=True)
        self.version = -1
        self._got(self.ws.recv())
        self.reader = gevent.spawn(self._read)

    def _got(self, raw: str) -> None:
        m = _VERSION.search(raw, 0, 4000)
        version = int(m.group(1)) if m else json.loads(raw)["version"]
        if version > self.version:
            self.raw, self.version = raw, version
            self.changed.set()

    def _read(self) -> None:
        ws = self.ws
        try:
            while True:
                self._got(ws.recv())
        except Exception:  # closed (play again, or the end of the run)
            return

    def _close(self) -> None:
        if self.reader is not None:
            self.reader.kill(block=False)
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()

    def on_stop(self) -> None:
        self._close()

    @task
    def play(self) -> None:
        self.changed.clear()
        payload = json.loads(self.raw)
        if payload["over"]:
            self._again()
            return
        if not payload["legal"]:
            self.changed.wait(timeout=5)  # a bot's turn: the socket says when it is ours
            return
        gevent.sleep(self.rng.uniform(*THINK))
        if self.version != payload["version"]:
            return  # a bot moved meanwhile (a race, a sealed mark): look again
        action = self.rng.choice(payload["legal"])["text"]
        start = time.perf_counter()
        with self.client.post(f"/api/tables/{self.table}/actions", name="POST /actions",
                              json={"token": self.token, "action": action,
                                    "version": payload["version"]},
                              catch_response=True) as r:
            if r.status_code == 409:
                r.success()  # a bot was first: the contract's answer, not a failure
                return
            if r.status_code != 200:
                r.failure(f"{r.status_code} {r.text[:80]}")
                return
        target = payload["version"] + 1
        end = start + 30
        while self.version < target and time.perf_counter() < end:
            self.changed.clear()
            if self.version >= target:
                break
            self.changed.wait(timeout=max(0.0, end - time.perf_counter()))
        elapsed = time.perf_counter() - start
        events.request.fire(request_type="WS", name="move -> push",
                            response_time=elapsed * 1000, response_length=len(self.raw),
                            exception=None if self.version >= target else
                            TimeoutError("no push within 30 s"), context={})

    def _again(self) -> None:
        with self.client.post(f"/api/tables/{self.table}/again", name="POST /again",
                              json={"token": self.token}, catch_response=True) as r:
            if r.status_code != 201:
                r.failure(f"{r.status_code} {r.text[:80]}")
                gevent.sleep(1)
                return
            body = r.json()
        self._close()
        self.table, self.token = body["id"], body["token"]
        self._connect()
