"""The SVG and terminal pictures of an Alhambra view: hand-written views that follow the
schema in contract.md, then real views from random play."""

from __future__ import annotations

import copy
import io
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style

import herna
from herna.games.alhambra import notation, render, terminal
from herna.games.alhambra.data import BUILDING_TYPES, CURRENCIES

NS = "{http://www.w3.org/2000/svg}"


# ----- sample views (the schema of contract.md) ----------------------------------------
def tile(tid: int, kind: str, price: int, walls: str) -> dict[str, Any]:
    return {"id": tid, "type": kind, "price": price, "walls": walls}


def card(currency: str, value: int) -> dict[str, Any]:
    return {"currency": currency, "value": value}


FOUNTAIN = tile(0, "fountain", 0, "-")
NO_COUNTS = {k: 0 for k in ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")}


def seat_entry(seat: int, hand: list[dict[str, Any]] | None, hand_count: int,
               alhambra: list[dict[str, Any]], score: int = 0, **extra: Any) -> dict[str, Any]:
    counts = dict(NO_COUNTS)
    for cell in alhambra:
        kind = cell["tile"]["type"]
        if kind in counts:
            counts[kind] += 1
    entry: dict[str, Any] = {
        "seat": seat, "score": score, "hand": hand, "hand_count": hand_count,
        "hand_total": None if hand is None else sum(c["value"] for c in hand),
        "alhambra": alhambra, "reserve": [], "pending": [], "counts": counts,
        "longest_wall": 0,
    }
    entry.update(extra)
    return entry


def three_player_view() -> dict[str, Any]:
    """Seat 0 looks at the table while placing a tile bought this turn."""
    seat0 = [
        {"x": 0, "y": 0, "tile": FOUNTAIN},
        {"x": 0, "y": -1, "tile": tile(16, "arcades", 5, "TL")},
        {"x": -1, "y": 0, "tile": tile(12, "seraglio", 7, "L")},
        {"x": -1, "y": -1, "tile": tile(1, "pavilion", 2, "TRL")},
        {"x": 1, "y": 0, "tile": tile(50, "tower", 11, "T")},
        {"x": 0, "y": 1, "tile": tile(43, "garden", 12, "B")},
    ]
    seat1 = [
        {"x": 0, "y": 0, "tile": FOUNTAIN},
        {"x": -1, "y": 0, "tile": tile(24, "chambers", 5, "TBL")},
    ]
    seat2 = [{"x": 0, "y": 0, "tile": FOUNTAIN}]
    return {
        "game": "alhambra", "seat": 0, "players": 3, "open_money": False,
        "phase": "placement", "current": 0, "to_act": [0], "turn": 17,
        "actions_this_turn": 1,
        "market": [
            {"space": 1, "currency": "denar", "tile": tile(5, "pavilion", 6, "T")},
            {"space": 2, "currency": "dirham", "tile": tile(38, "garden", 9, "R")},
            {"space": 3, "currency": "ducat", "tile": tile(19, "arcades", 7, "RB")},
            {"space": 4, "currency": "guilder", "tile": None},
        ],
        "money_display": [card("ducat", 3), card("guilder", 1), card("denar", 5),
                          card("dirham", 8)],
        "deck": 40, "scoring_cards_drawn": ["A"],
        "discard": [card("denar", 2), card("ducat", 9)], "bag": 20,
        "seats": [
            seat_entry(0, [card("denar", 7), card("dirham", 2), card("denar", 3),
                           card("guilder", 9)], 4, seat0, score=12, longest_wall=3,
                       reserve=[tile(33, "garden", 6, "RBL")],
                       pending=[tile(22, "arcades", 9, "-")]),
            seat_entry(1, None, 5, seat1, score=7, longest_wall=2),
            seat_entry(2, None, 3, seat2, score=4),
        ],
        "dirk": None,
        "scorings": [{"round": 1, "points": [
            {**NO_COUNTS, "tower": 6, "walls": 3, "total": 9},
            {**NO_COUNTS, "chambers": 4, "walls": 2, "total": 6},
            {**NO_COUNTS, "walls": 0, "total": 0}], "dirk": None}],
        "outcome": None,
    }


def two_player_over_view() -> dict[str, Any]:
    """The end of a two-player game with Dirk, seen by seat 1."""
    seat0 = [{"x": 0, "y": 0, "tile": FOUNTAIN},
             {"x": 0, "y": -1, "tile": tile(44, "tower", 7, "TRL")}]
    seat1 = [{"x": 0, "y": 0, "tile": FOUNTAIN},
             {"x": -1, "y": 0, "tile": tile(7, "pavilion", 8, "-")},
             {"x": -2, "y": 0, "tile": tile(29, "chambers", 9, "L")}]
    dirk_tiles = [tile(14, "seraglio", 9, "-"), tile(41, "garden", 10, "-"),
                  tile(9, "seraglio", 4, "TR")]
    breakdown = [
        {"pavilion": 0, "seraglio": 0, "arcades": 0, "chambers": 0, "garden": 0,
         "tower": 21, "walls": 19},
        {"pavilion": 16, "seraglio": 0, "arcades": 0, "chambers": 19, "garden": 0,
         "tower": 0, "walls": 23},
    ]
    return {
        "game": "alhambra", "seat": 1, "players": 2, "open_money": False,
        "phase": "over", "current": 1, "to_act": [], "turn": 120, "actions_this_turn": 0,
        "market": [{"space": i + 1, "currency": c, "tile": None}
                   for i, c in enumerate(("denar", "dirham", "ducat", "guilder"))],
        "money_display": [card("denar", 1)], "deck": 3, "scoring_cards_drawn": ["A", "B"],
        "discard": [], "bag": 0,
        "seats": [
            seat_entry(0, None, 6, seat0, score=40),
            seat_entry(1, [card("ducat", 4)], 1, seat1, score=58),
        ],
        "dirk": {"tiles": dirk_tiles, "counts": {**NO_COUNTS, "seraglio": 2, "garden": 1},
                 "score": 31},
        "scorings": [],
        "leftovers": [{"space": 2, "tile": 3, "seat": 1, "amount": 8}],
        "outcome": {"scores": [40, 58], "ranks": [2, 1], "winners": [1],
                    "breakdown": breakdown, "details": {}},
    }


def spread_view(players: int) -> dict[str, Any]:
    """Alhambras far into negative (and positive) coordinates, for the layout."""
    view = three_player_view()
    view["players"] = players
    view["seat"] = None
    view["phase"], view["to_act"], view["current"] = "action", [players - 1], players - 1
    view["seats"] = []
    for s in range(players):
        cells = [{"x": 0, "y": 0, "tile": FOUNTAIN}]
        cells += [{"x": -k - s, "y": -k, "tile": tile(10 + k, "garden", 8, "-")}
                  for k in range(1, 4 + s)]
        cells += [{"x": k, "y": s, "tile": tile(30 + k, "tower", 9, "B")} for k in range(1, 3)]
        view["seats"].append(seat_entry(s, None, 4, cells))
    return view


# ----- helpers ---------------------------------------------------------------------------
def parse(svg_text: str) -> ET.Element:
    return ET.fromstring(svg_text.encode("utf-8"))


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def group(root: ET.Element, cls: str, seat: int) -> ET.Element:
    found = [e for e in by_class(root, cls) if e.get("data-seat") == str(seat)]
    assert len(found) == 1
    return found[0]


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{NS}text")]


def absolute_rects(root: ET.Element) -> Iterator[tuple[float, float, float, float]]:
    """Every rect's box in document coordinates (the renderer only uses translate)."""
    def walk(el: ET.Element, ox: float, oy: float) -> Iterator[tuple[float, float, float, float]]:
        m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", "") or "")
        if m:
            ox, oy = ox + float(m.group(1)), oy + float(m.group(2))
        if el.tag == f"{NS}rect":
            yield (ox + float(el.get("x", 0)), oy + float(el.get("y", 0)),
                   float(el.get("width", 0)), float(el.get("height", 0)))
        for child in el:
            yield from walk(child, ox, oy)
    yield from walk(root, 0.0, 0.0)


def walled_sides(cells: list[dict[str, Any]]) -> int:
    return sum(len(c["tile"]["walls"].replace("-", "")) for c in cells)


def console_text(view: dict[str, Any], width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(terminal.render(view))
    return console.export_text()


def styled_segments(view: dict[str, Any]) -> list[tuple[str, Style | None]]:
    console = Console(width=120, color_system="truecolor", force_terminal=True,
                      file=io.StringIO())
    return [(seg.text, seg.style) for seg in console.render(terminal.render(view))]


# ----- SVG -------------------------------------------------------------------------------
def test_svg_is_standalone_xml_with_size() -> None:
    text = render.svg(three_player_view())
    root = parse(text)
    assert root.tag == f"{NS}svg"
    w, h = float(root.get("width", "0")), float(root.get("height", "0"))
    assert w > 0 and h > 0
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert "href" not in text and "url(" not in text  # no external resources


def test_one_rect_per_alhambra_tile_and_one_line_per_wall() -> None:
    view = three_player_view()
    root = parse(render.svg(view))
    for seat in view["seats"]:
        g = group(root, "alhambra", seat["seat"])
        rects = by_class(g, "tile")
        assert sorted(int(r.get("data-id", -1)) for r in rects) == \
            sorted(c["tile"]["id"] for c in seat["alhambra"])
        assert len(by_class(g, "wall")) == walled_sides(seat["alhambra"])
    assert walled_sides(view["seats"][0]["alhambra"]) == 8
    # the fountain is drawn in sand with its mark
    fountain = [r for r in by_class(group(root, "alhambra", 0), "tile")
                if r.get("data-type") == "fountain"]
    assert fountain[0].get("fill") == render.TYPE_FILL["fountain"]
    assert by_class(group(root, "alhambra", 0), "fountain-mark")


def test_tiles_are_coloured_by_type() -> None:
    root = parse(render.svg(three_player_view()))
    for rect in by_class(root, "tile"):
        assert rect.get("fill") == render.TYPE_FILL[rect.get("data-type", "")]


def test_coordinate_labels_and_free_places_cover_negative_extent() -> None:
    root = parse(render.svg(three_player_view()))
    g = group(root, "alhambra", 0)
    coords = {e.text for e in by_class(g, "coord")}
    assert {"-2", "-1", "0", "1", "2"} <= coords
    slots = {e.text for e in by_class(g, "slot-coord")}
    assert "-1,-2" in slots and "0,2" in slots and "0,0" not in slots


def test_market_display_and_supply() -> None:
    view = three_player_view()
    root = parse(render.svg(view))
    market = by_class(root, "market")[0]
    spaces = by_class(market, "market-space")
    assert [s.get("data-currency") for s in spaces] == ["denar", "dirham", "ducat", "guilder"]
    assert [r.get("data-id") for r in by_class(market, "tile")] == ["5", "38", "19"]
    assert "empty" in texts(market)
    assert "price 9" in texts(market)
    display = by_class(root, "money-display")[0]
    assert [(c.get("data-currency"), c.get("data-value")) for c in by_class(display, "card")] \
        == [("ducat", "3"), ("guilder", "1"), ("denar", "5"), ("dirham", "8")]
    for c in by_class(display, "card"):
        assert c.get("fill") == render.CURRENCY_FILL[c.get("data-currency", "")]
    supply = by_class(root, "supply")[0]
    lines = texts(supply)
    assert "Deck: 40 cards" in lines and "Bag: 20 tiles" in lines
    assert "Discard: 2 cards" in lines
    drawn = {c.get("data-card"): c.get("data-drawn") for c in by_class(supply, "scoring-card")}
    assert drawn == {"A": "yes", "B": "no"}
    # a scoring round is a small table by name, not one line of seat numbers
    assert "Scoring round 1" in lines
    rounds = by_class(supply, "scoring-round")
    assert [texts(r) for r in rounds] == [["Scoring round 1", "Seat 0 (you)", "+9 points",
                                          "Seat 1", "+6 points", "Seat 2", "+0 points"]]


def test_hidden_hands_show_no_card_values() -> None:
    view = three_player_view()
    root = parse(render.svg(view))
    own = group(root, "seat", 0)
    assert [(c.get("data-currency"), c.get("data-value")) for c in by_class(own, "card")] == \
        [("denar", "3"), ("denar", "7"), ("dirham", "2"), ("guilder", "9")]
    for seat in (1, 2):
        panel = group(root, "seat", seat)
        assert by_class(panel, "card") == []
        assert all(e.get("data-value") is None for e in panel.iter())
        assert len(by_class(panel, "card-back")) == 1
    assert f"{view['seats'][1]['hand_count']} cards (hidden)" in texts(group(root, "seat", 1))


def test_seat_panel_facts() -> None:
    root = parse(render.svg(three_player_view()))
    own = group(root, "seat", 0)
    words = texts(own)
    assert "Seat 0 (you)" in words and "Score 12" in words and "Longest wall: 3" in words
    assert "▶ to act" in words
    assert "▶ to act" not in texts(group(root, "seat", 1))
    reserve = by_class(own, "reserve")[0]
    assert [r.get("data-id") for r in by_class(reserve, "tile")] == ["33"]
    pending = by_class(own, "pending")[0]
    assert [r.get("data-id") for r in by_class(pending, "tile")] == ["22"]
    counts = {c.get("data-type"): c for c in by_class(own, "count")}
    assert set(counts) == set(BUILDING_TYPES)
    assert by_class(group(root, "seat", 1), "pending") == []


def test_outcome_is_drawn_only_when_over() -> None:
    assert by_class(parse(render.svg(three_player_view())), "outcome") == []
    view = two_player_over_view()
    root = parse(render.svg(view))
    outcome = by_class(root, "outcome")
    assert len(outcome) == 1
    words = texts(outcome[0])
    assert "Winner: Seat 1 (you)" in words
    assert "58 points" in words and "40 points" in words  # scores
    assert "1st ★ Seat 1 (you)" in words and "2nd Seat 0" in words  # by place
    assert "23" in words and "19" in words  # the walls of the breakdown
    assert len(by_class(outcome[0], "winner-row")) == 1
    # each seat's row has its token (its colour, as the page's swatch; Dirk's line none)
    tokens = by_class(outcome[0], "seat-token")
    assert [tk.get("data-seat") for tk in tokens] == ["1", "0"]  # by place
    colours = render.seat_colours(view)
    assert [c.get("fill") for tk in tokens for c in tk.iter(f"{NS}circle")] == [
        colours[1], colours[0]]
    assert "Dirk: 31 points" in words
    notes = " ".join(e.text or "" for e in by_class(outcome[0], "outcome-note"))  # wrapped
    assert "Tile #3 left on space 2 went to Seat 1 (you) (8 dirham)" in notes
    assert any("game over" in (e.text or "") for e in by_class(root, "status"))


def test_dirk_panel_in_two_players() -> None:
    root = parse(render.svg(two_player_over_view()))
    dirk = by_class(root, "dirk")
    assert len(dirk) == 1
    assert [r.get("data-id") for r in by_class(dirk[0], "tile")] == ["14", "41", "9"]
    assert "Score 31" in texts(dirk[0])
    assert by_class(parse(render.svg(three_player_view())), "dirk") == []


def test_svg_is_deterministic_and_leaves_the_view_alone() -> None:
    view = three_player_view()
    before = copy.deepcopy(view)
    assert render.svg(view) == render.svg(copy.deepcopy(view))
    assert view == before


def test_text_is_escaped() -> None:
    view = three_player_view()
    view["market"][0]["currency"] = "<d&r>"
    root = parse(render.svg(view))  # would raise if not escaped
    assert any("<d&r>" in t for t in texts(root))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layout_fits_every_player_count_and_extent(players: int) -> None:
    view = spread_view(players)
    root = parse(render.svg(view))
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    boxes = list(absolute_rects(root))
    for x, y, w, h in boxes:
        assert x >= 0 and y >= 0 and x + w <= width + 0.01 and y + h <= height + 0.01
    panels = [b for b, e in zip(boxes, root.iter(f"{NS}rect"), strict=True)
              if e.get("class") == "panel"]
    assert len(panels) == players
    for i, a in enumerate(panels):  # player panels never overlap
        for b in panels[i + 1:]:
            assert a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or \
                a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
    assert len(group(root, "alhambra", players - 1).findall(f".//{NS}rect[@class='tile']")) \
        == len(view["seats"][players - 1]["alhambra"])


# ----- terminal --------------------------------------------------------------------------
def test_terminal_shows_key_facts() -> None:
    view = three_player_view()
    text = console_text(view)
    assert "turn 17" in text and "Seat 0 (you) to act" in text and "placement phase" in text
    assert "scoring rounds done 1" in text and "deck 40" in text and "bag 20" in text
    for tid in (5, 38, 19, 16, 12, 50, 43, 24, 33, 22):
        assert re.search(rf"\b{tid}\b", text), tid
    assert "Score 12" in text and "Score 7" in text and "Score 4" in text
    assert "Hand: b3 b7 g2 y9" in text
    assert "b=10" in text and "y=9" in text
    assert "Hand: 5 cards" in text and "Hand: 3 cards" in text
    assert "Money display: o3 y1 b5 g8" in text
    assert "◎ FTN" in text and "PAV" in text
    assert "┏" in text and "━" in text and "┃" in text  # pavilion 1 is walled T, R, L
    assert "-1,-2" in text  # a free place's coordinates
    assert "To place:" in text and "Reserve:" in text


def test_terminal_colours_own_cards_by_currency() -> None:
    view = three_player_view()
    segments = styled_segments(view)
    b7 = [style for text, style in segments if text == "b7"]
    assert b7 and b7[0] is not None and b7[0].bgcolor is not None
    assert b7[0].bgcolor.get_truecolor().hex == render.CURRENCY_FILL["denar"]
    # a hidden hand is only a count: no card of seat 1 can appear
    hidden = three_player_view()
    hidden["seats"][0]["hand"] = None
    hidden["seats"][0]["hand_total"] = None
    hidden["money_display"] = []
    hidden_segments = styled_segments(hidden)
    currency_bgs = {render.CURRENCY_FILL[c] for c in CURRENCIES}
    card_like = [t for t, s in hidden_segments
                 if re.fullmatch(r"[bgoy]\d", t) and s is not None and s.bgcolor is not None
                 and s.bgcolor.get_truecolor().hex in currency_bgs]
    assert card_like == []
    assert "Hand: 4 cards" in console_text(hidden)


def test_terminal_grid_cells_and_walls() -> None:
    lines = terminal.cell_lines(tile(1, "pavilion", 2, "TRL"))
    assert lines == ["┏━━━━━━┓", "┃ 1 PAV┃", "┃      ┃"]
    assert terminal.cell_lines(tile(7, "pavilion", 8, "-")) == ["·      ·", "  7 PAV ", "·      ·"]
    assert terminal.cell_lines(tile(46, "tower", 9, "RB"))[2] == "━━━━━━━┛"
    assert terminal.cell_lines(FOUNTAIN)[1] == " ◎ FTN  "
    grid = terminal.alhambra_grid(three_player_view()["seats"][0]["alhambra"]).plain
    rows = grid.split("\n")
    assert rows[0].split() == ["-2", "-1", "0", "1", "2"]
    assert len(rows) == 1 + terminal.CELL_HEIGHT * 5
    assert all(len(r) <= terminal.grid_width(three_player_view()["seats"][0]["alhambra"])
               for r in rows)


def test_terminal_outcome_and_dirk() -> None:
    text = console_text(two_player_over_view())
    assert "Game over · winner: Seat 1 (you)" in text
    assert "★ Seat 1 (you)" in text and "58" in text and "walls" in text
    assert "Dirk (neutral player)" in text and "Score 31" in text
    assert "Dirk: 31 points" in text
    assert "Tile #3 left on space 2 went to Seat 1 (you)" in text
    assert "Hand: 6 cards" in text and "Hand: o4" in text


def test_terminal_narrow_console_stacks_the_grid() -> None:
    text = console_text(three_player_view(), width=70)
    assert "Seat 0 (you)" in text and "◎ FTN" in text


def test_tile_label() -> None:
    assert terminal.tile_label(tile(23, "arcades", 10, "TR")) == "23 arcades (10) walls TR"
    assert terminal.tile_label(tile(7, "pavilion", 8, "-")) == "7 pavilion (8) no walls"
    assert terminal.tile_label(FOUNTAIN) == "0 fountain"
    assert terminal.card_label(card("guilder", 9)) == "y9"


def test_help_covers_every_action_form() -> None:
    for form in ("take b7", "take g2 y3", "buy 2 g4 g3", "end", "place 23 1,-2", "reserve 23",
                 "swap 12 33", "dirk 23", "pass", "legal", "help", "view", "quit",
                 "0,-1", "b = blue denar", "g = green dirham", "o = orange ducat",
                 "y = yellow guilder"):
        assert form in notation.HELP, form


# ----- real views from random play -------------------------------------------------------
def random_views(players: int, seed: int) -> Iterator[dict[str, Any]]:
    """Views from a random game: every seat's and a spectator's, now and then."""
    state = herna.make("alhambra", players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
        if step % 37 == 0:
            yield state.view(step % players)
    for seat in (*range(players), None):
        yield state.view(seat)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 3)])
def test_real_views_render(players: int, seed: int) -> None:
    last: dict[str, Any] = {}
    for view in random_views(players, seed):
        root = parse(render.svg(view))
        for seat in view["seats"]:
            g = group(root, "alhambra", seat["seat"])
            assert len(by_class(g, "tile")) == len(seat["alhambra"])
            assert len(by_class(g, "wall")) == walled_sides(seat["alhambra"])
            if seat["hand"] is None:
                assert by_class(group(root, "seat", seat["seat"]), "card") == []
        text = console_text(view)
        for seat in view["seats"]:
            assert f"Score {seat['score']}" in text
        last = view
    assert last["phase"] == "over" and last["outcome"] is not None
    root = parse(render.svg(last))
    assert len(by_class(root, "outcome")) == 1
    assert (players == 2) == bool(by_class(root, "dirk"))
    assert "Game over" in console_text(last)
