"""Alhambra's rules: setup, legal actions, applying them, scoring rounds and the game end.

A turn is a sequence of small decisions: actions (take money, buy, redesign, or `end` after an
exact purchase), then one placement decision per tile bought. Readings of ambiguous points are
in RULES.md beside this file.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations, count
from typing import TYPE_CHECKING, Any, Final

from herna.core import Outcome
from herna.core.memo import forgettable

from . import actions as A
from . import i18n
from .actions import AlhambraAction, card_value, cards_said
from .board import WALLS, Board, cell, xy
from .data import BUILDING_TYPES, CURRENCIES, MARKET_CURRENCIES, META, SCORING, TILES, TYPE_INDEX
from .scoring import place_points

if TYPE_CHECKING:
    from herna.core.rng import Rng

    from .state import AlhambraState

# Module constants are Final: compiled (herna.native), a Final global is a C static, any other
# global (a name imported from an uncompiled module, a module's attribute) a dict look-up on
# every use. Hence also the Final copies of the action tables and the market's currencies.
SCORE_A: Final = 36  # the scoring cards, shuffled into the money deck
SCORE_B: Final = 37
SCORING_CARD_NAMES: Final = {SCORE_A: "A", SCORE_B: "B"}
STARTING_MONEY: Final[int] = META["starting_money"]
DISPLAY_SIZE: Final[int] = META["money_display_size"]
DIRK_START: Final[int] = META["dirk"]["tiles_at_start"]
DIRK_AFTER_1: Final[int] = META["dirk"]["tiles_after_round_1"]
DIRK_FRACTION: Final[int] = META["dirk"]["bag_fraction_after_round_2"]
TILE_TYPE: Final = tuple(TYPE_INDEX.get(t.type, -1) for t in TILES)
PRICE: Final = tuple(t.price for t in TILES)
ACTION: Final = "action"
PLACEMENT: Final = "placement"
OVER: Final = "over"
TAKE_ONE: Final = A.TAKE_ONE
TAKES: Final = A.TAKES
TAKE_INDEX: Final = A.TAKE_INDEX
BUYS: Final = A.BUYS
PAY_INDEX: Final = A.PAY_INDEX
RESERVES: Final = A.RESERVES
DIRKS: Final = A.DIRKS
SWAPS: Final = A.SWAPS
END_ACTION: Final = A.END_ACTION
PASS_ACTION: Final = A.PASS_ACTION
TAKE_LIMIT: Final = A.TAKE_LIMIT
MARKET: Final = MARKET_CURRENCIES  # the currency of each market space


# ---- setup ---------------------------------------------------------------------------------
def setup(s: AlhambraState) -> None:
    rng = s.rng
    n = s.num_players
    s.bag = list(range(1, len(TILES)))
    rng.shuffle(s.bag)
    for i in range(4):
        s.market[i] = s.bag.pop()
    if s.with_dirk:
        s.dirk_tiles = [s.bag.pop() for _ in range(DIRK_START)]
    copies = META["money_copies_two_players"] if n == 2 else META["money_copies"]
    money = [c for c in range(36) for _ in range(copies)]
    rng.shuffle(money)
    for seat in range(n):  # deal face up, one card at a time, until the hand reaches 20
        total = 0
        while total < STARTING_MONEY:
            c = money.pop()
            s.hands[seat].append(c)
            total += card_value(c)
        s.hands[seat].sort()
    # fewest cards, then the lowest total; the rulebook's "youngest" becomes a seeded draw
    keys = [(len(h), sum(card_value(c) for c in h)) for h in s.hands]
    best = min(keys)
    tied = [i for i, k in enumerate(keys) if k == best]
    s.current = tied[0] if len(tied) == 1 else tied[rng.below(len(tied))]
    s.display = [money.pop() for _ in range(DISPLAY_SIZE)]
    # five piles, pile 1 on top; A shuffled into pile 2, B into pile 4
    size, extra = divmod(len(money), 5)
    piles = [[money.pop() for _ in range(size + (1 if k < extra else 0))] for k in range(5)]
    for pile, scoring_card in ((piles[1], SCORE_A), (piles[3], SCORE_B)):
        pile.insert(rng.below(len(pile) + 1), scoring_card)
    s.deck = piles[4] + piles[3] + piles[2] + piles[1] + piles[0]
    below_b = len(piles[4])
    below_a = below_b + len(piles[3]) + len(piles[2])
    s.pile_bounds = {SCORE_A: (below_a, below_a + len(piles[1])),
                     SCORE_B: (below_b, below_b + len(piles[3]))}


# ---- legal actions ---------------------------------------------------------------------------
_PAYMENT_CACHE: Final[dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]]] = {}


def minimal_payments(values_held: tuple[int, ...], price: int) -> list[tuple[int, ...]]:
    """Every multiset of the held values (one currency, sorted descending) that pays `price`
    with no card to spare: any card left out would make it too little. Cheapest first, then
    fewest cards.

    Cards are added highest first, so the last card added is the smallest; a payment is
    minimal exactly when it reaches the price with its last card, which bounds the search.
    A branch also stops when all the cards it could still add fall short of the price.
    """
    key = (values_held, price)
    hit = _PAYMENT_CACHE.get(key)
    if hit is not None:
        return hit
    n = len(values_held)
    left = [0] * (n + 1)  # left[i]: the total of values_held[i:]
    for i in range(n - 1, -1, -1):
        left[i] = left[i + 1] + values_held[i]
    found: list[tuple[int, int, tuple[int, ...]]] = []  # (total, cards, payment)
    _extend_payments(values_held, price, left, found, 0, 0, ())
    out = [p for _, _, p in sorted(found)]
    if len(_PAYMENT_CACHE) > _CACHE_LIMIT:
        _PAYMENT_CACHE.clear()
    _PAYMENT_CACHE[key] = out
    return out


def _extend_payments(values_held: tuple[int, ...], price: int, left: list[int],
                     found: list[tuple[int, int, tuple[int, ...]]], start: int, total: int,
                     prefix: tuple[int, ...]) -> None:
    """minimal_payments' search from `prefix` (a function, not a closure: cheaper compiled)."""
    tried = 0
    for i in range(start, len(values_held)):
        v = values_held[i]
        if v == tried:
            continue  # an equal card in this place gives the same multisets
        tried = v
        if total + left[i] < price:
            return  # even every card from here on falls short
        p = (*prefix, v)
        if total + v >= price:
            found.append((total + v, len(p), p))
        else:
            _extend_payments(values_held, price, left, found, i + 1, total + v, p)


