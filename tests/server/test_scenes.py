"""A step's scenes through the API (docs/API.md, "Scenes"): the log line of a move that set
off Alhambra's scoring round says how many scenes it has (`scenes`), and
`GET /api/tables/{id}/scenes/{seq}` draws them when asked, public facts only: the same for
every seat and the spectator, in the language asked, the same after a restart. The payload
itself never carries their drawings. Bad requests are refused with a reason."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from serverkit import choose, create, get, wait

from herna.games.alhambra.data import BUILDING_TYPES

LANGS = ("en", "cs", "sk")


def post(c: TestClient, tid: str, tok: str, action: str, version: int) -> None:
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": action, "version": version})
    assert r.status_code == 200, r.text


def to_first_scoring(c: TestClient, seed: int = 32) -> tuple[str, list[str], dict[str, Any]]:
    """A two-player Alhambra table (Dirk plays) played at random until a move sets off the
    first scoring round; its log line."""
    made = create(c, "alhambra", ("human", "human"), seed=seed)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    rng = random.Random(seed)
    for _ in range(400):
        watch = get(c, tid)
        flagged = [line for line in watch["log"] if line.get("scenes")]
        if flagged:
            return tid, toks, flagged[0]
        seat = watch["to_act"][0]
        p = get(c, tid, toks[seat])
        post(c, tid, toks[seat], choose(p, rng), p["version"])
    raise AssertionError("no scoring round came")


def scenes(c: TestClient, tid: str, seq: int, **params: Any) -> dict[str, Any]:
    r = c.get(f"/api/tables/{tid}/scenes/{seq}", params=params)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_scoring_round_has_scenes_the_same_for_everyone(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, toks, line = to_first_scoring(c)
    seq = line["seq"]
    assert line["scenes"] == len(BUILDING_TYPES) + 2 and not line.get("auto")
    # the move's own line carries the count; its events are the scoring's lines
    watch = get(c, tid)
    lines = [x for x in watch["log"] if x["seq"] == seq]
    assert lines[0].get("scenes") == line["scenes"]
    assert all("scenes" not in x for x in lines[1:])
    assert {x["event"] for x in lines[1:]} >= {"scoring_card", "scoring", "scored"}
    assert "<svg" not in str(watch["log"])  # drawings are asked for, never pushed
    for tok in toks:  # each seat's log flags the same step
        assert [x for x in get(c, tid, tok)["log"] if x.get("scenes")] == [line]

    spectator = scenes(c, tid, seq)
    assert spectator == {"table": tid, "seq": seq, "lang": "en", "scenes": spectator["scenes"]}
    assert len(spectator["scenes"]) == line["scenes"]
    for tok in toks:  # public: every seat gets the very same scenes
        assert scenes(c, tid, seq, token=tok) == spectator
        r = c.get(f"/api/tables/{tid}/scenes/{seq}", headers={"Authorization": f"Bearer {tok}"})
        assert r.json() == spectator
    titles = {lang: [s["title"] for s in scenes(c, tid, seq, lang=lang)["scenes"]]
              for lang in LANGS}
    assert titles["en"][0] == "Scoring round 1: Pavilion"
    assert titles["cs"][0] == "1. bodování: Pavilon"
    assert titles["sk"][0] == "1. bodovanie: Pavilón"
    for made in (scenes(c, tid, seq, lang=lang) for lang in LANGS):
        for scene in made["scenes"]:
            assert scene["svg"].startswith("<svg") and scene["words"]
    # the seats' labels name them, Dirk too, as the page names them
    first = spectator["scenes"][0]["svg"]
    assert "Player 1" in first and "Player 2" in first and "Dirk" in first

    # the numbers are the engine's
    record = c.app.state.tables.live[tid].state.view(None)["scorings"][0]  # type: ignore[attr-defined]
    totals = spectator["scenes"][-1]["svg"]
    for i, row in enumerate(record["points"]):
        assert f'data-entry="{i}" data-before="0" data-gained="{row["total"]}"' in totals
    assert f'data-entry="dirk" data-before="0" data-gained="{record["dirk"]["total"]}"' in totals

    # a restart: the table is rebuilt from its log and tells the same scenes
    c.app.state.tables.live.pop(tid)  # type: ignore[attr-defined]
    assert scenes(c, tid, seq) == spectator
    assert scenes(c, tid, seq, lang="cs")["scenes"][0]["title"] == titles["cs"][0]
    c.app.state.tables.live.pop(tid)  # type: ignore[attr-defined]
    assert [x for x in get(c, tid, toks[0])["log"] if x.get("scenes")] == [line]


def test_a_renamed_seat_is_named_in_the_scenes(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, toks, line = to_first_scoring(c)
    assert "Player 1" in scenes(c, tid, line["seq"])["scenes"][0]["svg"]
    r = c.post(f"/api/tables/{tid}/name", json={"token": toks[0], "name": "Ana"})
    assert r.status_code == 200, r.text
    drawn = scenes(c, tid, line["seq"])["scenes"]
    assert "Ana" in drawn[0]["svg"] and "Player 1" not in drawn[0]["svg"]
    assert "Ana" in drawn[-1]["words"]


def test_what_has_no_scenes_is_refused_with_a_reason(sqlite_client: TestClient) -> None:
    c = sqlite_client
    tid, _toks, line = to_first_scoring(c)
    base = f"/api/tables/{tid}/scenes"
    for path, status in ((f"{base}/0", 404), (f"{base}/{line['seq'] + 500}", 404),
                         (f"{base}/-1", 422), (f"{base}/x", 422), (f"{base}/1e3", 422),
                         (f"{base}/%C2%B2", 422), (f"{base}/{'9' * 40}", 422),
                         (f"/api/tables/nosuchtable/scenes/{line['seq']}", 404),
                         (f"{base}/{line['seq']}?lang=de", 422),
                         (f"{base}/{line['seq']}?token=nobody", 403)):
        r = c.get(path)
        assert r.status_code == status, (path, r.text)
        assert isinstance(r.json()["reason"], str) and r.json()["reason"], path
    r = c.get(f"{base}/0", params={"lang": "cs"})
    assert r.json()["reason"] == "Tah 1 nemá nic, co by se dalo ukázat krok za krokem."


def test_a_game_without_scenes_has_none(sqlite_client: TestClient) -> None:
    """Envyra shows no step by step: no log line is flagged and asking is a 404."""
    c = sqlite_client
    made = create(c, "envyra", ("human", "human"), seed=3)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    rng = random.Random(3)
    for _ in range(12):
        for tok in toks:
            p = get(c, tid, tok)
            if p["legal"]:
                post(c, tid, tok, choose(p, rng), p["version"])
    log = get(c, tid)["log"]
    assert log and not any("scenes" in line for line in log)
    assert c.get(f"/api/tables/{tid}/scenes/{log[-1]['seq']}").status_code == 404


def test_scenes_of_a_move_made_through_another_process(pg_url: str) -> None:
    """Two processes on one PostgreSQL: the scenes of a move just made through A are drawn
    by B at once (B reads the log first if it has not heard of the move yet)."""
    from test_workers import Server

    with Server(pg_url) as a, Server(pg_url) as b:
        made = create(a.http, "alhambra", ("human", "human"), seed=32)
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        get(b.http, tid)  # B holds the table too
        rng = random.Random(32)
        line = None
        for _ in range(400):
            p = get(a.http, tid)
            flagged = [x for x in p["log"] if x.get("scenes")]
            if flagged:
                line = flagged[0]
                break
            seat = p["to_act"][0]
            q = get(a.http, tid, toks[seat])
            r = a.http.post(f"/api/tables/{tid}/actions", json={
                "token": toks[seat], "action": choose(q, rng), "version": q["version"]})
            assert r.status_code == 200, r.text
        assert line is not None
        r = b.http.get(f"/api/tables/{tid}/scenes/{line['seq']}")
        assert r.status_code == 200, r.text
        assert r.json() == a.http.get(f"/api/tables/{tid}/scenes/{line['seq']}").json()


def test_scenes_are_found_by_the_rows_seq_after_undos(sqlite_client: TestClient) -> None:
    """With steps taken back before it, a scoring's step sits at a later row of the log than
    its place among the standing steps: the log line's `seq` still finds its scenes."""
    c = sqlite_client
    made = create(c, "alhambra", ("human", "human"), seed=32)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    rng, undos = random.Random(3), 0
    for _ in range(400):
        watch = get(c, tid)
        flagged = [line for line in watch["log"] if line.get("scenes")]
        if flagged:
            break
        seat = watch["to_act"][0]
        p = get(c, tid, toks[seat])
        if p["undo"] and undos < 6:
            r = c.post(f"/api/tables/{tid}/undo", json={"token": toks[seat],
                                                        "version": p["version"]})
            assert r.status_code == 200, r.text
            undos += 1
            continue
        post(c, tid, toks[seat], choose(p, rng), p["version"])
    else:
        raise AssertionError("no scoring round came")
    assert undos > 0, "no step was taken back on the way: the test shows nothing"
    line = flagged[0]
    # each undo left two rows (the step and the undo) that are no standing step
    standing = [x for x in watch["log"] if not x.get("auto") and not x.get("undone")]
    assert line["seq"] == standing.index(line) + 2 * undos
    got = scenes(c, tid, line["seq"])
    assert len(got["scenes"]) == line["scenes"]
    # the row before it (a step taken back, or an undo) has none
    r = c.get(f"/api/tables/{tid}/scenes/{line['seq'] - 1}")
    assert r.status_code == 404


