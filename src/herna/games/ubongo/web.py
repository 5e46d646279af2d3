"""Ubongo in the browser: the parts clicked for each legal action, the geometry a client
needs to let a person drag pieces onto the card, applied actions in words for the log and
the captions of the buttons that make them (herna.testing.web states the contract).

The parts, as render.py draws them on the gem board:

    start 4       [field:4]     click red start field 4 (before the first round)
    move +2       [field:5]     after the race: click the field to go to (here from field 3;
    move 0        [field:3]     `move 0` is the field the figure stands on)
    pass          []            a plain button
    solve ...     []            never parts: the puzzle is the person's (terminal.listed hides
                                the listed solutions; the client builds a solve by dragging)

The puzzle: `extra(view)` gives the seat's light area and its pieces in every orientation,
in the numbering of the `solve` notation; the client lays pieces, then sends
`solve_text(placements)` (`solve A0@0,0 C3@1,2 ...`) and the server adds ` in SECONDS`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from herna.core import Action, IllegalAction
from herna.i18n import number

from . import actions as A
from .data import DEFAULT_TIMER
from .i18n import CATALOG, hourglass, ordinal, plural, symbol_name, t
from .pieces import PIECES, orientations

ANCHOR = ("row,col in `A0@row,col` is where the top-left corner of the orientation's "
          "bounding box goes on the card's grid: the piece covers (row + r, col + c) for each "
          "of its orientation's cells (r, c); cells are normalised (min r = min c = 0), so "
          "the anchor itself may be uncovered (e.g. an L turned so its box's corner is empty)")


def parts(view: dict[str, Any], legal: list[Action]) -> list[list[str]]:
    """For each legal action, the part names clicked to make it (see the module docstring)."""
    me = view.get("seat")
    here = None
    if me is not None and view["seats"][me]["figure"] is not None:
        here = int(view["seats"][me]["figure"])
    out: list[list[str]] = []
    for a in legal:
        if isinstance(a, A.StartAction):
            out.append([f"field:{a.field + 1}"])
        elif isinstance(a, A.MoveAction) and here is not None:
            out.append([f"field:{here + a.delta}"])
        else:  # pass, a solve (never clicked: the server hides them), or nothing to stand on
            out.append([])
    return out


def scores(view: dict[str, Any]) -> list[int]:
    """Each seat's score so far as the game counts it: the most gems of one colour (the
    outcome's score; the ranking goes on to the next colours). A replay shows it per step."""
    return [max(s["gems"].values(), default=0) for s in view["seats"]]


def describe(seat: int, text: str, lang: str) -> str:
    """`text` (an applied action) in words, without the seat's name."""
    return _words("web", text, lang)


def label(seat: int, text: str, lang: str) -> str:
    """The caption of a button that makes the move, an instruction rather than the log's past
    tense: "Give up this round", "Move 2 fields right" (the direction tells +2 from -2)."""
    return _words("label", text, lang)


def _words(kind: str, text: str, lang: str) -> str:
    """The log's words (`web.*`) or a button's (`label.*`) for one action's text."""
    try:
        a = A.parse(text, DEFAULT_TIMER)  # the timer only buckets codes; the words ignore it
    except IllegalAction:
        return text
    if isinstance(a, A.StartAction):
        return t(f"{kind}.start", lang, field=a.field + 1)
    if isinstance(a, A.SolveAction):
        return t(f"{kind}.solve", lang, time=a.tenths / 10)
    if isinstance(a, A.MoveAction):
        if a.delta == 0:
            return t(f"{kind}.stay", lang)
        way = "right" if a.delta > 0 else "left"
        return plural(f"{kind}.{way}", abs(a.delta), lang)
    return t(f"{kind}.pass", lang)


def piece_geometry(letter: str) -> dict[str, Any]:
    """One piece for the client: every orientation's cells in the notation's numbering
    (index 0 is the piece as drawn; the rotations come before the mirror images)."""
    p = PIECES[letter]
    return {"letter": letter, "name": p.name, "colour": p.colour, "size": p.size,
            "orientations": [[[r, c] for r, c in o] for o in orientations(letter)]}


