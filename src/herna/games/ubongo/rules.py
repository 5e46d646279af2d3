"""Ubongo's rules: setup, the race, movement and gem taking, the end.

The round as the engine runs it (RULES.md lists every reading):
1. Deal: each seat takes a card, the start player first; the die is rolled (engine Rng) and
   the hourglass turned. Cards lie face up, so everyone sees every card and the symbol.
2. The race, a simultaneous node: every seat submits once, `solve ... in SECONDS` or `pass`.
   A solve is checked exactly when submitted; a wrong one is refused with the reason and the
   seat keeps trying. What a seat submitted stays its secret until all have submitted.
3. When the last seat has submitted, the engine resolves the clock: finishers within the
   hourglass in order of time; if none, the hourglass is turned again and the finishers
   within twice the time count; if still none, the cards are discarded.
4. In finishing order each finisher moves 0-3 / 0-2 / 0-1 / 0 fields (a decision node when
   there is a choice) and takes the two front gems of that row at once, so a shared field is
   first come, first served.
5. The start player passes to the left; the game ends when the deck cannot deal a round.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from herna.core import BadOption, IllegalAction, Outcome, Rng
from herna.core.memo import forgettable

from . import actions as A
from . import i18n, scoring
from .data import (
    ALL_CARDS,
    ALLOWANCE,
    CARDS_IN_PLAY,
    COLOURS,
    GEMS_PER_COLOUR,
    GEMS_TAKEN,
    HOLES,
    LISTED_BUCKETS,
    MAX_TIMER,
    MIN_TIMER,
    ROWS,
    SIDES,
)
from .deck import SYMBOLS, Deck, Grade, Side, deck_for_option
from .pieces import orientations
from .solver import first_solution

if TYPE_CHECKING:
    from .state import UbongoState

START, RACE, GEMS, OVER = "start", "race", "gems", "over"
SKILLS = ("easy", "medium", "hard")


# ---- options and setup ------------------------------------------------------------------------
def check_options(players: int, options: dict[str, Any]) -> None:
    side = options.get("side")
    if side not in SIDES:
        raise BadOption(i18n.t("opt.side", value=side))
    timer = options.get("timer")
    if isinstance(timer, bool) or not isinstance(timer, int) or not (
            timer == 0 or MIN_TIMER <= timer <= MAX_TIMER):
        raise BadOption(i18n.t("opt.timer", value=timer, lo=MIN_TIMER, hi=MAX_TIMER))
    if not isinstance(options.get("all_cards"), bool):
        raise BadOption(i18n.t("opt.all_cards_bool", value=options.get("all_cards")))


def deck_option(value: object) -> tuple[Deck, str]:
    """The deck named by the `deck` option (see deck.deck_for_option), or BadOption why not."""
    if not isinstance(value, str):
        raise BadOption(i18n.t("opt.deck", value=value, why="not text"))
    try:
        return deck_for_option(value)
    except (OSError, ValueError) as e:
        raise BadOption(i18n.t("opt.deck", value=value, why=e)) from None


def cards_in_play(players: int, all_cards: bool, deck_size: int) -> int:
    """Whole rounds only: a card per seat each round (36 cards: 18, 12, 9 rounds for 2-4)."""
    want = ALL_CARDS if all_cards else CARDS_IN_PLAY[players]
    return min(want, deck_size) // players * players


def setup(s: UbongoState) -> None:
    """Gems at random, one per hole; the deck shuffled and cut to the player count; then the
    figures go on the start fields, one decision per seat, the start player first."""
    bag = [c for c in range(len(COLOURS)) for _ in range(GEMS_PER_COLOUR)]
    s.rng.shuffle(bag)
    s.rows = [bag[r * HOLES:(r + 1) * HOLES] for r in range(ROWS)]
    numbers = [c.number for c in s.deck.cards]
    s.rng.shuffle(numbers)
    n_cards = cards_in_play(s.num_players, bool(s.options["all_cards"]), len(numbers))
    s.pile = numbers[:n_cards]  # dealt from the end; the rest go back to the box
    s.rounds = n_cards // s.num_players
    s.phase = START
    s.placer = s.start_player


# ---- puzzles ----------------------------------------------------------------------------------
def side_of(s: UbongoState, number: int) -> Side:
    return s.deck.card(number).side(s.side)


def puzzle(s: UbongoState, seat: int) -> tuple[Side, tuple[str, ...]] | None:
    """The seat's card side and the pieces beside the rolled symbol (None between rounds)."""
    number = s.cards[seat]
    if not number or s.symbol < 0:
        return None
    side = side_of(s, number)
    return side, side.row(s.symbol)


