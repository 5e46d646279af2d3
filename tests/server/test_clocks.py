"""Clocks and stand-in bots (issue 21), through HTTP with an injected clock (never a real
sleep): each kind of clock counts server time (a time per move, a bank with its increment, a
slow table), a simultaneous node runs every waited-for seat's clock, an undo gives no time
back; a seat whose time ran out is played by a bot of the table's level after the grace
period, its person's moves are refused meanwhile, and it takes the seat back; a player who
left the page is replaced too (not at a slow table); a restart in the middle rebuilds the
same clocks and never leaves a table stuck; bad bodies are 422; My tables lists the tables
waiting for me first; two server processes on one PostgreSQL database.

`check` is the app's own check of the clocks (the one its background task runs every
second; switched off here with `clock_every=0`, so each test decides when it runs).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import FakeClock, create, get, old_database, wait

from herna.server.app import create_app
from herna.web import catalog

Clock = FakeClock


def words(key: str, **fields: Any) -> str:
    return catalog().t(key, "en", **fields)


@pytest.fixture
def fake() -> Clock:
    return Clock()


@pytest.fixture
def c(sqlite_db: str, fake: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_db, bot_pace=False, now=fake, clock_every=0)) as client:
        yield client


def check(c: TestClient) -> int:
    """The app's check of the clocks, on its own event loop."""
    handed: int = c.portal.call(c.app.state.tables.check_clocks)  # type: ignore[attr-defined]
    return handed


def table(c: TestClient, game: str, clock: dict[str, Any] | None, players: int = 2,
          kinds: tuple[str, ...] | None = None, seed: int = 7) -> tuple[str, list[str | None]]:
    made = create(c, game, kinds or ("human",) * players, seed=seed, clock=clock)
    return made["id"], [s["token"] for s in made["seats"]]


def act(c: TestClient, tid: str, tok: str | None, text: str) -> dict[str, Any]:
    p = get(c, tid, tok)
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": text, "version": p["version"]})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def take_money(p: dict[str, Any]) -> str:
    """Alhambra: a money card to take (it ends the turn)."""
    return next(a["text"] for a in p["legal"] if a["text"].startswith("take"))


def clocks(c: TestClient, tid: str, tok: str | None = None) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = get(c, tid, tok)["clocks"]["seats"]
    return seats


def back(c: TestClient, tid: str, seat: int, tok: str | None) -> Any:
    return c.post(f"/api/tables/{tid}/seats/{seat}/back",
                  json={} if tok is None else {"token": tok})


# ----- each kind counts server time ----------------------------------------------------------
def test_a_time_per_move_restarts_with_every_step(c: TestClient, fake: Clock) -> None:
    tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 30})
    p = get(c, tid, toks[0])
    assert p["clocks"] == {"kind": "move", "seconds": 30, "increment": 0, "grace": 30,
                           "level": "medium", "seats": p["clocks"]["seats"]}
    a = p["to_act"][0]
    b = 1 - a
    seats = p["clocks"]["seats"]
    assert seats[a] == {"seat": a, "running": True, "stand_in": False, "left": 30.0,
                        "takeover": 60.0}
    assert seats[b] == {"seat": b, "running": False, "stand_in": False, "left": 30.0,
                        "takeover": None}
    fake.advance(12)
    assert [s["left"] for s in clocks(c, tid)] == [18.0 if s == a else 30.0 for s in (0, 1)]
    after = act(c, tid, toks[a], take_money(get(c, tid, toks[a])))
    assert after["to_act"] == [b]
    fake.advance(5)
    seats = clocks(c, tid)
    assert (seats[a]["running"], seats[a]["left"]) == (False, 30.0)
    assert (seats[b]["running"], seats[b]["left"], seats[b]["takeover"]) == (True, 25.0, 55.0)


def test_a_bank_spends_while_waited_for_and_gains_its_increment(c: TestClient,
                                                                 fake: Clock) -> None:
    tid, toks = table(c, "alhambra", {"kind": "bank", "seconds": 300, "increment": 5})
    a = get(c, tid)["to_act"][0]
    b = 1 - a
    fake.advance(12)
    act(c, tid, toks[a], take_money(get(c, tid, toks[a])))
    fake.advance(100)
    seats = clocks(c, tid)
    assert (seats[a]["left"], seats[a]["running"]) == (293.0, False)  # 300 - 12 + 5
    assert (seats[b]["left"], seats[b]["running"]) == (200.0, True)
    act(c, tid, toks[b], take_money(get(c, tid, toks[b])))
    fake.advance(3)
    seats = clocks(c, tid)
    assert [seats[a]["left"], seats[b]["left"]] == [290.0, 205.0]


