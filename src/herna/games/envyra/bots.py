"""The greedy Envyra bot: one-step judgement of each tile from what its seat may see.

It reads only `state.view(seat)` and `state.legal_actions(seat)`: in phase I the others'
marks are not in its view, so it cannot peek. A tile is worth its stars, the set points it
adds, a little for every reserved tile its colour would open, and, for the end tile, a lot
when taking it ends the game with this seat ahead (and a lot less when behind). A die on a
tile is worth that value times the chance of winning the majority, which grows with the
dice it would hold there and how close the tile is to its count; dice that stay out on
tiles cost a little (they block the supply). Marks that the seat may not move (reserved
tiles it does not qualify for) are worthless.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from herna.core import Action, Rng, State
from herna.core.memo import forgettable

from . import actions as A
from . import rules
from .data import NUM_THEMES, SAME_TILE, SYMBOL_INDEX, SYMBOL_NAMES, THEMES, TILES
from .scoring import set_points_of_counts
from .state import EnvyraState


def _winner(dice: Sequence[int]) -> int:
    counts: dict[int, int] = {}
    for p in dice:
        counts[p] = counts.get(p, 0) + 1
    best = max(counts.values())
    for p in reversed(dice):
        if counts[p] == best:
            return p
    return -1


class GreedyBot:
    """Greedy on contest value, set completion, reservation progress and end-tile timing.

    Parameters: `tie_up` (cost of a die left out on a tile), `noise` (random jitter added to
    every value, for weaker or more varied play)."""

    name = "greedy"

    def __init__(self, seed: int = 0, tie_up: float = 0.2, noise: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.tie_up = tie_up
        self.noise = noise

    # ---- the seat's position -------------------------------------------------------------
    def _mine(self, view: Mapping[str, Any], seat: int) -> tuple[list[int], list[int], int]:
        me = view["seats"][seat]
        counts = [0] * len(SYMBOL_NAMES)
        for tiles in me["by_theme"].values():
            for tile in tiles:
                if tile["symbol"] is not None:
                    counts[SYMBOL_INDEX[tile["symbol"]]] += 1
        colours = [me["colours"][THEMES[k]] for k in range(NUM_THEMES)]
        return counts, colours, me["score"]["total"]

    @staticmethod
    def _qualifies(colours: Sequence[int], tile: Mapping[str, Any]) -> bool:
        return all(colours[THEMES.index(k)] >= v for k, v in tile["reserve"].items())

    def tile_value(self, view: Mapping[str, Any], seat: int, tile: Mapping[str, Any]) -> float:
        """What owning `tile` is worth to `seat` now."""
        counts, colours, total = self._mine(view, seat)
        if tile["end"]:
            best_other = max((s["score"]["total"] for s in view["seats"] if s["seat"] != seat),
                             default=0)
            return 40.0 if int(total) + int(tile["vp"]) >= int(best_other) else -15.0
        base = set_points_of_counts(counts)
        counts[SYMBOL_INDEX[tile["symbol"]]] += 1
        gain = set_points_of_counts(counts) - base
        k = THEMES.index(tile["theme"])
        opened = 0.0
        after = list(colours)
        after[k] += 1
        for slot in view["grid"]["slots"]:
            t = slot["tile"]
            if t and t["reserve"] and not self._qualifies(colours, t) \
                    and self._qualifies(after, t):
                opened += 0.4 + 0.1 * t["vp"]
        if colours[k] == 0:
            opened += 0.5
        return float(tile["vp"]) + gain + opened + self._card_value(view, seat, counts, tile)

    @staticmethod
    def _card_value(view: Mapping[str, Any], seat: int, counts: Sequence[int],
                    tile: Mapping[str, Any]) -> float:
        """Equilibrium: the share of a card's points this tile brings (all of it when it
        completes the card); `counts` already include the tile."""
        if counts[SYMBOL_INDEX[tile["symbol"]]] > 1:
            return 0.0  # the symbol is owned already: no card gets closer
        cards = [c for c in view["equilibrium"]["public"] if c["owner"] is None]
        secret = view["seats"][seat]["secret_card"]
        if secret and not secret["done"]:
            cards.append(secret)
        value = 0.0
        for card in cards:
            if tile["symbol"] not in card["symbols"]:
                continue
            have = sum(1 for x in card["symbols"] if counts[SYMBOL_INDEX[x]])
            value += card["vp"] * (1.0 if have == len(card["symbols"]) else
                                   0.5 / len(card["symbols"]))
        return value

    def die_value(self, view: Mapping[str, Any], seat: int, slot: Mapping[str, Any],
                  extra: int = 0) -> float:
        """The value of one more of `seat`'s dice on this slot (after `extra` of its own)."""
        tile = slot["tile"]
        _, colours, _ = self._mine(view, seat)
        if tile is None or not self._qualifies(colours, tile):
            return -3.0
        dice = list(slot["dice"]) + [seat] * (extra + 1)
        value = self.tile_value(view, seat, tile)
        if len(dice) >= tile["dice"]:
            winner = _winner(dice)
            if winner == seat:
                return value + 1.0
            return -0.3 * float(tile["vp"]) - 1.0
        mine = dice.count(seat)
        others = max((dice.count(p) for p in set(dice) if p != seat), default=0)
        lead = 0.65 if mine > others else 0.35 if mine == others else 0.1
        progress = len(dice) / int(tile["dice"])
        return value * lead * progress - self.tie_up

    def _jitter(self) -> float:
        return self.rng.random() * (self.noise or 1e-6)

    # ---- decisions -------------------------------------------------------------------------
    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        best, best_value = legal[0], float("-inf")
        for a, value in zip(legal, self.action_values(state, seat, legal), strict=True):
            value += self._jitter()
            if value > best_value:
                best, best_value = a, value
        return best

    def action_values(self, state: State, seat: int, legal: Sequence[Action]) -> list[float]:
        """The greedy judgement of each legal action (no noise): `act` plays the best."""
        view = state.view(seat)
        slots = {s["slot"]: s for s in view["grid"]["slots"]}
        if view["phase"] == "move":
            my_slots = [str(a).split()[1] for a in legal]
            return [self._move_value(view, seat, slots, name, my_slots) for name in my_slots]
        single = {name: self.die_value(view, seat, s) for name, s in slots.items()}
        values = []
        for a in legal:
            names = str(a).split()[1:]
            if len(names) == 1:
                value = single[names[0]]
            elif names[0] == names[1]:
                value = single[names[0]] + self.die_value(view, seat, slots[names[0]], 1)
            else:
                value = single[names[0]] + single[names[1]]
            values.append(value)
        return values

    def _move_value(self, view: Mapping[str, Any], seat: int, slots: Mapping[str, Any],
                    name: str, mine: Sequence[str]) -> float:
        """Moving this die first: take what others could take first, keep the tie-break
        (placing later) where it pays."""
        slot = slots[name]
        value = self.die_value(view, seat, slot)
        contested = sum(1 for s in view["seats"] if s["seat"] != seat
                        and name in (s["board"] or []))
        tile = slot["tile"]
        if tile is not None and len(slot["dice"]) + 1 >= tile["dice"] \
                and _winner([*slot["dice"], seat]) == seat:
            value += 5.0 + contested * 2.0
        elif contested:
            value += 1.0
        return value


