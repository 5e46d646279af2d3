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

from . import actions as A
from . import rules
from .data import NUM_THEMES, SYMBOL_INDEX, SYMBOL_NAMES, THEMES, TILES
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
        view = state.view(seat)
        slots = {s["slot"]: s for s in view["grid"]["slots"]}
        best, best_value = legal[0], float("-inf")
        if view["phase"] == "move":
            my_slots = [str(a).split()[1] for a in legal]
            for a, name in zip(legal, my_slots, strict=True):
                value = self._move_value(view, seat, slots, name, my_slots)
                value += self._jitter()
                if value > best_value:
                    best, best_value = a, value
            return best
        single = {name: self.die_value(view, seat, s) for name, s in slots.items()}
        for a in legal:
            names = str(a).split()[1:]
            if len(names) == 1:
                value = single[names[0]]
            elif names[0] == names[1]:
                value = single[names[0]] + self.die_value(view, seat, slots[names[0]], 1)
            else:
                value = single[names[0]] + single[names[1]]
            value += self._jitter()
            if value > best_value:
                best, best_value = a, value
        return best

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


def _slot_value(s: EnvyraState, seat: int, slot: int, extra: int = 0) -> float:
    """A die of `seat` on a slot: the tile's stars and set gain, by the chance to win it."""
    tile = s.grid[slot]
    if tile < 0 or not rules.qualifies(s.colours[seat], tile):
        return -3.0
    info = TILES[tile]
    if info.is_end:
        mine = sum(rules.score_parts(s, seat).values())
        best = max(sum(rules.score_parts(s, q).values()) for q in range(s.num_players)
                   if q != seat)
        value = 30.0 if mine + info.vp >= best else -10.0
    else:
        value = float(info.vp) + _set_gain(tuple(s.symbols[seat]), info.symbol)
    dice = s.dice[slot] + [seat] * (extra + 1)
    if len(dice) >= info.dice:
        return value + 1.0 if rules.majority_winner(dice) == seat else -0.3 * info.vp - 1.0
    mine_n = dice.count(seat)
    others = max((dice.count(p) for p in range(s.num_players) if p != seat), default=0)
    lead = 0.65 if mine_n > others else 0.35 if mine_n == others else 0.1
    return value * lead * len(dice) / info.dice - 0.2


def rollout_policy(state: State, seat: int, rng: Rng) -> Action:
    """A playout move: marks by a quick judgement of each tile (with some randomness, so
    playouts vary); the order of two dice at random."""
    assert isinstance(state, EnvyraState)
    s = state
    legal = rules.legal(s, seat)
    if len(legal) == 1:
        return legal[0]
    if s.phase != rules.MARKING:
        return rng.choice(legal)
    single = {x: _slot_value(s, seat, x) + rng.random() * 1.5 for x in s.occupied}
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


def evaluate(state: State) -> list[float]:
    """Per seat, a win chance from the points owned now (stars, sets, Equilibrium), through
    a softmax of a few points' temperature."""
    assert isinstance(state, EnvyraState)
    s = state
    from herna.ai.mcts import win_chances

    return win_chances([float(sum(rules.score_parts(s, p).values()))
                        for p in range(s.num_players)])


# ---- levels (herna.ai.registry) ---------------------------------------------------------------
LEVELS: dict[str, tuple[str, dict[str, object]]] = {
    "easy": ("greedy", {"noise": 6.0}),  # 22.5% vs greedy (40 games, 2p)
    "medium": ("greedy", {}),
    # c=0.35: 75% vs greedy where c=0.7 made 58% (the same 24 seeded 2p games)
    "hard": ("mcts", {"iterations": 800, "depth": 12, "c": 0.35}),
}
