"""``stolik simulate``: a seeded series played by bots, summarised or printed as a sheet.

The ruleset selects the game (:mod:`stolik.games`); the game's ``simulate`` part plays the
deals, its ``record`` part writes the series record (``--out``) and its ``sheet`` part
prints the summary, the JSON form or the score sheet — the summary and the sheet in the
language of ``--lang`` (else ``STOLIK_LANG``, else English), as ``stolik replay`` prints
the sheet; the JSON form keeps its English keys. This module
only chooses what to keep and shows a progress bar on long runs. Every line it prints
itself — the progress bar's word, where the record went, a refused option — speaks
``--lang`` too (catalog ids ``sim-…``; Czech for Mariáš's readers).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from stolik.cli.common import (
    TEXT_WIDTH,
    WIDE,
    AsciiOption,
    RulesetOption,
    cli_lang,
    load_game_rs,
    report,
    stderr_console,
    stdout_console,
    user_errors,
)
from stolik.cli.sim_summary import num
from stolik.i18n import tr

USAGE_ERROR = 2
"""Exit status of a bad option (Typer's usage errors exit 2)."""

PROGRESS_FROM = 5000
"""Show a progress bar (on a terminal's stderr) from this many deals on."""


class Bots(StrEnum):
    """The players a simulation seats at the table."""

    RANDOM = "random"


def simulate_command(
    deals: Annotated[int | None, typer.Option(
        "--deals", "-n", min=1, show_default=False,
        help="Number of deals (default: the ruleset's series length, 32; Mariáš: 32; "
        "Betel: the match to the ruleset's target, stopped after 200 deals).")
    ] = None,
    ruleset: RulesetOption = None,
    bots: Annotated[Bots, typer.Option(
        "--bots", help="Who plays: random = every seat picks a random legal call and "
        "card.")] = Bots.RANDOM,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", help="Random seed: the same seed gives the same deals.")] = 0,
    first_dealer: Annotated[int, typer.Option(
        "--first-dealer", min=1, max=4, help="The seat that deals first, 1–4 as the "
        "sheet numbers them (Betel and licitovaný mariáš: 1–3); records and --json keep "
        "0–3.")
    ] = 1,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the summary as JSON (nothing else goes to stdout).")] = False,
    out: Annotated[str | None, typer.Option(
        "--out", "-o", metavar="FILE", show_default=False,
        help="Write the series record (RULES §11) to FILE: TOML, or JSON if FILE ends "
        ".json. `stolik replay FILE` replays it.")] = None,
    sheet: Annotated[bool, typer.Option(
        "--sheet", help="Print the series as a score sheet, like `stolik replay`.")] = False,
    players: Annotated[str | None, typer.Option(
        "--players", metavar="A,B,C,D", show_default=False,
        help="The players' names by seat, for the sheet and the record: four (Betel: "
        "three).")] = None,
    ascii: AsciiOption = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", envvar="STOLIK_LANG", metavar="LANG", help="The language of the summary "
        "and the score sheet (--sheet): en (default), pl, or cs (Czech: Mariáš); default "
        "$STOLIK_LANG. --json keeps its English keys.",
        show_default=False)] = None,
) -> None:
    """Simulate a seeded series of deals played by bots and summarise it (Baśka; Mariáš,
    Betel or licitovaný mariáš with their rulesets).

    The summary gives how often each game was played — zwykła (plain game), cicha (silent
    game), wesele (wedding), gran (solo, only the jacks trump), zoło (solo in the normal
    order), the du contracts (all four tricks) and the honours (honory: four aces, four
    queens, …) — the mean payout per seat, the totals and the speed in deals per second.
    Deals follow RULES §4–§9 of the chosen ruleset, bok-rounds (bok-rundy, §6) included.

    With a Mariáš ruleset (--ruleset ctyrka) the deals are Mariáš čtyřka's (MARIAS §2–§6)
    and the money is in Kč. With a Betel ruleset (--ruleset gps-2022) three random players
    play a match (BETEL §1–§5): the 30 contracts of the auction, the dubel looked at or
    taken, kontra, and the points to the ruleset's target (1000); it stops at the deal
    that decides the match, or after --deals deals (200 unless told) saying that nobody
    won yet.

    The summary and the score sheet are in the language of --lang (en, pl; cs for
    Mariáš), else STOLIK_LANG, else English; --json's keys stay English.
    """
    said = cli_lang(lang)
    if as_json and sheet:
        _refuse(tr(said, "sim-json-sheet"))
    with user_errors(lang):
        spec, rs = load_game_rs(ruleset)
        names = _player_names(players, said, spec.seats)
        if first_dealer > spec.seats:
            _refuse(tr(said, "sim-first-dealer-range", seats=spec.seats, seat=first_dealer))
        sim, records, sheets = spec.part("simulate"), spec.part("record"), spec.part("sheet")
        n = deals if deals is not None else sim.default_deals(rs)
        keep = sheet or out is not None
        with _progress_bar(n, said) as progress:
            result = sim.simulate(rs, n, seed=seed, first_dealer=first_dealer - 1,
                                  keep_records=keep, progress=progress)
        record = records.series_record(rs, result.records, names) if keep else None
        if out is not None and record is not None:
            fmt = "json" if out.lower().endswith(".json") else "toml"
            Path(out).write_text(records.dumps_record(record, fmt), encoding="utf-8")
            # the deals played: a Betel match stops at the deal that decides it (BETEL §5)
            report(tr(said, "sim-wrote", deals=num(said, f"{len(result.records):,}"),
                      path=out))
        if as_json:
            typer.echo(json.dumps(sheets.summary_json(result), ensure_ascii=False, indent=1))
            return
        console = stdout_console(width=WIDE if sheet else TEXT_WIDTH)
        if sheet and record is not None:
            series = records.replay(record)
            if series.totals != result.totals:  # pragma: no cover - an engine bug
                report(tr(said, "sim-replay-differs", replayed=str(series.totals),
                          simulated=str(result.totals)))
            sheets.render_sheet(series, console, ascii=ascii, lang=said,
                                title=tr(said, "sim-sheet-title", game=spec.name(said),
                                         ruleset=rs.name, bots=bots.value, seed=seed))
            console.print()
        sheets.render_summary(result, console, bots=bots.value, ascii=ascii, lang=said)


