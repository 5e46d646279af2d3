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


# A level is one of these names and nothing else: a stored `hard:iterations=100000000` or
# `easy:noise=<img>` once reached the bot, and stopped every bot on the server or crashed one.
LEVELS = ("easy", "medium", "hard")
# A hard bot's search also stops at this many CPU seconds per decision. Its iteration budget
# ends it first (about a second, BENCHMARKS.md), so this binds only on a machine far slower
# than ours, and no table can hold a bot worker for long.
CPU_CAP = 8.0


def seat_level(level: str | None) -> str:
    """The level a stored seat plays at: its name if it is one of LEVELS, else `medium`
    (tables stored before levels were checked may hold anything)."""
    name = (level or "").split(":", 1)[0]
    return name if name in LEVELS else "medium"


def seat_bot(level: str | None, game: str, table_seed: int, seat: int) -> Bot:
    """The bot of a table's seat, seeded as the arena and `herna play` seed theirs; built
    from the level's name alone, its work capped (CPU_CAP)."""
    name = seat_level(level)
    spec = f"{name}:time={CPU_CAP}" if name == "hard" else name
    return make_bot(spec, game, derive_seed(table_seed, "bot", seat))


def fallback(state: State, seat: int, table_seed: int, version: int) -> str:
    """A move for a seat whose bot failed: a seeded random legal one, so a table never stops
    on a bot's error (the error is logged)."""
    bot = make_bot("random", state.spec.id, derive_seed(table_seed, "fallback", seat, version))
    return str(bot.act(state.copy(), seat))


@dataclass(frozen=True)
class Advice:
    """A hint: the hard bot's move for a seat (text and code) and its estimate of the seat's
    chances (None in a one-player game, where the search's value is a score, not a chance)."""

    text: str
    code: int
    chance: float | None


def advise(state: State, seat: int, seed: int) -> Advice:
    """What the hard bot would play for `seat` now, with its estimate of the seat's winning
    chance (or expected share): a hint. The bot is handed a world determinized from the
    seat (`state.determinize(seat, seed)`), never the table's state, so it decides from that
    seat's view alone, and the hint is the same in every world the seat cannot tell apart.
    Its budget is the hard level's, capped as a seat's bot is (CPU_CAP)."""
    world = state.determinize(seat, seed)
    bot = make_bot(f"hard:time={CPU_CAP}", state.spec.id, seed)
    ask = getattr(bot, "advise", None)
    value: float | None = None
    if callable(ask):
        action, value = ask(world, seat)
    else:  # a game whose hard level is no search: its move, without an estimate
        action = bot.act(world, seat)
    if value is not None and state.num_players > 1:
        chance: float | None = round(min(1.0, max(0.0, float(value))), 3)
    else:
        chance = None
    return Advice(str(action), action.code, chance)


def hint(job: BotJob, seed: int) -> Advice:
    """`advise` for `job.seat` on the table as the worker keeps it (run in a worker process)."""
    return advise(_state_for(job).state, job.seat, seed)


@dataclass(frozen=True)
class ReviewJob:
    """Part of a review (herna.server.reviews): judge `seat`'s decisions among record steps
    `start` to `stop` of a finished table."""

    table: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[tuple[int, str], ...]
    seat: int
    review_seed: int
    start: int
    stop: int


# per (table, seat) under review: the game at the step the last job stopped at
_walks: OrderedDict[tuple[str, int], tuple[int, State]] = OrderedDict()
_walks_lock = threading.Lock()  # bot threads share it where there is no worker process


def review_part(job: ReviewJob) -> tuple[list[dict[str, Any]], float]:
    """Judge one part of a review; returns its decisions and the CPU seconds it took in
    this process (`time.process_time`). The game is taken on from where this worker's last
    part of the same review stopped, else replayed from the start."""
    from .reviews import walk

    started = time.process_time()
    key = (job.table, job.seat)
    with _walks_lock:
        kept = _walks.pop(key, None)
    if kept is not None and kept[0] == job.start:
        state = kept[1]
    else:
        state = herna.make(job.game, players=job.players, seed=job.seed, **job.options)
        for seat, text in job.actions[:job.start]:
            state.apply(seat, text)
    rated = walk(state, list(job.actions), job.seat, job.review_seed, job.start, job.stop)
    with _walks_lock:
        if job.stop < len(job.actions):
            _walks[key] = (job.stop, state)
        while len(_walks) > KEEP:
            _walks.popitem(last=False)
    return rated, time.process_time() - started


def choose(job: BotJob) -> str:
    """The bot's move for `job.seat`, as text (run in a worker process)."""
    kept = _state_for(job)
    bot = kept.bots.get(job.seat)
    if bot is None:
        bot = seat_bot(job.level, job.game, job.seed, job.seat)
        kept.bots[job.seat] = bot
    return str(bot.act(kept.state.copy(), job.seat))
