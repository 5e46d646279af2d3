"""Alhambra scoring and building rules, checked against the rulebook's own examples (seed 004)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

import pytest
import typer
from typer.testing import CliRunner

from herna.games.alhambra.data import DIRECTIONS, TILES
from herna.games.alhambra.scorepad import score_command
from herna.games.alhambra.scoring import (
    building_breakdown,
    building_points,
    explain_building_points,
    layout_problems,
    longest_wall,
    place_points,
    score_round,
)

Layout = dict[tuple[int, int], int]

# A legal Alhambra whose outer wall is one closed ring of 12 sides around the fountain:
#   4(TL)  5(T)  9(TR)
#   12(L)  0     6(R)
#   2(BL) 13(B)  3(RB)
WALLED_RING: Layout = {
    (0, 0): 4, (1, 0): 5, (2, 0): 9,
    (0, 1): 12, (1, 1): 0, (2, 1): 6,
    (0, 2): 2, (1, 2): 13, (2, 2): 3,
}  # fmt: skip
OPEN_TILES = [7, 14, 22, 23, 31, 32, 41, 42, 52, 53]  # building tiles without any wall


# --- building majorities ---------------------------------------------------------------------


def test_rulebook_kim_and_nina_tie_on_four_towers_in_round_2() -> None:
    # "Kim a Nina mají po 4 fialových ... 13 + 6 = 19 bodů. Každý z nich dostane 9 bodů."
    counts = [{"tower": 4}, {"tower": 4}]
    assert building_points(counts, 2) == [9, 9]
    assert [row["tower"] for row in building_breakdown(counts, 2)] == [9, 9]
    assert place_points([4, 4], [13, 6]) == [9, 9]


def test_rulebook_round_3_pavilions_pay_16_8_1() -> None:
    counts = [{"pavilion": 1}, {"pavilion": 3}, {"pavilion": 2}]
    assert building_points(counts, 3) == [1, 16, 8]


def test_round_2_towers_pay_13_then_6() -> None:
    # "Hráč s největším počtem fialových budov dostane 13 bodů ... s druhým ... 6 bodů."
    assert building_points([{"tower": 2}, {"tower": 5}], 2) == [6, 13]


def test_a_count_of_zero_earns_nothing() -> None:
    # A player needs at least one building of a type; 2nd place is not handed to a zero.
    assert place_points([3, 0], [13, 6]) == [13, 0]
    assert place_points([0, 0, 0], [21, 13, 6]) == [0, 0, 0]
    assert building_points([{"garden": 1}, {}, {"garden": 0}], 3) == [20, 0, 0]


@pytest.mark.parametrize(
    ("counts", "values", "expected"),
    [
        # two tie for 1st and share (21+13)//2 = 17; the next player is 3rd and takes 6
        ([5, 5, 3], [21, 13, 6], [17, 17, 6]),
        # the same in round 2, which pays no 3rd place
        ([5, 5, 3], [13, 6], [9, 9, 0]),
        # two tie for 2nd and share (13+6)//2 = 9
        ([5, 3, 3], [21, 13, 6], [21, 9, 9]),
        # three tie for 1st and share (21+13+6)//3 = 13; the 4th place pays nothing
        ([4, 4, 4, 1], [21, 13, 6], [13, 13, 13, 0]),
        # two tie for 1st sharing (20+12)//2 = 16, so the player with 3 is 3rd (5 points)
        ([2, 4, 4, 1, 3], [20, 12, 5], [0, 16, 16, 0, 5]),
        # a tie straddling the last paid place: 3rd and 4th share 5 + 0
        ([6, 5, 2, 2], [20, 12, 5], [20, 12, 2, 2]),
    ],
)
def test_ties_share_their_places_and_shift_later_places(
    counts: list[int], values: list[int], expected: list[int]
) -> None:
    assert place_points(counts, values) == expected


def test_three_way_tie_in_round_1() -> None:
    counts = [{"tower": 2, "pavilion": 1}, {"tower": 2, "pavilion": 1}, {"tower": 2, "pavilion": 1}]
    rows = building_breakdown(counts, 1)
    assert [row["tower"] for row in rows] == [2, 2, 2]  # 6 // 3
    assert [row["pavilion"] for row in rows] == [0, 0, 0]  # 1 // 3 rounds down to nothing
    lines = explain_building_points(counts, 1, ["Kim", "Nina", "Ola"])
    assert lines[-1] == "tower: Kim, Nina and Ola tie for 1st with 2 each and share 6 → 2 each"


def test_dirk_is_an_ordinary_entry() -> None:
    # Two players and Dirk: Dirk ties Kim for 1st, so Nina is only 3rd and unpaid in round 2.
    counts = [{"tower": 3, "garden": 1}, {"tower": 1}, {"tower": 3, "garden": 2}]
    assert building_points(counts, 2) == [9 + 5, 0, 9 + 12]


def test_breakdown_lists_every_type_for_every_player() -> None:
    rows = building_breakdown([{"arcades": 2}, {}], 3)
    assert rows == [
        {"pavilion": 0, "seraglio": 0, "arcades": 18, "chambers": 0, "garden": 0, "tower": 0},
        {"pavilion": 0, "seraglio": 0, "arcades": 0, "chambers": 0, "garden": 0, "tower": 0},
    ]


@pytest.mark.parametrize(
    ("counts", "round", "message"),
    [
        ([{"tower": 1}], 0, "round must be 1, 2 or 3"),
        ([{"tower": 1}], 4, "round must be 1, 2 or 3"),
        ([{"towers": 1}], 2, "unknown building type 'towers'"),
        ([{"purple": 1}], 2, "unknown building type 'purple'"),
        ([{}, {"tower": -1}], 2, "player 2: tower count cannot be negative"),
    ],
)
def test_bad_input_is_refused(counts: list[dict[str, int]], round: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        building_points(counts, round)


def test_explanation_follows_the_rulebook_example() -> None:
    lines = explain_building_points([{"tower": 4}, {"tower": 4}], 2, ["Kim", "Nina"])
    assert "tower: Kim and Nina tie for 1st with 4 each and share 13 + 6 = 19 → 9 each" in lines


def test_explanation_names_every_place() -> None:
    counts = [{"pavilion": 2, "tower": 1}, {"pavilion": 3, "tower": 1}, {"tower": 1}]
    lines = explain_building_points(counts, 2, ["Kim", "Nina", "Ola"])
    assert lines == [
        "pavilion: Nina is 1st with 3 → 8; Kim is 2nd with 2 → 1",
        "seraglio: nobody has one → no points",
        "arcades: nobody has one → no points",
        "chambers: nobody has one → no points",
        "garden: nobody has one → no points",
        "tower: Kim, Nina and Ola tie for 1st with 1 each and share 13 + 6 = 19 → 6 each",
    ]
    unpaid = explain_building_points([{"tower": 2}, {"tower": 1}], 1, ["Kim", "Nina"])[-1]
    assert (
        unpaid
        == "tower: Kim is 1st with 2 → 6; Nina is 2nd with 1 → nothing (round 1 pays only 1st)"
    )


def test_explanation_needs_one_name_per_player() -> None:
    with pytest.raises(ValueError, match="1 names for 2 players"):
        explain_building_points([{}, {}], 1, ["Kim"])


def test_score_round_adds_walls_and_dirk_scores_none() -> None:
    counts = [{"tower": 4}, {"tower": 4, "chambers": 1}, {"chambers": 2}]
    rows = score_round(counts, [8, 5, None], 2)
    assert [(row["tower"], row["chambers"], row["walls"], row["total"]) for row in rows] == [
        (9, 0, 8, 17),
        (9, 4, 5, 18),
        (0, 11, 0, 11),
    ]
    with pytest.raises(ValueError, match="2 wall entries for 3 players"):
        score_round(counts, [8, 5], 2)
    with pytest.raises(ValueError, match="wall length cannot be negative"):
        score_round(counts, [8, -1, None], 2)


# --- building rules --------------------------------------------------------------------------


def test_a_legal_alhambra_has_no_problems() -> None:
    assert layout_problems(WALLED_RING) == []
    assert layout_problems({(0, 0): 0}) == []
    # inner walls that meet each other are legal; both tiles are walkable round the back
    assert (
        layout_problems({(0, 0): 0, (1, 0): 9, (2, 0): 4, (0, 1): 7, (1, 1): 14, (2, 1): 22}) == []
    )


def test_rulebook_wall_against_an_open_side() -> None:
    # "Strana se zdí je připojena ke straně beze zdi." Tile 6 (wall on the right) meets the
    # open left side of tile 14; both are otherwise reachable, so that is the only problem.
    problems = layout_problems({(0, 0): 0, (1, 0): 7, (0, 1): 6, (1, 1): 14})
    assert len(problems) == 1
    assert "touching sides do not match" in problems[0]
    assert "tile 6 (pavilion) at (0,1) is walled on its right side" in problems[0]
    assert "tile 14 (seraglio) at (1,1) is open on its left side" in problems[0]


def test_rulebook_tower_walled_off_from_the_fountain() -> None:
    # "věž nemůže být dosažena ze startovní dlaždice aniž by nebylo nutno překročit zeď":
    # tile 6's right wall meets tower 49's left wall (legal), but that is the tower's only contact.
    problems = layout_problems({(0, 0): 0, (1, 0): 6, (2, 0): 49})
    assert problems == [
        "not reachable on foot from the fountain at (0,0) without crossing a wall or leaving "
        "the tiles: tile 49 (tower) at (2,0)"
    ]


def test_rulebook_corner_contact_only() -> None:
    # "Stavební dlaždice nejsou spojeny alespoň jednou stranou."
    problems = layout_problems({(0, 0): 0, (1, 1): 7})
    assert any("2 pieces" in p and "corner contact" in p and "(1,1)" in p for p in problems)
    assert any(p.startswith("not reachable on foot") and "(1,1)" in p for p in problems)


def test_rulebook_hole_enclosed_by_tiles() -> None:
    # "vytvoří v Alhambře prázdné místo obklopené budovami": a 3 x 3 square with its middle empty.
    ring = {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    layout = dict(zip(sorted(ring), [0, *OPEN_TILES], strict=False))
    assert layout_problems(layout) == [
        "hole: empty cell (1,1) is enclosed by tiles (no empty space may be cut off)"
    ]


def test_hole_sealed_by_corner_contact() -> None:
    # (1,0) and (0,1) touch only at a corner, yet empty space cannot slip between them, so
    # (1,1) is cut off; (0,0) stays open to the outside.
    cells = [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    layout = dict(zip(cells, [0, *OPEN_TILES], strict=False))
    assert layout_problems(layout) == [
        "hole: empty cell (1,1) is enclosed by tiles (no empty space may be cut off)"
    ]


def test_a_hole_of_several_cells_is_reported_once() -> None:
    ring = {(x, y) for x in range(4) for y in range(3)} - {(1, 1), (2, 1)}
    layout = dict(zip(sorted(ring), [0, *OPEN_TILES], strict=False))
    assert layout_problems(layout) == [
        "hole: empty cells (1,1), (2,1) are enclosed by tiles (no empty space may be cut off)"
    ]


def test_fountain_and_tile_identity_rules() -> None:
    assert layout_problems({(0, 0): 7}) == [
        "no fountain: the start tile (id 0) must be in the Alhambra"
    ]
    assert layout_problems({(0, 0): 0, (1, 0): 0}) == [
        "2 fountains at (0,0), (1,0): there is exactly one start tile"
    ]
    assert layout_problems({(0, 0): 0, (1, 0): 7, (2, 0): 7}) == [
        "tile 7 appears 2 times, at (1,0), (2,0): every tile exists once"
    ]
    assert layout_problems({(0, 0): 0, (1, 0): 55}) == [
        "(1,0) holds tile 55, which does not exist (ids run 0..54)"
    ]


# --- longest wall ----------------------------------------------------------------------------


def test_a_closed_ring_scores_every_side() -> None:
    assert longest_wall(WALLED_RING) == 12  # not 11: a closed ring has no loose end
    # 2 x 2 chambers: 28 (TL), 27 (TR), 26 (BL), 25 (RB); legality is not the point here
    assert longest_wall({(0, 0): 28, (1, 0): 27, (0, 1): 26, (1, 1): 25}) == 8


def test_rulebook_inner_walls_do_not_count() -> None:
    # "Za vnitřní zeď se body neudělují": 9's right wall meets 4's left wall; only the two
    # top sides form the outer wall, the inner walls neither count nor join anything.
    layout = {(0, 0): 0, (1, 0): 9, (2, 0): 4, (0, 1): 7, (1, 1): 14, (2, 1): 22}
    assert longest_wall(layout) == 2


def test_only_the_single_longest_wall_scores() -> None:
    # "Počítají se pouze body z nejdelší postavené zdi": a wall of 5 along the top and round
    # tile 47's corner, and a shorter wall of 2 round tile 2's corner.
    layout = {(-1, 0): 2, (0, 0): 0, (1, 0): 5, (2, 0): 20, (3, 0): 39, (4, 0): 47}
    assert layout_problems(layout) == []
    assert longest_wall(layout) == 5


def test_no_walls_score_nothing() -> None:
    assert longest_wall({}) == 0
    assert longest_wall({(0, 0): 0, (1, 0): 7}) == 0
    assert longest_wall({(0, 0): 5}) == 1


def test_walls_do_not_join_through_a_pinch_point() -> None:
    # Tile 45 (T, R, B walls) at (0,0) touches tile 9 (T, R walls) at (1,1) only by a corner.
    # Seen from outside, 45's right wall runs on into 9's top wall round the empty cell (1,0):
    # 45.T + 45.R + 9.T + 9.R = 4. 45's bottom wall faces the other empty cell (0,1) and is
    # cut off from the rest (9's left side there is open). Joining every side that merely
    # shares a corner would wrongly give 5.
    layout = {(0, 0): 45, (1, 1): 9}
    assert longest_wall(layout) == 4
    assert _longest_wall_by_shared_corners(layout) == 5


def test_wall_runs_do_not_leak_between_both_sides_of_a_pinch() -> None:
    # 13 (B wall) at (0,0) and 12 (L wall) at (1,1) both face the empty cell (0,1): one wall
    # turning round that cell's corner. Swap 12 for 5 (T wall, facing (1,0)) and the two
    # sides only share a lattice point across the pinch: two walls of 1.
    assert longest_wall({(0, 0): 13, (1, 1): 12}) == 2
    assert longest_wall({(0, 0): 13, (1, 1): 5}) == 1
    assert _longest_wall_by_shared_corners({(0, 0): 13, (1, 1): 5}) == 2


def _sides_as_segments(layout: Mapping[tuple[int, int], int]) -> list[frozenset[tuple[int, int]]]:
    """Walled outer sides as pairs of lattice points (an independent reading of the board)."""
    corners = {1: ((0, 0), (1, 0)), 2: ((1, 0), (1, 1)), 4: ((0, 1), (1, 1)), 8: ((0, 0), (0, 1))}
    segments = []
    for (x, y), tile_id in layout.items():
        for dx, dy, bit, _ in DIRECTIONS:
            if TILES[tile_id].walls & bit and (x + dx, y + dy) not in layout:
                (ax, ay), (bx, by) = corners[bit]
                segments.append(frozenset({(x + ax, y + ay), (x + bx, y + by)}))
    return segments


def _longest_wall_by_shared_corners(layout: Mapping[tuple[int, int], int]) -> int:
    """Naive continuity (any shared lattice point): right exactly when no outline pinches."""
    segments = _sides_as_segments(layout)
    best, seen = 0, set[int]()
    for start in range(len(segments)):
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            here = segments[stack.pop()]
            for other, segment in enumerate(segments):
                if other not in group and here & segment:
                    group.add(other)
                    stack.append(other)
        seen |= group
        best = max(best, len(group))
    return best


def _grown_legal_layouts(seed: int, count: int, tiles: int) -> Iterator[Layout]:
    """Random legal Alhambras, grown one legal placement at a time."""
    rng = random.Random(seed)
    for _ in range(count):
        layout: Layout = {(0, 0): 0}
        for tile_id in rng.sample(range(1, len(TILES)), tiles):
            frontier = sorted(
                {(x + dx, y + dy) for x, y in layout for dx, dy, _, _ in DIRECTIONS} - set(layout)
            )
            rng.shuffle(frontier)
            for cell in frontier:
                if not layout_problems({**layout, cell: tile_id}):
                    layout[cell] = tile_id
                    break
        yield layout


def test_longest_wall_matches_naive_continuity_on_legal_layouts() -> None:
    # A legal outline is one simple closed curve, so sharing a corner means being consecutive.
    grown = list(_grown_legal_layouts(seed=2003, count=25, tiles=18))
    assert sum(len(layout) for layout in grown) > 25 * 10  # the growth really builds
    for layout in grown:
        assert longest_wall(layout) == _longest_wall_by_shared_corners(layout), layout


# --- score pad -------------------------------------------------------------------------------


def _herna() -> typer.Typer:
    """Mount the pad the way the CLI does: `herna score alhambra`."""
    score_app = typer.Typer()
    score_app.command("alhambra")(score_command)
    app = typer.Typer()
    app.add_typer(score_app, name="score")
    return app


def _flat(output: str) -> str:
    """Output with Rich's panel borders and line wrapping taken out."""
    return " ".join(output.replace("│", " ").split())