def grade(s: UbongoState, seat: int) -> Grade | None:
    number = s.cards[seat]
    if not number or s.symbol < 0:
        return None
    side = side_of(s, number)
    return side.grades[s.symbol] if side.grades else None


def _first(deck: Deck, number: int, which: str, symbol: int) -> tuple[A.Placed, ...]:
    side = deck.card(number).side(which)
    sol = first_solution(side.outline, side.row(symbol))
    assert sol is not None, f"card {number} {which} row {symbol} has no solution"
    return tuple((p.piece, p.orientation, p.row, p.col) for p in sol)


# id(deck) -> (deck, {(card, side, symbol): first solution}); the deck is kept alive so its
# id is never reused. Solutions depend only on the (immutable) deck, so sharing them across
# games cannot change a game; hashing a whole Deck per look-up would cost more than solving.
_FIRSTS: dict[int, tuple[Deck, dict[tuple[int, str, int], tuple[A.Placed, ...]]]] = {}


def first_placements(s: UbongoState, seat: int) -> tuple[A.Placed, ...]:
    """The solver's first solution of the seat's puzzle (what codes decode to, what bots lay)."""
    entry = _FIRSTS.get(id(s.deck))
    if entry is None or entry[0] is not s.deck:
        entry = _FIRSTS[id(s.deck)] = (s.deck, {})
    key = (s.cards[seat], s.side, s.symbol)
    found = entry[1].get(key)
    if found is None:
        found = entry[1][key] = _first(s.deck, *key)
    return found


_LISTED: dict[tuple[tuple[A.Placed, ...], int], tuple[A.SolveAction, ...]] = {}


def listed_solves(s: UbongoState, seat: int) -> tuple[A.SolveAction, ...]:
    """The first solution at the listed times (immutable actions, shared between states)."""
    placed = first_placements(s, seat)
    key = (placed, s.scale)
    found = _LISTED.get(key)
    if found is None:
        found = _LISTED[key] = tuple(A.SolveAction(placed, A.bucket_time(b, s.scale), s.scale)
                                     for b in LISTED_BUCKETS)
    return found


def check_solution(side: Side, pieces: Sequence[str], placed: Sequence[A.Placed]) -> str | None:
    """Why `placed` is not an exact cover of the side's outline by exactly `pieces`, or None.

    Checked in the order a person fixes things: the right pieces, each once, a real
    orientation, inside the light area, no overlap, every cell covered."""
    mine = set(pieces)
    yours = ", ".join(sorted(mine))
    seen: set[str] = set()
    for p, _, _, _ in placed:
        if p not in mine:
            return i18n.t("why.not_yours", piece=p, pieces=yours)
        if p in seen:
            return i18n.t("why.twice", piece=p)
        seen.add(p)
    owner: dict[tuple[int, int], str] = {}
    cells_ok = side.outline.cells
    for p, o, r, c in placed:
        shapes = orientations(p)
        if not 0 <= o < len(shapes):
            return i18n.t("why.orientation", piece=p, o=o, last=len(shapes) - 1)
        for dr, dc in shapes[o]:
            cell = (r + dr, c + dc)
            if cell not in cells_ok:
                return i18n.t("why.outside", piece=p, o=o, r=r, c=c,
                              cell=f"{cell[0]},{cell[1]}")
            if cell in owner:
                return i18n.t("why.overlap", a=owner[cell], b=p, cell=f"{cell[0]},{cell[1]}")
            owner[cell] = p
    uncovered = sorted(cells_ok - owner.keys())
    if uncovered:
        cells = " ".join(f"{r},{c}" for r, c in uncovered[:6])
        if len(uncovered) > 6:
            cells += " …"
        missing = sorted(mine - seen)
        if missing:
            return i18n.t("why.uncovered_missing", cells=cells, pieces=", ".join(missing))
        return i18n.t("why.uncovered", cells=cells)
    return None


