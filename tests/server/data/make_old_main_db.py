"""Makes old_main_0003.db and old_main_0003.json with the code of an older main.

The database a server of main at commit abfaaa2 (the newest commit of main whose migrations
end at 0003, seat names) wrote: tables of each game, most in the middle of their games with
people's seats (named, with tokens) and bots, two finished. The tokens the old server handed
out live in its players' browsers, not in the database: the JSON keeps them, with what each
table was when the old server stopped, for tests/server/test_accounts.py to resume and
finish them with today's code.

Made with (from the repository's root; the old code in a temporary worktree):

    git worktree add --detach /tmp/oldmain abfaaa2
    PYTHONPATH=/tmp/oldmain/src HERNA_PURE=1 python tests/server/data/make_old_main_db.py
    git worktree remove /tmp/oldmain

It refuses to run on code whose migrations go past 0003. Not a test: pytest collects none of it.
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DB = HERE / "old_main_0003.db"
FACTS = HERE / "old_main_0003.json"
COMMIT = "abfaaa2"

# (game, seats: a name for a person or a bot's level, options, lang, human moves; None: play
# to the end)
TABLES: list[tuple[str, tuple[str, ...], dict[str, Any], str, int | None]] = [
    ("alhambra", ("Ana", "Ben", "easy"), {}, "en", 24),
    ("alhambra", ("Ana", "easy"), {}, "cs", 10),
    ("alhambra-rw", ("Cyril", "easy"), {}, "en", 18),
    ("alhambra-rw", ("Cyril",), {"vs_virtual": True}, "sk", None),
    ("ubongo", ("Dana", "easy"), {"side": "easy"}, "en", 3),
    ("ubongo", ("Dana", "Eva"), {}, "cs", 2),
    ("envyra", ("Eva", "Filip"), {}, "en", 9),
    ("envyra", ("Eva", "easy"), {}, "en", None),
]
LEVELS = ("easy", "medium", "hard")


def main() -> None:
    from fastapi.testclient import TestClient

    import herna.server.app as app_module
    from herna.games.ubongo import solutions

    versions = Path(app_module.__file__).parent / "migrations" / "versions"
    newest = sorted(p.name for p in versions.glob("0*.py"))[-1]
    if not newest.startswith("0003"):
        sys.exit(f"this is not the old code: its migrations end at {newest}")
    for p in (DB, FACTS):
        p.unlink(missing_ok=True)

    def solve(view: dict[str, Any]) -> str | None:
        me = view["seats"][view["seat"]]
        if view["phase"] != "race" or me["submission"] is not None or not me["card"]:
            return None
        sol = next(iter(solutions(me["card"]["outline"]["text"], me["pieces"])))
        return "solve " + " ".join(f"{p.piece}{p.orientation}@{p.row},{p.col}"
                                   for p in sol) + " in 1"

    facts: list[dict[str, Any]] = []
    with TestClient(app_module.create_app(str(DB), bot_pace=False)) as c:
        for i, (game, seats, options, lang, moves) in enumerate(TABLES):
            body = {"game": game, "players": len(seats), "seed": 40 + i, "options": options,
                    "lang": lang, "seats": [{"kind": "bot", "level": s} if s in LEVELS
                                            else {"kind": "human", "name": s} for s in seats]}
            r = c.post("/api/tables", json=body)
            assert r.status_code == 201, r.text
            made = r.json()
            tid = made["id"]
            tokens = {str(s["seat"]): s["token"] for s in made["seats"] if s["token"]}
            rng = random.Random(i)
            played = 0
            end = time.monotonic() + 300
            while moves is None or played < moves:
                assert time.monotonic() < end, f"{game} never got there"
                acted = False
                for tok in tokens.values():
                    p = c.get(f"/api/tables/{tid}", params={"token": tok}).json()
                    if p["over"]:
                        break
                    text = solve(p["view"]) if game == "ubongo" else None
                    if text is None:
                        legal = [m["text"] for m in p["legal"]]
                        if not legal:
                            continue
                        text = rng.choice([t for t in legal if not t.startswith("adjust")]
                                          or legal)
                    r = c.post(f"/api/tables/{tid}/actions",
                               json={"token": tok, "action": text, "version": p["version"]})
                    assert r.status_code in (200, 409), r.text
                    played += r.status_code == 200
                    acted = True
                if p["over"]:
                    break
                if not acted:
                    time.sleep(0.01)
            # the old server stops with every bot's move made: a person is to act
            for _ in range(3000):
                p = c.get(f"/api/tables/{tid}", params={"token": next(iter(tokens.values()))}
                          ).json()
                if p["over"] or any(p["seats"][s]["kind"] == "human" for s in p["to_act"]):
                    break
                time.sleep(0.01)
            assert p["over"] is (moves is None), (game, p["over"])
            record = c.get(f"/api/tables/{tid}/record").json() if p["over"] else None
            facts.append({"id": tid, "game": game, "seats": list(seats), "lang": lang,
                          "tokens": tokens, "version": p["version"], "over": p["over"],
                          "names": [s.get("name") for s in p["seats"]],
                          "outcome": None if record is None else record.get("outcome"),
                          "moves": None if record is None else record.get("actions")})
    with sqlite3.connect(DB) as conn:  # one file, as small as it goes
        conn.execute("PRAGMA journal_mode=DELETE")
    with sqlite3.connect(DB) as conn:
        conn.execute("VACUUM")
    FACTS.write_text(json.dumps({"commit": COMMIT, "tables": facts}, indent=1,
                                ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{DB.name}: {DB.stat().st_size} bytes, {len(facts)} tables")


if __name__ == "__main__":
    main()
