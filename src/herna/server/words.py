"""What one seat (or a spectator) is sent about a table: the payload of docs/API.md.

Everything here starts from `state.view(seat)`, the engine's filter of what a seat may know;
the drawing is the game's `render.svg` of that view, and the move log hides the choices still
sealed at an open simultaneous node (Envyra's marks, the Ubongo race) from everyone but
their author.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import herna
from herna.ai.registry import game_module
from herna.core import Action, Outcome, State
from herna.core.memo import forgettable
from herna.drawing import recent
from herna.web import catalog

from . import hints, names, undo

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("herna.server")

SCENES_KEPT = 64  # steps' scenes kept drawn (tens of KB each): the ones asked for last
_drawn: OrderedDict[tuple[str, int, str, tuple[str, ...]], list[dict[str, Any]]] = OrderedDict()
_drawn_lock = threading.Lock()
LOG_TAIL = 80  # steps: each is its action's line and the lines of the events after it
LOG_LINES = 200  # at most, however many events the last steps had


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


def said_move(game: str, seat: int, lang: str) -> Callable[[str], str]:
    """How a reason shown to a person names a move (`herna.i18n.in_words`): as its button
    says it, in quotes, never in the notation the page does not use."""
    return lambda text: catalog().t("why.move", lang, move=caption(game, seat, text, lang))


@functools.lru_cache(maxsize=4096)
def category(game: str, key: str, lang: str) -> str:
    """A score category of the outcome's breakdown in words (the engine's key, e.g. `stars`,
    `count1`, said by the game's catalog: `category_name` in its i18n)."""
    fn = getattr(game_module(game, "i18n"), "category_name", None)
    return str(fn(key, lang)) if callable(fn) else key


def step_prompt(game: str, view: dict[str, Any], actions: list[Action],
                lang: str) -> dict[str, Any] | None:
    """What to do now in the game's own words (the game's `web.prompt`): `{"text", "after"}`,
    `after` saying what a first chosen part leads to (by its name, or its kind before the
    colon). None when the game has no words for it: the page then says what it always says."""
    fn = getattr(game_module(game, "web"), "prompt", None)
    if not callable(fn):
        return None
    try:
        made = fn(view, actions, lang)
    except Exception:  # words are a courtesy: the lit parts still say what may be chosen
        log.exception("%s: no prompt", game)
        return None
    if isinstance(made, str):
        return {"text": made, "after": {}}
    return {"text": str(made["text"]), "after": dict(made.get("after") or {})}


def seat_colours(render: Any, view: dict[str, Any], players: int) -> list[str | None]:
    """Each seat's colour as the game's drawing gives it (`render.seat_colours(view)`), so
    the page shows a seat in the colour it is drawn in; None for a game without them."""
    fn = getattr(render, "seat_colours", None)
    found = [str(c) for c in fn(view)] if callable(fn) else []
    return [found[i] if i < len(found) else None for i in range(players)]


def seat_label(table: Table, seat: int, lang: str) -> str:
    return names.seat_names(table, lang)[seat]


def area_key(svg: str) -> str:
    """An area's drawing in 16 hex digits: a push leaves out the drawings a page already has
    (`slim_areas`) and the page fills them in by key. Python's own string hash (64 bits,
    kept by the string once made): a digest of every drawing of every push cost a fifth of
    the drawing. Keys are compared only within one process's pushes to one socket and by
    that socket's page, so a hash seeded per process is enough."""
    return f"{hash(svg) & 0xFFFF_FFFF_FFFF_FFFF:016x}"


def slim_areas(areas: list[dict[str, Any]], held: frozenset[str]) -> list[dict[str, Any]]:
    """The areas with the drawing left out of each one whose key is in `held` (what the
    socket's last payload carried): the page takes that drawing from it. Most moves change one
    or two areas of six, and the drawings were most of every push."""
    return [{k: v for k, v in a.items() if k != "svg"} if a["key"] in held else a
            for a in areas]


def drawn(game: str, view: dict[str, Any], lang: str,
          seat_names: list[str]) -> tuple[list[dict[str, Any]] | None, str | None]:
    """The game's drawing of a view: `(areas, None)` for a game that draws its table as
    areas (placed by the page, one column on a phone), else `(None, svg)`, the whole drawing.
    The seats' names go to the drawing beside the view: the engine never holds them."""
    render = game_module(game, "render")
    areas_fn = getattr(render, "areas", None)
    areas = [{**a, "key": area_key(a["svg"])}
             for a in areas_fn(view, lang=lang, names=seat_names)] \
        if callable(areas_fn) else None
    svg = render.svg(view, lang=lang, names=seat_names) \
        if render is not None and areas is None else None
    return areas, svg


