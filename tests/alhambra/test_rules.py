"""Every Alhambra rule, checked with the rulebook's own numbers (seeds 002 and 004;
`shared/rules/alhambra.md`). Positions are set up by editing a fresh state's fields."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import herna
from herna.core import IllegalAction, Rng
from herna.games.alhambra import actions as A
from herna.games.alhambra.board import cell
from herna.games.alhambra.data import BUILDING_TYPES, MARKET_CURRENCIES
from herna.games.alhambra.rules import SCORE_A, SCORE_B
from herna.games.alhambra.state import AlhambraState

LETTERS = "bgoy"  # denar, dirham, ducat, guilder


# --- helpers --------------------------------------------------------------------------------------


def card(text: str) -> int:
    """'g4' -> the card's int, currency * 9 + value - 1."""
    return LETTERS.index(text[0]) * 9 + int(text[1:]) - 1


def cards(text: str) -> list[int]:
    return sorted(card(t) for t in text.split())


def value_total(hand: list[int]) -> int:
    return sum(c % 9 + 1 for c in hand)


def new_game(players: int = 3, seed: int = 1, **options: Any) -> AlhambraState:
    s = herna.make("alhambra", players=players, seed=seed, **options)
    assert isinstance(s, AlhambraState)
    return s


def tidy(s: AlhambraState) -> None:
    """After tiles were moved by hand, keep each tile in one place (the bag and Dirk lose
    tiles now shown elsewhere) and drop the cached legal actions."""
    used = {t for b in s.boards for t in b.cells.values()} | set(s.market) | set(s.pending)
    used |= {t for r in s.reserves for t in r}
    s.dirk_tiles = [t for t in s.dirk_tiles if t not in used]
    used |= set(s.dirk_tiles)
    s.bag = [t for t in s.bag if t not in used]
    s._legal = None


def arrange(s: AlhambraState, *, hand: str | None = None, market: list[int] | None = None,
            display: str | None = None, reserve: list[int] | None = None,
            bag: list[int] | None = None) -> int:
    """Set the current player's hand and reserve, the market (default: four chambers tiles
    nobody builds in these tests), the money display and the bag. Returns the current seat."""
    p = s.current
    if hand is not None:
        s.hands[p] = cards(hand)
    s.market = list(market) if market is not None else [24, 25, 26, 27]
    if display is not None:
        s.display = cards(display)
    if reserve is not None:
        s.reserves[p] = list(reserve)
    if bag is not None:
        s.bag = list(bag)
    tidy(s)
    return p


def build(s: AlhambraState, seat: int, *tiles: tuple[int, int, int]) -> None:
    """Put (tile, x, y) into a seat's Alhambra, each placement checked to be legal."""
    board = s.boards[seat]
    for tile, x, y in tiles:
        assert board.fits(tile, cell(x, y)), f"test setup: tile {tile} cannot go to {x},{y}"
        board.add(tile, cell(x, y))
    tidy(s)


def legal(s: AlhambraState, seat: int) -> list[A.AlhambraAction]:
    out = s.legal_actions(seat)
    assert all(isinstance(a, A.AlhambraAction) for a in out)
    return out  # type: ignore[return-value]


def texts(s: AlhambraState, seat: int, kind: int | None = None) -> set[str]:
    return {str(a) for a in legal(s, seat) if kind is None or a.kind == kind}


def layout(s: AlhambraState, seat: int) -> dict[tuple[int, int], int]:
    return s.boards[seat].layout()


def score_now(s: AlhambraState, scoring_card: int) -> list[dict[str, int]]:
    """Put a scoring card on top of the deck and let the current player take one money card:
    the refill draws the scoring card. Returns that round's rows of points."""
    s.deck.append(scoring_card)
    s._legal = None
    p = s.current
    take = next(a for a in legal(s, p) if a.kind == A.TAKE and len(a.cards) == 1)
    s.apply(p, take)
    rows: list[dict[str, int]] = s.scorings[-1]["points"]
    return rows


def finish(s: AlhambraState) -> None:
    """End the game the shortest legal way: the bag is empty, nobody holds money, and the
    current player buys the only market tile (8, a seraglio for 3 denars) exactly, ends the
    turn and reserves it. The market cannot be refilled, so round 3 is scored."""
    p = s.current
    s.bag = []
    s.hands = [[] for _ in s.hands]
    s.hands[p] = cards("b3")
    s.market = [8, 0, 0, 0]
    tidy(s)
    for text in ("buy 1 b3", "end", "reserve 8"):
        s.apply(p, text)
    assert s.is_over()


def snapshot(s: AlhambraState) -> str:
    """Everything observable plus the hidden parts: equal snapshots mean an unchanged state."""
    return json.dumps({
        "record": s.record(), "views": [s.view(i) for i in range(s.num_players)],
        "spectator": s.view(None), "to_act": s.to_act(), "hands": s.hands, "deck": s.deck,
        "bag": s.bag, "rng": s.rng.state, "pending": s.pending,
    }, sort_keys=True)


# --- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_hand_is_dealt_until_it_reaches_twenty(players: int) -> None:
    """Cards are dealt one by one until the hand totals 20 or more, so 20 to 28."""
    for seed in range(10):
        for hand in new_game(players, seed).hands:
            total = value_total(hand)
            assert 20 <= total <= 28
            assert total - max(c % 9 + 1 for c in hand) < 20  # the last card crossed 20


def test_start_player_has_the_fewest_cards_then_the_lowest_total() -> None:
    """Fewest money cards starts; among equal counts, the lowest total."""
    for players in (2, 3, 4, 5, 6):
        for seed in range(10):
            s = new_game(players, seed)
            keys = [(len(h), value_total(h)) for h in s.hands]
            assert keys[s.current] == min(keys)
    # the fewest cards win even with the highest total: hands of 4, 5 and 3 cards
    s = new_game(3, 0)
    assert [len(h) for h in s.hands] == [4, 5, 3] and s.current == 2
    assert value_total(s.hands[2]) == max(value_total(h) for h in s.hands)
    # equal counts (5 and 5): the lower total (23 against 26) starts
    s = new_game(2, 1)
    assert [(len(h), value_total(h)) for h in s.hands] == [(5, 26), (5, 23)] and s.current == 1


