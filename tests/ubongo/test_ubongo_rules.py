"""Ubongo's rules, one test per rule (rules/ubongo.md and the seed rulebook 001)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import herna
from herna.core import BadOption, IllegalAction
from herna.games.ubongo import actions as A
from herna.games.ubongo import rules, scoring
from herna.games.ubongo.data import COLOURS
from herna.games.ubongo.deck import Deck, default_deck
from herna.games.ubongo.pieces import orientations
from herna.games.ubongo.state import UbongoState
from herna.games.ubongo.terminal import stamp

G, R, B, V, N, Y = range(6)  # colour indices: green red blue violet brown yellow


def new(players: int = 3, seed: int = 1, **options: object) -> UbongoState:
    s = herna.make("ubongo", players=players, seed=seed, **options)
    assert isinstance(s, UbongoState)
    return s


def to_race(s: UbongoState, fields: list[int] | None = None) -> UbongoState:
    """Place every figure (field 1-6 per seat, default all on field 3) and reach the race."""
    fields = fields or [3] * s.num_players
    while s.phase == rules.START:
        seat = s.to_act()[0]
        s.apply(seat, f"start {fields[seat]}")
    assert s.phase == rules.RACE
    return s


def solve(s: UbongoState, seat: int, seconds: float) -> str:
    """The seat's first solution as text, finished after `seconds`."""
    return A.SolveAction(rules.first_placements(s, seat), round(seconds * 10), s.scale).text()


def fingerprint(s: UbongoState) -> str:
    return json.dumps([s.record(), [s.view(i) for i in range(s.num_players)], s.view(None)],
                      sort_keys=True)


# ---- the end: the seed's tie-break example -----------------------------------------------------
def test_seed_tiebreak_example_c_beats_a_on_the_third_count() -> None:
    """Rulebook example: A 6,4,2,2,2,2 (18 gems) and C 4,3,2,6,1,0 (16) both have 6 of one
    colour and 4 of another; C wins on the third count, 3 red against 2."""
    a = [6, 4, 2, 2, 2, 2]
    b = [2, 2, 0, 1, 2, 3]
    c = [4, 3, 2, 6, 1, 0]
    assert scoring.sorted_counts(c) == (6, 4, 3, 2, 1, 0)
    assert scoring.winners([a, b, c]) == [2]
    assert scoring.ranks([a, b, c]) == [2, 3, 1]
    assert scoring.decision([a, b, c]) == ([2], 2, 0)  # decided at the 3rd count, over A
    assert sum(a) > sum(c)


def test_the_outcome_ranks_by_the_tie_break_and_the_breakdown_adds_up() -> None:
    s = new(3)
    s.gems = [[6, 4, 2, 2, 2, 2], [2, 2, 0, 1, 2, 3], [4, 3, 2, 6, 1, 0]]
    rules.end_game(s)
    out = s.outcome()
    assert out is not None
    assert out.winners == (2,)
    assert out.scores == (6, 3, 6)  # the most gems of one colour; the tie-break ranks
    assert out.ranks == (2, 3, 1)
    assert out.details["rank_keys"][2] == [6, 4, 3, 2, 1, 0]
    assert [sum(b.values()) for b in out.breakdown] == list(out.scores)
    assert out.details["deciding_place"] == 3
    assert out.details["sorted"][0] == [6, 4, 2, 2, 2, 2]


def test_identical_sorted_counts_share_the_win() -> None:
    s = new(2)
    s.gems = [[5, 3, 0, 0, 0, 0], [0, 0, 3, 5, 0, 0]]
    rules.end_game(s)
    out = s.outcome()
    assert out is not None and out.winners == (0, 1)


# ---- setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "cards", "rounds"), [(2, 18, 9), (3, 27, 9), (4, 36, 9)])
def test_cards_in_play_by_player_count(players: int, cards: int, rounds: int) -> None:
    s = new(players)
    assert len(s.pile) == cards and s.rounds == rounds
    assert len(set(s.pile)) == cards


