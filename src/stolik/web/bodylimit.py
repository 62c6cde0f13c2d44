"""A server-wide bound on request bodies (issue 14 item 4: resource limits).

Form posts are parsed (multipart included) before a handler can check the login or the
CSRF token, so without a bound anyone could make the server read and spool any amount of
data. :class:`BodyLimit` answers 413 before a handler runs when the declared
``Content-Length`` is over the bound, and stops reading a body sent without one (chunked)
as soon as it passes the bound. The largest legitimate body is a referee's ruleset upload
(64 KiB, :data:`stolik.web.league.admin.MAX_RULESET_UPLOAD`) with its form around it.

>>> MAX_BODY // 1024
256
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 256 * 1024
"""The default bound on a request body, in bytes."""


class BodyTooLarge(Exception):
    """Raised inside :class:`BodyLimit` when a streamed body passes the bound."""


class BodyLimit:
    """ASGI middleware: HTTP requests with a body over ``max_bytes`` get 413."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _refuse(send, 400, "a malformed Content-Length")
                    return
                if declared > self.max_bytes:
                    await _refuse(send, 413, self._too_large())
                    return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise BodyTooLarge
            return message

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracking)
        except Exception as e:
            # Middleware inside (Starlette's BaseHTTPMiddleware) may hand it back wrapped
            # in an exception group or as the cause of another error.
            if not _caused_by(e, BodyTooLarge):
                raise
            if not started:
                await _refuse(send, 413, self._too_large())

    def _too_large(self) -> str:
        return f"the request is larger than {self.max_bytes // 1024} KiB"


def _caused_by(error: BaseException, kind: type[BaseException], depth: int = 0) -> bool:
    """Whether ``error`` is, wraps (exception groups, ``__cause__``, ``__context__``) or
    was raised while handling an error of ``kind``.

    >>> try:
    ...     raise ExceptionGroup("g", [ValueError("inner")])
    ... except Exception as e:
    ...     found = _caused_by(e, ValueError)
    >>> found
    True
    """
    if isinstance(error, kind):
        return True
    if depth > 20:
        return False
    inner: list[BaseException] = list(getattr(error, "exceptions", ()))
    inner += [x for x in (error.__cause__, error.__context__) if x is not None]
    return any(_caused_by(x, kind, depth + 1) for x in inner)


async def _refuse(send: Send, status: int, text: str) -> None:
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode("ascii")),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
