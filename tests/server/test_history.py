"""History, statistics and ratings (issue 22): result rows written with a table's last move,
statistics checked against figures worked out here from the games' records, and OpenSkill
ratings changed once per rated game, never again after a restart."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from serverkit import create, get, old_database, play_out

import herna
from herna.server import history as kept
from herna.server import store as st
from herna.server.app import create_app


def bind(c: TestClient, tid: str, seat: int, player: str) -> None:
    """A seat taken by an account (what the accounts' sign-in does), set in the store."""
    engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        if conn.execute(sa.select(st.players_t.c.id).where(st.players_t.c.id == player)
                        ).first() is None:
            conn.execute(st.players_t.insert().values(id=player, name=player.title(),
                                                      name_key=player, created=st.now()))
        conn.execute(st.seats_t.update().where(st.seats_t.c.table_id == tid,
                                               st.seats_t.c.seat == seat)
                     .values(player_id=player))
    # the live table holds no account (it is read from the store when the game ends)


def swept(c: TestClient, timeout: float = 60.0) -> None:
    """Wait for the sweep a start runs in the background (results of older tables)."""
    end = time.monotonic() + timeout
    while not c.app.state.history_filled.done():  # type: ignore[attr-defined]
        assert time.monotonic() < end, "the sweep at start did not end"
        time.sleep(0.01)


def history(c: TestClient, tokens: list[str], lang: str = "en") -> dict[str, Any]:
    r = c.post("/api/history", json={"tokens": tokens, "lang": lang})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def replayed(c: TestClient, tid: str) -> Any:
    """The finished game rebuilt from its published record (what anyone may download)."""
    r = c.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200, r.text
    return herna.replay(r.json())


def by_hand(game: str, state: Any, seat: int) -> dict[str, Any]:
    """The figures of one seat, worked out here from the replayed game."""
    o = state.outcome()
    if game == "alhambra":
        won = 0
        for r in o.details["rounds"]:
            dirk = r.get("dirk_counts") or {}
            for kind in r["counts"][seat]:
                best = max([c[kind] for c in r["counts"]] + [dirk.get(kind, 0)])
                won += r["counts"][seat][kind] > 0 and r["counts"][seat][kind] == best
        return {"walls": o.breakdown[seat]["walls"],
                "longest_wall": state.boards[seat].longest_wall(), "majorities": won}
    if game == "envyra":
        return {"sets": len(o.details["partitions"][seat]["sets"]),
                "stars": o.breakdown[seat]["stars"], "set_points": o.breakdown[seat]["sets"]}
    if game == "ubongo":
        return {"times": [r["times"][seat] for r in state.log if r["times"][seat] is not None],
                "side": state.options["side"]}
    if game == "alhambra-rw":
        vs = o.details.get("vs_virtual")
        return {"won_virtual": None if vs is None else vs["human_win_share"][seat],
                # the virtual players' final scores: the record's every score but the seats'
                "virtual": [] if vs is None else vs["scores"][len(o.scores):]}
    raise AssertionError(game)


# the recorded games: (game, seats, options); my seat is seat 0 of each
GAMES: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
    ("envyra", ("human", "easy"), {}),
    ("envyra", ("human", "human"), {}),
    ("envyra", ("human", "easy"), {}),
    ("alhambra", ("human", "human", "easy"), {}),
    ("alhambra-rw", ("human",), {"vs_virtual": True}),
    ("alhambra-rw", ("human",), {"vs_virtual": True, "virtual": 3}),
    ("alhambra-rw", ("human",), {}),
    ("ubongo", ("human", "easy"), {"side": "hard"}),
]


