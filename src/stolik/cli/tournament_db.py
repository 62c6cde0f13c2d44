"""``stolik tournament …`` over the database: running a tournament (RULES §10, seed 000
§7m–w).

The data lives in a database: a SQLite file (``stolik.db`` by default, created on first
use) or PostgreSQL (``--db postgresql://…`` or ``$STOLIK_DB``). Every change is one
transaction with a line in the audit log naming ``--who``. The commands:

- ``new`` (:mod:`stolik.cli.tournament_new`), ``list``, ``info`` — tournaments;
- ``players`` (``add``, ``remove``, ``import``), ``teams`` (``set``) — the entry list;
- ``seat`` — the draw of a round (redrawn until the round starts), printed per round, or
  one player's "where do I sit";
- ``round start|extend|close|reopen|clock`` and ``clock`` — the round clock (seed 000 §7p),
  in :mod:`stolik.cli.tournament_round`;
- ``sheet`` (:mod:`stolik.cli.tournament_sheet`) — a table's score sheet, entry,
  corrections, confirmation, totals, deal records;
- ``event add|list|remove`` — late, left, excluded (seed 000 §7q–t);
- ``standings``; ``export``, ``import``, ``backup``, ``restore``, ``audit`` live in
  :mod:`stolik.cli.tournament_archive`.

Bad input: one line on stderr naming the tournament, round, table, deal and rule, exit
status 1; nothing is written. ``players``, ``teams``, ``seat``, ``event`` and ``standings``
print (and refuse) in the language of ``--lang`` / ``STOLIK_LANG``: Polish by default,
English, Czech (issue 25.1).
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from stolik.cli.common import (
    AsciiOption,
    new_table,
    report,
    stdout_console,
)
from stolik.cli.tournament_common import (
    DbOption,
    ListFirstGroup,
    OrgLangOption,
    RoundArg,
    SlugArg,
    TableArg,
    WhoOption,
    database,
    fail,
    org_lang,
    who_of,
)
from stolik.cli.tournament_round import clock_line
from stolik.db.schema import utcnow
from stolik.i18n import N_, Msg, tr
from stolik.tournament import store
from stolik.tournament.file import write_csv
from stolik.tournament.seating import RoundPlan, format_round, where_do_i_sit
from stolik.tournament.store_core import StoreError

JsonFlag = Annotated[bool, typer.Option(
    "--json", help="Print JSON: players [{id, place_points, table_points, rank, …}], "
    "teams [{team, score, rank, …}] (as `report --json`).")]
CsvOption = Annotated[str | None, typer.Option(
    "--csv", metavar="DIR", help="Also write players.csv and teams.csv into DIR.")]


# ------------------------------------------------------------------ tournaments


def list_command(db: DbOption = None, who: WhoOption = None,
                 ascii: AsciiOption = False, lang: OrgLangOption = None) -> None:
    """List the tournaments in the database, oldest first."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        infos = store.list_tournaments(d)
        if not infos:
            report(tr(language, "tcli-none-yet", url=d.url))
            return
        t = new_table(ascii)
        for col in (N_("tcli-col-slug"), N_("tcli-col-name"), N_("tcli-col-date"),
                    N_("tcli-col-ruleset"), N_("tcli-col-season"), N_("tcli-col-players"),
                    N_("tcli-col-rounds")):
            t.add_column(tr(language, col))
        for i in infos:
            t.add_row(i.slug, i.name, i.date.isoformat() if i.date else "", i.ruleset,
                      i.season or "", str(i.players), f"{i.rounds_drawn}/{i.rounds}")
        stdout_console().print(t)


