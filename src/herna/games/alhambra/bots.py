"""Alhambra's greedy bot: a one-ply heuristic player that sees only what its seat may know.

It scores every legal action by the change it makes to an estimate of the seat's standing,
measured as its own expected points minus the mean of its rivals' (so points denied count as
much as points won):

- majorities: each remaining scoring round is evaluated with the current building counts, the
  rivals' counts blurred by one tile up or down, as much as the time left before that round
  (deck size and scoring-card piles, bag size: all public) lets them move;
- walls: the longest outer wall, worth a point per side at each remaining scoring;
- flexibility: how many of the common wall patterns still have a free cell to go to, so that
  future tiles do not end in the reserve;
- money: coins are worth a little on their own, more when they pay for a wanted tile on the
  market (an exact payment gains another action), and less and less as the bag runs dry;
- two players: a tile may go to Dirk when his count would take points from the rival.

What the seat may know: its own hand, the board, market, display and reserves, the sizes of
the deck and the bag, the public piles of the scoring cards. It never reads the rivals' hands,
the deck order or the bag order (`test_bots` checks that its choices do not change when a
determinization resamples them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from herna.ai.base import BotError
from herna.ai.leaf import load_models
from herna.core import Action, Rng, State
from herna.core.memo import forgettable

from . import actions as A
from .actions import AlhambraAction, card_value
from .board import DOWN, LEFT, RIGHT, UP, WALLS, Board, cell, longest_wall_cells
from .data import BUILDING_TYPES, MARKET_CURRENCIES, NUM_TILES, SCORING, B, L, R, T
from .rules import PRICE, SCORE_A, SCORE_B, TILE_TYPE, currency_values
from .scoring import place_points
from .state import AlhambraState

__all__ = ["LEAF", "LEAF_FEATURES", "LEAF_TERMS", "LEVELS", "GreedyBot", "Weights",
           "cheapest_payment", "evaluate", "flexibility", "leaf_features", "longest_wall_cells",
           "prior", "reckoned", "rollout_policy", "root_prior", "turn_start"]

NTYPES = len(BUILDING_TYPES)
# the scoring table as tuples, [type][round - 1]
ROUND_VALUES = tuple(tuple(tuple(v) for v in SCORING[k]) for k in BUILDING_TYPES)
_STEPS = (UP, RIGHT, DOWN, LEFT)  # direction i of a side, with its wall bit _BITS[i]
_BITS = (T, R, B, L)
UNDO_MEMORY = 8  # own actions during which a redesign may not undo a move
UNDO = -1e6  # the value of undoing a recent move: chosen only if nothing else is legal


# ---- board shape: the longest wall and room for future tiles ------------------------------
def _mask_weights() -> tuple[tuple[int, float], ...]:
    """Wall patterns of the building tiles, weighted by how common they are."""
    counts: dict[int, int] = {}
    for t in range(1, NUM_TILES + 1):
        counts[WALLS[t]] = counts.get(WALLS[t], 0) + 1
    return tuple((m, k / NUM_TILES) for m, k in sorted(counts.items()))


MASK_WEIGHTS = _mask_weights()


def flexibility(board: Board) -> float:
    """0..1: the share of future tiles (by wall pattern) that would find a free cell, counting
    a pattern fully when two cells accept it (one may be taken by the next tile)."""
    room = [0] * len(MASK_WEIGHTS)
    for c, (mask, walls) in board.frontier.items():
        safe: bool | None = None
        for k, (m, _) in enumerate(MASK_WEIGHTS):
            if room[k] < 2 and (m & mask) == walls and mask & ~m:
                if safe is None:
                    safe = board.safe(c)
                if not safe:
                    break
                room[k] += 1
    return sum(w * k for (_, w), k in zip(MASK_WEIGHTS, room, strict=True)) / 2


@lru_cache(maxsize=1 << 17)
def _relative(me: int, players: int, counts: tuple[int, ...], values: tuple[int, ...]) -> float:
    """The seat's majority points minus its rivals' mean for one type and round. Dirk, when
    he plays, is the entry after the players: he takes places but his points are nobody's."""
    pts = place_points(counts, values)
    rivals = [pts[i] for i in range(players) if i != me]
    return pts[me] - sum(rivals) / len(rivals)


