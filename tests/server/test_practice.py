"""Ubongo practice over HTTP (docs/API.md, "Ubongo practice"): puzzles by level and seed, the
daily puzzle by the server's date (injected here), the engine's check of a placement and the
solver's solution; every bad request a 422 with its reason in the request's language."""

from __future__ import annotations

import datetime as dt
import itertools
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from fastapi.testclient import TestClient

from herna.games.ubongo import practice
from herna.games.ubongo.generator import grade
from herna.games.ubongo.solver import Outline, first_solution
from herna.server import practice as practice_server


def puzzle(c: TestClient, level: int | str, seed: int | str, **extra: Any) -> dict[str, Any]:
    r = c.get("/api/practice/puzzle", params={"level": level, "seed": seed, **extra})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def as_list(placements: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: p[k] for k in ("piece", "orientation", "row", "col")} for p in placements]


def test_a_puzzle_is_the_same_for_its_level_and_seed(sqlite_client: TestClient) -> None:
    c = sqlite_client
    a = puzzle(c, 4, 1234)
    practice.make.cache_clear()
    practice.svg.cache_clear()
    b = puzzle(c, 4, 1234)
    assert a == b and a["id"] == "4-1234" and a["level"] == 4 and a["levels"] == practice.TOP
    assert puzzle(c, 4, 1235)["outline"] != a["outline"] or \
        puzzle(c, 4, 1235)["pieces"] != a["pieces"]
    assert puzzle(c, 5, 1234)["id"] == "5-1234"
    # the drawing is a racing seat's card with its tray; the drag geometry agrees with it
    root = ET.fromstring(a["svg"])
    ns = "{http://www.w3.org/2000/svg}"
    card = next(g for g in root.iter(f"{ns}g") if g.get("id") == "ubongo-card")
    assert (int(card.get("data-rows") or 0), int(card.get("data-cols") or 0)) == (
        a["outline"]["rows"], a["outline"]["cols"])
    trays = {g.get("data-piece") for g in root.iter(f"{ns}g") if g.get("data-piece")}
    assert trays == set(a["pieces"]) == {p["letter"] for p in a["extra"]["pieces"]}
    assert a["extra"]["card"]["cells"] == a["outline"]["cells"] and a["extra"]["open"]
    assert a["extra"]["key"] == a["id"]
    assert a["target_text"] == f"{a['target']} sec" and a["slow"] == 2 * a["target"]
    assert puzzle(c, 4, 1234, lang="cs")["target_text"] == f"{a['target']} s"


def test_difficulty_grows_with_the_level_as_the_generator_grades_it(
        sqlite_client: TestClient) -> None:
    for seed in (7, 8):
        seen = []
        for level in range(1, practice.TOP + 1):
            p = puzzle(sqlite_client, level, seed)
            outline = Outline.from_cells(tuple(x) for x in p["outline"]["cells"])
            graded = grade(outline, p["pieces"])
            assert graded.difficulty == p["difficulty"] == p["grade"]["difficulty"]
            band = practice.LEVELS[level - 1]
            assert band.lo <= graded.difficulty < band.hi and len(p["pieces"]) == band.k
            seen.append(graded.difficulty)
        assert all(a < b for a, b in itertools.pairwise(seen)), seen


def test_the_daily_puzzle_is_the_days(sqlite_client: TestClient) -> None:
    c = sqlite_client
    today = [dt.date(2026, 3, 2)]
    c.app.state.today = lambda: today[0]  # type: ignore[attr-defined]
    first = c.get("/api/practice/daily").json()
    again = c.get("/api/practice/daily", params={"lang": "cs"}).json()
    assert first["id"] == again["id"] == "2-20260302" and first["date"] == "2026-03-02"
    assert first["pieces"] == again["pieces"] and first["outline"] == again["outline"]
    assert first["date_text"] == "Monday, March 2, 2026"
    assert again["date_text"] == "pondělí 2. března 2026"
    assert c.get("/api/practice/daily", params={"lang": "sk"}).json()["date_text"] == \
        "pondelok 2. marca 2026"
    today[0] = dt.date(2026, 3, 3)
    tuesday = c.get("/api/practice/daily").json()
    assert tuesday["id"] == "3-20260303" and tuesday["date"] == "2026-03-03"
    assert (tuesday["outline"], tuesday["pieces"]) != (first["outline"], first["pieces"])
    # the daily puzzle is an ordinary one: the puzzle endpoint names it too
    assert puzzle(c, 3, 20260303)["svg"] == tuesday["svg"]