# Seed 001: "Protože je hra rychlá, mohou hrát nadšení hráči i se všemi kartami. Při hře ve
# dvou pak hra končí až po 18 kolech." (As the game is quick, keen players may also play with
# all the cards. With two players the game then ends only after 18 rounds.) The permission
# names no player count; a round deals "jednu kartu" (one card) to each player, so 36 cards
# make 36 / 2 = 18 rounds, 36 / 3 = 12 and 36 / 4 = 9 (4 players use "všemi 36 kartami" anyway).
@pytest.mark.parametrize(("players", "rounds"), [(2, 18), (3, 12), (4, 9)])
def test_all_cards_for_every_player_count(players: int, rounds: int) -> None:
    s = new(players, all_cards=True)
    assert len(s.pile) == 36 and len(set(s.pile)) == 36 and s.rounds == rounds


def test_side_option_chooses_three_or_four_pieces() -> None:
    easy = to_race(new(2, side="easy"))
    hard = to_race(new(2, side="hard"))
    assert len(easy.view(0)["seats"][0]["pieces"]) == 3
    assert len(hard.view(0)["seats"][0]["pieces"]) == 4
    for bad in ({"side": "medium"}, {"timer": 3}, {"timer": "45"}, {"all_cards": "yes"}):
        with pytest.raises(BadOption):
            new(2, **bad)


def test_gems_one_per_hole_twelve_of_each_colour_at_random() -> None:
    a, b = new(2, seed=1), new(2, seed=2)
    assert [len(r) for r in a.rows] == [12] * 6
    assert Counter(g for r in a.rows for g in r) == {c: 12 for c in range(6)}
    assert a.rows != b.rows


def test_figures_go_on_start_fields_one_seat_at_a_time_and_may_share() -> None:
    s = new(3)
    assert s.phase == rules.START and s.to_act() == (0,)
    s.apply(0, "start 2")
    assert s.to_act() == (1,)
    s.apply(1, "start 2")
    s.apply(2, "start 6")
    assert s.figures == [1, 1, 5]
    assert s.phase == rules.RACE
    assert s.view(None)["seats"][0]["figure"] == 2


# ---- the race -------------------------------------------------------------------------------
def test_every_seat_gets_a_card_and_the_race_is_simultaneous() -> None:
    s = to_race(new(4))
    assert sorted(s.to_act()) == [0, 1, 2, 3]
    assert all(s.cards) and len(set(s.cards)) == 4
    assert s.view(None)["symbol"] in s.view(None)["symbols"]
    s.apply(2, solve(s, 2, 10))
    assert 2 not in s.to_act() and len(s.to_act()) == 3
    assert s.legal_actions(2) == []


def test_only_the_rolled_rows_pieces_are_yours() -> None:
    s = to_race(new(3))
    side, pieces = rules.puzzle(s, 0) or (None, ())
    assert side is not None
    assert tuple(pieces) == side.rows[s.symbol]
    assert s.view(0)["seats"][0]["pieces"] == list(pieces)
    assert sorted(s.view(0)["pieces"]) == sorted(pieces)


def test_a_sealed_submission_shows_only_as_done() -> None:
    """While the race is open, others see that seat 1 is done, not what or when."""
    base = to_race(new(3))
    views = []
    for text in ("pass", solve(base, 1, 5), solve(base, 1, 80)):
        s = base.copy()
        s.apply(1, text)
        views.append(json.dumps([s.view(0), s.view(2), s.view(None)], sort_keys=True))
        assert s.view(0)["seats"][1]["done"] is True
        assert s.view(1)["seats"][1]["submission"]["text"] == text
        assert s.view(0)["seats"][1]["submission"] is None
    assert len(set(views)) == 1


