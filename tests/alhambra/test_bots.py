"""The greedy Alhambra bot: always legal, deterministic, blind to what its seat cannot know,
and far stronger than random play."""

from __future__ import annotations

from typing import cast

import pytest

import herna
from herna.ai import RandomBot, make_bot
from herna.ai.base import Bot, BotError
from herna.core import Rng, State
from herna.games.alhambra import actions as A
from herna.games.alhambra.board import cell
from herna.games.alhambra.bots import (
    GreedyBot,
    cheapest_payment,
    flexibility,
    longest_wall_cells,
)
from herna.games.alhambra.data import TILES
from herna.games.alhambra.rules import PRICE, minimal_payments
from herna.games.alhambra.scoring import longest_wall
from herna.games.alhambra.state import AlhambraState

MAX_DECISIONS = 3000  # a game between bots that is not over by now is looping


def new_game(players: int, seed: int) -> AlhambraState:
    state = herna.make("alhambra", players=players, seed=seed)
    assert isinstance(state, AlhambraState)
    return state


def finish(state: AlhambraState, bots: list[Bot]) -> AlhambraState:
    """Play to the end with checked `apply`, so an illegal choice raises."""
    while not state.is_over():
        assert len(state.history) < MAX_DECISIONS, "the game does not end"
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
    return state


def tower_tiles() -> list[int]:
    return [t.id for t in TILES if t.type == "tower"]


# ---- legality over many states ---------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_only_chooses_legal_actions(players: int) -> None:
    """Greedy and noisy greedy bots decide at random points of random games (a random player
    mixes in, to reach odd states): every choice is among the legal actions, in both phases,
    and in 2-player games with Dirk among the options."""
    phases: set[str] = set()
    dirk_offered = 0
    for seed in range(3):
        state = new_game(players, seed)
        greedy = [GreedyBot(seed * 10 + s, noise=0.5 if s % 2 else 0.0) for s in range(players)]
        rnd = RandomBot(seed)
        coin = Rng(seed + 99)
        while not state.is_over():
            assert len(state.history) < MAX_DECISIONS
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if coin.below(3):
                action = greedy[seat].act(state, seat)
                assert action in legal, f"{action} is not legal: {[str(a) for a in legal]}"
                phases.add(state.phase)
                dirk_offered += any(isinstance(a, A.AlhambraAction) and a.kind == A.DIRK
                                    for a in legal)
            else:
                action = rnd.act(state, seat)
            state.apply(seat, action)
    assert phases == {"action", "placement"}
    assert (dirk_offered > 0) == (players == 2)


def test_greedy_handles_the_endgame_placement_of_leftover_tiles() -> None:
    """The last placements (leftover market tiles given to the richest) are decided too."""
    leftovers = 0
    for seed in range(6):
        state = new_game(3, seed)
        bots: list[Bot] = [GreedyBot(seed + s) for s in range(3)]
        while not state.is_over():
            seat = state.to_act()[0]
            leftovers += state.endgame and state.phase == "placement"
            state.apply(seat, bots[seat].act(state, seat))
    assert leftovers > 0


def test_greedy_self_play_ends() -> None:
    """Two greedy players once moved tiles in and out of their reserves for ever (seed 1027):
    a redesign may not undo the seat's own recent move."""
    for seed in (1027, 1028, 1029):
        state = finish(new_game(2, seed), [GreedyBot(seed * 7 + s) for s in range(2)])
        assert state.is_over()
        assert len(state.history) < 1000


# ---- determinism and information -------------------------------------------------------------
def test_same_seed_same_game() -> None:
    def record(noise: float) -> object:
        bots: list[Bot] = [GreedyBot(seed=5, noise=noise), GreedyBot(seed=6, noise=noise),
                           GreedyBot(seed=7, noise=noise)]
        return finish(new_game(3, 11), bots).record()["actions"]

    assert record(0.0) == record(0.0)
    assert record(1.0) == record(1.0)
    assert record(1.0) != record(0.0)  # the noise of the easy variant does change the play


