"""The rules pages (issue 22): /rules/{game}?lang= for the four games in English, Czech and
Slovak, built on the server from RULES.md (RULES.cs.md, RULES.sk.md) and the catalogs; the
data Herna reconstructed carries a visible badge in every language; a Czech or Slovak page
holds no English beyond names and the notation (code)."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from herna.server import rules
from herna.web import catalog

# pytest runs in importlib mode: tests/ on the path for the word list of tests/test_words.py
sys.path.insert(0, str(Path(__file__).parents[1]))
from test_words import _words, english_only

GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")
RECONSTRUCTED = {"alhambra-rw", "envyra", "ubongo"}  # the R&W sheet, Envyra's tiles and
# Equilibrium cards, Ubongo's cards; Alhambra's data is the rulebooks' own
LANGS = ("en", "cs", "sk")
# English words too common for the catalogs' word list to hold them all
COMMON = {"the", "and", "with", "from", "for", "when", "where", "which", "this", "that", "are",
          "is", "was", "not", "only", "each", "every", "seat", "seats", "tile", "tiles", "dice",
          "player", "players", "round", "rounds", "game", "games", "rules", "card", "cards",
          "gems", "pieces", "points", "score", "scoring", "reading", "readings", "decisions"}
# names said alike in every language, and the language picker naming each language
NAMES = {"alhambra", "envyra", "ubongo", "herna", "roll", "write", "dirk", "equilibrium", "bot",
         "english", "sigma", "baobab", "gazela",
         "variant"}  # Slovak too: seed 003's own "zjednodušený variant"


class Text(HTMLParser):
    """A page's words as a person reads them: not the notation and file names (<code>)."""

    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.parts: list[str] = []
        self.badges: list[str] = []
        self._in_badge = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("code", "pre", "script", "style"):
            self.skip += 1
        if tag == "mark" and "badge" in (dict(attrs).get("class") or ""):
            self._in_badge = True
            self.badges.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("code", "pre", "script", "style"):
            self.skip -= 1
        if tag == "mark":
            self._in_badge = False

    def handle_data(self, data: str) -> None:
        if self._in_badge:
            self.badges[-1] += data
        if not self.skip:
            self.parts.append(data)


def read(html: str) -> Text:
    parser = Text()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_in_each_language(sqlite_client: TestClient, game: str,
                                          lang: str) -> None:
    r = sqlite_client.get(f"/rules/{game}?lang={lang}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    html = r.text
    assert f'<html lang="{lang}">' in html
    name = catalog().t(f"game.{game}.name", lang)
    page = read(html)
    text = " ".join(page.parts)
    assert catalog().t("rules.title", lang, game=name) in text
    # the catalogs' guide and the rules file, both in the page's language
    assert catalog().t("guide.play", lang) in text and catalog().t("guide.scoring", lang) in text
    assert html.count("<h2>") == 3 and html.count("<h3>") >= 5 and "<li>" in html
    # the badge: at the top and wherever the rules file marks reconstructed data
    badge = catalog().t("rules.badge", lang)
    marker = catalog().t("rules.marker.reconstruction", lang)
    if game in RECONSTRUCTED:
        assert page.badges.count(badge) == 1, page.badges
        assert page.badges.count(marker) >= 1, page.badges
        assert 'id="recon"' in html
    else:
        assert badge not in page.badges and marker not in page.badges
        assert 'id="recon"' not in html
    # links: the score pad, the lobby, each language
    assert f'href="/score/{game}"' in html and 'href="/"' in html
    for code in LANGS:
        assert f'href="?lang={code}"' in html
    words = _words(text) - NAMES
    if lang != "en":
        assert words & english_only() == set(), (game, lang, words & english_only())
        assert words & COMMON == set(), (game, lang, words & COMMON)
    else:  # the check finds English where there is some
        assert words & english_only() and words & COMMON


def test_the_translations_keep_the_english_files_shape() -> None:
    """Every section and every point of RULES.md is in its Czech and Slovak translations."""
    for game in GAMES:
        folder = resources.files(f"herna.games.{game.replace('-', '_')}")
        en = (folder / "RULES.md").read_text(encoding="utf-8")
        for lang in ("cs", "sk"):
            text = (folder / f"RULES.{lang}.md").read_text(encoding="utf-8")
            for pattern in (r"^#+ ", r"^\s*- ", r"^\s*\d+\. "):
                assert len(re.findall(pattern, text, re.M)) == \
                    len(re.findall(pattern, en, re.M)), (game, lang, pattern)
            # the notation and file names are the same in every language: each of English's
            # is in the translation, and the translation's are all words of the English file
            mine = set(re.findall(r"`([^`]+)`", text))
            assert set(re.findall(r"`([^`]+)`", en)) <= mine, (game, lang)
            assert all(code in en for code in mine), (game, lang)


def test_the_language_comes_from_the_query_else_the_browser(sqlite_client: TestClient) -> None:
    c = sqlite_client
    r = c.get("/rules/ubongo", headers={"Accept-Language": "sk-SK,sk;q=0.9,en;q=0.5"})
    assert '<html lang="sk">' in r.text
    r = c.get("/rules/ubongo", headers={"Accept-Language": "de-DE,cs;q=0.8"})
    assert '<html lang="cs">' in r.text
    r = c.get("/rules/ubongo?lang=de", headers={"Accept-Language": "fr"})
    assert '<html lang="en">' in r.text
    r = c.get("/rules/chess")
    assert r.status_code == 404 and "chess" in r.json()["reason"]


def test_a_rules_file_cannot_put_html_in_the_page() -> None:
    made = rules.render_rules("# Title\n\n<script>alert(1)</script> and **RECONSTRUCTION**\n",
                              "en")
    assert "<script>" not in made and "&lt;script&gt;" in made
    assert '<mark class="badge recon"' in made and made.startswith("<h2>")
