"""Fixtures of the server tests: an app on SQLite or on a throw-away PostgreSQL cluster.

The PostgreSQL cluster is real (initdb + pg_ctl on loopback, one per test process), because
the unique (table, seq) key that keeps two servers from writing the same move is a database
guarantee and must be checked on the database a shared deployment runs. In CI (CI=true) a
missing PostgreSQL fails the run; elsewhere those tests skip with the reason.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # importlib mode: serverkit is a sibling

from fastapi.testclient import TestClient

from herna.server.app import create_app

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bindir() -> Path | None:
    """Debian's PostgreSQL 15 server binaries (or the newest installed version, or PATH)."""
    root = Path("/usr/lib/postgresql")
    candidates = [root / "15" / "bin"]
    if root.is_dir():
        candidates += sorted((p / "bin" for p in root.iterdir()), reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for d in candidates:
        if (d / "initdb").is_file() and (d / "pg_ctl").is_file():
            return d
    return None


def _missing(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"PostgreSQL is required in CI: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL for these tests ({reason}); `make test-deps` as root installs "
                "it, or: apt-get install postgresql")


class PgCluster:
    """A PostgreSQL cluster in a temporary directory, listening on 127.0.0.1 only.

    PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres`
    user (Debian's package creates it) and every server command runs through `runuser`."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.as_user: list[str] = []
        self.tmp = Path(tempfile.mkdtemp(prefix="herna-pg-"))
        if os.geteuid() == 0:
            import pwd

            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.tmp, ignore_errors=True)
                raise RuntimeError("running as root and there is no 'postgres' user") from None
            os.chown(self.tmp, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.data = self.tmp / "data"
        self.started = False

    def run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, timeout=120,
                       cwd=self.tmp)

    def start(self) -> None:
        self.run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres",
                 "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
        opts = (f"-p {self.port} -k {self.tmp} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self.started = True
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", opts,
                 "-l", str(self.tmp / "server.log"), "-w", "-t", "60", "start")

    def url(self, db: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    def sql(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(statement)  # type: ignore[arg-type]

    def stop(self) -> None:
        if self.started:
            with contextlib.suppress(Exception):
                self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                         "-w", "stop")
        shutil.rmtree(self.tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """One throw-away cluster per test process, stopped and deleted at the end."""
    bindir = pg_bindir()
    if bindir is None:
        _missing("initdb and pg_ctl not found under /usr/lib/postgresql/*/bin or on PATH")
        raise AssertionError  # unreachable: _missing skips or fails
    try:
        cluster = PgCluster(bindir)
    except RuntimeError as e:
        _missing(str(e))
        raise
    try:
        cluster.start()
    except subprocess.CalledProcessError as e:
        log = cluster.tmp / "server.log"
        detail = (e.stderr or b"").decode(errors="replace")[-800:]
        if log.exists():
            detail += log.read_text(errors="replace")[-800:]
        cluster.stop()
        pytest.fail(f"PostgreSQL did not start: {detail}", pytrace=False)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> Iterator[str]:
    """A fresh, empty database for one test (so a restart resumes only that test's tables)."""
    name = "herna_" + uuid.uuid4().hex[:12]
    pg_cluster.sql(f"CREATE DATABASE {name}")
    try:
        yield pg_cluster.url(name)
    finally:
        with contextlib.suppress(Exception):
            pg_cluster.sql(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database of one test: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "herna.db")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return str(tmp_path / "herna.db")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """The app on `db` with its lifespan running; bots answer at once (no racing pace)."""
    with TestClient(create_app(db, bot_pace=False)) as c:
        yield c


@pytest.fixture
def sqlite_client(sqlite_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        yield c
