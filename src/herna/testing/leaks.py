"""The leak audit (issue 23): every byte a running server sends to each seat, searched for
what that seat may not know.

A real server (uvicorn in a thread of this process, set up as `herna serve` runs it: its
WebSocket protocol with permessage-deflate, its access log at info level behind the filter
that cuts query strings) serves whole games of each title, with bots and with human seats
played through real HTTP and WebSocket clients: a host holding two seats at one screen
(hot-seat), a friend holding one, spectators. Every response body (with its headers), every
WebSocket message as the client reads it (decompressed), every close reason and every log
record at info level is kept as a `Chunk`, stamped with the seat it was made for and the
table's versions around it. Around the play the clients make the refusals a person meets
(a stale version, an illegal or unreadable move, a move out of turn, a spectator's move, a
bad token, a wrong cover in Ubongo, the record and "play again" before the end).

Afterwards the secrets are derived from the engine's full state, replayed from the store's
log version by version (`secrets_of`): the other seats' hands, Envyra's marks while the node
is open and its secret Equilibrium cards, every cover of every Ubongo puzzle while the race
is on (a seat's own submission is its own), the deck's and the bag's order, Ubongo's pile,
the Rng's state (all future dice and draws), the seed before the end, and every token. Each
is searched in a form that cannot turn up by chance (the exact JSON a view would show with
its seat's context, the ids in order, 16+ digit numbers, the token strings). A second check
does not depend on the form: every recorded payload must equal the payload the server makes
for the same seat from a world where what the seat cannot know is resampled
(`state.determinize`), so nothing in it (drawing, log, legal moves, extra) depends on a secret.

`audit(plans)` runs it and returns a `Report` (figures and findings); `python -m
herna.testing.leaks` runs whole games of each title at several player counts (`make leaks`).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import random
import re
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

import herna
from herna.core import State

# a secret's "fresh" window: an item is looked for in chunks made up to this many versions
# after the engine last held it (a stale cache would show the table as it was a move ago)
LAG = 3
# a person asks for a hint (where the payload offers one) at every HINT_EVERY-th version
HINT_EVERY = 5
# the most covers of one Ubongo puzzle searched for (easy puzzles have a handful)
MAX_COVERS = 400
BIG = 10**12  # numbers this large are searched as bare digits (no chance match)


# ----- what was sent ------------------------------------------------------------------------
@dataclass
class Chunk:
    """Bytes one client was sent (or one log record), and for whom they were made."""

    table: str | None  # None: a log record (checked against every table)
    seat: int | None  # the seat the request or socket was made as; None: spectator or log
    channel: str  # "http", "ws", "close", "log"
    what: str  # the request, for a finding's report
    text: str
    lo: int  # the table's version before the request (a payload: its own version)
    hi: int  # the table's version after the answer
    allowed: frozenset[str] = frozenset()  # tokens this answer may hold (its own client's)
    versions: dict[str, int] | None = None  # a log record: every live table's version


@dataclass
class Secret:
    """One hidden fact of a table, in the forms a leak of it would take.

    It is hidden from every seat but `owner` (None: from everyone) at versions
    since..reveal-1, its owner seeing it from `owner_since`; `last` is the last version
    the engine held it (a chunk made more than LAG versions later is not searched for it)."""

    table: str
    kind: str
    forms: tuple[str | re.Pattern[str], ...]
    since: int
    last: int
    reveal: int
    owner: int | None = None
    owner_since: int = 0

    def current(self, chunk: Chunk) -> bool:
        return self.since <= chunk.hi < self.reveal and self.last >= chunk.lo - LAG

    def hidden_from(self, chunk: Chunk) -> bool:
        if not self.current(chunk):
            return False
        if self.owner is None or chunk.seat != self.owner:
            return True
        return chunk.hi < self.owner_since

    def shown_to_owner(self, chunk: Chunk) -> bool:
        """A chunk its owner was sent while it held the secret: where the form should
        show (the audit's check that its forms are the ones the server writes)."""
        return self.owner is not None and chunk.seat == self.owner and chunk.channel != "log" \
            and self.owner_since <= chunk.lo and self.current(chunk)

    def find(self, text: str) -> int:
        for form in self.forms:
            if isinstance(form, re.Pattern):
                m = form.search(text)
                if m:
                    return m.start()
            else:
                at = text.find(form)
                if at >= 0:
                    return at
        return -1


@dataclass
class Finding:
    table: str | None
    kind: str
    channel: str
    what: str
    seat: int | None
    detail: str

    def line(self) -> str:
        who = "spectator/log" if self.seat is None else f"seat {self.seat}"
        return f"{self.kind} in {self.channel} {self.what} ({who}, table {self.table}): " \
               f"{self.detail}"


@dataclass
class Report:
    games: dict[str, int] = field(default_factory=dict)  # title -> games played to the end
    unfinished: int = 0  # tables stopped after a plan's `moves`
    tables: dict[str, Plan] = field(default_factory=dict)  # each table audited, by id
    chunks: dict[str, int] = field(default_factory=dict)  # channel -> count
    bytes: dict[str, int] = field(default_factory=dict)  # channel -> bytes (decompressed)
    secrets: dict[str, int] = field(default_factory=dict)  # kind -> distinct secrets
    forms: int = 0
    distinct: int = 0  # distinct chunks searched (the same bytes for the same seat: once)
    owner_seen: dict[str, int] = field(default_factory=dict)  # kind -> chunks its owner saw
    searches: int = 0  # (chunk, secret form) pairs searched
    payloads_resampled: int = 0  # payloads compared with a resampled world's
    hints_resampled: int = 0  # hints compared with the hint of a resampled world
    refusals: int = 0
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        lines = [
            f"leak audit: {sum(self.games.values())} games "
            f"({', '.join(f'{g} {n}' for g, n in sorted(self.games.items()))}) "
            f"and {self.unfinished} unfinished tables in {self.seconds:.0f} s",
            "  recorded: " + ", ".join(
                f"{c} {self.chunks.get(c, 0):,} ({self.bytes.get(c, 0):,} bytes)"
                for c in ("http", "ws", "close", "log")),
            f"  distinct chunks searched: {self.distinct:,}; refusals answered: "
            f"{self.refusals:,}",
            f"  secrets: {sum(self.secrets.values()):,} ("
            + ", ".join(f"{k} {n:,}" for k, n in sorted(self.secrets.items()))
            + f"), {self.forms:,} forms, {self.searches:,} searches",
            "  seen by their own seat (as they should be): " + ", ".join(
                f"{k} {n:,}" for k, n in sorted(self.owner_seen.items())),
            f"  payloads compared with a resampled world: {self.payloads_resampled:,}; "
            f"hints: {self.hints_resampled:,}",
            f"  found: {len(self.findings)}",
        ]
        seen: set[str] = set()
        for f in self.findings:
            line = f.line()
            if line not in seen and len(seen) < 40:
                seen.add(line)
                lines.append("    " + line)
        return "\n".join(lines)


# ----- the server, as `herna serve` runs it ---------------------------------------------------
class LogTap(logging.Handler):
    """Every record the server writes at info level or above, as text, with the version of
    every live table when it was written (a log record is checked like a spectator's bytes)."""

    def __init__(self, tables: Any) -> None:
        super().__init__(logging.INFO)
        self.tables = tables
        self.chunks: list[Chunk] = []
        self.guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        versions = {tid: t.version for tid, t in list(self.tables.live.items())}
        with self.guard:
            self.chunks.append(Chunk(None, None, "log", record.name, text, 0, 0,
                                     versions=versions))


@contextlib.contextmanager
def running_server(db: str) -> Iterator[tuple[str, Any, LogTap]]:
    """`create_app(db, bot_pace=False)` under uvicorn on a free 127.0.0.1 port in a thread,
    configured as `herna serve` configures it (cli.serve): info level with its access log,
    the query-string filter on uvicorn's loggers, Herna's WebSocket protocol, compression."""
    import uvicorn

    from herna.cli import _NoQuery
    from herna.server.app import create_app
    from herna.server.wsproto import protocol

    from .fuzz import free_port

    app = create_app(db, bot_pace=False)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info",
                            log_config=None, access_log=True, ws=protocol(),
                            ws_ping_interval=20, ws_per_message_deflate=True, lifespan="on")
    server = uvicorn.Server(config)
    tap = LogTap(app.state.tables)
    no_query = _NoQuery()
    filtered = [logging.getLogger(n) for n in ("uvicorn.access", "uvicorn.error")]
    for lg in filtered:
        lg.addFilter(no_query)
    tapped = [logging.getLogger(n) for n in ("uvicorn", "herna")]
    saved = [(lg, lg.propagate, lg.level) for lg in tapped]
    for lg in tapped:
        lg.addHandler(tap)
        lg.propagate = False
        lg.setLevel(logging.INFO)
    thread = threading.Thread(target=server.run, name="herna-leaks-server", daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 60
        while not server.started:
            if not thread.is_alive() or time.monotonic() > end:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}", app, tap
    finally:
        server.should_exit = True
        thread.join(60)
        for lg in filtered:
            lg.removeFilter(no_query)
        for lg, propagate, level in saved:
            lg.removeHandler(tap)
            lg.propagate = propagate
            lg.setLevel(level)


