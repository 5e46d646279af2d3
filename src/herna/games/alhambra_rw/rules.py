"""Alhambra Roll & Write rules: setup, legal actions, applying them, awards and final scoring.

A turn is a short sequence of decisions by the seat holding four dice: any number of die
adjustments, then build or take coins; after a build, possibly the second building (or `end`);
after coins or a second building, which pair to keep (the other pair goes to the left).
Chance (every die roll, the virtual players' rolls) is resolved here from the state's seeded
Rng. Readings of ambiguous points are in RULES.md beside this file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from herna.core import Outcome
from herna.core.memo import forgettable

from . import actions as A
from . import i18n
from .actions import RWAction
from .data import (
    BOXES,
    BUILDING_TYPES,
    CELL_TYPE,
    COINS_PER_VP,
    COST_PIP,
    COST_SECOND,
    LINE_POINTS,
    NUM_TYPES,
    SIDE,
    START_BUILDINGS,
    TRACK,
    VIRTUAL_BONUS,
    VP,
    cell,
    cell_dice,
)
from .scoring import final_building_points, in_play_award

if TYPE_CHECKING:
    from .state import RWState

START, SECOND, KEEP, OVER = range(4)
PHASE_NAMES = ("turn", "second", "keep", "over")
ROW_MASKS = tuple(sum(1 << (r * SIDE + c) for c in range(SIDE)) for r in range(SIDE))
COL_MASKS = tuple(sum(1 << (r * SIDE + c) for r in range(SIDE)) for c in range(SIDE))
# the adjust actions a die of (colour, value) allows, by the most pips one can pay for
_ADJUSTS: dict[tuple[int, int, int], list[RWAction]] = {
    (colour, value, pips): [A.adjust(colour, value, s) for s in A.STEPS
                            if abs(s) <= pips and 1 <= value + s <= SIDE]
    for colour in (A.BLUE, A.YELLOW) for value in range(1, SIDE + 1) for pips in range(SIDE)
}


_POOL_DICE = 12  # dice per 64-bit draw: 6**12 < 2**64 / 8e9, so rejection is very rare
_POOL_LIMIT = (1 << 64) // SIDE**_POOL_DICE * SIDE**_POOL_DICE


def roll(s: RWState) -> int:
    """One die from the state's Rng. Twelve dice come from one 64-bit draw (rejecting the
    top sliver of the range keeps them exactly uniform); the pool is part of the state."""
    if not s.dice_left:
        while True:
            x = s.rng.next64()
            if x < _POOL_LIMIT:
                break
        s.dice_pool = x
        s.dice_left = _POOL_DICE
    x = s.dice_pool
    s.dice_pool = x // SIDE
    s.dice_left -= 1
    return x % SIDE + 1


def roll2(s: RWState) -> tuple[int, int]:
    """Two dice, exactly as two `roll` calls would give them (a fast path for pairs)."""
    if s.dice_left >= 2:
        x = s.dice_pool
        s.dice_pool = x // 36
        s.dice_left -= 2
        return x % SIDE + 1, x // SIDE % SIDE + 1
    return roll(s), roll(s)


# ---- setup ---------------------------------------------------------------------------------
def setup(s: RWState) -> None:
    """The three starting builds (rerolled on a built cell), the virtual players' three
    rolls, the final roll of every pair and the start player's extra pair."""
    for _ in range(START_BUILDINGS):
        for seat in range(s.num_players):
            rolls = []
            while True:
                b, y = roll2(s)
                rolls.append((b, y))
                c = cell(b, y)
                if not s.built[seat] >> c & 1:
                    break
            build(s, seat, c)
            s.log.append((0, seat, tuple(rolls), CELL_TYPE[c]))
    for _ in range(START_BUILDINGS):
        for p in range(s.num_players, s.num_players + s.virtual):
            virtual_build(s, p)
    award(s)
    for seat in range(s.num_players):
        s.blue[seat] = [roll(s)]
        s.yellow[seat] = [roll(s)]
    s.blue[0].append(roll(s))
    s.yellow[0].append(roll(s))
    s.round = 1
    s.current = 0
    s.phase = START


def build(s: RWState, player: int, c: int) -> None:
    """Cross the cell on a seat's sheet and the type's next box on the score sheet."""
    s.built[player] |= 1 << c
    t = CELL_TYPE[c]
    row = s.counts[player]
    row[t] += 1
    if row[t] == BOXES[t]:
        s.completers.append((player, t))