# ---- legal actions ----------------------------------------------------------------------------
def racing(s: UbongoState) -> tuple[int, ...]:
    """The seats still racing, from the start player clockwise (the order cards were dealt)."""
    n = s.num_players
    seats = ((s.start_player + k) % n for k in range(n))
    return tuple(i for i in seats if s.submissions[i] is None)


def chooser(s: UbongoState) -> int:
    return s.queue[0][0]


def move_options(s: UbongoState, seat: int, rank: int) -> list[int]:
    """The moves a finisher of this rank may make from its field (within the 6 fields)."""
    reach = ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0
    here = s.figures[seat]
    return [d for d in range(-reach, reach + 1) if 0 <= here + d < ROWS]


def legal_actions(s: UbongoState, seat: int) -> list[A.UbongoAction]:
    if s.phase == START:
        return list(A.STARTS) if seat == s.placer else []
    if s.phase == RACE:
        if s.submissions[seat] is not None:
            return []
        return [A.PASS, *listed_solves(s, seat)]
    if s.phase == GEMS:
        who, rank = s.queue[0]
        if seat != who:
            return []
        return [A.MOVES[d] for d in move_options(s, seat, rank)]
    return []


def action_from_code(s: UbongoState, seat: int, code: int) -> A.UbongoAction:
    kind = A.code_kind(code) if isinstance(code, int) else ""
    if not kind:
        raise IllegalAction(i18n.t("why.code", code=code, last=A.NUM_CODES - 1))
    if kind == "pass":
        return A.PASS
    if kind == "start":
        return A.STARTS[code - A.START_BASE]
    if kind == "move":
        return A.MOVES[code - A.MOVE_BASE - A.MAX_MOVE]
    if s.phase != RACE or not 0 <= seat < s.num_players or s.submissions[seat] is not None:
        raise IllegalAction(i18n.t("why.no_race"))
    b = A.code_bucket(code)
    return A.SolveAction(first_placements(s, seat), A.bucket_time(b, s.scale), s.scale)


def check_solve(s: UbongoState, seat: int, a: A.SolveAction) -> None:
    """Raise IllegalAction (the state untouched) unless `a` solves the seat's puzzle now."""
    if s.phase != RACE or s.submissions[seat] is not None:
        raise IllegalAction(explain(s, seat, a))
    pz = puzzle(s, seat)
    assert pz is not None
    why = check_solution(pz[0], pz[1], a.placements)
    if why is not None:
        raise IllegalAction(i18n.t("why.wrong", why=why))


def explain(s: UbongoState, seat: int, a: A.UbongoAction) -> str:
    """Why `a` is not legal for `seat` now, in the rules' words."""
    if s.phase == OVER:
        return i18n.t("why.over")
    if isinstance(a, A.StartAction):
        return i18n.t("why.start_done")
    if isinstance(a, A.MoveAction):
        if s.phase != GEMS or seat != s.queue[0][0]:
            return i18n.t("why.not_mover")
        rank = s.queue[0][1]
        reach = ALLOWANCE[rank] if rank < len(ALLOWANCE) else 0
        return i18n.plural("why.too_far", reach, delta=a.text()[5:], place=rank + 1,
                           field=s.figures[seat] + 1, target=s.figures[seat] + 1 + a.delta)
    if isinstance(a, (A.SolveAction, A.PassAction)):
        if s.phase == START:
            return i18n.t("why.place_first")
        if s.phase == GEMS:
            return i18n.t("why.race_over")
        if s.phase == RACE and s.submissions[seat] is not None:
            return i18n.t("why.submitted")
    return i18n.t("why.not_now", action=a)


# ---- applying ---------------------------------------------------------------------------------
def apply(s: UbongoState, seat: int, a: A.UbongoAction) -> None:
    if isinstance(a, A.StartAction):
        s.figures[seat] = a.field
        s.events.append({"event": "start", "seat": seat, "field": a.field + 1})
        placed = sum(1 for f in s.figures if f >= 0)
        if placed == s.num_players:
            deal(s)
        else:
            s.placer = (s.placer + 1) % s.num_players
    elif isinstance(a, (A.SolveAction, A.PassAction)):
        s.submissions[seat] = a
        if all(x is not None for x in s.submissions):
            resolve_race(s)
    elif isinstance(a, A.MoveAction):
        who, rank = s.queue.pop(0)
        take_gems(s, who, rank, a.delta)
        advance_gems(s)
    else:  # pragma: no cover - parse never builds another kind
        raise IllegalAction(i18n.t("why.not_now", action=a.text()))


