"""Replays: a finished table, or a game record uploaded from a file, stepped through as any
seat or as a spectator (`GET /api/replays/{id}?step=N&seat=S`, the page `/r/{id}`).

A replay is what a table is, params + seed + actions, played once when first asked for. It
keeps a copy of the state every `CHECKPOINT` moves, so a step costs one copy and fewer than
`CHECKPOINT` moves, wherever it is (rebuilding from the start for every step would make
stepping through a game quadratic; BENCHMARKS.md, "Replays"). Each step is drawn like the
table was: the same views, the game's own drawing (`words.drawn`), and the log up to that
step with the choices still sealed at that moment hidden from everyone but their author.

Only finished tables are replayed: the game is over, so every seat's view may be shown to
anyone (as `GET /api/tables/{id}/record` publishes the whole record). An uploaded record was
in its uploader's hands whole, so it is replayed whether it ended or not.
"""

from __future__ import annotations

import functools
import secrets
import threading
from collections import OrderedDict
from typing import Any

import orjson

import herna
from herna.ai.registry import game_module
from herna.core import BadOption, HernaError, IllegalAction, Outcome, State
from herna.core.state import RECORD_FORMAT
from herna.i18n import speaking
from herna.web import catalog

from . import names, words
from .bodies import whole
from .store import SeatRow, Store, TableRow
from .tables import Refused, Step, Table, _check_options

CHECKPOINT = 16  # moves between two kept states
KEPT = 32  # replays kept in memory (each: its steps, its log's words, its checkpoints)
MAX_RECORD = 262_144  # bytes of an uploaded record: ~20x the longest game bots play
MAX_TEXT = 1_000  # characters of one action's text
RECORD_KEYS = ("format", "game", "players", "seed", "options", "actions", "outcome")


class Replay:
    """One game stepped through: its steps (with the events that followed each) and a state
    every CHECKPOINT moves. Kept states are never changed: a step starts from a copy."""

    def __init__(self, replay_id: str, kind: str, row: TableRow,
                 actions: list[tuple[int, str]]) -> None:
        self.id = replay_id
        self.kind = kind  # "table" (a finished table) or "record" (an upload)
        state = herna.make(row.game, players=row.players, seed=row.seed, **row.options)
        self.checkpoints: list[State] = [state.copy()]
        steps: list[Step] = []
        for i, (seat, text) in enumerate(actions):
            before = state.to_act()
            try:
                applied = state.apply(seat, text)
            except IllegalAction as e:
                raise Refused(422, f"step {i + 1} ({text!r} by seat {seat}) cannot be "
                                   f"replayed: {e}") from None
            steps.append(Step(seat, str(applied), before, state.to_act()))
            if (i + 1) % CHECKPOINT == 0:
                self.checkpoints.append(state.copy())
        # a Table of its own: the log's words (words.log_lines) are made from it as for a
        # table in play, once per language, and shared by every step
        self.table = Table(row=row, state=state, steps=steps)
        words.fill_events(self.table, 0)
        self.lock = threading.Lock()  # a step's log words are made under it (threads)

    @property
    def steps(self) -> int:
        return len(self.table.steps)

    @property
    def over(self) -> bool:
        return self.table.state.is_over()

    def state_at(self, n: int) -> State:
        """The state after the first `n` moves (a kept one when `n` falls on a checkpoint:
        only read from, never changed)."""
        k, rest = divmod(n, CHECKPOINT)
        state = self.checkpoints[k]
        if rest:
            state = state.copy()
            for step in self.table.steps[k * CHECKPOINT:n]:
                state.apply(step.seat, step.text)
        return state

    def take_seats(self, seats: list[SeatRow]) -> None:
        """The table's seats as they are now (a seat may be renamed after the game)."""
        shown = [SeatRow(s.seat, s.kind, s.level, None, s.name) for s in seats]  # no keys
        with self.lock:
            if shown != self.table.row.seats:
                self.table.row.seats = shown
                self.table.log_words.clear()  # the log's `who` names the seats

    def payload(self, n: int, seat: int | None, lang: str) -> dict[str, Any]:
        """Step `n` as `seat` (None: a spectator) sees it, in `lang`: payload-like (the
        table's fields that still mean something in a replay, docs/API.md "Replays")."""
        table = self.table
        game = table.game
        state = self.state_at(n)
        view = state.view(seat)
        outcome = state.outcome()
        with speaking(lang):
            with self.lock:
                seat_names = names.seat_names(table, lang)
                seats = words.seat_list(table, view, lang)
                log = words.log_lines(table, seat, lang, upto=n, tail=None, most=None)
            areas, svg = words.drawn(game, view, lang, seat_names)
            out: dict[str, Any] = {
                "replay": self.id,
                "table": self.id if self.kind == "table" else None,
                "game": game,
                "players": table.row.players,
                "options": table.row.options,
                "seed": table.row.seed,
                "lang": lang,
                "seat": seat,
                "step": n,
                "steps": self.steps,
                "finished": self.over,  # the whole game ends (a record may stop before)
                "view": view,
                "to_act": list(state.to_act()),
                "over": state.is_over(),
                "outcome": outcome.to_dict() if outcome is not None else None,
                "categories": words.categories(game, outcome, lang),
                "scores": scores_at(game, view, outcome),
                "seats": seats,
                "log": log,
                "svg": svg,
                "areas": areas,
            }
        return out

    def scenes(self, seq: int, lang: str) -> list[dict[str, Any]] | None:
        """The scenes of step `seq` (a scoring round shown step by step) in `lang`, or None:
        public facts, the same for every seat."""
        with self.lock:
            return words.step_scenes(self.table, seq, lang)

    def payload_text(self, n: int, seat: int | None, lang: str) -> str:
        data: bytes = orjson.dumps(self.payload(n, seat, lang))
        return data.decode()


