"""Ubongo actions: canonical texts, parsing, and the integer codes.

Texts (the same in every language):

    start 3                           put your figure on red start field 3 (1-6, left to right)
    solve A0@0,0 C3@1,2 K1@2,0 in 23.5
                                      your solution: each piece as letter + orientation index
                                      @ row,col (the top-left corner of that orientation's
                                      drawing box on the card's grid), and when you finished
                                      (seconds since the hourglass was turned)
    pass                              give up this race
    move +2   move 0   move -1        after the race: move your figure that many fields right
                                      (+) or left (-), then take the two front gems there

Integer codes (a fixed space of NUM_CODES): a race action with a time and a placement of
pieces does not fit a small context-free code space, and it need not: every exact cover of
the card is worth the same in the game, only WHEN you finished matters. So a solve's code is
its time bucket: a tenth of the hourglass each, 1..20 over the two turns of the hourglass and
21 for any time after that. Decoding a solve code gives the seat's first solution (the
solver's order) at the end of that bucket. The codes:

    0          pass
    1..21      solve, finishing in time bucket 1..21
    22..27     start on field 1..6
    28..34     move -3..+3

Equality of actions is by code, so two solves in the same bucket are "equal" as codes; the
state checks a solve exactly and applies the solve it was given (its own pieces and time).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from herna.core import Action, IllegalAction

from . import i18n
from .data import BUCKETS_PER_TURN, ROWS, TIME_BUCKETS

PASS_CODE = 0
SOLVE_BASE = 1  # + bucket - 1
START_BASE = SOLVE_BASE + TIME_BUCKETS
MOVE_BASE = START_BASE + ROWS
MAX_MOVE = 3
NUM_CODES = MOVE_BASE + 2 * MAX_MOVE + 1

Placed = tuple[str, int, int, int]  # piece letter, orientation index, row, col


class UbongoAction(Action):
    __slots__ = ()


class PassAction(UbongoAction):
    """Give up the race: no movement, no gems this round."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(PASS_CODE)

    def text(self) -> str:
        return "pass"


class StartAction(UbongoAction):
    __slots__ = ("field",)

    def __init__(self, field: int) -> None:  # field 0..5
        super().__init__(START_BASE + field)
        self.field = field

    def text(self) -> str:
        return f"start {self.field + 1}"


class MoveAction(UbongoAction):
    __slots__ = ("delta",)

    def __init__(self, delta: int) -> None:
        super().__init__(MOVE_BASE + delta + MAX_MOVE)
        self.delta = delta

    def text(self) -> str:
        return f"move {self.delta:+d}" if self.delta else "move 0"


def bucket(tenths: int, timer: int) -> int:
    """The time bucket 1..21 of a finishing time in tenths of a second (timer in seconds:
    one bucket is timer/10 seconds = `timer` tenths)."""
    b = -(-tenths // timer)  # ceil
    return min(TIME_BUCKETS, max(1, b))


def bucket_time(b: int, timer: int) -> int:
    """The time (tenths of a second) that stands for bucket `b`: its end."""
    return b * timer


def seconds_text(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


class SolveAction(UbongoAction):
    """A finished puzzle: the pieces as placed and the finishing time in tenths of a second."""

    __slots__ = ("placements", "tenths")

    def __init__(self, placements: tuple[Placed, ...], tenths: int, timer: int) -> None:
        super().__init__(SOLVE_BASE + bucket(tenths, timer) - 1)
        self.placements = tuple(sorted(placements, key=lambda p: p[0]))
        self.tenths = tenths

    @property
    def seconds(self) -> float:
        return self.tenths / 10

    def text(self) -> str:
        parts = " ".join(f"{p}{o}@{r},{c}" for p, o, r, c in self.placements)
        return f"solve {parts} in {seconds_text(self.tenths)}"


PASS = PassAction()
STARTS = tuple(StartAction(f) for f in range(ROWS))
MOVES = {d: MoveAction(d) for d in range(-MAX_MOVE, MAX_MOVE + 1)}

_PLACED = re.compile(r"^([A-Za-z])(\d+)@(-?\d+),(-?\d+)$")
_SECONDS = re.compile(r"^\d+(?:\.\d*)?$|^\.\d+$")


def parse_seconds(text: str) -> int:
    """Seconds as written ("23.5", "23", "23.46") -> tenths of a second, rounded half up."""
    if not _SECONDS.match(text):
        raise IllegalAction(i18n.t("parse.time_bad", value=text))
    try:
        return int((Decimal(text) * 10).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    except InvalidOperation:
        raise IllegalAction(i18n.t("parse.time_bad", value=text)) from None


def parse_solve(words: list[str], timer: int) -> SolveAction:
    """`A0@0,0 C3@1,2 in 23.5` (the words after `solve`)."""
    low = [w.lower() for w in words]
    if "in" not in low:
        raise IllegalAction(i18n.t("parse.time"))
    at = low.index("in")
    pieces, rest = words[:at], words[at + 1:]
    if len(rest) != 1:
        raise IllegalAction(i18n.t("parse.time"))
    tenths = parse_seconds(rest[0])
    if not pieces:
        raise IllegalAction(i18n.t("parse.no_pieces"))
    placed: list[Placed] = []
    for token in pieces:
        m = _PLACED.match(token)
        if not m:
            raise IllegalAction(i18n.t("parse.placement", token=token))
        placed.append((m.group(1).upper(), int(m.group(2)), int(m.group(3)), int(m.group(4))))
    return SolveAction(tuple(placed), tenths, timer)


def parse(text: str, timer: int) -> UbongoAction:
    """Any action text -> an action (not yet checked against the state)."""
    words = text.split()
    if not words:
        raise IllegalAction(i18n.t("parse.empty"))
    head, rest = words[0].lower(), words[1:]
    if head == "pass" and not rest:
        return PASS
    if head == "solve":
        return parse_solve(rest, timer)
    if head == "start":
        if len(rest) == 1 and rest[0].isdigit() and 1 <= int(rest[0]) <= ROWS:
            return STARTS[int(rest[0]) - 1]
        raise IllegalAction(i18n.t("parse.start"))
    if head == "move":
        if len(rest) == 1 and re.fullmatch(r"[+-]?\d", rest[0]) and abs(int(rest[0])) <= MAX_MOVE:
            return MOVES[int(rest[0])]
        raise IllegalAction(i18n.t("parse.move"))
    raise IllegalAction(i18n.t("parse.unknown", text=text))


def code_kind(code: int) -> str:
    """Which action family a code belongs to ("" if none)."""
    if code == PASS_CODE:
        return "pass"
    if SOLVE_BASE <= code < START_BASE:
        return "solve"
    if START_BASE <= code < MOVE_BASE:
        return "start"
    if MOVE_BASE <= code < NUM_CODES:
        return "move"
    return ""


def code_bucket(code: int) -> int:
    return code - SOLVE_BASE + 1


assert BUCKETS_PER_TURN * 2 + 1 == TIME_BUCKETS
