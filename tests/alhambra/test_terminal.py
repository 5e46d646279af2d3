"""The terminal game as a player meets it: reasons for a refused move, the compact screen,
the scoring rounds announced."""

from __future__ import annotations

import pytest

import herna
from herna.games.alhambra.data import TILES


def test_paying_too_little_says_what_the_cards_pay_and_what_the_tile_costs() -> None:
    state = herna.make("alhambra", players=3, seed=7)
    seat = state.to_act()[0]
    tile = state.view(seat)["market"][0]["tile"]
    price = TILES[tile["id"]].price
    assert price > 1
    with pytest.raises(herna.IllegalAction) as refused:
        state.apply(seat, "buy 1 b1")
    assert str(refused.value) == f"b1 pays 1, but tile {tile['id']} costs {price}"
