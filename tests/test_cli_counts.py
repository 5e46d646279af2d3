"""Counted words in the `herna` commands and the score pads take CLDR's plural form for the
count (issue 20, item 6): "1 game", "2 hry", "5 hier", never "1 games" or "2 her". The
commands are run with counts 1, 2 and 5 in English, Czech and Slovak; the pads' refusals,
whose counts only go past what the box holds, are run where they happen and their other
forms read from the catalogs."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

sys.path.insert(0, str(Path(__file__).parent))  # toygame, as test_cli.py does

from herna.ai import RandomBot, play_game, registry
from herna.cli import app
from herna.games.alhambra import i18n as alhambra
from herna.games.alhambra_rw import i18n as rw
from herna.games.envyra import i18n as envyra
from herna.games.ubongo import i18n as ubongo
from herna.i18n import Catalog
from toygame import GAME_ID, register_toy

ENV = {"COLUMNS": "200", "NO_COLOR": None, "FORCE_COLOR": None, "HERNA_LANG": None}
LANGS = ("en", "cs", "sk")


@pytest.fixture(autouse=True)
def toy() -> None:
    register_toy()


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def one_line(result: Result) -> str:
    """The output with rich's wrapping undone (a long line may be folded)."""
    return " ".join(result.output.split())


GAMES_PLAYED = {"en": ("1 game in ", "2 games in ", "5 games in "),
                "cs": ("1 hra za ", "2 hry za ", "5 her za "),
                "sk": ("1 hra za ", "2 hry za ", "5 hier za ")}
TITLE = {"en": ("1 game, 2 players", "2 games, 2 players", "5 games, 2 players"),
         "cs": ("1 hra, 2 hráči", "2 hry, 2 hráči", "5 her, 2 hráči"),
         "sk": ("1 hra, 2 hráči", "2 hry, 2 hráči", "5 hier, 2 hráči")}
LENGTH = {"en": "decisions on average", "cs": "rozhodnutí", "sk": "rozhodnut"}


@pytest.mark.parametrize("lang", LANGS)
def test_simulate_counts_its_games(lang: str) -> None:
    for n, played, title in zip((1, 2, 5), GAMES_PLAYED[lang], TITLE[lang], strict=True):
        result = run("simulate", GAME_ID, "--players", "2", "--games", str(n), "--lang", lang)
        out = one_line(result)
        assert result.exit_code == 0, result.output
        assert played in out and title in out, (lang, n, out)
        assert LENGTH[lang] in out
        point = r"\." if lang == "en" else ","  # seconds and rate as the language writes them
        assert re.search(rf"\d+{point}\d s \(\d+{point}\d ", out), out


MOVES = {"en": ("1 move", "2 moves", "5 moves"),
         "cs": ("1 tah", "2 tahy", "5 tahů"),
         "sk": ("1 ťah", "2 ťahy", "5 ťahov")}


@pytest.mark.parametrize("lang", LANGS)
def test_replay_counts_the_moves_of_an_unfinished_game(tmp_path: Path, lang: str) -> None:
    record = play_game(GAME_ID, 2, ["random", "random"], seed=5, record=True).record
    assert len(record["actions"]) >= 5
    for n, said in zip((1, 2, 5), MOVES[lang], strict=True):
        path = tmp_path / f"game{n}.json"
        path.write_text(json.dumps({**record, "actions": record["actions"][:n]}),
                        encoding="utf-8")
        result = run("replay", str(path), "--lang", lang)
        assert result.exit_code == 0, result.output
        out = one_line(result) + " "
        assert f"seed 5, {said} " in out, (lang, n, out)  # the header
        if n < 5:  # the game is not over yet
            assert f"({said})" in out, (lang, n, out)


