"""The ``stolik`` command line (Typer + Rich).

Commands: ``rules list|show`` (:mod:`stolik.cli.rules`), ``replay`` and ``check``
(:mod:`stolik.cli.replay`), ``simulate`` (:mod:`stolik.cli.simulate`), ``arena``
(:mod:`stolik.cli.arena`), ``play`` (:mod:`stolik.cli.play`), ``tournament …``
(:mod:`stolik.cli.tournament`: files, and a tournament run in the database), ``serve``
(:mod:`stolik.cli.serve`, the web pages), ``referee add|list`` (:mod:`stolik.cli.referee`,
accounts for the web's referee pages). The rules, replay, check, simulate, arena and play
commands name no game: the ruleset or the record selects the game in the registry
(:mod:`stolik.games`), whose parts print its rulesets and sheets, play its deals and draw
its table. Each command's module is imported only when that command runs
(:mod:`stolik.cli.lazy`), so ``stolik --help`` and ``stolik check`` start at once.

Bad input is one line on stderr and exit status 1; usage errors keep Typer's status 2.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from stolik import __version__
from stolik.cli.lazy import LazyCommand, lazy_group

COMMANDS = {
    "replay": LazyCommand("stolik.cli.replay", "replay_command", "Replay a deal record and "
                          "print its score sheet (zapis gry, RULES §11; Mariáš, "
                          "Betel and licitovaný mariáš records too)."),
    "check": LazyCommand("stolik.cli.replay", "check_command", "Only validate deal records: "
                         'replay each one and print "FILE: ok, N deals".'),
    "simulate": LazyCommand("stolik.cli.simulate", "simulate_command", "Simulate a seeded "
                            "series of deals played by bots and summarise it (Baśka; Mariáš, "
                            "Betel or licitovaný mariáš with their rulesets)."),
    "play": LazyCommand("stolik.cli.play", "play_command", "Play a series against bots in "
                        "the terminal (Baśka; another game with --game or --ruleset).",
                        command_class="PlayCommand"),  # its help in --lang's language
    "arena": LazyCommand("stolik.cli.arena", "arena_command", "Match bots in duplicate "
                         "format: each deal is replayed with the bots rotated through the "
                         "seats and partnerships (six seatings: every seat and every pair of "
                         "seats held by each bot equally often), so the luck of the cards "
                         "cancels."),
    "serve": LazyCommand("stolik.cli.serve", "serve_command", "Serve the web pages: the lobby "
                         "and tables to play Baśka, Mariáš and Betel in the browser, and the "
                         "tournament pages "
                         "(referee entry with login, live results, printable sheets)."),
    "rules": LazyCommand("stolik.cli.rules", "app", "Shipped rulesets (regulations) and how "
                         "to read one — RULES.md §2–§9, MARIAS.md §6, BETEL.md §2–§5, "
                         "LICITOVANY.md §2, §6."),
    "tournament": LazyCommand("stolik.cli.tournament", "app", "Tournaments and leagues "
                              "(RULES §10): standings from a tournament file (report, "
                              "season), and running a tournament in a database (new, "
                              "players, seat, round, sheet, event, standings, export, backup, "
                              "…; SQLite stolik.db by default, --db or $STOLIK_DB for another "
                              "file or PostgreSQL)."),
    "referee": LazyCommand("stolik.cli.referee", "app", "Referee accounts for the tournament "
                           "web pages (`stolik serve`)."),
}
"""Every command, imported only when it runs (``stolik --help`` imports none of them)."""

app = typer.Typer(
    cls=lazy_group(COMMANDS),
    name="stolik",
    help=(
        "stolik — the little table: deals, scores and keeps the tables of a card-game "
        "league. It plays Baśka, the Kashubian four-player trick-taking game "
        "(rules: RULES.md), under three league regulations (rulesets); the rules, "
        "replay, check, simulate, play and arena commands and the web tables also take "
        "Mariáš čtyřka (MARIAS.md, ruleset ctyrka), Betel (BETEL.md, ruleset "
        "gps-2022: three players, the 30-contract auction with the dubel, a match to "
        "1000) and licitovaný mariáš (LICITOVANY.md, ruleset licitovany: three players, "
        "or four with the dealer sitting out; one aktér against two on a ladder of "
        "twelve contracts, money in Kč).\n\n"
        "Terms: zwykła gra = plain game (starzy, the old side, against młodzi, the young "
        "side); cicha = silent game; wesele = wedding; zoło, gran = solo contracts, du = "
        "all four tricks; kontra, rekontra = double, redouble; bok = a 52:52 tie, "
        "bok-runda = the doubled deals after it. Mariáš: flek, re = double, redouble; "
        "betl, durch = misère, all tricks; aktér = the declarer (licitovaný)."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


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
    """stolik — rulesets, replays of deal records, simulated series, play (Baśka, Mariáš,
    Betel, licitovaný mariáš)."""


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
