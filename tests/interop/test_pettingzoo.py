"""What PettingZoo's checks do not cover: the adapter agrees with the engine (masks, rewards,
seeds), observations hold nothing a seat may not know, pictures, bad input, and the core's
independence of the extra."""

from __future__ import annotations

import io
import math
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from PIL import Image

import herna
from herna.ai.registry import game_module
from herna.core import Outcome, Rng
from herna.interop.pettingzoo import (
    HernaEnv,
    ViewEncoder,
    agent_name,
    env,
    final_rewards,
    parallel_env,
)
from herna.raster import svg_to_png

GAMES = [(g, n) for g in herna.game_ids() for n in herna.spec(g).player_counts]


def _codes(e: HernaEnv, seat: int) -> list[int]:
    return sorted(a.code for a in e.game_state.legal_actions(seat))


def _play(e: HernaEnv, seed: int) -> Iterator[str]:
    """A random game through the AEC API, yielding each agent about to act (before it acts)."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        yield agent
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# ----- rewards -----
def test_final_rewards_by_hand() -> None:
    two = Outcome.from_scores([30, 12])
    assert final_rewards(two, "rank") == [1.0, -1.0]
    assert final_rewards(two, "score") == [18.0, -18.0]
    assert final_rewards(Outcome.from_scores([5, 5]), "rank") == [0.0, 0.0]
    three = Outcome.from_scores([9, 4, 4])  # ranks 1, 2, 2: the losers share places 2 and 3
    assert final_rewards(three, "rank") == [1.0, -0.5, -0.5]
    assert final_rewards(three, "score") == [5.0, -2.5, -2.5]
    four = Outcome.from_scores([1, 2, 3, 4])
    assert final_rewards(four, "rank") == pytest.approx([-1, -1 / 3, 1 / 3, 1])
    assert final_rewards(Outcome.from_scores([17]), "score") == [17.0]
    # a tie-break beyond the score (Envyra's set points) decides the rank, not the score
    broken = Outcome.from_scores([10, 10], rank_keys=[(10, 1), (10, 3)])
    assert final_rewards(broken, "rank") == [-1.0, 1.0]


@pytest.mark.parametrize(("game", "players", "reward"), [
    (g, n, r) for g, n in GAMES for r in ("rank", "score")
    if n > 1 or r == "score"  # a solo game has no rank (refused: test_bad_input)
])
def test_rewards_come_at_the_end_and_match_the_outcome(game: str, players: int,
                                                       reward: str) -> None:
    e = env(game, players=players, reward=reward)
    got: dict[str, float] = {}
    rng = np.random.default_rng(players)
    e.reset(seed=11)
    for agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        got[agent] = got.get(agent, 0.0) + r
        if term or trunc:
            e.step(None)
            continue
        assert r == 0  # nothing is paid before the end
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    out = e.game_state.outcome()
    assert out is not None and e.agents == []
    rewards = [got[agent_name(s)] for s in range(players)]
    if players > 1:
        assert sum(rewards) == pytest.approx(0.0, abs=1e-9)
    for i in range(players):
        for j in range(players):  # better placed, more reward; equal places, equal reward
            if out.ranks[i] < out.ranks[j]:
                assert rewards[i] > rewards[j]
            elif out.ranks[i] == out.ranks[j]:
                assert rewards[i] == pytest.approx(rewards[j])
    if reward == "rank":
        for s in out.winners:
            assert rewards[s] > 0 or len(out.winners) == players
    else:
        scores = out.scores
        for s in range(players):
            others = [x for k, x in enumerate(scores) if k != s]
            expect = scores[s] - (sum(others) / len(others) if others else 0)
            assert rewards[s] == pytest.approx(expect)


# ----- masks -----
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_masks_are_the_engines_legal_actions(game: str, players: int) -> None:
    e = env(game, players=players)
    n = herna.spec(game).num_distinct_actions
    for steps, agent in enumerate(_play(e, seed=3)):
        for other in e.agents:
            seat = int(other.split("_")[1])
            mask = e.observe(other)["action_mask"]
            assert mask.shape == (n,) and mask.dtype == np.int8
            assert list(np.flatnonzero(mask)) == _codes(e, seat)
            assert np.array_equal(mask, e.action_mask(other))
            assert e.legal_codes(other) == _codes(e, seat)
        assert e.observe(agent)["action_mask"].any()
        if steps > 150:
            break


@pytest.mark.parametrize(("game", "kw"), [("envyra", {}), ("ubongo", {"race": "claimed"})])
def test_parallel_steps_take_every_seat_of_a_simultaneous_node(game: str,
                                                               kw: dict[str, Any]) -> None:
    par = parallel_env(game, players=3, **kw)
    obs, _ = par.reset(seed=5)
    rng = np.random.default_rng(0)
    together = 0
    while par.agents:
        acting = par.game_state.to_act()
        together = max(together, len(acting))
        for agent, o in obs.items():
            seat = int(agent.split("_")[1])
            expect = sorted(a.code for a in par.game_state.legal_actions(seat))
            assert list(np.flatnonzero(o["action_mask"])) == expect
            assert o["action_mask"].any() == (seat in acting)
        before = len(par.game_state.history)
        # every live agent sends something; the waiting seats' actions are ignored
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                   if o["action_mask"].any() else 0 for a, o in obs.items()}
        obs, *_ = par.step(actions)
        assert len(par.game_state.history) - before >= len(acting)
    assert together == 3


# ----- seeding -----
@pytest.mark.parametrize("game", herna.game_ids())
def test_reset_seed_is_the_engines_seed_and_replays(game: str) -> None:
    e = env(game, players=2)
    e.reset(seed=21)
    assert e.game_state.view(0) == herna.make(game, players=2, seed=21).view(0)
    for _ in _play(e, seed=21):
        pass
    record = e.game_state.record()
    out = e.game_state.outcome()
    assert out is not None and record["seed"] == 21 and record["outcome"] == out.to_dict()
    assert herna.replay(record).record() == record
    # a reset without a seed continues reproducibly from the last seed given
    e.reset(seed=4)
    e.reset()
    e2 = env(game, players=2)
    e2.reset(seed=4)
    e2.reset()
    assert e.game_state.seed == e2.game_state.seed != 4


def test_ubongo_race_by_skill_is_seeded_and_never_asks_the_agents() -> None:
    records = []
    for _ in range(2):
        e = env("ubongo", players=3)
        phases = set()
        for _ in _play(e, seed=8):
            phases.add(e.game_state.phase)  # type: ignore[attr-defined]
        assert phases == {"start", "gems"}
        records.append(e.game_state.record())
    assert records[0] == records[1]
    solves = [a for _, a in records[0]["actions"] if a.startswith("solve")]
    assert solves  # the race was run, by the skill model
    claimed = env("ubongo", players=3, race="claimed")
    assert {claimed.game_state.phase for _ in _play(claimed, seed=8)} == {  # type: ignore[attr-defined]
        "start", "race", "gems"}


# ----- what an observation may hold -----
@pytest.mark.parametrize(("game", "players", "options"), [
    ("alhambra", 3, {}), ("alhambra", 2, {}), ("envyra", 3, {"equilibrium": "C"}),
    ("envyra", 2, {}), ("ubongo", 3, {"race": "claimed"}), ("alhambra-rw", 2, {}),
])
def test_observation_ignores_what_the_seat_cannot_know(game: str, players: int,
                                                      options: dict[str, Any]) -> None:
    """Worlds the seat cannot tell apart (state.determinize) give the same observation; the
    test is not empty: the resampled worlds do differ, in what other seats see."""
    e = env(game, players=players, **options)
    enc = ViewEncoder()
    differed = 0
    for steps, _ in enumerate(_play(e, seed=2)):
        if steps % 3:
            continue
        s = e.game_state
        for seat in range(players):
            mine = e.observe(agent_name(seat))["observation"]
            for k in range(2):
                world = s.determinize(seat, Rng(100 * steps + 10 * seat + k))
                assert np.array_equal(enc.encode(world.view(seat)), mine)
                others = [o for o in range(players) if o != seat]
                differed += any(world.view(o) != s.view(o) for o in others)
        if steps > 90:
            break
    if herna.spec(game).hidden_information:
        assert differed


def test_the_encoding_of_a_view_by_hand() -> None:
    enc = ViewEncoder(64)
    got = enc.encode({"a": 2, "b": "x", "c": [True, None, False, 0], "d": {"e": -1.5}})

    def slot(name: str) -> int:
        return zlib.crc32(name.encode()) % 64

    want = np.zeros(64)
    for name, value in ((".a", math.log(3)), (".b=x", 1), (".c[0]", 1), (".c[1]=None", 1),
                        (".d.e", -math.log(2.5))):
        want[slot(name)] += value
    assert np.allclose(got, want) and got.dtype == np.float32


def test_remembered_subtrees_change_no_observation() -> None:
    warm = ViewEncoder()
    e = env("envyra", players=3)
    for steps, agent in enumerate(_play(e, seed=4)):
        view = e.view(agent)
        assert np.array_equal(warm.encode(view), ViewEncoder().encode(view))
        if steps > 40:
            break


def test_observations_tell_seats_and_positions_apart() -> None:
    e = env("alhambra", players=3)
    e.reset(seed=1)
    first = [e.observe(a)["observation"] for a in e.agents]
    assert not np.array_equal(first[0], first[1])  # each seat sees its own hand
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert not np.array_equal(e.observe("player_0")["observation"], first[0])
    assert np.all(np.isfinite(first[0])) and first[0].dtype == np.float32


# ----- pictures -----
def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", png[16:24])
    return int(w), int(h)


@pytest.mark.parametrize("game", herna.game_ids())
def test_rgb_array_is_the_drawing(game: str) -> None:
    e = env(game, players=2, render_mode="rgb_array")
    e.reset(seed=6)
    for steps, _ in enumerate(_play(e, seed=6)):
        if steps == 12:
            break
    picture = e.render()
    drawing = game_module(game, "render")
    assert drawing is not None
    png = svg_to_png(drawing.svg(e.game_state.view(None)))
    w, h = _png_size(png)
    assert picture.shape == (h, w, 3) and picture.dtype == np.uint8
    with Image.open(io.BytesIO(png)) as image:
        assert np.array_equal(picture, np.asarray(image.convert("RGB")))
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 10  # a drawing, not a blank


@pytest.mark.parametrize("game", herna.game_ids())
def test_ansi_is_the_terminal_picture(game: str) -> None:
    e = env(game, players=2, render_mode="ansi")
    text = e.render()
    assert isinstance(text, str) and text.count("\n") > 5 and "\x1b[" in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert env(game, players=2).render() is None  # no mode: a warning, no picture


# ----- bad input -----
def test_bad_input_is_a_clear_error_and_changes_nothing() -> None:
    with pytest.raises(herna.UnknownGame):
        env("chess")
    with pytest.raises(herna.BadOption, match="players"):
        env("ubongo", players=7)
    with pytest.raises(herna.BadOption, match="option"):
        env("alhambra", players=2, colour="red")
    with pytest.raises(herna.BadOption, match="reward"):
        env("alhambra", players=2, reward="money")
    with pytest.raises(herna.BadOption, match="solo"):
        env("alhambra-rw", players=1, reward="rank")
    with pytest.raises(herna.BadOption, match="race"):
        parallel_env("ubongo", players=2, race="fast")
    with pytest.raises(herna.BadOption, match="render_mode"):
        env("envyra", players=2, render_mode="human")
    with pytest.raises(herna.BadOption, match="obs_size"):
        env("envyra", players=2, obs_size=3)

    e = env("alhambra", players=3)
    e.reset(seed=3)
    agent = e.agent_selection
    before = e.game_state.record()
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, 10**9, "take 1", 1.5, True, None):
        with pytest.raises(herna.IllegalAction):
            e.step(bad)
        assert e.game_state.record() == before and e.agent_selection == agent
    e.step(np.int64(np.flatnonzero(mask)[0]))  # numpy integers are codes too
    assert len(e.game_state.history) == 1
    with pytest.raises(KeyError, match="player_9"):
        e.observe("player_9")

    par = parallel_env("envyra", players=3)
    obs, _ = par.reset(seed=1)
    acting = [agent_name(s) for s in par.game_state.to_act()]
    assert len(acting) == 3  # the secret marking: everyone at once
    before = par.game_state.record()
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in acting}
    with pytest.raises(herna.IllegalAction, match=acting[1]):
        par.step({acting[0]: good[acting[0]]})  # the others sent nothing
    wrong = dict(good)
    wrong[acting[2]] = int(np.flatnonzero(obs[acting[2]]["action_mask"] == 0)[0])
    with pytest.raises(herna.IllegalAction):
        par.step(wrong)
    assert par.game_state.record() == before
    par.step(good)
    assert len(par.game_state.history) == 3


# ----- the core stays free of the extra -----
def test_herna_and_every_game_import_without_pettingzoo() -> None:
    code = (
        "import sys, herna, herna.cli, herna.ai.registry\n"
        "for g in herna.game_ids():\n"
        "    s = herna.make(g, players=herna.spec(g).min_players, seed=1)\n"
        "    s.view(0); s.legal_actions(s.to_act()[0])\n"
        "bad = sorted(m for m in ('pettingzoo', 'gymnasium', 'PIL') if m in sys.modules)\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
