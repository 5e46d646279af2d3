"""A scoring round shown step by step (`web.scenes`): seeded games played to their scorings,
and every scene's numbers checked against the engine and against the rulebook read anew
here: each seat's count of a type (and Dirk's, in two players), the place it takes (one more
than those with strictly more), the points of the round's table split evenly on a tie, the
longest wall, the scores before and after. In English, Czech and Slovak alike; the seats'
names are text, never markup."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

import herna
from herna.core import Rng
from herna.games.alhambra import scoring, web
from herna.games.alhambra.data import BUILDING_TYPES, SCORING
from herna.games.alhambra.i18n import counted
from herna.testing.web import check_scenes

LANGS = ("en", "cs", "sk")
SVG = "{http://www.w3.org/2000/svg}"
GAMES = [(2, 4), (3, 7), (6, 2)]


def rows(svg: str) -> list[dict[str, str]]:
    """The rows a scene draws, as its `g.row` elements mark them."""
    return [dict(g.attrib) for g in ET.fromstring(svg).iter(f"{SVG}g")
            if g.get("class") == "row"]


def texts(svg: str, cls: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == cls]


def entry(key: str, seats: int) -> int:
    return seats if key == "dirk" else int(key)


def scorings(players: int, seed: int, names: list[str] | None = None
             ) -> list[tuple[dict[str, Any], dict[str, Any], str, dict[str, list[Any]]]]:
    """Each step of a seeded random game that set off a scoring round: the spectator's
    views before and after it, the action, and its scenes in every language."""
    state = herna.make("alhambra", players=players, seed=seed)
    rng = Rng(seed)
    found = []
    before = state.view(None)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = str(state.apply(seat, legal[rng.below(len(legal))]))
        after = state.view(None)
        told = {lang: web.scenes(before, after, seat, action, lang, names) for lang in LANGS}
        if told["en"]:
            found.append((before, after, action, told))
        else:
            assert after["scorings"] == before["scorings"]
        before = after
    return found


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_scene_tells_the_engines_scoring(players: int, seed: int) -> None:
    found = scorings(players, seed)
    assert [len(after["scorings"]) for _, after, _, _ in found] == [1, 2, 3]
    ties = 0
    for before, after, action, told in found:
        k = len(before["scorings"])
        record = after["scorings"][k]
        rnd = record["round"]
        dirk = record["dirk"] is not None
        assert dirk == (players == 2)
        points = record["points"] + ([record["dirk"]] if dirk else [])
        counts = record["counts"] + ([record["dirk_counts"]] if dirk else [])
        # the engine counted what stood: the seats' Alhambras do not change after a scoring,
        # and Dirk had his tiles before the scoring (plus one given to him by this move)
        assert record["counts"] == [s["counts"] for s in after["seats"]]
        if dirk:
            held = [t["type"] for t in before["dirk"]["tiles"]]
            if action.startswith("dirk "):
                held.append(after["dirk"]["tiles"][len(held)]["type"])
            assert record["dirk_counts"] == {kind: Counter(held)[kind]
                                             for kind in BUILDING_TYPES}
        # ... and scored it as the score pad does
        pad = scoring.score_round(counts, [s["longest_wall"] for s in after["seats"]]
                                  + ([None] if dirk else []), rnd)
        for got, want in zip(points, pad, strict=True):
            assert all(got[kind] == want[kind] for kind in BUILDING_TYPES)
            assert got["total"] == want["total"]
        scenes = told["en"]
        assert len(scenes) == len(BUILDING_TYPES) + 2
        for kind, scene in zip(BUILDING_TYPES, scenes[:-2], strict=True):
            drawn = {entry(r["data-entry"], players): r for r in rows(scene["svg"])}
            assert sorted(drawn) == list(range(len(points)))  # every seat, and Dirk
            values = SCORING[kind][rnd - 1]
            for i, row in drawn.items():
                n = counts[i][kind]
                assert int(row["data-count"]) == n
                assert int(row["data-points"]) == points[i][kind]
                if not n:
                    assert "data-place" not in row and points[i][kind] == 0
                    continue
                # the rulebook: one place below everyone with more; a tie shares its places
                place = 1 + sum(1 for c in counts if c[kind] > n)
                tied = sum(1 for c in counts if c[kind] == n)
                assert int(row["data-place"]) == place
                paid = values[place - 1:place - 1 + tied]
                assert points[i][kind] == sum(paid) // tied
            tie = [i for i in drawn if counts[i][kind] and sum(
                1 for c in counts if c[kind] == counts[i][kind]) > 1
                and int(drawn[i]["data-place"]) <= len(values)]
            assert bool(texts(scene["svg"], "scene-tie")) == bool(tie), (kind, scene["words"])
            ties += bool(tie)
        walls = {int(r["data-entry"]): int(r["data-points"]) for r in rows(scenes[-2]["svg"])}
        assert walls == {i: s["longest_wall"] for i, s in enumerate(after["seats"])}
        totals = {entry(r["data-entry"], players): (int(r["data-before"]), int(r["data-total"]))
                  for r in rows(scenes[-1]["svg"])}
        assert totals == {i: (sum(r["points"][i]["total"] for r in after["scorings"][:k])
                              if i < players else
                              sum(r["dirk"]["total"] for r in after["scorings"][:k]),
                              after["seats"][i]["score"] if i < players
                              else after["dirk"]["score"])
                          for i in range(len(points))}
        # the same numbers in every language, said in each
        for lang in LANGS[1:]:
            assert [rows(s["svg"]) for s in told[lang]] == [rows(s["svg"]) for s in scenes]
            assert [s["title"] for s in told[lang]] != [s["title"] for s in scenes]
            assert all(s["words"] and "{" not in s["words"] for s in told[lang])
    assert ties  # a tie was split in these games


def test_the_titles_and_words_in_three_languages() -> None:
    """Round 1, the first type, the walls, the scores: the rulebook's words for them, with the
    numbers of the engine's record."""
    _, after, _, told = scorings(2, 4, ["Ana", "Bot · hard"])[0]
    record = after["scorings"][0]
    assert [told[lang][0]["title"] for lang in LANGS] == [
        "Scoring round 1: Pavilion", "1. bodování: Pavilon", "1. bodovanie: Pavilón"]
    assert [told[lang][-2]["title"] for lang in LANGS] == [
        "Scoring round 1: Longest outer wall", "1. bodování: Nejdelší vnější zeď",
        "1. bodovanie: Najdlhší vonkajší múr"]
    assert [told[lang][-1]["title"] for lang in LANGS] == [
        "Scoring round 1: Scores after the round", "1. bodování: Body po bodování",
        "1. bodovanie: Body po bodovaní"]
    # the type's line as the score pad explains it, Dirk among the seats
    pad = scoring.explain_building_points(
        [*record["counts"], record["dirk_counts"]], 1, ["Ana", "Bot · hard", "Dirk"], lang="cs")
    assert told["cs"][0]["words"] == f"1. bodování. {pad[0][:1].upper()}{pad[0][1:]}"
    wall = record["points"][0]["walls"]
    assert f"Ana: a wall of {wall} → {counted('svg.points', wall, 'en')}" in told["en"][-2]["words"]
    assert f"Ana: zeď o délce {wall} → {counted('svg.points', wall, 'cs')}" in told["cs"][-2][
        "words"]
    assert f"Ana: múr s dĺžkou {wall} → {counted('svg.points', wall, 'sk')}" in told["sk"][-2][
        "words"]
    assert "Dirk scores nothing for walls" in told["en"][-2]["words"]
    dirk = record["dirk"]["total"]
    assert f"Dirk: 0 → {dirk} (+{dirk})" in told["cs"][-1]["words"]
    final = scorings(2, 4)[-1][3]
    assert final["cs"][0]["title"].startswith("Závěrečné bodování: ")
    assert final["sk"][0]["title"].startswith("Záverečné bodovanie: ")


