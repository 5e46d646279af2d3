"""What the games' drawings (render.py) share: a cache for the parts of a drawing that stay
the same from one move to the next.

The server draws a table once per watcher after every move, and a move changes one seat's
panel or sheet at most: the other panels are the same strings as before. Keying a part by the
JSON of exactly the data it reads (views are plain JSON data) makes it drawn once per change
instead of once per push, and can never show a stale part: different data, different key.
"""

from __future__ import annotations

import hashlib
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

import orjson

R = TypeVar("R")
_MISSING: Any = object()
_clock = time.monotonic  # when an entry was last used (a test may turn it)


class _Recent:
    """An LRU memo whose entries remember when they were last used, so that `trim` can let
    go of those no drawing has used for a while (the parts of tables that have left)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.entries: OrderedDict[Hashable, list[Any]] = OrderedDict()  # key -> [value, used]
        self.lock = threading.Lock()
        _ALL.add(self)

    def get(self, key: Hashable) -> Any:
        with self.lock:
            hit = self.entries.get(key)
            if hit is None:
                return _MISSING
            self.entries.move_to_end(key)
            hit[1] = _clock()
            return hit[0]

    def put(self, key: Hashable, value: Any) -> None:
        with self.lock:
            self.entries[key] = [value, _clock()]
            if len(self.entries) > self.maxsize:
                self.entries.popitem(last=False)

    def trim(self, before: float) -> int:
        """Drop the entries last used before the monotonic time `before` (they lead the
        LRU order); the number dropped."""
        n = 0
        with self.lock:
            entries = self.entries
            while entries:
                used = entries[next(iter(entries))][1]
                if used >= before:
                    break
                entries.popitem(last=False)
                n += 1
        return n

    def __len__(self) -> int:
        return len(self.entries)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


_ALL: weakref.WeakSet[_Recent] = weakref.WeakSet()


def trim(idle: float) -> int:
    """Let every part and word no drawing has used for `idle` seconds go; the number let go.

    The caches are bounded by count, not by age: without this, the parts of tables that
    have left a server stay until newer parts push them out, which a quiet server never
    does (full, they hold ~100 MB of strings). The server calls it when it sweeps idle
    tables (`herna.server.tables.Tables.sweep`); a part in use is simply drawn again."""
    before = _clock() - idle
    return sum(c.trim(before) for c in list(_ALL))


def by_data(maxsize: int = 1024) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoise a pure drawing function by the JSON of its (JSON-like) arguments.

    The function always gets its arguments back from that JSON, so tuples arrive as lists and
    it cannot read anything it was not given; what it returns is shared, so it must not be
    changed by the caller (strings, or frozen objects). Entries are keyed by a 128-bit digest
    of the JSON: a part's data is often larger than the part (a seat's whole view), and the
    server keeps a few parts per watcher of every live table (about 12 KB each). Entries not
    used for a while go with `trim`."""
    def decorate(fn: Callable[..., R]) -> Callable[..., R]:
        cache = _Recent(maxsize)

        @wraps(fn)
        def drawn(*args: Any) -> R:
            data = orjson.dumps(args)
            key = hashlib.blake2b(data, digest_size=16).digest()
            hit = cache.get(key)
            if hit is not _MISSING:
                return hit  # type: ignore[no-any-return]
            value = fn(*orjson.loads(data))
            cache.put(key, value)
            return value

        drawn.cache_clear = cache.clear  # type: ignore[attr-defined]
        drawn.cache_len = cache.__len__  # type: ignore[attr-defined]
        return drawn
    return decorate


# ----- seats' names -----------------------------------------------------------------------------
# A drawing calls the seats by the names the server passes in (`svg(view, names=[...])`: the
# players' own names, "Player 1", "Bot · hard"), and by "Seat N" when none are given (the CLI,
# `herna render`). The names travel beside the view, never in it: the engine's views,
# determinize and the research adapters do not know them. A name is a user's text: every
# drawing sets it as escaped XML text only.
NAMES_KEY = "seat_names"


def with_names(view: dict[str, Any], names: Any) -> dict[str, Any]:
    """The view to draw, with the seats' names beside it (a shallow copy; `view` unchanged)."""
    if not names:
        return view
    return {**view, NAMES_KEY: [str(n) for n in names]}


def seat_name(view: Any, seat: int) -> str | None:
    """The name given for `seat`, or None (then the drawing says "Seat N" in its words)."""
    names = view.get(NAMES_KEY) if hasattr(view, "get") else None
    if not names or not 0 <= seat < len(names):
        return None
    return str(names[seat])


def recent(maxsize: int = 4096) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoise a pure function of hashable arguments, as `functools.lru_cache(maxsize)`
    does, with entries `trim` lets go once unused for a while (the words of moves)."""
    def decorate(fn: Callable[..., R]) -> Callable[..., R]:
        cache = _Recent(maxsize)

        @wraps(fn)
        def memo(*args: Hashable) -> R:
            hit = cache.get(args)
            if hit is not _MISSING:
                return hit  # type: ignore[no-any-return]
            value = fn(*args)
            cache.put(args, value)
            return value

        memo.cache_clear = cache.clear  # type: ignore[attr-defined]
        memo.cache_len = cache.__len__  # type: ignore[attr-defined]
        return memo
    return decorate
