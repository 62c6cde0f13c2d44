"""``stolik tournament report|season``: tournament and season standings from tournament
files (RULES §10), no database.

``report FILE`` scores one tournament file (TOML or JSON, :mod:`stolik.tournament.file`):
players ranked by place points then table points, teams (best 4 players), every table of
every round, and the events (late, left, excluded, sitting out). ``season FILE...`` sums
tournaments in order and enforces yellow-card bans. Bad input: one line, exit status 1.
Imported only when one of them (or ``standings``, which prints the same way) runs.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from stolik.cli.common import AsciiOption, new_table, stdout_console, user_errors
from stolik.cli.tournament_common import OrgLangOption, event_text, org_lang
from stolik.i18n import N_
from stolik.i18n import number as fmt
from stolik.i18n import tr as say
from stolik.tournament.file import load_tournament, write_csv
from stolik.tournament.games import tournament_game
from stolik.tournament.scoring import TournamentResult, score_tournament
from stolik.tournament.standings import Standings, season_standings, tournament_standings

__all__ = ["report_command", "report_document", "season_command"]

JsonOption = Annotated[bool, typer.Option(
    "--json", help="Print JSON: players [{id, place_points, table_points, rank, …}], "
    "teams [{team, score, rank, …}].")]


def _columns(lang: str, *cols: tuple[str, str]) -> list[tuple[str, str]]:
    """Column headers (message ids, ``#`` as it is) in ``lang``, with their justify."""
    return [(col if col == "#" else say(lang, col), just) for col, just in cols]


def _render_money(st: Standings, console: Console, ascii: bool, title: str,
                  lang: str = "en") -> None:
    """A money tournament's standings (MARIAS §10): the sum of the round results in Kč,
    each round's result, ties by the best round, then the second best; in ``lang``."""
    t = new_table(ascii, title=title, title_justify="left", title_style="bold")
    for col, just in _columns(lang, ("#", "right"), (N_("tcli-col-id"), "left"),
                              (N_("tcli-col-player"), "left"), (N_("tcli-col-kc"), "right"),
                              (N_("tcli-col-rounds-kc"), "left"),
                              (N_("tcli-col-played"), "right")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for p in st.players:
        name = say(lang, N_("tcli-excluded"), name=p.name) if p.excluded else p.name
        t.add_row(str(p.rank), p.id, name, st.amount(p.table_points),
                  " ".join(st.amount(x) for x in p.rounds), str(p.played))
    console.print(t)


def _render_standings(st: Standings, console: Console, ascii: bool, title: str,
                      lang: str = "en") -> None:
    """The standings table (players; teams by their best 4, RULES §10) in ``lang``."""
    if st.unit != "points":
        _render_money(st, console, ascii, title, lang)
        return
    t = new_table(ascii, title=title, title_justify="left", title_style="bold")
    for col, just in _columns(lang, ("#", "right"), (N_("tcli-col-id"), "left"),
                              (N_("tcli-col-player"), "left"), (N_("tcli-col-team"), "left"),
                              (N_("tcli-col-place-pts"), "right"),
                              (N_("tcli-col-table-pts"), "right"),
                              (N_("tcli-col-played"), "right")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for p in st.players:
        t.add_row(str(p.rank), p.id, p.name, p.team or "", fmt(lang, p.place_points),
                  str(p.table_points), str(p.played))
    console.print(t)
    if st.teams:
        tt = new_table(ascii, title=say(lang, N_("tcli-teams")), title_justify="left",
                       title_style="bold")
        for col, just in _columns(lang, ("#", "right"), (N_("tcli-col-team"), "left"),
                                  (N_("tcli-col-score"), "right"),
                                  (N_("tcli-col-table-pts"), "right"),
                                  (N_("tcli-col-counted"), "left")):
            tt.add_column(col, justify=just)  # type: ignore[arg-type]
        for tm in st.teams:
            tt.add_row(str(tm.rank), tm.team, fmt(lang, tm.score), str(tm.table_points),
                       " ".join(tm.counted))
        console.print(tt)


def _render_tables(res: TournamentResult, console: Console, ascii: bool,
                   lang: str = "en") -> None:
    """Every round's tables and the events, in ``lang``."""
    part = tournament_game(res.tournament.game)
    for r in res.rounds:
        t = new_table(ascii, title=say(lang, N_("seat-round"), number=r.number),
                      title_justify="left", title_style="bold")
        money = part.UNIT != "points"
        for col in (N_("tcli-col-table"), N_("tcli-col-from"), N_("tcli-col-deals"),
                    N_("tcli-col-seats-kc") if money else N_("tcli-col-seats-points")):
            t.add_column(say(lang, col))
        for tr in r.tables:
            cells = ", ".join(f"{p} {part.amount_text(tp)}" if money else
                              f"{p} {tp:+d}/{fmt(lang, pp)}" for p, tp, pp in
                              zip(tr.seats, tr.table_points, tr.place_points, strict=True))
            deals = "—" if tr.source in ("totals", "none") and not tr.deals_played else str(
                tr.deals_played)
            source = say(lang, _SOURCES[tr.source]) if tr.source in _SOURCES else tr.source
            t.add_row(str(tr.table), source, deals, cells)
        if r.sitting_out:  # the game's due (issue 25.2: a Mariáš sit-out showed "+0/0")
            pp, tp = r.sitting_out_points
            t.add_row("—", say(lang, N_("tcli-sitting-out")), "", ", ".join(
                f"{p} {part.amount_text(tp)}" if money else f"{p} {tp:+d}/{fmt(lang, pp)}"
                for p in r.sitting_out))
        console.print(t)
    if res.events:
        console.print(Text(say(lang, N_("tcli-events-head")), style="bold"))
        for e in res.events:
            console.print(Text("  " + event_text(e, lang)))


_SOURCES = {"deals": N_("tcli-src-deals"), "sheet": N_("tcli-src-sheet"),
            "totals": N_("tcli-src-totals"), "none": N_("tcli-src-none")}
"""Where a table's result came from (the deals, the sheet's lines, the totals only), in
the report's words (issue 25.2: the record's keys were printed)."""


def report_document(res: TournamentResult, st: Standings) -> dict[str, object]:
    """The JSON of ``report --json`` (and ``standings --json``): name, ruleset, date,
    players, teams, events, yellow cards."""
    t = res.tournament
    return {"name": t.name, "game": t.game, "ruleset": t.ruleset,
            "date": t.date.isoformat() if t.date else None, **st.to_json(),
            "events": [{"kind": str(e.kind), "player": e.player, "round": e.round,
                        "table": e.table, "value": e.value} for e in res.events],
            "yellow_cards": list(res.yellow_cards)}


def report_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A tournament file (TOML/JSON).",
                                        show_default=False)],
    as_json: JsonOption = False,
    csv_dir: Annotated[str | None, typer.Option(
        "--csv", metavar="DIR", help="Also write players.csv and teams.csv into DIR.")] = None,
    ascii: AsciiOption = False, lang: OrgLangOption = None,
) -> None:
    """Score a tournament file: players (place points, then table points), teams (best 4),
    each round's tables, and the events (late, left, excluded, sitting out; RULES §10)."""
    language = org_lang(lang)  # Polish by default, as the organiser's commands (25.2)
    with user_errors(language):
        t = load_tournament(file)
        res = score_tournament(t)
        st = tournament_standings(res)
        if csv_dir is not None:
            write_csv(st, csv_dir)
        if as_json:
            typer.echo(json.dumps(report_document(res, st), ensure_ascii=False, indent=1))
            return
        console = stdout_console()
        head = f"{t.name}" + (f" — {t.date.isoformat()}" if t.date else "")
        console.print(Text(say(language, "tcli-head", head=head, ruleset=t.ruleset),
                           style="bold"))
        _render_standings(st, console, ascii, say(language, "tcli-players"), language)
        _render_tables(res, console, ascii, language)


def season_command(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", help="Tournament files, in the season's order.",
        show_default=False)],
    as_json: JsonOption = False,
    csv_dir: Annotated[str | None, typer.Option(
        "--csv", metavar="DIR", help="Also write players.csv and teams.csv into DIR.")] = None,
    ascii: AsciiOption = False, lang: OrgLangOption = None,
) -> None:
    """Season standings: tournaments summed, individual and team; a player seated during a
    yellow-card ban (three tournaments, seed 000 §7t) is refused."""
    language = org_lang(lang)
    with user_errors(language):
        results = [score_tournament(load_tournament(f)) for f in files]
        st = season_standings(results)
        if csv_dir is not None:
            write_csv(st, csv_dir)
        if as_json:
            typer.echo(json.dumps({"tournaments": [r.tournament.name for r in results],
                                   **st.to_json()}, ensure_ascii=False, indent=1))
            return
        console = stdout_console()
        console.print(Text(say(language, N_("tcli-season-files"), n=len(results)), style="bold"))
        _render_standings(st, console, ascii, say(language, "tcli-players-season"), language)
