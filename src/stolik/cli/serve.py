"""``stolik serve``: the web server — tournament pages and browser play — over one
database (SQLite ``stolik.db`` by default, created and migrated on first use)."""

from __future__ import annotations

from typing import Annotated

import typer

from stolik.cli.common import report, user_errors

DbOption = Annotated[str | None, typer.Option(
    "--db", metavar="URL", help="Database: a SQLite file or a postgresql:// URL "
    "(default: $STOLIK_DB, else stolik.db).", show_default=False)]


def _check_port(host: str, port: int) -> None:
    """Refuse, in one line, an address that cannot be listened on (a port in use)."""
    import socket

    from stolik.errors import StolikError

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


def serve_command(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    bot_delay: Annotated[float, typer.Option(
        "--bot-delay", metavar="S", help="Seconds a bot waits before it moves.")] = 0.6,
) -> None:
    """Serve the web pages: the lobby and tables to play Baśka in the browser, and the
    tournament pages (referee entry with login, live results, printable sheets)."""
    import uvicorn

    from stolik.db import open_database, resolve_url
    from stolik.web.app import create_app

    with user_errors():
        _check_port(host, port)
        database = open_database(resolve_url(db), migrate=True)
    app = create_app(database, bot_delay=bot_delay, tune_gc=True)
    report(f"serving http://{host}:{port}/ (database {database.url}); Ctrl+C stops")
    # Table messages are small JSON: compressing each costs more CPU than it saves.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)