def test_check_accepts_the_solvers_solution_and_refuses_a_wrong_one(
        sqlite_client: TestClient) -> None:
    c = sqlite_client
    p = puzzle(c, 6, 99)
    sol = first_solution(Outline.from_cells(tuple(x) for x in p["outline"]["cells"]),
                         p["pieces"])
    assert sol is not None
    text = "solve " + " ".join(f"{q.piece}{q.orientation}@{q.row},{q.col}" for q in sol)
    ok = c.post("/api/practice/check",
                json={"puzzle": p["id"], "placement": text, "seconds": 12.5}).json()
    assert ok["solved"] is True and ok["reason"] is None and ok["time_text"] == "12.5 sec"
    assert ok["ladder"] == {"level": 6, "next": 7, "move": "up", "pace": "fast"}
    assert {x["piece"] for x in ok["placements"]} == set(p["pieces"])
    slow = c.post("/api/practice/check", json={
        "puzzle": p["id"], "placement": text, "seconds": p["slow"] + 0.5, "lang": "cs"}).json()
    assert slow["ladder"] == {"level": 6, "next": 5, "move": "down", "pace": "slow"}
    assert slow["time_text"] == f"{p['slow']},5 s"
    # without seconds: solved or not, no ladder
    listed = [{"piece": q.piece, "orientation": q.orientation, "row": q.row, "col": q.col}
              for q in sol]
    plain = c.post("/api/practice/check", json={"puzzle": p["id"], "placement": listed}).json()
    assert plain["solved"] and plain["ladder"] is None and plain["time_text"] is None
    # wrong ones: solved false, the engine's reason in the request's language
    short = c.post("/api/practice/check",
                   json={"puzzle": p["id"], "placement": listed[:-1], "seconds": 3})
    assert short.status_code == 200
    body = short.json()
    assert body["solved"] is False and body["ladder"] is None and body["placements"] == []
    assert "not covered" in body["reason"] and listed[-1]["piece"] in body["reason"]
    twice = c.post("/api/practice/check", json={
        "puzzle": p["id"], "placement": [*listed, listed[0]], "lang": "cs"}).json()
    assert twice["solved"] is False and "dvakrát" in twice["reason"]
    stranger = next(x for x in "ABCDEFGHIJKL" if x not in p["pieces"])
    other = c.post("/api/practice/check", json={
        "puzzle": p["id"], "placement": [{**listed[0], "piece": stranger}, *listed[1:]],
        "lang": "sk"}).json()
    assert other["solved"] is False and f"dielik {stranger}" in other["reason"]


def test_the_solution_is_valid_piece_by_piece(sqlite_client: TestClient) -> None:
    c = sqlite_client
    for level in (2, 9):
        p = puzzle(c, level, 31)
        got = c.get("/api/practice/solution", params={"puzzle": p["id"]}).json()
        laid = got["placements"]
        assert sorted(x["piece"] for x in laid) == sorted(p["pieces"])
        cells = [tuple(cell) for x in laid for cell in x["cells"]]
        assert len(cells) == len(set(cells))
        assert sorted(cells) == sorted(tuple(x) for x in p["outline"]["cells"])
        assert got["ladder"] == {"level": level, "next": level - 1, "move": "down",
                                 "pace": "gave_up"}
        check = c.post("/api/practice/check",
                       json={"puzzle": p["id"], "placement": as_list(laid)}).json()
        assert check["solved"] is True