@pytest.mark.parametrize(("players", "bag"), [(2, 44), (3, 50), (6, 50)])
def test_setup_fills_the_market_and_the_money_display(players: int, bag: int) -> None:
    """Four tiles on market spaces 1-4, four money cards face up; 2 players: Dirk holds 6."""
    s = new_game(players, 4)
    assert all(s.market) and len(s.display) == 4
    assert len(s.bag) == bag
    assert len(s.dirk_tiles) == (6 if players == 2 else 0)
    assert sorted(s.market + s.bag + s.dirk_tiles) == list(range(1, 55))


@pytest.mark.parametrize(("players", "copies"), [(2, 2), (3, 3), (4, 3), (6, 3)])
def test_money_is_108_cards_or_72_for_two_players(players: int, copies: int) -> None:
    """Three copies of each value 1-9 in four currencies; two players remove one copy."""
    s = new_game(players, 2)
    money = [c for h in s.hands for c in h] + s.display + s.discard
    money += [c for c in s.deck if c < SCORE_A]
    assert len(money) == 36 * copies == (72 if players == 2 else 108)
    assert Counter(money) == {c: copies for c in range(36)}
    assert s.deck.count(SCORE_A) == 1 and s.deck.count(SCORE_B) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deck_is_five_piles_with_a_in_pile_2_and_b_in_pile_4(players: int) -> None:
    """The rest of the deck is split into 5 (nearly) equal piles; scoring card A is shuffled
    into pile 2, B into pile 4; pile 1 is on top (the end of `deck`)."""
    for seed in range(6):
        s = new_game(players, seed)
        money = len(s.deck) - 2
        a_lo, a_hi = s.pile_bounds[SCORE_A]
        b_lo, b_hi = s.pile_bounds[SCORE_B]
        # piles from the top: 1, 2 (holds A), 3, 4 (holds B), 5
        sizes = [len(s.deck) - a_hi, a_hi - a_lo - 1, a_lo - b_hi, b_hi - b_lo - 1, b_lo]
        assert sum(sizes) == money
        assert all(money // 5 <= n <= -(-money // 5) for n in sizes)
        assert a_lo <= s.deck.index(SCORE_A) < a_hi
        assert b_lo <= s.deck.index(SCORE_B) < b_hi


# --- taking money ---------------------------------------------------------------------------------


def test_take_one_card_of_any_value_or_several_totalling_at_most_five() -> None:
    """One face-up card of any value, or several whose values total at most 5, currencies
    mixed (seed 002: "žlutou 1 a modrou 3")."""
    s = new_game()
    p = arrange(s, display="b6 g1 o2 y3")
    assert texts(s, p, A.TAKE) == {"take b6", "take g1", "take o2", "take y3",
                                   "take g1 o2", "take g1 y3", "take o2 y3"}
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="several totalling at most 5; g1 o2 y3 total 6"):
        s.apply(p, "take g1 o2 y3")
    with pytest.raises(IllegalAction, match="b6 g1 total 7"):
        s.apply(p, "take g1 b6")
    assert snapshot(s) == before


def test_taking_money_ends_the_turn_and_the_display_is_refilled_to_four() -> None:
    """Taking money is the turn's one action; afterwards the display is refilled to 4 from the
    top of the deck."""
    s = new_game()
    p = arrange(s, display="b6 g1 o2 y3")
    s.deck = [*cards("b1 b2"), card("b9")]  # b9 on top
    s.apply(p, "take g1 y3")
    assert card("g1") in s.hands[p] and card("y3") in s.hands[p]
    assert sorted(s.display) == cards("b6 o2 b9 b2")
    assert s.deck == [card("b1")]
    assert s.current == (p + 1) % 3 and s.phase == "action"


# --- buying ---------------------------------------------------------------------------------------


def test_buy_only_with_the_currency_of_the_space() -> None:
    """Space 1 takes denars, 2 dirhams, 3 ducats, 4 guilders; other money does not count."""
    s = new_game()
    # tiles 22 (9), 14 (9), 7 (8), 53 (12): the four nines buy the first three only
    p = arrange(s, hand="b9 g9 o9 y9", market=[22, 14, 7, 53])
    assert texts(s, p, A.BUY) == {"buy 1 b9", "buy 2 g9", "buy 3 o9"}
    for a in legal(s, p):
        if a.kind == A.BUY:
            assert a.currency == MARKET_CURRENCIES[a.space]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match=r"market space 2 takes only dirham \(g\), not b9"):
        s.apply(p, "buy 2 b9")
    assert snapshot(s) == before


def test_only_minimal_payments_are_offered() -> None:
    """For price 6 from g4 g3 g2: g4 g2 (exact) and g4 g3 (overpays by 1); g4 g3 g2 would
    give away a card the price does not need."""
    s = new_game()
    p = arrange(s, hand="g4 g3 g2", market=[24, 5, 26, 27])  # tile 5 costs 6
    assert texts(s, p, A.BUY) == {"buy 2 g4 g2", "buy 2 g4 g3"}
    with pytest.raises(IllegalAction, match="pays 9 for a price of 6: leave out the card"):
        s.apply(p, "buy 2 g4 g3 g2")


def test_exact_payment_grants_another_action() -> None:
    """Paying exactly keeps the turn going; the bought tile waits for the turn's end."""
    s = new_game()
    p = arrange(s, hand="g4 g2 b1", market=[24, 5, 26, 27])
    s.apply(p, "buy 2 g4 g2")
    assert s.current == p and s.phase == "action" and s.to_act() == (p,)
    assert s.actions_this_turn == 1
    assert s.pending == [5] and s.market[1] == 0
    assert s.hands[p] == cards("b1") and sorted(s.discard[-2:]) == cards("g4 g2")
    assert 5 not in layout(s, p).values() and s.reserves[p] == []
    assert "end" in texts(s, p)


def test_overpayment_ends_the_turn_without_change() -> None:
    """Seed 004: "Drobné se nevrací": 7 paid for a 6 is gone, and the turn is over."""
    s = new_game()
    p = arrange(s, hand="g4 g3", market=[24, 5, 26, 27])
    s.apply(p, "buy 2 g4 g3")
    assert s.hands[p] == []
    assert s.phase == "placement" and s.pending == [5]
    assert {a.kind for a in legal(s, p)} == {A.PLACE, A.RESERVE}
    s.apply(p, "reserve 5")
    assert s.current == (p + 1) % 3 and s.reserves[p] == [5]


