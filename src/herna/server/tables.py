"""Live tables: the engine state of each table, its seats, its bots and who watches it.

The store's log is the truth; a `Table` is its cache. Every move, a person's or a bot's,
takes the same path (`Tables.act`): checked by the engine on a copy, written to the log,
then made live and pushed to every connection. Nothing changes on a refusal.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import multiprocessing
import os
import random
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

import orjson

import herna
from herna import drawing
from herna.ai.base import Bot
from herna.ai.registry import game_module
from herna.core import BadOption, HernaError, IllegalAction, State, memo
from herna.core.spec import fits_option
from herna.i18n import LANGUAGES, check_lang, in_words, speaking
from herna.web import catalog

from . import botproc, clocks, history, names, undo, words
from .shared import Shared
from .shared import seat_key as shared_seat_key
from .store import Conflict, SeatRow, Store, TableRow, Unavailable, next_token, token_hash, wall

log = logging.getLogger("herna.server")

LEVELS = botproc.LEVELS
# tokens are `secrets.token_urlsafe(18)`: URL-safe ASCII (longer ones are allowed for tokens
# made elsewhere); anything else is refused before it is hashed
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")
# how many changes may come while one push waits on its socket before the socket counts as
# not reading (and is closed): a page reads a push in milliseconds, so 32 means it has stopped
SOCKET_BEHIND = 32
# seconds a busy server's sweep may put off its full collection (see Tables.sweep)
COLLECT_BUSY = 300.0


class Refused(Exception):
    """A request the server turns down; `status` is the HTTP status it maps to."""

    def __init__(self, status: int, reason: str, payload: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.payload = payload
        self.headers = headers


@dataclass
class Step:
    """One applied action and who could act around it: enough to tell, for the log, whether
    it was a sealed choice at a simultaneous node that is still open."""

    seat: int
    text: str
    before: tuple[int, ...]
    after: tuple[int, ...]
    # what followed the action, in public facts (words.step_events); None: not yet derived
    # (a table rebuilt from the log derives them when its log is first shown)
    events: tuple[dict[str, Any], ...] | None = None
    # a step with scenes (a scoring round shown step by step): the spectator's views around
    # it, kept to draw them when asked (words.step_scenes); set with `events`
    shows: words.Shows | None = None
    seq: int | None = None  # its row in the log (None: its place among the steps)
    quiet: bool = False  # it left chance alone (undo.chance_mark): its seat may take it back
    undone: bool = False  # taken back by its seat (an undo row follows it in the log)
    at: float = 0.0  # when it was stored (seconds since the epoch): the clocks count from it
    stand_in: bool = False  # made by a bot standing in for the seat's person (clocks)

    @property
    def keeps_node_open(self) -> bool:
        rest = tuple(s for s in self.before if s != self.seat)
        return bool(self.after) and self.after == rest


@dataclass
class Table:
    row: TableRow
    state: State
    steps: list[Step] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)  # built when first asked (threads)
    watchers: set[Watcher] = field(default_factory=set)
    node_opened: float = field(default_factory=time.monotonic)
    used: float = field(default_factory=time.monotonic)  # last asked for or moved
    bot_task: asyncio.Task[None] | None = None
    # what each (seat, language) is sent at this version: as JSON text, and as objects only
    # while a race clock is stamped on each copy (Tables.payload)
    cache: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)
    texts: dict[tuple[int | None, str], str] = field(default_factory=dict)
    # and for pushes (Tables.push_text): the payload without its areas and log, and those;
    # and the pushes that leave out what a socket's page has, by the push it had last
    heads: dict[tuple[int | None, str], Made] = field(default_factory=dict)
    slims: dict[tuple[int | None, str, int], str] = field(default_factory=dict)
    # words.log_lines: per language, per row of a step shown, its lines (the action's, then
    # its events')
    log_words: dict[str, dict[int, list[dict[str, Any]]]] = field(default_factory=dict)
    undone: list[Step] = field(default_factory=list)  # steps taken back, oldest first
    # a state and the spectator's view of it, made for the log's events (words.step_events):
    # the next move's "before", and a spectator's payload while that state stands
    public: tuple[State, dict[str, Any]] | None = None
    lease_tried: float = -1e9  # when this process last failed to take the bots' lease
    behind: int = 0  # the newest version another process is known to have stored
    catching: bool = False  # a catch-up from the log is under way
    # clocks (herna.server.clocks): the clocks as of this version (made when first asked),
    # and for each seat seen here with a page open, its open pages and since when it has none
    clock_base: clocks.Base | None = None
    present: dict[int, int] = field(default_factory=dict)
    away: dict[int, float] = field(default_factory=dict)
    # with several processes: the seats the clock's process has seen with a page open
    # anywhere (a seat never seen so, a program playing over HTTP, is never taken for gone)
    seen: set[int] = field(default_factory=set)
    # a finished rated table: what it changed of its players' ratings (history.shown_ratings)
    ratings: list[dict[str, Any]] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def game(self) -> str:
        return self.row.game

    @property
    def version(self) -> int:
        """The rows in the log: the steps that stand, and each undone one with its undo."""
        return len(self.state.history) + 2 * len(self.undone)

    @property
    def bot_seats(self) -> frozenset[int]:
        """The seats a bot plays now: bots, and people's seats a stand-in plays."""
        return frozenset(s.seat for s in self.row.seats if s.kind == "bot" or s.stand_in)

    @property
    def clock(self) -> clocks.Clock | None:
        return None if self.row.clock is None else clocks.Clock.from_json(self.row.clock)

    def bot_level(self, seat: int) -> str | None:
        """The level a bot plays `seat` at: a bot seat's own, a stand-in's the clock's."""
        s = self.row.seats[seat]
        clock = self.clock
        return clock.level if s.kind != "bot" and clock is not None else s.level

    def clock_now(self) -> clocks.Base | None:
        """The clocks at this version (rebuilt from the steps that stand and their times)."""
        clock = self.clock
        if clock is None:
            return None
        if self.clock_base is None:
            first = self.steps[0].before if self.steps else self.state.to_act()
            self.clock_base = clocks.base(
                clock, self.row.players, wall(self.row.created), first,
                ((st.seat, st.after, st.at) for st in self.steps),
                [s.back for s in self.row.seats], self.race_limit())
        return self.clock_base

    def race_limit(self) -> float:
        """A racing game's own limit for a race (Ubongo: twice the hourglass, as a solve
        counts until then), which the table's clock never cuts short; 0 for other games."""
        if not callable(getattr(game_module(self.game, "terminal"), "stamp", None)):
            return 0.0
        timer = self.row.options.get("timer", self.state.options.get("timer"))
        return 2.0 * float(timer) if isinstance(timer, (int, float)) and timer > 0 else 0.0

    def forget(self) -> None:
        """Drop the payloads made for the table as it was."""
        self.cache.clear()
        self.texts.clear()
        self.heads.clear()
        self.slims.clear()
        self.clock_base = None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None: no token, a spectator); Refused 403 for a bad one."""
        if token is None or token == "":
            return None
        if not TOKEN.fullmatch(token):  # a lone surrogate or a megabyte opens nothing
            raise Refused(403, catalog().t("refuse.token", self.row.lang))
        digest = token_hash(token)
        for s in self.row.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        raise Refused(403, catalog().t("refuse.token", self.row.lang))

    def sealed(self) -> int:
        """How many of the last steps are choices still sealed at an open simultaneous node."""
        return words.sealed_run(self.steps)


class Made(NamedTuple):
    """One (seat, language)'s payload at one version, as pushes are made from it: its JSON
    without the areas and the log (no closing brace), the areas with their keys, the log's
    lines, and a stamp no other payload has (what a socket had last is named by it)."""

    head: str
    areas: list[dict[str, Any]] | None
    keys: frozenset[str]
    log: list[dict[str, Any]]
    stamp: int


_STAMPS = itertools.count(1)


def _made(payload: dict[str, Any]) -> Made:
    """A payload taken apart for pushes (`payload` is a copy of its own: changed here)."""
    areas = payload.pop("areas", None) or None
    log = payload.pop("log", None) or []
    return Made(_dumps(payload)[:-1], areas,
                frozenset(a["key"] for a in areas) if areas else frozenset(), log,
                next(_STAMPS))


def _log_kept(before: list[dict[str, Any]], log: list[dict[str, Any]]) -> int:
    """How many of the last lines of `before` (a socket's last log) `log` starts with: the
    log is a window of the last lines, so a move mostly drops a line or none at the front
    and adds its own at the end."""
    for j in range(len(before)):
        n = len(before) - j
        if n <= len(log) and (before[j] is log[0] or before[j] == log[0]) \
                and before[j:] == log[:n]:
            return n
    return 0


def _push_json(made: Made, held: Made | None) -> str:
    """The JSON of a push: whole for a socket that has nothing yet (`held` None); else the
    area drawings `held` carried are left out, and of the log only the new lines come, after
    `log_keep`: how many of the socket's last lines it goes on from."""
    if held is None:
        areas, log, keep = made.areas, made.log, 0
    else:
        areas = words.slim_areas(made.areas, held.keys) if made.areas else made.areas
        keep = _log_kept(held.log, made.log)
        log = made.log[keep:]
    kept = f',"log_keep":{keep}' if keep else ""
    return f'{made.head},"areas":{_dumps(areas)}{kept},"log":{_dumps(log)}}}'


@dataclass(eq=False)
class Watcher:
    """One connection (a WebSocket) and what it sees: a seat's view or a spectator's.

    A push never waits on the connection, and never piles up: a change only marks the
    watcher due, and its own task sends the table as it is when the socket has taken the
    last push (built then, from what that push carried). A page that reads keeps up with
    every change; one that reads slowly skips to the newest, so a busy server draws no
    payload nobody will see. A socket that stops reading while `SOCKET_BEHIND` changes come
    is closed (`FELL_BEHIND`; the page reconnects and gets the table as it is then), so
    neither a move nor the other watchers ever wait for it."""

    seat: int | None
    lang: str
    send: Callable[[str], Awaitable[Any]]  # the payload as JSON text
    close: Callable[[int, str], Awaitable[Any]] | None = None
    # the push as it is now, and what it carries (Tables.push_text), given by Tables.watch
    make: Callable[[Watcher], tuple[str, Made]] | None = None
    due: asyncio.Event = field(default_factory=asyncio.Event)
    behind: int = 0  # changes since the push being sent was made
    pump: asyncio.Task[None] | None = None
    gone: bool = False
    counted: bool = False  # among its seat's open pages (Table.present)
    held: Made | None = None  # what its last push carried (its page has those drawings)

    def start(self) -> None:
        self.pump = asyncio.get_running_loop().create_task(self._pump())

    def push(self) -> bool:
        """Mark a change to send; False if the connection has stopped reading (then
        dropped)."""
        if self.gone:
            return False
        self.behind += 1
        if self.behind > SOCKET_BEHIND:
            self.drop(FELL_BEHIND, "fell behind: reconnect")
            return False
        self.due.set()
        return True

    async def _pump(self) -> None:
        try:
            while True:
                await self.due.wait()
                self.due.clear()
                self.behind = 0
                if self.make is None:
                    return
                try:
                    text, self.held = self.make(self)
                except Exception:
                    log.exception("a push could not be made")
                    self.drop(1011, "server error")
                    return
                await self.send(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket closed under us: the connection's handler cleans up
            self.gone = True

    def drop(self, code: int, reason: str) -> None:
        """Stop sending and close the connection (without waiting on a peer that does not
        read: `wsproto` aborts such a connection instead of queueing a close frame)."""
        if self.gone:
            return
        self.gone = True
        self._end_pump()
        if self.close is not None:
            task = asyncio.get_running_loop().create_task(_close(self.close, code, reason))
            _closing.add(task)
            task.add_done_callback(_closing.discard)

    def stop(self) -> None:
        """The connection has ended: its task ends too."""
        self.gone = True
        self._end_pump()

    def _end_pump(self) -> None:
        """Cancel the sending task and let go of it. A cancelled task keeps its
        CancelledError, whose traceback holds this watcher: had the watcher kept the task,
        the cycle would keep the whole closed connection (its socket, its deflate state)
        until a full collection, which `herna serve` makes rare (GC_THRESHOLDS)."""
        pump, self.pump = self.pump, None
        self.make = None  # (it holds the table, which held this watcher)
        if pump is not None:
            pump.cancel()


# Several processes (herna.server.shared): how often each looks for tables whose bots no
# process runs (their process died, or they were never loaded), and how long a process that
# failed to take a table's lease waits before it tries again on its own.
LEASE_EVERY = 5.0
LEASE_RETRY = 5.0

# the close code of a socket dropped for not reading (a 4xxx code: the page reconnects)
FELL_BEHIND = 4408
_closing: set[asyncio.Task[None]] = set()


async def _close(close: Callable[[int, str], Awaitable[Any]], code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(close(code, reason), timeout=5)


def _check_options(game: str, options: Any) -> dict[str, Any]:
    spec = herna.spec(game)
    if not isinstance(options, dict):
        raise Refused(422, "options must be an object of option names and values")
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key not in spec.options or key in spec.file_options:
            offered = ", ".join(k for k in spec.options if k not in spec.file_options)
            raise Refused(422, f"{spec.name} has no option {key!r} (options: {offered})")
        default = spec.options[key]
        if not fits_option(value, default):
            kind = {"bool": "true or false", "int": "a whole number", "float": "a number",
                    "str": "text"}.get(type(default).__name__, type(default).__name__)
            raise Refused(422, f"option {key}: {value!r} is not {kind}")
        out[key] = value
    return out


class Tables:
    """Every table this server holds, and the one way moves reach them."""

    def __init__(self, store: Store, bot_pool: Executor | None = None,
                 bot_pace: bool = True, bot_processes: int = 0, shared: bool = False,
                 now: Callable[[], float] = time.time) -> None:
        self.store = store
        # the server's wall clock, stored with each row of the log: the tables' clocks count
        # by it (a test puts a clock of its own here and moves it on; never a real sleep)
        self.now = now
        # several processes on one PostgreSQL database: they hear each other's changes and
        # run a table's bots only where its lease is held (herna.server.shared)
        self.shared: Shared | None = None
        if shared:
            store.notify = True
            self.shared = Shared(store.url, self.on_change, self.on_reconnect)
        self.live: dict[str, Table] = {}
        self.loading = threading.Lock()
        self.own_pool = bot_pool is None
        self.bot_pool = bot_pool or self._new_pool()
        # bots in worker processes (herna serve): their thinking never holds this GIL
        self.bot_processes = bot_processes
        self.procs: Executor | None = None
        self.bot_pace = bot_pace  # a racing bot waits for the time it claims (Ubongo)
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        # an SQLite commit of one row (~0.3 ms) costs less than a trip through a thread,
        # which waits for the GIL behind the event loop when the server is busy
        self.append_inline = store.engine.dialect.name == "sqlite"
        self.unwatched = 0  # connections ended since the last collection (see sweep)
        self.changes = 0  # tables broadcast so far: a sweep tells a busy server by it
        self._changes_swept = 0
        self._collected = -COLLECT_BUSY  # when the sweep last collected (monotonic)
        self._uncollected = False  # a sweep let things go and left the collection for later

    @staticmethod
    def _new_pool() -> Executor:
        return ThreadPoolExecutor(max_workers=2, thread_name_prefix="herna-bot")

    def open(self) -> None:
        """Take moves again after `close` (an app started a second time, as tests do)."""
        if self.closing and self.own_pool:
            self.bot_pool = self._new_pool()
        if self.bot_processes and self.procs is None:
            self.procs = ProcessPoolExecutor(self.bot_processes,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=botproc.watch_parent,
                                             initargs=(os.getpid(),))
        self.closing = False

    # ----- creating and loading ----------------------------------------------------------
    def create(self, body: Any) -> tuple[Table, list[str | None]]:
        """A new table from the API's JSON body; returns it and each seat's token."""
        if not isinstance(body, dict):
            raise Refused(422, "the body must be a JSON object")
        game = body.get("game")
        if not isinstance(game, str) or game not in herna.game_ids():
            raise Refused(422, f"unknown game {game!r}; games are: {', '.join(herna.game_ids())}")
        spec = herna.spec(game)
        players = body.get("players", spec.min_players)
        if not isinstance(players, int) or isinstance(players, bool) \
                or players not in spec.player_counts:
            raise Refused(422, f"{spec.name} is for {spec.min_players}-{spec.max_players} "
                               f"players, not {players!r}")
        seats_in = body.get("seats")
        if seats_in is None:
            seats_in = [{"kind": "human"}] * players
        if not isinstance(seats_in, list) or len(seats_in) != players:
            raise Refused(422, f"seats must list {players} seats, one per player")
        options = _check_options(game, {} if body.get("options") is None else body["options"])
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise Refused(422, f"seed must be a whole number from 0 to 2^63-1, not {seed!r}")
        lang = parse_lang(body.get("lang"), "en")
        allow_undo = body.get("undo", True)
        if not isinstance(allow_undo, bool):
            raise Refused(422, "undo must be true or false (may players take back a step)")
        allow_hints = body.get("hints", True)
        if not isinstance(allow_hints, bool):
            raise Refused(422, "hints must be true or false (may players ask the hard bot "
                               "what it would do)")
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise Refused(422, catalog().t("history.refuse_rated", parse_lang(
                body.get("lang"), "en")))
        if rated:  # a rated game is played without taking back or asking the bot
            if body.get("undo") is True or body.get("hints") is True:
                raise Refused(422, catalog().t("history.refuse_rated_help", parse_lang(
                    body.get("lang"), "en")))
            allow_undo = allow_hints = False
        try:
            clock = clocks.parse(body.get("clock"))
        except clocks.BadClock as e:
            raise Refused(422, str(e)) from None
        seats: list[SeatRow] = []
        tokens: list[str | None] = []
        for i, s in enumerate(seats_in):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "human":
                token = secrets.token_urlsafe(18)
                seats.append(SeatRow(i, "human", None, token_hash(token),
                                     names.seat_name_in(s, lang)))
                tokens.append(token)
            elif kind == "bot":
                level = s.get("level", "medium")
                if not isinstance(level, str) or level not in LEVELS:
                    shown = repr(level)[:40] if isinstance(level, str) else "that"
                    raise Refused(422, f"seat {i}: bot level must be one of "
                                       f"{', '.join(LEVELS)}, not {shown}")
                seats.append(SeatRow(i, "bot", level, None))
                tokens.append(None)
            else:
                raise Refused(422, f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
        try:
            state = herna.make(game, players=players, seed=seed, **options)
        except (BadOption, HernaError, ValueError) as e:
            raise Refused(422, str(e)) from None
        row = TableRow(id=secrets.token_urlsafe(8), game=game, players=players, seed=seed,
                       options=options, lang=lang, seats=seats, undo=allow_undo,
                       hints=allow_hints, created=datetime.fromtimestamp(self.now(), UTC),
                       clock=None if clock is None else clock.to_json(), rated=rated)
        table = Table(row=row, state=state)
        self.store.create(row)
        self.live[row.id] = table
        self.wake_bots(table)
        return table, tokens

    def again(self, table: Table, seat: int | None, token: str | None
              ) -> tuple[Table, str | None]:
        """"Play again": the next table with the same game, seats, options and language,
        made once however many seats ask, and this seat's token there. Its human seats are
        open until each player asks: a seat's token is made from that player's token here
        (`next_token`), so only its holder can take it, and asking twice gives the same one.
        An account's seat asked for by its owner's session (`token` None) gets no token (the
        caller makes the next seat the account's)."""
        if seat is None:
            raise Refused(403, catalog().t("refuse.again_seat", table.row.lang))
        if not table.state.is_over():
            raise Refused(409, catalog().t("refuse.not_over", table.row.lang))
        if table.row.next_id is None:
            row = TableRow(id=secrets.token_urlsafe(8), game=table.game,
                           players=table.row.players, seed=secrets.randbelow(2**31),
                           options=dict(table.row.options), lang=table.row.lang,
                           seats=[SeatRow(s.seat, s.kind, s.level, None, s.name)
                                  for s in table.row.seats], undo=table.row.undo,
                           hints=table.row.hints,
                           created=datetime.fromtimestamp(self.now(), UTC),
                           clock=table.row.clock, rated=table.row.rated)
            table.row.next_id = self.store.create_next(table.id, row)
            table.forget()
        nxt = self.load(table.row.next_id)
        if token is None:
            return nxt, None
        mine = next_token(token, nxt.id)
        digest = token_hash(mine)
        held = nxt.row.seats[seat]
        if held.token_hash is None:
            held.token_hash = self.store.claim_seat(nxt.id, seat, digest)
        if held.token_hash != digest:  # taken by a key of an earlier version: revoked
            raise Refused(409, catalog().t("refuse.again_taken", table.row.lang))
        return nxt, mine

    def load(self, table_id: str) -> Table:
        """The live table, rebuilt from the log if this process does not hold it yet."""
        table = self.live.get(table_id)
        if table is not None:
            table.used = time.monotonic()
            return table
        with self.loading:  # two requests in threads must not rebuild it twice
            table = self.live.get(table_id)
            if table is not None:
                return table
            row = self.store.load(table_id)
            if row is None:
                raise Refused(404, f"there is no table {table_id[:40]!r}")
            table = self._rebuild(row)
            if row.rated and table.state.is_over():
                table.ratings = history.shown_ratings(self.store.rating_changes([table_id]))
            self.live[table_id] = table
        self.wake_bots(table)
        return table

    def _rebuild(self, row: TableRow) -> Table:
        state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
        table = Table(row=row, state=state)
        opened = wall(row.created)
        undone, problems = undo.standing(row.actions)
        for problem in problems:
            log.warning("table %s: %s", row.id, problem)
        for i, (seat, text) in enumerate(row.actions):
            if undo.undone_seq(text) is not None:
                continue  # an undo row: its step is among `undone`, and never applied
            if i in undone:  # taken back: shown in the log, never applied
                table.undone.append(Step(seat, text, (), (), (), seq=i, undone=True))
                continue
            before = state.to_act()
            mark = undo.chance_mark(row.game, state)
            state.apply(seat, text)
            step = Step(seat, text, before, state.to_act(), seq=i,
                        quiet=mark == undo.chance_mark(row.game, state),
                        at=wall(row.times[i]) if i < len(row.times) else 0.0,
                        stand_in=i < len(row.stood_in) and row.stood_in[i])
            table.steps.append(step)
            if not step.keeps_node_open and i < len(row.times):
                opened = step.at
        if self.shared is not None and opened:
            # the race clock runs from when the node opened, whichever process opened it
            table.node_opened = _since(opened)
        return table

    def sweep(self, idle: float = 0.0) -> int:
        """Let finished tables nobody watches or asked for in `idle` seconds leave memory
        (the log keeps them; the next request rebuilds one), and drop the payloads kept for
        tables in play but idle as long: a server up for months holds only the tables in
        play. Freed memory goes back to the system (`release_memory`)."""
        now = time.monotonic()
        gone = []
        for t in self.live.values():
            if now - t.used < idle or t.lock.locked():
                continue
            if t.state.is_over() and not t.watchers:
                gone.append(t.id)
            elif not t.watchers and self.shared is not None and t.id not in self.shared.held:
                gone.append(t.id)  # another process runs its bots: the log keeps it for us
            elif not t.watchers:
                t.forget()
                t.public = None  # the next move takes the view before it afresh
        for table_id in gone:
            self._give(self.live.pop(table_id))
        # the drawings' parts and the moves' words no push has used as long go too; and
        # what closed connections left in uvicorn's reference cycles (its HTTP protocol and
        # parser, ~2 KB a connection) waits for a full collection, rare in herna serve.
        # A full collection stops every table for 75-100 ms at 200 live ones: while moves
        # come, it waits for a quiet sweep or `COLLECT_BUSY` seconds after the last one.
        pending = drawing.trim(idle) or gone or self.unwatched or self._uncollected
        quiet = self.changes == self._changes_swept
        self._changes_swept = self.changes
        if pending and (quiet or now - self._collected >= COLLECT_BUSY):
            if not self.live:  # no table left to use the memos: what they pin can go too
                memo.forget()
                self.store.let_go()
            release_memory()
            self._collected = now
            self.unwatched = 0
            self._uncollected = False
        else:
            self._uncollected = bool(pending)
        return len(gone)

    async def sweep_every(self, seconds: float, idle: float) -> None:
        while not self.closing:
            await asyncio.sleep(seconds)
            self.sweep(idle)

    def fill_history(self) -> int:
        """The sweep at start: results (and a rated table's ratings) for every finished
        table that has none yet, finished before results were kept. Each is rebuilt from
        its log; a row already written stays. Returns how many tables were filled in."""
        n = 0
        for table_id in self.store.finished_without_results():
            if self.closing:
                break
            try:
                row = self.store.load(table_id)
                if row is None or row.finished is None:
                    continue
                state = self._rebuild(row).state
                if not state.is_over():
                    continue
                self.store.record_results(table_id, history.seat_results(row.game, state),
                                          row.finished)
                n += 1
            except Exception:  # one broken table must not keep the others out
                log.exception("table %s: its results could not be written", table_id)
        if n:
            log.info("wrote the results of %d finished tables", n)
        return n

    def resume_all(self) -> int:
        """Load every unfinished table (a restart): their bots pick up where they stopped."""
        n = 0
        for table_id in self.store.unfinished():
            try:
                self.load(table_id)
                n += 1
            except Exception:  # one broken table must not keep the others down
                log.exception("table %s could not be resumed", table_id)
        return n

    # ----- moves ----------------------------------------------------------------------------
    async def act(self, table: Table, seat: int | None, action: Any,
                  version: Any = None, lang: str | None = None, by_bot: bool = False) -> Any:
        """Apply one action for `seat` through the engine, log it, then push it out.
        `by_bot`: a bot's move, refused (409) if a person has taken the seat back meanwhile;
        a person's move is refused while a bot stands in for them."""
        lang = lang or table.row.lang
        if seat is None:
            raise Refused(403, catalog().t("refuse.spectator", lang))
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise Refused(422, "version must be a whole number")
        if isinstance(action, bool) or not isinstance(action, (str, int)):
            raise Refused(422, "action must be the action's text or its integer code")
        async with table.lock:
            if self.shared is not None and version is not None and version > table.version:
                # the mover saw a move another process made that this one has not heard of
                await self._catch_up_locked(table)
            if by_bot and seat not in table.bot_seats:
                raise Refused(409, "the seat's person has taken it back")
            if not by_bot:
                self._check_not_stood_in(table, seat, lang)
            asked = action
            changes: list[dict[str, Any]] = []
            for attempt in range(3):
                if version is not None and version != table.version:
                    raise Refused(409, catalog().t("refuse.stale", lang, now=table.version,
                                                      asked=version),
                                  self.payload(table, seat, lang))
                trial = table.state.copy()
                if isinstance(asked, str):
                    action = self._stamped(table, asked)
                # a refusal is read by a person: the move in words, not in notation
                with speaking(lang), in_words(words.said_move(table.game, seat, lang)):
                    try:
                        before = trial.to_act()
                        mark = undo.chance_mark(table.game, trial)
                        applied = trial.apply(seat, action)
                    except IllegalAction as e:
                        raise Refused(422, str(e)) from None
                text = str(applied)
                at = self.now()
                # a bot's move in a person's seat: the log says whom it played for
                stood_in = by_bot and table.row.seats[seat].kind != "bot"
                results = _results(table, trial)
                try:
                    if self.append_inline:
                        changes = self.store.append(table.id, table.version, seat, text,
                                                    trial.is_over(), at, stood_in, results)
                    else:
                        changes = await asyncio.to_thread(
                            self.store.append, table.id, table.version, seat, text,
                            trial.is_over(), at, stood_in, results)
                except Unavailable as e:  # nothing was stored and nothing is made live
                    log.error("table %s: move %d not stored: %s", table.id, table.version, e)
                    raise Refused(503, catalog().t("refuse.unsaved", lang)) from None
                except Conflict:
                    await self._lost_race(table, seat, lang,
                                          retry=version is None and attempt < 2)
                    continue  # no version asked: the move again, on the table as stored
                break
            step = Step(seat, text, before, trial.to_act(),
                        *words.step_events(table, trial, seat, text), seq=table.version,
                        quiet=mark == undo.chance_mark(table.game, trial), at=at,
                        stand_in=stood_in)
            table.state = trial
            table.steps.append(step)
            if changes:
                table.ratings = history.shown_ratings(changes)
            if not step.keeps_node_open:
                table.node_opened = time.monotonic()
            table.forget()
        self.broadcast(table, first=seat)
        self.wake_bots(table)
        if table.state.is_over():
            self._give(table)
        return applied

    async def take_back(self, table: Table, seat: int | None, version: Any,
                        lang: str | None = None) -> None:
        """Take back `seat`'s last step (herna.server.undo says when it may): an undo row is
        written to the log, the table is rebuilt without the step, and every page is told."""
        lang = lang or table.row.lang
        if seat is None:
            raise Refused(403, catalog().t("refuse.spectator", lang))
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused(422, catalog().t("undo.version", lang))
        async with table.lock:
            if self.shared is not None and version > table.version:
                await self._catch_up_locked(table)  # an undo seen through another process
            if version != table.version:
                raise Refused(409, catalog().t("refuse.stale", lang, now=table.version,
                                                  asked=version),
                              self.payload(table, seat, lang))
            self._check_not_stood_in(table, seat, lang)
            why = undo.why_not(table, seat)
            if why is not None:
                raise Refused(422, catalog().t(why, lang))
            text = undo.marker(table.steps[-1].seq if table.steps[-1].seq is not None
                               else len(table.steps) - 1)
            try:
                if self.append_inline:
                    self.store.append(table.id, table.version, seat, text, at=self.now())
                else:
                    await asyncio.to_thread(self.store.append, table.id, table.version,
                                            seat, text, False, self.now())
            except Unavailable as e:
                log.error("table %s: undo %d not stored: %s", table.id, table.version, e)
                raise Refused(503, catalog().t("refuse.unsaved", lang)) from None
            except Conflict:  # another process wrote this row first: the table as it is
                await self._lost_race(table, seat, lang)
            await self._drop_last(table)
        self.broadcast(table, first=seat)
        self.wake_bots(table)  # nobody's, as it stays this seat's turn; as after any row

    async def _drop_last(self, table: Table) -> None:
        """Rebuild the table without its newest standing step (its undo row is stored): the
        state by replaying the log's standing steps, the step kept in the log as undone."""
        step = table.steps[-1]
        state = await asyncio.to_thread(undo.replay, table.row, table.steps[:-1])
        table.steps.pop()
        step.undone = True
        step.events = ()  # it set nothing going that stands: the log shows its line alone
        table.undone.append(step)
        table.state = state
        table.public = None  # the next move takes the view before it afresh
        for made in table.log_words.values():
            made.pop(step.seq if step.seq is not None else len(table.steps), None)
        table.forget()

    async def _lost_race(self, table: Table, seat: int | None, lang: str,
                         retry: bool = False) -> None:
        """Another process holds this table too and wrote the row first: take its log, and
        answer 409 with the table as stored, unless the caller may try again on it
        (`retry`: a move sent without a version)."""
        if self.shared is None:
            self.live.pop(table.id, None)
            table = self.load(table.id)
        else:
            await self._catch_up_locked(table)
            if retry:
                return
        raise Refused(409, catalog().t("refuse.first", lang),
                      self.payload(table, seat, lang)) from None

    def _stamped(self, table: Table, text: str) -> str:
        """A racing game's action with the server's clock (Ubongo: seconds since the
        hourglass was turned); the person's own claim is replaced, as at the table."""
        stamp = getattr(game_module(table.game, "terminal"), "stamp", None)
        if not callable(stamp):
            return text
        return str(stamp(text, time.monotonic() - table.node_opened))

    # ----- bots -----------------------------------------------------------------------------
    def wake_bots(self, table: Table) -> None:
        """Start the table's bot turn-taker if a bot is to act and none runs yet. With
        several processes, also when a table with bots is new here and nobody may hold its
        lease yet: the process that creates (or first loads) a table runs its bots."""
        if self.closing or table.state.is_over():
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        if self.shared is not None and table.id not in self.shared.held:
            if (not table.bot_seats and table.row.clock is None) \
                    or time.monotonic() - table.lease_tried < LEASE_RETRY:
                return  # none, or another process runs them (claim_orphans sees its death)
        elif not table.bot_seats.intersection(table.state.to_act()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (loading at start-up): the app wakes them once it runs
        task = loop.create_task(self._run_bots(table))
        table.bot_task = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        pause = 1.0  # seconds before trying a move the database refused again (doubling)
        if self.shared is not None and table.id not in self.shared.held:
            if not await self.shared.take([table.id]):
                table.lease_tried = time.monotonic()
                return
            await self.catch_up(table, force=True)  # what its last holder did before it let go
        while not self.closing and not table.state.is_over():
            if self.shared is not None and table.id not in self.shared.held:
                return  # the lease was lost (its connection broke): another may take it
            seat = next((s for s in table.state.to_act() if s in table.bot_seats), None)
            if seat is None:
                return
            version = table.version
            try:
                if self.procs is not None:
                    text = await loop.run_in_executor(self.procs, botproc.choose,
                                                      self._job(table, seat))
                else:
                    snapshot = table.state.copy()
                    bot = table.bots.get(seat)
                    if bot is None:
                        bot = botproc.seat_bot(table.bot_level(seat), table.game,
                                               table.row.seed, seat)
                        table.bots[seat] = bot
                    chosen = await loop.run_in_executor(self.bot_pool, bot.act,
                                                        snapshot, seat)
                    text = str(chosen)
            except Exception:
                log.exception("bot at table %s seat %s failed: it plays a random move",
                              table.id, seat)
                text = botproc.fallback(table.state, seat, table.row.seed, version)
            delay = self._bot_delay(table, text)
            if delay > 0:
                await asyncio.sleep(delay)
            if table.version != version or seat not in table.bot_seats:
                continue  # someone acted meanwhile (a simultaneous node), or took it back
            try:
                await self.act(table, seat, text, version, by_bot=True)
                pause = 1.0
            except Refused as e:
                if e.status == 409:
                    continue
                if e.status == 503:  # the database is down: the same move, once it is back
                    await asyncio.sleep(pause)
                    pause = min(30.0, pause * 2)
                    continue
                log.error("bot at table %s seat %s chose %r: %s; it plays a random move",
                          table.id, seat, text, e)
                try:
                    await self.act(table, seat, botproc.fallback(table.state, seat,
                                                                table.row.seed, version),
                                   version, by_bot=True)
                except Refused as again:
                    if again.status != 409:
                        log.error("table %s seat %s: no move could be made: %s", table.id,
                                  seat, again)
                        return

    @staticmethod
    def _job(table: Table, seat: int) -> botproc.BotJob:
        return botproc.BotJob(
            table=table.id, game=table.game, players=table.row.players, seed=table.row.seed,
            options=dict(table.row.options), seat=seat,
            level=botproc.seat_level(table.bot_level(seat)),
            actions=tuple((step.seat, step.text) for step in table.steps))  # the log's texts

    def _bot_delay(self, table: Table, text: str) -> float:
        """Seconds a racing bot still waits before it shows its hand (Ubongo's solve time)."""
        if not self.bot_pace:
            return 0.0
        claimed = getattr(game_module(table.game, "web"), "bot_delay", None)
        if not callable(claimed):
            return 0.0
        return max(0.0, float(claimed(text)) - (time.monotonic() - table.node_opened))

    # ----- several processes (herna.server.shared) -------------------------------------------
    async def start_shared(self) -> None:
        """Listen for the other processes' changes (PostgreSQL shared by several)."""
        if self.shared is not None:
            await self.shared.start()

    async def stop_shared(self) -> None:
        if self.shared is not None:
            await self.shared.stop()

    def on_change(self, kind: str, table_id: str, version: int | None) -> None:
        """A process (this one included) committed a change to a table. A table held here
        catches up from the log and tells its sockets; one not held here is read from the
        log when asked for, so nothing is done for it."""
        table = self.live.get(table_id)
        if table is None or self.closing:
            return
        if kind == "m":
            if version is None or version <= table.version:
                return  # this process's own move, or already read
            table.behind = max(table.behind, version)
            if not table.catching:
                table.catching = True
                self._spawn(self.catch_up(table))
        else:
            self._spawn(self.refresh_seats(table))

    def on_reconnect(self) -> None:
        """The listening connection was lost a while: notes may have been missed."""
        for table in list(self.live.values()):
            self._spawn(self.catch_up(table, force=True))
            self._spawn(self.refresh_seats(table))

    def _spawn(self, work: Awaitable[Any]) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("following another process's change failed")

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def catch_up(self, table: Table, force: bool = False) -> int:
        """Apply what the log holds beyond this table's version (another process's moves),
        push it to this process's sockets and wake the bots; returns how many moves.
        Without `force`, the log is read only if a newer version was announced."""
        async with table.lock:
            table.catching = False
            if not force and table.behind <= table.version and self.shared is not None \
                    and self.shared.listening.is_set():
                return 0  # nothing new was announced
            return await self._catch_up_locked(table)

    async def _catch_up_locked(self, table: Table) -> int:
        """`catch_up` with the table's lock held (a move checks the log first this way)."""
        try:
            moves = await asyncio.to_thread(self.store.moves_since, table.id, table.version)
        except Exception as e:  # the database is away: the next note or move tries again
            log.warning("table %s: the log could not be read: %s", table.id,
                        str(e).splitlines()[0][:200])
            return 0
        for seat, text, at, stood_in in moves:
            if undo.undone_seq(text) is not None:  # another process's undo: the same here
                await self._drop_last(table)
                continue
            before = table.state.to_act()
            mark = undo.chance_mark(table.game, table.state)
            seq = table.version
            table.state.apply(seat, text)
            step = Step(seat, text, before, table.state.to_act(), seq=seq,  # events: when shown
                        quiet=mark == undo.chance_mark(table.game, table.state), at=wall(at),
                        stand_in=stood_in)
            table.steps.append(step)
            if not step.keeps_node_open:
                table.node_opened = _since(wall(at))
        if any(stood_in and not table.row.seats[seat].stand_in
               for seat, _text, _at, stood_in in moves):
            # a stand-in moved: its seat was handed over in the other process, and that
            # note may not have been read here yet; the seats as stored now, first, so no
            # page is told of a bot's move at a seat it shows as its person's
            with contextlib.suppress(Exception):  # else the note's own refresh brings them
                seats, nxt = await asyncio.to_thread(self.store.seats_of, table.id)
                _take_seats(table, seats, nxt)
        if moves and table.row.rated and table.state.is_over():  # rated where it ended
            with contextlib.suppress(Exception):
                table.ratings = history.shown_ratings(await asyncio.to_thread(
                    self.store.rating_changes, [table.id]))
        if moves:
            table.public = None  # the next move here takes the view before it afresh
            table.forget()  # (not `used`: another process's moves keep nothing here)
            self.broadcast(table)  # only queues: the lock is not held over any socket
            self.wake_bots(table)
            if table.state.is_over():
                self._give(table)
        return len(moves)

    async def refresh_seats(self, table: Table) -> None:
        """Read the table's seats and play-again link again (named, claimed or linked in
        another process); tell the sockets if anything changed."""
        seats, nxt = await asyncio.to_thread(self.store.seats_of, table.id)
        async with table.lock:
            if seats == table.row.seats and (nxt is None or nxt == table.row.next_id):
                return  # this process's own change, already made here
            _take_seats(table, seats, nxt)
        self.broadcast(table)
        self.wake_bots(table)  # a stand-in set by another process: its bot plays here

    def seat(self, table: Table, token: str | None) -> int | None:
        """`table.seat_of(token)`; with several processes, a token this process does not
        know yet (a seat just claimed through another) is looked up in the database once."""
        try:
            return table.seat_of(token)
        except Refused:
            if self.shared is None or not token or not TOKEN.fullmatch(token):
                raise
            seats, nxt = self.store.seats_of(table.id)
            if seats == table.row.seats:
                raise
            _take_seats(table, seats, nxt)
            return table.seat_of(token)

    async def claim_orphans(self) -> int:
        """Take the bot leases nobody holds (at start: every table in play with bots, as
        `resume_all` does for one process; later, those of a process that died) and run
        those bots here, up to this process's share of all such tables; a process holding
        more than its share (it started first) lets the surplus go, for the others to take
        at their next look. Returns how many were taken."""
        if self.shared is None:
            return 0
        ids = await asyncio.to_thread(self.store.unfinished_with_bots)
        share = -(-len(ids) // await self.shared.processes())
        mine = [i for i in ids if i in self.shared.held]
        if len(mine) > share + 1:
            await self._let_go(mine, len(mine) - share)
            return 0
        free = [i for i in ids if i not in self.shared.held]
        random.shuffle(free)  # processes looking at once aim at different tables
        won = await self.shared.take(free, most=max(0, share - len(mine)))
        for table_id in won:
            table = self.live.get(table_id)
            try:
                if table is None:
                    table = await asyncio.to_thread(self.load, table_id)
                else:
                    await self.catch_up(table, force=True)
            except Exception:  # one broken table must not keep the others down
                log.exception("table %s could not be resumed", table_id)
                continue
            self.wake_bots(table)
        return len(won)

    async def _let_go(self, mine: list[str], surplus: int) -> None:
        """Give up `surplus` leases, of tables whose bots are not thinking right now (a
        table waiting for a person first)."""
        def idle(table_id: str) -> bool:
            table = self.live.get(table_id)
            return table is None or table.bot_task is None or table.bot_task.done()

        def waits_for_a_bot(table_id: str) -> bool:
            table = self.live.get(table_id)
            return table is not None and bool(
                table.bot_seats.intersection(table.state.to_act()))

        for table_id in sorted(filter(idle, mine), key=waits_for_a_bot)[:surplus]:
            await self.shared.give(table_id)  # type: ignore[union-attr]

    async def claim_every(self, seconds: float | None = None) -> None:
        while not self.closing:
            await asyncio.sleep(seconds or LEASE_EVERY)
            try:
                await self.claim_orphans()
            except Exception as e:  # the database is away: the next look tries again
                log.warning("looking for tables without bots failed: %s",
                            str(e).splitlines()[0][:200])

    def _give(self, table: Table) -> None:
        """Let go of a table's bot lease (finished, or left memory)."""
        if self.shared is None or table.id not in self.shared.held:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no running loop (a sweep outside the app): kept till the end
            return
        self._spawn(self.shared.give(table.id))

    # ----- what each seat sees ----------------------------------------------------------------
    def payload(self, table: Table, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        out = self._payload(table, seat, lang or table.row.lang, self.clock(table))
        clocks_now = self.clocks_of(table)
        if clocks_now is not None:
            out["clocks"] = clocks_now
        return out

    def _payload(self, table: Table, seat: int | None, lang: str,
                 clock: dict[str, Any] | None) -> dict[str, Any]:
        key = (seat, lang)
        cached = table.cache.get(key)
        if cached is None:
            with speaking(lang):
                cached = words.payload(table, seat, lang)
            # kept as objects only while a race clock stamps each copy afresh; otherwise the
            # JSON text is what is kept (`payload_text`): thousands of dicts and lists that
            # outlive a collection or two made the cyclic GC's pauses the server's worst
            if clock is not None:
                table.cache[key] = cached
        out = dict(cached)
        if clock is not None:
            out["clock"] = clock
        return out

    def clock(self, table: Table) -> dict[str, Any] | None:
        """The race clock from the server's time, for games that race (Ubongo's hourglass)."""
        stamp = getattr(game_module(table.game, "terminal"), "stamp", None)
        if not callable(stamp) or table.state.is_over() or (len(table.state.to_act()) < 2 and \
                not table.sealed()):
            return None
        timer = table.row.options.get("timer", table.state.options.get("timer"))
        return {"elapsed": round(time.monotonic() - table.node_opened, 2), "timer": timer}

    def payload_text(self, table: Table, seat: int | None, lang: str | None = None) -> str:
        """The payload as JSON text, made once per version, seat and language however many
        sockets and responses carry it (Ubongo's race clock is stamped fresh each time)."""
        return self.push_text(table, seat, lang)[0]

    def push_text(self, table: Table, seat: int | None, lang: str | None = None,
                  held: Made | None = None) -> tuple[str, Made]:
        """The payload as JSON text for a socket whose last push was `held` (None: it has
        nothing yet, or an HTTP answer): the area drawings and log lines that push carried
        are left out (docs/API.md, the WebSocket section); and what this one carries. Made
        once per version, seat, language and last push, however many sockets carry it."""
        lang = lang or table.row.lang
        clock = self.clock(table)  # asked once per push: the payload needs it too
        if clock is not None:  # Ubongo's race: a payload stamped afresh for each push
            made = _made(self.payload(table, seat, lang))
            return _push_json(made, held), made
        key = (seat, lang)
        kept = table.heads.get(key)
        if kept is None:
            kept = table.heads[key] = _made(self._payload(table, seat, lang, None))
        made = kept
        if held is None:
            text = table.texts.get(key)
            if text is None:
                text = table.texts[key] = _push_json(made, None)
        else:
            text = table.slims.get((seat, lang, held.stamp))
            if text is None:
                text = table.slims[(seat, lang, held.stamp)] = _push_json(made, held)
        clocks_now = self.clocks_of(table)
        if clocks_now is not None:  # the time left, as of now, on the text kept per version
            text = f'{text[:-1]},"clocks":{_dumps(clocks_now)}}}'
        return text, made

    def watch(self, table: Table, watcher: Watcher) -> None:
        """A new connection: it gets the table as it is now, then every change (each push
        the table as it is when sent, leaving out what the socket's last push carried)."""
        watcher.make = lambda w: self.push_text(table, w.seat, w.lang, w.held)
        table.watchers.add(watcher)
        if watcher.seat is not None:  # the seat's person is here (clocks: not left)
            watcher.counted = True
            table.present[watcher.seat] = table.present.get(watcher.seat, 0) + 1
            table.away.pop(watcher.seat, None)
            self._seated(table, watcher.seat)
        watcher.start()
        watcher.push()

    def unwatch(self, table: Table, watcher: Watcher) -> None:
        if watcher.counted and watcher.seat is not None:
            watcher.counted = False
            left = table.present.get(watcher.seat, 1) - 1
            table.present[watcher.seat] = left
            if left <= 0 and self.shared is None:  # the seat's last page closed: it has left
                table.away[watcher.seat] = self.now()
            self._seated(table, watcher.seat)
        table.watchers.discard(watcher)
        self.unwatched += 1
        watcher.stop()

    def _seated(self, table: Table, seat: int) -> None:
        """With several processes, tell the others whether this process has a page of the
        seat open (a seat lock, herna.server.shared): the one running the table's clock
        counts the pages of every process before taking the person for gone."""
        if self.shared is None:
            return
        key = shared_seat_key(table.id, seat)
        if table.present.get(seat, 0) > 0:
            self.shared.seated.add(key)
        else:
            self.shared.seated.discard(key)
        self._spawn(self.shared.sync_seated())

    async def _look_for_pages(self, tables: list[Table]) -> None:
        """With several processes: for the timed seats the clock waits on, whether their
        person has a page open in any process; a seat seen so and now without one has left
        since this look (within a check of the clock: a second)."""
        assert self.shared is not None
        keys = {}
        for table in tables:
            base = table.clock_now()
            if base is None or base.clock.kind == "slow":
                continue
            for s in table.row.seats:
                if s.kind != "bot" and not s.stand_in and s.seat in base.since:
                    keys[shared_seat_key(table.id, s.seat)] = (table, s.seat)
        if not keys:
            return
        open_ = await self.shared.pages_open(list(keys))
        if open_ is None:
            return
        now = self.now()
        for key, (table, seat) in keys.items():
            if key in open_:
                table.seen.add(seat)
                table.away.pop(seat, None)
            elif seat in table.seen and seat not in table.away:
                table.away[seat] = now

    def broadcast(self, table: Table, first: int | None = None) -> None:
        """Mark the change for every connection, the mover's own first (the one waiting):
        their tasks send it. Nothing here waits for a socket or draws: a move costs the
        same however many watch."""
        self.changes += 1
        watchers = sorted(table.watchers, key=lambda w: w.seat != first) \
            if first is not None else list(table.watchers)
        for w in watchers:
            if not w.push():
                table.watchers.discard(w)

    # ----- clocks and stand-in bots (herna.server.clocks) ------------------------------------
    def clocks_of(self, table: Table) -> dict[str, Any] | None:
        """The payload's `clocks`: the table's clock and, per seat, the time left now, whether
        it runs, when a bot takes over, and whether a bot stands in for its person. The same
        for every seat and spectator; made afresh for every payload sent."""
        base = table.clock_now()
        if base is None:
            return None
        now = self.now()
        over = table.state.is_over()
        seats = []
        for s in table.row.seats:
            timed = s.kind != "bot" and not s.stand_in
            running = not over and s.seat in base.since
            entry: dict[str, Any] = {
                "seat": s.seat, "running": running, "stand_in": s.stand_in,
                "left": round(max(0.0, base.left(s.seat, now)), 1) if timed else None,
                "takeover": None}
            due = self._takeover_at(table, base, s.seat) if timed and running else None
            if due is not None:
                entry["takeover"] = round(max(0.0, due - now), 1)
            seats.append(entry)
        return {**base.clock.to_json(), "seats": seats}

    def _takeover_at(self, table: Table, base: clocks.Base, seat: int) -> float | None:
        """When a bot takes over the running seat: `grace` after its time runs out, or after
        its pages closed while it was waited for (not at a slow table, whose players close the
        page between moves; with several processes, pages anywhere count: _look_for_pages)."""
        out = base.out_at(seat)
        if out is None:
            return None
        due = out + base.clock.grace
        if seat in table.away and base.clock.kind != "slow":
            due = min(due, max(table.away[seat], base.since[seat]) + base.clock.grace)
        return due

    def _due(self, table: Table, now: float) -> list[int]:
        """The people's seats whose time (with its grace) ran out, or who left: a bot takes
        them over now."""
        base = table.clock_now()
        if base is None or table.state.is_over():
            return []
        due = []
        for s in table.row.seats:
            if s.kind == "bot" or s.stand_in or s.seat not in base.since:
                continue
            at = self._takeover_at(table, base, s.seat)
            if at is not None and now >= at:
                due.append(s.seat)
        return due

    async def check_clocks(self) -> int:
        """Hand every seat whose time ran out (or who left) to a stand-in bot: the check the
        app runs every second (`clock_every`), and tests call after moving their clock on.
        With several processes, the one holding a table's bot lease checks its clocks (it
        runs the stand-in). Returns how many seats were handed over."""
        handed = 0
        timed = [t for t in list(self.live.values())
                 if t.row.clock is not None and not t.state.is_over() and not self.closing
                 and (self.shared is None or t.id in self.shared.held)]
        if self.shared is not None and timed:
            await self._look_for_pages(timed)
        for table in timed:
            if self._due(table, self.now()):
                handed += await self._stand_in(table)
        return handed

    async def _stand_in(self, table: Table) -> int:
        handed = 0
        async with table.lock:
            if self.shared is not None:  # a move through another process may have come first
                await self._catch_up_locked(table)
            for seat in self._due(table, self.now()):
                try:
                    await asyncio.to_thread(self.store.stand_in, table.id, seat, True)
                except Exception as e:  # the database is away: the next check tries again
                    log.warning("table %s seat %d: no stand-in stored: %s", table.id, seat,
                                str(e).splitlines()[0][:200])
                    continue
                table.row.seats[seat].stand_in = True
                handed += 1
                log.info("table %s: a %s bot stands in for seat %d", table.id,
                         table.bot_level(seat), seat)
            if handed:
                table.forget()
        if handed:
            self.broadcast(table)
            self.wake_bots(table)
        return handed

    async def clock_every(self, seconds: float) -> None:
        while not self.closing:
            await asyncio.sleep(seconds)
            try:
                await self.check_clocks()
            except Exception:  # one bad table must not stop the clocks of the others
                log.exception("checking the clocks failed")

    async def seat_back(self, table: Table, seat: int, holder: int | None,
                        lang: str | None = None) -> None:
        """The person takes their seat back from its stand-in (`holder`: the seat their token
        opens): from now on it is theirs again, and their clock runs afresh."""
        lang = lang or table.row.lang
        if holder is None:
            raise Refused(403, catalog().t("refuse.spectator", lang))
        if holder != seat:
            raise Refused(403, catalog().t("clocks.refuse_other", lang))
        async with table.lock:
            if table.state.is_over():
                raise Refused(422, catalog().t("clocks.refuse_over", lang))
            if not table.row.seats[seat].stand_in:
                raise Refused(409, catalog().t("clocks.refuse_yours", lang),
                              self.payload(table, seat, lang))
            at = self.now()
            try:
                await asyncio.to_thread(self.store.stand_in, table.id, seat, False, at)
            except Exception as e:
                log.error("table %s seat %d: not taken back: %s", table.id, seat,
                          str(e).splitlines()[0][:200])
                raise Refused(503, catalog().t("refuse.unsaved", lang)) from None
            s = table.row.seats[seat]
            s.stand_in, s.back = False, at
            table.bots.pop(seat, None)
            table.away.pop(seat, None)  # back: the person is here
            table.forget()
        self.broadcast(table, first=seat)

    def _check_not_stood_in(self, table: Table, seat: int, lang: str) -> None:
        """A person's move or undo while a bot plays for them: refused (take it back first)."""
        if table.row.seats[seat].stand_in:
            raise Refused(409, catalog().t("clocks.refuse_stand_in", lang),
                          self.payload(table, seat, lang))

    def waiting_for(self, table: Table, seat: int) -> dict[str, Any]:
        """My tables: whether the table waits for this seat's move, and its time left."""
        over = table.state.is_over()
        s = table.row.seats[seat]
        mine = not over and not s.stand_in and seat in table.state.to_act()
        base = table.clock_now()
        left = None
        if mine and base is not None:
            left = round(max(0.0, base.left(seat, self.now())), 1)
        return {"my_move": mine, "left": left, "stand_in": s.stand_in and not over,
                "clock": None if base is None else base.clock.kind}

    async def close(self, grace: float = 5.0) -> None:
        """Stop the bots: each finishes the move it is making (so no write to the log is
        cut off mid-way), then stops; one still thinking after `grace` seconds is cancelled."""
        self.closing = True
        if self.tasks:
            _done, pending = await asyncio.wait(list(self.tasks), timeout=grace)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        if self.own_pool:
            self.bot_pool.shutdown(wait=False, cancel_futures=True)
        if self.procs is not None:
            self.procs.shutdown(wait=False, cancel_futures=True)
            self.procs = None


def _results(table: Table, state: State) -> list[dict[str, Any]] | None:
    """A finished game's results for the log's last row (history.seat_results); None for a
    game in play, or if they cannot be worked out (the move must still be stored: the
    sweep at the next start tries again)."""
    if not state.is_over():
        return None
    try:
        return history.seat_results(table.game, state)
    except Exception:
        log.exception("table %s: no results for its last move", table.id)
        return None


def _take_seats(table: Table, seats: list[SeatRow], nxt: str | None) -> None:
    """The seats and play-again link as another process stored them (a name, a claim)."""
    table.row.seats = seats
    if nxt is not None:
        table.row.next_id = nxt
    for s in seats:  # a seat taken back from its stand-in: its bot goes
        if s.kind != "bot" and not s.stand_in:
            table.bots.pop(s.seat, None)
    table.log_words.clear()  # the log's `who` names the seats
    table.forget()


def _since(at: float) -> float:
    """The monotonic time of a wall-clock moment (another process's, from the log)."""
    return time.monotonic() - max(0.0, time.time() - at)


def release_memory() -> None:
    """Collect what the swept tables held, then hand the C heap's free pages back to the
    system (glibc keeps freed memory for reuse; RSS would stay at its peak for good). Cheap
    (a few ms) and run only after a sweep that let tables go."""
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        _libc().malloc_trim(0)


@functools.cache
def _libc() -> Any:
    import ctypes
    import ctypes.util

    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")


def _dumps(payload: Any) -> str:
    """JSON text of a payload or a part of one (orjson: a fifth of the server's time went to
    json.dumps)."""
    data: bytes = orjson.dumps(payload)
    return data.decode()


def parse_lang(lang: Any, default: str) -> str:
    """A request's language (`default` when it names none); 422, never a crash, for
    anything that is not one of ours, a number included."""
    if lang is not None and not isinstance(lang, str):
        raise Refused(422, f"lang must be one of {', '.join(LANGUAGES)}")
    try:
        return check_lang(lang) if lang else default
    except ValueError:
        raise Refused(422, f"lang must be one of {', '.join(LANGUAGES)}") from None