# ----- the clients ----------------------------------------------------------------------------
class Socket:
    """One WebSocket as the page opens it (`?token=&lang=`), read to its end in a thread;
    each message is kept as the client reads it (permessage-deflate undone)."""

    def __init__(self, url: str, table: str, seat: int | None, sink: Callable[[Chunk], None],
                 what: str, version: Callable[[], int]) -> None:
        from websockets.sync.client import connect

        self.table, self.seat, self.sink, self.what, self.version = \
            table, seat, sink, what, version
        # a connection held open for the table's whole game, closed by `close`
        self.ws = connect(url, compression="deflate", max_size=2**24, open_timeout=30)
        self.ws.__enter__()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                msg = self.ws.recv()
                text = msg if isinstance(msg, str) else msg.decode()
                v = _version_of(text)
                lo = v if v is not None else self.version()
                self.sink(Chunk(self.table, self.seat, "ws", self.what, text, lo,
                                v if v is not None else self.version()))
        except ConnectionClosed as e:
            if e.rcvd is not None:
                v = self.version()
                self.sink(Chunk(self.table, self.seat, "close", self.what,
                                f"{e.rcvd.code} {e.rcvd.reason}", v, v))
        except Exception as e:  # a reader that dies must say so, not hide a frame
            self.sink(Chunk(self.table, self.seat, "close", self.what, f"error {e!r}", 0, 0))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        self.thread.join(30)


def _version_of(text: str) -> int | None:
    """A payload's own version (an answer that is one, or a 409 that carries one)."""
    if not text.startswith("{"):
        return None
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if isinstance(data, dict):
        if isinstance(data.get("table"), dict):
            data = data["table"]
        v = data.get("version")
        if isinstance(v, int) and "view" in data:
            return v
    return None