def test_a_slow_table_gives_up_to_a_day(c: TestClient, fake: Clock) -> None:
    tid, _toks = table(c, "alhambra", {"kind": "slow", "seconds": 86400})
    p = get(c, tid)
    assert p["clocks"]["grace"] == 3600  # a slow table's grace: an hour unless given
    fake.advance(4 * 3600 + 12 * 60)
    a = p["to_act"][0]
    assert clocks(c, tid)[a]["left"] == 86400 - 15120
    assert check(c) == 0


def test_a_simultaneous_node_runs_every_waited_for_clock(c: TestClient, fake: Clock) -> None:
    """Envyra's marks: both seats are waited for; the one that marked stops, the other's
    clock goes on from where it started (not from the other's mark)."""
    tid, toks = table(c, "envyra", {"kind": "move", "seconds": 60})
    assert get(c, tid)["to_act"] == [0, 1]
    fake.advance(20)
    p = get(c, tid, toks[1])
    act(c, tid, toks[1], p["legal"][0]["text"])
    fake.advance(15)
    seats = clocks(c, tid)
    assert (seats[0]["running"], seats[0]["left"]) == (True, 25.0)
    assert (seats[1]["running"], seats[1]["left"]) == (False, 60.0)


def test_a_race_is_never_cut_short_by_the_tables_clock(c: TestClient, fake: Clock) -> None:
    """Ubongo's race keeps its own hourglass (60 s, turned once more): at 30 s a move, a racer
    has the race's 120 s; the start fields before it have the table's 30 s."""
    tid, toks = table(c, "ubongo", {"kind": "move", "seconds": 30, "grace": 10})
    for seat in (0, 1):  # each seat chooses its start field
        p = get(c, tid, toks[seat])
        assert p["to_act"] == [seat] and p["clocks"]["seats"][seat]["left"] == 30.0
        act(c, tid, toks[seat], next(a["text"] for a in p["legal"]
                                     if a["text"].startswith("start")))
    assert get(c, tid)["to_act"] == [0, 1]  # the race
    fake.advance(100)
    assert [s["left"] for s in clocks(c, tid)] == [20.0, 20.0]
    assert check(c) == 0
    fake.advance(30)  # the hourglass and its second turn are over, and the grace too
    assert check(c) == 2


def test_an_undo_gives_no_time_back(c: TestClient, fake: Clock) -> None:
    """A purchase paid exactly leaves the turn to its buyer (it may be undone): the undo
    takes back the step's increment with it, and the bank runs from the turn's start."""
    from test_undo import alhambra_exact_seed

    seed, seat, exact = alhambra_exact_seed()
    tid, toks = table(c, "alhambra", {"kind": "bank", "seconds": 300, "increment": 5},
                      seed=seed)
    fake.advance(10)
    act(c, tid, toks[seat], exact)
    fake.advance(10)
    assert clocks(c, tid)[seat]["left"] == 285.0  # 300 - 10 + 5 - 10
    p = get(c, tid, toks[seat])
    r = c.post(f"/api/tables/{tid}/undo", json={"token": toks[seat], "version": p["version"]})
    assert r.status_code == 200, r.text
    assert r.json()["clocks"]["seats"][seat]["left"] == 280.0  # 300 - 20: nothing back


