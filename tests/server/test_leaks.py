"""The leak audit (issue 23, herna.testing.leaks): every byte a real server sends each seat
(HTTP bodies and headers, WebSocket messages decompressed, close reasons, info-level logs)
over games of each title holds no other seat's secret, no future chance, no seed before the
end and no token where it does not belong. Then the audit itself: leaks planted in the
server (one per kind of secret, each on its own table) must each be found. `make leaks` is
the long run."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from herna.ai.mcts import hooks_for
from herna.server import botproc, hints, words
from herna.server import tables as server_tables
from herna.testing import leaks
from herna.testing.leaks import Plan, Report


def test_no_leak_over_games_of_every_title() -> None:
    report = leaks.audit(leaks.small_plans(seed=5), resample_every=2)
    print(report.summary())
    assert not report.findings, report.summary()
    assert set(report.games) == {"alhambra-rw", "envyra", "ubongo"} and report.unfinished == 1
    assert report.games["alhambra-rw"] == 2  # and the table its players played again
    for channel in ("http", "ws", "close", "log"):
        assert report.chunks.get(channel), f"nothing recorded on {channel}"
    for kind in ("hand", "deck order", "bag order", "future dice", "sealed mark",
                 "sealed choice (log)", "Ubongo cover", "seed", "token",
                 "future chance (Rng state)"):
        assert report.secrets.get(kind), f"no {kind} to look for"
    # the forms searched for are the ones the server writes: each seat is sent its own
    for kind in ("hand", "sealed mark", "sealed choice (log)", "Ubongo cover"):
        assert report.owner_seen.get(kind), f"{kind} never seen by its own seat"
    assert report.refusals and report.payloads_resampled > 100
    assert report.hints_resampled > 10  # hints asked, each worked out again in a world resampled


# ----- leaks planted in the server, each on the table with its seed ---------------------------
SEEDS = {name: 10**17 + i for i, name in enumerate(
    ("hands", "seed", "dice", "marks", "cover", "top card", "token", "log", "reason",
     "hint"))}


def _plant(table: Any, seat: int | None, out: dict[str, Any]) -> None:
    """What a careless change to the payload would add, by the table's seed."""
    state, seed = table.state, table.row.seed
    if seed == SEEDS["hands"]:  # every seat's entry, as its owner sees it
        out["debug"] = [state.view(q)["seats"][q] for q in range(state.num_players)]
    elif seed == SEEDS["seed"]:
        out["deal"] = str(seed)
    elif seed == SEEDS["dice"]:  # "the next rolls", from a copy of the engine
        from herna.games.alhambra_rw import rules

        twin = state.copy()
        out["extra"] = {"next": [rules.roll(twin) for _ in range(12)]}
    elif seed == SEEDS["cover"]:  # the race's submissions, for everyone
        out["debug"] = [str(a) if a is not None else None for a in state.submissions]
    elif seed == SEEDS["top card"]:  # one card: no form can tell it, the resampled world can
        from herna.games.alhambra.view import card_json

        out["hint"] = card_json(state.deck[-1]) if state.deck[-1] < 36 else None
    elif seed == SEEDS["token"]:
        out["who"] = getattr(table, "planted_tokens", [])


