"""Accounts on a shared server (issue 22, `herna serve --accounts`), through HTTP: sign up,
sign in (a wrong password and an unknown name get one answer), who am I, log out here and
everywhere, sessions that expire by the server's clock (injected: no sleep), passwords as
argon2 digests made again when the parameters change; a seat taken while signed in belongs
to the account, is refused to another account, and is played from a second device (another
session of the same account) without its token; a private server has none of it (404).
A "device" here is a session cookie: the test client holds one at a time.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from serverkit import get, migration_head
from test_clocks import Clock

from herna.server.accounts import COOKIE, session_hash
from herna.server.app import create_app
from herna.web import catalog

# cheap parameters: the tests hash many passwords on shared cores (the server's default
# parameters are argon2-cffi's own, checked in test_a_digest_is_made_again_*)
FAST = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
PASSWORD = "correct horse"


def words(key: str, **fields: Any) -> str:
    return catalog().t(key, "en", **fields)


@pytest.fixture
def fake() -> Clock:
    return Clock()


@pytest.fixture
def c(sqlite_db: str, fake: Clock) -> Iterator[TestClient]:
    app = create_app(sqlite_db, bot_pace=False, now=fake, clock_every=0, accounts=True,
                     session_days=1)
    app.state.accounts.hasher = FAST
    with TestClient(app) as client:
        yield client


def sign_up(c: TestClient, name: str, password: str = PASSWORD) -> str:
    """A new account; returns its session id (the cookie), which the client now holds."""
    r = c.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    assert r.json()["player"]["name"] == name
    return str(r.cookies[COOKIE])


def sign_in(c: TestClient, name: str, password: str = PASSWORD) -> str:
    c.cookies.clear()
    r = c.post("/api/account/signin", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return str(r.cookies[COOKIE])


def device(c: TestClient, session: str | None) -> None:
    """Make the client one device: the browser holding this session cookie (None: none)."""
    c.cookies.clear()
    if session is not None:
        c.cookies.set(COOKIE, session)


def me(c: TestClient) -> str | None:
    r = c.get("/api/account")
    assert r.status_code == 200, r.text
    player = r.json()["player"]
    return None if player is None else str(player["name"])


def rows(db: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, args).fetchall()


def my_table(c: TestClient, kinds: tuple[str, ...] = ("me", "easy")) -> dict[str, Any]:
    """A table made from the lobby while signed in: "me" is a seat for my account, "friend"
    a person's seat given by link, anything else a bot of that level."""
    seats = [{"kind": "human", "account": True} if k == "me" else {"kind": "human"}
             if k == "friend" else {"kind": "bot", "level": k} for k in kinds]
    r = c.post("/api/tables", json={"game": "alhambra", "players": len(kinds), "seats": seats,
                                    "seed": 7})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_sign_up_who_am_i_and_log_out(c: TestClient, sqlite_db: str) -> None:
    r = c.post("/api/account/signup", json={"name": " Ana ", "password": PASSWORD})
    assert r.status_code == 201
    cookie = r.headers["set-cookie"]
    session = r.cookies[COOKIE]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Max-Age=86400" in cookie
    assert "Secure" not in cookie  # plain http (a test, a LAN): a browser would drop it
    assert me(c) == "Ana"
    # the database holds digests only: of the password (argon2) and of the session
    ((digest, key),) = rows(sqlite_db, "SELECT password_hash, name_key FROM players")
    assert digest.startswith("$argon2id$") and PASSWORD not in digest and key == "ana"
    assert rows(sqlite_db, "SELECT id_hash FROM sessions") == [(session_hash(session),)]
    r = c.post("/api/account/logout", json={})
    assert r.status_code == 200 and r.json() == {"player": None}
    assert rows(sqlite_db, "SELECT count(*) FROM sessions") == [(0,)]
    device(c, session)  # the old cookie, kept by a browser: it signs nobody in
    assert me(c) is None


