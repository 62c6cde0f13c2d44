"""The HTTP pages and the WebSocket of browser play, installed by
:func:`stolik.web.app.create_app`.

Pages: ``/play/`` (the lobby: your name, a new table, the open tables), ``/play/t/ID``
(a table: play, watch, or take a free seat), ``/play/t/ID/record.toml`` (the series
record; during the series only for a game whose settled deals show every card),
``/play/history`` and ``/play/players/N`` (a player's games). ``POST
/play/api/tables`` creates a table from JSON (scripts, the load benchmark). The WebSocket
is ``/play/ws/ID``. A player is a name and a random token in the ``stolik_player`` cookie;
the same cookie takes back the same seat after a disconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import time
from collections.abc import Mapping
from typing import Annotated, Any
from urllib.parse import urlsplit

import anyio
import orjson
from fastapi import APIRouter, FastAPI, Form, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

import stolik.web.play.texts as texts
from stolik.errors import StolikError
from stolik.games import game
from stolik.i18n import Msg, number, tr, translate
from stolik.web.app import first_lang, lang_of, render
from stolik.web.play.api import JSON_OBJECT, BadRequest, NewTable
from stolik.web.play.game import GAMES, Message, first_dealer_for
from stolik.web.play.hubs import make_hub
from stolik.web.play.protocol import ProtocolError, error_event, localize, parse_message
from stolik.web.play.ratelimit import Admit, MessageLimit, PlayGuard, PlayLimits, client_of
from stolik.web.play.request_info import COOKIE as COOKIE
from stolik.web.play.request_info import _api_error, _lang_of_ws, _player_for, _remember, _too_many
from stolik.web.play.request_info import api_lang as api_lang
from stolik.web.play.request_info import current_player as current_player
from stolik.web.play.request_info import guard_of as guard_of
from stolik.web.play.request_info import hub_of as hub_of
from stolik.web.play.request_info import ready_hub as ready_hub
from stolik.web.play.request_info import store_of as store_of
from stolik.web.play.store import Player, PlayStore
from stolik.web.play.table import Table
from stolik.web.play.warmup import games_loaded

log = logging.getLogger(__name__)

DEFAULT_GAME = "baska"
"""The lobby's first game (its form comes first; a form or JSON ``game`` picks another)."""
MAX_QUEUE = 2000
"""Messages a client may fall behind by before it is disconnected."""
CLOSE_WAIT_S = 2.0
"""How long a connection closed by the server (a flood, issue 24.2) may take to send what
was queued before the close."""

router = APIRouter(prefix="/play")


# ---------------------------------------------------------------- pages


@router.get("/", include_in_schema=False)
async def lobby(request: Request) -> Response:
    """The lobby."""
    hub = await ready_hub(request.app)
    lang = lang_of(request)
    names = [DEFAULT_GAME, *(g for g in GAMES.names() if g != DEFAULT_GAME)]
    forms = [{"id": g, "name": game(g).name(lang), "options": GAMES.get(g).options(),
              "seats": game(g).seats, "suffix": "" if g == DEFAULT_GAME else "-" + g}
             for g in names]
    return render(request, "play/lobby.html", {
        "player": current_player(request), "tables": hub.open_tables(), "games": forms,
        "game_names": {g["id"]: g["name"] for g in forms}})


@router.post("/name", include_in_schema=False)
async def set_name(request: Request, name: Annotated[str, Form()]) -> Response:
    """Set (or change) the player's name."""
    _, token = _player_for(request, name)
    return _remember(RedirectResponse("/play/", status_code=303), token)


def _seats_from_form(form: Any) -> int:
    """How many seats the form's table has: the game's, or the ``players`` the form chose
    among the sizes its game offers (licitovaný: three, or four with the dealer sitting
    out); four for an unknown game (refused when the table is set)."""
    name = str(form.get("game") or DEFAULT_GAME)
    try:
        seats = game(name).seats
    except StolikError:
        return 4
    sizes = GAMES.get(name).options().get("players", ()) if name in GAMES.names() else ()
    return {str(n): int(n) for n in sizes}.get(str(form.get("players") or ""), seats)


def _bots_from_form(form: Any) -> tuple[list[str | None], int | None]:
    bots: list[str | None] = []
    seat = None
    for s in range(_seats_from_form(form)):
        value = str(form.get(f"seat{s}") or "open")
        if value == "me":
            if seat is None:
                seat = s
            bots.append(None)
        elif value == "open":
            bots.append(None)
        else:
            bots.append(value)
    return bots, seat