# ---- search helpers (herna.ai.mcts) ----------------------------------------------------------
# The greedy bot reads views (what a bot must do at the table); a playout works on the
# determinized state itself, which it owns, so these read its fields directly and stay cheap.
@lru_cache(maxsize=1 << 15)
def _set_gain(symbols: tuple[int, ...], symbol: int) -> int:
    more = list(symbols)
    more[symbol] += 1
    return set_points_of_counts(more) - set_points_of_counts(symbols)


def _points(s: EnvyraState, seat: int) -> int:
    return sum(rules.score_parts(s, seat).values())


_VP = tuple(float(t.vp) for t in TILES)
_NEED = tuple(t.dice for t in TILES)
_SYMBOL = tuple(t.symbol for t in TILES)
_IS_END = tuple(t.is_end for t in TILES)


def _slot_value(s: EnvyraState, seat: int, slot: int, extra: int = 0,
                symbols: tuple[int, ...] | None = None) -> float:
    """A die of `seat` on a slot: the tile's stars and set gain, by the chance to win it
    (`symbols`: the seat's symbol counts as a tuple, when the caller has them)."""
    tile = s.grid[slot]
    if tile < 0 or not rules.qualifies(s.colours[seat], tile):
        return -3.0
    vp = _VP[tile]
    if _IS_END[tile]:
        mine = _points(s, seat)
        best = max(_points(s, q) for q in range(s.num_players) if q != seat)
        value = 30.0 if mine + vp >= best else -10.0
    else:
        value = vp + _set_gain(symbols or tuple(s.symbols[seat]), _SYMBOL[tile])
    on = s.dice[slot]
    need = _NEED[tile]
    placed = len(on) + extra + 1
    if placed >= need:
        dice = on + [seat] * (extra + 1)
        return value + 1.0 if rules.majority_winner(dice) == seat else -0.3 * vp - 1.0
    mine_n = on.count(seat) + extra + 1
    if not on:
        others = 0
    elif s.num_players == 2:
        others = len(on) + extra + 1 - mine_n
    else:
        others = max((on.count(p) for p in range(s.num_players) if p != seat), default=0)
    lead = 0.65 if mine_n > others else 0.35 if mine_n == others else 0.1
    return value * lead * placed / need - 0.2