def test_four_exact_purchases_then_one_more_action() -> None:
    """At most 5 actions: 4 exact purchases empty the market, then one more action."""
    s = new_game()
    # tiles 1, 2, 3, 4 cost 2, 3, 4 and 5
    p = arrange(s, hand="b2 g3 o4 y5", market=[1, 2, 3, 4], display="b9 g9 o9 y9")
    for text in ("buy 1 b2", "buy 2 g3", "buy 3 o4", "buy 4 y5"):
        s.apply(p, text)
        assert s.current == p and s.phase == "action"
    assert s.market == [0, 0, 0, 0]
    kinds = {a.kind for a in legal(s, p)}
    assert A.BUY not in kinds and A.TAKE in kinds and A.END in kinds
    s.apply(p, "take y9")
    assert s.actions_this_turn == 5
    assert s.phase == "placement" and sorted(s.pending) == [1, 2, 3, 4]


def test_end_after_an_exact_purchase_goes_to_placement() -> None:
    """The extra action is a right, not a duty."""
    s = new_game()
    p = arrange(s, hand="g4 g2", market=[24, 5, 26, 27])
    s.apply(p, "buy 2 g4 g2")
    s.apply(p, "end")
    assert s.phase == "placement" and s.placer == p and s.pending == [5]


def test_end_is_refused_before_a_purchase() -> None:
    """`end` only declines the extra action an exact purchase grants."""
    s = new_game()
    p = arrange(s)
    with pytest.raises(IllegalAction, match="`end` ends a turn after an exact purchase"):
        s.apply(p, "end")


def test_pass_only_when_nothing_else_is_possible() -> None:
    """No money to take, nothing affordable, nothing to redesign: the turn passes."""
    s = new_game()
    p = arrange(s, hand="", display="")
    assert texts(s, p) == {"pass"}
    s.apply(p, "pass")
    assert s.current == (p + 1) % 3
    q = arrange(s)
    with pytest.raises(IllegalAction, match="pass only when no other action is possible"):
        s.apply(q, "pass")


def test_a_buy_naming_the_wrong_currency_still_pays_in_the_space_currency() -> None:
    """An action object equal (same code) to the legal `buy 2 g6` acts like it, even when it
    was built with the wrong currency: denars never pay for a dirham space."""
    s = new_game()
    p = arrange(s, hand="b6 g6", market=[24, 5, 26, 27])
    s.apply(p, A.buy(1, 0, (6,)))
    assert s.hands[p] == cards("b6") and s.discard[-1] == card("g6")


# --- placing bought tiles -------------------------------------------------------------------------


def test_bought_tiles_wait_for_the_turn_end_and_are_placed_in_any_order() -> None:
    """Seed 004 p. 5: bought tiles are placed only when the turn ends, "v libovolném pořadí" (in
    any order)."""
    s = new_game()
    p = arrange(s, hand="b9 g9", market=[22, 14, 26, 27])
    s.apply(p, "buy 1 b9")
    s.apply(p, "buy 2 g9")
    assert layout(s, p) == {(0, 0): 0} and s.reserves[p] == []  # not placed yet
    assert [t["id"] for t in s.view(None)["seats"][p]["pending"]] == [22, 14]  # but public
    s.apply(p, "end")
    assert s.phase == "placement" and s.pending == [22, 14]
    legal = texts(s, p)
    assert {"place 22 1,0", "place 14 1,0", "reserve 22", "reserve 14"} <= legal
    s.apply(p, "place 14 1,0")  # the second tile bought goes first
    assert s.phase == "placement" and s.pending == [22]
    s.apply(p, "place 22 2,0")
    assert layout(s, p) == {(0, 0): 0, (1, 0): 14, (2, 0): 22}
    assert s.current == (p + 1) % 3 and s.phase == "action"


def test_rulebook_example_buy_buy_redesign_then_place_both() -> None:
    """Seed 004 p. 4: two exact purchases, then a redesign (a swap) ends the turn; only
    now are the two new tiles placed."""
    s = new_game()
    p = arrange(s, hand="b9 g9 g1", market=[22, 23, 26, 27], reserve=[14])
    build(s, p, (7, 1, 0))
    s.apply(p, "buy 1 b9")
    s.apply(p, "buy 2 g9 g1")
    assert s.phase == "action"
    s.apply(p, "swap 14 7")
    assert layout(s, p) == {(0, 0): 0, (1, 0): 14} and s.reserves[p] == [7]
    assert s.phase == "placement" and sorted(s.pending) == [22, 23]
    s.apply(p, "place 23 -1,0")
    s.apply(p, "place 22 2,0")
    assert layout(s, p) == {(0, 0): 0, (1, 0): 14, (-1, 0): 23, (2, 0): 22}
    assert s.current == (p + 1) % 3


WALLED_RING = ((5, 0, -1), (12, -1, 0), (6, 1, 0), (13, 0, 1),
               (4, -1, -1), (9, 1, -1), (2, -1, 1), (3, 1, 1))  # outer sides all walls


def test_a_tile_that_fits_nowhere_must_go_to_the_reserve() -> None:
    """Round a fully walled Alhambra nothing can be reached: the bought tile is reserved."""
    s = new_game()
    p = arrange(s, hand="b9", market=[22, 24, 25, 26])
    build(s, p, *WALLED_RING)
    s.apply(p, "buy 1 b9")
    s.apply(p, "end")
    assert texts(s, p) == {"reserve 22"}


# --- redesign -------------------------------------------------------------------------------------


def test_redesign_moves_a_reserve_tile_into_the_alhambra() -> None:
    """Redesign, first form: a reserve tile into the Alhambra (by the building rules)."""
    s = new_game()
    p = arrange(s, reserve=[7])
    s.apply(p, "place 7 1,0")
    assert layout(s, p) == {(0, 0): 0, (1, 0): 7} and s.reserves[p] == []
    assert s.current == (p + 1) % 3  # a redesign ends the turn


def test_redesign_moves_an_alhambra_tile_to_the_reserve() -> None:
    """Redesign, second form: an Alhambra tile to the reserve."""
    s = new_game()
    p = arrange(s)
    build(s, p, (7, 1, 0))
    s.apply(p, "reserve 7")
    assert layout(s, p) == {(0, 0): 0} and s.reserves[p] == [7]
    assert s.current == (p + 1) % 3