def categories(game: str, outcome: Outcome | None, lang: str) -> dict[str, str]:
    """The breakdown's categories in words: the page shows these, never the engine's keys."""
    if outcome is None:
        return {}
    return {k: category(game, k, lang) for lines in outcome.breakdown for k in lines}


def seat_list(table: Table, view: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The payload's `seats`: each seat's kind, level, name, label in `lang` and colour as
    the drawing of `view` gives it."""
    colours = seat_colours(game_module(table.game, "render"), view, table.row.players)
    said = names.seat_names(table, lang)
    return [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
             "label": said[s.seat], "colour": colours[s.seat]}
            for s in table.row.seats]


def payload(table: Table, seat: int | None, lang: str) -> dict[str, Any]:
    state = table.state
    game = table.game
    # the spectator's view of this very state was made for the log's events: not again
    view = (_kept_public(table, state) if seat is None else None) or state.view(seat)
    to_act = list(state.to_act())
    web = game_module(game, "web")
    legal: list[dict[str, Any]] = []
    prompt = None
    # a seat a bot plays for its person now (clocks): nothing to choose until taken back
    stood_in = seat is not None and table.row.seats[seat].stand_in
    if seat is not None and seat in to_act and not stood_in:
        actions = shown_legal(game, state.legal_actions(seat))
        prompt = step_prompt(game, view, actions, lang)
        parts_fn = getattr(web, "parts", None)
        parts = parts_fn(view, actions) if callable(parts_fn) else [[] for _ in actions]
        legal = [{"text": str(a), "code": a.code, "parts": p,
                  "label": caption(game, seat, str(a), lang)}
                 for a, p in zip(actions, parts, strict=True)]
    outcome = state.outcome()
    areas, svg = drawn(game, view, lang, names.seat_names(table, lang))
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
        "prompt": prompt,
        # this seat may take back its last step now / ask the hard bot for a hint now
        "undo": undo.allowed(table, seat) and not stood_in,
        "hint": hints.allowed(table, seat) and not stood_in,
        "to_act": to_act,
        "over": over,
        "outcome": outcome.to_dict() if outcome is not None else None,
        "categories": categories(game, outcome, lang),
        # and whether a bot plays the person's seat now (clocks; a replay's seats have none)
        "seats": [{**entry, "stand_in": table.row.seats[entry["seat"]].stand_in}
                  for entry in seat_list(table, view, lang)],
        "log": log_lines(table, seat, lang),
        "svg": svg,
        "areas": areas,
        "extra": extra_fn(view) if callable(extra_fn) else None,
    }
    if over:
        out["seed"] = table.row.seed  # the deal is no secret once the game is over
    if table.row.rated:  # a rated game; once over, what it changed of each rating
        out["rated"] = True
        if over and table.ratings:
            out["ratings"] = table.ratings
    if table.row.next_id is not None:
        out["next"] = {"id": table.row.next_id}  # a seat's way in: POST .../again
    return out


class Shows(NamedTuple):
    """A step that has scenes (the game's `web.scenes`: a scoring round shown step by step):
    the spectator's views around it, from which its scenes are drawn when asked, and how
    many there are (the same in every language)."""

    before: dict[str, Any]
    after: dict[str, Any]
    total: int  # how many scenes


def _kept_public(table: Table, state: State) -> dict[str, Any] | None:
    """The spectator's view of `state` kept by `step_events`, if it is that very state's."""
    kept = table.public
    return kept[1] if kept is not None and kept[0] is state else None


def step_events(table: Table, after: State, seat: int, text: str
                ) -> tuple[tuple[dict[str, Any], ...], Shows | None]:
    """What followed one applied action, as the game's `web.events` tells it from the
    spectator's views before and after it: public facts only, whoever reads the log (a
    capture, a refill, a virtual player's fill, a solve that came too late); and whether the
    game has scenes for it (`web.scenes`). The view after is kept for the next move's
    "before" (a table's state is replaced, never changed)."""
    web = game_module(table.game, "web")
    if not callable(getattr(web, "events", None)) and not callable(getattr(web, "scenes", None)):
        return (), None
    before = _kept_public(table, table.state) or table.state.view(None)
    view = after.view(None)
    table.public = (after, view)
    return _derive(table, table.version, before, view, seat, text)


def _derive(table: Table, seq: int, before: dict[str, Any], after: dict[str, Any], seat: int,
            text: str) -> tuple[tuple[dict[str, Any], ...], Shows | None]:
    """A step's events and its scenes, from the spectator's views around it."""
    web = game_module(table.game, "web")
    fn = getattr(web, "events", None)
    events = _events(fn, before, after, seat, text) if callable(fn) else ()
    show = getattr(web, "scenes", None)
    if not callable(show):
        return events, None
    lang = table.row.lang
    seat_names = names.seat_names(table, lang)
    try:
        made = _scene_list(show(before, after, seat, text, lang, seat_names))
    except Exception:  # scenes are a courtesy: never a move refused for them
        log.exception("scenes after %r could not be drawn", text)
        return events, None
    if not made:
        return events, None
    _keep((table.id, seq, lang, tuple(seat_names)), made)  # the table's language: asked next
    return events, Shows(before, after, len(made))


def _keep(key: tuple[str, int, str, tuple[str, ...]], made: list[dict[str, Any]]) -> None:
    with _drawn_lock:
        _drawn[key] = made
        _drawn.move_to_end(key)
        while len(_drawn) > SCENES_KEPT:
            _drawn.popitem(last=False)


def _scene_list(made: Any) -> list[dict[str, Any]]:
    """A game's scenes as the API sends them: each its title, standalone SVG and words."""
    return [{"title": str(scene["title"]), "svg": str(scene["svg"]),
             "words": str(scene["words"])} for scene in made]


def _events(fn: Any, before: dict[str, Any], after: dict[str, Any], seat: int,
            text: str) -> tuple[dict[str, Any], ...]:
    try:
        return tuple(fn(before, after, seat, text))
    except Exception:  # the log's extra lines are a courtesy: never a move refused for them
        log.exception("events after %r could not be told", text)
        return ()


def fill_events(table: Table, start: int) -> None:
    """Derive the events (and scenes) of the steps from `start` on that have none yet (a
    table rebuilt from its log after a restart): the game is replayed, as the log is the
    only truth."""
    steps = table.steps
    if all(step.events is not None for step in steps[start:]):
        return
    web = game_module(table.game, "web")
    if not callable(getattr(web, "events", None)) and not callable(getattr(web, "scenes", None)):
        for step in steps[start:]:
            step.events = ()
        return
    row = table.row
    state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
    view: dict[str, Any] | None = None
    for i, step in enumerate(steps):
        need = i >= start and step.events is None
        if need and view is None:
            view = state.view(None)
        if need:
            assert view is not None
            state = state.copy()  # the view before must not change with the state it shows
            state.apply(step.seat, step.text)
            after = state.view(None)
            step.events, step.shows = _derive(table, i if step.seq is None else step.seq,
                                              view, after, step.seat, step.text)
            view = after
        else:
            state.apply(step.seat, step.text)
            view = None


def step_scenes(table: Table, seq: int, lang: str) -> list[dict[str, Any]] | None:
    """The scenes of step `seq` in `lang` (`GET /api/tables/{id}/scenes/{seq}`), or None
    when it has none to show: no such step, a choice still sealed, or no scenes. Public
    facts only, drawn from the spectator's views: the same for every seat and spectator."""
    steps = table.steps
    # `seq` is the step's row in the log (rows of undone steps and undos lie between)
    at = next((i for i, step in enumerate(steps)
               if (i if step.seq is None else step.seq) == seq), None)
    if at is None or at >= len(steps) - table.sealed():
        return None
    step = steps[at]
    if step.events is None:
        fill_events(table, at)
    shows = step.shows
    if shows is None:
        return None
    seat_names = names.seat_names(table, lang)
    key = (table.id, seq, lang, tuple(seat_names))
    with _drawn_lock:
        made = _drawn.get(key)
    if made is None:
        show = getattr(game_module(table.game, "web"), "scenes", None)
        try:
            made = _scene_list(show(shows.before, shows.after, step.seat, step.text, lang,
                                    seat_names)) if callable(show) else []
        except Exception:
            log.exception("the scenes of step %d could not be drawn", seq)
            return None
        _keep(key, made)
    return made or None


def _event_line(table: Table, i: int, event: dict[str, Any], lang: str,
                seat_names: list[str]) -> dict[str, Any]:
    """One event in words: who it concerns (a seat, a virtual player, else the game) and
    what happened, in the seat's language."""
    web = game_module(table.game, "web")
    by = event.get("by", "game")
    about = event.get("seat")
    who = None
    who_fn = getattr(web, "event_who", None)
    if callable(who_fn):
        who = who_fn(event, lang)
    if who is None:
        who = seat_names[about] if isinstance(about, int) and 0 <= about < len(seat_names) \
            else catalog().t("log.game", lang)
    words_fn = getattr(web, "event_words", None)
    try:
        said = str(words_fn(event, lang, seat_names)) if callable(words_fn) \
            else str(event.get("event", ""))
    except Exception:  # words are a courtesy: the kind of event still says what happened
        log.exception("no words for the event %r", event)
        said = str(event.get("event", ""))
    line: dict[str, Any] = {"seq": i, "auto": True, "by": by, "event": event.get("event"),
                            "who": str(who), "words": said}
    if isinstance(about, int):
        line["seat"] = about
    return line


def log_lines(table: Table, seat: int | None, lang: str, upto: int | None = None,
              tail: int | None = LOG_TAIL, most: int | None = LOG_LINES
              ) -> list[dict[str, Any]]:
    """The last moves in words, each followed by what the game did after it (its events);
    a choice still sealed shows only that its seat has chosen, and a step its seat took back
    shows as undone (its line alone: what it set going was taken back with it). `upto`: the
    log as it was after that many steps (a replay's step); `tail` and `most` (None: all)
    bound it."""
    steps = table.steps if upto is None else table.steps[:upto]
    # the table's own count when it is the table as it is now (one place says what is sealed)
    n_sealed = table.sealed() if upto is None else sealed_run(steps)
    sealed = {id(step) for step in steps[len(steps) - n_sealed:]} if n_sealed else set()
    start = 0 if tail is None else max(0, len(steps) - tail)
    shown = [(i if step.seq is None else step.seq, step)
             for i, step in enumerate(steps[start:], start)]
    if table.undone:  # the steps taken back, in their places among the rows
        shown = sorted(shown + [(step.seq or 0, step) for step in table.undone[-LOG_TAIL:]],
                       key=lambda pair: pair[0])[-LOG_TAIL:]
    # a step's lines never change once made: kept per language and row, shared by every
    # payload (the entries are only ever serialised, never changed)
    made = table.log_words.setdefault(lang, {})
    missing = [(seq, step) for seq, step in shown if seq not in made]
    if missing:
        fill_events(table, start)
        seat_names = names.seat_names(table, lang)
        for seq, step in missing:
            line: dict[str, Any] = {"seq": seq, "seat": step.seat, "who": seat_names[step.seat],
                                    "text": step.text,
                                    "words": describe(table.game, step.seat, step.text, lang)}
            if step.stand_in:  # a bot played the person's seat (clocks): said beside it
                line["stand_in"] = catalog().t("log.stand_in", lang, who=seat_names[step.seat])
            if step.undone:
                line["undone"] = True
                made[seq] = [line]
                continue
            if step.shows is not None:  # scenes to show: GET .../scenes/{seq}
                line["scenes"] = step.shows.total
            made[seq] = [line] + [_event_line(table, seq, e, lang, seat_names)
                                  for e in step.events or ()]
        oldest = shown[0][0]
        for old in [k for k in made if k < oldest]:  # rows older than the tail: never again
            del made[old]
    out: list[dict[str, Any]] = []
    for seq, step in shown:
        if id(step) in sealed and step.seat != seat:
            out.append({"seq": seq, "seat": step.seat, "who": seat_label(table, step.seat, lang),
                        "sealed": True, "words": catalog().t("log.sealed", lang)})
        else:
            out += made[seq]
    return out if most is None else out[-most:]


def sealed_run(steps: list[Any]) -> int:
    """How many of the last `steps` are choices still sealed at an open simultaneous node."""
    n = 0
    for step in reversed(steps):
        if not step.keeps_node_open:
            break
        n += 1
    return n


def _forget_scenes() -> None:
    with _drawn_lock:
        _drawn.clear()


forgettable(category.cache_clear, _forget_scenes)