def test_names_and_passwords_refused_with_a_reason(c: TestClient) -> None:
    sign_up(c, "Ana")
    for name in ("ana", "ANA", " Ana", "ＡＮＡ"):  # one name, folded (NFKC, case)
        r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 409, name
        assert r.json()["reason"] == words("account.refuse_taken", name=name.strip())
    cases = [({"name": "", "password": PASSWORD}, "account.refuse_name_length"),
             ({"name": "x" * 33, "password": PASSWORD}, "account.refuse_name_length"),
             ({"name": 7, "password": PASSWORD}, "account.refuse_name_text"),
             ({"name": "a\u202eb", "password": PASSWORD}, "names.refuse_chars"),
             ({"name": "Ben", "password": "short"}, "account.refuse_password_length"),
             ({"name": "Ben", "password": "x" * 1025}, "account.refuse_password_length"),
             ({"name": "Ben"}, "account.refuse_password_text")]
    for body, key in cases:
        r = c.post("/api/account/signup", json=body)
        assert r.status_code == 422, body
        assert r.json()["reason"] == words(key, most=32 if "name" in key else 1024, least=8)
    assert c.post("/api/account/signup", json={"name": "x" * 32, "password": "8 chars!"}
                  ).status_code == 201
    r = c.post("/api/account/signup", content=b"name=Eve&password=12345678",
               headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 403  # what a form on another site could send
    assert r.json()["reason"] == words("account.refuse_cross_site")
    r = c.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD},
               headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["reason"] == words("account.refuse_cross_site")


def test_a_wrong_password_and_an_unknown_name_get_one_answer(c: TestClient) -> None:
    sign_up(c, "Ana")
    c.cookies.clear()
    wrong = c.post("/api/account/signin", json={"name": "Ana", "password": "not the one"})
    unknown = c.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    odd = c.post("/api/account/signin", json={"name": ["Ana"], "password": PASSWORD})
    for r in (wrong, unknown, odd):
        assert r.status_code == 401
        assert r.json() == {"reason": words("account.refuse_wrong")}
        assert COOKIE not in r.cookies
    assert me(c) is None
    sign_in(c, "ANA")  # a name signs in however it is written
    assert me(c) == "Ana"
    r = c.post("/api/account/signin", json={"name": "Ana", "password": "x", "lang": "cs"})
    assert r.json()["reason"] == catalog().t("account.refuse_wrong", "cs") != words(
        "account.refuse_wrong")


def test_a_session_expires_by_the_servers_clock(c: TestClient, fake: Clock,
                                               sqlite_db: str) -> None:
    session = sign_up(c, "Ana")
    fake.advance(86400 - 10)
    assert me(c) == "Ana"
    fake.advance(11)  # a day (session_days=1) has passed
    assert me(c) is None
    assert rows(sqlite_db, "SELECT count(*) FROM sessions") == [(0,)]  # removed
    device(c, session)
    r = c.post("/api/account/logout-everywhere", json={})
    assert r.status_code == 401 and r.json()["reason"] == words("account.refuse_signed_out")
    sign_in(c, "Ana")
    assert me(c) == "Ana"


def test_log_out_everywhere_ends_every_session(c: TestClient, sqlite_db: str) -> None:
    phone = sign_up(c, "Ana")
    laptop = sign_in(c, "Ana")
    sign_up(c, "Ben")
    ben = str(c.cookies[COOKIE])
    assert rows(sqlite_db, "SELECT count(*) FROM sessions") == [(3,)]
    device(c, laptop)
    r = c.post("/api/account/logout-everywhere", json={})
    assert r.status_code == 200 and r.json() == {"player": None, "ended": 2}
    for session, who in ((phone, None), (laptop, None), (ben, "Ben")):
        device(c, session)
        assert me(c) == who


def test_a_digest_is_made_again_when_the_parameters_change(c: TestClient,
                                                            sqlite_db: str) -> None:
    sign_up(c, "Ana")
    ((old,),) = rows(sqlite_db, "SELECT password_hash FROM players")
    assert "m=1024,t=1" in old
    c.app.state.accounts.hasher = PasswordHasher()  # type: ignore[attr-defined]
    sign_in(c, "Ana")
    ((new,),) = rows(sqlite_db, "SELECT password_hash FROM players")
    assert new != old and not PasswordHasher().check_needs_rehash(new)
    sign_in(c, "Ana")  # the new digest signs in, and is kept
    assert rows(sqlite_db, "SELECT password_hash FROM players") == [(new,)]