def test_redesign_swaps_a_reserve_tile_into_the_same_position() -> None:
    """Redesign, third form: the reserve tile goes exactly where the removed tile stood."""
    s = new_game()
    p = arrange(s, reserve=[14])
    build(s, p, (7, 1, 0))
    s.apply(p, "swap 14 7")
    assert layout(s, p) == {(0, 0): 0, (1, 0): 14} and s.reserves[p] == [7]
    assert s.current == (p + 1) % 3


def test_the_fountain_is_never_removed_or_swapped() -> None:
    """Seed 004 p. 4: "Není dovoleno odstranit startovní dlaždici nebo ji vyměnit."""
    s = new_game()
    p = arrange(s, reserve=[14])
    build(s, p, (7, 1, 0))
    assert texts(s, p, A.RESERVE) == {"reserve 7"}
    assert texts(s, p, A.SWAP) == {"swap 14 7"}
    with pytest.raises(IllegalAction, match="not a building tile number"):
        s.apply(p, "reserve 0")


def test_a_redesign_that_would_split_the_alhambra_is_refused() -> None:
    """Removing the middle of a row would strand tile 14 (seed 002: never in parts)."""
    s = new_game()
    p = arrange(s)
    build(s, p, (7, 1, 0), (14, 2, 0))
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="could no longer be reached from the fountain"):
        s.apply(p, "reserve 7")
    assert snapshot(s) == before
    s.apply(p, "reserve 14")  # the end of the row may go


def test_a_redesign_that_would_leave_a_hole_is_refused() -> None:
    """A tile with neighbours on all four sides would leave an enclosed empty space."""
    s = new_game()
    p = arrange(s)
    build(s, p, (7, 1, 0), (14, 2, 0), (22, 1, -1), (23, 1, 1))
    with pytest.raises(IllegalAction, match="removing tile 7 would leave a hole at 1,0"):
        s.apply(p, "reserve 7")


def test_a_redesign_placement_that_would_enclose_a_hole_is_refused() -> None:
    """The building rules bind a redesign too: no tile may shut an empty space in."""
    s = new_game()
    p = arrange(s, reserve=[41])
    build(s, p, (7, 1, 0), (14, 2, 0), (22, 2, 1), (23, 2, 2), (31, 1, 2), (32, 0, 2))
    with pytest.raises(IllegalAction, match="would enclose an empty space"):
        s.apply(p, "place 41 0,1")
    s.apply(p, "place 41 -1,0")


def test_a_swap_must_match_the_neighbours() -> None:
    """The swapped-in tile must match the edges of the tiles round its place."""
    s = new_game()
    p = arrange(s, reserve=[12])  # tile 12 has a wall on its left
    build(s, p, (7, 1, 0))
    with pytest.raises(IllegalAction, match="would not match tile 0 at 0,0 on its left side"):
        s.apply(p, "swap 12 7")


# Seed 002: "Vyměnit stavební kartičku na rezervní ploše za kartičku v Alhambře. Nová kartička
# musí být umístěna na místo kartičky odebrané! Při manipulaci s kartičkami již postavené
# Alhambry (odebrání, přestavba) je možné manipulovat jen s volnými kartičkami, tj. kartičkami
# na okraji pozice. V žádném okamžiku tedy nesmí zůstat Alhambra rozdělená na více částí, a to
# ani v rámci výměny (kontakt rohem není dostačující)." (Exchange a reserve tile for a tile in
# the Alhambra; the new tile must go in the removed tile's place. Only free tiles, i.e. tiles at
# the edge, may be handled; at no moment may the Alhambra be in several parts, not even during
# the exchange; corner contact is not enough.) Seed 004: "Nová dlaždice však musí být umístěna
# v Alhambře přesně na stejné místo ... I při přestavbě Alhambry však hráči musí dodržovat
# pravidla pro stavbu budov." (The new tile goes exactly where the old one was; a redesign, too,
# keeps the building rules.)
def test_a_swap_needs_a_free_edge_tile_not_a_removable_one() -> None:
    """Issue 15's example (3 players, seed 7): tile 4 at -1,0 is at the edge, and without it
    tile 6 still shares a whole side with tile 29, so the Alhambra stays in one piece; tile 5
    in its place matches every edge. Tile 6 is reached on foot only through tile 4, so
    `reserve 4` stays refused (the layout left behind must keep the building rules), but the
    swap keeps every path and is legal."""
    s = new_game(3, 7)
    p = arrange(s, reserve=[5])
    build(s, p, (29, 0, 1), (4, -1, 0), (6, -1, 1))
    assert "swap 5 4" in texts(s, p, A.SWAP)
    assert "reserve 4" not in texts(s, p, A.RESERVE)
    with pytest.raises(IllegalAction, match="could no longer be reached from the fountain"):
        s.apply(p, "reserve 4")
    s.apply(p, "swap 5 4")
    assert layout(s, p) == {(0, 0): 0, (0, 1): 29, (-1, 0): 5, (-1, 1): 6}
    assert s.reserves[p] == [4]


def test_a_swap_that_would_leave_the_alhambra_in_pieces_is_refused() -> None:
    """Seed 002: not in several parts "ani v rámci výměny" (not even during the exchange):
    tile 7 in the middle of the row 0-7-14 cannot be swapped out, though tile 41 (no walls,
    like 7) would match every edge."""
    s = new_game()
    p = arrange(s, reserve=[41])
    build(s, p, (7, 1, 0), (14, 2, 0))
    assert not {a for a in texts(s, p, A.SWAP) if a.endswith(" 7")}
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="in pieces during the exchange"):
        s.apply(p, "swap 41 7")
    assert snapshot(s) == before
    s.apply(p, "swap 41 14")  # the end of the row is free


def test_a_swap_of_a_tile_with_four_neighbours_is_refused() -> None:
    """Seed 002: only "kartičky na okraji pozice" (tiles at the edge) may be handled."""
    s = new_game()
    p = arrange(s, reserve=[41])  # no walls, like tile 7: every edge would match
    build(s, p, (7, 1, 0), (14, 2, 0), (22, 1, -1), (23, 1, 1))
    with pytest.raises(IllegalAction, match="all four sides: only a free tile"):
        s.apply(p, "swap 41 7")


# --- refilling after the turn ---------------------------------------------------------------------