def test_statistics_match_the_figures_of_the_records(sqlite_client: TestClient) -> None:
    c = sqlite_client
    mine: list[str] = []
    tables: list[tuple[str, str, tuple[str, ...]]] = []
    for i, (game, kinds, options) in enumerate(GAMES):
        made = create(c, game, kinds, options=options, seed=100 + i)
        tokens = [s["token"] for s in made["seats"] if s["token"]]
        play_out(c, made["id"], tokens, seed=i)
        mine.append(tokens[0])
        tables.append((made["id"], game, kinds))
    got = history(c, mine)
    assert {g["table"] for g in got["games"]} == {t for t, _, _ in tables}
    assert got["games_total"] == len(tables)
    # each game as the records tell it, worked out here
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for tid, game, kinds in tables:
        state = replayed(c, tid)
        o = state.outcome()
        against = "none" if len(kinds) == 1 else "bots" if any(k != "human" for k in kinds) \
            else "people"
        fig = by_hand(game, state, 0)
        row = next(g for g in got["games"] if g["table"] == tid)
        # won: first place; alone, only against Roll & Write's virtual players (all beaten)
        vs = o.details.get("vs_virtual") if game == "alhambra-rw" else None
        won = (o.ranks[0] == 1 if len(kinds) > 1
               else None if vs is None else vs["human_win_share"][0] == 1)
        assert (row["rank"], row["score"], row["won"], row["against"]) \
            == (o.ranks[0], o.scores[0], won, against)
        assert row["replay"] == f"/r/{tid}?seat=0"
        assert [s["rank"] for s in row["seats"]] == list(o.ranks)
        assert [s["kind"] for s in row["seats"]] == ["bot" if k != "human" else "human"
                                                    for k in kinds]
        for key, value in fig.items():
            assert row["figures"][key] == value, (game, key)
        groups.setdefault((game, len(kinds), against), []).append(
            {"won": won, "score": o.scores[0], **fig})
    stats = {(s["game"], s["players"], s["against"]): s for s in got["statistics"]}
    assert set(stats) == set(groups)
    for key, games in groups.items():
        s = stats[key]
        assert s["played"] == len(games)
        assert s["won"] == sum(1 for g in games if g["won"])
        assert s["decided"] == sum(1 for g in games if g["won"] is not None)
        assert s["mean_score"] == pytest.approx(sum(g["score"] for g in games) / len(games),
                                                abs=0.01)
        f = s["figures"]
        if key[0] == "envyra":
            assert f["mean_sets"] == pytest.approx(
                sum(g["sets"] for g in games) / len(games), abs=0.01)
            assert f["mean_stars"] == pytest.approx(
                sum(g["stars"] for g in games) / len(games), abs=0.01)
        elif key[0] == "alhambra":
            assert f["majorities"] == sum(g["majorities"] for g in games)
            assert f["mean_walls"] == pytest.approx(
                sum(g["walls"] for g in games) / len(games), abs=0.01)
        elif key[0] == "ubongo":
            times = [t for g in games for t in g["times"]]
            side = f["sides"][0]
            assert (side["side"], side["solved"], side["pieces"]) == ("hard", len(times), 4)
            assert side["median_time"] == pytest.approx(statistics.median(times), abs=0.05)
        elif key[0] == "alhambra-rw":
            # against the virtual players: my final score and theirs, the solo games without
            # them (they score nothing there) left out
            vs = [g for g in games if g["won_virtual"] is not None]
            assert len(vs) == 2 < len(games)
            assert f["vs_virtual"] == len(vs)
            assert f["won_virtual"] == pytest.approx(sum(g["won_virtual"] for g in vs))
            assert f["mean_score_vs_virtual"] == pytest.approx(
                sum(g["score"] for g in vs) / len(vs), abs=0.01)
            theirs = [v for g in vs for v in g["virtual"]]
            assert len(theirs) == 2 + 3
            assert f["mean_virtual_score"] == pytest.approx(sum(theirs) / len(theirs), abs=0.01)
            assert f["mean_margin"] == pytest.approx(
                sum(g["score"] - max(g["virtual"]) for g in vs) / len(vs), abs=0.01)
            each = [[(g["score"], g["virtual"][i]) for g in vs if i < len(g["virtual"])]
                    for i in range(3)]
            assert [(v["index"], v["name"], v["games"]) for v in f["virtual"]] \
                == [(0, "Dirk", 2), (1, "Dirki", 2), (2, "Dirkelson", 1)]
            for v, pairs in zip(f["virtual"], each, strict=True):
                assert v["beaten"] == sum(1 for mine_, theirs_ in pairs if mine_ > theirs_)
                assert v["mean_score"] == pytest.approx(
                    sum(t for _, t in pairs) / len(pairs), abs=0.01)
                assert v["mean_margin"] == pytest.approx(
                    sum(m - t for m, t in pairs) / len(pairs), abs=0.01)
    # a table is written once: one result row per seat, whatever was asked since
    engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        rows = conn.execute(sa.select(st.results_t.c.table_id, sa.func.count())
                            .group_by(st.results_t.c.table_id)).all()
    assert dict(rows) == {tid: len(kinds) for tid, _, kinds in tables}


