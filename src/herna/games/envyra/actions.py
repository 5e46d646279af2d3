"""Envyra actions: canonical text, parsing and the fixed integer code book.

Two kinds of decision exist (notation.py HELP explains them to players):

    mark b2        phase I: one die on your board, marking the tile in slot b2
    mark a1 c3     phase I: two dice, on two tiles (slots sorted in reading order)
    move b2        phase II: of your two marked dice, move the one on b2 first

Slots are named on the largest grid (columns a.., rows 1..), so a text and a code mean the
same slot at every player count. Codes are context-free:

    mark one slot        s                          (MAX_SLOTS codes)
    mark two slots i<=j  MAX_SLOTS + pair index     (MAX_SLOTS * (MAX_SLOTS + 1) / 2)
    move slot            MOVE_BASE + s              (MAX_SLOTS)

Every action exists once (built at import) so legal lists share objects and a checked apply
finds them by identity.
"""

from __future__ import annotations

import re

from herna.core import Action, IllegalAction

from .data import MAX_COLS, MAX_ROWS, MAX_SLOTS, slot_name
from .i18n import t

MARK, MOVE = 0, 1


class EnvyraAction(Action):
    __slots__ = ("_text", "kind", "slots")

    def __init__(self, code: int, kind: int, slots: tuple[int, ...]) -> None:
        super().__init__(code)
        self.kind = kind
        self.slots = slots
        word = "mark" if kind == MARK else "move"
        self._text = word + " " + " ".join(slot_name(s) for s in slots)

    def text(self) -> str:
        return self._text


def _pair_index(i: int, j: int) -> int:
    """Index of i <= j among the upper triangle, row by row."""
    return i * MAX_SLOTS - i * (i - 1) // 2 + (j - i)


PAIRS = MAX_SLOTS * (MAX_SLOTS + 1) // 2
MOVE_BASE = MAX_SLOTS + PAIRS
NUM_CODES = MOVE_BASE + MAX_SLOTS

MARK_ONE: tuple[EnvyraAction, ...] = tuple(EnvyraAction(s, MARK, (s,)) for s in range(MAX_SLOTS))
MARK_TWO: dict[tuple[int, int], EnvyraAction] = {
    (i, j): EnvyraAction(MAX_SLOTS + _pair_index(i, j), MARK, (i, j))
    for i in range(MAX_SLOTS) for j in range(i, MAX_SLOTS)}
MOVES: tuple[EnvyraAction, ...] = tuple(
    EnvyraAction(MOVE_BASE + s, MOVE, (s,)) for s in range(MAX_SLOTS))
BY_CODE: tuple[EnvyraAction, ...] = tuple(sorted(
    [*MARK_ONE, *MARK_TWO.values(), *MOVES], key=lambda a: a.code))
assert [a.code for a in BY_CODE] == list(range(NUM_CODES))

_SLOT = re.compile(r"^([a-z])([1-9][0-9]?)$")


def parse_slot(word: str) -> int:
    m = _SLOT.match(word.lower())
    if not m:
        raise IllegalAction(t("parse.slot", word=word))
    col, row = ord(m.group(1)) - 97, int(m.group(2)) - 1
    if col >= MAX_COLS or row >= MAX_ROWS:
        raise IllegalAction(t("parse.no_slot", word=word))
    return row * MAX_COLS + col


def parse(text: str) -> EnvyraAction:
    """`mark b2`, `mark a1 c3` (any order, commas allowed), `move b2`."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise IllegalAction(t("parse.empty"))
    verb, rest = words[0], words[1:]
    if verb not in ("mark", "move"):
        raise IllegalAction(t("parse.verb", word=words[0]))
    slots = sorted(parse_slot(w) for w in rest)
    if verb == "move":
        if len(slots) != 1:
            raise IllegalAction(t("parse.move_one"))
        return MOVES[slots[0]]
    if len(slots) == 1:
        return MARK_ONE[slots[0]]
    if len(slots) == 2:
        return MARK_TWO[(slots[0], slots[1])]
    raise IllegalAction(t("parse.mark_count"))


def from_code(code: int) -> EnvyraAction:
    if not 0 <= code < NUM_CODES:
        raise IllegalAction(t("parse.code", code=code, last=NUM_CODES - 1))
    return BY_CODE[code]
