"""The learned leaf value (herna.ai.leaf) and the games' shipped models."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import herna
from herna.ai.leaf import LeafModel, load_models, models_from, parse_term, save_models
from herna.core import Rng

FEATURES = ("score", "coins")


def test_terms_name_a_feature_and_a_stage_power() -> None:
    assert parse_term("score", FEATURES) == (0, 0)
    assert parse_term("coins*f", FEATURES) == (1, 1)
    assert parse_term("coins*f2", FEATURES) == (1, 2)
    for bad in ("gold", "coins*g", "score*"):
        with pytest.raises(ValueError, match="leaf model term"):
            parse_term(bad, FEATURES)


def test_chances_are_a_softmax_of_the_strengths() -> None:
    m = LeafModel(FEATURES, ("score", "coins*f"), (0.5, 0.25))
    rows = [[10.0, 4.0], [8.0, 0.0], [8.0, 4.0]]
    assert m.strengths(rows, 0.5) == [5.5, 4.0, 4.5]
    p = m.chances(rows, 0.5)
    assert math.isclose(sum(p), 1.0)
    assert p[0] > p[2] > p[1]
    assert math.isclose(p[0] / p[1], math.exp(1.5))
    # late (stage 0) the coins no longer count: seats 1 and 2 are level
    late = m.chances(rows, 0.0)
    assert math.isclose(late[1], late[2])


def test_bad_models_are_refused() -> None:
    with pytest.raises(ValueError, match="2 terms but 1 weights"):
        LeafModel(FEATURES, ("score", "coins"), (1.0,))
    with pytest.raises(ValueError, match="finite"):
        LeafModel(FEATURES, ("score",), (math.nan,))
    with pytest.raises(ValueError, match="fit them again"):
        models_from({"features": ["score"], "models": {}}, FEATURES)


def test_models_round_trip_through_json(tmp_path: Path) -> None:
    m = LeafModel(FEATURES, ("score", "coins*f"), (0.125, -0.5))
    path = tmp_path / "leaf.json"
    save_models(path, FEATURES, {2: m}, {2: {"games": 10}})
    data = json.loads(path.read_text())
    assert data["models"]["2"]["games"] == 10
    assert models_from(data, FEATURES) == {2: m}



def test_a_file_that_no_longer_fits_the_game_warns_and_is_not_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a game's features change, its bots still import (with the hand-made evaluation)
    so that fit_leaf.py can write a new file."""
    (tmp_path / "oldgame" / "tables").mkdir(parents=True)
    (tmp_path / "oldgame" / "__init__.py").write_text("")
    save_models(tmp_path / "oldgame" / "tables" / "leaf.json", ("score",),
                {2: LeafModel(("score",), ("score",), (0.1,))}, {})
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_models("oldgame", ("score",))[2].weights == (0.1,)
    with pytest.warns(UserWarning, match="not used.*fit_leaf.py"):
        assert load_models("oldgame", FEATURES) == {}

SHIPPED = [("alhambra", n) for n in (2, 3, 4, 5, 6)] + [("alhambra-rw", n) for n in (2, 3, 4, 5)]


@pytest.mark.parametrize(("game", "players"), SHIPPED)
def test_games_ship_models_that_judge_their_turn_starts(game: str, players: int) -> None:
    """Alhambra ships models for 2-6 players, Roll & Write for 2-5: the game's
    `evaluate` is the model's softmax over `leaf_features`, read where a seat's turn begins."""
    from herna.ai.registry import game_module

    bots = game_module(game, "bots")
    assert bots is not None
    package = bots.__name__.rsplit(".", 1)[0]
    assert load_models(package, bots.LEAF_FEATURES) == bots.LEAF
    model = bots.LEAF[players]
    assert model.terms == bots.LEAF_TERMS
    s = herna.make(game, players=players, seed=3)
    rng = Rng(3)
    seen = 0
    while not s.is_over() and seen < 40:
        seat = s.to_act()[0]
        if bots.turn_start(s, seat):
            rows, stage = bots.leaf_features(s)
            assert len(rows) == players and all(len(r) == len(bots.LEAF_FEATURES) for r in rows)
            assert 0.0 <= stage <= 1.0
            chances = bots.evaluate(s)
            assert chances == model.chances(rows, stage)
            assert math.isclose(sum(chances), 1.0)
            seen += 1
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert seen >= 10


def test_alhambra_leaf_value_prefers_the_seat_ahead() -> None:
    """More points, all else equal, is a better position: the fitted score weight is
    positive at every stage."""
    from herna.games.alhambra import bots

    s = herna.make("alhambra", players=2, seed=5)
    before = bots.evaluate(s)
    s.scores[0] += 10
    after = bots.evaluate(s)
    assert after[0] > before[0] and after[1] < before[1]


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw"])
def test_every_player_count_with_rivals_has_a_fitted_model(game: str) -> None:
    """The hard level judges its playouts with a fitted evaluation at every player count the
    game has (2 or more seats: a model compares seats)."""
    from herna.ai.registry import game_module

    bots = game_module(game, "bots")
    assert bots is not None
    counts = [n for n in herna.spec(game).player_counts if n >= 2]
    assert sorted(bots.LEAF) == counts


def test_roll_and_write_solo_keeps_its_score_value() -> None:
    from herna.games.alhambra_rw import bots

    s = herna.make("alhambra-rw", players=1, seed=4)
    assert 1 not in bots.LEAF
    assert bots.evaluate(s) == bots.reckoned(s)


def _fit_leaf():  # type: ignore[no-untyped-def]
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "fit_leaf.py"
    spec = importlib.util.spec_from_file_location("fit_leaf", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fitter_recovers_the_weights_that_made_the_outcomes() -> None:
    np = pytest.importorskip("numpy")
    fl = _fit_leaf()
    rng = np.random.default_rng(1)
    true = np.array([0.8, -0.5, 0.3])
    p = rng.normal(size=(20_000, 3, 3))
    chances = fl.softmax(p @ true)
    winners = np.array([rng.choice(3, p=c) for c in chances])
    y = np.eye(3)[winners]
    w = fl.fit(p, y, ridge=0.0)
    assert np.allclose(w, true, atol=0.06)


def test_the_fitter_plays_greedy_games_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")
    fl = _fit_leaf()
    fl.main(["alhambra-rw", "--players", "2", "--games", "5", "--dry-run"])
    out = capsys.readouterr().out
    assert "alhambra-rw 2p: 5 games" in out and "held-out log-loss" in out
    with pytest.raises(SystemExit):
        fl.main(["envyra", "--dry-run"])
    assert "has no learned leaf value" in capsys.readouterr().err
