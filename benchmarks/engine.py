"""The measurements every Herna game gets, parameterised by game id and options.

Used by `benchmarks/run.py` (all games) and by the per-game scripts (`<pkg>_bench.py`), which
add only what is particular to their game. Everything runs in one process, and every rate is
per core: times are this process's CPU seconds (`time.process_time`), so other jobs on a shared
machine do not dilute them. Seeds are fixed: two runs play the same games, only timings move.

- uniform random play: at each decision the acting seat (a uniform one of them at a
  simultaneous node) draws uniformly from `legal_actions` with `herna.Rng`, then `apply`
  (checked, as a server does) or `apply_unchecked` (as a search does); decisions/s and
  complete games/s. Each timing is preceded by up to 20 untimed games on other deals
  (imports, tables built on first use) and uses fresh deals, so it measures a warm engine's
  rules rather than caches of positions already seen;
- `state.copy()` on states sampled across whole random games;
- a bot against others (greedy vs random by default), the hero's seat rotated through every
  seat of each deal (luck of the deal cancels out), ties shared, 95% Wilson interval;
- a cProfile of uniform random play.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from procs import cpu_model

import herna
from herna.ai.arena import derive_seed, game_seed, seat_bots
from herna.ai.base import Bot
from herna.ai.registry import make_bot
from herna.ai.stats import WinShare, win_share
from herna.core import Rng, State

GOAL_DECISIONS = 50_000  # decisions/s per core in uniform random play, every game
GOAL_GREEDY = 0.90  # greedy's win share against random bots
WARMUP_GAMES = 20  # untimed random games before each timing of random play
CPU_NOTE = ("times are CPU seconds of this process (time.process_time): per-core figures "
            "that other jobs on a shared machine do not dilute")

BotFactory = Callable[[int], Bot]  # seed -> bot


@dataclass(frozen=True)
class Row:
    measure: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class Plan:
    """What the generic measurements cover for one game."""

    random_players: tuple[int, ...]  # player counts timed with checked `apply`
    unchecked_players: int  # the player count also timed with `apply_unchecked`
    copy_players: tuple[int, ...]
    strength_players: tuple[int, ...]  # greedy vs random matches (empty: none)
    random_games: int = 200  # uniform random games per timing (full run)
    random_games_quick: int = 20
    copies: int = 50_000
    copies_quick: int = 5_000
    options: Mapping[str, Any] = field(default_factory=dict)
    goal_games: tuple[int, float] | None = None  # (players, complete random games/s)
    warmup: Callable[[], None] | None = None  # untimed, before the first timing


@dataclass(frozen=True)
class Settings:
    quick: bool = False
    games: int = 200  # games per strength match
    random_games: int | None = None  # overrides the plan's count
    seed: int = 2024


def default_plan(game_id: str) -> Plan:
    """A plan from the game's spec: random play at 4 players (or the most it has), copies at
    the fewest and at that count, greedy vs random at 2 and 4 players where the game has them
    and a greedy bot."""
    from herna.ai.registry import has_bot

    counts = [n for n in herna.spec(game_id).player_counts if n >= 2] or [1]
    main = 4 if 4 in counts else max(counts)
    strength = tuple(n for n in (2, 4) if n in counts) if has_bot("greedy", game_id) else ()
    return Plan(random_players=(main,), unchecked_players=main,
                copy_players=tuple(dict.fromkeys((min(counts), main))),
                strength_players=strength)


# ---- uniform random play ---------------------------------------------------------------------
def random_games(game_id: str, players: int, games: int, seed: int, *, checked: bool = True,
                 options: Mapping[str, Any] | None = None) -> tuple[int, float]:
    """Play uniform random games; returns (decisions, CPU seconds)."""
    opts = dict(options or {})
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = herna.make(game_id, players=players, seed=seed + g, **opts)
        rng = Rng(seed * 1_000_003 + g)
        while not state.is_over():
            acting = state.to_act()
            seat = acting[0] if len(acting) == 1 else acting[rng.below(len(acting))]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            if checked:
                state.apply(seat, action)
            else:
                state.apply_unchecked(seat, action)
            decisions += 1
    return decisions, time.process_time() - start


def random_rows(game_id: str, players: int, games: int, seed: int, *, checked: bool = True,
                options: Mapping[str, Any] | None = None, label: str = "",
                goal_games: float | None = None) -> list[Row]:
    """Rows for one timing of uniform random play, after untimed warm-up games on other
    deals (the first games of a process pay for imports and tables built on first use)."""
    random_games(game_id, players, min(games, WARMUP_GAMES), seed + 777_777, checked=checked,
                 options=options)
    dec, sec = random_games(game_id, players, games, seed, checked=checked, options=options)
    sec = max(sec, 1e-9)
    how = "apply" if checked else "apply_unchecked"
    tag = f"{players}p random play{label}"
    rows = [Row(f"{tag}: decisions/s ({how})", f"{dec / sec:,.0f}",
                f"{goal(dec / sec, GOAL_DECISIONS, f'{GOAL_DECISIONS:,}')}; "
                f"{dec / games:.0f} decisions/game, {games} games")]
    note = goal(games / sec, goal_games, f"{goal_games:,.0f}") if goal_games else ""
    rows.append(Row(f"{tag}: complete games/s ({how})", f"{games / sec:,.1f}", note))
    return rows


def goal(value: float, target: float | None, text: str) -> str:
    if target is None:
        return ""
    return f"goal {text} ({'met' if value >= target else 'not met'})"


# ---- copies ----------------------------------------------------------------------------------
def sample_states(game_id: str, players: int, count: int, seed: int,
                  options: Mapping[str, Any] | None = None) -> list[State]:
    """States from random games, spread over whole games (early, middle and late)."""
    states: list[State] = []
    rng = Rng(seed)
    g = 0
    while len(states) < count:
        state = herna.make(game_id, players=players, seed=seed + g, **dict(options or {}))
        g += 1
        while not state.is_over() and len(states) < count:
            acting = state.to_act()
            seat = acting[rng.below(len(acting))]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.below(len(legal))])
            if rng.below(8) == 0:
                states.append(state.copy())
    return states


def copies_per_second(game_id: str, players: int, copies: int, seed: int,
                      options: Mapping[str, Any] | None = None) -> float:
    states = sample_states(game_id, players, 64, seed, options)
    start = time.process_time()
    for i in range(copies):
        states[i % len(states)].copy()
    return copies / max(time.process_time() - start, 1e-9)


# ---- strength --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    players: int
    wins: WinShare  # the hero's win share
    ahead: float  # how often the hero ranks above one other seat (pairs of seats, ties half)
    hero_ms: float  # mean CPU ms per hero decision with more than one choice
    seconds: float  # CPU seconds for the whole match


def named(game_id: str, spec: str) -> BotFactory:
    """A factory for a registered bot spec ("greedy", "random", "greedy:skill=hard")."""
    return lambda seed: make_bot(spec, game_id, seed)


def match(game_id: str, players: int, games: int, seed: int, *, hero: str | BotFactory = "greedy",
          other: str | BotFactory = "random", options: Mapping[str, Any] | None = None) -> Match:
    """One hero bot against `players - 1` others, the hero's seat rotated through every seat
    of each deal; ties count as shared wins. At a simultaneous node the first seat listed
    acts (as herna.ai.arena does)."""
    make_hero = named(game_id, hero) if isinstance(hero, str) else hero
    make_other = named(game_id, other) if isinstance(other, str) else other
    opts = dict(options or {})
    specs = ["hero"] + ["other"] * (players - 1)
    shares: list[float] = []
    ahead = 0.0
    think = 0.0
    thought = 0
    start = time.process_time()
    for i in range(games):
        seated = seat_bots(specs, i, rotate_seats=True)
        gseed = game_seed(seed, i, players, rotate_seats=True)
        state = herna.make(game_id, players=players, seed=gseed, **opts)
        bots = [(make_hero if b == "hero" else make_other)(derive_seed(gseed, "bot", s))
                for s, b in enumerate(seated)]
        me = seated.index("hero")
        while not state.is_over():
            seat = state.to_act()[0]
            if seat == me and len(state.legal_actions(seat)) > 1:
                t0 = time.process_time()
                action = bots[seat].act(state, seat)
                think += time.process_time() - t0
                thought += 1
            else:
                action = bots[seat].act(state, seat)
            state.apply(seat, action)
        outcome = state.outcome()
        assert outcome is not None
        shares.append(outcome.win_shares()[me])
        for s in range(players):
            if s != me:
                a, b = outcome.ranks[me], outcome.ranks[s]
                ahead += 1.0 if a < b else 0.5 if a == b else 0.0
    return Match(players, win_share(shares), ahead / max(1, games * (players - 1)),
                 1000 * think / max(1, thought), time.process_time() - start)


def share_text(w: WinShare) -> str:
    return f"{100 * w.share:.1f}%"


def ci_text(w: WinShare) -> str:
    return f"95% CI {100 * w.ci_low:.1f}-{100 * w.ci_high:.1f}%, {w.games} games"


def match_rows(m: Match, who: str, *, hero: str = "greedy", target: float | None = GOAL_GREEDY,
               speed: bool = True) -> list[Row]:
    """Rows for a match: the hero's win share (with its goal) and its time per decision."""
    p = m.players
    pairs = f"; ahead of each other seat {100 * m.ahead:.1f}%" if p > 2 else ""
    note = goal(m.wins.share, target, f">={100 * target:.0f}%") if target is not None else ""
    rows = [Row(f"{p}p {who}: {hero} win share", share_text(m.wins),
                "; ".join(x for x in (note, ci_text(m.wins) + ", seats rotated, ties shared")
                          if x) + pairs)]
    if speed:
        rows.append(Row(f"{p}p {hero}: ms per decision", f"{m.hero_ms:.2f}",
                        f"decisions with a real choice; match {m.seconds:.1f} s"))
    return rows


