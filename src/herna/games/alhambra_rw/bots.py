"""A greedy Alhambra Roll & Write bot: one-step lookahead with a hand-tuned evaluation.

It weighs the majority race (what one more building of a type is worth against the other
players' counts, with a bonus for completing a type while places are left), line bonuses
(progress towards rows and columns of 4/5/6), the coin economy (coins are worth a little
over their end value because they buy die changes and second buildings), and denial (the pair
it passes on should be worth little to the neighbour). Die changes are tried one at a time:
a change is taken only when the best move after it beats the best move now by more than the
coins it costs. Everything in this game is public, so reading the state is reading the view.

The weights come from head-to-head runs (3 players, 200 games each): denial is only a light
tie-break (at 0.35 it lost to a bot without it: spoiling one rival's pair costs my own build
and helps the other rivals), and lines weigh double (+1 VP solo, even head to head).
"""

from __future__ import annotations

from herna.core import Action, Rng, State
from herna.games.alhambra.scoring import place_points

from . import actions as A
from . import rules
from .data import BOXES, CELL_TYPE, COST_PIP, COST_SECOND, SIDE, TRACK, VP, cell
from .state import RWState

LINE_POTENTIAL = (0.0, 0.25, 0.7, 1.4, 2.6, 5.6, 10.0)  # a line's worth by cells built
ROW_OF = tuple(c // SIDE for c in range(SIDE * SIDE))
COL_OF = tuple(c % SIDE for c in range(SIDE * SIDE))


class GreedyBot:
    """`GreedyBot(seed)`: deterministic for its seed (ties broken by a seeded Rng)."""

    name = "greedy"

    def __init__(self, seed: int = 0, coin: float = 0.75, denial: float = 0.05,
                 race: float = 1.0, lines: float = 2.0) -> None:
        self.rng = Rng(seed)
        self.coin = coin
        self.denial = denial
        self.race = race
        self.lines = lines

    # ---- evaluation ------------------------------------------------------------------------
    def type_value(self, s: RWState, player: int, t: int) -> float:
        """What one more building of type t is worth to `player` now."""
        paid = s.paid[t]
        if player in paid or s.counts[player][t] >= BOXES[t]:
            return 0.0
        used = s.used[t]
        remaining = VP[t][used:]
        if not remaining:
            return 0.0
        counts = [0 if p in paid else c[t] for p, c in enumerate(s.counts)]
        now = place_points(counts, remaining)[player]
        counts[player] += 1
        after = place_points(counts, remaining)[player]
        mine = counts[player]
        value = float(after - now)
        left = BOXES[t] - mine
        if left == 0:
            value += remaining[0] - after  # completing pays the next place at once
        else:
            value += remaining[0] * 0.45 / (left + 1)  # closer to completing
        return value * self.race

    def cell_value(self, s: RWState, seat: int, c: int) -> float:
        """A build on `seat`'s sheet: the majority race plus line progress."""
        built = s.built[seat]
        if built >> c & 1:
            return -1e9
        r, col = ROW_OF[c], COL_OF[c]
        rn = (built & rules.ROW_MASKS[r]).bit_count()
        cn = (built & rules.COL_MASKS[col]).bit_count()
        lines = (LINE_POTENTIAL[rn + 1] - LINE_POTENTIAL[rn]
                 + LINE_POTENTIAL[cn + 1] - LINE_POTENTIAL[cn])
        return self.type_value(s, seat, CELL_TYPE[c]) + lines * self.lines

    def gift(self, s: RWState, seat: int, b: int, y: int) -> float:
        """What the pair passed to the left is worth to the neighbour (0 when solo)."""
        n = s.num_players
        if n == 1:
            return 0.0
        nxt = (seat + 1) % n
        if s.built[nxt] >> cell(b, y) & 1:
            return -0.3  # a dud for them (they may take coins with it)
        return max(0.0, self.cell_value(s, nxt, cell(b, y)))

    def pair_value(self, s: RWState, seat: int, b: int, y: int) -> float:
        """A pair kept for my next turn: half its build value (the other pair is unknown)."""
        c = cell(b, y)
        if s.built[seat] >> c & 1:
            return 0.3 * self.coin
        return 0.5 * self.cell_value(s, seat, c)

    def best_now(self, s: RWState, seat: int, blue: list[int], yellow: list[int]) -> float:
        """The best of build and coins with these four dice (no further changes)."""
        best = self.coins_value(s, seat, blue, yellow)
        for i in range(2):
            for j in range(2):
                c = cell(blue[i], yellow[j])
                if s.built[seat] >> c & 1:
                    continue
                v = self.cell_value(s, seat, c) - self.denial * self.gift(
                    s, seat, blue[1 - i], yellow[1 - j])
                best = max(best, v)
        return best

    def coins_value(self, s: RWState, seat: int, blue: list[int], yellow: list[int]) -> float:
        built = s.built[seat]
        gained = sum(built >> cell(b, y) & 1 for b in blue for y in yellow)
        room = TRACK - s.circled[seat]
        return min(gained, room) * self.coin + 0.6  # +: the free choice among 4 fresh dice

    # ---- choosing -----------------------------------------------------------------------------
    def score(self, s: RWState, seat: int, a: A.RWAction) -> float:
        k = a.kind
        blue, yellow = s.blue[seat], s.yellow[seat]
        if k == A.BUILD:
            b, y = a.dice
            ob = list(blue)
            ob.remove(b)
            oy = list(yellow)
            oy.remove(y)
            v = self.cell_value(s, seat, a.cell) - self.denial * self.gift(s, seat, ob[0], oy[0])
            spare = cell(ob[0], oy[0])
            if (rules.balance(s, seat) >= COST_SECOND and not s.built[seat] >> spare & 1):
                v += max(0.0, self.cell_value(s, seat, spare) - COST_SECOND * self.coin) * 0.8
            return v
        if k == A.COINS:
            return self.coins_value(s, seat, blue, yellow)
        if k == A.ADJUST:
            nb, ny = list(blue), list(yellow)
            dice = ny if a.colour else nb
            dice[dice.index(a.value)] = a.target
            return (self.best_now(s, seat, nb, ny) - abs(a.step) * COST_PIP * self.coin
                    - 0.4)  # a margin: change dice only for a clear gain
        if k == A.SECOND:
            return self.cell_value(s, seat, a.cell) - COST_SECOND * self.coin
        if k == A.END:
            return 0.0
        # KEEP: my next pair against the pair the neighbour receives
        b, y = a.dice
        ob = list(blue)
        ob.remove(b)
        oy = list(yellow)
        oy.remove(y)
        return self.pair_value(s, seat, b, y) - self.denial * self.gift(s, seat, ob[0], oy[0])

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, RWState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        best: Action = legal[0]
        best_v = -1e18
        for a in legal:
            assert isinstance(a, A.RWAction)
            v = self.score(state, seat, a) + self.rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best


__all__ = ["GreedyBot"]
