"""Hostile input against a running server (issue 23): a seeded fuzzer built from valid requests.

It plays real tables of every game and player count (human and bot seats, legal moves taken
from each payload's `legal`), and around that play sends requests made hostile one way at a
time: bodies (keys dropped or added, wrong types, bools for numbers), tokens (random,
truncated, lone surrogates, very long; in the body, a Bearer header or `?token=`), paths
(unknown ids, NUL, unicode, very long), versions, actions, lone surrogates, deep nesting,
huge and non-finite numbers, oversized, empty and non-JSON bodies, wrong content types, and
WebSocket opens. Each request carries what the contract (docs/API.md and the constants
below) allows for it; the oracle counts every departure with a reproduction:

- no status >= 500, no connection error, no exception in the server's log;
- every refusal (4xx) under /api/ is a JSON object with a string `reason`;
- nothing accepted that should not be: a create with a non-int `players`, a bot level other
  than easy/medium/hard, non-object options...; an accepted action must be one the engine
  accepts for that seat at that version (an independent replay of the store's log);
- no refusal changes a table: every human move in a table's stored log is one the fuzzer
  was answered 200 for, and every stored move replays on an independent engine;
- the statuses of the contract below (413, 422, 403, 404; WebSocket close codes);
- every /api route of the app (and the rules pages) gets requests: `fuzz_server` lists the
  app's routes and counts one it never sent to as a violation ("route never fuzzed"), so a
  new route fails the test until the fuzzer learns its contract (`Fuzzer.fuzz_more`, `tour`).

Besides tables, moves, "play again", My tables and sockets, it sends to undo (an accepted
undo is a row `!undo SEQ` the oracle's replay takes back), hints (a few real ones a run: the
hard bot's work), names (a refused rename leaves the names as they were), explain, scenes,
a seat's take-back from its stand-in, join and the accounts (the server under fuzz has
accounts on; a signed-in client of its own keeps the session), replays and uploaded records,
reviews (a real one only in runs of 20,000+), history, Ubongo practice, the score pads, the
guides and the rules pages.

`run(base, n, seed, store=...)` drives a server at `base` (loopback only) and returns a
`Report`; `running_server(db)` serves `create_app(db, bot_pace=False)` under uvicorn in a
thread of this process (its store then lets the oracle read the action logs);
`python -m herna.testing.fuzz -n 100000 --seed 1` does both and prints the summary
(`make fuzz N=... SEED=...`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import math
import random
import re
import signal
import socket
import string
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import herna

# ----- the contract (align these with the server's) ---------------------------------------------
MAX_BODY = 65_536       # bodies over this many bytes are refused with TOO_LARGE
MAX_DEPTH = 32          # JSON nested deeper than this (containers, the body itself counted) -> 422
TOO_LARGE = 413
UNPROCESSABLE = 422     # invalid JSON, lone surrogates, non-finite numbers, bools as numbers...
FORBIDDEN = 403         # a token that opens no seat (and a spectator's move)
NOT_FOUND = 404         # an unknown table
CONFLICT = 409          # a stale version; "play again" before the end
WS_BAD_TOKEN = 4403     # WebSocket refusals: accepted, then closed with these codes and a reason
WS_UNKNOWN_TABLE = 4404
WS_BAD_LANG = 4422
LEVELS = ("easy", "medium", "hard")     # the only bot levels a create may name
LANGS = ("en", "cs", "sk")
MAX_TOKENS = 500        # /api/my-tables reads at most this many tokens
MAX_RECORD = 262_144    # an uploaded game record (POST /api/replays) may be this big
UNAUTHORIZED = 401      # accounts: no session (or a wrong password)
TOO_MANY = 429
UNDO = "!undo"          # an undo row of a table's log (`!undo SEQ`), and a pending undo's mark
# Not fixed by the contract: an unknown key in a body is ignored (a refusal is then a finding
# too), and `null` for an optional key means "left out" (either answer is allowed).
UNKNOWN_KEYS_IGNORED = True
BIG_BODIES = 2          # 10 MB bodies a run sends (at most)
BIG_BODY = 10 * 1024 * 1024

ANY = frozenset(range(100, 500))  # "anything below 500"
OK, CREATED = 200, 201

log = logging.getLogger("herna.fuzz")


# ----- JSON text with hostile parts -------------------------------------------------------------
@dataclass(frozen=True)
class Raw:
    """JSON text put into a body as it is (`NaN`, `1e400`, `"\\ud800"`, 1,000 brackets...),
    with what it holds, so the expected answer can be worked out."""

    text: str
    depth: int = 0          # containers nested in it
    nonfinite: bool = False
    surrogate: bool = False
    invalid: bool = False   # not JSON at all


def _paired(s: str) -> str:
    """`s` with its surrogate pairs joined (as JSON's \\ud83d\\ude00 reads); lone ones stay."""
    return s.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")


def _has_lone_surrogate(s: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in _paired(s))


def dumps(v: Any) -> str:
    """JSON text of `v` (ASCII: non-ASCII and lone surrogates as \\u escapes), Raw as is."""
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, dict):
        return "{" + ", ".join(f"{dumps(k)}: {dumps(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(dumps(x) for x in v) + "]"
    return json.dumps(v)


@dataclass
class Faults:
    depth: int = 0
    nonfinite: bool = False
    surrogate: bool = False
    invalid: bool = False


def scan(v: Any) -> Faults:
    """What a body (Python values and Raw pieces) holds that the contract refuses."""
    f = Faults()

    def walk(x: Any, d: int) -> None:
        if isinstance(x, Raw):
            f.depth = max(f.depth, d + x.depth)
            f.nonfinite |= x.nonfinite
            f.surrogate |= x.surrogate
            f.invalid |= x.invalid
        elif isinstance(x, dict):
            f.depth = max(f.depth, d + 1)
            for k, y in x.items():
                walk(k, d + 1)
                walk(y, d + 1)
        elif isinstance(x, (list, tuple)):
            f.depth = max(f.depth, d + 1)
            for y in x:
                walk(y, d + 1)
        elif isinstance(x, float):
            f.nonfinite |= not math.isfinite(x)
        elif isinstance(x, str):
            f.surrogate |= _has_lone_surrogate(x)

    walk(v, 0)
    return f


def body_status(v: Any, size: int) -> int | None:
    """The status the body alone must get (413 or 422), or None if the body is fine."""
    if size > MAX_BODY:
        return TOO_LARGE
    f = scan(v)
    if f.invalid or f.surrogate or f.nonfinite or f.depth > MAX_DEPTH:
        return UNPROCESSABLE
    return None


def nested(depth: int, inner: str = "0") -> Raw:
    """`depth` arrays nested, as text (no recursion, whatever the depth)."""
    return Raw("[" * depth + inner + "]" * depth, depth=depth)


NONFINITE = [Raw("NaN", nonfinite=True), Raw("Infinity", nonfinite=True),
             Raw("-Infinity", nonfinite=True), Raw("1e400", nonfinite=True),
             Raw("-1e400", nonfinite=True), Raw("1E999", nonfinite=True),
             Raw("2e308", nonfinite=True)]
SURROGATES = ["\ud800", "\udc00", "\udfff", "\ud800\ud800", "x\udbff"]
BIG_INT = 10 ** 400
JUNK_JSON = ["{", "}", "not json", "{'a': 1}", '{"a": 1,}', '{"a" 1}', "[1, 2", '"abc',
             "nul", "{\"a\": tru}", "\x00", "{}{}", "{\"a\": 01}", "{\"a\": .5}",
             "{\"a\": 1} x", "{\"a\": \"\\x41\"}", "{\"a\": \"\t\"}"]


# ----- what the fuzzer knows of each table ----------------------------------------------------
@dataclass(eq=False)
class TableInfo:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    kinds: list[str]                       # "human" or a bot level, by seat
    tokens: list[str | None]
    seed: int | None = None
    over: bool = False
    to_act: list[int] = field(default_factory=list)
    payloads: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    next_id: str | None = None
    # the oracle's independent replay of the stored log
    state: Any = None
    seen: list[tuple[int, str]] = field(default_factory=list)
    pending: list[tuple[int, Any, Any, str]] = field(default_factory=list)  # accepted moves
    uncertain: int = 0                     # moves whose answer never came (transport errors)
    standing: list[tuple[int, int, str]] = field(default_factory=list)  # (row, seat, text)

    @property
    def humans(self) -> list[int]:
        """The human seats whose tokens the fuzzer holds (at a "play again" table, a seat is
        open until its player asks)."""
        return [i for i, k in enumerate(self.kinds) if k == "human" and self.tokens[i]]

    @property
    def has_bots(self) -> bool:
        return any(k != "human" for k in self.kinds)


@dataclass
class Probe:
    """One request, with what the contract allows for it."""

    endpoint: str                          # "POST /api/tables/{id}/actions"
    label: str                             # the mutation, e.g. "version:bool"
    method: str                            # GET, POST, ... or WS
    path: str                              # percent-encoded path and query
    body: bytes | None = None
    headers: dict[str, Any] = field(default_factory=dict)
    expect: frozenset[int] = ANY           # statuses (close codes for WS) allowed
    table: TableInfo | None = None         # the table it names, checked after the answer
    chunked: bool = False
    check: Callable[[Probe, Answer], list[str]] | None = None  # more of the oracle
    on_ok: Callable[[Answer], None] | None = None              # bookkeeping after a 2xx
    seat: int | None = None                # the seat an action should be applied for
    action: Any = None                     # the action posted (actions)
    version: Any = None                    # the version posted (actions)
    client: str = "main"                   # main (no cookies), acct (signed in), anon
    after: Callable[[Probe, Answer], list[str]] | None = None  # more of the oracle, always


@dataclass
class Answer:
    status: int | None = None              # HTTP status; for WS, the close code (1000: fine)
    body: bytes = b""
    error: str | None = None               # a transport error or WebSocket failure
    reason: str | None = None              # a WebSocket close reason
    first: str | None = None               # a WebSocket's first message

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Violation:
    kind: str
    endpoint: str
    label: str
    observed: str
    repro: str
    detail: str
    size: int


@dataclass
class Report:
    seed: int
    requested: int
    sent: int = 0
    seconds: float = 0.0
    by_endpoint: Counter[tuple[str, str]] = field(default_factory=Counter)
    labels: Counter[str] = field(default_factory=Counter)
    violations: list[Violation] = field(default_factory=list)
    tables: int = 0
    moves: int = 0
    phases: Counter[str] = field(default_factory=Counter)
    stopped: bool = False  # interrupted before `requested`
    paths: set[tuple[str, str]] = field(default_factory=set)  # (method, decoded path) sent
    routes: int = 0        # the app's /api and /rules routes, when it was at hand

    def distinct(self) -> dict[tuple[str, str, str, str], tuple[int, Violation]]:
        """Each kind of failure once (endpoint, kind, mutation, what was seen), with the
        smallest reproduction and how often it happened."""
        out: dict[tuple[str, str, str, str], tuple[int, Violation]] = {}
        for v in self.violations:
            key = (v.endpoint, v.kind, v.label, v.observed)
            n, best = out.get(key, (0, v))
            out[key] = (n + 1, v if v.size < best.size else best)
        return out

    def summary(self) -> str:
        lines = [f"herna fuzz: seed {self.seed}, {self.sent:,} requests"
                 f"{f' (stopped early, of {self.requested:,})' if self.stopped else ''}"
                 f" in {self.seconds:.1f} s "
                 f"({self.sent / max(self.seconds, 1e-9):.0f}/s), {self.tables} tables, "
                 f"{self.moves} accepted moves, {len(self.violations)} violations"]
        statuses = sorted({s for _e, s in self.by_endpoint})
        endpoints = sorted({e for e, _s in self.by_endpoint})
        fails = Counter(v.endpoint for v in self.violations)
        width = max([len(e) for e in endpoints] + [8])
        head = f"{'endpoint':<{width}} " + " ".join(f"{s:>6}" for s in statuses) + \
            f" {'total':>7} {'fail':>6}"
        lines += ["", head, "-" * len(head)]
        for e in endpoints:
            row = [self.by_endpoint.get((e, s), 0) for s in statuses]
            lines.append(f"{e:<{width}} " + " ".join(f"{n:>6}" if n else f"{'.':>6}"
                                                       for n in row)
                         + f" {sum(row):>7} {fails.get(e, 0):>6}")
        total = [sum(self.by_endpoint.get((e, s), 0) for e in endpoints) for s in statuses]
        lines.append(f"{'all':<{width}} " + " ".join(f"{n:>6}" for n in total)
                     + f" {sum(total):>7} {len(self.violations):>6}")
        if self.phases:
            lines += ["", "phases reached: " + ", ".join(
                f"{k} {n}" for k, n in sorted(self.phases.items()))]
        if self.routes:
            lines += ["", f"routes: {self.routes} /api and /rules routes of the app, every one "
                      "sent to" if not any(v.kind == "route never fuzzed"
                                           for v in self.violations) else
                      f"routes: {self.routes} /api and /rules routes of the app, NOT all sent to"]
        d = self.distinct()
        lines += ["", f"distinct failures: {len(d)}"]
        for (endpoint, kind, label, observed), (n, v) in sorted(d.items()):
            lines.append(f"- [{n}x] {endpoint} {kind} ({label}): {observed}")
            lines.append(f"    {v.detail}")
            lines.append(f"    repro: {v.repro}")
        return "\n".join(lines)


# ----- the server, in a thread of this process -------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerLog(logging.Handler):
    """Every record with an exception the server logs (uvicorn's "Exception in ASGI
    application", a bot that failed): each is a finding, tied to the request in flight."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []
        self.guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            tb = traceback.extract_tb(record.exc_info[2])
            where = f" at {Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else ""
            text = f"{type(e).__name__}: {str(e)[:160]}{where}"
        with self.guard:
            self.records.append(text)

    def drain(self) -> list[str]:
        with self.guard:
            out, self.records = self.records, []
        return out


@contextlib.contextmanager
def running_server(db: str) -> Iterator[tuple[str, Any, ServerLog]]:
    """`create_app(db, bot_pace=False, accounts=True)` under uvicorn on a free 127.0.0.1
    port, in a thread (accounts on: their endpoints are fuzzed too); yields (base URL, app,
    its error log) and stops the server on the way out."""
    import uvicorn

    from herna.server.app import create_app

    app = create_app(db, bot_pace=False, accounts=True)
    port = free_port()
    from herna.server.wsproto import protocol

    # as `herna serve` runs it: its WebSocket protocol, compression on
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None,
                            access_log=False, ws=protocol(), ws_ping_interval=20,
                            ws_per_message_deflate=True, lifespan="on")
    server = uvicorn.Server(config)
    handler = ServerLog()
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.error", "herna.server")]
    saved = [(lg, lg.propagate, lg.level) for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.propagate = False
        lg.setLevel(logging.INFO)
    thread = threading.Thread(target=server.run, name="herna-fuzz-server", daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 60
        while not server.started:
            if not thread.is_alive() or time.monotonic() > end:
                raise RuntimeError("the server did not start: " + "; ".join(handler.drain()))
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}", app, handler
    finally:
        server.should_exit = True
        thread.join(60)
        for lg, propagate, level in saved:
            lg.removeHandler(handler)
            lg.propagate = propagate
            lg.setLevel(level)


# ----- the fuzzer ----------------------------------------------------------------------------
def _q(s: str) -> str:
    """A path segment or query value, percent-encoded (lone surrogates as their UTF-8
    bytes, which are not UTF-8: what a hostile client can send)."""
    return quote(_paired(s).encode("utf-8", "surrogatepass"), safe="")


_LITERAL = {"/api/tables", "/api/my-tables", "/api/games", "/api/messages", "/api/history",
            "/api/replays", "/api/score", "/api/account", "/api/account/signup",
            "/api/account/signin", "/api/account/logout", "/api/account/logout-everywhere",
            "/api/practice/puzzle", "/api/practice/daily", "/api/practice/check",
            "/api/practice/solution", "/api/practice/progress", "/api/practice/attack",
            "/api/practice/give-up", "/api/openapi.json", "/api/docs"}
_NAMED = [(re.compile(r"/api/replays/[^/]*/scenes/.*"), "/api/replays/{id}/scenes/{seq}"),
          (re.compile(r"/api/replays/[^/]*"), "/api/replays/{id}"),
          (re.compile(r"/api/score/[^/]*"), "/api/score/{game}"),
          (re.compile(r"/api/games/[^/]*/guide"), "/api/games/{game}/guide"),
          (re.compile(r"/rules/[^/]*"), "/rules/{game}")]


def _endpoint(method: str, path: str) -> str:
    p = urlsplit(path).path
    parts = p.split("/")
    if p.startswith("/api/tables/") and len(parts) >= 4 and parts[3]:
        parts[3] = "{id}"
        if len(parts) > 5:
            parts = [*parts[:5], "…"]
        return f"{method} {'/'.join(parts)}"
    if p in _LITERAL:
        return f"{method} {p}"
    for pattern, name in _NAMED:
        if pattern.fullmatch(p):
            return f"{method} {name}"
    if p.startswith("/api/"):
        return f"{method} /api/(other)"
    return f"{method} (pages)"


def fuzzed_routes(app: Any) -> list[tuple[str, Any, str]]:
    """The routes of `app` the fuzzer must send to: every /api one and the rules pages, as
    (method, the route, its path); a WebSocket route's method is WS."""
    from starlette.routing import Route, WebSocketRoute

    out: list[tuple[str, Any, str]] = []
    for r in app.routes:
        path = getattr(r, "path", "")
        if not (path.startswith("/api") or path.startswith("/rules/")):
            continue
        if isinstance(r, WebSocketRoute):
            out.append(("WS", r, path))
        elif isinstance(r, Route):
            out += [(m, r, path) for m in sorted(r.methods or ()) if m != "HEAD"]
    return out


