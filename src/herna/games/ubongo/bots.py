"""Ubongo bots: a solve-time model for the race, and a gem chooser for the tie-break.

The race: a bot "finishes" after a time drawn from its skill model (rules.draw_time: a
lognormal whose median grows with the puzzle's grade and its number of pieces) and submits a
real solution from the solver. Its own herna.Rng (from its seed) draws the times, so a bot
is deterministic for its seed whatever else happens in the process.

The gems: what wins is the sorted colour counts compared largest first, so GreedyBot takes
the move whose two gems give it the best sorted counts, and among equals the field from which
the next round's gems look best. It reads only its own view and legal actions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from herna.ai.mcts import Hooks, MctsBot, PlayoutFn, SampleFn, hooks_for
from herna.core import Action, Rng, State

from . import actions as A
from . import rules
from .data import ALLOWANCE, COLOURS, GEMS_TAKEN, ROWS
from .deck import SYMBOLS
from .scoring import BASE, score_value
from .state import UbongoState


def _front(row: Sequence[str | None], k: int = 2) -> list[str]:
    """The first k gems of a view row (holes front first, None = empty)."""
    return [g for g in row if g is not None][:k]


def _after(counts: dict[str, int], gems: Sequence[str]) -> list[int]:
    got = dict(counts)
    for g in gems:
        got[g] = got.get(g, 0) + 1
    return [got.get(c, 0) for c in COLOURS]


def _prospect(board: list[list[str | None]], counts: dict[str, int], field: int,
              reach: int = 2) -> int:
    """How good the best pair within `reach` of `field` would be next round."""
    best = 0
    for f in range(max(0, field - reach), min(ROWS, field + reach + 1)):
        best = max(best, score_value(_after(counts, _front(board[f]))))
    return best


class GreedyBot:
    """Race at a given skill ("easy", "medium", "hard"); choose the start field and moves that
    best serve the colour-count tie-break. `noise` > 0 (an easier opponent) makes each start
    field or move a uniform random choice with that probability (capped at 1); 0, the
    default, draws nothing extra, so games replay as before."""

    name = "greedy"

    def __init__(self, seed: int = 0, skill: str = "medium", noise: float = 0.0) -> None:
        _check_skill(skill)
        if not (isinstance(noise, (int, float)) and noise >= 0 and math.isfinite(noise)):
            raise ValueError(f"noise must be a number >= 0, not {noise!r}")
        self.rng = Rng(seed)
        self.skill = skill
        self.noise = float(noise)

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, UbongoState)
        legal = state.legal_actions(seat)
        if state.phase == rules.RACE:
            return rules.model_submission(state, seat, self.rng, self.skill)
        if self.noise and len(legal) > 1 and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        view = state.view(seat)
        if state.phase == rules.START:
            return self.start(view, legal)
        return self.move(view, seat, legal)

    def start(self, view: dict[str, object], legal: list[Action]) -> Action:
        """The field with the best pair within reach of a middling finisher (2 fields);
        among equals the most central one, which keeps the most rows in reach later."""
        best: tuple[float, ...] | None = None
        choice = legal[0]
        for a, key in zip(legal, self.start_keys(view, legal), strict=True):
            if best is None or key > best:
                best, choice = key, a
        return choice

    def start_keys(self, view: dict[str, object], legal: list[Action]) -> list[tuple[float, ...]]:
        """Each start field's key (larger is better): the best pair within reach, then
        how central it is."""
        board = view["board"]
        assert isinstance(board, list)
        keys: list[tuple[float, ...]] = []
        for a in legal:
            assert isinstance(a, A.StartAction)
            keys.append((_prospect(board, {}, a.field), -abs(a.field - (ROWS - 1) / 2)))
        return keys

    def move(self, view: dict[str, object], seat: int, legal: list[Action]) -> Action:
        best: tuple[float, ...] | None = None
        choice = legal[0]
        for a, key in zip(legal, self.move_keys(view, seat, legal), strict=True):
            if best is None or key > best:
                best, choice = key, a
        return choice

    def move_keys(self, view: dict[str, object], seat: int,
                  legal: list[Action]) -> list[tuple[float, ...]]:
        """Each move's key (larger is better): the sorted counts after its two gems, then
        the best pair within the next round's reach from there."""
        board = view["board"]
        seats = view["seats"]
        assert isinstance(board, list) and isinstance(seats, list)
        me = seats[seat]
        counts: dict[str, int] = me["gems"]
        here = me["figure"] - 1
        keys: list[tuple[float, ...]] = []
        for a in legal:
            assert isinstance(a, A.MoveAction)
            field = here + a.delta
            gems = _front(board[field])
            after = _after(counts, gems)
            rest = dict(zip(COLOURS, after, strict=True))
            board_after = [list(r) for r in board]
            taken = 0
            for i, g in enumerate(board_after[field]):
                if g is not None and taken < len(gems):
                    board_after[field][i] = None
                    taken += 1
            keys.append((score_value(after), _prospect(board_after, rest, field, ALLOWANCE[1])))
        return keys


