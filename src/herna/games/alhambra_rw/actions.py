"""Alhambra Roll & Write actions: canonical texts, parsing, and the fixed integer codes.

A cell is named by its two dice, blue first: `3,5` is where blue die 3 meets yellow die 5
(row 3, column 5 of the sheet). Codes are context-free, so the action space is fixed:

    build  cell                         0..35
    second cell (the second building)  36..71
    coins                              72
    end    (no second building)        73
    keep   blue,yellow pair            74..109
    adjust colour x value x step      110..229   (steps -5..-1, +1..+5)

Every action exists once, built at import (interned): legal lists hold shared objects and a
checked `apply` finds its action by identity.
"""

from __future__ import annotations

import re

from herna.core import Action, IllegalAction

from . import i18n
from .data import CELLS, SIDE, cell, cell_dice

BUILD, SECOND, COINS, END, KEEP, ADJUST = range(6)
SECOND_BASE = CELLS
COINS_CODE = 2 * CELLS
END_CODE = COINS_CODE + 1
KEEP_BASE = END_CODE + 1
ADJUST_BASE = KEEP_BASE + CELLS
STEPS = (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)
STEP_INDEX = {s: i for i, s in enumerate(STEPS)}
NUM_CODES = ADJUST_BASE + 2 * SIDE * len(STEPS)
BLUE, YELLOW = 0, 1
COLOUR_WORDS = ("blue", "yellow")


class RWAction(Action):
    """One decision. BUILD/SECOND: `cell`; KEEP: `cell` is the kept (blue, yellow) pair;
    ADJUST: `colour` (0 blue, 1 yellow), die `value` and `step` (pips, signed)."""

    __slots__ = ("_text", "b", "cell", "colour", "kind", "step", "value", "y")

    def __init__(self, kind: int, code: int, *, cell: int = 0, colour: int = 0, value: int = 0,
                 step: int = 0) -> None:
        self.code = code
        self.kind = kind
        self.cell = cell
        self.colour = colour
        self.value = value
        self.step = step
        self.b, self.y = cell_dice(cell)  # the (blue, yellow) dice of cell-like actions
        self._text = self._make_text()

    def _make_text(self) -> str:
        k = self.kind
        if k in (BUILD, SECOND, KEEP):
            b, y = cell_dice(self.cell)
            verb = "build" if k == BUILD else "second" if k == SECOND else "keep"
            return f"{verb} {b},{y}"
        if k == ADJUST:
            return f"adjust {COLOUR_WORDS[self.colour]} {self.value} {self.step:+d}"
        return "coins" if k == COINS else "end"

    def text(self) -> str:
        return self._text

    def __str__(self) -> str:
        return self._text

    @property
    def dice(self) -> tuple[int, int]:
        """(blue, yellow) for cell-like actions."""
        return self.b, self.y

    @property
    def target(self) -> int:
        """The die's value after an adjust."""
        return self.value + self.step


BUILDS = tuple(RWAction(BUILD, c, cell=c) for c in range(CELLS))
SECONDS = tuple(RWAction(SECOND, SECOND_BASE + c, cell=c) for c in range(CELLS))
COINS_ACTION = RWAction(COINS, COINS_CODE)
END_ACTION = RWAction(END, END_CODE)
KEEPS = tuple(RWAction(KEEP, KEEP_BASE + c, cell=c) for c in range(CELLS))


def adjust_code(colour: int, value: int, step: int) -> int:
    return ADJUST_BASE + (colour * SIDE + value - 1) * len(STEPS) + STEP_INDEX[step]


ADJUSTS = tuple(RWAction(ADJUST, adjust_code(colour, value, step), colour=colour, value=value,
                         step=step)
                for colour in (BLUE, YELLOW) for value in range(1, SIDE + 1) for step in STEPS)
BY_CODE: tuple[RWAction, ...] = (*BUILDS, *SECONDS, COINS_ACTION, END_ACTION, *KEEPS, *ADJUSTS)
assert all(a.code == i for i, a in enumerate(BY_CODE)) and len(BY_CODE) == NUM_CODES


_CELL_VERBS = {"build": BUILDS, "second": SECONDS, "keep": KEEPS}


def adjust(colour: int, value: int, step: int) -> RWAction:
    return BY_CODE[adjust_code(colour, value, step)]


def from_code(code: int) -> RWAction:
    if not isinstance(code, int) or not 0 <= code < NUM_CODES:
        raise IllegalAction(i18n.t("why.code", code=code, last=NUM_CODES - 1))
    return BY_CODE[code]


# ---- parsing --------------------------------------------------------------------------------
_PAIR = re.compile(r"^([1-6])\s*[, ]\s*([1-6])$")
_COLOURS = {"blue": BLUE, "b": BLUE, "yellow": YELLOW, "y": YELLOW}
_ADJUST = re.compile(
    r"^(blue|yellow|b|y)\s*([1-6])\s*(?:([+-]\s*\d+)|(?:to|>|->)\s*([1-6]))$")


def _pair(verb: str, rest: str) -> int:
    m = _PAIR.match(rest)
    if not m:
        raise IllegalAction(i18n.t("why.pair", verb=verb, text=rest or i18n.t("nothing")))
    return cell(int(m.group(1)), int(m.group(2)))


def parse(text: str) -> RWAction:
    """Read the notation (notation.py); raises IllegalAction for anything else."""
    low = " ".join(text.lower().split())
    if not low:
        raise IllegalAction(i18n.t("why.no_action"))
    verb, _, rest = low.partition(" ")
    rest = rest.strip()
    if verb in ("coins", "end"):
        if rest:
            raise IllegalAction(i18n.t("why.no_args", verb=verb))
        return COINS_ACTION if verb == "coins" else END_ACTION
    if verb in _CELL_VERBS:
        return _CELL_VERBS[verb][_pair(verb, rest)]
    if verb == "adjust":
        m = _ADJUST.match(rest)
        if not m:
            raise IllegalAction(i18n.t("why.adjust_syntax", text=rest or i18n.t("nothing")))
        colour = _COLOURS[m.group(1)]
        value = int(m.group(2))
        if m.group(3) is not None:
            step = int(m.group(3).replace(" ", ""))
        else:
            step = int(m.group(4)) - value
        if step == 0:
            raise IllegalAction(i18n.t("why.step_zero"))
        target = value + step
        if not 1 <= target <= SIDE:
            raise IllegalAction(i18n.t("why.wrap", colour=i18n.colour_word(colour),
                                       value=value, target=target))
        return adjust(colour, value, step)
    raise IllegalAction(i18n.t("why.unknown", verb=verb))
