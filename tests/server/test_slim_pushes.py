"""Pushes leave out what the page has (docs/API.md): a socket's first payload carries every
area's drawing with its key and the whole log; each later push leaves out the drawings whose
key its last push carried and the log lines it had (`log_keep`), and with those taken from
that push it is the whole payload the API answers at the same version. Most moves change
one to three areas of four to six, so a push is a fraction of a payload; a new socket starts
whole again."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from serverkit import GAMES, choose, create, filled, get

from herna.server.words import area_key

MOVES = 12


def comparable(p: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in p.items() if k not in ("clock", "clocks")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pushes_leave_out_the_drawings_the_socket_has(client: TestClient, game: str) -> None:
    players = GAMES[game]
    made = create(client, game, ("human",) * players)
    tid, tokens = made["id"], [s["token"] for s in made["seats"]]
    rng = random.Random(5)
    left_out = sent = whole = kept_lines = 0
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as mine, \
            client.websocket_connect(f"/api/tables/{tid}/ws") as watching:
        last = {"mine": mine.receive_json(), "watching": watching.receive_json()}
        for p in last.values():
            assert p["areas"] and all(a["svg"] and a["key"] == area_key(a["svg"])
                                      for a in p["areas"])
        for _ in range(MOVES):
            p = get(client, tid, tokens[0])
            if p["over"]:
                break
            seat = p["to_act"][0]
            mover = get(client, tid, tokens[seat])
            r = client.post(f"/api/tables/{tid}/actions",
                            json={"token": tokens[seat], "version": mover["version"],
                                  "action": choose(mover, rng)})
            assert r.status_code == 200, r.text
            for name, ws, token in (("mine", mine, tokens[0]), ("watching", watching, None)):
                raw = ws.receive_text()
                pushed = orjson.loads(raw)
                had = {a["key"] for a in last[name]["areas"]}
                for a in pushed["areas"]:
                    # left out exactly when the socket's last push carried that drawing
                    assert ("svg" in a) == (a["key"] not in had), (name, a["id"])
                left_out += sum("svg" not in a for a in pushed["areas"])
                kept_lines += pushed.get("log_keep", 0)
                pushed = filled(pushed, last[name])
                answer = get(client, tid, token)
                assert answer["version"] == pushed["version"]
                assert comparable(pushed) == comparable(answer)
                sent += len(raw)
                whole += len(orjson.dumps(comparable(answer)))
                last[name] = pushed
    assert left_out > 0 and kept_lines > 0 and sent < 0.95 * whole, (left_out, sent, whole)
    print(f"{game}: pushed {sent / whole:.0%} of the whole payloads")
    # a new socket starts whole again
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as again:
        first = again.receive_json()
        assert all(a["svg"] for a in first["areas"])
