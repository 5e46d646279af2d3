"""Ubongo practice over HTTP (docs/API.md, "Ubongo practice"): puzzles by level and seed, the
daily puzzle, checking a placement and one solution, all from herna.games.ubongo.practice.

A puzzle is named by its level and seed, the engine checks a placement and says where the
ladder goes. An anonymous player's page keeps the progress in the browser's storage. On a
server with accounts (`herna serve --accounts`) a signed-in player's ladder level, solves and
personal bests are kept here instead (the `practice` table, migration 0012), from what the
server itself checked: a check names its mode (`ladder`, `daily`, `attack`) and is recorded
only when solved, with a time a person can take (at least PIECE_SECONDS a piece); a give-up
moves the ladder down (POST /api/practice/give-up); a time attack is started on the server
(POST /api/practice/attack) and counts the solves it checked within its three minutes (and
a little grace for the requests' travel). GET /api/practice/progress says whose progress it
is; POST there moves a browser's ladder level to an account that has none yet (first sign-in).
The bests a browser kept alone stay there: nothing the server did not check is taken.
Making a puzzle takes a few milliseconds to a few tenths of a second, so it runs in a worker
thread, and each is cached. The day of the daily puzzle is the server's: `app.state.today()`
(a test sets another).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from babel.dates import format_date
from babel.units import format_unit
from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response

from herna.games.ubongo import i18n as ubongo_words
from herna.games.ubongo import practice
from herna.i18n import speaking
from herna.web import STATIC

from . import bodies
from .abuse import Limits
from .accounts import Player
from .store import Store, _insert_new, practice_t
from .tables import Refused, parse_lang

MAX_SECONDS = 86_400.0
CHECK_FIELDS = ("puzzle", "placement", "seconds", "lang", "mode")
MODES = ("ladder", "daily", "attack")
PIECE_SECONDS = 0.25  # the least time a person takes to lay one piece (drag, turn, drop)
ATTACK_SECONDS = 180.0  # a time attack: as the page's (practice.js ATTACK_MS)
ATTACK_GRACE = 15.0  # the last solve's request on its way when the page's clock ran out
KEEP_DAYS = 400  # the daily bests kept per account (as the page keeps them)


def seconds_text(seconds: float, lang: str) -> str:
    """A time as the language writes it (CLDR via Babel): 23.4 s, 23,4 s."""
    return str(format_unit(round(seconds, 1), "duration-second", length="short",
                           format="0.#", locale=lang))


def _whole(raw: str | None, name: str, least: int, most: int, lang: str) -> int:
    """A query's whole number from `least` to `most` (ASCII digits only), else 422 in words."""
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > 10 \
            or not least <= int(raw) <= most:
        raise Refused(422, ubongo_words.t(f"practice.{name}", lang, most=most))
    return int(raw)


def _puzzle(level: int, seed: int, lang: str) -> practice.Puzzle:
    try:
        with speaking(lang):
            return practice.make(level, seed)
    except practice.PracticeError as e:
        raise Refused(422, str(e)) from None


def puzzle_json(p: practice.Puzzle, lang: str) -> dict[str, Any]:
    """A puzzle as the page draws it: its pieces and light area, its grade and target time,
    the drag geometry (`extra`, as a table's payload has it) and the drawing in `lang`."""
    o = p.outline
    return {
        "id": p.id, "level": p.level, "levels": practice.TOP, "seed": p.seed, "lang": lang,
        "pieces": list(p.pieces),
        "outline": {"rows": o.rows, "cols": o.cols, "text": o.text,
                    "cells": [[r, c] for r, c in sorted(o.cells)]},
        "difficulty": p.grade.difficulty, "grade": p.grade.to_json(),
        "target": p.target, "slow": p.slow,
        "target_text": seconds_text(p.target, lang), "slow_text": seconds_text(p.slow, lang),
        "extra": practice.extra(p),
        "svg": practice.svg(p.level, p.seed, lang),
    }


def _ladder(p: practice.Puzzle, seconds: float | None) -> dict[str, Any]:
    nxt, move, pace = practice.ladder(p.level, seconds, p.target)
    return {"level": p.level, "next": nxt, "move": move, "pace": pace}


def _lang(request: Request, body: dict[str, Any] | None = None) -> str:
    raw = body.get("lang") if body is not None else request.query_params.get("lang")
    return parse_lang(raw, "en")


