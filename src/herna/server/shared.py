"""Several server processes on one PostgreSQL database: hearing each other, and bot leases.

The log is the only truth; each process keeps the tables it serves as a cache of it. Two
things make that cache work across processes, both PostgreSQL's own (no bus, no extra
service):

- **LISTEN/NOTIFY.** Every change a process commits (a move, a seat's name or claim, a
  play-again link) sends `NOTIFY herna_moves` inside its own transaction (`store.CHANNEL`), so
  the note is delivered exactly when the change is visible. Every process LISTENs on one
  connection of its own and, for a table it holds, reads what it has not applied yet from the
  log and pushes it to its own sockets (`Tables.on_change`). A process that lost its listening
  connection catches every table it holds up from the log once it is back.
- **Bot leases: a session advisory lock per table** (`pg_try_advisory_lock`). Only the process
  holding a table's lock runs its bots, so a bot thinks once per turn whichever process made
  the move that handed it the turn. Locks are held on one connection of the process: if the
  process dies, its connection closes and PostgreSQL frees its locks, and another process takes
  the tables over at its next look (`Tables.claim_orphans`, every few seconds). Even were two
  processes to run one bot (a lost lock connection), the unique (table, seq) key still lets
  only one of their moves in.

A move handed to a bot in another process than the one holding its lease reaches the holder
through NOTIFY like any other move; its bot's answer comes back the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from .store import CHANNEL

log = logging.getLogger("herna.server")

# the first key of every lease lock ('He'), so Herna's locks never meet another program's
# advisory locks in the same database; the second is the table id's hash
LOCK_SPACE = 18533
_TAKE = (f"SELECT id FROM unnest(%s::text[]) AS id "
         f"WHERE pg_try_advisory_lock({LOCK_SPACE}, hashtext(id))")
_GIVE = f"SELECT pg_advisory_unlock({LOCK_SPACE}, hashtext(%s))"
# every process holds one shared lock in a space of its own while its lease connection is
# open: counting its holders in pg_locks (readable by any user) tells how many processes share
# the bots, so each takes its share of the leases (PRESENT, _COUNT)
PRESENCE = LOCK_SPACE + 1
_PRESENT = f"SELECT pg_advisory_lock_shared({PRESENCE}, 0)"
_COUNT = ("SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory' "
          f"AND classid = {PRESENCE} AND objid = 0 AND objsubid = 2 AND granted "
          "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")


# a person's open pages: while a process has a page of seat S at table T open, it holds a
# shared lock (SEATED, hashtext('T/S')) on its lease connection, so the process running T's
# clock can tell whether the person has a page open anywhere (a dead process's locks go
# with its connection). A hash shared by two seats only makes a seat look present: a
# stand-in then comes when the time runs out, as without pages.
SEATED = LOCK_SPACE + 2
_SEAT = f"SELECT pg_advisory_lock_shared({SEATED}, hashtext(%s))"
_UNSEAT = f"SELECT pg_advisory_unlock_shared({SEATED}, hashtext(%s))"
_SEATED = ("SELECT k FROM unnest(%s::text[]) AS k WHERE EXISTS (SELECT 1 FROM pg_locks "
           f"WHERE locktype = 'advisory' AND classid = {SEATED} AND objid = hashtext(k)::oid "
           "AND objsubid = 2 AND granted AND database = "
           "(SELECT oid FROM pg_database WHERE datname = current_database()))")


def seat_key(table_id: str, seat: int) -> str:
    return f"{table_id}/{seat}"


def parse(payload: str) -> tuple[str, str, int | None] | None:
    """A note's kind, table and version (`m T 12`, `s T`, `a T`); None if it is not ours."""
    parts = payload.split(" ")
    if len(parts) == 3 and parts[0] == "m" and parts[2].isdigit():
        return "m", parts[1], int(parts[2])
    if len(parts) == 2 and parts[0] in ("s", "a"):
        return parts[0], parts[1], None
    return None


