"""`herna rate`: a fair round-robin between bots, OpenSkill ratings, the head-to-head matrix."""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

# pytest runs in importlib mode: put tests/ on the path so toygame imports here and in the
# spawned worker processes of the arena (they inherit sys.path)
sys.path.insert(0, str(Path(__file__).parent))

import herna
from herna.ai import BotError, RandomBot, registry
from herna.ai.rating import lineups, rate_bots, schedule
from herna.cli import app
from toygame import GAME_ID, register_toy

ENV = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}
# a real game where greedy clearly beats random, and fast (about 50 games/s)
REAL = "alhambra-rw"


@pytest.fixture(autouse=True)
def toy() -> None:
    register_toy()


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def needs(game: str) -> None:
    if game not in herna.game_ids():
        pytest.skip(f"{game} is not registered")


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (3, 2), (4, 3), (2, 4), (3, 4), (5, 3)])
def test_the_schedule_is_fair(bots: int, players: int) -> None:
    names = [f"b{i}" for i in range(bots)]
    plan = schedule(names, players, games=1, seed=3)
    tables = lineups(bots, players)
    assert len(plan) == len(tables) * players  # one whole round
    seats = Counter((bot, seat) for lineup, _ in plan for seat, bot in enumerate(lineup))
    per_seat = {seats[b, s] for b in names for s in range(players)}
    assert len(per_seat) == 1 and per_seat != {0}  # every bot in every seat equally often
    met = {frozenset(p) for lineup, _ in plan for p in combinations(set(lineup), 2)}
    assert met == {frozenset(p) for p in combinations(names, 2)}  # every pair meets
    for i in range(0, len(plan), players):  # the rotations of a line-up share its deal
        group = plan[i:i + players]
        assert len({deal for _, deal in group}) == 1
        assert len({lineup for lineup, _ in group}) == players or len(set(group[0][0])) < players
    assert len({deal for _, deal in plan}) == len(tables)
    # whole rounds, reproducible, and the seed matters
    assert len(schedule(names, players, len(plan) + 1, 3)) == 2 * len(plan)
    assert schedule(names, players, 1, 3) == plan != schedule(names, players, 1, 4)


def test_rate_puts_greedy_above_random() -> None:
    needs(REAL)
    result = rate_bots(REAL, 2, ["random", "greedy"], games=8, seed=1)
    assert result.games == 8
    assert [r.label for r in result.ratings] == ["greedy", "random"]
    best, worst = result.ratings
    assert best.mu > worst.mu and best.sigma < 25 / 3 and best.games == 8
    h2h = result.matrix()
    assert h2h["greedy", "random"].share > 0.5
    assert h2h["greedy", "random"].ahead + h2h["random", "greedy"].ahead == pytest.approx(8)
    data = json.loads(result.to_json())
    assert [r["bot"] for r in data["ratings"]] == ["greedy", "random"]
    assert data["ratings"][0]["ordinal"] == pytest.approx(best.mu - 3 * best.sigma)
    assert len(data["results"]) == 8 and len(data["head_to_head"]) == 2


def test_rate_with_more_seats_than_bots_counts_each_bot_once_per_game() -> None:
    needs("envyra")
    result = rate_bots("envyra", 4, ["random", "greedy"], games=1, seed=2)
    assert result.games == 3 * 4  # line-ups rrrg, rrgg, rggg in every rotation
    assert {r.label for r in result.ratings} == {"random", "greedy"}
    assert all(r.games == 12 for r in result.ratings)
    assert result.ratings[0].label == "greedy"


def test_rate_is_identical_whatever_the_worker_count() -> None:
    needs("envyra")
    one = rate_bots("envyra", 3, ["greedy", "random", "greedy:noise=1"], games=6, seed=5)
    two = rate_bots("envyra", 3, ["greedy", "random", "greedy:noise=1"], games=6, seed=5,
                    workers=2)
    assert one.to_json() == two.to_json()


