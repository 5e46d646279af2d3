"""Information-set MCTS: one search tree over what the acting seat knows, for every game.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012): every iteration draws a
determinization of the root (`state.determinize(seat, rng)`: a full state consistent with the
seat's view), walks one tree whose edges are action codes, and uses availability counts so an
action legal only in some determinizations is judged only against the iterations where it was.

Per-seat rewards: each edge's statistics are from the perspective of the seat that chose it,
the reward being that seat's win share in the final `Outcome` (ties shared), blended with a
normalised score margin (`margin`) so a won game is still played for points. After `depth`
plies past the tree the rollout stops and the game's `evaluate` scores the position.

Simultaneous nodes (several seats in `to_act()`) are decoupled (DUCT): every acting seat picks
from its own statistics, computed from the same state before anyone's choice is applied, so no
seat's choice, the searcher's least of all, depends on another's sealed choice. Decisions a game
declares chance-like (`sampled_action`, e.g. Ubongo's race: a solve time from a skill model)
are sampled, not searched.

Large action spaces (Alhambra's placements) use progressive widening: a seat at a node may try
only its first ceil(widen * n^alpha) actions, n its visits there, ordered by the game's `prior`
(or its rollout policy's pick first).

What a game may offer in its `bots.py` (all optional; uniform random stands in):
- `rollout_policy(state, seat, rng) -> Action`: a cheap, greedy-ish playout move;
- `evaluate(state) -> list[float]`: per seat value in [0, 1] for a cut-off position;
- `prior(state, seat, legal) -> list[float]`: higher first, for widening;
- `root_prior(state, seat, legal) -> list[float]`: a better but costlier judgement (the
  greedy bot's), used once per decision at the root with `top` (search only its best few
  actions) and `bias` (progressive bias toward its favourites, fading with visits): where
  a hand-tuned heuristic is strong, search refines it instead of replacing it;
- `sampled_action(state, seat, rng, me) -> Action | None`: a decision to sample instead of
  search (`me` is the searching seat); at the root the bot plays that sample itself;
- `determinize(state, seat, rng) -> State`: the search's own determinization, where the
  uniform one of `state.determinize` is a poor belief: e.g. Envyra redraws the rivals' sealed
  marks from its model of a player (public state only) instead of uniformly from every mark;
- `turn_start(state, seat) -> bool`: `seat` is about to begin a new turn, where `horizon=
  "turn"` cuts a playout off: leaves judged at the same point of the turn order compare fairly
  (a purchase that grants another action and a take that ends the turn both reach the next
  turn, past the rivals' replies).
- `playout(state, me, rng) -> bool`: plays a full greedy playout (`rollout="greedy"`, no
  `depth` or `horizon`) on to the end faster than the engine would, drawing from `rng` exactly
  as `rollout_policy` and `sampled_action` would (so the search is the same for a seed, only
  cheaper); False where it cannot take over from this state (the engine plays on a step).

Flat search (`flat=True`): only the root is a tree. Each round draws one determinization and
plays every root candidate from a copy of it (common random numbers: the candidates face the
same hidden cards, so their difference is not luck); with `rollout="bot"` the playouts are
played by the game's greedy bot for every seat. Where the opponent is a greedy player, that
models it exactly, and a short horizon judged by a good `evaluate` beats a deep tree of weak
moves (Alhambra's hard level).

Budget: `iterations` and/or `time` (CPU seconds, `time.process_time`), whichever ends first.
Only an iteration budget is deterministic for a seed: a time budget depends on the machine.
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from herna.core import Action, Rng, State

from .base import BotError

__all__ = ["Hooks", "MctsBot", "hooks_for", "reward", "solo_value"]

RolloutFn = Callable[[State, int, Rng], Action]
EvaluateFn = Callable[[State], Sequence[float]]
PriorFn = Callable[[State, int, list[Action]], Sequence[float]]
SampleFn = Callable[[State, int, Rng, int], Action | None]
TurnFn = Callable[[State, int], bool]
DeterminizeFn = Callable[[State, int, Rng], State]
PlayoutFn = Callable[[State, int, Rng], bool]


@dataclass(frozen=True)
class Hooks:
    """A game's search helpers, read once from `herna.games.<pkg>.bots`."""

    rollout_policy: RolloutFn | None = None
    evaluate: EvaluateFn | None = None
    prior: PriorFn | None = None
    sampled_action: SampleFn | None = None
    root_prior: PriorFn | None = None
    turn_start: TurnFn | None = None
    determinize: DeterminizeFn | None = None
    playout: PlayoutFn | None = None


