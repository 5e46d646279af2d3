"""Helpers the server tests share: make a table, wait for bots, play a seat from `legal`.

Works with any client that has httpx's `get`/`post` (FastAPI's TestClient, or an
`httpx.Client` against a real `herna serve`)."""

from __future__ import annotations

import random
import time
from typing import Any

import herna

GAMES: dict[str, int] = {"alhambra": 3, "alhambra-rw": 2, "envyra": 3, "ubongo": 2}


class FakeClock:
    """The server's wall clock in a test (`create_app(now=...)`): it moves only when told."""

    def __init__(self) -> None:
        self.t = float(int(time.time()))

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def seats(*kinds: str) -> list[dict[str, Any]]:
    """`seats("human", "easy")` -> the API's seat list (a level name means a bot)."""
    return [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]


def create(c: Any, game: str, kinds: tuple[str, ...] | None = None, **extra: Any) -> Any:
    """POST /api/tables; returns the 201 body (asserting the status)."""
    kinds = kinds or ("human",) * GAMES[game]
    body = {"game": game, "players": len(kinds), "seats": seats(*kinds), "seed": 7, **extra}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def get(c: Any, tid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    if token is not None:
        params["token"] = token
    r = c.get(f"/api/tables/{tid}", params=params)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait(c: Any, tid: str, token: str | None, until: Any, timeout: float = 30.0
         ) -> dict[str, Any]:
    """Poll the table until `until(payload)` holds (bots move on the server's own time)."""
    end = time.monotonic() + timeout
    while True:
        p = get(c, tid, token)
        if until(p):
            return p
        if time.monotonic() > end:
            raise AssertionError(f"table {tid} never got there: version {p['version']}, "
                                 f"to_act {p['to_act']}, over {p['over']}")
        time.sleep(0.01)


def ubongo_solve(view: dict[str, Any]) -> str | None:
    """A real cover of this seat's Ubongo puzzle, found from its own view (the card's
    outline and its pieces), as the notation a person's client would post."""
    from herna.games.ubongo import solutions

    me = view["seats"][view["seat"]]
    if view["phase"] != "race" or me["submission"] is not None or not me["card"]:
        return None
    sols = list(solutions(me["card"]["outline"]["text"], me["pieces"]))
    sol = sols[-1]  # not necessarily the one the engine would list first
    parts = " ".join(f"{p.piece}{p.orientation}@{p.row},{p.col}" for p in sol)
    return f"solve {parts} in 1"


def choose(p: dict[str, Any], rng: random.Random) -> str:
    """A seeded choice among the legal moves (Roll & Write's `adjust` only when nothing else
    is left, so a random player does not wander in adjustments; an Ubongo seat solves)."""
    if p["game"] == "ubongo":
        solve = ubongo_solve(p["view"])
        if solve is not None:
            return solve
    legal = [m["text"] for m in p["legal"]]
    plain = [t for t in legal if not t.startswith("adjust")] or legal
    return rng.choice(plain)


def play_out(c: Any, tid: str, tokens: list[str], seed: int = 0, timeout: float = 60.0,
             budget: int = 2000, inspect: Any = None) -> tuple[dict[str, Any], list[str]]:
    """Play every human seat (`tokens`) until the game is over; bots play themselves.
    A 409 at a simultaneous node (a bot chose meanwhile) is answered by choosing again.
    `inspect(payload)` sees every payload a seat is given. Returns the last payload of the
    first seat and the texts the humans posted."""
    rng = random.Random(seed)
    posted: list[str] = []
    end = time.monotonic() + timeout
    while True:
        acted = False
        for tok in tokens:
            p = get(c, tid, tok)
            if inspect is not None:
                inspect(p)
            if p["over"]:
                return p, posted
            if not p["legal"] and not (p["game"] == "ubongo" and ubongo_solve(p["view"])):
                continue
            text = choose(p, rng)
            r = c.post(f"/api/tables/{tid}/actions",
                       json={"token": tok, "action": text, "version": p["version"]})
            assert r.status_code in (200, 409), (text, r.status_code, r.text)
            if r.status_code == 200:
                posted.append(text)
                assert len(posted) < budget, "the game does not end"
            acted = True
        if time.monotonic() > end:
            raise AssertionError(f"table {tid} not over after {timeout} s")
        if not acted:
            time.sleep(0.005)


def state_at(c: Any, tid: str, version: int) -> herna.State:
    """The engine's own state of a table after its first `version` moves, replayed from the
    store (bots may have moved on since the payload was made)."""
    row = c.app.state.tables.store.load(tid)
    state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
    for seat, text in row.actions[:version]:
        state.apply(seat, text)
    return state


def filled(pushed: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    """A socket's push with the area drawings and log lines it left out taken from the
    socket's push `before`, as the page does (docs/API.md, "Pushes leave out what the page has")."""
    had = {a["key"]: a["svg"] for a in before.get("areas") or []}
    for a in pushed.get("areas") or []:
        if "svg" not in a:
            a["svg"] = had[a["key"]]
    keep = pushed.pop("log_keep", 0)
    if keep:
        pushed["log"] = before["log"][len(before["log"]) - keep:] + pushed["log"]
    return pushed


def drawing(payload: dict[str, Any]) -> str:
    """The table's drawing in a payload as one text: its `svg`, or its areas' svgs joined
    (a game that draws areas sends no whole `svg`)."""
    if payload.get("areas"):
        return "\n".join(a["svg"] for a in payload["areas"])
    return str(payload.get("svg") or "")


def old_database(path: Any, revision: str, game: str = "alhambra", seed: int = 7,
                 seats: tuple[tuple[int, str, str | None, str | None], ...] = (
                     (0, "human", None, "oldtoken"), (1, "bot", "easy", None)),
                 actions: tuple[tuple[int, str], ...] = ()) -> None:
    """A database as an earlier release left it: the schema at `revision`, one table
    'oldtable' in play (`seats`: (seat, kind, level, token); `actions`: (seat, text) rows).
    The migration tests upgrade it and check that the table resumes."""
    from pathlib import Path

    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    import herna.server.store as store

    engine = store.open_engine(str(path))
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO tables (id, game, players, seed, options, lang, created) VALUES "
            "('oldtable', :game, :players, :seed, '{}', 'en', '2026-01-01 00:00:00')"),
            {"game": game, "players": len(seats), "seed": seed})
        for seat, kind, level, token in seats:
            conn.execute(sa.text(
                "INSERT INTO seats (table_id, seat, kind, level, token_hash) VALUES "
                "('oldtable', :seat, :kind, :level, :h)"),
                {"seat": seat, "kind": kind, "level": level,
                 "h": store.token_hash(token) if token else None})
        for seq, (seat, text) in enumerate(actions):
            conn.execute(sa.text(
                "INSERT INTO actions (table_id, seq, seat, text, at) VALUES "
                "('oldtable', :seq, :seat, :text, '2026-01-01 00:00:01')"),
                {"seq": seq, "seat": seat, "text": text})
    engine.dispose()


def migration_head() -> str:
    """The newest revision of the server's migrations (what an upgraded database is at)."""
    from pathlib import Path

    from alembic.script import ScriptDirectory

    from herna.server import store

    head = ScriptDirectory(str(Path(store.__file__).parent / "migrations")).get_current_head()
    assert head is not None
    return head
