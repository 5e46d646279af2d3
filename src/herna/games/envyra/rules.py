"""Envyra's rules: setup, phase I marks, phase II moves, acquisition, refill, endings, scoring.

Seed 003 as read in rules/envyra.md; the readings chosen where it is open are in RULES.md.
Forced steps are not decisions: a seat with one die on its board (or two on one tile, or its
second die, or two dice of which only one can move) moves it without being asked, so `to_act`
only ever names seats with a choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from herna.core import BadOption, Outcome
from herna.core.memo import forgettable
from herna.core.rng import Rng

from . import actions as A
from .data import (
    CARDS,
    DICE,
    END_TILES,
    PUBLIC_CARDS,
    REMOVAL,
    ROUND_LIMIT,
    SAME_TILE,
    SYMBOL_NAMES,
    TILES,
    slot_name,
)
from .i18n import t
from .scoring import (
    best_sets,
    card_done,
    leftovers,
    rank_keys,
    set_points_of_counts,
    tie_breaks_used,
    tile_pairs,
)

if TYPE_CHECKING:
    from .state import EnvyraState

MARKING, MOVING, OVER = 0, 1, 2
PHASE_NAMES = ("mark", "move", "over")
EMPTY = -1
EQUILIBRIUM_MODES = ("", "A", "B", "C")

# Legal mark lists by (occupied slots, two dice allowed): shared, never mutated.
_MARK_LISTS: dict[tuple[tuple[int, ...], bool], list[A.EnvyraAction]] = {}


def mark_list(occupied: tuple[int, ...], two: bool) -> list[A.EnvyraAction]:
    key = (occupied, two)
    acts = _MARK_LISTS.get(key)
    if acts is None:
        acts = [A.MARK_ONE[s] for s in occupied]
        if two:
            acts += [A.MARK_TWO[(i, j)] for k, i in enumerate(occupied)
                     for j in occupied[k if SAME_TILE else k + 1:]]
        _MARK_LISTS[key] = acts
    return acts


# ---- setup -------------------------------------------------------------------------------------
def check_options(n: int, options: dict[str, Any]) -> tuple[bool, str, int]:
    simple = options.get("simple", False)
    eq = options.get("equilibrium", "")
    end = options.get("end_tile", "standard")
    if not isinstance(simple, bool):
        raise BadOption(t("option.simple", value=simple))
    eq = "" if eq in (None, "none", "-") else str(eq).upper()
    if eq not in EQUILIBRIUM_MODES:
        raise BadOption(t("option.equilibrium", value=options.get("equilibrium")))
    if end not in END_TILES:
        raise BadOption(t("option.end_tile", value=end, offered=", ".join(END_TILES)))
    return simple, eq, END_TILES[end]


def setup(s: EnvyraState) -> None:
    """Removals, the grid from start tiles, the bag of the rest plus the end tile, the dice,
    Equilibrium cards; seat 0 holds the start-player cone."""
    n, rng = s.num_players, s.rng
    rem = REMOVAL[n]
    starts = [t.index for t in TILES if t.group == "S"]
    basics = [t.index for t in TILES if t.group == "basic"]
    removed: list[int] = []
    rng.shuffle(starts)
    removed += starts[:rem["S"]]
    del starts[:rem["S"]]
    if rem["must_include_3_4"]:
        removed += [b for b in basics if TILES[b].only_3_4]
        basics = [b for b in basics if not TILES[b].only_3_4]
    k = rem["basic"] - (len(removed) - rem["S"])
    rng.shuffle(basics)
    removed += basics[:k]
    del basics[:k]
    s.removed = sorted(removed)
    for slot in s.slots:
        s.grid[slot] = starts.pop()
    s.bag = sorted([*starts, *basics, s.end_tile])
    if s.equilibrium:
        pool = [c.index for c in CARDS if n == 4 or not c.four_only]
        rng.shuffle(pool)
        if s.equilibrium in ("A", "C"):
            s.eq_public = pool[:PUBLIC_CARDS]
            s.eq_owner = [EMPTY] * len(s.eq_public)
            del pool[:PUBLIC_CARDS]
        if s.equilibrium in ("B", "C"):
            s.eq_secret = pool[:n]
    begin_round(s)


def begin_round(s: EnvyraState) -> None:
    s.phase = MARKING
    s.marked = [False] * s.num_players
    s.waiting = tuple(range(s.num_players))
    s.occupied = tuple(x for x in s.slots if s.grid[x] != EMPTY)
    s.log = [e for e in s.log if e[0] >= s.round - 1]


# ---- legal actions -----------------------------------------------------------------------------
def legal(s: EnvyraState, seat: int) -> list[A.EnvyraAction]:
    if s.phase == MARKING:
        if s.marked[seat]:
            return []
        return mark_list(s.occupied, s.supply[seat] >= 2 and not s.simple)
    if s.phase == MOVING and seat == s.current:
        return [A.MOVES[x] for x in sorted(s.board[seat])]
    return []


# per tile, the (theme, count) pairs its reservation icons demand; () for an open tile
_NEEDS = tuple(tuple((k, v) for k, v in enumerate(t.reserve) if v) for t in TILES)


def qualifies(colours: list[int], tile: int) -> bool:
    """Reserved tiles: own at least that many tiles of each icon's colour (symbols ignored)."""
    for k, v in _NEEDS[tile]:  # noqa: SIM110  (a loop beats all() on this hot path)
        if colours[k] < v:
            return False
    return True


