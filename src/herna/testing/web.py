"""The browser's side of the contract, checked for every game with a `web` module.

A game's `herna.games.<id>.web` module tells the server how a seat's legal actions are put
together on the page (DESIGN.md: the browser holds no rules, it composes a move from parts
of the drawing the server sends):

- `parts(view, legal) -> list[list[str]]`: for each legal action, the names of the drawn
  parts a person clicks to make it (a multiset; `[]` for an action that is only a button,
  such as Alhambra's `end`). Each name appears in the seat's SVG as `data-part="NAME"`, once
  for every time it may be chosen (two g4 cards in a hand: two elements named `hand:g4`).
- `describe(seat, text, lang) -> str`: an applied action in words, for the move log.
- optionally `label(seat, text, lang) -> str`: the caption of a button that makes the action
  (an instruction, "Take coins"; without it the page shows the log's words).
- optionally `extra(view) -> dict`: geometry the client needs beyond the drawing (Ubongo's
  pieces and card outline).
- optionally `events(before, after, seat, text) -> list[dict]`: what followed an applied
  action (a refill, a capture, a forced move, a virtual player's roll), told from the
  spectator's views before and after it, so only public facts; each event has `event` (its
  kind), `by` (`game`, `seat`: a forced move of that seat, or `virtual`) and `seat` when it
  concerns one. `event_words(event, lang, names) -> str` says it after the name of whom it
  concerns (`names`: the seats' labels); `event_who(event, lang)` may name who is no seat
  (Dirk, a virtual player). The server logs them as lines of their own (docs/API.md).

`check_events(...)` plays a seeded random game and asserts the events keep that contract.

- optionally `scenes(before, after, seat, text, lang, names) -> list[dict]`: a step shown
  step by step on the page (Alhambra's scoring rounds), from the same spectator's views:
  each scene `{"title", "svg", "words"}`, the SVG standalone, at most 360 units wide with no
  text under 12 units (12 px on a phone), `words` one line for a screen reader. `[]` for a
  step with nothing to show; as many scenes in every language. The server sends them when
  asked (`GET /api/tables/{id}/scenes/{seq}`, docs/API.md). `check_scenes(...)` checks them.

`check_web(state, seat)` asserts what the client relies on, for the position at hand.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import herna
from herna.ai.registry import game_module
from herna.core import State

_PART = re.compile(r'data-part="([^"]*)"')


class WebContractError(AssertionError):
    pass


def positions(game: str, players: int, seed: int, options: dict[str, Any] | None = None,
              every: int = 3) -> list[State]:
    """Copies of the positions of one seeded random game, every `every`-th decision and the
    end: the places `check_web` is asked about."""
    state = herna.make(game, players=players, seed=seed, **(options or {}))
    rng = random.Random(seed)
    seen: list[State] = []
    k = 0
    while not state.is_over():
        if k % every == 0:
            seen.append(state.copy())
        k += 1
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seen.append(state)
    return seen


def svg_parts(svg: str) -> Counter[str]:
    """How many elements of the drawing carry each part name."""
    return Counter(_PART.findall(svg))


def check_web(state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """Check one position: every part of every legal action is drawn often enough, and
    two different actions never need the same clicks (unless both are plain buttons)."""
    game = state.spec.id
    web = game_module(game, "web")
    render = game_module(game, "render")
    if web is None or render is None:
        raise WebContractError(f"{game} has no web or render module")
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else []
    svg = render.svg(view, lang=lang)
    drawn = svg_parts(svg)
    parts = web.parts(view, legal)
    if len(parts) != len(legal):
        raise WebContractError(f"{game}: {len(parts)} part lists for {len(legal)} actions")
    seen: dict[tuple[str, ...], str] = {}
    label = getattr(web, "label", None)
    for action, names in zip(legal, parts, strict=True):
        need = Counter(names)
        for name, count in need.items():
            if drawn[name] < count:
                raise WebContractError(
                    f"{game}: {action} needs {count}x data-part={name!r}, drawn {drawn[name]}x")
        if names:
            key = tuple(sorted(names))
            if key in seen:
                raise WebContractError(f"{game}: {action} and {seen[key]} need the same parts "
                                       f"{list(key)}")
            seen[key] = str(action)
        words = web.describe(seat if seat is not None else 0, str(action), lang)
        if not isinstance(words, str) or not words:
            raise WebContractError(f"{game}: no words for {action}")
        if label is not None:
            caption = label(seat if seat is not None else 0, str(action), lang)
            if not isinstance(caption, str) or not caption:
                raise WebContractError(f"{game}: no caption for {action}")
    return {"svg": svg, "parts": parts}


LANGS = ("en", "cs", "sk")


def check_events(game: str, players: int, seed: int, options: dict[str, Any] | None = None
                 ) -> Counter[str]:
    """Play one seeded random game; after every action, the game's events from the
    spectator's views (as JSON, what the server holds) must be plain data of a known shape,
    name a seat that exists, be said in every language with no field left unfilled, and be
    none at all while the action is a choice still sealed at a simultaneous node (nothing
    public has happened, and the choice itself must not show). Returns the kinds seen."""
    import json

    web = game_module(game, "web")
    fn = getattr(web, "events", None)
    if web is None or not callable(fn):
        raise WebContractError(f"{game} tells no events")
    state = herna.make(game, players=players, seed=seed, **(options or {}))
    rng = random.Random(seed)
    names = [f"Seat{i}" for i in range(players)]
    seen: Counter[str] = Counter()
    before = json.loads(json.dumps(state.view(None)))
    while not state.is_over():
        seat = rng.choice(state.to_act())
        waiting = state.to_act()
        action = rng.choice(state.legal_actions(seat))
        state = state.copy()
        state.apply(seat, action)
        after = json.loads(json.dumps(state.view(None)))
        told = fn(before, after, seat, str(action))
        if json.loads(json.dumps(told)) != told:
            raise WebContractError(f"{game}: events are not plain JSON: {told!r}")
        rest = tuple(s for s in waiting if s != seat)
        if rest and tuple(state.to_act()) == rest and told:
            raise WebContractError(f"{game}: a sealed choice ({action}) told {told!r}")
        for e in told:
            if not isinstance(e.get("event"), str) or e.get("by") not in ("game", "seat",
                                                                         "virtual"):
                raise WebContractError(f"{game}: an event without its kind or author: {e!r}")
            if "seat" in e and not (isinstance(e["seat"], int) and 0 <= e["seat"] < players):
                raise WebContractError(f"{game}: an event about no seat: {e!r}")
            for lang in LANGS:
                words = web.event_words(e, lang, names)
                if not isinstance(words, str) or not words or "{" in words:
                    raise WebContractError(f"{game}: no {lang} words for {e!r}: {words!r}")
            seen[e["event"]] += 1
        before = after
    return seen


SCENE_WIDTH = 360
SCENE_TEXT = 12.0


def check_scenes(game: str, players: int, seed: int, options: dict[str, Any] | None = None
                 ) -> list[tuple[int, dict[str, list[dict[str, str]]]]]:
    """Play one seeded random game; after every action, the game's scenes from the
    spectator's views must keep the contract above in every language (and be none for a
    choice still sealed). Returns, per step that has scenes, its index and its scenes by
    language."""
    import json
    from xml.etree import ElementTree as ET

    web = game_module(game, "web")
    fn = getattr(web, "scenes", None)
    if web is None or not callable(fn):
        raise WebContractError(f"{game} shows no scenes")
    state = herna.make(game, players=players, seed=seed, **(options or {}))
    rng = random.Random(seed)
    names = [f"Seat{i}" for i in range(players)]
    found: list[tuple[int, dict[str, list[dict[str, str]]]]] = []
    before = json.loads(json.dumps(state.view(None)))
    step = 0
    while not state.is_over():
        seat = rng.choice(state.to_act())
        waiting = state.to_act()
        action = rng.choice(state.legal_actions(seat))
        state = state.copy()
        state.apply(seat, action)
        after = json.loads(json.dumps(state.view(None)))
        told = {lang: fn(before, after, seat, str(action), lang, names) for lang in LANGS}
        if len({len(scenes) for scenes in told.values()}) != 1:
            raise WebContractError(f"{game}: not as many scenes in every language after "
                                   f"{action}: { {k: len(v) for k, v in told.items()} }")
        rest = tuple(s for s in waiting if s != seat)
        if rest and tuple(state.to_act()) == rest and told["en"]:
            raise WebContractError(f"{game}: a sealed choice ({action}) shows scenes")
        for lang, scenes in told.items():
            for scene in scenes:
                _check_scene(game, lang, scene, ET)
        if told["en"]:
            found.append((step, told))
        before = after
        step += 1
    return found


def _check_scene(game: str, lang: str, scene: Any, et: Any) -> None:
    if not isinstance(scene, dict) or set(scene) != {"title", "svg", "words"} or not all(
            isinstance(v, str) and v for v in scene.values()):
        raise WebContractError(f"{game}: a scene is not {{title, svg, words}} of text: {scene!r}")
    for key in ("title", "words"):
        if "{" in scene[key]:
            raise WebContractError(f"{game}: a field left unfilled in {lang}: {scene[key]!r}")
    try:
        root = et.fromstring(scene["svg"])
    except et.ParseError as e:
        raise WebContractError(f"{game}: a scene's SVG does not parse: {e}") from None
    box = (root.get("viewBox") or "").split()
    if root.tag != "{http://www.w3.org/2000/svg}svg" or len(box) != 4 \
            or float(box[2]) > SCENE_WIDTH:
        raise WebContractError(f"{game}: a scene is not a standalone SVG at most "
                               f"{SCENE_WIDTH} units wide: {root.tag} {box}")
    for text in root.iter("{http://www.w3.org/2000/svg}text"):
        if float(text.get("font-size", "16")) < SCENE_TEXT:
            raise WebContractError(f"{game}: text under {SCENE_TEXT} units in a scene: "
                                   f"{text.text!r}")
