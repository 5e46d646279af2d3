"""Alhambra's own words in English, Czech and Slovak: the terminal screen and the score pad.

The language is the CLI's (`herna.i18n.get_lang`: `--lang`, else HERNA_LANG, else English);
`t("key", **fields)` formats a message in it, or in `lang=` when given. The game's terms follow
the rulebooks: the Czech Alhambra rules (seed 004: stavební trh, peněžní karty, rezervní plocha,
Lví fontána, bodování, zeď; denáry, dirhamy, dukáty, guldeny) and the Slovak Alhambra Roll &
Write rules (seed 000: pavilón, palác, arkády, zámky, záhrada, veža; bodovanie).

Only what players read is translated. What they type (the action notation, currency letters
b g o y, the score pad's TYPE=COUNT keys) and the wall letters T R B L stay as they are.
"""

from __future__ import annotations

from herna.i18n import LANGUAGES as LANGUAGES  # the same three languages as the CLI
from herna.i18n import Catalog

# The tables are data: messages/{en,cs,sk}.json beside this module (terms: messages/README.md).
CATALOG = Catalog.load("herna.games.alhambra")
EN, CS, SK = CATALOG.tables["en"], CATALOG.tables["cs"], CATALOG.tables["sk"]
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key
plural = CATALOG.plural  # plural(key, n, lang=None, **fields): CLDR's form for n
ordinal = CATALOG.ordinal  # 1st, 2nd (en); 1., 2. (cs, sk)
join_names = CATALOG.join_names  # "Kim, Nina and Ola"
word = CATALOG.word  # a game term such as word("type", "tower"); unknown names as they are


def type_name(kind: str, lang: str | None = None) -> str:
    return word("type", kind, lang)


def type_abbrev(kind: str, lang: str | None = None) -> str:
    return word("abbrev", kind, lang, kind[:3].upper())


def currency_name(currency: str, lang: str | None = None) -> str:
    return word("currency", currency, lang)


def colour_name(colour: str, lang: str | None = None) -> str:
    return word("colour", colour, lang)


def category_name(category: str, lang: str | None = None) -> str:
    """A score-pad category: a building type, "walls" or "total"; others as they are."""
    if category in ("walls", "total"):
        return t(category, lang)
    return type_name(category, lang)


def counted(what: str, n: int, lang: str | None = None) -> str:
    """`n` with its noun in the right form: 1 karta, 3 karty, 5 karet (CLDR's plural rules)."""
    return plural(what, n, lang)