def virtual_build(s: RWState, player: int) -> None:
    """A virtual player rolls the shared pair; a type it has completed is rerolled."""
    counts = s.counts[player]
    rolls: list[tuple[int, int]] = []
    while True:
        b, y = roll2(s)
        rolls.append((b, y))
        t = CELL_TYPE[(b - 1) * SIDE + y - 1]
        if counts[t] < BOXES[t]:
            break
        if len(rolls) % 64 == 0 and all(counts[u] >= BOXES[u] for u in range(NUM_TYPES)):
            return  # nothing left to build (cannot happen with the shipped data)
    counts[t] += 1
    if counts[t] == BOXES[t]:
        s.completers.append((player, t))
    s.log.append((s.round, player, tuple(rolls), t))


def award(s: RWState) -> None:
    """End of round: completers take the next free places in completion order; completers
    of one type in one round share the places they span (rounded down)."""
    if not s.completers:
        return
    by_type: dict[int, list[int]] = {}
    for player, t in s.completers:
        by_type.setdefault(t, []).append(player)
    s.completers = []
    for t in sorted(by_type):
        players = by_type[t]
        used = s.used[t]
        share = in_play_award(used, len(players), VP[t])
        for p in players:
            s.paid[t][p] = used + 1
            s.award_pts[p][t] = share
        s.used[t] = used + len(players)
        s.awards.append({"round": s.round, "type": BUILDING_TYPES[t], "players": players,
                         "places": list(range(used + 1, used + len(players) + 1)),
                         "share": share})


# ---- legal actions ---------------------------------------------------------------------------
def balance(s: RWState, seat: int) -> int:
    return s.circled[seat] - s.crossed[seat]


_START_CACHE: dict[int, list[RWAction]] = {}
_KEEP_CACHE: dict[int, list[RWAction]] = {}
_SECOND_LISTS = tuple([A.SECONDS[c], A.END_ACTION] for c in range(SIDE * SIDE))


def _start_actions(b1: int, b2: int, y1: int, y2: int, built_bits: int,
                   pips: int) -> list[RWAction]:
    cells = sorted({cell(b1, y1), cell(b1, y2), cell(b2, y1), cell(b2, y2)})
    corner = {cell(b1, y1): 1, cell(b1, y2): 2, cell(b2, y1): 4, cell(b2, y2): 8}
    # a cell hit by several pairs has several corner bits, all set when it is built
    acts = [A.BUILDS[c] for c in cells if not built_bits & corner[c]]
    acts.append(A.COINS_ACTION)
    if pips:
        for colour, dice in ((A.BLUE, (b1, b2)), (A.YELLOW, (y1, y2))):
            for v in sorted(set(dice)):
                acts.extend(_ADJUSTS[colour, v, pips])
    return acts


def legal_actions(s: RWState, seat: int) -> list[RWAction]:
    """The legal list, shared from a cache keyed by the dice, which of their cells are built
    and the affordable pips: the same situation always gives the same (interned) list.
    Callers must not mutate it."""
    blue, yellow = s.blue[seat], s.yellow[seat]
    phase = s.phase
    if phase == START:
        b1, b2 = blue
        y1, y2 = yellow
        if b1 > b2:
            b1, b2 = b2, b1
        if y1 > y2:
            y1, y2 = y2, y1
        built = s.built[seat]
        bits = ((built >> ((b1 - 1) * SIDE + y1 - 1) & 1)
                | (built >> ((b1 - 1) * SIDE + y2 - 1) & 1) << 1
                | (built >> ((b2 - 1) * SIDE + y1 - 1) & 1) << 2
                | (built >> ((b2 - 1) * SIDE + y2 - 1) & 1) << 3)
        pips = (s.circled[seat] - s.crossed[seat]) // COST_PIP
        if pips > SIDE - 1:
            pips = SIDE - 1
        key = ((((b1 * 7 + b2) * 7 + y1) * 7 + y2) * 16 + bits) * SIDE + pips
        acts = _START_CACHE.get(key)
        if acts is None:
            acts = _START_CACHE[key] = _start_actions(b1, b2, y1, y2, bits, pips)
        return acts
    if phase == SECOND:
        return _SECOND_LISTS[(blue[0] - 1) * SIDE + yellow[0] - 1]
    if phase == KEEP:
        b1, b2 = sorted(blue)
        y1, y2 = sorted(yellow)
        key = ((b1 * 7 + b2) * 7 + y1) * 7 + y2
        acts = _KEEP_CACHE.get(key)
        if acts is None:
            acts = _KEEP_CACHE[key] = [A.KEEPS[c] for c in sorted(
                {cell(b1, y1), cell(b1, y2), cell(b2, y1), cell(b2, y2)})]
        return acts
    return []


