"""Envyra rules: the seed's examples with their numbers, then one test per rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

import herna
import herna.games.envyra
from herna.core import BadOption, IllegalAction
from herna.games.envyra import rules
from herna.games.envyra.data import (
    CARDS,
    DICE,
    GRID,
    MAX_COLS,
    REMOVAL,
    TILE_INDEX,
    TILES,
    grid_slots,
)
from herna.games.envyra.rules import EMPTY, MARKING, MOVING, OVER
from herna.games.envyra.scoring import best_sets, set_points
from herna.games.envyra.state import EnvyraState

GREY, PURPLE, PINK = 0, 1, 2  # the seed's dice colours for seats 0, 1, 2


def make(n: int = 3, seed: int = 1, **options: Any) -> EnvyraState:
    s = herna.make("envyra", players=n, seed=seed, **options)
    assert isinstance(s, EnvyraState)
    return s


def slot(name: str) -> int:
    return (int(name[1:]) - 1) * MAX_COLS + ord(name[0]) - 97


def tile(tid: str) -> int:
    return TILE_INDEX[tid]


def set_grid(s: EnvyraState, tiles: dict[str, str | None]) -> None:
    """Put tiles into slots (None empties one) and reopen phase I on that grid."""
    for name, tid in tiles.items():
        s.grid[slot(name)] = EMPTY if tid is None else tile(tid)
    rules.begin_round(s)


def own(s: EnvyraState, seat: int, *tids: str) -> None:
    for tid in tids:
        rules.give(s, seat, tile(tid))


def log(s: EnvyraState) -> list[dict[str, Any]]:
    """The public event log of this round and the last, as the view shows it."""
    return list(s.view(None)["log"])


def events(s: EnvyraState, kind: str) -> list[dict[str, Any]]:
    return [e for e in log(s) if e["event"] == kind]


# ---- the seed's examples ----------------------------------------------------------------------
def test_example_a_grey_two_beats_purple_one_on_a_three_dice_tile() -> None:
    """Purple's die brings a 3-dice tile to 3, but grey has 2 dice there and wins it."""
    s = make(3)
    b1 = slot("b1")
    set_grid(s, {"b1": "S04"})  # desert, 3 dice
    s.dice[b1] = [GREY, GREY]
    s.supply[GREY] -= 2
    s.apply(GREY, "mark a1")
    s.apply(PURPLE, "mark b1")
    s.apply(PINK, "mark c1")
    assert tile("S04") in s.owned[GREY]
    assert tile("S04") not in s.owned[PURPLE]
    assert s.dice[b1] == [] and s.supply[GREY] == DICE - 1  # the a1 die is still out
    assert rules.majority_winner([GREY, GREY, PURPLE]) == GREY


def test_example_b_tie_goes_to_whoever_placed_later() -> None:
    """1 v 1 on a 2-dice tile: pink placed later and wins (RULES.md on the seed's colours)."""
    s = make(3)
    a2 = slot("a2")
    set_grid(s, {"a2": "S02"})  # fire, 2 dice
    s.dice[a2] = [PURPLE]
    s.supply[PURPLE] -= 1
    s.start = PINK  # pink moves first this round
    rules.begin_round(s)
    s.apply(GREY, "mark a1")
    s.apply(PURPLE, "mark b1")
    s.apply(PINK, "mark a2")
    assert tile("S02") in s.owned[PINK]
    assert rules.majority_winner([PURPLE, PINK]) == PINK
    assert rules.majority_winner([PINK, PURPLE]) == PURPLE


def test_scoring_example_21_plus_6_is_27() -> None:
    """Stars 4+1+3+4+3+4+2 = 21; orange sun/fire/desert = 4, a green pair = 2; the second
    green leaf and the blue sea make no set: 27."""
    tiles = [("orange", "sun"), ("orange", "fire"), ("orange", "desert"),
             ("green", "leaf"), ("green", "tree"), ("green", "leaf"), ("blue", "sea")]
    stars = [4, 1, 3, 4, 3, 4, 2]
    assert sum(stars) == 21
    assert set_points(tiles) == 6
    sets = best_sets(tiles)
    assert sorted(len(x) for x in sets) == [2, 3]
    assert {p[0] for p in sets[0]} == {"orange"} and len(sets[0]) == 3
    assert set(sets[1]) == {("green", "leaf"), ("green", "tree")}
    assert sum(stars) + set_points(tiles) == 27


