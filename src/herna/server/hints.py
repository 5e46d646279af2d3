"""Hints (issue 21): "what would the hard bot do here?", with its estimate of my chances.

A seat to act asks (`POST /api/tables/{id}/hint`); the hard bot works it out in the bot
workers (a process of the pool, else a bot thread: never on the event loop) at the hard
level's budget, from a world determinized from that seat (`botproc.advise`): nothing the
seat cannot see reaches the bot, and the answer is one of the seat's legal moves as its
payload lists them, with the parts that move lights on the board.

A table may switch hints off (a rated game does). Each seat has at most one hint being
worked out at a time (asking again for the same version waits for it; for another, 429),
and an answer is kept per (table, version, seat): asking twice costs nothing, and in every
process the same hint comes out, as the bot's seed is made from public facts only.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Coroutine
from typing import TYPE_CHECKING, Any

from herna.ai.arena import derive_seed
from herna.web import catalog

from . import botproc

if TYPE_CHECKING:
    from .tables import Table, Tables

log = logging.getLogger("herna.server")

KEEP = 512  # answers kept: a few per table in play
BUSY_RETRY = 1  # seconds a seat asked to wait while its hint for another version runs


def why_not(table: Table, seat: int) -> str | None:
    """Why `seat` may not ask for a hint now, as a catalog key; None when it may."""
    from .words import shown_legal

    if not table.row.hints:
        return "hint.off"
    state = table.state
    if state.is_over():
        return "hint.over"
    if seat not in state.to_act():
        return "hint.not_your_turn"
    every = state.legal_actions(seat)
    if not every:
        return "hint.not_your_turn"
    if len(shown_legal(table.game, every)) < len(every):
        # the game keeps moves to itself (an Ubongo cover is the puzzle's answer): a hint
        # would give away what the player is to find
        return "hint.unlisted"
    return None


def allowed(table: Table, seat: int | None) -> bool:
    """Whether the payload offers `seat` a Hint now (never to a spectator)."""
    return seat is not None and why_not(table, seat) is None


def bot_seed(table_id: str, version: int, seat: int) -> int:
    """The hint bot's seed: from public facts only (never the table's secret seed), so the
    same hint comes out of every process, and the hint says nothing of the seed."""
    return derive_seed("hint", table_id, version, seat)


class Hints:
    """The hints one server process has worked out, and the ones being worked out now."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.kept: OrderedDict[tuple[str, int, int], botproc.Advice] = OrderedDict()
        self.running: dict[tuple[str, int], tuple[int, asyncio.Task[botproc.Advice]]] = {}

    async def ask(self, table: Table, seat: int | None, version: Any,
                  lang: str) -> dict[str, Any]:
        """The hint for `seat` at `version` (the answer of `POST …/hint`); Refused otherwise."""
        from .tables import Refused

        tables = self.tables
        if seat is None:
            raise Refused(403, catalog().t("hint.spectator", lang))
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused(422, catalog().t("hint.version", lang))
        if tables.shared is not None and version > table.version:
            await tables.catch_up(table, force=True)  # a move seen through another process
        self._check(table, seat, version, lang)
        advice = await self._advice(table, seat, version, lang)
        self._check(table, seat, version, lang)  # the table may have moved on meanwhile
        legal = tables.payload(table, seat, lang)["legal"]
        move = next((m for m in legal if m["text"] == advice.text), None)
        if move is None:  # the bot broke its promise: say so rather than mark a wrong move
            log.error("table %s seat %s: the hint %r is not among the legal moves", table.id,
                      seat, advice.text)
            raise Refused(503, catalog().t("hint.failed", lang))
        c = catalog()
        return {"version": version, "action": move["text"], "code": move["code"],
                "parts": move["parts"], "words": move["label"], "chance": advice.chance,
                "by": c.t("names.bot", lang, level=c.word("level", "hard", lang))}

    def _check(self, table: Table, seat: int, version: int, lang: str) -> None:
        from .tables import Refused

        if version != table.version:
            raise Refused(409, catalog().t("refuse.stale", lang, now=table.version,
                                           asked=version),
                          self.tables.payload(table, seat, lang))
        why = why_not(table, seat)
        if why is not None:
            raise Refused(422, catalog().t(why, lang))

    async def _advice(self, table: Table, seat: int, version: int,
                      lang: str) -> botproc.Advice:
        from .tables import Refused

        key = (table.id, version, seat)
        kept = self.kept.get(key)
        if kept is not None:
            self.kept.move_to_end(key)
            return kept
        running = self.running.get((table.id, seat))
        if running is not None and running[0] != version:
            raise Refused(429, catalog().t("hint.busy", lang),
                          headers={"Retry-After": str(BUSY_RETRY)})
        if running is None:
            task = asyncio.get_running_loop().create_task(self._work(table, seat, version))
            self.running[(table.id, seat)] = (version, task)
            task.add_done_callback(lambda done: self._done(table.id, seat, done))
        else:
            task = running[1]
        try:
            # shielded: a client that goes away does not stop the work others may wait for
            return await asyncio.shield(task)
        except Refused:
            raise
        except Exception:
            log.exception("table %s seat %s: the hint could not be worked out", table.id, seat)
            raise Refused(503, catalog().t("hint.failed", lang)) from None

    def _done(self, table_id: str, seat: int, task: asyncio.Task[botproc.Advice]) -> None:
        running = self.running.get((table_id, seat))
        if running is not None and running[1] is task:
            del self.running[(table_id, seat)]
        if not task.cancelled():
            task.exception()  # retrieved: a failure nobody waited for is logged by `_advice`

    def _work(self, table: Table, seat: int, version: int
              ) -> Coroutine[Any, Any, botproc.Advice]:
        """The hard bot's advice on the table as it is now (taken at once, before anything
        else can move it on), worked out in the bot workers, then kept."""
        tables = self.tables
        loop = asyncio.get_running_loop()
        seed = bot_seed(table.id, version, seat)
        if tables.procs is not None:
            work = loop.run_in_executor(tables.procs, botproc.hint, tables._job(table, seat),
                                        seed)
        else:
            work = loop.run_in_executor(tables.bot_pool, botproc.advise, table.state.copy(),
                                        seat, seed)
        return self._keep((table.id, version, seat), work)

    async def _keep(self, key: tuple[str, int, int],
                    work: Awaitable[botproc.Advice]) -> botproc.Advice:
        advice = await work
        self.kept[key] = advice
        while len(self.kept) > KEEP:
            self.kept.popitem(last=False)
        return advice
