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
    report,
    stdout_console,
)
from stolik.cli.tournament_common import (
    DbOption,
    OrgLangOption,
    RoundArg,
    ShowFirstGroup,
    SlugArg,
    TableArg,
    WhoOption,
    core_database,
    database,
    org_lang,
    parse_pairs,
    parse_time,
    who_of,
)
from stolik.games import game
from stolik.i18n import N_, Msg, Place, tr
from stolik.records import load_document
from stolik.tournament import store_core
from stolik.tournament.model import TournamentError
from stolik.tournament.store_core import StoreError

if TYPE_CHECKING:
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
    metavar="KEY=VALUE...", help="The sheet line (Baśka's, RULES §10): contract (gran, "
    "zolo, wesele, baszka, zwykla, cicha, …), declarer (seat 1–4 as in the printed plan, "
    "or the player's id or name), starzy (two seats: 1,3), partner (wesele), level "
    "(doublings: kontra 1, rekontra 2…), points (0–104), tricks (bitki 0–4), revoke "
    "(seat), first_double (opposing|declaring).", show_default=False)]


def _game_of(d: Store, slug: str) -> str:
    """The tournament's game (its id), read with Core (issue 9.5)."""
    with d.connect() as conn:
        return str(store_core.tournament_row(conn, slug).game)


def _engine_line(d: Store, slug: str, rnd: int, table: int, words: Sequence[str]
                 ) -> dict[str, Any]:
    """The ``KEY=VALUE`` words as the game's sheet line with the engine's seats 0–3: a
    person types 1–4 (the plan's order, seat 1 deals first) or a player at the table
    (RULES §10). The keys and the seats are the game's ``tournament`` part's
    (``LINE_KEYS``, ``engine_line``); a game without sheet lines gets the words as they
    are, and its part refuses them when the store checks the deal (one line)."""
    part = game(_game_of(d, slug)).part("tournament")
    keys: Sequence[str] | None = getattr(part, "LINE_KEYS", None)
    raw = parse_pairs(words, allowed=keys)
    if not hasattr(part, "engine_line"):
        return raw
    players = store_core.seat_players(d, slug, rnd, table)
    try:
        line: dict[str, Any] = part.engine_line(raw, players, "")
    except TournamentError as e:
        raise StoreError(Msg("err-cli-at-table", "{slug}: round {round}, table {table}: "
                             "{why}", slug=slug, round=rnd, table=table, why=e.message)
                         ) from None
    return line


@sheet_app.command("show")
def sheet_show(slug: SlugArg, round: RoundArg, table: TableArg, db: DbOption = None,
               who: WhoOption = None, ascii: AsciiOption = False,
               lang: OrgLangOption = None) -> None:
    """Print the table's score sheet: deals with payouts and running totals, bok deals,
    flags (after the limit, unconfirmed), and the table's result."""
    del who
    lang = org_lang(lang)  # Polish by default, as the other organiser's commands (25.2)
    with database(db, lang) as d:
        from stolik.tournament import store
        from stolik.tournament.games import tournament_game

        gid = store.tournament_info(d, slug).game
        if tournament_game(gid).UNIT != "points":
            from stolik.cli.tournament_money import show_money  # a money sheet (MARIAS §7)

            show_money(d, slug, round, table, lang)
            return
        game(gid).part("sheet").render_table_sheet(stdout_console(width=WIDE), slug, round,
                                                   table, d, ascii=ascii, lang=lang)