def _first_dealer(name: str, seat: int) -> int | None:
    """The first dealer of a lobby's table whose creator sits at ``seat``, where the game
    chooses one (Mariáš: he is the chooser, issue 25.9); None: the game's default (an unknown
    game is refused when the table is set)."""
    if name not in GAMES.names():
        return None
    return first_dealer_for(GAMES.get(name), seat)


@router.post("/tables", include_in_schema=False)
async def create_table_form(request: Request) -> Response:
    """Create a table from the lobby's form."""
    hub = await ready_hub(request.app)
    form = await request.form()
    player, token = _player_for(request, str(form.get("name") or ""))
    bots, seat = _bots_from_form(form)
    if (refusal := _too_many(guard_of(request.app), request, bots)) is not None:
        return _remember(PlainTextResponse(translate(refusal, lang_of(request)),
                                           status_code=429), token)
    if player is None:
        seat = None
    config: dict[str, object] = {"ruleset": form.get("ruleset"), "deals": form.get("deals"),
                                 "hints": bool(form.get("hints"))}
    if seat is not None:  # a person's seat: the game may choose its first dealer (issue 25.9)
        dealer = _first_dealer(str(form.get("game") or DEFAULT_GAME), seat)
        if dealer is not None:
            config["first_dealer"] = dealer
    try:
        table_id = hub.create_table(str(form.get("game") or DEFAULT_GAME), config, bots,
                                    bool(form.get("private")),
                                    player, seat)
    except StolikError as e:  # a page with the way back, as for a refused seat
        return _remember(render(request, "play/missing.html", {
            "reason": "play-table-refused", "detail": translate(e, lang_of(request))},
            status_code=400), token)
    guard_of(request.app).created(client_of(request), table_id, bot_only=None not in bots)
    return _remember(RedirectResponse(f"/play/t/{table_id}", status_code=303), token)


@router.post("/api/tables")
async def create_table_api(request: Request) -> Response:
    """Create a table from JSON (:class:`~stolik.web.play.api.NewTable`): ``game`` (default
    Baśka), ``name``, ``ruleset``, ``deals``, ``hints``, ``private``, ``bots`` (a bot kind
    or null for each seat), ``seat`` (the creator's: default the first person's seat; null:
    he only watches), ``first_dealer``, and ``seed`` — accepted only at a table of bots
    only (or with the test setting ``client_seeds``): whoever chose it knows every hand
    (RULES §3). Answers ``{"id": ..., "token": ...}`` and sets the player cookie; a value
    out of bounds is a 400 ``{"error": ...}`` naming the field."""
    hub = await ready_hub(request.app)
    try:
        data = await request.json()
    except (ValueError, RecursionError):
        return _api_error(request, JSON_OBJECT, 400)
    try:
        body = NewTable.parse(data)
    except BadRequest as e:
        return _api_error(request, e, 400)
    bots = body.seat_bots()
    if (refusal := _too_many(guard_of(request.app), request, bots)) is not None:
        return _api_error(request, refusal, 429)
    if body.seed is not None and None in bots and not client_seeds(request.app):
        return _api_error(request, Msg(
            "api-seed-secret", "seed: a table with a person's seat is dealt from the "
            "server's secret; a seed is taken only at a table of bots (whoever knows the "
            "seed knows every hand, RULES §3)"), 400)
    player, token = _player_for(request, body.name or "")
    seat = body.creator_seat() if player is not None else None
    try:
        table_id = hub.create_table(body.game or DEFAULT_GAME, body.config(), bots,
                                    body.private, player, seat)
    except StolikError as e:
        return _api_error(request, e, 400)
    guard_of(request.app).created(client_of(request), table_id, bot_only=None not in bots)
    resp = JSONResponse({"id": table_id, "token": token})
    return _remember(resp, token)


