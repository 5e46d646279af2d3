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
