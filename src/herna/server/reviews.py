"""Reviews (issue 21): after the game, each decision of a seat rated by the hard bot.

For every action a seat took, the hard bot (its normal budget) searches the position as that
seat saw it (a world determinized from the seat, as a hint is) once, its root trying the
move played beside its own favourites (`MctsBot.judge`): "before" is the seat's chance with
the best move it found, "after" the chance with the move played, and a drop of at least
MISTAKE (BLUNDER) is flagged. A decision the game samples rather than searches (Ubongo's
race) has no estimate: its solve time is reported instead; a forced move is not rated.

The work runs in the bot workers (`botproc.review_part`, a process of the pool, else a bot
thread: never on the event loop), a few decisions per job, so the page can show how many
are done. The result depends on the record and the review's seed alone, which is made from
public facts (`review_seed`), and is kept in the database per (table, seat) (`reviews`,
migration 0009): asking again costs nothing, in any process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import herna
from herna.ai.arena import derive_seed
from herna.ai.registry import game_module, make_bot
from herna.core import State
from herna.web import catalog

from . import botproc

if TYPE_CHECKING:
    from .tables import Table, Tables

log = logging.getLogger("herna.server")

MISTAKE = 0.10  # a drop of the seat's chance (0..1) from which a decision is a mistake
BLUNDER = 0.20  # ... and a blunder
PART = 4  # decisions per worker job: the page's progress moves this often
AT_ONCE = 2  # reviews one server process works out at a time (each holds one bot worker)
BUSY_RETRY = 5  # seconds a review asked to wait for a free place

# the phase of each action kind (its notation's first word), per game: the review sums up
# by phase in the words of `review.phase.<phase>`
PHASES: dict[str, dict[str, str]] = {
    "alhambra": {"take": "money", "buy": "buildings", "place": "placement",
                 "reserve": "placement", "dirk": "placement", "swap": "placement",
                 "end": "placement", "pass": "placement"},
    # Roll & Write: the pair kept and the dice adjusted; then build (or take coins instead)
    "alhambra-rw": {"keep": "dice", "adjust": "dice", "build": "placements",
                    "second": "placements", "coins": "placements", "end": "placements"},
    "envyra": {"mark": "marks", "move": "moves"},
    "ubongo": {"start": "gems", "move": "gems", "solve": "race", "pass": "race"},
}


def review_seed(table_id: str, seat: int) -> int:
    """The review's seed: from public facts only (never the table's secret seed), so every
    process reviews a table alike and the review tells nothing of the deal."""
    return derive_seed("review", table_id, seat)


def phase_of(game: str, text: str) -> str:
    kind = text.split(" ", 1)[0]
    return PHASES.get(game, {}).get(kind, "other")


def judge_step(state: State, seat: int, index: int, text: str, seed: int) -> dict[str, Any]:
    """One decision: `text`, played by `seat` at `state` (record step `index`), rated."""
    game = state.spec.id
    played = state.parse_action(seat, text)
    out: dict[str, Any] = {"step": index, "kind": text.split(" ", 1)[0],
                           "phase": phase_of(game, text), "played": str(played),
                           "best": None, "before": None, "after": None, "drop": None,
                           "flag": None, "forced": False, "seconds": None}
    seconds = getattr(played, "seconds", None)
    if isinstance(seconds, (int, float)):
        out["seconds"] = round(float(seconds), 1)  # Ubongo: a solve's time
    legal = state.legal_actions(seat)
    if len(legal) <= 1:
        out["forced"] = True
        return out
    step_seed = derive_seed(seed, "step", index)
    bot = make_bot(f"hard:time={botproc.CPU_CAP}", game, step_seed)
    judge = getattr(bot, "judge", None)
    if not callable(judge):  # a game whose hard level is no search: nothing to weigh by
        return out
    world = state.determinize(seat, step_seed)
    best, before, after = judge(world, seat, played)
    if before is None or after is None:
        return out  # sampled (Ubongo's race): the solve time says how it went
    before = round(min(1.0, max(0.0, float(before))), 3)
    after = round(min(1.0, max(0.0, float(after))), 3)
    drop = round(max(0.0, before - after), 3)
    out.update(best=str(best), before=before, after=after, drop=drop,
               flag="blunder" if drop >= BLUNDER else "mistake" if drop >= MISTAKE else None)
    return out


def walk(state: State, actions: list[tuple[int, str]], seat: int, seed: int,
         start: int, stop: int) -> list[dict[str, Any]]:
    """Judge `seat`'s decisions among record steps `start` to `stop` (`state` is the game
    after `start` steps; it is moved on to `stop`)."""
    out = []
    for i in range(start, stop):
        who, text = actions[i]
        if who == seat:
            out.append(judge_step(state, seat, i, text, seed))
        state.apply(who, text)
    return out


def decisions(actions: list[tuple[int, str]], seat: int) -> list[int]:
    """The record steps a seat took: what its review rates, in order."""
    return [i for i, (who, _text) in enumerate(actions) if who == seat]


def review_record(record: dict[str, Any], seat: int, seed: int,
                  progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """A whole review from a game record and a seed, in this process (tests, benchmarks):
    what the server's jobs make together."""
    state = herna.make(record["game"], players=record["players"], seed=record["seed"],
                       **record.get("options", {}))
    actions = [(int(s), str(t)) for s, t in record["actions"]]
    started = time.process_time()
    rated = walk(state, actions, seat, seed, 0, len(actions))
    if progress is not None:
        progress(len(rated))
    return result(record["game"], record["players"], seat, seed, rated,
                  time.process_time() - started)