def info_command(slug: SlugArg, db: DbOption = None, who: WhoOption = None,
                 lang: OrgLangOption = None) -> None:
    """A tournament's settings and its rounds (drawn, started, closed)."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        i = store.tournament_info(d, slug)
        rules = N_("tcli-info-rules-deals") if i.deals_per_round else N_("tcli-info-rules")
        draws = (tr(language, "tcli-info-fresh") if i.seed is None
                 else tr(language, "tcli-info-seed", seed=i.seed))
        lines = [f"{i.slug}: {i.name}",
                 tr(language, "tcli-info-where", date=i.date.isoformat() if i.date else "—",
                    place=i.place or "—", season=i.season or "—"),
                 tr(language, rules, game=i.game, ruleset=i.ruleset, rounds=i.rounds,
                    deals=i.deals_per_round, minutes=i.minutes_per_round,
                    brk=i.break_minutes) + f"; {draws}"
                 + ("; " + tr(language, "tcli-info-confirmed") if i.require_confirmation
                    else ""),
                 tr(language, "tcli-info-counts", players=i.players, drawn=i.rounds_drawn)]
        now = utcnow()
        for n in range(1, i.rounds_drawn + 1):
            c = store.round_clock(d, slug, n)
            lines.append("  " + tr(language, "tcli-info-round", round=n,
                                   clock=clock_line(c, now, language)))
        typer.echo("\n".join(lines))


# ---------------------------------------------------------------------- players

players_app = typer.Typer(cls=ListFirstGroup, no_args_is_help=True, help=(
    "The players (gracze) entered: `players SLUG` lists them; add, remove, import a CSV."))


@players_app.command("list")
def players_list(slug: SlugArg, db: DbOption = None, who: WhoOption = None,
                 ascii: AsciiOption = False, lang: OrgLangOption = None) -> None:
    """List the players entered, in order of entry."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        entries = store.players_of(d, slug)
        t = new_table(ascii, title=tr(language, "tcli-players-title", slug=slug,
                                      n=len(entries)),
                      title_justify="left", title_style="bold")
        for col in (N_("tcli-col-id"), N_("tcli-col-name"), N_("tcli-col-team")):
            t.add_column(tr(language, col))
        for e in entries:
            t.add_row(e.code, e.name, e.team or "")
        stdout_console().print(t)


@players_app.command("add")
def players_add(
    slug: SlugArg,
    code: Annotated[str, typer.Argument(metavar="ID", help="The player's id in the league "
                                        "(p1; letters, digits, - _ .).", show_default=False)],
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player's name.",
                                        show_default=False)],
    team: Annotated[str | None, typer.Option(
        "--team", help="The team (drużyna), at most 6 players (seed 000 \"Punktacja\" 1)."
    )] = None,
    db: DbOption = None,
    who: WhoOption = None,
    lang: OrgLangOption = None,
) -> None:
    """Enter a player (new to the league, or known by his id)."""
    language = org_lang(lang)
    with database(db, language) as d:
        store.add_player(d, slug, code, name, who=who_of(who), team=team)
        said = N_("tcli-entered-team") if team else N_("tcli-entered")
        report(tr(language, said, slug=slug, code=code, name=name, team=team))


@players_app.command("remove")
def players_remove(
    slug: SlugArg,
    code: Annotated[str, typer.Argument(metavar="ID", help="The player's id.",
                                        show_default=False)],
    db: DbOption = None,
    who: WhoOption = None,
    lang: OrgLangOption = None,
) -> None:
    """Withdraw a player who has not been seated yet."""
    language = org_lang(lang)
    with database(db, language) as d:
        store.remove_player(d, slug, code, who=who_of(who))
        report(tr(language, "tcli-withdrew", slug=slug, code=code))


