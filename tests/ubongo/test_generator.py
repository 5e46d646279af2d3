"""Card generation: fair sides, reproducible from the seed, steerable difficulty."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from herna.core.rng import Rng
from herna.games.ubongo.deck import has_hole, is_connected, validate_side
from herna.games.ubongo.generator import (
    corridor_cells,
    difficulty_of,
    generate_deck,
    generate_side,
    grade,
    random_outline,
)
from herna.games.ubongo.pieces import PIECES
from herna.games.ubongo.solver import Outline, canonical_outline, parse_outline


def test_random_outline_is_hole_free_connected_and_in_the_box() -> None:
    rng = Rng(5)
    for _ in range(60):
        o = random_outline(rng, ["I", "K", "D", "C"], (6, 8))
        assert o is not None
        assert o.area == 5 + 5 + 4 + 3
        assert is_connected(o.cells) and not has_hole(o)
        assert o.rows <= 6 and o.cols <= 8


def test_hole_and_connection_checks() -> None:
    assert has_hole(parse_outline("###/#.#/###"))
    assert not has_hole(parse_outline("###/#../###"))
    assert not is_connected(parse_outline("#.#").cells)


def test_generated_side_is_fair() -> None:
    used: set[str] = set()
    for k in (3, 4):
        side = generate_side(Rng(11), k, None, used)
        validate_side(side, k)
        assert len(side.grades) == 6 and all(g.solutions >= 1 for g in side.grades)
        assert canonical_outline(side.outline) in used


def test_same_seed_same_cards_other_seed_other_cards() -> None:
    a = generate_deck(7, cards=2)
    assert generate_deck(7, cards=2) == a
    assert generate_deck(8, cards=2).cards != a.cards


def test_difficulty_steers_the_rows() -> None:
    def mean(d: str) -> float:
        deck = generate_deck(3, cards=3, difficulty=d)
        gs = [g.difficulty for c in deck.cards for s in (c.easy, c.hard) for g in s.grades]
        return sum(gs) / len(gs)

    assert mean("easy") < mean("medium") < mean("hard")


def test_bad_difficulty() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard, any or a number"):
        generate_deck(1, cards=1, difficulty="brutal")
    with pytest.raises(ValueError, match="between 0 and 1"):
        generate_deck(1, cards=1, difficulty=1.5)


def test_grade_features() -> None:
    g = grade(".##./.###/.###/####/##../##..", "BCIJ")
    assert g.solutions == 1 and g.classes == 1 and g.pentominoes == 2
    assert g.nodes >= 4  # at least one node per piece
    assert 0.0 < g.difficulty < 1.0
    assert corridor_cells(parse_outline("#####")) == 5
    assert corridor_cells(parse_outline("##/##")) == 0
    # harder: more search, more pieces, fewer solutions
    assert difficulty_of(4, 16, 1, 40, 2, 0) > difficulty_of(3, 12, 1, 3, 1, 2)
    assert difficulty_of(3, 12, 1, 10, 1, 0) > difficulty_of(3, 12, 8, 10, 1, 0)
    assert sum(PIECES[x].size for x in "BCIJ") == 16


@settings(max_examples=200, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 4), st.integers(0, 5)), min_size=1, max_size=24))
def test_bit_parallel_hole_test_matches_the_flood_fill(cells: set[tuple[int, int]]) -> None:
    from herna.games.ubongo.generator import _encloses

    rows, cols = 5, 6
    s = cols + 2
    mask = 0
    for r, c in cells:
        mask |= 1 << ((r + 1) * s + c + 1)
    assert _encloses(mask, (1 << ((rows + 2) * s)) - 1, s) == has_hole(Outline.from_cells(cells))