def test_market_is_refilled_after_the_turn_in_ascending_order() -> None:
    """Seed 004 p. 5: spaces 2 and 4 emptied; the first tile drawn goes to 2, the second
    to 4. Nothing is refilled during the turn."""
    s = new_game()
    p = arrange(s, hand="g9 y9 y3", market=[22, 14, 31, 53])
    s.bag = [t for t in s.bag if t not in (41, 42)] + [41, 42]  # 42 is drawn first
    s.apply(p, "buy 4 y9 y3")
    s.apply(p, "buy 2 g9")
    assert s.market == [22, 0, 31, 0]
    s.apply(p, "end")
    s.apply(p, "reserve 53")
    assert s.market == [22, 0, 31, 0]  # still the same turn
    s.apply(p, "reserve 14")
    assert s.market == [22, 42, 31, 41]


def test_discard_is_reshuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    """Seed 004: "Dobere-li se balík ..., zamíchá se odkládací hromádka": a new deck."""
    s = new_game()
    p = arrange(s, display="b6 g1 o2 y3")
    s.deck = cards("b1")
    s.discard = cards("g7 g8 o9")
    s.apply(p, "take g1 y3")
    assert len(s.display) == 4 and s.discard == [] and len(s.deck) == 2
    assert Counter(s.display + s.deck) == Counter(cards("b6 o2 b1 g7 g8 o9"))


def test_a_scoring_card_is_set_aside_replaced_and_scored_before_the_next_player() -> None:
    """Seed 004 p. 5: a scoring card drawn in the refill is set aside, another card is drawn,
    and the round is scored before the next player acts."""
    s = new_game()
    p = arrange(s, display="b6 g1 o2 y3")
    build(s, p, (52, 1, 0))  # one tower, no walls
    s.deck = [*cards("b1 b2"), SCORE_A]
    s.apply(p, "take b6")
    assert s.scoring_cards_drawn == ["A"]
    assert sorted(s.display) == cards("g1 o2 y3 b2") and s.deck == cards("b1")
    assert all(SCORE_A not in h for h in s.hands)
    assert [sc["round"] for sc in s.scorings] == [1]
    assert s.scorings[0]["points"][p]["tower"] == 6 and s.scores[p] == 6
    assert s.current == (p + 1) % 3 and s.phase == "action"



def test_display_stays_short_when_deck_and_discard_are_both_empty() -> None:
    """Every card is in a hand: there is nothing to refill from (reading in RULES.md)."""
    s = new_game()
    p = arrange(s, display="b6 g1 o2 y3")
    s.deck, s.discard = [], []
    s.apply(p, "take b6")
    assert sorted(s.display) == cards("g1 o2 y3") and s.current == (p + 1) % 3


def test_a_scoring_card_drawn_in_the_last_refill_is_scored_before_round_3() -> None:
    """The turn that empties the bag also draws B: round 2 is scored, then the game ends
    and round 3 follows (reading in RULES.md)."""
    s = new_game()
    p = arrange(s, hand="g9", market=[24, 14, 26, 27], display="b6 g1 o2 y3", bag=[])
    for i in range(3):
        if i != p:
            s.hands[i] = []
    s.deck = [*cards("b1 b2"), SCORE_B]
    for text in ("buy 2 g9", "take g1", "reserve 14"):
        s.apply(p, text)
    assert s.is_over()
    assert [sc["round"] for sc in s.scorings] == [2, 3]
    assert s.scoring_cards_drawn == ["B"] and len(s.display) == 4

# --- scoring rounds -------------------------------------------------------------------------------


def test_round_1_pays_the_majority_only() -> None:
    """Round 1 pays the 1st place only: 6 for the most towers, nothing for the second."""
    s = new_game()
    arrange(s)
    build(s, 0, (52, 1, 0), (53, -1, 0))
    build(s, 1, (51, 0, 1))
    rows = score_now(s, SCORE_A)
    assert [r["tower"] for r in rows] == [6, 0, 0]


def test_rulebook_kim_and_nina_tie_on_four_towers() -> None:
    """Seed 004 p. 5: Kim and Nina have 4 towers each; in round 2 they share 13 + 6 = 19
    and each gets 9. In round 1 they share 6 + nothing: 3 each."""
    s = new_game()
    arrange(s)
    build(s, 0, (52, 1, 0), (53, -1, 0), (51, 0, 1), (50, 0, -1))  # walls: 1 + 1, apart
    build(s, 1, (49, -1, 0), (54, 1, 0), (48, 0, -1), (46, 0, 1))  # longest wall 2
    rows = score_now(s, SCORE_A)
    assert [r["tower"] for r in rows] == [3, 3, 0]
    rows = score_now(s, SCORE_B)
    assert [r["tower"] for r in rows] == [9, 9, 0]
    assert [r["walls"] for r in rows] == [1, 2, 0]
    assert [r["total"] for r in rows] == [10, 11, 0]
    assert s.scores == [3 + 1 + 10, 3 + 2 + 11, 0]


def test_rulebook_round_3_pavilions_pay_16_8_1() -> None:
    """Seed 004 p. 5: the most blue buildings get 16, the second most 8, the third 1."""
    s = new_game()
    arrange(s)
    build(s, 0, (7, 1, 0), (6, 2, 0), (5, 0, -1))
    build(s, 1, (4, 0, -1), (3, 0, 1))
    build(s, 2, (1, 0, -1))
    finish(s)
    rows = s.scorings[-1]["points"]
    assert s.scorings[-1]["round"] == 3
    assert [r["pavilion"] for r in rows] == [16, 8, 1]
    assert [r["walls"] for r in rows] == [1, 2, 3]
    assert s.outcome().scores == (17, 10, 4)  # type: ignore[union-attr]


def test_a_player_needs_one_building_to_score() -> None:
    """Round 2 pays 13 and 6 for towers, but only to players who have one."""
    s = new_game()
    arrange(s)
    build(s, 0, (52, 1, 0), (53, -1, 0))
    rows = score_now(s, SCORE_B)
    assert [r["tower"] for r in rows] == [13, 0, 0]


def test_reserve_tiles_never_count() -> None:
    """Seed 002: "Kartičky budov umístěné na rezervní ploše se nepočítají při vyhodnocování!"
    """
    s = new_game()
    arrange(s)
    s.reserves[0] = [52, 53, 51]
    build(s, 1, (50, 0, -1))
    rows = score_now(s, SCORE_A)
    assert [r["tower"] for r in rows] == [0, 6, 0]


