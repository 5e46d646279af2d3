"""Bots, the bot registry and tournaments, on the toy game (and Alhambra when it is there)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

# pytest runs in importlib mode: put tests/ on the path so toygame imports here and in the
# spawned worker processes of the arena (they inherit sys.path)
sys.path.insert(0, str(Path(__file__).parent))

import herna
from herna.ai import (
    Bot,
    BotError,
    RandomBot,
    default_bot,
    has_bot,
    known_bots,
    make_bot,
    parse_bot_spec,
    play_game,
    register_bot,
    registry,
    run_tournament,
)
from herna.ai.arena import derive_seed, game_seed, seat_bots
from herna.ai.registry import split_bot_list
from herna.core import Action, State
from toygame import GAME_ID, ToyState, register_toy


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy()
    # bots registered by a test disappear after it
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))


class FirstBot:
    """Always the first legal action: predictable, for checking the arena's bookkeeping."""

    name = "first"

    def __init__(self, seed: int = 0, depth: int = 1) -> None:
        self.depth = depth

    def act(self, state: State, seat: int) -> Action:
        return state.legal_actions(seat)[0]


class CheatBot:
    name = "cheat"

    def act(self, state: State, seat: int) -> Action:
        return state.parse_text(seat, "play 6")  # parsed, but often not in hand


# ----- registry ------------------------------------------------------------------------------
def test_parse_bot_spec_reads_typed_options() -> None:
    assert parse_bot_spec("random") == ("random", {})
    assert parse_bot_spec(" mcts:iterations=2000, c=1.4,rollout=greedy,fast=true ") == (
        "mcts", {"iterations": 2000, "c": 1.4, "rollout": "greedy", "fast": True})
    with pytest.raises(BotError, match="not key=value"):
        parse_bot_spec("mcts:iterations")
    with pytest.raises(BotError, match="empty bot name"):
        parse_bot_spec(":x=1")


def test_split_bot_list_keeps_options_with_their_bot() -> None:
    assert split_bot_list("greedy,random") == ["greedy", "random"]
    assert split_bot_list("mcts:iterations=200,c=1.4,random, greedy") == [
        "mcts:iterations=200,c=1.4", "random", "greedy"]


def test_unknown_bot_lists_the_known_ones() -> None:
    with pytest.raises(BotError, match=r"unknown bot 'nope'; bots are: .*random"):
        make_bot("nope", GAME_ID, 1)
    assert {"random", "greedy"} <= set(known_bots())


def test_bot_options_are_checked_by_name() -> None:
    with pytest.raises(BotError, match=r"bot 'random' has no option depth \(options: none\)"):
        make_bot("random:depth=3", GAME_ID, 1)
    register_bot("first", lambda game, seed, opts: _build_first(seed, opts))
    bot = make_bot("first:depth=3", GAME_ID, 1)
    assert isinstance(bot, FirstBot) and bot.depth == 3
    with pytest.raises(BotError, match=r"no option width \(options: depth\)"):
        make_bot("first:width=3", GAME_ID, 1)


def _build_first(seed: int, opts: dict[str, Any]) -> Bot:
    from herna.ai.registry import build
    return build(FirstBot, "first", seed, opts)


def test_greedy_needs_the_game_to_ship_one(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(BotError, match=r"game 'toy-21' has no greedy bot .*toy_21\.bots"):
        make_bot("greedy", GAME_ID, 1)
    assert not has_bot("greedy", GAME_ID) and default_bot(GAME_ID) == "random"
    bots = ModuleType("herna.games.toy_21.bots")
    bots.GreedyBot = FirstBot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "herna.games.toy_21.bots", bots)
    assert isinstance(make_bot("greedy", GAME_ID, 1), FirstBot)
    assert default_bot(GAME_ID) == "greedy"


