"""``stolik simulate``: a seeded series played by bots, summarised or printed as a sheet.

The simulation itself is :func:`stolik.games.baska.simulate.simulate`; this module only
chooses what to keep, shows a progress bar on long runs, writes the series record
(``--out``) and prints the summary, the JSON form or the score sheet.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from stolik.cli.common import (
    TEXT_WIDTH,
    WIDE,
    AsciiOption,
    RulesetOption,
    load_rs,
    new_table,
    report,
    stderr_console,
    stdout_console,
    user_errors,
)
from stolik.cli.sheet import render_sheet
from stolik.games.baska.record import dumps_record, replay, series_record
from stolik.games.baska.ruleset import Ruleset

if TYPE_CHECKING:
    from stolik.games import GameSpec
    from stolik.games.baska.simulate import SimulationResult

PROGRESS_FROM = 5000
"""Show a progress bar (on a terminal's stderr) from this many deals on."""


class Bots(StrEnum):
    """The players a simulation seats at the table."""

    RANDOM = "random"


def simulate_command(
    deals: Annotated[int | None, typer.Option(
        "--deals", "-n", min=1, show_default=False,
        help="Number of deals (default: the ruleset's series length, 32).")] = None,
    ruleset: RulesetOption = None,
    bots: Annotated[Bots, typer.Option(
        "--bots", help="Who plays: random = every seat picks a random legal call and "
        "card.")] = Bots.RANDOM,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", help="Random seed: the same seed gives the same deals.")] = 0,
    first_dealer: Annotated[int, typer.Option(
        "--first-dealer", min=0, max=3, help="Seat 0–3 that deals first.")] = 0,
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
        help="Four player names by seat, for the sheet and the record.")] = None,
    ascii: AsciiOption = False,
) -> None:
    """Simulate a seeded series of Baśka deals played by bots and summarise it.

    The summary gives how often each game was played — zwykła (plain game), cicha (silent
    game), wesele (wedding), gran (solo, only the jacks trump), zoło (solo in the normal
    order), the du contracts (all four tricks) and the honours (honory: four aces, four
    queens, …) — the mean payout per seat, the totals and the speed in deals per second.
    Deals follow RULES §4–§9 of the chosen ruleset, bok-rounds (bok-rundy, §6) included.

    With a Mariáš ruleset (--ruleset ctyrka) the deals are Mariáš čtyřka's (MARIAS §2–§6)
    and the money is in Kč.
    """
    if as_json and sheet:
        raise typer.BadParameter("--json and --sheet cannot be combined", param_hint="--sheet")
    names = _player_names(players)
    with user_errors():
        other = _other_game(ruleset)
        if other is not None:
            _simulate_other(other, ruleset or "", deals=deals, seed=seed,
                            first_dealer=first_dealer, as_json=as_json, out=out, sheet=sheet,
                            names=names, bots=bots.value, ascii=ascii)
            return
        rs = load_rs(ruleset)
        n = deals if deals is not None else rs.default_length
        keep = sheet or out is not None
        with _progress_bar(n) as progress:
            result = _run(rs, n, seed=seed, first_dealer=first_dealer, keep_records=keep,
                          progress=progress)
        record = series_record(rs, result.records, names) if keep else None
        if out is not None and record is not None:
            fmt = "json" if out.lower().endswith(".json") else "toml"
            Path(out).write_text(dumps_record(record, fmt), encoding="utf-8")
            typer.echo(f"stolik: wrote {n} deals to {out}", err=True)
        if as_json:
            typer.echo(json.dumps(summary_json(result), ensure_ascii=False, indent=1))
            return
        console = stdout_console(width=WIDE if sheet else TEXT_WIDTH)
        if sheet and record is not None:
            series = replay(record)
            if series.totals != result.totals:  # pragma: no cover - an engine bug
                report(f"warning: replayed totals {series.totals} differ from the "
                       f"simulation's {result.totals}")
            render_sheet(series, console, ascii=ascii,
                         title=f"Baśka — {rs.name} — simulated, {bots.value} bots, "
                               f"seed {seed}")
            console.print()
        render_summary(result, console, bots=bots.value, ascii=ascii)


def _other_game(ruleset: str | None) -> GameSpec | None:
    """The game of a shipped ruleset id when it is not Baśka (``--ruleset ctyrka``)."""
    from stolik.games import DEFAULT_GAME, UnknownGame, game_of_ruleset

    if ruleset is None:
        return None
    try:
        spec = game_of_ruleset(ruleset)
    except UnknownGame:
        return None                 # a path, or an id Baśka's loader names as unknown
    return None if spec.id == DEFAULT_GAME else spec


