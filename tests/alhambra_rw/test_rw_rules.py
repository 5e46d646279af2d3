"""One test per rule of Alhambra Roll & Write (seed 000; rules/alhambra-rw.md), on the engine."""

from __future__ import annotations

import pytest

import herna
from herna.core import BadOption, IllegalAction
from herna.games.alhambra_rw import rules
from herna.games.alhambra_rw.data import BOXES, CELL_TYPE, TYPE_INDEX, cell
from herna.games.alhambra_rw.state import RWState

GAME = "alhambra-rw"


def make(players: int = 3, seed: int = 0, **options: object) -> RWState:
    s = herna.make(GAME, players=players, seed=seed, **options)
    assert isinstance(s, RWState)
    return s


def set_dice(s: RWState, seat: int, blue: list[int], yellow: list[int]) -> None:
    s.blue[seat] = list(blue)
    s.yellow[seat] = list(yellow)
    s._legal = None


def texts(s: RWState, seat: int) -> list[str]:
    return [str(a) for a in s.legal_actions(seat)]


def clear_sheet(s: RWState, seat: int) -> None:
    """An empty sheet for a scenario (score-sheet counts follow the sheet)."""
    for t in range(len(BOXES)):
        s.counts[seat][t] = 0
    s.built[seat] = 0
    s._legal = None


def build_cells(s: RWState, seat: int, cells: list[tuple[int, int]]) -> None:
    for b, y in cells:
        rules.build(s, seat, cell(b, y))
    s.completers = []
    s._legal = None


# ---- setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_three_builds_dice_and_coins(players: int) -> None:
    for seed in range(10):
        s = make(players, seed)
        for seat in range(players):
            assert s.built[seat].bit_count() == 3
            assert sum(s.counts[seat]) == 3
            assert s.circled[seat] == 3 and s.crossed[seat] == 0
            want = 2 if seat == 0 else 1  # the start player's extra pair
            assert len(s.blue[seat]) == want and len(s.yellow[seat]) == want
        assert s.round == 1 and s.to_act() == (0,)


def test_setup_rerolls_a_roll_on_a_built_cell() -> None:
    rerolled = 0
    for seed in range(200):
        s = make(3, seed)
        for _, player, rolls, _ in s.log:
            if player >= s.num_players:
                continue
            rerolled += len(rolls) > 1
            built_before = {cell(*r) for r in rolls[:-1]}
            assert cell(*rolls[-1]) not in built_before or len(rolls) == 1
    assert rerolled > 0  # the seeds include rerolls


def test_virtual_players_get_three_starting_rolls_repeats_allowed() -> None:
    s = make(1, 0)
    assert s.virtual == 2
    for p in (1, 2):
        assert sum(s.counts[p]) == 3
    starts = [e for e in s.log if e[1] >= 1 and e[0] == 0]
    assert len(starts) == 6


@pytest.mark.parametrize(("players", "options", "rounds"), [
    (1, {}, 18), (2, {}, 18), (3, {}, 18), (4, {}, 15), (5, {}, 12),
    (1, {"virtual": 3}, 15), (1, {"virtual": 4}, 12)])
def test_rounds_by_seat_count(players: int, options: dict[str, int], rounds: int) -> None:
    assert make(players, 0, **options).rounds == rounds


def test_options_outside_the_rules_are_refused() -> None:
    for players, options in [(3, {"virtual": 1}), (2, {"virtual": 2}), (1, {"virtual": 1}),
                             (2, {"vs_virtual": True}), (1, {"virtual": 5})]:
        with pytest.raises(BadOption):
            make(players, 0, **options)


# ---- turn order ---------------------------------------------------------------------------------
def play_random(s: RWState, moves: int, seed: int = 1) -> None:
    rng = herna.Rng(seed)
    for _ in range(moves):
        if s.is_over():
            return
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])


def test_start_player_is_fixed_and_starts_every_round() -> None:
    s = make(4, 3)
    starts = []
    rng = herna.Rng(5)
    while not s.is_over():
        if not starts or s.round != starts[-1]:
            assert s.current == 0 and s.phase == rules.START
            starts.append(s.round)
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])
    assert starts == list(range(1, 16))


def test_the_seat_to_act_always_holds_four_dice() -> None:
    s = make(3, 2)
    rng = herna.Rng(2)
    while not s.is_over():
        seat = s.current
        if s.phase == rules.START:
            assert len(s.blue[seat]) == 2 and len(s.yellow[seat]) == 2
            for other in range(3):
                if other != seat:
                    assert len(s.blue[other]) == 1 and len(s.yellow[other]) == 1
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.below(len(legal))])