def test_any_valid_solution_with_any_time_is_accepted_as_given() -> None:
    s = to_race(new(2, seed=5))
    side, pieces = rules.puzzle(s, 0) or (None, ())
    assert side is not None
    from herna.games.ubongo.solver import solutions
    sols = list(solutions(side.outline, pieces))
    last = sols[-1]
    text = "solve " + " ".join(f"{p.piece.lower()}{p.orientation}@{p.row},{p.col}"
                               for p in reversed(last)) + " in 17.34"
    applied = s.apply(0, text)
    assert isinstance(applied, A.SolveAction)
    assert applied.tenths == 173
    assert str(s.history[-1][1]).endswith(" in 17.3")
    assert s.submissions[0] is applied


def _wrong(s: UbongoState, seat: int, text: str, reason: str) -> None:
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(seat, text)
    assert fingerprint(s) == before


def test_solution_checker_refuses_with_a_reason_each_and_changes_nothing() -> None:
    s = to_race(new(3, seed=2))
    placed = list(rules.first_placements(s, 0))
    pieces = [p for p, *_ in placed]
    other = next(x for x in "ABCDEFGHIJKL" if x not in pieces)

    def text(pl: list[tuple[str, int, int, int]], secs: str = "20") -> str:
        return "solve " + " ".join(f"{p}{o}@{r},{c}" for p, o, r, c in pl) + f" in {secs}"

    p0, o0, r0, c0 = placed[0]
    # not one of your pieces
    _wrong(s, 0, text([(other, 0, r0, c0), *placed[1:]]), f"piece {other} is not beside")
    # the same piece twice
    _wrong(s, 0, text([*placed, placed[0]]), f"piece {p0} is placed twice")
    # an orientation the piece does not have
    n = len(orientations(p0))
    _wrong(s, 0, text([(p0, n, r0, c0), *placed[1:]]), f"has orientations 0-{n - 1}, not {n}")
    # outside the light area
    _wrong(s, 0, text([(p0, o0, r0 + 20, c0), *placed[1:]]), "leaves the light area")
    # a piece left out: its cells are not covered
    _wrong(s, 0, text(placed[1:]), f"not covered: piece {p0} is not placed")
    # no time, bad time, bad token
    _wrong(s, 0, text(placed).rsplit(" in ", 1)[0], "say when you finished")
    _wrong(s, 0, text(placed, "soon"), "not a time")
    _wrong(s, 0, "solve A0-0,0 in 3", "cannot read")
    # and then the right one is accepted
    s.apply(0, text(placed))
    assert 0 not in s.to_act()


def test_overlap_is_refused_with_the_cells() -> None:
    s = to_race(new(2, seed=3))
    side, pieces = rules.puzzle(s, 0) or (None, ())
    assert side is not None
    placed = list(rules.first_placements(s, 0))
    # two pieces at the same spot in orientation 0 overlap at least at one cell... find one
    for i in range(len(placed)):
        for j in range(len(placed)):
            if i == j:
                continue
            _, _, ri, ci = placed[i]
            pj, oj, _, _ = placed[j]
            cand = list(placed)
            cand[j] = (pj, oj, ri, ci)
            why = rules.check_solution(side, pieces, cand)
            if why and "overlap" in why:
                text = "solve " + " ".join(f"{p}{o}@{r},{c}" for p, o, r, c in cand) + " in 9"
                _wrong(s, 0, text, "overlap at")
                return
    pytest.fail("no overlapping variant found")


def test_a_wrong_solution_can_be_fixed_while_time_remains() -> None:
    s = to_race(new(2))
    good = solve(s, 0, 30)
    with pytest.raises(IllegalAction):
        s.apply(0, good.replace("@", "@9", 1))
    s.apply(0, good)
    assert s.submissions[0] is not None


# ---- the clock ------------------------------------------------------------------------------
def test_finishers_are_ordered_by_time_not_by_submission() -> None:
    s = to_race(new(3), fields=[1, 3, 6])
    s.apply(0, solve(s, 0, 30))
    s.apply(1, solve(s, 1, 12.5))
    s.apply(2, solve(s, 2, 20))
    assert s.current["finishers"] == [1, 2, 0]
    assert [e["seat"] for e in s.events if e["event"] == "ubongo"] == [1, 2, 0]
    assert s.queue[0] == (1, 0)