def test_walls_score_at_every_round() -> None:
    """The longest outer wall, one point per side, in rounds 1, 2 and 3: tiles 9 (top,
    right) and 3 (right, bottom) make one wall of 4 sides."""
    s = new_game()
    arrange(s)
    build(s, 0, (9, 1, 0), (3, 1, 1))
    walls = [score_now(s, SCORE_A)[0]["walls"], score_now(s, SCORE_B)[0]["walls"]]
    finish(s)
    walls.append(s.scorings[-1]["points"][0]["walls"])
    assert walls == [4, 4, 4]
    assert s.view(None)["seats"][0]["longest_wall"] == 4


# --- the end of the game --------------------------------------------------------------------------


def test_game_ends_when_the_bag_cannot_refill_the_market() -> None:
    """The market is filled as far as the bag goes (space 1 first), then the game ends;
    with nobody holding money every leftover stays, and round 3 is scored."""
    s = new_game()
    p = arrange(s, hand="b9 o9 o1", market=[22, 14, 31, 53], bag=[41])
    for i in range(3):
        if i != p:
            s.hands[i] = []
    for text in ("buy 1 b9", "buy 3 o9 o1", "end", "reserve 22", "reserve 31"):
        s.apply(p, text)
    assert s.market == [41, 14, 0, 53] and s.bag == []
    assert s.is_over() and s.to_act() == ()
    assert s.leftovers_given == []
    assert [sc["round"] for sc in s.scorings] == [3]
    assert s.view(None)["phase"] == "over"


def test_leftover_tiles_go_to_the_strictly_richest_holder_of_the_currency() -> None:
    """Each leftover goes to whoever holds the most of its space's currency (price does not
    matter); a tie leaves it on the market. Receivers then place by the normal rules, in
    turn order from the next player, and round 3 follows."""
    s = new_game()
    p = s.current
    q, r = (p + 1) % 3, (p + 2) % 3
    arrange(s, hand="g9 b2 y3", market=[22, 14, 31, 53], bag=[])
    s.hands[q] = cards("b5 o4 y3")
    s.hands[r] = cards("b1 b3 o4 o1")
    s.apply(p, "buy 2 g9")
    s.apply(p, "end")
    s.apply(p, "reserve 14")
    # denars: q 5 > r 4 > p 2, so q takes tile 22; ducats: r 5 > q 4, so r takes tile 31
    # (worth 10, more than r holds); guilders: p 3 = q 3, so tile 53 stays
    assert s.leftovers_given == [
        {"space": 1, "tile": 22, "seat": q, "amount": 5},
        {"space": 3, "tile": 31, "seat": r, "amount": 5},
    ]
    assert s.market == [0, 0, 0, 53]
    assert s.phase == "placement" and s.to_act() == (q,) and s.pending == [22]
    assert texts(s, q, A.RESERVE) == {"reserve 22"} and "place 22 1,0" in texts(s, q)
    with pytest.raises(IllegalAction, match="corner contact is not enough"):
        s.apply(q, "place 22 1,1")
    s.apply(q, "place 22 1,0")
    assert s.to_act() == (r,) and s.pending == [31]
    assert not s.scorings  # round 3 waits until every leftover is placed
    s.apply(r, "reserve 31")
    assert s.is_over() and [sc["round"] for sc in s.scorings] == [3]
    assert layout(s, q)[(1, 0)] == 22 and s.reserves[r] == [31]
    assert s.outcome().details["leftovers"] == s.leftovers_given  # type: ignore[union-attr]


def test_equal_totals_share_the_win() -> None:
    """Seed 002: "není žádné pomocné hodnocení" (no tie-break). One pavilion and a 1-side
    wall each: (16 + 8) // 2 + 1 = 13."""
    s = new_game()
    arrange(s)
    build(s, 0, (5, 0, -1))
    build(s, 1, (6, 1, 0))
    finish(s)
    out = s.outcome()
    assert out is not None
    assert out.scores == (13, 13, 0)
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3)
    assert out.win_shares() == (0.5, 0.5, 0.0)


# --- two players: Dirk ----------------------------------------------------------------------------


def test_dirk_gets_six_more_tiles_right_after_round_1() -> None:
    """Six random tiles at the start, face up for both players; six more after round 1."""
    s = new_game(2)
    assert len(s.dirk_tiles) == 6
    assert [t["id"] for t in s.view(0)["dirk"]["tiles"]] == s.dirk_tiles
    bag = len(s.bag)
    score_now(s, SCORE_A)
    assert len(s.dirk_tiles) == 12 and len(s.bag) == bag - 6


@pytest.mark.parametrize(("bag", "gift"), [(23, 7), (21, 7), (20, 6)])
def test_dirk_gets_a_third_of_the_bag_rounded_down_after_round_2(bag: int, gift: int) -> None:
    """After round 2 Dirk gets a third of the tiles still in the bag, rounded down."""
    s = new_game(2)
    s.bag = s.bag[:bag]
    dirk = len(s.dirk_tiles)
    score_now(s, SCORE_B)
    assert len(s.dirk_tiles) == dirk + gift and len(s.bag) == bag - gift


def test_dirk_scores_majorities_but_no_walls() -> None:
    """Dirk's three towers beat seat 0's one; seat 0 still scores its wall; Dirk has none."""
    s = new_game(2)
    s.dirk_tiles = [52, 53, 51]
    arrange(s)
    build(s, 0, (50, 0, -1))
    rows = score_now(s, SCORE_A)
    dirk = s.scorings[-1]["dirk"]
    assert dirk == {**dict.fromkeys(BUILDING_TYPES, 0), "tower": 6, "total": 6}
    assert rows[0]["tower"] == 0 and rows[0]["walls"] == 1
    assert s.dirk_score == 6 and s.scores[0] == 1


def test_a_bought_tile_may_be_given_to_dirk() -> None:
    """Two players: a bought tile may go to Dirk instead of the Alhambra or reserve."""
    s = new_game(2)
    p = arrange(s, hand="g9", market=[24, 14, 26, 27])
    s.apply(p, "buy 2 g9")
    s.apply(p, "end")
    assert "dirk 14" in texts(s, p)
    dirk = list(s.dirk_tiles)
    s.apply(p, "dirk 14")
    assert s.dirk_tiles == [*dirk, 14]
    assert 14 not in layout(s, p).values() and 14 not in s.reserves[p]


