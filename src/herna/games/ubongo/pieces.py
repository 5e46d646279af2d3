"""The twelve Ubongo pieces (letters A-L) and their orientations.

Shapes, letters and names follow rules/ubongo-data.md 1.2, where three independent sources agree
cell for cell. Cells are (row, col). Orientation tables are computed once here, because every
solver, checker and renderer needs them and they must agree on the index of each orientation.
The 12 standard pentominoes are here too: the solver takes any polyomino set, and the classic
6x10 pentomino count is our stress test.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Cell = tuple[int, int]
Shape = tuple[Cell, ...]


@dataclass(frozen=True)
class Piece:
    """One polyomino. `cells` are normalised (min row = min col = 0) and sorted."""

    letter: str
    name: str
    size: int
    cells: Shape
    colour: str
    chiral: bool
    title: str = ""


def normalise(cells: object) -> Shape:
    """Shift to min row = min col = 0 and sort, so equal shapes compare equal."""
    pts = [(int(r), int(c)) for r, c in cells]  # type: ignore[attr-defined]
    if not pts:
        raise ValueError("a piece needs at least one cell")
    r0 = min(r for r, _ in pts)
    c0 = min(c for _, c in pts)
    return tuple(sorted({(r - r0, c - c0) for r, c in pts}))


def transform(g: int, r: int, c: int) -> Cell:
    """Grid symmetry g (0-7) applied to (r, c). Identity first, then the rotations, then the
    mirror images: so index 0 is the piece as drawn, and the one-sided orientations are a
    prefix of the two-sided list."""
    if g == 0:
        return r, c
    if g == 1:
        return c, -r
    if g == 2:
        return -r, -c
    if g == 3:
        return -c, r
    if g == 4:
        return r, -c
    if g == 5:
        return c, r
    if g == 6:
        return -r, c
    return -c, -r


@cache
def shape_orientations(cells: Shape, flips: bool = True) -> tuple[Shape, ...]:
    """The distinct fixed orientations of any polyomino, in a deterministic order."""
    out: list[Shape] = []
    seen: set[Shape] = set()
    for g in range(8 if flips else 4):
        s = normalise(transform(g, r, c) for r, c in cells)
        if s not in seen:
            seen.add(s)
            out.append(s)
    return tuple(out)


def _is_chiral(cells: Shape) -> bool:
    return len(shape_orientations(cells, True)) != len(shape_orientations(cells, False))


def _make(letter: str, name: str, title: str, colour: str, drawing: str) -> Piece:
    cells = normalise(
        (r, c) for r, row in enumerate(drawing.split("/")) for c, ch in enumerate(row) if ch == "#"
    )
    return Piece(letter, name, len(cells), cells, colour, _is_chiral(cells), title)


# Colours: our own palette (no source ties colours to shapes), mostly Paul Tol's muted and
# Okabe-Ito colours, which stay apart under the common colour-vision deficiencies; the letter is
# always drawn too.
PIECES: dict[str, Piece] = {
    p.letter: p
    for p in (
        _make("A", "I2", "domino", "#AA4499", "#/#"),
        _make("B", "I3", "straight tromino", "#88CCEE", "#/#/#"),
        _make("C", "V3", "corner tromino", "#44AA99", "#./##"),
        _make("D", "T4", "T tetromino", "#DDCC77", ".#/##/.#"),
        _make("E", "L4", "L tetromino", "#999933", "##/.#/.#"),
        _make("F", "I4", "straight tetromino", "#8C613C", "#/#/#/#"),
        _make("G", "S4", "skew tetromino", "#0072B2", "#./##/.#"),
        _make("H", "O4", "square tetromino", "#D55E00", "##/##"),
        _make("I", "Y5", "Y pentomino", "#E69F00", ".#/##/.#/.#"),
        _make("J", "L5", "L pentomino", "#882255", ".#/.#/.#/##"),
        _make("K", "P5", "P pentomino", "#117733", "##/##/.#"),
        _make("L", "Z5", "Z pentomino", "#332288", "##./.#./.##"),
    )
}
LETTERS = tuple(PIECES)

# The 12 standard (free) pentominoes in Conway's letters; not Ubongo pieces.
PENTOMINOES: dict[str, Shape] = {
    k: normalise(
        (r, c) for r, row in enumerate(v.split("/")) for c, ch in enumerate(row) if ch == "#"
    )
    for k, v in {
        "F": ".##/##./.#.",
        "I": "#####",
        "L": "####/#...",
        "N": "##../.###",
        "P": "##/##/#.",
        "T": "###/.#./.#.",
        "U": "#.#/###",
        "V": "#../#../###",
        "W": "#../##./.##",
        "X": ".#./###/.#.",
        "Y": "####/.#..",
        "Z": "##./.#./.##",
    }.items()
}


def piece(letter: str) -> Piece:
    """The piece named by its letter (case-insensitive) or its name ("Y5"); ValueError if none."""
    key = letter.strip().upper()
    if key in PIECES:
        return PIECES[key]
    for p in PIECES.values():
        if p.name.upper() == key:
            return p
    raise ValueError(
        f"unknown piece {letter.strip()!r}: pieces are A-L "
        f"({', '.join(f'{p.letter}={p.name}' for p in PIECES.values())})"
    )


@cache
def orientations(letter: str, flips: bool = True) -> tuple[Shape, ...]:
    """The distinct fixed orientations of piece `letter`; index 0 is the piece as drawn."""
    return shape_orientations(piece(letter).cells, flips)
