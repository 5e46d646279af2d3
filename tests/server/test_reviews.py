"""Reviews (issue 21), through HTTP: in each game a finished table's seat is reviewed by the
hard bot (each decision of the seat rated, flags by the drop of its chances, the better
move with the parts it lights), kept (a second call answers at once, without the workers),
refused before the end and for a seat that is not there, and the same result comes out of
the record and the review's seed alone. Games come from seeded random play through the API.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create, play_out

import herna
from herna.server import botproc, reviews
from herna.server.app import create_app
from herna.web import catalog

GAMES: dict[str, int] = {"alhambra": 2, "alhambra-rw": 2, "envyra": 2, "ubongo": 2}


def said(key: str, lang: str = "en", **fields: Any) -> str:
    return catalog().t(key, lang, **fields)


def finished(c: TestClient, game: str, players: int, seed: int = 5) -> str:
    made = create(c, game, ("human",) * players, seed=seed)
    tid = made["id"]
    play_out(c, tid, [s["token"] for s in made["seats"]], seed=seed, timeout=120)
    return str(tid)


def reviewed(c: TestClient, tid: str, seat: int, lang: str = "en",
             timeout: float = 120.0) -> dict[str, Any]:
    """Start a seat's review and wait for it (its progress seen on the way)."""
    r = c.post(f"/api/tables/{tid}/review", params={"seat": seat, "lang": lang})
    assert r.status_code == 200, r.text
    got = r.json()
    end = time.monotonic() + timeout
    while got["state"] == "running":
        assert 0 <= got["done"] <= got["total"] and got["review"] is None
        assert time.monotonic() < end, "the review does not end"
        time.sleep(0.05)
        r = c.get(f"/api/tables/{tid}/review", params={"seat": seat, "lang": lang})
        assert r.status_code == 200, r.text
        got = r.json()
    assert got["state"] == "done" and got["done"] == got["total"]
    out: dict[str, Any] = got
    return out


def check_review(c: TestClient, tid: str, seat: int, got: dict[str, Any]) -> None:
    """Every step the seat took is there, in order, rated as the thresholds say, and a
    better move is one of the seat's legal moves there, lighting the parts the game's
    drawing names for it."""
    table = c.app.state.tables.live.get(tid) or c.app.state.tables.load(tid)  # type: ignore[attr-defined]
    record = table.state.record()
    review = got["review"]
    steps = [i for i, (who, _t) in enumerate(record["actions"]) if who == seat]
    assert [d["step"] for d in review["decisions"]] == steps
    assert got["total"] == len(steps)
    rated = 0
    for d in review["decisions"]:
        state = herna.replay(record, upto=d["step"])
        assert d["played"]["text"] == str(state.parse_action(seat, record["actions"][d["step"]][1]))
        assert d["played"]["words"] and d["phase_words"]
        if d["drop"] is None:
            assert d["flag"] is None and d["best"] is None
            continue
        rated += 1
        assert 0.0 <= d["after"] <= d["before"] <= 1.0
        assert d["drop"] == pytest.approx(d["before"] - d["after"], abs=1e-3)
        want = ("blunder" if d["drop"] >= review["blunder"] else
                "mistake" if d["drop"] >= review["mistake"] else None)
        assert d["flag"] == want
        if want:
            assert d["flag_words"] == said(f"review.{want}")
        legal = {str(a) for a in state.legal_actions(seat)}
        assert d["best"]["text"] in legal
        if d["best"]["text"] == d["played"]["text"]:
            assert d["drop"] == 0.0
    assert rated >= 1
    counted = sum(p["decisions"] for p in review["phases"])
    assert counted == len(steps)
    assert sum(p["mistakes"] for p in review["phases"]) == \
        sum(d["flag"] == "mistake" for d in review["decisions"])


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_table_is_reviewed_kept_and_reproducible(sqlite_client: TestClient,
                                                             game: str,
                                                             monkeypatch: Any) -> None:
    c = sqlite_client
    made = create(c, game, ("human",) * GAMES[game], seed=5)
    tid = made["id"]
    # before the end: refused, with its reason, for POST and GET alike
    for method in (c.post, c.get):
        r = method(f"/api/tables/{tid}/review", params={"seat": 0})
        assert r.status_code == 409, r.text
        assert r.json()["reason"] == said("review.not_over")
    play_out(c, tid, [s["token"] for s in made["seats"]], seed=5, timeout=120)
    r = c.get(f"/api/tables/{tid}/review", params={"seat": 1})
    assert r.status_code == 404 and r.json()["reason"] == said("review.none")

    got = reviewed(c, tid, 1)
    check_review(c, tid, 1, got)
    if game == "ubongo":  # the race is not rated: its solve times are
        race = [d for d in got["review"]["decisions"] if d["phase"] == "race"]
        assert race and all(d["drop"] is None for d in race)
        solved = [d for d in race if d["kind"] == "solve"]
        assert solved and all(isinstance(d["seconds"], float) for d in solved)
        phase = next(p for p in got["review"]["phases"] if p["phase"] == "race")
        assert phase["seconds"] == [d["seconds"] for d in solved]

    # kept: the second call answers from the database, without the workers
    def no_work(job: Any) -> Any:
        raise AssertionError("a kept review was worked out again")

    monkeypatch.setattr(botproc, "review_part", no_work)
    again = c.post(f"/api/tables/{tid}/review", params={"seat": 1})
    assert again.status_code == 200 and again.json() == got
    assert c.get(f"/api/tables/{tid}/review", params={"seat": 1}).json() == got
    cs = c.get(f"/api/tables/{tid}/review", params={"seat": 1, "lang": "cs"}).json()
    assert [d["drop"] for d in cs["review"]["decisions"]] == \
           [d["drop"] for d in got["review"]["decisions"]]
    assert cs["review"]["phases"][0]["words"] == \
        said(f"review.phase.{got['review']['phases'][0]['phase']}", "cs")

    # reproducible: the record and the seed alone give the same review, twice
    record = c.get(f"/api/tables/{tid}/record").json()
    seed = reviews.review_seed(tid, 1)
    assert got["review"]["seed"] == seed
    stored = c.app.state.tables.store.load_review(tid, 1)  # type: ignore[attr-defined]
    first = reviews.review_record(record, 1, seed)
    second = reviews.review_record(record, 1, seed)
    assert first["decisions"] == second["decisions"] == stored["decisions"]