@pytest.fixture(scope="module")
def planted() -> Iterator[Report]:
    mp = pytest.MonkeyPatch()
    payload, seat_of, sealed, act = (words.payload, server_tables.Table.seat_of,
                                     server_tables.Table.sealed, server_tables.Tables.act)

    def leaky_payload(table: Any, seat: int | None, lang: str) -> dict[str, Any]:
        out = payload(table, seat, lang)
        _plant(table, seat, out)
        return out

    def leaky_seat_of(self: Any, token: str | None) -> int | None:
        seat = seat_of(self, token)
        if self.row.seed == SEEDS["log"]:
            logging.getLogger("herna.server").info("seat %s opened with %s", seat, token)
        if self.row.seed == SEEDS["token"] and token:
            held = self.__dict__.setdefault("planted_tokens", [])
            if token not in held:
                held.append(token)
                self.forget()
        return seat

    def leaky_sealed(self: Any) -> int:
        return 0 if self.row.seed == SEEDS["marks"] else int(sealed(self))

    async def leaky_act(self: Any, table: Any, *args: Any, **kw: Any) -> Any:
        try:
            return await act(self, table, *args, **kw)
        except server_tables.Refused as e:
            if table.row.seed == SEEDS["reason"]:
                e.reason += f" (bag: {list(table.state.bag)})"
            raise

    work = hints.Hints._work

    def leaky_work(self: Any, table: Any, seat: int, version: int) -> Any:
        """The hard bot's move, but my chances reckoned from the table's own state (the
        others' hands, the deck) rather than by the search from my view."""
        if table.row.seed != SEEDS["hint"]:
            return work(self, table, seat, version)
        state = table.state.copy()

        async def told() -> botproc.Advice:
            fair = botproc.advise(state, seat, hints.bot_seed(table.id, version, seat))
            reckoned = hooks_for(table.game).evaluate(state)  # type: ignore[misc]
            return botproc.Advice(fair.text, fair.code, round(reckoned[seat], 3))

        return told()

    mp.setattr(words, "payload", leaky_payload)
    mp.setattr(hints.Hints, "_work", leaky_work)
    mp.setattr(server_tables.Table, "seat_of", leaky_seat_of)
    mp.setattr(server_tables.Table, "sealed", leaky_sealed)
    mp.setattr(server_tables.Tables, "act", leaky_act)
    plans = [
        Plan("alhambra", ("host", "friend", "easy"), SEEDS["hands"], moves=8),
        Plan("envyra", ("host", "easy"), SEEDS["seed"], moves=4),
        Plan("alhambra-rw", ("host", "easy"), SEEDS["dice"], moves=6),
        Plan("envyra", ("host", "friend", "easy"), SEEDS["marks"], moves=6),
        Plan("ubongo", ("host", "friend"), SEEDS["cover"], moves=8),
        Plan("alhambra", ("host", "easy"), SEEDS["top card"], moves=12),
        Plan("alhambra-rw", ("host", "friend"), SEEDS["token"], moves=4),
        Plan("envyra", ("host", "easy"), SEEDS["log"], moves=2),
        Plan("alhambra", ("host", "host"), SEEDS["reason"], moves=10, probes=1.0),
        Plan("alhambra", ("host", "easy"), SEEDS["hint"], moves=16),
    ]
    try:
        yield leaks.audit(plans, seed=3)
    finally:
        mp.undo()


def _found(report: Report, name: str) -> set[tuple[str, str]]:
    ids = {tid for tid, plan in report.tables.items() if plan.seed == SEEDS[name]}
    assert ids, f"the {name} table was not played"
    return {(f.kind, f.channel) for f in report.findings if f.table in ids}


@pytest.mark.parametrize(("name", "kind", "channels"), [
    ("hands", "hand", {"http", "ws"}),
    ("seed", "seed", {"http", "ws"}),
    ("dice", "future dice", {"http", "ws"}),
    ("marks", "sealed choice (log)", {"http", "ws"}),
    ("cover", "Ubongo cover", {"http", "ws"}),
    ("token", "token", {"http", "ws"}),
    ("log", "token", {"log"}),
    ("reason", "bag order", {"http"}),
])
def test_a_planted_leak_is_found(planted: Report, name: str, kind: str,
                                 channels: set[str]) -> None:
    found = _found(planted, name)
    assert {c for k, c in found if k == kind} == channels, (name, found)


def test_a_leak_no_form_names_is_found_by_the_resampled_world(planted: Report) -> None:
    """One card of the deck's top: too short to search for, but a world with the deck
    reshuffled gives another payload."""
    found = _found(planted, "top card")
    assert {k for k, _c in found} == {"depends on hidden state"}, found
    for name in ("hands", "dice", "cover"):
        assert ("depends on hidden state", "ws") in _found(planted, name), name


def test_a_hint_from_the_tables_own_state_is_found(planted: Report) -> None:
    """Chances reckoned from the table's state (the others' hands, the deck's order) instead
    of from the seat's view: the hint differs from the one worked out again in a world where
    what the seat cannot see is resampled."""
    found = _found(planted, "hint")
    assert ("depends on hidden state", "http") in found, found


def test_planted_leaks_stay_on_their_tables(planted: Report) -> None:
    planted_ids = {tid for tid, plan in planted.tables.items() if plan.seed in SEEDS.values()}
    stray = [f.line() for f in planted.findings if f.table not in planted_ids]
    assert not stray, stray