def test_a_seat_taken_while_signed_in_is_the_accounts(c: TestClient, sqlite_db: str) -> None:
    """My seat at a table I make, and a friend's seat opened by link while signed in, belong
    to our accounts; another account is refused them, even with their tokens; a token with no
    sign-in keeps working."""
    ana = sign_up(c, "Ana")
    made = my_table(c, ("me", "friend", "easy"))
    tid = made["id"]
    tok_ana, tok_ben = made["seats"][0]["token"], made["seats"][1]["token"]
    assert rows(sqlite_db, "SELECT seat, player_id IS NOT NULL FROM seats WHERE table_id = ? "
                           "ORDER BY seat", tid) == [(0, 1), (1, 0), (2, 0)]
    ben = sign_up(c, "Ben")
    r = c.post(f"/api/tables/{tid}/join", json={"token": tok_ben})  # Ben opens his link
    assert r.status_code == 200 and r.json()["seat"] == 1
    owners = dict(rows(sqlite_db, "SELECT seat, player_id FROM seats WHERE table_id = ?", tid))
    assert owners[0] != owners[1] and None not in (owners[0], owners[1])
    refused = words("account.refuse_seat")
    # Ben with Ana's token (a link passed on): refused for every use of the seat
    r = c.get(f"/api/tables/{tid}", params={"token": tok_ana})
    assert r.status_code == 403 and r.json()["reason"] == refused
    for path in ("actions", "undo", "hint", "name", "join"):
        r = c.post(f"/api/tables/{tid}/{path}", json={"token": tok_ana, "action": "x",
                                                      "name": "Ben"})
        assert r.status_code == 403 and r.json()["reason"] == refused, path
    with c.websocket_connect(f"/api/tables/{tid}/ws?token={tok_ana}") as ws:
        with pytest.raises(Exception) as closed:
            ws.receive_text()
        assert getattr(closed.value, "code", None) == 4403
    # ...and his own seat's, by number, is his; Ana's is not
    assert get(c, tid, seat="1")["seat"] == 1
    r = c.get(f"/api/tables/{tid}", params={"seat": "0"})
    assert r.status_code == 403 and r.json()["reason"] == words("account.refuse_not_yours")
    device(c, ana)
    r = c.post(f"/api/tables/{tid}/join", json={"token": tok_ben})
    assert r.status_code == 403 and r.json()["reason"] == refused
    device(c, None)  # the token alone, signed in nowhere: the seat is played as before
    assert get(c, tid, tok_ana)["seat"] == 0
    r = c.get(f"/api/tables/{tid}", params={"seat": "0"})
    assert r.status_code == 401 and r.json()["reason"] == words("account.refuse_signed_out")
    r = c.post(f"/api/tables/{tid}/join", json={"token": tok_ana})
    assert r.status_code == 401
    device(c, ben)
    for bad in ("7", "-1", "x", "99999"):
        r = c.get(f"/api/tables/{tid}", params={"seat": bad})
        assert r.status_code == 422 and r.json()["reason"] == words(
            "account.refuse_seat_number", most=2), bad


