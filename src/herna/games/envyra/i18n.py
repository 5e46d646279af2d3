"""Envyra's own words in English, Czech and Slovak: refusals, the terminal screen, the score pad.

The language is the CLI's (`herna.i18n.get_lang`). Terms follow seed 003 (Slovak short rules:
dielik, hracia plocha, hráčska doska, kocka, zásoba, vrecko, koncový dielik, sada, vyhradený
dielik, začínajúci hráč, víťazné body) and their Czech equivalents (dílek, hrací plocha,
hráčská deska, kostka, zásoba, pytlík, koncový dílek, sada, rezervovaný dílek, začínající
hráč, vítězné body). What players type (mark, move, slot names) stays English everywhere.
"""

from __future__ import annotations

from herna.i18n import Catalog

# The tables are data: messages/{en,cs,sk}.json beside this module (terms: messages/README.md).
CATALOG = Catalog.load("herna.games.envyra")
EN, CS, SK = CATALOG.tables["en"], CATALOG.tables["cs"], CATALOG.tables["sk"]
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key
plural = CATALOG.plural  # plural(key, n, lang=None, **fields): CLDR's form for n


def category_name(category: str, lang: str | None = None) -> str:
    """A score category for the CLI's outcome table."""
    return CATALOG.word("cat", category, lang)


def theme_name(theme: str, lang: str | None = None) -> str:
    return CATALOG.word("theme", theme, lang)


def symbol_name(symbol: str, lang: str | None = None) -> str:
    return CATALOG.word("symbol", symbol, lang)


def tile_name(theme: str, symbol: str, lang: str | None = None) -> str:
    """A tile's colour and symbol as one phrase, the adjective agreeing with the noun
    ("oranžové slunce", "zelený list"): the catalog holds each phrase whole
    (`tile.<theme>.<symbol>`)."""
    key = f"tile.{theme}.{symbol}"
    if key in CATALOG.en:
        return t(key, lang)
    return f"{theme_name(theme, lang)} {symbol_name(symbol, lang)}"
