"""Fit a game's learned leaf value (herna.ai.leaf) on greedy self-play and write its tables.

    .venv/bin/python benchmarks/fit_leaf.py alhambra --players 2,3 --games 1500 --workers 2

Plays seeded greedy-vs-greedy games; at every position where a seat is about to begin its turn
(the game's `turn_start`: where the hard level's playouts stop) it records the game's
`leaf_features` for every seat, labelled with the final win shares. A conditional logit (one
weight per term of the game's `LEAF_TERMS`, softmax over seats) is fitted by Newton's method
with a light ridge; every fifth game is held out to compare its log-loss with the game's
`evaluate` before the fit and with a coin toss. The model is then refitted on every game and
written to the game's `tables/leaf.json` (`--dry-run`: print only). Needs numpy (dev extra).
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import sys
import time
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

import herna
from herna.ai import make_bot
from herna.ai.arena import derive_seed
from herna.ai.leaf import LeafModel, models_from, parse_term, save_models
from herna.ai.registry import game_module
from herna.core.registry import game_ids

Sample = tuple[list[list[float]], float, list[float], list[float]]
# (features per seat, stage, the current evaluation normalised, final win shares)


def play(job: tuple[str, int, int]) -> list[Sample]:
    """One greedy self-play game's positions at turn starts, labelled with its result."""
    game_id, players, seed = job
    bots_module = game_module(game_id, "bots")
    s = herna.make(game_id, players=players, seed=seed)
    bots = [make_bot("greedy", game_id, derive_seed(seed, p)) for p in range(players)]
    seen: list[tuple[list[list[float]], float, list[float]]] = []
    while not s.is_over():
        if any(bots_module.turn_start(s, p) for p in range(players)):
            rows, stage = bots_module.leaf_features(s)
            now = bots_module.evaluate(s)
            seen.append((rows, stage, [v / sum(now) for v in now]))
        p = s.to_act()[0]
        s.apply(p, bots[p].act(s, p))
    outcome = s.outcome()
    assert outcome is not None
    shares = list(outcome.win_shares())
    return [(rows, stage, now, shares) for rows, stage, now in seen]


def design(samples: Sequence[Sample], features: Sequence[str],
           terms: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    plan = [parse_term(t, features) for t in terms]
    x = np.array([s[0] for s in samples], dtype=float)  # (positions, seats, features)
    stage = np.array([s[1] for s in samples], dtype=float)[:, None]
    cols = [x[:, :, i] * stage ** p for i, p in plan]
    return np.stack(cols, -1), np.array([s[3] for s in samples], dtype=float)


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def fit(p: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 40) -> np.ndarray:
    """Maximum-likelihood weights of a conditional logit (features standardised for the
    ridge and the Newton steps, weights returned in the features' own units)."""
    m, _, k = p.shape
    sd = p.reshape(-1, k).std(0) + 1e-9
    q = p / sd
    w = np.zeros(k)
    for _ in range(steps):
        pr = softmax(q @ w)
        grad = np.einsum("mnk,mn->k", q, pr - y) / m + ridge * w
        d = q - np.einsum("mnk,mn->mk", q, pr)[:, None, :]
        hess = np.einsum("mnk,mn,mnj->kj", d, pr, d) / m + ridge * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w / sd


def log_loss(pr: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(pr, 1e-12, 1.0))).sum(-1).mean())


def fit_players(game_id: str, players: int, games: int, seed: int, workers: int,
                ) -> tuple[LeafModel, dict[str, Any]]:
    mod = game_module(game_id, "bots")
    features, terms = mod.LEAF_FEATURES, mod.LEAF_TERMS
    jobs = [(game_id, players, derive_seed(seed, "leaf", players, g)) for g in range(games)]
    t = time.time()
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            per_game = pool.map(play, jobs, chunksize=4)
    else:
        per_game = [play(j) for j in jobs]
    held = [s for g, ss in enumerate(per_game) if g % 5 == 0 for s in ss]
    train = [s for g, ss in enumerate(per_game) if g % 5 != 0 for s in ss]
    p_train, y_train = design(train, features, terms)
    p_held, y_held = design(held, features, terms)
    w = fit(p_train, y_train)
    learned = log_loss(softmax(p_held @ w), y_held)
    before = log_loss(np.array([s[2] for s in held]), y_held)
    coin = log_loss(np.full(y_held.shape, 1.0 / players), y_held)
    p_all, y_all = design(train + held, features, terms)
    model = LeafModel(tuple(features), tuple(terms), tuple(float(v) for v in fit(p_all, y_all)))
    about = {"games": games, "positions": len(train) + len(held), "seed": seed,
             "held_out_log_loss": round(learned, 4),
             "evaluation_before_log_loss": round(before, 4),
             "coin_toss_log_loss": round(coin, 4),
             "date": datetime.date.today().isoformat()}
    print(f"{game_id} {players}p: {games} games, {about['positions']:,} positions, "
          f"{time.time() - t:.0f} s; held-out log-loss {learned:.4f} (the evaluation "
          f"before this fit {before:.4f}, a coin toss {coin:.4f})")
    sys.stdout.flush()
    return model, about


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("game")
    p.add_argument("--players", default="2,3", help="comma-separated player counts")
    p.add_argument("--games", type=int, default=1500, help="self-play games per player count")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--dry-run", action="store_true", help="print the fit, write nothing")
    a = p.parse_args(argv)
    if a.game not in game_ids():
        p.error(f"unknown game {a.game!r}; games are: {', '.join(game_ids())}")
    mod = game_module(a.game, "bots")
    if mod is None or not hasattr(mod, "leaf_features"):
        fitted = [g for g in game_ids() if hasattr(game_module(g, "bots"), "leaf_features")]
        p.error(f"{a.game} has no learned leaf value (leaf_features, LEAF_FEATURES, LEAF_TERMS "
                f"in its bots module); games with one: {', '.join(fitted)}")
    try:
        counts = [int(x) for x in a.players.split(",")]
    except ValueError:
        p.error(f"--players takes player counts such as 2,3, not {a.players!r}")
    gs = herna.spec(a.game)
    for n in counts:
        if not max(2, gs.min_players) <= n <= gs.max_players:
            p.error(f"no model for {n} players: {a.game} is for {gs.min_players}-"
                    f"{gs.max_players} players, and a model needs 2 or more")
    if a.games < 5:
        p.error("--games must be at least 5 (every fifth game is held out)")
    package = mod.__name__.rsplit(".", 1)[0]
    path = Path(str(resources.files(package) / "tables" / "leaf.json"))
    models: dict[int, LeafModel] = {}
    about: dict[int, dict[str, Any]] = {}
    if path.is_file():  # keep the player counts not refitted now, if they still fit
        old = json.loads(path.read_text(encoding="utf-8"))
        try:
            models = models_from(old, mod.LEAF_FEATURES)
            about = {int(n): {k: v for k, v in m.items() if k != "weights"}
                     for n, m in old["models"].items()}
        except (ValueError, KeyError, TypeError) as e:
            print(f"the models in {path} are dropped ({e})")
    for players in counts:
        models[players], about[players] = fit_players(a.game, players, a.games, a.seed,
                                                      a.workers)
    if not a.dry_run:
        save_models(path, mod.LEAF_FEATURES, models, about)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
