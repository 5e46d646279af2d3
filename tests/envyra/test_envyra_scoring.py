"""Set partitions: the exact search against brute force over every partition."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from herna.games.envyra.data import SET_POINTS, SYMBOLS_PER_THEME, THEMES
from herna.games.envyra.scoring import best_sets, leftovers, set_points

SYMBOLS = {"orange": ["sun", "fire", "mountain", "desert"],
           "green": ["leaf", "tree", "flower", "grass"],
           "blue": ["sea", "drop", "cloud", "snowflake"]}
PAIRS = [(th, sy) for th in THEMES for sy in SYMBOLS[th]]


def brute(tiles: list[tuple[str, str]]) -> int:
    """Every way to deal the tiles into groups of distinct symbols of one theme."""
    @cache
    def go(rest: tuple[tuple[str, str], ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = go(others)  # the first tile stays loose
        n = len(others)
        for mask in range(1, 1 << n):
            group = [others[i] for i in range(n) if mask >> i & 1]
            members = [first, *group]
            if len({p[0] for p in members}) != 1 or len({p[1] for p in members}) != len(members):
                continue
            left = tuple(others[i] for i in range(n) if not mask >> i & 1)
            best = max(best, SET_POINTS[len(members)] + go(left))
        return best

    return go(tuple(sorted(tiles)))


tile_lists = st.lists(st.sampled_from(PAIRS), max_size=11)


@settings(max_examples=150, deadline=None)
@given(tile_lists)
def test_set_points_equal_brute_force(tiles: list[tuple[str, str]]) -> None:
    assert set_points(tiles) == brute(tiles)


@settings(max_examples=150, deadline=None)
@given(tile_lists)
def test_best_sets_is_a_valid_partition_reaching_the_maximum(
        tiles: list[tuple[str, str]]) -> None:
    sets = best_sets(tiles)
    assert sum(SET_POINTS[len(s)] for s in sets) == set_points(tiles)
    for s in sets:
        assert 2 <= len(s) <= SYMBOLS_PER_THEME
        assert len({p[0] for p in s}) == 1 and len({p[1] for p in s}) == len(s)
    leftovers(tiles, sets)  # raises if a set uses a tile that is not there


def test_set_values_from_the_rulebook() -> None:
    assert set_points([("blue", "sea"), ("blue", "drop")]) == 2
    assert set_points([("blue", "sea"), ("blue", "drop"), ("blue", "cloud")]) == 4
    assert set_points([("blue", x) for x in SYMBOLS["blue"]]) == 7
    assert set_points([("blue", "sea"), ("blue", "sea")]) == 0
    assert set_points([("blue", "sea"), ("green", "leaf")]) == 0  # one theme per set
    # two sets of one theme: 4+4 beats 7+0 for sun,fire,mountain,desert,sun,fire... layering
    two = [("orange", s) for s in ("sun", "fire", "mountain", "desert", "sun", "fire")]
    assert set_points(two) == 7 + 2


def test_unknown_names_are_refused() -> None:
    import pytest
    with pytest.raises(ValueError):
        set_points([("purple", "sun")])
    with pytest.raises(ValueError):
        set_points([("blue", "sun")])
