"""Undo within my turn (issue 21), through HTTP: for each game the steps a player may take
back and those refused (with the reason in words), from real positions of seeded games; an
undone table's record equals the record of the same game played without the undone steps;
a restart (a new app on the same store) rebuilds the same table; the table's off switch;
bad input; bots, sockets, and two server processes on one PostgreSQL database.

Positions are found by asking the engine about the same seed (which seed gives an exact
purchase at once, which build leaves a second one to choose): nothing is hard-coded.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import choose, create, get, old_database, ubongo_solve

import herna
from herna.games.alhambra.data import TILES
from herna.server import undo as undo_rule
from herna.server.app import create_app
from herna.server.store import SeatRow, TableRow
from herna.server.tables import Step, Table
from herna.web import catalog

SAME = ("view", "legal", "prompt", "to_act", "outcome")  # what an undo restores exactly


def words(key: str) -> str:
    return catalog().t(key, "en")


def undo(c: Any, tid: str, tok: str | None, version: int | None = None, **extra: Any) -> Any:
    """POST …/undo from the table's current version (or the one given)."""
    if version is None:
        version = get(c, tid)["version"]
    body: dict[str, Any] = {"version": version, **extra}
    if tok is not None:
        body["token"] = tok
    return c.post(f"/api/tables/{tid}/undo", json=body)


def act(c: Any, tid: str, tok: str, text: str) -> dict[str, Any]:
    p = get(c, tid, tok)
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": text, "version": p["version"]})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def refused(c: Any, tid: str, tok: str, key: str) -> None:
    """An undo refused with the words of `key`, and nothing changed."""
    before = get(c, tid, tok)
    assert before["undo"] is False
    r = undo(c, tid, tok)
    assert r.status_code == 422, r.text
    assert r.json()["reason"] == words(key)
    after = get(c, tid, tok)
    assert after["version"] == before["version"] and after["view"] == before["view"]


def undone_ok(c: Any, tid: str, tok: str, back_to: dict[str, Any]) -> dict[str, Any]:
    """An undo allowed: 200, the version one higher, and the table exactly as `back_to`."""
    p = get(c, tid, tok)
    assert p["undo"] is True
    r = undo(c, tid, tok, p["version"])
    assert r.status_code == 200, r.text
    after: dict[str, Any] = r.json()
    assert after["version"] == p["version"] + 1
    for key in SAME:
        assert after[key] == back_to[key], key
    return after


def humans(c: Any, game: str, players: int, seed: int, **extra: Any) -> tuple[str, list[str]]:
    made = create(c, game, ("human",) * players, seed=seed, **extra)
    return made["id"], [s["token"] for s in made["seats"]]


# ----- positions, found with the engine on the table's seed -------------------------------------
def alhambra_exact_seed() -> tuple[int, int, str]:
    """A 2-player Alhambra seed whose first player can pay a tile exactly at once."""
    for seed in range(200):
        s = herna.make("alhambra", players=2, seed=seed)
        seat = s.to_act()[0]
        for a in s.legal_actions(seat):
            if str(a).startswith("buy") and sum(a.values) == TILES[s.market[a.space]].price:
                after = s.copy()
                after.apply(seat, a)
                if any(str(b).startswith("buy") for b in after.legal_actions(seat)):
                    return seed, seat, str(a)
    raise AssertionError("no seed with an exact purchase and a second one")


def rw_second_build(seed: int) -> str | None:
    """A build of Roll & Write's seat 0 at its first turn after which it chooses whether to
    build a second time (no die rolled yet), or None."""
    s = herna.make("alhambra-rw", players=2, seed=seed)
    for a in s.legal_actions(0):
        if str(a).startswith("build"):
            after = s.copy()
            after.apply(0, a)
            if after.to_act() == (0,) and any(str(b).startswith("second")
                                              for b in after.legal_actions(0)):
                return str(a)
    return None


def envyra_marks(seed: int) -> tuple[str, str] | None:
    """Envyra, 2 players: seat 1 marks first, then seat 0's marking closes phase I and seat 0
    (the start player) chooses which die moves first."""
    s = herna.make("envyra", players=2, seed=seed)
    first = s.legal_actions(1)[0]
    s.apply(1, first)
    for a in s.legal_actions(0):
        after = s.copy()
        after.apply(0, a)
        if after.to_act() == (0,):
            return str(first), str(a)
    return None