def test_score_pad_rulebook_example() -> None:
    args = ["score", "alhambra", "-r", "2", "-p", "Kim: tower=4 walls=8", "-p", "Nina: purple=4"]
    result = CliRunner().invoke(_herna(), args)
    assert result.exit_code == 0, result.output
    assert "tower: Kim and Nina tie for 1st with 4 each and share 13 + 6 = 19 → 9 each" in (
        result.output
    )
    total_row = next(line for line in result.output.splitlines() if "total" in line)
    assert total_row.split()[1:] == ["17", "9"]  # Kim 9 + 8 walls, Nina 9


def test_score_pad_reads_a_layout() -> None:
    placements = " ".join(f"{tile}@{x},{y}" for (x, y), tile in WALLED_RING.items())
    args = ["score", "alhambra", "--round", "1", "-p", f"Nina: layout={placements}", "-p", "Kim:"]
    result = CliRunner().invoke(_herna(), args)
    assert result.exit_code == 0, result.output
    assert "pavilion: Nina is 1st with 5 → 1" in result.output
    walls_row = next(line for line in result.output.splitlines() if "walls" in line)
    assert walls_row.split()[1:] == ["12", "0"]


def test_score_pad_prints_layout_problems() -> None:
    args = ["score", "alhambra", "-r", "1", "-p", "Nina: layout=0@0,0 23@1,0 44@0,1", "-p", "Kim:"]
    result = CliRunner().invoke(_herna(), args)
    assert "Nina's layout breaks the building rules" in result.output
    assert "tile 44 (tower) at (0,1) is walled on its top side" in _flat(result.output)


