"""Bots, the bot registry and tournaments, on the toy game (and Alhambra when it is there)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

# pytest runs in importlib mode: put tests/ on the path so toygame imports here and in the
# spawned worker processes of the arena (they inherit sys.path)
sys.path.insert(0, str(Path(__file__).parent))

import herna
from herna.ai import (
    Bot,
    BotError,
    RandomBot,
    default_bot,
    has_bot,
    known_bots,
    make_bot,
    parse_bot_spec,
    play_game,
    register_bot,
    registry,
    run_tournament,
)
from herna.ai.arena import derive_seed, game_seed, seat_bots
from herna.ai.registry import split_bot_list
from herna.core import Action, State
from toygame import GAME_ID, ToyState, register_toy


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy()
    # bots registered by a test disappear after it
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))


class FirstBot:
    """Always the first legal action: predictable, for checking the arena's bookkeeping."""

    name = "first"

    def __init__(self, seed: int = 0, depth: int = 1) -> None:
        self.depth = depth

    def act(self, state: State, seat: int) -> Action:
        return state.legal_actions(seat)[0]


class CheatBot:
    name = "cheat"

    def act(self, state: State, seat: int) -> Action:
        return state.parse_text(seat, "play 6")  # parsed, but often not in hand


# ----- registry ------------------------------------------------------------------------------
def test_parse_bot_spec_reads_typed_options() -> None:
    assert parse_bot_spec("random") == ("random", {})
    assert parse_bot_spec(" mcts:iterations=2000, c=1.4,rollout=greedy,fast=true ") == (
        "mcts", {"iterations": 2000, "c": 1.4, "rollout": "greedy", "fast": True})
    with pytest.raises(BotError, match="not key=value"):
        parse_bot_spec("mcts:iterations")
    with pytest.raises(BotError, match="empty bot name"):
        parse_bot_spec(":x=1")


def test_split_bot_list_keeps_options_with_their_bot() -> None:
    assert split_bot_list("greedy,random") == ["greedy", "random"]
    assert split_bot_list("mcts:iterations=200,c=1.4,random, greedy") == [
        "mcts:iterations=200,c=1.4", "random", "greedy"]


def test_unknown_bot_lists_the_known_ones() -> None:
    with pytest.raises(BotError, match=r"unknown bot 'nope'; bots are: .*random"):
        make_bot("nope", GAME_ID, 1)
    assert {"random", "greedy"} <= set(known_bots())


def test_bot_options_are_checked_by_name() -> None:
    with pytest.raises(BotError, match=r"bot 'random' has no option depth \(options: none\)"):
        make_bot("random:depth=3", GAME_ID, 1)
    register_bot("first", lambda game, seed, opts: _build_first(seed, opts))
    bot = make_bot("first:depth=3", GAME_ID, 1)
    assert isinstance(bot, FirstBot) and bot.depth == 3
    with pytest.raises(BotError, match=r"no option width \(options: depth\)"):
        make_bot("first:width=3", GAME_ID, 1)


def _build_first(seed: int, opts: dict[str, Any]) -> Bot:
    from herna.ai.registry import build
    return build(FirstBot, "first", seed, opts)


def test_greedy_needs_the_game_to_ship_one(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(BotError, match=r"game 'toy-21' has no greedy bot .*toy_21\.bots"):
        make_bot("greedy", GAME_ID, 1)
    assert not has_bot("greedy", GAME_ID) and default_bot(GAME_ID) == "random"
    bots = ModuleType("herna.games.toy_21.bots")
    bots.GreedyBot = FirstBot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "herna.games.toy_21.bots", bots)
    assert isinstance(make_bot("greedy", GAME_ID, 1), FirstBot)
    assert default_bot(GAME_ID) == "greedy"


