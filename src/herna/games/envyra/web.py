"""Envyra in the browser: which drawn parts a person clicks to make each legal action, an
applied action in words for the move log, and the caption of a button that makes it
(herna.testing.web states the contract).

The parts, as render.py draws them on the playing grid (slot names as in the notation):

    mark b2       [tile:b2]              phase I: click the tile to mark
    mark a1 c3    [tile:a1, tile:c3]     phase I: click both tiles, any order
    move b2       [die:b2]               phase II: click the tile your die marks (b2) to move
                                         that die first

Phase I and phase II never share a legal list, but the names differ anyway, so a click means
the same thing wherever a log or a test meets it. The view is not needed: an action names
its slots.
"""

from __future__ import annotations

from typing import Any

from herna.core import Action, IllegalAction

from . import actions as A
from .data import DICE, SET_POINTS, SYMBOL_NAMES, THEMES, TILE_INDEX, TILES, slot_name
from .i18n import plural, t, tile_name


def _parts(action: Action) -> list[str]:
    if not isinstance(action, A.EnvyraAction):
        return []
    prefix = "tile" if action.kind == A.MARK else "die"
    return [f"{prefix}:{slot_name(s)}" for s in action.slots]


def parts(view: dict[str, Any], legal: list[Action]) -> list[list[str]]:
    """For each legal action, the part names clicked to make it (see the module docstring)."""
    return [_parts(a) for a in legal]


def describe(seat: int, text: str, lang: str) -> str:
    """`text` (an applied action) in words, without the seat's name. A mark is secret until
    everybody has marked: the server must not show it to the others before the reveal."""
    return _words("web", text, lang)


def label(seat: int, text: str, lang: str) -> str:
    """The caption of a button that makes the move ("Mark a1 and c3"): a mark that could
    still take a second tile is confirmed by one, so it must read as an instruction."""
    return _words("label", text, lang)


def _words(kind: str, text: str, lang: str) -> str:
    """The log's words (`web.*`) or a button's (`label.*`) for one action's text."""
    try:
        action = A.parse(text)
    except IllegalAction:
        return text
    names = [slot_name(s) for s in action.slots]
    if action.kind == A.MOVE:
        return t(f"{kind}.move", lang, slot=names[0])
    if len(names) == 1:
        return t(f"{kind}.mark1", lang, slot=names[0])
    return t(f"{kind}.mark2", lang, a=names[0], b=names[1])


# ----- what to do now, and why not ----------------------------------------------------------
def prompt(view: dict[str, Any], legal: list[Action], lang: str) -> dict[str, Any]:
    """What the seat to act does now, in the rulebook's words, and what a first chosen tile
    leads to (`after`, by the part's kind): after one tile a second is optional."""
    two = any(isinstance(a, A.EnvyraAction) and a.kind == A.MARK and len(a.slots) == 2
              for a in legal)
    if view["phase"] == "mark":
        key = "prompt.mark2" if two else "prompt.mark1"
        after = {"tile": t("prompt.after_tile", lang)} if two else {}
        return {"text": t(key, lang), "after": after}
    return {"text": t("prompt.move", lang), "after": {}}


def meant(view: dict[str, Any], parts: list[str]) -> list[str]:
    """The action a person meant by clicking `parts` (chosen ones first), in the notation:
    tiles make a mark, a die a move."""
    kinds = {p.partition(":")[0] for p in parts}
    slots = [p.partition(":")[2] for p in parts]
    if kinds == {"tile"} and len(slots) <= 2:
        return ["mark " + " ".join(slots)]
    if kinds == {"die"} and len(slots) == 1:
        return [f"move {slots[0]}"]
    return []


def guide(lang: str) -> dict[str, Any]:
    """How to play and how scoring works, with the set values from the game data (2/4/7),
    and the notice that the tiles are Herna's own reading."""
    return {
        "play": t("guide.play", lang).split("\n"),
        "scoring": t("guide.scoring", lang).split("\n"),
        "table": {"caption": t("guide.table.caption", lang),
                  "head": [t("guide.table.size", lang), t("guide.table.points", lang)],
                  "rows": [[str(size), str(points)] for size, points in enumerate(SET_POINTS)
                           if points]},
        "notice": t("recon", lang),
    }
# ---- what followed a move: the log's event lines (herna.server.words.step_events) ----------
# by whom: a forced move is the seat's die moved for it; the rest the rules do
_BY = {"moved": "seat"}
_SKIP = ("marked",)  # the marks are the seats' own lines, shown once everyone has marked


def events(before: dict[str, Any], after: dict[str, Any], seat: int,
           text: str) -> list[dict[str, Any]]:
    """The engine's public event record (`view["log"]`, this round and the last) after the
    action, less what was there before it: captures, dice sent back or removed with a taken
    tile, forced moves, refills, the end. The action's own die move is its own line."""
    old, new = before["log"], after["log"]
    # the record keeps two rounds: entries of older rounds left when a new round began
    dropped = sum(1 for e in old if e["round"] < after["round"] - 1)
    fresh = new[len(old) - dropped:]
    own = None
    if text.startswith("move "):
        own = (seat, text.split()[1])
    out: list[dict[str, Any]] = []
    for e in fresh:
        kind = e["event"]
        if kind in _SKIP:
            continue
        if own is not None and kind == "moved" and (e.get("seat"), e.get("slot")) == own:
            own = None  # the chosen die went where the action said
            continue
        out.append({k: v for k, v in e.items() if k != "round"} | {"by": _BY.get(kind, "game")})
    return out


def _tile(tile_id: str, lang: str) -> str:
    """A tile in the log: its id and its colour and symbol ("B20 (orange sun)")."""
    tile = TILES[TILE_INDEX[tile_id]]
    if tile.theme < 0:
        return t("end_tile", lang, id=tile_id)
    return t("log.tile", lang, id=tile_id,
             name=tile_name(THEMES[tile.theme], SYMBOL_NAMES[tile.symbol], lang))


def event_words(event: dict[str, Any], lang: str, names: list[str]) -> str:
    """One event in words, after the name of the seat it concerns (or "Game")."""
    kind = event["event"]
    fields: dict[str, Any] = {"slot": event.get("slot", "")}
    if "tile" in event:
        fields["tile"] = _tile(event["tile"], lang)
    if kind == "card":
        fields["card"] = event["card"]
    if kind == "over":
        fields["reason"] = t(f"reason.{event['reason']}", lang)
    if kind == "recall":
        return plural("log.recall", DICE, lang)
    return t(f"log.{kind}", lang, **fields)
