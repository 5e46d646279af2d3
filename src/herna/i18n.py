"""The CLI's own messages in English, Czech and Slovak (the rulebooks' languages).

Every catalog is data, not code: `messages/<lang>.json` next to the module that speaks it (the
CLI's in `herna/messages/`, each game's in `herna/games/<game>/messages/`, the page's in
`herna/web/messages/`), so translators edit JSON and the CLI, the SVG and the page share it.
A word that changes with a count has one key per CLDR plural category (`cards.one`,
`cards.few`, `cards.many`, `cards.other`; English only one/other), chosen by Babel:
`Catalog.plural("cards", n)`.

`t("key", **fields)` formats the message in the current language, falling back to English for
a key a table lacks, so a missing translation never breaks a command. The language comes from
`set_lang` (the CLI's `--lang`), else the environment variable HERNA_LANG, else English.

A game's own words live in a `Catalog` (its English, Czech and Slovak tables) in the game's
`i18n.py`; it speaks the CLI's current language unless asked for another.

A reason shown on the page says a move in words, where the terminal quotes the notation its
user types: inside `in_words(say)` a message's `{action}` field (a move) is said by `say`, and a
message with a `<key>.page` form (no notation in it) is said in that form.
"""

from __future__ import annotations

import decimal
import json
import os
import string
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from herna.core.memo import forgettable

if TYPE_CHECKING:
    from babel.plural import PluralRule

LANGUAGES = ("en", "cs", "sk")


@cache
def load_tables(package: str) -> dict[str, dict[str, str]]:
    """The message tables of `package` (a dotted name), read once from its
    `messages/<lang>.json` (UTF-8) as shipped in the wheel."""
    folder = resources.files(package) / "messages"
    return {lang: json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in LANGUAGES}


@cache
def _plural_rule(lang: str) -> PluralRule:
    from babel import Locale  # not at import: the CLI starts faster without Babel's data

    return Locale.parse(lang).plural_form


def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR plural categories `lang` tells apart: {one, other} (en); {one, few, many,
    other} (cs, sk). A counted message has exactly these keys in that language."""
    return frozenset(_plural_rule(lang).tags | {"other"})


def plural_category(n: float | decimal.Decimal, lang: str) -> str:
    """The CLDR plural category of `n` in `lang`: one/other (en); one/few/many/other (cs, sk:
    1 karta, 2 karty, 5 karet, 1,5 karty)."""
    return _plural_rule(lang)(n)


TABLES: dict[str, dict[str, str]] = load_tables("herna")
EN, CS, SK = TABLES["en"], TABLES["cs"], TABLES["sk"]

# A context variable, not a global: a server speaks Czech at one table and English at the next,
# each request (and each asyncio task or worker thread it hands work to) in its own language.
_lang: ContextVar[str | None] = ContextVar("herna_lang", default=None)


# How a move is said where nobody types the notation (the page): None says it as the notation.
_say: ContextVar[Callable[[str], str] | None] = ContextVar("herna_say", default=None)


@contextmanager
def in_words(say: Callable[[str], str]) -> Iterator[None]:
    """Say moves in words inside the block: the `{action}` field of a message is said by
    `say(action text)` (a game's `web.label`), and a message that has a `<key>.page` form (the
    same reason without notation hints) is said in that form. For reasons shown on the page."""
    token = _say.set(say)
    try:
        yield
    finally:
        _say.reset(token)


def saying_in_words() -> bool:
    """True inside `in_words`: a reason names cards, dice and moves in words, not notation."""
    return _say.get() is not None


def _key_for(key: str, english: dict[str, str]) -> str:
    """`key`, or its `.page` form inside `in_words` when the catalog has one."""
    if _say.get() is not None and f"{key}.page" in english:
        return f"{key}.page"
    return key


class UnknownLanguage(ValueError):
    pass


def check_lang(lang: str | None) -> str:
    """The language code of ours that `lang` names (None: HERNA_LANG, else English);
    UnknownLanguage if it names none."""
    chosen = (lang or os.environ.get("HERNA_LANG") or "en").strip().lower()
    chosen = chosen.replace("-", "_").split("_")[0].split(".")[0]  # cs_CZ.UTF-8, cs-CZ
    if chosen not in TABLES:
        raise UnknownLanguage(EN["unknown_lang"].format(lang=chosen, langs=", ".join(LANGUAGES)))
    return chosen


def set_lang(lang: str | None) -> str:
    """Speak `lang` from now on in this context (the CLI: the whole process)."""
    chosen = check_lang(lang)
    _lang.set(chosen)
    return chosen


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Speak `lang` inside the block only, then the language before: a server's request."""
    token = _lang.set(check_lang(lang))
    try:
        yield _lang.get() or "en"
    finally:
        _lang.reset(token)