def test_my_tables_on_a_second_device(c: TestClient) -> None:
    """Ana starts a game on her laptop; on her phone (signed in, no token) My tables lists
    it, she opens her seat by number and moves there; the laptop's token still plays it,
    and both see the move."""
    sign_up(c, "Ana")
    made = my_table(c, ("me", "easy"))
    tid, token = made["id"], made["seats"][0]["token"]
    sign_in(c, "Ana")  # the phone: a session of its own, no token
    r = c.post("/api/my-tables", json={"tokens": []})
    assert r.status_code == 200
    (row,) = r.json()
    assert (row["id"], row["seat"], row["token"], row["account"]) == (tid, 0, None, True)
    p = get(c, tid, seat="0")
    while 0 not in p["to_act"]:
        p = get(c, tid, seat="0")
    assert p["seat"] == 0 and p["legal"]
    move = p["legal"][0]["text"]
    r = c.post(f"/api/tables/{tid}/actions",
               json={"seat": 0, "action": move, "version": p["version"]})
    assert r.status_code == 200, r.text
    assert r.json()["version"] == p["version"] + 1
    with c.websocket_connect(f"/api/tables/{tid}/ws?seat=0") as ws:
        assert '"seat":0' in ws.receive_text().replace(" ", "")
    # a cross-site request with the phone's cookie is refused (no JSON body, another Origin)
    r = c.post(f"/api/tables/{tid}/undo", content=b"seat=0",
               headers={"content-type": "text/plain"})
    assert r.status_code in (403, 422)
    r = c.post(f"/api/tables/{tid}/undo", json={"seat": 0},
               headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["reason"] == words("account.refuse_cross_site")
    device(c, None)  # the laptop, signed out: its token plays on
    assert get(c, tid, token)["version"] >= p["version"] + 1
    r = c.post("/api/my-tables", json={"tokens": [token]})
    (row,) = r.json()
    assert row["token"] == token and row["account"] is False


def test_a_private_server_has_no_accounts(sqlite_client: TestClient) -> None:
    c = sqlite_client
    off = words("account.refuse_off")
    for path in ("/api/account/signup", "/api/account/signin", "/api/account/logout",
                 "/api/account/logout-everywhere"):
        r = c.post(path, json={"name": "Ana", "password": PASSWORD})
        assert r.status_code == 404 and r.json() == {"reason": off}, path
    r = c.get("/api/account")
    assert r.status_code == 404 and r.json() == {"reason": off}
    r = c.post("/api/tables", json={"game": "alhambra", "players": 2, "seats": [
        {"kind": "human", "account": True}, {"kind": "bot"}]})
    assert r.status_code == 404 and r.json() == {"reason": off}
    made = c.post("/api/tables", json={"game": "alhambra", "players": 2, "seats": [
        {"kind": "human"}, {"kind": "bot"}]}).json()
    assert get(c, made["id"], seat="0")["seat"] is None  # `seat` means nothing here


def test_a_database_of_todays_main_upgrades_and_its_tables_resume_and_finish(
        tmp_path: Any) -> None:
    """A herna.db at revision 0007 (before accounts) with two tables in the middle of their
    games (people's seats with tokens, a bot's): upgraded to the newest revision by opening
    it, every table resumes where it was, its seats belong to no account, its tokens still
    play, and both games are played to their end."""
    import random
    from pathlib import Path

    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config
    from serverkit import play_out

    import herna
    import herna.server.store as store

    db = tmp_path / "herna.db"
    engine = store.open_engine(str(db))
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0007")
    tables = {"midalh": ("alhambra", ("human", "human"), 40),
              "midenv": ("envyra", ("human", "easy"), 12)}
    with engine.begin() as conn:
        for tid, (game, kinds, moves) in tables.items():
            conn.execute(sa.text(
                "INSERT INTO tables (id, game, players, seed, options, lang, created) VALUES "
                "(:id, :game, :n, 11, '{}', 'en', '2026-11-01 10:00:00')"),
                {"id": tid, "game": game, "n": len(kinds)})
            for i, kind in enumerate(kinds):
                conn.execute(sa.text(
                    "INSERT INTO seats (table_id, seat, kind, level, token_hash, name) "
                    "VALUES (:t, :s, :k, :lvl, :h, :name)"),
                    {"t": tid, "s": i, "k": "human" if kind == "human" else "bot",
                     "lvl": None if kind == "human" else kind, "name": f"P{i}" if
                     kind == "human" else None,
                     "h": store.token_hash(f"{tid}-tok{i}") if kind == "human" else None})
            state = herna.make(game, players=len(kinds), seed=11)
            rng = random.Random(5)
            for seq in range(moves):  # the log of a game in play, as main stored it
                seat = state.to_act()[0]
                action = rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
                conn.execute(sa.text(
                    "INSERT INTO actions (table_id, seq, seat, text, at) VALUES "
                    "(:t, :q, :s, :x, '2026-11-01 10:01:00')"),
                    {"t": tid, "q": seq, "s": seat, "x": str(action)})
            assert not state.is_over()
    engine.dispose()
    with TestClient(create_app(str(db), bot_pace=False, clock_every=0,
                               accounts=True)) as c:
        head = rows(str(db), "SELECT version_num FROM alembic_version")
        assert head == [(migration_head(),)]
        for tid, (_game, kinds, moves) in tables.items():
            tokens = [f"{tid}-tok{i}" for i, k in enumerate(kinds) if k == "human"]
            p = get(c, tid, tokens[0])
            assert p["version"] >= moves and not p["over"]
            assert [s["name"] for s in p["seats"] if s["kind"] == "human"] == [
                f"P{i}" for i, k in enumerate(kinds) if k == "human"]
            last, _ = play_out(c, tid, tokens, timeout=120)
            assert last["over"]
        assert rows(str(db), "SELECT count(*) FROM seats WHERE player_id IS NOT NULL") == [
            (0,)]
        assert rows(str(db), "SELECT count(*) FROM tables WHERE finished IS NULL") == [(0,)]


OLD_MAIN = Path(__file__).parent / "data" / "old_main_0003.db"


def _copy_old_rows(sqlite_path: Path, url: str) -> None:
    """The old SQLite database's rows in a PostgreSQL database at the same revision (0003,
    made by today's migrations, unchanged since): what moving a herna.db to PostgreSQL does."""
    from datetime import UTC, datetime

    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    import herna.server.store as store

    engine = store.open_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
    with closing(sqlite3.connect(sqlite_path)) as old, engine.begin() as conn:
        for name in ("tables", "seats", "actions"):
            cur = old.execute(f"SELECT * FROM {name}")
            cols = [d[0] for d in cur.description]
            got = [{k: datetime.fromisoformat(v).replace(tzinfo=UTC)
                    if k in ("created", "finished", "at") and v is not None else v
                    for k, v in zip(cols, row, strict=True)} for row in cur.fetchall()]
            assert got, name
            conn.execute(sa.text(f"INSERT INTO {name} ({', '.join(cols)}) VALUES "
                                 f"({', '.join(':' + k for k in cols)})"), got)
    engine.dispose()


def test_a_database_an_older_main_made_upgrades_and_its_tables_resume_and_finish(
        db: str, tmp_path: Path) -> None:
    """tests/server/data/old_main_0003.db was written by main's server at abfaaa2 (migrations
    up to 0003; made by make_old_main_db.py there): tables of each game, in the middle of
    their games with named people and bots, and two finished. Opened by today's server (on
    PostgreSQL: its rows copied into a database at 0003 first), it is upgraded to the newest
    revision; every table resumes where the old server left it, with its names and its
    players' tokens; the games in play are played to their end (people by the API, bots by
    the server) and the finished ones keep their record and get their results."""
    import json
    import shutil

    import sqlalchemy as sa
    from serverkit import play_out

    facts = json.loads(OLD_MAIN.with_suffix(".json").read_text(encoding="utf-8"))["tables"]
    assert {t["game"] for t in facts} == {"alhambra", "alhambra-rw", "ubongo", "envyra"}
    if db.startswith("postgresql"):
        _copy_old_rows(OLD_MAIN, db)
    else:
        shutil.copy(OLD_MAIN, db)
    with TestClient(create_app(db, bot_pace=False, clock_every=0, accounts=True)) as c:
        store = c.app.state.tables.store  # type: ignore[attr-defined]
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).all() \
                == [(migration_head(),)]
        for t in facts:
            tokens = [t["tokens"][k] for k in sorted(t["tokens"], key=int)]
            p = get(c, t["id"], tokens[0])
            assert (p["version"], p["over"]) == (t["version"], t["over"]), t["id"]
            assert [s.get("name") for s in p["seats"]] == t["names"]
            if t["over"]:  # the record as the old server gave it
                record = c.get(f"/api/tables/{t['id']}/record").json()
                assert [list(a) for a in record["actions"]] == t["moves"]
                assert (record["outcome"]["scores"], record["outcome"]["ranks"]) \
                    == (t["outcome"]["scores"], t["outcome"]["ranks"])
            else:
                last, _ = play_out(c, t["id"], tokens, timeout=180)
                assert last["over"], t["id"]
        # the results of every table, the old finished ones written by the sweep at start
        end = time.monotonic() + 60
        while not c.app.state.history_filled.done():  # type: ignore[attr-defined]
            assert time.monotonic() < end, "the sweep at start did not end"
            time.sleep(0.01)
        every = [tok for t in facts for tok in t["tokens"].values()]
        r = c.post("/api/history", json={"tokens": every})
        assert r.status_code == 200, r.text
        assert {g["table"] for g in r.json()["games"]} == {t["id"] for t in facts}
        for t in facts:
            if t["over"]:
                row = next(g for g in r.json()["games"] if g["table"] == t["id"])
                assert row["score"] == t["outcome"]["scores"][row["seat"]]
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM tables WHERE finished IS NULL")
                                ).scalar() == 0
            assert conn.execute(sa.text("SELECT count(*) FROM seats WHERE player_id IS NOT "
                                        "NULL")).scalar() == 0


