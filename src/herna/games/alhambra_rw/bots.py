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

import math
from functools import lru_cache

from herna.ai.leaf import load_models
from herna.ai.mcts import solo_value, win_chances
from herna.core import Action, Rng, State
from herna.core.memo import forgettable
from herna.games.alhambra.scoring import place_points

from . import actions as A
from . import rules
from .data import (
    BOXES,
    CELL_TYPE,
    COINS_PER_VP,
    COST_PIP,
    COST_SECOND,
    NUM_TYPES,
    SIDE,
    TRACK,
    VP,
    cell,
)
from .scoring import final_building_points
from .state import RWState

LINE_POTENTIAL = (0.0, 0.25, 0.7, 1.4, 2.6, 5.6, 10.0)  # a line's worth by cells built


@lru_cache(maxsize=1 << 16)
def _place_points(counts: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """place_points, memoised: the same few races recur all game (and in every playout)."""
    return tuple(place_points(counts, values))


ROW_OF = tuple(c // SIDE for c in range(SIDE * SIDE))
COL_OF = tuple(c % SIDE for c in range(SIDE * SIDE))


class GreedyBot:
    """`GreedyBot(seed)`: deterministic for its seed (ties broken by a seeded Rng).
    `noise` > 0 makes an easier opponent: each action's value gets Gumbel noise of that many
    points (0, the default, draws nothing extra: the same games as before)."""

    name = "greedy"

    def __init__(self, seed: int = 0, coin: float = 0.75, denial: float = 0.05,
                 race: float = 1.0, lines: float = 2.0, noise: float = 0.0) -> None:
        if not (isinstance(noise, (int, float)) and noise >= 0 and math.isfinite(noise)):
            raise ValueError(f"noise must be a number >= 0, not {noise!r}")
        self.rng = Rng(seed)
        self.noise = float(noise)
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
        remaining = tuple(VP[t][used:])
        if not remaining:
            return 0.0
        counts = [0 if p in paid else c[t] for p, c in enumerate(s.counts)]
        now = _place_points(tuple(counts), remaining)[player]
        counts[player] += 1
        after = _place_points(tuple(counts), remaining)[player]
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
            if self.noise:
                v += self.noise * _gumbel(self.rng)
            if v > best_v:
                best, best_v = a, v
        return best


def _gumbel(rng: Rng) -> float:
    u = min(max(rng.random(), 1e-12), 1.0 - 1e-12)
    return -math.log(-math.log(u))


# ---- search helpers (herna.ai.mcts) ----------------------------------------------------------
_PLAYOUT = GreedyBot(0)  # stateless apart from its Rng, which the helpers never use
ROLLOUT_KEEP = True  # playouts keep the pair the greedy values most (False: a random pair)


def rollout_policy(state: State, seat: int, rng: Rng) -> Action:
    """A playout move: the greedy's build judgement without its costly die changes; coins
    when no build is worth it; a second building when it pays; a random pair to keep."""
    assert isinstance(state, RWState)
    s = state
    legal = rules.legal_actions(s, seat)
    if len(legal) == 1:
        return legal[0]
    bot = _PLAYOUT
    if s.phase == rules.SECOND:
        a = legal[0]
        assert isinstance(a, A.RWAction)
        gain = bot.cell_value(s, seat, a.cell) - COST_SECOND * bot.coin
        return a if gain > 0 else legal[1]
    if s.phase == rules.KEEP:
        if not ROLLOUT_KEEP:
            return rng.choice(legal)
        best_keep: Action = legal[0]
        best_kv = -1e18
        for a in legal:  # the pair worth most for my next turn, as the greedy keeps
            assert isinstance(a, A.RWAction)
            v = bot.pair_value(s, seat, a.b, a.y) + rng.random() * 0.3
            if v > best_kv:
                best_keep, best_kv = a, v
        return best_keep
    best: Action | None = None
    best_v = -1e18
    for a in legal:
        assert isinstance(a, A.RWAction)
        if a.kind == A.BUILD:
            v = bot.cell_value(s, seat, a.cell) + rng.random() * 0.3
        elif a.kind == A.COINS:
            v = bot.coins_value(s, seat, s.blue[seat], s.yellow[seat])
        else:
            continue
        if v > best_v:
            best, best_v = a, v
    return best if best is not None else rng.choice(legal)


def root_prior(state: State, seat: int, legal: list[Action]) -> list[float]:
    """The greedy bot's own action values (die changes included): with `top` the search
    weighs only the greedy's favourites, with `bias` it starts from its judgement."""
    assert isinstance(state, RWState)
    bot = _PLAYOUT
    out = []
    for a in legal:
        assert isinstance(a, A.RWAction)
        out.append(bot.score(state, seat, a))
    return out


@lru_cache(maxsize=1 << 16)
def _final_points(counts: tuple[int, ...], t: int,
                  paid: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(final_building_points(counts, VP[t], dict(paid)))


def scores_now(s: RWState) -> list[int]:
    """The seats' scores if the game ended now: `rules.final_scores(s).scores` without
    building the Outcome (a leaf evaluation's hot path; a test checks they agree)."""
    players = s.num_players + s.virtual
    seats = range(s.num_players)
    out = [sum(s.award_pts[p]) + rules.line_score(s.built[p])
           + rules.balance(s, p) // COINS_PER_VP for p in seats]
    counts = s.counts
    for t in range(NUM_TYPES):
        pts = _final_points(tuple(counts[p][t] for p in range(players)), t,
                            tuple(s.paid[t].items()))
        for p in seats:
            out[p] += pts[p]
    return out


# The leaf evaluation's calibration: a softmax over each seat's points owned now (the score the
# game would give now) plus EVAL_COIN per coin on the track beyond what the score counts and
# EVAL_TURN for a turn still to play in this round, at a temperature of EVAL_T0 + EVAL_T1 per
# round left. Fitted by maximum likelihood on the outcomes of greedy-vs-greedy games (2p and 3p,
# 1,400 games, 80k positions): the old fixed temperature of 4 points was far too sure.
EVAL_COIN = 1.5
EVAL_TURN = 9.0
EVAL_T0 = 6.0
EVAL_T1 = 2.1


# What `leaf_features` reads per seat: the learned leaf value's inputs (herna.ai.leaf)
LEAF_FEATURES = (
    "score",  # the points the seat would have if the game ended now
    "coins",  # coins on the track (balance)
    "turn_left",  # 1 if the seat still has a turn to play in this round
    "lines",  # progress towards rows and columns, as the greedy weighs it (LINE_POTENTIAL)
    "race",  # what one more building of each type is worth in the majority races, summed
    "race_best",  # ... and of the best type
    "buildings",  # cells built on the sheet
    "track_room",  # coin boxes still free on the track
)
# What benchmarks/fit_leaf.py fits: the features, some also times the stage ("*f": the share
# of the rounds still to play, "*f2": its square)
LEAF_TERMS = (
    "score", "score*f", "score*f2", "coins", "coins*f", "turn_left", "turn_left*f",
    "lines", "lines*f", "race", "race*f", "race_best", "race_best*f",
    "buildings", "buildings*f", "track_room", "track_room*f",
)
LEAF = load_models("herna.games.alhambra_rw", LEAF_FEATURES)


def leaf_features(state: State) -> tuple[list[list[float]], float]:
    """Per seat, the `LEAF_FEATURES`, and the stage: the share of the rounds still to play."""
    assert isinstance(state, RWState)
    s = state
    scores = scores_now(s)
    first_pending = s.current if s.phase == rules.START else s.current + 1
    bot = _PLAYOUT
    rows = []
    for p in range(s.num_players):
        built = s.built[p]
        lines = (sum(LINE_POTENTIAL[(built & m).bit_count()] for m in rules.ROW_MASKS)
                 + sum(LINE_POTENTIAL[(built & m).bit_count()] for m in rules.COL_MASKS))
        race = [bot.type_value(s, p, t) for t in range(NUM_TYPES)]
        rows.append([scores[p], rules.balance(s, p), 1.0 if p >= first_pending else 0.0,
                     lines, sum(race), max(race), built.bit_count(), TRACK - s.circled[p]])
    return rows, (s.rounds - s.round) / s.rounds


def evaluate(state: State) -> list[float]:
    """Per seat, a win chance. With a learned model for the player count (tables/leaf.json,
    fitted on greedy self-play by benchmarks/fit_leaf.py): from `leaf_features`. Otherwise
    (and solo) from the points owned now (`reckoned`)."""
    assert isinstance(state, RWState)
    s = state
    model = LEAF.get(s.num_players)
    if model is not None and not s.is_over():
        rows, stage = leaf_features(s)
        return model.chances(rows, stage)
    return reckoned(s)


def reckoned(state: State) -> list[float]:
    """Per seat, a win chance from the points it owns now (places by today's counts, lines,
    coins), its coins' option value and a turn still to play this round, through a softmax
    whose temperature grows with the rounds left."""
    assert isinstance(state, RWState)
    s = state
    scores = scores_now(s)
    n = len(scores)
    if n == 1:
        return [solo_value(scores[0])]
    cur = s.current
    first_pending = cur if s.phase == rules.START else cur + 1  # a seat mid-turn has built
    points = [scores[p] + EVAL_COIN * rules.balance(s, p)
              + (EVAL_TURN if p >= first_pending else 0.0) for p in range(n)]
    return win_chances(points, EVAL_T0 + EVAL_T1 * (s.rounds - s.round))


def turn_start(state: State, seat: int) -> bool:
    """`seat` is about to begin a turn (for `horizon="turn"` cut-offs)."""
    assert isinstance(state, RWState)
    return (state.phase == rules.START and state.current == seat and not state.turn_adjusted
            and not state.is_over())


# ---- levels (herna.ai.registry) ---------------------------------------------------------------
forgettable(_place_points.cache_clear, _final_points.cache_clear)

LEVELS: dict[str, tuple[str, dict[str, object]]] = {
    "easy": ("greedy", {"noise": 2.0}),  # 31% vs greedy (40 games, 2p)
    "medium": ("greedy", {}),
    # the greedy's 4 favourites, each from the same 10 dice futures, played on by the greedy
    # bot for every seat until this seat's next turn and judged by the learned leaf value.
    # Tuning (seeds 100-101, never the benchmark's): 76.0% of 200 2p games, 53.3% of 102 and
    # 58.3% of 204 3p games (the same with 25 futures; the former tree search, 120 iterations
    # of 6-ply playouts, 46.8% at 3p even with the learned value).
    "hard": ("mcts", {"flat": True, "rollout": "bot", "horizon": "turn", "top": 4,
                      "iterations": 40}),
}

__all__ = ["LEAF", "LEAF_FEATURES", "LEAF_TERMS", "LEVELS", "GreedyBot", "evaluate",
           "leaf_features", "reckoned", "rollout_policy", "root_prior", "turn_start"]