# ----- a stand-in bot, and taking the seat back -------------------------------------------------
def test_time_out_a_bot_stands_in_and_the_person_takes_the_seat_back(c: TestClient,
                                                                      fake: Clock) -> None:
    tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 30, "grace": 10,
                                      "level": "easy"})
    a = get(c, tid)["to_act"][0]
    b = 1 - a
    fake.advance(39)
    assert check(c) == 0  # out of time, within the grace period: still a's own move
    assert clocks(c, tid)[a]["left"] == 0.0 and clocks(c, tid)[a]["takeover"] == 1.0
    fake.advance(1)
    assert check(c) == 1
    # the stand-in plays a's move; the table waits for b, a person with a fresh minute
    p = wait(c, tid, toks[a], lambda p: p["to_act"] == [b])
    assert p["seats"][a]["stand_in"] is True and p["seats"][b]["stand_in"] is False
    assert p["clocks"]["seats"][a] == {"seat": a, "running": False, "stand_in": True,
                                       "left": None, "takeover": None}
    assert p["clocks"]["seats"][b]["left"] == 30.0
    assert p["legal"] == [] and p["undo"] is False
    assert any(line["seat"] == a for line in p["log"])  # its moves are a's, in the log
    store = c.app.state.tables.store  # type: ignore[attr-defined]
    assert store.load(tid).seats[a].stand_in is True
    # a's own moves and undos are refused while the bot plays for them
    r = c.post(f"/api/tables/{tid}/actions", json={"token": toks[a], "action": "take g2"})
    assert r.status_code == 409 and r.json()["reason"] == words("clocks.refuse_stand_in")
    assert r.json()["table"]["version"] == p["version"]
    r = c.post(f"/api/tables/{tid}/undo", json={"token": toks[a], "version": p["version"]})
    assert r.status_code == 409 and r.json()["reason"] == words("clocks.refuse_stand_in")
    # only a may take a's seat back
    assert back(c, tid, a, None).status_code == 403
    r = back(c, tid, a, toks[b])
    assert r.status_code == 403 and r.json()["reason"] == words("clocks.refuse_other")
    r = back(c, tid, a, toks[a])
    assert r.status_code == 200, r.text
    mine = r.json()
    assert mine["seats"][a]["stand_in"] is False and mine["clocks"]["seats"][a]["left"] == 30.0
    r = back(c, tid, a, toks[a])
    assert r.status_code == 409 and r.json()["reason"] == words("clocks.refuse_yours")
    assert store.load(tid).seats[a].stand_in is False
    # b moves; the move is a's own again, and no bot takes it
    act(c, tid, toks[b], take_money(get(c, tid, toks[b])))
    p = get(c, tid, toks[a])
    assert p["to_act"] == [a] and p["legal"] and p["clocks"]["seats"][a]["running"] is True
    live = c.app.state.tables.live[tid]  # type: ignore[attr-defined]
    assert a not in live.bot_seats and a not in live.bots
    act(c, tid, toks[a], take_money(p))


def test_a_bank_runs_afresh_when_the_seat_is_taken_back(c: TestClient, fake: Clock) -> None:
    tid, toks = table(c, "alhambra", {"kind": "bank", "seconds": 60, "increment": 2,
                                      "grace": 5, "level": "easy"})
    a = get(c, tid)["to_act"][0]
    fake.advance(65)
    assert check(c) == 1
    wait(c, tid, None, lambda p: a not in p["to_act"])
    fake.advance(7)
    r = back(c, tid, a, toks[a])
    assert r.status_code == 200, r.text
    assert r.json()["clocks"]["seats"][a]["left"] == 60.0  # not what the bot left of it
    fake.advance(4)
    assert clocks(c, tid)[a]["left"] == 60.0  # b's move: a's bank waits
    b = 1 - a
    act(c, tid, toks[b], take_money(get(c, tid, toks[b])))
    fake.advance(4)
    assert clocks(c, tid)[a]["left"] == 56.0


def test_a_player_who_left_the_page_is_replaced(c: TestClient, fake: Clock) -> None:
    """All of a seat's pages closed while it is waited for: after the grace period a bot
    plays, though its time has not run out. A seat that never opened a page (a program
    playing over HTTP) is never taken for gone."""
    tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 600, "grace": 20,
                                      "level": "easy"})
    a = get(c, tid)["to_act"][0]
    fake.advance(100)
    assert check(c) == 0  # no page was ever open: only the clock counts
    live = c.app.state.tables.live[tid]  # type: ignore[attr-defined]
    with c.websocket_connect(f"/api/tables/{tid}/ws?token={toks[a]}") as ws:
        assert ws.receive_json()["seat"] == a
        fake.advance(100)
        assert check(c) == 0  # here
    end = time.monotonic() + 10
    while a not in live.away:  # the close is handled on the app's loop
        assert time.monotonic() < end, "the closed page was never noticed"
        time.sleep(0.01)
    fake.advance(19)
    assert check(c) == 0
    assert clocks(c, tid)[a]["takeover"] == 1.0
    fake.advance(1)
    assert check(c) == 1
    wait(c, tid, None, lambda p: a not in p["to_act"])