# ----- an account's progress (a server with accounts) --------------------------------------
def _utc(at: dt.datetime | None) -> dt.datetime | None:
    """A stored time with its zone (SQLite gives it back without: UTC)."""
    if at is None or at.tzinfo is not None:
        return at
    return at.replace(tzinfo=dt.UTC)


def progress_json(row: Any, name: str, now: dt.datetime) -> dict[str, Any]:
    """What the page shows of an account's practice, shaped as the browser keeps its own."""
    started = _utc(row.attack_started)
    live = started is not None and (now - started).total_seconds() \
        <= ATTACK_SECONDS + ATTACK_GRACE
    return {"account": name, "level": row.level, "solves": row.solves,
            "gave_up": row.gave_up,
            "bests": {"ladder": row.best_level, "daily": json.loads(row.daily),
                      "attack": json.loads(row.attack)},
            "attack": {"level": row.attack_level, "count": row.attack_count,
                       "started": started.isoformat()} if live and started else None}


class Progress:
    """The practice rows of accounts in the store: each change in one transaction, its row
    locked (two devices of one account solving at once count both)."""

    def __init__(self, store: Store, now: Callable[[], float]) -> None:
        self.store = store
        self.now = now

    def _at(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.now(), dt.UTC)

    def change(self, player: Player, fn: Callable[[dict[str, Any], dt.datetime], Any] | None
               = None) -> tuple[dict[str, Any], Any]:
        """Apply `fn(row as a dict, now)` to the account's row (made at level 1 if it has
        none) and return the progress after it, with what `fn` returned."""
        at = self._at()
        with self.store.engine.begin() as conn:
            conn.execute(_insert_new(conn, practice_t, ("player_id",)), [{
                "player_id": player.id, "level": 1, "best_level": 1, "solves": 0,
                "gave_up": 0, "daily": "{}", "attack": "{}", "attack_level": None,
                "attack_started": None, "attack_count": 0, "updated": at}])
            row = conn.execute(sa.select(practice_t).where(
                practice_t.c.player_id == player.id).with_for_update()).one()
            out = None
            if fn is not None:
                values = dict(row._mapping)
                values["daily"] = json.loads(row.daily)
                values["attack"] = json.loads(row.attack)
                values["attack_started"] = _utc(row.attack_started)
                out = fn(values, at)
                days = sorted(values["daily"])
                for old in days[:max(0, len(days) - KEEP_DAYS)]:
                    del values["daily"][old]
                values["daily"] = json.dumps(values["daily"], sort_keys=True)
                values["attack"] = json.dumps(values["attack"], sort_keys=True)
                values["updated"] = at
                del values["player_id"]
                conn.execute(practice_t.update().where(practice_t.c.player_id == player.id)
                             .values(**values))
                row = conn.execute(sa.select(practice_t).where(
                    practice_t.c.player_id == player.id)).one()
            return progress_json(row, player.name, at), out


def _solved(p: practice.Puzzle, seconds: float, mode: str, daily_id: str, day: dt.date,
            ladder: dict[str, Any] | None) -> Callable[[dict[str, Any], dt.datetime], Any]:
    """The change a checked solve makes to an account's row; returns what was recorded."""
    def fn(v: dict[str, Any], at: dt.datetime) -> dict[str, Any]:
        v["solves"] += 1
        done: dict[str, Any] = {"mode": mode, "counted": True}
        if mode == "ladder" and ladder is not None:
            v["level"] = ladder["next"]
            v["best_level"] = max(v["best_level"], ladder["next"], p.level)
        elif mode == "daily":
            key = day.isoformat()
            if p.id != daily_id:
                done["counted"] = False  # not today's puzzle: a solve, but no daily best
            elif key not in v["daily"] or seconds < v["daily"][key]:
                v["daily"][key] = seconds
        elif mode == "attack":
            started = v["attack_started"]
            if started is None or v["attack_level"] != p.level or (
                    at - started).total_seconds() > ATTACK_SECONDS + ATTACK_GRACE:
                done["counted"] = False  # no time attack of this level running here
            else:
                v["attack_count"] += 1
                best = v["attack"].get(str(p.level), 0)
                v["attack"][str(p.level)] = max(best, v["attack_count"])
        return done
    return fn