def currency_values(hand: list[int], currency: int) -> tuple[int, ...]:
    """The values a sorted hand holds in one currency, highest first."""
    lo = currency * 9
    i, j = bisect_left(hand, lo), bisect_left(hand, lo + 9)
    return tuple(c - lo + 1 for c in reversed(hand[i:j]))


# Legal lists hold interned, immutable actions, so equal inputs can share one list. Every
# shared list is a pure function of its key; callers copy before extending one. Caches of
# things that recur across games are large; those whose hits are a seat's unchanged hand or
# Alhambra since its last turn keep only recent entries.
_CACHE_LIMIT: Final = 200_000
_RECENT_LIMIT: Final = 4096
_TAKE_CACHE: Final[dict[tuple[int, ...], list[AlhambraAction]]] = {}
_PURSE_CACHE: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
_SPACE_BUY_CACHE: Final[dict[int, list[AlhambraAction]]] = {}  # see space_buys
# per tile: board cell -> its place action (actions.place interns by code; this skips the
# conversion to x, y on the hot path)
_PLACE_AT: Final[tuple[dict[int, AlhambraAction], ...]] = tuple({} for _ in TILES)


def place_at(tile: int, c: int) -> AlhambraAction:
    a = _PLACE_AT[tile].get(c)
    if a is None:
        x, y = xy(c)
        a = _PLACE_AT[tile][c] = A.place(tile, x, y)
    return a