def test_scoring_example_through_the_engine() -> None:
    """The same shape with real tiles: the outcome's breakdown and partition agree."""
    s = make(2)
    own(s, 0, "B08", "S02", "B03", "B12", "S07", "S06", "S11")
    parts = rules.score_parts(s, 0)
    assert parts["sets"] == 6
    assert parts["stars"] == 4 + 1 + 2 + 3 + 1 + 0 + 0


def test_reservation_one_icon_per_colour() -> None:
    """O+G+B: at least one orange, one green and one blue tile owned."""
    b22 = tile("B22")
    assert TILES[b22].reserve == (1, 1, 1)
    assert not rules.qualifies([1, 1, 0], b22)
    assert not rules.qualifies([3, 0, 2], b22)
    assert rules.qualifies([1, 1, 1], b22)


def test_reservation_two_orange_and_one_green() -> None:
    """2xO + G: two orange and one green; symbols and blue tiles do not help."""
    b20 = tile("B20")
    assert TILES[b20].reserve == (2, 1, 0)
    assert not rules.qualifies([1, 1, 5], b20)
    assert not rules.qualifies([2, 0, 0], b20)
    assert rules.qualifies([2, 1, 0], b20)


# ---- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_removals_grid_and_bag(n: int) -> None:
    for seed in range(5):
        s = make(n, seed)
        rem = REMOVAL[n]
        rows, cols = GRID[n]
        on_grid = [s.grid[x] for x in s.slots]
        assert len(on_grid) == rows * cols and EMPTY not in on_grid
        assert all(TILES[x].group == "S" for x in on_grid)
        removed = s.removed
        assert sum(TILES[x].group == "S" for x in removed) == rem["S"]
        assert sum(TILES[x].group == "basic" for x in removed) == rem["basic"]
        if n == 2:
            assert all(x in removed for x in range(len(TILES)) if TILES[x].only_3_4)
        every = sorted(on_grid + s.bag + removed)
        assert every == sorted(x for x in range(len(TILES)) if x != tile("K"))
        in_play = {2: 20, 3: 30, 4: 36}[n]
        assert len(on_grid) + len(s.bag) == in_play
        assert s.supply == [DICE] * n
        assert [x for x in range(len(s.grid)) if s.grid[x] != EMPTY] == list(grid_slots(n))


def test_end_tile_option_k() -> None:
    s = make(3, end_tile="K")
    assert tile("K") in s.bag and tile("END") not in s.bag
    assert make(3).end_tile == tile("END")


def test_bad_options_are_refused() -> None:
    for options in ({"equilibrium": "D"}, {"end_tile": "X"}, {"simple": "yes"}):
        with pytest.raises(BadOption):
            make(3, **options)


# ---- phase I ----------------------------------------------------------------------------------
def test_phase_one_is_simultaneous_and_every_seat_marks_once() -> None:
    s = make(3)
    assert s.to_act() == (0, 1, 2)
    s.apply(1, "mark a1 b1")
    assert s.to_act() == (0, 2)
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        s.apply(1, "mark c1")
    s.apply(2, "mark c1")
    assert s.phase == MARKING
    s.apply(0, "mark a2")
    assert s.phase != MARKING or s.round == 2


def test_one_or_two_dice_and_the_last_die_must_be_placed() -> None:
    s = make(3)
    texts = [str(a) for a in s.legal_actions(0)]
    k = len(s.slots)
    assert len(texts) == k + k * (k - 1) // 2
    assert "mark a1" in texts and "mark a1 b1" in texts and "mark a1 a1" not in texts
    s.supply[0] = 1
    assert all(len(a.slots) == 1 for a in s.legal_actions(0))  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="only one die"):
        s.apply(0, "mark a1 b1")