def test_rate_refuses_what_cannot_be_rated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))
    registry.register_bot("other", lambda game, seed, opts: RandomBot(seed + 1))
    with pytest.raises(BotError, match="at least two different bots"):
        rate_bots(GAME_ID, 2, ["random", "random:"], games=2)
    with pytest.raises(BotError, match="'random' is listed twice"):
        rate_bots(GAME_ID, 3, ["random", "other", "random:"], games=2)
    with pytest.raises(BotError, match="unknown bot"):
        rate_bots(GAME_ID, 2, ["random", "wizard"], games=2)
    with pytest.raises(BotError, match="at least 2 players"):
        rate_bots(GAME_ID, 1, ["random", "greedy"], games=2)
    with pytest.raises(herna.BadOption):
        rate_bots(GAME_ID, 7, ["random", "random:x=1"], games=2)


# ----- the command ----------------------------------------------------------------------------
def test_rate_command_prints_ratings_and_head_to_head(tmp_path: Path) -> None:
    needs(REAL)
    out = tmp_path / "rating.json"
    games_csv = tmp_path / "games.csv"
    result = run("rate", REAL, "--bots", "random,greedy", "--games", "3", "--seed", "2",
                 "--json", str(out), "--csv", str(games_csv))
    assert result.exit_code == 0, result.output
    text = result.output
    assert "playing 4 games instead of 3: whole rounds" in text
    assert "ratings after 4 games (2 players, seed 2)" in text
    lines = text.splitlines()
    ranked = [x for x in lines if x.startswith("│ 1 ") or x.startswith("│ 2 ")]
    assert "greedy" in ranked[0] and "random" in ranked[1]
    assert "Head to head" in text and f"Wrote {out}" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 4 and data["ratings"][0]["bot"] == "greedy"
    assert data["model"] == "openskill.PlackettLuce"
    with open(games_csv, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4 * 2
    assert [int(r["rank"]) for r in rows[:2]] == data["results"][0]["ranks"]
    assert Counter((r["bot"], r["seat"]) for r in rows) == {
        (b, s): 2 for b in ("random", "greedy") for s in ("0", "1")}


def test_rate_command_in_czech() -> None:
    needs(REAL)
    result = CliRunner().invoke(app, ["rate", REAL, "--bots", "greedy,random", "--games", "2",
                                      "--lang", "cs"], env=ENV)
    assert result.exit_code == 0, result.output
    assert "hodnocení po 2 hrách" in result.output and "Vzájemně" in result.output


@pytest.mark.parametrize(("args", "message"), [
    ([GAME_ID], "--bots needs at least two different bots to rate"),
    ([GAME_ID, "--bots", "random"], "--bots needs at least two different bots to rate"),
    ([GAME_ID, "--bots", "random,random:"], "--bots needs at least two different bots"),
    ([GAME_ID, "--bots", "random,random:x=1,random:"], "bot 'random' is listed twice"),
    ([GAME_ID, "--bots", "random,wizard"], "unknown bot 'wizard'"),
    ([GAME_ID, "--bots", "random,greedy"], "game 'toy-21' has no greedy bot"),
    ([GAME_ID, "--players", "9", "--bots", "random,random:x=1"], "Toy 21 is for 2-4 players"),
    ([GAME_ID, "--bots", "random,random:depth=1"], "bot 'random' has no option depth"),
    ([GAME_ID, "--bots", "random,random:x=1", "--games", "0"], "--games must be at least 1"),
    ([GAME_ID, "--colour", "red"], "Toy 21 has no option --colour"),
    (["chess", "--bots", "a,b"], "unknown game 'chess'"),
    ([GAME_ID, "--bots", "random,random:x=1", "--json", "/no/such/r.json"],
     "cannot write /no/such/r.json: there is no folder /no/such"),
])
def test_rate_command_bad_input_is_one_red_line(args: list[str], message: str) -> None:
    result = run("rate", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [x for x in result.output.splitlines() if x.startswith("error: ")]
    assert len(errors) == 1 and message in errors[0], result.output


def test_rate_command_needs_two_players() -> None:
    needs(REAL)
    solo = run("rate", REAL, "--players", "1", "--bots", "greedy,random")
    assert solo.exit_code == 2
    assert "rating bots needs at least 2 players" in solo.output
    default = run("rate", REAL, "--bots", "greedy,random", "--games", "1")
    assert default.exit_code == 0 and "(2 players, seed 0)" in default.output


def test_rate_command_without_ray_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    result = run("rate", GAME_ID, "--bots", "random,random:x=1", "--ray", "auto")
    assert result.exit_code == 2
    assert "error: --ray needs Ray: pip install 'herna[ray]'" in result.output
