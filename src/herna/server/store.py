"""Storage: the tables and their append-only action log, in SQLite or PostgreSQL.

Every applied action is one row with a unique (table, seq), committed before the server
acknowledges it: a table is rebuilt by replaying its rows, and two server processes on one
database can never both write move `seq` of a table (the second insert fails, and its
server reloads the table instead of answering with a move that did not happen).
A player's undo is a row of its own too (`!undo SEQ`, herna.server.undo): nothing stored is
ever changed or deleted, and the undone row is known as undone by replaying the log.
Tokens are kept only as SHA-256 digests, so the database never holds a seat's key, and no
key can be made from what it holds (`next_token`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),   # JSON
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
    sa.Column("next_id", sa.String(32), nullable=True),   # "play again": the next table
    # its players may take back their own steps (issue 21; off for a rated game)
    sa.Column("undo", sa.Boolean, nullable=False, server_default=sa.true()),
    # its players may ask what the hard bot would do (issue 21; off for a rated game)
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()),
    # its clock (herna.server.clocks, JSON), or none: an untimed table
    sa.Column("clock", sa.Text, nullable=True),
    # a rated game (issue 22: no undo, no hints) changes its players' ratings when it ends
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),          # human | bot
    sa.Column("level", sa.String(64), nullable=True),         # a bot's spec
    sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    sa.Column("name", sa.String(64), nullable=True),          # a person's display name
    # a bot of the table's clock level plays this person's seat now (time ran out, or left)
    sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("back", sa.DateTime(timezone=True), nullable=True),  # last taken back
    # the account that took the seat (a server with --accounts), else null
    sa.Column("player_id", sa.String(32), nullable=True, index=True),
)

actions_t = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),   # 0, 1, 2 ... : unique per table
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    # made by a bot standing in for the seat's person (clocks): the log says so
    sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()),
)

# people with an account (herna serve --accounts) and their signed-in browsers: a session
# is kept as the digest of its cookie, as seats keep their tokens' digests
players_t = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("name_key", sa.String(64), nullable=False, unique=True),  # folded, to sign in
    sa.Column("password_hash", sa.Text, nullable=True),   # argon2 (argon2-cffi)
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)

sessions_t = sa.Table(
    "sessions", metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
)

# Ubongo practice of an account (herna.server.practice, migration 0012): the ladder, the
# solves the server checked and the personal bests (JSON), and a time attack in progress
practice_t = sa.Table(
    "practice", metadata,
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("level", sa.Integer, nullable=False),
    sa.Column("best_level", sa.Integer, nullable=False),
    sa.Column("solves", sa.Integer, nullable=False),
    sa.Column("gave_up", sa.Integer, nullable=False),
    sa.Column("daily", sa.Text, nullable=False),     # JSON {date: best seconds}
    sa.Column("attack", sa.Text, nullable=False),    # JSON {level: most puzzles in 3 minutes}
    sa.Column("attack_level", sa.Integer, nullable=True),
    sa.Column("attack_started", sa.DateTime(timezone=True), nullable=True),
    sa.Column("attack_count", sa.Integer, nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)

# uploaded game records (POST /api/replays): their ids share the tables' namespace (a page
# /r/{id} opens either), so an upload never takes an id a table has
replays_t = sa.Table(
    "replays", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("record", sa.Text, nullable=False),   # JSON: the record as replayed
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)

# a finished table's review per seat (herna.server.reviews): worked out once, then read
reviews_t = sa.Table(
    "reviews", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),   # the review's own (public) seed
    sa.Column("result", sa.Text, nullable=False),       # JSON: every decision rated
    sa.Column("cpu", sa.Float, nullable=False),         # CPU seconds it took in the workers
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)


# history (issue 22, herna.server.history): one row per seat of a finished table, written
# with its last move; `against` is who the seat played: people, bots (any bot seat among
# the others) or none (alone). `figures` is the game's own numbers (JSON).
results_t = sa.Table(
    "results", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.String(32), nullable=True, index=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("against", sa.String(8), nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
    sa.Column("figures", sa.Text, nullable=False),
)

# a player's OpenSkill rating per title, apart against people and with bots
ratings_t = sa.Table(
    "ratings", metadata,
    sa.Column("player_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("against", sa.String(8), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)

# what each rated table changed: its key keeps a table to one change per player, ever
rating_changes_t = sa.Table(
    "rating_changes", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("player_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("against", sa.String(8), nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def next_token(token: str, next_id: str) -> str:
    """Seat i's token at the next table, made from seat i's token here (not from its digest,
    which the database holds): the same each time its holder asks, and known to nobody else.
    (Until 0.1 it was made from the digest, so the database alone gave it away.)"""
    mac = hmac.new(token.encode(), next_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def old_next_token(old_hash: str, next_id: str) -> str:
    """The derivable next-table token of earlier versions (migration 0002 revokes them)."""
    mac = hmac.new(bytes.fromhex(old_hash), next_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def now() -> datetime:
    return datetime.now(UTC)


class Conflict(Exception):
    """Move `seq` of the table is already in the log: another process wrote it first."""


class Unavailable(Exception):
    """The database refused a write (disk full, locked, read-only, gone): nothing of it was
    stored, and the same write may succeed once the fault is gone."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None
    token_hash: str | None
    name: str | None = None  # a person's display name (None: "Player N" in the page's words)
    stand_in: bool = False  # a bot plays this person's seat now (herna.server.clocks)
    back: float | None = None  # when its person last took it back (seconds since the epoch)
    player: str | None = None  # the account the seat belongs to (herna.server.accounts)


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    lang: str
    seats: list[SeatRow]
    actions: list[tuple[int, str]] = field(default_factory=list)
    created: datetime | None = None
    finished: datetime | None = None
    next_id: str | None = None
    times: list[datetime] = field(default_factory=list)  # when each action was stored
    stood_in: list[bool] = field(default_factory=list)  # each action: made by a stand-in bot
    undo: bool = True  # its players may take back their own steps (herna.server.undo)
    hints: bool = True  # its players may ask the hard bot for a hint (herna.server.hints)
    clock: dict[str, Any] | None = None  # its clock as stored (herna.server.clocks)
    rated: bool = False  # a rated game: its players' ratings change when it ends