PLAYERS = {"en": ("Toy 21 is for 2-4 players, not 5",
                  "Alhambra Roll & Write is for 1-5 players, not 7"),
           "cs": ("Toy 21 je pro 2-4 hráče, ne pro 5",
                  "Alhambra Roll & Write je pro 1-5 hráčů, ne pro 7"),
           "sk": ("Toy 21 je pre 2-4 hráčov, nie pre 5",
                  "Alhambra Roll & Write je pre 1-5 hráčov, nie pre 7")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_count_out_of_range_is_counted_by_the_largest(lang: str) -> None:
    for (game, n), said in zip(((GAME_ID, 5), ("alhambra-rw", 7)), PLAYERS[lang], strict=True):
        result = run("simulate", game, "--players", str(n), "--lang", lang)
        assert result.exit_code == 2 and said in one_line(result), result.output


RATED = {"en": ("playing 2 games instead of 1", "(1 line-up)", "ratings after 2 games (2 players"),
         "cs": ("hrají se 2 hry místo 1", "(1 sestava)", "hodnocení po 2 hrách (2 hráči"),
         "sk": ("hrajú sa 2 hry namiesto 1", "(1 zostava)", "hodnotenie po 2 hrách (2 hráči")}
RATED_5 = {"en": "playing 6 games instead of 5", "cs": "hraje se 6 her místo 5",
           "sk": "hrá sa 6 hier namiesto 5"}


@pytest.mark.parametrize("lang", LANGS)
def test_rate_counts_games_and_line_ups(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))
    registry.register_bot("other", lambda game, seed, opts: RandomBot(seed + 1))
    result = run("rate", GAME_ID, "--bots", "random,other", "--games", "1", "--lang", lang)
    assert result.exit_code == 0, result.output
    out = one_line(result)
    assert all(said in out for said in RATED[lang]), (lang, out)
    result = run("rate", GAME_ID, "--bots", "random,other", "--games", "5", "--lang", lang)
    assert RATED_5[lang] in one_line(result), result.output


# ----- the score pads -----------------------------------------------------------------------------
PADS = [  # (arguments, what each language says)
    (["alhambra-rw", "-p", "Ani: coins=21"],
     ("21 unspent coins", "21 nevyužitých mincí", "21 nepoužitých mincí")),
    (["alhambra-rw", "-p", "Ani: pavilion=3", "-p", "Ben: tower=1", "--paid", "pavilion: Ani=1"],
     ("all 4 boxes crossed", "přeškrtnutá všechna 4 políčka", "vyškrtané všetky 4 políčka")),
    (["alhambra-rw", "-p", "Ani: arcades=5", "-p", "Ben: tower=1", "--paid", "arcades: Ani=1"],
     ("all 6 boxes crossed", "přeškrtnutých všech 6 políček", "vyškrtaných všetkých 6 políčok")),
    (["alhambra-rw", "-p", "Ani: pavilion=5"],
     ("5 pavilion crosses", "5 křížků u typu pavilon", "5 krížikov pri type pavilón")),
    (["ubongo", "-p", "Ana:7,0,0,0,0,0", "-p", "Ben:6,0,0,0,0,0"],
     ("13 gems in all", "celkem 13 drahokamů", "spolu 13 drahokamov")),
    (["alhambra", "-r", "1", "-p", "Kim: tower=12 walls=3", "-p", "Ola: walls=2"],
     ("12 tower tiles", "12 dlaždic typu věž", "12 dlaždíc typu veža")),
]


@pytest.mark.parametrize(("args", "said"), PADS, ids=[" ".join(p[0][:2]) for p in PADS])
def test_a_score_pad_counts_what_it_refuses(args: list[str], said: tuple[str, str, str]) -> None:
    for lang, words in zip(LANGS, said, strict=True):
        result = run("score", *args, "--lang", lang)
        assert result.exit_code == 2, result.output
        assert words in one_line(result), (lang, result.output)