def test_leaving_a_slow_table_is_how_one_plays_it(c: TestClient, fake: Clock) -> None:
    tid, toks = table(c, "alhambra", {"kind": "slow", "seconds": 86400, "grace": 600})
    a = get(c, tid)["to_act"][0]
    with c.websocket_connect(f"/api/tables/{tid}/ws?token={toks[a]}") as ws:
        ws.receive_json()
    fake.advance(86400 - 1)
    assert check(c) == 0
    fake.advance(601)
    assert check(c) == 1  # its day and its grace are over


def test_a_bot_seat_and_an_untimed_table_are_never_taken_over(c: TestClient,
                                                               fake: Clock) -> None:
    untimed, _ = table(c, "alhambra", None)
    assert "clocks" not in get(c, untimed)
    assert all(s["stand_in"] is False for s in get(c, untimed)["seats"])
    tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 5, "grace": 0},
                      kinds=("human", "easy"))
    p = wait(c, tid, toks[0], lambda p: p["to_act"] == [0])
    assert p["clocks"]["seats"][1]["left"] is None  # a bot is not timed
    fake.advance(10 ** 6)
    assert check(c) == 1  # only the person's seat, and not the untimed table's
    assert [s["stand_in"] for s in get(c, tid)["seats"]] == [True, False]
    assert [s["stand_in"] for s in get(c, untimed)["seats"]] == [False, False]


# ----- a restart in the middle -----------------------------------------------------------------
def test_the_clock_survives_a_restart_and_a_timed_out_table_is_never_stuck(
        sqlite_db: str, fake: Clock) -> None:
    def app() -> TestClient:
        return TestClient(create_app(sqlite_db, bot_pace=False, now=fake, clock_every=0))

    clock = {"kind": "bank", "seconds": 120, "increment": 3, "grace": 10, "level": "easy"}
    with app() as c:
        tid, toks = table(c, "alhambra", clock)
        a = get(c, tid)["to_act"][0]
        b = 1 - a
        fake.advance(30)
        act(c, tid, toks[a], take_money(get(c, tid, toks[a])))
        fake.advance(50)
        before = get(c, tid)["clocks"]
    with app() as c:  # the same moment after a restart: the same clocks, from the log
        assert get(c, tid)["clocks"] == before
        assert [s["left"] for s in before["seats"]] == [93.0 if s == a else 70.0
                                                        for s in (0, 1)]
        fake.advance(85)  # b's bank is gone and its grace too, while the server was down
    with app() as c:
        assert check(c) == 1
        p = wait(c, tid, toks[a], lambda p: p["to_act"] == [a])  # b's stand-in played
        assert p["seats"][b]["stand_in"] is True
        fake.advance(200)  # now a runs out too, and the server stops before its bot moves
        assert check(c) == 1
    with app() as c:  # both seats are bots' now: the table goes on by itself to its end
        p = wait(c, tid, None, lambda p: p["over"], timeout=120)
        assert [s["stand_in"] for s in p["seats"]] == [True, True]
        assert not any(s["running"] for s in p["clocks"]["seats"])
        r = back(c, tid, a, toks[a])
        assert r.status_code == 422 and r.json()["reason"] == words("clocks.refuse_over")


def test_a_stand_in_stored_before_a_restart_plays_after_it(sqlite_db: str, fake: Clock) -> None:
    """The stand-in is stored with the seat: a restarted server's bot plays it at once."""
    with TestClient(create_app(sqlite_db, bot_pace=False, now=fake, clock_every=0)) as c:
        tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 30, "level": "easy"})
        a = get(c, tid)["to_act"][0]
    from herna.server.store import Store

    store = Store(sqlite_db)
    assert store.stand_in(tid, a, True) is True  # as a process that died right after it
    store.close()
    with TestClient(create_app(sqlite_db, bot_pace=False, now=fake, clock_every=0)) as c:
        p = wait(c, tid, toks[a], lambda p: a not in p["to_act"])
        assert p["seats"][a]["stand_in"] is True
        assert back(c, tid, a, toks[a]).status_code == 200


