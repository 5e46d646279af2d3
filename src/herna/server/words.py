"""What one seat (or a spectator) is sent about a table: the payload of docs/API.md.

Everything here starts from `state.view(seat)`, the engine's filter of what a seat may know;
the drawing is the game's `render.svg` of that view, and the move log hides the choices still
sealed at an open simultaneous node (Envyra's marks, the Ubongo race) from everyone but
their author.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from herna.ai.registry import game_module
from herna.core import Action
from herna.drawing import recent
from herna.web import catalog

from . import names

if TYPE_CHECKING:
    from .tables import Table

LOG_TAIL = 80


def shown_legal(game: str, legal: list[Action]) -> list[Action]:
    """What a person is offered: a game may keep some actions to itself (an Ubongo
    solution is the puzzle's answer, not a button)."""
    listed = getattr(game_module(game, "terminal"), "listed", None)
    if callable(listed):
        shown: list[Action] = listed(legal)[0]
        return shown
    return legal


@recent(maxsize=1 << 16)
def describe(game: str, seat: int, text: str, lang: str) -> str:
    """An action in words (kept: every payload of a table repeats its log's last moves,
    and the words of one action never change)."""
    web = game_module(game, "web")
    fn = getattr(web, "describe", None)
    if callable(fn):
        try:
            return str(fn(seat, text, lang))
        except Exception:  # words are a courtesy: the notation still says what happened
            return text
    return text


@recent(maxsize=1 << 16)
def caption(game: str, seat: int, text: str, lang: str) -> str:
    """A button's words for a move ("Take coins"): the game's `label`, else the log's words."""
    fn = getattr(game_module(game, "web"), "label", None)
    if callable(fn):
        try:
            return str(fn(seat, text, lang))
        except Exception:  # a caption is a courtesy: the notation still says what it does
            return text
    return describe(game, seat, text, lang)


@functools.lru_cache(maxsize=4096)
def category(game: str, key: str, lang: str) -> str:
    """A score category of the outcome's breakdown in words (the engine's key, e.g. `stars`,
    `count1`, said by the game's catalog: `category_name` in its i18n)."""
    fn = getattr(game_module(game, "i18n"), "category_name", None)
    return str(fn(key, lang)) if callable(fn) else key


def seat_label(table: Table, seat: int, lang: str) -> str:
    s = table.row.seats[seat]
    return names.label(s.kind, s.level, s.name, seat, lang)


def payload(table: Table, seat: int | None, lang: str) -> dict[str, Any]:
    state = table.state
    game = table.game
    view = state.view(seat)
    to_act = list(state.to_act())
    web = game_module(game, "web")
    legal: list[dict[str, Any]] = []
    if seat is not None and seat in to_act:
        actions = shown_legal(game, state.legal_actions(seat))
        parts_fn = getattr(web, "parts", None)
        parts = parts_fn(view, actions) if callable(parts_fn) else [[] for _ in actions]
        legal = [{"text": str(a), "code": a.code, "parts": p,
                  "label": caption(game, seat, str(a), lang)}
                 for a, p in zip(actions, parts, strict=True)]
    outcome = state.outcome()
    render = game_module(game, "render")
    # the seats' names go to the drawing beside the view: the engine never holds them
    seat_names = names.seat_names(table, lang)
    areas_fn = getattr(render, "areas", None)
    # a game that draws its table as areas (placed by the page, one column on a phone) sends
    # only those; the whole drawing (`svg`) is then left out, as it repeats them
    areas = areas_fn(view, lang=lang, names=seat_names) if callable(areas_fn) else None
    svg = render.svg(view, lang=lang, names=seat_names) \
        if render is not None and areas is None else None
    extra_fn = getattr(web, "extra", None)
    over = state.is_over()
    out: dict[str, Any] = {
        "table": table.id,
        "game": game,
        "players": table.row.players,
        "options": table.row.options,
        "lang": lang,
        "seat": seat,
        "version": table.version,
        "view": view,
        "legal": legal,
        "to_act": to_act,
        "over": over,
        "outcome": outcome.to_dict() if outcome is not None else None,
        # the breakdown's categories in words: the page shows these, never the engine's keys
        "categories": {k: category(game, k, lang) for lines in outcome.breakdown
                       for k in lines} if outcome is not None else {},
        "seats": [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                   "label": seat_label(table, s.seat, lang)} for s in table.row.seats],
        "log": log_lines(table, seat, lang),
        "svg": svg,
        "areas": areas,
        "extra": extra_fn(view) if callable(extra_fn) else None,
    }
    if over:
        out["seed"] = table.row.seed  # the deal is no secret once the game is over
    if table.row.next_id is not None:
        out["next"] = {"id": table.row.next_id}  # a seat's way in: POST .../again
    return out


def log_lines(table: Table, seat: int | None, lang: str) -> list[dict[str, Any]]:
    """The last moves in words; a choice still sealed shows only that its seat has chosen."""
    steps = table.steps
    sealed_from = len(steps) - table.sealed()
    start = max(0, len(steps) - LOG_TAIL)
    # a step's line never changes once made: kept per language, shared by every payload
    # (the entries are only ever serialised, never changed)
    made = table.log_words.setdefault(lang, [])
    for i in range(len(made), len(steps)):
        step = steps[i]
        made.append({"seq": i, "seat": step.seat, "who": seat_label(table, step.seat, lang),
                     "text": step.text,
                     "words": describe(table.game, step.seat, step.text, lang)})
    lines = made[start:]
    for i in range(max(start, sealed_from), len(steps)):
        step = steps[i]
        if step.seat != seat:
            lines[i - start] = {"seq": i, "seat": step.seat,
                                "who": seat_label(table, step.seat, lang), "sealed": True,
                                "words": catalog().t("log.sealed", lang)}
    return lines