def http_text(r: Any) -> str:
    """An answer as the client gets it: its headers, a blank line, its body."""
    head = "".join(f"{k}: {v}\n" for k, v in r.headers.items())
    return f"{head}\n{r.text}"


def chunk_key(c: Chunk) -> tuple[Any, ...]:
    """Chunks with one key are the same bytes made for the same seat at the same versions
    (a payload pushed to two sockets, or asked for twice): searched once."""
    return (c.table, c.seat, c.channel == "log", c.lo, c.hi, c.allowed,
            hashlib.blake2b(c.text.encode(), digest_size=16).digest())


class Recorder:
    """The HTTP side of every client, and the one list every byte sent to them goes to
    (each distinct chunk kept once; all of them counted)."""

    def __init__(self, base: str, app: Any) -> None:
        import httpx

        self.base = base
        self.app = app
        self.http = httpx.Client(base_url=base, timeout=60)
        self.chunks: list[Chunk] = []
        self.seen: set[tuple[Any, ...]] = set()
        self.counts: dict[str, int] = {}
        self.bytes: dict[str, int] = {}
        self.guard = threading.Lock()
        self.sockets: list[Socket] = []
        self.refusals = 0

    def add(self, chunk: Chunk) -> None:
        key = chunk_key(chunk)
        size = len(chunk.text.encode())
        with self.guard:
            self.counts[chunk.channel] = self.counts.get(chunk.channel, 0) + 1
            self.bytes[chunk.channel] = self.bytes.get(chunk.channel, 0) + size
            if key not in self.seen:
                self.seen.add(key)
                self.chunks.append(chunk)

    def take(self, tables: set[str | None]) -> list[Chunk]:
        """The chunks kept for these tables, handed over and forgotten here."""
        with self.guard:
            mine = [c for c in self.chunks if c.table in tables]
            self.chunks = [c for c in self.chunks if c.table not in tables]
        return mine

    def version(self, table: str | None) -> int:
        t = self.app.state.tables.live.get(table) if table else None
        return t.version if t is not None else 0

    def request(self, method: str, path: str, table: str | None, seat: int | None,
                allowed: frozenset[str] = frozenset(), **kw: Any) -> Any:
        lo = self.version(table)
        r = self.http.request(method, path, **kw)
        hi = self.version(table)
        text = http_text(r)
        v = _version_of(r.text)
        if v is not None:
            lo = hi = v
        if r.status_code >= 400:
            self.refusals += 1
        shown = path.split("?", 1)[0]
        self.add(Chunk(table, seat, "http", f"{method} {shown} -> {r.status_code}", text,
                       lo, hi, allowed))
        return r

    def socket(self, table: str, seat: int | None, token: str | None, lang: str) -> Socket:
        q = f"?lang={lang}" + (f"&token={token}" if token else "")
        url = self.base.replace("http", "ws", 1) + f"/api/tables/{table}/ws{q}"
        s = Socket(url, table, seat, self.add, f"WS /api/tables/{table}/ws",
                   lambda: self.version(table))
        self.sockets.append(s)
        return s

    def close_sockets(self, table: str | None = None) -> None:
        """Close the sockets of one table (None: all) and wait for their last messages."""
        for s in [s for s in self.sockets if table is None or s.table == table]:
            s.close()
            self.sockets.remove(s)

    def close(self) -> None:
        self.close_sockets()
        self.http.close()


# ----- playing ----------------------------------------------------------------------------------
@dataclass
class Plan:
    """One table: the title, its seats ("host" and "friend" are people: the host holds its
    seats at one screen; a level is a bot), options, seed, language, spectators, and whether
    its players play again once (the next table, with a seed the server draws, is audited
    too)."""

    game: str
    seats: tuple[str, ...]
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    lang: str = "en"
    spectators: int = 1
    again: bool = False
    moves: int | None = None  # stop after this many moves (the table stays unfinished)
    probes: float = 0.15  # the chance of a refusal before a person's move


def ubongo_cover(view: dict[str, Any]) -> str | None:
    """A real cover of this seat's puzzle found from its own view, as a client posts it."""
    from herna.games.ubongo import solutions

    me = view["seats"][view["seat"]]
    if view["phase"] != "race" or me["submission"] is not None or not me["card"]:
        return None
    sol = next(iter(solutions(me["card"]["outline"]["text"], me["pieces"])), None)
    if sol is None:
        return "pass"
    parts = " ".join(f"{p.piece}{p.orientation}@{p.row},{p.col}" for p in sol)
    return f"solve {parts} in 1"


def choose(p: dict[str, Any], rng: random.Random) -> str | None:
    if p["game"] == "ubongo":
        cover = ubongo_cover(p["view"])
        if cover is not None:
            return cover
    legal = [m["text"] for m in p["legal"]]
    plain = [t for t in legal if not t.startswith("adjust")] or legal
    return rng.choice(plain) if plain else None