# ----- bad bodies, play again, my tables, an old database ----------------------------------------
@pytest.mark.parametrize(("clock", "says"), [
    ("30 s", "clock must be null or an object"),
    ([30], "clock must be null or an object"),
    ({"kind": "blitz", "seconds": 30}, "clock kind must be one of move, bank, slow"),
    ({"seconds": 30}, "clock kind must be one of"),
    ({"kind": "move"}, "a move clock needs its seconds"),
    ({"kind": "move", "seconds": True}, "clock seconds must be a whole number"),
    ({"kind": "move", "seconds": 30.5}, "clock seconds must be a whole number"),
    ({"kind": "move", "seconds": "30"}, "clock seconds must be a whole number"),
    ({"kind": "move", "seconds": 4}, "from 5 to 3600"),
    ({"kind": "bank", "seconds": 5 * 3600}, "from 30 to 14400"),
    ({"kind": "slow", "seconds": 86401}, "from 3600 to 86400"),
    ({"kind": "move", "seconds": 30, "increment": 5}, "only a bank clock has an increment"),
    ({"kind": "bank", "seconds": 300, "increment": -1}, "clock increment must be"),
    ({"kind": "bank", "seconds": 300, "increment": 601}, "clock increment must be"),
    ({"kind": "move", "seconds": 30, "grace": -1}, "clock grace must be"),
    ({"kind": "move", "seconds": 30, "grace": 10 ** 30}, "clock grace must be"),
    ({"kind": "move", "seconds": 30, "level": "godlike"}, "clock level must be one of"),
    ({"kind": "move", "seconds": 30, "level": "hard:iterations=9"}, "clock level must be"),
    ({"kind": "move", "seconds": 30, "bank": 1}, "clock has no field 'bank'"),
])
def test_bad_clocks_are_refused_with_a_reason(c: TestClient, clock: Any, says: str) -> None:
    store = c.app.state.tables.store  # type: ignore[attr-defined]
    before = len(store.unfinished())
    r = c.post("/api/tables", json={"game": "alhambra", "players": 2, "clock": clock})
    assert r.status_code == 422
    assert says in r.json()["reason"]
    assert len(store.unfinished()) == before


def test_bad_seat_back_requests(c: TestClient) -> None:
    tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 30})
    for seat in ("2", "-1", "x", "٣", "99999999999999"):
        r = c.post(f"/api/tables/{tid}/seats/{seat}/back", json={"token": toks[0]})
        assert r.status_code == 404, (seat, r.text)
    assert c.post("/api/tables/nope/seats/0/back", json={"token": toks[0]}).status_code == 404
    r = c.post(f"/api/tables/{tid}/seats/0/back", json={"token": "not-a-token"})
    assert r.status_code == 403
    r = c.post(f"/api/tables/{tid}/seats/0/back", content=b"[1]")
    assert r.status_code == 422
    r = c.post(f"/api/tables/{tid}/seats/0/back", json={"token": toks[0], "lang": "cs"})
    assert r.status_code == 409
    assert r.json()["reason"] == catalog().t("clocks.refuse_yours", "cs")
    untimed, utoks = table(c, "alhambra", None)
    r = c.post(f"/api/tables/{untimed}/seats/0/back", json={"token": utoks[0]})
    assert r.status_code == 409


def test_play_again_keeps_the_clock(c: TestClient, fake: Clock) -> None:
    clock = {"kind": "move", "seconds": 20, "grace": 0, "level": "easy"}
    tid, toks = table(c, "alhambra", clock)
    first = get(c, tid)["to_act"][0]
    fake.advance(21)
    assert check(c) == 1
    wait(c, tid, None, lambda p: p["to_act"] == [1 - first])
    fake.advance(21)
    assert check(c) == 1  # both bots' now: the game plays to its end
    assert wait(c, tid, None, lambda p: p["over"], timeout=120)["over"]
    r = c.post(f"/api/tables/{tid}/again", json={"token": toks[0]})
    assert r.status_code == 201, r.text
    nxt = get(c, r.json()["id"], r.json()["token"])
    assert {k: v for k, v in nxt["clocks"].items() if k != "seats"} == {**clock,
                                                                         "increment": 0}
    assert [s["stand_in"] for s in nxt["seats"]] == [False, False]


def test_my_tables_lists_the_tables_waiting_for_me_first(c: TestClient, fake: Clock) -> None:
    waiting, wtoks = table(c, "alhambra", {"kind": "slow", "seconds": 86400})
    me = get(c, waiting)["to_act"][0]
    idle, itoks = table(c, "alhambra", {"kind": "move", "seconds": 60})
    other = 1 - get(c, idle)["to_act"][0]  # my seat there waits for the other's move
    untimed, utoks = table(c, "alhambra", None)
    mine_untimed = get(c, untimed)["to_act"][0]
    fake.advance(3600)
    r = c.post("/api/my-tables", json={"tokens": [itoks[other], wtoks[me],
                                                  utoks[mine_untimed]]})
    assert r.status_code == 200
    rows = r.json()
    assert [(row["id"], row["my_move"]) for row in rows] == [
        (waiting, True), (untimed, True), (idle, False)]
    assert rows[0]["left"] == 86400 - 3600 and rows[0]["clock"] == "slow"
    assert rows[1]["left"] is None and rows[1]["clock"] is None
    assert rows[2]["left"] is None and rows[2]["clock"] == "move"
    assert all(row["stand_in"] is False for row in rows)


