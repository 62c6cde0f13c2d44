"""``stolik referee add|list``: referee accounts for the tournament web pages
(:mod:`stolik.web.league.auth`). ``add`` asks for the password twice (hidden), or reads one
line from stdin with ``--password-stdin``."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from stolik.cli.common import DbOption, report, user_errors

app = typer.Typer(help="Referee accounts for the tournament web pages (`stolik serve`).",
                  no_args_is_help=True)


@app.command("add")
def add_command(
    name: Annotated[str, typer.Argument(help="The referee's name (the login).")],
    db: DbOption = None,
    password_stdin: Annotated[bool, typer.Option(
        "--password-stdin", help="Read the password from the first line of stdin.")] = False,
) -> None:
    """Create a referee account (the password is stored as a scrypt hash)."""
    from stolik.db import open_database, resolve_url
    from stolik.web.league.auth import add_referee

    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    with user_errors():
        database = open_database(resolve_url(db), migrate=True)
        try:
            add_referee(database, name, password)
        finally:
            database.dispose()
    report(f"referee '{name.strip()}' added")


@app.command("list")
def list_command(db: DbOption = None) -> None:
    """List the referee accounts."""
    from stolik.db import open_database, resolve_url
    from stolik.web.league.auth import referees

    with user_errors():
        database = open_database(resolve_url(db), migrate=True)
        try:
            rows = referees(database)
        finally:
            database.dispose()
    for name, created in rows:
        typer.echo(f"{name}\t{created:%Y-%m-%d %H:%M} UTC")