@pytest.mark.parametrize("players", [2, 4])
def test_choices_ignore_hidden_information(players: int) -> None:
    """Resampling the rivals' hands, the deck order and the bag order (a determinization)
    never changes the greedy choice: the bot only reads what its seat may know."""
    state = new_game(players, 21)
    rnd = RandomBot(3)
    checked = changed = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1 and len(state.history) % 5 == 0:
            mine = GreedyBot(seed=1).act(state, seat)
            for k in range(3):
                other = state.determinize(seat, 1000 * len(state.history) + k)
                rival = (seat + 1) % players
                changed += (other.hands[rival] != state.hands[rival] or other.deck != state.deck
                            or other.bag != state.bag)
                assert str(GreedyBot(seed=1).act(other, seat)) == str(mine)
                checked += 1
        state.apply(seat, rnd.act(state, seat))
    assert checked > 20
    assert changed > checked // 2  # the determinizations did hide something from the bot



def test_a_determinization_depends_only_on_what_the_seat_knows() -> None:
    """Two worlds the seat cannot tell apart give the same determinization for the same
    draws: a search's samples (and so its choice) cannot leak the true hidden cards."""
    state = new_game(3, 8)
    greedy = [GreedyBot(seed=i) for i in range(3)]
    checked = 0
    while not state.is_over() and checked < 12:
        seat = state.to_act()[0]
        if len(state.history) % 7 == 3:
            other = state.determinize(seat, 99 + checked)  # another world, same information
            a, b = state.determinize(seat, 5), other.determinize(seat, 5)
            assert (a.bag, a.deck, a.hands) == (b.bag, b.deck, b.hands)
            assert a.hands[seat] == state.hands[seat]
            checked += 1
        state.apply(seat, greedy[seat].act(state, seat))
    assert checked == 12


@pytest.mark.parametrize("players", [2, 3])
def test_the_hard_level_ignores_hidden_information(players: int) -> None:
    """The search (determinizations, playouts, learned leaf value) chooses the same move in
    every world its seat cannot tell apart."""
    state = new_game(players, 13)
    greedy = [GreedyBot(seed=i) for i in range(players)]
    checked = 0
    while not state.is_over() and checked < 8:
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1 and len(state.history) % 11 == 5:
            mine = make_bot("hard", "alhambra", 4).act(state, seat)
            other = state.determinize(seat, 7 + checked)
            assert str(make_bot("hard", "alhambra", 4).act(other, seat)) == str(mine)
            checked += 1
        state.apply(seat, greedy[seat].act(state, seat))
    assert checked == 8

# ---- the heuristics at work ------------------------------------------------------------------
def test_prefers_an_exact_purchase_and_then_builds() -> None:
    """With exactly the price of a tile in the right currency, the bot buys it (and keeps its
    turn), then puts the tile into its Alhambra rather than the reserve."""
    for seed in range(40):
        state = new_game(3, seed)
        price = PRICE[state.market[0]]
        if price <= 9:
            break
    seat = state.current
    state.hands[seat] = [A.card(0, price), A.card(1, 1), A.card(2, 1)]  # b<price>, g1, o1
    bot = GreedyBot(seed=0)
    action = bot.act(state, seat)
    assert str(action) == f"buy 1 b{price}"
    state.apply(seat, action)
    assert state.phase == "action"  # exact payment: another action
    while state.phase == "action":
        state.apply(seat, bot.act(state, seat))
    assert state.phase == "placement"
    tile = state.pending[0]
    choice = bot.act(state, seat)
    assert isinstance(choice, A.AlhambraAction)
    assert (choice.kind, choice.tile) == (A.PLACE, tile)


