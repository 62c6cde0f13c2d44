"""uvicorn's WebSocket protocol, made to stop reading a connection closed for flooding
(issue 24.2). ``stolik serve`` runs uvicorn with it (:data:`~stolik.web.play.ratelimit.
WS_PROTOCOL`).

When the server closes a connection, uvicorn keeps reading it for up to 10 s, waiting for
the client's closing frame — and parses every message the client sends meanwhile, only to
drop it. A client that keeps sending after its connection was closed for flooding (close
code 1008, :class:`~stolik.web.play.ratelimit.MessageLimit`) would make the server parse
at the client's full speed for those seconds, on the event loop every table shares; over
30 such connections it is the whole of the server's time. :class:`FloodClosingProtocol`
reads nothing more from such a connection (the client's sends stop at TCP's window) and
closes it :data:`FLOOD_CLOSE_GRACE_S` later, time for the client to read the close frame.
Every other close (a client too far behind, a refused connection) is uvicorn's own: its
client's closing frame is waited for, so it ends cleanly at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

if TYPE_CHECKING:
    from uvicorn._types import ASGISendEvent

FLOOD_CLOSE = 1008
"""The close code of a connection closed for flooding (policy violation)."""
FLOOD_CLOSE_GRACE_S = 1.0
"""How long a connection closed for flooding stays open, unread, before its TCP
connection is closed."""


class FloodClosingProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, except that once the application closes the
    connection with :data:`FLOOD_CLOSE` nothing more is read from it, and the TCP
    connection is closed :data:`FLOOD_CLOSE_GRACE_S` later (not after uvicorn's 10 s)."""

    async def send(self, message: ASGISendEvent) -> None:
        """Send ``message``; after a close for flooding, stop reading."""
        await super().send(message)
        if message["type"] != "websocket.close" or message.get("code") != FLOOD_CLOSE:
            return
        if self.close_timer is None or self.transport.is_closing():
            return  # not a close uvicorn waits on (the connection is gone already)
        self.transport.pause_reading()
        self.read_paused = True
        self.close_timer.cancel()
        self.close_timer = self.loop.call_later(FLOOD_CLOSE_GRACE_S, self.transport.close)