class RandomGemBot(GreedyBot):
    """The same racer, but start fields and moves uniformly at random: the baseline the gem
    chooser must beat at equal solve speed."""

    name = "random-gems"

    def start(self, view: dict[str, object], legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def move(self, view: dict[str, object], seat: int, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


# ---- search helpers (herna.ai.mcts) ----------------------------------------------------------
def _check_skill(skill: str) -> None:
    if skill not in rules.SKILLS:
        raise ValueError(f"skill must be one of {', '.join(rules.SKILLS)}, not {skill!r}")


def sampler(skill: str) -> SampleFn:
    """A `sampled_action` hook whose searching seat races at `skill` (the others at
    "medium", as the determinization assumes)."""
    _check_skill(skill)

    def sampled(state: State, seat: int, rng: Rng, me: int) -> Action | None:
        assert isinstance(state, UbongoState)
        if state.phase != rules.RACE or state.submissions[seat] is not None:
            return None
        return rules.model_submission(state, seat, rng, skill if seat == me else "medium")

    return sampled


_HARD_RACE = sampler("hard")


def fast_playout(skill: str) -> PlayoutFn:
    """A `playout` hook for a searcher racing at `skill`: from a freshly dealt round to the
    end, the race drawn as `sampler(skill)` draws it and the gems taken as `rollout_policy`
    takes them, the same numbers from the same generators in the same order (the search is
    the same for a seed), without the engine's actions, events and round records: four
    fifths of the hard level's time went to them. It follows the engine's finish order,
    moves and deal step by step (each named below); a test plays both ways from many states
    and compares every gem, figure and card, so the two cannot drift apart unseen."""
    _check_skill(skill)

    def playout(state: State, me: int, rng: Rng) -> bool:
        assert isinstance(state, UbongoState)
        s = state
        if s.phase != rules.RACE or any(a is not None for a in s.submissions):
            return False
        n = s.num_players
        limit = 2 * s.timer * 10
        rows, figures, gems, pile = s.rows, s.figures, s.gems, s.pile
        medians = _medians(s)
        while True:
            # the race: each seat's time from the start player on (rules.model_submission,
            # rules.draw_time, its median kept by card, symbol and skill)
            done = []
            start = s.start_player
            for k in range(n):
                seat = (start + k) % n
                key = (s.cards[seat], s.symbol, skill if seat == me else "medium")
                median = medians.get(key)
                if median is None:
                    pz = rules.puzzle(s, seat)
                    assert pz is not None
                    median = medians[key] = rules.median_time(key[2], rules.grade(s, seat),
                                                              pz[0].k)
                tenths = rules.time_around(rng, median)
                if not (s.timer and tenths > limit):
                    done.append((tenths, k, seat))
            done.sort()  # by time, then from the start player (rules.finish_order)
            if s.timer:  # within the hourglass, else within its second turn
                first = [seat for t, _, seat in done if t <= limit // 2]
                order = first or [seat for _, _, seat in done]
            else:
                order = [seat for _, _, seat in done]
            # the finishers move in order and take the front gems (rollout_policy)
            for rank, seat in enumerate(order):
                reach = ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0
                here = figures[seat]
                options = [d for d in range(-reach, reach + 1) if 0 <= here + d < ROWS]
                delta = options[0] if len(options) == 1 else \
                    options[_greedy_pick(s, seat, [here + d for d in options], rng)]
                figures[seat] = field = here + delta
                row = rows[field]
                for c in row[:GEMS_TAKEN]:
                    gems[seat][c] += 1
                del row[:GEMS_TAKEN]
            # the next round (rules.end_round, rules.deal)
            s.start_player = start = (start + 1) % n
            if len(pile) < n:
                rules.end_game(s)
                return True
            s.round += 1
            for k in range(n):
                seat = (start + k) % n
                s.cards[seat] = card = pile.pop()
                s.dealt.append(card)
            s.symbol = s.rng.below(len(SYMBOLS))

    return playout


playout = fast_playout("hard")  # what `mcts` uses in Ubongo (as sampled_action)

_MEDIANS: dict[tuple[int, str], tuple[object, dict[tuple[int, int, str], float]]] = {}


def _medians(s: UbongoState) -> dict[tuple[int, int, str], float]:
    """The race model's median solve times of this deck's side, by card, symbol and skill."""
    entry = _MEDIANS.get((id(s.deck), s.side))
    if entry is None or entry[0] is not s.deck:
        entry = _MEDIANS[(id(s.deck), s.side)] = (s.deck, {})
    return entry[1]


def sampled_action(state: State, seat: int, rng: Rng, me: int) -> Action | None:
    """The race is not searched: a seat's finishing time is chance, drawn from the skill
    model (the searcher races at "hard", the others as the determinization assumes,
    "medium"). At the root this is the hard bot's own submission."""
    return _HARD_RACE(state, seat, rng, me)


def _pair_value(s: UbongoState, seat: int, field: int) -> int:
    """The tie-break value of the seat's gems after taking the front pair of a row
    (`score_value`, computed inline: the playouts' hot path)."""
    counts = list(s.gems[seat])
    for c in s.rows[field][:GEMS_TAKEN]:
        counts[c] += 1
    counts.sort(reverse=True)
    v = 0
    for c in counts:
        v = v * BASE + c
    return v


def rollout_policy(state: State, seat: int, rng: Rng) -> Action:
    """A playout move: the field whose front pair best improves the sorted counts (ties at
    random); the race as `sampled_action` draws it."""
    assert isinstance(state, UbongoState)
    s = state
    if s.phase == rules.RACE:
        return rules.model_submission(s, seat, rng, "medium")
    legal = s.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    fields = [a.field if isinstance(a, A.StartAction) else s.figures[seat] + a.delta
              for a in legal if isinstance(a, (A.StartAction, A.MoveAction))]
    return legal[_greedy_pick(s, seat, fields, rng)]


def _greedy_pick(s: UbongoState, seat: int, fields: list[int], rng: Rng) -> int:
    """Which of `fields` a playout takes: the best front pair (`_pair_value`), ties at
    random (`rollout_policy` and `fast_playout` alike)."""
    best: list[int] = []
    best_v = -1
    for i, field in enumerate(fields):
        v = _pair_value(s, seat, field)
        if v > best_v:
            best, best_v = [i], v
        elif v == best_v:
            best.append(i)
    return best[0] if len(best) == 1 else rng.choice(best)


_JUDGE = GreedyBot(0)  # its keys read only the view; its Rng is never drawn


def root_prior(state: State, seat: int, legal: list[Action]) -> list[float]:
    """The greedy bot's own judgement of the start fields and moves, as ranks (higher is
    better, equal keys equal): with `top`/`bias` the search refines the greedy's choice."""
    assert isinstance(state, UbongoState)
    if state.phase == rules.RACE:
        return [0.0] * len(legal)
    view = state.view(seat)
    keys = (_JUDGE.start_keys(view, legal) if state.phase == rules.START
            else _JUDGE.move_keys(view, seat, legal))
    order = sorted(set(keys))
    rank = {k: float(i) for i, k in enumerate(order)}
    return [rank[k] for k in keys]


def evaluate(state: State) -> list[float]:
    """Per seat, the win share if the game ended with the gems held now."""
    assert isinstance(state, UbongoState)
    values = [score_value(g) for g in state.gems]
    top = max(values)
    winners = sum(1 for v in values if v == top)
    return [1.0 / winners if v == top else 0.0 for v in values]


class SkillMctsBot(MctsBot):
    """The search bot (`mcts`, same options) racing at a chosen skill: `skill="hard"` plays
    exactly as `mcts`; `skill="medium"` races as fast as the greedy bot, so a match against
    greedy measures the search's start-field and gem choices alone ("equal solving speed").
    The registry builds it for `mcts` and the levels in Ubongo (`SearchBot` below), so
    `hard:skill=medium` is the hard level at the greedy's solving speed."""

    def __init__(self, seed: int = 0, skill: str = "hard", **options: Any) -> None:
        super().__init__(seed, **options)
        self.skill = skill
        self._hooks = replace(hooks_for("ubongo"), sampled_action=sampler(skill),
                              playout=fast_playout(skill))

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, UbongoState)
        if state.phase == rules.RACE and state.submissions[seat] is None:
            self.last_iterations = 0
            return rules.model_submission(state, seat, self.rng, self.skill)
        return super().act(state, seat)

    def search(self, state: State, seat: int, hooks: Hooks | None = None,
               also: int | None = None) -> Any:
        return super().search(state, seat, self._hooks, also)


SearchBot = SkillMctsBot  # what `mcts` means in Ubongo (herna.ai.registry)


# ---- levels (herna.ai.registry) ---------------------------------------------------------------
# hard: MCTS for the start field and the gem moves, racing at skill "hard" (sampled_action):
# 200 iterations (below) over every legal start field or move (top=0), ordered and biased
# toward the greedy's favourites (root_prior, bias), full playouts (cheap here). Tuning
# (seed 100, at equal solving speed: SkillMctsBot skill="medium"): 2p 87-89.5% at 30-50
# iterations (100 games); 3p 39% at 30 iterations, 57.5% at 100 (60 games).
# Issue 21: the root used to be cut to the greedy's 3 favourites (top=3), so a move the greedy
# ranks 4th or lower (taking the gems a rival needs, a field that keeps better rows in reach)
# was never searched. Searching them all at the same 100 iterations and the same CPU time
# beat the old level: see benchmarks/ubongo_levels.py and BENCHMARKS.md (issue 21).
# Then the playouts got 1.6x cheaper (fast_playout) and the level went to 200 iterations at
# the time 100 had cost: 58.0% [52.3, 63.4] against 100 over 300 games (self-play).
LEVELS: dict[str, tuple[str, dict[str, object]]] = {
    "easy": ("greedy", {"skill": "easy", "noise": 0.5}),  # 20% vs greedy (40 games, 2p)
    "medium": ("greedy", {}),
    "hard": ("mcts", {"iterations": 200, "top": 0, "bias": 1.0}),
}