def result(game: str, players: int, seat: int, seed: int, rated: list[dict[str, Any]],
           cpu: float) -> dict[str, Any]:
    """What is kept of a review (language-free; words are added when it is shown)."""
    return {"game": game, "players": players, "seat": seat, "seed": seed, "level": "hard",
            "mistake": MISTAKE, "blunder": BLUNDER, "decisions": rated,
            "cpu": round(cpu, 3)}


# ----- shown in words -------------------------------------------------------------------------
def shown(table: Table, kept: dict[str, Any], lang: str) -> dict[str, Any]:
    """A kept review in `lang`: each decision's moves in words with the parts they light on
    the board, and the sums per phase."""
    from .words import caption

    c = catalog()
    game = table.game
    seat = int(kept["seat"])
    web = game_module(game, "web")
    parts_fn = getattr(web, "parts", None)
    steps = [(step.seat, step.text) for step in table.steps]
    replay: State | None = None
    replay_at = 0
    items = []
    for d in kept["decisions"]:
        item = dict(d)
        item["phase_words"] = c.t(f"review.phase.{d['phase']}", lang)
        item["flag_words"] = c.t(f"review.{d['flag']}", lang) if d["flag"] else None
        moves = [("played", d["played"])] + ([("best", d["best"])] if d["best"] else [])
        if d["best"] is not None and callable(parts_fn):
            # the parts each move lights, as the board of that step draws them
            if replay is None or replay_at > d["step"]:
                replay = herna.make(game, players=table.row.players, seed=table.row.seed,
                                    **table.row.options)
                replay_at = 0
            for who, text in steps[replay_at:d["step"]]:
                replay.apply(who, text)
            replay_at = d["step"]
            view = replay.view(seat)
            acts = [replay.parse_action(seat, text) for _k, text in moves]
            lit = parts_fn(view, acts)
        else:
            lit = [[] for _ in moves]
        for (key, text), p in zip(moves, lit, strict=True):
            item[key] = {"text": text, "words": caption(game, seat, text, lang),
                         "parts": list(p)}
        items.append(item)
    return {"seed": kept["seed"], "level": kept["level"],
            "by": c.t("names.bot", lang, level=c.word("level", "hard", lang)),
            "chance": table.row.players > 1, "mistake": kept["mistake"],
            "blunder": kept["blunder"], "cpu": kept["cpu"], "decisions": items,
            "phases": phases(game, items, lang)}


