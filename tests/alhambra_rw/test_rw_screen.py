"""What players read: the terminal screen, the SVG picture, the notation help and refusals,
in English, Czech and Slovak."""

from __future__ import annotations

import string
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import herna
from herna import i18n as core_i18n
from herna.core import IllegalAction
from herna.games.alhambra_rw import i18n, notation, render, terminal
from herna.games.alhambra_rw.data import BUILDING_TYPES

GAME = "alhambra-rw"


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.fixture
def reset_lang() -> Iterator[None]:
    yield
    core_i18n.set_lang("en")


def finished(players: int = 3, seed: int = 4, **options: Any) -> herna.State:
    s = herna.make(GAME, players=players, seed=seed, **options)
    rng = herna.Rng(seed)
    while not s.is_over():
        legal = s.legal_actions(s.to_act()[0])
        s.apply(s.to_act()[0], legal[rng.below(len(legal))])
    return s


def screen(view: dict[str, Any]) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(terminal.render(view))
    return console.export_text()


def test_every_key_is_in_every_table_with_the_same_fields() -> None:
    assert not i18n.CATALOG.problems()  # counted words: each language's CLDR categories
    for lang, table in i18n.TABLES.items():
        for key, template in table.items():
            if key in i18n.EN:
                assert fields(template) == fields(i18n.EN[key]), (lang, key)


def test_building_names_follow_the_rulebooks() -> None:
    assert [i18n.type_name(k, "sk") for k in BUILDING_TYPES] == [
        "pavilón", "palác", "arkády", "zámok", "záhrada", "veža"]
    assert i18n.type_name("seraglio", "cs") == "serail"
    for lang in i18n.LANGUAGES:
        abbrevs = [i18n.type_abbrev(k, lang) for k in BUILDING_TYPES]
        assert len(set(abbrevs)) == 6 and all(len(a) == 3 for a in abbrevs)


def test_terminal_shows_sheet_dice_coins_score_sheet_and_round() -> None:
    s = herna.make(GAME, players=3, seed=1)
    text = screen(s.view(0))
    assert "round 1/18" in text and "Seat 0 (you)" in text
    assert "Score sheet" in text and "16/8/1" in text
    assert "Coins" in text and "◉◉◉" in text
    assert text.count("✗") >= 9  # three starting builds on each of three sheets
    assert "Herna's own reading" in text  # the sheet data's note, in words
    assert "●" in text
    hint = next(line for line in text.splitlines() if line.startswith("▶ Seat 0 (you):"))
    legal_builds = [str(a) for a in s.legal_actions(0) if str(a).startswith("build")]
    assert all(b in hint for b in legal_builds) and "`coins` would gain" in hint


def test_terminal_shows_the_outcome_and_virtual_players() -> None:
    s = finished(1, 2, virtual=3, vs_virtual=True)
    text = screen(s.view(0))
    assert "Final scoring" in text and "Virtual Dirkelson" in text
    assert any(w in text for w in ("You beat", "tied", "virtual players won"))


def test_terminal_in_slovak(reset_lang: None) -> None:
    core_i18n.set_lang("sk")
    text = screen(herna.make(GAME, players=2, seed=1).view(1))
    assert "kolo 1/18" in text and "Bodovací list" in text and "Virtuálny Dirk" in text
    assert "Score sheet" not in text


def test_svg_is_well_formed_deterministic_and_complete() -> None:
    s = finished(3, 5)
    view = s.view(None)
    a = render.svg(view)
    assert a == render.svg(view)
    root = ET.fromstring(a)
    assert root.tag.endswith("svg") and float(root.attrib["width"]) > 0
    assert "Final scoring" in a and "Score sheet" in a
    # the data notice: a footnote of the whole drawing (the CLI's `herna render`); the page's
    # areas leave it to the guide (web.guide)
    assert "Herna's own reading" in a
    assert all("Herna's own reading" not in x["svg"] for x in render.areas(view))
    assert a.count("<path") >= sum(sum(map(sum, seat["built"])) for seat in view["seats"])


def test_svg_in_czech_and_slovak() -> None:
    view = herna.make(GAME, players=1, seed=3).view(0)
    assert "Bodovací list" in render.svg(view, lang="sk")
    cs = render.svg(view, lang="cs")
    assert "Kolo 1/18" in cs and "Virtuální Dirk" in cs


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_help_explains_every_command(lang: str) -> None:
    text = notation.help_text(lang)
    for word in ("build 3,5", "coins", "adjust blue 3 +2", "second 2,4", "end", "keep 3,5",
                 "legal"):
        assert word in text, (lang, word)


def reason(s: herna.State, seat: int, text: str) -> str:
    with pytest.raises(IllegalAction) as e:
        s.apply(seat, text)
    return str(e.value)


def test_refusals_explain_the_rule(reset_lang: None) -> None:
    s = herna.make(GAME, players=3, seed=0)
    s.blue[0], s.yellow[0] = [2, 5], [1, 4]  # type: ignore[attr-defined]
    s._legal = None  # type: ignore[attr-defined]
    assert "not where one of your blue dice" in reason(s, 0, "build 3,3")
    assert "no yellow die" in reason(s, 0, "adjust yellow 6 -1")
    assert "only after you have built" in reason(s, 0, "end")
    assert "never wrap" in reason(s, 0, "adjust blue 1 -1")
    assert "unknown action" in reason(s, 0, "take")
    core_i18n.set_lang("sk")
    sk = reason(s, 0, "build 3,3")
    assert "priesečník" in sk
    core_i18n.set_lang("cs")
    assert "průsečíku" in reason(s, 0, "build 3,3")


def test_refusal_keys_are_translated() -> None:
    for table in (i18n.CS, i18n.SK):
        for key in (k for k in i18n.EN if k.startswith("why.")):
            assert table[key] != i18n.EN[key], key
