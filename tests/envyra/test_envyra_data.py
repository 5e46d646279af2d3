"""The RECONSTRUCTION tables: the shipped ones satisfy the rulebook, a bad edit is refused
with a readable list of problems."""

from __future__ import annotations

import shutil
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from herna.games.envyra.data import CARDS, TILES, DataError, load_tables


def test_shipped_tables_meet_the_rulebook() -> None:
    groups = Counter(t.group for t in TILES)
    assert groups == {"S": 15, "basic": 22, "end": 2}
    assert sum(t.only_3_4 for t in TILES) == 4
    assert not any(t.reserved for t in TILES if t.group == "S")
    reserves = {t.reserve for t in TILES}
    assert (1, 1, 1) in reserves and (2, 1, 0) in reserves  # both seed examples
    assert len(CARDS) == 9 and sum(c.four_only for c in CARDS) == 4


def _copy(tmp_path: Path) -> Path:
    src = resources.files("herna.games.envyra") / "tables"
    for name in ("setup.json", "tiles.csv", "equilibrium.csv"):
        shutil.copyfile(str(src / name), tmp_path / name)
    return tmp_path


def test_a_bad_edit_is_refused_with_every_problem(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    tiles = (d / "tiles.csv").read_text(encoding="utf-8")
    tiles = tiles.replace("S01,S,orange,sun,1,0,-,no", "S01,S,orange,moon,1,0,G,no")
    tiles = tiles.replace("B01,basic,orange,fire,2,1,-,no", "B01,basic,orange,fire,9,1,-,no")
    (d / "tiles.csv").write_text(tiles, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_tables(d)
    text = str(e.value)
    assert "'moon' is not a symbol of theme orange" in text
    assert "needs 9 dice" in text


def test_a_grid_too_big_for_the_start_tiles_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    setup = (d / "setup.json").read_text(encoding="utf-8")
    (d / "setup.json").write_text(setup.replace('"4": [3, 4]', '"4": [4, 4]'), encoding="utf-8")
    with pytest.raises(DataError, match="4x4 grid"):
        load_tables(d)
