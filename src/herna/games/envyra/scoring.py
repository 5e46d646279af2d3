"""Envyra scoring: stars, the best partition into sets, Equilibrium cards, tie-breaks.

A set is tiles of one theme with pairwise different symbols, worth SET_POINTS[size]
(2 -> 2, 3 -> 4, 4 -> 7). The rulebook lets players sort their tiles; Herna picks the
partition with the most points. The search is exact for any point table (a memoised walk
over the sorted symbol counts of one theme), not the greedy layering that happens to be
optimal for the printed values, so an edited table cannot make it wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from herna.core.memo import forgettable

from .data import (
    CARDS,
    NUM_THEMES,
    SET_POINTS,
    SYMBOL_INDEX,
    SYMBOL_NAMES,
    SYMBOLS_PER_THEME,
    THEMES,
    TILES,
    Card,
)

Pair = tuple[str, str]  # (theme, symbol) as people name them

@cache
def _best(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """(points, sets) for one theme; `counts` sorted descending, sets as index tuples into it.

    Sets of one tile score nothing, so only sets of two or more symbols are tried."""
    live = [i for i, c in enumerate(counts) if c > 0]
    best: tuple[int, tuple[tuple[int, ...], ...]] = (0, ())
    for size in range(len(live), 1, -1):
        for chosen in combinations(live, size):
            rest = list(counts)
            for i in chosen:
                rest[i] -= 1
            order = sorted(range(len(rest)), key=lambda i: -rest[i])
            sub_pts, sub_sets = _best(tuple(rest[i] for i in order))
            pts = SET_POINTS[size] + sub_pts
            if pts > best[0]:
                mapped = tuple(tuple(order[j] for j in s) for s in sub_sets)
                best = (pts, (chosen, *mapped))
    return best

def theme_sets(symbol_counts: Sequence[int]) -> tuple[int, list[list[int]]]:
    """Best points and sets (lists of symbol positions) for one theme's symbol counts."""
    order = sorted(range(len(symbol_counts)), key=lambda i: -symbol_counts[i])
    pts, sets = _best(tuple(symbol_counts[i] for i in order))
    return pts, [sorted(order[j] for j in s) for s in sets]

@cache
def _theme_points(counts: tuple[int, ...]) -> int:
    return _best(tuple(sorted(counts, reverse=True)))[0]

def set_points_of_counts(symbol_counts: Sequence[int]) -> int:
    """Set points of a player from counts per global symbol index (the engine's fast path)."""
    k = SYMBOLS_PER_THEME
    return sum(_theme_points(tuple(symbol_counts[t * k:(t + 1) * k])) for t in range(NUM_THEMES))

def _counts(tiles: Iterable[Pair | Sequence[str]]) -> list[int]:
    counts = [0] * len(SYMBOL_NAMES)
    for item in tiles:
        theme, symbol = item[0], item[1]
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r} (themes: {', '.join(THEMES)})")
        sym = SYMBOL_INDEX.get(symbol)
        if sym is None or sym // SYMBOLS_PER_THEME != THEMES.index(theme):
            raise ValueError(f"{symbol!r} is not a {theme} symbol")
        counts[sym] += 1
    return counts

def set_points(tiles: Iterable[Pair | Sequence[str]]) -> int:
    """The most set points `(theme, symbol)` pairs can make, e.g.
    `set_points([("orange", "sun"), ("orange", "fire")]) == 2`."""
    return set_points_of_counts(_counts(tiles))

def best_sets(tiles: Iterable[Pair | Sequence[str]]) -> list[list[Pair]]:
    """One partition reaching `set_points(tiles)`: the scoring sets (two or more tiles each),
    largest first; tiles in no set are left out."""
    counts = _counts(tiles)
    k = SYMBOLS_PER_THEME
    out: list[list[Pair]] = []
    for t in range(NUM_THEMES):
        _, sets = theme_sets(counts[t * k:(t + 1) * k])
        out += [[(THEMES[t], SYMBOL_NAMES[t * k + j]) for j in s] for s in sets]
    out.sort(key=lambda s: -len(s))
    return out

def leftovers(tiles: Sequence[Pair], sets: Sequence[Sequence[Pair]]) -> list[Pair]:
    """The tiles `sets` does not use (each set member uses up one equal tile)."""
    rest = list(tiles)
    for s in sets:
        for p in s:
            rest.remove(tuple(p))  # type: ignore[arg-type]
    return rest

def tile_pairs(tile_indices: Iterable[int]) -> list[Pair]:
    """Themed tiles as (theme, symbol) pairs; end tiles have neither and are skipped."""
    return [(THEMES[TILES[i].theme], SYMBOL_NAMES[TILES[i].symbol])
            for i in tile_indices if TILES[i].theme >= 0]

def stars(tile_indices: Iterable[int]) -> int:
    return sum(TILES[i].vp for i in tile_indices)

def card_done(card: Card, symbols_owned: Iterable[int]) -> bool:
    """An Equilibrium card scores when the owner has a tile with each of its symbols."""
    owned = set(symbols_owned)
    return all(s in owned for s in card.symbols)

def card_by_id(card_id: str) -> Card:
    for c in CARDS:
        if c.id == card_id:
            return c
    raise ValueError(f"no Equilibrium card {card_id!r} (cards: {', '.join(c.id for c in CARDS)})")

def rank_keys(totals: Sequence[int], set_pts: Sequence[int],
              end_owner: int | None) -> list[tuple[int, int, int]]:
    """What decides the order: total, then set points, then owning the end tile."""
    return [(totals[i], set_pts[i], 1 if end_owner == i else 0) for i in range(len(totals))]

def tie_breaks_used(keys: Sequence[tuple[int, int, int]]) -> list[str]:
    """Which tie-breaks the ranking needed: "sets" when equal totals were split by set points,
    "end_tile" when equal totals and sets were split by the end tile, "shared" when a tie
    stayed. Only ties that matter for some rank are reported."""
    used: list[str] = []
    n = len(keys)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = keys[i], keys[j]
            if a[0] != b[0]:
                continue
            why = "sets" if a[1] != b[1] else "end_tile" if a[2] != b[2] else "shared"
            if why not in used:
                used.append(why)
    return used


forgettable(_best.cache_clear, _theme_points.cache_clear)
