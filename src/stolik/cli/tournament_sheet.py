"""``stolik tournament sheet …``: a table's score sheet (zapis gry) in the database.

``sheet SLUG R T`` prints the table deal by deal — game, declarer, doubling, result, each
player's payout beside the running total, bok-round deals marked ``B`` (RULES §6), and the
flags: started after the round's limit (po czasie, seed 000 §7p) or not confirmed
(niepotwierdzone) — such deals do not count and are shown in brackets. Then the table's
result as the standings score it (table points, place points, events).

``add`` enters the next deal as ``KEY=VALUE`` words (:mod:`stolik.games.baska.tournament`),
``correct`` replaces one (the audit log keeps before and after), ``delete``, ``confirm``
(a second person), ``totals`` (only the final points by seat), ``record`` (a deal-record
file, RULES §11, appended in one transaction).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stolik.cli.common import (
    WIDE,
    AsciiOption,
    fmt_number,
    new_table,
    report,
    stdout_console,
)
from stolik.cli.tournament_common import (
    DbOption,
    RoundArg,
    ShowFirstGroup,
    SlugArg,
    TableArg,
    WhoOption,
    core_database,
    database,
    parse_pairs,
    parse_time,
    who_of,
)
from stolik.games.baska.ruleset import Ruleset, load_ruleset
from stolik.games.baska.tournament import LINE_KEYS, engine_line, parse_line, settle_sheet
from stolik.records import load_document
from stolik.tournament import store_core
from stolik.tournament.model import TournamentError
from stolik.tournament.store_core import DealInfo, StoreError

if TYPE_CHECKING:
    from rich.console import Console

    from stolik.db import Database
    from stolik.games.baska.scoring import DealResult
    from stolik.tournament.store_core import Store

# ``sheet add`` and ``sheet record`` write with Core (:mod:`stolik.tournament.store_core`,
# issue 9.5: no ORM loaded; ``sheet add`` on a SQLite file at head without SQLAlchemy,
# :mod:`stolik.tournament.sqlite_fast`); the commands that read or change what is entered import the
# ORM store (:mod:`stolik.tournament.store`) when they run.

sheet_app = typer.Typer(cls=ShowFirstGroup, no_args_is_help=True, help=(
    "A table's score sheet (zapis gry): `sheet SLUG ROUND TABLE` prints it; add, correct, "
    "delete, confirm deals; totals; record (a deal-record file)."))

DealArg = Annotated[int, typer.Argument(metavar="DEAL", help="Deal number (rozdanie), 1…",
                                        min=1, show_default=False)]
LineArgs = Annotated[list[str], typer.Argument(
    metavar="KEY=VALUE...", help="The sheet line: contract (gran, zolo, wesele, baszka, "
    "zwykla, cicha, …), declarer (seat 1–4 as in the printed plan, or the player's id or "
    "name), starzy (two seats: 1,3), partner (wesele), level (doublings: kontra 1, "
    "rekontra 2…), points (0–104), tricks (bitki 0–4), revoke (seat), first_double "
    "(opposing|declaring).", show_default=False)]


def _engine_line(d: Store, slug: str, rnd: int, table: int, words: Sequence[str]
                 ) -> dict[str, Any]:
    """The ``KEY=VALUE`` words with the engine's seats 0–3: a person types 1–4 (the
    plan's order, seat 1 deals first) or a player at the table (RULES §10)."""
    raw = parse_pairs(words, allowed=LINE_KEYS)
    players = store_core.seat_players(d, slug, rnd, table)
    try:
        return engine_line(raw, players, "sheet line")
    except TournamentError as e:
        raise StoreError(f"{slug}: round {rnd}, table {table}: {e.message}") from None


def _results(rs: Ruleset, deals: Sequence[DealInfo]) -> list[DealResult]:
    """The deals settled in order (bok-rounds over this sequence)."""
    if not deals:
        return []
    if deals[0].kind == "sheet":
        lines = [parse_line(dict(x.data), f"deal {x.number}") for x in deals]
        return settle_sheet(rs, lines, "deal")
    from stolik.games.baska.record import parse_record, replay

    rec = parse_record({"deal": [dict(x.data) for x in deals]}, ruleset=rs)
    return list(replay(rec).results)


def _flags(d: DealInfo, confirm: bool) -> str:
    flags = []
    if d.after_limit:
        flags.append("po czasie")
    if d.confirmed_by is None and confirm:
        flags.append("niepotw.")
    return ", ".join(flags)