@pytest.mark.parametrize(("path", "params", "words"), [
    ("/api/practice/puzzle", {"level": "0", "seed": "1"}, "level must be a whole number"),
    ("/api/practice/puzzle", {"level": "11", "seed": "1"}, "from 1 to 10"),
    ("/api/practice/puzzle", {"level": "2.0", "seed": "1"}, "level must be"),
    ("/api/practice/puzzle", {"level": "٣", "seed": "1"}, "level must be"),
    ("/api/practice/puzzle", {"seed": "1"}, "level must be"),
    ("/api/practice/puzzle", {"level": "2"}, "seed must be a whole number from 0"),
    ("/api/practice/puzzle", {"level": "2", "seed": "-1"}, "seed must be"),
    ("/api/practice/puzzle", {"level": "2", "seed": "2147483648"}, "seed must be"),
    ("/api/practice/puzzle", {"level": "2", "seed": "1", "lang": "de"}, "lang must be one of"),
    ("/api/practice/solution", {}, "LEVEL-SEED"),
    ("/api/practice/solution", {"puzzle": "12-1"}, "level must be"),
    ("/api/practice/solution", {"puzzle": "x"}, "LEVEL-SEED"),
])
def test_bad_queries_are_refused_with_reasons(sqlite_client: TestClient, path: str,
                                              params: dict[str, str], words: str) -> None:
    r = sqlite_client.get(path, params=params)
    assert r.status_code == 422 and words in r.json()["reason"], r.text


@pytest.mark.parametrize(("body", "words"), [
    ({"placement": "A0@0,0"}, "LEVEL-SEED"),
    ({"puzzle": 3, "placement": "A0@0,0"}, "LEVEL-SEED"),
    ({"puzzle": "3-1"}, "placement must be"),
    ({"puzzle": "3-1", "placement": ""}, "name the pieces"),
    ({"puzzle": "3-1", "placement": "A0@0"}, "cannot read 'A0@0'"),
    ({"puzzle": "3-1", "placement": [{"piece": "A", "orientation": "0", "row": 0, "col": 0}]},
     "placement must be"),
    ({"puzzle": "3-1", "placement": "A0@0,0", "seconds": 0}, "seconds must be"),
    ({"puzzle": "3-1", "placement": "A0@0,0", "seconds": True}, "seconds must be"),
    ({"puzzle": "3-1", "placement": "A0@0,0", "seconds": "9"}, "seconds must be"),
    ({"puzzle": "3-1", "placement": "A0@0,0", "seconds": 86401}, "seconds must be"),
    ({"puzzle": "3-1", "placement": "A0@0,0", "token": "x"}, "unknown field(s) token"),
])
def test_bad_checks_are_refused_with_reasons(sqlite_client: TestClient, body: dict[str, Any],
                                             words: str) -> None:
    r = sqlite_client.post("/api/practice/check", json=body)
    assert r.status_code == 422 and words in r.json()["reason"], r.text


def test_reasons_speak_the_requests_language(sqlite_client: TestClient) -> None:
    c = sqlite_client
    r = c.get("/api/practice/puzzle", params={"level": "0", "seed": "1", "lang": "cs"})
    assert r.json()["reason"] == "úroveň musí být celé číslo od 1 do 10"
    r = c.post("/api/practice/check", json={"puzzle": "3-1", "placement": "", "lang": "sk"})
    assert r.json()["reason"].startswith("uveďte dieliky")
    assert c.post("/api/practice/check", content=b"[1]").status_code == 422
    assert c.post("/api/practice/check", content=b"{").status_code == 422


def test_the_page_is_served(sqlite_client: TestClient) -> None:
    r = sqlite_client.get("/practice")
    assert r.status_code == 200 and "/static/practice.js" in r.text


