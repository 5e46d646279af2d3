"""Alhambra actions: their canonical text, their parsing, and the fixed integer action space.

Money cards are ints `currency * 9 + (value - 1)` (0..35); copies are indistinguishable, so a
card's identity is its currency and value. The integer codes are context-free: a code names the
same cards, tiles and cells in every state, which keeps the action space fixed and finite for
OpenSpiel and PettingZoo:

    take   one card, or a multiset of cards totalling at most 5       (TAKE_COUNT codes)
    buy    market space x minimal payment (a multiset of values)        (4 x PAY_COUNT)
    end, pass                                                           (2)
    place  tile x cell, cells within REACH of the fountain              (54 x CELLS)
    reserve, dirk  tile                                                 (54 each)
    swap   reserve tile x Alhambra tile                                 (54 x 54)

REACH is 54: an Alhambra holds at most 54 building tiles, so no tile can stand further away.

Actions are immutable and interned: every take, buy, reserve, dirk and swap action exists once
(built at import), and a place action is made on first use and kept by its code. Legal lists
then hold shared objects, and a checked `apply` finds the action by identity.
"""

from __future__ import annotations

import re
from typing import Final

from herna.core import Action, IllegalAction
from herna.i18n import saying_in_words

from . import i18n
from .data import (
    CURRENCIES,
    CURRENCY_LETTERS,
    LETTER_CURRENCY,
    MARKET_CURRENCIES,
    NUM_TILES,
    TILES,
)

VALUES = range(1, 10)
TAKE_LIMIT = 5
MAX_PRICE = 13
REACH = NUM_TILES
SIDE = 2 * REACH + 1
CELLS = SIDE * SIDE


def card(currency: int, value: int) -> int:
    return currency * 9 + value - 1


def card_currency(c: int) -> int:
    return c // 9


def card_value(c: int) -> int:
    return c % 9 + 1


def card_text(c: int) -> str:
    return f"{CURRENCY_LETTERS[CURRENCIES[c // 9]]}{c % 9 + 1}"


def cards_text(cards: tuple[int, ...]) -> str:
    return " ".join(card_text(c) for c in cards)


def cards_said(cards: tuple[int, ...]) -> str:
    """Cards as a reason names them: the notation (g4 g3) in the terminal, where people type
    it, and words ("green 4 + green 3") on the page (`herna.i18n.in_words`)."""
    if not saying_in_words():
        return cards_text(cards)
    return " + ".join(i18n.t(f"web.coin.{CURRENCIES[c // 9]}", value=c % 9 + 1) for c in cards)


# ---- the code book ---------------------------------------------------------------------------
def _take_sets() -> list[tuple[int, ...]]:
    """One card, then every multiset of small cards totalling at most TAKE_LIMIT, by size and
    in the order of combinations_with_replacement (a pruned walk: importing stays fast)."""
    sets: list[tuple[int, ...]] = [(c,) for c in range(36)]
    small = [c for c in range(36) if card_value(c) < TAKE_LIMIT]

    def extend(prefix: tuple[int, ...], start: int, total: int, size: int) -> None:
        if len(prefix) == size:
            sets.append(prefix)
            return
        for i in range(start, len(small)):
            c = small[i]
            if total + card_value(c) + (size - len(prefix) - 1) <= TAKE_LIMIT:  # others add 1+
                extend((*prefix, c), i, total + card_value(c), size)

    for size in range(2, TAKE_LIMIT + 1):
        extend((), 0, 0, size)
    return sets


def _payments() -> list[tuple[int, ...]]:
    """Every multiset of values (3 copies at most) that is a minimal payment for some price:
    it pays (sum >= price) and no card could be left out (sum - smallest < price)."""
    pays: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], lowest: int) -> None:
        for v in range(lowest, 0, -1):
            if prefix.count(v) >= 3:
                continue
            p = (*prefix, v)  # values in descending order
            s = sum(p)
            if s - v > MAX_PRICE - 1:  # v is the smallest; larger sets only grow
                continue
            if s >= 2:
                pays.append(p)
            extend(p, v)

    extend((), 9)
    return sorted(pays, key=lambda p: (len(p), p))


TAKE_SETS = _take_sets()
TAKE_INDEX = {s: i for i, s in enumerate(TAKE_SETS)}
PAYMENTS = _payments()
PAY_INDEX = {p: i for i, p in enumerate(PAYMENTS)}

# the kinds, literal Finals: the compiled rules (herna.native) inline them
TAKE: Final = 0
BUY: Final = 1
END: Final = 2
PASS: Final = 3
PLACE: Final = 4
RESERVE: Final = 5
DIRK: Final = 6
SWAP: Final = 7
BUY_BASE = len(TAKE_SETS)
END_CODE = BUY_BASE + 4 * len(PAYMENTS)
PASS_CODE = END_CODE + 1
PLACE_BASE = PASS_CODE + 1
RESERVE_BASE = PLACE_BASE + NUM_TILES * CELLS
DIRK_BASE = RESERVE_BASE + NUM_TILES
SWAP_BASE = DIRK_BASE + NUM_TILES
NUM_CODES = SWAP_BASE + NUM_TILES * NUM_TILES