def test_equal_times_go_from_the_start_player_clockwise() -> None:
    s = to_race(new(3))
    s.start_player = 1
    for seat in (0, 1, 2):
        s.apply(seat, solve(s, seat, 10))
    assert s.current["finishers"] == [1, 2, 0]


# Seed 001: "Pokud se žádnému hráči nepodaří složit dílky v časovém limitu, kolo nekončí, ale
# hodiny se ještě jednou otočí. Pokud nikdo z hráčů nenajde řešení ani v této další minutě,
# karty se odloží" (if nobody manages within the time limit, the round does not end but the
# hourglass is turned once more; if nobody finds a solution even in this further minute, the
# cards are put away): the hourglass runs a minute, so the default timer is 60 s.
def test_the_hourglass_is_a_minute() -> None:
    s = new(3)
    assert herna.spec("ubongo").options["timer"] == 60
    assert s.timer == 60 and s.options["timer"] == 60


def test_times_beyond_the_hourglass_do_not_count_when_someone_finished() -> None:
    s = to_race(new(3))
    s.apply(0, solve(s, 0, 59.9))
    s.apply(1, solve(s, 1, 60.1))
    s.apply(2, solve(s, 2, 80))
    assert s.current["finishers"] == [0]
    assert s.current["hourglass_turns"] == 1


def test_the_hourglass_is_turned_again_when_nobody_finished() -> None:
    s = to_race(new(3))
    s.apply(0, solve(s, 0, 95))
    s.apply(1, solve(s, 1, 65))
    s.apply(2, solve(s, 2, 125))  # past the second minute too
    assert s.current["hourglass_turns"] == 2
    assert s.current["finishers"] == [1, 0]
    turns = [e["turn"] for e in s.events if e["event"] == "hourglass"]
    assert turns == [1, 2]


def test_nobody_finishing_twice_discards_the_cards_and_deals_new_ones() -> None:
    s = to_race(new(2))
    cards, gems, rows = list(s.cards), [list(g) for g in s.gems], [list(r) for r in s.rows]
    s.apply(0, "pass")
    s.apply(1, solve(s, 1, 121))  # after the second minute
    assert s.phase == rules.RACE and s.round == 2
    assert s.log[-1]["discarded"] is True
    assert s.gems == gems and s.rows == rows
    assert not set(s.cards) & set(cards)


def test_the_timer_option_sets_the_hourglass() -> None:
    s = to_race(new(2, timer=30))
    s.apply(0, solve(s, 0, 31))
    s.apply(1, solve(s, 1, 59))
    assert s.current["hourglass_turns"] == 2 and s.current["finishers"] == [0, 1]


# ---- movement and gems ----------------------------------------------------------------------
def test_allowances_three_two_one_zero_in_finishing_order() -> None:
    s = to_race(new(4), fields=[4, 4, 4, 4])
    for seat, secs in ((0, 5), (1, 6), (2, 7), (3, 8)):
        s.apply(seat, solve(s, seat, secs))
    assert s.to_act() == (0,)
    assert [str(a) for a in s.legal_actions(0)] == [
        "move -3", "move -2", "move -1", "move 0", "move +1", "move +2"]  # field 6 is the edge
    s.apply(0, "move 0")
    assert [str(a) for a in s.legal_actions(1)] == [
        "move -2", "move -1", "move 0", "move +1", "move +2"]
    with pytest.raises(IllegalAction, match="up to 2 field"):
        s.apply(1, "move +3")
    s.apply(1, "move +2")
    assert [str(a) for a in s.legal_actions(2)] == ["move -1", "move 0", "move +1"]
    s.apply(2, "move -1")
    # the 4th finisher has no choice: it stays and takes its gems at once
    assert s.phase == rules.RACE
    assert [m["to"] for m in s.log[-1]["moves"]] == [4, 6, 3, 4]