def test_simple_variant_places_one_die() -> None:
    s = make(3, simple=True)
    assert all(len(a.slots) == 1 for a in s.legal_actions(0))  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="one die"):
        s.apply(0, "mark a1 b1")
    for p in range(3):
        s.apply(p, f"mark {'abc'[p]}2")
    assert s.phase == MARKING and s.round == 2  # the round ends after one pass


def views(s: EnvyraState, seats: list[int | None]) -> str:
    return json.dumps([s.view(q) for q in seats], sort_keys=True)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_phase_one_marks_do_not_leak(n: int) -> None:
    """Two different markings by one seat: everyone else's view, and a spectator's, is equal
    while phase I is open ("seat 0 has marked" may show, what it marked may not)."""
    for seed in range(4):
        s = make(n, seed)
        legal = s.legal_actions(0)
        one, two = s.copy(), s.copy()
        one.apply(0, legal[0])  # one die
        two.apply(0, legal[-1])  # two dice, other tiles
        others: list[int | None] = [*range(1, n), None]
        assert views(one, others) == views(two, others)
        assert one.view(0) != two.view(0)
        # and still after a second seat marks too
        one.apply(1, "mark a1")
        two.apply(1, "mark a1")
        if n > 2:
            assert views(one, [*range(2, n), None]) == views(two, [*range(2, n), None])


def test_marks_are_public_in_phase_two() -> None:
    s = make(3)
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark a2 b2")
    s.apply(2, "mark c1 c2")
    if s.phase == MOVING:
        v = s.view(1)
        assert v["seats"][0]["board"] is not None


# ---- phase II ---------------------------------------------------------------------------------
def test_snake_order_first_dice_clockwise_second_dice_back() -> None:
    """Start player 1 in a 3-player game: first dice 1, 2, 0; second dice 0, 2, 1."""
    s = make(3)
    s.start = 1
    rules.begin_round(s)
    # every die on its own 3-dice tile so nothing is taken mid-round
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark c1 d1")
    s.apply(2, "mark a2 b2")
    order = []
    while s.phase == MOVING:
        p = s.to_act()[0]
        s.apply(p, s.legal_actions(p)[0])
    moved = [e["seat"] for e in log(s) if e["event"] in ("moved", "refused") and e["round"] == 1]
    order = moved
    assert order == [1, 2, 0, 0, 2, 1]


def test_a_seat_with_one_die_skips_the_second_pass() -> None:
    s = make(3)
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark c1")
    s.apply(2, "mark a2 b2")
    while s.phase == MOVING:
        p = s.to_act()[0]
        s.apply(p, s.legal_actions(p)[0])
    moved = [e["seat"] for e in log(s) if e["event"] == "moved" and e["round"] == 1]
    assert moved == [0, 1, 2, 2, 0]