def is_last_turn(s: RWState) -> bool:
    return s.round == s.rounds and s.current == s.num_players - 1


# ---- applying --------------------------------------------------------------------------------
def apply(s: RWState, seat: int, a: RWAction) -> None:
    k = a.kind
    if s.phase == START:
        s.last_coins = None  # shown until the next seat starts acting
    if k == A.BUILD:
        b, y = a.b, a.y
        s.blue[seat].remove(b)
        s.yellow[seat].remove(y)
        build(s, seat, a.cell)
        s.turn_built = [a.cell]
        s.used_pair = (b, y)
        if (s.circled[seat] - s.crossed[seat] >= COST_SECOND
                and not s.built[seat] >> ((s.blue[seat][0] - 1) * SIDE + s.yellow[seat][0] - 1)
                & 1):
            s.phase = SECOND
        else:
            finish_build(s, seat)
    elif k == A.ADJUST:
        dice = s.yellow[seat] if a.colour else s.blue[seat]
        dice[dice.index(a.value)] = a.value + a.step
        s.crossed[seat] += abs(a.step) * COST_PIP
        s.turn_adjusted += abs(a.step)
    elif k == A.COINS:
        gained = sum(s.built[seat] >> ((b - 1) * SIDE + y - 1) & 1
                     for b in s.blue[seat] for y in s.yellow[seat])
        got = min(gained, TRACK - s.circled[seat])
        s.circled[seat] += got
        s.last_coins = (seat, gained, got)
        reroll_all(s, seat)
    elif k == A.SECOND:
        s.crossed[seat] += COST_SECOND
        build(s, seat, a.cell)
        s.turn_built.append(a.cell)
        s.blue[seat].append(s.used_pair[0])
        s.yellow[seat].append(s.used_pair[1])
        reroll_all(s, seat)
    elif k == A.END:
        finish_build(s, seat)
    elif k == A.KEEP:
        b, y = a.b, a.y
        blue, yellow = s.blue[seat], s.yellow[seat]
        blue.remove(b)
        yellow.remove(y)
        nxt = (seat + 1) % s.num_players
        s.blue[nxt].append(blue[0])
        s.yellow[nxt].append(yellow[0])
        s.blue[seat] = [b]
        s.yellow[seat] = [y]
        end_turn(s)
    else:  # pragma: no cover - every kind is handled above
        raise AssertionError(a)


def finish_build(s: RWState, seat: int) -> None:
    """The unused pair goes to the left unchanged (solo: it stays); the used pair is rerolled."""
    used_b, used_y = s.used_pair
    if s.round != s.rounds or s.current != s.num_players - 1:  # not the game's last turn
        used_b, used_y = roll2(s)
    if s.num_players == 1:
        s.blue[seat].append(used_b)
        s.yellow[seat].append(used_y)
    else:
        nxt = (seat + 1) % s.num_players
        s.blue[nxt].append(s.blue[seat][0])
        s.yellow[nxt].append(s.yellow[seat][0])
        s.blue[seat] = [used_b]
        s.yellow[seat] = [used_y]
    end_turn(s)


def reroll_all(s: RWState, seat: int) -> None:
    """After coins or a second building all four dice are rolled; the player keeps a pair
    (solo: keeps all four). On the game's last turn nothing is rolled: the game is over."""
    if is_last_turn(s):
        end_turn(s)
        return
    b1, b2 = roll2(s)
    y1, y2 = roll2(s)
    s.blue[seat] = [b1, b2]
    s.yellow[seat] = [y1, y2]
    if s.num_players == 1:
        end_turn(s)
    else:
        s.phase = KEEP


def end_turn(s: RWState) -> None:
    s.turn_built = []
    s.turn_adjusted = 0
    if s.current < s.num_players - 1:
        s.current += 1
        s.phase = START
        return
    for p in range(s.num_players, s.num_players + s.virtual):
        virtual_build(s, p)
    award(s)
    if s.round >= s.rounds:
        s.phase = OVER
        s.final = final_scores(s)
    else:
        s.round += 1
        s.current = 0
        s.phase = START


# ---- scoring -----------------------------------------------------------------------------------
def line_counts(built: int) -> tuple[list[int], list[int]]:
    return ([(built & m).bit_count() for m in ROW_MASKS],
            [(built & m).bit_count() for m in COL_MASKS])


def line_score(built: int) -> int:
    rows, cols = line_counts(built)
    return sum(LINE_POINTS[n] for n in rows) + sum(LINE_POINTS[n] for n in cols)