def deal(s: UbongoState) -> None:
    """A new round: cards from the deck (start player first), the die, the hourglass."""
    n = s.num_players
    if len(s.pile) < n:
        end_game(s)
        return
    s.round += 1
    s.cards = [0] * n
    for k in range(n):
        seat = (s.start_player + k) % n
        s.cards[seat] = s.pile.pop()
        s.dealt.append(s.cards[seat])
    s.symbol = s.rng.below(len(SYMBOLS))
    s.submissions = [None] * n
    s.queue = []
    s.phase = RACE
    s.events = [{"event": "roll", "symbol": SYMBOLS[s.symbol]}]
    if s.timer:
        s.events.append({"event": "hourglass", "turn": 1, "seconds": s.timer})
    s.current = {"round": s.round, "start_player": s.start_player,
                 "symbol": SYMBOLS[s.symbol], "cards": list(s.cards)}


def finish_order(s: UbongoState, lo: int, hi: int) -> list[int]:
    """Seats that solved within (lo, hi] tenths, by time; equal times go in seat order from
    the start player (a reading: the rules know no exact ties)."""
    n = s.num_players
    done = []
    for seat, a in enumerate(s.submissions):
        if isinstance(a, A.SolveAction) and lo < a.tenths <= hi:
            done.append((a.tenths, (seat - s.start_player) % n, seat))
    return [seat for _, _, seat in sorted(done)]


def resolve_race(s: UbongoState) -> None:
    """Run the engine's clock over the sealed submissions: the hourglass, and a second turn
    of it when nobody finished in the first."""
    if not s.timer:  # no hourglass: every solve counts, in order of time
        order = finish_order(s, -1, 1 << 62)
        for seat in order:
            s.events.append(_finish_event(s, seat, 0))
        _close_race(s, order, 0)
        return
    t = s.timer * 10
    order = finish_order(s, -1, t)
    turns = 1
    for seat in order:
        s.events.append(_finish_event(s, seat, 1))
    s.events.append({"event": "time_up", "turn": 1})
    if not order:
        turns = 2
        s.events.append({"event": "hourglass", "turn": 2, "seconds": s.timer})
        order = finish_order(s, t, 2 * t)
        for seat in order:
            s.events.append(_finish_event(s, seat, 2))
        s.events.append({"event": "time_up", "turn": 2})
    _close_race(s, order, turns)


def _close_race(s: UbongoState, order: list[int], turns: int) -> None:
    """Reveal the race in the round's record, then the finishers move in order."""
    entry = s.current
    entry["times"] = [a.tenths / 10 if isinstance(a, A.SolveAction) else None
                      for a in s.submissions]
    entry["passed"] = [isinstance(a, A.PassAction) for a in s.submissions]
    entry["hourglass_turns"] = turns
    entry["finishers"] = list(order)
    entry["moves"] = []
    entry["discarded"] = not order
    entry["solutions"] = [[list(p) for p in a.placements] if isinstance(a, A.SolveAction)
                          else None for a in s.submissions]
    if not order:
        s.events.append({"event": "discarded"})
    s.queue = [(seat, rank) for rank, seat in enumerate(order)]
    s.phase = GEMS
    advance_gems(s)


def _finish_event(s: UbongoState, seat: int, turn: int) -> dict[str, Any]:
    a = s.submissions[seat]
    assert isinstance(a, A.SolveAction)
    return {"event": "ubongo", "seat": seat, "time": a.tenths / 10, "turn": turn}


def advance_gems(s: UbongoState) -> None:
    """Finishers without a choice (the 4th: move 0) take their gems at once; stop at the
    first finisher who has a choice to make, or end the round."""
    while s.queue:
        seat, rank = s.queue[0]
        options = move_options(s, seat, rank)
        if len(options) > 1:
            s.phase = GEMS
            return
        s.queue.pop(0)
        take_gems(s, seat, rank, options[0])
    end_round(s)


def front_gems(row: Sequence[int]) -> list[int]:
    """The gems a finisher takes from a row: the two nearest the figure (fewer if short)."""
    return list(row[:GEMS_TAKEN])


