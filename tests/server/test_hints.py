"""Hints (issue 21), through HTTP: in each game the hard bot's hint is one of my legal moves
as my payload lists it (its code, parts and caption), with my chances in [0, 1], and asking
changes nothing; the table's off switch (stored, kept after a restart and by "play again");
the refusals with their reasons in words; a hint is worked out once per version and seat, one
at a time; in a worker process as in a thread; and it tells nothing I cannot see: worlds that
look the same from my seat get the same hint.

Positions come from seeded random play through the API; nothing is hard-coded.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import choose, create, get, play_out

import herna
from herna.server import botproc, hints, words
from herna.server.app import create_app
from herna.web import catalog

GAMES: dict[str, int] = {"alhambra": 3, "alhambra-rw": 2, "envyra": 3, "ubongo": 2}


def said(key: str, lang: str = "en") -> str:
    return catalog().t(key, lang)


def hint(c: Any, tid: str, tok: str | None, version: Any = None, **extra: Any) -> Any:
    """POST …/hint from the table's current version (or the one given)."""
    if version is None:
        version = get(c, tid)["version"]
    body: dict[str, Any] = {"version": version, **extra}
    if tok is not None:
        body["token"] = tok
    return c.post(f"/api/tables/{tid}/hint", json=body)


def humans(c: Any, game: str, players: int, seed: int = 7,
           **extra: Any) -> tuple[str, list[str]]:
    made = create(c, game, ("human",) * players, seed=seed, **extra)
    return made["id"], [s["token"] for s in made["seats"]]


def refused(c: Any, tid: str, tok: str | None, status: int, key: str, **body: Any) -> None:
    """A hint refused with the words of `key`, and the table as it was."""
    before = get(c, tid)
    r = hint(c, tid, tok, **body)
    assert r.status_code == status, r.text
    assert r.json()["reason"] == said(key)
    after = get(c, tid)
    assert (after["version"], after["log"]) == (before["version"], before["log"])


# ----- the four games -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_hint_is_one_of_my_legal_moves_with_its_parts_and_my_chances(
        sqlite_client: TestClient, game: str) -> None:
    c = sqlite_client
    tid, toks = humans(c, game, GAMES[game], seed=11)
    rng = random.Random(3)
    asked = races = 0
    for _ in range(60):
        if asked >= 6:
            break
        for tok in toks:
            p = get(c, tid, tok)
            if p["over"] or p["seat"] not in p["to_act"]:
                continue
            if p["game"] == "ubongo" and p["view"]["phase"] == "race":
                # the race's covers are the puzzle's answer: no hint gives them away
                assert p["hint"] is False
                if p["view"]["seats"][p["seat"]]["submission"] is None:
                    races += 1
                    refused(c, tid, tok, 422, "hint.unlisted", version=p["version"])
            elif p["legal"] and asked < 6:
                assert p["hint"] is True
                r = hint(c, tid, tok, p["version"], lang="cs")
                assert r.status_code == 200, r.text
                got = r.json()
                cs = get(c, tid, tok, lang="cs")
                move = next(m for m in cs["legal"] if m["text"] == got["action"])
                assert (got["code"], got["parts"], got["words"]) == \
                       (move["code"], move["parts"], move["label"])
                assert got["version"] == p["version"]
                assert isinstance(got["chance"], float) and 0.0 <= got["chance"] <= 1.0
                assert got["by"] == "Bot · těžký"
                state = c.app.state.tables.live[tid].state
                assert got["code"] in {a.code for a in state.legal_actions(p["seat"])}
                after = get(c, tid, tok)  # a hint is no move: nothing changed
                assert (after["version"], after["log"], after["view"]) == \
                       (p["version"], p["log"], p["view"])
                asked += 1
            text = choose(p, rng)
            r = c.post(f"/api/tables/{tid}/actions",
                       json={"token": tok, "action": text, "version": p["version"]})
            assert r.status_code in (200, 409), r.text
    assert asked >= 6
    if game == "ubongo":
        assert races >= 1


def test_a_solo_game_has_a_hint_without_a_chance(sqlite_client: TestClient) -> None:
    """One player: the search weighs points, not a chance to win against nobody."""
    tid, toks = humans(sqlite_client, "alhambra-rw", 1)
    r = hint(sqlite_client, tid, toks[0])
    assert r.status_code == 200, r.text
    assert r.json()["chance"] is None
    assert r.json()["action"] in {m["text"] for m in get(sqlite_client, tid, toks[0])["legal"]}