def _simulate_other(spec: GameSpec, ruleset: str, *, deals: int | None, seed: int,
                    first_dealer: int, as_json: bool, out: str | None, sheet: bool,
                    names: list[str] | None, bots: str, ascii: bool) -> None:
    """``simulate`` for another game than Baśka, through its package's ``simulate``,
    ``record`` and ``sheet`` modules (issue 10 §2: Mariáš's random deals)."""
    import importlib

    def part(name: str) -> Any:
        return importlib.import_module(f"{spec.package}.{name}")

    rs = spec.engine().load_ruleset(ruleset)
    n = deals if deals is not None else OTHER_GAME_DEALS
    keep = sheet or out is not None
    result = part("simulate").simulate(rs, n, seed=seed, first_dealer=first_dealer,
                                       keep_records=keep)
    records = part("record")
    record = records.series_record(rs, result.records, names) if keep else None
    if out is not None and record is not None:
        fmt = "json" if out.lower().endswith(".json") else "toml"
        Path(out).write_text(records.dumps_record(record, fmt), encoding="utf-8")
        typer.echo(f"stolik: wrote {n} deals to {out}", err=True)
    if as_json:
        typer.echo(json.dumps(part("sheet").summary_json(result), ensure_ascii=False,
                              indent=1))
        return
    console = stdout_console(width=WIDE if sheet else TEXT_WIDTH)
    if sheet and record is not None:
        part("sheet").render_sheet(records.replay(record), console, ascii=ascii)
        console.print()
    part("sheet").render_summary(result, console, bots=bots, ascii=ascii)


OTHER_GAME_DEALS = 32
"""Deals simulated by default for a game whose rulesets set no series length (Mariáš
plays by time, MARIAS §9)."""


def _player_names(text: str | None) -> list[str] | None:
    if text is None:
        return None
    names = [p.strip() for p in text.split(",")]
    if len(names) != 4 or not all(names):
        raise typer.BadParameter("give four names separated by commas, e.g. Ala,Bo,Cela,Darek",
                                 param_hint="--players")
    return names


def _run(rs: Ruleset, deals: int, *, seed: int, first_dealer: int, keep_records: bool,
         progress: Callable[[int], None] | None) -> SimulationResult:
    from stolik.games.baska.simulate import simulate  # imported when needed: fast start-up

    return simulate(rs, deals, seed=seed, first_dealer=first_dealer,
                    keep_records=keep_records, progress=progress)


@contextmanager
def _progress_bar(total: int) -> Iterator[Callable[[int], None] | None]:
    """A progress callback drawing a bar on stderr — only for long runs on a terminal."""
    console = stderr_console()
    if total < PROGRESS_FROM or not console.is_terminal:
        yield None
        return
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("deals", total=total)

        def update(done: int) -> None:
            bar.update(task, completed=done)

        yield update


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The ``--json`` form of a simulation."""
    n = result.deals
    return {
        "ruleset": result.ruleset.id,
        "seed": result.seed,
        "deals": n,
        "first_dealer": result.first_dealer,
        "seconds": result.seconds,
        "deals_per_second": result.deals_per_second,
        "games": dict(result.games),
        "bok_deals": result.bok_deals,
        "mean_payout": [t / n if n else 0.0 for t in result.totals],
        "totals": list(result.totals),
    }


def _game_label(rs: Ruleset, game_id: str) -> str:
    if game_id == "zwykla":
        return "zwykła (plain game)"
    if game_id == "cicha":
        return "cicha (silent game)"
    if rs.has(game_id):
        return rs.contract(game_id).name
    return game_id


def render_summary(result: SimulationResult, console: Console, *, bots: str,
                   ascii: bool = False) -> None:
    """Game frequencies, payouts per seat and the speed of a simulation."""
    rs = result.ruleset
    n = result.deals
    console.print(Text(f"Simulated {n:,} deals · {rs.id} · {bots} bots · seed {result.seed} · "
                       f"first dealer {result.first_dealer}", style="bold"))
    games = new_table(ascii)
    games.add_column("game (gra)")
    games.add_column("id")
    games.add_column("deals", justify="right")
    games.add_column("%", justify="right")
    order = {c.id: i for i, c in enumerate((rs.zwykla, rs.cicha, *rs.ladder))}
    for gid, count in sorted(result.games.items(),
                             key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        games.add_row(_game_label(rs, gid), gid, str(count),
                      f"{100 * count / n:.2f}" if n else "—")
    console.print(games)
    seats = new_table(ascii)
    seats.add_column("")
    for s in range(4):
        seats.add_column(f"seat {s}", justify="right")
    seats.add_row("mean payout", *(f"{t / n:+.3f}" if n else "—" for t in result.totals))
    seats.add_row("total", *(str(t) for t in result.totals))
    console.print(seats)
    if rs.series.bok_round_deals:
        console.print(f"bok-runda deals (worth double, RULES §6): {result.bok_deals:,}")
    console.print(f"{n:,} deals in {result.seconds:.3f} s — "
                  f"{result.deals_per_second:,.0f} deals per second")


__all__ = ["Bots", "render_summary", "simulate_command", "summary_json"]