def take_actions(display: list[int]) -> list[AlhambraAction]:
    """One card of each kind shown (in display order), then every multiset of small cards
    totalling at most TAKE_LIMIT (sorted, each once)."""
    key = tuple(display)
    hit = _TAKE_CACHE.get(key)
    if hit is not None:
        return hit
    out = []
    shown: list[int] = []
    small = []
    for c in display:
        if c not in shown:  # each kind once, in display order
            shown.append(c)
            out.append(TAKE_ONE[c])
        if c % 9 + 1 < TAKE_LIMIT:  # card_value, inline
            small.append(c)
    if len(small) > 1:
        small.sort()
        out += small_takes(tuple(small))
    if len(_TAKE_CACHE) > _CACHE_LIMIT:
        _TAKE_CACHE.clear()
    _TAKE_CACHE[key] = out
    return out


_SMALL_TAKES: Final[dict[tuple[int, ...], list[AlhambraAction]]] = {}


def small_takes(small: tuple[int, ...]) -> list[AlhambraAction]:
    """Every multiset of two or more of the shown small cards (`small`, sorted) totalling at
    most TAKE_LIMIT, each once, by size. Kept per `small`: displays differ after nearly every
    take, their few small cards far less often."""
    hit = _SMALL_TAKES.get(small)
    if hit is None:
        hit = []
        seen: set[tuple[int, ...]] = set()
        for k in range(2, len(small) + 1):
            for combo in combinations(small, k):
                if combo not in seen and sum(map(card_value, combo)) <= TAKE_LIMIT:
                    seen.add(combo)
                    hit.append(TAKES[TAKE_INDEX[combo]])
        _SMALL_TAKES[small] = hit
    return hit


# Every distinct multiset of values held in one currency gets a number: the purchases of a
# market space are then looked up under one int (values, price, space) instead of a tuple key
# that hashes the values again on every look-up. Numbers are never reused: when the memos are
# forgotten (`_forget_purses`) a number still held by a call in another thread finds nothing,
# never another purse's purchases.
_HELD_ID: Final[dict[tuple[int, ...], int]] = {}
_HELD: Final[dict[int, tuple[int, ...]]] = {}
_HELD_NEXT: Final = count()


def _held_id(values: tuple[int, ...]) -> int:
    i = _HELD_ID.get(values)
    if i is None:
        i = next(_HELD_NEXT)
        _HELD[i] = values
        i = _HELD_ID.setdefault(values, i)
    return i