def read_players_csv(path: str) -> list[tuple[str, str, str | None]]:
    """Rows ``id,name[,team]`` of a CSV file (a header row ``id,name,team`` is skipped)."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StoreError(Msg("err-cli-csv-utf8", "{path}: the file is not UTF-8 text",
                             path=path)) from None
    out: list[tuple[str, str, str | None]] = []
    for n, row in enumerate(csv.reader(text.splitlines()), 1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if n == 1 and cells[0].lower() == "id":
            continue
        if len(cells) < 2 or len(cells) > 3:
            raise StoreError(Msg("err-cli-csv-line", "{path}: line {n}: expected id,name,team "
                                 "— not {row}", path=path, n=n, row=repr(row)))
        team = cells[2] if len(cells) == 3 and cells[2] else None
        out.append((cells[0], cells[1], team))
    if not out:
        raise StoreError(Msg("err-cli-csv-empty", "{path}: no players (lines id,name,team)",
                             path=path))
    return out


@players_app.command("import")
def players_import(
    slug: SlugArg,
    file: Annotated[str, typer.Argument(metavar="FILE.csv", help="CSV lines id,name,team "
                                        "(team optional; a header line is skipped).",
                                        show_default=False)],
    db: DbOption = None,
    who: WhoOption = None,
    lang: OrgLangOption = None,
) -> None:
    """Enter every player of a CSV file — all of them, or none if one is refused."""
    language = org_lang(lang)
    with database(db, language) as d:
        rows = read_players_csv(file)
        store.add_players(d, slug, rows, who=who_of(who))
        report(tr(language, "tcli-imported", slug=slug, n=len(rows), file=file))


# ------------------------------------------------------------------------ teams

teams_app = typer.Typer(cls=ListFirstGroup, no_args_is_help=True, help=(
    "Teams (drużyny): `teams SLUG` lists them with their members; `teams set` moves a "
    "player."))


@teams_app.command("list")
def teams_list(slug: SlugArg, db: DbOption = None, who: WhoOption = None,
               ascii: AsciiOption = False, lang: OrgLangOption = None) -> None:
    """List the teams with their members (at most 6; the best 4 count)."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        entries = store.players_of(d, slug)
        teams: dict[str, list[str]] = {}
        for e in entries:
            if e.team:
                teams.setdefault(e.team, []).append(f"{e.code} {e.name}")
        t = new_table(ascii, title=tr(language, "tcli-teams-title", slug=slug, n=len(teams)),
                      title_justify="left", title_style="bold")
        for col in (N_("tcli-col-team"), N_("tcli-col-players"), N_("tcli-col-members")):
            t.add_column(tr(language, col))
        for team, members in teams.items():
            t.add_row(team, str(len(members)), ", ".join(members))
        alone = [e.code for e in entries if not e.team]
        if alone:
            t.add_row(tr(language, "tcli-no-team-row"), str(len(alone)), ", ".join(alone))
        stdout_console().print(t)


@teams_app.command("set")
def teams_set(
    slug: SlugArg,
    code: Annotated[str, typer.Argument(metavar="ID", help="The player's id.",
                                        show_default=False)],
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team; '-' for none.",
                                        show_default=False)],
    db: DbOption = None,
    who: WhoOption = None,
    lang: OrgLangOption = None,
) -> None:
    """Put a player in a team (at most 6 players a team), or in none (``-``)."""
    language = org_lang(lang)
    with database(db, language) as d:
        store.set_team(d, slug, code, None if team == "-" else team, who=who_of(who))
        said = N_("tcli-no-team") if team == "-" else N_("tcli-team")
        report(tr(language, said, slug=slug, code=code, team=team))


# ----------------------------------------------------------------------- seating


def _sitting_out(d: Any, slug: str) -> tuple[float, int]:
    """What a sitting-out player gets in the tournament's game (its tournament part's
    rules: Baśka's 4 place points and +40, RULES §10; Mariáš nothing, MARIAS §9)."""
    from stolik.tournament.games import tournament_game

    info = store.tournament_info(d, slug)
    part = tournament_game(info.game)
    rules = part.tournament_rules(part.load_ruleset(info.ruleset))
    return (float(rules.sitting_out[0]), int(rules.sitting_out[1]))


def _parse_manual(text: str, sit_out: str | None, sizes: tuple[int, ...] = (4,)
                  ) -> RoundPlan:
    """``--manual``: tables of the game's sizes (four; three or four at licitovaný,
    LICITOVANY §9)."""
    tables = []
    for n, part in enumerate(text.split(";"), 1):
        ids = [p for p in re.split(r"[\s,]+", part.strip()) if p]
        if len(ids) not in sizes:
            raise StoreError(Msg("err-cli-manual", "--manual: table {n} has {count} players, "
                                 "not {want} ({part})", n=n, count=len(ids),
                                 want="–".join(map(str, sizes)), part=repr(part.strip())))
        tables.append(tuple(ids))
    out = tuple(p for p in re.split(r"[\s,]+", sit_out or "") if p)
    return RoundPlan(tuple(tables), out)