def phases(game: str, items: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The sums per phase, in the order the game's phases are listed."""
    c = catalog()
    order = list(dict.fromkeys([*PHASES.get(game, {}).values(), "other"]))
    out = []
    for phase in order:
        mine = [d for d in items if d["phase"] == phase]
        if not mine:
            continue
        rated = [d for d in mine if d["drop"] is not None]
        times = [d["seconds"] for d in mine if d["seconds"] is not None]
        out.append({
            "phase": phase, "words": c.t(f"review.phase.{phase}", lang),
            "decisions": len(mine), "rated": len(rated),
            "mistakes": sum(d["flag"] == "mistake" for d in mine),
            "blunders": sum(d["flag"] == "blunder" for d in mine),
            "lost": round(sum(d["drop"] for d in rated) / len(rated), 3) if rated else None,
            "seconds": times,
            "mean_seconds": round(sum(times) / len(times), 1) if times else None,
            "gave_up": sum(d["kind"] == "pass" for d in mine) if phase == "race" else None,
        })
    return out


# ----- the server's side ----------------------------------------------------------------------
class Running:
    """A review being worked out: how far it is."""

    def __init__(self, total: int) -> None:
        self.done = 0
        self.total = total
        self.task: asyncio.Task[dict[str, Any]] | None = None


class Reviews:
    """The reviews one server process works out now; finished ones are in the database."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.running: dict[tuple[str, int], Running] = {}
        self.failed: set[tuple[str, int]] = set()  # said once by GET; POST tries again

    async def _finished(self, table: Table, seat: int | None, lang: str) -> int:
        from .tables import Refused

        tables = self.tables
        if tables.shared is not None and not table.state.is_over():
            await tables.catch_up(table, force=True)  # it may have ended in another process
        if not table.state.is_over():
            raise Refused(409, catalog().t("review.not_over", lang))
        if seat is None:
            raise Refused(422, catalog().t("review.no_seat", lang, last=table.row.players - 1))
        return seat

    async def start(self, table: Table, seat: int | None, lang: str) -> dict[str, Any]:
        """`POST …/review?seat=N`: the review, or its progress (started now if need be)."""
        from .tables import Refused

        seat = await self._finished(table, seat, lang)
        kept = await asyncio.to_thread(self.tables.store.load_review, table.id, seat)
        if kept is not None:
            return self._answer(table, seat, kept, lang)
        key = (table.id, seat)
        self.failed.discard(key)
        if key not in self.running:
            if len(self.running) >= AT_ONCE:
                raise Refused(429, catalog().t("review.busy", lang),
                              headers={"Retry-After": str(BUSY_RETRY)})
            actions = [(step.seat, step.text) for step in table.steps]
            run = Running(len(decisions(actions, seat)))
            self.running[key] = run
            run.task = asyncio.get_running_loop().create_task(self._work(table, seat, run))
            run.task.add_done_callback(lambda done: self._done(key, done))
        return self._progress(table, seat, self.running[key], lang)

    async def get(self, table: Table, seat: int | None, lang: str) -> dict[str, Any]:
        """`GET …/review?seat=N`: the review, its progress, or why there is none yet."""
        from .tables import Refused

        seat = await self._finished(table, seat, lang)
        run = self.running.get((table.id, seat))
        if run is not None:
            return self._progress(table, seat, run, lang)
        if (table.id, seat) in self.failed:
            self.failed.discard((table.id, seat))
            raise Refused(503, catalog().t("review.failed", lang))
        kept = await asyncio.to_thread(self.tables.store.load_review, table.id, seat)
        if kept is None:
            raise Refused(404, catalog().t("review.none", lang))
        return self._answer(table, seat, kept, lang)

    def _answer(self, table: Table, seat: int, kept: dict[str, Any],
                lang: str) -> dict[str, Any]:
        total = len(kept["decisions"])
        return {**self._head(table, seat, lang), "state": "done", "done": total,
                "total": total, "review": shown(table, kept, lang)}

    def _progress(self, table: Table, seat: int, run: Running, lang: str) -> dict[str, Any]:
        return {**self._head(table, seat, lang), "state": "running", "done": run.done,
                "total": run.total, "review": None}

    @staticmethod
    def _head(table: Table, seat: int, lang: str) -> dict[str, Any]:
        """What every answer says: whose review, and the seats by name (the page's picker)."""
        from .names import seat_names

        said = seat_names(table, lang)
        return {"table": table.id, "game": table.game, "players": table.row.players,
                "seat": seat, "seats": [{"seat": s.seat, "label": said[s.seat]}
                                        for s in table.row.seats]}

    def _done(self, key: tuple[str, int], task: asyncio.Task[dict[str, Any]]) -> None:
        self.running.pop(key, None)
        if not task.cancelled() and task.exception() is not None:
            self.failed.add(key)
            log.error("table %s seat %s: the review failed: %r", key[0], key[1],
                      task.exception())

    async def _work(self, table: Table, seat: int, run: Running) -> dict[str, Any]:
        """The review in jobs of PART decisions, one after another in the bot workers (each
        worker keeps the game where the last job left it), then stored."""
        tables = self.tables
        loop = asyncio.get_running_loop()
        row = table.row
        actions = tuple((step.seat, step.text) for step in table.steps)
        seed = review_seed(table.id, seat)
        mine = decisions(list(actions), seat)
        rated: list[dict[str, Any]] = []
        cpu = 0.0
        start = 0
        for k in range(0, len(mine), PART):
            chunk = mine[k:k + PART]
            stop = chunk[-1] + 1
            job = botproc.ReviewJob(table.id, row.game, row.players, row.seed,
                                    dict(row.options), actions, seat, seed, start, stop)
            pool = tables.procs if tables.procs is not None else tables.bot_pool
            part, spent = await loop.run_in_executor(pool, botproc.review_part, job)
            rated.extend(part)
            cpu += spent
            start = stop
            run.done = len(rated)
        kept = result(row.game, row.players, seat, seed, rated, cpu)
        await asyncio.to_thread(tables.store.save_review, table.id, seat, seed, kept)
        return kept