def purse(hand: list[int]) -> tuple[int, ...]:
    """Per market space, the number of the values a sorted hand holds in its currency
    (`_held_id`), shared between equal hands."""
    key = tuple(hand)
    hit = _PURSE_CACHE.get(key)
    if hit is None:
        if len(_PURSE_CACHE) > _RECENT_LIMIT:
            _PURSE_CACHE.clear()
        by_currency: list[list[int]] = [[] for _ in CURRENCIES]
        for c in reversed(hand):
            by_currency[c // 9].append(c % 9 + 1)
        ids = [_held_id(tuple(v)) for v in by_currency]
        hit = _PURSE_CACHE[key] = tuple(ids[cur] for cur in MARKET)
    return hit


def space_buys(space: int, values_held: tuple[int, ...], price: int) -> list[AlhambraAction]:
    """The purchases of one market space: they depend only on the values held in the space's
    currency and the tile's price, which recur far more often than whole hands and markets."""
    key = (_held_id(values_held) * 16 + price) * 4 + space
    hit = _SPACE_BUY_CACHE.get(key)
    if hit is None:
        if len(_SPACE_BUY_CACHE) > _CACHE_LIMIT:
            _SPACE_BUY_CACHE.clear()
        row = BUYS[space]
        hit = _SPACE_BUY_CACHE[key] = [row[PAY_INDEX[pay]]
                                       for pay in minimal_payments(values_held, price)]
    return hit


def buy_actions(s: AlhambraState, seat: int) -> list[AlhambraAction]:
    held = purse(s.hands[seat])
    out: list[AlhambraAction] = []
    for space, tile in enumerate(s.market):
        if tile:
            hit = _SPACE_BUY_CACHE.get((held[space] * 16 + PRICE[tile]) * 4 + space)
            if hit is None:
                values = _HELD.get(held[space])
                if values is None:  # the memos were forgotten since `purse`
                    values = currency_values(s.hands[seat], MARKET_CURRENCIES[space])
                hit = space_buys(space, values, PRICE[tile])
            out += hit
    return out


_REDESIGN_CACHE: Final[dict[tuple[int, ...], list[AlhambraAction]]] = {}


def redesign_actions(s: AlhambraState, seat: int) -> list[AlhambraAction]:
    """Reserve -> Alhambra, Alhambra -> reserve, then swaps. They depend only on the Alhambra
    and the reserve; a board's version names its exact state (dict order included), so a
    list is shared under (version, *reserve): again on the seat's next turn if neither
    changed, and by copies of the state."""
    board = s.boards[seat]
    reserve = s.reserves[seat]
    key = (board.version, *reserve)
    cached = _REDESIGN_CACHE.get(key)
    if cached is not None:
        return cached
    # plain loops: these lists are short, and comprehensions cost more to set up
    out = []
    for r in reserve:
        at = _PLACE_AT[r]
        for c in board.placements(r):
            a = at.get(c)
            out.append(a if a is not None else place_at(r, c))
    # swaps take free tiles other than the removable ones: a swap need not keep walking
    removable, free = board.free_tiles() if reserve else (board.removable(), [])
    for t, _ in removable:
        out.append(RESERVES[t])
    if reserve:
        for r in reserve:
            w, swaps = WALLS[r], SWAPS[r]
            for t, mask in free:
                if not (w ^ WALLS[t]) & mask:  # Board.can_swap
                    out.append(swaps[t])
    if len(_REDESIGN_CACHE) > _RECENT_LIMIT:
        _REDESIGN_CACHE.clear()
    _REDESIGN_CACHE[key] = out
    return out


def placement_actions(s: AlhambraState, seat: int) -> list[AlhambraAction]:
    board = s.boards[seat]
    to_dirk = s.with_dirk and not s.endgame
    out = []
    for t in s.pending:
        at = _PLACE_AT[t]
        for c in board.placements(t):
            out.append(at.get(c) or place_at(t, c))
        out.append(RESERVES[t])
        if to_dirk:
            out.append(DIRKS[t])
    return out


def legal_actions(s: AlhambraState, seat: int) -> list[AlhambraAction]:
    """A new list on every call (the pieces it is made of are shared)."""
    if s.phase == PLACEMENT:
        return placement_actions(s, seat)
    display = s.display
    takes = _TAKE_CACHE.get(tuple(display))  # take_actions, looked up inline: the hot path
    out = (take_actions(display) if takes is None else takes) + buy_actions(s, seat)
    out += redesign_actions(s, seat)
    if s.actions_this_turn:
        out.append(END_ACTION)
    if not out:
        out.append(PASS_ACTION)
    return out


# ---- applying ----------------------------------------------------------------------------------
def apply(s: AlhambraState, seat: int, a: AlhambraAction) -> None:
    k = a.kind
    if s.phase == PLACEMENT:
        s.pending.remove(a.tile)
        if k == A.PLACE:
            s.boards[seat].add(a.tile, cell(a.x, a.y))
        elif k == A.RESERVE:
            s.reserves[seat].append(a.tile)
        else:  # DIRK
            s.dirk_tiles.append(a.tile)
        if not s.pending:
            _next_placer(s) if s.endgame else _end_turn(s)
        return
    hand = s.hands[seat]
    if k == A.BUY:
        tile = s.market[a.space]
        s.market[a.space] = 0
        # the space decides the currency: an action equal (by code) to a legal purchase
        # must pay like it, whatever currency the caller's object carries
        lo = MARKET[a.space] * 9 - 1
        for v in a.values:
            hand.remove(lo + v)
            s.discard.append(lo + v)
        s.pending.append(tile)
        s.actions_this_turn += 1
        if sum(a.values) == PRICE[tile]:
            return  # exact payment: another action
    elif k == A.TAKE:
        for c in a.cards:
            s.display.remove(c)
            hand.append(c)
        hand.sort()
        s.actions_this_turn += 1
    elif k == A.PLACE:  # redesign: reserve -> Alhambra
        s.reserves[seat].remove(a.tile)
        s.boards[seat].add(a.tile, cell(a.x, a.y))
        s.actions_this_turn += 1
    elif k == A.RESERVE:  # redesign: Alhambra -> reserve
        board = s.boards[seat]
        at = board.where(a.tile)
        assert at is not None
        board.remove(at)
        s.reserves[seat].append(a.tile)
        s.actions_this_turn += 1
    elif k == A.SWAP:
        board = s.boards[seat]
        at = board.where(a.other)
        assert at is not None
        board.replace(at, a.tile)
        res = s.reserves[seat]
        res.remove(a.tile)
        res.append(a.other)
        s.actions_this_turn += 1
    # END, PASS, and every action but an exact purchase end the action phase
    if s.pending:
        s.phase = PLACEMENT
        s.placer = s.current
    else:
        _end_turn(s)


def _end_turn(s: AlhambraState) -> None:
    """Refill the market (ascending spaces) and the money display; score; maybe end."""
    market, bag = s.market, s.bag
    # `0 in market` spelled out (compiled, `in` on a list is a generic call); most turns buy
    # nothing
    if not (market[0] and market[1] and market[2] and market[3]):
        for i in range(4):
            if not market[i] and bag:
                market[i] = bag.pop()
    rounds = _refill_display(s) if len(s.display) < DISPLAY_SIZE else ()
    for rnd in rounds:
        score_round(s, rnd)
        if s.with_dirk:
            extra = DIRK_AFTER_1 if rnd == 1 else len(bag) // DIRK_FRACTION
            for _ in range(min(extra, len(bag))):
                s.dirk_tiles.append(bag.pop())
    if not (market[0] and market[1] and market[2] and market[3]):
        _start_endgame(s)
        return
    s.current = (s.current + 1) % s.num_players
    s.turn += 1
    s.actions_this_turn = 0
    s.phase = ACTION


def _refill_display(s: AlhambraState) -> list[int]:
    rounds = []
    while len(s.display) < DISPLAY_SIZE:
        if not s.deck:
            if not s.discard:
                break  # every card is in a hand: the display stays short
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
        c = s.deck.pop()
        if c >= SCORE_A:  # set the scoring card aside, draw a replacement, score after
            s.scoring_cards_drawn.append(SCORING_CARD_NAMES[c])
            rounds.append(1 if c == SCORE_A else 2)
        else:
            s.display.append(c)
    return rounds


def _start_endgame(s: AlhambraState) -> None:
    """The bag could not refill the market: leftover tiles go to the strictly richest
    holder of their space's currency, who may place them; then the last scoring."""
    s.endgame = True
    gifts: dict[int, list[int]] = {}
    for space, tile in enumerate(s.market):
        if not tile:
            continue
        cur = MARKET[space]
        totals = [sum(currency_values(h, cur)) for h in s.hands]
        best = max(totals)
        if best > 0 and totals.count(best) == 1:
            gifts.setdefault(totals.index(best), []).append(tile)
            s.market[space] = 0
            s.leftovers_given.append({"space": space + 1, "tile": tile,
                                      "seat": totals.index(best), "amount": best})
    n = s.num_players
    order = [(s.current + 1 + i) % n for i in range(n)]
    s.leftovers = [(seat, gifts[seat]) for seat in order if seat in gifts]
    _next_placer(s)


def _next_placer(s: AlhambraState) -> None:
    if s.leftovers:
        seat, tiles = s.leftovers.pop(0)
        s.placer = seat
        s.pending = tiles
        s.phase = PLACEMENT
        return
    score_round(s, 3)
    s.phase = OVER
    s.game_over = True


# ---- scoring ---------------------------------------------------------------------------------
def type_counts(tiles: list[int]) -> dict[str, int]:
    counts = [0] * len(BUILDING_TYPES)
    for t in tiles:
        if t:
            counts[TILE_TYPE[t]] += 1
    return dict(zip(BUILDING_TYPES, counts, strict=True))


def board_counts(board: Board) -> dict[str, int]:
    return type_counts(list(board.cells.values()))


def board_wall(board: Board) -> int:
    return board.longest_wall()  # scoring.longest_wall, on the board's int cells


def score_round(s: AlhambraState, rnd: int) -> None:
    counts = [board_counts(b) for b in s.boards]
    if s.with_dirk:
        counts.append(type_counts(s.dirk_tiles))
    rows: list[dict[str, int]] = [{} for _ in counts]
    for kind in BUILDING_TYPES:
        pts = place_points([c[kind] for c in counts], SCORING[kind][rnd - 1])
        for row, p in zip(rows, pts, strict=True):
            row[kind] = p
    for i, row in enumerate(rows):
        row["walls"] = board_wall(s.boards[i]) if i < s.num_players else 0
        row["total"] = sum(row.values())
    for i in range(s.num_players):
        s.scores[i] += rows[i]["total"]
    dirk = dirk_counts = None
    if s.with_dirk:
        dirk = rows.pop()
        del dirk["walls"]
        s.dirk_score += dirk["total"]
        dirk_counts = counts.pop()
    # the buildings counted are kept with the points: Dirk takes tiles from the bag right
    # after rounds 1 and 2, so the counts of the round cannot be read off the table later
    s.scorings.append({"round": rnd, "points": rows, "dirk": dirk, "counts": counts,
                       "dirk_counts": dirk_counts})


def outcome(s: AlhambraState) -> Outcome:
    categories = [*BUILDING_TYPES, "walls"]
    breakdown = [{c: sum(sc["points"][i][c] for sc in s.scorings) for c in categories}
                 for i in range(s.num_players)]
    details: dict[str, Any] = {"rounds": s.scorings, "leftovers": s.leftovers_given}
    if s.with_dirk:
        details["dirk_score"] = s.dirk_score
    return Outcome(tuple(s.scores), tuple(breakdown), details)


# ---- hidden information ----------------------------------------------------------------------
def resample_hidden(d: AlhambraState, seat: int | None, rng: Rng) -> None:
    """Resample what `seat` cannot know: the bag order, the deck order (scoring cards stay
    within their piles), opponents' hands (unless money is open), and future chance."""
    d.rng = rng.spawn()
    # sorted before shuffling: the sample then depends on what the seat knows (and the rng)
    # only, not on the true order, so a search from it cannot leak what the seat may not see
    d.bag.sort()
    rng.shuffle(d.bag)
    hidden = [] if d.options.get("open_money") else [
        i for i in range(d.num_players) if i != seat]
    known = known_cards(d, hidden)
    pool = [c for c in d.deck if c < SCORE_A]
    for i in hidden:
        unknown = list(d.hands[i])
        for c in known[i]:
            unknown.remove(c)
        pool += unknown
    pool.sort()
    rng.shuffle(pool)
    for i in hidden:
        k = len(d.hands[i]) - len(known[i])
        d.hands[i] = sorted(known[i] + pool[len(pool) - k:]) if k else sorted(known[i])
        del pool[len(pool) - k:]
    deck: list[int | None] = [None] * len(d.deck)
    for sc in (SCORE_A, SCORE_B):
        if sc in d.deck:
            lo, hi = d.pile_bounds[sc]
            deck[lo + rng.below(min(hi, len(deck)) - lo)] = sc
    d.deck = [pool.pop() if c is None else c for c in deck]


def known_cards(s: AlhambraState, seats: list[int]) -> dict[int, list[int]]:
    """Per seat, the cards everyone knows it holds: taken from the open display and not yet
    paid out (both public). Only the rest of a hand, from the hidden first deal, is unknown."""
    known: dict[int, list[int]] = {i: [] for i in seats}
    for seat, a in s.history:
        held = known.get(seat)
        if held is None:
            continue
        assert isinstance(a, AlhambraAction)
        if a.kind == A.TAKE:
            held.extend(a.cards)
        elif a.kind == A.BUY:
            lo = MARKET[a.space] * 9 - 1
            for v in a.values:
                if lo + v in held:  # else it came from the unknown part of the hand
                    held.remove(lo + v)
    return known


# ---- explanations ------------------------------------------------------------------------------
def explain(s: AlhambraState, seat: int, a: AlhambraAction) -> str:
    """Why `a` is not legal for `seat` now, in the rulebook's words."""
    k = a.kind
    board = s.boards[seat]
    if s.phase == PLACEMENT:
        if k not in (A.PLACE, A.RESERVE, A.DIRK):
            return i18n.t("why.place_first_dirk" if s.with_dirk else "why.place_first",
                          tiles=_tiles(s.pending))
        if a.tile not in s.pending:
            return i18n.t("why.not_pending", tile=a.tile, tiles=_tiles(s.pending))
        if k == A.DIRK:
            return i18n.t("why.dirk_bought" if s.with_dirk else "why.dirk_players")
        problem = board.placement_problem(a.tile, cell(a.x, a.y))
        return problem or _not_now(a)
    if k == A.TAKE:
        missing = list(a.cards)
        for c in s.display:
            if c in missing:
                missing.remove(c)
        if missing:
            shown = cards_said(tuple(sorted(s.display))) or i18n.t("nothing")
            return i18n.t("why.display", shown=shown, cards=cards_said(tuple(missing)))
    elif k == A.BUY:
        tile = s.market[a.space]
        if not tile:
            return i18n.t("why.space_empty", space=a.space + 1)
        held = currency_values(s.hands[seat], a.currency)
        rest = list(held)
        for v in a.values:
            if v not in rest:
                cur = i18n.word("currency_pl", CURRENCIES[a.currency])
                have = cards_said(tuple(a.currency * 9 + x - 1 for x in held))
                return i18n.t("why.not_held", cards=_values(a), currency=cur,
                              held=have or i18n.t("none"))
            rest.remove(v)
        paid, price = sum(a.values), PRICE[tile]
        if paid < price:
            return i18n.t("why.underpaid", cards=_values(a), paid=paid, tile=tile, price=price)
        return i18n.t("why.overpaid", cards=_values(a), paid=paid, price=price)
    elif k in (A.PLACE, A.SWAP):
        if a.tile not in s.reserves[seat]:
            later = i18n.t("why.placed_later") if s.pending else ""
            return i18n.t("why.not_reserved", tile=a.tile, tiles=_tiles(s.reserves[seat]),
                          later=later)
        if k == A.PLACE:
            return board.placement_problem(a.tile, cell(a.x, a.y)) or _not_now(a)
        at = board.where(a.other)
        if at is None:
            return i18n.t("why.not_built", tile=a.other)
        return board.swap_problem(at, a.tile) or _not_now(a)
    elif k == A.RESERVE:
        at = board.where(a.tile)
        if at is None:
            return i18n.t("why.not_built", tile=a.tile)
        return board.removal_problem(at) or _not_now(a)
    elif k == A.DIRK:
        return i18n.t("why.dirk_when" if s.with_dirk else "why.dirk_players")
    elif k == A.END:
        return i18n.t("why.end")
    elif k == A.PASS:
        return i18n.t("why.pass")
    return _not_now(a)


def _not_now(a: AlhambraAction) -> str:
    return i18n.t("why.not_now", action=a)


def _values(a: AlhambraAction) -> str:
    return cards_said(tuple(a.currency * 9 + v - 1 for v in a.values))


def _tiles(tiles: list[int]) -> str:
    return ", ".join(str(t) for t in tiles) or i18n.t("none")


def _forget_purses() -> None:
    """Purse numbers go with the memos keyed by them: only those hold them (a state keeps
    its hands as cards). Made during play, they would otherwise pin the memory the busy
    hours needed."""
    _PURSE_CACHE.clear()
    _SPACE_BUY_CACHE.clear()
    _HELD_ID.clear()
    _HELD.clear()


def _forget_places() -> None:
    for at in _PLACE_AT:
        at.clear()


# interned actions are equal by code: forgetting one only makes the next its equal twin
forgettable(_PAYMENT_CACHE.clear, _TAKE_CACHE.clear, _forget_purses, _SMALL_TAKES.clear,
            _REDESIGN_CACHE.clear, _forget_places, A.forget_places)
