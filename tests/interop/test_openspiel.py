"""The OpenSpiel adapter against OpenSpiel's own checks (the `research` extra).

What OpenSpiel runs on its python games (open_spiel/python/games/*_test.py: random_sim_test,
pickling) and on every game (integration_tests/api_test.py's partial-tree checks), then what
Herna promises on top: tensors of constant shape that hold only what the seat may know,
states that survive serialization, and OpenSpiel's python ISMCTS playing a game to the end.
"""

from __future__ import annotations

import os
import pickle
import random

import numpy as np
import pytest

if os.environ.get("CI"):  # CI installs the research extra: missing, it is a failure
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open-spiel) is missing")

from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from herna.core import registry
from herna.interop import openspiel

openspiel.register()

NAMES = openspiel.NAMES
# the player counts swept by the random simulation test: the smallest and the largest table
SIM_COUNTS = [(gid, n) for gid in NAMES
              for n in sorted({openspiel._min_players(gid), registry.spec(gid).max_players})]


def load(game_id: str, players: int = 2, seed: int = 1) -> pyspiel.Game:
    return pyspiel.load_game(f"{NAMES[game_id]}(players={players},seed={seed})")


def playout_states(game: pyspiel.Game, seed: int, every: int = 7) -> list[pyspiel.State]:
    """States along one random game (every few moves, and the end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    states.append(state)
    return states


# ----- declaration ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(NAMES))
def test_declaration(game_id: str) -> None:
    spec = registry.spec(game_id)
    game = pyspiel.load_game(f"{NAMES[game_id]}(players=2)")
    gt = game.get_type()
    assert gt.short_name == NAMES[game_id]
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert gt.max_num_players == spec.max_players
    assert set(gt.parameter_specification) == {"players", "seed", *spec.options}
    assert game.num_distinct_actions() == spec.num_distinct_actions
    assert game.num_players() == 2
    assert game.get_parameters()["players"] == 2


def test_load_game_with_players_and_options() -> None:
    game = pyspiel.load_game("python_herna_alhambra(players=3)")
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert openspiel.herna_state(state).num_players == 3
    envyra = pyspiel.load_game("python_herna_envyra(players=3,simple=True,seed=4)")
    h = openspiel.herna_state(envyra.new_initial_state())
    assert h.options["simple"] is True and h.seed == 4


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="2-6 players"):
        pyspiel.load_game("python_herna_alhambra(players=7)")
    with pytest.raises(Exception, match="2-5 players"):  # R&W's solo mode needs no rivals
        pyspiel.load_game("python_herna_alhambra_rw(players=1)")
    with pytest.raises(Exception, match="side"):
        pyspiel.load_game("python_herna_ubongo(side=medium)")


def test_seed_pins_the_deal_and_minus_one_deals_afresh() -> None:
    pinned = load("alhambra", seed=5)
    a, b = pinned.new_initial_state(), pinned.new_initial_state()
    assert openspiel.herna_state(a).view(None) == openspiel.herna_state(b).view(None)
    fresh = pyspiel.load_game("python_herna_alhambra(players=2)")
    seeds = [openspiel.herna_state(fresh.new_initial_state()).seed for _ in range(3)]
    assert len(set(seeds)) == 3


# ----- OpenSpiel's own checks ---------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "players"), SIM_COUNTS)
def test_random_sim_test(game_id: str, players: int) -> None:
    """pyspiel.random_sim_test, as OpenSpiel runs it on its python games (serialize=False:
    OpenSpiel's serialize_game_and_state needs a C++ RNG state for sampled-stochastic games,
    which python games cannot give; the state's own serialization is tested below)."""
    pyspiel.random_sim_test(load(game_id, players, seed=players), num_sims=1,
                            serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", list(NAMES))
def test_serialize_and_pickle(game_id: str) -> None:
    game = load(game_id, 2, seed=11)
    for state in playout_states(game, seed=3, every=9):
        text = state.serialize()
        back = game.deserialize_state(text)
        assert str(back) == str(state)
        assert back.history() == state.history()
        assert back.information_state_string(0) == state.information_state_string(0)
        again = pickle.loads(pickle.dumps(state))
        assert str(again) == str(state) and again.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_serialized_state_is_the_record_not_the_engine() -> None:
    """A state is options + seed + actions: what it pickles is the record, a few bytes a
    move, not the engine's tables."""
    game = load("alhambra", 2, seed=2)
    last = playout_states(game, seed=1)[-1]
    kept = last._table.__getstate__()
    assert set(kept) == {"game", "params", "seed", "codes"}
    assert len(kept["codes"]) == len(last.history())
    assert len(last.serialize()) < 30 * len(last.history())


@pytest.mark.parametrize("game_id", list(NAMES))
def test_api_partial_tree_checks(game_id: str) -> None:
    """integration_tests/api_test.py's EnforceAPIOnPartialTreeBase, on states from random
    games (its sampler only expands states near the root)."""
    game = load(game_id, 2, seed=21)
    states = playout_states(game, seed=5)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    has_private = [False, False]
    by_player: list[set[str]] = [set(), set()]
    for state in states:
        n = game.num_players()
        for fn in (state.information_state_string, state.information_state_tensor,
                   state.observation_string, state.observation_tensor):
            with pytest.raises(RuntimeError, match="player >= 0"):
                fn(-1)
            with pytest.raises(RuntimeError, match="player <"):
                fn(n + 1)
        assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()
        assert len(state.observation_tensor(1)) == game.observation_tensor_size()
        assert public.string_from(state, 0) is not None
        for p in range(n):
            has_private[p] |= bool(private.string_from(state, p))
        if state.is_terminal():
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            assert state.legal_actions() == []
            assert all(state.legal_actions(p) == [] for p in range(n))
            assert sum(state.returns()) == pytest.approx(game.utility_sum())
            with pytest.raises(RuntimeError):
                state.information_state_string()
        else:
            cur = state.current_player()
            assert all(state.legal_actions(p) == [] for p in range(n) if p != cur)
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            by_player[cur].add(state.information_state_string(cur))
    assert any(has_private)
    assert not (by_player[0] & by_player[1])  # no information set shared by two players


@pytest.mark.parametrize("game_id", list(NAMES))
def test_returns_rank_the_players(game_id: str) -> None:
    game = load(game_id, 3 if game_id != "ubongo" else 2, seed=8)
    final = playout_states(game, seed=2)[-1]
    out = openspiel.herna_state(final).outcome()
    assert out is not None
    returns = final.returns()
    assert sum(returns) == pytest.approx(0.0)
    for seat, share in enumerate(out.win_shares()):
        assert (returns[seat] > 0) == (share > 0)
        assert game.min_utility() <= returns[seat] <= game.max_utility()


# ----- observations: constant shapes, nothing hidden ------------------------------------------
@pytest.mark.parametrize("game_id", list(NAMES))
def test_tensor_shapes_never_change(game_id: str) -> None:
    game = load(game_id, 2, seed=13)
    info_shape = game.information_state_tensor_shape()
    obs_shape = game.observation_tensor_shape()
    for state in playout_states(game, seed=4, every=3):
        for p in range(2):
            assert np.asarray(state.information_state_tensor(p)).shape == tuple(info_shape)
            assert np.asarray(state.observation_tensor(p)).shape == tuple(obs_shape)


def _hidden_differs(game_id: str, seed: int) -> list[tuple[pyspiel.State, pyspiel.State, int]]:
    """Pairs (state, a determinization for seat p, p) whose full states differ in what p
    cannot see: what each tensor and string for p holds must be equal across the pair."""
    game = load(game_id, 2, seed=seed)
    pairs = []
    for state in playout_states(game, seed=seed, every=5):
        if state.is_terminal():
            continue
        for p in range(2):
            world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0., 1.))
            pairs.append((state, world, p))
    return pairs