_HOOKS: dict[str, Hooks] = {}


def hooks_for(game_id: str) -> Hooks:
    hooks = _HOOKS.get(game_id)
    if hooks is None:
        from .registry import game_module  # late: the registry imports this module

        module = game_module(game_id, "bots")
        hooks = Hooks(*(getattr(module, name, None) for name in
                        ("rollout_policy", "evaluate", "prior", "sampled_action",
                         "root_prior", "turn_start", "determinize", "playout")))
        _HOOKS[game_id] = hooks
    return hooks


def reward(state: State, margin: float) -> list[float]:
    """Per seat: win share, blended with the score margin over the best rival, in [0, 1]."""
    out = state.outcome()
    assert out is not None
    if len(out.scores) == 1:  # solo: winning is certain, so play for points
        return [solo_value(out.scores[0])]
    shares = out.win_shares()
    if not margin:
        return list(shares)
    scores = out.scores
    scale = max(1.0, max(abs(s) for s in scores))
    values = []
    for i, s in enumerate(scores):
        best_other = max((o for j, o in enumerate(scores) if j != i), default=s)
        m = max(-1.0, min(1.0, (s - best_other) / scale))
        values.append((1.0 - margin) * shares[i] + margin * (m + 1.0) / 2.0)
    return values


def solo_value(score: float, scale: float = 50.0) -> float:
    """A solo score squashed into [0, 1], increasing: what a one-player search maximises."""
    return 0.5 + 0.5 * score / (abs(score) + scale)


def win_chances(points: Sequence[float], temperature: float = 4.0) -> list[float]:
    """Per seat, a chance to win from points owned now: a softmax a few points wide, the
    cut-off value the games' `evaluate` hooks return."""
    top = max(points)
    weights = [math.exp((v - top) / temperature) for v in points]
    total = sum(weights)
    return [w / total for w in weights]


def _determinize(state: State, seat: int, rng: Rng, hooks: Hooks) -> State:
    if hooks.determinize is not None:
        return hooks.determinize(state, seat, rng)
    return state.determinize(seat, rng)


class _Table:
    """One seat's statistics at one node: per action code [visits, total reward, available]."""

    __slots__ = ("bonus", "known", "n", "order", "stats")

    def __init__(self) -> None:
        self.n = 0
        self.bonus: dict[int, float] | None = None  # root: progressive bias per code
        self.stats: dict[int, list[float]] = {}
        self.order: list[int] = []  # the widening order of every code seen so far
        self.known: set[int] = set()  # the codes in `order` (membership only)


class _Node:
    __slots__ = ("children", "tables")

    def __init__(self) -> None:
        self.tables: dict[int, _Table] = {}
        self.children: dict[tuple[int, ...], _Node] = {}


def _most_visited(table: _Table, by_code: dict[int, Action]
                  ) -> tuple[Action | None, float | None]:
    """The root's choice: the most visited legal action (ties to its mean, then to the
    first in the widening order, the prior's best), with its mean value."""
    best: Action | None = None
    best_key = (-1.0, -1.0)
    for code in table.order:
        st = table.stats.get(code)
        if st is None or code not in by_code:
            continue
        key = (st[0], st[1] / st[0] if st[0] else 0.0)
        if key > best_key:
            best, best_key = by_code[code], key
    return best, (best_key[1] if best is not None else None)