def _two_player_placement(mine: int, rival: int, dirk: int) -> tuple[AlhambraState, int, int]:
    """A 2-player state where seat 0 must place a freshly bought tower, holding `mine` towers
    against the rival's `rival` and Dirk's `dirk`."""
    state = new_game(2, 3)
    towers = tower_tiles()
    used = set(state.market) | set(state.dirk_tiles)
    free = [t for t in towers if t not in used]
    assert len(free) >= mine + rival + dirk + 1
    for t in free:
        state.bag.remove(t)
    for seat, count in ((0, mine), (1, rival)):
        for i in range(count):
            state.boards[seat].add(free.pop(), cell(0, -1 - i))  # counts only, in a column
    state.dirk_tiles = [t for t in state.dirk_tiles if TILES[t].type != "tower"]
    state.dirk_tiles += [free.pop() for _ in range(dirk)]
    tile = free.pop()
    state.phase, state.placer, state.current, state.pending = "placement", 0, 0, [tile]
    return state, 0, tile


def test_gives_dirk_a_tile_that_takes_a_majority_from_the_rival() -> None:
    state, seat, tile = _two_player_placement(mine=0, rival=3, dirk=3)
    choice = GreedyBot(seed=0).act(state, seat)
    assert str(choice) == f"dirk {tile}"


def test_keeps_a_tile_that_wins_its_own_majority() -> None:
    state, seat, tile = _two_player_placement(mine=3, rival=3, dirk=0)
    choice = GreedyBot(seed=0).act(state, seat)
    assert isinstance(choice, A.AlhambraAction)
    assert (choice.kind, choice.tile) == (A.PLACE, tile)


def test_cheapest_payment_is_the_least_legal_payment() -> None:
    """The bot's subset-sum shortcut agrees with the engine's list of minimal payments."""
    rng = Rng(8)
    for _ in range(2000):
        values = tuple(sorted((1 + rng.below(9) for _ in range(rng.below(11))), reverse=True))
        price = 2 + rng.below(12)
        least = min((sum(p) for p in minimal_payments(values, price)), default=0)
        assert cheapest_payment(values, price) == least, (values, price)


def test_fast_wall_agrees_with_the_scoring_oracle() -> None:
    """The bot's int-cell longest wall equals `scoring.longest_wall` on real boards, built
    by greedy and by random players (the random ones are the most ragged)."""
    boards = 0
    for seed in range(4):
        state = new_game(3, seed)
        bots: list[Bot] = [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].act(state, seat))
            board = state.boards[seat]
            assert longest_wall_cells(board.cells) == longest_wall(board.layout())
            assert 0.0 <= flexibility(board) <= 1.0
            boards += 1
    assert boards > 300


# ---- strength --------------------------------------------------------------------------------
def _greedy_share(players: int, games: int) -> float:
    share = 0.0
    for g in range(games):
        greedy_seat = g % players
        bots: list[Bot] = [GreedyBot(seed=g) if s == greedy_seat else RandomBot(seed=100 * g + s)
                           for s in range(players)]
        outcome = finish(new_game(players, 500 + g), bots).outcome()
        assert outcome is not None
        share += outcome.win_shares()[greedy_seat]
    return share / games


def test_greedy_beats_random_in_two_player_games() -> None:
    assert _greedy_share(2, 40) >= 0.9


def test_greedy_wins_most_four_player_games_against_three_random_bots() -> None:
    assert _greedy_share(4, 12) > 0.5


# ---- the registry ------------------------------------------------------------------------------
def test_registry_builds_greedy_with_options() -> None:
    bot = make_bot("greedy", "alhambra", 3)
    assert isinstance(bot, GreedyBot) and isinstance(bot, Bot)
    easy = make_bot("greedy:noise=0.5", "alhambra", 3)
    assert isinstance(easy, GreedyBot) and easy.noise == 0.5
    with pytest.raises(BotError):
        make_bot("greedy:noise=-1", "alhambra", 3)
    with pytest.raises(BotError):
        make_bot("greedy:depth=2", "alhambra", 3)


def test_refuses_another_game() -> None:
    with pytest.raises(BotError):
        GreedyBot().act(cast(State, object()), 0)
