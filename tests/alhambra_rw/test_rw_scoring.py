"""The seed's clean examples (rules/alhambra-rw.md, "Test cases straight from the seed") and
the scoring functions the engine and the score pad share."""

from __future__ import annotations

import pytest

from herna.games.alhambra_rw import data
from herna.games.alhambra_rw.scoring import (
    coin_points,
    final_building_points,
    in_play_award,
    in_play_points,
    line_points,
    places_used,
)

SERAGLIO = (17, 9, 2)
ARCADES = (18, 10, 3)
TOWER = (21, 13, 6)


def test_two_players_completing_seraglio_in_one_round_share_13_each() -> None:
    """Patricia and Frank fill the palaces in the same round: (17 + 9) / 2 = 13 each."""
    assert in_play_award(0, 2, SERAGLIO) == 13
    # Barbara, Dirk, Patricia, Frank, Ani: Patricia (2) and Frank (3) entered as place 1
    assert in_play_points({2: 1, 3: 1}, SERAGLIO) == {2: 13, 3: 13}


def test_final_arcades_18_6_6() -> None:
    """Patricia 4 is first with 18; Barbara 2 and Dirk 2 share 2nd+3rd, 13 / 2 -> 6; Frank
    with 1 gets nothing; Ani with 0 cannot score."""
    barbara, dirk, patricia, frank, ani = 2, 2, 4, 1, 0
    points = final_building_points([barbara, dirk, patricia, frank, ani], ARCADES, {})
    assert points == [6, 6, 18, 0, 0]


def test_final_towers_13_6_after_an_early_first_place() -> None:
    """Ani took 1st during play: now only Barbara (5) takes 2nd for 13 and Dirk (4) 3rd for 6."""
    counts = [5, 4, 1, 3, 8]  # Barbara, Dirk, Patricia, Frank, Ani
    assert final_building_points(counts, TOWER, {4: 1}) == [13, 6, 0, 0, 0]


def test_two_player_arcades_the_virtual_players_share_is_lost() -> None:
    """Barbara 1, Ani 2, virtual Dirk 1: Ani 18, Barbara and Dirk split 10 + 3 -> 6 each;
    the virtual player's 6 go to nobody (the engine drops them)."""
    points = final_building_points([1, 2, 1], ARCADES)
    assert points == [6, 18, 6]
    human_points = points[:2]
    assert sum(human_points) == 24  # 18 + 6: Dirk's 6 are not handed to anyone


def test_lines_with_6_5_and_4_built_give_17() -> None:
    """Dirk: one full row (10), one column with 5 (5) and one with 4 (2)."""
    built = [[False] * 6 for _ in range(6)]
    for c in range(6):
        built[0][c] = True  # row blue 1: 6 built
    for r in range(1, 5):
        built[r][0] = True  # column yellow 1: rows 1-5 -> 5 built
    for r in range(1, 4):
        built[r][5] = True  # column yellow 6: rows 1-4 -> 4 built
    assert line_points(built) == 17


def test_three_unspent_coins_give_1_vp() -> None:
    assert coin_points(3) == 1
    assert [coin_points(n) for n in range(6)] == [0, 0, 1, 1, 2, 2]
    with pytest.raises(ValueError):
        coin_points(-1)


def test_lines_of_three_or_fewer_score_nothing() -> None:
    built = [[c < 3 for c in range(6)] for _ in range(6)]  # columns full, rows of 3
    assert line_points(built) == 3 * 10


def test_line_points_checks_the_grid_shape() -> None:
    with pytest.raises(ValueError):
        line_points([[True] * 6] * 5)


def test_places_used_counts_tied_completers_and_refuses_gaps() -> None:
    assert places_used({}) == 0
    assert places_used({0: 1, 1: 1, 2: 3}) == 3
    with pytest.raises(ValueError, match="place 1"):
        places_used({0: 2})
    with pytest.raises(ValueError):
        places_used({0: 0})


def test_three_tied_for_second_share_second_and_third() -> None:
    """Places past 3rd are worth 0: (10 + 3 + 0) / 3 -> 4 each."""
    assert final_building_points([5, 2, 2, 2], ARCADES) == [18, 4, 4, 4]


def test_a_paid_virtual_player_is_left_out_of_the_final_ranking() -> None:
    """Virtual Dirk completed first (place 1 used): Barbara and Ani play for 2nd and 3rd."""
    assert final_building_points([3, 2, 6], TOWER, {2: 1}) == [13, 6, 0]


def test_no_place_left_pays_nothing() -> None:
    assert final_building_points([4, 3, 2, 1], ARCADES, {0: 1, 1: 2, 2: 3}) == [0, 0, 0, 0]


def test_data_boxes_equal_grid_cells_per_type() -> None:
    for t, name in enumerate(data.BUILDING_TYPES):
        assert sum(row.count(name) for row in data.GRID_NAMES) == data.BOXES[t]
    assert data.BOXES == (4, 4, 6, 6, 8, 8)
    assert data.DATA_STATUS["grid"] == "RECONSTRUCTION"


def test_data_check_reports_a_grid_that_does_not_match_the_boxes() -> None:
    bad = {**data.META, "grid": [list(r) for r in data.META["grid"]]}
    bad["grid"][0][0] = "tower"  # one pavilion becomes a tower
    problems = data.check(bad)
    assert any("pavilion" in p and "3 cells" in p for p in problems)
    assert any("tower" in p and "9 cells" in p for p in problems)
    assert data.check(data.META) == []