def scores_at(game: str, view: dict[str, Any], outcome: Outcome | None) -> list[Any]:
    """Each seat's score at a step: the final scores once the game is over; before, the
    game's own count of what is scored so far (`web.scores(view)`), else the score its view
    shows each seat (a number, or an object with a `total`); None where it shows none."""
    if outcome is not None:
        return list(outcome.scores)
    fn = getattr(game_module(game, "web"), "scores", None)
    if callable(fn):
        return list(fn(view))
    out: list[Any] = []
    for s in view.get("seats") or []:
        value = s.get("score", s.get("total")) if isinstance(s, dict) else None
        if isinstance(value, dict):
            value = value.get("total")
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        out.append(value if ok else None)
    return out


def parse_step(value: str | None, steps: int, lang: str) -> int:
    """`?step=` of a replay: 0 (before the first move) to `steps` (after the last)."""
    if value is None or value == "":
        return 0
    n = whole(value)
    if n is None or not 0 <= n <= steps:
        raise Refused(422, catalog().t("replay.bad_step", lang, steps=steps,
                                       value=value[:20]))
    return n


def parse_seat(value: str | None, players: int, lang: str) -> int | None:
    """`?seat=` of a replay: a seat number, or `spectator` (also when absent)."""
    if value is None or value in ("", "spectator"):
        return None
    n = whole(value)
    if n is None or not 0 <= n < players:
        raise Refused(422, catalog().t("replay.bad_seat", lang, last=players - 1,
                                       value=value[:20]))
    return n


@functools.cache
def shipped(game: str, key: str) -> tuple[Any, ...]:
    """The values of a file option that name no file: its default, and the default as a
    game record pins it (Ubongo: `shipped@DIGEST` of the deck shipped with Herna)."""
    spec = herna.spec(game)
    pinned = herna.make(game, players=spec.min_players, seed=0).options.get(key)
    return (spec.options[key], pinned)


