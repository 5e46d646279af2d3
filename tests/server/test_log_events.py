"""The log tells every event of every game, not only the moves: what the rules did after a
move (Envyra's captures, dice sent back or removed with a taken tile, forced moves and
refills; Alhambra's refills, scorings, Dirk's tiles and the leftovers; Roll & Write's virtual
players' fills and completions; Ubongo's race, its late solves and gems), each as its own
line marked automatic and by whom, in the payload's language, the same for every viewer,
and rebuilt the same after a restart (replay)."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import choose, create, get, ubongo_solve

from herna.server import tables as tables_mod

LANGS = ("en", "cs", "sk")

# per game: the seats, options, a seed, and the kinds of event its game is sure to show
CASES: dict[str, tuple[int, dict[str, Any], int, set[str]]] = {
    "envyra": (3, {}, 4, {"moved", "acquired", "refill", "vanished", "refused", "over"}),
    "alhambra": (2, {}, 4, {"market", "money", "exact", "scoring_card", "scoring", "scored",
                            "dirk_tiles", "leftover"}),
    "alhambra-rw": (1, {"virtual": 3}, 1, {"fill", "complete"}),
    "ubongo": (2, {}, 4, {"round", "ubongo", "gems", "end"}),
}


def post(c: TestClient, tid: str, tok: str, action: str, version: int) -> dict[str, Any]:
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": action, "version": version})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def events(p: dict[str, Any]) -> list[dict[str, Any]]:
    return [line for line in p["log"] if line.get("auto")]


def check_said(line: dict[str, Any], lang: str, english: dict[str, Any]) -> None:
    """An event's line: marked, named, in words of its language (no key, no field left)."""
    assert line["auto"] is True and line["by"] in ("game", "seat", "virtual"), line
    assert line["who"] and line["words"], line
    assert "{" not in line["words"] and not line["words"].startswith("log."), line
    if lang != "en":
        assert line["words"] != english["words"], (lang, line)


def play(c: TestClient, game: str) -> tuple[str, list[str], dict[str, dict[str, Any]]]:
    """Play a whole game through the API; the first line of each kind of event seen, as
    `{kind: {lang: line}}` (checked the moment it appeared, in every language and for the
    seats as for a spectator)."""
    n, options, seed, _ = CASES[game]
    made = create(c, game, ("human",) * n, seed=seed, options=options)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    rng = random.Random(seed)
    first: dict[str, dict[str, Any]] = {}
    for _ in range(3000):
        watch = get(c, tid, lang="en")
        for line in events(watch):
            kind = line["event"]
            if kind in first:
                continue
            said = {"en": line}
            for lang in LANGS[1:]:
                other = [x for x in events(get(c, tid, lang=lang))
                         if x["seq"] == line["seq"] and x["event"] == kind]
                assert other, (kind, lang)
                said[lang] = other[0]
            for tok in toks:  # public facts: each seat reads the very same line
                assert line in events(get(c, tid, tok, lang="en")), (kind, tok)
            first[kind] = said
        if watch["over"]:
            return tid, toks, first
        acted = False
        for tok in toks:
            p = get(c, tid, tok)
            if p["legal"] or (game == "ubongo" and ubongo_solve(p["view"])):
                post(c, tid, tok, choose(p, rng), p["version"])
                acted = True
                break
        assert acted, "nobody can act"
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_kind_of_event_is_logged_in_three_languages(sqlite_client: TestClient,
                                                          game: str) -> None:
    _, _, _, expected = CASES[game]
    _tid, _toks, first = play(sqlite_client, game)
    assert expected <= set(first), sorted(expected - set(first))
    for said in first.values():
        for lang in LANGS:
            check_said(said[lang], lang, said["en"])
    if game == "envyra":  # a forced move is the seat's own die, moved for it
        assert first["moved"]["en"]["by"] == "seat" and "seat" in first["moved"]["en"]
        assert first["refill"]["cs"]["who"] == "Hra" and first["refill"]["sk"]["who"] == "Hra"
        assert "takes the tile at" in first["acquired"]["en"]["words"]
        assert "získává dílek" in first["acquired"]["cs"]["words"]
        assert "získava dielik" in first["acquired"]["sk"]["words"]
    if game == "alhambra":
        assert first["dirk_tiles"]["en"]["who"] == "Dirk"
        assert "scoring round 1" in first["scored"]["en"]["words"]
        assert "1. bodování" in first["scored"]["cs"]["words"]
        assert "1. bodovaní" in first["scored"]["sk"]["words"]
        assert "market space" in first["market"]["en"]["words"]
    if game == "alhambra-rw":
        assert first["fill"]["en"]["by"] == "virtual"
        assert first["fill"]["en"]["who"].startswith("Virtual ")
        assert first["fill"]["cs"]["who"].startswith("Virtuální ")
        assert first["fill"]["sk"]["who"].startswith("Virtuálny ")
        assert "crosses a box" in first["fill"]["en"]["words"]
    if game == "ubongo":
        assert "finishes 1st in" in first["ubongo"]["en"]["words"]
        assert "končí na 1. místě" in first["ubongo"]["cs"]["words"]
        assert "končí na 1. mieste" in first["ubongo"]["sk"]["words"]


