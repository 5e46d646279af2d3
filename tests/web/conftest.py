"""A live server in a thread and Debian's Chromium driven by Playwright.

The server runs in this process (uvicorn in a thread) so a test can read the engine's state
of a table, e.g. to know a real Ubongo solution to drag into place. In CI (CI=true) a missing
browser is a failure, never a skip.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("HERNA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, db: Path, **options: Any) -> None:
        import uvicorn

        from herna.server.app import create_app

        self.app = create_app(str(db), bot_pace=False, **options)  # e.g. accounts=True
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    def table(self, table_id: str) -> Any:
        """The live table (engine state included): what the server holds, for assertions."""
        return self.app.state.tables.live[table_id]


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web") / "herna.db").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def accounts_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server as `herna serve --accounts` runs it (sign-up, sessions, seats of accounts)."""
    server = LiveServer(tmp_path_factory.mktemp("accounts") / "herna.db",
                        accounts=True).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"Chromium is missing at {CHROMIUM}: `make test` installs it as root "
                        "(apt-get install chromium)")
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(60_000)  # CI's two cores also run the rest of the suite
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"the page raised: {errors}"