def client_seeds(app: Any) -> bool:
    """Whether clients may seed tables with people's seats: only for tests and benchmarks
    (the setting ``client_seeds``, or ``STOLIK_TEST_SEEDS=1`` in the environment)."""
    return bool(app.state.settings.get("client_seeds")) or \
        os.environ.get("STOLIK_TEST_SEEDS") == "1"


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(request: Request, table_id: str) -> Response:
    """A table: the game for its players, the view for spectators."""
    hub = await ready_hub(request.app)
    player = current_player(request)
    table = await hub.lookup(table_id)
    lang = lang_of(request)
    if table is None:
        await asyncio.to_thread(store_of(request.app).flush)
        info = store_of(request.app).table(table_id)
        if info is None:
            return render(request, "play/missing.html", status_code=404)
        kind = GAMES.get(info.game)
        totals = [kind.total_text(x) for x in info.totals] if info.totals else None
        return render(request, "play/finished.html", {"info": info, "player": player,
                                                      "totals": totals})
    lang = lang_of(request, first=first_lang(table.info.game))  # Mariáš: Czech first
    return render(request, "play/table.html", {
        "table": table, "player": player, "seat": table.seat_of(player),
        "open_seats": table.open_seats(), "record_later": record_withheld(table),
        "suit_letters": texts.suit_letters(table.info.game),
        "texts": json.dumps(texts.client_texts(lang), ensure_ascii=False)})


@router.post("/t/{table_id}/join", include_in_schema=False)
async def join(request: Request, table_id: str, seat: Annotated[int, Form()],
               name: Annotated[str, Form()] = "") -> Response:
    """Take a free seat."""
    hub = await ready_hub(request.app)
    player, token = _player_for(request, name)
    if player is None:
        return render(request, "play/missing.html", {"reason": "play-name-needed"},
                      status_code=400)
    try:
        hub.join(table_id, seat, player)
    except ProtocolError as e:  # a page in the user's language, with the way back
        reason = texts.JOIN_REFUSALS.get(e.code, "play-seat-taken")
        return _remember(render(request, "play/missing.html", {
            "reason": reason, "back": f"/play/t/{table_id}", "seat": seat + 1},
            status_code=409), token)
    return _remember(RedirectResponse(f"/play/t/{table_id}", status_code=303), token)


def record_withheld(table: Table) -> bool:
    """Whether ``table``'s record is not served now: its series is still being played and
    its game's settled deals hold cards the table never showed every seat (the game's
    ``live_record_hides_cards``: MARIAS §4.5, BETEL §3). Served once the series is over,
    when nothing is left to play."""
    return not table.match.is_over() and game(table.info.game).live_record_hides_cards


@router.get("/t/{table_id}/record.toml", include_in_schema=False)
async def record(request: Request, table_id: str) -> Response:
    """The series record (RULES §11): stored when the series ended, else the deals
    settled so far — unless the game's settled deals hide cards (:func:`record_withheld`):
    then a page saying it comes when the series ends."""
    hub = await ready_hub(request.app)
    table = await hub.lookup(table_id)
    await asyncio.to_thread(store_of(request.app).flush)  # the end may still be queued
    text = store_of(request.app).record(table_id)
    if text is None and table is not None and record_withheld(table):
        return render(request, "play/missing.html", {  # info: Czech offered for Mariáš
            "reason": "play-record-later", "back": f"/play/t/{table_id}",
            "info": table.info}, status_code=403)
    if text is None and table is not None and table.match.finished_deals():
        text = table.match.record()
    if text is None:
        return PlainTextResponse(tr(lang_of(request), "play-no-record"), status_code=404)
    return PlainTextResponse(text, media_type="application/toml", headers={
        "Content-Disposition": f'attachment; filename="stolik-{table_id}.toml"'})


@router.get("/history", include_in_schema=False)
async def my_history(request: Request) -> Response:
    """The current player's games."""
    player = current_player(request)
    if player is None:
        return RedirectResponse("/play/", status_code=303)
    await asyncio.to_thread(store_of(request.app).flush)
    await games_loaded()  # the games' kinds say the totals
    return _history(request, player)


@router.get("/players/{player_id}", include_in_schema=False)
async def history(request: Request, player_id: str) -> Response:
    """A player's games (an id that is no stored player's — not a number, or past the
    database's integers — is the missing page)."""
    if not (player_id.isascii() and player_id.isdigit() and len(player_id) <= 18):
        return render(request, "play/missing.html", {"reason": "play-player-not-found"},
                      status_code=404)
    await asyncio.to_thread(store_of(request.app).flush)
    await games_loaded()  # the games' kinds say the totals
    player = store_of(request.app).player(int(player_id))
    if player is None:
        return render(request, "play/missing.html", {"reason": "play-player-not-found"},
                      status_code=404)
    return _history(request, player)


