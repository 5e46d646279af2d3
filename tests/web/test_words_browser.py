"""A Czech player, and a Slovak one, opens the lobby, starts a table with bots and reads no
English on either page (issue 20, item 6): the lobby, the table's panels, buttons, log and the
drawing."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import wait_for

# pytest runs in importlib mode: tests/ on the path for the word list of tests/test_words.py
sys.path.insert(0, str(Path(__file__).parents[1]))
from test_words import _words, english_only

# the language picker names each language in its own words; "English" is one of them
PICKER = {"english"}


def english_on(page: Any) -> set[str]:
    # toy games other tests register in this process show as lobby cards: not Herna's words
    text = page.evaluate("""(shipped) => {
        const toys = [...document.querySelectorAll("[data-game]")].filter(
            (e) => !shipped.includes(e.dataset.game));
        toys.forEach((e) => { e.style.display = "none"; });
        const text = document.body.innerText + " " + [...document.querySelectorAll(
            "svg text, svg title")].map((n) => n.textContent).join(" ") + " " + document.title;
        toys.forEach((e) => { e.style.display = ""; });
        return text;
    }""", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
    return _words(text) & english_only() - PICKER


# what each language's pages must say (its own words, so a page left in English fails)
SAYS = {
    "cs": {"range": r"1–5 hráčů", "board": ("Hrací plocha", "dílk"), "chosen": "Vybráno"},
    "sk": {"range": r"1–5 hráčov", "board": ("Hracia plocha", "dielik"), "chosen": "Vybrané"},
}


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_lobby_and_table_have_no_english(page: Any, live_server: LiveServer, lang: str) -> None:
    says = SAYS[lang]
    page.add_init_script(f"localStorage.setItem('herna.lang', '{lang}')")
    page.goto(live_server.url + "/")
    wait_for(lambda: page.locator('button[data-game="envyra"]').count() == 1, what="the lobby")
    assert page.evaluate("document.documentElement.lang") == lang
    # the lobby may be drawn once before its words arrive: what it settles on is checked
    wait_for(lambda: english_on(page) == set(), timeout=10, what=f"a lobby in {lang}")
    assert re.search(says["range"], page.locator("body").inner_text())
    page.locator('button[data-game="envyra"]').click()
    page.select_option("#players", "3")
    page.select_option("#seat-1", "easy")
    page.select_option("#seat-2", "hard")
    assert english_on(page) == set()
    page.locator("#start").click()
    page.wait_for_url("**/t/*")
    wait_for(lambda: page.locator("#board .part.live").count() > 0, what="my marks lit")
    assert english_on(page) == set()
    board = page.locator("#board").inner_html()
    assert any(word in board for word in says["board"]), board[:500]
    # a mark chosen: the move bar's words (plurals: "Odtud pokračuje ještě 5 tahů")
    page.locator("#board .part.live").first.click()
    wait_for(lambda: says["chosen"] in page.locator("#turn").inner_text(),
             what="the chosen line")
    assert english_on(page) == set()