@lru_cache(maxsize=1 << 16)
def cheapest_payment(values: tuple[int, ...], price: int) -> int:
    """The least total >= price that some of these cards make (0: they cannot pay). That
    payment is minimal, hence legal. A subset-sum bitset: the engine's list of every minimal
    payment grows exponentially with a hoarded hand, this stays linear."""
    limit = (1 << (price + 9)) - 1  # a minimal payment exceeds the price by less than 9
    reach = 1
    for v in values:
        reach = (reach | (reach << v)) & limit
    reach >>= price
    if not reach:
        return 0
    return price + (reach & -reach).bit_length() - 1


# ---- the weights -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """The heuristic's knobs, in points. The defaults come from greedy-vs-greedy matches
    (one knob moved at a time, 200-400 seeded games each, 2 and 4 players); around them the
    strength is flat, so they are not delicate."""

    coin: float = 0.8  # a coin in hand, early in the game (falls to 0 as the bag empties)
    extra_action: float = 2.0  # what an exact payment's extra action is worth at least
    market_wait: float = 0.6  # chance a wanted market tile is still there next turn (2p)
    wall: float = 0.8  # a wall side, per remaining scoring round
    room: float = 2.5  # flexibility, per future tile the seat expects to buy
    reserve: float = 0.3  # share of a tile's majority value kept while in the reserve
    deny: float = 0.35  # share of a rival's gain we deny by buying a tile
    redesign: float = 1.0  # a redesign must beat taking money by this much (no idle shuffles)
    cards_per_turn: float = 1.3  # money cards drawn per turn (timing of scorings A and B)
    tiles_per_turn: float = 0.9  # tiles bought per turn
    blur: float = 0.5  # rivals' count spread per expected tile of a type before a scoring


# ---- one decision ----------------------------------------------------------------------------
class _Evaluator:
    """Everything one decision needs, computed once, and the value of each action."""

    def __init__(self, bot: GreedyBot, s: AlhambraState, me: int) -> None:
        self.bot = bot
        self.w = w = bot.weights
        self.s = s
        self.me = me
        n = s.num_players
        self.rivals = [p for p in range(n) if p != me]
        self.board = s.boards[me]
        self.board_key = bot.board_key(self.board)
        self.base_wall, self.base_room = bot.shape(self.board_key, self.board, None)
        drawn = s.scoring_cards_drawn
        self.rounds = [r for r, name in ((1, "A"), (2, "B")) if name not in drawn] + [3]
        bag = len(s.bag)
        self.future_tiles = bag / n  # tiles the seat may still buy
        self.wall_value = w.wall * len(self.rounds)
        self.room_value = w.room * min(10.0, self.future_tiles)
        # money keeps its worth while tiles remain to buy (bag and market), then fades
        self.coin = w.coin * min(1.0, (bag + 4) / (3.0 * n + 8.0))
        self.wait = w.market_wait ** (n - 1)
        self._market_use: dict[int, float] = {}
        self._take_best: float | None = None
        self._held: list[tuple[int, ...]] | None = None
        self._surplus: list[float] = []
        self._recent: tuple[set[int], set[int]] | None = None
        self._build_majority(bag)

    # -- majorities --
    def _turns_until(self, rnd: int, bag: int) -> float:
        s, w = self.s, self.w
        if rnd == 3:
            return bag / max(w.tiles_per_turn, 0.1)
        lo, hi = s.pile_bounds[SCORE_A if rnd == 1 else SCORE_B]
        deck = len(s.deck)
        hi = min(hi, deck)
        draws = deck - (lo + hi - 1) / 2 if hi > lo else 1.0
        return max(1.0, draws) / w.cards_per_turn

    def _build_majority(self, bag: int) -> None:
        """Building counts per type and how far the rivals' counts may move before each
        remaining scoring; the standings themselves are computed lazily (`gain`)."""
        s, n, w = self.s, self.s.num_players, self.w
        counts = [[0] * (n + 1) for _ in range(NTYPES)]  # [type][seat..., Dirk]
        for p in range(n):
            for t in s.boards[p].cells.values():
                if t:
                    counts[TILE_TYPE[t]][p] += 1
        for t in s.dirk_tiles:
            counts[TILE_TYPE[t]][n] += 1
        width = n + 1 if s.with_dirk else n
        self.counts = [tuple(row[:width]) for row in counts]
        pool = self.bot.pool_shares(s)
        turns = [self._turns_until(rnd, bag) * w.tiles_per_turn / n for rnd in self.rounds]
        # per type: ((round, chance the rivals' counts move by one tile), ...)
        self.spread = [tuple((rnd, round(min(0.8, w.blur * each * pool[k]), 1))
                             for rnd, each in zip(self.rounds, turns, strict=True))
                       for k in range(NTYPES)]
        self._gains: dict[tuple[int, int, int], float] = {}

    def standing(self, k: int, cs: tuple[int, ...]) -> float:
        """Expected majority points of type k over the remaining scorings, relative to the
        rivals, if the counts were `cs` (cached on the bot: counts change slowly)."""
        me = self.me
        key = (me, k, cs, self.spread[k])
        cache = self.bot.standings
        hit = cache.get(key)
        if hit is not None:
            return hit
        players = self.s.num_players
        total = 0.0
        for rnd, q in self.spread[k]:
            values = ROUND_VALUES[k][rnd - 1]
            total += (1.0 - q) * _relative(me, players, cs, values)
            if q:
                up = [c + 1 for c in cs]
                up[me] -= 1
                down = [c - 1 if c else 0 for c in cs]
                down[me] = cs[me]
                total += q / 2 * (_relative(me, players, tuple(up), values)
                                  + _relative(me, players, tuple(down), values))
        cache[key] = total
        return total

    def gain(self, k: int, who: int, by: int = 1) -> float:
        """The change in standing if `who` (a seat, or num_players for Dirk) gains `by`
        buildings of type k."""
        key = (k, who, by)
        g = self._gains.get(key)
        if g is None:
            cs = self.counts[k]
            if cs[who] + by < 0:
                g = 0.0
            else:
                moved = list(cs)
                moved[who] += by
                g = self.standing(k, tuple(moved)) - self.standing(k, cs)
            self._gains[key] = g
        return g

    # -- tiles --
    def shape_gain(self, kind: str, tile: int, c: int) -> float:
        wall, room = self.bot.shape(self.board_key, self.board, (kind, tile, c))
        return (self.wall_value * (wall - self.base_wall)
                + self.room_value * (room - self.base_room))

    def reserve_value(self, tile: int) -> float:
        return self.w.reserve * max(0.0, self.gain(TILE_TYPE[tile], self.me))

    def tile_use(self, tile: int) -> float:
        """The best the seat can do with a tile it would receive now."""
        k = TILE_TYPE[tile]
        best = self.reserve_value(tile)
        if self.s.with_dirk:
            best = max(best, self.gain(k, self.s.num_players))
        for c in self.board.placements(tile):
            best = max(best, self.gain(k, self.me) + self.shape_gain("place", tile, c))
        return best

    def market_use(self, space: int) -> float:
        v = self._market_use.get(space)
        if v is None:
            tile = self.s.market[space]
            v = self._market_use[space] = self.tile_use(tile) + self.w.deny * self.denial(tile)
        return v

    def denial(self, tile: int) -> float:
        """What the seat's standing would lose if a rival got this tile instead."""
        k = TILE_TYPE[tile]
        return -sum(self.gain(k, r) for r in self.rivals) / len(self.rivals)

    # -- money --
    def holdings(self) -> list[tuple[int, ...]]:
        """Per market space, the values the seat holds in its currency (highest first)."""
        if self._held is None:
            hand = self.s.hands[self.me]
            self._held = [currency_values(hand, cur) for cur in MARKET_CURRENCIES]
            self._surplus = [self.space_surplus(sp, v) for sp, v in enumerate(self._held)]
        return self._held

    def space_surplus(self, space: int, values: tuple[int, ...]) -> float:
        """The best purchase on one market space with these values of its currency: tile
        value minus coins, plus the extra action of an exact payment. The cheapest payment is
        the best one: it is exact whenever exact is possible."""
        tile = self.s.market[space]
        if not tile:
            return 0.0
        price = PRICE[tile]
        paid = cheapest_payment(values, price)
        if not paid:
            return 0.0
        surplus = self.market_use(space) - self.coin * paid
        if paid == price:
            surplus += self.w.extra_action
        return max(0.0, surplus)

    def take_value(self, cards: tuple[int, ...]) -> float:
        """Coins gained, plus the purchases they open on the current market next turn
        (discounted by the chance each tile survives the rivals' turns)."""
        held = self.holdings()
        better = 0.0
        for sp, cur in enumerate(MARKET_CURRENCIES):
            extra = [card_value(c) for c in cards if c // 9 == cur]
            if extra:
                values = tuple(sorted((*held[sp], *extra), reverse=True))
                better += self.space_surplus(sp, values) - self._surplus[sp]
        return self.coin * sum(card_value(c) for c in cards) + self.wait * better

    def best_take(self) -> float:
        if self._take_best is None:
            self._take_best = max((self.take_value(a.cards) for a in
                                   (x for x in self.s.legal_actions(self.me)
                                    if isinstance(x, AlhambraAction) and x.kind == A.TAKE)),
                                  default=0.0)
        return self._take_best

    def buy_value(self, a: AlhambraAction) -> float:
        """The tile, minus the coins, minus the wait-and-buy-later option it uses up; an
        exact payment adds the best next action (money, or another tile)."""
        held = self.holdings()
        tile = self.s.market[a.space]
        paid = sum(a.values)
        value = self.market_use(a.space) - self.coin * paid - self.wait * self._surplus[a.space]
        left = list(held[a.space])
        for v in a.values:
            left.remove(v)
        others = [sp for sp in range(4) if sp != a.space]
        after = [self._surplus[sp] if MARKET_CURRENCIES[sp] != a.currency
                 else self.space_surplus(sp, tuple(left)) for sp in others]
        value += self.wait * sum(x - self._surplus[sp] for x, sp in zip(after, others, strict=True))
        if paid == PRICE[tile]:  # another action: money from the display, or another tile
            value += max(self.w.extra_action, self.best_take(), *after)
        return value

    # -- every action --
    def recent_moves(self) -> tuple[set[int], set[int]]:
        """Tiles this seat put into its Alhambra, and tiles it swapped out, in its last few
        actions (public history). Undoing them is refused: two greedy players could otherwise
        shuffle tiles in and out of their reserves for ever."""
        if self._recent is None:
            put_in: set[int] = set()
            swapped_out: set[int] = set()
            mine = 0
            for seat, a in reversed(self.s.history):
                if seat != self.me:
                    continue
                assert isinstance(a, AlhambraAction)
                if a.kind in (A.PLACE, A.SWAP):
                    put_in.add(a.tile)
                if a.kind == A.SWAP:
                    swapped_out.add(a.other)
                mine += 1
                if mine >= UNDO_MEMORY:
                    break
            self._recent = (put_in, swapped_out)
        return self._recent

    def value(self, a: AlhambraAction) -> float:
        k = a.kind
        me = self.me
        if self.s.phase == "placement":
            kind = TILE_TYPE[a.tile]
            if k == A.PLACE:
                return self.gain(kind, me) + self.shape_gain("place", a.tile, cell(a.x, a.y))
            if k == A.RESERVE:
                return self.reserve_value(a.tile)
            return self.gain(kind, self.s.num_players)  # DIRK
        if k == A.TAKE:
            return self.take_value(a.cards)
        if k == A.BUY:
            return self.buy_value(a)
        if k == A.END or k == A.PASS:
            return 0.0  # nothing changes
        return self.redesign_value(a) - self.w.redesign

    def redesign_value(self, a: AlhambraAction) -> float:
        k = a.kind
        me = self.me
        if k == A.PLACE:  # reserve -> Alhambra
            placed = self.shape_gain("place", a.tile, cell(a.x, a.y))
            return self.gain(TILE_TYPE[a.tile], me) + placed - self.reserve_value(a.tile)
        put_in, swapped_out = self.recent_moves()
        if k == A.RESERVE:  # Alhambra -> reserve
            if a.tile in put_in:
                return UNDO
            at = self.board.where(a.tile)
            assert at is not None
            removed = self.shape_gain("remove", a.tile, at)
            return self.gain(TILE_TYPE[a.tile], me, -1) + removed + self.reserve_value(a.tile)
        # SWAP: reserve tile a.tile takes the place of Alhambra tile a.other
        if a.tile in swapped_out or a.other in put_in:
            return UNDO
        at = self.board.where(a.other)
        assert at is not None
        new, old = TILE_TYPE[a.tile], TILE_TYPE[a.other]
        types = 0.0 if new == old else self.gain(new, me) + self.gain(old, me, -1)
        return (types + self.shape_gain("swap", a.tile, at)
                + self.reserve_value(a.other) - self.reserve_value(a.tile))


# ---- the bot ---------------------------------------------------------------------------------
class GreedyBot:
    """One-ply greedy Alhambra player. `noise` > 0 makes an easier opponent: each action's
    value gets Gumbel noise of that many times 3 points, so it picks well but not always best.
    Deterministic for its seed: the seed only breaks ties and draws the noise."""

    name = "greedy"

    def __init__(self, seed: int = 0, noise: float = 0.0, weights: Weights | None = None) -> None:
        if not (isinstance(noise, (int, float)) and noise >= 0 and math.isfinite(noise)):
            raise ValueError(f"noise must be a number >= 0, not {noise!r}")
        self.rng = Rng(seed)
        self.noise = float(noise)
        self.weights = weights or Weights()
        self.standings: dict[tuple[object, ...], float] = {}
        self._shapes: dict[tuple[object, ...], tuple[int, float]] = {}
        self._board_ids: dict[tuple[tuple[int, int], ...], int] = {}
        self._pool: tuple[tuple[int, ...], list[float]] | None = None

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, AlhambraState):
            raise BotError(f"the Alhambra greedy bot cannot play {type(state).__name__}")
        legal = state.legal_actions(seat)
        if not legal:
            raise BotError(f"seat {seat} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        self._trim_caches()
        ev = _Evaluator(self, state, seat)
        values = []
        for a in legal:
            assert isinstance(a, AlhambraAction)
            values.append(ev.value(a))
        if self.noise:
            scale = 3.0 * self.noise
            values = [v + scale * _gumbel(self.rng) for v in values]
        best = max(values)
        ties = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # -- caches shared by the decisions of one bot --
    def board_key(self, board: Board) -> int:
        """A small id per distinct board layout, so derived shapes cache under short keys."""
        key = board.key()
        bid = self._board_ids.get(key)
        if bid is None:
            bid = self._board_ids[key] = len(self._board_ids)
        return bid

    def shape(self, bid: int, board: Board,
              change: tuple[str, int, int] | None) -> tuple[int, float]:
        """(longest wall, flexibility) of a board, after an optional change: ("place", tile,
        cell), ("remove", tile, cell) or ("swap", reserve tile, cell)."""
        key = (bid, change)
        hit = self._shapes.get(key)
        if hit is not None:
            return hit
        b = board
        if change is not None:
            kind, tile, c = change
            b = board.copy()
            if kind == "place":
                b.add(tile, c)
            elif kind == "remove":
                b.remove(c)
            else:
                b.replace(c, tile)
        out = (longest_wall_cells(b.cells), flexibility(b))
        self._shapes[key] = out
        return out

    def pool_shares(self, s: AlhambraState) -> list[float]:
        """Per building type, its share of the tiles not yet owned (bag and market): all
        public, since every owned tile is on view."""
        owned = [t for b in s.boards for t in b.cells.values()]
        owned += [t for r in s.reserves for t in r] + s.dirk_tiles + s.pending
        key = tuple(sorted(owned))
        if self._pool is not None and self._pool[0] == key:
            return self._pool[1]
        left = [0] * NTYPES
        seen = set(owned)
        for t in range(1, NUM_TILES + 1):
            if t not in seen:
                left[TILE_TYPE[t]] += 1
        total = max(1, sum(left))
        shares = [k / total for k in left]
        self._pool = (key, shares)
        return shares

    def _trim_caches(self) -> None:
        if len(self._shapes) > 200_000:
            self._shapes.clear()
            self._board_ids.clear()
        if len(self.standings) > 200_000:
            self.standings.clear()


def _gumbel(rng: Rng) -> float:
    u = min(max(rng.random(), 1e-12), 1.0 - 1e-12)
    return -math.log(-math.log(u))



# ---- search helpers (herna.ai.mcts) ----------------------------------------------------------
# Cheap on purpose: a rollout ply must cost about what the engine's own move costs, so these
# read the rules' cached action lists directly and skip the redesign moves (rarely worth a
# rollout's time) instead of asking for every legal action.
_WALLS: dict[int, int] = {}  # board version -> longest wall (a version names one layout)


def _wall(board: Board) -> int:
    w = _WALLS.get(board.version)
    if w is None:
        if len(_WALLS) > 100_000:
            _WALLS.clear()
        w = _WALLS[board.version] = longest_wall_cells(board.cells)
    return w


@lru_cache(maxsize=1 << 16)
def _points(counts: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(place_points(counts, values))


def _build_gain(board: Board, c: int) -> int:
    """Built neighbours of a cell: compact Alhambras keep room for later tiles."""
    cells = board.cells
    return sum(1 for step in _STEPS if c + step in cells)


def rollout_policy(state: State, seat: int, rng: Rng) -> Action:
    """A playout move: place bought tiles (compactly), buy with exact change when possible,
    otherwise mostly take the most money, sometimes buy at a small overpayment."""
    from . import rules as _rules

    assert isinstance(state, AlhambraState)
    s = state
    if s.phase == "placement":
        acts = _rules.placement_actions(s, seat)
        board = s.boards[seat]
        best: list[AlhambraAction] = []
        best_v = -1
        other: list[AlhambraAction] = []
        for a in acts:
            if a.kind == A.PLACE:
                v = _build_gain(board, cell(a.x, a.y))
                if v > best_v:
                    best, best_v = [a], v
                elif v == best_v:
                    best.append(a)
            else:
                other.append(a)
        if best:
            return best[0] if len(best) == 1 else rng.choice(best)
        if s.with_dirk and len(other) > 1 and rng.random() < 0.3:
            return other[1]  # reserve first, then Dirk, per tile
        return other[0]
    takes = _rules.take_actions(s.display)
    buys = _rules.buy_actions(s, seat)
    exact = [a for a in buys if sum(a.values) == PRICE[s.market[a.space]]]
    if exact:
        return exact[0] if len(exact) == 1 else rng.choice(exact)
    cheap = [a for a in buys if sum(a.values) - PRICE[s.market[a.space]] <= 2]
    if cheap and (not takes or rng.random() < 0.5):
        return rng.choice(cheap)
    if takes:
        best_take = takes[0]
        most = -1
        for a in takes:
            v = sum(card_value(c) for c in a.cards)
            if v > most:
                best_take, most = a, v
        return best_take
    if s.actions_this_turn:
        return A.END_ACTION
    legal = s.legal_actions(seat)
    return legal[0] if len(legal) == 1 else rng.choice(legal)


_JUDGE = GreedyBot(0)  # its caches serve every evaluation; its Rng is never drawn
EVAL_TEMP = (16.0, 2.0 / 3.0)  # the softmax temperature: points, plus per tile in the bag


# What `leaf_features` reads per seat: the learned leaf value's inputs (herna.ai.leaf)
LEAF_FEATURES = (
    "score",  # points scored so far
    "majority",  # expected majority points of the remaining scorings, minus the rivals' mean
    "wall",  # longest outer wall x scorings left
    "room",  # flexibility (room for future tiles) x tiles the seat may still buy (at most 10)
    "reserve",  # the reserve's tiles, at the share of their majority value the greedy keeps
    "coins",  # money in hand
    "coin_worth",  # money in hand at the greedy's fading coin value
    "cards",  # money cards in hand (more cards: more ways to pay exactly)
    "purchase",  # the best purchase the hand makes on this market, for the seat about to act
    "to_move",  # 1 for the seat about to begin its turn
)
# What benchmarks/fit_leaf.py fits: the features, some also times the stage ("*f": the share of
# the tiles still in the bag). More terms (the next scoring alone, tiles built, currencies
# held, an exact payment at hand, every seat's purchase) fit the outcomes a little better but
# did not play better: 83.0% against 87.0% of 200 games against greedy.
LEAF_TERMS = (
    "score", "score*f", "majority", "majority*f", "wall", "wall*f", "room", "room*f",
    "reserve", "coins", "coins*f", "coin_worth", "coin_worth*f", "cards",
    "purchase", "purchase*f", "to_move", "to_move*f",
)
LEAF = load_models("herna.games.alhambra", LEAF_FEATURES)


def leaf_features(state: State) -> tuple[list[list[float]], float]:
    """Per seat, the `LEAF_FEATURES`, and the stage: the share of the tiles still in the bag.
    Only what the seat's determinization holds is read (a search passes a determinized state)."""
    assert isinstance(state, AlhambraState)
    s = state
    _JUDGE._trim_caches()
    rows = []
    for p in range(s.num_players):
        ev = _Evaluator(_JUDGE, s, p)
        majority = sum(ev.standing(k, ev.counts[k]) for k in range(NTYPES))
        purchase = 0.0
        to_move = turn_start(s, p)
        if to_move:
            ev.holdings()
            purchase = max(0.0, *ev._surplus)
        coins = sum(card_value(c) for c in s.hands[p])
        rows.append([s.scores[p], majority, ev.base_wall * len(ev.rounds),
                     ev.base_room * min(10.0, ev.future_tiles),
                     sum(ev.reserve_value(t) for t in s.reserves[p]), coins, ev.coin * coins,
                     len(s.hands[p]), purchase, 1.0 if to_move else 0.0])
    return rows, len(s.bag) / NUM_TILES


def evaluate(state: State) -> list[float]:
    """Per seat, a win chance. With a learned model for the player count (tables/leaf.json,
    fitted on greedy self-play by benchmarks/fit_leaf.py): from `leaf_features`. Otherwise
    from the greedy bot's own reckoning (`reckoned`)."""
    assert isinstance(state, AlhambraState)
    s = state
    if s.game_over:
        out = s.outcome()
        assert out is not None
        return list(out.win_shares())
    model = LEAF.get(s.num_players)
    if model is not None:
        rows, stage = leaf_features(s)
        return model.chances(rows, stage)
    return reckoned(s)


def reckoned(state: State) -> list[float]:
    """Per seat, a win chance from the greedy bot's own reckoning of a position: points so
    far, the expected majorities of the remaining scorings (rivals' counts blurred by the
    time left), wall and room for future tiles, money and the reserve, and for the seat about
    to begin its turn the best purchase its hand makes on the market it faces, each against
    the best rival, through a logistic curve whose temperature falls as the bag empties."""
    assert isinstance(state, AlhambraState)
    s = state
    n = s.num_players
    w = _JUDGE.weights
    rows, _ = leaf_features(s)  # the same quantities, at the greedy's hand-set weights
    rel = [score + majority + w.wall * wall + w.room * room + reserve + coin_worth + purchase
           for score, majority, wall, room, reserve, _, coin_worth, _, purchase, _ in rows]
    if s.phase == "placement":  # bought tiles about to be placed
        ev = _Evaluator(_JUDGE, s, s.placer)
        rel[s.placer] += sum(max(0.0, ev.gain(TILE_TYPE[t], s.placer)) for t in s.pending)
    # the majorities assume today's counts last: trust them less the more tiles remain
    temp = EVAL_TEMP[0] + len(s.bag) * EVAL_TEMP[1]
    values = []
    for p in range(n):  # the lead over the best rival: in 3+ players the leader is the threat
        lead = rel[p] - max(rel[j] for j in range(n) if j != p)
        values.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / temp)))))
    return values


