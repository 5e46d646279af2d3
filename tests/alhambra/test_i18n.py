"""Alhambra in English, Czech and Slovak: the game's word tables, the terminal screen, the
notation help and the score pad follow `herna.i18n`'s language; what players type does not."""

from __future__ import annotations

import io
import random
import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import herna
from herna import i18n as core_i18n
from herna.games.alhambra import i18n, notation, render, terminal
from herna.games.alhambra.data import BUILDING_TYPES, CURRENCIES, META
from herna.games.alhambra.scorepad import score_command
from herna.games.alhambra.scoring import explain_building_points

MARKET_TITLE = {"en": "Building market", "cs": "Stavební trh", "sk": "Stavebný trh"}
# the keys whose words appear on the terminal screen
SCREEN_PREFIXES = ("type.", "abbrev.", "currency", "seat", "you", "none", "nobody", "empty",
                   "tile.", "header.", "phase.", "market.", "money", "hand", "dirk.", "outcome.",
                   "cards.", "points.", "walls", "total")


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no language chosen, and whatever it chooses is undone after."""
    monkeypatch.delenv("HERNA_LANG", raising=False)
    monkeypatch.setattr(core_i18n, "_lang", ContextVar("herna_lang", default=None))


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def literals(template: str) -> list[str]:
    """The words of a template outside its {fields}, e.g. 'longest wall'."""
    return [text.strip(" ·:()▶-,\n") for text, _, _, _ in string.Formatter().parse(template)]


def screen(view: dict[str, Any], width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(terminal.render(view))
    return console.export_text()


def game_views(players: int, seed: int) -> Iterator[dict[str, Any]]:
    """Seat 0's view now and then (placement phases included) through a random game."""
    state = herna.make("alhambra", players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(0)
        if view["phase"] == "placement" or rng.random() < 0.02:
            yield view
    yield state.view(0)


@pytest.fixture(scope="module")
def views() -> list[dict[str, Any]]:
    found = list(game_views(2, 4))
    assert found[-1]["outcome"] is not None and found[-1]["dirk"] is not None
    assert any(any(s["pending"] for s in v["seats"]) for v in found)
    return found[::7] + found[-1:]


# ----- the tables ------------------------------------------------------------------------------
def test_every_key_is_in_every_table_with_the_same_fields() -> None:
    assert set(i18n.TABLES) == set(i18n.LANGUAGES) == set(core_i18n.LANGUAGES)
    assert not i18n.CATALOG.problems()  # counted words: each language's CLDR categories
    for lang, table in i18n.TABLES.items():
        for key, template in table.items():
            if key in i18n.EN:
                assert fields(template) == fields(i18n.EN[key]), (lang, key)
            assert "lang" not in fields(template), key  # `lang` is t()'s own argument


def test_every_game_term_is_named() -> None:
    colours = set(META["building_colours"].values())
    for lang in i18n.LANGUAGES:
        for kind in (*BUILDING_TYPES, "fountain"):
            assert f"type.{kind}" in i18n.TABLES[lang]
            # a grid cell holds exactly "id" + space + three letters
            assert len(i18n.type_abbrev(kind, lang)) == 3, (lang, kind)
        for currency in CURRENCIES:
            assert f"currency.{currency}" in i18n.TABLES[lang]
            assert f"currency_pl.{currency}" in i18n.TABLES[lang]
        for colour in colours:
            assert f"colour.{colour}" in i18n.TABLES[lang]
        abbrevs = [i18n.type_abbrev(k, lang) for k in (*BUILDING_TYPES, "fountain")]
        assert len(set(abbrevs)) == len(abbrevs), lang


def test_rulebook_words() -> None:
    assert [i18n.type_name(k, "cs") for k in BUILDING_TYPES] == [
        "pavilon", "serail", "arkády", "komnaty", "zahrada", "věž"]
    assert [i18n.type_name(k, "sk") for k in BUILDING_TYPES] == [
        "pavilón", "palác", "arkády", "zámky", "záhrada", "veža"]
    assert [i18n.currency_name(c, "cs") for c in CURRENCIES] == [
        "denár", "dirham", "dukát", "gulden"]
    assert i18n.t("market.title", "cs") == "Stavební trh"
    assert i18n.t("seat.reserve", "cs") == "Rezerva: "


def test_t_follows_the_current_language_and_falls_back() -> None:
    assert i18n.t("market.title") == "Building market"
    core_i18n.set_lang("sk")
    assert i18n.t("market.title") == "Stavebný trh"
    assert i18n.t("market.title", "cs") == "Stavební trh"  # an explicit language wins
    assert i18n.t("market.title", "xx") == "Stavebný trh"  # an unknown one is ignored
    assert i18n.type_name("castle") == "castle"  # unknown terms are shown as they are
    assert i18n.counted("cards", 1) == "1 karta"
    assert i18n.counted("cards", 3) == "3 karty"
    assert i18n.counted("cards", 5) == "5 kariet"
    assert i18n.counted("points", 0, "en") == "0 points"


# ----- the terminal screen ---------------------------------------------------------------------
# the screen's words that are the same in all three languages
SHARED_WORDS = {"Alhambra", "Dirk", "dirham", "PAV", "SER"}


def english_screen_words() -> set[str]:
    """Every English word of the screen but the shared ones: none may show in cs or sk."""
    keys = [k for k in i18n.EN if k.startswith(SCREEN_PREFIXES)]
    return {w for k in keys for w in literals(i18n.EN[k])
            if len(re.sub(r"[^A-Za-z]", "", w)) >= 3 and w not in SHARED_WORDS}


def shown(word: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_screen_has_no_english_words(views: list[dict[str, Any]], lang: str) -> None:
    core_i18n.set_lang(lang)
    english = english_screen_words()
    assert {"Building market", "Money display", "Reserve", "To place", "longest wall",
            "to act", "Player", "Rank", "arcades", "ARC"} <= english
    for view in views:
        text = screen(view)
        assert MARKET_TITLE[lang] in text
        left = sorted(w for w in english if shown(w, text))
        assert left == [], left


def test_cs_screen_reads_czech(views: list[dict[str, Any]]) -> None:
    core_i18n.set_lang("cs")
    text = screen(views[-1])
    assert "Konec hry · vítěz: " in text or "Konec hry · dělené vítězství: " in text
    assert "Dirk (neutrální hráč)" in text and "Rezerva:" in text and "◎ FON" in text
    assert "Vyložené peníze:" in text
    for word in ("Hráč", "Body", "Pořadí", "pavilon", "věž", "zeď"):
        assert word in text, word
    placing = next(v for v in views if v["seats"][0]["pending"])
    assert "K položení:" in screen(placing)


def test_screen_keeps_the_notation(views: list[dict[str, Any]]) -> None:
    """Card labels, tile ids and coordinates are what players type: the same in every language."""
    def typed(text: str) -> set[str]:
        return set(re.findall(r"\b[bgoy][1-9]\b|-?\d+,-?\d+", text))

    for view in views[:3]:
        english = screen(view)
        for lang in ("cs", "sk"):
            core_i18n.set_lang(lang)
            assert typed(screen(view)) == typed(english)
            core_i18n.set_lang("en")


def test_english_screen_is_unchanged(views: list[dict[str, Any]]) -> None:
    text = screen(views[-1])
    assert "Building market" in text and "Money display:" in text
    assert "Game over · " in text and "Dirk (neutral player)" in text
    assert terminal.tile_label({"id": 7, "type": "pavilion", "price": 8, "walls": "-"}) \
        == "7 pavilion (8) no walls"


def test_tile_label_in_czech() -> None:
    core_i18n.set_lang("cs")
    assert terminal.tile_label({"id": 23, "type": "arcades", "price": 10, "walls": "TR"}) \
        == "23 arkády (10) zdi TR"
    assert terminal.tile_label({"id": 0, "type": "fountain"}) == "0 Lví fontána"
    assert terminal.cell_lines({"id": 46, "type": "tower", "price": 9, "walls": "RB"})[1] \
        == " 46 VĚŽ┃"


# ----- the SVG picture -------------------------------------------------------------------------
# every English heading and label the picture draws; none may be left in cs or sk
SVG_ENGLISH = ("Building market", "Money display", "Supply", "Deck", "Discard", "Bag", "drawn",
               "in deck", "Round", "price", "empty", "wall", "Hand", "Buildings", "Longest wall",
               "Reserve", "Bought this turn", "Score", "to act", "Seat", "you", "hidden",
               "total", "Dirk (neutral player)", "Game over", "game over", "Winner",
               "Shared win", "Player", "Rank", "walls", "points", "cards", "tiles", "Turn",
               "phase", "actions this turn", "view of", "spectator view", "pavilion",
               "seraglio", "arcades", "chambers", "garden", "tower", "fountain", "ARC", "CHA",
               "GAR", "TOW", "FTN", "denar", "ducat", "guilder")


def svg_texts(svg_text: str) -> list[str]:
    root = ET.fromstring(svg_text.encode("utf-8"))
    return [e.text or "" for e in root.iter() if e.tag.endswith(("}text", "}title"))]


def svg_views(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game's views plus a 3-player spectator's (hidden hands, no Dirk)."""
    state = herna.make("alhambra", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        for seat in state.to_act():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return [*views, state.view(None)]


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_svg_has_no_english_words(views: list[dict[str, Any]], lang: str) -> None:
    for view in svg_views(views):
        text = render.svg(view, lang=lang)
        words = svg_texts(text)
        assert MARKET_TITLE[lang] in words  # the terminal's market title
        left = sorted({w for w in SVG_ENGLISH for line in words if shown(w, line)})
        assert left == [], (lang, left)
    over = render.svg(views[-1], lang=lang)
    assert i18n.t("dirk.title", lang) in over
    assert f">{i18n.ordinal(1, lang)} " in over  # places in the final table, as said there


def test_svg_follows_the_current_language(views: list[dict[str, Any]]) -> None:
    view = views[-1]
    english = render.svg(view)
    assert english == render.svg(view, lang="en")
    assert "Building market" in english and "Game over" in english
    core_i18n.set_lang("cs")
    czech = render.svg(view)
    assert czech == render.svg(view, lang="cs") != english
    assert "Stavební trh" in czech and "Konec hry" in czech and "Body" in czech
    assert render.svg(view, lang="en") == english  # an explicit language wins
    assert render.svg(view, lang="sk") != czech and "Stavebný trh" in render.svg(view, lang="sk")


def test_svg_keeps_the_notation(views: list[dict[str, Any]]) -> None:
    """Tile ids, card values and free places' coordinates are the same in every language."""
    def typed(svg_text: str) -> list[tuple[str, str]]:
        root = ET.fromstring(svg_text.encode("utf-8"))
        return [(e.get("class") or "", e.text or "") for e in root.iter()
                if e.get("class") in ("tile-id", "slot-coord", "coord", "price")]

    for view in views[:3]:
        english = typed(render.svg(view))
        assert english
        for lang in ("cs", "sk"):
            assert typed(render.svg(view, lang=lang)) == english


def test_svg_counts_in_czech() -> None:
    view = {"game": "alhambra", "seat": None, "players": 2, "phase": "action", "current": 0,
            "to_act": [0], "turn": 3, "actions_this_turn": 0, "market": [],
            "money_display": [], "deck": 1, "discard": [{"currency": "denar", "value": 2}] * 3,
            "bag": 5, "scoring_cards_drawn": [], "scorings": [], "dirk": None, "outcome": None,
            "seats": [{"seat": 0, "score": 0, "hand": None, "hand_count": 1, "alhambra": [],
                       "reserve": [], "pending": [], "counts": {}, "longest_wall": 0}]}
    words = svg_texts(render.svg(view, lang="cs"))
    for line in ("Balík: 1 karta", "Odkládací hromádka: 3 karty", "Pytlík: 5 dlaždic",
                 "1 karta (skrytá ruka)", "Alhambra — pohled diváka"):
        assert line in words, line
    assert "Deck: 1 card" in svg_texts(render.svg(view))  # singular for one


# ----- the notation help -----------------------------------------------------------------------
def test_help_follows_the_language() -> None:
    assert notation.help_text() == notation.HELP  # English by default, HELP stays English
    assert notation.help_text("sk") != notation.help_text("en")
    core_i18n.set_lang("sk")
    assert notation.help_text() == notation.HELP_SK != notation.HELP
    assert "stavebného trhu" in notation.help_text()
    core_i18n.set_lang("cs")
    assert "Stavební trh".lower() in notation.help_text().lower()


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_help_explains_the_same_commands(lang: str) -> None:
    text = notation.help_text(lang)
    for form in ("take b7", "take g2 y3", "buy 2 g4 g3", "end", "place 23 1,-2", "reserve 23",
                 "swap 12 33", "dirk 23", "pass", "legal", "help", "view", "quit", "0,-1",
                 "b = ", "g = ", "o = ", "y = "):
        assert form in text, (lang, form)


def test_cli_help_command_uses_the_language() -> None:
    from herna.cli import app

    result = CliRunner().invoke(
        app, ["play", "alhambra", "--players", "2", "--seed", "1", "--lang", "cs"],
        input="help\nquit\ny\n", env={"COLUMNS": "160", "HERNA_LANG": None})
    assert result.exit_code == 0, result.output
    assert "ALHAMBRA - jak zapisovat tahy" in result.output
    assert "Trh: " in result.output  # the compact screen; `view all` has "Stavební trh"


# ----- scoring explanations and the score pad --------------------------------------------------
def test_explanations_stay_english_by_default() -> None:
    lines = explain_building_points([{"tower": 4}, {"tower": 4}], 2, ["Kim", "Nina"])
    assert "tower: Kim and Nina tie for 1st with 4 each and share 13 + 6 = 19 → 9 each" in lines


def test_explanations_in_czech_and_slovak() -> None:
    counts = [{"tower": 4, "pavilion": 2}, {"tower": 4}, {"tower": 1}]
    names = ["Kim", "Nina", "Ola"]
    cs = explain_building_points(counts, 2, names, lang="cs")
    assert cs[0] == "pavilon: Kim je na 1. místě s počtem 2 → 8"
    assert cs[1] == "serail: nikdo nemá ani jednu budovu → žádné body"
    assert cs[-1] == ("věž: Kim a Nina jsou shodně na 1. místě s počtem 4 a dělí si "
                      "13 + 6 = 19 → každý 9; Ola je na 3. místě s počtem 1 → nic "
                      "(2. bodování odměňuje jen 1. a 2. místo)")
    core_i18n.set_lang("sk")  # the current language, when none is passed
    sk = explain_building_points(counts, 2, names)
    assert sk[-1].startswith("veža: Kim a Nina sú zhodne na 1. mieste s počtom 4")
    assert explain_building_points(counts, 2, names, lang="en")[0] == (
        "pavilion: Kim is 1st with 2 → 8")


def pad() -> typer.Typer:
    score_app = typer.Typer()
    score_app.command("alhambra")(score_command)
    app = typer.Typer()
    app.add_typer(score_app, name="score")
    return app


def test_score_pad_prints_czech() -> None:
    args = ["score", "alhambra", "-r", "2", "--lang", "cs",
            "-p", "Kim: tower=4 blue=2 walls=8", "-p", "Nina: tower=4 walls=3"]
    result = CliRunner().invoke(pad(), args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Alhambra — 2. bodování" in out
    assert "U budov jsou body (v závorce počet budov)." in out
    assert "věž: Kim a Nina jsou shodně na 1. místě s počtem 4 a dělí si 13 + 6 = 19 → každý 9" \
        in out
    for word in ("pavilon", "serail", "komnaty", "zeď", "celkem"):
        assert word in out, word
    for english in ("scoring round", "walls", "total", "tie for", "nobody"):
        assert english not in out, english


def test_score_pad_language_from_herna_lang_and_errors() -> None:
    result = CliRunner().invoke(pad(), ["score", "alhambra", "-r", "1", "-p", "Kim: tower=1",
                                        "-p", "Nina: tower=x"],
                                env={"COLUMNS": "200", "HERNA_LANG": "sk"})
    assert result.exit_code == 2
    assert "Nina: tower='x' nie je celé číslo 0 alebo väčšie" in result.output
    bad = CliRunner().invoke(pad(), ["score", "alhambra", "-r", "1", "--lang", "de"],
                             env={"COLUMNS": "200"})
    assert bad.exit_code == 2 and "unknown language 'de'" in bad.output


# ----- refusal reasons (herna.IllegalAction) ---------------------------------------------------
REASON_PREFIXES = ("why.", "side.", "nothing")
CORE_REASON_PREFIX = "illegal."


@pytest.fixture
def reset_lang(english_by_default: None) -> Iterator[None]:
    """A test that switches the language gets English back when it ends."""
    yield
    core_i18n.set_lang("en")


def reason(state: herna.State, seat: int, text: str) -> str:
    with pytest.raises(herna.IllegalAction) as caught:
        state.apply(seat, text)
    return str(caught.value)


def placement_state() -> herna.State:
    """A 3-player game at its first placement decision (seed 0: a tile with walls bought)."""
    state = herna.make("alhambra", players=3, seed=0)
    rng = random.Random(0)
    while state.view(None)["phase"] != "placement":
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def refusals() -> dict[str, str]:
    """The five reasons in the current language, by case."""
    fresh = herna.make("alhambra", players=3, seed=0)
    seat = fresh.to_act()[0]
    space = fresh.view(None)["market"][0]["currency"]
    wrong = next(c for c in CURRENCIES if c != space)
    letter = META["currency_letters"][wrong]
    placing = placement_state()
    placer = placing.to_act()[0]
    tile = placing.view(None)["seats"][placer]["pending"][0]["id"]
    mismatch = next(
        text for text in (f"place {tile} {x},{y}" for x, y in ((0, -1), (1, 0), (0, 1), (-1, 0)))
        if text not in {str(a) for a in placing.legal_actions(placer)})
    return {
        "currency": reason(fresh, seat, f"buy 1 {letter}4"),
        "occupied": reason(placing, placer, f"place {tile} 0,0"),
        "walls": reason(placing, placer, mismatch),
        "garbage": reason(fresh, seat, "frob 7"),
        "turn": reason(fresh, (seat + 1) % 3, "pass"),
    }


def test_reason_keys_are_in_every_table_with_the_same_fields() -> None:
    keys = [k for k in i18n.EN if k.startswith(REASON_PREFIXES)]
    assert len(keys) > 40
    for table in (i18n.CS, i18n.SK):
        for key in keys:
            assert key in table, key
            assert fields(table[key]) == fields(i18n.EN[key]), key
            assert table[key] != i18n.EN[key], key
    core = [k for k in core_i18n.EN if k.startswith(CORE_REASON_PREFIX)]
    assert len(core) == 6
    for table in (core_i18n.CS, core_i18n.SK):
        for key in core:
            assert key in table, key
            assert fields(table[key]) == fields(core_i18n.EN[key]), key
            assert table[key] != core_i18n.EN[key], key


def test_reasons_in_english_are_unchanged(reset_lang: None) -> None:
    core_i18n.set_lang("en")
    got = refusals()
    assert re.fullmatch(r"market space 1 takes only \w+ \([bgoy]\), not [bgoy]4", got["currency"])
    assert got["occupied"] == "0,0 is already built on"
    assert re.fullmatch(r"tile \d+ would put (a wall|an open side) \((top|right|bottom|left)\) "
                        r"against (an open side|a wall) of tile \d+ at -?\d,-?\d: "
                        r"touching sides must match", got["walls"])
    assert got["garbage"] == ("unknown action 'frob'; actions are take, buy, end, place, reserve, "
                              "swap, dirk, pass (type `help` for the notation)")
    assert re.fullmatch(r"seat \d is not to act now \(waiting for seat \d\)", got["turn"])
    state = herna.make("alhambra", players=2, seed=3)
    seat = state.to_act()[0]
    assert reason(state, seat, "") == "no action given; type `legal` to list the legal actions"
    assert reason(state, seat, "take q1") == (
        "'q1' is not a money card; write the currency letter and the value, e.g. b7 "
        "(b blue denar, g green dirham, o orange ducat, y yellow guilder)")
    assert reason(state, seat, "place 3 a,b") == (
        "'a,b' is not a position; write x,y, e.g. 1,-2 (the fountain is 0,0; y grows downward)")
    assert reason(state, 5, "pass") == "there is no seat 5 (seats are 0..1)"
    assert reason(state, seat, "swap 1 2") == "tile 1 is not in your reserve (none)"


def test_exact_english_wall_and_currency_reasons(reset_lang: None) -> None:
    fresh = herna.make("alhambra", players=3, seed=0)
    seat = fresh.to_act()[0]
    space = fresh.view(None)["market"][0]["currency"]
    wrong = next(c for c in CURRENCIES if c != space)
    letter, own = META["currency_letters"][wrong], META["currency_letters"][space]
    assert reason(fresh, seat, f"buy 1 {letter}4") == (
        f"market space 1 takes only {space} ({own}), not {letter}4")
    placing = placement_state()
    placer = placing.to_act()[0]
    tile = placing.view(None)["seats"][placer]["pending"][0]["id"]
    assert tile == 21
    assert reason(placing, placer, "place 21 -1,0") == (
        "tile 21 would put a wall (right) against an open side of tile 0 at 0,0: "
        "touching sides must match")


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_reasons_follow_the_language(reset_lang: None, lang: str) -> None:
    core_i18n.set_lang("en")
    english = refusals()
    core_i18n.set_lang(lang)
    got = refusals()
    for case, text in got.items():
        assert text != english[case], case
    table, core = i18n.TABLES[lang], core_i18n.TABLES[lang]
    space = herna.make("alhambra", players=3, seed=0).view(None)["market"][0]["currency"]
    assert got["currency"].startswith(table["why.currency"].split("{")[0] + "1 ")
    assert i18n.word("currency_pl", space, lang) in got["currency"]
    assert got["occupied"] == table["why.occupied"].format(x=0, y=0)
    assert got["walls"].startswith(table["why.wall_to_open"].split("{")[0])
    side_words = [table[f"side.{s}"] for s in ("top", "right", "bottom", "left")]
    assert any(f"({w})" in got["walls"] for w in side_words)
    assert got["garbage"] == table["why.unknown"].format(verb="frob")
    assert got["turn"] == core["illegal.not_to_act"].format(
        seat=int(english["turn"].split()[1]), who=english["turn"].rstrip(")").split()[-1])
    # the notation players type stays as it is
    assert "take, buy, end, place, reserve, swap, dirk, pass" in got["garbage"]
    assert "`help`" in got["garbage"]


def test_czech_and_slovak_reasons_read_naturally(reset_lang: None) -> None:
    core_i18n.set_lang("cs")
    got = refusals()
    assert got["occupied"] == "na 0,0 už dlaždice leží"
    assert got["garbage"] == ("neznámý tah 'frob'; tahy jsou take, buy, end, place, reserve, "
                              "swap, dirk, pass (`help` ukáže zápis tahů)")
    assert "není na tahu" in got["turn"]
    assert "stavebního trhu bere jen" in got["currency"]
    assert got["walls"] == ("dlaždice 21 by přiložila zeď (vpravo) k otevřené straně dlaždice 0 "
                            "na 0,0: sousední strany se musí shodovat")
    core_i18n.set_lang("sk")
    got = refusals()
    assert got["occupied"] == "na 0,0 už dlaždica leží"
    assert got["garbage"].startswith("neznámy ťah 'frob'; ťahy sú take, buy, end")
    assert "nie je na ťahu" in got["turn"]
    assert "stavebného trhu berie len" in got["currency"]
    assert got["walls"] == ("dlaždica 21 by priložila múr (vpravo) k otvorenej strane dlaždice 0 "
                            "na 0,0: susedné strany sa musia zhodovať")


def test_english_again_after_a_czech_test() -> None:
    """The fixture put English back: this test sees the default language."""
    assert core_i18n.get_lang() == "en"
    state = herna.make("alhambra", players=2, seed=1)
    assert reason(state, state.to_act()[0], "frob").startswith("unknown action 'frob'")