def anyone_qualifies(s: EnvyraState, tile: int) -> bool:
    return any(qualifies(c, tile) for c in s.colours)


# ---- applying ----------------------------------------------------------------------------------
def apply(s: EnvyraState, seat: int, a: A.EnvyraAction) -> None:
    if a.kind == A.MARK:
        s.board[seat] = list(a.slots)
        s.supply[seat] -= len(a.slots)
        s.marked[seat] = True
        s.waiting = tuple(x for x in s.waiting if x != seat)
        if not s.waiting:
            begin_moving(s)
    else:
        slot = a.slots[0]
        move_die(s, seat, slot)
        s.pos += 1
        advance(s)


def begin_moving(s: EnvyraState) -> None:
    """Screens off: first dice clockwise from the start player, second dice back."""
    n = s.num_players
    first = [(s.start + i) % n for i in range(n)]
    s.order = first if s.simple else first + first[::-1]
    s.pos = 0
    s.phase = MOVING
    for i in range(n):
        s.log.append((s.round, "marked", i, -1, -1, tuple(s.board[i])))
    advance(s)


def advance(s: EnvyraState) -> None:
    """Play forced moves until a seat has a real choice, the round ends, or the game does."""
    n = s.num_players
    order = s.order
    while s.pos < len(order):
        if s.phase == OVER:
            return
        p = order[s.pos]
        dice = s.board[p]
        if not dice:
            s.pos += 1
            continue
        die = dice[0]
        if s.pos < n and len(dice) == 2 and dice[0] != dice[1]:
            die = first_die(s, p, dice)
            if die == EMPTY:
                s.current = p
                return
        move_die(s, p, die)
        s.pos += 1
    if s.phase != OVER:
        end_round(s)


def first_die(s: EnvyraState, seat: int, dice: list[int]) -> int:
    """The die a first-pass turn must move, or EMPTY when the seat chooses.

    Seed 003 (phase II): each player moves "presne jednu kocku" (exactly one die), and a
    reserved tile takes a die only from a seat that owns its colours. So a seat one of whose
    two dice can move must move that one; it chooses only when both can, or when neither can
    (then the die it names goes back to the supply, and the other may still move on the
    second pass if the seat wins the colours in between)."""
    colours = s.colours[seat]
    can = [x for x in dice if qualifies(colours, s.grid[x])]
    return can[0] if len(can) == 1 else EMPTY


def move_die(s: EnvyraState, seat: int, slot: int) -> None:
    """Board die -> its tile; a tile the seat does not qualify for sends it back to supply."""
    s.board[seat].remove(slot)
    tile = s.grid[slot]
    if not qualifies(s.colours[seat], tile):
        s.supply[seat] += 1
        s.log.append((s.round, "refused", seat, slot, tile, None))
        return
    on = s.dice[slot]
    on.append(seat)
    s.log.append((s.round, "moved", seat, slot, tile, None))
    if len(on) >= TILES[tile].dice:
        acquire(s, slot)


def majority_winner(dice: list[int]) -> int:
    """Most dice wins; among the tied, whoever placed a die there last."""
    counts: dict[int, int] = {}
    for p in dice:
        counts[p] = counts.get(p, 0) + 1
    best = max(counts.values())
    for p in reversed(dice):
        if counts[p] == best:
            return p
    raise AssertionError("no dice")


