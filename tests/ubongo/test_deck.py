"""The shipped deck: valid on load, every row re-verified and re-graded, reproducible."""

from __future__ import annotations

import copy
import json
from xml.sax.saxutils import escape

import pytest

from herna.games.ubongo.deck import (
    DECK_PATH,
    SYMBOLS,
    Deck,
    default_deck,
    dump_json,
    validate_side,
)
from herna.games.ubongo.generator import generate_deck, grade
from herna.games.ubongo.i18n import symbol_name, t
from herna.games.ubongo.pieces import LETTERS, PIECES
from herna.games.ubongo.solver import canonical_outline, count_solutions


@pytest.fixture(scope="module")
def deck() -> Deck:
    return default_deck()


def test_shipped_deck_shape(deck: Deck) -> None:
    assert len(deck.cards) == 36
    assert [c.number for c in deck.cards] == list(range(1, 37))
    outlines = set()
    for card in deck.cards:
        for side, k in ((card.easy, 3), (card.hard, 4)):
            assert side.k == k
            assert len(side.rows) == len(SYMBOLS) == 6
            assert len(set(side.rows)) == 6
            assert side.outline.rows <= 6 and side.outline.cols <= 8
            outlines.add(canonical_outline(side.outline))
            for a in side.rows:
                assert tuple(sorted(a)) == a
                for b in side.rows:
                    if a != b:  # no two rows differ by a single piece
                        assert len(set(a) & set(b)) < k - 1
    assert len(outlines) == 72  # no outline repeats, even turned or flipped


def test_every_row_tiles_and_grades_recompute(deck: Deck) -> None:
    for card in deck.cards:
        for side in (card.easy, card.hard):
            validate_side(side, side.k)
            for row, g in zip(side.rows, side.grades, strict=True):
                assert count_solutions(side.outline, row) == g.solutions >= 1
                assert grade(side.outline, row) == g


def test_pieces_spread_over_each_card(deck: Deck) -> None:
    used = [{p for s in (c.easy, c.hard) for r in s.rows for p in r} for c in deck.cards]
    assert sum(len(u) == 12 for u in used) >= 30
    assert all(len(u) >= 10 for u in used)
    per_piece = {x: sum(x in r for c in deck.cards for s in (c.easy, c.hard) for r in s.rows)
                 for x in LETTERS}
    assert min(per_piece.values()) >= 20


def test_whole_deck_regenerates_byte_for_byte(deck: Deck) -> None:
    """The shipped file is exactly what `herna ubongo generate` makes from its seed."""
    regen = generate_deck(deck.seed, cards=36, difficulty=deck.params.get("difficulty"))
    assert dump_json(regen.to_json()) == DECK_PATH.read_text(encoding="utf-8")


def test_json_round_trip(deck: Deck) -> None:
    assert Deck.from_json(json.loads(json.dumps(deck.to_json()))) == deck


def _bad(mutate: object) -> str:
    data = copy.deepcopy(default_deck().to_json())
    mutate(data)  # type: ignore[operator]
    with pytest.raises(ValueError) as e:
        Deck.from_json(data)
    return str(e.value)


def test_load_rejects_broken_decks() -> None:
    def swap_row(d: dict) -> None:
        d["cards"][2]["easy"]["rows"][1]["pieces"] = "ABC"  # area 8, not the outline's

    assert "card 3: easy side: row elephant (ABC) covers 8 cells" in _bad(swap_row)

    def wrong_k(d: dict) -> None:
        d["cards"][0]["hard"]["k"] = 3

    assert "card 1: hard side: k is 3, expected 4" in _bad(wrong_k)

    def hole(d: dict) -> None:
        d["cards"][0]["easy"]["outline"] = "###/#.#/###"

    assert "card 1: easy side:" in _bad(hole)

    def same_rows(d: dict) -> None:
        rows = d["cards"][5]["hard"]["rows"]
        rows[1]["pieces"] = rows[0]["pieces"]

    assert "two rows name the same pieces" in _bad(same_rows)

    def not_tiling(d: dict) -> None:
        side = d["cards"][0]["easy"]
        side["outline"] = "#" * sum(PIECES[x].size for x in side["rows"][0]["pieces"])

    assert "does not tile" in _bad(not_tiling) or "covers" in _bad(not_tiling)

    def unknown(d: dict) -> None:
        d["cards"][0]["easy"]["rows"][0]["pieces"] = "AZQ"

    assert "unknown piece" in _bad(unknown)
    with pytest.raises(ValueError, match="not an Ubongo deck"):
        Deck.from_json({"format": "something else"})


def test_side_lookup(deck: Deck) -> None:
    card = deck.card(3)
    assert card.side("easy") is card.easy and card.side("hard") is card.hard
    assert card.easy.row("gazelle") == card.easy.rows[2] == card.easy.row(2)
    with pytest.raises(ValueError, match="cards are 1-36"):
        deck.card(37)
    with pytest.raises(ValueError, match="'easy' or 'hard'"):
        card.side("medium")


def test_svg_pictures_are_pure_and_complete(deck: Deck) -> None:
    from herna.games.ubongo.cardrender import side_svg, solution_svg
    from herna.games.ubongo.solver import first_solution

    side = deck.card(5).hard
    svg = side_svg(side, 5)
    assert svg == side_svg(side, 5)  # a pure function of its input
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('fill="#FFFDF6"') == side.outline.area  # one light square per cell
    for sym in SYMBOLS:  # each row's die face, named by its word
        assert f'data-symbol="{sym}"' in svg and f"<title>{symbol_name(sym)}</title>" in svg
    assert escape(t("note")) in svg  # the cards are Herna's own
    sol = first_solution(side.outline, side.rows[0])
    assert sol is not None
    pic = solution_svg(side.outline, sol)
    for p in sol:
        assert pic.count(f'fill="{PIECES[p.piece].colour}"') == PIECES[p.piece].size