@pytest.mark.parametrize("game_id", list(NAMES))
def test_observations_hold_only_what_the_seat_may_know(game_id: str) -> None:
    """Two states that differ only in what seat p cannot see (one is a determinization of the
    other for p) give p the same tensors and strings; and they do differ somewhere hidden
    (the rival's hand, the bag, the sealed marks, future draws), so the check has teeth."""
    differs = 0
    for state, world, p in _hidden_differs(game_id, seed=31):
        assert state.information_state_string(p) == world.information_state_string(p)
        assert state.observation_string(p) == world.observation_string(p)
        np.testing.assert_array_equal(state.information_state_tensor(p),
                                      world.information_state_tensor(p))
        np.testing.assert_array_equal(state.observation_tensor(p),
                                      world.observation_tensor(p))
        assert state.current_player() == world.current_player()
        assert state.legal_actions() == world.legal_actions() or state.current_player() != p
        h, w = openspiel.herna_state(state), openspiel.herna_state(world)
        q = 1 - p
        if h.view(q) != w.view(q) or _future(h) != _future(w):
            differs += 1
    assert differs > 0


def _future(h: object) -> object:
    """What a random playout from a copy draws next: differs where the hidden future does."""
    s = h.copy()  # type: ignore[attr-defined]
    rng = random.Random(0)
    seen = []
    for _ in range(40):
        if s.is_over():
            break
        seat = s.to_act()[0]
        a = rng.choice(sorted(s.legal_actions(seat), key=lambda x: x.code))
        s.apply_unchecked(seat, a)
        seen.append(str(s.view(None)))
    return seen


def test_sealed_choice_is_hidden_from_the_next_seat() -> None:
    """Envyra's marking is simultaneous in the rules and turn-based here: seat 1, choosing
    after seat 0, sees neither seat 0's mark nor anything derived from it."""
    game = load("envyra", 2, seed=3)
    state = game.new_initial_state()
    h = openspiel.herna_state(state)
    assert len(h.to_act()) == 2 and state.current_player() == 0
    seen_by_1 = set()
    for code in state.legal_actions()[:6]:
        child = state.child(code)
        assert child.current_player() == 1
        seen_by_1.add((child.information_state_string(1), child.observation_string(1),
                       tuple(child.information_state_tensor(1))))
    assert len(seen_by_1) == 1
    assert "0:0:?" in child.information_state_string(1)


# ----- search -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(NAMES))
def test_ismcts_plays_a_game_to_the_end(game_id: str) -> None:
    game = load(game_id, 2, seed=17)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=2, random_state=rs)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        # ISMCTS for seat 0 (its assertion checks every world keeps seat 0's infostate);
        # seat 1 plays at random, which keeps the test short
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)