def acquire(s: EnvyraState, slot: int) -> None:
    tile = s.grid[slot]
    on = s.dice[slot]
    winner = majority_winner(on)
    for p in on:
        s.supply[p] += 1
    s.dice[slot] = []
    s.grid[slot] = EMPTY
    give(s, winner, tile)
    s.log.append((s.round, "acquired", winner, slot, tile, None))
    for q in range(s.num_players):
        board = s.board[q]
        while slot in board:  # the marked tile vanished: the die goes back to supply
            board.remove(slot)
            s.supply[q] += 1
            s.log.append((s.round, "vanished", q, slot, tile, None))
    if TILES[tile].is_end:
        finish(s, "A", winner)
        return
    claim_public_cards(s, winner)


def give(s: EnvyraState, seat: int, tile: int) -> None:
    s.owned[seat].append(tile)
    info = TILES[tile]
    if info.theme >= 0:
        s.colours[seat][info.theme] += 1
        s.symbols[seat][info.symbol] += 1


def claim_public_cards(s: EnvyraState, seat: int) -> None:
    """Equilibrium A: the first to own all of a public card's symbols takes it at once."""
    for k, c in enumerate(s.eq_public):
        if s.eq_owner[k] == EMPTY and all(s.symbols[seat][x] for x in CARDS[c].symbols):
            s.eq_owner[k] = seat
            s.log.append((s.round, "card", seat, -1, -1, CARDS[c].id))


def end_round(s: EnvyraState) -> None:
    """Refill (with the end tile's three cases), dice check, ending C, the cone passes."""
    refill(s)
    if s.phase == OVER:
        return
    for p in range(s.num_players):
        if s.supply[p] == 0:  # every die is out on tiles: all five come back
            for slot in s.slots:
                if p in s.dice[slot]:
                    s.dice[slot] = [q for q in s.dice[slot] if q != p]
            s.supply[p] = DICE
            s.log.append((s.round, "recall", p, -1, -1, None))
    grid = s.grid
    if not any(grid[x] != EMPTY and not _NEEDS[grid[x]] for x in s.slots):  # no open tile
        for p in range(s.num_players):
            if not any(grid[x] != EMPTY and qualifies(s.colours[p], grid[x]) for x in s.slots):
                finish(s, "C", None)
                return
    if s.round >= ROUND_LIMIT:
        finish(s, "limit", None)
        return
    s.start = (s.start + 1) % s.num_players
    s.round += 1
    begin_round(s)


def refill(s: EnvyraState) -> None:
    end = s.end_tile
    aside = False
    bag = s.bag
    rng = s.rng
    for slot in s.slots:
        if s.grid[slot] != EMPTY:
            continue
        while True:
            if not bag:
                if aside:  # only the end tile is left and nobody may take it: ending B
                    finish(s, "B", None)
                    return
                break
            i = rng.below(len(bag))
            tile = bag[i]
            bag[i] = bag[-1]
            bag.pop()
            if tile == end and not anyone_qualifies(s, tile):
                if not bag:
                    finish(s, "B", None)
                    return
                aside = True
                s.log.append((s.round, "end_aside", -1, -1, tile, None))
                continue
            s.grid[slot] = tile
            s.log.append((s.round, "refill", -1, slot, tile, None))
            break
    if aside:
        bag.append(end)


def finish(s: EnvyraState, reason: str, end_owner: int | None) -> None:
    s.phase = OVER
    s.end_reason = reason
    s.end_owner = EMPTY if end_owner is None else end_owner
    s.waiting = ()
    s.log.append((s.round, "over", -1, -1, -1, reason))


# ---- scoring -----------------------------------------------------------------------------------
def equilibrium_points(s: EnvyraState, seat: int) -> tuple[int, list[str]]:
    """Public cards the seat took, plus its secret card if its symbols are all owned."""
    pts, cards = 0, []
    for k, c in enumerate(s.eq_public):
        if s.eq_owner[k] == seat:
            pts += CARDS[c].vp
            cards.append(CARDS[c].id)
    if s.eq_secret:
        c = s.eq_secret[seat]
        have = [x for x in range(len(SYMBOL_NAMES)) if s.symbols[seat][x]]
        if card_done(CARDS[c], have):
            pts += CARDS[c].vp
            cards.append(CARDS[c].id)
    return pts, cards


def score_parts(s: EnvyraState, seat: int) -> dict[str, int]:
    stars = sum(TILES[x].vp for x in s.owned[seat])
    sets = set_points_of_counts(s.symbols[seat])
    eq = equilibrium_points(s, seat)[0] if s.equilibrium else 0
    return {"stars": stars, "sets": sets, "equilibrium": eq}


