"""``stolik tournament …``: tournaments and leagues (RULES §10), a group whose commands are
each imported only when it runs (:mod:`stolik.cli.lazy`).

``report FILE`` and ``season FILE...`` (:mod:`stolik.cli.tournament_report`) score
tournament files: standings, every table, the events, yellow-card bans.

The commands that run a tournament in a database (``new``, ``players``, ``seat``,
``round``, ``sheet``, ``money`` (a Mariáš table's money sheet,
:mod:`stolik.cli.tournament_money`), ``event``, ``standings``, ``export``, ``import``, ``backup``,
``restore``, ``audit``) live in :mod:`stolik.cli.tournament_db`,
:mod:`stolik.cli.tournament_new`, :mod:`stolik.cli.tournament_round`,
:mod:`stolik.cli.tournament_archive` and :mod:`stolik.cli.tournament_sheet`, listed in
:data:`DB_COMMANDS` and imported only when one of them runs (``report`` and ``season``
need no database).
"""

from __future__ import annotations

import typer

from stolik.cli.lazy import LazyCommand, lazy_group

_DB = "stolik.cli.tournament_db"
_ROUND = "stolik.cli.tournament_round"
_ARCHIVE = "stolik.cli.tournament_archive"
DB_COMMANDS = {
    "new": LazyCommand("stolik.cli.tournament_new", "new_command", "Create a tournament "
                       "(turniej) in the database."),
    "list": LazyCommand(_DB, "list_command", "List the tournaments in the database, oldest "
                        "first."),
    "info": LazyCommand(_DB, "info_command", "A tournament's settings and its rounds "
                        "(drawn, started, closed)."),
    "seat": LazyCommand(_DB, "seat_command", "Draw a round (losowanie): tables of four with "
                        "the fewest repeat meetings, team-mates apart, sit-outs rotating; a "
                        "drawn round is drawn again until it starts. Prints the plan (seat 1 "
                        "deals first)."),
    "clock": LazyCommand(_ROUND, "round_clock", "The round's clock: time left, or the phase (= "
                         "`round clock`).", command_help="The round's clock: time left, or "
                         "the phase (= `round clock`)."),
    "standings": LazyCommand(_DB, "standings_command", "Standings (klasyfikacja): players by "
                             "place points, then table points; teams by their best 4 (RULES "
                             "§10); a Mariáš tournament by money, ties by the best round, "
                             "then the second best (MARIAS §10). Deals started after a "
                             "round's limit do not count."),
    "export": LazyCommand(_ARCHIVE, "export_command", "Export the tournament as a tournament file "
                          "(what `report` reads): the deals that count, the events and the "
                          "sitting out."),
    "import": LazyCommand(_ARCHIVE, "import_command", "Import a whole tournament file (checked by "
                          "scoring it first); its rounds are closed. Players are matched by "
                          "id with the league's players."),
    "backup": LazyCommand(_ARCHIVE, "backup_command", "Back up the whole database to one portable "
                          "JSON file (SQLite ↔ PostgreSQL)."),
    "restore": LazyCommand(_ARCHIVE, "restore_command", "Restore a backup into an empty database "
                           "(or replace what is there): all or nothing."),
    "audit": LazyCommand(_ARCHIVE, "audit_command", "The audit log: every change, who made it, "
                         "when, the value before → after."),
    "players": LazyCommand(_DB, "players_app", "The players (gracze) entered: `players SLUG` "
                           "lists them; add, remove, import a CSV."),
    "teams": LazyCommand(_DB, "teams_app", "Teams (drużyny): `teams SLUG` lists them with "
                         "their members; `teams set` moves a player."),
    "round": LazyCommand(_ROUND, "round_app", "The round clock (zegar, seed 000 §7p): start, "
                         "extend, length, close, reopen, clock. A deal started after the "
                         "limit is flagged and does not count unless the round is extended; "
                         "a deal begun before it is finished and counts (MARIAS §9)."),
    "sheet": LazyCommand("stolik.cli.tournament_sheet", "sheet_app", "A table's score sheet "
                         "(zapis gry): `sheet SLUG ROUND TABLE` prints it; add, correct, "
                         "delete, confirm deals; totals; record (a deal-record file)."),
    "event": LazyCommand(_DB, "event_app", "Events (zdarzenia, seed 000 §7q–t): late "
                         "(spóźnienie), left (opuścił stolik), excluded (wykluczony, yellow "
                         "card); warning (napomenutí: a Mariáš player is excluded only after "
                         "one, seed 002 §2). `event SLUG` lists them."),
    "money": LazyCommand("stolik.cli.tournament_money", "money_app", "A table's money sheet "
                         "in a Mariáš tournament (stolový lístek, MARIAS §7): `money SLUG "
                         "ROUND TABLE` prints it; final, topup, leader, hand-in; "
                         "--equal-share (seed 002 §10)."),
}
"""The commands over the database, imported (with SQLAlchemy) only when one runs."""

_FILES = "stolik.cli.tournament_report"
COMMANDS = {
    "report": LazyCommand(_FILES, "report_command", "Score a tournament file: players (place "
                          "points, then table points), teams (best 4), each round's tables, "
                          "and the events (late, left, excluded, sitting out; RULES §10)."),
    "season": LazyCommand(_FILES, "season_command", "Season standings: tournaments summed, "
                          "individual and team; a player seated during a yellow-card ban "
                          "(three tournaments, seed 000 §7t) is refused."),
    **DB_COMMANDS,
}
"""Every ``stolik tournament`` command, imported only when it runs: ``tournament new``
loads neither the scoring of files nor the ORM (issue 9.5)."""

app = typer.Typer(
    cls=lazy_group(COMMANDS),
    help="Tournaments and leagues (RULES §10): standings from a tournament file (report, "
    "season), and running a tournament in a database (new, players, seat, round, sheet, "
    "event, standings, export, backup, …; SQLite stolik.db by default, --db or $STOLIK_DB "
    "for another file or PostgreSQL).",
    no_args_is_help=True,
)