def extra(view: dict[str, Any]) -> dict[str, Any]:
    """What the client needs to drag pieces onto the viewing seat's card:

        {"card": {"number": 12, "rows": 4, "cols": 5, "cells": [[0, 1], [0, 2], ...]} or None,
         "symbol": "lizard" or None,          # the rolled symbol, whose row gives the pieces
         "pieces": [{"letter": "A", "name": "I2", "colour": "#AA4499", "size": 2,
                     "orientations": [[[0, 0], [1, 0]], [[0, 0], [0, 1]]]}, ...],
         "open": True,                        # the seat may still submit this race
         "anchor": ANCHOR,                    # the convention, in words
         "svg_card": "ubongo-card"}           # the drawing's light area (data-cell, -x, -y)

    `cells` are (row, col) of the light area, rows down and columns right from 0, the grid
    the notation and the drawing number. A placement `A0@r,c` puts orientation 0 of A with
    its bounding box's top-left corner at (r, c): it covers (r + dr, c + dc) for every cell
    (dr, dc) of that orientation. No puzzle (a spectator, before the first deal): card None,
    no pieces."""
    me = view.get("seat")
    seat = view["seats"][me] if me is not None else None
    card = seat["card"] if seat else None
    letters = list(seat["pieces"]) if seat else []
    if seat is None or card is None or not letters:
        return {"card": None, "symbol": view.get("symbol"), "pieces": [], "open": False,
                "anchor": ANCHOR, "svg_card": "ubongo-card"}
    o = card["outline"]
    return {
        "card": {"number": card["number"], "rows": o["rows"], "cols": o["cols"],
                 "cells": [[int(r), int(c)] for r, c in o["cells"]]},
        "symbol": view.get("symbol"),
        "pieces": [piece_geometry(letter) for letter in letters],
        "open": view.get("phase") == "race" and not seat.get("done"),
        "anchor": ANCHOR,
        "svg_card": "ubongo-card",
    }


def solve_text(placements: Iterable[tuple[str, int, int, int] | list[Any]]) -> str:
    """The action text for pieces laid as (letter, orientation, row, col), in letter order:
    `solve A0@0,0 C3@1,2`. The server appends ` in SECONDS` when it receives it."""
    laid = sorted((str(p), int(o), int(r), int(c)) for p, o, r, c in placements)
    return "solve " + " ".join(f"{p}{o}@{r},{c}" for p, o, r, c in laid)


def bot_delay(text: str) -> float:
    """Seconds a bot's solve claims (`solve ... in 23.4`): the server holds the bot's hand
    back until its hourglass time has run, so the race looks and feels like one."""
    try:
        a = A.parse(text, DEFAULT_TIMER)
    except IllegalAction:
        return 0.0
    seconds = getattr(a, "seconds", None)
    return float(seconds) if seconds is not None else 0.0


# ----- what to do now, and why not ----------------------------------------------------------
def prompt(view: dict[str, Any], legal: list[Action], lang: str) -> dict[str, Any]:
    """What the seat to act does now, in the rules' words: the start field, the race, the
    gem step (how far the figure may go, and which gems it takes)."""
    phase = view.get("phase")
    mover = view.get("mover")
    if phase == "start":
        return {"text": t("prompt.start", lang), "after": {}}
    if phase == "gems" and mover and mover["seat"] == view.get("seat"):
        return {"text": plural("prompt.gems", int(mover["allowance"]), lang,
                               place=mover["place"]), "after": {}}
    return {"text": t("prompt.race", lang), "after": {}}


def meant(view: dict[str, Any], parts: list[str]) -> list[str]:
    """The action a person meant by clicking a red field: a start field before the first
    round, a move of the figure after the race."""
    if len(parts) != 1 or not parts[0].startswith("field:"):
        return []
    field = int(parts[0].partition(":")[2])
    if view.get("phase") == "start":
        return [f"start {field}"]
    me = view.get("seat")
    here = view["seats"][me]["figure"] if me is not None else None
    if here is None:
        return []
    delta = field - int(here)
    if abs(delta) > A.MAX_MOVE:  # no move reaches it: `why_not` says so
        return []
    return [f"move {delta:+d}" if delta else "move 0"]


def why_not(view: dict[str, Any], parts: list[str], lang: str) -> str | None:
    """Why a red field further away than any move makes no move (`meant` finds none)."""
    mover = view.get("mover")
    if (len(parts) != 1 or not parts[0].startswith("field:") or not mover
            or mover["seat"] != view.get("seat")):
        return None
    return plural("why.too_far", int(mover["allowance"]), lang, delta="",
                  target=int(parts[0].partition(":")[2]), place=mover["place"],
                  field=mover["field"])