def test_hostile_bodies_get_an_answer_never_a_crash(sqlite_client: TestClient) -> None:
    """Seeded random bodies and queries built from good and bad parts: each is a 200 or a
    422 with a reason (the fuzzer of herna.testing.fuzz covers the tables' endpoints)."""
    rng = random.Random(22)
    good = puzzle(sqlite_client, 3, 5)
    laid = sqlite_client.get("/api/practice/solution", params={"puzzle": good["id"]}).json()
    pool: dict[str, list[Any]] = {
        "puzzle": ["3-5", "3-05", "03-5", "3-5 ", "3_5", "", None, 3, [3, 5], {"a": 1}, "99-1",
                   "3-99999999999", "\u0663-5", "3-\x00"],
        "placement": [as_list(laid["placements"]), as_list(laid["placements"])[:1],
                      "A0@0,0", "solve", "solve  ", "K9@99,99", "A0@0,0 " * 12, None, 5, True,
                      [None], [[1, 2, 3, 4]], [{"piece": "a", "orientation": 0, "row": 0,
                                                  "col": 0}], "\ud7ff" * 50],
        "seconds": [1, 0.5, -1, 0, 1e6, 86400, None, "1", [1], False, 2**63],
        "lang": ["en", "cs", "sk", "de", "", None, 1, "CS"],
    }
    for _ in range(300):
        body = {k: rng.choice(v) for k, v in pool.items() if rng.random() < 0.85}
        r = sqlite_client.post("/api/practice/check", json=body)
        assert r.status_code in (200, 422), (body, r.status_code, r.text)
        if r.status_code == 422:
            assert isinstance(r.json()["reason"], str) and r.json()["reason"]
    for _ in range(100):
        params = {k: str(rng.choice(v)) for k, v in (
            ("level", ["1", "3", "0", "-1", "x", "", "10", "1e1", " 3", "03"]),
            ("seed", ["5", "0", "2147483647", "-5", "1.5", "", "99999999999"]),
            ("lang", ["en", "cs", "xx"])) if rng.random() < 0.9}
        r = sqlite_client.get("/api/practice/puzzle", params=params)
        assert r.status_code in (200, 422), (params, r.status_code, r.text)


# ----- a signed-in player's practice, kept per account (a server with accounts) -------------
def solve_text(p: dict[str, Any]) -> str:
    sol = first_solution(Outline.from_cells(tuple(x) for x in p["outline"]["cells"]),
                         p["pieces"])
    assert sol is not None
    return "solve " + " ".join(f"{q.piece}{q.orientation}@{q.row},{q.col}" for q in sol)


@pytest.fixture
def accounts(request: pytest.FixtureRequest, sqlite_db: str) -> Any:
    """A server with accounts and a clock moved by hand: SQLite, or PostgreSQL when a test
    asks (`indirect` parameter "postgresql")."""
    from argon2 import PasswordHasher
    from serverkit import FakeClock

    from herna.server.app import create_app

    where = getattr(request, "param", "sqlite")
    db = sqlite_db if where == "sqlite" else str(request.getfixturevalue("pg_url"))
    clock = FakeClock()
    app = create_app(db, bot_pace=False, now=clock, clock_every=0, accounts=True)
    app.state.accounts.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    with TestClient(app) as client:
        yield client, clock


def device(c: TestClient, name: str, new: bool = False) -> None:
    """This client becomes a device signed in as `name` (a new account if `new`)."""
    c.cookies.clear()
    r = c.post(f"/api/account/{'signup' if new else 'signin'}",
               json={"name": name, "password": "correct horse"})
    assert r.status_code in (200, 201), r.text


def check(c: TestClient, p: dict[str, Any], seconds: float | None, mode: str | None,
          **extra: Any) -> Any:
    body = {"puzzle": p["id"], "placement": solve_text(p), "seconds": seconds, "mode": mode,
            **extra}
    return c.post("/api/practice/check", json={k: v for k, v in body.items() if v is not None})


