"""The solver against the fixtures of rules/ubongo-data.md section 7 (counts are raw
placements on the fixed outline, as m-kasahr's expected outputs count them), a brute force,
and the classic pentomino count."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from herna.games.ubongo import count_solutions, solutions
from herna.games.ubongo.pieces import LETTERS, PENTOMINOES, PIECES, orientations
from herna.games.ubongo.solver import (
    Outline,
    canonical_outline,
    first_solution,
    outline_symmetries,
    parse_outline,
    subset_counts,
    symmetry_classes,
)

BOARD05 = "#####/#####/.####/###.#"

FIXTURES = [
    ("#/#", "A", 1),
    ("#../###/..#", "L", 1),
    (".#/##/##", "AB", 1),
    (".#/##/##", "AC", 2),
    ("###./#####/.#..#", "KL", 1),  # m-kasahr pads the first row to 5 columns
    (BOARD05, "ABCJK", 46),
    (BOARD05, "ABCIL", 2),
    (".##../####./.####/.###.", "DIG", 1),  # kota7/ubongosolve sample 1
    (".##./.###/.###/####/##../##..", "CBIJ", 1),  # kota7 sample 2
    ("##.../##.../###.#/#####/..###", "IADK", 1),  # code-golf example
]


@pytest.mark.parametrize(("outline", "pieces", "expected"), FIXTURES)
def test_fixture_counts(outline: str, pieces: str, expected: int) -> None:
    assert count_solutions(outline, pieces) == expected
    sols = list(solutions(outline, pieces))
    assert len(sols) == expected
    for sol in sols:
        assert_tiles(parse_outline(outline), sol, pieces)


def test_board05_every_5_subset() -> None:
    counts = subset_counts(BOARD05, 5)
    assert len(counts) == 96
    assert sum(v <= 2 for v in counts.values()) == 20
    assert sum(v == 1 for v in counts.values()) == 8
    assert sum(counts.values()) == 938
    assert counts["ABCJK"] == 46 and counts["ABCIL"] == 2
    # the one-search tally agrees with counting each subset on its own
    for combo in itertools.combinations(LETTERS, 5):
        if sum(PIECES[x].size for x in combo) == 18:
            assert count_solutions(BOARD05, combo) == counts.get("".join(combo), 0)


def assert_tiles(outline: Outline, sol: tuple, pieces: str | tuple[str, ...]) -> None:
    assert [p.piece for p in sol] == list(pieces)
    covered = [c for p in sol for c in p.cells]
    assert len(covered) == len(set(covered)) == outline.area
    assert set(covered) == outline.cells
    for p in sol:
        assert p.orientation < len(orientations(p.piece))


def test_first_solution_and_no_solution() -> None:
    sol = first_solution(".##./.###/.###/####/##../##..", "C,B,I,J")
    assert sol is not None
    assert_tiles(parse_outline(".##./.###/.###/####/##../##.."), sol, "CBIJ")
    # I4 + O4 and O4 + T4 have the area of a 2x4 box but cannot tile it
    assert first_solution("####/####", "FH") is None
    assert count_solutions("####/####", "FH") == 0
    assert count_solutions("####/####", "H,D") == 0


def test_no_flips_uses_one_sided_pieces() -> None:
    # the Z pentomino fits this outline only as drawn or mirrored, not both
    assert count_solutions("##./.#./.##", "L") == 1
    assert count_solutions(".##/.#./##.", "L") == 1
    assert count_solutions(".##/.#./##.", "L", flips=False) == 0
    assert count_solutions("##./.#./.##", "L", flips=False) == 1


def test_bad_input_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="row 2 has 'x'"):
        parse_outline("##/#x")
    with pytest.raises(ValueError, match="no cells"):
        parse_outline("../..")
    with pytest.raises(ValueError, match="empty outline"):
        parse_outline("  ")
    with pytest.raises(ValueError, match="unknown piece"):
        count_solutions("##", "Q")
    with pytest.raises(ValueError, match="cover 5 cells but the outline has 2"):
        count_solutions("##", "AB")
    with pytest.raises(ValueError, match="listed twice"):
        count_solutions("####", "A,A")


def test_outline_text_and_symmetry() -> None:
    o = parse_outline("###./#####/.#..#")
    assert o.text == "###../#####/.#..#" and o.area == 10
    assert parse_outline("..../.##./.##.").text == "##/##"
    assert outline_symmetries("##/##") == 8
    assert outline_symmetries("##/##", flips=False) == 4
    assert outline_symmetries("###/###") == 4
    assert outline_symmetries(BOARD05) == 1
    assert canonical_outline("#./##") == canonical_outline("##/.#") == canonical_outline("##/#.")
    # a 2x3 rectangle with A+H (domino + square): 2 raw tilings, mirror images of each other
    sols = list(solutions("###/###", "AH"))
    assert len(sols) == 2 and symmetry_classes("###/###", sols) == 1


def test_pieces_accept_many_spellings() -> None:
    assert count_solutions(".#/##/##", "A,C") == count_solutions(".#/##/##", ["A", "C"]) == 2
    assert count_solutions(".#/##/##", "a c") == count_solutions(".#/##/##", "I2,V3") == 2
    assert [p.piece for p in first_solution(".#/##/##", "CA") or ()] == ["C", "A"]


def test_arbitrary_polyominoes() -> None:
    # 2339 x 4 = 9356 on 6x10 is the slow test; 3x20 has 2 distinct tilings (x4 raw)
    assert count_solutions("/".join(["#" * 20] * 3), PENTOMINOES) == 8
    sol = first_solution("/".join(["#" * 20] * 3), PENTOMINOES)
    assert sol is not None and {c for p in sol for c in p.cells} == {
        (r, c) for r in range(3) for c in range(20)
    }
    tetro = {"T": ((0, 0), (0, 1), (0, 2), (1, 1))}
    assert count_solutions(".#./###", tetro) == 1


@pytest.mark.slow
def test_pentominoes_6x10() -> None:
    assert count_solutions("/".join(["#" * 10] * 6), PENTOMINOES) == 9356


# ----- against an independent brute force ------------------------------------------------------

def _brute_orients(cells: tuple[tuple[int, int], ...], flips: bool) -> set[frozenset]:
    """Orientations by 90-degree turns of a set (and its mirror), independent of pieces.py."""
    out = set()
    shape = list(cells)
    for mirror in (False, True) if flips else (False,):
        s = [(r, -c) for r, c in shape] if mirror else shape
        for _ in range(4):
            s = [(c, -r) for r, c in s]
            r0 = min(r for r, _ in s)
            c0 = min(c for _, c in s)
            out.add(frozenset((r - r0, c - c0) for r, c in s))
    return out


def brute_count(outline: Outline, letters: str, flips: bool = True) -> int:
    options = []
    for x in letters:
        opts = []
        for o in _brute_orients(PIECES[x].cells, flips):
            for dr in range(outline.rows):
                for dc in range(outline.cols):
                    cells = frozenset((r + dr, c + dc) for r, c in o)
                    if cells <= outline.cells:
                        opts.append(cells)
        options.append(opts)
    n = 0
    for combo in itertools.product(*options):
        union = frozenset().union(*combo)
        if len(union) == outline.area and sum(map(len, combo)) == outline.area:
            n += 1
    return n


@st.composite
def instances(draw: st.DrawFn) -> tuple[Outline, str, bool]:
    """Small outlines built by laying 1-3 pieces without overlap (so most are solvable)."""
    letters = draw(st.lists(st.sampled_from(LETTERS), min_size=1, max_size=3, unique=True))
    cells: set[tuple[int, int]] = set()
    for x in letters:
        shapes = orientations(x)
        shape = shapes[draw(st.integers(0, len(shapes) - 1))]
        dr, dc = draw(st.integers(0, 3)), draw(st.integers(0, 3))
        placed = {(r + dr, c + dc) for r, c in shape}
        if placed & cells:
            placed = {(r + 5, c) for r, c in placed}  # put it aside instead of overlapping
            if placed & cells:
                placed = {(r, c + 6) for r, c in placed}
        cells |= placed
    return Outline.from_cells(cells), "".join(letters), draw(st.booleans())


@settings(max_examples=120, deadline=None)
@given(instances())
def test_counts_agree_with_brute_force(inst: tuple[Outline, str, bool]) -> None:
    outline, letters, flips = inst
    if sum(PIECES[x].size for x in letters) != outline.area:
        return
    sols = list(solutions(outline, letters, flips))
    assert len(sols) == count_solutions(outline, letters, flips) == brute_count(
        outline, letters, flips
    )
    assert len(set(sols)) == len(sols)
    for sol in sols:
        assert_tiles(outline, sol, letters)


@settings(max_examples=40, deadline=None)
@given(instances(), st.integers(1, 3))
def test_subset_counts_agree_with_one_by_one(inst: tuple[Outline, str, bool], k: int) -> None:
    outline, _, flips = inst
    got = subset_counts(outline, k, flips=flips)
    for combo in itertools.combinations(LETTERS, k):
        if sum(PIECES[x].size for x in combo) == outline.area:
            assert got.get("".join(combo), 0) == count_solutions(outline, combo, flips)


@pytest.mark.parametrize("flips", [True, False])
@pytest.mark.parametrize(
    ("outline", "pieces"),
    [
        ("#####/#####/#####/#####/#####", "ABIJKL"),  # symmetric square (8 symmetries)
        ("######/######/######/######", "ABHIJK"),  # 4 symmetries, scanned by columns
        ("#####./######/######/#####.", "BEIJK"),  # 2 symmetries
    ],
)
def test_big_board_search_agrees_with_plain_backtracking(
    outline: str, pieces: str, flips: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above BIG_AREA counts use the fitting cache, the memo and the outline's symmetry;
    all three must leave the count unchanged."""
    from herna.games.ubongo import solver

    o = parse_outline(outline)
    assert sum(PIECES[x].size for x in pieces) == o.area
    plain = len(list(solutions(o, pieces, flips)))
    monkeypatch.setattr(solver, "BIG_AREA", 0)
    solver.clear_caches()
    assert count_solutions(o, pieces, flips) == plain
    monkeypatch.setattr(solver, "MEMO_LIMIT", 50)  # the memo may be dropped at any time
    solver.clear_caches()
    assert count_solutions(o, pieces, flips) == plain