def get_lang() -> str:
    lang = _lang.get()
    if lang is None:
        try:
            return set_lang(None)
        except UnknownLanguage:  # a bad HERNA_LANG must not stop the error being shown
            return "en"
    return lang


def t(key: str, /, **fields: object) -> str:
    """The message `key` in the current language, with `fields` filled in."""
    lang = get_lang()
    key = _key_for(key, EN)
    template = TABLES[lang].get(key) or EN[key]
    return template.format(**localized(template, fields, lang))


def number(x: float | decimal.Decimal, lang: str) -> str:
    """A number with a fraction as `lang` writes it (CLDR via Babel): 2.0 (en), 2,0 (cs, sk);
    at least one decimal, at most three."""
    from babel.numbers import format_decimal

    return str(format_decimal(x, format="0.0##", locale=lang))


def tenths(x: float, lang: str | None = None, signed: bool = False) -> str:
    """`x` to one decimal as the language writes it (CLDR via Babel): 12.3 (en), 12,3 (cs,
    sk); `signed`: with its sign (+1.5, −0,4)."""
    from babel.numbers import format_decimal

    return str(format_decimal(x, format="+#,##0.0;-#,##0.0" if signed else "#,##0.0",
                              locale=lang or CATALOG.lang_of()))


def percent(share: float, lang: str | None = None) -> str:
    """A share (0..1) as a percentage to one decimal, with the language's own percent sign
    and spacing (CLDR via Babel): 33.3% (en), 33,3 % (cs, sk)."""
    from babel import Locale
    from babel.numbers import format_percent

    code = lang or CATALOG.lang_of()
    pattern = Locale.parse(code).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return str(format_percent(share, format=pattern, locale=code))


@lru_cache(maxsize=4096)
def _plain_fields(template: str) -> frozenset[str]:
    """The fields a template shows without a format spec of their own (parsed once)."""
    return frozenset(name for _, name, spec, _ in string.Formatter().parse(template)
                     if name and not spec)


def localized(template: str, fields: dict[str, object], lang: str) -> dict[str, object]:
    """`fields` with each fractional number the template shows as it is (no format spec of its
    own) written in `lang`'s way: "{time} s" with 2.0 says "2,0 s" in Czech; inside `in_words`,
    the move in `action` said in words."""
    say = _say.get()
    if say is None and not any(isinstance(v, (float, decimal.Decimal)) for v in fields.values()):
        return fields  # (the common case: a drawing's words on every push)
    plain = _plain_fields(template)
    out = {k: number(v, lang) if k in plain and isinstance(v, (float, decimal.Decimal)) else v
           for k, v in fields.items()}
    if say is not None and "action" in out:
        out["action"] = say(str(out["action"]))
    return out


SAID_KEPT = 50_000  # Catalog.t's words kept (emptied when full: a few MB at most)


