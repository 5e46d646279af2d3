"""Every visible word comes from the catalogs, in the page's language and grammar: no English on a
Czech or Slovak screen (drawings, log, buttons, seat labels, the final table's categories), CLDR
plurals for counted words, numbers written the language's way (issue 20, item 6)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from xml.etree import ElementTree as ET

import pytest

import herna
from herna import i18n, web
from herna.games.alhambra import render as alhambra_render
from herna.games.alhambra_rw import i18n as rw_i18n
from herna.games.envyra import i18n as envyra
from herna.server import words
from herna.server.store import SeatRow, TableRow
from herna.server.tables import Step, Table

PACKAGES = ("herna", "herna.games.alhambra", "herna.games.alhambra_rw", "herna.games.envyra",
            "herna.games.ubongo")
GAMES = {"alhambra": (3, {}), "alhambra-rw": (2, {}), "envyra": (3, {"equilibrium": "C"}),
         "ubongo": (2, {})}
WORD = re.compile(r"[^\W\d_]{3,}")
# said alike in every language: names of games, pieces and variants, words the catalogs keep
SAME_EVERYWHERE = {"alhambra", "envyra", "ubongo", "roll", "write", "herna", "dirk", "equilibrium",
                   "bot", "bots"}
# words that only a developer would write, and raw keys of the engine's outcome
DEVELOPER = {"reconstruction", "inferred", "placeholder", "placeholders"}
RAW_KEY = re.compile(r"\bcount\d+\b|\b[a-z]+_[a-z_]+\b")  # count1, end_tile


def _tables() -> list[dict[str, dict[str, str]]]:
    return [i18n.load_tables(p) for p in PACKAGES] + [web.catalog().tables]


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", "", text))}


@cache
def english_only() -> frozenset[str]:
    """Words of the English catalogs that no Czech or Slovak message uses."""
    en: set[str] = set()
    other: set[str] = set()
    for tables in _tables():
        for text in tables["en"].values():
            en |= _words(text)
        for lang in ("cs", "sk"):
            for text in tables[lang].values():
                other |= _words(text)
    return frozenset((en - other - SAME_EVERYWHERE) | DEVELOPER)


def test_the_english_word_list_is_a_real_list() -> None:
    found = english_only()
    assert {"players", "moves", "tiles", "reconstruction"} <= found
    assert not {"alhambra", "ubongo"} & found


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_no_translation_is_left_in_english(lang: str) -> None:
    """A Czech or Slovak message holds no word only English uses (a copied, untranslated
    message), in every catalog the CLI, the drawings and the page use."""
    bad = [(key, sorted(_words(text) & english_only()))
           for tables in _tables() for key, text in tables[lang].items()
           if _words(text) & english_only()]
    assert bad == []


# ----- the payloads of real tables -----------------------------------------------------------
def _table(game: str, seed: int) -> Iterator[Table]:
    """A random game's table at a few moments: early, mid-game and over."""
    players, options = GAMES[game]
    state = herna.make(game, players=players, seed=seed, **options)
    seats = [SeatRow(i, "me" if i == 0 else "bot", None if i == 0 else "hard", None)
             for i in range(players)]
    row = TableRow(id=f"w{seed}", game=game, players=players, seed=seed, options=options,
                   lang="cs", seats=seats)
    table = Table(row=row, state=state)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over():
        seat = rng.choice(list(state.to_act()))
        before = tuple(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        table.steps.append(Step(seat, str(action), before, tuple(state.to_act())))
        moves += 1
        if moves in (1, 9):
            yield table
    yield table


def visible(payload: dict[str, object]) -> list[str]:
    """What a person reads on the table page that the server sends: the drawing's text, the
    log, the buttons, the seat labels, the final table's categories."""
    out: list[str] = []
    areas = payload.get("areas") or [{"svg": payload["svg"]}]  # type: ignore[attr-defined]
    for drawn in areas:
        root = ET.fromstring(re.sub(r"^<\?xml[^>]*>", "", str(drawn["svg"] or "")))
        for node in root.iter():
            if node.tag.rpartition("}")[2] in ("text", "title", "tspan"):
                out.append("".join(node.itertext()))
        out += [str(drawn.get("title") or ""), str(drawn.get("summary") or "")]
    out += [str(line["words"]) for line in payload["log"]]  # type: ignore[attr-defined]
    out += [str(line["who"]) for line in payload["log"]]  # type: ignore[attr-defined]
    out += [str(a["label"]) for a in payload["legal"]]  # type: ignore[attr-defined]
    out += [str(s["label"]) for s in payload["seats"]]  # type: ignore[attr-defined]
    out += [str(v) for v in payload["categories"].values()]  # type: ignore[attr-defined]
    prompt = payload.get("prompt")  # this step in the game's words, and what a choice leads to
    if prompt:
        out += [str(prompt["text"]), *map(str, prompt["after"].values())]  # type: ignore[index]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_english_reaches_a_czech_or_slovak_table(game: str) -> None:
    seen_over = False
    for table in _table(game, 3):
        for lang in ("cs", "sk"):
            for seat in (0, None):
                payload = words.payload(table, seat, lang)
                for text in visible(payload):
                    leaked = _words(text) & english_only()
                    assert not leaked, (game, lang, seat, text, leaked)
                    assert not RAW_KEY.search(text), (game, lang, text)
                    assert not re.search(r"\d\.\d", text.replace("...", "")), (game, lang, text)
                if payload["over"]:
                    seen_over = True
                    cats = payload["categories"]
                    assert cats and set(cats) == {k for b in payload["outcome"]["breakdown"]
                                                  for k in b}
    assert seen_over


def test_no_english_reaches_a_czech_or_slovak_scene() -> None:
    """Alhambra's scoring rounds shown step by step (GET .../scenes/{seq}): their titles,
    words and drawn text, in Czech and Slovak only; in English the check finds English."""
    table = list(_table("alhambra", 3))[-1]
    words.log_lines(table, None, "cs")  # the events and scenes of the steps shown
    shown = [i for i, step in enumerate(table.steps) if step.shows is not None]
    assert shown
    for lang in ("cs", "sk", "en"):
        text = []
        for i in shown:
            for scene in words.step_scenes(table, i, lang) or ():
                root = ET.fromstring(scene["svg"])
                text += ["".join(n.itertext()) for n in root.iter() if n.tag.endswith("}text")]
                text += [scene["title"], scene["words"]]
        leaked = {w for line in text for w in _words(line) & english_only()}
        assert bool(leaked) == (lang == "en"), (lang, leaked)
        assert not any(RAW_KEY.search(line) for line in text), lang


def test_the_english_table_is_english_too() -> None:
    """The same check in English finds the words (so the check is not blind)."""
    table = list(_table("envyra", 3))[-1]
    text = " ".join(visible(words.payload(table, 0, "en")))
    assert _words(text) & english_only()
    assert words.payload(table, 0, "en")["categories"] == {
        "stars": "stars", "sets": "sets", "equilibrium": "Equilibrium"}


def test_breakdown_categories_are_words() -> None:
    assert words.category("ubongo", "count1", "cs") == "nejvíc jedné barvy"
    assert words.category("envyra", "stars", "sk") == "hviezdičky"
    assert words.category("alhambra", "walls", "cs") != "walls"
    assert words.category("alhambra-rw", "lines", "cs") == "řady a sloupce"
    assert words.category("alhambra-rw", "tower", "sk") != "tower"


# ----- grammar: agreement, plurals, numbers ---------------------------------------------------
def test_colour_and_symbol_agree_in_gender() -> None:
    assert envyra.tile_name("orange", "sun", "cs") == "oranžové slunce"
    assert envyra.tile_name("green", "leaf", "cs") == "zelený list"
    assert envyra.tile_name("blue", "drop", "sk") == "modrá kvapka"
    assert envyra.tile_name("orange", "sun", "en") == "orange sun"
    for theme, symbols in (("orange", ("sun", "fire", "mountain", "desert")),
                           ("green", ("leaf", "tree", "flower", "grass")),
                           ("blue", ("sea", "drop", "cloud", "snowflake"))):
        for symbol in symbols:
            assert f"tile.{theme}.{symbol}" in envyra.CATALOG.en


def test_money_letters_follow_the_language() -> None:
    assert [alhambra_render.money_letter(c, "en") for c in ("denar", "dirham", "guilder")] == [
        "b", "g", "y"]
    assert [alhambra_render.money_letter(c, "cs") for c in ("denar", "dirham", "guilder")] == [
        "m", "z", "ž"]


def test_fractions_have_a_decimal_comma() -> None:
    from herna.games.ubongo import web as ubongo_web

    assert ubongo_web.describe(0, "solve A0@0,0 in 2.0", "cs").endswith("2,0 s")
    assert ubongo_web.describe(0, "solve A0@0,0 in 2.0", "en").endswith("2.0 s")
    assert i18n.number(12.5, "sk") == "12,5"


# A message "{n} <noun>" counts something: it must have plural forms. These have no noun after
# the count ("with 3 each": how many buildings a tied player has).
NOT_COUNTED = {"explain.tie", "explain.tie_unpaid"}


def test_every_counted_message_has_plural_forms() -> None:
    counted = re.compile(r"\{(n|count)\} (\{\w+\} )?[^\W\d_]{3,}")
    bare = [key for tables in _tables() for key, text in tables["en"].items()
            if i18n._stem(key) is None and counted.search(text) and key not in NOT_COUNTED]
    assert bare == []


SHOWN = [  # (catalog, key, {n: (en, cs, sk)})
    (web.catalog(), "lobby.n_players", {1: ("1 player", "1 hráč", "1 hráč"),
                                        2: ("2 players", "2 hráči", "2 hráči"),
                                        5: ("5 players", "5 hráčů", "5 hráčov")}),
    (web.catalog(), "table.more", {1: ("1 more move goes on from here",
                                       "Odtud pokračuje ještě 1 tah",
                                       "Odtiaľto pokračuje ešte 1 ťah"),
                                   3: ("3 more moves go on from here",
                                       "Odtud pokračují ještě 3 tahy",
                                       "Odtiaľto pokračujú ešte 3 ťahy")}),
    (web.catalog(), "lobby.players_range", {5: ("1-5 players", "1–5 hráčů", "1–5 hráčov"),
                                            4: ("2-4 players", "2–4 hráči", "2–4 hráči")}),
    (envyra.CATALOG, "bag", {1: ("bag: 1 tile", "pytlík: 1 dílek", "vrecko: 1 dielik"),
                             4: ("bag: 4 tiles", "pytlík: 4 dílky", "vrecko: 4 dieliky"),
                             16: ("bag: 16 tiles", "pytlík: 16 dílků", "vrecko: 16 dielikov")}),
]


@pytest.mark.parametrize(("catalog", "key", "forms"), SHOWN, ids=[s[1] for s in SHOWN])
def test_counted_words_on_screen(catalog: i18n.Catalog, key: str,
                                 forms: dict[int, tuple[str, str, str]]) -> None:
    for n, said in forms.items():
        fields = {"min": 1 if n == 5 else 2, "max": n}
        got = tuple(catalog.plural(key, n, lang, **fields) for lang in ("en", "cs", "sk"))
        assert got == said, (key, n)
    for lang in i18n.LANGUAGES:
        have = {k.rpartition(".")[2] for k in catalog.tables[lang] if k.startswith(key + ".")}
        assert have == i18n.plural_categories(lang), (key, lang)


# ----- grammar: a noun inserted in the case its place needs (Alhambra Roll & Write) -----------
RW_TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
# where a building type may stand in its nominative: a label after a colon or a field, in
# brackets, or as the name of a type ("typu věž", "budova věž"); anywhere else (after "za",
# as an object) a message takes the form the catalogs carry for that place (`type_gen`)
NOMINATIVE_PLACE = re.compile(r"(^|: |\} |\(|typu |typ |type |budova )\{type\}$")


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_roll_and_write_inserts_a_type_only_where_its_nominative_fits(lang: str) -> None:
    table = rw_i18n.CATALOG.tables[lang]
    for key, text in table.items():
        for at in re.finditer(r"\{type\}", text):
            assert NOMINATIVE_PLACE.search(text[:at.end()]), (key, text)


GENITIVE = {"cs": ("pavilonů", "serailů", "arkád", "komnat", "zahrad", "věží"),
            "sk": ("pavilónov", "palácov", "arkád", "zámkov", "záhrad", "veží"),
            "en": ("pavilions", "seraglios", "arcades", "chambers", "gardens", "towers")}


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_completing_a_type_says_it_in_the_genitive(lang: str) -> None:
    """"Ani vyškrtala všechna políčka zahrad", "…dostať VB za dokončenie veží": the rulebook's
    own phrase (seed 000: "vyškrtali v rovnakom kole všetky políčka palácov")."""
    for kind, form in zip(RW_TYPES, GENITIVE[lang], strict=True):
        assert rw_i18n.type_gen(kind, lang) == form
        one = rw_i18n.t("award.one", lang, round=3, who="Ani", type_gen=form, places="1.",
                        share=16)
        shared = rw_i18n.t("award.shared", lang, round=3, who="Ani a Ben", type_gen=form,
                           places="1.+2.", share=13)
        paid = rw_i18n.plural("pad.err.not_complete", 4, lang, who="Ani", type_gen=form)
        for text in (one, shared, paid):
            assert re.search(rf"\b{form}\b", text), (lang, text)
    assert rw_i18n.t("award.one", "cs", round=2, who="Ani", type_gen=rw_i18n.type_gen(
        "garden", "cs"), places="1.", share=16) == \
        "kolo 2: Ani vyškrtal(a) všechna políčka zahrad: 1. místo, 16 VB"
    assert rw_i18n.t("award.shared", "sk", round=5, who="Patricia a Frank",
                     type_gen=rw_i18n.type_gen("seraglio", "sk"), places="1.+2.", share=13) \
        == ("kolo 5: Patricia a Frank vyškrtali všetky políčka palácov v rovnakom kole: delia "
            "sa o miesta 1.+2., každý 13 VB")


def test_roll_and_write_awards_on_the_table_are_in_the_genitive() -> None:
    """A real game's awards, as the drawing and the terminal write them."""
    from herna.games.alhambra_rw import render as rw_render
    from herna.games.alhambra_rw import terminal as rw_terminal

    state = herna.make("alhambra-rw", players=3, seed=2)
    rng = random.Random(2)
    while not state.view(None).get("awards") and not state.is_over():
        seat = rng.choice(list(state.to_act()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.view(None)
    kind = view["awards"][0]["type"]
    for lang in ("cs", "sk"):
        drawn = rw_render.svg(view, lang=lang)
        assert rw_i18n.type_gen(kind, lang) in drawn, (lang, kind)
        with i18n.speaking(lang):
            lines = rw_terminal.award_lines(view)
        assert rw_i18n.type_gen(kind, lang) in lines[0], lines
