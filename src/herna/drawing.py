"""What the games' drawings (render.py) share: a cache for the parts of a drawing that stay
the same from one move to the next.

The server draws a table once per watcher after every move, and a move changes one seat's
panel or sheet at most: the other panels are the same strings as before. Keying a part by the
JSON of exactly the data it reads (views are plain JSON data) makes it drawn once per change
instead of once per push, and can never show a stale part: different data, different key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

import orjson

R = TypeVar("R")


def by_data(maxsize: int = 2048) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoise a pure drawing function by the JSON of its (JSON-like) arguments.

    The function gets its arguments back from that JSON, so tuples arrive as lists and it
    cannot read anything it was not given; what it returns is shared, so it must not be
    changed by the caller (strings, or frozen objects)."""
    def decorate(fn: Callable[..., R]) -> Callable[..., R]:
        @lru_cache(maxsize=maxsize)
        def from_key(key: bytes) -> R:
            return fn(*orjson.loads(key))

        @wraps(fn)
        def drawn(*args: Any) -> R:
            return from_key(orjson.dumps(args))

        drawn.cache_clear = from_key.cache_clear  # type: ignore[attr-defined]
        drawn.uncached = fn  # type: ignore[attr-defined]
        return drawn
    return decorate
