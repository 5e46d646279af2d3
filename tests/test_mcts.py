"""IS-MCTS and the bot levels, across games: UCT on Toy 21, legality, determinism, budgets."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# pytest runs in importlib mode: put tests/ on the path so toygame imports
sys.path.insert(0, str(Path(__file__).parent))

import herna
from herna import Rng
from herna.ai import BotError, make_bot
from herna.ai.mcts import Hooks, MctsBot, hooks_for, reward
from herna.ai.registry import level, split_bot_list
from herna.core import IllegalAction, State
from toygame import GAME_ID, ToyState, register_toy

GAMES = [("alhambra", 2), ("alhambra", 3), ("alhambra-rw", 2), ("alhambra-rw", 1),
         ("envyra", 2), ("envyra", 3), ("ubongo", 2), ("ubongo", 3)]


@pytest.fixture(autouse=True)
def toy() -> None:
    register_toy()


def toy_position() -> ToyState:
    """Total 15 of 21, seat 0 holds a 6 and a 2: only `play 6` wins now (hit 21 exactly,
    +10, game over); after `play 2` the rival may hit 21 with a 4 from its hand."""
    s = herna.make(GAME_ID, players=2, seed=1)
    assert isinstance(s, ToyState)
    s.total = 15
    s.hands = [[2, 6], [3, 4]]
    s.points = [8, 7]
    s.current = 0
    return s


def test_uct_finds_the_winning_move_in_toy_21() -> None:
    s = toy_position()
    bot = MctsBot(seed=3, iterations=300, rollout="random")
    assert str(bot.act(s, 0)) == "play 6"
    root = bot.search(s, 0)
    table = root.tables[0]
    six = next(a for a in s.legal_actions(0) if str(a) == "play 6")
    visits = {code: st[0] for code, st in table.stats.items()}
    assert visits[six.code] == max(visits.values())
    assert table.stats[six.code][1] / table.stats[six.code][0] > 0.9  # a sure win


def test_uct_beats_random_at_toy_21() -> None:
    from herna.ai.arena import run_tournament

    r = run_tournament(GAME_ID, 2, ["mcts:iterations=150,rollout=random", "random"], 24,
                       seed=5, rotate_seats=True)
    mcts = r.per_bot()[0]
    assert mcts.wins.share > 0.5


def test_single_legal_action_is_returned_without_search() -> None:
    s = toy_position()
    s.hands[0] = [6, 6]
    s.total = 16  # nothing fits: only pass
    bot = MctsBot(iterations=50)
    assert str(bot.act(s, 0)) == "pass"
    assert bot.last_iterations == 0


def test_time_budget_stops() -> None:
    s = herna.make("alhambra", players=2, seed=4)
    bot = MctsBot(seed=1, time=0.05, depth=4)
    action = bot.act(s, s.to_act()[0])
    assert action in s.legal_actions(s.to_act()[0])
    assert 1 <= bot.last_iterations < 100_000


def test_reward_shares_ties_and_blends_margin() -> None:
    s = toy_position()
    s.over = True
    s.points = [10, 10]
    assert reward(s, 0.0) == [0.5, 0.5]
    s.points = [12, 4]
    low = reward(s, 0.2)
    assert low[0] > 0.8 and low[1] < 0.2
    assert all(0.0 <= v <= 1.0 for v in low)


@pytest.mark.parametrize("spec", ["mcts:rollout=sideways", "mcts:iterations=0",
                                  "mcts:horizon=sideways",
                                  "mcts:margin=2", "mcts:bogus=1", "hard:bogus=1"])
def test_bad_options_are_clear_errors(spec: str) -> None:
    with pytest.raises(BotError):
        make_bot(spec, "alhambra", 0)


def test_levels_and_specs() -> None:
    assert split_bot_list("hard,greedy") == ["hard", "greedy"]
    assert split_bot_list("mcts:iterations=2000,c=1.4,easy") == [
        "mcts:iterations=2000,c=1.4", "easy"]
    bot = make_bot("mcts:iterations=2000", "alhambra", 1)
    assert isinstance(bot, MctsBot) and bot.iterations == 2000
    hard = make_bot("hard:iterations=77", "envyra", 1)
    assert isinstance(hard, MctsBot) and hard.iterations == 77
    for game in ("alhambra", "alhambra-rw", "envyra", "ubongo"):
        assert level(game, "medium") == ("greedy", {})
        assert level(game, "hard")[0] == "mcts"
        assert make_bot("easy", game, 0).name == "greedy"
        assert isinstance(make_bot("hard", game, 0), MctsBot)
    # a game without a greedy bot plays its levels with what it has
    assert make_bot("easy", GAME_ID, 0).name == "random"
    assert isinstance(make_bot("hard", GAME_ID, 0), MctsBot)


def _random_states(game: str, players: int, seed: int, every: int) -> list[State]:
    """Positions along a random game (copies), for bots to be asked about."""
    s = herna.make(game, players=players, seed=seed)
    r = Rng(seed)
    out = []
    k = 0
    while not s.is_over():
        seat = s.to_act()[0]
        if k % every == 0:
            out.append(s.copy())
        s.apply_unchecked(seat, r.choice(s.legal_actions(seat)))
        k += 1
    return out


def _accepts(state: State, seat: int, action: object) -> bool:
    try:
        state.copy().apply(seat, action)  # type: ignore[arg-type]
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_bots_only_choose_legal_actions(game: str, players: int) -> None:
    specs = ["easy", "medium", "mcts:iterations=12,depth=3", "mcts:iterations=8,rollout=random"]
    bots = [make_bot(spec, game, 11) for spec in specs]
    states = _random_states(game, players, seed=7, every=9)
    assert states
    for s in states[:12]:
        for seat in s.to_act():
            for spec, bot in zip(specs, bots, strict=True):
                before = s.view(None)
                action = bot.act(s, seat)
                assert _accepts(s, seat, action), f"{spec} chose {action} in {game}"
                assert s.view(None) == before, f"{spec} changed the state it was shown"


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_search_is_deterministic_for_a_seed(game: str, players: int) -> None:
    s = _random_states(game, players, seed=3, every=5)[2]
    seat = s.to_act()[0]
    picks = [str(MctsBot(seed=9, iterations=40, depth=6).act(s, seat)) for _ in range(2)]
    assert picks[0] == picks[1]
    roots = [MctsBot(seed=9, iterations=40, depth=6).search(s, seat) for _ in range(2)]
    assert {k: t.stats for k, t in roots[0].tables.items()} == \
        {k: t.stats for k, t in roots[1].tables.items()}


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_game_hooks_are_sound(game: str) -> None:
    hooks = hooks_for(game)
    assert hooks.rollout_policy is not None and hooks.evaluate is not None
    rng = Rng(2)
    for s in _random_states(game, 3, seed=2, every=7)[:10]:
        values = list(hooks.evaluate(s))
        assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)
        for seat in s.to_act():
            assert _accepts(s, seat, hooks.rollout_policy(s, seat, rng))
            if hooks.prior is not None:
                legal = s.legal_actions(seat)
                assert len(hooks.prior(s, seat, legal)) == len(legal)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_hard_beats_greedy(game: str) -> None:
    """A small match (the benchmark runs the big ones): hard wins more than half."""
    from herna.ai.arena import run_tournament

    r = run_tournament(game, 2, ["hard", "greedy"], 8, seed=1, workers=2, rotate_seats=True)
    assert r.per_bot()[0].wins.share > 0.5


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_flat_search_is_legal_and_deterministic(game: str, players: int) -> None:
    """Flat search with the greedy bot playing every seat's playouts, cut at the next turn
    (or after 4 plies where a game has no turn hook): legal, and the same for a seed."""
    for s in _random_states(game, players, seed=5, every=23)[1:4]:
        seat = s.to_act()[0]
        before = s.view(None)
        picks = [MctsBot(seed=4, iterations=6, top=3, flat=True, rollout="bot",
                         horizon="turn", depth=4).act(s, seat) for _ in range(2)]
        assert str(picks[0]) == str(picks[1]) and _accepts(s, seat, picks[0])
        assert s.view(None) == before


def test_turn_horizon_cuts_playouts_where_the_game_says() -> None:
    s = herna.make("alhambra", players=2, seed=3)
    cut = Hooks(evaluate=lambda st: [0.25, 0.75], turn_start=lambda st, seat: True)
    bot = MctsBot(seed=1, horizon="turn", rollout="random")
    assert bot._rollout(s.copy(), 0, cut) == [0.25, 0.75]  # one ply, then judged
    never = Hooks(evaluate=lambda st: [0.25, 0.75], turn_start=lambda st, seat: False)
    end = bot._rollout(s.copy(), 0, never)  # played to the end: a real result
    assert end != [0.25, 0.75] and abs(sum(end) - 1.0) < 0.2
    # Alhambra's hook: the seat is about to take the first action of its turn
    turn_start = hooks_for("alhambra").turn_start
    assert turn_start is not None
    seat = s.to_act()[0]
    assert turn_start(s, seat) and not turn_start(s, 1 - seat)


def test_a_game_may_ship_its_own_search_bot() -> None:
    """Ubongo's search races at a chosen skill: `hard:skill=medium` is the hard level at the
    greedy's solving speed (the benchmark's "equal solving speed"); other games refuse it."""
    bot = make_bot("hard:skill=medium", "ubongo", 1)
    assert isinstance(bot, MctsBot) and getattr(bot, "skill", None) == "medium"
    with pytest.raises(BotError):
        make_bot("hard:skill=medium", "alhambra", 1)


def test_the_search_draws_its_determinizations_from_the_games_hook() -> None:
    """Envyra's hook redraws a rival's sealed mark from a model of a player: the seat's view
    is kept, and the search draws every determinization through the hook."""
    from herna.games.envyra import rules as envyra_rules

    s = herna.make("envyra", players=2, seed=4)
    greedy = make_bot("greedy", "envyra", 1)
    while not (s.phase == envyra_rules.MARKING and s.to_act() == (1,)):  # type: ignore[attr-defined]
        seat = s.to_act()[0]
        s.apply(seat, greedy.act(s, seat))
    hooks = hooks_for("envyra")
    assert hooks.determinize is not None
    for k in range(5):
        d = hooks.determinize(s, 1, Rng(k))
        assert d.view(1) == s.view(1)
        assert _accepts(d, 1, greedy.act(d, 1))
    drawn = []

    def counting(state: State, seat: int, rng: Rng) -> State:
        drawn.append(seat)
        assert hooks.determinize is not None
        return hooks.determinize(state, seat, rng)

    from dataclasses import replace

    MctsBot(seed=2, iterations=20, depth=4).search(s, 1, replace(hooks, determinize=counting))
    assert drawn == [1] * 20


def test_judge_rates_a_losing_move_below_the_winning_one() -> None:
    """A review's search: the move played is searched beside the bot's own choice; the
    winning `play 6` is the best, and `play 2`, after which the rival may win, loses chances."""
    s = toy_position()
    six, two = (next(a for a in s.legal_actions(0) if str(a) == f"play {n}") for n in (6, 2))
    best, before, after = MctsBot(seed=3, iterations=300, rollout="random").judge(s, 0, two)
    assert str(best) == "play 6" and before is not None and after is not None
    assert before > 0.9 and after < before - 0.2
    best, before, after = MctsBot(seed=3, iterations=300, rollout="random").judge(s, 0, six)
    assert str(best) == "play 6" and before == after


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_judge_gives_the_move_played_a_value_at_the_hard_budget(game: str,
                                                                players: int) -> None:
    """Whatever was played (here the last legal move, rarely a favourite), the hard level's
    search judges it: a value in [0, 1] no better than its best move's, the same for a seed;
    a decision the game samples (Ubongo's race) has none."""
    judged = 0
    for s in _random_states(game, players, seed=6, every=11)[1:6]:
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        if len(legal) < 2:
            continue
        played = legal[-1]
        got = [make_bot("hard", game, 5).judge(s.copy(), seat, played)  # type: ignore[attr-defined]
               for _ in range(2)]
        assert (str(got[0][0]), got[0][1:]) == (str(got[1][0]), got[1][1:])
        best, before, after = got[0]
        if before is None:
            assert game == "ubongo" and after is None
            continue
        assert _accepts(s, seat, best) and after is not None
        assert 0.0 <= after <= before <= 1.0
        judged += 1
    assert judged >= 1