def test_the_log_is_the_same_after_a_restart(sqlite_client: TestClient) -> None:
    """Events are derived from the action log, not kept in memory only: a table rebuilt by
    replay tells the same lines, in every language."""
    c = sqlite_client
    made = create(c, "envyra", ("human", "human"), seed=11)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    rng = random.Random(11)
    while len(events(get(c, tid))) < 8:
        for tok in toks:
            p = get(c, tid, tok)
            if p["legal"]:
                post(c, tid, tok, choose(p, rng), p["version"])
    before = {lang: get(c, tid, toks[0], lang=lang)["log"] for lang in LANGS}
    tables = c.app.state.tables  # type: ignore[attr-defined]
    tables.live.pop(tid)  # as after a restart: the next request rebuilds it from the log
    for lang in LANGS:
        assert get(c, tid, toks[0], lang=lang)["log"] == before[lang]
    assert tables.live[tid].steps[-1].events is not None


# ----- Ubongo: a solve after the hourglass --------------------------------------------------
class Clock:
    """The server's clock in a test: `tables.time.monotonic`, moved by hand (no sleeps)."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def monotonic(self) -> float:
        return self.now


def race(c: TestClient, monkeypatch: Any, seed: int, lang: str = "en"
         ) -> tuple[str, list[str], Clock, dict[str, Any]]:
    """A two-seat Ubongo table with a 60-second hourglass, at its first race."""
    clock = Clock()
    monkeypatch.setattr(tables_mod, "time", SimpleNamespace(monotonic=clock.monotonic))
    made = create(c, "ubongo", ("human", "human"), seed=seed, options={"timer": 60}, lang=lang)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    p = get(c, tid)
    while p["view"]["phase"] == "start":
        placer = p["to_act"][0]
        post(c, tid, toks[placer], get(c, tid, toks[placer])["legal"][0]["text"], p["version"])
        p = get(c, tid)
    assert p["view"]["phase"] == "race"
    return tid, toks, clock, p


def test_ubongo_a_solve_after_the_hourglass_is_logged_too_late(sqlite_client: TestClient,
                                                               monkeypatch: Any) -> None:
    c = sqlite_client
    tid, toks, clock, p = race(c, monkeypatch, seed=5)
    clock.now += 20
    first = ubongo_solve(get(c, tid, toks[0])["view"])
    assert first is not None
    post(c, tid, toks[0], first, p["version"])
    # while the race is open nothing tells the others about the solve
    assert events(get(c, tid, toks[1]))[-1]["event"] == "round"
    clock.now += 55  # 75 s after the hourglass was turned: it ran out at 60
    late = ubongo_solve(get(c, tid, toks[1])["view"])
    assert late is not None
    mine = post(c, tid, toks[1], late, p["version"] + 1)
    own = [x for x in mine["log"] if x["seq"] == p["version"] + 1 and not x.get("auto")]
    assert own[0]["text"].endswith(" in 75.0")  # the server's clock, not the person's claim
    said = {}
    for lang in LANGS:
        for tok in (toks[0], toks[1], None):
            lines = [x for x in events(get(c, tid, tok, lang=lang)) if x["event"] == "late"]
            assert len(lines) == 1 and lines[0]["seat"] == 1, lines
            said.setdefault(lang, lines[0])
            assert lines[0] == said[lang]  # the same words for every viewer
        check_said(said[lang], lang, said["en"])
    assert said["en"]["who"] == "Player 2"
    assert said["en"]["words"] == ("solved in 75.0 s: too late, the hourglass (60 s) had run "
                                   "out; in time: Player 1")
    assert said["cs"]["words"] == ("řešení za 75,0 s přichází pozdě: přesýpací hodiny (60 s) "
                                   "už doběhly; včas: Hráč 1")
    assert said["sk"]["words"].startswith("riešenie za 75,0 s prichádza neskoro")
    winners = [x for x in events(get(c, tid)) if x["event"] == "ubongo"]
    assert [(x["seat"], x["words"]) for x in winners] == [(0, "finishes 1st in 20.0 s")]


def test_ubongo_after_two_hourglasses_a_solve_is_too_late(sqlite_client: TestClient,
                                                          monkeypatch: Any) -> None:
    """Nobody within the hourglass: it is turned again (logged); a solve past twice its time
    still does not count, and the log says so."""
    c = sqlite_client
    tid, toks, clock, p = race(c, monkeypatch, seed=6, lang="cs")
    post(c, tid, toks[0], "pass", p["version"])
    clock.now += 130
    late = ubongo_solve(get(c, tid, toks[1])["view"])
    assert late is not None
    post(c, tid, toks[1], late, p["version"] + 1)
    lines = {x["event"]: x for x in events(get(c, tid))}
    assert lines["hourglass"]["words"] == ("otáčí přesýpací hodiny ještě jednou (60 s navíc): "
                                           "nikdo nebyl hotov včas")
    assert lines["late"]["words"] == ("řešení za 130,0 s přichází pozdě: přesýpací hodiny "
                                      "doběhly už podruhé (120 s)")
    assert lines["discarded"]["who"] == "Hra"
    en = {x["event"]: x for x in events(get(c, tid, lang="en"))}
    assert en["late"]["words"] == ("solved in 130.0 s: too late, the hourglass had run out "
                                   "twice (120 s)")