class Player:
    """The people at one table: the host's seats (hot-seat), the friend's, the spectators."""

    def __init__(self, rec: Recorder, plan: Plan, rng: random.Random) -> None:
        self.rec, self.plan, self.rng = rec, plan, rng
        self.tokens: dict[int, str] = {}
        self.table = ""
        self.all_tokens: list[str] = []

    # a token travels as a person's client sends it: body, Bearer header or ?token=
    def _auth(self, token: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        way = self.rng.randrange(3)
        if body is not None and way == 0:
            return {"json": {**body, "token": token}}
        if way == 1:
            return {"json": body, "headers": {"authorization": f"Bearer {token}"}} \
                if body is not None else {"headers": {"authorization": f"Bearer {token}"}}
        return {"json": body, "params": {"token": token}} if body is not None \
            else {"params": {"token": token}}

    def create(self) -> None:
        plan = self.plan
        seats = [{"kind": "human", "name": f"{k.title()} {i + 1}"} if k in ("host", "friend")
                 else {"kind": "bot", "level": k} for i, k in enumerate(plan.seats)]
        body: dict[str, Any] = {"game": plan.game, "players": len(seats), "seats": seats,
                                "options": plan.options, "lang": plan.lang}
        if plan.seed is not None:
            body["seed"] = plan.seed
        r = self.rec.http.post("/api/tables", json=body)  # recorded below, with its tokens
        assert r.status_code == 201, r.text
        made = r.json()
        self.table = made["id"]
        toks = [s["token"] for s in made["seats"]]
        self.rec.add(Chunk(self.table, None, "http", "POST /api/tables -> 201 (the host's)",
                           http_text(r), 0, 0, frozenset(t for t in toks if t)))
        self.tokens = {i: t for i, t in enumerate(toks) if t}
        self.all_tokens = [t for t in toks if t]

    def get(self, seat: int | None) -> dict[str, Any]:
        kw = self._auth(self.tokens[seat]) if seat is not None else {}
        params = kw.setdefault("params", {})
        if self.rng.random() < 0.2:
            params["lang"] = self.rng.choice(["en", "cs", "sk"])
        r = self.rec.request("GET", f"/api/tables/{self.table}", self.table, seat, **kw)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def post(self, seat: int | None, action: Any, version: int | None) -> Any:
        body: dict[str, Any] = {"action": action}
        if version is not None:
            body["version"] = version
        kw = self._auth(self.tokens[seat], body) if seat is not None else {"json": body}
        return self.rec.request("POST", f"/api/tables/{self.table}/actions", self.table,
                                seat, **kw)

    def probe(self, seat: int, p: dict[str, Any]) -> None:
        """One of the refusals a person meets, at random; its answer is recorded like any."""
        t, rec = self.table, self.rec
        kind = self.rng.randrange(10)
        legal = [m["text"] for m in p["legal"]]
        if kind == 0 and p["version"] > 0:
            self.post(seat, legal[0] if legal else "pass", p["version"] - 1)  # 409 + payload
        elif kind == 1:
            self.post(seat, self.rng.choice(["nonsense", "buy 9 q9", "mark z9", "solve"]),
                      p["version"])
        elif kind == 2:
            others = [s for s in self.tokens if s not in p["to_act"]]
            if others and legal:  # a move of the seat to act, posted by a seat that is not
                self.post(others[0], legal[0], p["version"])
        elif kind == 3:
            self.post(None, legal[0] if legal else "pass", p["version"])  # a spectator's
        elif kind == 4:
            rec.request("GET", f"/api/tables/{t}", t, None,
                        params={"token": "x" * 24})
        elif kind == 5:
            rec.request("GET", f"/api/tables/{t}/record", t, None)
        elif kind == 6:
            rec.request("POST", f"/api/tables/{t}/again", t, seat,
                        **self._auth(self.tokens[seat], {}))
        elif kind == 7:
            rec.request("GET", f"/api/tables/{t}", t, seat, params={"lang": "xx"})
        elif kind == 8 and p["game"] == "ubongo" and p["view"]["phase"] == "race":
            pieces = p["view"]["seats"][seat]["pieces"]
            if pieces:  # a cover that covers nothing: the engine says why
                wrong = " ".join(f"{x}0@0,0" for x in pieces)
                self.post(seat, f"solve {wrong} in 1", p["version"])
        elif kind == 9:
            with contextlib.suppress(Exception):
                rec.socket(t, None, "y" * 24, "en").thread.join(10)  # closed 4403

    def hint(self, seat: int, version: int) -> Any:
        """Ask what the hard bot would play (its answer is searched like any, and compared
        with the hint of a resampled world: `resampled`)."""
        return self.rec.request("POST", f"/api/tables/{self.table}/hint", self.table, seat,
                                json={"token": self.tokens[seat], "version": version})

    def play(self, budget: float = 300.0) -> None:
        """Every person's seat plays from its own payload until the game is over."""
        rec, plan = self.rec, self.plan
        for held, token in self.tokens.items():
            rec.socket(self.table, held, token, plan.lang)
        for _ in range(plan.spectators):
            rec.socket(self.table, None, None, self.rng.choice(["en", "cs", "sk"]))
        end = time.monotonic() + budget
        while True:
            acted = False
            seats: list[int | None] = list(self.tokens) or [None]
            for seat in seats:
                p = self.get(seat)
                if p["over"] or (plan.moves is not None and p["version"] >= plan.moves):
                    return
                if seat is None:
                    continue
                text = choose(p, self.rng)
                if text is None:
                    continue
                if p.get("hint") and p["version"] % HINT_EVERY == 0:
                    self.hint(seat, p["version"])
                if self.rng.random() < plan.probes:
                    self.probe(seat, p)
                r = self.post(seat, text, p["version"])
                assert r.status_code in (200, 409), (text, r.status_code, r.text)
                acted = True
            if plan.spectators and self.rng.random() < 0.1:
                self.get(None)
            if time.monotonic() > end:
                raise AssertionError(f"table {self.table} ({plan.game}) not over after "
                                     f"{budget:.0f} s")
            if not acted:  # bots are thinking (a spectator alone looks less often)
                time.sleep(0.01 if self.tokens else 0.05)

    def after(self) -> list[tuple[str, dict[int, str]]]:
        """The end: the record, my tables, and "play again" for each person (the next
        tables' tokens: each person's own)."""
        t, rec = self.table, self.rec
        if self.plan.moves is not None:
            return []
        rec.request("GET", f"/api/tables/{t}/record", t, None)
        for seat, tok in self.tokens.items():
            rec.request("POST", "/api/my-tables", None, seat, frozenset([tok]),
                        json={"tokens": [tok, "z" * 24]})
        nxt: dict[int, str] = {}
        nid = ""
        if self.plan.again:
            for seat, tok in self.tokens.items():
                lo = rec.version(t)
                r = rec.http.post(f"/api/tables/{t}/again", json={"token": tok})
                assert r.status_code == 201, r.text
                made = r.json()
                nid, nxt[seat] = made["id"], made["token"]
                rec.add(Chunk(t, seat, "http", f"POST /api/tables/{t}/again -> 201", http_text(r),
                              lo, rec.version(t), frozenset([made["token"]])))
        return [(nid, nxt)] if nxt else []


# ----- the secrets --------------------------------------------------------------------------
def _j(x: Any) -> str:
    return orjson.dumps(x).decode()


def _jspaced(x: Any) -> str:
    return json.dumps(x, ensure_ascii=False)


def _list_forms(ids: list[int], least: int = 5) -> list[str]:
    """A hidden order of ids (deck, bag, pile): the whole list, exactly, as JSON."""
    if len(ids) < least:
        return []
    return [_j(ids), _jspaced(ids)]


def _seed_forms(seed: int) -> list[str]:
    forms = [f'"seed":{seed}', f'"seed": {seed}', f"seed={seed}", f"seed {seed}"]
    if seed >= BIG:
        forms.append(str(seed))
    return forms


def _prefix(entry: dict[str, Any], upto: str) -> str:
    """A view's seat entry as JSON up to and including key `upto` (the seat's context
    comes first: `{"seat":1,...`), the form a leaked entry takes on the wire."""
    out = {}
    for k, v in entry.items():
        out[k] = v
        if k == upto:
            break
    return _j(out)[:-1]


def state_secrets(game: str, s: State, v: int) -> list[tuple[str, int | None, list[str]]]:
    """What the engine holds at version `v` that some seat may not know: (kind, the one seat
    that may, forms). Read from the full state, per title (each game's view.py says what it
    hides)."""
    out: list[tuple[str, int | None, list[str]]] = []
    n = s.num_players
    rng_state = getattr(getattr(s, "rng", None), "state", None)
    if isinstance(rng_state, int) and rng_state >= BIG:
        out.append(("future chance (Rng state)", None,
                    [str(rng_state), hex(rng_state), f"{rng_state:x}"]))
    st: Any = s
    if game == "alhambra":
        from herna.games.alhambra.view import card_json, tile_json

        if not st.options.get("open_money"):
            for q in range(n):
                if st.hands[q]:
                    entry = s.view(q)["seats"][q]
                    out.append(("hand", q, [_prefix(entry, "hand")]))
        out.append(("deck order", None, _list_forms(list(st.deck))
                    + ([_j([card_json(c) for c in st.deck[-6:][::-1]])]
                       if len(st.deck) >= 6 and max(st.deck[-6:]) < 36 else [])))
        out.append(("bag order", None, _list_forms(list(st.bag))
                    + ([_j([tile_json(t) for t in st.bag[-5:][::-1]])]
                       if len(st.bag) >= 5 else [])))
    elif game == "alhambra-rw":
        from herna.games.alhambra_rw import rules as rw

        twin = st.copy()
        dice = [rw.roll(twin) for _ in range(12)]
        out.append(("future dice", None, [_j(dice), _jspaced(dice)]))
        if st.dice_left and st.dice_pool >= 10**6:
            out.append(("future dice", None, [f":{st.dice_pool}", f" {st.dice_pool}"]))
    elif game == "envyra":
        from herna.games.envyra import rules as ev
        from herna.games.envyra.data import CARDS
        from herna.games.envyra.view import card_json as eq_card

        if st.phase == ev.MARKING:
            for q in range(n):
                if st.marked[q]:
                    entry = s.view(q)["seats"][q]
                    out.append(("sealed mark", q, [_prefix(entry, "board")]))
        if st.phase != ev.OVER:
            for q, c in enumerate(st.eq_secret):
                card = {**eq_card(c), "done": all(st.symbols[q][x] for x in
                                                  CARDS[c].symbols)}
                out.append(("secret Equilibrium card", q, [_j(card), _jspaced(card)]))
        out.append(("bag order", None, _list_forms(list(st.bag))))
    elif game == "ubongo":
        out.append(("deck order", None, _list_forms(list(st.pile))))
    return out


def ubongo_covers(s: State, last: State) -> list[tuple[int, str, list[str], int | None]]:
    """During a race: every cover of every seat's puzzle (the puzzle's answers), each as the
    notation and the JSON a submission shows; with the seat that submits it in this race
    (`last`: the race's last state), if one does."""
    from herna.games.ubongo import rules as ub
    from herna.games.ubongo import solutions

    st: Any = s
    last_state: Any = last
    if st.phase != ub.RACE:
        return []
    out: list[tuple[int, str, list[str], int | None]] = []
    for q in range(s.num_players):
        pz = ub.puzzle(st, q)
        if not pz:
            continue
        card = s.view(q)["seats"][q]["card"]
        sent = last_state.submissions[q]
        sent_text = getattr(sent, "placements", None)
        for k, sol in enumerate(solutions(card["outline"]["text"], list(pz[1]))):
            if k >= MAX_COVERS:
                break
            placed = sorted((p.piece, p.orientation, p.row, p.col) for p in sol)
            text = " ".join(f"{a}{o}@{r},{c}" for a, o, r, c in placed)
            mine = q if sent_text is not None and tuple(placed) == tuple(sent_text) else None
            out.append((q, text, [text, _j([list(p) for p in placed])], mine))
    return out


def _phase(state: State) -> Any:
    st: Any = state
    return st.phase


def _submitted(state: State, seat: int) -> Any:
    """A seat's sealed Ubongo submission in this state, or None."""
    st: Any = state
    return st.submissions[seat]


def _keeps_open(states: list[State], i: int, actions: list[tuple[int, str]]) -> bool:
    """Whether move i left its simultaneous node open (the server's `Step.keeps_node_open`)."""
    seat = actions[i][0]
    before, after = states[i].to_act(), states[i + 1].to_act()
    rest = tuple(s for s in before if s != seat)
    return bool(after) and after == rest


def _sealed_line(i: int, seat: int) -> re.Pattern[str]:
    """Log line `i` of `seat` in any form but the sealed one (`"sealed":true` and the
    catalog's words, in any of the languages): its text, or words that tell it."""
    from herna.i18n import LANGUAGES
    from herna.web import catalog

    sealed = "|".join(re.escape(_j(catalog().t("log.sealed", lang))) for lang in LANGUAGES)
    return re.compile(rf'"seq":{i},"seat":{seat},"who":"(?:[^"\\]|\\.)*",'
                      rf'(?!"sealed":true,"words":(?:{sealed})}})')


def secrets_of(store: Any, table: str, reveal_at: int | None = None) -> tuple[
        list[Secret], list[State]]:
    """Every hidden item of a table, from its log replayed version by version (the engine's
    full state at each), and the states themselves (for the resampled payloads)."""
    row = store.load(table)
    state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
    states = [state.copy()]
    for seat, text in row.actions:
        state.apply(seat, text)
        states.append(state.copy())
    end = len(states) - 1 if states[-1].is_over() else len(states) + 10**9
    if reveal_at is not None:
        end = reveal_at
    items: dict[tuple[Any, ...], Secret] = {}
    gone: list[Secret] = []

    def note(kind: str, owner: int | None, forms: Sequence[str | re.Pattern[str]], v: int,
             reveal: int,
             owner_since: int = 0) -> None:
        if not forms:
            return
        key = (kind, owner, tuple(forms))
        got = items.get(key)
        if got is not None and got.last + 1 == v:
            got.last = v
            return
        if got is not None:  # held again after a gap (the same mark a round later): anew
            gone.append(got)
        items[key] = Secret(table, kind, tuple(forms), v, v, reveal, owner, owner_since)

    note("seed", None, _seed_forms(row.seed), 0, end)
    for i, (seat, _text) in enumerate(row.actions):
        closed = i  # the first move at or after i that does not leave the node open
        while closed < len(row.actions) and _keeps_open(states, closed, row.actions):
            closed += 1
        if closed > i:  # move i is sealed at versions i+1..closed: its line must say so
            note("sealed choice (log)", seat, [_sealed_line(i, seat)], i + 1, closed + 1)
    node_end: dict[int, int] = {}  # Ubongo: each race's first version after it
    if row.game == "ubongo":
        from herna.games.ubongo import rules as ub

        closes = end
        for v in range(len(states) - 1, -1, -1):
            if _phase(states[v]) != ub.RACE:
                closes = v
            node_end[v] = closes
    for v, s in enumerate(states):
        if v >= end:
            break
        for kind, owner, forms in state_secrets(row.game, s, v):
            # sealed marks are public once the node closes: revealed at their last + 1
            note(kind, owner, forms, v, end)
        last = states[node_end[v] - 1] if node_end.get(v, 0) > v else s
        for q, _text, forms, mine in ubongo_covers(s, last):
            sent_at = 0
            if mine is not None:  # its owner sees it from the version its submission made
                sent_at = v
                while _submitted(states[sent_at], q) is None:
                    sent_at += 1
            note("Ubongo cover", mine, forms, v, node_end.get(v, end), sent_at)
    out = gone + list(items.values())
    for sec in out:
        if sec.kind == "sealed mark":
            sec.reveal = sec.last + 1
    return out, states


# ----- the search -------------------------------------------------------------------------------
def search(chunks: list[Chunk], secrets: dict[str, list[Secret]], tokens: dict[str, str],
           report: Report) -> None:
    """Each chunk against every secret hidden from its seat at its versions, and every token
    it may not hold (a log may hold none)."""
    for c in chunks:
        report.distinct += 1
        for tok, owner_table in tokens.items():
            report.searches += 1
            if tok in c.text and tok not in c.allowed:
                report.findings.append(Finding(c.table or owner_table, "token", c.channel,
                                               c.what, c.seat,
                                               f"a token of table {owner_table}"))
        if c.channel == "log":
            for tid, v in (c.versions or {}).items():
                _search_one(Chunk(tid, None, "log", c.what, c.text, v, v),
                            secrets.get(tid, []), report)
        elif c.table is not None:
            _search_one(c, secrets.get(c.table, []), report)


def _search_one(c: Chunk, items: list[Secret], report: Report) -> None:
    for sec in items:
        if sec.shown_to_owner(c):
            if sec.find(c.text) >= 0:
                report.owner_seen[sec.kind] = report.owner_seen.get(sec.kind, 0) + 1
            continue
        if not sec.hidden_from(c):
            continue
        report.searches += len(sec.forms)
        at = sec.find(c.text)
        if at >= 0:
            report.findings.append(Finding(
                c.table, sec.kind, c.channel, c.what, c.seat,
                f"version {c.lo}-{c.hi}, hidden {sec.since}-{sec.reveal - 1} from "
                f"{'all' if sec.owner is None else f'all but seat {sec.owner}'}: "
                f"...{c.text[max(0, at - 40):at + 80]!r}..."))


def resampled(store: Any, table: str, states: list[State], chunks: list[Chunk],
              report: Report, every: int = 1) -> None:
    """Every recorded payload of the table, before the end, must be the payload the server
    makes for its seat from a world where what that seat cannot know is resampled: then
    nothing sent (the drawing, the log, `legal`, `extra`) depends on a secret, whatever
    form a leak would take. So must every hint: the hard bot's move and its estimate of the
    seat's chances, worked out again from the resampled world."""
    from herna.i18n import speaking
    from herna.server import botproc, hints, undo, words
    from herna.server.tables import Step, Table

    row = store.load(table)
    row.next_id = None
    steps: list[Step] = []
    for v in range(1, len(states)):
        seat, text = row.actions[v - 1]
        quiet = undo.chance_mark(row.game, states[v - 1]) == undo.chance_mark(row.game, states[v])
        steps.append(Step(seat, text, states[v - 1].to_act(), states[v].to_act(), seq=v - 1,
                          quiet=quiet))
    done: set[tuple[int | None, str, int]] = set()
    for c in chunks:
        if c.table != table or c.channel not in ("http", "ws") or c.lo != c.hi:
            continue
        body = c.text.partition("\n\n")[2] if c.channel == "http" else c.text
        try:
            sent = orjson.loads(body)
        except orjson.JSONDecodeError:
            continue
        if isinstance(sent, dict) and isinstance(sent.get("table"), dict):
            sent = sent["table"]
        if isinstance(sent, dict) and "chance" in sent and "action" in sent \
                and c.seat is not None and isinstance(sent.get("version"), int):
            v, seat = sent["version"], c.seat
            world = states[v].determinize(seat, random.Random(v * 11 + seat))
            again = botproc.advise(world, seat, hints.bot_seed(table, v, seat))
            report.hints_resampled += 1
            if (again.text, again.chance) != (sent["action"], sent["chance"]):
                report.findings.append(Finding(
                    table, "depends on hidden state", c.channel, c.what, seat,
                    f"version {v}: the hint {sent['action']} ({sent['chance']}) differs from "
                    f"a resampled world's, {again.text} ({again.chance})"))
            continue
        if not isinstance(sent, dict) or "view" not in sent or sent.get("over"):
            continue
        v, seat, lang = sent["version"], sent["seat"], sent["lang"]
        if (seat, lang, v) in done or v % every:
            continue
        done.add((seat, lang, v))
        world = states[v].determinize(seat, random.Random(v * 7 + (seat or 0)))
        # the world's own moves where it resampled them (Ubongo's sealed covers)
        moves = [Step(st.seat, str(world.history[i][1]), st.before, st.after, seq=st.seq,
                      quiet=st.quiet) for i, st in enumerate(steps[:v])]
        t = Table(row=row, state=world, steps=moves)
        with speaking(lang):
            made = orjson.loads(orjson.dumps(words.payload(t, seat, lang)))
        keep = sent.get("log_keep", 0)
        sent = {k: x for k, x in sent.items() if k not in ("clock", "clocks", "log_keep")}
        if isinstance(keep, int) and keep and isinstance(made.get("log"), list):
            made["log"] = made["log"][keep:]  # the lines the socket had (compared then)
        if isinstance(made.get("areas"), list) and isinstance(sent.get("areas"), list) \
                and len(made["areas"]) == len(sent["areas"]):
            # a push leaves out the drawings its socket's last one carried (the same key:
            # the same drawing, compared when it was sent)
            made["areas"] = [{k: x for k, x in m.items() if k != "svg" or "svg" in s}
                             for m, s in zip(made["areas"], sent["areas"], strict=True)]
        report.payloads_resampled += 1
        if made != sent:
            keys = sorted(k for k in set(made) | set(sent) if made.get(k) != sent.get(k))
            report.findings.append(Finding(
                table, "depends on hidden state", c.channel, c.what, seat,
                f"version {v}: the payload differs from a resampled world's in {keys}"))


# ----- the whole audit ----------------------------------------------------------------------
def audit(plans: list[Plan], db: str | None = None, seed: int = 1,
          resample_every: int = 1, budget: float = 300.0, progress: bool = False) -> Report:
    """Serve, play every plan to its end (and its next table, for plans that play again),
    then search what was sent. `resample_every`: compare every k-th version's payloads with
    a resampled world's (1: all)."""
    started = time.monotonic()
    report = Report()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="herna-leaks-") as tmp, \
            running_server(db or str(Path(tmp) / "leaks.db")) as (base, app, tap):
        rec = Recorder(base, app)
        store = app.state.tables.store
        tokens: dict[str, str] = {}
        secrets: dict[str, list[Secret]] = {}

        def check(ids: list[tuple[str, str]]) -> None:
            """Search what the tables' seats were sent, then forget it (only their secrets are
            kept, for the log records still to come)."""
            chunks = rec.take({tid for tid, _game in ids})
            for tid, game in ids:
                secrets[tid], states = secrets_of(store, tid)
                if states[-1].is_over():
                    report.games[game] = report.games.get(game, 0) + 1
                else:
                    report.unfinished += 1
                for sec in secrets[tid]:
                    report.secrets[sec.kind] = report.secrets.get(sec.kind, 0) + 1
                    report.forms += len(sec.forms)
                resampled(store, tid, states, chunks, report, resample_every)
            search(chunks, secrets, tokens, report)

        try:
            for plan in plans:
                player = Player(rec, plan, random.Random(rng.random()))
                player.create()
                for tok in player.all_tokens:
                    tokens[tok] = player.table
                report.tables[player.table] = plan
                player.play(budget)
                played = [(player.table, plan.game)]
                for nid, nxt in player.after():
                    for tok in nxt.values():
                        tokens[tok] = nid
                    again = Player(rec, Plan(plan.game, plan.seats, None, plan.options,
                                             plan.lang, plan.spectators), player.rng)
                    again.table, again.tokens = nid, nxt
                    report.tables[nid] = again.plan
                    again.play(budget)
                    again.after()
                    played.append((nid, plan.game))
                for tid, _game in played:
                    rec.close_sockets(tid)
                check(played)
                if progress:
                    print(f"{len(report.tables)} tables ({plan.game} {'/'.join(plan.seats)}) "
                          f"{time.monotonic() - started:.0f} s, found "
                          f"{len(report.findings)}", file=sys.stderr, flush=True)
        finally:
            report.refusals = rec.refusals
            rec.close()
        time.sleep(0.2)  # the last log records of closed sockets
        report.secrets["token"] = len(tokens)
        report.forms += len(tokens)
        with tap.guard:
            logs = list(tap.chunks)
        for c in logs:
            rec.add(c)
        search(rec.take({None}), secrets, tokens, report)
        report.chunks, report.bytes = dict(rec.counts), dict(rec.bytes)
    report.seconds = time.monotonic() - started
    return report