def test_the_movement_is_the_same_with_fewer_players() -> None:
    s = to_race(new(2), fields=[1, 1])
    s.apply(0, solve(s, 0, 5))
    s.apply(1, solve(s, 1, 6))
    assert [str(a) for a in s.legal_actions(0)] == ["move 0", "move +1", "move +2", "move +3"]


def test_a_finisher_takes_the_two_front_gems_whatever_holes_lie_before() -> None:
    s = to_race(new(2), fields=[2, 5])
    s.rows[1] = [R, R, G, B]  # eight holes already empty in front
    s.apply(0, solve(s, 0, 5))
    s.apply(1, "pass")
    s.apply(0, "move 0")
    assert s.gems[0][R] == 2 and sum(s.gems[0]) == 2
    assert s.rows[1] == [G, B]


def test_a_short_row_gives_what_it_has_and_an_empty_row_nothing() -> None:
    s = to_race(new(2), fields=[1, 6])
    s.rows[0] = [Y]
    s.rows[5] = []
    s.apply(0, solve(s, 0, 5))
    s.apply(1, solve(s, 1, 6))
    s.apply(0, "move 0")
    s.apply(1, "move 0")
    assert s.gems[0] == [0, 0, 0, 0, 0, 1] and sum(s.gems[1]) == 0


def test_shared_field_first_come_first_served() -> None:
    """The 2nd finisher moves onto the 1st's field: the 1st took first, the 2nd gets the
    next two gems of that row."""
    s = to_race(new(2), fields=[3, 1])
    s.rows[2] = [G, G, V, V, R]
    s.apply(0, solve(s, 0, 5))
    s.apply(1, solve(s, 1, 6))
    s.apply(0, "move 0")
    s.apply(1, "move +2")
    assert s.gems[0][G] == 2 and s.gems[1][V] == 2
    assert s.rows[2] == [R]


def test_a_seat_that_passed_neither_moves_nor_takes_gems() -> None:
    s = to_race(new(2), fields=[2, 2])
    s.apply(0, "pass")
    s.apply(1, solve(s, 1, 10))
    assert s.to_act() == (1,)
    s.apply(1, "move +1")
    assert sum(s.gems[0]) == 0 and s.figures[0] == 1
    assert sum(s.gems[1]) == 2


def test_the_start_player_passes_to_the_left() -> None:
    s = to_race(new(3))
    assert s.start_player == 0
    for seat in s.to_act():
        s.apply(seat, "pass")
    s.apply(s.to_act()[0], "pass")  # the new round's race (first seat)
    assert s.start_player == 1
    assert s.to_act() == (2, 0)


def test_the_game_ends_when_the_cards_are_used_up() -> None:
    for players, opts, rounds in ((2, {}, 9), (2, {"all_cards": True}, 18),
                                  (3, {"all_cards": True}, 12), (4, {}, 9)):
        s = to_race(new(players, **opts))
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, s.legal_actions(seat)[-1])  # slowest listed time or the last move
        assert s.round == rounds and len(s.log) == rounds
        assert not s.pile
        assert s.to_act() == () and s.outcome() is not None


# ---- codes, texts, records --------------------------------------------------------------------
def test_solve_codes_are_time_buckets_and_decode_to_the_first_solution() -> None:
    s = to_race(new(2))
    legal = s.legal_actions(0)
    assert str(legal[0]) == "pass" and legal[0].code == 0
    times = [a.tenths / 10 for a in legal[1:] if isinstance(a, A.SolveAction)]
    assert times == [12.0, 24.0, 36.0, 48.0, 60.0, 90.0, 120.0]
    a = s.action_from_code(0, 3)  # bucket 3: up to 0.3 of the hourglass
    assert isinstance(a, A.SolveAction) and a.tenths == 180
    assert s.parse_action(0, solve(s, 0, 17.9)).code == 3
    assert s.parse_action(0, solve(s, 0, 1000)).code == 21
    with pytest.raises(IllegalAction):
        s.action_from_code(0, A.NUM_CODES)


