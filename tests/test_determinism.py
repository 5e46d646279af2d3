"""A seeded game is the same game in any process: legal lists (and so seeded bots and
simulations) may not depend on what else the process played before, e.g. through shared
caches. The arena's promise of identical results for any worker count rests on this."""

from __future__ import annotations

import subprocess
import sys

import herna

SCRIPT = """
import hashlib, herna
from herna.core import Rng
def digest(game, players, seed):
    h = hashlib.sha256()
    s = herna.make(game, players=players, seed=seed)
    rng = Rng(seed * 7 + players)
    while not s.is_over():
        seat = s.to_act()[rng.below(len(s.to_act()))]
        legal = s.legal_actions(seat)
        h.update(repr([a.code for a in legal]).encode())
        s.apply(seat, legal[rng.below(len(legal))])
    return h.hexdigest()
"""


def test_a_seeded_game_does_not_depend_on_earlier_games_in_the_process() -> None:
    namespace: dict[str, object] = {}
    exec(SCRIPT, namespace)
    digest = namespace["digest"]
    assert callable(digest)
    shipped = [g for g in herna.game_ids()  # games a fresh process knows (not test toys)
               if herna.spec(g).factory.__module__.startswith("herna.games.")]
    assert shipped
    for game in shipped:
        players = min(herna.spec(game).min_players + 2, herna.spec(game).max_players)
        seeds = [0, 1, 2, 3, 4, 5]
        fresh = subprocess.run(
            [sys.executable, "-c", SCRIPT + f"\nfor s in {seeds}: print(digest({game!r}, "
             f"{players}, s))"], capture_output=True, text=True, check=True).stdout.split()
        for warm_seed in range(150):  # warm every shared cache with other games first
            digest(game, players, 1000 + warm_seed)
        warm = [digest(game, players, s) for s in seeds]
        assert fresh[0] != fresh[1], "the digest cannot tell two games apart"
        assert warm == fresh, f"{game}: seeded games differ after other games in the process"