def check_record(body: Any) -> tuple[TableRow, list[tuple[int, str]]]:
    """An uploaded record checked field by field (what `herna play --save`, `herna
    simulate --records` and `GET /api/tables/{id}/record` write); Refused 422 with the
    reason otherwise. Its moves are checked by replaying them (`Replay`)."""
    if not isinstance(body, dict):
        raise Refused(422, "a game record is a JSON object")
    unknown = [k for k in body if k not in RECORD_KEYS]
    if unknown:
        raise Refused(422, f"a game record has no field {str(unknown[0])[:40]!r} "
                           f"(fields: {', '.join(RECORD_KEYS)})")
    fmt = body.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT or isinstance(fmt, bool):
        raise Refused(422, f"record format {str(fmt)[:20]!r} is not one this server reads "
                           f"({RECORD_FORMAT})")
    game = body.get("game")
    if not isinstance(game, str) or game not in herna.game_ids():
        raise Refused(422, f"unknown game {str(game)[:40]!r}; games are: "
                           f"{', '.join(herna.game_ids())}")
    spec = herna.spec(game)
    players = body.get("players")
    if not isinstance(players, int) or isinstance(players, bool) \
            or players not in spec.player_counts:
        raise Refused(422, f"{spec.name} is for {spec.min_players}-{spec.max_players} "
                           f"players, not {str(players)[:20]}")
    seed = body.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise Refused(422, f"seed must be a whole number from 0 to 2^63-1, not "
                           f"{str(seed)[:40]}")
    options = body.get("options")
    if isinstance(options, dict):
        # a record lists every option, a file option too (Ubongo's `deck`): naming what the
        # game ships (as the record pins it) it is left out; a server never reads a file a
        # record names
        for key in spec.file_options:
            if key in options and options[key] in shipped(game, key):
                options = {k: v for k, v in options.items() if k != key}
            elif key in options:
                raise Refused(422, f"option {key}: {str(options[key])[:60]!r} is not what this "
                                   f"server ships; a record played with a file of your own "
                                   f"opens only with herna replay --text")
    options = _check_options(game, {} if options is None else options)
    actions = body.get("actions")
    if not isinstance(actions, list):
        raise Refused(422, "actions must be a list of [seat, action text]")
    moves: list[tuple[int, str]] = []
    for i, move in enumerate(actions, 1):
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)
                and not isinstance(move[0], bool) and isinstance(move[1], str)):
            raise Refused(422, f"step {i} is not [seat, action text]")
        seat, text = move
        if not 0 <= seat < players:
            raise Refused(422, f"step {i}: there is no seat {seat} in a game of {players}")
        if len(text) > MAX_TEXT:
            raise Refused(422, f"step {i}: an action's text is at most {MAX_TEXT} characters")
        moves.append((seat, text))
    seats = [SeatRow(i, "human", None, None) for i in range(players)]
    row = TableRow(id="", game=game, players=players, seed=seed, options=options, lang="en",
                   seats=seats)
    return row, moves


def upload(store: Store, body: Any) -> Replay:
    """Check an uploaded record by replaying it, store it, and return its replay."""
    row, moves = check_record(body)
    try:
        replay = Replay("", "record", row, moves)
    except (BadOption, HernaError, ValueError) as e:
        raise Refused(422, str(e)) from None
    state = replay.table.state
    record = {"format": RECORD_FORMAT, "game": row.game, "players": row.players,
              "seed": row.seed, "options": row.options,
              "actions": [[s.seat, s.text] for s in replay.table.steps]}
    outcome = state.outcome()
    if outcome is not None:
        record["outcome"] = outcome.to_dict()
    replay.id = row.id = store.save_replay(lambda: secrets.token_urlsafe(8), record)
    return replay


class Replays:
    """The replays asked for lately, by id (finished tables and uploads alike)."""

    def __init__(self, store: Store, kept: int = KEPT) -> None:
        self.store = store
        self.kept = kept
        self.held: OrderedDict[str, Replay] = OrderedDict()
        self.guard = threading.Lock()

    def get(self, replay_id: str) -> Replay | None:
        with self.guard:
            replay = self.held.get(replay_id)
            if replay is not None:
                self.held.move_to_end(replay_id)
            return replay

    def keep(self, replay: Replay) -> Replay:
        with self.guard:
            self.held[replay.id] = replay
            self.held.move_to_end(replay.id)
            while len(self.held) > self.kept:
                self.held.popitem(last=False)
        return replay

    def of_table(self, table: Table) -> Replay:
        """A finished table's replay (its moves as the table holds them)."""
        replay = self.get(table.id)
        if replay is None or replay.kind != "table":
            # its own id for the scenes drawn (words keeps them by id and seq): a replay's
            # seq counts the standing steps, the table's the log's rows (undos too)
            row = TableRow(id=f"{table.id}/replay", game=table.game, players=table.row.players,
                           seed=table.row.seed, options=dict(table.row.options),
                           lang=table.row.lang, seats=[])
            replay = Replay(table.id, "table", row,
                            [(step.seat, step.text) for step in table.steps])
            self.keep(replay)
        replay.take_seats(table.row.seats)
        return replay

    def uploaded(self, replay_id: str) -> Replay | None:
        """An uploaded record's replay read from the store, or None if no upload has this
        id (a replay kept in memory is found with `get`)."""
        record = self.store.load_replay(replay_id)
        if record is None:
            return None
        row, moves = check_record(record)
        row.id = replay_id
        return self.keep(Replay(replay_id, "record", row, moves))
