"""The core and the games never import OpenSpiel: it is an optional extra, paid for only by
a program that imports herna.interop.openspiel."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import importlib, pkgutil, sys
import herna
from herna.core import registry
for game_id in registry.game_ids():
    herna.make(game_id, players=registry.spec(game_id).min_players, seed=1)
for package in ("herna.core", "herna.games", "herna.ai"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if info.name == "herna.ai.ray_pool":  # imports ray, an extra of its own
            continue
        importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules
                if m.split(".")[0] in ("pyspiel", "open_spiel", "pettingzoo"))
print(",".join(loaded))
"""


def test_herna_and_every_game_import_without_pyspiel() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.strip() == "", f"imported by the core: {out.stdout.strip()}"
