"""Tournaments on a Ray cluster: the same games as the local pool, the same results.

Only `herna.ai.arena.run_jobs(..., ray=...)` imports this module, and this module imports Ray
only when it runs, so Herna works without the `ray` extra. Each game's seed and bots come
from its job (derived from the tournament seed and the game index), and results are put back
in game order, so where a game ran changes nothing in the numbers.

Where to run (`address`):
- "auto": a running cluster if there is one (RAY_ADDRESS, or one started here with
  `ray start`), else a new local Ray instance on this machine;
- "local": always a new local Ray instance;
- anything else: the address of a cluster, e.g. "ray://head:10001" or "head:6379".
Every node needs Herna installed (the same version), as for any Ray job. If Ray is already
initialized in this process (a notebook, a test), that connection is used and left open.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Sequence
from typing import Any

from herna.core import GameSpec, HernaError

from .arena import GameJob, GameResult, ensure_registered, play_jobs

__all__ = ["INSTALL_HINT", "RayUnavailable", "available", "run_jobs"]

INSTALL_HINT = "pip install 'herna[ray]'"


class RayUnavailable(HernaError):
    """Ray is not installed, or the cluster cannot be reached."""


def available() -> bool:
    """Whether Ray can be imported here."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable(f"running on Ray needs the ray extra: {INSTALL_HINT}") from None
    return ray


def _play_chunk(jobs: Sequence[GameJob], game: GameSpec) -> list[GameResult]:
    """The task each Ray worker runs (a plain function: Ray wraps it)."""
    ensure_registered(game)
    return play_jobs(jobs)


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in seconds on an address nobody answers at (Ray itself retries for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # not host:port; let Ray read it
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise RayUnavailable(f"cannot reach the Ray cluster at {address!r}: "
                             f"{e.strerror or e}") from None


def _connect(ray: Any, address: str) -> bool:
    """Connect (or start a local instance); True if we did, so we also shut it down."""
    if ray.is_initialized():
        return False
    if address not in ("auto", "local"):
        _check_reachable(address)
    target = None if address == "auto" else address
    try:
        ray.init(address=target, logging_level=logging.WARNING, log_to_driver=False,
                 configure_logging=True)
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise RayUnavailable(f"cannot reach the Ray cluster at {address!r}: {e}") from None
    return True


def run_jobs(jobs: list[GameJob], address: str, game: GameSpec,
             progress: Callable[[int, int], None] | None = None) -> list[GameResult]:
    """Play the jobs as Ray tasks (in chunks); results in the order they finish (the arena
    sorts them by game index)."""
    ray = _ray()
    started = _connect(ray, address)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, min(50, len(jobs) // (cpus * 4)))
        task = ray.remote(_play_chunk)
        game_ref = ray.put(game)
        pending = [task.remote(jobs[i:i + size], game_ref) for i in range(0, len(jobs), size)]
        results: list[GameResult] = []
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for chunk in ray.get(done):
                    results.extend(chunk)
                if progress:
                    progress(len(results), len(jobs))
        except BaseException as e:
            for ref in pending:
                ray.cancel(ref)
            # a bot's or a game's own error reads as it would in one process
            cause = getattr(e, "cause", None)
            if isinstance(e, ray.exceptions.RayTaskError) and isinstance(cause, HernaError):
                raise cause from None
            raise
        return results
    finally:
        if started:
            ray.shutdown()
