"""A few rounds of the SIGKILL harness (tests/server/crashkit.py; `make crash` runs 50 kills
on each database): every acknowledged move survives, none is stored twice, every table goes
on, and every finished game's record replays to its version and outcome."""

from __future__ import annotations

from pathlib import Path

from crashkit import run

# short games, so that playing every table to the end after the kills stays quick
SHORT = [("envyra", ("human", "easy")), ("alhambra-rw", ("human", "easy")),
         ("envyra", ("easy", "medium", "easy"))]


def test_sigkills_during_bursts_on_sqlite(tmp_path: Path) -> None:
    counts = run(str(tmp_path / "crash.db"), kills=3, seed=5, workdir=tmp_path,
                 say=lambda _line: None, tables=SHORT)
    assert counts["acknowledged"] > 0


def test_sigkills_during_bursts_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    counts = run(pg_url, kills=2, seed=6, workdir=tmp_path, say=lambda _line: None,
                 tables=SHORT)
    assert counts["acknowledged"] > 0