def test_play_again_from_a_seat_opened_by_number(c: TestClient, sqlite_db: str) -> None:
    """The game played out with the laptop's token; the phone (signed in, no token) asks to
    play again by seat number: the next table's seat is the account's, with no token until
    the laptop asks with its own; both then open it."""
    from serverkit import play_out

    sign_up(c, "Ana")
    r = c.post("/api/tables", json={"game": "envyra", "players": 2, "seed": 3, "seats": [
        {"kind": "human", "account": True}, {"kind": "bot", "level": "easy"}]})
    made = r.json()
    tid, token = made["id"], made["seats"][0]["token"]
    last, _ = play_out(c, tid, [token], timeout=120)
    assert last["over"]
    phone = sign_in(c, "Ana")
    r = c.post(f"/api/tables/{tid}/again", json={"seat": 0})
    assert r.status_code == 201, r.text
    again = r.json()
    nxt = again["id"]
    assert again["token"] is None and again["url"] == f"/t/{nxt}#seat=0"
    owner = rows(sqlite_db, "SELECT player_id FROM seats WHERE table_id = ? AND seat = 0", tid)
    assert rows(sqlite_db, "SELECT player_id, token_hash FROM seats WHERE table_id = ? AND "
                           "seat = 0", nxt) == [(owner[0][0], None)]
    assert get(c, nxt, seat="0")["seat"] == 0
    device(c, None)  # the laptop, signed out: its token's next token opens the same seat
    r = c.post(f"/api/tables/{tid}/again", json={"token": token})
    assert r.status_code == 201 and r.json()["id"] == nxt
    assert get(c, nxt, r.json()["token"])["seat"] == 0
    device(c, phone)
    assert get(c, nxt, seat="0")["seat"] == 0