# ---- profile ---------------------------------------------------------------------------------
def profile_random_play(game_id: str, players: int, games: int, seed: int,
                        options: Mapping[str, Any] | None = None, top: int = 18) -> str:
    """cProfile of uniform random play, by cumulative and by own time. The profiler adds a
    fixed cost to every call, so many small calls look dearer than they are; it cannot see
    into compiled modules (run with HERNA_PURE=1 to profile Alhambra's core as Python)."""
    random_games(game_id, players, 1, seed - 1, options=options)  # imports, outside
    profiler = cProfile.Profile()
    profiler.enable()
    random_games(game_id, players, games, seed, options=options)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


# ---- one game's generic rows -------------------------------------------------------------------
def generic_rows(game_id: str, plan: Plan, settings: Settings,
                 progress: Callable[[str], None] | None = None) -> list[Row]:
    """Random play (checked and unchecked), copies, and greedy vs random for one game."""
    say = progress or (lambda _text: None)
    seed = settings.seed
    n = settings.random_games or (plan.random_games_quick if settings.quick
                                  else plan.random_games)
    if plan.warmup is not None:
        plan.warmup()
    rows: list[Row] = []
    for players in plan.random_players:
        goal_games = (plan.goal_games[1] if plan.goal_games and plan.goal_games[0] == players
                      else None)
        rows += random_rows(game_id, players, n, seed, options=plan.options,
                            goal_games=goal_games)
    # other deals: replaying the same games would time the engine's caches, not its rules
    rows += random_rows(game_id, plan.unchecked_players, n, seed + 500_000, checked=False,
                        options=plan.options)[:1]
    say(f"{game_id}: random play done")
    copies = plan.copies_quick if settings.quick else plan.copies
    for players in plan.copy_players:
        rate = copies_per_second(game_id, players, copies, seed, plan.options)
        rows.append(Row(f"{players}p state.copy() per second", f"{rate:,.0f}",
                        "states sampled across whole random games"))
    for players in plan.strength_players:
        m = match(game_id, players, settings.games, seed, options=plan.options)
        who = "greedy vs random" if players == 2 else f"1 greedy vs {players - 1} random"
        rows += match_rows(m, who)
        say(f"{game_id}: {players}p greedy vs random done in {m.seconds:.1f} s CPU")
    return rows


