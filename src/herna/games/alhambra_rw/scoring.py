"""Alhambra Roll & Write scoring as pure functions on plain values.

The engine, the score pad for a real table and the tests share these, so there is one exact
reading of the rulebook (seed 000; rules/alhambra-rw.md 1.7). Building places reuse the
shared Alhambra award (`herna.games.alhambra.scoring.place_points`): ranks by count, ties span
as many places as players and split their sum rounded down, places past 3rd pay nothing, and
a player needs at least one building to score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from herna.games.alhambra.scoring import place_points

from .data import COINS_PER_VP, LINE_POINTS, SIDE


def line_counts(built: Sequence[Sequence[bool]]) -> tuple[list[int], list[int]]:
    """Built cells per row (blue die 1-6) and per column (yellow die 1-6)."""
    if len(built) != SIDE or any(len(row) != SIDE for row in built):
        raise ValueError(f"the grid must be {SIDE} rows of {SIDE} cells")
    rows = [sum(1 for x in row if x) for row in built]
    cols = [sum(1 for row in built if row[c]) for c in range(SIDE)]
    return rows, cols


def line_points(built: Sequence[Sequence[bool]]) -> int:
    """Rows and columns score separately: 4 built -> 2 VP, 5 -> 5 VP, 6 -> 10 VP."""
    rows, cols = line_counts(built)
    return sum(LINE_POINTS[n] for n in rows) + sum(LINE_POINTS[n] for n in cols)


def coin_points(unspent: int) -> int:
    """1 VP per 2 circled but not crossed coins, rounded down."""
    if unspent < 0:
        raise ValueError(f"unspent coins cannot be negative, got {unspent}")
    return unspent // COINS_PER_VP


def places_used(paid: Mapping[int, int]) -> int:
    """How many places the in-play awards used up, after checking the entries fit together.

    `paid` maps a player to the place they took; completers of one round share the places
    they span and are entered with the first of them (Patricia and Frank sharing 1st+2nd are
    both entered as 1). So the places named must follow on: 1, then 1 + the size of that
    group, and so on. A virtual player that completed first is entered too: its place is used.
    """
    expected = 1
    groups: dict[int, int] = {}
    for place in paid.values():
        if not isinstance(place, int) or place < 1:
            raise ValueError(f"a place must be 1 or more, not {place!r}")
        groups[place] = groups.get(place, 0) + 1
    for place in sorted(groups):
        if place != expected:
            raise ValueError(
                f"place {place} was awarded but place {expected} was not: enter who took "
                f"place {expected} (a virtual player too), or give tied completers the same "
                "first place")
        expected += groups[place]
    return expected - 1


def in_play_award(used: int, completers: int, vp: Sequence[int]) -> int:
    """Each share when `completers` players fill a type in the same round with `used` places
    gone: the next places' values (0 past 3rd) summed and split, rounded down."""
    if completers < 1:
        raise ValueError("an award needs at least one completer")
    return sum(vp[used:used + completers]) // completers


def in_play_points(paid: Mapping[int, int], vp: Sequence[int]) -> dict[int, int]:
    """What each paid player received during play, from the places entered as above."""
    places_used(paid)
    groups: dict[int, list[int]] = {}
    for player, place in paid.items():
        groups.setdefault(place, []).append(player)
    return {player: in_play_award(place - 1, len(members), vp)
            for place, members in groups.items() for player in members}


def final_building_points(counts_by_player: Sequence[int], vp: Sequence[int],
                          paid: Mapping[int, int] | None = None) -> list[int]:
    """Final scoring of one type: players already paid during play are left out, and the
    others take the remaining places in order (seed: Ani took 1st early, so Barbara with 5
    takes 2nd for 13 and Dirk with 4 takes 3rd for 6)."""
    paid = paid or {}
    for player in paid:
        if not 0 <= player < len(counts_by_player):
            raise ValueError(f"paid player {player} is not one of the "
                             f"{len(counts_by_player)} players")
    used = places_used(paid)
    counts = [0 if i in paid else c for i, c in enumerate(counts_by_player)]
    return place_points(counts, list(vp[used:]))