class Catalog:
    """A game's messages in LANGUAGES: `Catalog(EN, CS, SK)`, English the reference.

    `t` formats a message in the language asked for, else the CLI's current one, else English;
    a key a table lacks falls back to English, so a missing translation never breaks a screen.
    """

    def __init__(self, en: dict[str, str], cs: dict[str, str], sk: dict[str, str]) -> None:
        self.en = en
        self.tables: dict[str, dict[str, str]] = {"en": en, "cs": cs, "sk": sk}
        # the words made, by key, language and fields (with their types: 1 and 1.0 read
        # apart): a drawing says the same few hundred things on every push
        self._said: dict[tuple[object, ...], str] = {}
        forgettable(self._said.clear)

    def lang_of(self, lang: str | None = None) -> str:
        """`lang` if it is one of ours, else the CLI's current language (English by default)."""
        if lang in self.tables:
            return str(lang)
        current = get_lang()
        return current if current in self.tables else "en"

    def t(self, key: str, /, lang: str | None = None, **fields: object) -> str:
        """The message `key` in `lang` (default: the current language), `fields` filled in."""
        chosen = self.lang_of(lang)
        if _say.get() is None:  # (inside `in_words` a move is said afresh)
            try:
                memo = (key, chosen, *fields.items(), *map(type, fields.values()))
                said = self._said.get(memo)
            except TypeError:  # a field that cannot be a key (a list): made each time
                memo, said = None, None
            if said is not None:
                return said
            said = self._make(key, chosen, fields)
            if memo is not None:
                if len(self._said) >= SAID_KEPT:
                    self._said.clear()
                self._said[memo] = said
            return said
        return self._make(key, chosen, fields)

    def _make(self, key: str, chosen: str, fields: dict[str, object]) -> str:
        key = _key_for(key, self.en)
        template = self.tables[chosen].get(key) or self.en[key]
        return template.format(**localized(template, fields, chosen))

    def plural(self, key: str, n: float | decimal.Decimal, /, lang: str | None = None,
               **fields: object) -> str:
        """The message `key.<category>` for the count `n` (CLDR's plural rules via Babel), with
        `n` and `fields` filled in: plural("cards", 5, "cs") -> "5 karet". A table lacking that
        category falls back to its `other` form, then to English."""
        chosen = self.lang_of(lang)
        if _say.get() is not None and f"{key}.page.other" in self.en:
            key = f"{key}.page"
        category = plural_category(n, chosen)
        table = self.tables[chosen]
        template = (table.get(f"{key}.{category}") or table.get(f"{key}.other")
                    or self.en.get(f"{key}.{plural_category(n, 'en')}") or self.en[f"{key}.other"])
        return template.format(**localized(template, {"n": n, **fields}, chosen))

    def problems(self, english_only: Iterable[str] = ()) -> list[str]:
        """What a translator broke, in words (empty: none): a key missing from a language or
        unknown in English, a counted message (English has `stem.one` and `stem.other`)
        without exactly the language's CLDR categories, a `{field}` English does not have.
        `english_only` keys fall back to English on purpose (a name said alike everywhere)."""
        found: list[str] = []
        skip = set(english_only)
        counted = {stem for stem, forms in _forms(self.en).items() if {"one", "other"} <= forms}
        for lang, table in self.tables.items():
            forms = _forms(table)
            for stem in sorted(counted - skip):
                if forms.get(stem, set()) != plural_categories(lang):
                    found.append(f"{lang}: {stem} has forms {sorted(forms.get(stem, ()))}, "
                                 f"CLDR's are {sorted(plural_categories(lang))}")
            plain = {k for k in self.en if _stem(k) not in counted}
            found += [f"{lang}: {key} missing" for key in sorted(plain - table.keys() - skip)]
            for key, template in table.items():
                base = _stem(key)
                if base in counted:  # any English form's fields: "{n} cards" and "a card"
                    english = set().union(*(_fields(self.en[f"{base}.{form}"])
                                            for form in ("one", "other")))
                elif key in self.en:
                    english = _fields(self.en[key])
                else:
                    found.append(f"{lang}: {key} is not in English")
                    continue
                if _fields(template) - english:
                    found.append(f"{lang}: {key} has fields {sorted(_fields(template) - english)}"
                                 " that English lacks")
        return found

    @classmethod
    def load(cls, package: str) -> Catalog:
        """The catalog shipped as `package`'s `messages/{en,cs,sk}.json`."""
        tables = load_tables(package)
        return cls(tables["en"], tables["cs"], tables["sk"])

    def word(self, prefix: str, name: str, lang: str | None = None,
             fallback: str | None = None) -> str:
        """A game term such as `word("type", "tower")`: the message `prefix.name`, or for a
        name the catalogue lacks `fallback` (default: the name as it is)."""
        key = f"{prefix}.{name}"
        if key in self.en:
            return self.t(key, lang)
        return name if fallback is None else fallback

    def ordinal(self, n: int, lang: str | None = None) -> str:
        """A place as said at the table: 1st, 2nd (en); 1., 2. (cs, sk)."""
        if self.lang_of(lang) == "en":
            suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
            return f"{n}{suffix}"
        return f"{n}."

    def join_names(self, names: Iterable[str], lang: str | None = None) -> str:
        """'Kim', 'Kim and Nina', 'Kim, Nina and Ola', with the catalogue's word for "and"
        (its message `and`, spaces included); no names give ""."""
        items = list(names)
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])}{self.t('and', lang)}{items[-1]}"


CATALOG = Catalog(EN, CS, SK)  # the CLI's messages as a Catalog (for `plural`, `problems`)

_CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # every CLDR plural category


def _stem(key: str) -> str | None:
    """`cards` for a key such as `cards.few` that ends in a plural category, else None."""
    stem, _, form = key.rpartition(".")
    return stem if stem and form in _CATEGORIES else None


def _forms(table: dict[str, str]) -> dict[str, set[str]]:
    """stem -> the plural categories `table` has keys for (`cards` -> {one, few, ...})."""
    found: dict[str, set[str]] = {}
    for key in table:
        stem = _stem(key)
        if stem is not None:
            found.setdefault(stem, set()).add(key.rpartition(".")[2])
    return found


def _fields(template: str) -> set[str]:
    """The names a template fills in: {n}, {seconds:.1f} -> n, seconds."""
    return {name.split(".")[0].split("[")[0].split("!")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}


forgettable(_plain_fields.cache_clear)