def _length_text(config: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> str:
    """A table's length as the history says it: its number of deals, or a match to the
    target ("do 1000", BETEL §5) where ``deals`` is 0 — not "0 deals" (issue 25.9).

    >>> _length_text({"deals": 8}, {}, "pl"), _length_text({"deals": 0}, {"target": 1000}, "pl")
    ('8', 'do 1000')
    """
    deals = config.get("deals")
    if deals or not options.get("target"):
        return str(deals) if deals else "—"
    return tr(lang, "play-to-target", target=options["target"])


def _history(request: Request, player: Player) -> Response:
    rows = []
    lang = lang_of(request)
    for e in store_of(request.app).history(player.id):
        t = e.table
        places = None
        kind = GAMES.get(t.game)
        if t.totals is not None and kind.places:
            places = number(lang, kind.place_points(t.config, t.totals)[e.seat])  # 25.2
        total = t.totals[e.seat] if t.totals else None
        rows.append({"table": t, "seat": e.seat, "total": total, "places": places,
                     "total_text": kind.total_text(total) if total is not None else None,
                     "length": _length_text(t.config, kind.options(), lang)})
    return render(request, "play/history.html", {"who": player, "rows": rows,
                                                 "me": current_player(request)})


# ---------------------------------------------------------------- the WebSocket


class Connection:
    """One client's WebSocket: its seat, language and outgoing queue (a message; ``None``:
    close with 1013, too far behind; a number: close with that code)."""

    def __init__(self, seat: int | None, lang: str) -> None:
        self.seat = seat
        self.lang = lang
        self.queue: asyncio.Queue[Message | str | int | None] = asyncio.Queue()

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once what is queued has been sent."""
        self.queue.put_nowait(code)

    def deliver(self, msg: Message) -> None:
        """Queue a message (a client too far behind is cut off)."""
        self._queue(msg)

    def deliver_text(self, text: str) -> None:
        """Queue a message as it is sent: localized and encoded already (by the process
        that owns the table, :mod:`stolik.web.play.redis_hub`)."""
        self._queue(text)

    def _queue(self, msg: Message | str) -> None:
        if self.queue.qsize() > MAX_QUEUE:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(msg)


def encode(msg: Message) -> str:
    """A message as sent: compact JSON, UTF-8 as is — the text ``json.dumps(msg,
    ensure_ascii=False, separators=(",", ":"))`` writes, made by orjson in a tenth of the
    time (at 300 busy tables encoding took an eighth of the event loop's time,
    ``benchmarks/bench_web_play.py``).

    >>> encode({"type": "state", "deal": {"hand": ["AH", "TD"]}, "name": "Łucja", 1: None})
    '{"type":"state","deal":{"hand":["AH","TD"]},"name":"Łucja","1":null}'

    What orjson does not write — a client's ``id`` past 64 bits, echoed as ``ack`` —
    ``json`` does:

    >>> encode({"type": "pong", "ack": 10**30})
    '{"type":"pong","ack":1000000000000000000000000000000}'
    """
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


async def _sender(ws: WebSocket, conn: Connection) -> None:
    """Send a client its queued messages, in order. Whatever ends this task ends the
    connection too: a connection whose sender has stopped would stay open and silent, and
    its client would wait for a state that never comes instead of reconnecting."""
    try:
        while True:
            msg = await conn.queue.get()
            if msg is None:
                await ws.close(code=1013)
                return
            if isinstance(msg, int):  # closed by the server (Connection.close)
                await ws.close(code=msg)
                return
            if isinstance(msg, str):  # sent as it is
                await ws.send_text(msg)
                continue
            msg = localize(msg, conn.lang)  # an error in the client's language (9.9)
            await ws.send_text(encode(msg))
    except (OSError, RuntimeError, WebSocketDisconnect, anyio.ClosedResourceError,
            anyio.BrokenResourceError):
        return  # the client is gone; the receiving side ends the connection
    except Exception:
        log.exception("a table's message could not be sent; the connection is closed")
        with contextlib.suppress(Exception):
            await ws.close(code=1011)  # the client reconnects and gets the whole state


@router.websocket("/ws/{table_id}")
async def play_socket(ws: WebSocket, table_id: str) -> None:
    """A client's connection to a table (see :mod:`stolik.web.play.protocol`)."""
    hub = await ready_hub(ws.app)
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host"):
        # another site's page must not play with this browser's cookie
        await ws.close(code=4403)
        return
    guard, address = guard_of(ws.app), client_of(ws)
    if guard.penalized(address):  # it flooded a table: refused before the handshake
        await ws.close(code=1008)
        return
    if (refusal := guard.connection_refusal(address)) is not None:
        await ws.accept()
        await ws.send_json(localize(error_event(ProtocolError("too-many", refusal)),
                                    _lang_of_ws(ws)))
        await ws.close(code=1013)  # try again later
        return
    player = current_player(ws)
    await ws.accept()
    info = await hub.in_play(table_id)  # another process's: read, not replayed
    if info is None:
        await ws.send_json(localize(error_event(ProtocolError(
            "no-table", f"no table {table_id} is in play")), _lang_of_ws(ws)))
        await ws.close(code=4404)
        return
    seat = next((s.seat for s in info.seats
                 if player is not None and s.player_id == player.id), None)
    conn = Connection(seat, _lang_of_ws(ws, first_lang(info.game)))
    settings = ws.app.state.settings
    limit = MessageLimit(rate=float(settings.get("rate", 20.0)),
                         burst=int(settings.get("burst", 40)),
                         shared=guard.message_budget(address))  # the address's, over all
    closing = False
    conn.deliver({"type": "hello", "table": table_id, "seat": conn.seat,
                  "player": player.name if player else None})
    sender = asyncio.create_task(_sender(ws, conn))
    hints = guard.hint_bucket()
    guard.connected(address, table_id)
    hub.connect(table_id, conn)
    try:
        while True:
            event = await ws.receive()
            if event["type"] == "websocket.disconnect":
                break
            admit = limit.admit()  # before anything is read of it (issue 24.2)
            if admit is not Admit.PASS:
                if admit is Admit.REFUSE:  # at most one a second; the rest are dropped
                    conn.deliver(error_event(ProtocolError(
                        "rate-limited", "too many messages: slow down")))
                elif admit is Admit.CLOSE:  # a flood: 1008, policy violation
                    conn.close(1008)
                    guard.flooded(address)
                    closing = True
                    break
                continue
            raw = event.get("text")
            if raw is None:
                raw = event.get("bytes") or b""
            try:
                cmd = parse_message(raw)
            except ProtocolError as e:
                conn.deliver(error_event(e))
                continue
            await guard.handle(table_id, conn, cmd, hints)
            # A queued message is received without a pause: let the others in between, or
            # a burst of 40 from each of many connections holds everyone (issue 24.2).
            await asyncio.sleep(0)
    except WebSocketDisconnect:
        pass
    finally:
        guard.disconnected(address, table_id)
        hub.disconnect(table_id, conn)
        if not closing:
            sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, CLOSE_WAIT_S)  # cancelled when it takes longer


