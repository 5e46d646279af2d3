"""The WebSocket protocol `herna serve` runs: uvicorn's own, compressing at zlib level 1.

Every move pushes each watcher a payload of 15-90 KB of JSON (the drawing is most of it).
uvicorn compresses at zlib's default level 6, which cost a quarter of the server's time under
load; level 1 costs half as much for about a quarter more bytes (BENCHMARKS.md, "Server").
uvicorn offers no setting for the level, so this subclass rebuilds the connection's
extension; if uvicorn's internals change, `protocol()` gives uvicorn's default instead. It also
cuts, rather than closes, a connection whose peer has stopped reading.
"""

from __future__ import annotations

import logging
from typing import Any

LEVEL = 1


def protocol() -> Any:
    """The protocol class for `uvicorn.Config(ws=...)`, or "auto" if this uvicorn differs."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
        from websockets.server import ServerProtocol
    except ImportError:
        return "auto"

    class LightDeflate(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                self.conn = ServerProtocol(
                    extensions=[ServerPerMessageDeflateFactory(
                        server_max_window_bits=12, client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": LEVEL})],
                    max_size=self.config.ws_max_size,
                    logger=logging.getLogger("uvicorn.error"))

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            # a handshake the parser refused (a request line over 8 KB, a bad header) gets no
            # answer from uvicorn and its connection stayed open until shutdown: answer it,
            # then close
            if (not self.handshake_complete and getattr(self.conn, "handshake_exc", None)
                    is not None and not self.transport.is_closing()):
                self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                                     b"Connection: close\r\nContent-Length: 0\r\n\r\n")
                self.transport.close()

        async def send(self, message: Any) -> None:
            # Closing a connection whose peer has stopped reading: a close frame would wait
            # behind what it never read (uvicorn's send waits until the buffer drains), so the
            # connection is cut instead. The server closes such sockets (tables.Watcher).
            if (message.get("type") == "websocket.close" and self.handshake_complete
                    and not self.close_sent and not self.writable.is_set()):
                self.close_sent = True
                self.transport.abort()
                return
            await super().send(message)

    return LightDeflate