@pytest.mark.parametrize("accounts", ["sqlite", "postgresql"], indirect=True)
def test_a_signed_in_players_practice_follows_the_account(accounts: Any) -> None:
    c, clock = accounts
    # signed out (and on a private server): the page keeps its own
    assert c.get("/api/practice/progress").json() == {"account": None, "accounts": True}
    device(c, "Ana", new=True)
    start = c.get("/api/practice/progress").json()
    assert (start["account"], start["level"], start["solves"]) == ("Ana", 1, 0)
    assert start["bests"] == {"ladder": 1, "daily": {}, "attack": {}}
    # a ladder solve the server checked, in a time a person can take: level up, kept
    p1 = puzzle(c, 1, 5)
    got = check(c, p1, p1["target"] / 2, "ladder").json()
    assert got["solved"] and got["ladder"]["next"] == 2
    assert got["progress"]["level"] == 2 and got["progress"]["solves"] == 1
    assert got["progress"]["bests"]["ladder"] == 2
    assert got["progress"]["recorded"] == {"mode": "ladder", "counted": True}
    # a wrong placement records nothing
    wrong = c.post("/api/practice/check", json={"puzzle": p1["id"], "placement": "A0@0,0",
                                                "seconds": 9, "mode": "ladder"}).json()
    assert wrong["solved"] is False and wrong["progress"] is None
    # a give-up moves the ladder down
    down = c.post("/api/practice/give-up", json={"puzzle": "2-7"}).json()
    assert (down["level"], down["gave_up"], down["bests"]["ladder"]) == (1, 1, 2)
    # the daily puzzle: its best time kept per day; another puzzle in daily mode is no best
    c.app.state.today = lambda: dt.date(2026, 3, 2)
    daily = c.get("/api/practice/daily").json()
    first = check(c, daily, 30.0, "daily").json()["progress"]
    assert first["bests"]["daily"] == {"2026-03-02": 30.0}
    assert check(c, daily, 40.0, "daily").json()["progress"]["bests"]["daily"] == {
        "2026-03-02": 30.0}
    assert check(c, daily, 20.5, "daily").json()["progress"]["bests"]["daily"] == {
        "2026-03-02": 20.5}
    other = check(c, puzzle(c, 2, 1), 20.0, "daily").json()["progress"]
    assert other["recorded"]["counted"] is False and other["bests"]["daily"] == {
        "2026-03-02": 20.5}
    # a time attack started on the server: its solves within three minutes count
    started = c.post("/api/practice/attack", json={"level": 3}).json()
    assert started["attack"]["level"] == 3 and started["attack"]["count"] == 0
    for seed in (1, 2):
        clock.advance(30)
        done = check(c, puzzle(c, 3, seed), 25.0, "attack").json()["progress"]
        assert done["recorded"]["counted"] is True
    assert done["bests"]["attack"] == {"3": 2}
    wrong_level = check(c, puzzle(c, 4, 1), 25.0, "attack").json()["progress"]
    assert wrong_level["recorded"]["counted"] is False
    clock.advance(practice_server.ATTACK_SECONDS)  # past its end: no more counted
    late = check(c, puzzle(c, 3, 3), 25.0, "attack").json()["progress"]
    assert late["recorded"]["counted"] is False and late["bests"]["attack"] == {"3": 2}
    assert late["attack"] is None
    # a second attack at the level keeps the better one as the best
    c.post("/api/practice/attack", json={"level": 3})
    once = check(c, puzzle(c, 3, 4), 25.0, "attack").json()["progress"]
    assert once["attack"]["count"] == 1 and once["bests"]["attack"] == {"3": 2}
    solves = once["solves"]
    # another device signed in as Ana sees it all; the first device's check without a mode
    # (an old page) records nothing
    device(c, "Ana")
    there = c.get("/api/practice/progress").json()
    assert (there["level"], there["solves"], there["bests"]) == (
        1, solves, {"ladder": 2, "daily": {"2026-03-02": 20.5}, "attack": {"3": 2}})
    assert check(c, p1, 9.0, None).json()["progress"] is None
    # someone else starts from nothing
    device(c, "Ben", new=True)
    assert c.get("/api/practice/progress").json()["solves"] == 0


