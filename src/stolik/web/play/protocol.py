"""The client's messages over the table's WebSocket, checked before anything happens.

A client sends JSON objects with a ``type``: ``move`` (with ``move``: a card such as
``AH`` or a call such as ``pass``), ``next`` (ready for the next deal), ``claim``, ``hint``,
``hints`` (with ``on``: true or false — hints on or off for the whole table), ``review`` or
``ping``; any may carry an ``id`` that the answer echoes as ``ack``: a whole number from 0
to :data:`MAX_ID` (2**53 - 1, the largest a browser's JavaScript counts exactly; issue 24.4:
a bigger one is refused here, at the edge, so no larger number reaches a table or travels
between the processes of a site). Anything else is a :class:`ProtocolError` with a code
the error event carries; nothing changes at the table.

>>> parse_message('{"type": "move", "move": "AH", "id": 7}')
Command(kind='move', move='AH', id=7, on=None)
>>> parse_message('{"type": "hints", "on": false}')
Command(kind='hints', move=None, id=None, on=False)
>>> parse_message('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.web.play.protocol.ProtocolError: unknown message type 'dance': types are claim, ...
>>> parse_message('{"type": "move", "move": "\\u212aH"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.web.play.protocol.ProtocolError: a move message names the move: ... in plain letters
>>> error_event(ProtocolError("bad-json", "not JSON"), 3)
{'type': 'error', 'code': 'bad-json', 'message': 'not JSON', 'ack': 3}
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from stolik.errors import StolikError
from stolik.i18n import N_, Msg, tr, translate

KINDS = ("claim", "hint", "hints", "move", "next", "ping", "review")
MAX_MESSAGE = 1024
"""Longest client message accepted, in characters."""
MAX_MOVE = 56
"""Longest move accepted, in characters: a card, a call, or a licitovaný contract or re
as its record writes them (``contract dve-sedmy-cervena-a-sto L``: 34); the op log's
``m SEAT MOVE`` still fits its 64 characters."""
MAX_ID = 2**53 - 1
"""The largest message ``id`` (issue 24.4): JavaScript's largest exact integer, and well
inside the 64 bits orjson reads and writes (one JSON library for every message)."""


class ProtocolError(StolikError):
    """A client message that is refused; ``code`` names the case for the client."""

    code: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Command:
    """A well-formed client message."""

    kind: str
    move: str | None = None
    id: int | None = None
    on: bool | None = None
    """``hints``: whether hints are to be on."""


def parse_message(text: str | bytes) -> Command:
    """Read and check one client message."""
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise ProtocolError("bad-json", "messages are UTF-8 JSON text") from None
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too-long", f"a message has at most {MAX_MESSAGE} characters")
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-json", "a message is a JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-json", "a message is a JSON object")
    kind = data.get("type")
    ident = check_id(data.get("id"))
    if kind not in KINDS:
        raise ProtocolError("bad-type", f"unknown message type {kind!r}: types are "
                            f"{', '.join(KINDS)}")
    move = data.get("move")
    if kind == "move" and (not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE
                           or not move.isprintable()
                           or unicodedata.normalize("NFKC", move) != move):
        # lookalikes such as the Kelvin sign (U+212A) for K are refused, not guessed at
        raise ProtocolError("bad-move", "a move message names the move: a card (AH) or a "
                            "call (pass), in plain letters")
    on = data.get("on")
    if kind == "hints" and not isinstance(on, bool):
        raise ProtocolError("bad-message", "a hints message says on: true or false")
    return Command(kind, move.strip() if kind == "move" and isinstance(move, str) else None,
                   ident, on if kind == "hints" else None)


def check_id(ident: object) -> int | None:
    """A message's ``id`` as accepted (None: none given); ProtocolError ``bad-id`` for
    anything but a whole number from 0 to :data:`MAX_ID` (issue 24.4).

    >>> check_id(7), check_id(None), check_id(MAX_ID) == MAX_ID
    (7, None, True)
    >>> for bad in (MAX_ID + 1, 10**30, -1, 1.0, True, "7"):
    ...     try:
    ...         check_id(bad)
    ...     except ProtocolError as e:
    ...         print(e.code)
    bad-id
    bad-id
    bad-id
    bad-id
    bad-id
    bad-id
    """
    if ident is None:
        return None
    if not isinstance(ident, int) or isinstance(ident, bool) or not 0 <= ident <= MAX_ID:
        raise ProtocolError("bad-id", f"id is a whole number from 0 to {MAX_ID}")
    return ident


def error_event(err: ProtocolError, ack: int | None = None) -> dict[str, Any]:
    """The error event sent back for a refused message. An engine's message stays a
    :class:`~stolik.i18n.Msg` until :func:`localize` says it in the client's language."""
    message = err.message if isinstance(err.message, str) else str(err)
    msg: dict[str, Any] = {"type": "error", "code": err.code, "message": message}
    if ack is not None:
        msg["ack"] = ack
    return msg


ERROR_IDS = (
    N_("ws-bad-json"), N_("ws-too-long"), N_("ws-bad-message"), N_("ws-bad-id"),
    N_("ws-bad-type"),
    N_("ws-bad-move"), N_("ws-bad-config"), N_("ws-no-table"), N_("ws-not-seated"),
    N_("ws-stale"), N_("ws-no-hints"), N_("ws-not-your-turn"), N_("ws-not-now"),
    N_("ws-too-many"), N_("ws-rate-limited"), N_("ws-busy"), N_("ws-server-error"),
    N_("ws-not-stored"), N_("ws-seated"), N_("ws-seat-taken"), N_("ws-illegal"),
    N_("ws-taken-over"),
)
"""A refusal's text by its code (``ws-<code>``), for a client whose language is not the
English of the refusal's own text."""


def localize(event: dict[str, Any], lang: str) -> dict[str, Any]:
    """``event`` with an error's message in ``lang`` (issue 9.9): an engine's message by
    its code and parameters, a protocol refusal by its code; other events unchanged.

    >>> from stolik.i18n import Msg
    >>> e = error_event(ProtocolError("illegal", Msg("err-deal-over",
    ...                                              "the deal is over (RULES §3)")))
    >>> localize(e, "pl")["message"], localize(e, "en")["message"]
    ('rozdanie jest skończone (RULES §3)', 'the deal is over (RULES §3)')
    >>> localize(error_event(ProtocolError("stale", "the table moved on meanwhile")), "pl")
    {'type': 'error', 'code': 'stale', 'message': 'stolik poszedł tymczasem dalej'}
    """
    if event.get("type") != "error":
        return event
    message = event.get("message")
    if isinstance(message, Msg):
        return {**event, "message": translate(message, lang)}
    key = f"ws-{event.get('code')}"
    if lang != "en" and key in ERROR_IDS:
        return {**event, "message": tr(lang, key)}
    return event
