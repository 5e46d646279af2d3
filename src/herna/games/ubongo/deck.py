"""Puzzle cards: the data model of Herna's own Ubongo deck, validated on load.

The publisher's 36 cards are published nowhere, so Herna ships a generated deck
(tables/deck.json, rebuilt by `herna ubongo generate --seed N`). Loading checks what a player
relies on: every row of pieces really tiles its outline, six distinct rows per side, three pieces
on the easy side and four on the hard side, and a hole-free, 4-connected outline.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .pieces import PIECES
from .solver import Outline, canonical_outline, first_solution, parse_outline, parse_pieces

SYMBOLS = ("mask", "elephant", "gazelle", "shield", "drum", "baobab")
"""The die's six symbols in row order (mask, elephant, gazelle, spear-and-shield are from
sources; drum and baobab are ours)."""

SYMBOL_GLYPHS = {
    "mask": "\N{PERFORMING ARTS}",
    "elephant": "\N{ELEPHANT}",
    "gazelle": "\N{DEER}",
    "shield": "\N{SHIELD}",
    "drum": "\N{DRUM WITH DRUMSTICKS}",
    "baobab": "\N{DECIDUOUS TREE}",
}

FORMAT = "herna-ubongo-deck"
DECK_PATH = Path(__file__).with_name("tables") / "deck.json"
NOTE = (
    "RECONSTRUCTION: Herna's own generated cards. The publisher's cards are published nowhere; "
    "every row is checked by the solver. Regenerate with `herna ubongo generate --seed SEED`."
)


@dataclass(frozen=True)
class Grade:
    """How hard one row (outline + piece set) is; `difficulty` is 0 (easiest) .. 1 (hardest),
    from a fixed formula so that it compares across cards and decks."""

    solutions: int
    nodes: int
    difficulty: float
    classes: int = 0
    placements: int = 0
    corridors: int = 0
    pentominoes: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "solutions": self.solutions,
            "classes": self.classes,
            "nodes": self.nodes,
            "placements": self.placements,
            "corridors": self.corridors,
            "pentominoes": self.pentominoes,
            "difficulty": self.difficulty,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Grade:
        return cls(
            solutions=int(d["solutions"]),
            nodes=int(d["nodes"]),
            difficulty=float(d["difficulty"]),
            classes=int(d.get("classes", 0)),
            placements=int(d.get("placements", 0)),
            corridors=int(d.get("corridors", 0)),
            pentominoes=int(d.get("pentominoes", 0)),
        )


@dataclass(frozen=True)
class Side:
    """One card side: an outline and six piece rows (row i for SYMBOLS[i])."""

    outline: Outline
    k: int
    rows: tuple[tuple[str, ...], ...]
    grades: tuple[Grade, ...] = field(default=())

    def row(self, symbol: str | int) -> tuple[str, ...]:
        """The pieces beside a die symbol (its name or its index 0-5)."""
        i = symbol if isinstance(symbol, int) else SYMBOLS.index(symbol)
        return self.rows[i]

    def to_json(self) -> dict[str, Any]:
        rows = []
        for i, r in enumerate(self.rows):
            d: dict[str, Any] = {"symbol": SYMBOLS[i], "pieces": "".join(r)}
            if self.grades:
                d.update(self.grades[i].to_json())
            rows.append(d)
        return {"outline": self.outline.text, "k": self.k, "rows": rows}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Side:
        outline = parse_outline(str(d["outline"]))
        rows = tuple(tuple(sorted(parse_pieces(str(r["pieces"])))) for r in d["rows"])
        grades = tuple(Grade.from_json(r) for r in d["rows"]) if all(
            "solutions" in r for r in d["rows"]
        ) else ()
        return cls(outline, int(d["k"]), rows, grades)


@dataclass(frozen=True)
class Card:
    number: int
    easy: Side
    hard: Side

    def side(self, which: str) -> Side:
        if which not in ("easy", "hard"):
            raise ValueError(f"a card side is 'easy' or 'hard', not {which!r}")
        return self.easy if which == "easy" else self.hard


@dataclass(frozen=True)
class Deck:
    seed: int
    cards: tuple[Card, ...]
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    def card(self, number: int) -> Card:
        if not 1 <= number <= len(self.cards):
            raise ValueError(f"card {number} does not exist: cards are 1-{len(self.cards)}")
        return self.cards[number - 1]

    @cached_property
    def digest(self) -> str:
        """A short fingerprint of the cards (outlines and rows, not the grades' wording), so
        a game record can say which deck it was played with."""
        cards = [[c.easy.outline.text, c.easy.rows, c.hard.outline.text, c.hard.rows]
                 for c in self.cards]
        return hashlib.sha256(json.dumps(cards).encode()).hexdigest()[:12]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "note": NOTE,
            "seed": self.seed,
            "params": dict(self.params),
            "cards": [
                {"number": c.number, "easy": c.easy.to_json(), "hard": c.hard.to_json()}
                for c in self.cards
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], check: bool = True) -> Deck:
        """Build and validate a deck; ValueError names the card and side at fault."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not an Ubongo deck (expected format {FORMAT!r})")
        cards = []
        seen: dict[str, str] = {}
        for i, cd in enumerate(data.get("cards", []), start=1):
            where = f"card {cd.get('number', i)}" if isinstance(cd, dict) else f"card {i}"
            try:
                if int(cd["number"]) != i:
                    raise ValueError(f"cards must be numbered 1, 2, ... (found {cd['number']})")
                sides = {}
                for which, k in (("easy", 3), ("hard", 4)):
                    try:
                        side = Side.from_json(cd[which])
                        if check:
                            validate_side(side, k)
                    except (KeyError, TypeError) as e:
                        raise ValueError(f"{which} side: missing or bad field {e}") from None
                    except ValueError as e:
                        raise ValueError(f"{which} side: {e}") from None
                    key = canonical_outline(side.outline)
                    if check and key in seen:
                        raise ValueError(f"{which} side repeats the outline of {seen[key]}")
                    seen[key] = f"{where} {which}"
                    sides[which] = side
            except (KeyError, TypeError) as e:
                raise ValueError(f"{where}: missing or bad field {e}") from None
            except ValueError as e:
                raise ValueError(f"{where}: {e}") from None
            cards.append(Card(i, sides["easy"], sides["hard"]))
        if not cards:
            raise ValueError("the deck has no cards")
        return cls(int(data.get("seed", 0)), tuple(cards), dict(data.get("params", {})))

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}: not JSON ({e})") from None
        try:
            return cls.from_json(data)
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(dump_json(self.to_json()), encoding="utf-8")