# ---------------------------------------------------------------- installing


GC_THRESHOLD = (20_000, 50, 1000)
"""The collector's thresholds under ``stolik serve`` (at least these)."""


def tune_gc() -> None:
    """Collect garbage less often, and never scan what exists at start again: every move
    makes many small immutable positions, and with the default thresholds the full
    collections of a server holding hundreds of tables stall every table for tenths of a
    second (``benchmarks/bench_web_play.py``). ``stolik serve`` calls it once the server
    has started (its tables resumed); tests and scripts that make an app keep Python's
    defaults. (Lower young-generation thresholds, 2000 or 5000, made the longest pauses
    no shorter in the benchmark's server work and the collections half as costly again.)"""
    gc.freeze()
    gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(*(max(now, least) for now, least in zip((gen0, gen1, gen2),
                                                              GC_THRESHOLD, strict=True)))


def install(app: FastAPI) -> None:
    """Add the play pages, the WebSocket, and the hub (resumed when the server starts,
    its writes committed when it stops)."""
    store = PlayStore(app.state.db)
    hub = make_hub(store, app.state.settings)  # LocalHub, or RedisHub with --hub
    app.state.play_store = store
    app.state.play_hub = hub
    # stolik serve gives its limits; without them (tests, scripts) nothing is limited
    limits = app.state.settings.get("play_limits") or PlayLimits.unlimited()
    app.state.play_guard = guard = PlayGuard(limits, hub)
    app.include_router(router)

    async def start() -> None:
        await games_loaded()  # before the tables are resumed, off the loop (issue 24.3)
        t0 = time.perf_counter()
        await hub.start()
        resumed = app.state.settings.get("on_resumed")  # stolik serve says it on its console
        if resumed is not None:
            resumed(len(getattr(hub, "tables", ())), time.perf_counter() - t0)
        guard.start()
        if app.state.settings.get("tune_gc"):
            tune_gc()

    async def stop() -> None:
        await guard.stop()
        await hub.stop()
        await asyncio.to_thread(store.flush)

    app.router.on_startup.append(start)
    app.router.on_shutdown.append(stop)
