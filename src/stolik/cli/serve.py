"""``stolik serve``: the web server — tournament pages and browser play — over one
database (SQLite ``stolik.db`` by default, created and migrated on first use)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from stolik.cli.common import DbOption, report, user_errors
from stolik.errors import StolikError
from stolik.i18n import tr
from stolik.web.bodylimit import MAX_BODY  # light: no web stack
from stolik.web.play.ratelimit import (  # the defaults (light: no web stack)
    MAX_FRAME,
    WS_PROTOCOL,
    PlayLimits,
)


def _check_port(host: str, port: int) -> None:
    """Refuse, in one line, an address that cannot be listened on (a port in use)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise StolikError(f"--host {host}: {e.strerror}") from None
    family, kind, proto, _, addr = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(addr)
        except OSError as e:
            raise StolikError(f"cannot listen on {host}:{port}: {e.strerror} — is another "
                              "stolik serve running? Choose another --port") from None


def _check_hub(hub: str, db_url: str) -> None:
    """Refuse, in one line, a hub that cannot work: no Redis URL, a database other than
    PostgreSQL (the processes share its op log), or no Redis answering there."""
    from stolik.web.play.redis_base import HubError, check_url, ping

    try:
        check_url(hub)
        if not db_url.startswith("postgresql"):
            raise HubError("--hub: the processes share one PostgreSQL database; give "
                           "--db postgresql://…")
        ping(hub)
    except HubError as e:
        raise StolikError(str(e)) from None


def _limit(flag: str, env: str, help_: str, metavar: str = "N") -> Any:
    return typer.Option(flag, envvar=env, metavar=metavar, rich_help_panel="Limits",
                        help=f"{help_} (0: no limit).", show_envvar=True)


