"""benchmarks/peer_match.py: each side gets its own budget per decision (Herna's hard level at
its own budget or capped, ISMCTS at a time or a multiple of Herna's measured time), the CSV
rows record both, and runs in pieces pool by budget. Tiny Roll & Write games keep it quick."""

from __future__ import annotations

import csv
import importlib.util
import itertools
import os
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

if os.environ.get("CI"):  # CI installs the research extra: missing, it is a failure
    import pyspiel  # noqa: F401
else:
    pytest.importorskip("pyspiel", reason="the research extra (open-spiel) is missing")

from herna.ai.mcts import MctsBot
from herna.ai.registry import make_bot
from herna.games.alhambra_rw import bots as rw_bots
from herna.interop import openspiel

openspiel.register()
GAME = "alhambra-rw"


def _peer_match() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "peer_match.py"
    spec = importlib.util.spec_from_file_location("peer_match", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pm = _peer_match()


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def test_herna_runs_its_level_budget_unless_capped() -> None:
    level = rw_bots.LEVELS["hard"][1]["iterations"]
    free = make_bot(pm.herna_spec(None), GAME, 1)
    capped = make_bot(pm.herna_spec(0.003), GAME, 1)
    assert isinstance(free, MctsBot) and isinstance(capped, MctsBot)
    assert (free.iterations, free.time) == (level, None)
    assert (capped.iterations, capped.time) == (level, 0.003)
    # Ubongo's hard level is told it races at medium, as the match draws its race
    assert pm.herna_spec(None, "ubongo") == "hard:skill=medium"
    assert pm.herna_spec(0.5, "ubongo") == "hard:time=0.5,skill=medium"
    assert make_bot(pm.herna_spec(0.5, "ubongo"), "ubongo", 1).skill == "medium"


def _fake_cpu_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match's CPU clock moves 1 ms each time it is read: a Herna decision reads it twice
    (1 ms), ISMCTS's search once per world after its first two, so the worlds follow from
    the budget alone, whatever the machine's load (a test never times real work)."""
    ticks = itertools.count()
    monkeypatch.setattr(pm, "time", SimpleNamespace(process_time=lambda: next(ticks) / 1000))


def test_each_side_gets_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_cpu_clock(monkeypatch)
    row = pm.play(GAME, 0, 1, None, 0.02)
    assert (row["herna_budget"], row["ismcts_budget"]) == (pm.LEVEL, 0.02)
    # ISMCTS searches until its budget is spent: two worlds, then one a ms until 20 ms
    assert 20.0 <= row["ismcts_ms"] <= 24.0 and 19 <= row["ismcts_sims"] <= 22, row
    capped = pm.play(GAME, 1, 1, 0.001, 0.01)
    assert (capped["herna_budget"], capped["ismcts_budget"]) == (0.001, 0.01)
    assert 10.0 <= capped["ismcts_ms"] <= 14.0 and 9 <= capped["ismcts_sims"] <= 12, capped
    assert capped["herna_share"] in (0.0, 0.5, 1.0)


def test_ismcts_can_follow_hernas_own_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """--follow: ISMCTS gets K times Herna's mean CPU per decision so far in the game (Herna
    moves first in game 0, so the starting budget, 0.5 s here, is never used)."""
    _fake_cpu_clock(monkeypatch)
    budgets: list[float] = []
    step = pm.TimedISMCTSBot.step

    def recorded(self: Any, state: Any) -> Any:
        budgets.append(self.budget)
        return step(self, state)

    monkeypatch.setattr(pm.TimedISMCTSBot, "step", recorded)
    row = pm.play(GAME, 0, 1, None, 0.5, follow=3.0)
    assert row["ismcts_budget"] == "3x" and row["herna_ms"] == 1.0
    assert budgets and all(b == pytest.approx(0.003) for b in budgets)
    # a decision with a choice: its two worlds, then one per ms until the 3 ms are spent
    assert 4 <= row["ismcts_sims"] <= 5 and 5 <= row["ismcts_ms"] <= 6, row


def test_herna_cpu_measures_decisions_with_a_choice() -> None:
    cpu = pm.herna_cpu(GAME, 1, 1, None)
    assert 0.0 < cpu < 0.5


def test_ismcts_times_scales_the_measured_time(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    measured: list[tuple[str, int, float | None]] = []

    def fake_cpu(game_id: str, games: int, seed: int, herna_budget: float | None) -> float:
        measured.append((game_id, games, herna_budget))
        return 0.004

    monkeypatch.setattr(pm, "herna_cpu", fake_cpu)
    out = tmp_path / "x.csv"
    assert pm.main(["--game", GAME, "--games", "1", "--ismcts-times", "3", "--calibrate", "2",
                    "--csv", str(out)]) == 0
    assert measured == [(GAME, 2, None)]
    assert "--ismcts-budget 0.012" in capsys.readouterr().out
    (row,) = _rows(out)
    assert (row["herna_budget"], row["ismcts_budget"]) == (pm.LEVEL, "0.012")
    assert float(row["ismcts_ms"]) >= 12.0


def test_budget_sets_both_sides_and_start_continues_the_csv(tmp_path: Path) -> None:
    out = tmp_path / "rw.csv"
    assert pm.main(["--game", GAME, "--games", "1", "--budget", "0.005",
                    "--csv", str(out)]) == 0
    assert pm.main(["--game", GAME, "--games", "1", "--start", "1", "--herna-budget", "0.002",
                    "--ismcts-budget", "0.006", "--csv", str(out)]) == 0
    rows = _rows(out)
    assert [(r["index"], r["herna_budget"], r["ismcts_budget"]) for r in rows] == [
        ("0", "0.005", "0.005"), ("1", "0.002", "0.006")]
    assert out.read_text().count("herna_budget") == 1  # one header
    old = tmp_path / "old.csv"  # a row from before the per-side budgets: one budget for both
    old.write_text("game,index,seed,herna_seat,budget,herna_share,scores,decisions,herna_ms,"
                   "ismcts_ms,ismcts_sims\nalhambra-rw,0,5,0,0.1,0.5,80 80,50,9.0,98.0,50.0\n")
    table = pm.report([str(out), str(old)]).splitlines()
    assert len(table) == 5  # header, rule, one line per pair of budgets
    assert any("| 0.1 / 0.1 |" in line and "| 50.0% " in line for line in table)
    assert any("| 0.005 / 0.005 |" in line for line in table)
    assert any("| 0.002 / 0.006 |" in line for line in table)


def test_bad_arguments_are_refused_with_a_reason(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        pm.main(["--game", GAME, "--games", "1", "--ismcts-budget", "-1"])
    assert "--ismcts-budget must be a positive number" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        pm.main(["--ismcts-budget", "1", "--ismcts-times", "100"])
    old = tmp_path / "old.csv"
    old.write_text("game,index,seed,herna_seat,budget\n")
    with pytest.raises(SystemExit):
        pm.main(["--game", GAME, "--games", "1", "--csv", str(old)])
    assert "write to another file" in capsys.readouterr().err
    assert old.read_text() == "game,index,seed,herna_seat,budget\n"  # nothing lost


def test_ubongos_race_is_drawn_for_both_seats_and_nothing_else_is() -> None:
    import herna
    from herna.core import Rng
    from herna.games.ubongo import rules

    rw = herna.make(GAME, players=2, seed=3)
    assert pm.race_code(rw, 0, Rng(1)) is None
    s = herna.make("ubongo", players=2, seed=3)
    assert s.phase != rules.RACE and pm.race_code(s, s.to_act()[0], Rng(1)) is None
    while s.phase != rules.RACE:
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    seats = s.to_act()
    assert len(seats) == 2
    for seat in seats:  # the engine takes each drawn submission (it refuses an illegal code)
        code = pm.race_code(s, seat, Rng(seat))
        assert code is not None
        s.apply(seat, code)
    assert s.phase != rules.RACE or set(s.to_act()) != set(seats)
