"""Tournaments on a local Ray instance give exactly the pool's results (same seeds, same
order). Slow (starting Ray takes ~10 s): run with `make test-slow`; skipped without Ray."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# pytest runs in importlib mode: put tests/ on the path so toygame imports
sys.path.insert(0, str(Path(__file__).parent))

import herna
from herna.ai.arena import run_tournament
from herna.ai.rating import rate_bots
from toygame import GAME_ID, register_toy

pytestmark = pytest.mark.slow
TESTS = Path(__file__).parent


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'herna[ray]')")
    # the toy game lives in tests/: Ray's workers find it through PYTHONPATH
    path = os.pathsep.join(p for p in (str(TESTS), os.environ.get("PYTHONPATH")) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    try:
        yield ray
    finally:
        ray.shutdown()


def test_a_tournament_on_ray_equals_the_pool(ray: Any) -> None:
    register_toy()  # registered here only: the workers get it from the parent's spec
    local = run_tournament(GAME_ID, 3, ["random"] * 3, games=30, seed=6, rotate_seats=True)
    seen: list[int] = []
    remote = run_tournament(GAME_ID, 3, ["random"] * 3, games=30, seed=6, rotate_seats=True,
                            ray="auto", progress=lambda done, total: seen.append(done))
    assert remote.to_json() == local.to_json()
    assert seen[-1] == 30 and seen == sorted(seen)
    assert ray.is_initialized()  # a connection we did not open stays open


def test_a_rating_on_ray_equals_the_pool(ray: Any) -> None:
    if "envyra" not in herna.game_ids():
        pytest.skip("envyra is not registered")
    bots = ["greedy", "random", "greedy:noise=1"]
    local = rate_bots("envyra", 3, bots, games=6, seed=2, workers=2)
    remote = rate_bots("envyra", 3, bots, games=6, seed=2, ray="auto")
    assert remote.to_json() == local.to_json()


def test_a_worker_error_reads_as_in_one_process(ray: Any, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    from herna.ai import BotError, RandomBot, registry
    register_toy()
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))
    # known here, unknown to the workers (a bot must be importable where the games run)
    registry.register_bot("local-only", lambda game, seed, opts: RandomBot(seed))
    with pytest.raises(BotError, match="unknown bot 'local-only'"):
        run_tournament(GAME_ID, 2, ["random", "local-only"], games=4, ray="auto")


def test_simulate_and_rate_commands_on_ray(ray: Any, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from herna.cli import app
    register_toy()
    env = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}
    outputs = []
    for where in (["--workers", "1"], ["--ray", "auto"]):
        path = tmp_path / f"{where[1]}.csv"
        result = CliRunner().invoke(app, ["simulate", GAME_ID, "--players", "3", "--games", "9",
                                          "--rotate", "--csv", str(path), *where], env=env)
        assert result.exit_code == 0, result.output
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]
    rated = CliRunner().invoke(app, ["rate", GAME_ID, "--bots", "random,random:", "--ray",
                                     "auto"], env=env)
    assert rated.exit_code == 2 and "at least two different bots" in rated.output