# ---- the machine and the table -------------------------------------------------------------------
def machine() -> str:
    return (f"{cpu_model()} ({os.cpu_count()} CPUs), Python {platform.python_version()} "
            f"({platform.python_implementation()}), {platform.system()} {platform.machine()}, "
            f"{core_form()}")


def core_form() -> str:
    """Which form of Alhambra's core this process runs (herna.native): figures depend on it."""
    from herna import native

    why = native.why_pure()
    return ("Alhambra core compiled (mypyc)" if why is None
            else f"Alhambra core pure Python ({why})")


def table(rows: Sequence[Row]) -> str:
    w1 = max(len("measure"), *(len(r.measure) for r in rows))
    w2 = max(len("value"), *(len(r.value) for r in rows))
    lines = [f"| {'measure':<{w1}} | {'value':>{w2}} | note |",
             f"|{'-' * (w1 + 2)}|{'-' * (w2 + 1)}:|------|"]
    lines += [f"| {r.measure:<{w1}} | {r.value:>{w2}} | {r.note} |" for r in rows]
    return "\n".join(lines)


def standalone(game_id: str, plan: Plan, extras: Callable[[Settings], list[Row]],
               argv: Sequence[str] | None = None, description: str | None = None) -> None:
    """The command line of a per-game script: its generic rows and its extras."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--quick", action="store_true", help="small samples: a smoke run")
    p.add_argument("--games", type=int, default=None,
                   help="games per strength match (default 200, quick 20)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--extras-only", action="store_true",
                   help=f"only the {game_id}-specific measurements")
    args = p.parse_args(argv)
    games = args.games or (20 if args.quick else 200)
    if games < 1:
        p.error("--games must be at least 1")
    settings = Settings(quick=args.quick, games=games, seed=args.seed)
    print(f"{herna.spec(game_id).name} benchmarks, one core; {CPU_NOTE}")
    print(f"machine: {machine()}", flush=True)
    rows = [] if args.extras_only else generic_rows(game_id, plan, settings, print)
    rows += extras(settings)
    print()
    print(table(rows))