def test_a_replay_shows_the_same_scenes(sqlite_client: TestClient) -> None:
    """A finished table's replay, and the same game uploaded as a record, have the table's
    scenes at the replay log's `seq` (GET /api/replays/{id}/scenes/{seq}), in each language;
    bad requests are refused with a reason."""
    c = sqlite_client
    made = create(c, "alhambra", ("easy", "easy"), seed=32)
    tid = made["id"]
    wait(c, tid, None, lambda p: p["over"], timeout=120)
    record = c.get(f"/api/tables/{tid}/record").json()
    r = c.post("/api/replays", json=record)
    assert r.status_code == 201, r.text
    upload = r.json()["id"]
    last = len(record["actions"])
    for rid in (tid, upload):
        log = c.get(f"/api/replays/{rid}", params={"step": last}).json()["log"]
        flagged = [line for line in log if line.get("scenes")]
        assert len(flagged) == 3  # the three scoring rounds
        for line in flagged:
            for lang in LANGS:
                got = c.get(f"/api/replays/{rid}/scenes/{line['seq']}", params={"lang": lang})
                assert got.status_code == 200, got.text
                body = got.json()
                assert body["replay"] == rid and body["seq"] == line["seq"]
                assert len(body["scenes"]) == line["scenes"]
                # the table's own scenes of that move (no step was taken back: same seq); an
                # upload names its seats "Player 1"... (a record holds no names)
                table = scenes(c, tid, line["seq"], lang=lang)["scenes"]
                if rid == tid:
                    assert body["scenes"] == table
                else:
                    assert [x["title"] for x in body["scenes"]] == [x["title"] for x in table]
                    assert body["scenes"] != table
        base = f"/api/replays/{rid}/scenes"
        for path, status in ((f"{base}/0", 404), (f"{base}/x", 422), (f"{base}/-1", 422),
                             (f"{base}/{'9' * 40}", 422), (f"{base}/{last + 5}", 404),
                             (f"{base}/{flagged[0]['seq']}?lang=de", 422)):
            r = c.get(path)
            assert r.status_code == status, (path, r.text)
            assert isinstance(r.json()["reason"], str) and r.json()["reason"], path
    r = c.get("/api/replays/nosuchreplay/scenes/3")
    assert r.status_code == 404 and r.json()["reason"]
