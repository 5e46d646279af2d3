"""PettingZoo's own conformance checks on every game at every player count: `api_test` and
`seed_test` on the AEC environment, `parallel_api_test` on the parallel one."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

import herna
from herna.interop.pettingzoo import env, parallel_env

# What PettingZoo's checks say of every environment with a dict observation (its own chess,
# go and connect-four are on a list that hushes them): advice, not failures.
EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Action mask numpy array is all zeros (no legal actions).",
}

CASES: list[tuple[str, int, dict[str, Any]]] = [
    (game, n, {}) for game in herna.game_ids() for n in herna.spec(game).player_counts
] + [
    ("ubongo", 2, {"race": "claimed"}),
    ("ubongo", 4, {"race": "claimed"}),
    ("ubongo", 3, {"race": "hard", "side": "hard"}),
    ("envyra", 3, {"equilibrium": "C"}),
    ("envyra", 2, {"simple": True}),
    ("alhambra-rw", 1, {"vs_virtual": True, "virtual": 3}),
    ("alhambra", 3, {"reward": "score"}),
]


def _ids(case: tuple[str, int, dict[str, Any]]) -> str:
    game, n, kw = case
    return "-".join([game, f"{n}p", *(f"{k}={v}" for k, v in kw.items())])


def _only_expected(caught: list[warnings.WarningMessage]) -> None:
    unexpected = {str(w.message) for w in caught} - EXPECTED_WARNINGS
    assert not unexpected


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_api_test(case: tuple[str, int, dict[str, Any]]) -> None:
    game, n, kw = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, players=n, **kw), num_cycles=1000)
    _only_expected(caught)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_seed_test(case: tuple[str, int, dict[str, Any]]) -> None:
    game, n, kw = case
    seed_test(lambda: env(game, players=n, **kw), num_cycles=60)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_parallel_api_test(case: tuple[str, int, dict[str, Any]]) -> None:
    game, n, kw = case
    par = parallel_env(game, players=n, **kw)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(par, num_cycles=5000)
    _only_expected(caught)
    assert par.agents == []  # each of its two games was played to the end