class Shared:
    """One process's two connections: the one that listens, and the one holding its leases."""

    def __init__(self, url: str, on_change: Callable[[str, str, int | None], None],
                 on_reconnect: Callable[[], None]) -> None:
        self.url = url
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self.held: set[str] = set()  # tables whose bots this process runs
        self.listening = asyncio.Event()
        self._listener: asyncio.Task[None] | None = None
        self._locks: Any = None  # psycopg.AsyncConnection holding the leases
        self._locks_guard = asyncio.Lock()
        self._stopping = False
        # seats with a page open here (seat_key), and those whose lock the connection holds
        self.seated: set[str] = set()
        self._seated_held: set[str] = set()

    async def start(self, timeout: float = 30.0) -> None:
        """Listen (and wait until listening: a change made after start is heard)."""
        self._stopping = False
        self._listener = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self.listening.wait(), timeout)

    async def stop(self) -> None:
        self._stopping = True
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
            self._listener = None
        async with self._locks_guard:
            if self._locks is not None:
                with contextlib.suppress(Exception):
                    await self._locks.close()  # frees every lease at once
                self._locks = None
            self.held.clear()
            self._seated_held.clear()

    async def _listen(self) -> None:
        import psycopg

        pause = 0.5
        first = True
        while not self._stopping:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:  # notes sent while deaf are lost: read the log instead
                        self.on_reconnect()
                    first, pause = False, 0.5
                    async for note in conn.notifies():
                        parsed = parse(note.payload)
                        if parsed is not None:
                            self.on_change(*parsed)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self.listening.clear()
                log.warning("listening for other processes' moves failed (%s); again in "
                            "%.1f s", str(e).splitlines()[0][:200] if str(e) else
                            type(e).__name__, pause)
                await asyncio.sleep(pause)
                pause = min(10.0, pause * 2)

    async def _conn(self) -> Any:
        import psycopg

        if self._locks is None or self._locks.closed:
            if self._locks is not None:  # the connection broke: its locks went with it
                self.held.clear()
                self._seated_held.clear()
            self._locks = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            await self._locks.execute(_PRESENT)
        return self._locks

    async def processes(self) -> int:
        """How many processes share the bots now (this one included; at least 1)."""
        async with self._locks_guard:
            try:
                cur = await (await self._conn()).execute(_COUNT)
                row = await cur.fetchone()
            except Exception as e:
                await self._lost(e)
                return 1
        return max(1, int(row[0]) if row else 1)

    async def take(self, table_ids: list[str], most: int | None = None) -> set[str]:
        """Try to take these tables' leases (never waiting for one held elsewhere), at most
        `most` new ones; returns those this process holds now, among them."""
        wanted = [t for t in dict.fromkeys(table_ids) if t not in self.held]
        if most is not None:
            return await self._take_some(table_ids, wanted, most)
        if self._stopping:
            return set()
        async with self._locks_guard:
            try:
                if wanted:
                    conn = await self._conn()
                    cur = await conn.execute(_TAKE, (wanted,))
                    self.held.update(row[0] for row in await cur.fetchall())
            except Exception as e:
                await self._lost(e)
        return {t for t in table_ids if t in self.held}

    async def _take_some(self, table_ids: list[str], wanted: list[str],
                         most: int) -> set[str]:
        """Take up to `most` of `wanted`, in chunks of what is still missing (a lock is
        taken for every row the query tries, so never ask for more than is wanted)."""
        got = 0
        while wanted and got < most:
            chunk, wanted = wanted[:most - got], wanted[most - got:]
            got += len(await self.take(chunk))
        return {t for t in table_ids if t in self.held}

    async def give(self, table_id: str) -> None:
        """Let another process take this table's bots (finished, or left memory)."""
        async with self._locks_guard:
            if table_id not in self.held:
                return
            self.held.discard(table_id)
            try:
                await (await self._conn()).execute(_GIVE, (table_id,))
            except Exception as e:
                await self._lost(e)

    async def sync_seated(self) -> None:
        """Hold a seat lock for each seat with a page open here, and no other (after any
        open or close: the set is the truth, so out-of-order calls end in the same state)."""
        if self._stopping:
            return
        async with self._locks_guard:
            try:
                conn = await self._conn()
                for key in sorted(self.seated - self._seated_held):
                    await conn.execute(_SEAT, (key,))
                    self._seated_held.add(key)
                for key in sorted(self._seated_held - self.seated):
                    await conn.execute(_UNSEAT, (key,))
                    self._seated_held.discard(key)
            except Exception as e:
                await self._lost(e)

    async def pages_open(self, keys: list[str]) -> set[str] | None:
        """Which of these seats (seat_key) have a page open in any process; None when the
        database cannot say (then nobody is taken for gone)."""
        if not keys:
            return set()
        await self.sync_seated()  # this process's own pages count too
        async with self._locks_guard:
            try:
                cur = await (await self._conn()).execute(_SEATED, (keys,))
                return {row[0] for row in await cur.fetchall()}
            except Exception as e:
                await self._lost(e)
                return None

    async def _lost(self, e: Exception) -> None:
        """The lease connection failed: every lease is gone with it (PostgreSQL frees them
        when the session ends); the next `take` opens a new one."""
        log.warning("bot leases lost (%s); taken again at the next look",
                    str(e).splitlines()[0][:200] if str(e) else type(e).__name__)
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()
        self._locks = None
        self.held.clear()
        self._seated_held.clear()
