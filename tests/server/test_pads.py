"""The score pads in the browser, through the API (issue 22): POST /api/score/{game} scores what
is on a real table with the CLI pad's own scoring, so for the same entries the page and
`herna score <game>` give the same points and the same explanations, in every language; bad
entries are refused with a reason in the language asked and the field's path; GET
/api/score/{game} describes the form with the game data's own bounds."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from herna.cli import app
from herna.games.alhambra import scorepad as alhambra_pad
from herna.games.alhambra_rw import data as rw_data
from herna.games.envyra import data as envyra_data
from herna.games.envyra import scorepad as envyra_pad
from herna.games.ubongo.data import COLOURS, GEMS_PER_COLOUR
from herna.i18n import load_tables, speaking
from herna.server.pads import PADS
from herna.web import catalog

ENV = {"COLUMNS": "400", "NO_COLOR": "1", "HERNA_LANG": None}
LANGS = ("en", "cs", "sk")
ENGLISH = re.compile(r"\b(the|your|players?|tiles?|must|with|and|only|number|whole)\b", re.I)


def cli(*args: str) -> str:
    result = CliRunner().invoke(app, ["score", *args], env=ENV)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def flat(text: str) -> str:
    return " ".join(text.split())


def post(c: TestClient, game: str, body: dict[str, Any], lang: str = "en") -> Any:
    return c.post(f"/api/score/{game}", json={"lang": lang, **body})


def row(result: dict[str, Any], key: str) -> list[Any]:
    return next(r["cells"] for r in result["rows"] if r["key"] == key)


def cli_row(output: str, label: str, n: int) -> list[int]:
    """The numbers of the CLI table's row `label` (the first `n` after it)."""
    at = output.index(f" {label} ") + len(label) + 2
    return [int(x) for x in re.findall(r"-?\d+", output[at:])[:n]]


# ----- Alhambra ----------------------------------------------------------------------------
ALHAMBRA = [
    # three players, round 2: a tie for 1st shares 1st+2nd; walls
    (2, [("Kim", {"tower": 4, "pavilion": 2, "walls": 8}),
         ("Nina", {"tower": 4, "garden": 3, "walls": 11}),
         ("Ola", {"tower": 1, "pavilion": 2, "arcades": 5, "walls": 3})], None),
    # two players and Dirk at the end of the game
    (3, [("Ana", {"seraglio": 3, "chambers": 2, "walls": 14}),
         ("Ben", {"seraglio": 3, "chambers": 3, "garden": 6, "walls": 9})],
     {"seraglio": 1, "chambers": 4, "garden": 1}),
    # six players, round 1
    (1, [(f"P{i}", {"tower": i % 4, "garden": (i * 2) % 4, "walls": i}) for i in range(1, 7)],
     None),
]


def _spec(counts: dict[str, int], walls: bool = True) -> str:
    return " ".join(f"{k}={v}" for k, v in counts.items() if walls or k != "walls")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", range(len(ALHAMBRA)))
def test_alhambra_pad_scores_as_the_cli(sqlite_client: TestClient, case: int, lang: str) -> None:
    rnd, players, dirk = ALHAMBRA[case]
    body = {"settings": {"round": rnd},
            "players": [{"name": n, **v} for n, v in players],
            "virtual": [dirk] if dirk else []}
    r = post(sqlite_client, "alhambra", body, lang)
    assert r.status_code == 200, r.text
    got = r.json()
    args = ["alhambra", "-r", str(rnd), "--lang", lang]
    for name, counts in players:
        args += ["-p", f"{name}: {_spec(counts)}"]
    if dirk:
        args += ["--dirk", _spec(dirk, walls=False)]
    out = cli(*args)
    with speaking(lang):
        total = alhambra_pad.t("total", lang)
    n = len(players) + (1 if dirk else 0)
    assert row(got, "total") == cli_row(out, total, n)
    assert [c["name"] for c in got["columns"]] == [p[0] for p in players] + (["Dirk"] if dirk
                                                                               else [])
    for line in got["explain"][:6]:  # the building types: the CLI's lines, word for word
        assert flat(line["text"]) in out
    assert got["title"] in out and got["notes"][0] in out
    walls = row(got, "walls")
    assert walls[:len(players)] == [v["walls"] for _, v in players]
    assert walls[len(players):] == [None] * (n - len(players))
    best = max(row(got, "total")[:len(players)])
    assert str(best) in got["result"]