def test_a_database_of_the_last_release_gets_clocks(tmp_path: Path) -> None:
    """The migrations from 0004 on (clocks: 0007) with a table in play: it stays untimed, its
    seats are their people's, and new tables may have clocks."""
    db = tmp_path / "herna.db"
    old_database(db, "0004")
    with TestClient(create_app(str(db), bot_pace=False, clock_every=0)) as c:
        p = wait(c, "oldtable", "oldtoken", lambda p: p["to_act"] == [0])
        assert "clocks" not in p and [s["stand_in"] for s in p["seats"]] == [False, False]
        tid, _ = table(c, "alhambra", {"kind": "move", "seconds": 30})
        assert get(c, tid)["clocks"]["kind"] == "move"
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT clock FROM tables WHERE id = 'oldtable'").fetchone() == (
            None,)
        stored = conn.execute("SELECT clock FROM tables WHERE id = ?", (tid,)).fetchone()[0]
        assert json.loads(stored)["seconds"] == 30


def test_czech_and_slovak_words_for_clocks(c: TestClient, fake: Clock) -> None:
    tid, toks = table(c, "alhambra", {"kind": "move", "seconds": 5, "grace": 0,
                                      "level": "easy"})
    a = get(c, tid)["to_act"][0]
    fake.advance(6)
    assert check(c) == 1
    for lang in ("cs", "sk"):
        r = c.post(f"/api/tables/{tid}/actions",
                   json={"token": toks[a], "action": "take g2", "lang": lang})
        assert r.status_code == 409
        assert r.json()["reason"] == catalog().t("clocks.refuse_stand_in", lang)
        assert r.json()["reason"] != words("clocks.refuse_stand_in")


# ----- two processes ----------------------------------------------------------------------------
def test_two_processes_the_lease_holder_runs_the_stand_in(pg_url: str, fake: Clock) -> None:
    """A and B serve one PostgreSQL database, both with the same (test) clock and their
    checks every second. The table is made through A, which holds its lease: A's check hands
    the late seat to a stand-in and A's bot plays it; B's socket sees it; the person takes
    the seat back through B, and A hears it and stops."""
    from test_workers import Server
    from websockets.sync.client import connect

    with Server(pg_url) as a, Server(pg_url) as b:
        a.tables.now = fake
        b.tables.now = fake
        tid, toks = table(a.http, "alhambra", {"kind": "move", "seconds": 30, "grace": 5,
                                               "level": "easy"})  # type: ignore[arg-type]
        late = get(a.http, tid)["to_act"][0]
        other = 1 - late
        end = time.monotonic() + 15
        while tid not in a.tables.shared.held:  # A took the lease as it made the table
            assert time.monotonic() < end, "A never took the table's lease"
            time.sleep(0.02)
        with connect(f"ws://127.0.0.1:{b.port}/api/tables/{tid}/ws?token={toks[other]}") \
                as ws:
            assert json.loads(ws.recv(timeout=10))["to_act"] == [late]
            fake.advance(40)  # A's next check (within a second) hands the seat over
            end = time.monotonic() + 30
            while True:
                p = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
                if p["to_act"] == [other]:
                    break
            assert p["seats"][late]["stand_in"] is True
        assert tid not in b.tables.shared.held
        r = back(b.http, tid, late, toks[late])  # type: ignore[arg-type]
        assert r.status_code == 200, r.text
        end = time.monotonic() + 15
        while a.tables.live[tid].row.seats[late].stand_in:  # A heard it (pg_notify)
            assert time.monotonic() < end, "A never heard the seat was taken back"
            time.sleep(0.02)
        act(a.http, tid, toks[other], take_money(get(a.http, tid, toks[other])))  # type: ignore
        p = wait(b.http, tid, toks[late], lambda p: p["to_act"] == [late])
        assert p["legal"] and not p["seats"][late]["stand_in"]
        assert late not in a.tables.live[tid].bot_seats