def never_sent(app: Any, paths: set[tuple[str, str]]) -> list[str]:
    """The routes of `app` (fuzzed_routes) no request of `paths` went to."""
    missing = []
    for method, route, path in fuzzed_routes(app):
        if not any(m == method and route.path_regex.match(p) for m, p in paths):
            missing.append(f"{method} {path}")
    return missing


class Fuzzer:
    """A seeded hostile client of one server; `store` (the server's Store, or anything whose
    `load(id)` gives a row with `actions` and `seats`) lets the oracle read the logs."""

    POOL = 14  # tables in play at a time

    def __init__(self, base: str, seed: int, store: Any = None,
                 server_log: ServerLog | None = None, ws: bool = True) -> None:
        import httpx

        host = urlsplit(base).hostname or ""
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"the fuzzer only targets loopback addresses, not {host!r}")
        self.base = base.rstrip("/")
        self.ws_base = "ws" + self.base[4:]
        self.rng = random.Random(seed)
        self.store = store
        self.server_log = server_log
        self.ws_enabled = ws
        self.http = httpx.Client(base_url=self.base, timeout=60.0)
        self.acct = httpx.Client(base_url=self.base, timeout=60.0)  # a signed-in browser
        self.anon = httpx.Client(base_url=self.base, timeout=60.0)  # account requests
        self.account: tuple[str, str] | None = None  # (name, password) of acct's account
        self.uploads: list[tuple[str, int | None, int]] = []  # (id, steps, players)
        self.hints_left = 0                         # real hints this run may still ask
        self.reviews_left = 0                       # real reviews this run may still start
        self.report = Report(seed=seed, requested=0)
        self.tables: list[TableInfo] = []          # in play (a pool)
        self.all: dict[str, TableInfo] = {}        # every table the fuzzer made
        self.token_seat: dict[str, tuple[str, int]] = {}
        self.big_left = BIG_BODIES
        self.previous: Probe | None = None  # on a connection error, the request before
        self.progress = 0  # print a line to stderr every this many requests (0: never)
        self.games = {g["id"]: g for g in self._games()}

    def close(self) -> None:
        self.http.close()
        self.acct.close()
        self.anon.close()

    # ----- sending and judging -----------------------------------------------------------------
    def _games(self) -> list[dict[str, Any]]:
        r = self.http.get("/api/games")
        r.raise_for_status()
        out: list[dict[str, Any]] = r.json()
        return out

    def send(self, p: Probe) -> Answer:
        self.report.sent += 1
        self.report.labels[p.label] += 1
        self.report.paths.add((p.method, unquote(urlsplit(p.path).path, errors="replace")))
        a = self._ws(p) if p.method == "WS" else self._http(p)
        shown = str(a.status) if a.status is not None else "error"
        self.report.by_endpoint[(_endpoint(p.method, p.path), shown)] += 1
        self._judge(p, a)
        self.previous = p
        return a

    def _http(self, p: Probe) -> Answer:
        import httpx

        content: Any = p.body
        if p.chunked and p.body is not None:
            data = p.body
            content = iter([data[i:i + 16384] for i in range(0, len(data), 16384)])
        client = {"main": self.http, "acct": self.acct, "anon": self.anon}[p.client]
        try:
            r = client.request(p.method, p.path, content=content, headers=p.headers)
        except httpx.HTTPError as e:
            return Answer(error=f"{type(e).__name__}: {str(e)[:120]}")
        finally:
            if p.client != "acct":  # only the signed-in client keeps a session
                client.cookies.clear()
        return Answer(status=r.status_code, body=r.content)

    def _ws(self, p: Probe) -> Answer:
        from websockets.exceptions import ConnectionClosed, InvalidStatus
        from websockets.sync.client import connect

        try:
            with connect(self.ws_base + p.path, open_timeout=5, close_timeout=5,
                         additional_headers=p.headers, max_size=None) as ws:
                try:
                    first = ws.recv(timeout=20)
                except ConnectionClosed as e:
                    rcvd = e.rcvd
                    return Answer(status=rcvd.code if rcvd else 1006,
                                  reason=rcvd.reason if rcvd else None)
                except TimeoutError:
                    return Answer(error="no message within 20 s")
                return Answer(status=1000, first=str(first))
        except InvalidStatus as e:
            return Answer(error=f"handshake refused with HTTP {e.response.status_code}",
                          status=None, body=bytes(e.response.body or b""))
        except Exception as e:  # a reset, a bad handshake: all findings
            return Answer(error=f"{type(e).__name__}: {str(e)[:120]}")

    def _judge(self, p: Probe, a: Answer) -> None:
        problems: list[tuple[str, str, str]] = []  # kind, observed, detail
        ep = _endpoint(p.method, p.path)
        logged: list[str] = []
        if self.server_log is not None:
            # a 500's traceback is logged just after the answer has gone: wait for it
            failed = (a.error is not None and "HTTP" not in a.error) or \
                (a.status is not None and a.status >= 500 and p.method != "WS") or \
                (a.error is not None and "HTTP 5" in a.error)
            end = time.monotonic() + (1.0 if failed else 0.0)
            while True:
                logged += self.server_log.drain()
                if logged or time.monotonic() >= end:
                    break
                time.sleep(0.01)
        for text in logged:
            problems.append(("server exception", text.split(":")[0], text))
        if p.method == "WS":
            problems += self._judge_ws(p, a)
        elif a.error is not None:
            before = self.previous
            after = f" (the request before: {before.label} {before.endpoint}, " \
                f"{len(before.body or b''):,} bytes)" if before else ""
            problems.append(("connection error", a.error.split(":")[0], a.error + after))
        else:
            assert a.status is not None
            problems += self._judge_http(p, a)
        if p.table is not None and self.store is not None:
            problems += [("table", kind, detail) for kind, detail in self._check_log(p, a)]
        for kind, observed, detail in problems:
            self.report.violations.append(Violation(
                kind=kind, endpoint=ep, label=p.label, observed=observed,
                repro=self.repro(p), detail=" ".join(detail.split())[:400],
                size=len(p.body or b"") + len(p.path)))

    def _judge_http(self, p: Probe, a: Answer) -> list[tuple[str, str, str]]:
        out: list[tuple[str, str, str]] = []
        st = a.status
        assert st is not None
        api = urlsplit(p.path).path.startswith("/api/")
        if st >= 500:
            out.append(("status >= 500", str(st), a.body[:200].decode(errors="replace")))
        elif st not in p.expect:
            kind = "accepted" if 200 <= st < 300 else "status"
            allowed = sorted(p.expect) if p.expect != ANY else "below 500"
            out.append((kind, str(st), f"expected {allowed}, got {st}: "
                        + a.body[:200].decode(errors="replace")))
        if 400 <= st < 500 and api:
            try:
                body = a.json()
                ok = isinstance(body, dict) and isinstance(body.get("reason"), str)
            except ValueError:
                ok = False
            if not ok:
                out.append(("refusal without a reason", str(st),
                            "not a JSON object with a string reason: "
                            + a.body[:120].decode(errors="replace")))
            elif st == CONFLICT and p.endpoint.endswith("/actions") and \
                    not isinstance(body.get("table"), dict):
                out.append(("409 without the table", str(st), "no fresh payload in `table`"))
        if p.after is not None:
            out += [("wrong answer", str(st), d) for d in p.after(p, a)]
        if 200 <= st < 300 and st in p.expect:
            if p.check is not None:
                out += [("wrong answer", str(st), d) for d in p.check(p, a)]
            if p.on_ok is not None:
                p.on_ok(a)
        return out

    def _judge_ws(self, p: Probe, a: Answer) -> list[tuple[str, str, str]]:
        if p.label == "ws:url-over-8k" and a.error is not None and "HTTP 431" in a.error:
            return []  # a handshake over the parser's limit: refused at once, and closed
        if a.error is not None:
            return [("ws", a.error.split(" with ")[-1] if "HTTP" in a.error else
                     a.error.split(":")[0], a.error)]
        if a.status not in p.expect:
            return [("ws", f"close {a.status}", f"expected {sorted(p.expect)}, got close "
                     f"{a.status} {a.reason!r}")]
        if a.status != 1000 and not a.reason:
            return [("ws", f"close {a.status} without a reason", "no close reason")]
        if a.status == 1000 and p.check is not None:
            return [("ws", "wrong first message", d) for d in p.check(p, a)]
        return []

    def repro(self, p: Probe) -> str:
        """A command that sends the same request (bodies over 300 bytes described)."""
        if p.method == "WS":
            hs = "".join(f" -H '{k}: {v if isinstance(v, str) else v.decode('latin-1')}'"
                         for k, v in p.headers.items())
            return f"websocat{hs} '{self.ws_base}{_short(p.path)}'"
        parts = [f"curl -s -X {p.method} '{self.base}{_short(p.path)}'"]
        for k, v in p.headers.items():
            val = v if isinstance(v, str) else v.decode("latin-1")
            parts.append(f"-H '{k}: {_short(val)}'")
        if p.chunked:
            parts.append("-H 'transfer-encoding: chunked'")
        if p.body is not None:
            body = p.body
            if len(body) > 300:
                parts.append(f"--data-binary <{len(body):,} bytes: "
                             f"{body[:120].decode('utf-8', 'backslashreplace')}…"
                             f"{body[-40:].decode('utf-8', 'backslashreplace')}>")
            else:
                parts.append("--data-binary $'" + body.decode("utf-8", "backslashreplace")
                             .replace("'", "\\'") + "'")
        return " ".join(parts)

    # ----- the oracle's own replay of each table ----------------------------------------------
    def _check_log(self, p: Probe, a: Answer) -> list[tuple[str, str]]:
        t = p.table
        assert t is not None
        ok = a.status is not None and 200 <= a.status < 300
        if p.endpoint.endswith(("/actions", "/undo")):
            if ok:
                t.pending.append((p.seat if p.seat is not None else -1,
                                  UNDO if p.endpoint.endswith("/undo") else p.action,
                                  p.version, p.label))
            elif a.error is not None:
                t.uncertain += 1
        return self._replay(t)

    def _replay(self, t: TableInfo) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        row = self.store.load(t.id)
        if row is None:
            return [("table lost", f"table {t.id} is not in the store")]
        actions = list(row.actions)
        if actions[:len(t.seen)] != t.seen:
            return [("log rewritten", f"table {t.id}: the stored log changed under moves "
                     "already seen")]
        if t.state is None:
            t.seed = row.seed
            t.state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
        humans = {i for i, k in enumerate(t.kinds) if k == "human"}
        for i in range(len(t.seen), len(actions)):
            seat, text = actions[i]
            undo_row = isinstance(text, str) and text.startswith(UNDO)
            if seat in humans or undo_row:
                if t.pending:
                    want_seat, posted, version, label = t.pending.pop(0)
                    if (posted is UNDO) != undo_row:
                        out.append(("wrong kind", f"row {i} ({text!r}) was stored for a "
                                    f"request to {'undo' if posted is UNDO else 'move'}"))
                    if want_seat != seat:
                        out.append(("wrong seat", f"move {i} ({text!r}) was applied for seat "
                                    f"{seat}, the request's token opens seat {want_seat}"))
                    if isinstance(version, int) and not isinstance(version, bool) and \
                            version != i:
                        out.append(("wrong version", f"move {i} ({text!r}) was posted with "
                                    f"version {version}"))
                    trial = t.state.copy()
                    try:
                        if not undo_row and posted is not UNDO:
                            trial.apply(want_seat, posted)
                    except Exception as e:
                        out.append(("illegal accepted", f"{label}: {posted!r} for seat "
                                    f"{want_seat} at version {i} was accepted (stored as "
                                    f"{text!r}) but the engine says: {str(e)[:160]}"))
                elif t.uncertain:
                    t.uncertain -= 1
                else:
                    out.append(("changed by a refusal", f"move {i} {(seat, text)!r} of a human "
                                "seat is in the store, but no request for it was accepted"))
            if undo_row:  # the newest standing step is taken back: the state without it
                m = re.fullmatch(r"!undo (\d{1,9})", text)
                if m is None or not t.standing or t.standing[-1][0] != int(m.group(1)):
                    out.append(("undo of a step that is not the newest", f"row {i} {text!r}; "
                                f"the newest standing step is "
                                f"{t.standing[-1] if t.standing else None}"))
                    t.seen = actions[:i]
                    return out
                t.standing.pop()
                t.state = herna.make(row.game, players=row.players, seed=row.seed,
                                     **row.options)
                for _i, s_, x in t.standing:
                    t.state.apply(s_, x)
                continue
            try:
                t.state.apply(seat, text)
            except Exception as e:
                out.append(("log does not replay", f"move {i} {(seat, text)!r}: {e}"))
                t.seen = actions[:i]
                return out
            t.standing.append((i, seat, text))
        t.seen = actions
        if t.pending:
            out.append(("accepted but not stored", f"{len(t.pending)} accepted move(s) "
                        f"{[x[1] for x in t.pending]!r} are not in the stored log"))
            t.pending.clear()
        t.over = t.state.is_over()
        return out

    # ----- valid requests: tables, moves ---------------------------------------------------------
    def create_body(self, game: str | None = None, players: int | None = None,
                    kinds: list[str] | None = None) -> dict[str, Any]:
        rng = self.rng
        game = game or rng.choice(sorted(self.games))
        spec = self.games[game]
        players = players or rng.choice(spec["players"])
        if kinds is None:
            kinds = ["human"] + [rng.choice(["human", *LEVELS, "easy"])
                                 for _ in range(players - 1)]
            rng.shuffle(kinds)
        body: dict[str, Any] = {"game": game, "players": players,
                                "seats": [{"kind": "human"} if k == "human" else
                                          {"kind": "bot", "level": k} for k in kinds]}
        options: dict[str, Any] = {}
        for o in spec["options"]:
            if rng.random() < 0.3:
                if o["choices"]:
                    options[o["name"]] = rng.choice(o["choices"])
                elif o["type"] == "bool":
                    options[o["name"]] = rng.random() < 0.5
                elif o["name"] == "timer":
                    options[o["name"]] = rng.choice([30, 60, 120])
        if game == "alhambra-rw" and (options.get("virtual") or options.get("vs_virtual")):
            options.pop("virtual", None)
            options.pop("vs_virtual", None)
        if options or rng.random() < 0.3:
            body["options"] = options
        if rng.random() < 0.7:
            body["seed"] = rng.randrange(2**31)
        if rng.random() < 0.4:
            body["lang"] = rng.choice([*LANGS, "cs-CZ"])
        return body

    def _register(self, body: dict[str, Any], made: dict[str, Any], pool: bool) -> TableInfo:
        seats = body.get("seats") or [{"kind": "human"}] * body["players"]
        kinds = ["human" if s.get("kind") == "human" else s.get("level", "medium")
                 for s in seats]
        tokens = [s["token"] for s in made["seats"]]
        t = TableInfo(id=made["id"], game=body["game"], players=body["players"],
                      options=dict(body.get("options") or {}), kinds=kinds, tokens=tokens)
        self.all[t.id] = t
        for i, tok in enumerate(tokens):
            if tok:
                self.token_seat[tok] = (t.id, i)
        self.report.tables += 1
        if pool:
            self.tables.append(t)
        return t

    def create(self, body: dict[str, Any], label: str = "create:valid", pool: bool = True
               ) -> TableInfo | None:
        made: list[TableInfo] = []

        def check(_p: Probe, a: Answer) -> list[str]:
            r = a.json()
            problems = []
            if not isinstance(r.get("id"), str) or len(r.get("seats", [])) != body["players"]:
                problems.append(f"odd answer to a create: {str(r)[:160]}")
                return problems
            kinds = [s.get("kind") for s in body.get("seats") or
                     [{"kind": "human"}] * body["players"]]
            for s, kind in zip(r["seats"], kinds, strict=False):
                if (kind == "human") != isinstance(s.get("token"), str):
                    problems.append(f"seat {s.get('seat')} ({kind}) got token "
                                    f"{s.get('token')!r}")
            return problems

        def on_ok(a: Answer) -> None:
            made.append(self._register(body, a.json(), pool))

        text = dumps(body).encode()
        self.send(Probe("POST /api/tables", label, "POST", "/api/tables", text,
                        {"content-type": "application/json"}, frozenset({CREATED}),
                        check=check, on_ok=on_ok))
        return made[0] if made else None

    def get(self, t: TableInfo, seat: int | None, label: str = "get:valid",
            via: str = "query") -> dict[str, Any] | None:
        token = t.tokens[seat] if seat is not None else None
        path, headers = f"/api/tables/{t.id}", {}
        if token is not None:
            if via == "bearer":
                headers["authorization"] = f"Bearer {token}"
            else:
                path += f"?token={_q(token)}"
        got: list[dict[str, Any]] = []

        def check(_p: Probe, a: Answer) -> list[str]:
            return self._check_payload(a.json(), t, seat)

        def on_ok(a: Answer) -> None:
            got.append(a.json())

        self.send(Probe("GET /api/tables/{id}", label, "GET", path, None, headers,
                        frozenset({OK}), t, check=check, on_ok=on_ok))
        if not got:
            return None
        p = got[0]
        t.payloads[seat] = p
        t.to_act = list(p.get("to_act", []))
        t.over = bool(p.get("over"))
        view = p.get("view")
        if isinstance(view, dict) and isinstance(view.get("phase"), str):
            self.report.phases[f"{t.game}:{view['phase']}"] += 1
        return p

    def _check_payload(self, p: Any, t: TableInfo, seat: int | None) -> list[str]:
        if not isinstance(p, dict):
            return ["the payload is not an object"]
        out = []
        if p.get("table") != t.id:
            out.append(f"payload of table {p.get('table')!r}, asked for {t.id!r}")
        if p.get("seat") != seat:
            out.append(f"payload for seat {p.get('seat')!r}, the token opens seat {seat!r}")
        if seat is None and p.get("legal"):
            out.append("a spectator's payload lists legal moves")
        if not isinstance(p.get("version"), int):
            out.append(f"version {p.get('version')!r}")
        return out

    def choose(self, t: TableInfo, p: dict[str, Any]) -> Any:
        """A legal move from the payload (its text or code), or an Ubongo cover."""
        if t.game == "ubongo":
            solve = ubongo_solve(p.get("view") or {})
            if solve is not None and self.rng.random() < 0.9:
                return solve
        legal = p.get("legal") or []
        if not legal:
            return None
        plain = [m for m in legal if not str(m["text"]).startswith("adjust")] or legal
        m = self.rng.choice(plain)
        return m["code"] if self.rng.random() < 0.3 else m["text"]

    def post_action(self, t: TableInfo | None, tid: str, body: Any, label: str,
                    expect: frozenset[int], seat: int | None, action: Any, version: Any,
                    headers: dict[str, Any] | None = None, query: str = "",
                    raw: bytes | None = None, chunked: bool = False) -> Answer:
        h = {"content-type": "application/json", **(headers or {})}
        text = raw if raw is not None else dumps(body).encode()
        path = f"/api/tables/{tid}/actions{query}"

        def check(_p: Probe, a: Answer) -> list[str]:
            return self._check_payload(a.json(), t, seat) if t is not None else []

        return self.send(Probe("POST /api/tables/{id}/actions", label, "POST", path, text, h,
                               expect, t, chunked=chunked, check=check, seat=seat,
                               action=action, version=version))

    def advance(self) -> None:
        """A legal move for a human seat of a table in play (the way to reach every phase)."""
        live = [t for t in self.tables if not t.over and t.humans]
        if not live:
            return
        t = self.rng.choice(live)
        ready = [s for s in t.humans if s in t.to_act] or t.humans
        seat = self.rng.choice(ready)
        p = self.get(t, seat, via=self.rng.choice(["query", "bearer"]))
        if p is None or p.get("over"):
            return
        action = self.choose(t, p)
        if action is None:
            return
        body = {"token": t.tokens[seat], "action": action, "version": p["version"]}
        if self.rng.random() < 0.2:
            body["lang"] = self.rng.choice(LANGS)
        a = self.post_action(t, t.id, body, "act:legal", frozenset({OK, CONFLICT}), seat,
                             action, p["version"])
        if a.status == OK:
            self.report.moves += 1
            after = a.json()
            if isinstance(after, dict) and after.get("undo") and self.rng.random() < 0.3:
                # take the step back (it revealed nothing): the oracle sees the undo row
                self.undo(t, seat, {"token": t.tokens[seat], "version": after["version"]},
                          "undo:after-my-move", {OK, CONFLICT} | (
                              {UNPROCESSABLE} if t.has_bots else set()))

    def refill(self) -> None:
        kept = [t for t in self.tables if not (t.over and t.next_id)]
        if len(self.tables) > 3 * self.POOL:  # over tables kept for record and again
            kept = [t for t in kept if not t.over] + [t for t in kept if t.over][-self.POOL:]
        kept_ids = {id(t) for t in kept}
        for t in self.tables:
            if id(t) not in kept_ids:
                t.payloads.clear()  # out of play: its payloads (drawings) are not needed
        self.tables = kept
        while sum(1 for t in self.tables if not t.over) < self.POOL:
            if self.create(self.create_body()) is None:
                return

    def setup(self) -> None:
        """A table of every game and player count, with human and bot seats."""
        for gid in sorted(self.games):
            for n in self.games[gid]["players"]:
                kinds = ["human"] + [LEVELS[(i + n) % 3] if (i + n) % 2 else "human"
                                     for i in range(n - 1)]
                self.create(self.create_body(gid, n, kinds))
        # one table of bots only (it plays itself out: a finished game, its record)
        self.create(self.create_body("alhambra-rw", 2, ["easy", "easy"]), pool=True)

    # ----- the run ---------------------------------------------------------------------------
    def run(self, n: int) -> Report:
        self.report.requested = n
        start = time.monotonic()
        self.setup()
        families: list[tuple[Callable[[], None], int]] = [
            (self.advance, 34), (self.fuzz_action, 22), (self.fuzz_get, 8),
            (self.fuzz_create, 12), (self.fuzz_body, 9), (self.fuzz_mine, 4),
            (self.fuzz_over, 5), (self.fuzz_other, 3), (self.fuzz_ws, 3 if self.ws_enabled else 0),
            (self.fuzz_more, 16),
        ]
        self.hints_left = min(20, max(1, n // 1000))  # the hard bot's work: a few a run
        self.reviews_left = n // 20_000               # a whole game's: only in long runs
        self.tour()
        steps, weights = zip(*families, strict=True)
        # once or twice a run: 10 MB bodies, and a WebSocket handshake over 8 KB
        big_at = {n // 3, (2 * n) // 3} if n >= 1000 else set()
        long_ws_at = n // 2 if self.ws_enabled else -1
        shown = 0
        try:
            while self.report.sent < n:
                if self.progress and self.report.sent >= shown + self.progress:
                    shown = self.report.sent
                    print(f"{shown:,} requests, {time.monotonic() - start:.0f} s, "
                          f"{len(self.report.violations)} violations", file=sys.stderr,
                          flush=True)
                self.refill()
                if big_at and self.report.sent >= min(big_at):
                    big_at.discard(min(big_at))
                    self.fuzz_big()
                elif 0 <= long_ws_at <= self.report.sent:
                    long_ws_at = -1
                    self.fuzz_ws(long_url=True)
                else:
                    self.rng.choices(steps, weights)[0]()
        except KeyboardInterrupt:  # SIGINT, or SIGTERM from `timeout` (main): report so far
            self.report.stopped = True
        try:
            for t in list(self.all.values()):  # the end: every table's log, replayed again
                if self.store is not None:
                    for kind, detail in self._replay(t):
                        self.report.violations.append(Violation(
                            "table", f"table {t.id}", "final check", kind,
                            f"(table {t.id})", detail, 0))
        except KeyboardInterrupt:
            self.report.stopped = True
        self.report.seconds = time.monotonic() - start
        return self.report

    # ----- hostile requests -----------------------------------------------------------------
    def pick(self, over: bool | None = None) -> TableInfo | None:
        ts = [t for t in self.tables if over is None or t.over == over]
        return self.rng.choice(ts) if ts else None

    def other_token(self, t: TableInfo) -> str:
        """A token of a seat at another table."""
        others = [tok for tok, (tid, _s) in self.token_seat.items() if tid != t.id]
        return self.rng.choice(others) if others else "x" * 24

    def bad_tokens(self, t: TableInfo) -> list[tuple[str, str]]:
        """(label, token) pairs that open no seat of t."""
        real = next((x for x in t.tokens if x), "A" * 24)
        rng = self.rng
        rand = "".join(rng.choice(string.ascii_letters + string.digits + "-_")
                       for _ in range(24))
        return [("token:random", rand), ("token:truncated", real[:-1]),
                ("token:truncated-half", real[: len(real) // 2]),
                ("token:extended", real + "A"), ("token:surrogate-appended", real + "\ud800"),
                ("token:surrogate", "\ud800"), ("token:long", rand * 400),
                ("token:other-table", self.other_token(t)), ("token:nul", real + "\x00"),
                ("token:unicode", "žluťoučký kůň 🐴"), ("token:case", real.swapcase()),
                ("token:emoji-pair", "\ud83d\ude00")]

    def fuzz_action(self) -> None:
        ts = [t for t in self.tables if t.humans]
        if not ts:
            return
        rng = self.rng
        t = rng.choice(ts)
        seat = rng.choice(t.humans)
        p = t.payloads.get(seat)
        fresh = p is None or rng.random() < 0.4
        if fresh:
            p = self.get(t, seat)
            if p is None:
                return
        assert p is not None
        version = p["version"]
        action = self.choose(t, p)
        legal_now = action is not None and not p.get("over")
        token = t.tokens[seat] if seat is not None else None
        base = {"token": token, "action": action if action is not None else "end",
                "version": version}
        # statuses possible for the unmutated request: the payload may be stale (bots)
        if legal_now:
            base_ok = {OK, CONFLICT} | ({UNPROCESSABLE} if t.has_bots else set())
        else:
            base_ok = {UNPROCESSABLE, CONFLICT}
        m = rng.randrange(9)
        # the table may be past the payload: bots moved, or it is an old payload of ours
        bot_moved = {OK, UNPROCESSABLE} if (t.has_bots or not fresh) and not t.over else set()
        if m == 0:  # versions
            label, v, exp = rng.choice([
                ("version:stale", version - 1, {CONFLICT}),
                ("version:future", version + 1, {CONFLICT} | bot_moved
                 | ({UNPROCESSABLE} if t.over else set())),  # "the game is over" first
                ("version:far-future", version + 10**6, {CONFLICT}),
                ("version:negative", -1, {CONFLICT}),
                ("version:huge", 2**63, {CONFLICT}),
                ("version:bigint", BIG_INT, {CONFLICT, UNPROCESSABLE}),
                ("version:float", float(version), {UNPROCESSABLE}),
                ("version:half", version + 0.5, {UNPROCESSABLE}),
                ("version:true", True, {UNPROCESSABLE}),
                ("version:false", False, {UNPROCESSABLE}),
                ("version:string", str(version), {UNPROCESSABLE}),
                ("version:list", [version], {UNPROCESSABLE}),
                ("version:object", {"v": version}, {UNPROCESSABLE}),
                ("version:nan", Raw("NaN", nonfinite=True), {UNPROCESSABLE}),
                ("version:1e400", Raw("1e400", nonfinite=True), {UNPROCESSABLE}),
                ("version:-inf", Raw("-Infinity", nonfinite=True), {UNPROCESSABLE}),
                ("version:null", None, base_ok | {UNPROCESSABLE}),
            ])
            if version == 0 and label == "version:stale":
                v = -1
            if label == "version:false" and version == 0:
                exp = {UNPROCESSABLE}
            body = {**base, "version": v}
            if seat is None:
                exp = exp | {FORBIDDEN}
            self.post_action(t, t.id, body, label, frozenset(exp), seat, base["action"], v)
        elif m == 1:  # actions
            other_seat = [s for s in range(t.players) if s != seat]
            other_text = None
            for s in other_seat:
                q = t.payloads.get(s)
                if q and q.get("legal") and q.get("version") == version:
                    other_text = rng.choice(q["legal"])["text"]
            maybe = {OK, UNPROCESSABLE, CONFLICT}
            label, act, exp = rng.choice([
                ("action:random-text", _junk(rng), maybe),
                ("action:unicode", "koupit žlutou ⛔ \u202e" + _junk(rng), maybe),
                ("action:surrogate", "end\ud800", {UNPROCESSABLE}),
                ("action:empty", "", {UNPROCESSABLE, CONFLICT}),
                ("action:spaces", "   ", {UNPROCESSABLE, CONFLICT}),
                ("action:long-text", "take " * 8000, {UNPROCESSABLE, CONFLICT, TOO_LARGE}),
                ("action:code-neg", -1, maybe),
                ("action:code-min", -(2**63), {UNPROCESSABLE, CONFLICT}),
                ("action:code-big", 2**64, {UNPROCESSABLE, CONFLICT}),
                ("action:code-huge", BIG_INT, {UNPROCESSABLE, CONFLICT}),
                ("action:code-1e6", 10**6, maybe),
                ("action:code-float", 3.0, {UNPROCESSABLE}),
                ("action:code-nan", Raw("NaN", nonfinite=True), {UNPROCESSABLE}),
                ("action:code-1e400", Raw("1e400", nonfinite=True), {UNPROCESSABLE}),
                ("action:true", True, {UNPROCESSABLE}),
                ("action:false", False, {UNPROCESSABLE}),
                ("action:null", None, {UNPROCESSABLE}),
                ("action:list", [action], {UNPROCESSABLE}),
                ("action:object", {"text": action}, {UNPROCESSABLE}),
                ("action:code-string", str((p.get("legal") or [{"code": 0}])[0]["code"]),
                 maybe),
                ("action:other-seat", other_text, maybe),
                ("action:nul", "end\x00", maybe),
            ])
            if label == "action:other-seat" and act is None:
                label, act = "action:random-text", _junk(rng)
            if seat is None:
                exp = exp | {FORBIDDEN}
            self.post_action(t, t.id, {**base, "action": act}, label, frozenset(exp), seat,
                             act, version)
        elif m == 2:  # tokens, where each may come from
            label, bad = rng.choice(self.bad_tokens(t))
            where = rng.choice(["body", "bearer", "query"])
            headers: dict[str, Any] = {}
            query, body = "", dict(base)
            body.pop("token")
            if where == "body":
                body["token"] = bad
            elif where == "bearer":
                headers["authorization"] = b"Bearer " + _header(bad)
            else:
                query = "?token=" + _q(bad)
            exp = {FORBIDDEN}
            if where == "body" and _has_lone_surrogate(bad):
                exp = {UNPROCESSABLE}
            if label == "token:long" and where == "bearer":
                exp = exp | {400, 431}  # a header that size may be refused by the HTTP layer
            self.post_action(t, t.id, body, f"{label}@{where}", frozenset(exp), seat,
                             body["action"], version, headers=headers, query=query)
        elif m == 3:  # precedence: body over Bearer over ?token=
            real = token
            bad = self.other_token(t)
            if real is None:
                return
            cases: list[tuple[str, dict[str, Any], dict[str, Any], str, bool | None]] = [
                ("token:body-wins", {**base, "token": real},
                 {"authorization": f"Bearer {bad}"}, f"?token={_q(bad)}", True),
                ("token:body-bad-wins", {**base, "token": bad},
                 {"authorization": f"Bearer {real}"}, "", False),
                ("token:bearer-wins", {k: v for k, v in base.items() if k != "token"},
                 {"authorization": f"Bearer {real}"}, f"?token={_q(bad)}", True),
                ("token:bearer-bad-wins", {k: v for k, v in base.items() if k != "token"},
                 {"authorization": f"Bearer {bad}"}, f"?token={_q(real)}", False),
                ("token:query-only", {k: v for k, v in base.items() if k != "token"},
                 {}, f"?token={_q(real)}", True),
                ("token:bearer-lower", {k: v for k, v in base.items() if k != "token"},
                 {"authorization": f"bearer {real}"}, "", True),
                ("token:basic-scheme", {k: v for k, v in base.items() if k != "token"},
                 {"authorization": f"Basic {real}"}, "", False),
                ("token:none", {k: v for k, v in base.items() if k != "token"}, {}, "", False),
                ("token:bearer-bare", {k: v for k, v in base.items() if k != "token"},
                 {"authorization": "Bearer"}, "", False),
                ("token:body-number", {**base, "token": 12345},
                 {"authorization": f"Bearer {real}"}, "", None),
                ("token:body-list", {**base, "token": [real]}, {}, "", None),
                ("token:body-null", {**base, "token": None},
                 {"authorization": f"Bearer {real}"}, "", None),
            ]
            label, body, headers, query, exp_seat = rng.choice(cases)
            if exp_seat is True:
                exp = base_ok
            elif exp_seat is False:
                exp = {FORBIDDEN}
            else:  # a body token that is not text: refused, or the next source is used
                exp = base_ok | {FORBIDDEN, UNPROCESSABLE}
            self.post_action(t, t.id, body, label, frozenset(exp), seat, base["action"],
                             version, headers=headers, query=query)
        elif m == 4:  # paths
            label, tid = rng.choice(self.bad_ids(t))
            self.post_action(None, tid, base, label, frozenset({NOT_FOUND}), seat,
                             base["action"], version)
        elif m == 5:  # lang
            label, lang, exp = rng.choice([
                ("lang:unknown", "xx", {UNPROCESSABLE}), ("lang:number", 5, {UNPROCESSABLE}),
                ("lang:true", True, {UNPROCESSABLE}), ("lang:list", ["cs"], {UNPROCESSABLE}),
                ("lang:surrogate", "\ud800", {UNPROCESSABLE}),
                ("lang:long", "cs" * 5000, {UNPROCESSABLE}),
                ("lang:cs-CZ", "cs-CZ", base_ok), ("lang:null", None, base_ok),
            ])
            self.post_action(t, t.id, {**base, "lang": lang}, label,
                             frozenset(exp | ({FORBIDDEN} if seat is None else set())), seat,
                             base["action"], version)
        elif m == 6:  # keys
            label, body, exp = rng.choice([
                ("keys:no-action", {k: v for k, v in base.items() if k != "action"},
                 {UNPROCESSABLE}),
                ("keys:no-version", {k: v for k, v in base.items() if k != "version"},
                 {OK, UNPROCESSABLE} if legal_now else {UNPROCESSABLE}),
                ("keys:extra", {**base, "extra": {"a": [1, 2]}},
                 base_ok if UNKNOWN_KEYS_IGNORED else base_ok | {UNPROCESSABLE}),
                ("keys:seat", {**base, "seat": (seat or 0) + 1},
                 base_ok if UNKNOWN_KEYS_IGNORED else base_ok | {UNPROCESSABLE}),
                ("keys:only-token", {"token": token}, {UNPROCESSABLE}),
                ("keys:empty-object", {}, {UNPROCESSABLE, FORBIDDEN}),
            ])
            if seat is None:
                exp = exp | {FORBIDDEN}
            self.post_action(t, t.id, body, label, frozenset(exp), seat,
                             body.get("action"), body.get("version"))
        elif m == 7:  # the body as a whole (sizes, nesting, JSON text)
            self.body_mutant("actions", t, base, frozenset(base_ok), seat)
        else:  # content types
            ctype = rng.choice(["text/plain", "application/x-www-form-urlencoded",
                                "multipart/form-data", "", "application/json; charset=latin-1",
                                "application/xml"])
            self.send(Probe("POST /api/tables/{id}/actions", f"content-type:{ctype or 'none'}",
                            "POST", f"/api/tables/{t.id}/actions", dumps(base).encode(),
                            {"content-type": ctype}, frozenset(base_ok | {415, UNPROCESSABLE}),
                            t, seat=seat, action=base["action"], version=version))

    def bad_ids(self, t: TableInfo | None) -> list[tuple[str, str]]:
        real = t.id if t is not None else "abcdefghijk"
        rng = self.rng
        return [("id:random", "".join(rng.choice(string.ascii_letters) for _ in range(11))),
                ("id:nul", "%00"), ("id:nul-inside", real[:5] + "%00" + real[5:]),
                ("id:nul-appended", real + "%00"), ("id:unicode", _q("stůl-🎲")),
                ("id:surrogate", "%ED%A0%80"), ("id:long", "x" * 5000),
                ("id:truncated", real[:-1]), ("id:case", real.swapcase()),
                ("id:dots", "%2E%2E"), ("id:quote", _q("' OR 1=1 --")),
                ("id:percent", "%25"), ("id:space", "%20" + real),
                ("id:control", "%01%02%1b")]

    def body_mutant(self, where: str, t: TableInfo | None, base: dict[str, Any],
                    base_ok: frozenset[int], seat: int | None, path: str | None = None,
                    endpoint: str | None = None, client: str = "main",
                    loose: bool = False) -> None:
        """One whole-body mutation of a valid body for `where` (actions, create, again,
        mine): its JSON text, size, nesting, numbers and strings."""
        rng = self.rng
        path = path or {"actions": f"/api/tables/{t.id if t else 'x'}/actions",
                "create": "/api/tables", "again": f"/api/tables/{t.id if t else 'x'}/again",
                "mine": "/api/my-tables"}[where]
        endpoint = endpoint or {"actions": "POST /api/tables/{id}/actions",
                                "create": "POST /api/tables",
                    "again": "POST /api/tables/{id}/again",
                    "mine": "POST /api/my-tables"}[where]
        m = rng.randrange(12)
        body: Any = dict(base)
        raw: bytes | None = None
        chunked = False
        empty_ok: set[int] = set()
        if m == 0:
            label = "body:non-json"
            raw = rng.choice(JUNK_JSON).encode()
        elif m == 1:
            label = "body:empty"
            raw = b""
        elif m == 2:
            label, body = rng.choice([("body:array", [base]), ("body:string", "x"),
                                      ("body:number", 1), ("body:null", None),
                                      ("body:true", True)])
        elif m == 3:
            label = "body:invalid-utf8"
            raw = dumps(base).encode()[:-1] + b', "x": "\xff\xfe"}'
        elif m == 4:
            s = rng.choice(SURROGATES)
            key = rng.choice([*base.keys(), "extra"]) if base else "extra"
            if rng.random() < 0.5:
                label = f"surrogate:escaped@{key}"
                body = {**base, key: s}
            else:
                label = f"surrogate:raw-bytes@{key}"
                raw = dumps({**base, key: "@@S@@"}).encode().replace(
                    b"@@S@@", s.encode("utf-8", "surrogatepass"))
                body = {**base, key: Raw("", invalid=True)}
            if rng.random() < 0.2:
                label = "surrogate:key"
                body = {**base, s: 1}
                raw = None
        elif m == 5:
            label_, v = rng.choice([(r.text, r) for r in NONFINITE])
            key = rng.choice([*base.keys(), "extra"]) if base else "extra"
            label = f"nonfinite:{label_}@{key}"
            body = {**base, key: v}
        elif m == 6:
            depth = rng.choice([MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2, 100,
                                999, 1000, 1001, 5000, 100_000])
            key = rng.choice(["extra", *base.keys()]) if base and rng.random() < 0.3 \
                else "extra"
            label = f"nesting:{depth}@{key}"
            # the value sits inside the body's object: `depth` containers in all
            body = {**base, key: nested(depth - 1)}
            if rng.random() < 0.3:
                label = f"nesting-objects:{depth}@{key}"
                body = {**base, key: Raw('{"a": ' * (depth - 1) + "1" + "}" * (depth - 1),
                                         depth=depth - 1)}
        elif m == 7:
            label, big = rng.choice([("bigint:10^400", BIG_INT), ("bigint:-10^400", -BIG_INT),
                                   ("bigint:5000-digits", Raw("9" * 5000)),
                                   ("float:tiny", Raw("1e-400")), ("float:-0", Raw("-0.0"))])
            body = {**base, "extra": big}
        elif m == 8:
            target = rng.choice([MAX_BODY - 1, MAX_BODY, MAX_BODY + 1, 70_000, 200_000])
            label = f"size:{target}"
            if rng.random() < 0.25 and target > MAX_BODY:
                chunked = True
                label += ":chunked"
            head = dumps({**base, "pad": ""}).encode()
            fill = target - len(head)
            body = {**base, "pad": "x" * max(fill, 0)}
            if fill < 0:
                return
        elif m == 9:
            label = "body:duplicate-keys"
            if not base:
                return
            key = next(iter(base))
            raw = ("{" + dumps(key) + ": " + dumps(base[key]) + ", " +
                   dumps(base)[1:]).encode()
        elif m == 10:
            label = "body:bom"
            raw = b"\xef\xbb\xbf" + dumps(base).encode()
        else:
            label = "body:whitespace"
            raw = b" \n\t" + dumps(base).encode() + b"\n "
        if raw is None:
            raw = dumps(body).encode()
        status = body_status(body, len(raw))
        if label == "body:empty" and where == "again":
            empty_ok = {FORBIDDEN}  # no body is no token (the Bearer case: fuzz_over)
        if label == "body:empty" and where == "mine":
            empty_ok = {OK}
        if label == "body:empty" and loose and "/back" in path:
            empty_ok = {FORBIDDEN}  # an optional body: no token
        if status is not None:
            exp = {status}
        elif label.startswith("body:") and label not in (
                "body:duplicate-keys", "body:bom", "body:whitespace"):
            exp = {UNPROCESSABLE} | empty_ok  # not JSON, not an object, empty
        elif label == "body:bom" or label.startswith(("bigint", "float:")):
            exp = set(base_ok) | {UNPROCESSABLE}
        elif label.startswith("nesting") and not label.endswith("@extra"):
            # a field replaced by a nested value the size allows: refused for what it is
            exp = set(base_ok) | {UNPROCESSABLE, FORBIDDEN, CONFLICT}
        elif label == "body:duplicate-keys":
            exp = set(base_ok) | {UNPROCESSABLE}
        else:
            exp = set(base_ok)
        if where == "actions" and t is None:
            exp |= {NOT_FOUND}
        if loose and status is None and exp != {UNPROCESSABLE} | empty_ok:
            exp = set(base_ok) | set(range(400, 500))  # a field's value: refused as it will
        table = t if where in ("actions", "again") or loose else None
        on_ok = None
        if where == "create" and isinstance(body, dict) and body.get("game") in self.games:
            def on_ok(a: Answer, body: dict[str, Any] = body) -> None:
                self._register(body, a.json(), pool=False)
        self.send(Probe(endpoint, label, "POST", path, raw,
                        {"content-type": "application/json"}, frozenset(exp), table,
                        chunked=chunked, seat=seat,
                        action=base.get("action") if isinstance(base, dict) else None,
                        version=base.get("version") if isinstance(base, dict) else None,
                        on_ok=on_ok, client=client))

    def fuzz_body(self) -> None:
        where = self.rng.choice(["actions", "create", "again", "mine"])
        if where == "create":
            self.body_mutant("create", None, self.create_body(), frozenset({CREATED}), None)
        elif where == "mine":
            toks = self.rng.sample(list(self.token_seat), min(3, len(self.token_seat)))
            self.body_mutant("mine", None, {"tokens": toks}, frozenset({OK}), None)
        elif where == "again":
            t = self.pick()
            if t is None or not t.humans:
                return
            seat = self.rng.choice(t.humans)
            exp = self._again_expect(t)
            self.body_mutant("again", t, {"token": t.tokens[seat]}, exp, seat)
        else:
            self.fuzz_action()

    # ----- create ------------------------------------------------------------------------------
    def fuzz_create(self) -> None:
        rng = self.rng
        body = self.create_body()
        game = body["game"]
        spec = self.games[game]
        players = body["players"]
        bad = frozenset({UNPROCESSABLE})
        ok = frozenset({CREATED})
        either = ok | bad
        unknown_key = ok if UNKNOWN_KEYS_IGNORED else either
        seats = body["seats"]
        non_counts = [x for x in range(0, 8) if x not in spec["players"]]
        opt = {o["name"]: o for o in spec["options"]}
        cases: list[tuple[str, Any, frozenset[int]]] = [
            ("create:valid", body, ok),
            ("create:players-true", {**body, "players": True}, bad),
            ("create:players-false", {**body, "players": False}, bad),
            ("create:players-string", {**body, "players": str(players)}, bad),
            ("create:players-float", {**body, "players": float(players)}, bad),
            ("create:players-list", {**body, "players": [players]}, bad),
            ("create:players-object", {**body, "players": {"n": players}}, bad),
            ("create:players-null", {**body, "players": None}, either),
            ("create:players-out", {**body, "players": rng.choice(non_counts)}, bad),
            ("create:players-neg", {**body, "players": -players}, bad),
            ("create:players-bigint", {**body, "players": BIG_INT}, bad),
            ("create:players-nan", {**body, "players": Raw("NaN", nonfinite=True)}, bad),
            ("create:players-1e400", {**body, "players": Raw("1e400", nonfinite=True)}, bad),
            ("create:no-players", {k: v for k, v in body.items() if k != "players"},
             ok if players == min(spec["players"]) else bad),
            ("create:no-seats", {k: v for k, v in body.items() if k != "seats"}, ok),
            ("create:seats-null", {**body, "seats": None}, ok),
            ("create:seats-empty", {**body, "seats": []}, bad),
            ("create:seats-true", {**body, "seats": True}, bad),
            ("create:seats-object", {**body, "seats": {"kind": "human"}}, bad),
            ("create:seats-string", {**body, "seats": "human"}, bad),
            ("create:seats-short", {**body, "seats": seats[:-1]}, bad),
            ("create:seats-long", {**body, "seats": [*seats, {"kind": "human"}]}, bad),
            ("create:seat-kind", {**body, "seats": _set_seat(rng, seats, {"kind": "robot"})},
             bad),
            ("create:seat-kind-null", {**body, "seats": _set_seat(rng, seats, {"kind": None})},
             bad),
            ("create:seat-number", {**body, "seats": _set_seat(rng, seats, 1)}, bad),
            ("create:seat-list", {**body, "seats": _set_seat(rng, seats, ["human"])}, bad),
            ("create:seat-extra-key", {**body, "seats": _set_seat(
                rng, seats, {"kind": "human", "token": "mine"})}, unknown_key),
            ("create:bot-no-level", {**body, "seats": _set_seat(rng, seats, {"kind": "bot"})},
             ok),
            ("create:bot-level-null", {**body, "seats": _set_seat(
                rng, seats, {"kind": "bot", "level": None})}, either),
        ]
        for level in ["impossible", "", "HARD", " hard", "hard ", "hard:iterations=10",
                      "mcts", "random", "greedy", "easy:x=1", "medium\x00", "hard\ud800"]:
            exp = bad
            cases.append((f"create:bot-level={level.encode('unicode_escape').decode()}",
                          {**body, "seats": _set_seat(rng, seats,
                                                      {"kind": "bot", "level": level})}, exp))
        cases += [
            ("create:bot-level-number", {**body, "seats": _set_seat(
                rng, seats, {"kind": "bot", "level": 3})}, bad),
            ("create:bot-level-true", {**body, "seats": _set_seat(
                rng, seats, {"kind": "bot", "level": True})}, bad),
            ("create:options-list", {**body, "options": []}, bad),
            ("create:options-list-items", {**body, "options": [["side", "easy"]]}, bad),
            ("create:options-true", {**body, "options": True}, bad),
            ("create:options-false", {**body, "options": False}, bad),
            ("create:options-zero", {**body, "options": 0}, bad),
            ("create:options-string", {**body, "options": ""}, bad),
            ("create:options-null", {**body, "options": None}, either),
            ("create:options-unknown", {**body, "options": {"speed": 1}}, bad),
            ("create:options-deck", {**body, "options": {"deck": "/etc/passwd"}}, bad),
            ("create:seed-true", {**body, "seed": True}, bad),
            ("create:seed-false", {**body, "seed": False}, bad),
            ("create:seed-neg", {**body, "seed": -1}, bad),
            ("create:seed-2^63", {**body, "seed": 2**63}, bad),
            ("create:seed-max", {**body, "seed": 2**63 - 1}, ok),
            ("create:seed-bigint", {**body, "seed": BIG_INT}, bad),
            ("create:seed-float", {**body, "seed": 7.0}, bad),
            ("create:seed-half", {**body, "seed": 7.5}, bad),
            ("create:seed-string", {**body, "seed": "7"}, bad),
            ("create:seed-nan", {**body, "seed": Raw("NaN", nonfinite=True)}, bad),
            ("create:seed-1e400", {**body, "seed": Raw("1e400", nonfinite=True)}, bad),
            ("create:seed-null", {**body, "seed": None}, ok),
            ("create:game-unknown", {**body, "game": "chess"}, bad),
            ("create:game-case", {**body, "game": game.upper()}, bad),
            ("create:game-nul", {**body, "game": game + "\x00"}, bad),
            ("create:game-number", {**body, "game": 1}, bad),
            ("create:game-list", {**body, "game": [game]}, bad),
            ("create:game-null", {**body, "game": None}, bad),
            ("create:no-game", {k: v for k, v in body.items() if k != "game"}, bad),
            ("create:lang-unknown", {**body, "lang": "xx"}, bad),
            ("create:lang-number", {**body, "lang": 1}, bad),
            ("create:lang-true", {**body, "lang": True}, bad),
            ("create:lang-cs-CZ", {**body, "lang": "cs-CZ"}, ok),
            ("create:extra-key", {**body, "extra": [1, {"a": None}]}, unknown_key),
        ]
        for name, o in opt.items():
            default = o["default"]
            if isinstance(default, bool):
                cases += [(f"create:option-{name}-number", {**body, "options": {name: 1}}, bad),
                          (f"create:option-{name}-string", {**body, "options": {name: "true"}},
                           bad),
                          (f"create:option-{name}-null", {**body, "options": {name: None}},
                           bad)]
            elif isinstance(default, int):
                cases += [(f"create:option-{name}-true", {**body, "options": {name: True}}, bad),
                          (f"create:option-{name}-float", {**body, "options": {name: 1.5}},
                           bad),
                          (f"create:option-{name}-nan",
                           {**body, "options": {name: Raw("NaN", nonfinite=True)}}, bad),
                          (f"create:option-{name}-1e400",
                           {**body, "options": {name: Raw("1e400", nonfinite=True)}}, bad),
                          (f"create:option-{name}-bigint", {**body, "options": {name: BIG_INT}},
                           either),
                          (f"create:option-{name}-neg", {**body, "options": {name: -1}}, either),
                          (f"create:option-{name}-zero", {**body, "options": {name: 0}}, either),
                          (f"create:option-{name}-string", {**body, "options": {name: "1"}},
                           bad)]
            elif isinstance(default, str):
                cases += [(f"create:option-{name}-number", {**body, "options": {name: 1}}, bad),
                          (f"create:option-{name}-surrogate",
                           {**body, "options": {name: "\ud800"}}, bad)]
                if o["choices"]:
                    cases.append((f"create:option-{name}-not-a-choice",
                                  {**body, "options": {name: "impossible"}}, bad))
        label, b, exp = rng.choice(cases)
        text = dumps(b).encode()
        status = body_status(b, len(text))
        if status is not None:
            exp = frozenset({status})

        def on_ok(a: Answer) -> None:
            if isinstance(b, dict) and b.get("game") in self.games and \
                    isinstance(b.get("players", 0), int):
                bb = {**b, "players": b.get("players") or min(self.games[b["game"]]["players"])}
                if not isinstance(bb.get("seats"), list):
                    bb.pop("seats", None)
                t = self._register(bb, a.json(), pool=False)
                if self.rng.random() < 0.3 and len(self.tables) < 3 * self.POOL:
                    self.tables.append(t)

        self.send(Probe("POST /api/tables", label, "POST", "/api/tables", text,
                        {"content-type": "application/json"}, exp, on_ok=on_ok))

    # ----- GET, record, again, my-tables, WebSocket, the rest ---------------------------------
    def fuzz_get(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        m = rng.randrange(5)
        if m == 0:
            seat = rng.choice([None, *range(t.players)])
            if seat is not None and t.tokens[seat] is None:
                seat = None
            self.get(t, seat, label="get:valid", via=rng.choice(["query", "bearer"]))
        elif m == 1:
            label, bad = rng.choice(self.bad_tokens(t))
            via = rng.choice(["query", "bearer"])
            headers, path = {}, f"/api/tables/{t.id}"
            if via == "bearer":
                headers["authorization"] = b"Bearer " + _header(bad)
            else:
                path += "?token=" + _q(bad)
            exp = {FORBIDDEN}
            if label == "token:long" and via == "bearer":
                exp |= {400, 431}
            self.send(Probe("GET /api/tables/{id}", f"{label}@{via}", "GET", path, None,
                            headers, frozenset(exp), t))
        elif m == 2:
            label, tid = rng.choice(self.bad_ids(t))
            self.send(Probe("GET /api/tables/{id}", label, "GET", f"/api/tables/{tid}", None,
                            {}, frozenset({NOT_FOUND}), None))
        elif m == 3:
            label, lang, exp = rng.choice([
                ("lang:unknown", "xx", {UNPROCESSABLE}), ("lang:empty", "", {OK, UNPROCESSABLE}),
                ("lang:surrogate", "\ud800", {UNPROCESSABLE}),
                ("lang:nul", "cs\x00", {UNPROCESSABLE}), ("lang:long", "c" * 5000,
                                                          {UNPROCESSABLE}),
                ("lang:cs-CZ", "cs-CZ", {OK}), ("lang:sk", "sk", {OK}),
            ])
            self.send(Probe("GET /api/tables/{id}", label, "GET",
                            f"/api/tables/{t.id}?lang={_q(lang)}", None, {}, frozenset(exp), t))
        else:
            seat = rng.choice(t.humans) if t.humans else None
            tok = t.tokens[seat] if seat is not None else None
            label, q, exp = rng.choice([
                ("query:token-twice", f"?token={_q(tok or 'x')}&token=bad", {OK, FORBIDDEN}),
                ("query:token-empty", "?token=", {OK}),
                ("query:junk", "?%zz=1&token", {OK, FORBIDDEN, UNPROCESSABLE}),
                ("query:bad-and-unknown", "?token=bad&lang=xx", {FORBIDDEN, UNPROCESSABLE}),
            ])
            self.send(Probe("GET /api/tables/{id}", label, "GET", f"/api/tables/{t.id}{q}",
                            None, {}, frozenset(exp), t))

    def _again_expect(self, t: TableInfo) -> frozenset[int]:
        if t.over:
            return frozenset({CREATED})
        return frozenset({CONFLICT, CREATED} if t.has_bots else {CONFLICT})

    def fuzz_over(self) -> None:
        """Finished tables: the record and "play again" (and both before the end)."""
        rng = self.rng
        t = self.pick(over=True) if rng.random() < 0.7 else self.pick()
        if t is None:
            return
        if self.store is not None:
            self._replay(t)
        m = rng.randrange(4)
        if m == 0:
            exp = {OK} if t.over else ({FORBIDDEN, OK} if t.has_bots else {FORBIDDEN})

            def check(_p: Probe, a: Answer) -> list[str]:
                rec = a.json()
                if not isinstance(rec, dict) or rec.get("game") != t.game:
                    return [f"odd record: {str(rec)[:120]}"]
                n = len(rec.get("actions") or [])
                if self.store is not None and n != len(t.standing):
                    return [f"the record has {n} actions, the store {len(t.standing)} that "
                            f"stand ({len(t.seen)} rows with undos)"]
                return []

            self.send(Probe("GET /api/tables/{id}/record", "record", "GET",
                            f"/api/tables/{t.id}/record", None, {}, frozenset(exp), t,
                            check=check))
        elif m == 1:
            label, tid = rng.choice(self.bad_ids(t))
            self.send(Probe("GET /api/tables/{id}/record", label, "GET",
                            f"/api/tables/{tid}/record", None, {}, frozenset({NOT_FOUND})))
        else:
            self.again(t, bearer_only=(m == 3))

    def again(self, t: TableInfo, bearer_only: bool) -> None:
        """"Play again" from one seat (or a spectator, a bad token); when it makes the next
        table, every other human seat claims its own seat there in turn."""
        rng = self.rng
        humans = t.humans
        exp = self._again_expect(t)
        seat = rng.choice(humans) if humans else None
        tok = t.tokens[seat] if seat is not None else None
        label = "again:bearer-no-body" if bearer_only else "again:valid"
        headers: dict[str, Any] = {}
        body: bytes | None
        if bearer_only and tok is not None:
            headers["authorization"] = f"Bearer {tok}"
            body = None
        else:
            body = dumps({"token": tok} if tok else {}).encode()
            headers["content-type"] = "application/json"
        if rng.random() < 0.3:
            label, bad = rng.choice(self.bad_tokens(t))
            label = "again:" + label
            body = dumps({"token": bad}).encode()
            exp = frozenset({UNPROCESSABLE} if _has_lone_surrogate(bad) else {FORBIDDEN})
            seat, tok = None, None
        elif tok is None:
            exp = frozenset({FORBIDDEN})
            label = "again:spectator"
        r = self._again_send(t, seat, tok, label, body, headers, exp)
        if r is None or r["id"] in self.all or seat is None:
            return
        nt = TableInfo(id=r["id"], game=t.game, players=t.players, options=t.options,
                       kinds=t.kinds, tokens=[None] * t.players)
        self.all[nt.id] = nt
        self.report.tables += 1
        nt.tokens[seat] = r["token"]
        for other in humans:
            if other != seat:
                again = dumps({"token": t.tokens[other]}).encode()
                r2 = self._again_send(t, other, t.tokens[other], "again:claim", again,
                                      {"content-type": "application/json"},
                                      frozenset({CREATED}))
                if r2 is not None:
                    nt.tokens[other] = r2["token"]
        for i, x in enumerate(nt.tokens):
            if x:
                self.token_seat[x] = (nt.id, i)
        self.tables.append(nt)

    def _again_send(self, t: TableInfo, seat: int | None, tok: str | None, label: str,
                    body: bytes | None, headers: dict[str, Any], exp: frozenset[int]
                    ) -> dict[str, Any] | None:
        from herna.server.store import next_token

        got: list[dict[str, Any]] = []

        def check(_p: Probe, a: Answer) -> list[str]:
            r = a.json()
            if not isinstance(r, dict) or not isinstance(r.get("id"), str):
                return [f"odd answer: {str(r)[:120]}"]
            if t.next_id is not None and r.get("id") != t.next_id:
                return [f"play again gave table {r.get('id')!r}, before {t.next_id!r}"]
            if tok is None or r.get("token") != next_token(tok, r["id"]):
                return ["the token is not the one made from the caller's token"]
            return []

        def on_ok(a: Answer) -> None:
            r = a.json()
            if isinstance(r, dict) and isinstance(r.get("id"), str) and \
                    isinstance(r.get("token"), str):
                got.append(r)
                t.next_id = t.next_id or r["id"]

        self.send(Probe("POST /api/tables/{id}/again", label, "POST",
                        f"/api/tables/{t.id}/again", body, headers, exp, t, check=check,
                        on_ok=on_ok))
        return got[0] if got else None

    def fuzz_mine(self) -> None:
        rng = self.rng
        known = list(self.token_seat)
        some = rng.sample(known, min(len(known), rng.randrange(0, 6)))
        bad = frozenset({UNPROCESSABLE})
        cases: list[tuple[str, dict[str, Any], frozenset[int]]] = [
            ("mine:valid", {"tokens": some}, frozenset({OK})),
            ("mine:mixed", {"tokens": [*some, "nope", "", "x" * 3000]}, frozenset({OK})),
            ("mine:duplicates", {"tokens": some * 3}, frozenset({OK})),
            ("mine:over-500", {"tokens": [f"n{i}" for i in range(600)] + some},
             frozenset({OK})),
            ("mine:at-500", {"tokens": some + [f"n{i}" for i in range(MAX_TOKENS)]},
             frozenset({OK})),
            ("mine:empty-list", {"tokens": []}, frozenset({OK})),
            ("mine:no-tokens", {}, frozenset({OK, UNPROCESSABLE})),
            ("mine:null", {"tokens": None}, frozenset({OK, UNPROCESSABLE})),
            ("mine:string", {"tokens": some[0] if some else "abc"}, bad),
            ("mine:empty-string", {"tokens": ""}, bad),
            ("mine:object", {"tokens": {"a": "b"}}, bad),
            ("mine:empty-object", {"tokens": {}}, bad),
            ("mine:zero", {"tokens": 0}, bad),
            ("mine:false", {"tokens": False}, bad),
            ("mine:true", {"tokens": True}, bad),
            ("mine:numbers", {"tokens": [1, 2]}, bad),
            ("mine:nested", {"tokens": [some]}, bad),
            ("mine:null-item", {"tokens": [*some, None]}, bad),
            ("mine:bool-item", {"tokens": [True]}, bad),
            ("mine:surrogate", {"tokens": [*some, "\ud800"]}, bad),
            ("mine:nan-item", {"tokens": [Raw("NaN", nonfinite=True)]}, bad),
            ("mine:long-token", {"tokens": ["y" * 60_000]}, frozenset({OK})),
            ("mine:many-long", {"tokens": ["z" * 200] * 400}, frozenset({OK})),
        ]
        label, body, exp = rng.choice(cases)
        text = dumps(body).encode()
        status = body_status(body, len(text))
        if status is not None:
            exp = frozenset({status})
        listed = body.get("tokens")
        sent: list[Any] = listed if isinstance(listed, list) else []

        def check(_p: Probe, a: Answer) -> list[str]:
            r = a.json()
            if not isinstance(r, list):
                return ["not a list"]
            read = [x for x in sent[:MAX_TOKENS] if isinstance(x, str)]
            want = {self.token_seat[x] for x in read if x in self.token_seat}
            got = set()
            for e in r:
                if not isinstance(e, dict) or e.get("token") not in read:
                    return [f"an entry for a token not sent (or past the first {MAX_TOKENS})"]
                if self.token_seat.get(e["token"]) != (e.get("id"), e.get("seat")):
                    return [f"token of {self.token_seat.get(e['token'])} listed as "
                            f"{(e.get('id'), e.get('seat'))}"]
                got.add((e["id"], e["seat"]))
            if got != want:
                return [f"{len(want - got)} seat(s) left out, {len(got - want)} too many"]
            return []

        self.send(Probe("POST /api/my-tables", label, "POST", "/api/my-tables", text,
                        {"content-type": "application/json"}, exp, check=check))

    def fuzz_ws(self, long_url: bool = False) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        if long_url:  # a request line over websockets' 8,192-byte limit
            self.send(Probe("WS /api/tables/{id}/ws", "ws:url-over-8k", "WS",
                            f"/api/tables/{t.id}/ws?token={'a' * 8300}", None, {},
                            frozenset({WS_BAD_TOKEN}), None))
            return
        seat = rng.choice(t.humans) if t.humans and rng.random() < 0.6 else None
        tok = t.tokens[seat] if seat is not None else None
        m = rng.randrange(6)
        headers: dict[str, Any] = {}
        if m == 0:
            label, path, exp = "ws:valid", f"/api/tables/{t.id}/ws", {1000}
            if tok:
                if rng.random() < 0.3:
                    headers["authorization"] = f"Bearer {tok}"
                    label = "ws:valid-bearer"
                else:
                    path += f"?token={_q(tok)}"
        elif m in (1, 2):
            label, bad = rng.choice(self.bad_tokens(t))
            if label == "token:long":  # kept under 8 KB: see ws:url-over-8k
                bad = bad[:4000]
            label, path, exp = f"ws:{label}", f"/api/tables/{t.id}/ws?token={_q(bad)}", \
                {WS_BAD_TOKEN}
        elif m == 3:
            label, tid = rng.choice([x for x in self.bad_ids(t) if x[0] != "id:long"])
            label, path, exp = f"ws:{label}", f"/api/tables/{tid}/ws", {WS_UNKNOWN_TABLE}
        elif m == 4:
            lab, lang = rng.choice([("lang:unknown", "xx"), ("lang:surrogate", "\ud800"),
                                    ("lang:long", "x" * 500), ("lang:nul", "en\x00")])
            label, path, exp = f"ws:{lab}", f"/api/tables/{t.id}/ws?lang={_q(lang)}", \
                {WS_BAD_LANG}
        else:
            label = "ws:bad-token-and-lang"
            path, exp = f"/api/tables/{t.id}/ws?token=bad&lang=xx", {WS_BAD_TOKEN, WS_BAD_LANG}

        def check(_p: Probe, a: Answer) -> list[str]:
            try:
                p = json.loads(a.first or "")
            except ValueError:
                return ["the first message is not JSON"]
            return self._check_payload(p, t, seat if tok else None)

        self.send(Probe(f"WS {_endpoint('WS', path)}", label, "WS", path, None, headers,
                        frozenset(exp), None, check=check))

    def fuzz_other(self) -> None:
        rng = self.rng
        t = self.pick()
        tid = t.id if t else "x"
        label, method, path, exp = rng.choice([
            ("other:games", "GET", "/api/games", {OK}),
            ("other:messages", "GET", "/api/messages?lang=cs", {OK}),
            ("other:messages-bad-lang", "GET", "/api/messages?lang=xx", {UNPROCESSABLE}),
            ("other:messages-surrogate", "GET", "/api/messages?lang=%ED%A0%80",
             {UNPROCESSABLE}),
            ("other:unknown-route", "GET", "/api/nothing", {NOT_FOUND}),
            ("other:unknown-subroute", "GET", f"/api/tables/{tid}/nothing", {NOT_FOUND}),
            ("other:method-delete", "DELETE", f"/api/tables/{tid}", {405, NOT_FOUND}),
            ("other:method-put", "PUT", "/api/tables", {405}),
            ("other:method-get-actions", "GET", f"/api/tables/{tid}/actions", {405}),
            ("other:method-get-create", "GET", "/api/my-tables", {405}),
            ("other:page", "GET", f"/t/{tid}", {OK}),
            ("other:page-nul", "GET", "/t/%00", {OK, NOT_FOUND}),
            ("other:static-traversal", "GET", "/static/..%2F..%2F..%2Fpyproject.toml",
             {NOT_FOUND}),
            ("other:static-traversal-2", "GET", "/static/%2e%2e/%2e%2e/server/app.py",
             {NOT_FOUND}),
            ("other:openapi", "GET", "/api/openapi.json", {OK}),
        ])
        self.send(Probe(_endpoint(method, path), label, method, path, None, {},
                        frozenset(exp), None))

    def fuzz_big(self) -> None:
        """A 10 MB body (twice a run at most), to every POST endpoint in turn."""
        if self.big_left <= 0:
            return
        self.big_left -= 1
        t = self.pick()
        path = self.rng.choice(["/api/tables", "/api/my-tables",
                                f"/api/tables/{t.id if t else 'x'}/actions"])
        body = b'{"pad": "' + b"x" * BIG_BODY + b'"}'
        self.send(Probe(_endpoint("POST", path), "size:10MB", "POST", path, body,
                        {"content-type": "application/json"}, frozenset({TOO_LARGE})))


    # ----- the newer routes: undo, hints, names, explain, scenes, clocks, accounts, replays,
    # reviews, history, practice, score pads, guides, rules -----------------------------------
    def jpost(self, endpoint: str, label: str, path: str, body: Any, exp: set[int] | frozenset[int],
              table: TableInfo | None = None, client: str = "main",
              headers: dict[str, Any] | None = None, most: int = MAX_BODY,
              check: Callable[[Probe, Answer], list[str]] | None = None,
              after: Callable[[Probe, Answer], list[str]] | None = None,
              on_ok: Callable[[Answer], None] | None = None, seat: int | None = None,
              version: Any = None) -> Answer:
        """POST `body` as JSON; a body the contract refuses as a whole gets 413/422."""
        text = dumps(body).encode()
        status = TOO_LARGE if len(text) > most else body_status(body, 0)
        return self.send(Probe(endpoint, label, "POST", path, text,
                               {"content-type": "application/json", **(headers or {})},
                               frozenset({status} if status is not None else exp), table,
                               check=check, after=after, on_ok=on_ok, seat=seat,
                               version=version, client=client))

    def jget(self, endpoint: str, label: str, path: str, exp: set[int] | frozenset[int],
             table: TableInfo | None = None, client: str = "main",
             headers: dict[str, Any] | None = None,
             check: Callable[[Probe, Answer], list[str]] | None = None) -> Answer:
        return self.send(Probe(endpoint, label, "GET", path, None, headers or {},
                               frozenset(exp), table, check=check, client=client))

    def _seat_of(self, t: TableInfo) -> tuple[int | None, str | None]:
        """A human seat of t and its token (None, None: none held)."""
        if not t.humans:
            return None, None
        seat = self.rng.choice(t.humans)
        return seat, t.tokens[seat]

    def _who(self, t: TableInfo, seat: int | None, tok: str | None, base: dict[str, Any],
             ok: set[int]) -> tuple[str, dict[str, Any], set[int], int | None]:
        """The caller of a seat's POST, made hostile one way at a time: (label, body,
        statuses, the seat it acts at)."""
        rng = self.rng
        m = rng.randrange(6)
        if m == 0 or tok is None:
            return "who:spectator", dict(base), {FORBIDDEN}, None
        if m == 1:
            label, bad = rng.choice(self.bad_tokens(t))
            exp = {UNPROCESSABLE} if _has_lone_surrogate(bad) else {FORBIDDEN}
            return f"who:{label}", {**base, "token": bad}, exp, None
        return "who:seat", {**base, "token": tok}, ok, seat

    def _seat_now(self, t: TableInfo) -> tuple[int | None, str | None, dict[str, Any] | None,
                                               Any]:
        """A seat of the table (or none), its token, its payload now and that version (0
        without one; Any: a caller may send a mutated one in its place)."""
        seat, tok = self._seat_of(t)
        p = self.get(t, seat) if seat is not None else None
        return seat, tok, p, p["version"] if p else 0

    def fuzz_undo(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        seat, tok, p, version = self._seat_now(t)
        may = {OK, CONFLICT} if p and p.get("undo") else {UNPROCESSABLE, CONFLICT}
        if t.has_bots:
            may |= {UNPROCESSABLE, CONFLICT}
        label, body, exp, at = self._who(t, seat, tok, {"version": version}, may)
        if at is not None and rng.random() < 0.5:
            label, v, exp = rng.choice([
                ("version:stale", version - 1, {CONFLICT}),
                ("version:future", version + 1, {CONFLICT}),
                ("version:bigint", BIG_INT, {CONFLICT, UNPROCESSABLE}),
                ("version:true", True, {UNPROCESSABLE}),
                ("version:string", str(version), {UNPROCESSABLE}),
                ("version:float", float(version), {UNPROCESSABLE}),
                ("version:null", None, {UNPROCESSABLE}),
                ("version:nan", Raw("NaN", nonfinite=True), {UNPROCESSABLE})])
            body = {**body, "version": v}
            version = v
        if rng.random() < 0.1:
            # a version the body's own parse refuses (a number past a double) may go first
            own = exp & {UNPROCESSABLE} if label.startswith("version:") else set()
            label, tid = rng.choice(self.bad_ids(t))
            self.jpost("POST /api/tables/{id}/undo", f"undo:{label}",
                       f"/api/tables/{tid}/undo", body, {NOT_FOUND} | own)
            return
        self.undo(t, at, body, f"undo:{label}", exp)

    def undo(self, t: TableInfo, seat: int | None, body: dict[str, Any], label: str,
             exp: set[int]) -> Answer:
        def check(_p: Probe, a: Answer) -> list[str]:
            return self._check_payload(a.json(), t, seat)

        return self.jpost("POST /api/tables/{id}/undo", label, f"/api/tables/{t.id}/undo", body,
                          exp, table=t, check=check, seat=seat, version=body.get("version"))

    def fuzz_hint(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        seat, tok, p, version = self._seat_now(t)
        if tok is not None and self.hints_left > 0 and p and seat in p.get("to_act", []) \
                and not p.get("over") and rng.random() < 0.5:
            self.hints_left -= 1  # a real hint: the hard bot's work, a few a run
            self.jpost("POST /api/tables/{id}/hint", "hint:valid", f"/api/tables/{t.id}/hint",
                       {"token": tok, "version": version}, {OK, CONFLICT, UNPROCESSABLE}, t)
            return
        # refused before any bot work: a stale version, a bad one, no seat
        label, body, exp, _at = self._who(t, seat, tok, {"version": version - 1 if version
                                                          else -1}, {CONFLICT})
        if rng.random() < 0.4 and "token" in body and exp == {CONFLICT}:
            lab, v = rng.choice([("true", True), ("string", "1"), ("float", 1.0),
                                 ("null", None), ("list", [version])])
            label, body, exp = f"version:{lab}", {**body, "version": v}, {UNPROCESSABLE}
        self.jpost("POST /api/tables/{id}/hint", f"hint:{label}", f"/api/tables/{t.id}/hint",
                   body, exp, t)

    def fuzz_name(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        seat, tok = self._seat_of(t)
        lab, name, ok = rng.choice([
            ("valid", rng.choice(["Ana", "Žofie", "Bob 2", "李"]), {OK}),
            ("empty", "", {UNPROCESSABLE}), ("spaces", "   ", {UNPROCESSABLE}),
            ("long", "x" * 25, {UNPROCESSABLE}), ("at-most", "y" * 24, {OK}),
            ("number", 5, {UNPROCESSABLE}), ("null", None, {UNPROCESSABLE}),
            ("list", ["Ana"], {UNPROCESSABLE}), ("nul", "A\x00B", {UNPROCESSABLE}),
            ("newline", "A\nB", {UNPROCESSABLE}), ("bidi", "\u202eAna", {OK, UNPROCESSABLE}),
            ("emoji", "🎲", {OK, UNPROCESSABLE}), ("surrogate", "A\ud800", {UNPROCESSABLE}),
            ("html", "<b>x</b>", {OK, UNPROCESSABLE})])
        label, body, exp, at = self._who(t, seat, tok, {"name": name}, ok)
        before = self._names(t)

        def after(_p: Probe, a: Answer) -> list[str]:
            if a.status is None or a.status < 400 or self.store is None:
                return []
            now = self._names(t)
            return [] if now == before else [f"a refused rename changed the names: {before} "
                                             f"-> {now}"]

        def check(_p: Probe, a: Answer) -> list[str]:
            return self._check_payload(a.json(), t, at)

        self.jpost("POST /api/tables/{id}/name", f"name:{lab}:{label}",
                   f"/api/tables/{t.id}/name", body, exp, t, check=check, after=after)

    def _names(self, t: TableInfo) -> list[Any]:
        if self.store is None:
            return []
        row = self.store.load(t.id)
        return [getattr(s, "name", None) for s in row.seats] if row is not None else []

    def fuzz_explain(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        seat, tok = self._seat_of(t)
        p = t.payloads.get(seat) or {}
        legal = p.get("legal") or []
        real = legal[0].get("parts") if legal and isinstance(legal[0], dict) else None
        lab, parts, ok = rng.choice([
            ("real", real if isinstance(real, list) and real else ["market"],
             {OK, UNPROCESSABLE}),
            ("word", ["market"], {OK, UNPROCESSABLE}), ("missing", Raw("null"),
                                                        {UNPROCESSABLE}),
            ("empty", [], {UNPROCESSABLE}), ("seventeen", ["a"] * 17, {UNPROCESSABLE}),
            ("spaces", ["a b"], {UNPROCESSABLE}), ("number", [1], {UNPROCESSABLE}),
            ("string", "market", {UNPROCESSABLE}), ("long", ["a:" + "1" * 30],
                                                    {UNPROCESSABLE}),
            ("unicode", ["trh:ž"], {UNPROCESSABLE}), ("surrogate", ["\ud800"],
                                                      {UNPROCESSABLE})])
        label, body, exp, _at = self._who(t, seat, tok, {"parts": parts}, ok)

        def check(_p: Probe, a: Answer) -> list[str]:
            r = a.json()
            return [] if isinstance(r, dict) and isinstance(r.get("reason"), str) else \
                [f"odd answer: {str(r)[:100]}"]

        self.jpost("POST /api/tables/{id}/explain", f"explain:{lab}:{label}",
                   f"/api/tables/{t.id}/explain", body, exp, t, check=check)

    def fuzz_scenes(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        n = max(1, len(t.seen))
        lab, seq, exp = rng.choice([
            ("valid", str(rng.randrange(n)), {OK, NOT_FOUND}), ("zero", "0", {OK, NOT_FOUND}),
            ("past", str(n + 50), {NOT_FOUND}), ("nine-digits", "9" * 9, {NOT_FOUND}),
            ("ten-digits", "9" * 10, {UNPROCESSABLE}), ("neg", "-1", {UNPROCESSABLE}),
            ("word", "abc", {UNPROCESSABLE}), ("float", "1.5", {UNPROCESSABLE}),
            ("fullwidth", _q("１"), {UNPROCESSABLE}), ("superscript", _q("²"),
                                                         {UNPROCESSABLE}),
            ("nul", "%00", {UNPROCESSABLE}), ("surrogate", "%ED%A0%80", {UNPROCESSABLE}),
            ("long", "1" * 5000, {UNPROCESSABLE})])
        query = ""
        if rng.random() < 0.2:
            label, bad = rng.choice(self.bad_tokens(t))
            query, exp, lab = f"?token={_q(bad[:3000])}", {FORBIDDEN}, f"{lab}:{label}"
        elif rng.random() < 0.1:
            query, exp, lab = "?lang=xx", {UNPROCESSABLE}, f"{lab}:lang"
        tid = t.id
        if rng.random() < 0.1:
            label, tid = rng.choice([x for x in self.bad_ids(t) if x[0] != "id:long"])
            lab, exp = f"{lab}:{label}", {NOT_FOUND}
        self.jget("GET /api/tables/{id}/scenes/{seq}", f"scenes:{lab}",
                  f"/api/tables/{tid}/scenes/{seq}{query}", exp)

    def fuzz_seat_back(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        seat, tok = self._seat_of(t)
        own = {CONFLICT, UNPROCESSABLE}  # not stood in (409), or the game is over (422)
        lab, which, exp = "own", str(seat if seat is not None else 0), own
        m = rng.randrange(10)
        if m == 0 and t.players > 1 and seat is not None:
            lab, which, exp = "other-seat", str((seat + 1) % t.players), {FORBIDDEN}
        elif m == 1:
            lab, which, exp = rng.choice([
                ("word", "x", {NOT_FOUND}), ("neg", "-1", {NOT_FOUND}),
                ("past", str(t.players), {NOT_FOUND}), ("fullwidth", _q("１"), {NOT_FOUND}),
                ("superscript", _q("²"), {NOT_FOUND}), ("nul", "%00", {NOT_FOUND}),
                ("huge", "9" * 5000, {NOT_FOUND}),
                ("long-zeros", "0" * 9 + "1" * 5000, {NOT_FOUND, FORBIDDEN}),
                ("zeros", "00" + which, own if seat is not None else {FORBIDDEN})])
        body: dict[str, Any] = {"token": tok} if tok else {}
        if m == 2 or tok is None:
            body, exp = {}, ({NOT_FOUND} if exp == {NOT_FOUND} else {FORBIDDEN})
            lab += ":spectator"
        elif m == 3:
            label, bad = rng.choice(self.bad_tokens(t))
            body = {"token": bad}
            if exp != {NOT_FOUND}:
                exp = {UNPROCESSABLE} if _has_lone_surrogate(bad) else {FORBIDDEN}
            lab += f":{label}"
        if lab == "own" and t.over:
            exp = {UNPROCESSABLE}
        self.jpost("POST /api/tables/{id}/seats/{seat}/back", f"back:{lab}",
                   f"/api/tables/{t.id}/seats/{which}/back", body, exp, t)

    def sign_in(self) -> None:
        """The signed-in browser's account: made once, signed in again after a log out."""
        if self.account is None:
            name = f"fz{self.report.seed % 10**6}x{self.rng.randrange(10**6)}"
            self.account = (name, "correct horse battery")
            self.jpost("POST /api/account/signup", "account:signup", "/api/account/signup",
                       {"name": name, "password": self.account[1]}, {CREATED}, client="acct")
        else:
            self.jpost("POST /api/account/signin", "account:signin", "/api/account/signin",
                       {"name": self.account[0], "password": self.account[1]}, {OK},
                       client="acct")

    def fuzz_join(self) -> None:
        rng = self.rng
        t = self.pick()
        if t is None:
            return
        if self.account is None or not self.acct.cookies:
            self.sign_in()
        _seat, tok = self._seat_of(t)
        m = rng.randrange(6)
        body: dict[str, Any] = {"token": tok} if tok else {}
        client, headers, exp = "acct", {}, {OK} if tok else {FORBIDDEN}
        lab = "valid"
        if m == 1:
            lab, client, exp = "signed-out", "anon", {UNAUTHORIZED}
        elif m == 2:
            label, bad = rng.choice(self.bad_tokens(t))
            lab, body = label, {"token": bad}
            exp = {UNPROCESSABLE} if _has_lone_surrogate(bad) else {FORBIDDEN}
        elif m == 3:
            lab, headers, exp = "cross-site", {"origin": "http://evil.example"}, {FORBIDDEN}
        elif m == 4:
            lab, body, exp = "spectator", {}, {FORBIDDEN}
        elif m == 5:
            label, tid = rng.choice(self.bad_ids(t))
            self.jpost("POST /api/tables/{id}/join", f"join:{label}",
                       f"/api/tables/{tid}/join", body, {NOT_FOUND}, client="acct")
            return
        self.jpost("POST /api/tables/{id}/join", f"join:{lab}", f"/api/tables/{t.id}/join",
                   body, exp, t, client=client, headers=headers)

    def fuzz_accounts(self) -> None:
        rng = self.rng
        if self.account is None:
            self.sign_in()
            return
        name, password = self.account
        m = rng.randrange(12)
        if m == 0:
            self.jget("GET /api/account", "account:who", "/api/account", {OK}, client=rng.choice(
                ["acct", "anon"]))
        elif m == 1:
            self.jget("GET /api/account", "account:who-bad-lang", "/api/account?lang=xx",
                      {UNPROCESSABLE}, client="anon")
        elif m in (2, 3):
            lab, body, exp = rng.choice([
                ("taken", {"name": name, "password": "another password"}, {409}),
                ("short-password", {"name": "fzshort", "password": "abc"}, {UNPROCESSABLE}),
                ("no-password", {"name": "fznopass"}, {UNPROCESSABLE}),
                ("password-number", {"name": "fznum", "password": 12345678}, {UNPROCESSABLE}),
                ("password-huge", {"name": "fzhuge", "password": "p" * 5000},
                 {UNPROCESSABLE}),
                ("name-empty", {"name": "", "password": password}, {UNPROCESSABLE}),
                ("name-long", {"name": "n" * 33, "password": password}, {UNPROCESSABLE}),
                ("name-number", {"name": 7, "password": password}, {UNPROCESSABLE}),
                ("name-nul", {"name": "a\x00b", "password": password}, {UNPROCESSABLE}),
                ("name-surrogate", {"name": "a\ud800", "password": password},
                 {UNPROCESSABLE}),
                ("body-empty-object", {}, {UNPROCESSABLE})])
            self.jpost("POST /api/account/signup", f"signup:{lab}", "/api/account/signup",
                       body, exp, client="anon")
        elif m in (4, 5):
            lab, body, exp = rng.choice([
                ("right", {"name": name, "password": password}, {OK}),
                ("wrong", {"name": name, "password": password + "x"}, {UNAUTHORIZED}),
                ("unknown", {"name": "fz-nobody", "password": password}, {UNAUTHORIZED}),
                ("case", {"name": name.upper(), "password": password}, {OK, UNAUTHORIZED}),
                ("types", {"name": [name], "password": {"p": 1}},
                 {UNAUTHORIZED, UNPROCESSABLE}),
                ("surrogate", {"name": name, "password": "\ud800" * 9}, {UNPROCESSABLE}),
                ("long", {"name": name, "password": "q" * 60_000}, {UNAUTHORIZED,
                                                                    UNPROCESSABLE}),
                ("empty", {}, {UNAUTHORIZED, UNPROCESSABLE})])
            self.jpost("POST /api/account/signin", f"signin:{lab}", "/api/account/signin",
                       body, exp, client="anon")
        elif m == 6:
            lab, headers, text, exp = rng.choice([
                ("cross-site", {"origin": "http://evil.example",
                                "content-type": "application/json"}, b"{}", {FORBIDDEN}),
                ("form", {"content-type": "application/x-www-form-urlencoded"},
                 b"name=a&password=b", {FORBIDDEN}),
                ("text", {"content-type": "text/plain"}, b'{"name": "a"}', {FORBIDDEN})])
            path = rng.choice(["/api/account/signup", "/api/account/signin",
                               "/api/account/logout"])
            self.send(Probe(_endpoint("POST", path), f"account:{lab}", "POST", path, text,
                            headers, frozenset(exp), client="anon"))
        elif m == 7:
            self.jpost("POST /api/account/logout", "logout:anon", "/api/account/logout", {},
                       {OK}, client="anon")
        elif m == 8:
            self.jpost("POST /api/account/logout-everywhere", "logout-everywhere:anon",
                       "/api/account/logout-everywhere", {}, {UNAUTHORIZED}, client="anon")
        elif m == 9 and rng.random() < 0.3:  # the signed-in browser ends its sessions
            self.jpost("POST /api/account/logout-everywhere", "logout-everywhere:signed-in",
                       "/api/account/logout-everywhere", {}, {OK}, client="acct")
            self.sign_in()
        else:
            self.body_other("account-signup", None)

    def fuzz_history(self) -> None:
        rng = self.rng
        known = list(self.token_seat)
        some = rng.sample(known, min(len(known), rng.randrange(0, 5)))
        bad = {UNPROCESSABLE}
        lab, body, exp = rng.choice([
            ("valid", {"tokens": some}, {OK}), ("lang", {"tokens": some, "lang": "sk"}, {OK}),
            ("bad-lang", {"tokens": some, "lang": "xx"}, bad),
            ("no-tokens", {}, {OK, UNPROCESSABLE}), ("string", {"tokens": "abc"}, bad),
            ("numbers", {"tokens": [1]}, bad), ("nested", {"tokens": [some]}, bad),
            ("surrogate", {"tokens": ["\ud800"]}, bad),
            ("many", {"tokens": [f"n{i}" for i in range(700)]}, {OK}),
            ("object", {"tokens": {"a": 1}}, bad)])
        client = rng.choice(["main", "acct"]) if self.account else "main"

        def check(_p: Probe, a: Answer) -> list[str]:
            r = a.json()
            return [] if isinstance(r, dict) else [f"odd answer: {str(r)[:100]}"]

        self.jpost("POST /api/history", f"history:{lab}", "/api/history", body, exp,
                   client=client, check=check)

    def fuzz_practice(self) -> None:
        from herna.games.ubongo import practice

        rng = self.rng
        m = rng.randrange(5)
        level, seed = rng.randrange(1, 4), rng.randrange(3)  # a few: each is made once
        pid = f"{level}-{seed}"
        if m == 0:
            lab, q, exp = rng.choice([
                ("valid", f"level={level}&seed={seed}", {OK}),
                ("lang", f"level={level}&seed={seed}&lang=cs", {OK}),
                ("bad-lang", f"level={level}&seed={seed}&lang=xx", {UNPROCESSABLE}),
                ("level-0", f"level=0&seed={seed}", {UNPROCESSABLE}),
                ("level-past", f"level={practice.TOP + 1}&seed=0", {UNPROCESSABLE}),
                ("level-word", "level=x&seed=0", {UNPROCESSABLE}),
                ("level-fullwidth", f"level={_q('１')}&seed=0", {UNPROCESSABLE}),
                ("level-superscript", f"level={_q('²')}&seed=0", {UNPROCESSABLE}),
                ("level-long", f"level={'1' * 5000}&seed=0", {UNPROCESSABLE}),
                ("seed-neg", f"level={level}&seed=-1", {UNPROCESSABLE}),
                ("seed-past", f"level={level}&seed={practice.MAX_SEED + 1}",
                 {UNPROCESSABLE}),
                ("seed-float", f"level={level}&seed=1.5", {UNPROCESSABLE}),
                ("missing", "", {UNPROCESSABLE}), ("nul", "level=1%00&seed=0",
                                                   {UNPROCESSABLE})])
            self.jget("GET /api/practice/puzzle", f"puzzle:{lab}", f"/api/practice/puzzle?{q}",
                      exp)
        elif m == 1:
            lab, q, exp = rng.choice([("valid", "", {OK}), ("lang", "?lang=sk", {OK}),
                                      ("bad-lang", "?lang=%ED%A0%80", {UNPROCESSABLE})])
            self.jget("GET /api/practice/daily", f"daily:{lab}", f"/api/practice/daily{q}",
                      exp)
        elif m == 2:
            lab, q, exp = rng.choice([
                ("valid", f"puzzle={pid}", {OK}), ("missing", "", {UNPROCESSABLE}),
                ("word", "puzzle=abc", {UNPROCESSABLE}),
                ("past", f"puzzle={practice.TOP + 1}-0", {UNPROCESSABLE}),
                ("long", f"puzzle=1-{'9' * 5000}", {UNPROCESSABLE}),
                ("superscript", f"puzzle={_q('1-²')}", {UNPROCESSABLE})])
            self.jget("GET /api/practice/solution", f"solution:{lab}",
                      f"/api/practice/solution?{q}", exp)
        elif m == 3:
            lab, body, exp = rng.choice([
                ("unsolved", {"puzzle": pid, "placement": "A0@0,0", "seconds": 12.5},
                 {OK, UNPROCESSABLE}),
                ("no-seconds", {"puzzle": pid, "placement": []}, {OK, UNPROCESSABLE}),
                ("extra", {"puzzle": pid, "placement": [], "x": 1}, {UNPROCESSABLE}),
                ("seconds-0", {"puzzle": pid, "placement": [], "seconds": 0},
                 {UNPROCESSABLE}),
                ("seconds-neg", {"puzzle": pid, "placement": [], "seconds": -1},
                 {UNPROCESSABLE}),
                ("seconds-true", {"puzzle": pid, "placement": [], "seconds": True},
                 {UNPROCESSABLE}),
                ("seconds-big", {"puzzle": pid, "placement": [], "seconds": 10**9},
                 {UNPROCESSABLE}),
                ("seconds-bigint", {"puzzle": pid, "placement": [], "seconds": BIG_INT},
                 {UNPROCESSABLE}),
                ("puzzle-bad", {"puzzle": "x", "placement": []}, {UNPROCESSABLE}),
                ("puzzle-number", {"puzzle": 5, "placement": []}, {UNPROCESSABLE}),
                ("placement-junk", {"puzzle": pid, "placement": [{"piece": [1]}]},
                 {UNPROCESSABLE}),
                ("placement-number", {"puzzle": pid, "placement": 5}, {UNPROCESSABLE}),
                ("placement-long", {"puzzle": pid, "placement": "A0@0,0 " * 3000},
                 {OK, UNPROCESSABLE}),
                ("placement-big", {"puzzle": pid, "placement": [
                    {"piece": "A", "orientation": 0, "row": BIG_INT, "col": 0}]},
                 {UNPROCESSABLE}),
                ("bad-lang", {"puzzle": pid, "placement": [], "lang": "xx"},
                 {UNPROCESSABLE})])
            self.jpost("POST /api/practice/check", f"check:{lab}", "/api/practice/check",
                       body, exp)
        else:
            self.body_other("practice-check", None)

    def fuzz_progress(self) -> None:
        """An account's practice (progress, a ladder level moved in, a time attack, a give-up):
        the signed-in browser's, or refused to a browser signed out (401) or another site
        (403), or a body out of its contract (422)."""
        from herna.games.ubongo import practice

        rng = self.rng
        if self.account is None or not self.acct.cookies:
            self.sign_in()
        level = rng.randrange(1, 4)
        m = rng.randrange(4)
        if m == 0:
            client = rng.choice(["acct", "anon"])
            lab, q, exp = rng.choice([("valid", "", {OK}), ("lang", "?lang=cs", {OK}),
                                      ("bad-lang", "?lang=xx", {OK, UNPROCESSABLE})])
            self.jget("GET /api/practice/progress", f"progress:{lab}",
                      f"/api/practice/progress{q}", exp, client=client)
            return
        path, what = rng.choice([("/api/practice/progress", "merge"),
                                 ("/api/practice/attack", "attack"),
                                 ("/api/practice/give-up", "give-up")])
        valid: dict[str, Any] = ({"puzzle": f"{level}-{rng.randrange(3)}"}
                                 if what == "give-up" else {"level": level})
        bad: list[tuple[str, dict[str, Any]]] = (
            [("puzzle-word", {"puzzle": "x"}), ("puzzle-number", {"puzzle": 5}),
                ("puzzle-past", {"puzzle": f"{practice.TOP + 1}-0"}), ("empty", {})]
               if what == "give-up" else
               [("level-0", {"level": 0}), ("level-past", {"level": practice.TOP + 1}),
                ("level-true", {"level": True}), ("level-float", {"level": 1.0}),
                ("level-string", {"level": "1"}), ("level-bigint", {"level": BIG_INT}),
                ("empty", {})])
        client, headers = "acct", {}
        body: dict[str, Any]
        if m == 1:
            lab, body, exp = "valid", valid, {OK}
        elif m == 2:
            lab, body = rng.choice(bad)
            exp = {UNPROCESSABLE}
        else:
            lab, body, exp = rng.choice([("signed-out", valid, {UNAUTHORIZED}),
                                         ("cross-site", valid, {FORBIDDEN})])
            if lab == "signed-out":
                client = "anon"
            else:
                headers = {"origin": "http://evil.example"}
        self.jpost(f"POST {path}", f"{what}:{lab}", path, body, exp, client=client,
                   headers=headers)

    def fuzz_pads(self) -> None:
        rng = self.rng
        game = rng.choice(sorted(self.games))
        m = rng.randrange(4)
        if m == 0:
            lab, path, exp = rng.choice([
                ("list", "/api/score", {OK}), ("list-lang", "/api/score?lang=cs", {OK}),
                ("list-bad-lang", "/api/score?lang=xx", {UNPROCESSABLE}),
                ("form", f"/api/score/{game}", {OK, NOT_FOUND}),
                ("form-unknown", "/api/score/chess", {NOT_FOUND}),
                ("form-nul", "/api/score/%00", {NOT_FOUND}),
                ("form-bad-lang", f"/api/score/{game}?lang=xx", {UNPROCESSABLE})])
            self.jget(_endpoint("GET", path), f"pad:{lab}", path, exp)
        elif m in (1, 2):
            lab, body, exp = rng.choice([
                ("two-empty", {"players": [{}, {}]}, {OK, UNPROCESSABLE}),
                ("none", {"players": []}, {UNPROCESSABLE}),
                ("string", {"players": "x"}, {UNPROCESSABLE}),
                ("numbers", {"players": [1, 2]}, {UNPROCESSABLE}),
                ("big", {"players": [{"green": BIG_INT}, {}]}, {UNPROCESSABLE}),
                ("neg", {"players": [{"green": -1}, {}]}, {UNPROCESSABLE}),
                ("float", {"players": [{"green": 1.5}, {}]}, {UNPROCESSABLE}),
                ("bool", {"players": [{"green": True}, {}]}, {UNPROCESSABLE}),
                ("many", {"players": [{}] * 50}, {UNPROCESSABLE}),
                ("bad-lang", {"players": [{}, {}], "lang": "de"}, {UNPROCESSABLE}),
                ("unknown-key", {"players": [{"nothing": 1}, {}]}, {OK, UNPROCESSABLE}),
                ("empty", {}, {UNPROCESSABLE})])
            which = game if rng.random() < 0.9 else "chess"
            if which == "chess":  # a body that is itself refused may be refused first
                exp = {NOT_FOUND} | (exp if exp == {UNPROCESSABLE} else set())

            def check(_p: Probe, a: Answer) -> list[str]:
                return [] if isinstance(a.json(), dict) else ["not an object"]

            self.jpost(_endpoint("POST", f"/api/score/{which}"), f"pad:{lab}",
                       f"/api/score/{which}", body, exp, check=check)
        else:
            self.body_other("score", None)

    def fuzz_guide(self) -> None:
        rng = self.rng
        game = rng.choice(sorted(self.games))
        lab, path, exp = rng.choice([
            ("guide", f"/api/games/{game}/guide", {OK}),
            ("guide-lang", f"/api/games/{game}/guide?lang=sk", {OK}),
            ("guide-bad-lang", f"/api/games/{game}/guide?lang=xx", {UNPROCESSABLE}),
            ("guide-unknown", "/api/games/chess/guide", {NOT_FOUND}),
            ("guide-nul", "/api/games/%00/guide", {NOT_FOUND}),
            ("guide-surrogate", "/api/games/%ED%A0%80/guide", {NOT_FOUND}),
            ("rules", f"/rules/{game}", {OK}), ("rules-lang", f"/rules/{game}?lang=cs", {OK}),
            ("rules-bad-lang", f"/rules/{game}?lang=xx", {OK}),
            ("rules-surrogate-lang", f"/rules/{game}?lang=%ED%A0%80", {OK}),
            ("rules-unknown", "/rules/chess", {NOT_FOUND}),
            ("rules-long", f"/rules/{'x' * 5000}", {NOT_FOUND}),
            ("rules-nul", "/rules/%00", {NOT_FOUND}),
            ("rules-traversal", "/rules/..%2F..%2Fpyproject.toml", {NOT_FOUND}),
            ("docs", "/api/docs", {OK})])
        headers = {}
        if lab.startswith("rules") and rng.random() < 0.3:
            headers["accept-language"] = rng.choice([b"cs-CZ,cs;q=0.9", b"\xff\xfe",
                                                     b";;;,,,", b"x" * 4000, b"sk;q=abc"])
            lab += ":accept-language"
        self.jget(_endpoint("GET", path), f"{lab}", path, exp, headers=headers)

    # ----- replays, uploaded records, reviews --------------------------------------------------
    def _over_exp(self, t: TableInfo, when_over: set[int]) -> set[int]:
        """A finished table's answer; a table in play is refused (409), and one with bots may
        have ended since the fuzzer last looked."""
        if t.over:
            return when_over
        return {CONFLICT} | (when_over if t.has_bots else set())

    def _step_cases(self, steps: int | None, players: int) -> tuple[str, str, set[int]]:
        rng = self.rng
        n = steps if steps is not None else 0
        lab, q, bad = rng.choice([
            ("start", "", False), ("step", f"step={rng.randrange(n + 1)}", steps is None),
            ("end", f"step={n}", steps is None), ("past", f"step={n + 1}", steps is not None),
            ("seat", f"seat={rng.randrange(players)}", False),
            ("spectator", "seat=spectator", False),
            ("seat-past", f"seat={players}", True), ("seat-word", "seat=x", True),
            ("step-neg", "step=-1", True), ("step-word", "step=x", True),
            ("step-superscript", f"step={_q('²')}", True),
            ("step-fullwidth", f"step={_q('１')}", True),
            ("step-long", f"step={'1' * 5000}", True),
            ("seat-superscript", f"seat={_q('¹')}", True),
            ("seat-long", f"seat={'0' * 5000}", True),
            ("lang", "lang=cs", False), ("bad-lang", "lang=xx", True)])
        exp = {UNPROCESSABLE} if bad else {OK}
        if steps is None and lab in ("step", "end"):
            exp = {OK, UNPROCESSABLE}  # the fuzzer does not know the steps that stand
        return lab, q, exp

    def fuzz_replay(self) -> None:
        rng = self.rng
        m = rng.randrange(6)
        if m == 0 and self.uploads:  # an uploaded record's replay
            rid, steps, players = rng.choice(self.uploads)
            lab, q, exp = self._step_cases(steps, players)
            self.jget("GET /api/replays/{id}", f"replay-upload:{lab}", f"/api/replays/{rid}?{q}",
                      exp)
            return
        if m == 1:
            label, rid = rng.choice(self.bad_ids(None))
            path = rng.choice([f"/api/replays/{rid}", f"/api/tables/{rid}/replay",
                               f"/api/replays/{rid}/scenes/0"])
            self.jget(_endpoint("GET", path), f"replay:{label}", path, {NOT_FOUND})
            return
        t = self.pick(over=True) if rng.random() < 0.8 else self.pick()
        if t is None:
            return
        if m == 2:
            seq = rng.choice(["0", "1", "abc", _q("²"), "9" * 10, "-1"])
            exp = {OK, NOT_FOUND} if seq.isdigit() and len(seq) < 10 else {UNPROCESSABLE}
            self.jget("GET /api/replays/{id}/scenes/{seq}", "replay-scenes",
                      f"/api/replays/{t.id}/scenes/{seq}", self._over_exp(t, exp))
            return
        lab, q, exp = self._step_cases(None, t.players)
        bad_early = exp == {UNPROCESSABLE}  # a bad step or seat: refused even in play?
        exp = self._over_exp(t, exp) | ({UNPROCESSABLE} if bad_early else set())
        path = rng.choice([f"/api/tables/{t.id}/replay", f"/api/replays/{t.id}"])
        self.jget(_endpoint("GET", path), f"replay:{lab}", f"{path}?{q}", exp)

    def _record(self) -> dict[str, Any]:
        """A game record: a finished table's (its /record), else one this fuzzer plays."""
        rng = self.rng
        over = [t for t in self.tables if t.over]
        if over and rng.random() < 0.5:
            t = rng.choice(over)
            r = self.http.get(f"/api/tables/{t.id}/record")
            if r.status_code == OK:
                rec: dict[str, Any] = r.json()
                return rec
        game = rng.choice(sorted(self.games))
        players = min(self.games[game]["players"])
        state = herna.make(game, players=players, seed=rng.randrange(2**31))
        for _ in range(rng.randrange(0, 12)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        out: dict[str, Any] = state.record()
        return out

    def fuzz_upload(self) -> None:
        rng = self.rng
        rec = self._record()
        acts = list(rec.get("actions") or [])
        cases: list[tuple[str, Any, set[int]]] = [
            ("valid", rec, {CREATED}),
            ("half", {**rec, "actions": acts[: len(acts) // 2], "outcome": None},
             {CREATED, UNPROCESSABLE}),
            ("format", {**rec, "format": 2}, {UNPROCESSABLE}),
            ("format-true", {**rec, "format": True}, {UNPROCESSABLE}),
            ("game", {**rec, "game": "chess"}, {UNPROCESSABLE}),
            ("players-true", {**rec, "players": True}, {UNPROCESSABLE}),
            ("players-past", {**rec, "players": 9}, {UNPROCESSABLE}),
            ("seed-neg", {**rec, "seed": -1}, {UNPROCESSABLE}),
            ("seed-bigint", {**rec, "seed": BIG_INT}, {UNPROCESSABLE}),
            ("seed-float", {**rec, "seed": 1.5}, {UNPROCESSABLE}),
            ("options", {**rec, "options": []}, {UNPROCESSABLE}),
            ("options-unknown", {**rec, "options": {"speed": 1}}, {UNPROCESSABLE}),
            ("actions-object", {**rec, "actions": {}}, {UNPROCESSABLE}),
            ("action-junk", {**rec, "actions": [*acts, [0, "nonsense move"]]},
             {UNPROCESSABLE}),
            ("action-seat", {**rec, "actions": [[99, "x"]]}, {UNPROCESSABLE}),
            ("action-seat-bool", {**rec, "actions": [[True, "x"]]}, {UNPROCESSABLE}),
            ("action-shape", {**rec, "actions": [[0]]}, {UNPROCESSABLE}),
            ("action-long", {**rec, "actions": [[0, "x" * 20_000]]}, {UNPROCESSABLE}),
            ("action-surrogate", {**rec, "actions": [[0, "\ud800"]]}, {UNPROCESSABLE}),
            ("extra-field", {**rec, "extra": 1}, {UNPROCESSABLE}),
            ("array", [rec], {UNPROCESSABLE}),
            ("outcome-forged", {**rec, "outcome": {"winners": [0], "scores": [999]}},
             {CREATED, UNPROCESSABLE}),
            ("too-large", {**rec, "pad": "x" * MAX_RECORD}, {TOO_LARGE}),
            ("over-64k", {**rec, "actions": acts, "padding": "y" * 70_000},
             {UNPROCESSABLE})]
        lab, body, exp = rng.choice(cases)

        def check(_p: Probe, a: Answer) -> list[str]:
            r = a.json()
            if not isinstance(r, dict) or not isinstance(r.get("id"), str):
                return [f"odd answer: {str(r)[:100]}"]
            return []

        def on_ok(a: Answer) -> None:
            r = a.json()
            if isinstance(r, dict) and isinstance(r.get("id"), str):
                self.uploads.append((r["id"], r.get("steps"), r.get("players") or 2))

        self.jpost("POST /api/replays", f"upload:{lab}", "/api/replays", body, exp,
                   most=MAX_RECORD, check=check, on_ok=on_ok)

    def fuzz_review(self) -> None:
        rng = self.rng
        t = self.pick(over=True) if rng.random() < 0.7 else self.pick()
        if t is None:
            return
        lab, q, bad = rng.choice([
            ("seat", f"seat={rng.randrange(t.players)}", False), ("no-seat", "", False),
            ("seat-past", f"seat={t.players}", True), ("seat-word", "seat=x", True),
            ("seat-long", f"seat={'0' * 5000}", True), ("seat-neg", "seat=-1", True),
            ("seat-superscript", f"seat={_q('²')}", True),
            ("bad-lang", "lang=xx", True)])
        method = rng.choice(["GET", "POST"])
        if bad:
            exp = {UNPROCESSABLE}
        elif lab == "no-seat":
            exp = self._over_exp(t, {UNPROCESSABLE})
        elif method == "GET":
            exp = self._over_exp(t, {OK, NOT_FOUND})
        elif self.reviews_left > 0:  # a real review: the hard bot over the whole game
            self.reviews_left -= 1
            exp = self._over_exp(t, {OK, TOO_MANY})
        else:
            method, exp = "GET", self._over_exp(t, {OK, NOT_FOUND})
        if rng.random() < 0.1:
            label, tid = rng.choice([x for x in self.bad_ids(t) if x[0] != "id:long"])
            self.send(Probe(f"{method} /api/tables/{{id}}/review", f"review:{label}", method,
                            f"/api/tables/{tid}/review?{q}", b"" if method == "POST" else None,
                            {}, frozenset({NOT_FOUND})))
            return
        self.send(Probe(f"{method} /api/tables/{{id}}/review", f"review:{lab}", method,
                        f"/api/tables/{t.id}/review?{q}", b"" if method == "POST" else None,
                        {}, frozenset(exp)))

    def body_other(self, where: str, t: TableInfo | None) -> None:
        """A whole-body mutation (body_mutant) of a valid body of a newer POST endpoint."""
        rng = self.rng
        t = t or self.pick()
        tid = t.id if t else "x"
        seat, tok = self._seat_of(t) if t else (None, None)
        stale = max(-1, (len(t.seen) if t else 0) - 1)
        cases: dict[str, tuple[str, str, dict[str, Any], set[int], str]] = {
            "undo": ("POST /api/tables/{id}/undo", f"/api/tables/{tid}/undo",
                     {"token": tok, "version": stale}, {CONFLICT, UNPROCESSABLE}, "main"),
            "hint": ("POST /api/tables/{id}/hint", f"/api/tables/{tid}/hint",
                     {"token": tok, "version": stale}, {CONFLICT}, "main"),
            "name": ("POST /api/tables/{id}/name", f"/api/tables/{tid}/name",
                     {"token": tok, "name": "Ana"}, {OK}, "main"),
            "explain": ("POST /api/tables/{id}/explain", f"/api/tables/{tid}/explain",
                        {"token": tok, "parts": ["market"]}, {OK, UNPROCESSABLE}, "main"),
            "join": ("POST /api/tables/{id}/join", f"/api/tables/{tid}/join", {"token": tok},
                     {UNAUTHORIZED}, "anon"),
            "back": ("POST /api/tables/{id}/seats/{seat}/back",
                     f"/api/tables/{tid}/seats/{seat or 0}/back", {"token": tok},
                     {CONFLICT, UNPROCESSABLE}, "main"),
            "history": ("POST /api/history", "/api/history", {"tokens": [tok] if tok else []},
                        {OK}, "main"),
            "practice-check": ("POST /api/practice/check", "/api/practice/check",
                               {"puzzle": "1-0", "placement": [], "seconds": 3},
                               {OK}, "main"),
            "score": (_endpoint("POST", "/api/score/ubongo"), "/api/score/ubongo",
                      {"players": [{}, {}]}, {OK, UNPROCESSABLE}, "main"),
            "account-signup": ("POST /api/account/signup", "/api/account/signup",
                               {"name": "fzbody", "password": "short"}, {UNPROCESSABLE},
                               "anon"),
        }
        if where == "any":
            where = rng.choice(sorted(cases))
        if tok is None and where in ("undo", "hint", "name", "explain", "back"):
            return
        endpoint, path, base, ok, client = cases[where]
        self.body_mutant("other", t if where in ("undo", "name", "back") else None, base,
                         frozenset(ok), seat, path=path, endpoint=endpoint, client=client,
                         loose=True)

    def body_any(self) -> None:
        self.body_other("any", None)

    def fuzz_more(self) -> None:
        """One request to a newer route, valid or made hostile."""
        step = self.rng.choices(
            [self.fuzz_undo, self.fuzz_hint, self.fuzz_name, self.fuzz_explain,
             self.fuzz_scenes, self.fuzz_seat_back, self.fuzz_join, self.fuzz_accounts,
             self.fuzz_history, self.fuzz_practice, self.fuzz_progress, self.fuzz_pads,
             self.fuzz_guide, self.fuzz_replay, self.fuzz_upload, self.fuzz_review,
             self.body_any],
            [4, 3, 3, 3, 3, 3, 2, 2, 2, 3, 2, 2, 2, 4, 3, 2, 4])[0]
        step()

    def tour(self) -> None:
        """Every newer route once (a run of any size sends to every route): the order is
        fixed, the requests are the families' own."""
        self.sign_in()
        for step in (self.fuzz_undo, self.fuzz_hint, self.fuzz_name, self.fuzz_explain,
                     self.fuzz_scenes, self.fuzz_seat_back, self.fuzz_history,
                     self.fuzz_upload, self.fuzz_replay, self.fuzz_review):
            step()
        t = self.pick()
        tid = t.id if t else "x"
        _seat, tok = self._seat_of(t) if t else (None, None)
        self.jpost("POST /api/tables/{id}/join", "join:valid", f"/api/tables/{tid}/join",
                   {"token": tok} if tok else {}, {OK} if tok else {FORBIDDEN}, t,
                   client="acct")
        self.jget("GET /api/account", "account:who", "/api/account", {OK}, client="acct")
        self.jpost("POST /api/account/signin", "signin:wrong", "/api/account/signin",
                   {"name": "fz-nobody", "password": "wrong password"}, {UNAUTHORIZED},
                   client="anon")
        self.jpost("POST /api/account/logout", "logout:anon", "/api/account/logout", {},
                   {OK}, client="anon")
        self.jpost("POST /api/account/logout-everywhere", "logout-everywhere:anon",
                   "/api/account/logout-everywhere", {}, {UNAUTHORIZED}, client="anon")
        self.jget("GET /api/practice/puzzle", "puzzle:valid", "/api/practice/puzzle?level=1&"
                  "seed=0", {OK})
        self.jget("GET /api/practice/daily", "daily:valid", "/api/practice/daily", {OK})
        self.jget("GET /api/practice/solution", "solution:valid",
                  "/api/practice/solution?puzzle=1-0", {OK})
        self.jpost("POST /api/practice/check", "check:unsolved", "/api/practice/check",
                   {"puzzle": "1-0", "placement": []}, {OK, UNPROCESSABLE})
        self.jget("GET /api/practice/progress", "progress:valid", "/api/practice/progress",
                  {OK}, client="acct")
        for path, body in (("/api/practice/progress", {"level": 1}),
                           ("/api/practice/attack", {"level": 1}),
                           ("/api/practice/give-up", {"puzzle": "1-0"})):
            self.jpost(f"POST {path}", "practice:signed-out", path, body, {UNAUTHORIZED},
                       client="anon")
        self.jget("GET /api/score", "pad:list", "/api/score", {OK})
        self.jget("GET /api/score/{game}", "pad:form", "/api/score/ubongo", {OK})
        self.jpost("POST /api/score/{game}", "pad:two-empty", "/api/score/ubongo",
                   {"players": [{}, {}]}, {OK, UNPROCESSABLE})
        self.jget("GET /api/games/{game}/guide", "guide", "/api/games/envyra/guide", {OK})
        self.jget("GET /rules/{game}", "rules", "/rules/envyra", {OK})
        self.jget("GET /api/docs", "docs", "/api/docs", {OK})
        self.jget("GET /api/games", "other:games", "/api/games", {OK})
        # and the older routes once too (a short run may not draw them)
        self.jget("GET /api/messages", "other:messages", "/api/messages?lang=sk", {OK})
        self.jget("GET /api/openapi.json", "other:openapi", "/api/openapi.json", {OK})
        self.fuzz_mine()
        if t is not None:
            self.jget("GET /api/tables/{id}/record", "record", f"/api/tables/{t.id}/record",
                      {OK} if t.over else {FORBIDDEN} | ({OK} if t.has_bots else set()))
            self.jpost("POST /api/tables/{id}/again", "again:spectator",
                       f"/api/tables/{t.id}/again", {}, {FORBIDDEN}, t)
        if self.ws_enabled:
            self.fuzz_ws()
        self.jget("GET /api/replays/{id}/scenes/{seq}", "replay-scenes:unknown",
                  "/api/replays/nosuchreplay/scenes/0", {NOT_FOUND})
        self.jget("GET /api/tables/{id}/replay", "replay:unknown",
                  "/api/tables/nosuchtable/replay", {NOT_FOUND})
        self.jget("GET /api/replays/{id}", "replay:unknown", "/api/replays/nosuchreplay",
                  {NOT_FOUND})
        for method in ("GET", "POST"):
            self.send(Probe(f"{method} /api/tables/{{id}}/review", "review:unknown", method,
                            "/api/tables/nosuchtable/review?seat=0",
                            b"" if method == "POST" else None, {},
                            frozenset({NOT_FOUND})))

def _header(s: str) -> bytes:
    """A header value as a hostile client sends it: raw UTF-8 (lone surrogates too); NUL,
    CR and LF, which no HTTP client sends in a header, as %00, %0D, %0A."""
    raw = _paired(s).encode("utf-8", "surrogatepass")
    return raw.replace(b"\x00", b"%00").replace(b"\r", b"%0D").replace(b"\n", b"%0A")


def _short(s: str, n: int = 160) -> str:
    return s if len(s) <= n else f"{s[:n]}…(+{len(s) - n} chars)"


def _junk(rng: random.Random) -> str:
    words = ["take", "buy", "mark", "end", "solve", "pass", "build", "coins", "g4", "b2", "in",
             "-1", "999", "A0@0,0", "\t", "@", "ž"]
    return " ".join(rng.choice(words) for _ in range(rng.randrange(1, 5)))


def _set_seat(rng: random.Random, seats: list[Any], value: Any) -> list[Any]:
    out = list(seats)
    out[rng.randrange(len(out))] = value
    return out


def ubongo_solve(view: dict[str, Any]) -> str | None:
    """A real cover of this seat's Ubongo puzzle, from its own view, as a client posts it."""
    from herna.games.ubongo import solutions

    try:
        me = view["seats"][view["seat"]]
        if view["phase"] != "race" or me["submission"] is not None or not me["card"]:
            return None
        sols = list(solutions(me["card"]["outline"]["text"], me["pieces"]))
    except (KeyError, TypeError, IndexError):
        return None
    if not sols:
        return None
    parts = " ".join(f"{p.piece}{p.orientation}@{p.row},{p.col}" for p in sols[-1])
    return f"solve {parts} in 1"


# ----- running it ---------------------------------------------------------------------------------
def run(base: str, n: int, seed: int, store: Any = None, server_log: ServerLog | None = None,
        ws: bool = True, progress: int = 0) -> Report:
    """`n` requests (about: a step may send a few) at the server at `base` (loopback)."""
    f = Fuzzer(base, seed, store=store, server_log=server_log, ws=ws)
    f.progress = progress
    try:
        return f.run(n)
    finally:
        f.close()


def fuzz_server(db: str, n: int, seed: int, ws: bool = True, progress: int = 0) -> Report:
    """Serve `db` in this process and fuzz it; an /api route (or rules page) of the app that
    no request went to is a violation too, so a new route is fuzzed from the day it comes."""
    with running_server(db) as (base, app, server_log):
        report = run(base, n, seed, store=app.state.tables.store, server_log=server_log,
                     ws=ws, progress=progress)
        report.routes = len(fuzzed_routes(app))
        if not report.stopped:
            for route in never_sent(app, report.paths):
                if route.startswith("WS") and not ws:
                    continue
                report.violations.append(Violation(
                    "route never fuzzed", route, "coverage", "no request",
                    "(herna.testing.fuzz)", f"{route}: the fuzzer sent it nothing; teach "
                    "Fuzzer.fuzz_more (and its tour) this route's contract", 0))
        return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m herna.testing.fuzz", description=__doc__
                                 .split("\n\n")[0])
    ap.add_argument("-n", type=int, default=100_000, help="requests (default 100,000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", default=None,
                    help="a SQLite file or postgresql:// URL (default: a temporary SQLite file)")
    ap.add_argument("--no-ws", action="store_true", help="no WebSocket opens")
    args = ap.parse_args(argv)

    def stop(_sig: int, _frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: then the summary is printed
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)  # `timeout`: stop, and print what was found so far
    with tempfile.TemporaryDirectory(prefix="herna-fuzz-") as tmp:
        db = args.db or str(Path(tmp) / "fuzz.db")
        report = fuzz_server(db, args.n, args.seed, ws=not args.no_ws,
                             progress=10_000 if args.n >= 20_000 else 0)
    print(report.summary())
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
