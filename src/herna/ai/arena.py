"""Tournaments: many seeded games between bots, in parallel, with honest statistics.

Reproducibility is the point: the seed of game i is derived from the tournament seed and i
alone, bots are seeded from their game's seed and seat, and results are gathered in game order,
so the same seed gives the same numbers with 1 worker or 16.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from herna.core import GameSpec, HernaError, UnknownGame, make, register, spec

from .base import BotError
from .registry import make_bot, parse_bot_spec
from .stats import Summary, WinShare, summarize, win_share

__all__ = [
    "GameResult", "GroupStats", "TournamentResult", "bot_label", "derive_seed", "game_seed",
    "play_game", "run_tournament", "seat_bots",
]

DEFAULT_MAX_DECISIONS = 100_000


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (tournament seed, game index, seat...); stable forever."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


@dataclass(frozen=True)
class GameResult:
    """One finished game: enough to tabulate it, and to replay it from its seed."""

    index: int
    seed: int
    bots: tuple[str, ...]  # bot spec per seat
    scores: tuple[float, ...]
    win_shares: tuple[float, ...]
    ranks: tuple[int, ...]
    decisions: int
    turns: int | None
    record: dict[str, Any] | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index, "seed": self.seed, "bots": list(self.bots),
            "scores": list(self.scores), "win_shares": list(self.win_shares),
            "ranks": list(self.ranks), "decisions": self.decisions, "turns": self.turns,
        }
        if self.record is not None:
            out["record"] = self.record
        return out


def _turns(state: Any) -> int | None:
    """Turns, if the game counts them (its view's "turn" or outcome detail "turns")."""
    out = state.outcome()
    if out is not None and isinstance(out.details.get("turns"), int):
        return int(out.details["turns"])
    turn = state.view(None).get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def play_game(game_id: str, players: int, bot_specs: Sequence[str], seed: int,
              options: dict[str, Any] | None = None, *, record: bool = False,
              index: int = 0, max_decisions: int = DEFAULT_MAX_DECISIONS) -> GameResult:
    """Play one game to the end between bots (one spec per seat)."""
    if len(bot_specs) != players:
        raise BotError(f"{players} players need {players} bots, got {len(bot_specs)}")
    state = make(game_id, players=players, seed=seed, **(options or {}))
    bots = [make_bot(s, game_id, derive_seed(seed, "bot", seat))
            for seat, s in enumerate(bot_specs)]
    while not state.is_over():
        if len(state.history) >= max_decisions:
            raise HernaError(f"{game_id} seed {seed}: no end after {max_decisions} decisions")
        acting = state.to_act()
        if not acting:
            raise HernaError(f"{game_id} seed {seed}: nobody to act but the game is not over")
        seat = acting[0]
        action = bots[seat].act(state, seat)
        try:
            state.apply(seat, action)
        except HernaError as e:
            raise BotError(f"bot {bot_specs[seat]!r} in seat {seat} chose {action}: {e}") from None
    outcome = state.outcome()
    assert outcome is not None  # is_over() promises an outcome
    return GameResult(
        index=index, seed=seed, bots=tuple(bot_specs), scores=tuple(outcome.scores),
        win_shares=outcome.win_shares(), ranks=outcome.ranks, decisions=len(state.history),
        turns=_turns(state), record=state.record() if record else None,
    )


def seat_bots(bot_specs: Sequence[str], game_index: int, rotate_seats: bool) -> tuple[str, ...]:
    """Who sits where in game i: fixed, or rotated one seat per game of each deal."""
    n = len(bot_specs)
    shift = game_index % n if rotate_seats else 0
    return tuple(bot_specs[(seat + shift) % n] for seat in range(n))


def game_seed(seed: int, game_index: int, players: int, rotate_seats: bool) -> int:
    """With rotation, the games of one deal share a seed, so every bot plays every seat of
    the same deal: luck of the deal cancels out (as in duplicate bridge)."""
    deal = game_index // players if rotate_seats else game_index
    return derive_seed(seed, "game", deal)


@dataclass(frozen=True)
class GroupStats:
    """One row of the results table: a seat, or a bot over all the seats it played."""

    label: str
    wins: WinShare
    score: Summary
    decisions: Summary
    turns: Summary | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label, "games": self.wins.games, "wins": self.wins.to_dict(),
            "score": self.score.to_dict(), "decisions": self.decisions.to_dict(),
            "turns": self.turns.to_dict() if self.turns else None,
        }


def _group(label: str, rows: Sequence[tuple[GameResult, int]]) -> GroupStats:
    turns = [g.turns for g, _ in rows if g.turns is not None]
    return GroupStats(
        label=label,
        wins=win_share([g.win_shares[s] for g, s in rows]),
        score=summarize([g.scores[s] for g, s in rows]),
        decisions=summarize([g.decisions for g, _ in rows]),
        turns=summarize(turns) if turns and len(turns) == len(rows) else None,
    )


