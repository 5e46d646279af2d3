"""The kit's secrecy check at simultaneous nodes catches a leak and passes a sealed game.

A tiny sealed-bid game: every seat secretly bids 1-3 at once; when all have bid, the highest
unique bid scores it. With `leak` on, the views show bids before everyone has bid.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from herna.core import Action, GameSpec, IllegalAction, Outcome, State, register
from herna.testing import ConformanceError, check_game, check_simultaneous_secrecy

GAME_ID = "sealed-bid"


class Bid(Action):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.value = value

    def text(self) -> str:
        return f"bid {self.value}"


BIDS = {v: Bid(v) for v in (1, 2, 3)}


class SealedBid(State):
    spec: ClassVar[GameSpec]

    def __init__(self, num_players: int, seed: int | str | None, options: dict[str, Any]) -> None:
        self._init_common(num_players, seed, options)
        self.bids: list[int | None] = [None] * num_players

    def to_act(self) -> tuple[int, ...]:
        return tuple(s for s, b in enumerate(self.bids) if b is None)

    def legal_actions(self, seat: int) -> list[Action]:
        return list(BIDS.values()) if seat in self.to_act() else []

    def apply_unchecked(self, seat: int, action: Action) -> None:
        assert isinstance(action, Bid)
        self.bids[seat] = action.value
        self.history.append((seat, action))

    def parse_text(self, seat: int, text: str) -> Action:
        word, _, value = text.partition(" ")
        if word != "bid" or not value.isdigit() or int(value) not in BIDS:
            raise IllegalAction(f"cannot read {text!r}: type 'bid 1', 'bid 2' or 'bid 3'")
        return BIDS[int(value)]

    def action_from_code(self, seat: int, code: int) -> Action:
        if code not in BIDS:
            raise IllegalAction(f"no legal action has code {code}")
        return BIDS[code]

    def view(self, seat: int | None) -> dict[str, Any]:
        shown = self.is_over() or bool(self.options["leak"])
        return {"bids": [b if shown or s == seat else None for s, b in enumerate(self.bids)],
                "done": [b is not None for b in self.bids]}

    def determinize(self, seat: int | None, rng: random.Random | Any | int) -> State:
        clone = self.copy()
        assert isinstance(clone, SealedBid)
        r = random.Random(str(rng))
        if not self.is_over():
            clone.bids = [b if s == seat or b is None else r.choice(list(BIDS))
                          for s, b in enumerate(self.bids)]
        return clone

    def copy(self) -> State:
        other = SealedBid.__new__(SealedBid)
        self._copy_common_into(other)
        other.bids = list(self.bids)
        return other

    def is_over(self) -> bool:
        return all(b is not None for b in self.bids)

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        bids = [b or 0 for b in self.bids]
        unique = [b for b in bids if bids.count(b) == 1]
        best = max(unique, default=0)
        scores = [b if b == best else 0 for b in bids]
        return Outcome.from_scores(scores, [{"bid": s} for s in scores])


SPEC = GameSpec(id=GAME_ID, name="Sealed bid", player_counts=(2, 3), factory=SealedBid,
                options={"leak": False}, num_distinct_actions=4, simultaneous=True,
                hidden_information=True)
SealedBid.spec = SPEC


@pytest.fixture(autouse=True)
def registered() -> None:
    """Registered only while these tests run (not at import: the conformance suite lists the
    registry when it is collected, and this game is not shipped)."""
    register(SPEC)


def test_a_sealed_simultaneous_game_passes_the_kit() -> None:
    for seed in range(3):
        check_game(GAME_ID, 3, seed, sample_every=1)


def test_a_bid_shown_before_the_node_closes_is_caught() -> None:
    state = SealedBid(3, 0, {"leak": True})
    with pytest.raises(ConformanceError, match="seat 0's choice shows"):
        check_simultaneous_secrecy(state, seed=1)
    with pytest.raises(ConformanceError, match="choice shows"):
        check_game(GAME_ID, 2, 0, options={"leak": True})
