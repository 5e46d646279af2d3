"""`herna replay FILE`: a game record opened in the browser as a replay (issue 21), on a
running server (`--url`) or on one the command starts itself; the printed link works."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner, Result

import herna
from herna.cli import app

ENV = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(db: Path) -> Iterator[str]:
    """`herna serve` in a thread of this process; yields its base URL."""
    import uvicorn

    from herna.server.app import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(str(db), bot_pace=False),
                                           host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def saved(tmp_path: Path, game: str = "alhambra-rw", players: int = 2) -> Path:
    out = tmp_path / "records"
    result = run("simulate", game, "--players", str(players), "-g", "1", "--bots", "random",
                 "--records", str(out))
    assert result.exit_code == 0, result.output
    return out / f"{game}-1.json"


def link_in(output: str) -> str:
    line = next(x for x in output.splitlines() if x.startswith("Replay: "))
    return line.removeprefix("Replay: ").strip()


def test_a_record_opens_on_a_running_server_and_in_the_browser(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = saved(tmp_path)
    data = herna.load_record(record)
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url) or True)
    with running_server(tmp_path / "herna.db") as url:
        result = run("replay", str(record), "--url", url + "/", "--seat", "1")
        assert result.exit_code == 0, result.output
        link = link_in(result.output)
        assert link.startswith(f"{url}/r/") and link.endswith("?seat=1")
        assert opened == [link]
        replay_id = link.removeprefix(f"{url}/r/").split("?")[0]
        page = httpx.get(link)
        assert page.status_code == 200 and 'src="/static/replay.js"' in page.text
        moves = len(data["actions"])
        step = httpx.get(f"{url}/api/replays/{replay_id}",
                         params={"step": moves, "seat": 1}).json()
        assert step["steps"] == moves and step["over"]
        assert step["view"] == json.loads(json.dumps(herna.replay(data).view(1)))
        # --no-browser only prints the link (of a new upload)
        again = run("replay", str(record), "--url", url, "--no-browser")
        assert again.exit_code == 0, again.output
        assert link_in(again.output) != link and opened == [link]


def test_a_server_that_refuses_or_is_not_there_says_why(tmp_path: Path) -> None:
    record = saved(tmp_path, "ubongo", 2)
    data = herna.load_record(record)
    data["options"]["deck"] = str(tmp_path / "my-deck.json")  # a deck of one's own: a file
    with running_server(tmp_path / "herna.db") as url:
        mine = tmp_path / "mine.json"
        mine.write_text(json.dumps(data), encoding="utf-8")
        # the record itself is checked here first: a deck file that is not there
        result = run("replay", str(mine), "--url", url, "--no-browser")
        assert result.exit_code == 2 and "Traceback" not in result.output
    gone = run("replay", str(saved(tmp_path)), "--url", f"http://127.0.0.1:{free_port()}",
               "--no-browser")
    assert gone.exit_code == 2, gone.output
    assert "cannot reach http://127.0.0.1:" in gone.output
    assert "Traceback" not in gone.output


def test_refused_uploads_give_the_servers_reason(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """What the server refuses (here: a record longer than it takes) is said as it said it."""
    from herna.server import replays

    monkeypatch.setattr(replays, "MAX_RECORD", 100)
    record = saved(tmp_path)
    with running_server(tmp_path / "herna.db") as url:
        result = run("replay", str(record), "--url", url, "--no-browser")
    assert result.exit_code == 2, result.output
    assert f"{url} did not take the record: the body is over 100 bytes" in result.output


def test_without_a_url_it_serves_the_replay_itself_until_interrupted(tmp_path: Path) -> None:
    record = saved(tmp_path, "envyra", 2)
    moves = len(herna.load_record(record)["actions"])
    env = {**os.environ, "HERNA_LANG": "en", "NO_COLOR": "1", "COLUMNS": "200",
           "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "herna.cli", "replay", str(record), "--no-browser",
         "--db", str(tmp_path / "here.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        lines: list[str] = []
        assert proc.stdout is not None
        deadline = time.monotonic() + 90
        while not any(x.startswith("Replay: ") for x in lines):
            assert time.monotonic() < deadline, lines
            line = proc.stdout.readline()
            assert line, f"the command ended: {lines}"
            lines.append(line)
        link = link_in("".join(lines))
        assert link.startswith("http://127.0.0.1:")
        base, _, replay_id = link.partition("/r/")
        assert httpx.get(link).status_code == 200
        answer: Any = httpx.get(f"{base}/api/replays/{replay_id}", params={"step": moves})
        assert answer.status_code == 200 and answer.json()["steps"] == moves
        proc.send_signal(signal.SIGINT)  # Ctrl+C
        assert proc.wait(timeout=30) == 0, proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