def test_history_refuses_bad_input_and_knows_nobody(sqlite_client: TestClient) -> None:
    c = sqlite_client
    r = c.post("/api/history", json={"tokens": "abc"})
    assert r.status_code == 422 and "tokens" in r.json()["reason"]
    r = c.post("/api/history", json={"tokens": [], "lang": "xx"})
    assert r.status_code == 422 and "lang" in r.json()["reason"]
    empty = history(c, ["nobody", "ž" * 3])
    assert empty["games"] == [] and empty["statistics"] == [] and empty["ratings"] == []


def test_a_rated_table_has_no_undo_or_hints(sqlite_client: TestClient) -> None:
    c = sqlite_client
    body = {"game": "envyra", "players": 2, "seed": 3}
    r = c.post("/api/tables", json={**body, "rated": "yes"})
    assert r.status_code == 422 and "rated" in r.json()["reason"]
    r = c.post("/api/tables", json={**body, "rated": True, "undo": True, "lang": "cs"})
    assert r.status_code == 422 and "Hodnocená hra" in r.json()["reason"]
    made = create(c, "envyra", ("human", "human"), rated=True)
    toks = [s["token"] for s in made["seats"]]
    p = get(c, made["id"], toks[0])
    assert p["rated"] is True and p["undo"] is False and p["hint"] is False
    assert c.post(f"/api/tables/{made['id']}/hint",
                  json={"token": toks[0], "version": p["version"]}).status_code == 422
    play_out(c, made["id"], toks)
    nxt = c.post(f"/api/tables/{made['id']}/again", json={"token": toks[0]}).json()
    assert get(c, nxt["id"], nxt["token"])["rated"] is True  # play again: rated again
    unrated = create(c, "envyra", ("human", "human"))
    assert "rated" not in get(c, unrated["id"])


def _changes(c: TestClient) -> list[Any]:
    engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        return list(conn.execute(sa.select(st.rating_changes_t)
                                 .order_by(st.rating_changes_t.c.at)).all())


def _expected(teams: list[tuple[float, float]], ranks: list[int]) -> list[float]:
    model = PlackettLuce()
    new = model.rate([[model.rating(mu=m, sigma=s)] for m, s in teams],
                     ranks=[float(r) for r in ranks])
    return [t[0].mu for t in new]


