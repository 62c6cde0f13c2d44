"""``stolik serve``: the web server — tournament pages and browser play — over one
database (SQLite ``stolik.db`` by default, created and migrated on first use)."""

from __future__ import annotations

from typing import Annotated

import typer

from stolik.cli.common import report, user_errors

DbOption = Annotated[str | None, typer.Option(
    "--db", metavar="URL", help="Database: a SQLite file or a postgresql:// URL "
    "(default: $STOLIK_DB, else stolik.db).", show_default=False)]


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
        database = open_database(resolve_url(db), migrate=True)
    app = create_app(database, bot_delay=bot_delay, tune_gc=True)
    report(f"serving http://{host}:{port}/ (database {database.url}); Ctrl+C stops")
    # Table messages are small JSON: compressing each costs more CPU than it saves.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)
