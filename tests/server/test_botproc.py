"""Bots in worker processes: the worker's replayed state agrees with the table, a rebuilt
table starts over, and a whole game plays through the API with bots in a process pool."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from serverkit import create, get

import herna
from herna.server import botproc
from herna.server.app import create_app


def _job(state: herna.State, seat: int, table: str = "t1") -> botproc.BotJob:
    return botproc.BotJob(table=table, game=state.spec.id, players=state.num_players,
                          seed=int(state.seed or 0), options={}, seat=seat, level="medium",
                          actions=tuple((s, str(a)) for s, a in state.history))


def test_the_worker_follows_the_table_move_by_move() -> None:
    state = herna.make("alhambra", players=3, seed=4)
    for _ in range(12):
        seat = state.to_act()[0]
        text = botproc.choose(_job(state, seat))
        state.apply(seat, text)  # legal in the table's own state: the replay agrees
        kept = botproc._tables["t1"]
        assert kept.actions == [(s, str(a)) for s, a in state.history[:len(kept.actions)]]


def test_a_table_rebuilt_elsewhere_starts_over_in_the_worker() -> None:
    """The worker saw one history; the table now has another (another process wrote first
    and the table was reloaded): the worker replays from the start instead of patching."""
    a = herna.make("alhambra", players=2, seed=1)
    b = herna.make("alhambra", players=2, seed=1)
    seat = a.to_act()[0]
    legal = a.legal_actions(seat)
    a.apply(seat, legal[0])
    b.apply(seat, legal[-1])
    botproc.choose(_job(a, a.to_act()[0], table="t2"))
    seen = botproc._tables["t2"]
    text = botproc.choose(_job(b, b.to_act()[0], table="t2"))
    assert botproc._tables["t2"] is not seen
    assert botproc._tables["t2"].actions == [(s, str(x)) for s, x in b.history]
    b.apply(b.to_act()[0], text)


def test_a_game_with_bots_in_a_process_pool(sqlite_db: str) -> None:
    with TestClient(create_app(sqlite_db, bot_pace=False, bot_processes=1)) as c:
        made = create(c, "envyra", ("easy", "medium"))
        deadline = time.monotonic() + 120
        while not get(c, made["id"])["over"]:
            assert time.monotonic() < deadline, "the bots in the worker stopped"
            time.sleep(0.05)
        record = c.get(f"/api/tables/{made['id']}/record").json()
        assert herna.replay(record).is_over()
