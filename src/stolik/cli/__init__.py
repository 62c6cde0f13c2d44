"""The ``stolik`` command line (Typer + Rich).

Commands: ``rules list|show`` (:mod:`stolik.cli.rules`), ``replay`` and ``check``
(:mod:`stolik.cli.replay`), ``simulate`` (:mod:`stolik.cli.simulate`), ``arena``
(:mod:`stolik.cli.arena`), ``play`` (:mod:`stolik.cli.play`), ``tournament …``
(:mod:`stolik.cli.tournament`: files, and a tournament run in the database), ``serve``
(:mod:`stolik.cli.serve`, the web pages), ``referee add|list`` (:mod:`stolik.cli.referee`,
accounts for the web's referee pages); the score sheet
both ``replay`` and ``simulate --sheet`` print is :mod:`stolik.cli.sheet`.

Bad input is one line on stderr and exit status 1; usage errors keep Typer's status 2.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from stolik import __version__
from stolik.cli import arena, play, referee, replay, rules, serve, simulate, tournament

app = typer.Typer(
    name="stolik",
    help=(
        "stolik — the little table: deals, scores and keeps the tables of a card-game "
        "league. Today it plays Baśka, the Kashubian four-player trick-taking game "
        "(rules: RULES.md), under three league regulations (rulesets).\n\n"
        "Terms: zwykła gra = plain game (starzy, the old side, against młodzi, the young "
        "side); cicha = silent game; wesele = wedding; zoło, gran = solo contracts, du = "
        "all four tricks; kontra, rekontra = double, redouble; bok = a 52:52 tie, "
        "bok-runda = the doubled deals after it."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(rules.app, name="rules")
app.add_typer(tournament.app, name="tournament")
app.add_typer(referee.app, name="referee")
app.command("replay")(replay.replay_command)
app.command("check")(replay.check_command)
app.command("simulate")(simulate.simulate_command)
app.command("play")(play.play_command)
app.command("arena")(arena.arena_command)
app.command("serve")(serve.serve_command)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"stolik {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", "-V", help="Print the version and exit.", callback=_version,
        is_eager=True)] = False,
) -> None:
    """stolik — Baśka engine: rulesets, replays of deal records, simulated series."""


def main() -> None:
    """Entry point of the ``stolik`` command and of ``python -m stolik``."""
    try:
        app(prog_name="stolik")
    except BrokenPipeError:
        # The reader went away (``stolik replay x | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)


__all__ = ["app", "main"]