def render_table_sheet(console: Console, slug: str, rnd: int, table: int,
                       d: Database, *, ascii: bool = False) -> None:
    """Print one table's score sheet and its result."""
    from rich.markup import escape
    from rich.text import Text

    from stolik.cli.sheet import declarer_text
    from stolik.games.baska.words import game_name, note_text
    from stolik.tournament import store

    deals = store.deals_of(d, slug, rnd, table)
    info = store.tournament_info(d, slug)
    model = store.tournament_of(d, slug, complete=True)
    entry = model.rounds[rnd - 1].tables[table - 1]
    names = {p.id: p.name for p in model.players}
    seats = tuple(f"{p} {names.get(p, p)}" for p in entry.seats)
    by_seat = tuple(names.get(p, p) for p in entry.seats)
    # Seats as a person counts them, 1–4 in the plan's order (RULES §10).
    rs = load_ruleset(model.ruleset)
    console.print(Text(f"{info.name} — round {rnd}, table {table} (ruleset {info.ruleset})",
                       style="bold"))
    console.print(" · ".join(f"{s + 1} {escape(seats[s])}" for s in range(4))
                  + f" · first dealer: seat {entry.first_dealer + 1}")
    if entry.totals is not None:
        console.print(f"only totals entered: {' '.join(f'{v:+d}' for v in entry.totals)}")
    all_results = _results(rs, deals)
    counted = [x for x in deals if x.counts]
    counted_results = dict(zip((x.number for x in counted), _results(rs, counted),
                               strict=True))
    if deals:
        t = new_table(ascii, show_footer=True, footer_style="bold")
        t.add_column("nr", justify="right", footer="Σ")
        t.add_column("", width=1)
        t.add_column("gra")
        t.add_column("grający")
        t.add_column("kontra")
        t.add_column("wynik")
        running = [0, 0, 0, 0]
        rows = []
        for x, shown in zip(deals, all_results, strict=True):
            r = counted_results.get(x.number, shown)
            if x.counts:
                running = [running[s] + r.payout[s] for s in range(4)]
                cells = [f"{r.payout[s]:+d} {running[s]:>4d}" for s in range(4)]
            else:
                cells = [f"({r.payout[s]:+d})" for s in range(4)]
            rows.append((x, r, cells))
        for s in range(4):
            t.add_column(escape(seats[s]), justify="right", footer=str(running[s]))
        t.add_column("flags")
        t.add_column("entered/confirmed")
        for x, r, cells in rows:
            style = "" if x.counts else "dim"
            t.add_row(str(x.number), Text("B", style="magenta") if r.bok_deal else "",
                      game_name(rs, r), escape(declarer_text(r, by_seat, first=1)),
                      rs.doubling_name(r.level) if r.level else "", note_text(r), *cells,
                      _flags(x, info.require_confirmation),
                      escape(x.entered_by + (f" / {x.confirmed_by}" if x.confirmed_by
                                             else "")), style=style)
        console.print(t)
        legend = []
        if any(r.bok_deal for _x, r, _c in rows):
            legend.append("B = bok-runda deal (worth double, RULES §6)")
        if any(not x.counts for x in deals):
            legend.append("(…) = does not count")
        if any(x.after_limit for x in deals):
            legend.append("po czasie = started after the round's limit (seed 000 §7p)")
        if info.require_confirmation and any(x.confirmed_by is None for x in deals):
            legend.append("niepotw. = not confirmed by a second person")
        if legend:
            console.print(Text("; ".join(legend), style="dim"))
    elif entry.totals is None:
        console.print("no deals entered yet")
    res, _st = store.result_of(d, slug)
    tr = next((x for x in res.rounds[rnd - 1].tables if x.seats == entry.seats), None)
    if tr is not None:
        rt = new_table(ascii, title="Wynik stolika (table result)", title_justify="left",
                       title_style="bold")
        for col in ("seat", "player", "table points", "place points"):
            rt.add_column(col, justify="left" if col == "player" else "right")
        for s in range(4):
            rt.add_row(str(s + 1), escape(seats[s]), str(tr.table_points[s]),
                       fmt_number(tr.place_points[s]))
        console.print(rt)
        for e in tr.events:
            console.print(Text("  " + e.text()))


@sheet_app.command("show")
def sheet_show(slug: SlugArg, round: RoundArg, table: TableArg, db: DbOption = None,
               who: WhoOption = None, ascii: AsciiOption = False) -> None:
    """Print the table's score sheet: deals with payouts and running totals, bok deals,
    flags (after the limit, unconfirmed), and the table's result."""
    del who
    with database(db) as d:
        from stolik.tournament import store
        from stolik.tournament.games import tournament_game

        if tournament_game(store.tournament_info(d, slug).game).UNIT != "points":
            from stolik.cli.tournament_money import show_money  # a money sheet (MARIAS §7)

            show_money(d, slug, round, table)
            return
        render_table_sheet(stdout_console(width=WIDE), slug, round, table, d, ascii=ascii)


