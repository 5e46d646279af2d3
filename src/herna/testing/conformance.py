"""Checks of the public contract (DESIGN.md) that hold for every game.

Each check raises ConformanceError with the game, seed and move so a failure can be replayed.
A state's "fingerprint" is its record plus every seat's view: equal fingerprints mean nothing
a caller can observe differs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import herna
from herna.core import Action, IllegalAction, Rng, State


class ConformanceError(AssertionError):
    pass


def fingerprint(state: State) -> str:
    views = [state.view(s) for s in range(state.num_players)] + [state.view(None)]
    return json.dumps({"record": state.record(), "views": views, "to_act": state.to_act()},
                      sort_keys=True)


def _fail(state: State, what: str) -> ConformanceError:
    return ConformanceError(f"{state.spec.id} {state.num_players}p seed={state.seed!r} "
                            f"move {len(state.history)}: {what}")


def random_playout(game_id: str, players: int, seed: int, *, max_moves: int = 100_000,
                   options: dict[str, Any] | None = None,
                   on_state: Callable[[State], None] | None = None) -> State:
    """Play uniformly random legal actions to the end, checking the contract at each step."""
    state = herna.make(game_id, players=players, seed=seed, **(options or {}))
    rng = Rng(seed * 7919 + players)
    for _ in range(max_moves):
        if on_state is not None:
            on_state(state)
        if state.is_over():
            break
        acting = state.to_act()
        if not acting:
            raise _fail(state, "no seat to act in a game that is not over")
        for seat in range(state.num_players):
            if seat not in acting and state.legal_actions(seat):
                raise _fail(state, f"seat {seat} is not to act but has legal actions")
        seat = acting[rng.below(len(acting))]
        legal = state.legal_actions(seat)
        if not legal:
            raise _fail(state, f"seat {seat} is to act with no legal action")
        if len({a.code for a in legal}) != len(legal):
            raise _fail(state, "two legal actions share an integer code")
        if len({str(a) for a in legal}) != len(legal):
            raise _fail(state, "two legal actions share a text")
        state.apply(seat, legal[rng.below(len(legal))])
    else:
        raise _fail(state, f"not over after {max_moves} moves")
    out = state.outcome()
    if out is None or len(out.scores) != state.num_players:
        raise _fail(state, "a finished game has no outcome for every seat")
    if state.to_act() != ():
        raise _fail(state, "a finished game still has seats to act")
    for b, score in zip(out.breakdown, out.scores, strict=True):
        if sum(b.values()) != score:
            raise _fail(state, f"breakdown {b} does not add up to the score {score}")
    json.dumps(state.record())
    return state


def check_codes_round_trip(state: State) -> None:
    """Every legal action's text and integer code lead back to the same action."""
    n = state.spec.num_distinct_actions
    for seat in state.to_act():
        for a in state.legal_actions(seat):
            if not 0 <= a.code < n:
                raise _fail(state, f"{a!r} has a code outside range({n})")
            if state.parse_action(seat, str(a)) != a:
                raise _fail(state, f"text {str(a)!r} does not parse back to the same action")
            if state.action_from_code(seat, a.code) != a:
                raise _fail(state, f"code {a.code} does not decode to {a}")


def check_replay(state: State) -> None:
    """Params + seed + action texts rebuild the same game (through JSON)."""
    record = json.loads(json.dumps(state.record()))
    again = herna.replay(record)
    if fingerprint(again) != fingerprint(state):
        raise _fail(state, "replaying the record does not give the same state")


def check_copy_isolation(state: State, seed: int) -> None:
    """Playing on a copy touches nothing of the original, and the copy starts equal."""
    before = fingerprint(state)
    twin = state.copy()
    if fingerprint(twin) != before:
        raise _fail(state, "a fresh copy differs from its original")
    rng = Rng(seed)
    for _ in range(30):
        if twin.is_over():
            break
        seat = twin.to_act()[rng.below(len(twin.to_act()))]
        legal = twin.legal_actions(seat)
        twin.apply(seat, legal[rng.below(len(legal))])
    if fingerprint(state) != before:
        raise _fail(state, "playing on a copy changed the original")


def _stale_actions(state: State, seat: int) -> Iterator[Action]:
    """Actions legal in earlier positions but not now."""
    legal_now = set(state.legal_actions(seat))
    replayed = herna.make(state.spec.id, players=state.num_players, seed=state.seed,
                          **state.options)
    for s, a in state.history[-20:]:
        if a not in legal_now and s == seat:
            yield a
    for s in replayed.to_act():
        for a in replayed.legal_actions(s)[:20]:
            if a not in legal_now:
                yield a