def test_ratings_change_once_per_game_never_twice_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_pace=False)) as c:
        made = create(c, "envyra", ("human", "human"), rated=True, seed=11)
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        bind(c, tid, 0, "ana")
        bind(c, tid, 1, "ben")
        last, _ = play_out(c, tid, toks, seed=3)
        ranks = last["outcome"]["ranks"]
        start = PlackettLuce().rating()
        want = _expected([(start.mu, start.sigma)] * 2, ranks)
        shown = {r["seat"]: r for r in last["ratings"]}
        assert set(shown) == {0, 1}
        for seat in (0, 1):
            assert shown[seat]["mu"] == round(want[seat], 1)
            assert shown[seat]["change"] == round(want[seat] - start.mu, 1)
            assert shown[seat]["against"] == "people"
        first = {r.player_id: r for r in _changes(c)}
        assert set(first) == {"ana", "ben"}
        mine = history(c, [toks[0]])
        assert mine["ratings"] == [{"game": "envyra", "against": "people",
                                    "mu": round(want[0], 1), "sigma": pytest.approx(
                                        first["ana"].sigma, abs=0.01),
                                    "ordinal": round(want[0] - 3 * first["ana"].sigma, 1),
                                    "games": 1}]
        assert mine["games"][0]["rating"]["change"] == round(want[0] - start.mu, 1)
        # the same table asked for again and again changes nothing
        for _ in range(2):
            get(c, tid, toks[0])
    # a restart (the tables are rebuilt from the log, the sweep runs): rated once still
    with TestClient(create_app(db, bot_pace=False)) as c:
        assert len(_changes(c)) == 2
        assert {r["seat"] for r in get(c, tid, toks[1])["ratings"]} == {0, 1}
        assert history(c, [toks[0]])["ratings"][0]["games"] == 1
        # results lost (a table finished before they were kept): the sweep at the next
        # start writes them again, and the table, rated already, is not rated again
        engine = c.app.state.tables.store.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:
            conn.execute(st.results_t.delete().where(st.results_t.c.table_id == tid))
    with TestClient(create_app(db, bot_pace=False)) as c:
        swept(c)
        assert len(_changes(c)) == 2
        again = history(c, [toks[0]])
        assert [g["table"] for g in again["games"]] == [tid]
        assert again["ratings"][0]["games"] == 1
        # a second rated game starts from the first one's ratings
        made2 = create(c, "envyra", ("human", "human"), rated=True, seed=12)
        bind(c, made2["id"], 0, "ben")
        bind(c, made2["id"], 1, "ana")
        toks2 = [s["token"] for s in made2["seats"]]
        last2, _ = play_out(c, made2["id"], toks2, seed=4)
        rows = {r.player_id: r for r in _changes(c) if r.table_id == made2["id"]}
        assert rows["ana"].mu_before == pytest.approx(first["ana"].mu)
        assert rows["ben"].mu_before == pytest.approx(first["ben"].mu)
        want2 = _expected([(first["ben"].mu, first["ben"].sigma),
                           (first["ana"].mu, first["ana"].sigma)], last2["outcome"]["ranks"])
        assert rows["ben"].mu == pytest.approx(want2[0])
        assert rows["ana"].mu == pytest.approx(want2[1])
        assert history(c, [toks[0]])["ratings"][0]["games"] == 2
        # an account's history (what a signed-in player is shown): both games, at the seat
        # the account held in each, newest first
        mine = kept.history(c.app.state.tables.store, "en",  # type: ignore[attr-defined]
                            player_id="ana")
        assert [(g["table"], g["seat"]) for g in mine["games"]] == [(made2["id"], 1), (tid, 0)]
        assert [(r["against"], r["games"]) for r in mine["ratings"]] == [("people", 2)]