class MctsBot:
    """IS-MCTS for any registered game.

    - `iterations`: iterations per decision (default 1000 when `time` is not given either);
    - `time`: CPU seconds per decision (not reproducible: prefer iterations);
    - `c`: UCT exploration constant (rewards are in [0, 1]);
    - `rollout`: "greedy" (the game's cheap `rollout_policy`), "bot" (the game's greedy bot
      itself: slower, exact where the opponent is that bot) or "random";
    - `depth`: rollout plies before `evaluate` cuts off (None: play to the end);
    - `horizon`: "turn" cuts a playout off when the searching seat is about to begin its next
      turn (the game's `turn_start`) and judges it with `evaluate`; None: no such cut;
    - `flat`: search the root only, every candidate from the same determinizations (above);
    - `widen`, `alpha`: progressive widening, ceil(widen * n^alpha) actions per seat and node
      (widen=0: every action at once);
    - `margin`: weight of the score margin in the reward (0: win share only);
    - `dets`: how many determinizations to draw and then cycle through (0: a fresh one every
      iteration; a pool trades sampling breadth for speed where determinizing is costly);
    - `top`: search only the game's `root_prior` best `top` actions at the root (0: all);
    - `bias`: weight of the progressive bias toward the `root_prior` favourites (0: none).
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, time: float | None = None,
                 c: float = 0.7, rollout: str = "greedy", depth: int | None = None,
                 widen: float = 2.0, alpha: float = 0.5, margin: float = 0.1,
                 dets: int = 0, top: int = 0, bias: float = 0.0, horizon: str | None = None,
                 flat: bool = False) -> None:
        if rollout not in ("greedy", "bot", "random"):
            raise ValueError(f"rollout must be 'greedy', 'bot' or 'random', not {rollout!r}")
        if horizon not in (None, "turn"):
            raise ValueError(f"horizon must be 'turn' or left out, not {horizon!r}")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time is not None and not time > 0:
            raise ValueError("time must be a positive number of seconds")
        if depth is not None and depth < 0:
            raise ValueError("depth must be >= 0")
        if not 0.0 <= margin <= 1.0:
            raise ValueError("margin must be between 0 and 1")
        self.rng = Rng(seed)
        self.iterations = iterations if iterations is not None or time is not None else 1000
        self.time = time
        self.c = float(c)
        self.rollout = rollout
        self.depth = depth
        self.widen = float(widen)
        self.alpha = float(alpha)
        self.margin = float(margin)
        self.dets = int(dets)
        if top < 0 or bias < 0:
            raise ValueError("top and bias must be >= 0")
        self.top = int(top)
        self.bias = float(bias)
        self.horizon = horizon
        self.flat = bool(flat)
        self._bots: dict[tuple[str, int], Any] = {}  # rollout="bot": one greedy bot per seat
        self.last_iterations = 0  # what the last decision did (benchmarks read it)

    # ---- the decision ---------------------------------------------------------------------
    def act(self, state: State, seat: int) -> Action:
        return self._decide(state, seat, forced=False)[0]

    def advise(self, state: State, seat: int) -> tuple[Action, float | None]:
        """The action `act` would choose and the search's estimate of its value for `seat`
        (its mean reward at the root, in [0, 1]: a win chance or expected share): what a
        hint shows a person. A forced move is searched too, so that it has an estimate; a
        decision the game samples instead of searching (Ubongo's race) has none (None)."""
        return self._decide(state, seat, forced=True)

    def _decide(self, state: State, seat: int, forced: bool) -> tuple[Action, float | None]:
        legal = state.legal_actions(seat)
        if not legal:
            raise BotError(f"seat {seat} has no legal action to choose from")
        hooks = hooks_for(state.spec.id)
        if hooks.sampled_action is not None:
            sampled = hooks.sampled_action(state, seat, self.rng, seat)
            if sampled is not None:
                self.last_iterations = 0
                return sampled, None
        if len(legal) == 1 and not forced:
            self.last_iterations = 0
            return legal[0], None
        if self.flat:
            return self._flat(state, seat, legal, hooks, forced)
        root = self.search(state, seat, hooks)
        table = root.tables.get(seat)
        if table is None:
            return legal[0], None
        best, value = _most_visited(table, {a.code: a for a in legal})
        if best is None:
            return legal[0], None
        return best, value

    def judge(self, state: State, seat: int, played: Action
              ) -> tuple[Action, float | None, float | None]:
        """A review of `played` (one of `seat`'s legal actions): the action the search
        prefers, its value and the value of `played`, both for `seat` and from one search
        whose root always tries `played` (beside the game's favourites), at this bot's
        budget. Values are None where the game samples the decision instead of searching it
        (Ubongo's race) or where the search could not judge `played`."""
        legal = state.legal_actions(seat)
        if not legal:
            raise BotError(f"seat {seat} has no legal action to choose from")
        hooks = hooks_for(state.spec.id)
        if hooks.sampled_action is not None:
            sampled = hooks.sampled_action(state, seat, self.rng, seat)
            if sampled is not None:
                self.last_iterations = 0
                return sampled, None, None
        if self.flat:
            return self._flat_judge(state, seat, legal, played, hooks)
        root = self.search(state, seat, hooks, also=played.code)
        table = root.tables.get(seat)
        if table is None:
            return played, None, None
        best, value = _most_visited(table, {a.code: a for a in legal})
        st = table.stats.get(played.code)
        mine = st[1] / st[0] if st is not None and st[0] else None
        if best is None:
            return played, mine, mine
        if mine is not None and value is not None and mine > value:
            return played, mine, mine  # as good as the search can tell: played is the best
        return best, value, mine

    def _flat_judge(self, state: State, seat: int, legal: list[Action], played: Action,
                    hooks: Hooks) -> tuple[Action, float | None, float | None]:
        """`judge` for the flat search: the favourites and `played`, each from the same
        determinizations, as many rounds as `_flat` plays its favourites."""
        if hooks.root_prior is not None:
            candidates = [legal[i] for i in self._favourites(state, seat, legal,
                                                             hooks.root_prior)]
        else:
            candidates = legal[:self.top] if self.top else list(legal)
        rounds = max(1, (self.iterations or len(candidates)) // len(candidates)) \
            if self.iterations is not None else None
        if played not in candidates:
            candidates.append(played)
        totals = [0.0] * len(candidates)
        deadline = _time.process_time() + self.time if self.time is not None else None
        done = 0
        while rounds is None or done < rounds:
            if deadline is not None and done and _time.process_time() >= deadline:
                break
            base = _determinize(state, seat, self.rng, hooks)
            for i, a in enumerate(candidates):
                d = base.copy()
                d.apply_unchecked(seat, a)
                totals[i] += self._rollout(d, seat, hooks)[seat]
            done += 1
        self.last_iterations = done * len(candidates)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        mine = candidates.index(played)
        return candidates[best], totals[best] / done, totals[mine] / done

    def search(self, state: State, seat: int, hooks: Hooks | None = None,
               also: int | None = None) -> _Node:
        """Run the budget from `state` for `seat`; the root node (tests inspect it).
        `also`: an action code the root tries whatever the game's favourites (a review
        judges the move played)."""
        hooks = hooks or hooks_for(state.spec.id)
        root = _Node()
        if hooks.root_prior is not None and (self.top or self.bias):
            self._seed_root(root, state, seat, hooks.root_prior)
        if also is not None:
            table = root.tables.setdefault(seat, _Table())
            if also not in table.order:
                table.order.append(also)
                table.known.add(also)
        limit = self.iterations
        deadline = _time.process_time() + self.time if self.time is not None else None
        pool: list[State] = []
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and _time.process_time() >= deadline:
                break
            if self.dets > 0:
                if len(pool) < self.dets:
                    pool.append(_determinize(state, seat, self.rng, hooks))
                d = pool[done % self.dets].copy()
            else:
                d = _determinize(state, seat, self.rng, hooks)
            self._iterate(root, d, seat, hooks)
            done += 1
        self.last_iterations = done
        return root

    def _flat(self, state: State, seat: int, legal: list[Action], hooks: Hooks,
              forced: bool = False) -> tuple[Action, float | None]:
        """Root candidates (the `root_prior`'s best `top`, else all) each played once from
        every determinization; the best mean value for `seat` wins, ties to the prior's order.
        `forced`: a lone candidate is played out too (for its value)."""
        if hooks.root_prior is not None:
            candidates = [legal[i] for i in self._favourites(state, seat, legal,
                                                             hooks.root_prior)]
        else:
            candidates = legal[:self.top] if self.top else list(legal)
        if len(candidates) == 1 and not forced:
            self.last_iterations = 0
            return candidates[0], None
        totals = [0.0] * len(candidates)
        deadline = _time.process_time() + self.time if self.time is not None else None
        done = 0
        while self.iterations is None or done + len(candidates) <= max(self.iterations,
                                                                       len(candidates)):
            if deadline is not None and done and _time.process_time() >= deadline:
                break
            base = _determinize(state, seat, self.rng, hooks)
            for i, a in enumerate(candidates):
                d = base.copy()
                d.apply_unchecked(seat, a)
                totals[i] += self._rollout(d, seat, hooks)[seat]
            done += len(candidates)
        self.last_iterations = done
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        rounds = done // len(candidates)
        return candidates[best], totals[best] / rounds if rounds else None

    def _favourites(self, state: State, seat: int, legal: list[Action],
                    judge: PriorFn) -> list[int]:
        """Indices of `legal`, best first by the costly prior, the first `top` (0: all)."""
        scores = judge(state, seat, legal)
        ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
        return ranked[:self.top] if self.top else ranked

    def _seed_root(self, root: _Node, state: State, seat: int, judge: PriorFn) -> None:
        """Order the root's actions by the costly prior, keep the best `top`, and give each
        a bias by rank (1 for the favourite, 1/2, 1/3, ... after it)."""
        legal = state.legal_actions(seat)
        keep = self._favourites(state, seat, legal, judge)
        table = root.tables[seat] = _Table()
        table.known.update(a.code for a in legal)  # the ones cut by `top` stay unsearched
        table.order = [legal[i].code for i in keep]
        if self.bias:
            table.bonus = {legal[i].code: 1.0 / (1 + r) for r, i in enumerate(keep)}

    # ---- one iteration --------------------------------------------------------------------
    def _iterate(self, root: _Node, d: State, me: int, hooks: Hooks) -> None:
        rng = self.rng
        sample = hooks.sampled_action
        path: list[tuple[_Table, int, int]] = []  # (table, seat, code) edges to back up
        node = root
        # selection and expansion
        while not d.is_over():
            acting = d.to_act()
            if sample is not None:
                sampled = False
                for s in acting:
                    a = sample(d, s, rng, me)
                    if a is not None:
                        d.apply_unchecked(s, a)
                        sampled = True
                        break
                if sampled:
                    continue
            choices: list[tuple[int, Action]] = []
            expanded = False
            for s in acting:
                legal = d.legal_actions(s)
                if not legal:
                    continue
                table = node.tables.get(s)
                if table is None:
                    table = node.tables[s] = _Table()
                action, new = self._select(table, d, s, legal, hooks)
                expanded = expanded or new
                choices.append((s, action))
                path.append((table, s, action.code))
            if not choices:
                break  # a game that waits for nobody: nothing to search
            for s, action in choices:
                d.apply_unchecked(s, action)
            key = tuple(a.code for _, a in choices)
            child = node.children.get(key)
            if child is None:  # a new joint choice: the tree grows by one node
                node.children[key] = _Node()
                break
            if expanded:
                break
            node = child
        values = self._rollout(d, me, hooks)
        for table, s, code in path:
            st = table.stats[code]
            st[0] += 1.0
            st[1] += values[s]
            table.n += 1

    def _select(self, table: _Table, d: State, seat: int, legal: list[Action],
                hooks: Hooks) -> tuple[Action, bool]:
        """UCT over the widened, available actions; an untried one first. True if new."""
        stats = table.stats
        known = table.known
        if len(known) < len(legal) or any(a.code not in known for a in legal):
            self._extend_order(table, d, seat, legal, hooks)
        by_code = {a.code: a for a in legal}
        if self.widen > 0:
            allowed = max(1, math.ceil(self.widen * (table.n + 1) ** self.alpha))
        else:
            allowed = len(table.order)
        candidates: list[Action] = []
        for code in table.order:
            a = by_code.get(code)
            if a is not None:
                candidates.append(a)
                if len(candidates) >= allowed:
                    break
        for a in candidates:  # untried first, in prior order
            if a.code not in stats:
                stats[a.code] = [0.0, 0.0, 1.0]
                for b in candidates:
                    if b is not a and b.code in stats:
                        stats[b.code][2] += 1.0
                return a, True
        c = self.c
        best = candidates[0]
        best_v = -1.0
        bonus = table.bonus
        for a in candidates:
            st = stats[a.code]
            st[2] += 1.0
            v = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
            if bonus is not None:
                v += self.bias * bonus.get(a.code, 0.0) / (st[0] + 1.0)
            if v > best_v:
                best, best_v = a, v
        return best, False

    def _extend_order(self, table: _Table, d: State, seat: int, legal: list[Action],
                      hooks: Hooks) -> None:
        """Append codes not seen before, best first by the game's prior (or its rollout
        policy's pick, then the legal order): widening tries them in this order."""
        known = table.known
        new = [a for a in legal if a.code not in known]
        if not new:
            return
        known.update(a.code for a in new)
        allowed = math.ceil(self.widen * (table.n + 1) ** self.alpha)
        if self.widen <= 0 or len(table.order) + len(new) <= allowed:
            table.order.extend(a.code for a in new)  # all tried at once: order is moot
            return
        if hooks.prior is not None:
            scores = hooks.prior(d, seat, new)
            ranked = sorted(range(len(new)), key=lambda i: -scores[i])
            table.order.extend(new[i].code for i in ranked)
            return
        first: Action | None = None
        if hooks.rollout_policy is not None and self.rollout == "greedy" and not table.order:
            first = hooks.rollout_policy(d, seat, self.rng)
        if first is not None and first.code in known and first.code not in table.order:
            table.order.append(first.code)
        table.order.extend(a.code for a in new if first is None or a.code != first.code)

    def _policy(self, game_id: str, hooks: Hooks) -> RolloutFn | None:
        if self.rollout == "greedy":
            return hooks.rollout_policy
        if self.rollout != "bot":
            return None
        bots = self._bots

        def play(d: State, s: int, rng: Rng) -> Action:
            bot = bots.get((game_id, s))
            if bot is None:
                from .registry import make_bot  # late: the registry imports this module

                bot = bots[(game_id, s)] = make_bot("greedy", game_id, rng.below(1 << 62))
            return bot.act(d, s)

        return play

    def _rollout(self, d: State, me: int, hooks: Hooks) -> list[float]:
        rng = self.rng
        policy = self._policy(d.spec.id, hooks)
        sample = hooks.sampled_action
        depth = self.depth if hooks.evaluate is not None else None
        turn = hooks.turn_start if self.horizon == "turn" and hooks.evaluate else None
        fast = hooks.playout if (depth is None and turn is None and self.rollout == "greedy") \
            else None
        plies = 0
        while not d.is_over():
            if fast is not None and fast(d, me, rng):
                break
            if ((depth is not None and plies >= depth)
                    or (turn is not None and plies and turn(d, me))):
                assert hooks.evaluate is not None
                return list(hooks.evaluate(d))
            acting = d.to_act()
            if not acting:
                break
            for s in acting:
                a = sample(d, s, rng, me) if sample is not None else None
                if a is None:
                    if policy is not None:
                        a = policy(d, s, rng)
                    else:
                        legal = d.legal_actions(s)
                        if not legal:
                            continue
                        a = rng.choice(legal)
                d.apply_unchecked(s, a)
            plies += 1
        if not d.is_over():
            assert hooks.evaluate is not None, "a game stuck with nobody to act"
            return list(hooks.evaluate(d))
        return reward(d, self.margin)

