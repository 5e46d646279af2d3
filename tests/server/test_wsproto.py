"""`herna serve`'s WebSocket protocol: uvicorn's, with deflate at level 1. If a uvicorn
upgrade moves the internals it relies on, this fails first (the server itself falls back to
uvicorn's default protocol)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from herna.server import wsproto


def test_the_protocol_is_uvicorns_with_light_deflate() -> None:
    cls = wsproto.protocol()
    assert cls != "auto", "uvicorn's sans-I/O WebSocket protocol is gone: see wsproto.py"
    from uvicorn.config import Config

    config = Config(app=lambda *a: None, ws_per_message_deflate=True)
    config.load()
    loop = asyncio.new_event_loop()  # the protocol asks for one; none runs in this thread
    try:
        state = SimpleNamespace(connections=set(), tasks=set(), total_requests=0,
                                default_headers=[])
        proto: Any = cls(config=config, server_state=state, app_state={}, _loop=loop)
        factory = proto.conn.available_extensions[0]
        assert factory.compress_settings["level"] == wsproto.LEVEL == 1
    finally:
        loop.close()
