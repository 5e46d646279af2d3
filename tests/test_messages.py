"""The message catalogs: data files every language agrees on, and plurals from CLDR via Babel."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest
from babel import Locale

from herna import i18n, web
from herna.games.alhambra import i18n as alhambra
from herna.games.alhambra_rw import i18n as alhambra_rw
from herna.games.alhambra_rw import web as alhambra_rw_web
from herna.games.ubongo import web as ubongo_web

SRC = Path(__file__).resolve().parents[1] / "src"

# package -> the module that speaks its catalog
CATALOGS = {
    "herna": "herna.i18n",
    "herna.games.alhambra": "herna.games.alhambra.i18n",
    "herna.games.alhambra_rw": "herna.games.alhambra_rw.i18n",
    "herna.games.envyra": "herna.games.envyra.i18n",
    "herna.games.ubongo": "herna.games.ubongo.i18n",
    "herna.web": "herna.web",
}
# Keys that fall back to English on purpose: the game's name, said alike in every language.
ENGLISH_ONLY = {"herna.games.envyra": {"title"}}


def catalog_of(package: str) -> i18n.Catalog:
    module = importlib.import_module(CATALOGS[package])
    return web.catalog() if package == "herna.web" else module.CATALOG


def test_every_catalog_is_in_the_source_tree() -> None:
    """A new messages/ folder must be listed here, so the checks below cover it."""
    found = {str(p.parent.parent.relative_to(SRC)).replace("/", ".")
             for p in SRC.rglob("messages/en.json")}
    assert found == set(CATALOGS)


@pytest.mark.parametrize("package", CATALOGS)
def test_files_are_utf8_json_objects_of_strings(package: str) -> None:
    for lang in i18n.LANGUAGES:
        raw = (resources.files(package) / "messages" / f"{lang}.json").read_bytes()
        pairs = json.loads(raw.decode("utf-8"), object_pairs_hook=lambda kv: kv)
        keys = [k for k, _ in pairs]
        assert len(keys) == len(set(keys)), (package, lang, "a key twice")
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in pairs), (package, lang)


@pytest.mark.parametrize("package", CATALOGS)
def test_every_language_has_every_key_and_only_english_fields(package: str) -> None:
    """Same keys in en, cs and sk (counted words: each language's CLDR categories), and every
    {field} of a translation in the English message, so no translation can raise KeyError."""
    assert catalog_of(package).problems(ENGLISH_ONLY.get(package, ())) == []


@pytest.mark.parametrize("package", ENGLISH_ONLY)
def test_english_only_keys_really_fall_back(package: str) -> None:
    catalog = catalog_of(package)
    for key in ENGLISH_ONLY[package]:
        for lang in i18n.LANGUAGES:
            assert catalog.t(key, lang) == catalog.en[key]


def test_problems_names_what_a_translator_broke() -> None:
    en = {"cards.one": "{n} card", "cards.other": "{n} cards", "title": "Hi {name}"}
    cs = {"cards.one": "{n} karta", "cards.few": "{n} karty", "cards.other": "{n} karet",
          "title": "Ahoj {jmeno}", "extra": "x"}
    sk = {"cards.one": "{n} karta", "cards.few": "{n} karty", "cards.many": "{n} karty",
          "cards.other": "{n} kariet"}
    found = i18n.Catalog(en, cs, sk).problems()
    assert "cs: cards has forms ['few', 'one', 'other'], CLDR's are " \
           "['few', 'many', 'one', 'other']" in found
    assert "cs: title has fields ['jmeno'] that English lacks" in found
    assert "cs: extra is not in English" in found
    assert "sk: title missing" in found
    assert len(found) == 4


def test_the_files_sit_next_to_their_modules_and_ship_in_the_package() -> None:
    for package in CATALOGS:
        folder = resources.files(package) / "messages"
        module = importlib.import_module(package)
        assert Path(str(folder)) == Path(module.__file__ or "").parent / "messages"
        for lang in i18n.LANGUAGES:
            assert (folder / f"{lang}.json").is_file(), (package, lang)
    assert i18n.load_tables("herna.games.alhambra") is i18n.load_tables("herna.games.alhambra")


@pytest.mark.slow
def test_the_wheel_holds_every_message_file(tmp_path: Path) -> None:
    """Builds the wheel (pip fetches hatchling): the catalogs must ship, not only the code."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(SRC.parent),
                    "-w", str(tmp_path)], check=True)
    (wheel,) = tmp_path.glob("herna-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {str(p.relative_to(SRC)) for p in SRC.rglob("messages/*.json")}
    assert wanted and wanted <= shipped


# ----- plurals ---------------------------------------------------------------------------------
def test_plural_picks_babels_category_for_0_to_30() -> None:
    forms = ("zero", "one", "two", "few", "many", "other")
    table = {f"x.{form}": f"{{n}} {form}" for form in forms}
    catalog = i18n.Catalog(table, table, table)
    for lang in i18n.LANGUAGES:
        rule = Locale.parse(lang).plural_form
        for n in range(31):
            assert catalog.plural("x", n, lang) == f"{n} {rule(n)}", (lang, n)
        point = "." if lang == "en" else ","
        assert catalog.plural("x", 1.5, lang) == f"1{point}5 {rule(1.5)}"
    assert i18n.plural_categories("en") == {"one", "other"}
    assert i18n.plural_categories("cs") == i18n.plural_categories("sk") == {
        "one", "few", "many", "other"}


def test_known_forms() -> None:
    assert [alhambra.counted("cards", n, "cs") for n in (1, 2, 4, 5, 0, 22)] == [
        "1 karta", "2 karty", "4 karty", "5 karet", "0 karet", "22 karet"]
    assert [alhambra.counted("cards", n, "sk") for n in (1, 3, 5)] == [
        "1 karta", "3 karty", "5 kariet"]
    assert [alhambra.counted("cards", n, "en") for n in (1, 2, 0)] == [
        "1 card", "2 cards", "0 cards"]
    assert alhambra.plural("svg.tiles", 5, "cs") == "5 dlaždic"
    assert alhambra.plural("points", 1.5, "cs") == "1,5 bodu"  # many: a fraction, decimal comma
    assert alhambra_rw.plural("web.coins", 3, "sk") == "3 mince"
    assert alhambra_rw_web._coins(5, "cs") == "5 mincí"
    assert ubongo_web.describe(0, "move +1", "cs") == "posunul(a) figurku o 1 políčko doprava"
    assert ubongo_web.describe(0, "move -3", "sk") == "posunul(a) figúrku o 3 políčka doľava"
    assert ubongo_web.describe(0, "move +2", "en") == "moved the figure 2 fields right"


def test_plural_follows_the_current_language_and_falls_back() -> None:
    with i18n.speaking("sk"):
        assert alhambra.counted("cards", 5) == "5 kariet"
    en = {"x.one": "{n} thing", "x.other": "{n} things {what}"}
    catalog = i18n.Catalog(en, {"x.one": "{n} věc"}, {})
    assert catalog.plural("x", 1, "cs") == "1 věc"
    assert catalog.plural("x", 3, "cs", what="!") == "3 things !"  # no cs form: English
    assert catalog.plural("x", 1, "sk") == "1 thing"


def test_the_page_gets_each_languages_own_plural_forms() -> None:
    """/api/messages sends English's keys plus the forms only cs/sk have, so the page's
    plural() (Intl.PluralRules, the same CLDR rules) finds "5 tahů", not "5 tahy"."""
    cs = web.page_words("cs")
    assert cs["lobby.n_moves.few"] == "{n} tahy" and cs["lobby.n_moves.other"] == "{n} tahů"
    assert web.page_words("en")["lobby.n_moves.other"] == "{n} moves"
    assert "lobby.n_moves.few" not in web.page_words("en")
    assert set(web.catalog().en) <= set(web.page_words("sk"))


def test_no_hand_plural_rule_remains() -> None:
    """Counted words have CLDR keys, not the old .1/.2/.5, and no code picks a form by hand."""
    for package in CATALOGS:
        for key in catalog_of(package).en:
            assert not re.search(r"\.[125]$", key) or key.startswith("ordinal."), key
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"2 <= \w+ <= 4", text), path


def test_words_kept_by_their_fields_types_and_language() -> None:
    """Catalog.t keeps what it made (a drawing says the same things on every push): the same
    key with 1 and 1.0, or in another language, or said in words, is made apart."""
    catalog = i18n.Catalog({"t": "{time} s", "m": "move {action}"},
                           {"t": "{time} s", "m": "tah {action}"}, {})
    assert catalog.t("t", "en", time=2) == "2 s"
    assert catalog.t("t", "en", time=2.0) == "2.0 s"
    assert catalog.t("t", "cs", time=2.0) == "2,0 s"
    assert catalog.t("t", "en", time=2) == "2 s"
    assert catalog.t("m", "cs", action="x") == "tah x"
    with i18n.in_words(lambda a: f"<{a}>"):
        assert catalog.t("m", "cs", action="x") == "tah <x>"
    assert catalog.t("m", "cs", action=["x"]) == "tah ['x']"  # unhashable: made each time
