"""Alhambra Roll & Write in the browser: which drawn parts a person clicks to make each legal
action, an applied action in words for the move log, and the caption of a button that makes
it (the contract: `herna.testing.web`).

The parts are drawn by `render.svg` on the viewer's own sheet:

    build 3,5            cell:3,5               the cell where blue 3 meets yellow 5
    second 2,4           cell:2,4               (only one second building is ever offered)
    adjust blue 3 +2     blue:3 step:+2         a die, then a button of the change palette
    keep 3,5             blue:3 yellow:5        the two dice kept
    coins, end           (plain buttons)

A build and a second building never share a phase, nor do a keep and an adjust, so the same
names serve both; every name is what the notation writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herna.core import Action
from herna.games.alhambra.scoring import place_points

from .data import (
    BUILDING_TYPES,
    CELL_TYPE,
    COINS_PER_VP,
    COST_PIP,
    COST_SECOND,
    VIRTUAL_NAMES,
    VP,
    cell,
)
from .i18n import join_names, lang_of, plural, t, type_name


def action_parts(text: str) -> list[str]:
    """The parts of one action, from its canonical text."""
    verb, *args = text.split()
    if verb in ("build", "second"):
        return [f"cell:{args[0]}"]
    if verb == "keep":
        b, y = args[0].split(",")
        return [f"blue:{b}", f"yellow:{y}"]
    if verb == "adjust":
        colour, value, step = args
        return [f"{colour}:{value}", f"step:{step}"]
    return []  # coins, end


def parts(view: dict[str, Any], legal: Sequence[Action]) -> list[list[str]]:
    """For each legal action, the parts to click (a multiset; [] for a plain button)."""
    return [action_parts(str(action)) for action in legal]


def _coins(n: int, lang: str) -> str:
    return plural("web.coins", n, lang)


def scores(view: dict[str, Any]) -> list[int]:
    """Each seat's points if the game ended now, from the sheet as the view shows it: the
    awards taken, the remaining places of each type (players already paid left out), lines
    and coins (`rules.final_scores` without the virtual players). A replay shows these at
    every step; a test checks they agree with the engine's own count (`bots.scores_now`)."""
    seats = view["seats"]
    sheet = view["sheet"]
    out = [sum(sheet[i]["awarded"].values()) + int(s["line_points"])
           + int(s["coins"]["balance"]) // COINS_PER_VP for i, s in enumerate(seats)]
    for ty, kind in enumerate(BUILDING_TYPES):
        counts = [0 if kind in e["awarded"] else int(e["counts"][kind]) for e in sheet]
        pts = place_points(counts, list(VP[ty][int(view["places"][kind]["used"]):]))
        for i in range(len(seats)):
            out[i] += pts[i]
    return out


def describe(seat: int, text: str, lang: str | None = None) -> str:
    """An applied action in words, without the seat (the server names who played it):
    "built the tower at blue 3, yellow 5", "turned a blue die from 3 to 5 (2 coins)"."""
    return _words("web", text, lang)


def label(seat: int, text: str, lang: str | None = None) -> str:
    """The caption of a button that makes the move, an instruction rather than the log's past
    tense (English imperative, Czech and Slovak infinitive): "Take coins", "Blue 3 → 5 (2
    coins)", a die change kept as short as the palette it sits in."""
    return _words("label", text, lang)


def _words(kind: str, text: str, lang: str | None) -> str:
    """The log's words (`web.*`) or a button's (`label.*`) for one action's text."""
    lang = lang_of(lang)
    verb, *args = text.split()
    if verb in ("build", "second"):
        b, y = (int(v) for v in args[0].split(","))
        building = type_name(BUILDING_TYPES[CELL_TYPE[cell(b, y)]], lang)
        return t(f"{kind}.{verb}", lang, type=building, b=b, y=y,
                 cost=_coins(COST_SECOND, lang))
    if verb == "keep":
        blue, yellow = args[0].split(",")
        return t(f"{kind}.keep", lang, b=blue, y=yellow)
    if verb == "adjust":
        colour, value, step = args[0], int(args[1]), int(args[2])
        return t(f"{kind}.adjust", lang, die=t(f"{kind}.die.{colour}", lang), value=value,
                 target=value + step, cost=_coins(abs(step) * COST_PIP, lang))
    if verb in ("coins", "end"):
        return t(f"{kind}.{verb}", lang)
    return text


# ----- what to do now, and why not ----------------------------------------------------------
def prompt(view: dict[str, Any], legal: Sequence[Action], lang: str | None = None
           ) -> dict[str, Any]:
    """What the seat to act does now, in the rulebook's words, and what a first chosen die
    leads to (`after`, by the part's kind)."""
    lang = lang_of(lang)
    phase = view["phase"]
    seat = view["seats"][view["seat"]]
    if phase == "second":
        b, y = view["turn"]["second"]
        building = type_name(BUILDING_TYPES[CELL_TYPE[cell(b, y)]], lang)
        return {"text": t("prompt.second", lang, type=building, b=b, y=y,
                          cost=_coins(COST_SECOND, lang)), "after": {}}
    if phase == "keep":
        return {"text": t("prompt.keep", lang),
                "after": {"blue": t("prompt.after_blue", lang),
                          "yellow": t("prompt.after_yellow", lang)}}
    adjusting = any(str(a).startswith("adjust ") for a in legal)
    text = t("prompt.turn", lang, coins=_coins(int(seat["coins"]["balance"]), lang))
    after = {}
    if adjusting:
        after = {"blue": t("prompt.after_die", lang), "yellow": t("prompt.after_die", lang)}
    return {"text": text, "after": after}


def meant(view: dict[str, Any], parts: Sequence[str]) -> list[str]:
    """The action a person meant by clicking `parts` (chosen ones first), in the notation:
    a cell builds (or is the second building), two dice are kept, a die and a step adjust."""
    by_kind: dict[str, list[str]] = {}
    for part in parts:
        kind, _, name = part.partition(":")
        by_kind.setdefault(kind, []).append(name)
    phase = view["phase"]
    dice = view["seats"][view["seat"]]["dice"]
    if set(by_kind) == {"cell"}:
        return [f"{'second' if phase == 'second' else 'build'} {by_kind['cell'][0]}"]
    die = [(c, by_kind[c][0]) for c in ("blue", "yellow") if c in by_kind]
    if "step" in by_kind:
        return [f"adjust {die[0][0]} {die[0][1]} {by_kind['step'][0]}"] if die else []
    if not die or "cell" in by_kind:
        return []
    if phase == "keep":
        chosen = dict(die)
        blue = chosen.get("blue") or (dice["blue"] and str(dice["blue"][0]))
        yellow = chosen.get("yellow") or (dice["yellow"] and str(dice["yellow"][0]))
        return [f"keep {blue},{yellow}"] if blue and yellow else []
    colour, value = die[0]
    return [f"adjust {colour} {value} {'-1' if value == '6' else '+1'}"]


def guide(lang: str | None = None) -> dict[str, Any]:
    """How to play and how scoring works, with each type's values from the game data, and the
    notice about the sheet Herna reconstructed (it used to be a footnote on every drawing)."""
    lang = lang_of(lang)
    return {
        "play": t("guide.play", lang).split("\n"),
        "scoring": t("guide.scoring", lang).split("\n"),
        "table": {"caption": t("guide.table.caption", lang),
                  "head": [t("guide.table.type", lang), t("guide.table.first", lang),
                           t("guide.table.second", lang), t("guide.table.third", lang)],
                  "rows": [[type_name(kind, lang), *(str(p) for p in VP[k])]
                           for k, kind in enumerate(BUILDING_TYPES)]},
        "notice": t("reconstruction", lang),
    }
# ---- what followed a move: the log's event lines (herna.server.words.step_events) ----------
def events(before: dict[str, Any], after: dict[str, Any], seat: int,
           text: str) -> list[dict[str, Any]]:
    """What followed the action, from the spectator's views (the game hides nothing but
    future rolls): the virtual players' rolls and the box each crosses at the round's end,
    then the completions the round's end pays (places and points, virtual players too)."""
    n = after["players"]
    out: list[dict[str, Any]] = []
    seen = {(e["round"], e["player"]) for e in before["virtual_log"]}
    for e in after["virtual_log"]:
        if (e["round"], e["player"]) not in seen:
            out.append({"event": "fill", "by": "virtual", "virtual": e["player"] - n,
                        "rolls": e["rolls"], "type": e["type"]})
    for award in after["awards"][len(before["awards"]):]:
        shared = len(award["players"]) > 1
        for player in award["players"]:
            line: dict[str, Any] = {"event": "complete", "type": award["type"],
                                    "places": award["places"], "share": award["share"],
                                    "shared": shared}
            if player >= n:
                line |= {"by": "virtual", "virtual": player - n}
            else:
                line |= {"by": "game", "seat": player}
            out.append(line)
    return out


def event_who(event: dict[str, Any], lang: str) -> str | None:
    """A virtual player by its name ("Virtual Ana"); seats as the server names them."""
    if event.get("by") != "virtual":
        return None
    return t("virtual_name", lang, name=VIRTUAL_NAMES[event["virtual"]])


def event_words(event: dict[str, Any], lang: str, names: list[str]) -> str:
    """One event in words, after the name of the player it concerns."""
    lang = lang_of(lang)
    building = type_name(event["type"], lang)
    if event["event"] == "fill":
        *rerolled, (b, y) = event["rolls"]
        if rerolled:
            return t("log.fill_rerolled", lang, type=building, b=b, y=y,
                     rerolled=", ".join(f"{rb},{ry}" for rb, ry in rerolled))
        return t("log.fill", lang, type=building, b=b, y=y)
    places = event["places"]
    if event["shared"]:
        return t("log.complete_shared", lang, type=building, share=event["share"],
                 places=join_names((str(p) for p in places), lang))
    return t("log.complete", lang, type=building, share=event["share"], place=places[0])


def undo_mark(state: Any) -> tuple[int, int]:
    """What a roll changes beyond the rng (herna.server.undo): twelve dice come from one draw
    of the rng and wait in the state's pool (`rules.roll`), so most rolls leave the rng as
    it was and only take dice from the pool."""
    return int(state.dice_left), int(state.dice_pool)