def test_the_refusals_say_why(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid = finished(c, "envyra", 2)
    for seat, key, fields in ((None, "review.no_seat", {"last": 1}),
                              ("2", "review.bad_seat", {"last": 1, "value": "2"}),
                              ("x", "review.bad_seat", {"last": 1, "value": "x"}),
                              ("\u00b2", "review.bad_seat", {"last": 1, "value": "\u00b2"}),
                              ("0" * 30, "review.bad_seat", {"last": 1, "value": "0" * 20})):
        params = {} if seat is None else {"seat": seat}
        for method in (c.post, c.get):
            r = method(f"/api/tables/{tid}/review", params={**params, "lang": "sk"})
            assert r.status_code == 422, r.text
            assert r.json()["reason"] == said(key, "sk", **fields)
    r = c.post("/api/tables/nosuchtable/review", params={"seat": 0})
    assert r.status_code == 404 and "reason" in r.json()


def test_the_review_runs_in_a_worker_process(tmp_path: Path) -> None:
    """With bot processes the parts go to the pool, and the result is the one the record
    and the seed give in this process."""
    app = create_app(str(tmp_path / "h.db"), bot_pace=False, bot_processes=1,
                     finished_idle=3600)
    with TestClient(app) as c:
        tid = finished(c, "alhambra-rw", 2, seed=9)
        got = reviewed(c, tid, 0)
        check_review(c, tid, 0, got)
        assert got["review"]["cpu"] > 0
        record = c.get(f"/api/tables/{tid}/record").json()
        alone = reviews.review_record(record, 0, reviews.review_seed(tid, 0))
        kept = app.state.tables.store.load_review(tid, 0)
        assert kept["decisions"] == alone["decisions"]


def test_a_second_review_of_the_same_seat_waits_for_the_first(sqlite_client: TestClient,
                                                              monkeypatch: Any) -> None:
    """Asking while it runs shows progress and starts nothing new."""
    c = sqlite_client
    tid = finished(c, "envyra", 2, seed=3)
    calls: list[int] = []
    real = botproc.review_part

    def counted(job: botproc.ReviewJob) -> Any:
        calls.append(job.start)
        time.sleep(0.05)
        return real(job)

    monkeypatch.setattr(botproc, "review_part", counted)
    first = c.post(f"/api/tables/{tid}/review", params={"seat": 0}).json()
    second = c.post(f"/api/tables/{tid}/review", params={"seat": 0}).json()
    assert first["state"] == second["state"] == "running"
    got = reviewed(c, tid, 0)
    assert len(calls) == len(set(calls)) == -(-got["total"] // reviews.PART)


def test_a_process_works_out_two_reviews_at_a_time(sqlite_client: TestClient,
                                                   monkeypatch: Any) -> None:
    """Each review holds a bot worker: a third one waits (429, said why), then starts."""
    import threading

    c = sqlite_client
    first, second = finished(c, "envyra", 2, seed=3), finished(c, "envyra", 2, seed=4)
    gate = threading.Event()
    real = botproc.review_part

    def held(job: botproc.ReviewJob) -> Any:
        assert gate.wait(60), "the test never let the review go"
        return real(job)

    monkeypatch.setattr(botproc, "review_part", held)
    for seat in (0, 1):
        r = c.post(f"/api/tables/{first}/review", params={"seat": seat})
        assert r.status_code == 200 and r.json()["state"] == "running"
    r = c.post(f"/api/tables/{second}/review", params={"seat": 0, "lang": "cs"})
    assert r.status_code == 429 and r.headers["Retry-After"] == str(reviews.BUSY_RETRY)
    assert r.json()["reason"] == said("review.busy", "cs")
    gate.set()
    reviewed(c, first, 0)
    reviewed(c, first, 1)
    check_review(c, second, 0, reviewed(c, second, 0))


def test_a_kept_review_is_read_by_another_server(db: str, monkeypatch: Any) -> None:
    """Kept in the database (SQLite or PostgreSQL): a server started afterwards on it (a
    restart, or another process) answers with it at once, and works nothing out again."""
    with TestClient(create_app(db, bot_pace=False)) as c:
        tid = finished(c, "envyra", 2, seed=8)
        got = reviewed(c, tid, 0)

    def no_work(job: Any) -> Any:
        raise AssertionError("a kept review was worked out again")

    monkeypatch.setattr(botproc, "review_part", no_work)
    with TestClient(create_app(db, bot_pace=False)) as c:
        for method in (c.get, c.post):
            r = method(f"/api/tables/{tid}/review", params={"seat": 0})
            assert r.status_code == 200 and r.json() == got
