"""``stolik tournament export|import|backup|restore|audit``: a tournament as a file, the
whole database as a backup, and the audit log (RULES §10, seed 000 §7m–w).

Apart from :mod:`stolik.cli.tournament_db`, whose database helpers they share, so that
each module stays small. What they print is in the language of ``--lang`` /
``STOLIK_LANG`` (``pl`` by default, ``en``, ``cs``; issue 25.1); the files they write and
the audit log's ``--json`` keep their English keys.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from stolik.cli.common import AsciiOption, new_table, report, stderr_console, stdout_console
from stolik.cli.tournament_common import (
    DbOption,
    OrgLangOption,
    SlugArg,
    WhoOption,
    database,
    org_lang,
    who_of,
)
from stolik.cli.tournament_db import CsvOption
from stolik.i18n import N_, tr
from stolik.tournament import store
from stolik.tournament.file import dumps_tournament, load_tournament, write_csv

__all__ = ["audit_command", "backup_command", "export_command", "import_command",
           "restore_command"]


# ------------------------------------------------------------- export / import


def export_command(
    slug: SlugArg,
    out: Annotated[str | None, typer.Option(
        "--out", "-o", metavar="FILE", help="Write the tournament file here (.toml or "
        ".json); default: TOML on stdout.")] = None,
    csv_dir: CsvOption = None,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Export the tournament as a tournament file (what `report` reads): the deals that
    count, the events and the sitting out."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        t = store.tournament_of(d, slug, complete=True)  # the whole draw (round-trips)
        fmt = "json" if out is not None and out.lower().endswith(".json") else "toml"
        text = dumps_tournament(t, fmt)
        if csv_dir is not None:
            _res, st = store.result_of(d, slug)
            write_csv(st, csv_dir)
        if out is None:
            typer.echo(text, nl=not text.endswith("\n"))
            return
        Path(out).write_text(text, encoding="utf-8")
        report(tr(language, "tcli-written", slug=slug, file=out))


def import_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A tournament file "
                                        "(TOML/JSON).", show_default=False)],
    slug: Annotated[str | None, typer.Option(
        "--slug", help="Its short name (default: from the file's name).",
        show_default=False)] = None,
    season: Annotated[str | None, typer.Option(
        "--season", metavar="NAME", help="The season it counts for.")] = None,
    place: Annotated[str | None, typer.Option("--place", help="Where it was played.")
                     ] = None,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Import a whole tournament file (checked by scoring it first); its rounds are
    closed. Players are matched by id with the league's players."""
    language = org_lang(lang)
    with database(db, language) as d:
        t = load_tournament(file)
        name = slug or re.sub(r"[^A-Za-z0-9_.-]+", "-", Path(file).stem).strip("-") or "t"
        store.import_tournament(d, t, name, who=who_of(who), season=season, place=place)
        players, rounds = len(t.players), len(t.rounds)  # (`t` inside tr() hides its id
        report(tr(language, "tcli-imported-tournament", file=file, name=name,  # from babel)
                  players=players, rounds=rounds))


# ------------------------------------------------------------ backup / restore


def backup_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help="The backup file (JSON).",
                                        show_default=False)],
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Back up the whole database to one portable JSON file (SQLite ↔ PostgreSQL)."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        with stderr_console().status(tr(language, "tcli-backing-up", url=d.url)):
            counts = store.backup(d, file)
        report(tr(language, "tcli-backed-up", rows=sum(counts.values()), tables=len(counts),
                  file=file))


def restore_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A backup file.",
                                        show_default=False)],
    replace: Annotated[bool, typer.Option(
        "--replace", help="Replace what the database holds (in the same transaction).")
    ] = False,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Restore a backup into an empty database (or replace what is there): all or
    nothing."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        with stderr_console().status(tr(language, "tcli-restoring", file=file, url=d.url)):
            counts = store.restore(d, file, replace=replace)
        report(tr(language, "tcli-restored", rows=sum(counts.values()), tables=len(counts),
                  url=d.url))


# -------------------------------------------------------------------------- audit


def _short(v: Any) -> str:
    if v is None:
        return "—"
    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False,
                                                   separators=(",", ":"))
    return text if len(text) <= 80 else text[:77] + "…"


def audit_command(slug: SlugArg, as_json: Annotated[bool, typer.Option(
        "--json", help="Print JSON: [{at, who, action, what, before, after}].")] = False,
        db: DbOption = None, who: WhoOption = None, ascii: AsciiOption = False,
        lang: OrgLangOption = None) -> None:
    """The audit log: every change, who made it, when, the value before → after."""
    from stolik.web.league.texts import audit_action, audit_what

    del who
    language = org_lang(lang)
    with database(db, language) as d:
        log = store.audit_log(d, slug)
        if as_json:
            typer.echo(json.dumps([{"at": a.at.isoformat(), "who": a.who, "action": a.action,
                                    "what": a.what, "before": a.before, "after": a.after}
                                   for a in log], ensure_ascii=False, indent=1))
            return
        t = new_table(ascii, title=tr(language, "tcli-audit-title", slug=slug),
                      title_justify="left", title_style="bold")
        for col in (N_("tcli-col-when"), N_("tcli-col-who"), N_("tcli-col-action"),
                    N_("tcli-col-what"), N_("tcli-col-change")):
            t.add_column(tr(language, col))
        for a in log:
            t.add_row(f"{a.at:%Y-%m-%d %H:%M:%S}", a.who, tr(language, audit_action(a.action)),
                      audit_what(language, a.what), f"{_short(a.before)} → {_short(a.after)}")
        stdout_console().print(t, soft_wrap=False)