# ---- build --------------------------------------------------------------------------------------
def test_build_offers_the_unbuilt_intersections_only() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [2, 5], [1, 4])
    build_cells(s, 0, [(5, 4)])
    builds = [a for a in texts(s, 0) if a.startswith("build")]
    assert builds == ["build 2,1", "build 2,4", "build 5,1"]  # Frank: 3 of 4, one built
    with pytest.raises(IllegalAction, match="already built"):
        s.apply(0, "build 5,4")
    with pytest.raises(IllegalAction, match="not where"):
        s.apply(0, "build 3,3")


def test_all_intersections_built_forces_coins() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    s.circled[0] = s.crossed[0] = 0  # no coins: no die changes either
    set_dice(s, 0, [2, 5], [1, 4])
    build_cells(s, 0, [(2, 1), (2, 4), (5, 1), (5, 4)])
    assert texts(s, 0) == ["coins"]


def test_build_passes_the_unused_pair_unchanged_and_rerolls_the_used_one() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    s.circled[0] = 3
    s.crossed[0] = 1  # 2 coins: no second building, the turn ends with the build
    set_dice(s, 0, [2, 5], [1, 4])
    set_dice(s, 1, [6], [6])
    s.apply(0, "build 2,1")
    assert s.built[0] >> cell(2, 1) & 1
    assert sorted(s.blue[1]) == [5, 6] and sorted(s.yellow[1]) == [4, 6]
    assert len(s.blue[0]) == 1 and len(s.yellow[0]) == 1  # the rerolled used pair
    assert s.to_act() == (1,)


def test_score_sheet_counts_follow_the_builds() -> None:
    s = make(3, 0)
    before = list(s.counts[0])
    set_dice(s, 0, [1, 1], [1, 1])
    clear_sheet(s, 0)
    before = [0] * len(before)
    s.apply(0, "build 1,1")
    t = CELL_TYPE[cell(1, 1)]
    assert s.counts[0][t] == before[t] + 1


# ---- coins --------------------------------------------------------------------------------------
def test_coins_count_built_intersections_before_the_reroll() -> None:
    """Patricia gains 3 coins: 3 of her 4 intersections are built."""
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [2, 5], [1, 4])
    build_cells(s, 0, [(2, 1), (2, 4), (5, 1)])
    s.apply(0, "coins")
    assert s.circled[0] == 6
    assert s.phase == rules.KEEP
    assert len(s.blue[0]) == 2 and len(s.yellow[0]) == 2


def test_coinciding_intersections_count_separately_four_coins() -> None:
    """Both blue dice show 3 and both yellow 4: one built cell hit four times -> 4 coins."""
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [3, 3], [4, 4])
    build_cells(s, 0, [(3, 4)])
    s.apply(0, "coins")
    assert s.circled[0] == 3 + 4
    s2 = make(3, 0)
    clear_sheet(s2, 0)
    set_dice(s2, 0, [3, 3], [2, 5])  # both blue on 3: two cells, each hit twice
    build_cells(s2, 0, [(3, 2), (3, 5)])
    s2.apply(0, "coins")
    assert s2.circled[0] == 3 + 4


def test_the_coin_track_caps_lifetime_income() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    s.circled[0] = 19
    s.crossed[0] = 10
    set_dice(s, 0, [3, 3], [4, 4])
    build_cells(s, 0, [(3, 4)])
    s.apply(0, "coins")
    assert s.circled[0] == 20  # 4 earned, 1 space left on the track


def test_after_coins_keep_a_pair_and_pass_the_other() -> None:
    s = make(3, 0)
    set_dice(s, 1, [], [])
    s.apply(0, "coins")
    blue, yellow = sorted(s.blue[0]), sorted(s.yellow[0])
    options = texts(s, 0)
    assert all(o.startswith("keep ") for o in options)
    s.apply(0, f"keep {blue[0]},{yellow[1]}")
    assert s.blue[0] == [blue[0]] and s.yellow[0] == [yellow[1]]
    assert s.blue[1] == [blue[1]] and s.yellow[1] == [yellow[0]]
    assert s.to_act() == (1,)