@sheet_app.command("add")
def sheet_add(
    slug: SlugArg, round: RoundArg, table: TableArg, line: LineArgs,
    started: Annotated[str | None, typer.Option(
        "--started", metavar="TIME", help="When the deal began (HH:MM or "
        "YYYY-MM-DDTHH:MM, UTC): a deal begun after the round's limit does not count. "
        "Default: entered live, when the table's previous deal was entered.",
        show_default=False)] = None,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Enter the table's next deal, e.g. ``contract=gran declarer=2 points=61`` (seat 2 of
    the printed plan) or ``declarer=p05``."""
    lang = org_lang(lang)  # what it says: --lang, Polish by default (issue 25.2)
    with core_database(db, lang) as d:
        raw = _engine_line(d, slug, round, table, line)
        if started is None:
            info = store_core.enter_deal(d, slug, round, table, raw, who=who_of(who))
        else:
            info = store_core.enter_deal(d, slug, round, table, raw, who=who_of(who),
                                    started_at=parse_time(started, "--started"))
        said = tr(lang, "tsheet-did-enter", where=_at(slug, round, table), n=info.number)
        if not info.counts:
            said += tr(lang, N_("tsheet-not-yet-late") if info.after_limit
                       else N_("tsheet-not-yet-unconfirmed"))
        report(said)


@sheet_app.command("correct")
def sheet_correct(slug: SlugArg, round: RoundArg, table: TableArg, number: DealArg,
                  line: LineArgs, db: DbOption = None, who: WhoOption = None,
                  lang: OrgLangOption = None) -> None:
    """Replace a deal's line (the audit log keeps before and after; a confirmation is
    withdrawn)."""
    from stolik.tournament import store

    lang = org_lang(lang)
    with database(db, lang) as d:
        store.correct_deal(d, slug, round, table, number,
                           _engine_line(d, slug, round, table, line), who=who_of(who))
        report(tr(lang, "tsheet-did-correct", where=_at(slug, round, table), n=number))


@sheet_app.command("delete")
def sheet_delete(slug: SlugArg, round: RoundArg, table: TableArg, number: DealArg,
                 db: DbOption = None, who: WhoOption = None,
                 lang: OrgLangOption = None) -> None:
    """Delete a deal; the later deals move up one number."""
    from stolik.tournament import store

    lang = org_lang(lang)
    with database(db, lang) as d:
        store.delete_deal(d, slug, round, table, number, who=who_of(who))
        report(tr(lang, "tsheet-did-delete", where=_at(slug, round, table), n=number))


@sheet_app.command("confirm")
def sheet_confirm(slug: SlugArg, round: RoundArg, table: TableArg, number: DealArg,
                  db: DbOption = None, who: WhoOption = None,
                  lang: OrgLangOption = None) -> None:
    """Confirm a deal (potwierdzenie): by a second person, not the one who entered it."""
    from stolik.tournament import store

    lang = org_lang(lang)
    with database(db, lang) as d:
        store.confirm_deal(d, slug, round, table, number, who=who_of(who))
        report(tr(lang, "tsheet-did-confirm", where=_at(slug, round, table), n=number))


@sheet_app.command("totals", context_settings={"ignore_unknown_options": True})
def sheet_totals(
    slug: SlugArg, round: RoundArg, table: TableArg,
    points: Annotated[list[int] | None, typer.Argument(
        metavar="P1 P2 P3 P4", help="The final table points by seat 1–4 (sum 0).",
        show_default=False)] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Clear the totals.")] = False,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Record only the table's final points by seat (sum 0), when no deals are kept."""
    from stolik.tournament import store

    lang = org_lang(lang)
    with database(db, lang) as d:
        if clear == bool(points):
            code = N_("tsheet-totals-both") if clear else N_("tsheet-totals-neither")
            raise StoreError(Msg(code, "{where}: give four totals by seat or --clear, not "
                                 + ("both" if clear else "neither"),
                                 where=_at(slug, round, table)))
        store.set_totals(d, slug, round, table, None if clear else points or [],
                         who=who_of(who))
        where = _at(slug, round, table)
        report(tr(lang, "tsheet-did-clear", where=where) if clear else
               tr(lang, "tsheet-did-totals", where=where,
                  points=" ".join(map(str, points or []))))


@sheet_app.command("record")
def sheet_record(
    slug: SlugArg, round: RoundArg, table: TableArg,
    file: Annotated[str, typer.Argument(metavar="FILE", help="A deal-record file "
                                        "(RULES §11, TOML/JSON) with [[deal]] tables.",
                                        show_default=False)],
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Append the deals of a deal-record file to the table — all, or none."""
    lang = org_lang(lang)
    with database(db, lang) as d:
        doc = load_document(file)
        raw = doc.get("deal")
        if not isinstance(raw, list) or not raw or not all(isinstance(x, dict) for x in raw):
            raise StoreError(Msg("tsheet-no-deal-tables", "{file}: the record has no [[deal]] "
                                 "tables (RULES §11)", file=file))
        added = store_core.enter_deals(d, slug, round, table, raw, who=who_of(who),
                                  kind="record")
        report(tr(lang, "tsheet-did-record", where=_at(slug, round, table),
                  first=added[0].number, last=added[-1].number, file=file))


def _at(slug: str, rnd: int, table: int) -> Place:
    """A table as the lines name it (``puck: round 2, table 3``), said in the reader's
    words (:func:`stolik.i18n.place`)."""
    return Place(f"{slug}: round {rnd}, table {table}")
