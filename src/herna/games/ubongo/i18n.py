"""Ubongo's words in English, Czech and Slovak: the terminal screen, the help, the refusal
reasons, the SVG picture and the score pad.

The language is the CLI's (`herna.i18n.get_lang`), or `lang=` when given. Czech terms follow
the seed rulebook (001: dílky, přesýpací hodiny, figurka, drahokamy, červená políčka, řada,
začínající hráč, světlá plocha); Slovak uses the same words in Slovak. What players type (the
notation: solve, pass, start, move, the piece letters A-L) stays the same in every language.
"""

from __future__ import annotations

from herna.i18n import Catalog

# The tables are data: messages/{en,cs,sk}.json beside this module (terms: messages/README.md).
CATALOG = Catalog.load("herna.games.ubongo")
EN, CS, SK = CATALOG.tables["en"], CATALOG.tables["cs"], CATALOG.tables["sk"]
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key
plural = CATALOG.plural  # plural(key, n, lang=None, **fields): CLDR's form for n


def hourglass(timer: int, lang: str | None = None) -> str:
    return t("hourglass.on", lang, timer=timer) if timer else t("hourglass.off", lang)


def colour_name(colour: str, lang: str | None = None) -> str:
    return CATALOG.word("colour", colour, lang)


def symbol_name(symbol: str, lang: str | None = None) -> str:
    return CATALOG.word("symbol", symbol, lang)


def category_name(category: str, lang: str | None = None) -> str:
    """The outcome's breakdown key count1: the largest colour count (count2.. name the
    next places of the tie-break)."""
    if category == "count1":  # the score itself: what the final table shows
        return t("category.first", lang)
    if category.startswith("count") and category[5:].isdigit():
        return t("category", lang, place=ordinal(int(category[5:]), lang))
    return category


def ordinal(n: int, lang: str | None = None) -> str:
    return CATALOG.word("ordinal", str(n), lang, f"{n}.")