def cell_index(x: int, y: int) -> int:
    return (x + REACH) * SIDE + (y + REACH)


class AlhambraAction(Action):
    """One decision. Fields by kind: TAKE cards; BUY space (0-3), values, currency;
    PLACE tile, x, y; RESERVE / DIRK tile; SWAP reserve tile, Alhambra tile."""

    __slots__ = ("cards", "currency", "kind", "other", "space", "tile", "values", "x", "y")

    def __init__(self, kind: int, code: int, *, tile: int = 0, x: int = 0, y: int = 0,
                 cards: tuple[int, ...] = (), space: int = 0, values: tuple[int, ...] = (),
                 currency: int = 0, other: int = 0) -> None:
        self.code = code
        self.kind = kind
        self.tile = tile
        self.x = x
        self.y = y
        self.cards = cards
        self.space = space
        self.values = values
        self.currency = currency
        self.other = other

    def text(self) -> str:
        k = self.kind
        if k == PLACE:
            return f"place {self.tile} {self.x},{self.y}"
        if k == TAKE:
            return "take " + cards_text(self.cards)
        if k == BUY:
            letter = CURRENCY_LETTERS[CURRENCIES[self.currency]]
            return f"buy {self.space + 1} " + " ".join(f"{letter}{v}" for v in self.values)
        if k == RESERVE:
            return f"reserve {self.tile}"
        if k == DIRK:
            return f"dirk {self.tile}"
        if k == SWAP:
            return f"swap {self.tile} {self.other}"
        return "end" if k == END else "pass"


TILE_IDS = range(1, NUM_TILES + 1)
TAKES = tuple(AlhambraAction(TAKE, i, cards=cards) for i, cards in enumerate(TAKE_SETS))
TAKE_ONE = tuple(TAKES[TAKE_INDEX[(c,)]] for c in range(36))  # by card
# per market space, indexed like PAYMENTS, paying in the space's currency
BUYS = tuple(tuple(AlhambraAction(BUY, BUY_BASE + space * len(PAYMENTS) + i, space=space,
                                  values=values, currency=currency)
                   for i, values in enumerate(PAYMENTS))
             for space, currency in enumerate(MARKET_CURRENCIES))
RESERVES = {t: AlhambraAction(RESERVE, RESERVE_BASE + t - 1, tile=t) for t in TILE_IDS}
DIRKS = {t: AlhambraAction(DIRK, DIRK_BASE + t - 1, tile=t) for t in TILE_IDS}
# SWAPS[reserve tile][Alhambra tile]
SWAPS = {r: {a: AlhambraAction(SWAP, SWAP_BASE + (r - 1) * NUM_TILES + a - 1, tile=r, other=a)
             for a in TILE_IDS}
         for r in TILE_IDS}
_PLACES: dict[int, AlhambraAction] = {}  # by code: tiles x cells is too many to build ahead


def take(cards: tuple[int, ...]) -> AlhambraAction:
    return TAKES[TAKE_INDEX[tuple(sorted(cards))]]


def buy(space: int, currency: int, values: tuple[int, ...]) -> AlhambraAction:
    i = PAY_INDEX[tuple(sorted(values, reverse=True))]
    if currency == MARKET_CURRENCIES[space]:
        return BUYS[space][i]
    return AlhambraAction(BUY, BUYS[space][i].code, space=space, values=PAYMENTS[i],
                          currency=currency)


def place(tile: int, x: int, y: int) -> AlhambraAction:
    code = PLACE_BASE + (tile - 1) * CELLS + cell_index(x, y)
    a = _PLACES.get(code)
    if a is None:
        a = _PLACES[code] = AlhambraAction(PLACE, code, tile=tile, x=x, y=y)
    return a


def forget_places() -> None:
    """Let the interned place actions go (`herna.core.memo`: a server with no table left)."""
    _PLACES.clear()


def reserve(tile: int) -> AlhambraAction:
    return RESERVES[tile]


def dirk(tile: int) -> AlhambraAction:
    return DIRKS[tile]


def swap(reserve_tile: int, alhambra_tile: int) -> AlhambraAction:
    return SWAPS[reserve_tile][alhambra_tile]


END_ACTION = AlhambraAction(END, END_CODE)
PASS_ACTION = AlhambraAction(PASS, PASS_CODE)


# ---- decoding -------------------------------------------------------------------------------
def from_code(code: int, market_currencies: tuple[int, ...]) -> AlhambraAction:
    """The action a code names (legality is the state's business)."""
    if not isinstance(code, int) or not 0 <= code < NUM_CODES:
        raise IllegalAction(i18n.t("why.code", code=code, last=NUM_CODES - 1))
    if code < BUY_BASE:
        return take(TAKE_SETS[code])
    if code < END_CODE:
        space, i = divmod(code - BUY_BASE, len(PAYMENTS))
        return buy(space, market_currencies[space], PAYMENTS[i])
    if code == END_CODE:
        return END_ACTION
    if code == PASS_CODE:
        return PASS_ACTION
    if code < RESERVE_BASE:
        t, cell = divmod(code - PLACE_BASE, CELLS)
        x, y = divmod(cell, SIDE)
        return place(t + 1, x - REACH, y - REACH)
    if code < DIRK_BASE:
        return reserve(code - RESERVE_BASE + 1)
    if code < SWAP_BASE:
        return dirk(code - DIRK_BASE + 1)
    r, a = divmod(code - SWAP_BASE, NUM_TILES)
    return swap(r + 1, a + 1)