ROLLOUT_NOISE = 1.5  # jitter on each tile's value in playouts, so they vary


def _best_mark(s: EnvyraState, seat: int, noise: float, rng: Rng | None) -> A.EnvyraAction:
    """The best marking by slot values: the best tile, and the second best too when it is
    worth a die (a pair is worth the sum of its two tiles)."""
    b1 = b2 = -1
    v1 = v2 = -1e18
    symbols = tuple(s.symbols[seat])
    for x in s.occupied:
        v = _slot_value(s, seat, x, 0, symbols)
        if rng is not None:
            v += rng.random() * noise
        if v > v1:
            b2, v2 = b1, v1
            b1, v1 = x, v
        elif v > v2:
            b2, v2 = x, v
    if b2 >= 0 and v2 > 0 and s.supply[seat] >= 2 and not s.simple:
        return A.MARK_TWO[(b1, b2) if b1 < b2 else (b2, b1)]
    return A.MARK_ONE[b1]


def _first_move(s: EnvyraState, seat: int) -> A.EnvyraAction:
    """Phase II, two dice on two tiles: move first the one that wins its tile now, else the
    one another seat also marked (take it before them), else the better tile."""
    board = sorted(s.board[seat])
    best, best_v = board[0], -1e18
    for x in board:
        v = _slot_value(s, seat, x)
        tile = s.grid[x]
        if tile >= 0 and len(s.dice[x]) + 1 >= TILES[tile].dice \
                and rules.majority_winner([*s.dice[x], seat]) == seat:
            v += 5.0
        v += 1.0 * sum(1 for q in range(s.num_players) if q != seat and x in s.board[q])
        if v > best_v:
            best, best_v = x, v
    return A.MOVES[best]


def rollout_policy(state: State, seat: int, rng: Rng) -> Action:
    """A playout move: the greedy judgement of each tile with some randomness (marks), the
    greedy's order of two dice (moves)."""
    assert isinstance(state, EnvyraState)
    s = state
    if s.phase == rules.MARKING and not SAME_TILE:
        return _best_mark(s, seat, ROLLOUT_NOISE, rng)
    legal = rules.legal(s, seat)
    if len(legal) == 1:
        return legal[0]
    if s.phase != rules.MARKING:
        return _first_move(s, seat)
    single = {x: _slot_value(s, seat, x) + rng.random() * ROLLOUT_NOISE for x in s.occupied}
    best: Action = legal[0]
    best_v = -1e18
    for a in legal:
        assert isinstance(a, A.EnvyraAction)
        slots = a.slots
        if len(slots) == 1:
            v = single[slots[0]]
        elif slots[0] == slots[1]:
            v = single[slots[0]] + _slot_value(s, seat, slots[0], 1)
        else:
            v = single[slots[0]] + single[slots[1]]
        if v > best_v:
            best, best_v = a, v
    return best


OPPONENT_MODEL = True  # the search samples the other seats' moves from the playout policy


def sampled_action(state: State, seat: int, rng: Rng, me: int) -> Action | None:
    """Inside the search, another seat's decision is drawn from the playout policy (a noisy
    greedy: a model of the opponents) instead of being searched; the searcher's own
    decisions are searched."""
    if seat == me or not OPPONENT_MODEL:
        return None
    return rollout_policy(state, seat, rng)


