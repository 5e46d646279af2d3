"""The winner: most gems of one colour; a tie goes to the second-largest colour count, then
the third, and so on (the seed's example: A 6,4,2,2,2,2 loses to C 6,4,3,2,1,0 on the third
count, though A holds more gems).

A game's Outcome scores each seat by its largest colour count and ranks by the sorted counts
(its rank keys). `score_value` packs the sorted counts into one integer with two decimal
digits per count (6,4,3,2,1,0 -> 60403020100), which orders seats exactly as the tie-break
does: handy for bots that compare positions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import COLOURS

BASE = 100  # two decimal digits per count (at most 72 gems of a colour would fit)
PLACES = len(COLOURS)


def sorted_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The colour counts, largest first: what the tie-break compares."""
    return tuple(sorted((int(c) for c in counts), reverse=True))


def tiebreak_key(counts: Sequence[int]) -> tuple[int, ...]:
    """Larger is better; equal keys share the place."""
    return sorted_counts(counts)


def place_values(counts: Sequence[int]) -> tuple[int, ...]:
    """Each sorted count in its digit pair: these add up to `score_value`."""
    s = sorted_counts(counts)
    s = s + (0,) * (PLACES - len(s))
    return tuple(c * BASE ** (PLACES - 1 - i) for i, c in enumerate(s))


def score_value(counts: Sequence[int]) -> int:
    """The sorted counts as one integer that orders seats exactly as the tie-break does."""
    return sum(place_values(counts))


def ranks(table: Sequence[Sequence[int]]) -> list[int]:
    """1 for the best; equal sorted counts share a place (standard competition ranking)."""
    keys = [tiebreak_key(c) for c in table]
    return [1 + sum(1 for o in keys if o > k) for k in keys]


def winners(table: Sequence[Sequence[int]]) -> list[int]:
    r = ranks(table)
    return [i for i, x in enumerate(r) if x == 1]


def deciding_place(a: Sequence[int], b: Sequence[int]) -> int | None:
    """The 0-based place in the sorted counts where `a` and `b` first differ (None: equal)."""
    sa, sb = sorted_counts(a), sorted_counts(b)
    for i, (x, y) in enumerate(zip(sa, sb, strict=False)):
        if x != y:
            return i
    return None


def decision(table: Sequence[Sequence[int]]) -> tuple[list[int], int | None, int | None]:
    """(winners, deciding place, runner-up): why the winner(s) won. The place is where the
    winner's sorted counts first beat the best other seat's (None if a sole seat plays or
    the winners are level with nobody else)."""
    win = winners(table)
    others = [i for i in range(len(table)) if i not in win]
    if not others:
        return win, None, None
    keys = [tiebreak_key(c) for c in table]
    runner = max(others, key=lambda i: (keys[i], -i))
    return win, deciding_place(table[win[0]], table[runner]), runner