def turn_start(state: State, seat: int) -> bool:
    """`seat` is about to take the first action of its turn (`horizon="turn"` cuts here)."""
    assert isinstance(state, AlhambraState)
    return (state.phase == "action" and state.actions_this_turn == 0
            and state.current == seat and not state.game_over)


def prior(state: State, seat: int, legal: list[Action]) -> list[float]:
    """Widening order: exact purchases, placements next to built cells, cheap purchases and
    big takes first; redesigns last."""
    assert isinstance(state, AlhambraState)
    s = state
    board = s.boards[seat]
    out = []
    placement = s.phase == "placement"
    for a in legal:
        assert isinstance(a, AlhambraAction)
        k = a.kind
        if k == A.PLACE:
            v = (3.0 if placement else -1.0) + 0.5 * _build_gain(board, cell(a.x, a.y))
        elif k == A.BUY:
            over = sum(a.values) - PRICE[s.market[a.space]]
            v = 6.0 if over == 0 else 3.0 - 0.5 * over
        elif k == A.TAKE:
            v = 1.0 + 0.3 * sum(card_value(c) for c in a.cards)
        elif k == A.RESERVE:
            v = 1.0 if placement else -2.0
        elif k == A.DIRK:
            v = 0.5
        elif k == A.END:
            v = 2.0
        else:
            v = -2.0
        out.append(v)
    return out


