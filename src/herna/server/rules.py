"""A game's rules as a page (issue 22): /rules/{game}?lang=en|cs|sk, built on the server.

The page joins what the catalogs already say ("how to play" and "how scoring works", the same
words as the table's guide, and the notice about data Herna reconstructed) with the game's
readings and decisions: RULES.md in English, RULES.cs.md and RULES.sk.md in Czech and Slovak
(translated from it in the rulebooks' own terms), rendered by markdown-it-py with raw HTML
off. The data Herna reconstructed is marked with a badge in every language: at the top of the
page, and wherever the rules file writes its marker word (RECONSTRUCTION, REKONSTRUKCE,
REKONŠTRUKCIA; INFERRED for values inferred from examples).
"""

from __future__ import annotations

import functools
import html
import re
from importlib import resources

import herna
from herna.i18n import LANGUAGES
from herna.web import catalog

from .guide import guide
from .tables import Refused

LANGUAGE_NAMES = {"en": "English", "cs": "Čeština", "sk": "Slovenčina"}
# the pages' icon, as index.html has it
ICON = ("data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 16"
        " 16%27%3E%3Crect width=%2716%27 height=%2716%27 rx=%273%27 fill=%27%238c1c1c%27/%3E"
        "%3C/svg%3E")
_GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")


def page_lang(lang: str | None, accept: str) -> str:
    """The page's language: `?lang=` when it is one of ours, else the browser's first
    language we speak (Accept-Language), else English."""
    if lang and lang.lower() in LANGUAGES:
        return lang.lower()
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return "en"


def rules_file(game: str, lang: str) -> str:
    """The game's readings and decisions in `lang`: RULES.<lang>.md, English's RULES.md."""
    folder = resources.files(f"herna.games.{game.replace('-', '_')}")
    name = "RULES.md" if lang == "en" else f"RULES.{lang}.md"
    return (folder / name).read_text(encoding="utf-8")


def _markdown() -> object:
    from markdown_it import MarkdownIt

    # commonmark with tables; raw HTML in a rules file is shown as text, never run
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def render_rules(text: str, lang: str) -> str:
    """The rules file as HTML: its headings one level down (the page has the h1) and the
    markers of reconstructed or inferred data as badges."""
    md = _markdown()
    tokens = md.parse(text)  # type: ignore[attr-defined]
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1]) + 1)}"
    out: str = md.renderer.render(tokens, md.options, {})  # type: ignore[attr-defined]
    c = catalog()
    for marker, kind, label in (("rules.marker.reconstruction", "recon", "rules.badge"),
                                ("rules.marker.inferred", "inferred", "rules.badge_inferred")):
        word = c.t(marker, lang)
        badge = (f'<mark class="badge {kind}" title="{html.escape(c.t(label, lang))}">'
                 f"{html.escape(word)}</mark>")
        out = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)").sub(badge.replace("\\", r"\\"), out)
    return out


def _paragraphs(texts: list[str]) -> str:
    return "".join(f"<p>{html.escape(p)}</p>" for text in texts for p in text.split("\n") if p)


def _table(table: dict[str, object] | None) -> str:
    if not table:
        return ""
    head = "".join(f'<th scope="col">{html.escape(str(h))}</th>'
                   for h in table["head"])  # type: ignore[attr-defined]
    rows = "".join("<tr>" + "".join(
        f'<th scope="row">{html.escape(str(c))}</th>' if i == 0
        else f"<td>{html.escape(str(c))}</td>"
        for i, c in enumerate(row)) + "</tr>"
        for row in table["rows"])  # type: ignore[attr-defined]
    caption = html.escape(str(table.get("caption") or ""))
    return (f'<div class="table-strip" tabindex="0" role="region" aria-label="{caption}">'
            f'<table class="guide-table"><caption>{caption}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>")


@functools.lru_cache(maxsize=32)
def page(game: str, lang: str) -> str:
    """The whole rules page of `game` in `lang` (kept: the files change only with a release)."""
    c = catalog()
    if game not in _GAMES or game not in herna.game_ids():
        raise Refused(404, c.t("rules.no_game", lang, game=game))
    said = guide(game, lang)
    name = c.t(f"game.{game}.name", lang)
    esc = html.escape
    langs = " ".join(
        f'<a href="?lang={code}" hreflang="{code}" lang="{code}"'
        + (' aria-current="page"' if code == lang else "") + f">{LANGUAGE_NAMES[code]}</a>"
        for code in LANGUAGES)
    notice = said.get("notice")
    badge = (f'<section class="recon-notice" id="recon"><p><mark class="badge recon">'
             f'{esc(c.t("rules.badge", lang))}</mark></p><p>{esc(str(notice))}</p></section>'
             if notice else "")
    body = render_rules(rules_file(game, lang), lang)
    play = _paragraphs(said["play"])
    scoring = _paragraphs(said["scoring"]) + _table(said.get("table"))
    links = (f'<a class="button" id="rules-pad" href="/score/{esc(game)}">'
             f'{esc(c.t("rules.pad", lang))}</a> <a class="button" id="rules-lobby" href="/">'
             f'{esc(c.t("rules.lobby", lang))}</a>')
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(c.t("rules.page_title", lang, game=name))}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/pads.css">
<link rel="icon" href="{ICON}">
</head>
<body class="rules-page" data-game="{esc(game)}">
<header class="bar"><a class="brand" href="/">Herna</a>
<nav class="lang-links" aria-label="{esc(c.t("page.language", lang))}">{langs}</nav></header>
<main id="rules" class="rules">
<h1>{esc(c.t("rules.title", lang, game=name))}</h1>
<p class="rules-links">{links}</p>
{badge}
<section id="rules-play"><h2>{esc(c.t("guide.play", lang))}</h2>{play}</section>
<section id="rules-scoring"><h2>{esc(c.t("guide.scoring", lang))}</h2>{scoring}</section>
<section id="rules-readings" class="readings">{body}</section>
</main>
</body>
</html>
"""
