"""The compiled Alhambra core (herna.native, mypyc) plays exactly as its pure Python source.

`make test` runs the whole suite on the compiled modules and the Alhambra and conformance
tests again with HERNA_PURE=1; this test puts the two side by side in one run: the same seeded
games (uniform random play, greedy bots, a determinization, rejected actions) traced in this
process and in a pure Python subprocess must give the same legal lists in the same order, the
same codes and texts, views, error messages and records.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys

import pytest

import herna
from herna import native
from herna.core import IllegalAction, Rng

GAMES = [(players, seed) for players in (2, 3, 4, 5, 6) for seed in (0, 1)]


def trace(players: int, seed: int) -> str:
    """A digest of everything observable along one seeded game."""
    from herna.ai.registry import make_bot

    h = hashlib.sha256()

    def put(value: object) -> None:
        h.update(json.dumps(value, sort_keys=True, default=str).encode())

    state = herna.make("alhambra", players=players, seed=seed)
    rng = Rng(seed * 31 + players)
    greedy = make_bot("greedy", "alhambra", seed) if seed % 2 else None
    n = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        put([seat, [a.code for a in legal], [str(a) for a in legal]])
        if n % 7 == 0:
            put(state.view(seat))
            probe = rng.below(herna.spec("alhambra").num_distinct_actions)
            try:
                state.apply(seat, probe)
                put(["applied", probe])  # a legal code: the game goes on from there
                n += 1
                continue
            except IllegalAction as e:
                put(["illegal", probe, str(e)])
        if n % 50 == 25:
            d = state.determinize(seat, seed)
            put([str(a) for a in d.legal_actions(seat)] + [d.view(None)])
        if greedy is not None and seat == 0:
            action = greedy.act(state.copy(), seat)
            action = state.apply(seat, str(action))  # by text, the way a client sends it
        else:
            action = state.apply(seat, legal[rng.below(len(legal))])
        put(str(action))
        n += 1
    put(state.record())
    return h.hexdigest()


def test_compiled_and_pure_python_play_alike() -> None:
    if not native.compiled():
        if native.why_pure() != "HERNA_PURE is set" and os.environ.get("CI", "").lower() in (
                "1", "true", "yes"):
            pytest.fail(f"CI runs the compiled core, but this process runs pure Python "
                        f"({native.why_pure()}): `make compile` failed?")
        pytest.skip(f"the compiled core is not in use ({native.why_pure()})")
    here = [trace(p, s) for p, s in GAMES]
    pure = subprocess.run([sys.executable, __file__], capture_output=True, text=True,
                          env={**os.environ, "HERNA_PURE": "1"}, check=True)
    assert pure.stdout.split() == ["pure", *here]


def test_compiled_states_pickle_and_copy() -> None:
    """States travel to Ray workers and the server's bot processes by pickle."""
    state = herna.make("alhambra", players=4, seed=5)
    rng = Rng(5)
    for _ in range(120):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    for other in (pickle.loads(pickle.dumps(state)), state.copy()):
        assert other.record() == state.record()
        assert other.view(None) == state.view(None)
        seat = state.to_act()[0]
        assert other.legal_actions(seat) == state.legal_actions(seat)


if __name__ == "__main__":  # the pure Python side of the comparison
    print("compiled" if native.compiled() else "pure")
    for p, s in GAMES:
        print(trace(p, s))
