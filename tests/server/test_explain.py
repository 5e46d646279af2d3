"""The page explains (issue 20, item 5), through the API: every step's prompt in the game's
words (`prompt` in the payload), the engine's reason for a clicked part that makes no move
(POST .../explain) and each game's guide (GET /api/games/{id}/guide), in all three
languages, for all four games."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import GAMES, create, drawing, get, play_out

from herna.ai.registry import game_module
from herna.games.alhambra import i18n as alhambra_words
from herna.games.alhambra.data import BUILDING_TYPES, SCORING
from herna.games.ubongo import i18n as ubongo_words
from herna.testing.web import svg_parts
from herna.web import catalog

ENGLISH = re.compile(r"\b(the|your|click|tile|tiles|you|not|and|with)\b", re.I)
# the phases each game's prompts must have been seen in, over one random game
PHASES = {"alhambra": {"action", "placement"}, "alhambra-rw": {"turn", "keep"},
          "envyra": {"mark"}, "ubongo": {"start", "race", "gems"}}


def explain(c: TestClient, tid: str, token: str | None, parts: Any, lang: str = "en") -> Any:
    body: dict[str, Any] = {"parts": parts, "lang": lang}
    if token is not None:
        body["token"] = token
    return c.post(f"/api/tables/{tid}/explain", json=body)


def unlit(p: dict[str, Any]) -> list[str]:
    """The parts drawn for this seat that no legal move uses now."""
    lit = {name for move in p["legal"] for name in move["parts"]}
    return sorted(set(svg_parts(drawing(p))) - lit)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_step_has_a_prompt_in_three_languages(sqlite_client: TestClient,
                                                    game: str) -> None:
    c = sqlite_client
    made = create(c, game)
    tid, tokens = made["id"], [s["token"] for s in made["seats"]]
    seen: dict[str, str] = {}  # phase -> an English prompt
    reasons: set[str] = set()
    checked = {"langs": 0}

    def inspect(p: dict[str, Any]) -> None:
        if p["over"] or not p["legal"]:
            assert p["prompt"] is None
            return
        prompt = p["prompt"]
        assert prompt and prompt["text"].strip(), p["view"].get("phase")
        parts = {n for m in p["legal"] for n in m["parts"]}
        kinds = {n.partition(":")[0] for n in parts}
        assert all(k in parts or k in kinds for k in prompt["after"]), prompt["after"]
        assert all(v.strip() for v in prompt["after"].values())
        phase = str(p["view"]["phase"])
        token = tokens[p["seat"]]
        if phase not in seen:  # the first time in a phase: the same step in Czech and Slovak
            seen[phase] = prompt["text"]
            for lang in ("cs", "sk"):
                other = get(c, tid, token, lang=lang)
                if other["version"] != p["version"] or not other["prompt"]:
                    continue
                said = other["prompt"]["text"]
                assert said != prompt["text"] and not ENGLISH.search(said), (lang, said)
                checked["langs"] += 1
        for part in unlit(p)[:3]:  # a click on an unlit part: the engine's reason
            r = explain(c, tid, token, [part])
            assert r.status_code == 200, r.text
            reasons.add(r.json()["reason"])
            assert r.json()["version"] == p["version"]

    play_out(c, tid, tokens, seed=3, inspect=inspect, timeout=120)
    assert PHASES[game] <= set(seen), seen
    assert checked["langs"] >= 2 * len(PHASES[game])
    if game in ("alhambra", "alhambra-rw"):  # their drawings always hold unlit parts
        assert any(r.startswith("Not possible now:") for r in reasons), reasons


def test_alhambra_says_the_extra_action_and_the_reserve_reason(sqlite_client: TestClient
                                                                ) -> None:
    c = sqlite_client
    made = create(c, "alhambra", ("human", "human"), seed=1)
    tid = made["id"]
    p = get(c, tid)
    seat = p["to_act"][0]
    token = made["seats"][seat]["token"]
    other = made["seats"][1 - seat]["token"]
    for lang in ("en", "cs", "sk"):
        mine = get(c, tid, token, lang=lang)
        assert mine["prompt"]["text"] == alhambra_words.t("prompt.action", lang)
        # my reserve is empty on my first turn: a free place cannot be built on now
        cell = next(n for n in unlit(mine) if n.startswith("cell:"))
        r = explain(c, tid, token, [cell], lang)
        assert alhambra_words.t("why.reserve_empty", lang) in r.json()["reason"]
        # the other seat is told whom it waits for, by name
        r = explain(c, tid, other, [cell], lang)
        label = mine["seats"][seat]["label"]
        assert r.json()["reason"] == catalog().t("why.wait", lang, who=label)
    # an exact payment: the next prompt says the extra action as such
    state = c.app.state.tables.live[tid].state  # type: ignore[attr-defined]
    exact = [a for a in state.legal_actions(seat) if str(a).startswith("buy ")
             and sum(int(x[1:]) for x in str(a).split()[2:])
             == next(m["tile"]["price"] for m in p["view"]["market"]
                     if m["space"] == int(str(a).split()[1]))]
    assert exact  # seed 1: the first player may pay exactly (b7 + b1 for the tile of price 8)
    if exact:
        r = c.post(f"/api/tables/{tid}/actions", json={"token": token, "action": str(exact[0])})
        assert r.status_code == 200
        after = r.json()
        assert after["view"]["actions_this_turn"] == 1
        assert after["prompt"]["text"].startswith("Exact payment: you have another action")


def test_ubongo_gem_step_and_a_field_out_of_reach(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = create(c, "ubongo")
    tid, tokens = made["id"], [s["token"] for s in made["seats"]]
    found: list[tuple[str, str]] = []

    def inspect(p: dict[str, Any]) -> None:
        view = p["view"]
        mover = view.get("mover")
        if view["phase"] != "gems" or not p["legal"] or not mover or mover["seat"] != p["seat"]:
            return
        for lang in ("en", "cs", "sk"):
            said = get(c, tid, tokens[p["seat"]], lang=lang)["prompt"]["text"]
            assert said == ubongo_words.plural("prompt.gems", mover["allowance"], lang,
                                               place=mover["place"])
        far = unlit(p)
        if far:
            r = explain(c, tid, tokens[p["seat"]], [far[0]], "cs")
            found.append((far[0], r.json()["reason"]))

    play_out(c, tid, tokens, seed=5, inspect=inspect, timeout=120)
    assert found  # seed 5 puts a figure where some fields are out of reach
    for _part, reason in found:
        assert reason.startswith("Teď to nejde:") and "políč" in reason, reason


def test_explain_refuses_what_it_cannot_read(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = create(c, "envyra")
    tid, token = made["id"], made["seats"][0]["token"]
    before = get(c, tid)["version"]
    for bad in (None, "tile:a1", [], ["tile:a1"] * 17, [3], ["<script>"], ["tile:" + "a" * 40]):
        r = explain(c, tid, token, bad)
        assert r.status_code == 422 and r.json()["reason"], bad
    assert explain(c, tid, None, ["tile:a1"]).status_code == 403  # a spectator
    assert explain(c, tid, "x" * 20, ["tile:a1"]).status_code == 403
    assert explain(c, "nosuchtable", token, ["tile:a1"]).status_code == 404
    r = explain(c, tid, token, ["tile:a1", "die:b2"])
    assert r.status_code == 200 and r.json()["reason"] == catalog().t("why.together", "en")
    assert get(c, tid)["version"] == before  # asking changes nothing


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_every_game_has_a_guide(sqlite_client: TestClient, lang: str) -> None:
    c = sqlite_client
    for game in sorted(GAMES):
        r = c.get(f"/api/games/{game}/guide", params={"lang": lang})
        assert r.status_code == 200, r.text
        g = r.json()
        assert g["play"] and g["scoring"] and all(x.strip() for x in g["play"] + g["scoring"])
        assert g["notation"] == game_module(game, "notation").help_text(lang)
        if lang != "en":
            english = c.get(f"/api/games/{game}/guide").json()
            assert g["play"] != english["play"] and g["scoring"] != english["scoring"]
            for text in g["play"] + g["scoring"] + [g["notice"] or ""]:
                assert not ENGLISH.search(text), (game, lang, text)
    alhambra = c.get("/api/games/alhambra/guide", params={"lang": lang}).json()
    rows = alhambra["table"]["rows"]
    assert len(rows) == len(BUILDING_TYPES) and len(alhambra["table"]["head"]) == 4
    assert rows[-1][1:] == ["/".join(map(str, p)) for p in SCORING["tower"]]  # 6, 13/6, ...
    envyra = c.get("/api/games/envyra/guide", params={"lang": lang}).json()
    assert envyra["table"]["rows"] == [["2", "2"], ["3", "4"], ["4", "7"]]
    for game in ("alhambra-rw", "envyra", "ubongo"):  # the data notice moved here
        assert c.get(f"/api/games/{game}/guide", params={"lang": lang}).json()["notice"]
    assert c.get("/api/games/chess/guide").status_code == 404
    assert c.get("/api/games/envyra/guide", params={"lang": "de"}).status_code == 422
