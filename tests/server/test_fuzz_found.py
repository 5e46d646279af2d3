"""What the hostile-input fuzzer (herna.testing.fuzz) found on the routes it learned late
(undo, hints, names, replays, reviews, clocks, accounts, practice, score pads, rules), each
fixed in the server: a regression test per finding. Every refusal is a JSON `{reason}`."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from serverkit import create, play_out

import herna


def _refused(r: Any, status: int) -> None:
    assert r.status_code == status, r.text
    assert isinstance(r.json().get("reason"), str), r.text


# Digits Python's str.isdigit() takes that int() does not read (a superscript), and digit
# strings longer than int()'s limit (4,300 digits): both were a 500 (ValueError) wherever a
# query or path number was checked with isdigit() alone.
NOT_NUMBERS = ["²", "¹", "1" * 5000, "0" * 5000]


def test_a_replays_step_or_seat_that_is_no_number_is_refused(sqlite_client: TestClient
                                                             ) -> None:
    c = sqlite_client
    state = herna.make("envyra", players=2, seed=3)
    for _ in range(4):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    r = c.post("/api/replays", json=state.record())
    assert r.status_code == 201, r.text
    rid = r.json()["id"]
    # a finished table's replay reads its query the same way
    made = create(c, "envyra", ("human", "easy"))
    play_out(c, made["id"], [made["seats"][0]["token"]])
    for path in (f"/api/replays/{rid}", f"/api/tables/{made['id']}/replay"):
        for value in NOT_NUMBERS:
            _refused(c.get(path, params={"step": value}), 422)
            _refused(c.get(path, params={"seat": value}), 422)
        assert c.get(path, params={"step": "001", "seat": "00"}).status_code == 200


def test_a_seat_number_past_ints_limit_takes_nothing_back(sqlite_client: TestClient) -> None:
    """`/seats/{seat}/back` looked at the first 9 digits, then read the whole number: zeros
    then 5,000 digits passed the first look and broke the second (500)."""
    c = sqlite_client
    made = create(c, "envyra", ("human", "easy"))
    tok = made["seats"][0]["token"]
    for seat in ("0" * 9 + "1" * 5000, "0" * 5000, "²"):
        _refused(c.post(f"/api/tables/{made['id']}/seats/{seat}/back", json={"token": tok}),
                 404)
    # a seat written with leading zeros is still that seat (not stood in: 409)
    _refused(c.post(f"/api/tables/{made['id']}/seats/000/back", json={"token": tok}), 409)