def test_differential_against_exact_cover_when_installed() -> None:
    """Optional (the benchmark extra): a C Dancing Links count agrees on random card outlines
    and on board05. Skipped where exact-cover is not installed."""
    np = pytest.importorskip("numpy")
    ec = pytest.importorskip("exact_cover")
    from herna.core.rng import Rng
    from herna.games.ubongo.generator import random_outline

    def dlx(outline: Outline, letters: tuple[str, ...]) -> int:
        rows = []
        for i, x in enumerate(letters):
            for shape in orientations(x):
                for dr in range(outline.rows):
                    for dc in range(outline.cols):
                        cells = [(r + dr, c + dc) for r, c in shape]
                        if all(p in outline.cells for p in cells):
                            rows.append((i, cells))
        cells = sorted(outline.cells)
        col = {p: len(letters) + j for j, p in enumerate(cells)}
        m = np.zeros((len(rows), len(letters) + len(cells)), dtype=bool)
        for r, (i, cs) in enumerate(rows):
            m[r, i] = True
            for p in cs:
                m[r, col[p]] = True
        if not rows or not m.any(axis=0).all():
            return 0
        return int(ec.get_solution_count(np.ascontiguousarray(m)))

    rng = Rng(4)
    cases = [(parse_outline(BOARD05), 5)]
    while len(cases) < 9:
        k = 3 + len(cases) % 2
        letters = list(LETTERS)
        rng.shuffle(letters)
        o = random_outline(rng, letters[:k], slack=None)
        if o is not None:
            cases.append((o, k))
    for o, k in cases:
        ours = subset_counts(o, k)
        for combo in itertools.combinations(LETTERS, k):
            if sum(PIECES[x].size for x in combo) == o.area:
                assert ours.get("".join(combo), 0) == dlx(o, combo), (o.text, combo)
