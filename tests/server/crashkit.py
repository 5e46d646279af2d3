"""The SIGKILL harness (issue 23): `herna serve` killed at random moments during bursts of
moves by people and bots, restarted each time, and checked against what it acknowledged.

After every restart: every acknowledged move is in the log at the place it was acknowledged
(same seat, same action), no move is stored twice, every table goes on (bots by themselves,
people's moves accepted), and at the end every finished game's record replays to its version
and outcome. On SQLite or PostgreSQL.

    python tests/server/crashkit.py --kills 50 [--db postgresql://...] [--seed 1]
    make crash                      # 50 kills on SQLite, then on a throw-away PostgreSQL

`tests/server/test_crash.py` runs a few kills of each in `make test`.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

import herna

HERNA = Path(sys.executable).parent / "herna"
# the tables of every run: (game, seats); a level name is a bot
TABLES: list[tuple[str, tuple[str, ...]]] = [
    ("alhambra", ("human", "human", "easy")),
    ("alhambra-rw", ("human", "medium")),
    ("envyra", ("human", "human")),
    ("envyra", ("easy", "medium", "easy")),
    ("ubongo", ("human", "easy")),
    ("alhambra", ("medium", "easy")),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Acked:
    """A move the server answered 200 to: it must be in the log at `seq`."""

    table: str
    seq: int
    seat: int
    text: str


@dataclass
class Run:
    db: str
    log: Path
    seed: int = 1
    tables: list[tuple[str, tuple[str, ...]]] = field(default_factory=lambda: list(TABLES))
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    acked: list[Acked] = field(default_factory=list)
    tokens: dict[str, list[str | None]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    refused: int = 0
    lost: int = 0  # requests cut off by a kill (never acknowledged: no promise to check)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        out = self.log.open("ab")
        env = {**os.environ, "HERNA_LANG": "en", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [str(HERNA), "serve", "--port", str(self.port), "--db", self.db,
             "--limit-create", "0", "--limit-actions", "0", "--max-sockets-per-client", "0"],
            stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        out.close()
        end = time.monotonic() + 90
        while True:
            try:
                if httpx.get(self.url + "/api/games", timeout=5).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError("herna serve did not start: see " + str(self.log))
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the server and its bot workers
            self.proc.wait(timeout=30)

    # ----- play ------------------------------------------------------------------------
    def create_tables(self) -> None:
        with httpx.Client(base_url=self.url, timeout=30) as c:
            for i, (game, kinds) in enumerate(self.tables):
                seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k}
                         for k in kinds]
                r = c.post("/api/tables", json={"game": game, "players": len(kinds),
                                                "seats": seats, "seed": self.seed * 100 + i})
                r.raise_for_status()
                self.tokens[r.json()["id"]] = [s["token"] for s in r.json()["seats"]]

    def burst(self, stop: threading.Event, rng: random.Random) -> None:
        """Move for the people at every table, as fast as the server answers, until
        `stop`: the moves in flight when the server dies are the interesting ones."""
        from serverkit import choose, ubongo_solve

        with httpx.Client(base_url=self.url, timeout=10) as c:
            while not stop.is_set():
                moved = False
                for tid, toks in self.tokens.items():
                    for tok in toks:
                        if tok is None or stop.is_set():
                            continue
                        try:
                            p = c.get(f"/api/tables/{tid}", params={"token": tok}).json()
                            if p["over"] or (not p["legal"] and not (
                                    p["game"] == "ubongo" and ubongo_solve(p["view"]))):
                                continue
                            text = choose(p, rng)
                            r = c.post(f"/api/tables/{tid}/actions", json={
                                "token": tok, "action": text, "version": p["version"]})
                        except (httpx.TransportError, ValueError, KeyError, IndexError):
                            with self.lock:
                                self.lost += 1
                            continue
                        if r.status_code == 200:
                            after = r.json()
                            mine = [line for line in after["log"]
                                    if line["seq"] == p["version"]]
                            with self.lock:
                                self.acked.append(Acked(tid, p["version"], p["seat"],
                                                        mine[0]["text"] if mine else text))
                            moved = True
                        else:
                            with self.lock:
                                self.refused += 1
                if not moved:
                    time.sleep(0.01)

    # ----- checks ----------------------------------------------------------------------
    def stored(self) -> dict[str, list[tuple[int, str]]]:
        from herna.server.store import Store

        store = Store(self.db)
        try:
            return {tid: list(row.actions) for tid in self.tokens
                    if (row := store.load(tid)) is not None}
        finally:
            store.close()

    def check(self) -> None:
        """Every acknowledged move is stored where it was acknowledged, once."""
        logs = self.stored()
        for a in self.acked:
            log = logs[a.table]
            assert a.seq < len(log), f"acknowledged move {a} is not in the log"
            seat, text = log[a.seq]
            assert seat == a.seat and text == a.text, f"{a} stored as {(seat, text)}"
        for tid, log in logs.items():  # the log replays: no move twice, none illegal
            row_state = replay_row(self.db, tid)
            assert len(row_state.history) == len(log)

    def goes_on(self) -> None:
        """After a restart every unfinished table moves again (its bots, or a person)."""
        from serverkit import choose, ubongo_solve

        rng = random.Random(self.seed)
        with httpx.Client(base_url=self.url, timeout=30) as c:
            for tid, toks in self.tokens.items():
                p = c.get(f"/api/tables/{tid}").json()
                if p["over"]:
                    continue
                version = p["version"]
                end = time.monotonic() + 60
                while c.get(f"/api/tables/{tid}").json()["version"] == version:
                    for tok in toks:
                        if tok is None:
                            continue
                        q = c.get(f"/api/tables/{tid}", params={"token": tok}).json()
                        if q["legal"] or (q["game"] == "ubongo"
                                          and ubongo_solve(q["view"])):
                            c.post(f"/api/tables/{tid}/actions", json={
                                "token": tok, "action": choose(q, rng),
                                "version": q["version"]})
                    assert time.monotonic() < end, f"table {tid} does not go on"
                    time.sleep(0.05)

    def finish(self) -> None:
        """Play every table to the end; each record replays to its version and outcome."""
        from serverkit import play_out

        with httpx.Client(base_url=self.url, timeout=30) as c:
            for tid, toks in self.tokens.items():
                humans = [t for t in toks if t is not None]
                if humans:
                    last, _ = play_out(c, tid, humans, seed=self.seed, timeout=300)
                else:
                    end = time.monotonic() + 300
                    while not (last := c.get(f"/api/tables/{tid}").json())["over"]:
                        assert time.monotonic() < end, f"bots at {tid} never finish"
                        time.sleep(0.1)
                record = c.get(f"/api/tables/{tid}/record").json()
                assert len(record["actions"]) == last["version"]
                state = herna.replay(record)
                assert state.is_over()
                assert state.outcome().to_dict() == last["outcome"]  # type: ignore[union-attr]


def replay_row(db: str, tid: str) -> herna.State:
    from herna.server.store import Store

    store = Store(db)
    try:
        row = store.load(tid)
    finally:
        store.close()
    assert row is not None
    state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
    for seat, text in row.actions:
        state.apply(seat, text)
    return state


def run(db: str, kills: int, seed: int = 1, workdir: Path | None = None,
        say: Any = print, tables: list[tuple[str, tuple[str, ...]]] | None = None
        ) -> dict[str, int]:
    """`kills` SIGKILLs of a real `herna serve` on `db`, each at a random moment of a burst;
    raises AssertionError on the first broken promise. Returns the counts."""
    workdir = workdir or Path(tempfile.mkdtemp(prefix="herna-crash-"))
    r = Run(db=db, log=workdir / "serve.log", seed=seed, tables=tables or list(TABLES))
    rng = random.Random(seed)
    r.start()
    try:
        r.create_tables()
        for k in range(kills):
            stop = threading.Event()
            players = [threading.Thread(target=r.burst, args=(stop, random.Random(rng.random())))
                       for _ in range(2)]
            for t in players:
                t.start()
            time.sleep(rng.uniform(0.2, 1.5))
            r.kill()
            stop.set()
            for t in players:
                t.join(timeout=30)
            r.check()
            r.start()
            r.goes_on()
            say(f"kill {k + 1}/{kills}: {len(r.acked)} acknowledged moves all stored, "
                f"every table goes on")
        r.finish()
        r.check()
    finally:
        r.kill()
    return {"kills": kills, "acknowledged": len(r.acked), "refused": r.refused,
            "cut_off": r.lost, "tables": len(r.tokens)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", help="a SQLite file or postgresql:// URL (default: a new SQLite "
                                 "file in a temporary directory)")
    ap.add_argument("--postgresql", action="store_true",
                    help="on a throw-away PostgreSQL cluster started here (as the tests do)")
    args = ap.parse_args()
    cluster = None
    if args.postgresql:
        from conftest import PgCluster, pg_bindir

        bindir = pg_bindir()
        if bindir is None:
            raise SystemExit("no PostgreSQL server binaries (apt-get install postgresql)")
        cluster = PgCluster(bindir)
        cluster.start()
        cluster.sql("CREATE DATABASE herna_crash")
        args.db = cluster.url("herna_crash")
    try:
        with tempfile.TemporaryDirectory(prefix="herna-crash-") as tmp:
            db = args.db or str(Path(tmp) / "crash.db")
            started = time.monotonic()
            counts = run(db, args.kills, args.seed, Path(tmp))
    finally:
        if cluster is not None:
            cluster.stop()
    print(f"{counts['kills']} SIGKILLs on {db.split('://')[0] if '://' in db else 'sqlite'}: "
          f"{counts['acknowledged']} acknowledged moves all stored, none twice, "
          f"{counts['cut_off']} requests cut off by the kills, {counts['refused']} refused "
          f"(stale), {counts['tables']} tables finished and replayed "
          f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