# ----- nothing I cannot see -------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_worlds_alike_from_my_seat_get_the_same_hint(game: str) -> None:
    """The bot is handed a world drawn from my view alone: the table's state and worlds that
    differ from it only in what I cannot see (others' hands and sealed marks, the deck, the
    bag, the pile, future dice) give the same move and the same chance for one seed."""
    state = herna.make(game, players=GAMES[game], seed=21)
    rng = random.Random(5)
    compared = differed = 0
    while not state.is_over() and compared < 8:
        for seat in state.to_act():
            every = state.legal_actions(seat)
            if len(words.shown_legal(game, every)) < len(every) or rng.random() < 0.5:
                continue
            seed = hints.bot_seed("t", len(state.history), seat)
            mine = botproc.advise(state, seat, seed)
            for k in range(2):
                world = state.determinize(seat, rng.randrange(1 << 30))
                assert world.view(seat) == state.view(seat)
                differed += world.rng.state != state.rng.state or any(  # type: ignore[attr-defined]
                    world.view(q) != state.view(q) for q in range(state.num_players) if q != seat)
                assert botproc.advise(world, seat, seed) == mine, (game, len(state.history), k)
            compared += 1
        seat = rng.choice(list(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert compared >= 4 and differed >= 2 * compared


# ----- the switch -----------------------------------------------------------------------------
def test_a_table_switches_hints_off_and_keeps_it(db: str) -> None:
    with TestClient(create_app(db, bot_pace=False)) as c:
        for bad in ("no", 0, None, [True]):
            r = c.post("/api/tables", json={"game": "envyra", "players": 2, "hints": bad})
            assert r.status_code == 422 and "hints must be true or false" in r.json()["reason"]
        on, toks_on = humans(c, "alhambra-rw", 1)
        assert get(c, on, toks_on[0])["hint"] is True
        assert hint(c, on, toks_on[0]).status_code == 200
        off, toks = humans(c, "alhambra-rw", 1, hints=False)
        p = get(c, off, toks[0])
        assert p["hint"] is False and p["legal"]
        refused(c, off, toks[0], 422, "hint.off")
    with TestClient(create_app(db, bot_pace=False)) as c:  # a restart keeps it
        assert get(c, off, toks[0])["hint"] is False
        assert get(c, on, toks_on[0])["hint"] is True
        refused(c, off, toks[0], 422, "hint.off")
        play_out(c, on, toks_on)
        refused(c, on, toks_on[0], 422, "hint.over")
        assert get(c, on, toks_on[0])["hint"] is False
        play_out(c, off, toks)
        again = c.post(f"/api/tables/{off}/again", json={"token": toks[0]})
        assert again.status_code == 201, again.text
        nxt = again.json()
        assert get(c, nxt["id"], nxt["token"])["hint"] is False  # play again: still off
        assert c.app.state.tables.live[nxt["id"]].row.hints is False


# ----- refusals -------------------------------------------------------------------------------
def test_refusals_say_why_and_change_nothing(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, toks = humans(c, "alhambra", 2)
    p = get(c, tid, toks[0])
    me = toks[p["to_act"][0]]
    other = toks[1 - p["to_act"][0]]
    v = p["version"]
    refused(c, tid, None, 403, "hint.spectator", version=v)
    r = hint(c, tid, "x" * 24, v)
    assert r.status_code == 403 and r.json()["reason"] == said("refuse.token")
    assert hint(c, "nosuchtable", me, v).status_code == 404
    refused(c, tid, other, 422, "hint.not_your_turn", version=v)
    for bad in (None, "3", True, 1.0):
        r = c.post(f"/api/tables/{tid}/hint", json={"token": me, "version": bad})
        assert r.status_code == 422 and r.json()["reason"] == said("hint.version"), bad
    r = c.post(f"/api/tables/{tid}/hint", json={"token": me})  # no version at all
    assert r.status_code == 422 and r.json()["reason"] == said("hint.version")
    assert hint(c, tid, me, v, lang="xx").status_code == 422
    assert c.post(f"/api/tables/{tid}/hint", json=[me]).status_code == 422
    # a stale version: 409 with the table as it is, in my seat's eyes
    text = get(c, tid, me)["legal"][0]["text"]
    assert c.post(f"/api/tables/{tid}/actions",
                  json={"token": me, "action": text, "version": v}).status_code == 200
    r = hint(c, tid, me, v)
    assert r.status_code == 409 and r.json()["table"]["version"] > v
    # in the table's language (Czech here), and another language asked for
    cz, cz_toks = humans(c, "envyra", 2, lang="cs")
    r = hint(c, cz, None)
    assert r.status_code == 403 and r.json()["reason"] == said("hint.spectator", "cs")
    r = c.post(f"/api/tables/{cz}/hint", json={"token": cz_toks[0], "lang": "sk"})
    assert r.status_code == 422 and r.json()["reason"] == said("hint.version", "sk")


# ----- one at a time, once per version --------------------------------------------------------
def held_advice(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], threading.Event]:
    """Hold the bot until the test lets it go (and count its calls), to see what waits for
    what however slow the machine is."""
    calls: list[int] = []
    gate = threading.Event()
    real = botproc.advise

    def advise(state: herna.State, seat: int, seed: int) -> botproc.Advice:
        calls.append(seat)
        assert gate.wait(30), "the test never let the bot go"
        return real(state, seat, seed)

    monkeypatch.setattr(botproc, "advise", advise)
    return calls, gate


def test_a_hint_is_worked_out_once_per_version_and_seat(
        sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    c = sqlite_client
    calls, gate = held_advice(monkeypatch)
    tid, toks = humans(c, "alhambra-rw", 2)
    v = get(c, tid)["version"]
    answers: list[Any] = []
    asking = [threading.Thread(target=lambda: answers.append(hint(c, tid, toks[0], v)))
              for _ in range(3)]
    for t in asking:
        t.start()
    time.sleep(0.3)  # (one that comes after the bot has finished gets the answer kept)
    gate.set()
    for t in asking:
        t.join(30)
    assert [r.status_code for r in answers] == [200, 200, 200]
    assert len({str(r.json()) for r in answers}) == 1
    assert calls == [0]  # three asked at once: the bot thought once
    again = hint(c, tid, toks[0], v, lang="sk")  # kept: in another language, at once
    assert again.status_code == 200 and calls == [0]
    assert again.json()["action"] == answers[0].json()["action"]


def rw_second_build(seed: int) -> str | None:
    """A build of Roll & Write's seat 0 at its first turn after which it is still its turn
    (it chooses whether to build a second time), or None."""
    s = herna.make("alhambra-rw", players=2, seed=seed)
    for a in s.legal_actions(0):
        after = s.copy()
        after.apply(0, a)
        if str(a).startswith("build") and after.to_act() == (0,):
            return str(a)
    return None


def test_one_hint_at_a_time_per_seat(sqlite_client: TestClient,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """While my hint for one version is worked out and I move on (my turn goes on), a hint
    for the next version waits its turn (429); the first one, once found, is of a position
    gone (409)."""
    c = sqlite_client
    seed = next(s for s in range(100) if rw_second_build(s))
    build = rw_second_build(seed)
    tid, toks = humans(c, "alhambra-rw", 2, seed=seed)
    v = get(c, tid)["version"]
    calls, gate = held_advice(monkeypatch)
    first: list[Any] = []
    asking = threading.Thread(target=lambda: first.append(hint(c, tid, toks[0], v)))
    asking.start()
    deadline = time.monotonic() + 10
    while not calls and time.monotonic() < deadline:
        time.sleep(0.01)
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": toks[0], "action": build, "version": v})
    assert r.status_code == 200, r.text
    busy = hint(c, tid, toks[0], v + 1)
    assert busy.status_code == 429 and busy.json()["reason"] == said("hint.busy")
    assert busy.headers["retry-after"] == "1"
    gate.set()
    asking.join(30)
    assert first[0].status_code == 409 and first[0].json()["table"]["version"] == v + 1
    now = hint(c, tid, toks[0], v + 1)  # its turn: asked again, it is worked out
    assert now.status_code == 200, now.text
    assert now.json()["action"] in {m["text"] for m in get(c, tid, toks[0])["legal"]}


# ----- in a worker process ----------------------------------------------------------------------
def test_a_hint_from_a_worker_process_is_the_threads_hint(tmp_path: Path) -> None:
    """`herna serve` works hints out in its bot processes: the same answer as in a thread
    (the bot's seed is made from the table's id, the version and the seat)."""
    with TestClient(create_app(str(tmp_path / "p.db"), bot_pace=False, bot_processes=1)) as c:
        assert c.app.state.tables.procs is not None
        tid, toks = humans(c, "envyra", 2)
        p = get(c, tid, toks[0])
        r = c.post(f"/api/tables/{tid}/actions",
                   json={"token": toks[1], "action": get(c, tid, toks[1])["legal"][0]["text"],
                         "version": p["version"]})  # a sealed mark I cannot see
        assert r.status_code == 200
        v = p["version"] + 1
        r = hint(c, tid, toks[0], v)
        assert r.status_code == 200, r.text
        state = c.app.state.tables.live[tid].state
        here = botproc.advise(state, 0, hints.bot_seed(tid, v, 0))
        assert (r.json()["action"], r.json()["chance"]) == (here.text, here.chance)


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_is_the_move_the_hard_bot_would_play(game: str) -> None:
    """The hint is the hard level's own choice (the same search, seed and world), not some
    other judgement: a seat played by the hard bot would make exactly this move."""
    from herna.ai.registry import make_bot

    state = herna.make(game, players=GAMES[game], seed=33)
    rng = random.Random(8)
    compared = 0
    while not state.is_over() and compared < 5:
        seat = rng.choice(list(state.to_act()))
        every = state.legal_actions(seat)
        if len(words.shown_legal(game, every)) == len(every) and len(every) > 1:
            seed = rng.randrange(1 << 40)
            world = state.determinize(seat, seed)
            bot = make_bot(f"hard:time={botproc.CPU_CAP}", game, seed)
            assert botproc.advise(state, seat, seed).text == str(bot.act(world, seat))
            compared += 1
        state.apply(seat, rng.choice(every))
    assert compared == 5
