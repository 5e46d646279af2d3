"""Rating bots against each other: a fair round-robin, OpenSkill ratings, a head-to-head matrix.

The schedule is fair by construction. A *line-up* is a set of bots for one table: every
combination of `players` bots out of the rated ones (so each pair meets), or, with fewer bots
than seats, every multiset of them holding at least two different bots. A *round* plays every
line-up once in each rotation of its seats, all rotations on the same deal (like duplicate
bridge: the luck of the deal cancels out), and the order around the table is reshuffled per
round from the seed. So every bot takes every seat equally often, and results depend only on
the seed (the games run like the arena's: in-process, a process pool or Ray).

Ratings: OpenSkill's Plackett-Luce model (`openskill`, MIT, pure Python), made for multiplayer
rankings with ties; games update it in game order. mu is the skill estimate (starting at 25),
sigma its uncertainty; mu - 3 sigma the conservative "ordinal". A bot holding several seats of
one game counts once, ranked by its seats' mean rank.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from herna.core import Rng

from .arena import (
    GameJob,
    GameResult,
    ProgressFn,
    check_lineup,
    derive_seed,
    run_jobs,
    write_games_csv,
)
from .base import BotError
from .stats import Summary, WinShare, summarize, wilson_interval, win_share

__all__ = ["BotRating", "HeadToHead", "RatingResult", "lineups", "rate_bots", "schedule"]


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """The tables of one round, as indices into the bot list."""
    if bots >= players:
        return list(itertools.combinations(range(bots), players))
    return [c for c in itertools.combinations_with_replacement(range(bots), players)
            if len(set(c)) > 1]


def schedule(bot_specs: Sequence[str], players: int, games: int, seed: int
             ) -> list[tuple[tuple[str, ...], int]]:
    """(bots per seat, deal seed) for each game, in whole rounds: `games` rounded up to a
    multiple of the round size (line-ups x players)."""
    tables = lineups(len(bot_specs), players)
    size = len(tables) * players
    rounds = max(1, math.ceil(games / size))
    out: list[tuple[tuple[str, ...], int]] = []
    for r in range(rounds):
        for t, table in enumerate(tables):
            order = list(table)
            Rng(derive_seed(seed, "rate-order", r, t)).shuffle(order)
            deal = derive_seed(seed, "rate-deal", r, t)
            for shift in range(players):
                out.append((tuple(bot_specs[order[(s + shift) % players]]
                                  for s in range(players)), deal))
    return out


@dataclass(frozen=True)
class BotRating:
    label: str
    mu: float
    sigma: float
    games: int
    wins: WinShare  # over the seats it took
    score: Summary

    @property
    def ordinal(self) -> float:
        """The conservative estimate (mu - 3 sigma) OpenSkill ranks leaderboards by."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {"bot": self.label, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal,
                "games": self.games, "wins": self.wins.to_dict(), "score": self.score.to_dict()}


@dataclass(frozen=True)
class HeadToHead:
    """How often `bot` finished ahead of `other` when both played (ties count half), counted
    over every pair of their seats in a game; in a two-player game this is the win share."""

    bot: str
    other: str
    meetings: int
    ahead: float

    @property
    def share(self) -> float:
        return self.ahead / self.meetings if self.meetings else math.nan

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.ahead, self.meetings)

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval()
        return {"bot": self.bot, "other": self.other, "meetings": self.meetings,
                "ahead": self.ahead, "share": _json_float(self.share),
                "ci_low": _json_float(lo), "ci_high": _json_float(hi)}


