"""The FastAPI application: ``create_app(db)`` serves the tournament pages
(:mod:`stolik.web.league`) and browser play (:mod:`stolik.web.play`) from one database.

>>> from stolik.db import open_database
>>> app = create_app(open_database("sqlite://", migrate=True))
>>> app.title
'stolik'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from stolik import __version__
from stolik.db import Database
from stolik.i18n import BROWSER_LANGS, CATALOGS, catalog, format_when, translate
from stolik.i18n_cite import player_text
from stolik.web.bodylimit import MAX_BODY, ASGIApp, BodyLimit, Receive, Scope, Send
from stolik.web.i18n import LANGS, tr

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
# Templates say {{ _("lg-round") }} (Jinja2's i18n extension, which `pybabel extract`
# reads); each render hands in its language's gettext (issue 9.9).
templates.env.add_extension("jinja2.ext.i18n")
templates.env.install_null_translations()  # type: ignore[attr-defined]


def lang_of(request: Request, offered: Sequence[str] = CATALOGS, first: str = "pl") -> str:
    """``?lang=``, else the ``lang`` cookie, each only when ``offered``; else a language
    the browser's ``Accept-Language`` asks for that a browser chooses (Czech: a Czech
    reader reads no Polish, issue 25.1; :data:`stolik.i18n.BROWSER_LANGS`); else ``first``:
    the language of the page's game's players (:attr:`stolik.games.GameSpec.lang`: a
    Mariáš table or tournament is Czech), Polish for the others and the site's own pages.
    The leagues are Polish: an English browser still gets Polish pages first, with the EN
    link one click away.

    >>> from starlette.requests import Request
    >>> def req(accept: str) -> Request:
    ...     return Request({"type": "http", "query_string": b"",
    ...                     "headers": [(b"accept-language", accept.encode())]})
    >>> lang_of(req("en-GB,en;q=0.9"), LANGS), lang_of(req("cs-CZ,cs"), LANGS)
    ('pl', 'cs')
    >>> lang_of(req("de-DE,cs;q=0.8"), LANGS), lang_of(req("cs"), ("pl", "en"))
    ('cs', 'pl')
    >>> lang_of(req(""), LANGS, first="cs"), lang_of(req("pl"), LANGS, first="cs")
    ('cs', 'pl')
    """
    for asked in (request.query_params.get("lang"), request.cookies.get("lang")):
        if asked is not None and asked in offered:
            return asked
    for part in request.headers.get("accept-language", "").split(","):
        lang = part.split(";")[0].strip().lower()[:2]
        if lang in offered and lang in BROWSER_LANGS:
            return lang
    return first if first in offered else "pl"


def game_of_page(context: Mapping[str, Any]) -> str | None:
    """The game a page shows (its tournament's, ``info.game``; its table's,
    ``table.info.game``), None for the site's own pages."""
    for holder in (context.get("info"), getattr(context.get("table"), "info", None)):
        game = getattr(holder, "game", None)
        if isinstance(game, str):
            return game
    return None


def first_lang(game_id: str | None) -> str:
    """The language a page of ``game_id`` speaks when nobody chose one (Polish for none)."""
    if game_id is None:
        return "pl"
    from stolik.games import UnknownGame, game

    try:
        return game(game_id).lang
    except UnknownGame:
        return "pl"


def offered_langs(context: Mapping[str, Any]) -> tuple[str, ...]:
    """The languages a page offers: the complete ones (Czech among them, issue 25.1),
    and on a tournament's pages any more its game's tournament part names
    (``LANGUAGES``, a catalog's language)."""
    game = getattr(context.get("info"), "game", None)
    if not isinstance(game, str):
        return LANGS
    from stolik.games import UnknownGame
    from stolik.tournament.games import tournament_game

    try:
        extra = tuple(getattr(tournament_game(game), "LANGUAGES", ()))
    except UnknownGame:
        extra = ()
    return (*LANGS, *(x for x in extra if x in CATALOGS and x not in LANGS))


def render(request: Request, name: str, context: dict[str, Any] | None = None,
           status_code: int = 200) -> Response:
    """Render template ``name`` with ``lang``, ``langs`` (the languages it offers,
    :func:`offered_langs`), ``t`` (the translator) and ``context``."""
    langs = offered_langs(context or {})
    lang = lang_of(request, langs, first_lang(game_of_page(context or {})))
    ctx: dict[str, Any] = {"lang": lang, "langs": langs, "t": lambda key: tr(lang, key),
                           "gettext": lambda key: tr(lang, key),
                           "ngettext": catalog(lang).ngettext,
                           "when": lambda at, seconds=False: format_when(at, lang,
                                                                         seconds=seconds),
                           "translate": lambda message: translate(message, lang),
                           "version": __version__}
    ctx.update(context or {})
    resp = templates.TemplateResponse(request, name, ctx, status_code=status_code)
    if request.query_params.get("lang") in langs:
        resp.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax")
    return resp


class PlayerText:
    """ASGI middleware: everything the application says — every page, the tables'
    WebSocket events (hints, reviews, refusals, the end of a deal), the printable sheets
    and the API's errors — is what a player reads, so it is said without spec citations
    (issue 25.8, :func:`stolik.i18n_cite.player_text`). The lifespan is run within it
    too, so that the tasks the tables start at startup say nothing else."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with player_text():
            await self.app(scope, receive, send)


def database(request: Request) -> Database:
    """The application's database (a FastAPI dependency)."""
    db = request.app.state.db
    assert isinstance(db, Database)
    return db


def create_app(db: Database, **settings: Any) -> FastAPI:
    """The web application over ``db`` (already migrated). ``settings`` are kept in
    ``app.state.settings`` for the routers (e.g. ``bot_delay`` for play)."""
    app = FastAPI(title="stolik", version=__version__, docs_url="/api/docs",
                  redoc_url=None)
    app.state.db = db
    app.state.settings = dict(settings)

    @app.middleware("http")
    async def refuse_nul(request: Request, call_next: Any) -> Response:
        """A NUL character in the path or query is nothing any page names (and
        PostgreSQL refuses it in a query): 400 before a handler runs."""
        if "\x00" in request.url.path or "%00" in request.url.query:
            return PlainTextResponse(tr(lang_of(request), "app-nul-address"),
                                     status_code=400)
        response: Response = await call_next(request)
        return response
    # Outermost of our middleware: an oversized body is refused before anything reads it.
    app.add_middleware(BodyLimit, max_bytes=int(settings.get("max_body", MAX_BODY)))
    app.add_middleware(PlayerText)  # what a player reads cites no spec (issue 25.8)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> Response:
        from stolik.tournament.store import list_tournaments
        from stolik.web.home import quick_games
        from stolik.web.play.request_info import current_player

        recent = list(reversed(list_tournaments(db)))[:5]
        return render(request, "home.html", {
            "games": quick_games(lang_of(request)), "tournaments": recent,
            "player": current_player(request)})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        # Browsers ask for /favicon.ico whatever the page links; the SVG answers both.
        return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml",
                            headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    for module in ("stolik.web.league.routes", "stolik.web.play.routes"):
        import importlib

        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:  # a part not written yet
            if not module.startswith(e.name or ""):
                raise
            continue
        mod.install(app)
    return app