# ---- special actions ----------------------------------------------------------------------------
def test_adjust_costs_one_coin_per_pip_on_several_dice() -> None:
    """Frank pays 3 coins: blue down by 1, yellow down by 2."""
    s = make(3, 0)
    set_dice(s, 0, [4, 6], [5, 2])
    s.apply(0, "adjust blue 4 -1")
    s.apply(0, "adjust yellow 5 -2")
    assert sorted(s.blue[0]) == [3, 6] and sorted(s.yellow[0]) == [2, 3]
    assert s.crossed[0] == 3 and rules.balance(s, 0) == 0
    assert [a for a in texts(s, 0) if a.startswith("adjust")] == []


def test_adjust_never_wraps_between_1_and_6() -> None:
    s = make(3, 0)
    s.circled[0] = 20
    set_dice(s, 0, [1, 6], [1, 6])
    legal = texts(s, 0)
    assert "adjust blue 1 -1" not in legal and "adjust blue 6 +1" not in legal
    assert "adjust blue 1 +5" in legal
    with pytest.raises(IllegalAction, match="never wrap"):
        s.apply(0, "adjust blue 6 +1")


def test_adjust_needs_the_coins_and_the_die() -> None:
    s = make(3, 0)
    set_dice(s, 0, [2, 2], [3, 3])
    with pytest.raises(IllegalAction, match="costs 4"):
        s.apply(0, "adjust blue 2 +4")
    with pytest.raises(IllegalAction, match="shows 5"):
        s.apply(0, "adjust yellow 5 +1")


def test_adjust_only_at_the_start_of_the_turn_and_before_coins_too() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [2, 5], [1, 4])
    build_cells(s, 0, [(2, 4)])
    s.apply(0, "adjust blue 5 -3")  # both blue dice on 2: two cells hit twice
    s.apply(0, "coins")
    assert s.circled[0] == 3 + 2
    s2 = make(3, 0)
    clear_sheet(s2, 0)
    s2.circled[0] = 10
    set_dice(s2, 0, [2, 5], [1, 4])
    s2.apply(0, "build 2,1")
    assert s2.phase == rules.SECOND
    with pytest.raises(IllegalAction, match="second 5,4"):
        s2.apply(0, "adjust blue 5 -1")


def test_second_building_on_the_unused_dice_for_three_coins() -> None:
    """Ani pays 3 coins and builds 2 buildings; then all 4 dice are rolled and she keeps a pair."""
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [2, 5], [1, 4])
    s.apply(0, "build 2,1")
    assert texts(s, 0) == ["second 5,4", "end"]
    with pytest.raises(IllegalAction, match="second 5,4"):
        s.apply(0, "second 2,4")
    s.apply(0, "second 5,4")
    assert s.built[0] >> cell(5, 4) & 1 and s.crossed[0] == 3
    assert s.phase == rules.KEEP


def test_second_building_not_offered_without_coins_or_on_a_built_cell() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [2, 5], [1, 4])
    build_cells(s, 0, [(5, 4)])
    s.apply(0, "build 2,1")
    assert s.to_act() == (1,)  # spare cell built: the turn ended
    s2 = make(3, 0)
    clear_sheet(s2, 0)
    s2.crossed[0] = 1
    set_dice(s2, 0, [2, 5], [1, 4])
    s2.apply(0, "build 2,1")
    assert s2.to_act() == (1,)  # 2 coins only


def test_end_declines_the_second_building_and_passes_the_spare_pair() -> None:
    s = make(3, 0)
    clear_sheet(s, 0)
    set_dice(s, 0, [2, 5], [1, 4])
    set_dice(s, 1, [6], [6])
    s.apply(0, "build 2,1")
    s.apply(0, "end")
    assert sorted(s.blue[1]) == [5, 6] and sorted(s.yellow[1]) == [4, 6]
    assert s.crossed[0] == 0


