"""SVG pictures of card sides and solutions: pure functions from data to text.

A card side is drawn as a player sees it: the light outline on a grid, and beside it the six die
symbols, each with its pieces drawn small in their colours with their letters (colour alone
must never carry the meaning). Easy sides get a yellow frame, hard sides a green one, as on the
real cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from .deck import SYMBOLS, Side
from .i18n import symbol_name, t
from .pieces import PIECES, Cell
from .solver import Outline, Placement
from .symbols import die_face

FRAME = {3: "#E8C547", 4: "#4E9A51"}  # easy: yellow, hard: green (Czech rules)
PAPER = "#F6EFE0"
CARD = "#7A4B2A"
LIGHT = "#FFFDF6"
GRID = "#B9A98F"


def _text(x: float, y: float, s: str, size: float, fill: str = "#222", anchor: str = "middle",
          weight: str = "normal") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{fill}" '
        f'text-anchor="{anchor}" font-weight="{weight}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">{escape(s)}</text>'
    )


def _outline_cells(outline: Outline, x0: float, y0: float, cell: float,
                   fill: dict[Cell, tuple[str, str]] | None = None) -> list[str]:
    out = []
    for r, c in sorted(outline.cells):
        colour, letter = (fill or {}).get((r, c), (LIGHT, ""))
        x, y = x0 + c * cell, y0 + r * cell
        out.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell:.1f}" height="{cell:.1f}" '
            f'fill="{colour}" stroke="{GRID}" stroke-width="1"/>'
        )
        if letter:
            out.append(_text(x + cell / 2, y + cell * 0.68, letter, cell * 0.45, "#111",
                             weight="bold"))
    return out


def _piece(letter: str, x0: float, y0: float, cell: float) -> tuple[list[str], float]:
    """A piece drawn small as in the data file; returns the drawing and its width."""
    p = PIECES[letter]
    out = []
    for r, c in p.cells:
        out.append(
            f'<rect x="{x0 + c * cell:.1f}" y="{y0 + r * cell:.1f}" width="{cell:.1f}" '
            f'height="{cell:.1f}" fill="{p.colour}" stroke="#333" stroke-width="0.8"/>'
        )
    r0, c0 = p.cells[len(p.cells) // 2]
    out.append(_text(x0 + (c0 + 0.5) * cell, y0 + (r0 + 0.75) * cell, letter, cell * 0.8,
                     "#fff" if _dark(p.colour) else "#111", weight="bold"))
    width = (max(c for _, c in p.cells) + 1) * cell
    return out, width


def _dark(colour: str) -> bool:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def side_svg(side: Side, number: int | None = None, cell: float = 36.0) -> str:
    """One card side as a standalone SVG document."""
    o = side.outline
    pad = 24.0
    small = 9.0
    row_h = 5 * small + 10
    rows_w = 92 + side.k * (3 * small + 8) + 24
    puzzle_w = max(o.cols, 4) * cell
    puzzle_h = max(o.rows * cell, 6 * row_h)
    width = pad * 3 + puzzle_w + rows_w
    height = pad * 2 + puzzle_h + 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">',
        f'<rect x="1" y="1" width="{width - 2:.0f}" height="{height - 2:.0f}" rx="14" '
        f'fill="{PAPER}" stroke="{CARD}" stroke-width="3"/>',
    ]
    title = t("side.easy" if side.k == 3 else "side.hard")
    if number is not None:
        title = t("tool.card.title", card=number, side=title)
    parts.append(_text(pad, pad, title, 15, CARD, "start", "bold"))
    y_top = pad + 16
    oy = y_top + (puzzle_h - o.rows * cell) / 2
    ox = pad + (puzzle_w - o.cols * cell) / 2
    parts += _outline_cells(o, ox, oy, cell)
    # the six rows, framed yellow (easy) or green (hard)
    rx = pad * 2 + puzzle_w
    parts.append(
        f'<rect x="{rx - 6:.1f}" y="{y_top - 4:.1f}" width="{rows_w:.1f}" '
        f'height="{6 * row_h + 8:.1f}" rx="8" fill="none" stroke="{FRAME.get(side.k, CARD)}" '
        f'stroke-width="4"/>'
    )
    for i, (sym, row) in enumerate(zip(SYMBOLS, side.rows, strict=True)):
        y = y_top + i * row_h
        # the die's face, as on the card (its word names the picture, as a tooltip)
        parts.append(die_face(sym, rx + 2, y + row_h * 0.5 - 18, 36, symbol_name(sym)))
        x = rx + 92
        for letter in row:
            drawing, w = _piece(letter, x, y + 4, small)
            parts += drawing
            x += w + 8
        if side.grades:
            g = side.grades[i]
            parts.append(_text(rx + rows_w - 14, y + row_h * 0.55, f"{g.difficulty:.2f}", 8,
                               "#777", "end"))
    parts.append(_text(pad, height - 14, t("note"), 9, "#8a7a60", "start"))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def solution_svg(outline: Outline, placements: Sequence[Placement], cell: float = 36.0) -> str:
    """A solved outline: every cell in its piece's colour, with the piece letter."""
    fill: dict[Cell, tuple[str, str]] = {}
    for p in placements:
        colour = PIECES[p.piece].colour if p.piece in PIECES else "#BBBBBB"
        for q in p.cells:
            fill[q] = (colour, p.piece)
    pad = 10.0
    w = outline.cols * cell + 2 * pad
    h = outline.rows * cell + 2 * pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="0 0 {w:.0f} {h:.0f}">',
        *_outline_cells(outline, pad, pad, cell, fill),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def solutions_svg(outline: Outline, sols: Sequence[Sequence[Placement]], cell: float = 24.0,
                  per_row: int = 4) -> str:
    """Several solutions of one outline side by side, numbered, as one SVG document."""
    pad = 12.0
    w = outline.cols * cell + pad
    h = outline.rows * cell + pad + 16
    n = max(len(sols), 1)
    cols = min(per_row, n)
    rows = (n + cols - 1) // cols
    width = cols * w + pad
    height = rows * h + pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="{PAPER}"/>',
    ]
    for i, sol in enumerate(sols):
        x0 = pad + (i % cols) * w
        y0 = pad + (i // cols) * h
        fill: dict[Cell, tuple[str, str]] = {}
        for p in sol:
            colour = PIECES[p.piece].colour if p.piece in PIECES else "#BBBBBB"
            for q in p.cells:
                fill[q] = (colour, p.piece)
        parts.append(_text(x0, y0 + 10, f"#{i + 1}", 11, CARD, "start", "bold"))
        parts += _outline_cells(outline, x0, y0 + 16, cell, fill)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


__all__ = ["side_svg", "solution_svg", "solutions_svg"]
