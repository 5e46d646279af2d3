"""Alhambra Roll & Write's own words in English, Czech and Slovak: screen, help, refusals, pad.

The language is the CLI's (`herna.i18n.get_lang`: `--lang`, else HERNA_LANG, else English);
`t("key", **fields)` formats a message in it, or in `lang=` when given. Slovak follows the
seed rulebook (000): pavilón, palác, arkády, zámok, záhrada, veža; modrá a žltá kocka; mince
(zakrúžkované, preškrtnuté); postaviť budovu, získať mince; bodovací list; virtuálny hráč; VB.
Czech follows the Czech Alhambra rules (seed 004) for the building names: pavilon, serail,
arkády, komnaty, zahrada, věž. What players type (the notation) stays English everywhere.
"""

from __future__ import annotations

from herna.i18n import LANGUAGES as LANGUAGES
from herna.i18n import Catalog

# The tables are data: messages/{en,cs,sk}.json beside this module (terms: messages/README.md).
CATALOG = Catalog.load("herna.games.alhambra_rw")
EN, CS, SK = CATALOG.tables["en"], CATALOG.tables["cs"], CATALOG.tables["sk"]
TABLES: dict[str, dict[str, str]] = CATALOG.tables
lang_of = CATALOG.lang_of  # `lang` if it is one of ours, else the CLI's language, else English
t = CATALOG.t  # t(key, lang=None, **fields): English if a table lacks the key
plural = CATALOG.plural  # plural(key, n, lang=None, **fields): CLDR's form for n
ordinal = CATALOG.ordinal  # 1st, 2nd (en); 1., 2. (cs, sk)
join_names = CATALOG.join_names  # "Kim, Nina and Ola"


def type_name(kind: str, lang: str | None = None) -> str:
    return CATALOG.word("type", kind, lang)


def type_gen(kind: str, lang: str | None = None) -> str:
    """A type as the messages about completing it need it ("every box of the towers"): the
    genitive plural in Czech and Slovak (věží, veží), the plural in English."""
    return CATALOG.word("type_gen", kind, lang)


def type_abbrev(kind: str, lang: str | None = None) -> str:
    return CATALOG.word("abbrev", kind, lang, kind[:3].upper())


def category_name(category: str, lang: str | None = None) -> str:
    """A category of the outcome's breakdown: a building type, or `lines`, `coins`, `bonus`."""
    return CATALOG.word("type", category, lang, CATALOG.word("cat", category, lang))


def colour_word(colour: int, lang: str | None = None) -> str:
    """The die colour: 0 blue, 1 yellow."""
    return t("colour.yellow" if colour else "colour.blue", lang)
