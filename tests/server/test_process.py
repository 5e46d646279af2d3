"""A real `herna serve` process: moves over HTTP, SIGKILL mid-game, a restart that finishes
the game, and a log (uvicorn's access and error lines) that never holds a seat's token."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import free_port
from serverkit import create, get, play_out

HERNA = Path(sys.executable).parent / "herna"


class Server:
    """`herna serve` on a free loopback port, its output kept in a file."""

    def __init__(self, db: str, log: Path) -> None:
        self.db, self.logfile = db, log
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> httpx.Client:
        out = self.logfile.open("ab")
        env = {**os.environ, "HERNA_LANG": "en", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [str(HERNA), "serve", "--port", str(self.port), "--db", self.db],
            stdout=out, stderr=subprocess.STDOUT, env=env)
        out.close()
        client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=30)
        end = time.monotonic() + 60
        while True:
            try:
                if client.get("/api/games").status_code == 200:
                    return client
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > end:
                raise AssertionError("herna serve did not start:\n" + self.log())
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)

    def log(self) -> str:
        return self.logfile.read_text(errors="replace") if self.logfile.exists() else ""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(str(tmp_path / "herna.db"), tmp_path / "serve.log")
    try:
        yield s
    finally:
        s.kill()


def move(c: Any, tid: str, tok: str) -> dict[str, Any]:
    p = get(c, tid, tok)
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": p["legal"][0]["text"], "version": p["version"]})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_sigkill_mid_game_then_restart_and_finish(server: Server) -> None:
    import websockets.sync.client as wsc

    c = server.start()
    made = create(c, "alhambra-rw", ("human", "human"), seed=5)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    for _ in range(6):  # a few moves, each seat as it comes, token by query and by Bearer
        seat = get(c, tid)["to_act"][0]
        last = move(c, tid, toks[seat])
    c.get(f"/api/tables/{tid}?token={toks[0]}")
    c.get(f"/api/tables/{tid}", headers={"Authorization": f"Bearer {toks[1]}"})
    with wsc.connect(f"ws://127.0.0.1:{server.port}/api/tables/{tid}/ws?token={toks[0]}") as ws:
        assert json.loads(ws.recv(timeout=10))["version"] == 6
    c.close()
    server.kill()  # no shutdown, no flush: only what was committed survives
    c = server.start()
    resumed = get(c, tid, toks[0])
    assert resumed["version"] == last["version"] == 6
    assert resumed["view"] == get(c, tid, toks[0])["view"]
    p, _ = play_out(c, tid, toks, timeout=90)
    assert p["over"] and p["outcome"] is not None
    rec = c.get(f"/api/tables/{tid}/record").json()
    assert len(rec["actions"]) == p["version"]
    c.close()
    server.kill()
    text = server.log()
    assert "GET /api/tables/" in text and "WebSocket /api/tables/" in text  # lines were logged
    for tok in toks:
        assert tok not in text, "a seat's token reached the server's log"


def test_bots_resume_in_a_restarted_process(server: Server) -> None:
    """A table whose bot is thinking when the process dies is finished by the next one."""
    c = server.start()
    made = create(c, "alhambra-rw", ("human", "medium"), seed=3)
    tid, tok = made["id"], made["seats"][0]["token"]
    p = get(c, tid, tok)
    while not p["legal"]:
        p = get(c, tid, tok)
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": p["legal"][0]["text"], "version": p["version"]})
    assert r.status_code == 200
    server.kill()
    c = server.start()
    p, _ = play_out(c, tid, [tok], timeout=90)
    assert p["over"]


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_bot_workers_leave_with_a_killed_server(server: Server) -> None:
    """SIGKILL leaves the server no chance to stop its bot processes: they leave by
    themselves, instead of waiting on their queue for ever."""
    c = server.start()
    made = create(c, "envyra", ("human", "medium", "medium"), seed=3)
    tid, tok = made["id"], made["seats"][0]["token"]
    p = get(c, tid, tok)
    while not p["legal"]:  # the bots have moved: a worker process exists
        time.sleep(0.05)
        p = get(c, tid, tok)
    assert server.proc is not None
    workers = _children(server.proc.pid)
    assert workers, "herna serve started no bot process"
    c.close()
    server.kill()
    end = time.monotonic() + 20
    while any(_alive(w) for w in workers) and time.monotonic() < end:
        time.sleep(0.1)
    assert not [w for w in workers if _alive(w)], "bot processes outlived the server"


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _maps(pid: int) -> str:
    return Path(f"/proc/{pid}/maps").read_text()


def test_herna_serve_runs_under_jemalloc_where_the_system_has_it(
        server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """CPython's allocator keeps every 1 MiB arena a busy hour needed as long as a few objects
    live in it; jemalloc hands free pages back (herna.server.use_jemalloc, BENCHMARKS.md
    "Memory"). `herna serve` runs itself again under it; its bot workers get the operator's
    environment back; an operator's own PYTHONMALLOC is left alone."""
    from herna.server import jemalloc_path

    if not sys.platform.startswith("linux"):
        pytest.skip("jemalloc is preloaded on Linux only")
    if jemalloc_path() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("jemalloc is required in CI: make test-deps (libjemalloc2)",
                        pytrace=False)
        pytest.skip("no libjemalloc.so.2 on this system (apt-get install libjemalloc2)")
    c = server.start()
    assert server.proc is not None
    assert "libjemalloc" in _maps(server.proc.pid)
    made = create(c, "envyra", ("easy", "easy"))
    end = time.monotonic() + 60
    while get(c, made["id"])["version"] < 2:  # the bots have moved: their worker is up
        assert time.monotonic() < end, server.log()
        time.sleep(0.1)
    workers = _children(server.proc.pid)
    assert workers, "no bot worker process"
    assert not any("libjemalloc" in _maps(pid) for pid in workers)
    server.kill()

    monkeypatch.setenv("PYTHONMALLOC", "pymalloc")
    chosen = Server(str(tmp_path / "chosen.db"), tmp_path / "chosen.log")
    try:
        chosen.start()
        assert chosen.proc is not None
        assert "libjemalloc" not in _maps(chosen.proc.pid)
    finally:
        chosen.kill()
