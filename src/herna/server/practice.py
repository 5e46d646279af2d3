"""Ubongo practice over HTTP (docs/API.md, "Ubongo practice"): puzzles by level and seed, the
daily puzzle, checking a placement and one solution, all from herna.games.ubongo.practice.

The server keeps nothing of a player's practice: a puzzle is named by its level and seed, the
engine checks a placement and says where the ladder goes, and the page keeps the progress
(today in the browser's storage; the results it keeps are shaped like a request's answers, so
they can move to the server when players have accounts). Making a puzzle takes a few
milliseconds to a few tenths of a second, so it runs in a worker thread, and each is cached.
The day of the daily puzzle is the server's: `app.state.today()` (a test sets another).
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Any

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
from .tables import Refused, parse_lang

MAX_SECONDS = 86_400.0
CHECK_FIELDS = ("puzzle", "placement", "seconds", "lang")


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


def add_routes(app: FastAPI, limits: Limits, client: Callable[[Request], str]) -> None:
    """The practice page and its API on `app` (each request counts as an action toward the
    client's limit: making a puzzle is work)."""
    app.state.today = dt.date.today

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
        p = await asyncio.to_thread(_puzzle, level, seed, lang)
        with speaking(lang):
            reason = practice.check(p, placed)
        solved = reason is None
        return {
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
