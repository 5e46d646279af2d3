"""Practice puzzles (herna.games.ubongo.practice): a level and a seed name one puzzle, graded
by the generator in its level's band, checked by the engine's own check; one solution laid
in a person's order; the ladder's rule."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from herna.games.ubongo import practice
from herna.games.ubongo.generator import grade
from herna.games.ubongo.solver import count_solutions, placement_counts


def test_a_level_and_a_seed_name_one_puzzle() -> None:
    a = practice.make(3, 77)
    practice.make.cache_clear()
    practice.svg.cache_clear()
    b = practice.make(3, 77)
    assert a is not b and a == b and a.id == "3-77"
    assert practice.svg(3, 77, "en") == practice.svg(3, 77, "en")
    others = {(practice.make(3, s).outline, practice.make(3, s).pieces) for s in range(8)}
    assert len(others) >= 6  # seeds give other puzzles (two may meet by chance)


def test_each_level_is_graded_in_its_band_and_harder_than_the_one_below() -> None:
    for seed in (1, 2, 3):
        graded = []
        for band in practice.LEVELS:
            p = practice.make(band.number, seed)
            again = grade(p.outline, p.pieces)  # the generator grades it afresh
            assert again == p.grade
            assert band.lo <= again.difficulty < band.hi, (band, again)
            assert p.k == band.k and count_solutions(p.outline, p.pieces) == again.solutions
            graded.append(again.difficulty)
        assert graded == sorted(graded) and len(set(graded)) == len(graded), graded
    bands = [(b.lo, b.hi) for b in practice.LEVELS]
    assert all(hi == lo for (_, hi), (lo, _) in itertools.pairwise(bands))


def test_the_target_is_the_easy_bots_median_and_grows_with_the_level() -> None:
    targets = [practice.make(n, 5).target for n in range(1, practice.TOP + 1)]
    assert targets == sorted(targets) and targets[0] >= 10
    p = practice.make(6, 5)
    assert p.slow == 2 * p.target


def test_the_daily_puzzle_follows_the_date() -> None:
    monday = dt.date(2026, 3, 2)
    assert practice.daily(monday) == practice.daily(dt.date(2026, 3, 2))
    assert practice.daily(monday).id == "2-20260302"
    assert practice.daily(monday + dt.timedelta(days=6)).level == 8  # Sunday: the hardest
    assert practice.daily(monday) != practice.daily(monday + dt.timedelta(days=7))


def test_the_solution_covers_the_card_in_a_persons_order() -> None:
    for level in (1, 5, 10):
        p = practice.make(level, 11)
        laid = practice.solution(p)
        assert practice.check(p, laid) is None
        assert sorted(x[0] for x in laid) == sorted(p.pieces)
        places = dict(zip(p.pieces, placement_counts(p.outline, p.pieces), strict=True))
        assert [places[x[0]] for x in laid] == sorted(places[x[0]] for x in laid)
        cells = [tuple(c) for x in laid for c in practice.placement_json(x)["cells"]]
        assert len(cells) == len(set(cells)) and set(cells) == set(p.outline.cells)


def test_the_check_says_why_not() -> None:
    p = practice.make(4, 9)
    laid = list(practice.solution(p))
    assert practice.check(p, laid) is None
    assert "not covered" in (practice.check(p, laid[:-1]) or "")
    letter, o, r, c = laid[0]
    assert "overlap" in (practice.check(p, [*laid, (letter, o, r, c)]) or "") or \
        "twice" in (practice.check(p, [*laid, (letter, o, r, c)]) or "")
    stranger = next(x for x in "ABCDEFGHIJKL" if x not in p.pieces)
    assert f"piece {stranger} is not in this puzzle" in (
        practice.check(p, [(stranger, 0, 0, 0), *laid[1:]]) or "")
    assert "leaves the light area" in (practice.check(p, [(letter, o, r + 20, c), *laid[1:]])
                                       or "")


def test_placements_are_read_strictly() -> None:
    assert practice.parse_placements("solve A0@0,0 C3@1,2") == (("A", 0, 0, 0), ("C", 3, 1, 2))
    assert practice.parse_placements("a1@2,3") == (("A", 1, 2, 3),)
    assert practice.parse_placements([{"piece": "K", "orientation": 1, "row": 0, "col": 2}]) \
        == (("K", 1, 0, 2),)
    for bad in ("", "solve", "A0@0", "A0@0,0 junk", "Z0@0,0", "A0@-1,0", 7, [], [{}],
                [{"piece": "A", "orientation": True, "row": 0, "col": 0}],
                [{"piece": "A", "orientation": 0, "row": 0, "col": 0, "extra": 1}],
                [{"piece": 5, "orientation": 0, "row": 0, "col": 0}], "A0@0,0 " * 13):
        with pytest.raises(practice.PracticeError):
            practice.parse_placements(bad)


@pytest.mark.parametrize(("seconds", "level", "want"), [
    (10.0, 3, (4, "up", "fast")), (20.0, 3, (4, "up", "fast")),
    (20.1, 3, (3, "stay", "steady")), (40.0, 3, (3, "stay", "steady")),
    (40.1, 3, (2, "down", "slow")), (None, 3, (2, "down", "gave_up")),
    (5.0, practice.TOP, (practice.TOP, "stay", "fast")), (None, 1, (1, "stay", "gave_up")),
])
def test_the_ladder(seconds: float | None, level: int, want: tuple[int, str, str]) -> None:
    assert practice.ladder(level, seconds, 20) == want


def test_ids_and_levels_are_checked() -> None:
    assert practice.parse_id("10-2147483647") == (10, 2147483647)
    for bad in ("0-1", "11-1", "3-2147483648", "3", "3-", "-3", "3-1-1", " 3-1", 31, None):
        with pytest.raises(practice.PracticeError):
            practice.parse_id(bad)
    with pytest.raises(practice.PracticeError):
        practice.make(0, 1)
    with pytest.raises(practice.PracticeError):
        practice.make(1, -1)
