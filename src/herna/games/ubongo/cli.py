"""`herna ubongo ...`: the puzzle tools (solve, pieces, analyze, generate, render).

Like the main `herna` command, bad input (an outline that is not rows of `#`/`.`, an unknown
piece letter, an area mismatch, a missing file) becomes one red line and exit code 2, never a
traceback.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from herna.core import HernaError
from herna.i18n import t as herna_t
from herna.raster import check_picture_path, write_picture

from .deck import DECK_PATH, SYMBOLS, Deck, default_deck
from .i18n import plural, symbol_name, t
from .pieces import LETTERS, PIECES, orientations
from .solver import (
    Outline,
    Placement,
    outline_symmetries,
    parse_outline,
    parse_pieces,
    solutions,
    subset_counts,
    symmetry_classes,
)

app = typer.Typer(
    name="ubongo",
    help="Ubongo puzzles: solve an outline, list the pieces, analyse, generate and draw cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _fail(message: str) -> NoReturn:
    try:
        from herna.i18n import t

        line = t("error", msg=message)
    except Exception:  # the message matters more than its translation
        line = f"error: {message}"
    Console(stderr=True, highlight=False).print(Text(line, style="bold red"), soft_wrap=True)
    raise typer.Exit(2)


@contextmanager
def _guard() -> Iterator[None]:
    """Bad input of any kind -> one red line and exit code 2."""
    try:
        yield
    except (ValueError, HernaError) as e:
        _fail(str(e))
    except OSError as e:
        _fail(f"{e.filename}: {e.strerror}" if e.filename and e.strerror else str(e))


def _cell_text(letter: str | None) -> Text:
    if letter is None:
        return Text("  ")
    colour = PIECES[letter].colour if letter in PIECES else "#BBBBBB"
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    fg = "white" if 0.299 * r + 0.587 * g + 0.114 * b < 140 else "black"
    return Text(f"{letter} ", style=f"bold {fg} on {colour}")


def draw(outline: Outline, placements: tuple[Placement, ...] | None = None) -> Text:
    """The outline in the terminal: each cell two characters wide, coloured by its piece."""
    owner: dict[tuple[int, int], str] = {}
    for p in placements or ():
        for q in p.cells:
            owner[q] = p.piece
    out = Text()
    for r in range(outline.rows):
        for c in range(outline.cols):
            if (r, c) not in outline.cells:
                out.append("  ")
            elif (r, c) in owner:
                out.append_text(_cell_text(owner[(r, c)]))
            else:
                out.append("··", style="dim")
        if r < outline.rows - 1:
            out.append("\n")
    return out


def _shape_text(letter: str) -> Text:
    cells = set(PIECES[letter].cells)
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    out = Text()
    for r in range(h):
        for c in range(w):
            out.append_text(_cell_text(letter) if (r, c) in cells else Text("  "))
        if r < h - 1:
            out.append("\n")
    return out


OutlineOpt = Annotated[str, typer.Option(
    "--outline", help="Rows of '#' (cell) and '.' (gap) joined by '/', e.g. '.##/###'.")]
FlipsOpt = Annotated[bool, typer.Option(
    "--flips/--no-flips", help="Pieces may be turned over (the rules allow it); --no-flips for "
    "one-sided pieces.")]


def solve_text(placements: tuple[Placement, ...]) -> str:
    """A solution as the game's notation (`solve A0@0,0 C3@1,2`), so a puzzle solved here
    can be typed at `herna play ubongo`: the same letters, orientation indices and corners."""
    ordered = sorted(placements, key=lambda p: p.piece)
    return "solve " + " ".join(f"{p.piece}{p.orientation}@{p.row},{p.col}" for p in ordered)


@app.command("solve")
def solve_command(
    outline: OutlineOpt,
    pieces: Annotated[str, typer.Option(
        "--pieces", "-p", help="Piece letters A-L (see `herna ubongo pieces`), e.g. C,B,I,J.")],
    first: Annotated[bool, typer.Option("--first", help="Stop at the first solution.")] = False,
    flips: FlipsOpt = True,
    limit: Annotated[int | None, typer.Option(
        "--limit", help="Draw at most this many solutions (all are counted).")] = None,
    svg: Annotated[Path | None, typer.Option(
        "--svg", help="Also write the drawn solutions to this SVG file.")] = None,
) -> None:
    """Find every way to cover OUTLINE exactly with PIECES, and draw them."""
    out = Console(highlight=False)
    with _guard():
        o = parse_outline(outline)
        names = parse_pieces(pieces)
        start = time.perf_counter()
        found: list[tuple[Placement, ...]] = []
        for sol in solutions(o, names, flips):
            found.append(sol)
            if first:
                break
        took = time.perf_counter() - start
    label = ",".join(names)
    if not found:
        out.print(Text(t("tool.no_solution", pieces=label, outline=o.text), style="bold"))
        raise typer.Exit(1)
    sym = outline_symmetries(o, flips)
    if first:
        out.print(Text(t("tool.first", pieces=label, outline=o.text,
                         ms=Decimal(f"{took * 1000:.1f}"))))
    else:
        classes = symmetry_classes(o, found, flips) if sym > 1 else len(found)
        out.print(Text(t(
            "tool.found", solutions=plural("tool.solutions", len(found)), pieces=label,
            outline=o.text, classes=classes,
            symmetry=plural("tool.symmetries", sym) if sym > 1 else t("tool.no_symmetry"),
            ms=Decimal(f"{took * 1000:.1f}")), style="bold"))
    shown = found if limit is None else found[: max(limit, 0)]
    panels = [
        Panel(draw(o, sol), title=f"#{i}", expand=False) for i, sol in enumerate(shown, start=1)
    ]
    if panels:
        out.print(Columns(panels))
        for i, sol in enumerate(shown, start=1):
            out.print(Text(t("cli.notation", n=i, text=solve_text(sol)), style="dim"))
    if len(shown) < len(found):
        out.print(Text(t("tool.drew", shown=len(shown), found=len(found)), style="dim"))
    if svg is not None:
        from .cardrender import solutions_svg

        with _guard():
            svg.write_text(solutions_svg(o, shown), encoding="utf-8")
        out.print(Text(herna_t("wrote", path=svg)))


@app.command("pieces")
def pieces_command() -> None:
    """The 12 pieces: letter, name, size, orientations, drawing."""
    out = Console(highlight=False)
    table = Table(title=t("tool.pieces.title"))
    for col in ("letter", "name", "shape", "cells", "orientations", "mirror"):
        table.add_column(t(f"tool.col.{col}"))
    for letter in LETTERS:
        p = PIECES[letter]
        table.add_row(
            Text(letter, style=f"bold {p.colour}"), f"{p.name} ({p.title})", _shape_text(letter),
            str(p.size), t("tool.one_sided", all=len(orientations(letter)),
                           one_sided=len(orientations(letter, False))),
            t("tool.yes") if p.chiral else t("tool.no"),
        )
    out.print(table)
    total = sum(len(orientations(x)) for x in LETTERS)
    out.print(Text(t("tool.pieces.total", cells=sum(p.size for p in PIECES.values()),
                     total=total)))


@app.command("analyze")
def analyze_command(
    outline: OutlineOpt,
    k: Annotated[int, typer.Option("-k", help="Pieces per set (3 easy, 4 hard).")] = 3,
    flips: FlipsOpt = True,
) -> None:
    """Every set of k pieces that covers OUTLINE, with its number of solutions."""
    out = Console(highlight=False)
    with _guard():
        if not 1 <= k <= 12:
            raise ValueError(t("tool.k", k=k))
        o = parse_outline(outline)
        start = time.perf_counter()
        counts = subset_counts(o, k, flips=flips)
        took = time.perf_counter() - start
    table = Table(title=t("tool.analyze.title", k=k, outline=o.text, cells=o.area))
    table.add_column(t("tool.col.pieces"))
    table.add_column(t("tool.col.solutions"), justify="right")
    for letters, n in sorted(counts.items(), key=lambda kv: (kv[1], kv[0])):
        table.add_row(",".join(letters), str(n))
    out.print(table)
    out.print(Text(t("tool.analyze.total", sets=plural("tool.sets", len(counts)),
                     solutions=plural("tool.solutions", sum(counts.values())),
                     ms=Decimal(f"{took * 1000:.1f}"))))


@app.command("generate")
def generate_command(
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed, the same deck.")] = 1,
    out_path: Annotated[Path, typer.Option("--out", help="Where to write the deck (JSON).")] = Path(
        "deck.json"),
    difficulty: Annotated[str, typer.Option(
        "--difficulty", help="Steer the rows: easy, medium, hard, any, or a number 0..1.")] = "any",
    cards: Annotated[int, typer.Option("--cards", help="How many cards (the box has 36).")] = 36,
) -> None:
    """Generate a deck of cards: every row checked by the solver and graded."""
    from .generator import _target, generate_deck

    out = Console(highlight=False)
    with _guard():
        _target(difficulty)
        if not 1 <= cards <= 200:
            raise ValueError(t("tool.cards", cards=cards))
        start = time.perf_counter()
        deck = generate_deck(seed, cards, difficulty)
        took = time.perf_counter() - start
        deck.save(out_path)
    grades = [g for c in deck.cards for s in (c.easy, c.hard) for g in s.grades]
    mean = sum(g.difficulty for g in grades) / len(grades)
    unique = sum(g.solutions == 1 for g in grades)
    out.print(Text(t("tool.generated", path=out_path, cards=len(deck.cards),
                     puzzles=len(grades), seed=seed, mean=Decimal(f"{mean:.2f}"), unique=unique,
                     secs=Decimal(f"{took:.2f}"))))


@app.command("render")
def render_command(
    deck_path: Annotated[Path | None, typer.Argument(
        help="A deck file (default: the shipped deck).", show_default=False)] = None,
    card: Annotated[int, typer.Option("--card", help="Card number, 1-based.")] = 1,
    side: Annotated[str, typer.Option("--side", help="easy or hard.")] = "easy",
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="File to write: .svg or .png (default: print the SVG).")
    ] = None,
) -> None:
    """Draw one card side as SVG, or as PNG when the output file ends in .png."""
    from .cardrender import side_svg

    out = Console(highlight=False)
    with _guard():
        if output is not None:
            check_picture_path(output)
        deck = default_deck() if deck_path is None else Deck.load(deck_path)
        svg = side_svg(deck.card(card).side(side), card)
        if output is None:
            typer.echo(svg, nl=False)
            return
        write_picture(output, svg)
    out.print(Text(herna_t("wrote", path=output)))


@app.command("card")
def card_command(
    card: Annotated[int, typer.Argument(help="Card number, 1-based.")] = 1,
    deck_path: Annotated[Path | None, typer.Option(
        "--deck", help="A deck file (default: the shipped deck).")] = None,
) -> None:
    """Show a card's two sides in the terminal."""
    out = Console(highlight=False)
    with _guard():
        deck = default_deck() if deck_path is None else Deck.load(deck_path)
        c = deck.card(card)
    for name, s in (("easy", c.easy), ("hard", c.hard)):
        table = Table(title=t("tool.card.title", card=card, side=t(f"side.{name}")))
        table.add_column(t("tool.col.symbol"))
        table.add_column(t("tool.col.pieces"))
        table.add_column(t("tool.col.solutions"), justify="right")
        table.add_column(t("tool.col.difficulty"), justify="right")
        for i, row in enumerate(s.rows):
            g = s.grades[i] if s.grades else None
            table.add_row(symbol_name(SYMBOLS[i]), ",".join(row), str(g.solutions) if g else "",
                          f"{g.difficulty:.2f}" if g else "")
        out.print(Columns([Panel(draw(s.outline), expand=False), table]))


__all__ = ["DECK_PATH", "app", "draw"]
