"""`herna serve --workers N`: N server processes on one port and one PostgreSQL database.

uvicorn's own supervisor runs them: it binds the port once, starts N processes that accept
from it (the kernel spreads connections among them), and starts a process again if one dies.
Each process builds its own app from the settings `serve` leaves in the environment
(`HERNA_SERVE`), because uvicorn starts them afresh (spawn): nothing is inherited but the
socket. Every process serves every page and every socket; `shared.py` says how they keep in
step (LISTEN/NOTIFY, bot leases).
"""

from __future__ import annotations

import gc
import json
import logging
import os
from typing import Any

from fastapi import FastAPI

from . import GC_THRESHOLDS, use_jemalloc
from .wsproto import protocol

ENV = "HERNA_SERVE"
# the WebSocket protocol by import path: uvicorn hands its settings to each process pickled,
# and the class `protocol()` makes is local to it
WS = protocol()


def ws_setting() -> str:
    """What `uvicorn.Config(ws=...)` is given for `--workers`: this module's protocol."""
    return "auto" if isinstance(WS, str) else f"{__name__}:WS"


def bot_processes(workers: int, cores: int | None = None) -> int:
    """Bot worker processes per server process: the cores the servers leave, shared out
    (at least one each, so no server's bots wait on another's)."""
    cores = cores or os.cpu_count() or 2
    return max(1, (cores - workers) // workers)


def settings(db: str, finished_idle: float, limits: dict[str, Any], bots: int,
             accounts: bool = False, session_days: float = 30.0) -> str:
    return json.dumps({"db": db, "finished_idle": finished_idle, "limits": limits,
                       "bot_processes": bots, "accounts": accounts,
                       "session_days": session_days})


def app_from_env() -> FastAPI:
    """The app of one worker process, from `HERNA_SERVE` (uvicorn's factory)."""
    from herna.cli import _NoQuery

    from .abuse import Limits
    from .app import create_app

    use_jemalloc(reexec=False)  # (started under it by `herna serve`: see there)
    cfg = json.loads(os.environ[ENV])
    gc.set_threshold(*GC_THRESHOLDS)
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(_NoQuery())
    return create_app(cfg["db"], bot_processes=cfg["bot_processes"],
                      finished_idle=cfg["finished_idle"], limits=Limits(**cfg["limits"]),
                      shared=True, accounts=cfg.get("accounts", False),
                      session_days=cfg.get("session_days", 30.0))