@sheet_app.command("add")
def sheet_add(
    slug: SlugArg, round: RoundArg, table: TableArg, line: LineArgs,
    started: Annotated[str | None, typer.Option(
        "--started", metavar="TIME", help="When the deal began (HH:MM or "
        "YYYY-MM-DDTHH:MM, UTC): a deal begun after the round's limit does not count. "
        "Default: entered live, when the table's previous deal was entered.",
        show_default=False)] = None,
    db: DbOption = None, who: WhoOption = None,
) -> None:
    """Enter the table's next deal, e.g. ``contract=gran declarer=2 points=61`` (seat 2 of
    the printed plan) or ``declarer=p05``."""
    with core_database(db) as d:
        raw = _engine_line(d, slug, round, table, line)
        if started is None:
            info = store_core.enter_deal(d, slug, round, table, raw, who=who_of(who))
        else:
            info = store_core.enter_deal(d, slug, round, table, raw, who=who_of(who),
                                    started_at=parse_time(started, "--started"))
        report(f"{slug}: round {round}, table {table}: deal {info.number} entered"
               + ("" if info.counts else " — it does not count yet (" + (
                   "started after the limit" if info.after_limit else "unconfirmed") + ")"))


@sheet_app.command("correct")
def sheet_correct(slug: SlugArg, round: RoundArg, table: TableArg, number: DealArg,
                  line: LineArgs, db: DbOption = None, who: WhoOption = None) -> None:
    """Replace a deal's line (the audit log keeps before and after; a confirmation is
    withdrawn)."""
    from stolik.tournament import store

    with database(db) as d:
        store.correct_deal(d, slug, round, table, number,
                           _engine_line(d, slug, round, table, line), who=who_of(who))
        report(f"{slug}: round {round}, table {table}: deal {number} corrected")


@sheet_app.command("delete")
def sheet_delete(slug: SlugArg, round: RoundArg, table: TableArg, number: DealArg,
                 db: DbOption = None, who: WhoOption = None) -> None:
    """Delete a deal; the later deals move up one number."""
    from stolik.tournament import store

    with database(db) as d:
        store.delete_deal(d, slug, round, table, number, who=who_of(who))
        report(f"{slug}: round {round}, table {table}: deal {number} deleted")


@sheet_app.command("confirm")
def sheet_confirm(slug: SlugArg, round: RoundArg, table: TableArg, number: DealArg,
                  db: DbOption = None, who: WhoOption = None) -> None:
    """Confirm a deal (potwierdzenie): by a second person, not the one who entered it."""
    from stolik.tournament import store

    with database(db) as d:
        store.confirm_deal(d, slug, round, table, number, who=who_of(who))
        report(f"{slug}: round {round}, table {table}: deal {number} confirmed")


@sheet_app.command("totals", context_settings={"ignore_unknown_options": True})
def sheet_totals(
    slug: SlugArg, round: RoundArg, table: TableArg,
    points: Annotated[list[int] | None, typer.Argument(
        metavar="P1 P2 P3 P4", help="The final table points by seat 1–4 (sum 0).",
        show_default=False)] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Clear the totals.")] = False,
    db: DbOption = None, who: WhoOption = None,
) -> None:
    """Record only the table's final points by seat (sum 0), when no deals are kept."""
    from stolik.tournament import store

    with database(db) as d:
        if clear == bool(points):
            raise StoreError(f"{slug}: round {round}, table {table}: give four totals by "
                             "seat or --clear, not " + ("both" if clear else "neither"))
        store.set_totals(d, slug, round, table, None if clear else points or [],
                         who=who_of(who))
        report(f"{slug}: round {round}, table {table}: "
               + ("totals cleared" if clear else f"totals {' '.join(map(str, points or []))}"))


@sheet_app.command("record")
def sheet_record(
    slug: SlugArg, round: RoundArg, table: TableArg,
    file: Annotated[str, typer.Argument(metavar="FILE", help="A deal-record file "
                                        "(RULES §11, TOML/JSON) with [[deal]] tables.",
                                        show_default=False)],
    db: DbOption = None, who: WhoOption = None,
) -> None:
    """Append the deals of a deal-record file to the table — all, or none."""
    with database(db) as d:
        doc = load_document(file)
        raw = doc.get("deal")
        if not isinstance(raw, list) or not raw or not all(isinstance(x, dict) for x in raw):
            raise StoreError(f"{file}: the record has no [[deal]] tables (RULES §11)")
        added = store_core.enter_deals(d, slug, round, table, raw, who=who_of(who),
                                  kind="record")
        report(f"{slug}: round {round}, table {table}: deals {added[0].number}–"
               f"{added[-1].number} entered from {file}")