def serve_command(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    hub: Annotated[str | None, typer.Option(
        "--hub", envvar="STOLIK_HUB", metavar="URL", show_envvar=True,
        help="redis://HOST:PORT/N: share the tables with other stolik serve processes "
        "through this Redis (with a PostgreSQL --db); without it this process holds "
        "every table.")] = None,
    bot_delay: Annotated[float, typer.Option(
        "--bot-delay", metavar="S", help="Seconds a bot waits before it moves.")] = 0.6,
    tables_per_client: Annotated[int, _limit(
        "--tables-per-client", "STOLIK_TABLES_PER_CLIENT",
        "Tables in play one client address may have created")] = PlayLimits.tables_per_client,
    max_tables: Annotated[int, _limit(
        "--max-tables", "STOLIK_MAX_TABLES", "Tables in play on the server")] = (
        PlayLimits.max_tables),
    bot_tables_per_client: Annotated[int, _limit(
        "--bot-tables-per-client", "STOLIK_BOT_TABLES_PER_CLIENT",
        "Of those, tables of bots only (they play by themselves)")] = (
        PlayLimits.bot_tables_per_client),
    max_bot_tables: Annotated[int, _limit(
        "--max-bot-tables", "STOLIK_MAX_BOT_TABLES",
        "Tables of bots only in play on the server")] = PlayLimits.max_bot_tables,
    tables_per_minute: Annotated[float, _limit(
        "--tables-per-minute", "STOLIK_TABLES_PER_MINUTE",
        "New tables a minute from one client address (8 at once)")] = PlayLimits.tables_per_minute,
    connections_per_client: Annotated[int, _limit(
        "--connections-per-client", "STOLIK_CONNECTIONS_PER_CLIENT",
        "Open table connections (players and spectators) of one client address")] = (
        PlayLimits.connections_per_client),
    max_connections: Annotated[int, _limit(
        "--max-connections", "STOLIK_MAX_CONNECTIONS",
        "Open table connections on the server")] = PlayLimits.max_connections,
    connect_rate: Annotated[float, _limit(
        "--connect-rate", "STOLIK_CONNECT_RATE",
        "New table connections a second from one client address (60 at once)")] = (
        PlayLimits.connect_rate),
    messages_per_client: Annotated[float, _limit(
        "--messages-per-client", "STOLIK_MESSAGES_PER_CLIENT",
        "Table messages a second from one client address over all its connections (120 "
        "at once; each connection: 20, 40 at once)")] = PlayLimits.messages_per_client,
    hint_slots: Annotated[int, _limit(
        "--hint-slots", "STOLIK_HINT_SLOTS",
        "Hints, reviews and claims computed at once on the server (each connection: "
        "one every 2 s, 3 at once)")] = PlayLimits.hint_slots,
    idle_minutes: Annotated[float, _limit(
        "--idle-minutes", "STOLIK_IDLE_MINUTES",
        "Close a table nobody has been connected to this long (stored as expired)",
        metavar="MIN")] = PlayLimits.idle_minutes,
    login_per_address: Annotated[int, _limit(
        "--login-per-address", "STOLIK_LOGIN_PER_ADDRESS",
        "Failed referee logins from one client address in 5 minutes (any names); 5 "
        "to one account; then a 1–30 s backoff on the account")] = 20,
    hash_slots: Annotated[int, typer.Option(
        "--hash-slots", envvar="STOLIK_HASH_SLOTS", metavar="N", rich_help_panel="Limits",
        show_envvar=True, help="Password checks (scrypt, ~0.1 s of a core each) at once; "
        "8 more may wait, the rest are told to retry.")] = 1,
    max_body_kib: Annotated[int, typer.Option(
        "--max-body-kib", envvar="STOLIK_MAX_BODY_KIB", metavar="KIB",
        rich_help_panel="Limits", show_envvar=True,
        help="Largest request body in KiB; larger ones get 413 before anything reads "
        "them (a ruleset upload is at most 64).")] = MAX_BODY // 1024,
    warm_up: Annotated[bool, typer.Option(
        "--warm-up/--no-warm-up", envvar="STOLIK_WARM_UP", show_envvar=True,
        help="Load every game's bots, hints and reviews and compile their solvers before "
        "serving (seconds; minutes the first time on a machine, then cached). Without it "
        "the start is quicker, and a game's first table, review or bot move waits for "
        "them (in a worker thread).")] = True,
) -> None:
    """Serve the web pages: the lobby and tables to play Baśka, Mariáš and Betel in the
    browser, and the tournament pages (referee entry with login, live results, printable
    sheets).

    Limits against abuse are per client address (uvicorn takes it from X-Forwarded-For
    only from a proxy on 127.0.0.1) and per server; each option has its environment
    variable, and 0 turns a limit off."""
    from stolik.cli import serving
    from stolik.cli.common import cli_lang
    from stolik.db import open_database, resolve_url
    from stolik.web.app import create_app
    from stolik.web.league.auth import LoginLimits

    with user_errors():
        for flag, value in (("--tables-per-client", tables_per_client),
                            ("--max-tables", max_tables),
                            ("--connections-per-client", connections_per_client),
                            ("--tables-per-minute", tables_per_minute),
                            ("--connect-rate", connect_rate),
                            ("--messages-per-client", messages_per_client),
                            ("--idle-minutes", idle_minutes),
                            ("--login-per-address", login_per_address)):
            if not 0 <= value < 1e9:
                raise StolikError(f"{flag}: 0 or more, not {value:g}")
        if hash_slots < 1:
            raise StolikError(f"--hash-slots: at least 1, not {hash_slots}")
        if not 1 <= max_body_kib <= 1 << 20:
            raise StolikError(f"--max-body-kib: 1 to 1048576, not {max_body_kib}")
        _check_port(host, port)
        url = resolve_url(db)
        if hub:
            from stolik.web.play.redis_base import one_at_a_time

            _check_hub(hub, url)
            with one_at_a_time(hub, "migrate"):  # the site's servers may start at once
                database = open_database(url, migrate=True)
        else:
            database = open_database(url, migrate=True)
    play_limits = PlayLimits(
        tables_per_client=tables_per_client, max_tables=max_tables,
        bot_tables_per_client=bot_tables_per_client, max_bot_tables=max_bot_tables,
        tables_per_minute=tables_per_minute, connections_per_client=connections_per_client,
        max_connections=max_connections, connect_rate=connect_rate,
        messages_per_client=messages_per_client, hint_slots=hint_slots,
        idle_minutes=idle_minutes)
    login_limits = LoginLimits(per_address=login_per_address or 10**9)
    lang = cli_lang()
    if warm_up:  # before the event loop runs: nothing waits behind it (issue 24.3)
        try:
            serving.warm_up(lang)
        except KeyboardInterrupt:
            report(tr(lang, "serve-warm-stopped"))
            raise typer.Exit(130) from None
    app = create_app(database, bot_delay=bot_delay, tune_gc=True, play_limits=play_limits,
                     login_limits=login_limits, hash_slots=hash_slots,
                     max_body=max_body_kib * 1024, hub=hub,
                     on_resumed=serving.resumed(lang))
    shared = f", tables shared through {hub}" if hub else ""

    def serving_line(bound: str) -> str:  # said once the port accepts (issue 24.3)
        return (f"serving http://{host}:{bound}/ (database {database.url}{shared}); "
                "Ctrl+C stops")
    # Table messages are small JSON: compressing each costs more CPU than it saves; a
    # client's message past MAX_FRAME closes its connection unread, and a connection
    # closed for flooding is read no more (issue 24.2).
    serving.run(app, host=host, port=port, line=serving_line, log_level="warning",
                ws_per_message_deflate=False, ws_max_size=MAX_FRAME, ws=WS_PROTOCOL)