def test_a_late_solve_counts_as_not_finished() -> None:
    s = to_race(new(2))
    s.apply(0, solve(s, 0, 500))
    s.apply(1, solve(s, 1, 20))
    assert s.current["finishers"] == [1]
    assert s.current["times"] == [500.0, 20.0]


def test_replay_is_exact_with_the_times_in_the_record() -> None:
    s = to_race(new(3, seed=9))
    s.apply(0, solve(s, 0, 12.3))
    s.apply(1, solve(s, 1, 7.7))
    s.apply(2, "pass")
    again = herna.replay(json.loads(json.dumps(s.record())))
    assert fingerprint(again) == fingerprint(s)
    assert [a for _, a in s.record()["actions"]][-3:-1] == [solve(s, 0, 12.3), solve(s, 1, 7.7)]


def test_determinize_resamples_the_deck_and_sealed_submissions_only() -> None:
    s = to_race(new(3, seed=4))
    s.apply(0, solve(s, 0, 10))
    s.apply(1, "pass")
    changed = False
    for k in range(20):
        d = s.determinize(2, k)
        assert d.view(2) == s.view(2)
        assert d.submissions[2] is None
        changed |= d.pile != s.pile or d.submissions[:2] != s.submissions[:2]
    assert changed
    d = s.determinize(0, 1)
    assert d.submissions[0] is s.submissions[0]


def test_a_small_deck_built_from_json_plays_one_round() -> None:
    """A two-card deck from JSON (the first two shipped cards) gives one 2-player round."""
    data = default_deck().to_json()
    data["cards"] = data["cards"][:2]
    deck = Deck.from_json(data)
    s = UbongoState(2, 7, {"side": "easy", "timer": 60, "all_cards": False}, deck=deck)
    assert s.rounds == 1 and sorted(s.pile) == [1, 2]
    to_race(s)  # type: ignore[arg-type]
    s.apply(0, solve(s, 0, 5))
    s.apply(1, "pass")
    s.apply(0, "move +1")
    assert s.is_over()
    out = s.outcome()
    assert out is not None and out.winners == (0,)


def test_stamp_adds_the_time_to_a_solve_without_one() -> None:
    assert stamp("solve A0@0,0 C1@0,1", 23.46) == "solve A0@0,0 C1@0,1 in 23.5"
    assert stamp("solve A0@0,0 in 3", 23.4) == "solve A0@0,0 in 23.4"  # the clock decides
    assert stamp("pass", 10) == "pass"
    assert stamp("move +2", 10) == "move +2"


def test_view_is_json_and_names_the_colours() -> None:
    s = to_race(new(3))
    v = s.view(1)
    json.dumps(v)
    assert v["colours"] == list(COLOURS)
    assert all(len(r) == 12 for r in v["board"])


@pytest.mark.parametrize(("players", "options"), [
    (2, {"side": "hard", "all_cards": True}),
    (3, {"timer": 30}),
    (4, {"side": "hard", "timer": 90}),
    (3, {"timer": 0}),
])
def test_the_conformance_kit_passes_with_the_options(players: int, options: dict[str, object]
                                                     ) -> None:
    """The shared kit runs the default options; the variants get one game each here."""
    from herna.testing import check_game
    check_game("ubongo", players, 11, options=options)


def test_a_determinization_does_not_keep_the_real_sealed_submission_anywhere() -> None:
    s = to_race(new(3, seed=4))
    real = solve(s, 1, 33.3)
    s.apply(1, real)
    for k in range(10):
        d = s.determinize(0, k)
        assert real not in json.dumps(d.record()) or d.submissions[1] == s.submissions[1]
        assert str(d.history[-1][1]) == str(d.submissions[1])


def test_timer_zero_plays_without_an_hourglass() -> None:
    s = to_race(new(3, timer=0))
    assert not [e for e in s.events if e["event"] == "hourglass"]
    s.apply(0, solve(s, 0, 300))
    s.apply(1, solve(s, 1, 20))
    s.apply(2, "pass")
    assert s.current["finishers"] == [1, 0] and s.current["hourglass_turns"] == 0
    assert s.view(0)["timer"] == 0