def check_illegal_rejected(state: State) -> None:
    """Wrong seat, out of turn, garbage, stale and undecodable actions all raise
    IllegalAction with a readable reason and leave the state untouched."""
    before = fingerprint(state)
    attempts: list[tuple[int, Any]] = []
    acting = state.to_act()
    idle = [s for s in range(state.num_players) if s not in acting]
    for seat in acting:
        legal = state.legal_actions(seat)
        for other in idle:
            attempts.append((other, legal[0]))
            attempts.append((other, str(legal[0])))
        attempts += [(seat, t) for t in ("", "   ", "xyzzy", "take", "buy 9 b99",
                                         "place -1 1,1", "\x00", "1 2 3 4 5 6 7 8 9")]
        attempts += [(seat, a) for a in list(_stale_actions(state, seat))[:15]]
        attempts += [(seat, -1), (seat, state.spec.num_distinct_actions), (seat, None),
                     (seat, 3.5)]
    attempts += [(state.num_players, "end"), (-1, "end")]

    def quick(st: State) -> tuple[Any, ...]:
        return (len(st.history), st.to_act(), [st.view(s) for s in st.to_act()])

    quick_before = quick(state)
    for seat, action in attempts:
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            if not str(e).strip():
                raise _fail(state, f"{action!r} by seat {seat} was refused without a reason") \
                    from None
        else:
            raise _fail(state, f"{action!r} by seat {seat} was accepted but should be illegal")
        if quick(state) != quick_before:
            raise _fail(state, f"the refused {action!r} by seat {seat} changed the state")
    if fingerprint(state) != before:
        raise _fail(state, "a refused action changed hidden parts of the state")


def check_determinize(state: State, seed: int) -> None:
    """A determinization agrees with the seat's view (no leak in either direction), gives the
    seat the same choices, and plays on as a normal game."""
    for seat in [*range(state.num_players), None]:
        d = state.determinize(seat, seed)
        if d.view(seat) != state.view(seat):
            raise _fail(state, f"determinize({seat}) disagrees with view({seat})")
        if d.view(None) != state.view(None):
            raise _fail(state, f"determinize({seat}) changes what a spectator sees")
        if seat is not None and seat in state.to_act():
            mine = [str(a) for a in state.legal_actions(seat)]
            if [str(a) for a in d.legal_actions(seat)] != mine:
                raise _fail(state, f"determinize({seat}) changes the seat's own choices")
        rng = Rng(seed)
        for _ in range(10):
            if d.is_over():
                break
            s = d.to_act()[rng.below(len(d.to_act()))]
            legal = d.legal_actions(s)
            d.apply(s, legal[rng.below(len(legal))])


def check_hidden_varies(game_id: str, players: int, seed: int, moves: int = 400) -> None:
    """For a game with hidden information, determinizations do resample something: at some
    position of a random game, an opponent's view differs in some determinization (else the
    leak check above is vacuous). What is hidden comes and goes (a sealed bid exists only
    until the bids open), so positions all along the game are tried, not one."""
    state = herna.make(game_id, players=players, seed=seed)
    rng = Rng(seed)
    for move in range(moves):
        if state.is_over():
            break
        if move % 3 == 0:
            for seat in range(state.num_players):
                other = (seat + 1) % state.num_players
                for k in range(4):
                    if state.determinize(seat, k).view(other) != state.view(other):
                        return
        acting = state.to_act()
        s = acting[rng.below(len(acting))]
        legal = state.legal_actions(s)
        state.apply(s, legal[rng.below(len(legal))])
    raise ConformanceError(f"{game_id}: no determinization ever changes what another seat holds")


def check_simultaneous_secrecy(state: State, seed: int, tries: int = 4) -> None:
    """At a simultaneous node, what one seat chose stays its secret until the node closes:
    the other seats' views and the spectator's must not depend on WHICH action it took.
    (That it has acted may show.) Compared among actions that leave the same seats to act."""
    acting = state.to_act()
    if len(acting) < 2:
        return
    rng = Rng(seed)
    for seat in acting:
        legal = state.legal_actions(seat)
        picks = legal if len(legal) <= tries else [legal[rng.below(len(legal))]
                                                   for _ in range(tries)]
        seen: dict[tuple[int, ...], tuple[str, str]] = {}
        for action in picks:
            twin = state.copy()
            twin.apply_unchecked(seat, action)
            after = twin.to_act()
            if not any(s != seat for s in after):
                continue  # the node closed: everything may be revealed now
            others = json.dumps([twin.view(s) for s in range(state.num_players) if s != seat]
                                + [twin.view(None)], sort_keys=True)
            first = seen.setdefault(after, (str(action), others))
            if first[1] != others:
                raise _fail(state, f"at a simultaneous node, seat {seat}'s choice shows: the "
                                   f"others see different things after {first[0]!r} and "
                                   f"{str(action)!r}")


def check_game(game_id: str, players: int, seed: int, *, sample_every: int = 20,
               options: dict[str, Any] | None = None) -> State:
    """Everything above over one random game, sampling every `sample_every`-th position
    (and every simultaneous node for secrecy)."""
    counter = [0]

    def at(state: State) -> None:
        counter[0] += 1
        if state.spec.simultaneous:
            check_simultaneous_secrecy(state, seed + counter[0])
        if counter[0] % sample_every:
            return
        check_codes_round_trip(state)
        check_illegal_rejected(state)
        check_copy_isolation(state, seed + counter[0])
        if state.spec.hidden_information:
            check_determinize(state, seed + counter[0])

    final = random_playout(game_id, players, seed, options=options, on_state=at)
    check_replay(final)
    check_illegal_rejected(final)
    return final
