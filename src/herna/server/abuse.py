"""Abuse limits of a public server: how often one client address may create tables and make
moves, and how many WebSockets a table and an address may hold (docs/API.md, "Limits").

Rates are counted with the `limits` library (a moving window in this process's memory), per
client address as uvicorn reports it (behind a reverse proxy, run uvicorn with
`--forwarded-allow-ips` so the address is the player's, not the proxy's). `herna serve`
sets generous defaults by flags; `create_app` without `limits` has none (tests, embedding).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field

from limits import RateLimitItem, parse, storage, strategies

from .tables import Refused

# `herna serve`'s defaults: far above what a person (or a hot-seat table of six) does, low
# enough that one address cannot fill the database or the event loop
CREATE = "60/minute"
ACTIONS = "1200/minute"
SOCKETS_PER_TABLE = 1000
SOCKETS_PER_CLIENT = 200


@dataclass
class Limits:
    """The limits in force; a rate is `N/second|minute|hour` (the `limits` notation), `None`
    or 0 for no limit."""

    create: str | None = CREATE
    actions: str | None = ACTIONS
    sockets_per_table: int = SOCKETS_PER_TABLE
    sockets_per_client: int = SOCKETS_PER_CLIENT
    _items: dict[str, RateLimitItem] = field(default_factory=dict, repr=False)
    _sockets: Counter[str] = field(default_factory=Counter, repr=False)

    def __post_init__(self) -> None:
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
        for kind in ("create", "actions"):
            rate = getattr(self, kind)
            if rate:
                try:
                    self._items[kind] = parse(rate)
                except ValueError:
                    raise ValueError(f"{kind} limit {rate!r} is not N/second, N/minute or "
                                     "N/hour") from None

    @classmethod
    def off(cls) -> Limits:
        return cls(create=None, actions=None, sockets_per_table=0, sockets_per_client=0)

    def hit(self, kind: str, client: str) -> None:
        """Count one request of `kind` from `client`; Refused 429 over the limit."""
        item = self._items.get(kind)
        if item is None or self._limiter.hit(item, kind, client):
            return
        reset, _left = self._limiter.get_window_stats(item, kind, client)
        wait = max(1, math.ceil(reset - time.time()))
        raise Refused(429, f"too many requests from this address ({kind}: at most "
                           f"{item.amount} per {item.GRANULARITY.name}); try again in {wait} s",
                      headers={"Retry-After": str(wait)})

    def open_socket(self, client: str, watching_table: int) -> None:
        """Count a new WebSocket; Refused 429 if the table or the address holds too many."""
        if self.sockets_per_table and watching_table >= self.sockets_per_table:
            raise Refused(429, f"this table already has {self.sockets_per_table} connections")
        if self.sockets_per_client and self._sockets[client] >= self.sockets_per_client:
            raise Refused(429, f"this address already has {self.sockets_per_client} "
                               "connections open")
        self._sockets[client] += 1

    def close_socket(self, client: str) -> None:
        self._sockets[client] -= 1
        if self._sockets[client] <= 0:
            del self._sockets[client]
