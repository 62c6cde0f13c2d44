"""``stolik replay`` and ``stolik check``: a deal record (RULES §11), replayed and scored.

Every call and card is checked against the ruleset; the first broken rule is reported as
one line naming the file, the deal, the entry and the RULES section, with exit status 1.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from stolik.cli.common import (
    WIDE,
    AsciiOption,
    RulesetOption,
    load_rs,
    stdout_console,
    user_errors,
)
from stolik.cli.sheet import render_sheet
from stolik.games.baska.record import load_record, replay

FileArgument = Annotated[
    str,
    typer.Argument(metavar="FILE", help="A deal record: TOML, or JSON (RULES §11).",
                   show_default=False),
]


def replay_command(
    file: FileArgument,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the scored series as JSON (deals, totals, place points).")] = False,
    ruleset: RulesetOption = None,
    ascii: AsciiOption = False,
) -> None:
    """Replay a deal record and print its score sheet (zapis gry, RULES §11).

    Each deal is checked call by call and card by card, then scored (RULES §5–§9): one row
    per deal with the dealer (rozdający), the game — zwykła (plain game), cicha (silent
    game), wesele (wedding), gran, zoło, … — its declarer (grający), doubling (kontra,
    rekontra, …), multiplier, card points (oczka) and tricks (bitki) by seat, the winners,
    each player's payout and running total; bok-runda deals are marked B. Then the totals
    and place points. --ruleset replays the record under another ruleset than its own.
    """
    with user_errors():
        rs = load_rs(ruleset) if ruleset is not None else None
        series = replay(load_record(file, ruleset=rs))
        if as_json:
            typer.echo(json.dumps(series.to_json(), ensure_ascii=False, indent=1))
            return
        render_sheet(series, stdout_console(width=WIDE), ascii=ascii)


def check_command(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", help="Deal records to check (TOML or JSON).", show_default=False)],
    ruleset: RulesetOption = None,
) -> None:
    """Only validate deal records: replay each one and print "FILE: ok, N deals".

    The first illegal call or card, card dealt twice, wrong seat or missing play is one line
    naming the file, the deal and the entry (RULES §11); the exit status is then 1.
    """
    with user_errors():
        rs = load_rs(ruleset) if ruleset is not None else None
    failed = False
    for file in files:
        try:
            with user_errors():
                series = replay(load_record(file, ruleset=rs))
                n = len(series.results)
                typer.echo(f"{file}: ok, {n} deal{'s' if n != 1 else ''}")
        except typer.Exit:
            failed = True
    if failed:
        raise typer.Exit(1)