def root_prior(state: State, seat: int, legal: list[Action]) -> list[float]:
    """The greedy bot's own values (once per decision, at the root of a search)."""
    assert isinstance(state, AlhambraState)
    _JUDGE._trim_caches()
    ev = _Evaluator(_JUDGE, state, seat)
    out = []
    for a in legal:
        assert isinstance(a, AlhambraAction)
        out.append(ev.value(a))
    return out


# ---- levels (herna.ai.registry): easy, medium and hard opponents -----------------------------
forgettable(_relative.cache_clear, cheapest_payment.cache_clear, _points.cache_clear)

LEVELS: dict[str, tuple[str, dict[str, object]]] = {
    "easy": ("greedy", {"noise": 1.0}),  # 15% vs greedy (40 games, 2p)
    "medium": ("greedy", {}),
    # the greedy's best 3 moves, each from the same 4 determinizations, played on by the greedy
    # bot for every seat until this seat's next turn, judged by `evaluate` (the learned leaf
    # value: 87.0% of 200 tuning games, 69.5% with the greedy's own reckoning; a tree over the
    # greedy's values with cheap playouts lost to the greedy: 42%)
    "hard": ("mcts", {"flat": True, "rollout": "bot", "horizon": "turn", "top": 3,
                      "iterations": 12}),
}