def determinize(state: State, seat: int, rng: Rng) -> State:
    """The search's determinization: the rivals' sealed marks are drawn from the playout
    policy (a model of a player, from public state only) instead of uniformly from every
    mark: a rival who sealed before us most likely marked what a good player would."""
    assert isinstance(state, EnvyraState)
    d = state.determinize(seat, rng)
    assert isinstance(d, EnvyraState)
    if d.phase == rules.MARKING:
        for q in range(d.num_players):
            if q != seat and d.marked[q]:
                d.supply[q] += len(d.board[q])
                a = _best_mark(d, q, ROLLOUT_NOISE, rng)
                d.board[q] = list(a.slots)
                d.supply[q] -= len(a.slots)
    return d


def prior(state: State, seat: int, legal: list[Action]) -> list[float]:
    """Widening order inside the tree: the playout's judgement without noise."""
    assert isinstance(state, EnvyraState)
    s = state
    single = {x: _slot_value(s, seat, x) for x in s.occupied}
    out = []
    for a in legal:
        assert isinstance(a, A.EnvyraAction)
        if a.kind == A.MOVE:
            out.append(single.get(a.slots[0], 0.0))
        elif len(a.slots) == 1:
            out.append(single[a.slots[0]])
        elif a.slots[0] == a.slots[1]:
            out.append(single[a.slots[0]] + _slot_value(s, seat, a.slots[0], 1))
        else:
            out.append(single[a.slots[0]] + single[a.slots[1]])
    return out


def root_prior(state: State, seat: int, legal: list[Action]) -> list[float]:
    """At the root: the greedy bot's own values (from the seat's view), so the search
    refines the yardstick's choice instead of replacing it."""
    return GreedyBot().action_values(state, seat, legal)


# evaluate's calibration: the maximum-likelihood fit of the final win share of greedy
# self-play (600 2p and 300 3p games, every decision point; scratch/envyra/calib2.py) to a
# softmax of (points + EVAL_STAKE * stakes) at a temperature of T0 + K * tiles in the bag
EVAL_STAKE = 1.0
EVAL_TEMPERATURE = {2: (2.0, 0.2), 3: (2.5, 0.3)}  # players -> (T0, K); more: as 3


def _stakes(s: EnvyraState) -> list[float]:
    """Per seat: the expected worth of the dice it has on unfinished tiles (the marks of
    phase II counted as dice already there)."""
    n = s.num_players
    out = [0.0] * n
    moving = s.phase == rules.MOVING
    for x in s.occupied:
        tile = s.grid[x]
        if tile < 0:
            continue
        dice = s.dice[x]
        if moving:
            dice = dice + [q for q in range(n) if x in s.board[q]]
        if not dice:
            continue
        info = TILES[tile]
        counts = [0] * n
        for q in dice:
            counts[q] += 1
        top = max(counts)
        lead = rules.majority_winner(dice)
        for q in range(n):
            c = counts[q]
            if not c:
                continue
            share = c / info.dice
            if q != lead:
                share *= 0.5 if c == top else 0.25
            worth = float(info.vp)
            if not info.is_end:
                worth += _set_gain(tuple(s.symbols[q]), info.symbol)
            out[q] += share * worth
    return out


def evaluate(state: State) -> list[float]:
    """Per seat, a win chance from the points owned now (stars, sets, Equilibrium) plus a
    share of the tiles its dice contest, through a softmax calibrated on greedy play."""
    assert isinstance(state, EnvyraState)
    s = state
    from herna.ai.mcts import win_chances

    stakes = _stakes(s)
    t0, k = EVAL_TEMPERATURE.get(s.num_players, EVAL_TEMPERATURE[3])
    return win_chances([_points(s, p) + EVAL_STAKE * stakes[p] for p in range(s.num_players)],
                       t0 + k * len(s.bag))


# ---- levels (herna.ai.registry) ---------------------------------------------------------------
forgettable(_set_gain.cache_clear)

LEVELS: dict[str, tuple[str, dict[str, object]]] = {
    "easy": ("greedy", {"noise": 6.0}),  # 22.5% vs greedy (40 games, 2p)
    "medium": ("greedy", {}),
    # IS-MCTS over the greedy's 6 favourites (root_prior, top, bias), the other seats
    # modelled by the playout policy (sampled_action) and their sealed marks drawn from it
    # (determinize), 6 plies then the calibrated evaluate: ~50 ms per decision (2p). Figures
    # in BENCHMARKS.md ("Search bots"); the sealed-mark model took seat 1 from 46% to ~76%
    "hard": ("mcts", {"iterations": 100, "depth": 6, "c": 0.35, "top": 6, "bias": 1.0}),
}