def _refuse(message: str) -> NoReturn:
    """A bad option: one line on stderr in the command's language, exit status 2 (a usage
    error, as Typer's own)."""
    report(message)
    raise typer.Exit(USAGE_ERROR)


EXAMPLE_NAMES = ("Ala", "Bo", "Cela", "Darek")


def _player_names(text: str | None, lang: str = "en", seats: int = 4) -> list[str] | None:
    """The names of ``--players``, one per seat of the game (Betel: three, BETEL §6), or
    a usage error naming how many.

    >>> _player_names("Ala, Bo ,Cela", seats=3)
    ['Ala', 'Bo', 'Cela']
    """
    if text is None:
        return None
    names = [p.strip() for p in text.split(",")]
    if len(names) != seats or not all(names):
        _refuse(tr(lang, "sim-players", seats=seats, example=",".join(EXAMPLE_NAMES[:seats])))
    return names


@contextmanager
def _progress_bar(total: int, lang: str = "en") -> Iterator[Callable[[int], None] | None]:
    """A progress callback drawing a bar on stderr — only for long runs on a terminal."""
    console = stderr_console()
    if total < PROGRESS_FROM or not console.is_terminal:
        yield None
        return
    with Progress(TextColumn(tr(lang, "sim-progress")), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("deals", total=total)

        def update(done: int) -> None:
            bar.update(task, completed=done)

        yield update


__all__ = ["Bots", "simulate_command"]