def test_score_pad_with_dirk() -> None:
    args = ["score", "alhambra", "-r", "2", "-p", "Kim: tower=3", "-p", "Nina: tower=1"]
    result = CliRunner().invoke(_herna(), [*args, "--dirk", "purple=3"])
    assert result.exit_code == 0, result.output
    assert "Kim and Dirk tie for 1st with 3 each" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "Kim: towr=4", "-p", "Nina: tower=1"], "unknown building type 'towr'"),
        (["-p", "Kim tower=4", "-p", "Nina:"], "expected NAME: TYPE=COUNT"),
        (["-p", "Kim: tower=-1", "-p", "Nina:"], "is not a whole number"),
        (["-p", "Kim: tower=4"], "Alhambra is for 2 to 6 players, not 1"),
        (["-p", "Kim: tower=7", "-p", "Nina: tower=7"], "14 tower tiles counted in all"),
        (
            ["-p", "A:", "-p", "B:", "-p", "C:", "--dirk", "tower=1"],
            "Dirk plays only in a 2-player",
        ),
        (["-p", "Kim: layout=0@0,0 77@1,0", "-p", "Nina:"], "there is no tile 77"),
    ],
)
def test_score_pad_bad_input_gives_a_clear_error(args: list[str], message: str) -> None:
    result = CliRunner().invoke(_herna(), ["score", "alhambra", "-r", "2", *args])
    assert result.exit_code == 2
    assert message in _flat(result.output)
    assert "Traceback" not in result.output


def test_score_pad_asks_at_the_prompt() -> None:
    answers = ["2", "Kim", "0", "0", "0", "0", "0", "4", "8", "Nina", "0", "0", "0", "0", "0", "4"]
    answers += ["99", "3"]  # a wall longer than the box allows is asked again
    answers += ["0"] * 6  # Dirk has nothing
    result = CliRunner().invoke(
        _herna(), ["score", "alhambra", "-r", "2"], input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "Please enter a number from 0 to 80" in result.output
    assert "Kim and Nina tie for 1st with 4 each and share 13 + 6 = 19 → 9 each" in result.output
