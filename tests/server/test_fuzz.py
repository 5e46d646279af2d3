"""Hostile input (issue 23): the seeded fuzzer of `herna.testing.fuzz` against a running server
(uvicorn in a thread, on loopback), on SQLite and on PostgreSQL. The oracle is the contract
(docs/API.md and the constants at the top of herna/testing/fuzz.py); every violation is
listed with a reproduction. `make fuzz N=100000 SEED=1` is the long run."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import herna
from herna.testing import fuzz

COUNTS = {"sqlite": 2_000, "postgresql": 500}
SEED = 23


def test_hostile_input(db: str) -> None:
    n = COUNTS["postgresql" if "://" in db else "sqlite"]
    report = fuzz.fuzz_server(db, n, SEED)
    print(report.summary())
    assert report.sent >= n
    assert report.moves > n // 10, "the fuzzer should reach many phases by legal moves"
    assert not report.violations, report.summary()


# ----- the oracle itself: it must see what it is there to see ------------------------------------
class FakeStore:
    def __init__(self, game: str, seed: int, seats: list[str]) -> None:
        self.row = SimpleNamespace(game=game, players=len(seats), seed=seed, options={},
                                   actions=[])

    def load(self, _tid: str) -> Any:
        return self.row


def _fuzzer(store: FakeStore) -> fuzz.Fuzzer:
    f = fuzz.Fuzzer.__new__(fuzz.Fuzzer)
    f.store = store
    return f


def _table() -> fuzz.TableInfo:
    return fuzz.TableInfo(id="t", game="envyra", players=2, options={},
                          kinds=["human", "easy"], tokens=["tok", None])


def _first(seat: int) -> str:
    state = herna.make("envyra", players=2, seed=5)
    return str(state.legal_actions(seat)[0])


def test_oracle_sees_a_move_no_request_was_accepted_for() -> None:
    store = FakeStore("envyra", 5, ["human", "easy"])
    f, t = _fuzzer(store), _table()
    store.row.actions = [(0, _first(0))]
    problems = f._replay(t)
    assert [k for k, _d in problems] == ["changed by a refusal"]


def test_oracle_sees_an_illegal_move_accepted() -> None:
    store = FakeStore("envyra", 5, ["human", "easy"])
    f, t = _fuzzer(store), _table()
    store.row.actions = [(0, _first(0))]
    t.pending.append((0, "mark z9", 0, "act:legal"))
    problems = f._replay(t)
    assert [k for k, _d in problems] == ["illegal accepted"]


def test_oracle_sees_an_accepted_move_that_was_not_stored() -> None:
    store = FakeStore("envyra", 5, ["human", "easy"])
    f, t = _fuzzer(store), _table()
    t.pending.append((0, _first(0), 0, "act:legal"))
    assert [k for k, _d in f._replay(t)] == ["accepted but not stored"]


def test_oracle_passes_a_good_log() -> None:
    store = FakeStore("envyra", 5, ["human", "easy"])
    f, t = _fuzzer(store), _table()
    store.row.actions = [(0, _first(0))]
    t.pending.append((0, _first(0), 0, "act:legal"))
    assert f._replay(t) == []


def test_body_status() -> None:
    assert fuzz.body_status({"a": fuzz.nested(fuzz.MAX_DEPTH - 1)}, 10) is None
    assert fuzz.body_status({"a": fuzz.nested(fuzz.MAX_DEPTH)}, 10) == fuzz.UNPROCESSABLE
    assert fuzz.body_status({"a": "\ud800"}, 10) == fuzz.UNPROCESSABLE
    assert fuzz.body_status({"a": "\ud83d\ude00"}, 10) is None  # a pair is fine
    assert fuzz.body_status({"a": float("nan")}, 10) == fuzz.UNPROCESSABLE
    assert fuzz.body_status({"a": 1}, fuzz.MAX_BODY + 1) == fuzz.TOO_LARGE
    assert fuzz.dumps({"a": fuzz.Raw("1e400")}) == '{"a": 1e400}'


def test_loopback_only() -> None:
    with pytest.raises(ValueError, match="loopback"):
        fuzz.Fuzzer("http://example.com:80", 1)


def test_a_route_the_fuzzer_never_sent_to_is_named(tmp_path: Path) -> None:
    """A new /api route fails test_hostile_input until the fuzzer sends to it."""
    from herna.server.app import create_app

    app = create_app(str(tmp_path / "routes.db"), accounts=True)
    every = fuzz.never_sent(app, set())
    assert len(every) == len(fuzz.fuzzed_routes(app)) > 30
    assert {"POST /api/tables/{table_id}/undo", "WS /api/tables/{table_id}/ws",
            "GET /rules/{game}", "POST /api/account/signup"} <= set(every)
    missing = fuzz.never_sent(app, {("POST", "/api/tables/abc/undo")})
    assert "POST /api/tables/{table_id}/undo" not in missing
    assert len(missing) == len(every) - 1