def test_random_bot_is_legal_and_deterministic() -> None:
    def choices(seed: int) -> list[str]:
        state = herna.make(GAME_ID, players=3, seed=4)
        bot = RandomBot(seed)
        out = []
        while not state.is_over():
            seat = state.to_act()[0]
            action = bot.act(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
            out.append(str(action))
        return out

    assert choices(1) == choices(1)
    assert any(choices(1) != choices(s) for s in range(2, 8))
    assert isinstance(RandomBot(0), Bot)


# ----- one game --------------------------------------------------------------------------------
def test_play_game_is_reproducible_and_its_record_replays() -> None:
    a = play_game(GAME_ID, 3, ["random"] * 3, seed=11, record=True)
    b = play_game(GAME_ID, 3, ["random"] * 3, seed=11)
    assert a == b  # the record is left out of the comparison
    assert a.record is not None
    replayed = herna.replay(a.record)
    outcome = replayed.outcome()
    assert outcome is not None and outcome.scores == a.scores
    assert a.decisions == len(a.record["actions"])
    assert sum(a.win_shares) == pytest.approx(1.0)
    assert a.turns is not None and 1 <= a.turns <= a.decisions


def test_play_game_refuses_a_bot_that_breaks_the_rules() -> None:
    register_bot("cheat", lambda game, seed, opts: CheatBot())
    with pytest.raises(BotError, match=r"bot 'cheat' in seat \d chose play 6"):
        for seed in range(20):  # some deal puts no 6 in a hand that must play
            play_game(GAME_ID, 2, ["cheat", "cheat"], seed=seed)


def test_play_game_checks_bot_count_and_runaway_games() -> None:
    with pytest.raises(BotError, match="3 players need 3 bots, got 2"):
        play_game(GAME_ID, 3, ["random", "random"], seed=1)
    with pytest.raises(herna.HernaError, match="no end after 2 decisions"):
        play_game(GAME_ID, 2, ["random", "random"], seed=1, max_decisions=2)


# ----- tournaments -----------------------------------------------------------------------------
def test_seeds_are_derived_stably() -> None:
    assert derive_seed(0, "game", 0) == derive_seed(0, "game", 0)
    assert derive_seed(0, "game", 0) != derive_seed(0, "game", 1)
    assert derive_seed(7, "game", 3) == 8667245756797238060  # pinned: old results stay valid
    assert game_seed(5, 4, 3, rotate_seats=True) == game_seed(5, 3, 3, rotate_seats=True)
    assert seat_bots(("a", "b", "c"), 1, True) == ("b", "c", "a")
    assert seat_bots(("a", "b", "c"), 1, False) == ("a", "b", "c")


def test_tournament_is_identical_whatever_the_worker_count() -> None:
    seen: list[tuple[int, int]] = []
    one = run_tournament(GAME_ID, 3, ["random"] * 3, games=40, seed=3, workers=1,
                         progress=lambda done, total: seen.append((done, total)))
    two = run_tournament(GAME_ID, 3, ["random"] * 3, games=40, seed=3, workers=2)
    assert one.to_json() == two.to_json()
    assert seen[-1] == (40, 40) and len(seen) == 40
    other = run_tournament(GAME_ID, 3, ["random"] * 3, games=40, seed=4)
    assert other.to_json() != one.to_json()


def test_tournament_statistics_add_up() -> None:
    result = run_tournament(GAME_ID, 2, ["random", "random:"], games=30, seed=1,
                            options={"target": 15})
    seats = result.per_seat()
    assert [s.label for s in seats] == ["seat 0", "seat 1"]
    assert sum(s.wins.wins for s in seats) == pytest.approx(30)  # ties are shared, not lost
    for s in seats:
        assert s.wins.games == 30
        assert s.wins.ci_low <= s.wins.share <= s.wins.ci_high
        assert s.score.ci_low <= s.score.mean <= s.score.ci_high
        assert s.decisions.min <= s.decisions.mean <= s.decisions.max
    # "random:" is "random": one bot, over both seats
    (bot,) = result.per_bot()
    assert bot.label == "random" and bot.wins.games == 60
    data = json.loads(result.to_json())
    assert data["options"] == {"target": 15}
    assert data["per_seat"][0]["wins"]["games"] == 30
    assert len(data["results"]) == 30 and data["decisions"]["n"] == 30
    assert max(g.scores[0] - g.scores[0] % 1 for g in result.results) <= 15 + 10


def test_rotation_plays_each_deal_in_every_seat() -> None:
    register_bot("first", lambda game, seed, opts: _build_first(seed, opts))
    result = run_tournament(GAME_ID, 2, ["first", "random"], games=6, seed=2,
                            rotate_seats=True)
    assert [g.bots for g in result.results[:2]] == [("first", "random"), ("random", "first")]
    assert result.results[0].seed == result.results[1].seed != result.results[2].seed
    by_bot = {g.label: g for g in result.per_bot()}
    assert by_bot["first"].wins.games == by_bot["random"].wins.games == 6


def test_tournament_fails_fast_on_bad_input() -> None:
    with pytest.raises(herna.BadOption):
        run_tournament(GAME_ID, 5, ["random"] * 5, games=2)
    with pytest.raises(herna.BadOption):
        run_tournament(GAME_ID, 2, ["random"] * 2, games=2, options={"colour": "red"})
    with pytest.raises(BotError, match="unknown bot"):
        run_tournament(GAME_ID, 2, ["random", "wizard"], games=2)
    with pytest.raises(BotError, match="at least one game"):
        run_tournament(GAME_ID, 2, ["random"] * 2, games=0)
    with pytest.raises(herna.UnknownGame):
        run_tournament("no-such-game", 2, ["random"] * 2, games=1)


def test_toy_state_keeps_the_contract() -> None:
    """The toy must itself be honest, or the tests above prove little."""
    state = herna.make(GAME_ID, players=3, seed=9)
    assert isinstance(state, ToyState)
    view = state.view(1)
    assert view["hands"][0] is None and view["hands"][1] is not None
    with pytest.raises(herna.IllegalAction, match="cannot read"):
        state.apply(0, "draw")
    before = state.record()
    copy = state.copy()
    copy.apply(0, copy.legal_actions(0)[0])
    assert state.record() == before
    det = state.determinize(0, 5)
    assert det.view(0) == state.view(0)


def test_alhambra_tournament_with_random_bots() -> None:
    if "alhambra" not in herna.game_ids():
        pytest.skip("the Alhambra engine is not registered")
    result = run_tournament("alhambra", 3, ["random"] * 3, games=2, seed=1)
    assert sum(s.wins.wins for s in result.per_seat()) == pytest.approx(2)
    decisions, turns = result.lengths()
    assert decisions.min > 50 and turns is not None
    for game in result.results:
        assert game.scores == play_game("alhambra", 3, ["random"] * 3, game.seed).scores
