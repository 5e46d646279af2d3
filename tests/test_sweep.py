"""The engine sweep (issue 23): random decisions through the conformance kit's checked
playout over every game, every player count and every option value, with 0 exceptions.
`make test-slow` runs a million decisions (HERNA_SWEEP_DECISIONS sets another count) and
prints the count; `make test` plays each variant once."""

from __future__ import annotations

import importlib.util
import os
from typing import Any

import pytest

import herna
from herna.core import BadOption, HernaError
from herna.testing import random_playout


def shipped() -> list[str]:
    """Herna's own games (tests elsewhere register toy games in the same process)."""
    return [g for g in herna.game_ids()
            if importlib.util.find_spec(f"herna.games.{g.replace('-', '_')}") is not None]


def variants() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game at each player count with its default options, and with each option set to
    each other value it offers (a yes/no option flipped; Ubongo's timer off): the
    combinations the rules refuse (e.g. virtual players in a 5-player game) left out."""
    out = []
    for game in shipped():
        spec = herna.spec(game)
        changes: list[dict[str, Any]] = [{}]
        for name, default in spec.options.items():
            if name in spec.file_options:
                continue
            if isinstance(default, bool):
                changes.append({name: not default})
            for value in spec.option_choices.get(name, ()):
                if value != default:
                    changes.append({name: value})
        if game == "ubongo":
            changes.append({"timer": 0})
        for players in spec.player_counts:
            for options in changes:
                try:
                    herna.make(game, players=players, seed=0, **options)
                except (BadOption, HernaError, ValueError):
                    continue
                out.append((game, players, options))
    return out


VARIANTS = variants()


def test_every_game_count_and_option_is_swept() -> None:
    games = {g for g, _n, _o in VARIANTS}
    assert games == set(shipped()) == {"alhambra", "alhambra-rw", "envyra", "ubongo"}
    for game in games:
        spec = herna.spec(game)
        assert {n for g, n, _o in VARIANTS if g == game} == set(spec.player_counts)
    assert len(VARIANTS) >= 40


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS,
                         ids=[f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                              for g, n, o in VARIANTS])
def test_each_variant_plays_to_the_end(game: str, players: int, options: dict[str, Any]) -> None:
    state = random_playout(game, players, seed=1, options=options)
    assert state.is_over()


@pytest.mark.slow
def test_a_million_random_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    target = int(os.environ.get("HERNA_SWEEP_DECISIONS", "1000000"))
    decisions = games = 0
    seed = 100
    while decisions < target:
        for game, players, options in VARIANTS:
            state = random_playout(game, players, seed=seed, options=options)
            decisions += len(state.history)
            games += 1
        seed += 1
    with capsys.disabled():
        print(f"\nengine sweep: {decisions:,} random decisions in {games:,} games over "
              f"{len(VARIANTS)} variants (every game, player count and option value), "
              "0 exceptions")