# ----- Alhambra Roll & Write --------------------------------------------------------------
def test_roll_and_write_pad_scores_the_rulebook_example_as_the_cli(
        sqlite_client: TestClient) -> None:
    """The seed's example (test_rw_cli's): places paid during play, shared and lost."""
    players = [
        {"name": "Barbara", "arcades": 2, "tower": 5, "coins": 3, "lines6": 1, "lines5": 1,
         "lines4": 1},
        {"name": "Dirk", "arcades": 2, "tower": 4, "seraglio": 3},
        {"name": "Patricia", "arcades": 4, "tower": 1, "seraglio": 4, "paid_seraglio": 1},
        {"name": "Frank", "arcades": 1, "tower": 3, "seraglio": 4, "paid_seraglio": 1},
        {"name": "Ani", "tower": 8, "seraglio": 1, "paid_tower": 1},
    ]
    for lang in LANGS:
        r = post(sqlite_client, "alhambra-rw", {"players": players}, lang)
        assert r.status_code == 200, r.text
        got = r.json()
        assert row(got, "total") == [37, 14, 31, 13, 21]
        out = cli("alhambra-rw", "--lang", lang,
                  "-p", "Barbara: arcades=2 tower=5 coins=3 lines=6,5,4",
                  "-p", "Dirk: arcades=2 tower=4 seraglio=3",
                  "-p", "Patricia: arcades=4 tower=1 seraglio=4",
                  "-p", "Frank: arcades=1 tower=3 seraglio=4",
                  "-p", "Ani: tower=8 seraglio=1",
                  "--paid", "tower: Ani=1", "--paid", "seraglio: Patricia=1 Frank=1")
        types = [x for x in got["explain"] if x["key"] in rw_data.BUILDING_TYPES]
        assert len(types) == 6
        for line in types:
            assert flat(line["text"]) in out
        assert flat(got["result"]) in out
        assert [x["text"] for x in got["explain"] if x["key"] == "lines"] == [
            catalog().t("pads.rw.lines_explain", lang, who="Barbara", sizes="6, 5, 4",
                        points=17)]


@pytest.mark.parametrize("lang", LANGS)
def test_roll_and_write_virtual_players_as_the_cli(sqlite_client: TestClient, lang: str) -> None:
    """Two players and a virtual one (whose place is lost); solo against three virtual
    players with their bonus."""
    r = post(sqlite_client, "alhambra-rw", {
        "players": [{"name": "Barbara", "arcades": 1, "coins": 5},
                    {"name": "Ani", "arcades": 2, "lines4": 2}],
        "virtual": [{"arcades": 1}]}, lang)
    assert r.status_code == 200, r.text
    got = r.json()
    out = cli("alhambra-rw", "--lang", lang, "-p", "Barbara: arcades=1 coins=5",
              "-p", "Ani: arcades=2 lines=4,4", "-v", "Dirk: arcades=1")
    assert [c["name"] for c in got["columns"]] == ["Barbara", "Ani", "Dirk"]
    assert [c["virtual"] for c in got["columns"]] == [False, False, True]
    assert row(got, "total")[:2] == cli_row(out, got["rows"][-1]["label"], 3)[:2]
    for line in got["explain"][:6]:
        assert flat(line["text"]) in out
    assert row(got, "coins") == [2, 0, None]
    solo = {"settings": {"vs_virtual": True},
            "players": [{"name": "Barbara", "tower": 8, "paid_tower": 1, "garden": 2}],
            "virtual": [{"tower": 3, "garden": 8, "paid_garden": 1}, {"pavilion": 2},
                        {"chambers": 6, "paid_chambers": 1}]}
    r = post(sqlite_client, "alhambra-rw", solo, lang)
    assert r.status_code == 200, r.text
    got = r.json()
    out = cli("alhambra-rw", "--lang", lang, "--vs-virtual", "-p", "Barbara: tower=8 garden=2",
              "-v", "Dirk: tower=3 garden=8", "-v", "Dirki: pavilion=2",
              "-v", "Dirkelson: chambers=6", "--paid", "tower: Barbara=1",
              "--paid", "garden: Dirk=1", "--paid", "chambers: Dirkelson=1")
    assert row(got, "bonus") == [0, 18, 18, 18]
    assert row(got, "total") == cli_row(out, got["rows"][-1]["label"], 4)
    assert flat(got["result"]) in out