# ----- the plans ----------------------------------------------------------------------------------
def big_seed(rng: random.Random) -> int:
    """A seed of 18 digits: its digits cannot turn up in a payload by chance."""
    return rng.randrange(10**17, 10**18)


def small_plans(seed: int = 1) -> list[Plan]:
    """`make test`'s share: a game of each title (Alhambra's first 60 moves), people at one
    screen and alone, bots, spectators; Roll & Write played again (the next table's seed
    is the server's)."""
    r = random.Random(seed)
    return [
        Plan("alhambra", ("host", "host", "easy"), big_seed(r), lang="cs", moves=60),
        Plan("alhambra-rw", ("host", "friend"), big_seed(r), again=True),
        Plan("envyra", ("host", "friend", "easy"), big_seed(r), lang="sk"),
        Plan("ubongo", ("host", "host", "friend"), big_seed(r), spectators=2),
    ]


def full_plans(seed: int = 1, rounds: int = 1) -> list[Plan]:
    """`make leaks`: whole games of each title at every player count, with people at one
    screen, alone and with friends, bots of each cheap level, spectators, options that
    change what is hidden, and "play again"."""
    r = random.Random(seed)
    levels = ("easy", "medium")
    out: list[Plan] = []
    for _ in range(rounds):
        for game in ("alhambra", "alhambra-rw", "envyra", "ubongo"):
            spec = herna.spec(game)
            for n in spec.player_counts:
                kinds: list[tuple[str, ...]] = [
                    ("host", *(r.choice(levels) for _ in range(n - 1))),
                    tuple(["host", "host"][:n]) + ("friend",) * max(0, n - 2),
                ]
                if n >= 3:
                    kinds.append(("host", "friend", *(r.choice(levels) for _ in range(n - 2))))
                kinds.append(tuple(r.choice(levels) for _ in range(n)))  # bots, watched
                for k in kinds:
                    out.append(Plan(game, k, big_seed(r), lang=r.choice(["en", "cs", "sk"]),
                                    spectators=r.choice([1, 2]),
                                    again=r.random() < 0.15 and "host" in k))
        out.append(Plan("alhambra", ("host", "friend", "easy"), big_seed(r),
                        options={"open_money": True}))
        out.append(Plan("ubongo", ("host", "friend"), big_seed(r), options={"side": "hard"}))
        out.append(Plan("envyra", ("host", "friend", "easy", "easy"), big_seed(r),
                        options={"equilibrium": "C"}))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m herna.testing.leaks",
                                 description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--rounds", type=int, default=1, help="times the whole set of plans is "
                    "played (default 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--small", action="store_true", help="only the small set (make test's)")
    ap.add_argument("--resample-every", type=int, default=1)
    ap.add_argument("--db", default=None, help="a SQLite file or postgresql:// URL")
    args = ap.parse_args(argv)
    plans = small_plans(args.seed) if args.small else full_plans(args.seed, args.rounds)
    report = audit(plans, db=args.db, seed=args.seed, resample_every=args.resample_every,
                   progress=True)
    print(report.summary())
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