# ---- awards -------------------------------------------------------------------------------------
def seraglio_cells() -> list[tuple[int, int]]:
    return [(c // 6 + 1, c % 6 + 1) for c in range(36) if CELL_TYPE[c] == TYPE_INDEX["seraglio"]]


def test_completers_in_the_same_round_share_at_the_end_of_the_round() -> None:
    """Two players fill the seraglio in the same round, first place free: 13 each."""
    s = make(3, 0)
    t = TYPE_INDEX["seraglio"]
    for seat in (1, 2):
        clear_sheet(s, seat)
        build_cells(s, seat, seraglio_cells()[:3])
    b, y = seraglio_cells()[3]
    s.circled = [0, 0, 0]  # no coins: no second building, no die changes
    s.apply(0, "coins")
    s.apply(0, str(s.legal_actions(0)[0]))  # keep a pair
    set_dice(s, 1, [b, b], [y, y])
    s.apply(1, f"build {b},{y}")
    assert s.counts[1][t] == 4 and s.award_pts[1][t] == 0  # paid at the end of the round
    set_dice(s, 2, [b, b], [y, y])
    s.apply(2, f"build {b},{y}")  # the last seat: the round ends
    assert s.round == 2
    assert s.award_pts[1][t] == 13 and s.award_pts[2][t] == 13
    assert s.used[t] == 2 and s.paid[t] == {1: 1, 2: 1}
    assert s.view(0)["awards"][-1]["places"] == [1, 2]


def test_a_later_completer_takes_the_next_place() -> None:
    s = make(3, 0)
    t = TYPE_INDEX["seraglio"]
    s.used[t] = 1
    s.paid[t] = {2: 1}
    clear_sheet(s, 0)
    build_cells(s, 0, seraglio_cells()[:3])
    rules.build(s, 0, cell(*seraglio_cells()[3]))
    rules.award(s)
    assert s.award_pts[0][t] == 9 and s.paid[t][0] == 2


def test_a_virtual_completer_uses_up_the_place_and_its_share_is_lost() -> None:
    s = make(2, 0)  # players 0, 1 and virtual player 2
    t = TYPE_INDEX["pavilion"]
    s.counts[2][t] = BOXES[t] - 1
    s.counts[2][t] += 1
    s.completers.append((2, t))
    rules.award(s)
    assert s.used[t] == 1 and s.paid[t] == {2: 1}
    # play out: the virtual player's 16 never reach a seat
    play_random(s, 10_000)
    out = s.outcome()
    assert out is not None
    assert all(b["pavilion"] <= 8 for b in out.breakdown)
    assert out.details["virtual"][0]["score"] == 0


def test_a_virtual_player_rerolls_a_completed_type() -> None:
    s = make(1, 0)
    t = TYPE_INDEX["garden"]
    s.counts[1] = [BOXES[u] if u != t else 0 for u in range(len(BOXES))]
    rules.virtual_build(s, 1)
    assert s.counts[1][t] == 1  # every other type is full: only garden could be built
    rolls = s.log[-1][2]
    assert all(CELL_TYPE[cell(*r)] != t for r in rolls[:-1])
    assert CELL_TYPE[cell(*rolls[-1])] == t


def test_virtual_players_build_once_per_round_after_the_humans() -> None:
    s = make(2, 4)
    start = sum(s.counts[2])
    rounds_seen = s.round
    while s.round == rounds_seen:
        assert sum(s.counts[2]) == start
        play_random(s, 1)
    assert sum(s.counts[2]) == start + 1


def test_two_humans_pass_dice_only_to_each_other() -> None:
    s = make(2, 0)
    set_dice(s, 1, [6], [6])
    s.circled[0] = 0
    set_dice(s, 0, [2, 5], [1, 4])
    clear_sheet(s, 0)
    s.apply(0, "build 2,1")
    assert sorted(s.blue[1]) == [5, 6]
    clear_sheet(s, 1)
    s.circled[1] = 0
    s._legal = None
    s.apply(1, "build 5,4")  # the last seat passes to the start player
    assert len(s.blue[0]) == 2 and s.to_act() == (0,) and s.round == 2


def test_solo_keeps_the_unused_pair_and_keeps_all_four_after_coins() -> None:
    s = make(1, 0)
    clear_sheet(s, 0)
    s.circled[0] = 0
    set_dice(s, 0, [2, 5], [1, 4])
    s.apply(0, "build 2,1")
    assert 5 in s.blue[0] and 4 in s.yellow[0] and len(s.blue[0]) == 2
    s.apply(0, "coins")
    assert len(s.blue[0]) == 2 and len(s.yellow[0]) == 2
    assert all(not a.startswith("keep") for a in texts(s, 0))


# ---- final scoring ------------------------------------------------------------------------------
def finish(s: RWState) -> None:
    play_random(s, 100_000)
    assert s.is_over()


def test_breakdown_adds_lines_and_coins() -> None:
    s = make(3, 7)
    finish(s)
    out = s.outcome()
    assert out is not None
    for seat, row in enumerate(out.breakdown):
        assert row["lines"] == rules.line_score(s.built[seat])
        assert row["coins"] == rules.balance(s, seat) // 2
        assert sum(row.values()) == out.scores[seat]


def test_final_scoring_leaves_out_players_paid_during_play() -> None:
    s = make(3, 0)
    t = TYPE_INDEX["tower"]
    s.used[t] = 1
    s.paid[t] = {0: 1}
    s.award_pts[0][t] = 21
    s.counts[0][t], s.counts[1][t], s.counts[2][t] = 8, 5, 4
    s.round = s.rounds
    s.current = s.num_players - 1
    out = rules.final_scores(s)
    assert [b["tower"] for b in out.breakdown] == [21, 13, 6]


def test_ties_share_the_win() -> None:
    """Seats 0 and 1 with identical sheets and coins tie for the win (no tie-break)."""
    s = make(3, 0)
    s.built[1] = s.built[0]
    s.counts[1] = list(s.counts[0])
    clear_sheet(s, 2)
    s.round, s.current = s.rounds, 2
    out = rules.final_scores(s)
    assert out.scores[0] == out.scores[1] > out.scores[2]
    assert out.win_shares() == (0.5, 0.5, 0.0)


@pytest.mark.parametrize(("virtual", "bonus"), [(2, 21), (3, 18), (4, 15)])
def test_vs_virtual_gives_the_virtual_players_their_bonus(virtual: int, bonus: int) -> None:
    s = make(1, 3, virtual=virtual, vs_virtual=True)
    finish(s)
    out = s.outcome()
    assert out is not None
    vs = out.details["vs_virtual"]
    for v in out.details["virtual"]:
        assert v["bonus"] == bonus and v["score"] == v["buildings"] + bonus
    assert len(vs["scores"]) == 1 + virtual


def test_without_vs_virtual_virtual_players_score_nothing() -> None:
    s = make(1, 3)
    finish(s)
    out = s.outcome()
    assert out is not None
    assert all(v["score"] == 0 for v in out.details["virtual"])
    assert "vs_virtual" not in out.details


# ---- contract details ---------------------------------------------------------------------------
def test_notation_round_trips_and_parses_variants() -> None:
    s = make(3, 0)
    set_dice(s, 0, [3, 5], [2, 6])
    assert str(s.parse_action(0, "build 3,2")) == "build 3,2"
    assert str(s.parse_action(0, "BUILD 3 2")) == "build 3,2"
    assert str(s.parse_action(0, "adjust b3 +1")) == "adjust blue 3 +1"
    assert str(s.parse_action(0, "adjust blue 3 to 4")) == "adjust blue 3 +1"
    for bad in ("build", "build 7,1", "adjust green 3 +1", "coins 3", "take", "keep 1"):
        with pytest.raises(IllegalAction):
            s.parse_action(0, bad)


def test_determinize_keeps_the_view_and_changes_future_rolls() -> None:
    s = make(3, 0)
    d = s.determinize(0, 1)
    assert d.view(0) == s.view(0)
    d.apply(0, "coins")
    s.apply(0, "coins")
    assert (d.blue[0], d.yellow[0]) != (s.blue[0], s.yellow[0]) or d.rng.state != s.rng.state


def test_view_is_json_safe_and_complete() -> None:
    import json

    s = make(2, 0)
    v = s.view(0)
    json.dumps(v)
    assert v["round"] == 1 and v["rounds"] == 18 and v["virtual"] == 1
    assert len(v["sheet"]) == 3 and v["sheet"][2]["virtual"]
    assert v["data_status"]["grid"] == "RECONSTRUCTION"
    assert len(v["seats"][0]["dice"]["blue"]) == 2


def test_an_out_of_range_adjust_by_code_is_refused_with_the_wrap_rule() -> None:
    from herna.games.alhambra_rw import actions as A

    s = make(3, 0)
    set_dice(s, 0, [6, 2], [1, 4])
    code = A.adjust(A.BLUE, 6, 1).code
    with pytest.raises(IllegalAction, match="never wrap"):
        s.apply(0, code)


def test_every_code_decodes_to_its_action_and_text() -> None:
    from herna.games.alhambra_rw import actions as A

    spec = herna.spec(GAME)
    assert spec.num_distinct_actions == A.NUM_CODES == 230
    for code in range(A.NUM_CODES):
        a = A.from_code(code)
        assert a.code == code
        if a.kind != A.ADJUST or 1 <= a.target <= 6:
            assert A.parse(str(a)) is a
