"""Tournaments: many seeded games between bots, in parallel, with honest statistics.

Reproducibility is the point: the seed of game i is derived from the tournament seed and i
alone, bots are seeded from their game's seed and seat, and results are gathered in game order,
so the same seed gives the same numbers with 1 worker or 16, or on a Ray cluster
(`herna.ai.ray_pool`, imported only when asked for).

Exports for a designer's own analysis: `TournamentResult.to_json()` (everything, nested) and
`write_csv` (tidy: one row per game and seat, what pandas and R group and pivot best).
"""

from __future__ import annotations

import csv
import hashlib
import json
import multiprocessing
import os
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from herna.core import GameSpec, HernaError, UnknownGame, make, register, spec

from .base import BotError
from .registry import make_bot, parse_bot_spec
from .stats import Summary, WinShare, summarize, win_share

__all__ = [
    "CSV_COLUMNS", "SUMMARY_COLUMNS", "GameJob", "GameResult", "GroupStats", "TournamentResult",
    "bot_label", "derive_seed", "game_rows", "game_seed", "play_game", "run_jobs",
    "run_tournament", "seat_bots", "start_seat", "write_games_csv",
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
    start: int = 0  # the start player's seat (who opens the game)
    record: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def players(self) -> int:
        return len(self.bots)

    def position(self, seat: int) -> int:
        """Where `seat` sits counted from the start player: 1 = the start player, 2 = next."""
        return (seat - self.start) % len(self.bots) + 1

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index, "seed": self.seed, "bots": list(self.bots),
            "scores": list(self.scores), "win_shares": list(self.win_shares),
            "ranks": list(self.ranks), "decisions": self.decisions, "turns": self.turns,
            "start": self.start,
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


def start_seat(state: Any) -> int:
    """The start player of a fresh game: the view's "start_player" when the game names one,
    else the one seat to act first (Alhambra's start player depends on the deal), else 0."""
    named = state.view(None).get("start_player")
    if isinstance(named, int) and not isinstance(named, bool) and 0 <= named < state.num_players:
        return named
    acting = state.to_act()
    return int(acting[0]) if len(acting) == 1 else 0


def play_game(game_id: str, players: int, bot_specs: Sequence[str], seed: int,
              options: dict[str, Any] | None = None, *, record: bool = False,
              index: int = 0, max_decisions: int = DEFAULT_MAX_DECISIONS) -> GameResult:
    """Play one game to the end between bots (one spec per seat)."""
    if len(bot_specs) != players:
        raise BotError(f"{players} players need {players} bots, got {len(bot_specs)}")
    state = make(game_id, players=players, seed=seed, **(options or {}))
    bots = [make_bot(s, game_id, derive_seed(seed, "bot", seat))
            for seat, s in enumerate(bot_specs)]
    start = start_seat(state)
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
        turns=_turns(state), start=start, record=state.record() if record else None,
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
    """One row of the results table: a seat, a position after the start player, or a bot over
    all the seats it played."""

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


# The tidy per-game CSV (`simulate --csv`, `rate --csv`): one row per game and seat, so
#   df = pandas.read_csv("games.csv"); df.groupby("bot")["win_share"].mean()   (win shares)
#   df.groupby("position")["win_share"].mean()                                (start edge)
#   df.pivot(index="game", columns="seat", values="score")                     (wide)
# and in R: read.csv(...) |> dplyr::group_by(bot) |> dplyr::summarise(mean(win_share)).
# game: index in the run (0-based); seed: the game's own seed (`herna play GAME --watch
# --seed SEED --bots B0,B1,..` replays it); players; seat (0-based); bot (spec); start_seat:
# who opened the game;
# position: seat counted from the start player (1 = start player); score; rank (1 = best,
# ties share a rank); win_share (1, 0, or 1/k in a k-way tie for first); winner (0/1);
# decisions: actions in the game; turns: the game's own turn count (empty if it has none).
CSV_COLUMNS = ("game", "seed", "players", "seat", "bot", "start_seat", "position", "score",
               "rank", "win_share", "winner", "decisions", "turns")
SUMMARY_COLUMNS = ("group", "label", "games", "wins", "win_share", "win_low", "win_high",
                   "score_mean", "score_low", "score_high", "score_stdev", "score_min",
                   "score_max", "decisions_mean", "turns_mean")


def _cell(v: float | int | None) -> float | int | str:
    """CSV cells: integers as integers, undefined statistics (NaN, None) empty."""
    if v is None or (isinstance(v, float) and v != v):
        return ""
    if isinstance(v, float) and v.is_integer() and abs(v) < 2**53:
        return int(v)
    return v


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

    def per_position(self) -> list[GroupStats]:
        """By position counted from the start player (1 = the start player): the start-seat
        advantage, whoever the deal makes start. With --rotate every bot takes every position
        of each deal equally, so bot strength does not leak into these numbers."""
        rows: list[list[tuple[GameResult, int]]] = [[] for _ in range(self.players)]
        for g in self.results:
            for s in range(self.players):
                rows[g.position(s) - 1].append((g, s))
        return [_group(f"position {p + 1}", r) for p, r in enumerate(rows)]

    def start_advantage(self) -> tuple[float, float, float]:
        """The start player's win share minus the fair share 1/players, with its 95% interval
        (the Wilson interval of the share, shifted): positive means starting helps."""
        first = self.per_position()[0].wins
        fair = 1.0 / self.players
        return (first.share - fair, first.ci_low - fair, first.ci_high - fair)

    def per_bot(self) -> list[GroupStats]:
        """Each distinct bot spec over every seat it took (in order of first appearance)."""
        labels = list(dict.fromkeys(self.bot_specs))
        return [_group(b, [(g, s) for g in self.results for s in range(self.players)
                           if g.bots[s] == b]) for b in labels]

    def scores_by_bot(self) -> dict[str, list[float]]:
        """Every final score each bot made (the distributions a plot draws)."""
        out: dict[str, list[float]] = {b: [] for b in dict.fromkeys(self.bot_specs)}
        for g in self.results:
            for bot, score in zip(g.bots, g.scores, strict=True):
                out[bot].append(score)
        return out

    def lengths(self) -> tuple[Summary, Summary | None]:
        """Game length in decisions, and in turns when the game counts them."""
        turns = [g.turns for g in self.results if g.turns is not None]
        return (summarize([g.decisions for g in self.results]),
                summarize(turns) if len(turns) == len(self.results) else None)

    def to_dict(self) -> dict[str, Any]:
        decisions, turns = self.lengths()
        advantage = self.start_advantage()
        return {
            "game": self.game_id, "players": self.players, "bots": list(self.bot_specs),
            "games": self.games, "seed": self.seed, "options": self.options,
            "rotate_seats": self.rotate_seats,
            "decisions": decisions.to_dict(), "turns": turns.to_dict() if turns else None,
            "per_seat": [g.to_dict() for g in self.per_seat()],
            "per_bot": [g.to_dict() for g in self.per_bot()],
            "per_position": [g.to_dict() for g in self.per_position()],
            "start_advantage": dict(zip(("share_minus_fair", "ci_low", "ci_high"),
                                        map(_json_float, advantage), strict=True)),
            "results": [g.to_dict() for g in self.results],
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def csv_rows(self) -> list[dict[str, Any]]:
        """The rows of `write_csv`, one per game and seat (see CSV_COLUMNS)."""
        return game_rows(self.results)

    def summary_rows(self) -> list[dict[str, Any]]:
        """One row per bot, per seat and per position (column `group` says which)."""
        rows = []
        for group, stats in (("bot", self.per_bot()), ("seat", self.per_seat()),
                             ("position", self.per_position())):
            for g in stats:
                rows.append({
                    "group": group, "label": g.label, "games": g.wins.games,
                    "wins": _cell(g.wins.wins), "win_share": _cell(g.wins.share),
                    "win_low": _cell(g.wins.ci_low), "win_high": _cell(g.wins.ci_high),
                    "score_mean": _cell(g.score.mean), "score_low": _cell(g.score.ci_low),
                    "score_high": _cell(g.score.ci_high), "score_stdev": _cell(g.score.stdev),
                    "score_min": _cell(g.score.min), "score_max": _cell(g.score.max),
                    "decisions_mean": _cell(g.decisions.mean),
                    "turns_mean": _cell(g.turns.mean if g.turns else None),
                })
        return rows

    def write_csv(self, path: str | Path) -> None:
        """Tidy per-game CSV: one row per game and seat (CSV_COLUMNS)."""
        write_games_csv(path, self.results)

    def write_summary_csv(self, path: str | Path) -> None:
        """The tables as CSV: per bot, per seat, per position (SUMMARY_COLUMNS)."""
        _write_csv(path, SUMMARY_COLUMNS, self.summary_rows())


def game_rows(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Games as tidy rows, one per game and seat (CSV_COLUMNS)."""
    rows = []
    for g in results:
        for s in range(g.players):
            rows.append({
                "game": g.index, "seed": g.seed, "players": g.players, "seat": s,
                "bot": g.bots[s], "start_seat": g.start, "position": g.position(s),
                "score": _cell(g.scores[s]), "rank": g.ranks[s],
                "win_share": _cell(g.win_shares[s]), "winner": int(g.ranks[s] == 1),
                "decisions": g.decisions, "turns": _cell(g.turns),
            })
    return rows


def write_games_csv(path: str | Path, results: Sequence[GameResult]) -> None:
    """The tidy per-game CSV of any list of games (a tournament's, a rating's)."""
    _write_csv(path, CSV_COLUMNS, game_rows(results))


def _json_float(v: float) -> float | None:
    return None if v != v else v


def _write_csv(path: str | Path, columns: Sequence[str], rows: list[dict[str, Any]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(columns))
        writer.writeheader()
        writer.writerows(rows)


@dataclass(frozen=True)
class GameJob:
    """One game to play: all a worker (a process or a Ray task) needs."""

    game_id: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    index: int
    record: bool = False


def play_jobs(jobs: Sequence[GameJob]) -> list[GameResult]:
    return [play_game(j.game_id, j.players, j.bots, j.seed, j.options, record=j.record,
                      index=j.index) for j in jobs]


def ensure_registered(game: GameSpec | None) -> None:
    """Workers start fresh (spawn, or a Ray worker): a game registered at run time (e.g. by a
    test or a plug-in) is registered again from the parent's spec; built-in games import
    themselves."""
    if game is not None:
        try:
            spec(game.id)
        except UnknownGame:
            register(game)


ProgressFn = Callable[[int, int], None]


def run_jobs(jobs: Sequence[GameJob], workers: int = 1, progress: ProgressFn | None = None,
             ray: str | None = None) -> list[GameResult]:
    """Play the jobs (all of one game) and return their results in job-index order, whatever
    ran them: this process (`workers` 1), a process pool (`workers` > 1, 0: one per CPU), or a
    Ray cluster (`ray`: "auto", "local" or an address; see `herna.ai.ray_pool`)."""
    if not jobs:
        return []
    game = spec(jobs[0].game_id)
    results: list[GameResult] = []
    if ray is not None:
        # Ray is an optional extra: imported only when asked for
        from .ray_pool import run_jobs as run_on_ray

        results = run_on_ray(list(jobs), ray, game, progress)
    else:
        workers = (os.cpu_count() or 1) if workers <= 0 else workers
        workers = min(workers, len(jobs))
        if workers == 1:
            for job in jobs:
                results.extend(play_jobs([job]))
                if progress:
                    progress(len(results), len(jobs))
        else:
            results = _run_parallel(list(jobs), workers, game, progress)
    results.sort(key=lambda g: g.index)
    return results


def check_lineup(game_id: str, players: int, bot_specs: Sequence[str],
                 options: dict[str, Any]) -> tuple[str, ...]:
    """Fail fast, in this process, on a bad player count, option or bot spec; returns the
    canonical specs."""
    spec(game_id)
    make(game_id, players=players, seed=0, **options)
    specs = tuple(bot_label(s) for s in bot_specs)
    for s in dict.fromkeys(specs):
        make_bot(s, game_id, 0)
    return specs


def run_tournament(game_id: str, players: int, bot_specs: Sequence[str], games: int,
                   seed: int = 0, workers: int = 1, options: dict[str, Any] | None = None,
                   progress: ProgressFn | None = None, rotate_seats: bool = False,
                   keep_records: bool = False, ray: str | None = None) -> TournamentResult:
    """Play `games` games; `workers` processes (1: in this process, 0: one per CPU), or on a
    Ray cluster when `ray` is given ("auto", "local" or an address): same results either way.

    `progress(done, total)` is called as games finish. With `rotate_seats`, bots move one
    seat per game and each deal is replayed in every rotation (use a multiple of `players`).
    """
    if games < 1:
        raise BotError("a tournament needs at least one game")
    if len(bot_specs) != players:
        raise BotError(f"{players} players need {players} bots, got {len(bot_specs)}")
    opts = dict(options or {})
    specs = check_lineup(game_id, players, bot_specs, opts)
    jobs = [GameJob(game_id, players, seat_bots(specs, i, rotate_seats),
                    game_seed(seed, i, players, rotate_seats), opts, i, keep_records)
            for i in range(games)]
    results = run_jobs(jobs, workers, progress, ray)
    return TournamentResult(game_id, players, specs, seed, opts, rotate_seats, tuple(results))


def _run_parallel(jobs: list[GameJob], workers: int, game: GameSpec,
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
    with ProcessPoolExecutor(workers, mp_context=context, initializer=ensure_registered,
                             initargs=(game,)) as pool:
        pending: set[Future[list[GameResult]]] = {pool.submit(play_jobs, c) for c in chunks}
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