def database_url(db: str) -> str:
    """`herna.db` or any path -> an SQLite URL; URLs pass through (postgresql:// gets the
    psycopg 3 driver, which is the one Herna installs)."""
    if "://" not in db:
        return f"sqlite:///{Path(db).expanduser()}"
    if db.startswith("postgresql://") or db.startswith("postgres://"):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    return db


def open_engine(db: str) -> Engine:
    url = database_url(db)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")      # readers never wait for the writer
            cur.execute("PRAGMA synchronous=NORMAL")    # durable at every checkpoint, WAL-safe
            cur.close()
    else:
        engine = sa.create_engine(url, pool_pre_ping=True)
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (a new database gets every table)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


# the statements of every move, built once: `insert().values(...)` per call made a new
# statement each time (half of an append's CPU went to building and caching it)
_INSERT_ACTION = actions_t.insert()
_FINISH = tables_t.update().where(tables_t.c.id == sa.bindparam("b_id")).values(
    finished=sa.bindparam("b_finished"))
# Processes on one PostgreSQL database tell each other of every change on this channel
# (herna.server.shared): `m TABLE VERSION` a move, `s TABLE` its seats (a name, a claimed
# seat), `a TABLE` its play-again link. Sent inside the change's own transaction, so it is
# delivered exactly when the change is committed, and never for a change rolled back.
CHANNEL = "herna_moves"
_NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")


def wall(at: datetime | None) -> float:
    """A stored time as seconds since the epoch (SQLite gives it back without its zone,
    which is UTC)."""
    if at is None:
        return 0.0
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return at.timestamp()


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.kind, s.level, s.token_hash, s.name, bool(s.stand_in),
                   None if s.back is None else wall(s.back), s.player_id)