# ----- Envyra ---------------------------------------------------------------------------------
ENVYRA = [
    # the seed's example (21 stars, sets 2 + 4 = 6; a green leaf and a blue sea loose) and a
    # player with the end tile tied on the total
    ([("Ana", {"stars": 21, "orange_sun": 1, "orange_fire": 1, "orange_mountain": 1,
               "green_leaf": 2, "green_tree": 1, "blue_sea": 1}, "orange/sun:4 orange/fire:1 "
      "orange/mountain:3 green/leaf:4 green/leaf:3 green/tree:4 blue/sea:2"),
      ("Ben", {"stars": 25, "blue_drop": 1, "blue_cloud": 1, "end_tile": True},
       "blue/drop:10 blue/cloud:10 end:5")], {}),
    # equal totals decided by sets; an Equilibrium card that scores and one that does not
    ([("Kim", {"stars": 10, "orange_sun": 1, "green_leaf": 1, "cards": ["EQ1", "EQ2"]},
       "orange/sun:5 green/leaf:5"),
      ("Nina", {"stars": 10, "green_tree": 1, "green_flower": 1}, "green/tree:5 green/flower:5"),
      ("Ola", {"stars": 3}, "end:3")], {"Kim": ["EQ1", "EQ2"]}),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", range(len(ENVYRA)))
def test_envyra_pad_scores_as_the_cli(sqlite_client: TestClient, case: int, lang: str) -> None:
    players, cards = ENVYRA[case]
    body = {"players": [{"name": n, **v} for n, v, _ in players]}
    r = post(sqlite_client, "envyra", body, lang)
    assert r.status_code == 200, r.text
    got = r.json()
    args = ["envyra", "--lang", lang]
    for name, _, tiles in players:
        args += ["-p", f"{name}: {tiles}"]
    for name, ids in cards.items():
        for card in ids:
            args += ["-c", f"{name}={card}"]
    out = cli(*args)
    entries = [envyra_pad.parse_player(f"{n}: {tiles}", i) for i, (n, _, tiles)
               in enumerate(players, 1)]
    for e in entries:
        e.cards = list(cards.get(e.name, []))
    parts, ranks, ties = envyra_pad.score_table(entries)
    assert row(got, "stars") == [p["stars"] for p in parts]
    assert row(got, "sets") == [p["sets"] for p in parts]
    assert row(got, "equilibrium") == [p["equilibrium"] for p in parts]
    assert row(got, "rank") == ranks
    for e, total, rank in zip(entries, row(got, "total"), ranks, strict=True):
        assert re.search(rf"{re.escape(e.name)}\b.*? {total} │ {rank} │", out), (e.name, out)
    tie_line = next(x["text"] for x in got["explain"] if x["key"] == "ties")
    assert flat(tie_line) in out
    for x in got["explain"]:
        if x["key"] == "sets":  # each best set as the CLI prints it
            for part in x["text"].split(": ", 1)[1].rsplit(" → ", 1)[0].split("; "):
                assert flat(part) in out, (part, out)
    if case == 0:
        assert row(got, "sets") == [6, 2] and row(got, "stars") == [21, 25]
    else:
        assert ties == ["sets"] and row(got, "equilibrium") == [2, 0, 0]
        assert row(got, "total") == [12, 12, 3] and row(got, "rank") == [2, 1, 3]


# ----- Ubongo ---------------------------------------------------------------------------------
UBONGO = [
    # the rulebook's example: C wins on the third-largest colour count
    [("A", [6, 4, 2, 2, 2, 2]), ("B", [2, 2, 0, 1, 2, 3]), ("C", [4, 3, 2, 6, 1, 0])],
    # identical sorted counts share the win
    [("Eva", [3, 2, 1, 0, 0, 0]), ("Jan", [0, 1, 2, 3, 0, 0])],
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", range(len(UBONGO)))
def test_ubongo_pad_scores_as_the_cli(sqlite_client: TestClient, case: int, lang: str) -> None:
    players = UBONGO[case]
    body = {"players": [{"name": n, **dict(zip(COLOURS, counts, strict=True))}
                        for n, counts in players]}
    r = post(sqlite_client, "ubongo", body, lang)
    assert r.status_code == 200, r.text
    got = r.json()
    args = ["ubongo", "--lang", lang]
    for name, counts in players:
        args += ["-p", f"{name}:{','.join(map(str, counts))}"]
    out = cli(*args)
    assert flat(got["result"]) in out
    for x in got["explain"]:
        assert flat(x["text"]) in out
    for colour, i in zip(COLOURS, range(6), strict=True):
        assert row(got, colour) == [c[i] for _, c in players]
    assert row(got, "rank") == ([2, 3, 1] if case == 0 else [1, 1])


# ----- refusals -------------------------------------------------------------------------------
BAD: list[tuple[str, dict[str, Any], str]] = [
    ("alhambra", {"players": [{"name": "A", "tower": 12}, {"name": "B"}]}, "players[0].tower"),
    ("alhambra", {"players": [{"name": "A", "tower": 6}, {"name": "B", "tower": 6}]},
     "players"),
    ("alhambra", {"players": [{"name": "A", "tower": -1}, {"name": "B"}]}, "players[0].tower"),
    ("alhambra", {"players": [{"name": "A", "tower": 1.5}, {"name": "B"}]}, "players[0].tower"),
    ("alhambra", {"players": [{"name": "A", "tower": True}, {"name": "B"}]},
     "players[0].tower"),
    ("alhambra", {"players": [{"name": "A", "towers": 1}, {"name": "B"}]}, "players[0].towers"),
    ("alhambra", {"players": [{"name": "A"}]}, "players"),
    ("alhambra", {"players": [{"name": "Ana"}, {"name": "ana"}]}, "players[1].name"),
    ("alhambra", {"players": [{"name": "A"}, {"name": "Dirk"}], "virtual": [{}]},
     "players[1].name"),
    ("alhambra", {"players": [{"name": ""}, {"name": "B"}]}, "players[0].name"),
    ("alhambra", {"players": [{"name": "A\u0007"}, {"name": "B"}]}, "players[0].name"),
    ("alhambra", {"players": [{}, {}, {}], "virtual": [{"tower": 1}]}, "virtual"),
    ("alhambra", {"players": [{}, {}], "virtual": [{"walls": 3}]}, "virtual[0].walls"),
    ("alhambra", {"players": [{}, {}], "settings": {"round": 4}}, "settings.round"),
    ("alhambra", {"players": [{}, {}], "settings": {"rounds": 1}}, "settings.rounds"),
    ("alhambra", {"players": "two"}, "players"),
    ("alhambra", {"round": 3, "players": [{}, {}]}, "round"),
    ("alhambra", {}, "players"),
    ("alhambra-rw", {"players": [{"name": "A", "tower": 9}]}, "players[0].tower"),
    ("alhambra-rw", {"players": [{"name": "A", "tower": 7, "paid_tower": 1}],
                     "virtual": [{}, {}]}, "players[0].paid_tower"),
    ("alhambra-rw", {"players": [{"name": "A", "tower": 8, "paid_tower": 2}, {"name": "B"}],
                     "virtual": [{}]}, "players[0].paid_tower"),
    ("alhambra-rw", {"players": [{"name": "A"}, {"name": "B"}], "virtual": []}, "virtual"),
    ("alhambra-rw", {"players": [{"name": "A"}], "virtual": [{}, {}],
                     "settings": {"vs_virtual": "yes"}}, "settings.vs_virtual"),
    ("alhambra-rw", {"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                     "settings": {"vs_virtual": True}}, "settings.vs_virtual"),
    ("alhambra-rw", {"players": [{"name": "A", "coins": 21}, {}, {}]}, "players[0].coins"),
    ("alhambra-rw", {"players": [{"name": "A", "lines4": 7, "lines5": 6}, {}, {}]},
     "players[0].lines4"),
    ("alhambra-rw", {"players": [{}, {}, {}], "virtual": [{"coins": 1}]}, "virtual"),
    ("envyra", {"players": [{"name": "A", "end_tile": True}, {"name": "B", "end_tile": True}]},
     "players[1].end_tile"),
    ("envyra", {"players": [{"name": "A", "cards": ["EQ1"]}, {"name": "B", "cards": ["EQ1"]}]},
     "players[1].cards[0]"),
    ("envyra", {"players": [{"name": "A", "cards": ["EQ10"]}, {"name": "B"}]},
     "players[0].cards[0]"),
    ("envyra", {"players": [{"name": "A", "cards": ["EQ1", "EQ1"]}, {"name": "B"}]},
     "players[0].cards[1]"),
    ("envyra", {"players": [{"name": "A", "stars": 301}, {"name": "B"}]}, "players[0].stars"),
    ("envyra", {"players": [{"name": "A", "orange_moon": 1}, {"name": "B"}]},
     "players[0].orange_moon"),
    ("envyra", {"players": [{"name": "A", "orange_sun": 20, "green_leaf": 20}, {}]},
     "players[0]"),
    ("envyra", {"players": [{"orange_sun": 20}, {"green_leaf": 19}]}, "players"),
    ("envyra", {"players": [{}, {}, {}, {}, {}]}, "players"),
    ("ubongo", {"players": [{"name": "A", "green": 7}, {"name": "B", "green": 6}]}, "players"),
    ("ubongo", {"players": [{"name": "A", "green": 13}, {"name": "B"}]}, "players[0].green"),
    ("ubongo", {"players": [{"name": "A", "purple": 1}, {"name": "B"}]}, "players[0].purple"),
    ("ubongo", {"players": [{}, {}], "virtual": [{}]}, "virtual"),
]


@pytest.mark.parametrize(("game", "body", "field"), BAD,
                         ids=[f"{g}-{f}-{i}" for i, (g, _, f) in enumerate(BAD)])
def test_bad_entries_are_refused_with_a_reason_naming_the_field(
        sqlite_client: TestClient, game: str, body: dict[str, Any], field: str) -> None:
    answers = {}
    for lang in LANGS:
        r = post(sqlite_client, game, body, lang)
        assert r.status_code == 422, (lang, r.text)
        got = r.json()
        assert got["field"] == field, (lang, got)
        assert got["reason"].strip() and "{" not in got["reason"], got
        answers[lang] = got["reason"]
    assert answers["cs"] != answers["en"] and answers["sk"] != answers["en"]
    form = PADS[game].form("en")
    keys = {"lang", "settings", "players", "virtual", "name",
            *(f["key"] for f in form["fields"]), *(f["key"] for f in form["settings"])}
    for lang in ("cs", "sk"):  # in the language asked: no English words but the body's keys
        words = " ".join(w for w in re.split(r"([\w\[\].]+)", answers[lang].replace(field, ""))
                         if w not in keys)
        assert not ENGLISH.search(words), (lang, answers[lang])


def test_refusals_of_the_request_itself(sqlite_client: TestClient) -> None:
    c = sqlite_client
    r = c.post("/api/score/chess", json={"players": []})
    assert r.status_code == 404 and "chess" in r.json()["reason"]
    r = c.post("/api/score/alhambra", json={"lang": "de", "players": [{}, {}]})
    assert r.status_code == 422 and "lang" in r.json()["reason"]
    r = c.post("/api/score/alhambra", content=b"[1, 2]",
               headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    r = c.post("/api/score/alhambra", content=b"{nope", headers={"Content-Type":
                                                                  "application/json"})
    assert r.status_code == 422
    assert c.get("/api/score/chess").status_code == 404


def test_a_language_in_the_query_is_used_when_the_body_has_none(
        sqlite_client: TestClient) -> None:
    r = sqlite_client.post("/api/score/ubongo?lang=cs", json={"players": [{"green": 2}, {}]})
    assert r.status_code == 200 and r.json()["lang"] == "cs"
    assert r.json()["columns"][1]["name"] == "Hráč 2"  # a name not given: the seat's


# ----- the form --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_each_form_holds_the_game_datas_bounds_in_the_language(
        sqlite_client: TestClient, lang: str) -> None:
    c = sqlite_client
    games = c.get(f"/api/score?lang={lang}").json()
    assert [g["game"] for g in games] == ["alhambra", "alhambra-rw", "envyra", "ubongo"]
    forms = {g["game"]: c.get(f"/api/score/{g['game']}?lang={lang}").json() for g in games}
    words = {g: load_tables(f"herna.games.{g.replace('-', '_')}")[lang] for g in forms}
    al = {f["key"]: f for f in forms["alhambra"]["fields"]}
    assert {k: al[k]["max"] for k in alhambra_pad.BUILDING_TYPES} == alhambra_pad.TILES_PER_TYPE
    assert al["tower"]["label"] == words["alhambra"]["type.tower"]
    assert forms["alhambra"]["players"] == {"min": 2, "max": 6, "default": 3}
    assert forms["alhambra"]["virtual"]["counts"] == {"2": [1, 0]}
    assert "walls" not in forms["alhambra"]["virtual"]["fields"]
    rw = {f["key"]: f for f in forms["alhambra-rw"]["fields"]}
    assert [rw[k]["max"] for k in rw_data.BUILDING_TYPES] == list(rw_data.BOXES)
    assert rw["paid_tower"]["shown_if"] == {"key": "tower", "equals": 8}
    assert rw["coins"]["max"] == rw_data.TRACK
    assert forms["alhambra-rw"]["notice"] == words["alhambra-rw"]["reconstruction"]
    env = {f["key"]: f for f in forms["envyra"]["fields"]}
    assert len([k for k in env if "_" in k and k != "end_tile"]) == len(envyra_data.THEMES) * \
        envyra_data.SYMBOLS_PER_THEME
    assert [c["value"] for c in env["cards"]["choices"]] == [x.id for x in envyra_data.CARDS]
    assert env["orange_sun"]["group"] == words["envyra"]["theme.orange"]
    assert forms["envyra"]["notice"] == words["envyra"]["recon"]
    ub = forms["ubongo"]["fields"]
    assert [f["key"] for f in ub] == list(COLOURS)
    assert {f["max"] for f in ub} == {GEMS_PER_COLOUR}
    for form in forms.values():
        assert form["lang"] == lang and form["hint"]
        for f in form["fields"]:
            assert f["label"] and "{" not in f["label"]
            if lang != "en":
                assert not ENGLISH.search(f["label"]), f


# ----- the pages ------------------------------------------------------------------------------
def test_the_pad_pages_and_their_service_worker(sqlite_client: TestClient) -> None:
    c = sqlite_client
    for path in ("/score/", "/score/alhambra", "/score/alhambra-rw", "/score/envyra",
                 "/score/ubongo"):
        r = c.get(path)
        assert r.status_code == 200 and "/static/pad.js" in r.text, path
    r = c.get("/score", follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"] == "/score/"
    assert c.get("/score/chess").status_code == 404
    r = c.get("/score/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["service-worker-allowed"] == "/score/"
    assert r.headers["cache-control"] == "no-cache"
    assert "caches.open" in r.text and "/api/messages?lang=" in r.text


# ----- anything at all ---------------------------------------------------------------------------
KEYS = ["lang", "settings", "players", "virtual", "name", "round", "vs_virtual", "tower",
        "walls", "garden", "paid_tower", "coins", "lines4", "stars", "orange_sun",
        "end_tile", "cards", "green", "x"]


def _bodies() -> Any:
    from hypothesis import strategies as st

    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=False,
                     allow_infinity=False), st.sampled_from(["", "Ana", "EQ1", "cs", "xx"]))
    value = st.recursive(leaf, lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.sampled_from(KEYS), inner, max_size=6)), max_leaves=30)
    player = st.dictionaries(st.sampled_from(KEYS), value, max_size=6)
    return st.fixed_dictionaries({}, optional={
        "players": st.one_of(st.lists(player, max_size=7), value),
        "virtual": st.one_of(st.lists(player, max_size=5), value),
        "settings": st.one_of(st.dictionaries(st.sampled_from(KEYS), value, max_size=3), value),
        "lang": st.sampled_from(["en", "cs", "sk"])})


@pytest.mark.parametrize("game", ["alhambra", "alhambra-rw", "envyra", "ubongo"])
def test_any_body_is_scored_or_refused_with_a_reason(sqlite_client: TestClient,
                                                     game: str) -> None:
    """Whatever a program sends, the answer is the points (200) or a refusal with a reason
    and the field (422): never a crash."""
    from hypothesis import HealthCheck, given, settings

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_bodies())
    def check(body: dict[str, Any]) -> None:
        r = sqlite_client.post(f"/api/score/{game}", json=body)
        assert r.status_code in (200, 422), (body, r.status_code, r.text)
        got = r.json()
        if r.status_code == 422:
            assert got["reason"] and ("field" in got or "lang" in got["reason"]), (body, got)
        else:
            assert got["rows"] and got["explain"] and got["result"], (body, got)

    check()