def test_random_bot_is_legal_and_deterministic() -> None:
    def choices(seed: int) -> list[str]:
        state = herna.make(GAME_ID, players=3, seed=4)
        bot = RandomBot(seed)
        out = []
        while not state.is_over():
            seat = state.to_act()[0]
            action = bot.act(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
            out.append(str(action))
        return out

    assert choices(1) == choices(1)
    assert any(choices(1) != choices(s) for s in range(2, 8))
    assert isinstance(RandomBot(0), Bot)


# ----- one game --------------------------------------------------------------------------------
def test_play_game_is_reproducible_and_its_record_replays() -> None:
    a = play_game(GAME_ID, 3, ["random"] * 3, seed=11, record=True)
    b = play_game(GAME_ID, 3, ["random"] * 3, seed=11)
    assert a == b  # the record is left out of the comparison
    assert a.record is not None
    replayed = herna.replay(a.record)
    outcome = replayed.outcome()
    assert outcome is not None and outcome.scores == a.scores
    assert a.decisions == len(a.record["actions"])
    assert sum(a.win_shares) == pytest.approx(1.0)
    assert a.turns is not None and 1 <= a.turns <= a.decisions


def test_play_game_refuses_a_bot_that_breaks_the_rules() -> None:
    register_bot("cheat", lambda game, seed, opts: CheatBot())
    with pytest.raises(BotError, match=r"bot 'cheat' in seat \d chose play 6"):
        for seed in range(20):  # some deal puts no 6 in a hand that must play
            play_game(GAME_ID, 2, ["cheat", "cheat"], seed=seed)


def test_play_game_checks_bot_count_and_runaway_games() -> None:
    with pytest.raises(BotError, match="3 players need 3 bots, got 2"):
        play_game(GAME_ID, 3, ["random", "random"], seed=1)
    with pytest.raises(herna.HernaError, match="no end after 2 decisions"):
        play_game(GAME_ID, 2, ["random", "random"], seed=1, max_decisions=2)


# ----- tournaments -----------------------------------------------------------------------------
def test_seeds_are_derived_stably() -> None:
    assert derive_seed(0, "game", 0) == derive_seed(0, "game", 0)
    assert derive_seed(0, "game", 0) != derive_seed(0, "game", 1)
    assert derive_seed(7, "game", 3) == 8667245756797238060  # pinned: old results stay valid
    assert game_seed(5, 4, 3, rotate_seats=True) == game_seed(5, 3, 3, rotate_seats=True)
    assert seat_bots(("a", "b", "c"), 1, True) == ("b", "c", "a")
    assert seat_bots(("a", "b", "c"), 1, False) == ("a", "b", "c")


def test_tournament_is_identical_whatever_the_worker_count() -> None:
    seen: list[tuple[int, int]] = []
    one = run_tournament(GAME_ID, 3, ["random"] * 3, games=40, seed=3, workers=1,
                         progress=lambda done, total: seen.append((done, total)))
    two = run_tournament(GAME_ID, 3, ["random"] * 3, games=40, seed=3, workers=2)
    assert one.to_json() == two.to_json()
    assert seen[-1] == (40, 40) and len(seen) == 40
    other = run_tournament(GAME_ID, 3, ["random"] * 3, games=40, seed=4)
    assert other.to_json() != one.to_json()


def test_tournament_statistics_add_up() -> None:
    result = run_tournament(GAME_ID, 2, ["random", "random:"], games=30, seed=1,
                            options={"target": 15})
    seats = result.per_seat()
    assert [s.label for s in seats] == ["seat 0", "seat 1"]
    assert sum(s.wins.wins for s in seats) == pytest.approx(30)  # ties are shared, not lost
    for s in seats:
        assert s.wins.games == 30
        assert s.wins.ci_low <= s.wins.share <= s.wins.ci_high
        assert s.score.ci_low <= s.score.mean <= s.score.ci_high
        assert s.decisions.min <= s.decisions.mean <= s.decisions.max
    # "random:" is "random": one bot, over both seats
    (bot,) = result.per_bot()
    assert bot.label == "random" and bot.wins.games == 60
    data = json.loads(result.to_json())
    assert data["options"] == {"target": 15}
    assert data["per_seat"][0]["wins"]["games"] == 30
    assert len(data["results"]) == 30 and data["decisions"]["n"] == 30
    assert max(g.scores[0] - g.scores[0] % 1 for g in result.results) <= 15 + 10


def test_rotation_plays_each_deal_in_every_seat() -> None:
    register_bot("first", lambda game, seed, opts: _build_first(seed, opts))
    result = run_tournament(GAME_ID, 2, ["first", "random"], games=6, seed=2,
                            rotate_seats=True)
    assert [g.bots for g in result.results[:2]] == [("first", "random"), ("random", "first")]
    assert result.results[0].seed == result.results[1].seed != result.results[2].seed
    by_bot = {g.label: g for g in result.per_bot()}
    assert by_bot["first"].wins.games == by_bot["random"].wins.games == 6


def test_tournament_fails_fast_on_bad_input() -> None:
    with pytest.raises(herna.BadOption):
        run_tournament(GAME_ID, 5, ["random"] * 5, games=2)
    with pytest.raises(herna.BadOption):
        run_tournament(GAME_ID, 2, ["random"] * 2, games=2, options={"colour": "red"})
    with pytest.raises(BotError, match="unknown bot"):
        run_tournament(GAME_ID, 2, ["random", "wizard"], games=2)
    with pytest.raises(BotError, match="at least one game"):
        run_tournament(GAME_ID, 2, ["random"] * 2, games=0)
    with pytest.raises(herna.UnknownGame):
        run_tournament("no-such-game", 2, ["random"] * 2, games=1)


def test_toy_state_keeps_the_contract() -> None:
    """The toy must itself be honest, or the tests above prove little."""
    state = herna.make(GAME_ID, players=3, seed=9)
    assert isinstance(state, ToyState)
    view = state.view(1)
    assert view["hands"][0] is None and view["hands"][1] is not None
    with pytest.raises(herna.IllegalAction, match="cannot read"):
        state.apply(0, "draw")
    before = state.record()
    copy = state.copy()
    copy.apply(0, copy.legal_actions(0)[0])
    assert state.record() == before
    det = state.determinize(0, 5)
    assert det.view(0) == state.view(0)


def test_alhambra_tournament_with_random_bots() -> None:
    if "alhambra" not in herna.game_ids():
        pytest.skip("the Alhambra engine is not registered")
    result = run_tournament("alhambra", 3, ["random"] * 3, games=2, seed=1)
    assert sum(s.wins.wins for s in result.per_seat()) == pytest.approx(2)
    decisions, turns = result.lengths()
    assert decisions.min > 50 and turns is not None
    for game in result.results:
        assert game.scores == play_game("alhambra", 3, ["random"] * 3, game.seed).scores


# ----- positions, exports, plots, executors (issue 6) -----------------------------------------
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _read_csv(path: Path) -> list[dict[str, str]]:
    import csv
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_positions_count_from_the_start_player() -> None:
    from herna.ai.arena import GameResult, start_seat
    game = GameResult(index=0, seed=1, bots=("a", "b", "c"), scores=(1, 2, 3),
                      win_shares=(0, 0, 1), ranks=(3, 2, 1), decisions=9, turns=3, start=2)
    assert [game.position(s) for s in range(3)] == [2, 3, 1]
    assert start_seat(herna.make(GAME_ID, players=3, seed=1)) == 0
    if "alhambra" in herna.game_ids():  # Alhambra's start player depends on the deal
        starts = {start_seat(herna.make("alhambra", players=3, seed=s)) for s in range(8)}
        assert len(starts) > 1
        result = run_tournament("alhambra", 3, ["random"] * 3, games=3, seed=2)
        for g in result.results:
            assert g.start == herna.make("alhambra", players=3, seed=g.seed).to_act()[0]


def test_per_position_and_the_start_player_edge() -> None:
    result = run_tournament(GAME_ID, 3, ["random"] * 3, games=30, seed=5, rotate_seats=True)
    positions = result.per_position()
    assert [p.label for p in positions] == ["position 1", "position 2", "position 3"]
    assert sum(p.wins.wins for p in positions) == pytest.approx(30)
    # the toy always starts with seat 0: positions are the seats
    assert [p.wins for p in positions] == [s.wins for s in result.per_seat()]
    edge, low, high = result.start_advantage()
    assert low <= edge <= high
    assert edge == pytest.approx(positions[0].wins.share - 1 / 3)
    data = json.loads(result.to_json())
    assert data["start_advantage"]["share_minus_fair"] == pytest.approx(edge)
    assert [p["label"] for p in data["per_position"]] == ["position 1", "position 2",
                                                          "position 3"]
    assert {g["start"] for g in data["results"]} == {0}
    by_bot = result.scores_by_bot()
    assert list(by_bot) == ["random"] and len(by_bot["random"]) == 90


def test_csv_exports_are_tidy_and_reread(tmp_path: Path) -> None:
    from herna.ai.arena import CSV_COLUMNS, SUMMARY_COLUMNS
    register_bot("first", lambda game, seed, opts: _build_first(seed, opts))
    result = run_tournament(GAME_ID, 2, ["first", "random"], games=6, seed=4,
                            rotate_seats=True)
    result.write_csv(tmp_path / "games.csv")
    rows = _read_csv(tmp_path / "games.csv")
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 6 * 2
    for row in rows:
        game = result.results[int(row["game"])]
        seat = int(row["seat"])
        assert int(row["seed"]) == game.seed and row["bot"] == game.bots[seat]
        assert float(row["score"]) == game.scores[seat]
        assert int(row["rank"]) == game.ranks[seat]
        assert float(row["win_share"]) == pytest.approx(game.win_shares[seat])
        assert row["winner"] == ("1" if game.ranks[seat] == 1 else "0")
        assert int(row["decisions"]) == game.decisions and int(row["turns"]) == game.turns
        assert int(row["position"]) == game.position(seat)
    result.write_summary_csv(tmp_path / "summary.csv")
    summary = _read_csv(tmp_path / "summary.csv")
    assert tuple(summary[0]) == SUMMARY_COLUMNS
    assert [(r["group"], r["label"]) for r in summary] == [
        ("bot", "first"), ("bot", "random"), ("seat", "seat 0"), ("seat", "seat 1"),
        ("position", "position 1"), ("position", "position 2")]
    first = next(g for g in result.per_bot() if g.label == "first")
    assert float(summary[0]["win_share"]) == pytest.approx(first.wins.share)
    assert float(summary[0]["score_mean"]) == pytest.approx(first.score.mean)


def test_every_output_is_identical_whatever_the_worker_count(tmp_path: Path) -> None:
    outputs = []
    for workers in (1, 2):
        result = run_tournament(GAME_ID, 3, ["random"] * 3, games=30, seed=8, workers=workers,
                                rotate_seats=True)
        result.write_csv(tmp_path / f"g{workers}.csv")
        result.write_summary_csv(tmp_path / f"s{workers}.csv")
        outputs.append((result.to_json(), (tmp_path / f"g{workers}.csv").read_bytes(),
                        (tmp_path / f"s{workers}.csv").read_bytes()))
    assert outputs[0] == outputs[1]


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")
    from herna.ai.plot import plot_tournament
    register_bot("first", lambda game, seed, opts: _build_first(seed, opts))
    result = run_tournament(GAME_ID, 2, ["first", "random"], games=8, seed=1,
                            rotate_seats=True)
    path = tmp_path / "out.png"
    plot_tournament(result, path, title="Toy", labels={"score": "Body"})
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE) and data[12:16] == b"IHDR"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 600 and height > 300


def test_missing_extras_say_how_to_install_them(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    from herna.ai import plot, ray_pool
    result = run_tournament(GAME_ID, 2, ["random"] * 2, games=2)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backends.backend_agg", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    assert not plot.available() and not ray_pool.available()
    with pytest.raises(plot.PlotUnavailable, match=r"pip install 'herna\[plot\]'"):
        plot.plot_tournament(result, tmp_path / "x.png")
    with pytest.raises(ray_pool.RayUnavailable, match=r"pip install 'herna\[ray\]'"):
        run_tournament(GAME_ID, 2, ["random"] * 2, games=2, ray="auto")
    assert not (tmp_path / "x.png").exists()
