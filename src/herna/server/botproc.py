"""Bots in worker processes, so their thinking never holds the server's GIL.

A job is a table's parameters, its action texts and the seat to move: the worker replays what
it has not seen yet on the state it keeps for that table (a move or two since the last job, as
a rule) and asks the table's bot, which it also keeps, so a bot's own random stream goes on
from move to move as it would in one process. Everything crossing the process line is plain
data; the engine's records guarantee the replay is the same game.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import herna
from herna.ai.arena import derive_seed
from herna.ai.base import Bot
from herna.ai.registry import make_bot
from herna.core import State

KEEP = 64  # tables a worker keeps in memory


@dataclass(frozen=True)
class BotJob:
    table: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[tuple[int, str], ...]
    seat: int
    level: str


class _Kept:
    def __init__(self, job: BotJob) -> None:
        self.state: State = herna.make(job.game, players=job.players, seed=job.seed,
                                       **job.options)
        self.actions: list[tuple[int, str]] = []
        self.bots: dict[int, Bot] = {}


_tables: OrderedDict[str, _Kept] = OrderedDict()


def _state_for(job: BotJob) -> _Kept:
    kept = _tables.get(job.table)
    n = len(kept.actions) if kept is not None else 0
    if kept is None or len(job.actions) < n or list(job.actions[:n]) != kept.actions:
        kept = _Kept(job)  # new to this worker, or the table was rebuilt: start over
    for seat, text in job.actions[len(kept.actions):]:
        kept.state.apply(seat, text)
        kept.actions.append((seat, text))
    _tables[job.table] = kept
    _tables.move_to_end(job.table)
    while len(_tables) > KEEP:
        _tables.popitem(last=False)
    return kept


def watch_parent(server_pid: int, every: float = 0.5) -> None:
    """A worker's initializer: leave when the server is gone. A killed server (SIGKILL, OOM)
    cannot stop its pool, and an idle worker waits on its queue forever, holding memory;
    when the server dies the worker is re-parented, which this sees within `every` s."""
    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="herna-watch-server", daemon=True).start()


def seat_bot(level: str, game: str, table_seed: int, seat: int) -> Bot:
    """The bot of a table's seat, seeded as the arena and `herna play` seed theirs."""
    return make_bot(level, game, derive_seed(table_seed, "bot", seat))


def choose(job: BotJob) -> str:
    """The bot's move for `job.seat`, as text (run in a worker process)."""
    kept = _state_for(job)
    bot = kept.bots.get(job.seat)
    if bot is None:
        bot = seat_bot(job.level, job.game, job.seed, job.seat)
        kept.bots[job.seat] = bot
    return str(bot.act(kept.state.copy(), job.seat))