def outcome(s: EnvyraState) -> Outcome:
    """Scores are victory points; the order also weighs set points, then the end tile."""
    n = s.num_players
    parts = [score_parts(s, p) for p in range(n)]
    totals = [sum(b.values()) for b in parts]
    end_owner = None if s.end_owner == EMPTY else s.end_owner
    keys = rank_keys(totals, [b["sets"] for b in parts], end_owner)
    partitions = []
    for p in range(n):
        pairs = tile_pairs(s.owned[p])
        sets = best_sets(pairs)
        partitions.append({"sets": [[list(x) for x in st] for st in sets],
                           "loose": [list(x) for x in leftovers(pairs, sets)]})
    details: dict[str, Any] = {
        "end": s.end_reason,
        "end_tile_owner": end_owner,
        "rounds": s.round,
        "partitions": partitions,
        "rank_keys": [list(k) for k in keys],
        "tie_breaks": tie_breaks_used(keys),
        "tiles": [[TILES[x].id for x in s.owned[p]] for p in range(n)],
    }
    if s.equilibrium:
        details["equilibrium_cards"] = [equilibrium_points(s, p)[1] for p in range(n)]
    return Outcome(tuple(totals), tuple(parts), details)  # ranked by details["rank_keys"]


# ---- hidden information ------------------------------------------------------------------------
def resample_hidden(d: EnvyraState, seat: int | None, rng: Rng) -> None:
    """What `seat` cannot know: the others' phase-I marks while the node is open (uniform
    among their legal marks), which unseen tiles were boxed and which are in the bag, the
    others' secret Equilibrium cards, and all future chance."""
    d.rng = rng.spawn()
    n = d.num_players
    if d.phase == MARKING:
        for q in range(n):
            if q != seat and d.marked[q]:
                d.supply[q] += len(d.board[q])
                d.board[q] = []
                choices = mark_list(d.occupied, d.supply[q] >= 2 and not d.simple)
                a = choices[rng.below(len(choices))]
                d.board[q] = list(a.slots)
                d.supply[q] -= len(a.slots)
    if d.phase == OVER:
        return
    rem = REMOVAL[n]
    unseen = [x for x in d.bag if x != d.end_tile] + d.removed
    boxed: list[int] = []
    for group in ("S", "basic"):
        fixed = [x for x in unseen if TILES[x].group == group
                 and rem["must_include_3_4"] and TILES[x].only_3_4]
        free = sorted(x for x in unseen if TILES[x].group == group and x not in fixed)
        k = sum(1 for x in d.removed if TILES[x].group == group) - len(fixed)
        rng.shuffle(free)
        boxed += fixed + free[:k]
    # sorted before shuffling: the true bag's order (and which unseen tiles are truly in it)
    # must not shape the sample, so worlds the seat cannot tell apart determinize alike
    in_bag = sorted(x for x in unseen if x not in boxed)
    if d.end_tile in d.bag:
        in_bag.append(d.end_tile)
    d.removed = sorted(boxed)
    d.bag = in_bag
    rng.shuffle(d.bag)
    if d.eq_secret:
        others = [q for q in range(n) if q != seat]
        pool = [c.index for c in CARDS if n == 4 or not c.four_only]
        pool = [c for c in pool if c not in d.eq_public
                and (seat is None or c != d.eq_secret[seat])]
        rng.shuffle(pool)
        for q in others:
            d.eq_secret[q] = pool.pop()


# ---- explanations ------------------------------------------------------------------------------
def explain(s: EnvyraState, seat: int, a: A.EnvyraAction) -> str:
    """Why `a` is not legal for `seat` now, in the rulebook's words."""
    if a.kind == A.MARK:
        if s.phase != MARKING:
            return t("illegal.phase_mark")
        if s.marked[seat]:
            return t("illegal.already")
        for x in a.slots:
            if x not in s.slots:
                return t("illegal.off_grid", slot=slot_name(x))
            if s.grid[x] == EMPTY:
                return t("illegal.empty_slot", slot=slot_name(x))
        if len(a.slots) == 2:
            if s.simple:
                return t("illegal.simple")
            if s.supply[seat] < 2:
                return t("illegal.one_die")
            if a.slots[0] == a.slots[1]:
                return t("illegal.same")
    else:
        if s.phase != MOVING:
            return t("illegal.phase_move")
        if a.slots[0] not in s.board[seat]:
            return t("illegal.not_marked", slot=slot_name(a.slots[0]))
    return t("illegal.generic", action=a)


forgettable(_MARK_LISTS.clear)
