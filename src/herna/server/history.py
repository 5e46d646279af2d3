"""Players' history, statistics and ratings (issue 22).

When a table's last move is stored, the same transaction writes one `results` row per seat
(`seat_results`: rank, score and the game's own figures, read from the engine's outcome and
final state) and, at a rated table, the OpenSkill ratings of its players' accounts
(`rate_table`). A table is rated once: its changes are keyed by table and player. Statistics
are worked out from the result rows when asked (`statistics`), apart for games against
people, with bots, and alone, as a player compares like with like.

Ratings use OpenSkill's Plackett-Luce model, as the bots' arena does (herna.ai.rating):
one rating per player and title, apart against people and with bots. A bot (or a seat
without an account) never gets a rating: it plays at the model's starting rating, fixed,
so a player's rating with bots moves only by how they place among them.
"""

from __future__ import annotations

import statistics as pystats
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce

from herna.core import State
from herna.games.alhambra_rw.data import VIRTUAL_NAMES

from . import names

MODEL = PlackettLuce()
GAMES_SHOWN = 200  # the newest games listed; the statistics count them all
AGAINST = ("people", "bots", "none")


# ----- what a finished game leaves: per seat, its rank, score and the game's figures -------
def seat_results(game: str, state: State) -> list[dict[str, Any]]:
    """One entry per seat of a finished game: rank (1 the best), score, figures."""
    outcome = state.outcome()
    assert outcome is not None, "a finished game has an outcome"
    return [{"seat": seat, "rank": outcome.ranks[seat], "score": outcome.scores[seat],
             "figures": figures(game, state, seat)}
            for seat in range(len(outcome.scores))]


def figures(game: str, state: Any, seat: int) -> dict[str, Any]:
    """The numbers a player of this game follows over many games (the engine's own)."""
    outcome = state.outcome()
    lines = outcome.breakdown[seat] if outcome.breakdown else {}
    details = outcome.details
    if game == "alhambra":
        return {"walls": int(lines.get("walls", 0)),
                "longest_wall": int(state.boards[seat].longest_wall()),
                "majorities": _majorities(details.get("rounds", []), seat)}
    if game == "alhambra-rw":
        vs = details.get("vs_virtual")
        return {"vs_virtual": vs is not None,
                "virtual": [int(v["score"]) for v in details.get("virtual", [])]
                if vs is not None else [],
                "won_virtual": vs["human_win_share"][seat] if vs is not None else None}
    if game == "envyra":
        parts = details.get("partitions", [])
        return {"stars": int(lines.get("stars", 0)), "set_points": int(lines.get("sets", 0)),
                "sets": len(parts[seat]["sets"]) if seat < len(parts) else 0}
    if game == "ubongo":
        times = [r["times"][seat] for r in state.log if r["times"][seat] is not None]
        pieces = [len(r["solutions"][seat]) for r in state.log
                  if r.get("solutions") and r["solutions"][seat]]
        return {"side": state.side, "times": times,
                "pieces": max(pieces) if pieces else None,
                "passes": sum(1 for r in state.log if r["passed"][seat]),
                "rounds": len(state.log)}
    return {}


def _majorities(rounds: list[dict[str, Any]], seat: int) -> int:
    """The building majorities a seat won (alone or tied first) over the scoring rounds;
    Dirk (two players) counts as a rival."""
    won = 0
    for r in rounds:
        counts = r.get("counts", [])
        if seat >= len(counts):
            continue
        for kind, mine in counts[seat].items():
            rivals = [c.get(kind, 0) for c in counts] \
                + [(r.get("dirk_counts") or {}).get(kind, 0)]
            if mine > 0 and mine == max(rivals):
                won += 1
    return won


# ----- ratings -------------------------------------------------------------------------------
def _dense(values: list[float]) -> list[float]:
    order = {v: i + 1 for i, v in enumerate(sorted(set(values)))}
    return [float(order[v]) for v in values]