def dump_json(data: dict[str, Any]) -> str:
    """Stable, diff-friendly JSON: one piece row (or other small leaf) per line."""

    def enc(obj: Any, pad: str) -> str:
        flat = json.dumps(obj, ensure_ascii=False)
        if not isinstance(obj, dict | list) or len(flat) + len(pad) <= 100 or (
            isinstance(obj, dict) and "symbol" in obj
        ):
            return flat
        inner = pad + "  "
        if isinstance(obj, list):
            return "[\n" + ",\n".join(inner + enc(v, inner) for v in obj) + "\n" + pad + "]"
        return "{\n" + ",\n".join(
            f"{inner}{json.dumps(k)}: {enc(v, inner)}" for k, v in obj.items()
        ) + "\n" + pad + "}"

    return enc(data, "") + "\n"


def is_connected(cells: frozenset[tuple[int, int]]) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


def has_hole(outline: Outline) -> bool:
    """True if some gap cannot reach the outside of the bounding box (4-connected)."""
    cells = outline.cells
    rows, cols = outline.rows, outline.cols
    outside = {(-1, -1)}
    todo = [(-1, -1)]
    while todo:
        r, c = todo.pop()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if (
                -1 <= q[0] <= rows and -1 <= q[1] <= cols
                and q not in cells and q not in outside
            ):
                outside.add(q)
                todo.append(q)
    return len(outside) + len(cells) != (rows + 2) * (cols + 2)


def validate_side(side: Side, k: int) -> None:
    """Raise ValueError unless the side is a fair puzzle: what a player relies on."""
    o = side.outline
    if side.k != k:
        raise ValueError(f"k is {side.k}, expected {k}")
    if not is_connected(o.cells):
        raise ValueError(f"outline {o.text} is not 4-connected")
    if has_hole(o):
        raise ValueError(f"outline {o.text} has a hole")
    if len(side.rows) != len(SYMBOLS):
        raise ValueError(f"{len(side.rows)} rows, expected {len(SYMBOLS)}")
    if len(set(side.rows)) != len(side.rows):
        raise ValueError("two rows name the same pieces")
    if side.grades and len(side.grades) != len(side.rows):
        raise ValueError("grades do not match the rows")
    for sym, row in zip(SYMBOLS, side.rows, strict=True):
        if len(row) != k:
            raise ValueError(f"row {sym} has {len(row)} pieces, expected {k}")
        area = sum(PIECES[p].size for p in row)
        if area != o.area:
            raise ValueError(f"row {sym} ({''.join(row)}) covers {area} cells, outline {o.area}")
        if first_solution(o, row) is None:
            raise ValueError(f"row {sym} ({''.join(row)}) does not tile the outline {o.text}")


SHIPPED = "shipped"


def deck_for_option(value: str) -> tuple[Deck, str]:
    """The deck a game's `deck` option names, and the option pinned to that deck's digest.

    "" or "shipped" is the deck shipped with Herna; anything else is the path of a deck file
    (`herna ubongo generate`). The pinned form `SOURCE@DIGEST` goes into the game record, so
    a record replays only with the cards it was played with. Raises ValueError with a reason.
    """
    source, _, want = (value or SHIPPED).partition("@")
    deck = default_deck() if source == SHIPPED else Deck.load(source)
    if want and want != deck.digest:
        raise ValueError(f"the game was played with deck {want}, but {source} is deck "
                         f"{deck.digest}")
    return deck, f"{source}@{deck.digest}"


@cache
def default_deck() -> Deck:
    """The shipped deck (tables/deck.json), loaded and validated once."""
    return Deck.load(DECK_PATH)


__all__ = [
    "DECK_PATH",
    "SYMBOLS",
    "SYMBOL_GLYPHS",
    "Card",
    "Deck",
    "Grade",
    "Side",
    "deck_for_option",
    "default_deck",
    "validate_side",
]