# the counted messages of the pads and the terminal screens, with counts 1, 2 and 5 (and the
# words around the count that must change with it)
FORMS: list[tuple[Catalog, str, dict[str, object], dict[str, tuple[str, str, str]]]] = [
    (rw.CATALOG, "pad.err.coins", {"who": "Ani", "most": 20},
     {"en": ("1 unspent coin,", "2 unspent coins", "5 unspent coins"),
      "cs": ("1 nevyužitá mince", "2 nevyužité mince", "5 nevyužitých mincí"),
      "sk": ("1 nepoužitá minca", "2 nepoužité mince", "5 nepoužitých mincí")}),
    (rw.CATALOG, "pad.err.too_many", {"who": "Ani", "type": "x", "most": 4},
     {"en": ("1 x cross,", "2 x crosses", "5 x crosses"),
      "cs": ("1 křížek", "2 křížky", "5 křížků"), "sk": ("1 krížik", "2 krížiky", "5 krížikov")}),
    (rw.CATALOG, "mode.vs_virtual", {"bonus": 21},
     {"en": ("1 virtual player ", "2 virtual players", "5 virtual players"),
      "cs": ("1 virtuálnímu hráči", "2 virtuálním hráčům", "5 virtuálním hráčům"),
      "sk": ("1 virtuálnemu hráčovi", "2 virtuálnym hráčom", "5 virtuálnym hráčom")}),
    (rw.CATALOG, "last_coins", {"who": "Ani", "circled": 1},
     {"en": ("1 built intersection,", "2 built intersections", "5 built intersections"),
      "cs": ("1 postavený průsečík", "2 postavené průsečíky", "5 postavených průsečíků"),
      "sk": ("1 postavený priesečník", "2 postavené priesečníky", "5 postavených priesečníkov")}),
    (rw.CATALOG, "solo.score", {},
     {"en": ("1 point.", "2 points.", "5 points."), "cs": ("1 bod.", "2 body.", "5 bodů."),
      "sk": ("1 bod.", "2 body.", "5 bodov.")}),
    (rw.CATALOG, "why.coins_short", {"have": 0},
     {"en": ("1 coin ", "2 coins", "5 coins"), "cs": ("1 minci", "2 mince", "5 mincí"),
      "sk": ("1 mincu", "2 mince", "5 mincí")}),
    (alhambra.CATALOG, "err.too_many", {"name": "Kim", "type": "x", "most": 11},
     {"en": ("1 x tile,", "2 x tiles", "5 x tiles"),
      "cs": ("1 dlaždice typu", "2 dlaždice typu", "5 dlaždic typu"),
      "sk": ("1 dlaždica typu", "2 dlaždice typu", "5 dlaždíc typu")}),
    (alhambra.CATALOG, "pad.left", {"most": 1, "type": "x", "taken": 1},
     {"en": ("1 x tile,", "2 x tiles", "5 x tiles"),
      "cs": ("je 1 dlaždice", "jsou 2 dlaždice", "je 5 dlaždic"),
      "sk": ("je 1 dlaždica", "sú 2 dlaždice", "je 5 dlaždíc")}),
    (alhambra.CATALOG, "compact.seat_info", {"wall": 3, "cards": ""},
     {"en": ("1 pt ", "2 pts", "5 pts"), "cs": ("1 b.", "2 b.", "5 b."),
      "sk": ("1 b.", "2 b.", "5 b.")}),
    (ubongo.CATALOG, "phase.gems", {"place": 1, "seat": 0},
     {"en": ("1 field", "2 fields", "5 fields"), "cs": ("1 políčko", "2 políčka", "5 políček"),
      "sk": ("1 políčko", "2 políčka", "5 políčok")}),
    (ubongo.CATALOG, "pad.too_many", {"colour": "x"},
     {"en": ("1 gem ", "2 gems", "5 gems"), "cs": ("1 drahokam,", "2 drahokamy", "5 drahokamů"),
      "sk": ("1 drahokam,", "2 drahokamy", "5 drahokamov")}),
    (ubongo.CATALOG, "why.too_far", {"delta": "+4", "place": 1, "field": 2},
     {"en": ("1 field ", "2 fields", "5 fields"), "cs": ("1 políčko", "2 políčka", "5 políček"),
      "sk": ("1 políčko", "2 políčka", "5 políčok")}),
    (envyra.CATALOG, "compact.points", {},
     {"en": ("1 pt", "2 pts", "5 pts"), "cs": ("1 b.", "2 b.", "5 b."),
      "sk": ("1 b.", "2 b.", "5 b.")}),
]


@pytest.mark.parametrize(("catalog", "key", "fields", "forms"), FORMS,
                         ids=[f"{f[1]}" for f in FORMS])
def test_counted_forms_for_1_2_5(catalog: Catalog, key: str, fields: dict[str, object],
                                 forms: dict[str, tuple[str, str, str]]) -> None:
    for lang in LANGS:
        for n, said in zip((1, 2, 5), forms[lang], strict=True):
            text = catalog.plural(key, n, lang, **fields)
            assert said in text + " ", (key, lang, n, text)