# ---- parsing --------------------------------------------------------------------------------
_CARD = re.compile(r"^([bgoy])([1-9])$")
_INT = re.compile(r"^-?\d+$")


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s+]+", text.lower().replace(" with ", " ")) if t]


def _parse_card(tok: str) -> int:
    m = _CARD.match(tok)
    if not m:
        raise IllegalAction(i18n.t("why.card", tok=tok))
    return card(CURRENCIES.index(LETTER_CURRENCY[m.group(1)]), int(m.group(2)))


def _parse_tile(tok: str) -> int:
    if not tok.isdigit() or not 1 <= int(tok) <= NUM_TILES:
        raise IllegalAction(i18n.t("why.tile_number", tok=tok, last=NUM_TILES))
    return int(tok)


def _parse_cell(toks: list[str]) -> tuple[int, int]:
    joined = ",".join(t for t in toks if t != "at")
    parts = [p for p in joined.replace("(", "").replace(")", "").split(",") if p]
    if len(parts) != 2 or not all(_INT.match(p) for p in parts):
        raise IllegalAction(i18n.t("why.position", text=" ".join(toks) or i18n.t("nothing")))
    x, y = int(parts[0]), int(parts[1])
    if abs(x) > REACH or abs(y) > REACH:
        raise IllegalAction(i18n.t("why.too_far", x=x, y=y))
    return x, y


def parse(text: str, market_currencies: tuple[int, ...],
          market: tuple[int, ...] | None = None) -> AlhambraAction:
    """Read the notation (see notation.py); raises IllegalAction for anything else. With the
    `market` (tile ids per space, 0 empty) a payment no price could need gets its reason from
    the tile on sale: the cards fall short of its price, or pay more than it needs."""
    toks = _tokens(text.replace(",", " , ").replace(" , ", ","))
    if not toks:
        raise IllegalAction(i18n.t("why.no_action"))
    verb, args = toks[0], toks[1:]
    if verb in ("end", "pass"):
        if args:
            raise IllegalAction(i18n.t("why.no_args", verb=verb))
        return END_ACTION if verb == "end" else PASS_ACTION
    if verb == "take":
        if not args:
            raise IllegalAction(i18n.t("why.take_what"))
        cards = tuple(sorted(_parse_card(t) for a in args for t in a.split(",") if t))
        if cards not in TAKE_INDEX:
            total = sum(card_value(c) for c in cards)
            raise IllegalAction(i18n.t("why.take_limit", limit=TAKE_LIMIT,
                                       cards=cards_said(cards), total=total))
        return take(cards)
    if verb == "buy":
        if not args or not args[0].isdigit() or not 1 <= int(args[0]) <= 4:
            raise IllegalAction(i18n.t("why.buy_space"))
        space = int(args[0]) - 1
        paid = tuple(_parse_card(t) for a in args[1:] for t in a.split(",") if t)
        if not paid:
            raise IllegalAction(i18n.t("why.buy_cards"))
        want = market_currencies[space]
        wrong = [c for c in paid if card_currency(c) != want]
        if wrong:
            name = CURRENCIES[want]
            raise IllegalAction(i18n.t("why.currency", space=space + 1,
                                       currency=i18n.word("currency_pl", name),
                                       letter=CURRENCY_LETTERS[name],
                                       cards=cards_said(tuple(wrong))))
        values = tuple(sorted((card_value(c) for c in paid), reverse=True))
        if values not in PAY_INDEX:
            tile = market[space] if market is not None else 0
            if tile:
                key = "why.underpaid" if sum(values) < TILES[tile].price else "why.overpaid"
                raise IllegalAction(i18n.t(key, cards=cards_said(paid), paid=sum(values),
                                           tile=tile, price=TILES[tile].price))
            raise IllegalAction(i18n.t("why.payment", cards=cards_said(paid)))
        return buy(space, want, values)
    if verb in ("place", "build"):
        if not args:
            raise IllegalAction(i18n.t("why.place_what"))
        tile = _parse_tile(args[0])
        x, y = _parse_cell(args[1:])
        return place(tile, x, y)
    if verb in ("reserve", "dirk"):
        if len(args) != 1:
            raise IllegalAction(i18n.t("why.one_tile", verb=verb))
        tile = _parse_tile(args[0])
        return reserve(tile) if verb == "reserve" else dirk(tile)
    if verb == "swap":
        if len(args) != 2:
            raise IllegalAction(i18n.t("why.swap_args"))
        return swap(_parse_tile(args[0]), _parse_tile(args[1]))
    raise IllegalAction(i18n.t("why.unknown", verb=verb))
