"""Two tables, one Czech and one English, taking moves at the same time on one server: every
refusal and every drawing is in its own table's language (the language is a context
variable per request, never a process-wide setting)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

import herna
from herna.ai.registry import game_module
from herna.core import IllegalAction
from herna.i18n import speaking
from herna.server.app import create_app
from herna.server.words import area_key

ROUNDS = 25


def engine_reason(state: herna.State, seat: int, text: str, lang: str) -> str:
    with speaking(lang), pytest.raises(IllegalAction) as e:
        state.copy().apply(seat, text)
    return str(e.value)


async def drive(c: httpx.AsyncClient, lang: str, seed: int) -> int:
    """Alternate refused and legal moves at one table; check each answer's language."""
    r = await c.post("/api/tables", json={"game": "alhambra", "players": 2, "seed": seed,
                                          "lang": lang})
    assert r.status_code == 201
    made = r.json()
    tid, toks = made["id"], [s["token"] for s in made["seats"]]
    render = game_module("alhambra", "render")
    assert render is not None
    rng = random.Random(seed)
    state = herna.make("alhambra", players=2, seed=seed)
    checked = 0
    for _ in range(ROUNDS):
        seat = state.to_act()[0]
        for bad in ("take r9", "nonsense words"):
            r = await c.post(f"/api/tables/{tid}/actions",
                             json={"token": toks[seat], "action": bad,
                                   "version": len(state.history)})
            assert r.status_code == 422
            assert r.json()["reason"] == engine_reason(state, seat, bad, lang), lang
            checked += 1
        move = rng.choice(state.legal_actions(seat))
        r = await c.post(f"/api/tables/{tid}/actions",
                         json={"token": toks[seat], "action": str(move),
                               "version": len(state.history)})
        assert r.status_code == 200, r.text
        state.apply(seat, str(move))
        p = r.json()
        assert p["lang"] == lang
        with speaking(lang):
            # the engine's own view, drawn with the seats' names the server passes beside it
            labels = [s["label"] for s in p["seats"]]
            if hasattr(render, "areas"):  # a game drawn as areas sends only those
                assert p["areas"] == [{**a, "key": area_key(a["svg"])} for a in
                                      render.areas(state.view(seat), lang=lang, names=labels)]
            else:
                assert p["svg"] == render.svg(state.view(seat), lang=lang, names=labels)
        await asyncio.sleep(0)
    return checked


def test_czech_and_english_tables_at_once(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "h.db"), bot_pace=False)

    async def main() -> list[Any]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            return await asyncio.gather(drive(c, "cs", 11), drive(c, "en", 12),
                                        drive(c, "cs", 13), drive(c, "sk", 14))

    checked = asyncio.run(main())
    assert checked == [2 * ROUNDS] * 4
    # the two languages really differ (else the test proves nothing)
    s = herna.make("alhambra", players=2, seed=11)
    seat = s.to_act()[0]
    assert engine_reason(s, seat, "take r9", "cs") != engine_reason(s, seat, "take r9", "en")


def test_the_servers_own_refusals_speak_the_tables_language(sqlite_db: str) -> None:
    """Not only the engine's reasons: a stale version, a spectator's move and a bad link are
    refused in the table's language (or the request's)."""
    from fastapi.testclient import TestClient

    from herna.server.app import create_app

    with TestClient(create_app(sqlite_db, bot_pace=False)) as c:
        made = c.post("/api/tables", json={"game": "alhambra", "players": 2, "seed": 3,
                                           "lang": "cs"}).json()
        tid, tok = made["id"], made["seats"][0]["token"]
        r = c.post(f"/api/tables/{tid}/actions", json={"action": "take b1"})
        assert r.status_code == 403 and "Divák" in r.json()["reason"]
        r = c.post(f"/api/tables/{tid}/actions", json={"token": tok, "action": "end",
                                                       "version": 7})
        assert r.status_code == 409 and "pokročila" in r.json()["reason"]
        r = c.post(f"/api/tables/{tid}/actions", json={"token": tok, "action": "end",
                                                       "version": 7, "lang": "sk"})
        assert "pokročila" in r.json()["reason"] and "ťah 0" in r.json()["reason"]
        r = c.get(f"/api/tables/{tid}", params={"token": "nope"})
        assert r.status_code == 403 and "Klíč" in r.json()["reason"]