def add_routes(app: FastAPI, limits: Limits, client: Callable[[Request], str],
               player: Callable[[Request], Player | None] | None = None,
               same_site: Callable[[Request, str], None] | None = None,
               progress: Progress | None = None) -> None:
    """The practice page and its API on `app` (each request counts as an action toward the
    client's limit: making a puzzle is work). With accounts (`player`, `progress`), a
    signed-in player's practice is kept per account."""
    app.state.today = dt.date.today

    def _account(request: Request, lang: str, post: bool = True) -> Player:
        """The signed-in player a progress request is for: 404 without accounts, 401 signed
        out; a POST must come from this site's page (`same_site`)."""
        from herna.web import catalog

        if player is None or progress is None:
            raise Refused(404, catalog().t("account.refuse_off", lang))
        if post and same_site is not None:
            same_site(request, lang)
        who = player(request)
        if who is None:
            raise Refused(401, catalog().t("account.refuse_signed_out", lang))
        return who

    async def _level_of(request: Request) -> tuple[Player, int]:
        """A progress POST that names a ladder level: whose it is, and the level (422 with a
        reason unless a whole number of the ladder)."""
        limits.hit("actions", client(request))
        body = await bodies.body(request)
        lang = _lang(request, body)
        who = _account(request, lang)
        raw = body.get("level")
        if type(raw) is not int or not 1 <= raw <= practice.TOP:
            raise Refused(422, ubongo_words.t("practice.level", lang, most=practice.TOP))
        return who, raw

    @app.get("/api/practice/progress")
    async def api_progress(request: Request) -> dict[str, Any]:
        """Whose practice this is: a signed-in player's progress kept here, or `account`
        null (the page keeps its own)."""
        limits.hit("actions", client(request))
        who = player(request) if player is not None and progress is not None else None
        if who is None or progress is None:
            return {"account": None, "accounts": progress is not None}
        out, _ = await asyncio.to_thread(progress.change, who)
        return {**out, "accounts": True}

    @app.post("/api/practice/progress")
    async def api_merge(request: Request) -> dict[str, Any]:
        """A browser's ladder level moved to the account, if the account has practised
        nothing yet here (its first sign-in on this page); else the account's stays."""
        who, raw = await _level_of(request)

        def fn(v: dict[str, Any], _at: dt.datetime) -> bool:
            if v["solves"] or v["gave_up"] or v["level"] != 1:
                return False
            v["level"] = raw
            v["best_level"] = max(v["best_level"], raw)
            return True
        assert progress is not None
        out, merged = await asyncio.to_thread(progress.change, who, fn)
        return {**out, "merged": merged}

    @app.post("/api/practice/attack")
    async def api_attack(request: Request) -> dict[str, Any]:
        """A time attack at `level` starts now by the server's clock: the solves it checks
        within ATTACK_SECONDS count toward the best at that level."""
        who, raw = await _level_of(request)

        def fn(v: dict[str, Any], at: dt.datetime) -> None:
            v["attack_level"], v["attack_started"], v["attack_count"] = raw, at, 0
        assert progress is not None
        out, _ = await asyncio.to_thread(progress.change, who, fn)
        return out

    @app.post("/api/practice/give-up")
    async def api_give_up(request: Request) -> dict[str, Any]:
        """A ladder puzzle given up: the account's ladder goes where a give-up takes it."""
        limits.hit("actions", client(request))
        body = await bodies.body(request)
        lang = _lang(request, body)
        who = _account(request, lang)
        with speaking(lang):
            try:
                level, _seed = practice.parse_id(body.get("puzzle"))
            except practice.PracticeError as e:
                raise Refused(422, str(e)) from None
        nxt, _move, _pace = practice.ladder(level, None, 0.0)

        def fn(v: dict[str, Any], _at: dt.datetime) -> None:
            v["gave_up"] += 1
            v["level"] = nxt
        assert progress is not None
        out, _ = await asyncio.to_thread(progress.change, who, fn)
        return out

    @app.get("/api/practice/puzzle")
    async def api_puzzle(request: Request, level: str | None = None,
                         seed: str | None = None) -> dict[str, Any]:
        """The puzzle of a level and seed: the same on every request, cached."""
        limits.hit("actions", client(request))
        lang = _lang(request)
        n = _whole(level, "level", 1, practice.TOP, lang)
        s = _whole(seed, "seed", 0, practice.MAX_SEED, lang)
        p = await asyncio.to_thread(_puzzle, n, s, lang)
        return await asyncio.to_thread(puzzle_json, p, lang)

    @app.get("/api/practice/daily")
    async def api_daily(request: Request) -> dict[str, Any]:
        """Today's puzzle on this server: seeded by the server's date, the same for all."""
        limits.hit("actions", client(request))
        lang = _lang(request)
        day: dt.date = app.state.today()
        p = await asyncio.to_thread(practice.daily, day)
        out = await asyncio.to_thread(puzzle_json, p, lang)
        return {**out, "date": day.isoformat(),
                "date_text": str(format_date(day, "full", locale=lang))}

    @app.post("/api/practice/check")
    async def api_check(request: Request) -> dict[str, Any]:
        """Does a placement solve the puzzle? The engine says, and why not; with the seconds
        it took, where the ladder goes."""
        limits.hit("actions", client(request))
        body = await bodies.body(request)
        lang = _lang(request, body)
        unknown = set(body) - set(CHECK_FIELDS)
        if unknown:
            raise Refused(422, ubongo_words.t("practice.fields", lang, allowed=", ".join(
                CHECK_FIELDS), fields=", ".join(sorted(unknown))[:200]))
        with speaking(lang):
            try:
                level, seed = practice.parse_id(body.get("puzzle"))
                placed = practice.parse_placements(body.get("placement"))
            except practice.PracticeError as e:
                raise Refused(422, str(e)) from None
            seconds = body.get("seconds")
            if seconds is not None and (type(seconds) not in (int, float)
                                        or not 0 < seconds <= MAX_SECONDS):
                raise Refused(422, ubongo_words.t("practice.seconds", lang))
            mode = body.get("mode")
            if mode is not None and mode not in MODES:
                raise Refused(422, ubongo_words.t("practice.mode", lang,
                                                  modes=", ".join(MODES)))
        who = player(request) if player is not None and progress is not None \
            and mode is not None else None
        if who is not None:
            assert same_site is not None
            same_site(request, lang)
        p = await asyncio.to_thread(_puzzle, level, seed, lang)
        with speaking(lang):
            reason = practice.check(p, placed)
        solved = reason is None
        record: dict[str, Any] | None = None
        if who is not None and solved and seconds is not None:
            least = PIECE_SECONDS * len(p.pieces)
            if seconds < least:  # no person lays the pieces that fast: not recorded
                raise Refused(422, ubongo_words.t(
                    "practice.too_fast", lang, time=seconds_text(seconds, lang),
                    pieces=len(p.pieces), least=seconds_text(least, lang)))
            day: dt.date = app.state.today()
            daily_id = (await asyncio.to_thread(practice.daily, day)).id \
                if mode == "daily" else ""
            assert progress is not None and mode is not None
            kept, done = await asyncio.to_thread(
                progress.change, who, _solved(p, float(seconds), mode, daily_id, day,
                                              _ladder(p, seconds)))
            record = {**kept, "recorded": done}
        return {
            "progress": record,
            "puzzle": p.id, "solved": solved, "reason": reason,
            "placements": [practice.placement_json(x) for x in placed] if solved else [],
            "seconds": seconds,
            "time_text": seconds_text(seconds, lang) if seconds is not None else None,
            "target": p.target, "target_text": seconds_text(p.target, lang),
            "ladder": _ladder(p, seconds) if solved and seconds is not None else None,
        }

    @app.get("/api/practice/solution")
    async def api_solution(request: Request, puzzle: str | None = None) -> dict[str, Any]:
        """One solution, piece by piece in the order a person would lay it; and where the
        ladder goes after giving up."""
        limits.hit("actions", client(request))
        lang = _lang(request)
        with speaking(lang):
            try:
                level, seed = practice.parse_id(puzzle)
            except practice.PracticeError as e:
                raise Refused(422, str(e)) from None
        p = await asyncio.to_thread(_puzzle, level, seed, lang)
        laid = await asyncio.to_thread(practice.solution, p)
        return {"puzzle": p.id, "placements": [practice.placement_json(x) for x in laid],
                "ladder": _ladder(p, None)}

    @app.get("/practice", include_in_schema=False)
    def page_practice() -> Response:
        return FileResponse(STATIC / "practice.html")