def take_gems(s: UbongoState, seat: int, rank: int, delta: int) -> None:
    start = s.figures[seat]
    s.figures[seat] = field = start + delta
    row = s.rows[field]
    taken = front_gems(row)
    del row[:len(taken)]
    for c in taken:
        s.gems[seat][c] += 1
    move = {"seat": seat, "place": rank + 1, "from": start + 1, "to": field + 1,
            "gems": [COLOURS[c] for c in taken]}
    s.current["moves"].append(move)
    s.events.append({"event": "gems", **move})


def end_round(s: UbongoState) -> None:
    s.log.append(s.current)
    s.start_player = (s.start_player + 1) % s.num_players
    deal(s)


def end_game(s: UbongoState) -> None:
    s.phase = OVER
    s.symbol = -1
    s.cards = [0] * s.num_players
    s.submissions = [None] * s.num_players
    s.queue = []
    s.events = [{"event": "end"}]


# ---- the end ----------------------------------------------------------------------------------
def outcome(s: UbongoState) -> Outcome:
    """The score is what players count: the most gems of one colour. The ranking goes on to
    the next colour counts (details["rank_keys"]: the sorted counts), as the rules say."""
    table = [list(g) for g in s.gems]
    keys = [list(scoring.sorted_counts(c)) for c in table]
    _, place, runner = scoring.decision(table)
    return Outcome(
        tuple(k[0] for k in keys),
        tuple({"count1": k[0]} for k in keys),
        {"rank_keys": keys,
         "gems": [{COLOURS[i]: n for i, n in enumerate(c)} for c in table],
         "sorted": keys,
         "totals": [sum(c) for c in table],
         "deciding_place": None if place is None else place + 1,
         "runner_up": runner,
         "rounds": len(s.log)},
    )


# ---- the solve-time model (bots, determinize) -------------------------------------------------
MEDIAN_SECONDS = {"easy": 38.0, "medium": 24.0, "hard": 15.0}
SPREAD = 0.35  # sigma of the lognormal


def median_time(skill: str, g: Grade | None, k: int) -> float:
    """The skill's median solve time for a puzzle: longer for harder grades and 4 pieces."""
    difficulty = g.difficulty if g is not None else 0.5
    return MEDIAN_SECONDS[skill] * (0.5 + difficulty) * (k / 3.5)


def gauss(rng: Rng) -> float:
    u1 = 1.0 - rng.random()  # (0, 1]
    u2 = rng.random()
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def draw_time(rng: Rng, skill: str, g: Grade | None, k: int) -> int:
    """A solve time in tenths of a second, lognormal around the skill's median."""
    return time_around(rng, median_time(skill, g, k))


def time_around(rng: Rng, median: float) -> int:
    """`draw_time` around a median already known (the search's playouts keep them)."""
    return max(1, round(median * math.exp(SPREAD * gauss(rng)) * 10))


def model_submission(s: UbongoState, seat: int, rng: Rng, skill: str) -> A.UbongoAction:
    """What a seat of this skill submits: a real solution at a drawn time, or `pass` when
    the time is past both turns of the hourglass (it would not have finished anyway)."""
    pz = puzzle(s, seat)
    assert pz is not None
    tenths = draw_time(rng, skill, grade(s, seat), pz[0].k)
    if s.timer and tenths > 2 * s.timer * 10:
        return A.PASS
    return A.SolveAction(first_placements(s, seat), tenths, s.scale)


def resample_hidden(d: UbongoState, seat: int | None, rng: Rng) -> None:
    """What `seat` cannot know: the deck's order (and which cards went back to the box), the
    future die rolls, and the other seats' sealed race submissions."""
    dealt = set(d.dealt)
    unseen = [c.number for c in d.deck.cards if c.number not in dealt]
    rng.shuffle(unseen)
    d.pile = unseen[:len(d.pile)]
    d.rng = rng.spawn()
    if d.phase != RACE:
        return
    for other in range(d.num_players):
        if other == seat or d.submissions[other] is None:
            continue
        new = model_submission(d, other, rng, "medium")
        d.submissions[other] = new
        for i in range(len(d.history) - 1, -1, -1):  # its sealed action in the history too
            if d.history[i][0] == other:
                d.history[i] = (other, new)
                break


# the solver's answers too: under 0.5 ms each to find again, and made all through the busy
# hours, a few kept ones would each hold a 1 MiB arena of the memory those hours needed
forgettable(_LISTED.clear, _FIRSTS.clear)