@dataclass(frozen=True)
class TournamentResult:
    game_id: str
    players: int
    bot_specs: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    rotate_seats: bool
    results: tuple[GameResult, ...]

    @property
    def games(self) -> int:
        return len(self.results)

    def per_seat(self) -> list[GroupStats]:
        return [_group(f"seat {s}", [(g, s) for g in self.results]) for s in range(self.players)]

    def per_bot(self) -> list[GroupStats]:
        """Each distinct bot spec over every seat it took (in order of first appearance)."""
        labels = list(dict.fromkeys(self.bot_specs))
        return [_group(b, [(g, s) for g in self.results for s in range(self.players)
                           if g.bots[s] == b]) for b in labels]

    def lengths(self) -> tuple[Summary, Summary | None]:
        """Game length in decisions, and in turns when the game counts them."""
        turns = [g.turns for g in self.results if g.turns is not None]
        return (summarize([g.decisions for g in self.results]),
                summarize(turns) if len(turns) == len(self.results) else None)

    def to_dict(self) -> dict[str, Any]:
        decisions, turns = self.lengths()
        return {
            "game": self.game_id, "players": self.players, "bots": list(self.bot_specs),
            "games": self.games, "seed": self.seed, "options": self.options,
            "rotate_seats": self.rotate_seats,
            "decisions": decisions.to_dict(), "turns": turns.to_dict() if turns else None,
            "per_seat": [g.to_dict() for g in self.per_seat()],
            "per_bot": [g.to_dict() for g in self.per_bot()],
            "results": [g.to_dict() for g in self.results],
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


@dataclass(frozen=True)
class _Job:
    game_id: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    index: int
    record: bool


def _run_jobs(jobs: list[_Job]) -> list[GameResult]:
    return [play_game(j.game_id, j.players, j.bots, j.seed, j.options, record=j.record,
                      index=j.index) for j in jobs]


def _init_worker(game: GameSpec | None) -> None:
    """Workers start fresh (spawn): a game registered at run time (e.g. by a test or a
    plug-in) is registered again from the parent's spec; built-in games import themselves."""
    if game is not None:
        try:
            spec(game.id)
        except UnknownGame:
            register(game)


ProgressFn = Callable[[int, int], None]


def run_tournament(game_id: str, players: int, bot_specs: Sequence[str], games: int,
                   seed: int = 0, workers: int = 1, options: dict[str, Any] | None = None,
                   progress: ProgressFn | None = None, rotate_seats: bool = False,
                   keep_records: bool = False) -> TournamentResult:
    """Play `games` games; `workers` processes (1: in this process, 0: one per CPU).

    `progress(done, total)` is called as games finish. With `rotate_seats`, bots move one
    seat per game and each deal is replayed in every rotation (use a multiple of `players`).
    """
    if games < 1:
        raise BotError("a tournament needs at least one game")
    if len(bot_specs) != players:
        raise BotError(f"{players} players need {players} bots, got {len(bot_specs)}")
    game = spec(game_id)
    opts = dict(options or {})
    # fail fast, in this process, on a bad player count, option or bot spec
    make(game_id, players=players, seed=0, **opts)
    specs = tuple(bot_label(s) for s in bot_specs)
    for s in set(specs):
        make_bot(s, game_id, 0)
    jobs = [_Job(game_id, players, seat_bots(specs, i, rotate_seats),
                 game_seed(seed, i, players, rotate_seats), opts, i, keep_records)
            for i in range(games)]
    workers = (os.cpu_count() or 1) if workers <= 0 else workers
    workers = min(workers, games)
    results: list[GameResult] = []
    if workers == 1:
        for job in jobs:
            results.extend(_run_jobs([job]))
            if progress:
                progress(len(results), games)
    else:
        results = _run_parallel(jobs, workers, game, progress)
    results.sort(key=lambda g: g.index)
    return TournamentResult(game_id, players, specs, seed, opts, rotate_seats, tuple(results))


def _run_parallel(jobs: list[_Job], workers: int, game: GameSpec,
                  progress: ProgressFn | None) -> list[GameResult]:
    try:
        pickle.dumps(game)
    except (pickle.PicklingError, AttributeError, TypeError) as e:
        raise HernaError(f"game {game.id!r} cannot be sent to worker processes ({e}); "
                         "use 1 worker") from None
    # small chunks keep the progress bar moving and the load balanced
    size = max(1, min(25, len(jobs) // (workers * 8)))
    chunks = [jobs[i:i + size] for i in range(0, len(jobs), size)]
    results: list[GameResult] = []
    # spawn, not fork: forking a process that runs threads (a progress bar) can deadlock
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                             initargs=(game,)) as pool:
        pending: set[Future[list[GameResult]]] = {pool.submit(_run_jobs, c) for c in chunks}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results.extend(future.result())
                if progress:
                    progress(len(results), len(jobs))
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return results


def bot_label(spec_text: str) -> str:
    """A spec as shown in tables: canonical `name:k=v,...` (validates the syntax)."""
    name, opts = parse_bot_spec(spec_text)
    return name + (":" + ",".join(f"{k}={v}" for k, v in opts.items()) if opts else "")