def test_games_with_bots_are_rated_apart_and_bots_get_none(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = create(c, "envyra", ("human", "medium"), rated=True, seed=5)
    tid, tok = made["id"], made["seats"][0]["token"]
    bind(c, tid, 0, "ana")
    last, _ = play_out(c, tid, [tok], seed=1)
    assert [r["seat"] for r in last["ratings"]] == [0]
    assert last["ratings"][0]["against"] == "bots"
    start = PlackettLuce().rating()
    want = _expected([(start.mu, start.sigma)] * 2, last["outcome"]["ranks"])
    assert last["ratings"][0]["mu"] == round(want[0], 1)
    got = history(c, [tok])
    assert [(r["game"], r["against"], r["games"]) for r in got["ratings"]] \
        == [("envyra", "bots", 1)]
    assert got["statistics"][0]["against"] == "bots"
    # an unrated table changes no rating
    plain = create(c, "envyra", ("human", "medium"), seed=6)
    bind(c, plain["id"], 0, "ana")
    last, _ = play_out(c, plain["id"], [plain["seats"][0]["token"]], seed=2)
    assert "ratings" not in last and len(_changes(c)) == 1


def _local_game(game: str, players: int, seed: int) -> list[tuple[int, str]]:
    """A whole game played here, move by move, as a server of the same seed would take it."""
    state = herna.make(game, players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        seat = state.to_act()[0]
        text = str(rng.choice(state.legal_actions(seat)))
        state.apply(seat, text)
        moves.append((seat, text))
    return moves


def test_results_of_a_game_another_server_finishes(db: str) -> None:
    """Two servers on one database: the game is played on one and its last move made on the
    other; the result rows are there, once, for both to show."""
    moves = _local_game("envyra", 2, 21)
    with TestClient(create_app(db, bot_pace=False)) as a:
        made = create(a, "envyra", ("human", "human"), seed=21)
        tid, toks = made["id"], [s["token"] for s in made["seats"]]
        for seat, text in moves[:-1]:
            r = a.post(f"/api/tables/{tid}/actions", json={"token": toks[seat], "action": text})
            assert r.status_code == 200, r.text
        with TestClient(create_app(db, bot_pace=False)) as b:
            seat, text = moves[-1]
            r = b.post(f"/api/tables/{tid}/actions", json={"token": toks[seat], "action": text})
            assert r.status_code == 200 and r.json()["over"], r.text
            on_b = history(b, toks)
        on_a = history(a, toks)
    state = herna.make("envyra", players=2, seed=21)
    for seat, text in moves:
        state.apply(seat, text)
    o = state.outcome()
    for got in (on_a, on_b):
        assert len(got["games"]) == 1  # one row per table: my lowest seat there
        assert [(s["rank"], s["score"]) for s in got["games"][0]["seats"]] \
            == list(zip(o.ranks, o.scores, strict=True))


def test_an_old_database_gets_the_results_of_its_finished_tables(tmp_path: Path) -> None:
    """A database of migration 0008 with a finished table: upgraded at start, and the sweep
    writes that table's results from its log."""
    path = tmp_path / "herna.db"
    moves = _local_game("envyra", 2, 9)
    old_database(path, "0008", game="envyra", seed=9,
                 seats=((0, "human", None, "oldtoken"), (1, "human", None, None)),
                 actions=tuple(moves))
    engine = st.open_engine(str(path))
    with engine.begin() as conn:  # it was finished then
        conn.execute(sa.text("UPDATE tables SET finished = '2026-01-01 01:00:00'"))
    engine.dispose()
    with TestClient(create_app(str(path), bot_pace=False)) as c:
        swept(c)
        got = history(c, ["oldtoken"])
        state = herna.make("envyra", players=2, seed=9)
        for seat, text in moves:
            state.apply(seat, text)
        assert [(g["table"], g["rank"], g["score"]) for g in got["games"]] \
            == [("oldtable", state.outcome().ranks[0], state.outcome().scores[0])]
        assert got["games"][0]["finished"].startswith("2026-01-01T01:00:00")
        assert get(c, "oldtable")["over"] is True


def test_the_history_migration_goes_down_and_up_again(tmp_path: Path) -> None:
    """0010 taken back leaves the tables as 0008 had them (a rated column gone, no results,
    no ratings), and upgrading again brings them back, with the tables kept."""
    from alembic import command
    from alembic.config import Config

    path = tmp_path / "herna.db"
    old_database(path, "0008", game="envyra", seed=9)
    engine = st.open_engine(str(path))
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(st.__file__).parent / "migrations"))
    for target in ("0010", "0008", "0010"):
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            if target == "0010":
                command.upgrade(cfg, target)
            else:
                command.downgrade(cfg, target)
        names = set(sa.inspect(engine).get_table_names())
        columns = {c["name"] for c in sa.inspect(engine).get_columns("tables")}
        has = target == "0010"
        assert ({"results", "ratings", "rating_changes"} <= names) is has
        assert ("rated" in columns) is has
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT id FROM tables")).scalars().all() == ["oldtable"]
    engine.dispose()