def rate_table(conn: sa.Connection, table_id: str, game: str, rows: list[dict[str, Any]],
               when: datetime) -> list[dict[str, Any]]:
    """Update the ratings of a finished rated table's players (in the caller's
    transaction, which writes its last move or its results): each account once (its seats'
    mean rank), everyone else at the fixed starting rating. Returns the changes per seat."""
    from .store import _insert_new, rating_changes_t, ratings_t

    if len(rows) < 2:
        return []  # alone: nobody to be rated against
    against = "people" if all(r["kind"] == "human" for r in rows) else "bots"
    ranks: dict[str, list[int]] = {}
    others: list[int] = []
    for r in rows:
        if r["kind"] == "human" and r["player_id"]:
            ranks.setdefault(r["player_id"], []).append(r["rank"])
        else:
            others.append(r["rank"])
    if not ranks:
        return []
    ids = sorted(ranks)
    start = MODEL.rating()
    conn.execute(_insert_new(conn, ratings_t, ("player_id", "game", "against")),
                 [{"player_id": p, "game": game, "against": against, "mu": start.mu,
                   "sigma": start.sigma, "games": 0, "updated": when} for p in ids])
    held = {r.player_id: r for r in conn.execute(
        sa.select(ratings_t).where(ratings_t.c.player_id.in_(ids), ratings_t.c.game == game,
                                   ratings_t.c.against == against).with_for_update())}
    teams = [[MODEL.rating(mu=held[p].mu, sigma=held[p].sigma)] for p in ids] \
        + [[MODEL.rating()] for _ in others]
    order = _dense([sum(ranks[p]) / len(ranks[p]) for p in ids] + [float(r) for r in others])
    new = MODEL.rate(teams, ranks=order)
    changes = []
    for p, team in zip(ids, new, strict=False):
        before, after = held[p], team[0]
        conn.execute(ratings_t.update().where(
            ratings_t.c.player_id == p, ratings_t.c.game == game,
            ratings_t.c.against == against).values(
            mu=after.mu, sigma=after.sigma, games=before.games + 1, updated=when))
        changes.append({"table_id": table_id, "player_id": p, "game": game,
                        "against": against, "mu_before": before.mu,
                        "sigma_before": before.sigma, "mu": after.mu, "sigma": after.sigma,
                        "at": when})
    conn.execute(rating_changes_t.insert(), changes)
    return [{**c, "seat": r["seat"]} for c in changes for r in rows
            if r["player_id"] == c["player_id"] and r["kind"] == "human"]


