"""What browser play's pages and WebSocket read of a request (issue 24): the app's hub,
store and guard, the player of the ``stolik_player`` cookie (:data:`COOKIE`: a name and a
random token; the same cookie takes back the same seat), the language of an API answer
or a WebSocket, and the one-line refusals of the JSON API.

Re-exported by :mod:`stolik.web.play.routes`."""

from __future__ import annotations

from typing import Any

from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse, Response

from stolik.i18n import translate
from stolik.web.i18n import LANGS
from stolik.web.play.hub import Hub
from stolik.web.play.ratelimit import PlayGuard, client_of
from stolik.web.play.store import Player, PlayStore, clean_name
from stolik.web.play.warmup import games_loaded

COOKIE = "stolik_player"
"""The cookie that holds a player's token."""


# ---------------------------------------------------------------- helpers


def hub_of(app: Any) -> Hub:
    """The application's hub."""
    hub: Hub = app.state.play_hub
    return hub


def store_of(app: Any) -> PlayStore:
    """The application's play store."""
    store: PlayStore = app.state.play_store
    return store


def guard_of(app: Any) -> PlayGuard:
    """The application's abuse limits (:mod:`.ratelimit`)."""
    guard: PlayGuard = app.state.play_guard
    return guard


def _too_many(guard: PlayGuard, request: Request, bots: list[str | None]) -> str | None:
    return guard.table_refusal(client_of(request), bot_only=None not in bots)


async def ready_hub(app: Any) -> Hub:
    """The hub, resumed (the first request does it if the server's start did not), the
    games' table kinds loaded — in a worker thread, never on the loop (issue 24.3)."""
    await games_loaded()
    hub = hub_of(app)
    await hub.start()
    return hub


def current_player(request: Request | WebSocket) -> Player | None:
    """The player of the request's cookie, or None."""
    return store_of(request.app).player_by_token(request.cookies.get(COOKIE))


def _remember(resp: Response, token: str | None) -> Response:
    if token is not None:
        resp.set_cookie(COOKIE, token, max_age=5 * 365 * 24 * 3600, httponly=True,
                        samesite="lax")
    return resp


def _player_for(request: Request, name: str | None) -> tuple[Player | None, str | None]:
    """The request's player, made (with a new token) from ``name`` if there is none."""
    store = store_of(request.app)
    player = current_player(request)
    if player is None and name and clean_name(name):
        player, token = store.new_player(name)
        return player, token
    if player is not None and name and clean_name(name) and clean_name(name) != player.name:
        store.rename_player(player.id, name)
        player = Player(player.id, clean_name(name))
    return player, None


def api_lang(request: Request | WebSocket) -> str:
    """The language of a JSON answer: ``?lang=`` when a catalog has it, else English (an
    API's clients are programs; a page asks in its own language)."""
    lang = request.query_params.get("lang")
    return lang if lang in LANGS else "en"


def _api_error(request: Request, message: object, status: int) -> Response:
    """``{"error": line}`` in the request's :func:`api_lang` (issue 9.9)."""
    return JSONResponse({"error": translate(message, api_lang(request))}, status_code=status)


def _lang_of_ws(ws: WebSocket, first: str = "pl") -> str:
    """A connection's language: ``?lang=``, the cookie, else ``first`` (its table's
    game's players' language, :func:`stolik.web.app.first_lang`)."""
    lang = ws.query_params.get("lang") or ws.cookies.get("lang") or first
    return lang if lang in LANGS else "pl"