class Store:
    def __init__(self, db: str) -> None:
        self.engine = open_engine(db)
        migrate(self.engine)
        # set by `Tables` when several processes share this (PostgreSQL) database
        self.notify = False

    @property
    def url(self) -> str:
        """The database's URL for a plain psycopg connection (LISTEN, advisory locks)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)

    def _tell(self, conn: sa.Connection, payload: str) -> None:
        if self.notify:
            conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})

    def close(self) -> None:
        self.engine.dispose()

    def let_go(self) -> None:
        """Close the pooled SQLite connections (new ones open on demand): each keeps a page
        cache of up to 2 MB, filled by the busy hours' reads, in this process's memory. A
        connection in use stays open until it is returned. PostgreSQL's caches are the
        database server's, so nothing is done there."""
        if self.engine.dialect.name == "sqlite" and self.engine.url.database not in (
                None, "", ":memory:"):  # (a database in memory would go with its connection)
            self.engine.dispose()

    def create(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            self._insert(conn, row)

    @staticmethod
    def _insert(conn: sa.Connection, row: TableRow) -> None:
        conn.execute(tables_t.insert().values(
            id=row.id, game=row.game, players=row.players, seed=row.seed,
            options=json.dumps(row.options, sort_keys=True), lang=row.lang,
            created=row.created or now(), undo=row.undo, hints=row.hints, rated=row.rated,
            clock=None if row.clock is None else json.dumps(row.clock, sort_keys=True)))
        conn.execute(seats_t.insert(), [
            {"table_id": row.id, "seat": s.seat, "kind": s.kind, "level": s.level,
             "token_hash": s.token_hash, "name": s.name, "stand_in": s.stand_in,
             "back": None if s.back is None else datetime.fromtimestamp(s.back, UTC),
             "player_id": s.player}
            for s in row.seats])

    def create_next(self, table_id: str, row: TableRow) -> str:
        """"Play again": link `row` as the next table of `table_id` and create it, in one
        transaction, unless a next table is linked already; returns the linked id. However
        many ask at once (in one process or several), one table is made and none is left
        over: the link is written first, so a second writer finds it taken and adds nothing."""
        with self.engine.begin() as conn:
            won = conn.execute(tables_t.update()
                               .where(tables_t.c.id == table_id, tables_t.c.next_id.is_(None))
                               .values(next_id=row.id)).rowcount
            if won == 1:
                self._insert(conn, row)
                self._tell(conn, f"a {table_id}")
                return row.id
        with self.engine.connect() as conn:
            linked = conn.execute(sa.select(tables_t.c.next_id)
                                  .where(tables_t.c.id == table_id)).scalar_one()
        return str(linked)

    def claim_seat(self, table_id: str, seat: int, digest: str) -> str | None:
        """Give an open human seat (no token yet) the token with this digest, once; returns
        the digest the seat holds afterwards (another one if it was claimed before)."""
        with self.engine.begin() as conn:
            conn.execute(seats_t.update()
                         .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                seats_t.c.kind == "human", seats_t.c.token_hash.is_(None))
                         .values(token_hash=digest))
            self._tell(conn, f"s {table_id}")
            held = conn.execute(sa.select(seats_t.c.token_hash)
                                .where(seats_t.c.table_id == table_id,
                                       seats_t.c.seat == seat)).scalar_one_or_none()
        return None if held is None else str(held)

    def rename(self, table_id: str, seat: int, name: str) -> None:
        """A seat's display name, as its holder set it."""
        with self.engine.begin() as conn:
            conn.execute(seats_t.update()
                         .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                         .values(name=name))
            self._tell(conn, f"s {table_id}")

    def stand_in(self, table_id: str, seat: int, on: bool, at: float | None = None) -> bool:
        """A bot of the clock's level takes over a person's seat (`on`), or its person takes
        it back (at `at`, from which its clock runs afresh); False if it already was so."""
        values: dict[str, Any] = {"stand_in": on}
        if not on:
            values["back"] = datetime.fromtimestamp(at if at is not None else wall(now()), UTC)
        with self.engine.begin() as conn:
            changed = conn.execute(seats_t.update()
                                   .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                          seats_t.c.kind == "human",
                                          seats_t.c.stand_in == (not on))
                                   .values(**values)).rowcount
            if changed:
                self._tell(conn, f"s {table_id}")
        return bool(changed)

    def append(self, table_id: str, seq: int, seat: int, text: str,
               finished: bool = False, at: float | None = None, stand_in: bool = False,
               results: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """Write move `seq` (made at `at`, seconds since the epoch: the server's clock, which
        the table's clocks are rebuilt from; `stand_in`: by a bot playing a person's seat);
        Conflict if another writer already has it. The last move (`finished`) writes the
        table's `results` (herna.server.history) and, at a rated table, its players' new
        ratings in the same transaction: they exist exactly when the move does. Returns the
        rating changes it made."""
        when = now() if at is None else datetime.fromtimestamp(at, UTC)
        changes: list[dict[str, Any]] = []
        try:
            with self.engine.begin() as conn:
                conn.execute(_INSERT_ACTION, {"table_id": table_id, "seq": seq, "seat": seat,
                                              "text": text, "at": when,
                                              "stand_in": stand_in})
                if finished:
                    done = now()
                    conn.execute(_FINISH, {"b_id": table_id, "b_finished": done})
                    if results is not None:
                        changes = self._record_results(conn, table_id, results, done)
                self._tell(conn, f"m {table_id} {seq + 1}")
        except IntegrityError:
            raise Conflict(f"move {seq} of table {table_id} is already stored") from None
        except DBAPIError as e:  # the transaction was rolled back: no half-written move
            raise Unavailable(str(e.orig or e).splitlines()[0][:200]) from None
        return changes

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            t = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
            if t is None:
                return None
            seats = conn.execute(seats_t.select().where(seats_t.c.table_id == table_id)
                                 .order_by(seats_t.c.seat)).all()
            acts = conn.execute(sa.select(actions_t.c.seat, actions_t.c.text, actions_t.c.at,
                                          actions_t.c.stand_in)
                                .where(actions_t.c.table_id == table_id)
                                .order_by(actions_t.c.seq)).all()
        return TableRow(
            id=t.id, game=t.game, players=t.players, seed=t.seed,
            options=json.loads(t.options), lang=t.lang,
            seats=[_seat_row(s) for s in seats],
            actions=[(a.seat, a.text) for a in acts], created=t.created, finished=t.finished,
            next_id=t.next_id, times=[a.at for a in acts],
            stood_in=[bool(a.stand_in) for a in acts], undo=bool(t.undo),
            hints=bool(t.hints),
            clock=None if t.clock is None else json.loads(t.clock), rated=bool(t.rated))

    def actions_since(self, table_id: str, seq: int) -> list[tuple[int, str]]:
        return [(seat, text) for seat, text, _at, _by in self.moves_since(table_id, seq)]

    def moves_since(self, table_id: str, seq: int) -> list[tuple[int, str, datetime, bool]]:
        """Moves `seq`, `seq + 1`, ... of a table with when each was stored and whether a
        stand-in bot made it: what a process that holds the table at version `seq` has yet
        to apply."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(actions_t.c.seat, actions_t.c.text, actions_t.c.at,
                                          actions_t.c.stand_in)
                                .where(actions_t.c.table_id == table_id, actions_t.c.seq >= seq)
                                .order_by(actions_t.c.seq)).all()
        return [(r.seat, r.text, r.at, bool(r.stand_in)) for r in rows]

    def seats_of(self, table_id: str) -> tuple[list[SeatRow], str | None]:
        """A table's seats and its play-again link as stored (another process may have
        named a seat, claimed one, or linked the next table)."""
        with self.engine.connect() as conn:
            seats = conn.execute(seats_t.select().where(seats_t.c.table_id == table_id)
                                 .order_by(seats_t.c.seat)).all()
            nxt = conn.execute(sa.select(tables_t.c.next_id)
                               .where(tables_t.c.id == table_id)).scalar_one_or_none()
        return [_seat_row(s) for s in seats], nxt

    def save_replay(self, make_id: Any, record: dict[str, Any]) -> str:
        """Store an uploaded record under a new id (`make_id()` draws one; an id a table or
        another replay holds is drawn again); returns the id."""
        text = json.dumps(record, separators=(",", ":"))
        with self.engine.begin() as conn:
            while True:
                rid = str(make_id())
                taken = conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == rid)
                                     .union_all(sa.select(replays_t.c.id)
                                                .where(replays_t.c.id == rid))).first()
                if taken is None:
                    break
            conn.execute(replays_t.insert().values(
                id=rid, game=record["game"], players=record["players"],
                moves=len(record["actions"]), record=text, created=now()))
        return rid

    def load_replay(self, replay_id: str) -> dict[str, Any] | None:
        """An uploaded record, or None if no upload has this id."""
        with self.engine.connect() as conn:
            text = conn.execute(sa.select(replays_t.c.record)
                                .where(replays_t.c.id == replay_id)).scalar_one_or_none()
        if text is None:
            return None
        record: dict[str, Any] = json.loads(text)
        return record

    def save_review(self, table_id: str, seat: int, seed: int, result: dict[str, Any]) -> None:
        """Keep a seat's review; one another process stored first is left as it is (the
        same review: it depends on the record and the seed alone)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(reviews_t.insert().values(
                    table_id=table_id, seat=seat, seed=seed, cpu=float(result["cpu"]),
                    result=json.dumps(result, separators=(",", ":")), created=now()))
        except IntegrityError:
            pass

    def load_review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """A seat's kept review, or None if none is stored yet."""
        with self.engine.connect() as conn:
            text = conn.execute(sa.select(reviews_t.c.result)
                                .where(reviews_t.c.table_id == table_id,
                                       reviews_t.c.seat == seat)).scalar_one_or_none()
        if text is None:
            return None
        kept: dict[str, Any] = json.loads(text)
        return kept

    def unfinished_with_bots(self) -> list[str]:
        """Tables in play with a bot seat or a clock: those whose bots some process must run
        (a clock's bot takes over a seat whose time ran out)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id).where(tables_t.c.finished.is_(None))
                .where(sa.or_(tables_t.c.clock.is_not(None),
                              sa.exists().where(seats_t.c.table_id == tables_t.c.id,
                                                seats_t.c.kind == "bot")))
                .order_by(tables_t.c.created)).all()
        return [r.id for r in rows]

    def unfinished(self) -> list[str]:
        """Tables still in play: those the server resumes (bots included) when it starts."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(tables_t.c.id).where(tables_t.c.finished.is_(None))
                                .order_by(tables_t.c.created)).all()
        return [r.id for r in rows]

    def tables_of(self, hashes: list[str], player: str | None = None) -> list[dict[str, Any]]:
        """The tables where one of these token digests holds a seat, or where a seat belongs
        to the account `player` (the lobby's list)."""
        if not hashes and player is None:
            return []
        held: sa.ColumnElement[bool] = seats_t.c.token_hash.in_(hashes)
        if player is not None:
            held = sa.or_(held, seats_t.c.player_id == player)
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id, tables_t.c.game, tables_t.c.players,
                          tables_t.c.created, tables_t.c.finished, seats_t.c.seat,
                          seats_t.c.token_hash, seats_t.c.player_id, seats_t.c.name)
                .join(seats_t, seats_t.c.table_id == tables_t.c.id)
                .where(held)
                .order_by(tables_t.c.created.desc())).all()
            # the moves that stand: each undo row takes one back (herna.server.undo)
            undos = sa.func.sum(sa.case((actions_t.c.text.like("!undo %"), 1), else_=0))
            counts: dict[str, int] = dict(conn.execute(
                sa.select(actions_t.c.table_id, sa.func.count() - 2 * undos)
                .where(actions_t.c.table_id.in_({r.id for r in rows}))
                .group_by(actions_t.c.table_id)).all())
        return [{"id": r.id, "game": r.game, "players": r.players, "seat": r.seat,
                 "token_hash": r.token_hash, "player": r.player_id, "name": r.name,
                 "created": r.created,
                 "over": r.finished is not None,
                 "moves": counts.get(r.id, 0)} for r in rows]

    # ----- history and ratings (issue 22, herna.server.history) ---------------------------
    def _record_results(self, conn: sa.Connection, table_id: str,
                        results: list[dict[str, Any]], when: datetime) -> list[dict[str, Any]]:
        """Write a finished table's results (one row per seat; a row already there stays as
        it is) and, at a rated table not rated before, its players' new ratings. The seats'
        kinds, names and accounts are read here, in the transaction, as stored."""
        from .history import rate_table

        t = conn.execute(sa.select(tables_t.c.game, tables_t.c.players, tables_t.c.rated)
                         .where(tables_t.c.id == table_id)).one()
        seats = {s.seat: s for s in conn.execute(
            sa.select(seats_t.c.seat, seats_t.c.kind, seats_t.c.name, seats_t.c.player_id)
            .where(seats_t.c.table_id == table_id))}
        rows = []
        for r in results:
            s = seats[r["seat"]]
            others = [o.kind for o in seats.values() if o.seat != s.seat]
            rows.append({
                "table_id": table_id, "seat": s.seat, "player_id": s.player_id,
                "name": s.name, "game": t.game, "players": t.players, "rank": int(r["rank"]),
                "score": float(r["score"]), "kind": s.kind,
                "against": "none" if not others else "bots" if "bot" in others else "people",
                "finished": when, "figures": json.dumps(r["figures"], sort_keys=True)})
        conn.execute(_insert_new(conn, results_t, ("table_id", "seat")), rows)
        if not t.rated or conn.execute(sa.select(rating_changes_t.c.player_id).where(
                rating_changes_t.c.table_id == table_id)).first() is not None:
            return []
        return rate_table(conn, table_id, t.game, rows, when)

    def record_results(self, table_id: str, results: list[dict[str, Any]],
                       when: datetime) -> list[dict[str, Any]]:
        """A finished table's results written after the fact (the sweep at start: a table
        finished before results were kept); nothing is written twice. Returns the rating
        changes made (none if another process made them first)."""
        try:
            with self.engine.begin() as conn:
                return self._record_results(conn, table_id, results, when)
        except IntegrityError:  # another process rated it meanwhile: its changes stand
            return []

    def finished_without_results(self) -> list[str]:
        """Finished tables with no result rows (finished before history was kept, or by a
        version that did not write them), oldest first: the sweep at start fills them in."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id).where(tables_t.c.finished.is_not(None))
                .where(~sa.exists().where(results_t.c.table_id == tables_t.c.id))
                .order_by(tables_t.c.finished)).all()
        return [r.id for r in rows]

    def rating_changes(self, table_ids: list[str]) -> list[dict[str, Any]]:
        """What these tables changed of their players' ratings, one entry per seat of a
        rated player (a player holding two seats has the same change at both)."""
        if not table_ids:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(rating_changes_t, results_t.c.seat)
                .join(results_t, sa.and_(results_t.c.table_id == rating_changes_t.c.table_id,
                                         results_t.c.player_id == rating_changes_t.c.player_id))
                .where(rating_changes_t.c.table_id.in_(table_ids))
                .order_by(rating_changes_t.c.table_id, results_t.c.seat)).all()
        return [{"table_id": r.table_id, "seat": r.seat, "player_id": r.player_id,
                 "game": r.game, "against": r.against, "mu_before": r.mu_before,
                 "sigma_before": r.sigma_before, "mu": r.mu, "sigma": r.sigma}
                for r in rows]

    def history_of(self, hashes: list[str] | None = None, player_id: str | None = None
                   ) -> list[dict[str, Any]]:
        """Every result row of the finished tables where these token digests, or this
        account, held a seat (all seats of each such table, newest table first), with the
        seats' bot levels, whether the table was rated, and `mine` on the seats held.
        A private server asks by the browser's tokens, an account by its id."""
        held: list[sa.ColumnElement[bool]] = []
        if hashes:
            held.append(seats_t.c.token_hash.in_(hashes))
        if player_id is not None:
            held.append(seats_t.c.player_id == player_id)
        if not held:
            return []
        with self.engine.connect() as conn:
            mine = {(r.table_id, r.seat) for r in conn.execute(
                sa.select(seats_t.c.table_id, seats_t.c.seat)
                .join(results_t, sa.and_(results_t.c.table_id == seats_t.c.table_id,
                                         results_t.c.seat == seats_t.c.seat))
                .where(sa.or_(*held)))}
            ids = sorted({t for t, _ in mine})
            if not ids:
                return []
            rows = conn.execute(
                sa.select(results_t, seats_t.c.level, tables_t.c.rated)
                .join(seats_t, sa.and_(seats_t.c.table_id == results_t.c.table_id,
                                       seats_t.c.seat == results_t.c.seat))
                .join(tables_t, tables_t.c.id == results_t.c.table_id)
                .where(results_t.c.table_id.in_(ids))
                .order_by(results_t.c.finished.desc(), results_t.c.table_id,
                          results_t.c.seat)).all()
        return [{"table_id": r.table_id, "seat": r.seat, "player_id": r.player_id,
                 "name": r.name, "game": r.game, "players": r.players, "rank": r.rank,
                 "score": r.score, "kind": r.kind, "level": r.level, "against": r.against,
                 "finished": r.finished, "figures": json.loads(r.figures),
                 "rated": bool(r.rated), "mine": (r.table_id, r.seat) in mine}
                for r in rows]

    def ratings_of(self, player_id: str) -> list[dict[str, Any]]:
        """An account's ratings: per title, against people and with bots."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(ratings_t).where(ratings_t.c.player_id == player_id)
                                .order_by(ratings_t.c.game, ratings_t.c.against)).all()
        return [{"game": r.game, "against": r.against, "mu": r.mu, "sigma": r.sigma,
                 "games": r.games} for r in rows]


def _insert_new(conn: sa.Connection, table: sa.Table, keys: tuple[str, ...]) -> Any:
    """An insert that leaves a row whose key is taken as it is (SQLite and PostgreSQL)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(table).on_conflict_do_nothing(index_elements=list(keys))
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(table).on_conflict_do_nothing(index_elements=list(keys))
