"""Ubongo bots: the race's skill model and the gem chooser (deterministic seeds)."""

from __future__ import annotations

import pytest

import herna
from herna.ai.registry import make_bot
from herna.core import Rng
from herna.games.ubongo import actions as A
from herna.games.ubongo import rules
from herna.games.ubongo.bots import GreedyBot, RandomGemBot
from herna.games.ubongo.deck import Grade
from herna.games.ubongo.state import UbongoState


def play(players: int, seed: int, bots: list[GreedyBot]) -> UbongoState:
    s = herna.make("ubongo", players=players, seed=seed)
    assert isinstance(s, UbongoState)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].act(s, seat))
    return s


def test_greedy_gem_choice_beats_a_random_gem_chooser_at_equal_speed() -> None:
    """Two players, the same medium racer on both sides; only the gem choice differs. The
    greedy seat alternates; it must win at least 80% of 40 seeded games."""
    share = 0.0
    games = 40
    for seed in range(games):
        g = seed % 2
        bots = [(GreedyBot if i == g else RandomGemBot)(seed=seed * 10 + i) for i in range(2)]
        out = play(2, seed, bots).outcome()
        assert out is not None
        share += out.win_shares()[g]
    assert share / games >= 0.8


def test_bots_are_deterministic_for_their_seed() -> None:
    a = play(3, 5, [GreedyBot(seed=i) for i in range(3)]).record()
    b = play(3, 5, [GreedyBot(seed=i) for i in range(3)]).record()
    assert a == b


def test_a_bot_submits_a_real_solution_or_passes() -> None:
    s = herna.make("ubongo", players=2, seed=3)
    bot = GreedyBot(seed=1)
    while s.phase == rules.START:
        s.apply(s.to_act()[0], bot.act(s, s.to_act()[0]))
    a = bot.act(s, 0)
    assert isinstance(a, (A.SolveAction, A.PassAction))
    s.apply(0, a)  # checked exactly by apply


def test_skill_orders_the_solve_times() -> None:
    g = Grade(solutions=1, nodes=100, difficulty=0.5)
    means = {}
    for skill in rules.SKILLS:
        rng = Rng(7)
        means[skill] = sum(rules.draw_time(rng, skill, g, 3) for _ in range(400)) / 400
    assert means["easy"] > means["medium"] > means["hard"]


def test_harder_grades_take_longer() -> None:
    easy, hard = Grade(1, 10, 0.1), Grade(1, 1000, 0.9)
    assert rules.median_time("medium", hard, 4) > rules.median_time("medium", easy, 3)


def test_greedy_takes_the_pair_that_serves_its_top_colour() -> None:
    s = herna.make("ubongo", players=2, seed=1)
    assert isinstance(s, UbongoState)
    for seat in (0, 1):
        s.apply(seat, "start 3")
    s.gems[0] = [3, 0, 0, 0, 0, 0]  # three green
    s.rows = [[1, 1], [3, 4], [0, 0], [5, 5], [2, 2], [1, 2]]
    sol = rules.first_placements(s, 0)
    s.apply(0, A.SolveAction(sol, 50, s.timer).text())
    s.apply(1, "pass")
    assert str(GreedyBot().act(s, 0)) == "move 0"  # field 3: two green


def test_the_greedy_bot_is_found_by_name_with_a_skill() -> None:
    bot = make_bot("greedy:skill=hard", "ubongo", seed=1)
    assert isinstance(bot, GreedyBot) and bot.skill == "hard"
    with pytest.raises(ValueError):
        GreedyBot(skill="expert")