def final_scores(s: RWState) -> Outcome:
    """Remaining places per type (players already paid left out), lines and coins; virtual
    players score their buildings only against them (vs-virtual mode), with the flat bonus."""
    players = s.num_players + s.virtual
    building = [[s.award_pts[p][t] for t in range(NUM_TYPES)] for p in range(players)]
    final_places: list[dict[str, Any]] = []
    for t in range(NUM_TYPES):
        counts = [s.counts[p][t] for p in range(players)]
        final = final_building_points(counts, VP[t], s.paid[t])
        for p in range(players):
            building[p][t] += final[p]
        final_places.append({"type": BUILDING_TYPES[t], "counts": counts, "points": final,
                             "paid": {str(p): place for p, place in sorted(s.paid[t].items())}})
    scores: list[int] = []
    breakdown: list[dict[str, int]] = []
    for seat in range(s.num_players):
        row = {BUILDING_TYPES[t]: building[seat][t] for t in range(NUM_TYPES)}
        row["lines"] = line_score(s.built[seat])
        row["coins"] = balance(s, seat) // COINS_PER_VP
        breakdown.append(row)
        scores.append(sum(row.values()))
    virtual: list[dict[str, Any]] = []
    for i, p in enumerate(range(s.num_players, players)):
        pts = sum(building[p])
        bonus = VIRTUAL_BONUS.get(s.virtual, 0) if s.vs_virtual else 0
        virtual.append({"player": p, "index": i, "buildings": pts, "bonus": bonus,
                        "score": pts + bonus if s.vs_virtual else 0,
                        "by_type": {BUILDING_TYPES[t]: building[p][t]
                                    for t in range(NUM_TYPES)}})
    details: dict[str, Any] = {"awards": list(s.awards), "final_places": final_places,
                               "virtual": virtual}
    if s.vs_virtual:
        every: list[int] = scores + [int(v["score"]) for v in virtual]
        best = max(every)
        winners = [i for i, x in enumerate(every) if x == best]
        details["vs_virtual"] = {
            "scores": every, "winners": winners,
            "human_win_share": [1 / len(winners) if i in winners else 0.0
                                for i in range(s.num_players)]}
    return Outcome.from_scores(scores, breakdown, **details)


# ---- refusals ----------------------------------------------------------------------------------
def _dice_text(s: RWState, seat: int) -> str:
    return i18n.t("why.dice_are", blue=", ".join(map(str, sorted(s.blue[seat]))),
                  yellow=", ".join(map(str, sorted(s.yellow[seat]))))


def explain(s: RWState, seat: int, a: RWAction) -> str:
    """The rule that forbids `a` now, in the player's words."""
    k = a.kind
    bal = balance(s, seat)
    if s.phase == START:
        if k == A.BUILD:
            b, y = a.dice
            if b not in s.blue[seat] or y not in s.yellow[seat]:
                return i18n.t("why.not_intersection", b=b, y=y, dice=_dice_text(s, seat))
            kind = i18n.type_name(BUILDING_TYPES[CELL_TYPE[a.cell]])
            return i18n.t("why.built", b=b, y=y, type=kind)
        if k == A.ADJUST:
            dice = s.yellow[seat] if a.colour else s.blue[seat]
            if not 1 <= a.target <= SIDE:
                return i18n.t("why.wrap", colour=i18n.colour_word(a.colour), value=a.value,
                              target=a.target)
            if a.value not in dice:
                return i18n.t("why.no_die", colour=i18n.colour_word(a.colour), value=a.value,
                              dice=_dice_text(s, seat))
            return i18n.plural("why.coins_short", abs(a.step) * COST_PIP, have=bal)
        if k in (A.SECOND, A.END):
            return i18n.t("why.build_first", action=a)
        if k == A.KEEP:
            return i18n.t("why.keep_later", action=a)
    if s.phase == SECOND:
        spare = cell(s.blue[seat][0], s.yellow[seat][0])
        b, y = cell_dice(spare)
        if k == A.SECOND:
            return i18n.t("why.second_cell", b=b, y=y)
        return i18n.t("why.in_second", action=a, b=b, y=y)
    if s.phase == KEEP:
        if k == A.KEEP:
            return i18n.t("why.no_pair", action=a, dice=_dice_text(s, seat))
        return i18n.t("why.in_keep", action=a)
    return i18n.t("why.not_now", action=a)


forgettable(_START_CACHE.clear, _KEEP_CACHE.clear)
