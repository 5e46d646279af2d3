"""What one seat is sent never holds another seat's secrets: Alhambra hands, Envyra marks
before the reveal, Ubongo race submissions before everyone is done; a spectator sees only
public facts; the seed only once the game is over. Checked in the whole payload (view,
drawing, log, legal moves, extra), not only in the view the engine filters."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import GAMES, create, get, state_at, ubongo_solve

SEED = 982451653


def post(c: TestClient, tid: str, tok: str, action: str, version: int) -> dict[str, Any]:
    r = c.post(f"/api/tables/{tid}/actions",
               json={"token": tok, "action": action, "version": version})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def dump(p: dict[str, Any]) -> str:
    return json.dumps(p, ensure_ascii=False)


def test_alhambra_hands_stay_in_their_seat(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human", "human"), seed=SEED)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    state = state_at(client, tid, 0)
    for owner in range(3):
        hand = state.view(owner)["seats"][owner]["hand"]
        assert hand, "every seat starts with money"
        secret = json.dumps(hand)
        for viewer in (0, 1, 2, None):
            p = get(client, tid, toks[viewer] if viewer is not None else None)
            seen = p["view"]["seats"][owner]
            if viewer == owner:
                assert seen["hand"] == hand and secret in dump(p)
            else:
                assert seen["hand"] is None and seen["hand_total"] is None
                assert seen["hand_count"] == len(hand)
                assert secret not in dump(p)
                assert p["legal"] == [] or viewer in p["to_act"]


def test_alhambra_open_money_shows_hands_as_the_engine_does(client: TestClient) -> None:
    made = create(client, "alhambra", ("human", "human"), options={"open_money": True})
    p = get(client, made["id"])
    assert all(s["hand"] is not None for s in p["view"]["seats"])


def test_envyra_marks_are_sealed_until_everyone_has_marked(client: TestClient) -> None:
    made = create(client, "envyra", ("human", "human", "human"), seed=SEED, lang="cs")
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    p0 = get(client, tid, toks[0])
    assert p0["to_act"] == [0, 1, 2] and p0["view"]["phase"] == "mark"
    mark = p0["legal"][-1]["text"]
    slot = mark.split()[1]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={toks[1]}") as ws1:
        ws1.receive_json()
        mine = post(client, tid, toks[0], mark, 0)
        pushed = ws1.receive_json()
    assert mine["log"][-1]["text"] == mark  # its author sees its own mark
    for p in (get(client, tid, toks[1]), get(client, tid, toks[2]), get(client, tid), pushed):
        line = p["log"][-1]
        assert line["seat"] == 0 and line["sealed"] is True and "text" not in line
        assert line["words"] and slot not in line["words"]
        assert mark not in [m.get("text") for m in p["log"]]
        grid = {s["slot"]: s for s in p["view"]["grid"]["slots"]}
        assert 0 not in grid[slot]["marks"]
        assert p["version"] == 1
    # the others mark; the node closes and every mark is public, for everyone
    p1 = get(client, tid, toks[1])
    post(client, tid, toks[1], p1["legal"][0]["text"], 1)
    p2 = get(client, tid, toks[2])
    assert [line.get("sealed") for line in p2["log"]] == [True, True]  # and no event
    post(client, tid, toks[2], p2["legal"][0]["text"], 2)
    told = None
    for tok in (toks[0], toks[1], None):
        p = get(client, tid, tok)
        assert [line["text"] for line in p["log"] if not line.get("auto")][:3] == \
            [str(a) for _, a in state_at(client, tid, 3).history]
        assert not any(line.get("sealed") for line in p["log"])
        events = [line for line in p["log"] if line.get("auto")]
        assert all(line["seq"] == 2 for line in events)  # what the reveal set going
        assert told is None or events == told  # public: the same for every viewer
        told = events


def test_ubongo_submissions_are_sealed_until_the_race_is_over(client: TestClient) -> None:
    made = create(client, "ubongo", ("human", "human", "human"), seed=SEED)
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    p0 = get(client, tid)
    while p0["view"]["phase"] == "start":  # each figure placed on a start field
        placer = p0["to_act"][0]
        first = get(client, tid, toks[placer])["legal"][0]["text"]
        post(client, tid, toks[placer], first, p0["version"])
        p0 = get(client, tid)
    v = p0["version"]
    p0 = get(client, tid, toks[0])
    assert p0["view"]["phase"] == "race" and sorted(p0["to_act"]) == [0, 1, 2]
    assert not any(m["text"].startswith("solve") for m in p0["legal"])  # no answers offered
    solve = ubongo_solve(p0["view"])
    assert solve is not None
    mine = post(client, tid, toks[0], solve, v)
    sent = mine["log"][-1]["text"]
    placements = sent.split(" in ")[0]
    assert mine["view"]["seats"][0]["submission"]["text"] == sent
    for p in (get(client, tid, toks[1]), get(client, tid, toks[2]), get(client, tid)):
        assert placements not in dump(p)
        assert p["view"]["seats"][0]["submission"] is None
        assert p["view"]["seats"][0]["done"] is True  # solved / not yet: public
        assert p["log"][-1]["sealed"] is True and "text" not in p["log"][-1]
    post(client, tid, toks[1], "pass", v + 1)
    p2 = get(client, tid, toks[2])
    assert placements not in dump(p2) and [x.get("sealed") for x in p2["log"][-2:]] == \
        [True, True]
    post(client, tid, toks[2], "pass", v + 2)
    for tok in (toks[1], None):
        p = get(client, tid, tok)
        assert sent in [line.get("text") for line in p["log"]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_seed_before_the_end(client: TestClient, game: str) -> None:
    made = create(client, game, seed=SEED)
    tid, tok = made["id"], made["seats"][0]["token"]
    for p in (get(client, tid, tok), get(client, tid)):
        assert "seed" not in p and str(SEED) not in dump(p)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        assert str(SEED) not in dump(ws.receive_json())
    assert client.get(f"/api/tables/{tid}/record").status_code == 403


@pytest.mark.parametrize("game", sorted(GAMES))
def test_event_lines_are_public_and_never_tell_a_sealed_choice(game: str) -> None:
    """The log's event lines come from the spectator's views only; a choice still sealed at
    a simultaneous node (an Envyra mark, an Ubongo solve) makes none (herna.testing.web's
    kit, along a whole seeded game)."""
    from herna.testing.web import check_events

    assert check_events(game, GAMES[game], SEED)