@dataclass(frozen=True)
class RatingResult:
    game_id: str
    players: int
    bot_specs: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    results: tuple[GameResult, ...]
    ratings: tuple[BotRating, ...]  # best first (by mu)
    head_to_head: tuple[HeadToHead, ...]

    @property
    def games(self) -> int:
        return len(self.results)

    def matrix(self) -> dict[tuple[str, str], HeadToHead]:
        return {(h.bot, h.other): h for h in self.head_to_head}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "players": self.players, "bots": list(self.bot_specs),
            "games": self.games, "seed": self.seed, "options": self.options,
            "model": "openskill.PlackettLuce",
            "ratings": [r.to_dict() for r in self.ratings],
            "head_to_head": [h.to_dict() for h in self.head_to_head],
            "results": [g.to_dict() for g in self.results],
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def write_csv(self, path: str | Path) -> None:
        """Every game, one row per game and seat: the arena's tidy CSV (CSV_COLUMNS)."""
        write_games_csv(path, self.results)


def _json_float(v: float) -> float | None:
    """NaN (no meetings) is not JSON: null."""
    return None if math.isnan(v) else v


def _dense(values: Sequence[float]) -> list[int]:
    """Ranks 1, 2, ... with ties equal (OpenSkill wants whole-number ranks)."""
    order = {v: i + 1 for i, v in enumerate(sorted(set(values)))}
    return [order[v] for v in values]


def _ratings(bots: Sequence[str], results: Sequence[GameResult]) -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    current = {b: model.rating(name=b) for b in bots}
    for g in results:
        present = list(dict.fromkeys(g.bots))
        mean_rank = [sum(r for r, b in zip(g.ranks, g.bots, strict=True) if b == bot)
                     / g.bots.count(bot) for bot in present]
        teams = [[current[b]] for b in present]
        updated = model.rate(teams, ranks=[float(r) for r in _dense(mean_rank)])
        for b, team in zip(present, updated, strict=True):
            current[b] = team[0]
    return {b: (float(r.mu), float(r.sigma)) for b, r in current.items()}


def _head_to_head(bots: Sequence[str], results: Sequence[GameResult]) -> list[HeadToHead]:
    meetings = {(a, b): 0 for a in bots for b in bots if a != b}
    ahead = {(a, b): 0.0 for a in bots for b in bots if a != b}
    for g in results:
        for i, j in itertools.permutations(range(g.players), 2):
            a, b = g.bots[i], g.bots[j]
            if a == b:
                continue
            meetings[a, b] += 1
            ahead[a, b] += 1.0 if g.ranks[i] < g.ranks[j] else 0.5 if g.ranks[i] == g.ranks[j] \
                else 0.0
    return [HeadToHead(a, b, meetings[a, b], ahead[a, b]) for a, b in meetings]


def rate_bots(game_id: str, players: int, bot_specs: Sequence[str], games: int,
              seed: int = 0, workers: int = 1, options: dict[str, Any] | None = None,
              progress: ProgressFn | None = None, ray: str | None = None) -> RatingResult:
    """Play a fair round-robin of at least `games` games (whole rounds, see `schedule`)
    between two or more different bots and rate them."""
    if players < 2:
        raise BotError("rating bots needs a game of at least 2 players")
    if games < 1:
        raise BotError("a rating needs at least one game")
    opts = dict(options or {})
    specs = check_lineup(game_id, players, bot_specs, opts)
    if len(set(specs)) < 2:
        raise BotError("rating needs at least two different bots")
    if len(set(specs)) != len(specs):
        twice = next(s for s in specs if specs.count(s) > 1)
        raise BotError(f"bot {twice!r} is listed twice; rate each bot once")
    plan = schedule(specs, players, games, seed)
    jobs = [GameJob(game_id, players, bots, deal, opts, i)
            for i, (bots, deal) in enumerate(plan)]
    results = tuple(run_jobs(jobs, workers, progress, ray))
    skill = _ratings(specs, results)
    rated = []
    for b in specs:
        seats = [(g, s) for g in results for s in range(players) if g.bots[s] == b]
        rated.append(BotRating(
            b, *skill[b], games=len({g.index for g, _ in seats}),
            wins=win_share([g.win_shares[s] for g, s in seats]),
            score=summarize([g.scores[s] for g, s in seats])))
    rated.sort(key=lambda r: -r.mu)
    return RatingResult(game_id, players, specs, seed, opts, results, tuple(rated),
                        tuple(_head_to_head(specs, results)))