def test_my_history_and_rating_follow_the_account(c: TestClient) -> None:
    """A rated game Ana and Ben played on their laptops (seats taken while signed in)
    shows in Ana's history and ratings on her phone, which holds no token of it."""
    from serverkit import play_out

    sign_up(c, "Ben")
    ben = c.cookies.get(COOKIE)
    device(c, None)
    sign_up(c, "Ana")
    r = c.post("/api/tables", json={"game": "envyra", "players": 2, "seed": 7, "rated": True,
                                    "seats": [{"kind": "human", "account": True},
                                              {"kind": "human"}]})
    assert r.status_code == 201, r.text
    tid, toks = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    ana = c.cookies.get(COOKIE)
    device(c, ben)  # Ben opens his friend's link signed in: the seat becomes his
    assert c.post(f"/api/tables/{tid}/join", json={"token": toks[1]}).status_code == 200
    device(c, None)  # both play by their links' tokens
    play_out(c, tid, toks)
    device(c, ana)
    sign_in(c, "Ana")  # the phone: a session of its own, no token
    r = c.post("/api/history", json={"tokens": []})
    assert r.status_code == 200, r.text
    out = r.json()
    (game,) = out["games"]
    assert (game["table"], game["seat"], game["rated"]) == (tid, 0, True)
    assert game["rating"] is not None and game["replay"] == f"/r/{tid}?seat=0"
    assert [(r["game"], r["against"], r["games"]) for r in out["ratings"]] == [
        ("envyra", "people", 1)]
    device(c, None)  # signed out with no token: nothing
    assert c.post("/api/history", json={"tokens": []}).json()["games"] == []
