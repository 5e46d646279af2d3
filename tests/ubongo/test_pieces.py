"""The twelve pieces match rules/ubongo-data.md 1.2 cell for cell."""

from __future__ import annotations

import pytest

from herna.games.ubongo.pieces import (
    LETTERS,
    PENTOMINOES,
    PIECES,
    normalise,
    orientations,
    piece,
    shape_orientations,
)

# (letter, name, cells, orientations) copied from the data file's table
TABLE = [
    ("A", "I2", "(0,0)(1,0)", 2),
    ("B", "I3", "(0,0)(1,0)(2,0)", 2),
    ("C", "V3", "(0,0)(1,0)(1,1)", 4),
    ("D", "T4", "(0,1)(1,0)(1,1)(2,1)", 4),
    ("E", "L4", "(0,0)(0,1)(1,1)(2,1)", 8),
    ("F", "I4", "(0,0)(1,0)(2,0)(3,0)", 2),
    ("G", "S4", "(0,0)(1,0)(1,1)(2,1)", 4),
    ("H", "O4", "(0,0)(0,1)(1,0)(1,1)", 1),
    ("I", "Y5", "(0,1)(1,0)(1,1)(2,1)(3,1)", 8),
    ("J", "L5", "(0,1)(1,1)(2,1)(3,0)(3,1)", 8),
    ("K", "P5", "(0,0)(0,1)(1,0)(1,1)(2,1)", 8),
    ("L", "Z5", "(0,0)(0,1)(1,1)(2,1)(2,2)", 4),
]


def _cells(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(
        (int(a), int(b)) for a, b in (p.split(",") for p in text.strip("()").split(")("))
    )


@pytest.mark.parametrize(("letter", "name", "cells", "n"), TABLE)
def test_piece_matches_the_data_file(letter: str, name: str, cells: str, n: int) -> None:
    p = PIECES[letter]
    assert (p.letter, p.name, p.cells, p.size) == (letter, name, _cells(cells), len(_cells(cells)))
    assert len(orientations(letter)) == n
    assert orientations(letter)[0] == p.cells  # index 0 is the piece as drawn


def test_set_totals() -> None:
    assert "".join(LETTERS) == "ABCDEFGHIJKL"
    assert sum(p.size for p in PIECES.values()) == 48
    assert sorted(p.size for p in PIECES.values()) == [2, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5]
    assert sum(len(orientations(x)) for x in LETTERS) == 55
    assert {x for x in LETTERS if PIECES[x].chiral} == set("EGIJKL")
    assert len({p.colour for p in PIECES.values()}) == 12
    assert len({p.cells for p in PIECES.values()}) == 12


def test_orientations_are_normalised_distinct_and_one_sided_is_a_prefix() -> None:
    for x in LETTERS:
        two = orientations(x)
        one = orientations(x, flips=False)
        assert two[: len(one)] == one
        assert len(set(two)) == len(two)
        for s in two:
            assert s == normalise(s)
            assert min(r for r, _ in s) == 0 and min(c for _, c in s) == 0
        # every orientation is congruent to the piece: the same multiset of row/col extents
        assert {tuple(sorted((max(r for r, _ in s) + 1, max(c for _, c in s) + 1)))
                for s in two} == {tuple(sorted((max(r for r, _ in two[0]) + 1,
                                                max(c for _, c in two[0]) + 1)))}


def test_pentominoes_have_the_classic_orientation_count() -> None:
    assert sum(len(shape_orientations(s)) for s in PENTOMINOES.values()) == 63
    assert all(len(s) == 5 for s in PENTOMINOES.values())


def test_piece_lookup_by_letter_or_name() -> None:
    assert piece("k") is PIECES["K"]
    assert piece("Y5") is PIECES["I"]
    with pytest.raises(ValueError, match="unknown piece 'Q'"):
        piece("Q")
