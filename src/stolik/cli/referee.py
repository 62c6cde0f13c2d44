"""``stolik referee add|list``: referee accounts for the tournament web pages
(:mod:`stolik.web.league.auth`). ``add`` asks for the password twice (hidden), or reads one
line from stdin with ``--password-stdin``. Both speak ``--lang``/``$STOLIK_LANG`` (Polish by
default, like the other organiser's commands; issue 25.2)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from stolik.cli.common import EXIT_USER_ERROR, DbOption, report, user_errors
from stolik.cli.tournament_common import OrgLangOption, org_lang

app = typer.Typer(help="Referee accounts for the tournament web pages (`stolik serve`).",
                  no_args_is_help=True)


@app.command("add")
def add_command(
    name: Annotated[str, typer.Argument(help="The referee's name (the login).")],
    db: DbOption = None,
    password_stdin: Annotated[bool, typer.Option(
        "--password-stdin", help="Read the password from the first line of stdin.")] = False,
    lang: OrgLangOption = None,
) -> None:
    """Create a referee account (the password is stored as a scrypt hash)."""
    from stolik.db import open_database, resolve_url
    from stolik.i18n import tr
    from stolik.web.league.auth import add_referee

    language = org_lang(lang)
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt(tr(language, "ref-cli-password"), hide_input=True)
        again = typer.prompt(tr(language, "ref-cli-password-again"), hide_input=True)
        if again != password:  # Click's own check says it in English (issue 25.2)
            report(tr(language, "ref-cli-password-differs"))
            raise typer.Exit(EXIT_USER_ERROR)
    with user_errors(language):
        database = open_database(resolve_url(db), migrate=True)
        try:
            add_referee(database, name, password)
        finally:
            database.dispose()
    report(tr(language, "ref-cli-added", name=name.strip()))


@app.command("list")
def list_command(db: DbOption = None, lang: OrgLangOption = None) -> None:
    """List the referee accounts."""
    from stolik.db import open_database, resolve_url
    from stolik.web.league.auth import referees

    with user_errors(org_lang(lang)):
        database = open_database(resolve_url(db), migrate=True)
        try:
            rows = referees(database)
        finally:
            database.dispose()
    for name, created in rows:
        typer.echo(f"{name}\t{created:%Y-%m-%d %H:%M} UTC")