def seat_command(
    slug: SlugArg,
    round: Annotated[int | None, typer.Option(
        "--round", "-n", min=1, help="The round; default: draw the next one.",
        show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", min=0, max=2**31 - 1, help="Seed of this draw, to reproduce one (default: "
        "from the tournament's seed, or fresh; the seed used is printed).",
        show_default=False)] = None,
    player: Annotated[str | None, typer.Option(
        "--player", metavar="ID", help="Print where this player sits (gdzie siedzę), "
        "every round drawn.")] = None,
    show: Annotated[bool, typer.Option(
        "--show", help="Print the plan of --round (default: every round) without "
        "drawing.")] = False,
    manual: Annotated[str | None, typer.Option(
        "--manual", metavar="TABLES", help="Seat by hand: tables separated by ';', four "
        "ids each by seat (\"p1 p2 p3 p4; p5 p6 p7 p8\").")] = None,
    sit_out: Annotated[str | None, typer.Option(
        "--sit-out", metavar="IDS", help="With --manual: the players sitting out "
        "(pauzują).")] = None,
    db: DbOption = None,
    who: WhoOption = None,
    lang: OrgLangOption = None,
) -> None:
    """Draw a round (losowanie): tables of four with the fewest repeat meetings,
    team-mates apart, sit-outs rotating; a drawn round is drawn again until it starts.
    Prints the plan (seat 1 deals first)."""
    language = org_lang(lang)
    with database(db, language) as d:
        names = {e.code: e.name for e in store.players_of(d, slug)}
        out = _sitting_out(d, slug)
        if player is not None:
            if player not in names:
                raise StoreError(Msg("err-cli-not-entered", "{slug}: player '{player}' is "
                                     "not entered in this tournament", slug=slug,
                                     player=player))
            typer.echo(where_do_i_sit(store.plans_of(d, slug), player, names, language))
            return
        if show:
            plans = store.plans_of(d, slug)
            if not plans:
                raise StoreError(Msg("err-cli-no-round", "{slug}: no round is drawn yet "
                                     "(`seat {slug}` draws one)", slug=slug))
            if round is not None and round > len(plans):
                raise StoreError(Msg("err-cli-round-not-drawn", "{slug}: round {round} is "
                                     "not drawn yet ({n} drawn)", slug=slug, round=round,
                                     n=len(plans)))
            numbers = [round] if round is not None else list(range(1, len(plans) + 1))
            typer.echo("\n\n".join(format_round(plans[n - 1], names, number=n, lang=language,
                                                sitting_out=out) for n in numbers))
            return
        from stolik.tournament.games import tournament_game

        sizes = tournament_game(store.tournament_info(d, slug).game).TABLE_SEATS
        plan = _parse_manual(manual, sit_out, sizes) if manual is not None else None
        if plan is None and sit_out is not None:
            raise StoreError(Msg("err-cli-sit-out", "--sit-out goes with --manual"))
        before = len(store.plans_of(d, slug))
        drawn = store.seat_round(d, slug, round, who=who_of(who), seed=seed, plan=plan)
        number = round or before + 1
        typer.echo(format_round(drawn, names, number=number, lang=language, sitting_out=out))
        if plan is None:
            used = store.round_seeds(d, slug)[number]
            typer.echo(tr(language, "tcli-seed", seed=used, round=number))
        if round is not None and round <= before:
            report(tr(language, "tcli-redrawn", slug=slug, round=number))


# ----------------------------------------------------------------------- events

event_app = typer.Typer(cls=ListFirstGroup, no_args_is_help=True, help=(
    "Events (zdarzenia, seed 000 §7q–t): late (spóźnienie), left (opuścił stolik), "
    "excluded (wykluczony, yellow card); warning (napomenutí: a Mariáš player is excluded "
    "only after one, seed 002 §2). `event SLUG` lists them."))


@event_app.command("add")
def event_add(
    slug: SlugArg, round: RoundArg, table: TableArg,
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="The player's id.",
                                          show_default=False)],
    kind: Annotated[str, typer.Argument(
        metavar="late|left|excluded|warning", help="late: N minutes late (>5: -15, >10: "
        "the series is over); left: after N deals; excluded: for foul play after N deals "
        "(default: the deals recorded), a yellow card and a three-tournament ban; in a "
        "Mariáš tournament excluded from the tournament, only after a warning (napomenutí, "
        "seed 002 §2), the round's money standing.",
        show_default=False)],
    value: Annotated[int | None, typer.Argument(
        metavar="[N]", help="Minutes late, or deals played before leaving.",
        show_default=False)] = None,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Record an event at a table; the table is scored again with it."""
    language = org_lang(lang)
    with database(db, language) as d:
        ev = store.add_event(d, slug, round, table, player, kind, value, who=who_of(who))
        report(tr(language, "tcli-event", slug=slug, id=ev.id, round=round, table=table,
                  player=player, kind=kind) + (f" {value}" if value is not None else ""))


@event_app.command("list")
def event_list(slug: SlugArg, db: DbOption = None, who: WhoOption = None,
               ascii: AsciiOption = False, lang: OrgLangOption = None) -> None:
    """List the recorded events, round by round (ids for `event remove`)."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        events = store.events_of(d, slug)
        t = new_table(ascii, title=tr(language, "tcli-events", slug=slug, n=len(events)),
                      title_justify="left", title_style="bold")
        for col in (N_("tcli-col-id"), N_("tcli-col-round"), N_("tcli-col-table"),
                    N_("tcli-col-player"), N_("tcli-col-event"), N_("tcli-col-n")):
            t.add_column(tr(language, col))
        for e in events:
            t.add_row(str(e.id), str(e.round), str(e.table), e.player, e.kind,
                      "" if e.value is None else str(e.value))
        stdout_console().print(t)