def test_names_are_text_and_long_ones_are_cut() -> None:
    """A seat's name is a person's text: escaped in the drawing, cut to its column."""
    _, _, _, told = scorings(2, 4, ["<b>&Ana</b>", "A very long name for a seat!!"])[0]
    for scene in told["en"]:
        root = ET.fromstring(scene["svg"])  # parses: nothing was taken for markup
        names = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "scene-who"]
        assert "<b>&Ana</b>" in names
        assert not any(n and n.startswith("A very long") and not n.endswith("…")
                       for n in names)
        assert "&lt;b&gt;&amp;Ana" in scene["svg"]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_scenes_keep_the_contract(players: int, seed: int) -> None:
    """Standalone SVGs at most 360 units wide, no text under 12 units, all three languages,
    none after a step without a scoring: three steps with scenes in a game."""
    found = check_scenes("alhambra", players, seed)
    assert len(found) == 3


def test_each_seats_row_has_its_token_and_dirk_none() -> None:
    """Every row of every scene that names a seat shows the seat's token (its colour as the
    page's swatch, `render.seat_colours`, and its number from 1) before the name; Dirk's
    row has no token."""
    from herna.games.alhambra import render

    for _before, after, _action, told in scorings(2, 4)[:1] + scorings(3, 7)[:1]:
        colours = render.seat_colours(after)
        for scene in told["en"]:
            for g in ET.fromstring(scene["svg"]).iter(f"{SVG}g"):
                if g.get("class") != "row":
                    continue
                tokens = [t for t in g.iter(f"{SVG}g") if t.get("class") == "seat-token"]
                if g.get("data-entry") == "dirk":
                    assert tokens == []
                    continue
                seat = int(g.get("data-entry", "-1"))
                assert [t.get("data-seat") for t in tokens] == [str(seat)]
                circle, number = tokens[0].find(f"{SVG}circle"), tokens[0].find(f"{SVG}text")
                assert circle is not None and circle.get("fill") == colours[seat]
                assert number is not None and number.text == str(seat + 1)
                assert float(number.get("font-size", "0")) >= 13  # the scenes' least text
