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
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import orjson

R = TypeVar("R")
_MISSING: Any = object()


def by_data(maxsize: int = 1024) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoise a pure drawing function by the JSON of its (JSON-like) arguments.

    The function always gets its arguments back from that JSON, so tuples arrive as lists and
    it cannot read anything it was not given; what it returns is shared, so it must not be
    changed by the caller (strings, or frozen objects). Entries are keyed by a 128-bit digest
    of the JSON: a part's data is often larger than the part (a seat's whole view), and the
    server keeps a few parts per watcher of every live table (about 12 KB each)."""
    def decorate(fn: Callable[..., R]) -> Callable[..., R]:
        cache: OrderedDict[bytes, R] = OrderedDict()
        lock = threading.Lock()

        @wraps(fn)
        def drawn(*args: Any) -> R:
            data = orjson.dumps(args)
            key = hashlib.blake2b(data, digest_size=16).digest()
            with lock:
                hit = cache.get(key, _MISSING)
                if hit is not _MISSING:
                    cache.move_to_end(key)
                    return hit  # type: ignore[no-any-return]
            value = fn(*orjson.loads(data))
            with lock:
                cache[key] = value
                if len(cache) > maxsize:
                    cache.popitem(last=False)
            return value

        def cache_clear() -> None:
            with lock:
                cache.clear()

        drawn.cache_clear = cache_clear  # type: ignore[attr-defined]
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