@event_app.command("remove")
def event_remove(
    slug: SlugArg,
    event_id: Annotated[int, typer.Argument(metavar="ID", help="The event's id "
                                            "(`event list`).", show_default=False)],
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Remove a recorded event."""
    language = org_lang(lang)
    with database(db, language) as d:
        store.remove_event(d, slug, event_id, who=who_of(who))
        report(tr(language, "tcli-event-removed", slug=slug, id=event_id))


# -------------------------------------------------------------------- standings


def standings_command(
    slug: Annotated[str | None, typer.Argument(
        metavar="[SLUG]", help="The tournament (or give --season).", show_default=False)
    ] = None,
    season: Annotated[str | None, typer.Option(
        "--season", metavar="NAME", help="Season standings (tournaments summed; "
        "yellow-card bans enforced).")] = None,
    as_json: JsonFlag = False,
    csv_dir: CsvOption = None,
    tables: Annotated[bool, typer.Option(
        "--tables", help="Also print every round's tables and the events.")] = False,
    db: DbOption = None, who: WhoOption = None,
    ascii: AsciiOption = False,
    lang: OrgLangOption = None,
) -> None:
    """Standings (klasyfikacja): players by place points, then table points; teams by
    their best 4 (RULES §10); a Mariáš tournament by money, ties by the best round, then
    the second best (MARIAS §10). Deals started after a round's limit do not count."""
    from stolik.cli.tournament_report import (
        _render_standings,
        _render_tables,
        report_document,
    )

    del who
    language = org_lang(lang)
    if (slug is None) == (season is None):
        raise fail(tr(language, N_("tcli-standings-both") if slug
                      else N_("tcli-standings-neither")))
    with database(db, language) as d:
        if season is not None:
            results, st = store.season_of(d, season)
            if csv_dir is not None:
                write_csv(st, csv_dir)
            if as_json:
                typer.echo(json.dumps({"season": season, "tournaments": [
                    r.tournament.source for r in results], **st.to_json()},
                    ensure_ascii=False, indent=1))
                return
            console = stdout_console()
            console.print(Text(tr(language, "tcli-season", season=season, n=len(results)),
                               style="bold"))
            _render_standings(st, console, ascii, tr(language, "tcli-players-season"),
                              language)
            return
        assert slug is not None
        res, st = store.result_of(d, slug)
        if csv_dir is not None:
            write_csv(st, csv_dir)
        t = res.tournament
        if as_json:
            typer.echo(json.dumps(report_document(res, st), ensure_ascii=False, indent=1))
            return
        console = stdout_console()
        head = f"{t.name}" + (f" — {t.date.isoformat()}" if t.date else "")
        info = store.tournament_info(d, slug)
        console.print(Text(tr(language, "tcli-head", head=head, ruleset=info.ruleset),
                           style="bold"))
        _render_standings(st, console, ascii, tr(language, "tcli-players"), language)
        if tables:
            _render_tables(res, console, ascii, language)


__all__ = ["event_app", "info_command", "list_command", "players_app", "seat_command",
           "standings_command", "teams_app"]