# ----- the four games ---------------------------------------------------------------------------
def test_alhambra_takes_back_steps_within_the_turn_until_it_passes(
        sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed, seat, exact = alhambra_exact_seed()
    tid, toks = humans(c, "alhambra", 2, seed)
    me, other = toks[seat], toks[1 - seat]
    start = get(c, tid, me)
    assert start["undo"] is False  # nothing made yet
    refused(c, tid, me, "undo.nothing")

    # an exact payment: another action; the purchase can be taken back, as often as asked
    bought = act(c, tid, me, exact)
    assert bought["undo"] is True and bought["to_act"] == [seat]
    back = undone_ok(c, tid, me, start)
    assert back["log"][-1]["undone"] is True and back["log"][-1]["text"] == exact
    assert back["undo"] is False
    bought = act(c, tid, me, exact)

    # a second purchase: two tiles wait to be placed; each step can be taken back in turn
    second = next(m["text"] for m in bought["legal"] if m["text"].startswith("buy"))
    placing = act(c, tid, me, second)
    assert placing["to_act"] == [seat] and placing["undo"] is True
    first_place = placing["legal"][0]["text"]
    placed = act(c, tid, me, first_place)
    assert placed["to_act"] == [seat] and placed["undo"] is True
    undone_ok(c, tid, me, placing)
    undone_ok(c, tid, me, bought)
    undone_ok(c, tid, me, start)
    refused(c, tid, me, "undo.nothing")

    # the same steps again, then the last placement ends the turn: the market is refilled
    # and the turn passes, so nothing of it can be taken back, by either player
    act(c, tid, me, exact)
    act(c, tid, me, second)
    act(c, tid, me, first_place)
    last_place = get(c, tid, me)["legal"][0]["text"]
    ended = act(c, tid, me, last_place)
    assert ended["to_act"] == [1 - seat] and ended["undo"] is False
    refused(c, tid, me, "undo.not_your_turn")
    refused(c, tid, other, "undo.nothing")
    # the log keeps every step, the undone ones marked; the steps that stand are the turn
    moves = [line for line in get(c, tid)["log"] if not line.get("auto")]
    assert [m["text"] for m in moves if not m.get("undone")] == [exact, second, first_place,
                                                                 last_place]
    assert [m["text"] for m in moves if m.get("undone")] == [exact, exact, second, first_place]


def test_roll_and_write_takes_back_adjustments_and_a_build_before_any_roll(
        sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed = next(s for s in range(200) if rw_second_build(s))
    build = rw_second_build(seed)
    assert build is not None
    tid, toks = humans(c, "alhambra-rw", 2, seed)
    start = get(c, tid, toks[0])

    # adjusting a die costs coins and rolls nothing: taken back, the coins come back
    adjust = next(m["text"] for m in start["legal"] if m["text"].startswith("adjust"))
    adjusted = act(c, tid, toks[0], adjust)
    assert adjusted["undo"] is True
    assert adjusted["view"] != start["view"]
    undone_ok(c, tid, toks[0], start)

    # a build that leaves a second building to choose: nothing rolled yet
    built = act(c, tid, toks[0], build)
    assert built["to_act"] == [0] and any(m["text"].startswith("second")
                                          for m in built["legal"])
    undone_ok(c, tid, toks[0], start)

    # coins: all four dice are rolled, and the seat keeps a pair: the roll stays
    rolled = act(c, tid, toks[0], "coins")
    assert rolled["to_act"] == [0] and rolled["legal"][0]["text"].startswith("keep")
    refused(c, tid, toks[0], "undo.revealed")
    # keeping a pair passes the dice and the turn
    act(c, tid, toks[0], rolled["legal"][0]["text"])
    refused(c, tid, toks[0], "undo.not_your_turn")
    refused(c, tid, toks[1], "undo.nothing")


def test_roll_and_write_alone_never_takes_back_a_roll_though_the_turn_stays(
        sqlite_client: TestClient) -> None:
    """Solo, the seat acts again after its own turn: the dice rolled for it (drawn from the
    state's pool of dice, not always from the rng itself) keep the step from being undone."""
    c = sqlite_client
    tid, toks = humans(c, "alhambra-rw", 1, seed=3)
    start = get(c, tid, toks[0])
    build = next(m["text"] for m in start["legal"] if m["text"].startswith("build"))
    built = act(c, tid, toks[0], build)
    if any(m["text"] == "end" for m in built["legal"]):  # a second building offered: no
        built = act(c, tid, toks[0], "end")
    assert built["to_act"] == [0]  # still this seat, after the used pair was rolled again
    refused(c, tid, toks[0], "undo.revealed")
    coins = act(c, tid, toks[0], "coins")  # all four dice rolled
    assert coins["to_act"] == [0]
    refused(c, tid, toks[0], "undo.revealed")


def test_envyra_never_takes_back_a_sealed_mark_or_the_mark_that_revealed_the_others(
        sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed = next(s for s in range(200) if envyra_marks(s))
    marks = envyra_marks(seed)
    assert marks is not None
    tid, toks = humans(c, "envyra", 2, seed)
    sealed = act(c, tid, toks[1], marks[0])
    assert sealed["to_act"] == [0]
    refused(c, tid, toks[1], "undo.not_your_turn")  # the others see it as made
    refused(c, tid, toks[0], "undo.nothing")
    # the last mark closes phase I (everyone's marks shown) and it is seat 0's move
    moving = act(c, tid, toks[0], marks[1])
    assert moving["to_act"] == [0] and moving["view"]["phase"] == "move"
    refused(c, tid, toks[0], "undo.revealed")
    # a move hands the turn on
    act(c, tid, toks[0], moving["legal"][0]["text"])
    refused(c, tid, toks[0], "undo.not_your_turn")


def test_ubongo_never_takes_back_a_start_field_a_race_entry_or_what_closed_the_race(
        sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, toks = humans(c, "ubongo", 2, seed=5)
    p = act(c, tid, toks[0], "start 2")
    assert p["to_act"] == [1]
    refused(c, tid, toks[0], "undo.not_your_turn")
    refused(c, tid, toks[1], "undo.nothing")
    race = act(c, tid, toks[1], "start 4")  # the last start field: the die is rolled
    assert sorted(race["to_act"]) == [0, 1]
    refused(c, tid, toks[1], "undo.not_your_turn")  # a race: others choose at once
    act(c, tid, toks[0], "pass")
    refused(c, tid, toks[0], "undo.not_your_turn")  # sealed: the other sees it as made
    refused(c, tid, toks[1], "undo.nothing")
    solve = ubongo_solve(get(c, tid, toks[1])["view"])
    assert solve is not None
    gems = act(c, tid, toks[1], solve)  # closes the race: both entries shown
    assert gems["to_act"] == [1] and gems["view"]["phase"] == "gems"
    refused(c, tid, toks[1], "undo.revealed")


# ----- the figure: an undone table's record -----------------------------------------------------
def play_with_undos(c: Any, tid: str, toks: list[str], seed: int) -> tuple[list[list[Any]], int]:
    """Play every seat to the end, taking back a step now and then where the table offers
    it; returns the steps that stand, as a record lists them, and how many were undone."""
    rng = random.Random(seed)
    standing: list[list[Any]] = []
    undos = 0
    p = get(c, tid)
    while not p["over"]:
        seat = p["to_act"][0]
        mine = p if p["seat"] == seat else get(c, tid, toks[seat])
        if mine["undo"] and rng.random() < 0.4:
            r = undo(c, tid, toks[seat], mine["version"])
            standing.pop()
            undos += 1
        else:
            text = choose(mine, rng)
            r = c.post(f"/api/tables/{tid}/actions",
                       json={"token": toks[seat], "action": text, "version": mine["version"]})
            standing.append([seat, text])
        assert r.status_code == 200, r.text
        p = r.json()  # my seat's payload: the next seat's is asked for when it is another
    return standing, undos


@pytest.mark.parametrize(("game", "players", "seed"), [("alhambra", 2, 3),
                                                      ("alhambra-rw", 2, 4)])
def test_an_undone_tables_record_is_the_game_played_without_the_undone_steps(
        sqlite_client: TestClient, game: str, players: int, seed: int) -> None:
    c = sqlite_client
    tid, toks = humans(c, game, players, seed)
    standing, undos = play_with_undos(c, tid, toks, seed)
    assert undos >= 5, "too few undos to tell"
    record = c.get(f"/api/tables/{tid}/record").json()
    assert record["actions"] == standing
    # the same game without the undone steps, played at a second table
    tid2, toks2 = humans(c, game, players, seed)
    for version, (seat, text) in enumerate(standing):
        r = c.post(f"/api/tables/{tid2}/actions",
                   json={"token": toks2[seat], "action": text, "version": version})
        assert r.status_code == 200, r.text
    assert c.get(f"/api/tables/{tid2}/record").json() == record
    stored = c.app.state.tables.store.load(tid).actions
    assert len(stored) == len(standing) + 2 * undos  # append-only: every row is kept
    assert sum(1 for _s, t in stored if t.startswith("!undo ")) == undos


# ----- restart, the off switch, bad input -------------------------------------------------------
def test_a_restart_rebuilds_the_undone_table(db: str) -> None:
    seed, seat, exact = alhambra_exact_seed()
    with TestClient(create_app(db, bot_pace=False)) as c:
        tid, toks = humans(c, "alhambra", 2, seed)
        start = get(c, tid, toks[seat])
        bought = act(c, tid, toks[seat], exact)
        second = next(m["text"] for m in bought["legal"] if m["text"].startswith("buy"))
        act(c, tid, toks[seat], second)
        assert undo(c, tid, toks[seat]).status_code == 200
        before = [get(c, tid, t) for t in (*toks, None)]
    with TestClient(create_app(db, bot_pace=False)) as c:
        after = [get(c, tid, t) for t in (*toks, None)]
        for b, a in zip(before, after, strict=True):
            assert a["version"] == b["version"] == 3
            for key in ("view", "legal", "to_act", "log", "undo", "areas", "svg"):
                assert a[key] == b[key], key
        moves = [line for line in after[0]["log"] if not line.get("auto")]
        assert [line.get("undone", False) for line in moves] == [False, True]
        # it goes on as it would have: the purchase before can still be taken back
        back = undone_ok(c, tid, toks[seat], start)
        assert back["version"] == 4
        assert [(line["text"], line.get("undone")) for line in back["log"]] == [
            (exact, True), (second, True)]  # (the events after a step taken back go too)


def test_a_database_of_the_last_release_gets_undo_on(tmp_path: Path) -> None:
    """Migration 0004 on a database at 0003 with a table in play: the table keeps its move
    and gains undo (on), which works at once."""
    seed, seat, exact = alhambra_exact_seed()
    db = tmp_path / "herna.db"
    old_database(db, "0003", seed=seed,
                 seats=((seat, "human", None, "oldtoken"), (1 - seat, "human", None, None)),
                 actions=((seat, exact),))
    with TestClient(create_app(str(db), bot_pace=False)) as c:
        p = get(c, "oldtable", "oldtoken")
        assert p["version"] == 1 and p["undo"] is True
        assert undo(c, "oldtable", "oldtoken", 1).status_code == 200
        assert c.app.state.tables.store.load("oldtable").undo is True


def test_undo_can_be_switched_off_for_a_table(sqlite_db: str) -> None:
    seed, seat, exact = alhambra_exact_seed()
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        for bad in ("no", 0, None, [False]):
            r = c.post("/api/tables", json={"game": "alhambra", "players": 2, "undo": bad})
            assert r.status_code == 422 and "undo" in r.json()["reason"], bad
        tid, toks = humans(c, "alhambra", 2, seed, undo=False)
        p = act(c, tid, toks[seat], exact)
        assert p["undo"] is False and p["to_act"] == [seat]  # a step undo would take back
        refused(c, tid, toks[seat], "undo.off")
        assert c.app.state.tables.store.load(tid).undo is False
        tid_on, _ = humans(c, "alhambra", 2, seed)
        assert c.app.state.tables.store.load(tid_on).undo is True
    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:  # kept across a restart
        refused(c, tid, toks[seat], "undo.off")


def test_play_again_keeps_the_tables_undo_switch(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = create(c, "alhambra-rw", ("human", "easy"), undo=False)
    tid, tok = made["id"], made["seats"][0]["token"]
    rng = random.Random(2)
    while not (p := get(c, tid, tok))["over"]:
        if p["legal"]:
            c.post(f"/api/tables/{tid}/actions",
                   json={"token": tok, "action": choose(p, rng), "version": p["version"]})
        else:
            time.sleep(0.01)
    r = c.post(f"/api/tables/{tid}/again", json={"token": tok})
    assert r.status_code == 201, r.text
    assert c.app.state.tables.store.load(r.json()["id"]).undo is False


def test_bad_undo_requests_get_a_reason_and_change_nothing(sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed, seat, exact = alhambra_exact_seed()
    tid, toks = humans(c, "alhambra", 2, seed)
    start = get(c, tid, toks[seat], lang="cs")
    p = act(c, tid, toks[seat], exact)
    url = f"/api/tables/{tid}/undo"
    cases = [
        (url, {"version": 1}, 403),  # a spectator
        (url, {"token": "not-a-seat", "version": 1}, 403),
        (url, {"token": "bad token ☃", "version": 1}, 403),
        ("/api/tables/nosuchtable/undo", {"token": toks[seat], "version": 1}, 404),
        ("/api/tables/bad%20id/undo", {"token": toks[seat], "version": 1}, 404),
        (url, {"token": toks[seat]}, 422),  # no version
        (url, {"token": toks[seat], "version": "1"}, 422),
        (url, {"token": toks[seat], "version": True}, 422),
        (url, {"token": toks[seat], "version": 1.0}, 422),
        (url, {"token": toks[seat], "version": 1, "lang": "xx"}, 422),
        (url, [toks[seat], 1], 422),
        (url, {"token": toks[seat], "version": 0}, 409),
        (url, {"token": toks[seat], "version": 7}, 409),
    ]
    for path, body, status in cases:
        r = c.post(path, json=body)
        assert r.status_code == status, (body, r.text)
        assert isinstance(r.json()["reason"], str) and r.json()["reason"], body
        if status == 409:
            assert r.json()["table"]["version"] == 1 and r.json()["table"]["undo"] is True
    r = c.post(url, json={"token": toks[seat], "version": 1, "lang": "cs"})  # the words
    assert r.status_code == 200 and r.json()["lang"] == "cs"
    undone = [line for line in r.json()["log"] if line.get("undone")]
    assert [line["text"] for line in undone] == [exact]
    assert p["version"] == 1 and get(c, tid, toks[seat])["version"] == 2
    for key in SAME:  # the refusals changed nothing: one undo, and the table is as it was
        assert r.json()[key] == start[key], key


def test_my_tables_counts_the_moves_that_stand(sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed, seat, exact = alhambra_exact_seed()
    tid, toks = humans(c, "alhambra", 2, seed)
    act(c, tid, toks[seat], exact)
    assert undo(c, tid, toks[seat]).status_code == 200
    act(c, tid, toks[seat], exact)
    rows = c.post("/api/my-tables", json={"tokens": [toks[seat]]}).json()
    assert [(r["id"], r["moves"]) for r in rows] == [(tid, 1)]  # 3 rows in the log


def test_czech_and_slovak_refusals(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, toks = humans(c, "envyra", 2, seed=1, lang="cs")
    assert get(c, tid)["to_act"] == [0, 1]  # marking: both seats at once
    r = undo(c, tid, toks[0])
    assert r.status_code == 422
    assert r.json()["reason"] == catalog().t("undo.not_your_turn", "cs")
    r = undo(c, tid, toks[0], lang="sk")
    assert r.json()["reason"] == catalog().t("undo.not_your_turn", "sk")


# ----- bots, sockets, two processes -------------------------------------------------------------
def test_an_undo_wakes_no_bot_and_the_bot_plays_when_the_turn_passes(
        sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed, seat, exact = alhambra_exact_seed()
    kinds = ["easy", "easy"]
    kinds[seat] = "human"
    made = create(c, "alhambra", tuple(kinds), seed=seed)
    tid, tok = made["id"], made["seats"][seat]["token"]
    act(c, tid, tok, exact)
    assert undo(c, tid, tok).status_code == 200
    time.sleep(0.3)  # a bot woken by mistake would have moved by now
    p = get(c, tid, tok)
    assert p["version"] == 2 and p["to_act"] == [seat]
    table = c.app.state.tables.live[tid]
    assert table.bot_task is None or table.bot_task.done()
    # the turn, played to its end, hands the table to the bot, which moves
    answer = p
    while answer["to_act"] == [seat]:
        answer = act(c, tid, tok, answer["legal"][-1]["text"])
    end = time.monotonic() + 30
    while get(c, tid)["version"] == answer["version"]:
        assert time.monotonic() < end, "the bot did not move"
        time.sleep(0.02)


def test_every_open_page_gets_the_undone_table(sqlite_client: TestClient) -> None:
    c = sqlite_client
    seed, seat, exact = alhambra_exact_seed()
    tid, toks = humans(c, "alhambra", 2, seed)
    with c.websocket_connect(f"/api/tables/{tid}/ws") as watch, \
            c.websocket_connect(f"/api/tables/{tid}/ws?token={toks[1 - seat]}") as other:
        assert watch.receive_json()["version"] == 0 and other.receive_json()["version"] == 0
        act(c, tid, toks[seat], exact)
        assert watch.receive_json()["version"] == 1 and other.receive_json()["version"] == 1
        assert undo(c, tid, toks[seat]).status_code == 200
        for ws, tok in ((watch, None), (other, toks[1 - seat])):
            pushed = ws.receive_json()
            assert pushed["version"] == 2 and pushed["undo"] is False
            assert pushed["log"][-1]["undone"] is True
            assert pushed["view"] == get(c, tid, tok)["view"]


def test_an_undo_through_one_process_reaches_the_other(pg_url: str) -> None:
    from test_workers import Server
    from websockets.sync.client import connect

    seed, seat, exact = alhambra_exact_seed()
    with Server(pg_url) as a, Server(pg_url) as b:
        tid, toks = humans(a.http, "alhambra", 2, seed)
        start = get(a.http, tid, toks[seat])
        get(b.http, tid)  # B holds the table too
        with connect(f"ws://127.0.0.1:{a.port}/api/tables/{tid}/ws?token={toks[1 - seat]}") \
                as ws:
            assert json.loads(ws.recv(timeout=10))["version"] == 0
            act(a.http, tid, toks[seat], exact)
            # the undo goes through B, from the version A answered with
            r = undo(b.http, tid, toks[seat], 1)
            assert r.status_code == 200, r.text
            for key in SAME:
                assert r.json()[key] == start[key], key
            end = time.monotonic() + 15
            while True:  # A's socket hears it (pg_notify), and A rebuilt the table
                p = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
                if p["version"] == 2:
                    break
            assert p["log"][-1]["undone"] is True
        mine = get(a.http, tid, toks[seat])
        assert mine["version"] == 2 and mine["view"] == start["view"]
        assert mine["legal"] == start["legal"]
        # a move through A at the version after the undo goes on from there
        again = act(a.http, tid, toks[seat], exact)
        assert again["version"] == 3
        assert get(b.http, tid, toks[seat])["version"] in (2, 3)  # B hears it in ms


# ----- the rule itself, over many positions -----------------------------------------------------
def _table(game: str, players: int, seed: int) -> tuple[Table, random.Random]:
    state = herna.make(game, players=players, seed=seed)
    row = TableRow(id=f"u{seed}", game=game, players=players, seed=seed, options={},
                   lang="en", seats=[SeatRow(i, "human", None, None) for i in range(players)])
    return Table(row=row, state=state), random.Random(seed)


@pytest.mark.parametrize(("game", "players"), [("alhambra", 2), ("alhambra", 3),
                                               ("alhambra-rw", 1), ("alhambra-rw", 3),
                                               ("envyra", 2), ("envyra", 4),
                                               ("ubongo", 2), ("ubongo", 3)])
def test_every_step_the_rule_lets_go_revealed_nothing_to_its_player(game: str,
                                                                     players: int) -> None:
    """Random games: wherever the rule offers an undo, the step's player would have seen the
    same after it in every world that agrees with what it knew before (the engine's own
    determinizations, a few per step): the step revealed nothing. Envyra and Ubongo offer
    none (sealed choices, and every other decision hands the turn on)."""
    offered = 0
    for seed in range(6):
        table, rng = _table(game, players, seed)
        state = table.state
        while not state.is_over():
            seat = rng.choice(list(state.to_act()))
            before = state.copy()
            action = rng.choice(state.legal_actions(seat))
            mark = undo_rule.chance_mark(game, state)
            to_act = state.to_act()
            state.apply(seat, action)
            table.steps.append(Step(seat, str(action), to_act, state.to_act(),
                                    seq=len(table.steps),
                                    quiet=mark == undo_rule.chance_mark(game, state)))
            if undo_rule.why_not(table, seat) is not None:
                continue
            offered += 1
            seen = state.view(seat)
            for k in range(3):
                world = before.determinize(seat, random.Random(seed * 1000 + k))
                world.apply(seat, str(action))
                assert world.view(seat) == seen, (seed, str(action))
    if game in ("envyra", "ubongo"):
        assert offered == 0
    else:
        assert offered > 20