def test_a_time_no_person_can_take_is_not_recorded(accounts: Any) -> None:
    c, _ = accounts
    device(c, "Ana", new=True)
    p = puzzle(c, 4, 8)
    least = practice_server.PIECE_SECONDS * len(p["pieces"])
    for seconds, lang, words in ((least / 2, "en", "faster than anyone"),
                                 (0.1, "cs", "rychleji"), (0.2, "sk", "rýchlejšie")):
        r = check(c, p, seconds, "ladder", lang=lang)
        assert r.status_code == 422 and words in r.json()["reason"], r.text
    for seconds in (-1, 0, 86401, "5", True):
        r = check(c, p, seconds, "ladder")  # type: ignore[arg-type]
        assert r.status_code == 422 and "seconds must be" in r.json()["reason"]
    assert c.get("/api/practice/progress").json()["solves"] == 0
    ok = check(c, p, least, "ladder")
    assert ok.status_code == 200 and ok.json()["progress"]["solves"] == 1


@pytest.mark.parametrize(("path", "body", "status", "words"), [
    ("/api/practice/check", {"puzzle": "3-1", "placement": "A0@0,0", "mode": "blitz"}, 422,
     "mode must be one of ladder, daily, attack"),
    ("/api/practice/check", {"puzzle": "3-1", "placement": "A0@0,0", "mode": 1}, 422,
     "mode must be"),
    ("/api/practice/attack", {"level": 0}, 422, "level must be a whole number from 1 to 10"),
    ("/api/practice/attack", {"level": "3"}, 422, "level must be"),
    ("/api/practice/attack", {}, 422, "level must be"),
    ("/api/practice/progress", {"level": 11}, 422, "level must be"),
    ("/api/practice/progress", {"level": True}, 422, "level must be"),
    ("/api/practice/give-up", {"puzzle": "x"}, 422, "LEVEL-SEED"),
    ("/api/practice/give-up", {}, 422, "LEVEL-SEED"),
])
def test_bad_progress_requests_are_refused_with_reasons(
        accounts: Any, path: str, body: dict[str, Any], status: int, words: str) -> None:
    c, _ = accounts
    device(c, "Ana", new=True)
    r = c.post(path, json=body)
    assert r.status_code == status and words in r.json()["reason"], r.text


def test_progress_needs_a_signed_in_player_of_this_site(accounts: Any,
                                                        sqlite_client: TestClient) -> None:
    c, _ = accounts
    for path, body in (("/api/practice/attack", {"level": 2}),
                       ("/api/practice/give-up", {"puzzle": "2-1"}),
                       ("/api/practice/progress", {"level": 2})):
        r = c.post(path, json=body)  # signed out
        assert r.status_code == 401 and "not signed in" in r.json()["reason"]
        r = sqlite_client.post(path, json=body)  # a server without accounts
        assert r.status_code == 404 and "no accounts" in r.json()["reason"]
    assert sqlite_client.get("/api/practice/progress").json() == {
        "account": None, "accounts": False}
    device(c, "Ana", new=True)
    r = c.post("/api/practice/attack", json={"level": 2},
               headers={"Origin": "https://evil.example"})
    assert r.status_code == 403
    r = c.post("/api/practice/give-up", content=b'{"puzzle": "2-1"}',
               headers={"Content-Type": "text/plain"})
    assert r.status_code == 403


def test_a_browsers_ladder_moves_to_an_account_that_has_none(accounts: Any) -> None:
    c, _ = accounts
    device(c, "Ana", new=True)
    merged = c.post("/api/practice/progress", json={"level": 6}).json()
    assert (merged["merged"], merged["level"], merged["bests"]["ladder"]) == (True, 6, 6)
    # the account has its own now: another browser's level does not replace it
    again = c.post("/api/practice/progress", json={"level": 2}).json()
    assert (again["merged"], again["level"]) == (False, 6)
