"""Toy 21: a tiny game that exercises the platform (arena, CLI) without a real game's weight.

2-4 players race a shared total up to a target (21). Everyone holds a hidden hand of cards
(values 1-6) dealt from a seeded deck. On your turn, play a card that keeps the total at or
under the target (you score its value, then draw), or pass when no card fits. Whoever hits the
target exactly scores a bonus of 10 and ends the game; it also ends when everyone passes in a
row. It has chance (the deal), hidden information (the hands), ties, options of three types,
and turns (rounds) that differ from decisions: everything the platform must cope with.

Registered by the tests only (`register_toy()`), never by the built-in registry. The module
also carries what a game package offers the CLI: `HELP`, `render` (terminal), `svg`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rich.text import Text

from herna.core import Action, GameSpec, IllegalAction, Outcome, State, register
from herna.core.state import as_rng

GAME_ID = "toy-21"
CARD_VALUES = range(1, 7)
COPIES = 4
BONUS = 10

HELP = """Toy 21 notation:
  play N   play a card of value N (1-6) from your hand
  pass     only when no card keeps the total at or under the target"""


class Play(Action):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.value = value

    def text(self) -> str:
        return f"play {self.value}"


class Pass(Action):
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(0)

    def text(self) -> str:
        return "pass"


class ToyState(State):
    spec: ClassVar[GameSpec]

    def __init__(self, num_players: int, seed: int | str | None, options: dict[str, Any]) -> None:
        self._init_common(num_players, seed, options)
        self.target: int = int(options["target"])
        deck = [v for v in CARD_VALUES for _ in range(COPIES)]
        self.rng.shuffle(deck)
        size = int(options["hand_size"])
        self.hands: list[list[int]] = [sorted(deck.pop() for _ in range(size))
                                       for _ in range(num_players)]
        self.deck = deck
        self.total = 0
        self.current = 0
        self.points = [0] * num_players
        self.bonus = [0] * num_players
        self.passes = 0
        self.turn = 1
        self.over = False

    # ----- the contract -----------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.current:
            return []
        plays: list[Action] = [Play(v) for v in sorted(set(self.hands[seat]))
                               if self.total + v <= self.target]
        return plays or [Pass()]

    def apply_unchecked(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            self.hands[seat].remove(action.value)
            self.total += action.value
            self.points[seat] += action.value
            if self.deck:
                self.hands[seat].append(self.deck.pop())
                self.hands[seat].sort()
            self.passes = 0
            if self.total == self.target:
                self.bonus[seat] += BONUS
                self.over = True
        else:
            self.passes += 1
            self.over = self.passes >= self.num_players
        self.history.append((seat, action))
        if not self.over:
            self.current = (self.current + 1) % self.num_players
            if self.current == 0:
                self.turn += 1

    def parse_text(self, seat: int, text: str) -> Action:
        words = text.lower().split()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[0] == "play":
            if words[1].isdigit() and int(words[1]) in CARD_VALUES:
                return Play(int(words[1]))
            raise IllegalAction(f"cards run 1-6, not {words[1]!r}")
        raise IllegalAction(f"cannot read {text!r}: type 'play N' or 'pass'")

    def action_from_code(self, seat: int, code: int) -> Action:
        for action in self.legal_actions(seat):
            if action.code == code:
                return action
        raise IllegalAction(f"no legal action has code {code}")

    def explain_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Play):
            if action.value not in self.hands[seat]:
                return f"you hold no {action.value} (your hand: {self.hands[seat]})"
            return f"a {action.value} would take the total past {self.target}"
        return "you can still play a card, so you may not pass"

    def view(self, seat: int | None) -> dict[str, Any]:
        open_hands = bool(self.options["open_hands"])
        out = self.outcome()
        return {
            "game": GAME_ID, "seat": seat, "players": self.num_players,
            "target": self.target, "total": self.total, "turn": self.turn,
            "current": self.current, "to_act": list(self.to_act()), "deck": len(self.deck),
            "hands": [list(h) if open_hands or seat == i else None
                      for i, h in enumerate(self.hands)],
            "hand_counts": [len(h) for h in self.hands],
            "points": list(self.points),
            "outcome": out.to_dict() if out else None,
        }

    def determinize(self, seat: int | None, rng: random.Random | Any | int) -> State:
        """Reshuffle what `seat` cannot see (the deck and, unless open, the other hands)."""
        r = as_rng(rng)
        clone = self.copy()
        assert isinstance(clone, ToyState)
        hidden = [i for i in range(self.num_players)
                  if i != seat and not self.options["open_hands"]]
        pool = list(clone.deck) + [c for i in hidden for c in clone.hands[i]]
        r.shuffle(pool)
        for i in hidden:
            n = len(clone.hands[i])
            clone.hands[i] = sorted(pool[:n])
            del pool[:n]
        clone.deck = pool
        return clone

    def copy(self) -> State:
        other = ToyState.__new__(ToyState)
        self._copy_common_into(other)
        other.target = self.target
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.total = self.total
        other.current = self.current
        other.points = list(self.points)
        other.bonus = list(self.bonus)
        other.passes = self.passes
        other.turn = self.turn
        other.over = self.over
        return other

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        scores = [p + b for p, b in zip(self.points, self.bonus, strict=True)]
        breakdown = [{"cards": p, "bonus": b}
                     for p, b in zip(self.points, self.bonus, strict=True)]
        return Outcome.from_scores(scores, breakdown, total=self.total)


SPEC = GameSpec(
    id=GAME_ID, name="Toy 21", player_counts=(2, 3, 4), factory=ToyState,
    options={"target": 21, "hand_size": 2, "open_hands": False},
    option_help={"target": "the total to hit exactly", "hand_size": "cards in hand",
                 "open_hands": "everyone sees every hand"},
    num_distinct_actions=7, hidden_information=True,
    description="A test game: race a shared total to 21.",
)
ToyState.spec = SPEC


def register_toy() -> GameSpec:
    """Register Toy 21 (idempotent); tests call this from a fixture."""
    return register(SPEC)


# ----- what a game package offers the CLI --------------------------------------------------
def render(view: dict[str, Any]) -> Text:
    """The terminal picture (what `herna.games.<id>.terminal.render` returns)."""
    lines = [f"TOY 21  total {view['total']}/{view['target']}  turn {view['turn']}"]
    for i, hand in enumerate(view["hands"]):
        shown = " ".join(map(str, hand)) if hand is not None else "?" * view["hand_counts"][i]
        lines.append(f"  seat {i}: {view['points'][i]:>2} pts  hand {shown}")
    return Text("\n".join(lines))


def svg(view: dict[str, Any]) -> str:
    """The SVG picture (what `herna.games.<id>.render.svg` returns)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">'
            f'<text x="4" y="24">total {view["total"]}, seat {view["seat"]}</text></svg>')
