"""Memos a server may empty once no table is left in its memory.

The engines and the drawings keep what they worked out by its data (legal move lists, scores
of a placement, drawn parts, words): shared by every table, bounded, refilled on demand. A
server whose tables have all left holds them for nothing, and what they hold keeps the
memory the busy hours needed (`herna.server.tables.Tables.sweep` empties them). Only pure
memos belong here (an interning table only if what it numbers is held nowhere else: Alhambra's
purse numbers go with the memos keyed by them), never data loaded once (Ubongo's decks).

Why it matters: CPython's allocator hands a 1 MiB arena back only once it is empty, and a
memo filled during a busy hour leaves a few entries in each arena that hour needed."""

from __future__ import annotations

from collections.abc import Callable

_CLEARS: list[Callable[[], object]] = []


def forgettable(*clears: Callable[[], object]) -> None:
    """Register the functions that empty some memos (a dict's `clear`, an lru_cache's
    `cache_clear`)."""
    _CLEARS.extend(clears)


def forget() -> int:
    """Empty every registered memo; how many were emptied."""
    for clear in _CLEARS:
        clear()
    return len(_CLEARS)
