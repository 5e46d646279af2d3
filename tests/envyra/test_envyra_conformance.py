"""The conformance kit at every player count and option combination (the shared
tests/test_conformance.py covers the defaults once the game is registered)."""

from __future__ import annotations

import json
from itertools import product

import pytest

import herna
import herna.games.envyra
from herna.core import Rng
from herna.testing import check_game, random_playout

OPTIONS = [
    {"simple": simple, "equilibrium": eq, "end_tile": end}
    for simple, eq, end in product((False, True), ("", "A", "B", "C"), ("standard", "K"))
]


def _label(o: dict[str, object]) -> str:
    return f"simple={o['simple']}-eq={o['equilibrium'] or '-'}-{o['end_tile']}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kit_with_default_options(players: int) -> None:
    check_game("envyra", players, 7, sample_every=5)  # the shared kit test plays seeds 0, 1


@pytest.mark.parametrize(("index", "options"), list(enumerate(OPTIONS)),
                         ids=[_label(o) for o in OPTIONS])
def test_kit_with_every_option_combination(index: int, options: dict[str, object]) -> None:
    """The whole kit (secrecy at every phase-I node included) with every option set; the
    player count turns with the combination so each count meets every option."""
    check_game("envyra", 2 + index % 3, 5, sample_every=25, options=options)


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=_label)
def test_kit_with_every_option_combination_and_player_count(options: dict[str, object]) -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            check_game("envyra", players, seed, sample_every=10, options=options)


@pytest.mark.parametrize("options", OPTIONS, ids=_label)
def test_random_playouts_with_every_option_combination(options: dict[str, object]) -> None:
    for players in (2, 3, 4):
        for seed in range(4):
            random_playout("envyra", players, seed, options=options)


def _views(state: herna.State, seats: list[int | None]) -> str:
    return json.dumps([state.view(s) for s in seats], sort_keys=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_phase_one_leak_along_whole_games(players: int) -> None:
    """At every open phase-I node of random games (Equilibrium C on): for each seat still to
    mark, two different markings give the same views to every other seat and a spectator."""
    for seed in range(3):
        state = herna.make("envyra", players=players, seed=seed, equilibrium="C")
        rng = Rng(seed)
        while not state.is_over():
            acting = state.to_act()
            if len(state.legal_actions(acting[0])) > 1 and state.view(None)["phase"] == "mark":
                for seat in acting:
                    legal = state.legal_actions(seat)
                    a, b = state.copy(), state.copy()
                    a.apply(seat, legal[0])
                    b.apply(seat, legal[-1])
                    others: list[int | None] = [q for q in range(players) if q != seat]
                    others.append(None)
                    if len(acting) > 1:  # the node stays open after this seat marks
                        assert _views(a, others) == _views(b, others)
            seat = acting[rng.below(len(acting))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kit_finds_resampled_secrets(players: int) -> None:
    from herna.testing.conformance import check_hidden_varies
    for seed in range(3):
        check_hidden_varies("envyra", players, seed)


def test_determinize_varies_at_an_open_phase_one_node() -> None:
    """The kit's resampling check, at a position where a seat holds a secret."""
    state = herna.make("envyra", players=3, seed=3)
    state.apply(0, "mark a1")
    state.apply(1, "mark b1 c2")
    assert any(state.determinize(0, k).view(1) != state.view(1) for k in range(20))
    assert any(state.determinize(None, k).view(2) == state.view(2) for k in range(3))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_games(players: int) -> None:
    """The shared slow sweep's shape for Envyra (until the registry runs it there): every
    game replayed from its record, every 100th through the whole kit."""
    from herna.testing import check_replay

    for seed in range(1000):
        options = OPTIONS[seed % len(OPTIONS)]
        if seed % 100 == 0:
            check_game("envyra", players, 10_000 + seed, options=options)
        else:
            check_replay(random_playout("envyra", players, 10_000 + seed, options=options))
