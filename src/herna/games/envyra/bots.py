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
from typing import Any

from herna.core import Action, Rng, State

from .data import NUM_THEMES, SYMBOL_INDEX, SYMBOL_NAMES, THEMES
from .scoring import set_points_of_counts


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