def test_choice_which_die_first_and_the_second_follows() -> None:
    s = make(2)
    set_grid(s, {n: "S04" for n in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")})
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark c1")
    assert s.to_act() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["move a1", "move b1"]
    s.apply(0, "move b1")
    assert s.round == 2
    firsts = [e["slot"] for e in log(s) if e["event"] == "moved" and e["seat"] == 0]
    assert firsts == ["b1", "a1"]


def test_reserved_tile_is_checked_when_the_die_moves() -> None:
    s = make(2)
    set_grid(s, {"a1": "B22", "b1": "S04"})  # B22 needs O+G+B
    s.apply(0, "mark a1")
    s.apply(1, "mark b1")
    assert s.dice[slot("a1")] == []
    assert events(s, "refused")[0]["seat"] == 0
    assert s.supply[0] == DICE


def test_qualifying_mid_round_lets_the_second_die_move() -> None:
    """The first die wins a green tile, so the second may go onto a G-reserved tile (only
    a1's die could move first: seat 0 is not asked, see the next test)."""
    s = make(2)
    set_grid(s, {"a1": "S06", "b1": "B04"})  # leaf (1 die), orange sun reserved G
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark c3")
    assert tile("S06") in s.owned[0]
    assert 0 in s.dice[slot("b1")]


# Seed 003, phase II: "postupne v smere hodinových ručičiek všetci hráči premiestnia presne
# jednu kocku zo svojej hráčskej dosky na príslušný dielik" (clockwise, every player moves
# exactly one die from his board onto its tile); "Aby hráč mohol premiestniť kocky z hráčskej
# dosky na vyhradený dielik, musí najskôr získať dieliky vo farbe ikoniek" (to move dice onto
# a reserved tile a player must first acquire tiles of the icons' colours).
def test_exactly_one_die_a_seat_must_move_the_die_that_can_move() -> None:
    """Issue 15's case: seat 0 marks a1 (reserved O+G+B, it owns nothing) and b1 (3 dice),
    the others mark b1. Choosing the unmovable a1 first used to send that die home, move
    nothing, and let seat 0's b1 die come last and win the 1-1-1 tie. Now the b1 die is
    the one it must move: seat 0 is not asked, moves b1 first, and seat 2 (last) wins."""
    s = make(3)
    set_grid(s, {"a1": "B22", "b1": "S04"})  # B22 needs O+G+B; S04 needs 3 dice
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark b1")
    s.apply(2, "mark b1")
    moved = [(e["seat"], e["slot"]) for e in log(s) if e["event"] in ("moved", "refused")]
    assert moved == [(0, "b1"), (1, "b1"), (2, "b1"), (0, "a1")]
    assert events(s, "acquired")[0]["seat"] == 2 and tile("S04") in s.owned[2]
    assert events(s, "refused")[0]["seat"] == 0  # the a1 die went back on the second pass
    assert s.round == 2 and s.supply[0] == DICE


def test_exactly_one_die_the_choice_stays_when_both_or_neither_can_move() -> None:
    """Both dice movable: seat 0 chooses. Neither movable (both reserved): it still chooses
    which die goes back to the supply first; the other waits for the second pass."""
    s = make(3)
    set_grid(s, {"a1": "S04", "b1": "S05"})
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark c1")
    s.apply(2, "mark c2")
    assert s.to_act() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["move a1", "move b1"]
    s = make(3)
    set_grid(s, {"a1": "B22", "b1": "B08"})  # both need O+G+B
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark c1")
    s.apply(2, "mark c2")
    assert s.to_act() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == ["move a1", "move b1"]
    s.apply(0, "move b1")
    refused = [e["slot"] for e in events(s, "refused") if e["seat"] == 0]
    assert refused == ["b1", "a1"]  # b1 at once, a1 on the second pass
    assert s.supply[0] == DICE


def test_a_die_whose_tile_vanished_returns_and_the_other_must_move() -> None:
    s = make(2)
    set_grid(s, {"a1": "S01", "b1": "S04"})  # a1 needs 1 die
    s.apply(0, "mark a1")  # seat 0 moves first and takes a1
    s.apply(1, "mark a1 b1")
    assert tile("S01") in s.owned[0]
    vanished = events(s, "vanished")
    assert vanished and vanished[0]["seat"] == 1 and vanished[0]["slot"] == "a1"
    assert s.dice[slot("b1")] == [1]  # its other die moved in its first turn
    assert s.supply[1] == DICE - 1


def test_acquisition_returns_all_dice_and_persisting_dice_stay() -> None:
    s = make(2)
    set_grid(s, {"a1": "B07", "b1": "S04"})  # B07 needs 4 dice
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark a1")
    s.apply(0, "move a1")
    assert s.dice[slot("a1")] == [0, 1]  # not enough yet: the dice stay
    assert s.round == 2 and s.supply == [DICE - 2, DICE - 1]
    s.apply(0, "mark a1")
    s.apply(1, "mark a1")  # seat 1 starts now; seat 0 places the fourth die
    assert tile("B07") in s.owned[0]  # 2 v 2, seat 0 placed last
    assert s.supply == [DICE - 1, DICE]  # seat 0's b1 die stays out


# ---- end of round -----------------------------------------------------------------------------
def test_refill_empty_slots_from_the_bag() -> None:
    s = make(3)
    a1 = slot("a1")
    set_grid(s, {"a1": "S01"})
    bag_before = len(s.bag)
    s.apply(0, "mark a1")
    s.apply(1, "mark b1")
    s.apply(2, "mark c1")
    assert s.grid[a1] != EMPTY and s.grid[a1] != tile("S01")
    assert len(s.bag) == bag_before - 1
    assert events(s, "refill")[0]["slot"] == "a1"


def _finish_round_with_refill(s: EnvyraState, bag: list[str]) -> None:
    """Seat 0 takes the 1-die tile on a1; the others mark elsewhere."""
    s.bag = [tile(x) for x in bag]
    set_grid(s, {"a1": "S01"})
    s.apply(0, "mark a1")
    for p in range(1, s.num_players):
        s.apply(p, "mark b1")


def test_end_tile_enters_when_someone_owns_every_colour() -> None:
    s = make(2)
    own(s, 1, "S02", "S07", "S12")
    _finish_round_with_refill(s, ["END"])
    assert s.grid[slot("a1")] == tile("END")


def test_end_tile_set_aside_when_nobody_qualifies() -> None:
    s = make(2, seed=5)
    for seed in range(40):  # find a draw that hits the end tile first
        s = make(2, seed=seed)
        _finish_round_with_refill(s, ["END", "B01"])
        if events(s, "end_aside"):
            break
    assert events(s, "end_aside")
    assert s.grid[slot("a1")] == tile("B01")
    assert s.bag == [tile("END")]
    assert s.phase == MARKING


def test_ending_b_only_the_end_tile_left_and_nobody_qualifies() -> None:
    s = make(2)
    _finish_round_with_refill(s, ["END"])
    assert s.is_over() and s.end_reason == "B"
    out = s.outcome()
    assert out is not None and out.details["end"] == "B"


def test_dice_recall_when_a_supply_is_empty() -> None:
    s = make(2)
    set_grid(s, {n: "B07" for n in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")})
    b3 = slot("b3")
    s.dice[b3] = [0, 0]
    s.dice[slot("c3")] = [0]
    s.supply[0] = 2
    s.apply(0, "mark a1 b1")
    s.apply(1, "mark b3")
    s.apply(0, "move a1")
    assert s.supply[0] == DICE
    assert all(0 not in s.dice[x] for x in s.slots)
    assert s.dice[b3] == [1]  # the majority on b3 changed
    assert events(s, "recall")[0]["seat"] == 0


def test_start_player_passes_left() -> None:
    s = make(3)
    assert s.start == 0
    for p in range(3):
        s.apply(p, "mark " + ["a1", "b1", "c1"][p])
    while s.phase == MOVING:
        p = s.to_act()[0]
        s.apply(p, s.legal_actions(p)[0])
    assert s.start == 1 and s.round == 2


# ---- endings ----------------------------------------------------------------------------------
def test_ending_a_is_immediate_and_the_rest_of_phase_two_is_void() -> None:
    s = make(3)
    own(s, 0, "S02", "S07", "S12")
    set_grid(s, {"a1": "END", "b1": "S04"})
    s.dice[slot("a1")] = [0, 0]
    s.apply(0, "mark a1")
    s.apply(1, "mark b1")
    s.apply(2, "mark b1 c1")
    assert s.is_over() and s.end_reason == "A"
    assert s.dice[slot("b1")] == []  # seats 1 and 2 never moved
    assert s.to_act() == () and s.legal_actions(1) == []
    out = s.outcome()
    assert out is not None and out.details["end_tile_owner"] == 0
    assert out.breakdown[0]["stars"] == 5 + 1 + 1 + 1


def test_ending_a_the_majority_holder_takes_the_end_tile() -> None:
    s = make(3)
    own(s, 1, "S02", "S07", "S12")
    own(s, 2, "S03", "S08", "S13")
    set_grid(s, {"a1": "END"})
    s.dice[slot("a1")] = [1, 1]
    s.apply(0, "mark b1")
    s.apply(1, "mark c1")
    s.apply(2, "mark a1")
    assert s.is_over() and s.end_owner == 1


def test_ending_c_a_player_cannot_target_any_tile() -> None:
    s = make(2)
    tiles: dict[str, str | None] = {n: "B22" for n in ("a1", "b1", "c1", "a2", "b2", "c2",
                                                       "a3", "b3", "c3")}
    tiles["a1"] = "S01"
    set_grid(s, tiles)
    s.bag = []  # nothing refills a1
    own(s, 1, "S02", "S07", "S12")
    s.apply(0, "mark b1")
    s.apply(1, "mark a1")
    assert s.is_over() and s.end_reason == "C"


def test_round_limit_ends_a_stalled_game() -> None:
    s = make(2)
    s.round = rules.ROUND_LIMIT
    s.apply(0, "mark a1")
    s.apply(1, "mark b1")
    assert s.is_over() and s.end_reason == "limit"


# ---- scoring and tie-breaks -------------------------------------------------------------------
def _over(s: EnvyraState, owner: int | None = None) -> None:
    rules.finish(s, "C" if owner is None else "A", owner)


def test_outcome_breakdown_and_partitions() -> None:
    s = make(2)
    own(s, 0, "B08", "S02", "B03", "B12", "S07", "S06", "S11")
    _over(s)
    out = s.outcome()
    assert out is not None
    assert out.breakdown[0] == {"stars": 11, "sets": 6, "equilibrium": 0}
    assert out.scores[0] == 17
    part = out.details["partitions"][0]
    assert sorted(len(x) for x in part["sets"]) == [2, 3]
    assert sorted(map(tuple, part["loose"])) == [("blue", "sea"), ("green", "leaf")]


def test_tie_broken_by_set_points() -> None:
    s = make(2)
    own(s, 0, "S02", "S03", "B21", "S07")  # 7 stars + fire/mountain pair 2 = 9
    own(s, 1, "S04", "S01", "B01", "S05")  # 5 stars + desert/sun/fire 4 = 9
    _over(s)
    out = s.outcome()
    assert out is not None
    assert out.scores == (9, 9)
    assert out.winners == (1,) and out.ranks == (2, 1)
    assert out.details["tie_breaks"] == ["sets"]


def test_tie_break_order_sets_then_end_tile_then_shared() -> None:
    from herna.core import Outcome
    from herna.games.envyra.scoring import rank_keys, tie_breaks_used
    keys = rank_keys([10, 10, 8], [4, 2, 6], None)
    out = Outcome((10, 10, 8), (), {"rank_keys": keys})
    assert out.winners == (0,) and out.ranks == (1, 2, 3)
    assert tie_breaks_used(keys) == ["sets"]
    keys = rank_keys([10, 10], [4, 4], 1)
    out = Outcome((10, 10), (), {"rank_keys": keys})
    assert out.winners == (1,) and tie_breaks_used(keys) == ["end_tile"]
    keys = rank_keys([10, 10], [4, 4], None)
    out = Outcome((10, 10), (), {"rank_keys": keys})
    assert out.winners == (0, 1) and out.win_shares() == (0.5, 0.5)
    assert tie_breaks_used(keys) == ["shared"]


# ---- Equilibrium ------------------------------------------------------------------------------
def test_equilibrium_a_first_to_complete_takes_the_card() -> None:
    s = make(3, equilibrium="A")
    assert len(s.eq_public) == 2 and not s.eq_secret
    card = CARDS[s.eq_public[0]]
    assert not card.four_only
    syms = list(card.symbols)
    ids = [next(t.id for t in TILES if (t.symbol == x and t.dice == 1) or
                (t.symbol == x and t.group == "S")) for x in syms]
    for tid in ids[:-1]:
        own(s, 1, tid)
    rules.claim_public_cards(s, 1)
    assert s.eq_owner[0] == EMPTY
    own(s, 1, ids[-1])
    rules.claim_public_cards(s, 1)
    assert s.eq_owner[0] == 1
    own(s, 2, *ids)
    rules.claim_public_cards(s, 2)
    assert s.eq_owner[0] == 1  # only the first qualifier
    _over(s)
    out = s.outcome()
    assert out is not None and out.breakdown[1]["equilibrium"] >= card.vp


def test_equilibrium_b_secret_cards_hidden_until_the_end() -> None:
    s = make(4, equilibrium="B")
    assert len(s.eq_secret) == 4 and not s.eq_public
    v = s.view(0)
    assert v["seats"][0]["secret_card"] is not None
    assert all(v["seats"][i]["secret_card"] is None for i in (1, 2, 3))
    assert s.view(None)["seats"][0]["secret_card"] is None
    card = CARDS[s.eq_secret[2]]
    for x in card.symbols:
        own(s, 2, next(t.id for t in TILES if t.symbol == x))
    _over(s)
    out = s.outcome()
    assert out is not None and out.breakdown[2]["equilibrium"] == card.vp
    assert s.view(0)["seats"][2]["secret_card"]["id"] == card.id


def test_equilibrium_three_symbol_cards_only_with_four_players() -> None:
    for seed in range(20):
        s = make(3, seed, equilibrium="C")
        assert len(s.eq_public) == 2 and len(s.eq_secret) == 3
        assert not any(CARDS[c].four_only for c in [*s.eq_public, *s.eq_secret])
    seen = set()
    for seed in range(40):
        s = make(4, seed, equilibrium="C")
        seen |= {CARDS[c].four_only for c in [*s.eq_public, *s.eq_secret]}
    assert seen == {True, False}


# ---- hidden information -----------------------------------------------------------------------
def test_determinize_resamples_the_others_marks_consistently() -> None:
    s = make(3, seed=2)
    s.apply(1, "mark a1 b1")
    s.apply(2, "mark c1")
    seen = set()
    for k in range(30):
        d = s.determinize(0, k)
        assert d.view(0) == s.view(0)
        assert d.supply[1] + len(d.board[1]) == DICE
        seen.add(tuple(d.board[1]))
        assert all(d.grid[x] != EMPTY for x in d.board[1])
    assert len(seen) > 5
    assert s.determinize(1, 0).board[1] == [slot("a1"), slot("b1")]


def test_determinize_keeps_the_public_bag_count_and_tile_pool() -> None:
    s = make(2, seed=9)
    d = s.determinize(0, 4)
    assert len(d.bag) == len(s.bag) and len(d.removed) == len(s.removed)
    assert sorted(d.bag + d.removed) == sorted(s.bag + s.removed)
    assert all(x in d.removed for x in range(len(TILES)) if TILES[x].only_3_4)


def test_a_determinization_depends_only_on_what_the_seat_knows() -> None:
    """Two worlds the seat cannot tell apart (another split of the unseen tiles between bag
    and box, other secret cards, other sealed marks) determinize alike for the same draws, so
    the hard level's samples, and its choice, cannot leak the true hidden tiles."""
    from herna.games.envyra.bots import GreedyBot

    for players in (2, 3, 4):
        s = make(players, seed=20 + players, equilibrium="C")
        greedy = [GreedyBot(seed=i) for i in range(players)]
        checked = 0
        while not s.is_over() and checked < 8:
            seat = s.to_act()[0]
            if len(s.history) % 3 == 1:
                other = s.determinize(seat, 99 + checked)  # another world, same information
                assert other.view(seat) == s.view(seat)
                a, b = s.determinize(seat, 5), other.determinize(seat, 5)
                assert (a.bag, a.removed, a.eq_secret, a.board, a.supply, a.rng.state) == (
                    b.bag, b.removed, b.eq_secret, b.board, b.supply, b.rng.state)
                checked += 1
            s.apply(seat, greedy[seat].act(s, seat))
        assert checked == 8


def test_over_state_is_final() -> None:
    s = make(2)
    _over(s)
    assert s.phase == OVER and s.to_act() == ()
    with pytest.raises(IllegalAction):
        s.apply(0, "mark a1")


def test_same_tile_flag_lets_two_dice_mark_one_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """setup.json's two_dice_same_tile (off by default): `mark a1 a1`; the two dice move in
    the first and second pass like any two dice."""
    monkeypatch.setattr(rules, "SAME_TILE", True)
    monkeypatch.setattr(rules, "_MARK_LISTS", {})
    s = make(2)
    set_grid(s, {"a1": "B07", "b1": "S04"})  # 4 dice
    assert "mark a1 a1" in [str(a) for a in s.legal_actions(0)]
    s.apply(0, "mark a1 a1")
    s.apply(1, "mark a1")
    assert s.dice[slot("a1")] == [0, 1, 0]  # seat 0 first, seat 1, then seat 0's second
    assert s.round == 2