def test_dirk_only_plays_with_two_players() -> None:
    """With three or more players there is no Dirk."""
    s = new_game(3)
    p = arrange(s, hand="g9", market=[24, 14, 26, 27])
    s.apply(p, "buy 2 g9")
    s.apply(p, "end")
    with pytest.raises(IllegalAction, match="Dirk only plays in a two-player game"):
        s.apply(p, "dirk 14")


def test_dirk_is_no_seat_in_the_outcome() -> None:
    """Dirk's points decide majorities only; the outcome ranks the two players."""
    s = new_game(2)
    s.dirk_tiles = [52, 53]
    arrange(s)
    build(s, 0, (51, 0, 1))
    finish(s)
    out = s.outcome()
    assert out is not None and len(out.scores) == 2 and len(out.breakdown) == 2
    assert out.details["dirk_score"] == s.dirk_score == 21  # 1st in towers, round 3
    assert out.scores == (13 + 1, 0)  # 2nd in towers and a wall of 1
    assert len(s.view(0)["seats"]) == 2 and s.view(0)["dirk"]["score"] == 21


def test_leftover_tiles_cannot_go_to_dirk() -> None:
    """Only a bought tile may go to Dirk (reading in RULES.md)."""
    s = new_game(2)
    p = s.current
    arrange(s, hand="g9", market=[22, 14, 26, 27], bag=[])
    s.hands[1 - p] = cards("b1")
    for text in ("buy 2 g9", "end", "reserve 14"):
        s.apply(p, text)
    assert s.to_act() == (1 - p,) and s.pending == [22]
    assert A.DIRK not in {a.kind for a in legal(s, 1 - p)}


# --- hidden information ---------------------------------------------------------------------------


def test_view_shows_other_hands_only_as_counts() -> None:
    """Hands are hidden once dealt; the number of cards is public, deck and bag order are
    not."""
    s = new_game(3)
    v = s.view(0)
    assert v["seats"][0]["hand"] is not None and v["seats"][0]["hand_total"] is not None
    for i in (1, 2):
        assert v["seats"][i]["hand"] is None and v["seats"][i]["hand_total"] is None
        assert v["seats"][i]["hand_count"] == len(s.hands[i])
    assert all(seat["hand"] is None for seat in s.view(None)["seats"])
    assert v["deck"] == len(s.deck) and v["bag"] == len(s.bag)  # orders are hidden


def test_open_money_shows_every_hand() -> None:
    """The `open_money` table option shows every hand."""
    s = new_game(3, open_money=True)
    for seat in s.view(None)["seats"]:
        assert seat["hand_total"] == value_total(s.hands[seat["seat"]])
        assert len(seat["hand"]) == seat["hand_count"]


def played(players: int, seed: int, moves: int, **options: Any) -> AlhambraState:
    s = new_game(players, seed, **options)
    rng = Rng(seed)
    for _ in range(moves):
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])
    return s


def test_determinize_keeps_what_the_seat_knows() -> None:
    """The seat's own hand, every hand's count, the public piles and boards stay; the
    unknown cards (deck and other hands) and the bag are only reshuffled."""
    s = played(3, 5, 30)
    differs = False
    for k in range(10):
        d = s.determinize(0, k)
        assert d.view(0) == s.view(0) and d.view(None) == s.view(None)
        assert d.hands[0] == s.hands[0]
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
        assert (d.display, d.discard, d.market) == (s.display, s.discard, s.market)
        assert d.reserves == s.reserves and [b.layout() for b in d.boards] == [
            b.layout() for b in s.boards]
        assert Counter(d.deck + d.hands[1] + d.hands[2]) == Counter(
            s.deck + s.hands[1] + s.hands[2])
        assert sorted(d.bag) == sorted(s.bag)
        differs |= d.hands[1:] != s.hands[1:]
    assert differs


def test_determinize_with_open_money_keeps_every_hand() -> None:
    """With open money no hand is hidden, so none is resampled."""
    s = played(3, 6, 20, open_money=True)
    d = s.determinize(1, 3)
    assert d.hands == s.hands


def test_determinize_keeps_scoring_cards_within_their_piles() -> None:
    """Everyone saw A go into pile 2 and B into pile 4: resampled decks keep them there."""
    s = played(4, 7, 12)
    where: dict[int, set[int]] = {SCORE_A: set(), SCORE_B: set()}
    for k in range(40):
        d = s.determinize(2, k)
        for sc in (SCORE_A, SCORE_B):
            lo, hi = s.pile_bounds[sc]
            i = d.deck.index(sc)
            assert lo <= i < hi
            where[sc].add(i)
    assert len(where[SCORE_A]) > 1 and len(where[SCORE_B]) > 1  # the places are resampled


# --- readable refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "reason"), [
    ("buy 2 b3", r"market space 2 takes only dirham \(g\), not b3"),
    ("buy 1 b4 b3", "b4 b3 pays 7, but tile 22 costs 9"),
    ("buy 1 b9", r"you do not hold b9 \(your denar: b4 b3\)"),
    ("place 50 1,0", "1,0 is already built on"),
    ("place 50 0,1", "would put a wall \\(top\\) against an open side of tile 0 at 0,0"),
    ("place 50 2,1", "corner contact is not enough"),
    ("place 14 -1,0", r"tile 14 is not in your reserve \(50\)"),
    ("reserve 22", "tile 22 is not in your Alhambra"),
    ("take b7", "the money display shows b6 g1 o2 y3, not b7"),
    ("xyzzy", "unknown action 'xyzzy'"),
    ("take", "take which cards"),
    ("buy 5 b3", r"buy from which market space \(1-4\)"),
    ("place 50 here", "is not a position"),
])
def test_typical_mistakes_are_refused_with_a_reason(text: str, reason: str) -> None:
    """Every refusal names the rule and leaves the state exactly as it was."""
    s = new_game()
    p = arrange(s, hand="b3 b4 g9", market=[22, 14, 31, 53], display="b6 g1 o2 y3",
                reserve=[50])
    build(s, p, (7, 1, 0))
    before = snapshot(s)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(p, text)
    assert snapshot(s) == before


def test_acting_out_of_turn_is_refused() -> None:
    """Only the seat to act may act; the refusal says whom the game waits for."""
    s = new_game()
    p = arrange(s)
    q = (p + 1) % 3
    before = snapshot(s)
    waiting = f"seat {q} is not to act now \\(waiting for seat {p}\\)"
    with pytest.raises(IllegalAction, match=waiting):
        s.apply(q, str(s.legal_actions(p)[0]))
    assert s.legal_actions(q) == []
    assert snapshot(s) == before