def guide(lang: str) -> dict[str, Any]:
    """How to play (the gem rule) and how the winner is found, and the notice that the
    puzzle cards are Herna's own."""
    return {"play": t("guide.play", lang).split("\n"),
            "scoring": t("guide.scoring", lang).split("\n"),
            "table": None, "notice": t("guide.notice", lang)}
# ---- what followed a move: the log's event lines (herna.server.words.step_events) ----------
def events(before: dict[str, Any], after: dict[str, Any], seat: int,
           text: str) -> list[dict[str, Any]]:
    """What followed the action, from the spectator's views: when the last seat has
    submitted, the race as the engine's clock resolved it (who finished, in which place; who
    solved too late; the hourglass turned again; the cards discarded), then each finisher's
    gems (the forced ones too), the next round's die and hourglass, and the end. Sealed
    submissions are in no spectator's view until then, so nothing here tells them early."""
    out: list[dict[str, Any]] = []
    logged = len(before["rounds_log"])
    record = None  # the round the action was played in, once its race is resolved
    if len(after["rounds_log"]) > logged:
        record = after["rounds_log"][logged]
    elif after["phase"] == "gems":
        record = after["last_round"]
    if record is not None and before["phase"] == "race":
        out += _race(record, after["timer"])
    if record is not None:
        done = sum(1 for e in before["events"] if e["event"] == "gems")
        for move in record["moves"][done:]:
            by = "seat" if move["seat"] != seat or not text.startswith("move") else "game"
            out.append({"event": "gems", "by": by, "seat": move["seat"], "to": move["to"],
                        "gems": move["gems"]})
    if after["round"] != before["round"] and after["phase"] == "race":
        out.append({"event": "round", "by": "game", "round": after["round"],
                    "symbol": after["symbol"], "timer": after["timer"]})
    if after["phase"] == "over" and before["phase"] != "over":
        out.append({"event": "end", "by": "game"})
    return out


def _race(record: dict[str, Any], timer: int) -> list[dict[str, Any]]:
    """A resolved race in events: the finishers in order, then who solved too late."""
    finishers = list(record["finishers"])
    turns = record["hourglass_turns"]
    out: list[dict[str, Any]] = []
    if turns == 2:
        out.append({"event": "hourglass", "by": "game", "timer": timer})
    for place, who in enumerate(finishers, 1):
        out.append({"event": "ubongo", "by": "game", "seat": who, "place": place,
                    "time": record["times"][who]})
    for who, time in enumerate(record["times"]):
        if time is not None and who not in finishers:
            out.append({"event": "late", "by": "game", "seat": who, "time": time,
                        "timer": timer, "turns": turns, "finishers": finishers})
    if record["discarded"]:
        out.append({"event": "discarded", "by": "game"})
    return out


def event_words(event: dict[str, Any], lang: str, names: list[str]) -> str:
    """One event in words, after the name of the seat it concerns (or "Game")."""
    kind = event["event"]
    join_names = CATALOG.join_names
    if kind == "ubongo":
        return t("log.ubongo", lang, place=ordinal(event["place"], lang),
                 time=number(event["time"], lang))
    if kind == "late":
        time = number(event["time"], lang)
        if event["finishers"]:  # someone made it within the hourglass: a later solve is out
            return t("log.late", lang, time=time, timer=event["timer"],
                     who=join_names((names[s] for s in event["finishers"]), lang))
        return t("log.late_twice", lang, time=time, double=2 * event["timer"])
    if kind == "hourglass":
        return t("log.hourglass", lang, timer=event["timer"])
    if kind == "gems":
        if not event["gems"]:
            return t("log.gems_none", lang, field=event["to"])
        return t("log.gems", lang, field=event["to"], gems=join_names(
            (t(f"log.gem.{c}", lang) for c in event["gems"]), lang))
    if kind == "round":
        return t("log.round", lang, round=event["round"],
                 symbol=symbol_name(event["symbol"], lang), hourglass=hourglass(event["timer"],
                                                                                lang))
    return t(f"log.{kind}", lang)  # discarded, end