def shown_ratings(changes: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The payload's `ratings`: per rated seat its new rating and the change (one decimal
    is what a player reads; the page writes it the language's way)."""
    return [{"seat": c["seat"], "mu": round(c["mu"], 1),
             "change": round(c["mu"] - c["mu_before"], 1), "against": c["against"]}
            for c in sorted(changes, key=lambda c: c["seat"])]


# ----- what the page shows: my games, my statistics, my ratings ----------------------------
def games_of(rows: list[dict[str, Any]], changes: list[dict[str, Any]], lang: str
             ) -> list[dict[str, Any]]:
    """My finished games, newest first: one per table (my lowest seat there, as My tables
    shows a hot-seat table once), with everyone's place and score and my rating change."""
    by_table: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_table.setdefault(r["table_id"], []).append(r)
    change = {(c["table_id"], c["seat"]): c for c in changes}
    out = []
    for tid, seats in by_table.items():
        mine = next((s for s in seats if s["mine"]), None)
        if mine is None:
            continue
        c = change.get((tid, mine["seat"]))
        by_seat = {s["seat"]: s for s in seats}
        said = names.labels(tuple(
            (by_seat[i]["kind"], by_seat[i]["level"], by_seat[i]["name"]) if i in by_seat
            else ("human", None, None) for i in range(max(by_seat) + 1)), lang)
        out.append({
            "table": tid, "game": mine["game"], "players": mine["players"],
            "seat": mine["seat"], "rank": mine["rank"], "score": _num(mine["score"]),
            "won": won(mine), "against": mine["against"], "rated": mine["rated"],
            "finished": _iso(mine["finished"]),
            "figures": mine["figures"],
            "rating": None if c is None else shown_ratings([c])[0],
            "seats": [{"seat": s["seat"], "label": said[s["seat"]],
                       "kind": s["kind"], "rank": s["rank"], "score": _num(s["score"]),
                       "mine": s["mine"]} for s in seats],
            "replay": f"/r/{tid}?seat={mine['seat']}",
        })
    return out


def won(row: dict[str, Any]) -> bool | None:
    """First place among the seats. Alone at a table a game is won only where it has someone
    to beat: Roll & Write against its virtual players, beaten (as the table says "You beat the
    virtual players!"); a solo game that is only a score is neither won nor lost (None)."""
    if row["players"] > 1:
        return bool(row["rank"] == 1)
    share = (row["figures"] or {}).get("won_virtual")
    return None if share is None else share == 1


def _iso(at: datetime | None) -> str | None:
    """A stored time in ISO 8601 with its zone (SQLite gives it back without: UTC)."""
    if at is None:
        return None
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).isoformat()


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def statistics(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games played and won per title, player count and opponents (people, bots, alone),
    with the title's own figures over those games (`game_figures`)."""
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for g in games:
        groups.setdefault((g["game"], g["players"], g["against"]), []).append(g)
    out = []
    for (game, players, against), gs in sorted(
            groups.items(), key=lambda kv: (kv[0][0], kv[0][1], AGAINST.index(kv[0][2]))):
        out.append({"game": game, "players": players, "against": against,
                    "played": len(gs), "won": sum(1 for g in gs if g["won"]),
                    "decided": sum(1 for g in gs if g["won"] is not None),
                    "mean_score": _mean(g["score"] for g in gs),
                    "figures": game_figures(game, [g["figures"] for g in gs],
                                            [g["score"] for g in gs])})
    return out


def _mean(values: Iterable[float]) -> float | None:
    vs = list(values)
    return round(sum(vs) / len(vs), 2) if vs else None


def game_figures(game: str, figs: list[dict[str, Any]], scores: list[float]
                 ) -> dict[str, Any]:
    """A title's figures over many games (`scores`: my final score in each): Alhambra's
    walls and majorities, Roll & Write's final score against the virtual players (`rw_virtual`),
    Envyra's sets and stars, Ubongo's median solving time and pieces per card side."""
    if game == "alhambra":
        return {"mean_walls": _mean(f["walls"] for f in figs),
                "mean_longest_wall": _mean(f["longest_wall"] for f in figs),
                "majorities": sum(f["majorities"] for f in figs),
                "mean_majorities": _mean(f["majorities"] for f in figs)}
    if game == "alhambra-rw":
        return rw_virtual(figs, scores)
    if game == "envyra":
        return {"mean_sets": _mean(f["sets"] for f in figs),
                "mean_stars": _mean(f["stars"] for f in figs),
                "mean_set_points": _mean(f["set_points"] for f in figs)}
    if game == "ubongo":
        sides: dict[str, dict[str, Any]] = {}
        for f in figs:
            side = sides.setdefault(f["side"], {"times": [], "pieces": None, "passes": 0,
                                                "rounds": 0})
            side["times"] += f["times"]
            side["passes"] += f["passes"]
            side["rounds"] += f["rounds"]
            if f["pieces"] is not None:
                side["pieces"] = f["pieces"]
        return {"sides": [{"side": k, "solved": len(v["times"]), "rounds": v["rounds"],
                           "passes": v["passes"], "pieces": v["pieces"],
                           "median_time": round(pystats.median(v["times"]), 1)
                           if v["times"] else None}
                          for k, v in sorted(sides.items())]}
    return {}


def rw_virtual(figs: list[dict[str, Any]], scores: list[float]) -> dict[str, Any]:
    """Roll & Write against the virtual players (the solo `vs_virtual` games only): how many,
    the win share, my mean final score and theirs, my mean margin over the best of them, and
    per virtual player (Dirk, Dirki, ... in the order they play) how often I scored more than
    it and my mean margin over it (a tie is not a win)."""
    vs = [(f, s) for f, s in zip(figs, scores, strict=True) if f["vs_virtual"]]
    out: dict[str, Any] = {"vs_virtual": len(vs),
                           "won_virtual": round(sum(f["won_virtual"] for f, _ in vs), 2)}
    if not vs:
        return out
    each: dict[int, list[tuple[float, int]]] = {}
    for f, s in vs:
        for i, v in enumerate(f["virtual"]):
            each.setdefault(i, []).append((s, v))
    out |= {"mean_score_vs_virtual": _mean(s for _, s in vs),
            "mean_virtual_score": _mean(v for f, _ in vs for v in f["virtual"]),
            "mean_margin": _mean(s - max(f["virtual"]) for f, s in vs if f["virtual"]),
            "virtual": [{"index": i, "name": VIRTUAL_NAMES[i] if i < len(VIRTUAL_NAMES)
                         else str(i + 1), "games": len(pairs),
                         "beaten": sum(1 for s, v in pairs if s > v),
                         "mean_score": _mean(v for _, v in pairs),
                         "mean_margin": _mean(s - v for s, v in pairs)}
                        for i, pairs in sorted(each.items())]}
    return out


def ratings_view(held: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """My ratings per title (mu to one decimal, and the conservative mu - 3 sigma)."""
    return [{"game": r["game"], "against": r["against"], "mu": round(r["mu"], 1),
             "sigma": round(r["sigma"], 2), "ordinal": round(r["mu"] - 3 * r["sigma"], 1),
             "games": r["games"]} for r in held]


def history(store: Any, lang: str, hashes: list[str] | None = None,
            player_id: str | None = None) -> dict[str, Any]:
    """Everything the history page shows, for the seats these token digests hold (a
    private server) or for an account (`player_id`, a shared server's signed-in player)."""
    rows = store.history_of(hashes, player_id)
    changes = store.rating_changes(sorted({r["table_id"] for r in rows if r["rated"]}))
    games = games_of(rows, changes, lang)
    # the accounts whose seats these are: the account asked for, else those a token's seat
    # was taken by (a signed-in player's seats on this browser)
    accounts = [player_id] if player_id else sorted(
        {r["player_id"] for r in rows if r["mine"] and r["player_id"]})
    return {"lang": lang, "games": games[:GAMES_SHOWN], "games_total": len(games),
            "statistics": statistics(games),
            "ratings": [r for p in accounts for r in ratings_view(store.ratings_of(p))]}