def test_placement_phase_refuses_other_actions() -> None:
    """Once the turn's actions are over, only the bought tiles may be placed."""
    s = new_game()
    p = arrange(s, hand="g9", market=[24, 14, 26, 27], display="b6 g1 o2 y3")
    s.apply(p, "buy 2 g9")
    s.apply(p, "end")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match=r"first place the tiles you bought \(14\)"):
        s.apply(p, "take b6")
    with pytest.raises(IllegalAction, match="corner contact is not enough"):
        s.apply(p, "place 14 1,1")
    with pytest.raises(IllegalAction, match=r"tile 22 is not among your tiles to place \(14\)"):
        s.apply(p, "place 22 1,0")
    assert snapshot(s) == before


# --- invariants over whole games -------------------------------------------------------------


def tile_places(s: AlhambraState) -> list[int]:
    """Every building tile wherever it is: market, bag, Alhambras, reserves, Dirk, waiting."""
    out = [t for t in s.market if t] + s.bag + s.pending + s.dirk_tiles
    out += [t for b in s.boards for t in b.cells.values() if t]
    out += [t for r in s.reserves for t in r]
    out += [t for _seat, tiles in s.leftovers for t in tiles]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 8), (3, 9), (4, 10), (6, 11)])
def test_tiles_and_money_are_conserved_through_a_whole_game(players: int, seed: int) -> None:
    """Through a seeded random game each of the 54 tiles is always in exactly one place, no
    money card appears or vanishes, the display never exceeds 4 cards, a turn never exceeds
    5 actions, and the three scoring rounds come in order."""
    s = new_game(players, seed)
    money = Counter(c for h in s.hands for c in h) + Counter(s.display + s.deck + s.discard)
    rng = Rng(seed)
    while not s.is_over():
        assert sorted(tile_places(s)) == list(range(1, 55))
        now = Counter(c for h in s.hands for c in h) + Counter(s.display + s.deck + s.discard)
        now.update({SCORE_A: s.scoring_cards_drawn.count("A"),
                    SCORE_B: s.scoring_cards_drawn.count("B")})
        assert now == money
        assert len(s.display) <= 4 and s.actions_this_turn <= 5
        seat = s.to_act()[0]
        options = s.legal_actions(seat)
        s.apply(seat, options[rng.below(len(options))])
    assert [sc["round"] for sc in s.scorings] == [1, 2, 3]
    assert s.scoring_cards_drawn == ["A", "B"]


def test_placing_a_tile_before_the_turn_ends_is_refused() -> None:
    """Bought tiles are placed when the turn ends; an emptied space stays empty until then."""
    s = new_game()
    p = arrange(s, hand="g9 g4", market=[24, 14, 26, 27])
    s.apply(p, "buy 2 g9")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="tiles you bought are placed when your turn ends"):
        s.apply(p, "place 14 1,0")
    with pytest.raises(IllegalAction, match="market space 2 is empty"):
        s.apply(p, "buy 2 g4")
    assert snapshot(s) == before


def test_an_equal_action_built_by_hand_is_recorded_in_its_canonical_form() -> None:
    """A buy object with the wrong currency letter has the legal buy's code: the engine
    applies and records its own action, so the record still replays."""
    s = herna.make("alhambra", players=3, seed=11)
    seat = s.to_act()[0]
    legal = [a for a in s.legal_actions(seat) if a.kind == A.BUY]  # type: ignore[attr-defined]
    if not legal:
        pytest.skip("no purchase possible in this deal")
    target = legal[0]
    wrong = A.buy(target.space, (target.currency + 1) % 4, target.values)
    assert wrong == target and str(wrong) != str(target)
    applied = s.apply(seat, wrong)
    assert applied is target
    assert s.record()["actions"][-1] == [seat, str(target)]
    herna.replay(s.record())


def test_determinize_keeps_the_cards_everyone_saw_taken() -> None:
    """Cards taken from the open display and not yet paid out are known to be in that hand
    (a player with a good memory knows them); only the rest, from the hidden first deal, is
    resampled."""
    from herna.games.alhambra.rules import known_cards

    s = played(3, 5, 60)
    known = known_cards(s, [1, 2])
    assert known[1] or known[2]  # the random players took some cards in 60 moves
    varied = False
    for k in range(20):
        d = s.determinize(0, k)
        for seat in (1, 2):
            assert not Counter(known[seat]) - Counter(d.hands[seat]), "a seen card was lost"
        varied |= d.hands[1:] != s.hands[1:]
    assert varied or all(len(known[i]) == len(s.hands[i]) for i in (1, 2))
    # the bookkeeping: a take adds its cards, a purchase removes those it paid with
    for seat in (1, 2):
        assert not Counter(known[seat]) - Counter(s.hands[seat])


def test_forgotten_memos_never_give_another_purses_purchases(monkeypatch: Any) -> None:
    """A server empties the engine's memos once no table is left (herna.core.memo), while a
    thread may be listing moves (a table being made or resumed). Purse numbers are never
    reused, and a number forgotten between `purse` and the look-up finds nothing rather than
    another purse's purchases: the moves listed stay the moves of the hand."""
    from herna.core import memo
    from herna.games.alhambra import rules

    for seed in range(1, 40):
        s = played(3, seed, 30)
        seat = s.to_act()[0]
        if rules.buy_actions(s, seat):
            break
    before = [a.text() for a in rules.buy_actions(s, seat)]
    assert before, "no purchase possible in 39 deals"
    held = rules.purse(s.hands[seat])
    memo.forget()
    assert rules._held_id((9, 9, 9, 9)) not in held  # a new number, never an old one
    real = rules.purse

    def purse_then_forget(hand: list[int]) -> tuple[int, ...]:
        out = real(hand)
        memo.forget()  # as a sweep in the event loop would, between the two steps
        return out

    monkeypatch.setattr(rules, "purse", purse_then_forget)
    assert [a.text() for a in rules.buy_actions(s, seat)] == before
    monkeypatch.undo()
    assert [a.text() for a in rules.buy_actions(s, seat)] == before
    assert A.place(5, 1, 0) == rules.place_at(5, cell(1, 0))  # places are interned by code
