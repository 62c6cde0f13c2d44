"""``stolik tournament round …`` and ``clock``: the round clock (zegar, seed 000 §7p;
seed 002 §1): start, extend, length, close, reopen, clock. A deal started after the limit
is flagged and does not count unless the round is extended; a deal begun before it is
finished and counts (MARIAS §9).

What they print is in the language of ``--lang`` / ``STOLIK_LANG`` (``pl`` by default,
``en``, ``cs``; issue 25.1), their refusals too. Apart from
:mod:`stolik.cli.tournament_db`, which it shares the database helpers with, so that module
stays small; ``info`` there prints each round's :func:`clock_line`.
"""

from __future__ import annotations

import datetime
from typing import Annotated

import typer

from stolik.cli.common import report
from stolik.cli.tournament_common import (
    DbOption,
    OrgLangOption,
    RoundArg,
    SlugArg,
    WhoOption,
    database,
    org_lang,
    parse_time,
    who_of,
)
from stolik.db.schema import utcnow
from stolik.i18n import tr
from stolik.tournament import store

__all__ = ["clock_line", "round_app", "round_clock"]


def _mmss(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def clock_line(c: store.RoundClock, now: datetime.datetime, lang: str = "en") -> str:
    """A round's clock at ``now`` in ``lang``: not started, starting, playing with the
    time left, the break, over (seed 000 §7p).

    >>> import datetime as dt
    >>> at = dt.datetime(2026, 12, 7, 18, 0)
    >>> c = store.RoundClock(at, 50, 5, 0)
    >>> clock_line(c, at + dt.timedelta(minutes=10), "cs")
    'začalo v 18:00:00 UTC, limit 18:50:00; hraje se, zbývá 40:00'
    >>> clock_line(c, at + dt.timedelta(minutes=10))
    'started 18:00:00 UTC, limit 18:50:00; playing (gra), 40:00 left'
    """
    phase = c.phase(now)
    if c.started_at is None or c.limit is None or c.break_end is None:
        return tr(lang, "tcli-clock-drawn")
    extra = (" " + tr(lang, "tcli-clock-extended", minutes=c.extra_minutes)
             if c.extra_minutes else "")
    limit = f"{c.limit:%H:%M:%S}{extra}"
    if now < c.started_at:
        left = int((c.started_at - now).total_seconds())
        return tr(lang, "tcli-clock-starts", at=f"{c.started_at:%H:%M:%S}", left=_mmss(left),
                  limit=limit)
    text = tr(lang, "tcli-clock-started", at=f"{c.started_at:%H:%M:%S}", limit=limit)
    if phase == "playing":
        return tr(lang, "tcli-clock-playing", clock=text, left=_mmss(c.remaining(now)))
    if phase == "break":
        left = int((c.break_end - now).total_seconds())
        return tr(lang, "tcli-clock-break", clock=text, left=_mmss(left))
    return tr(lang, "tcli-clock-over", clock=text)


def _said(slug: str, number: int, c: store.RoundClock, lang: str) -> None:
    typer.echo(tr(lang, "tcli-round-clock", slug=slug, round=number,
                  clock=clock_line(c, utcnow(), lang)))


round_app = typer.Typer(no_args_is_help=True, help=(
    "The round clock (zegar, seed 000 §7p): start, extend, length, close, reopen, clock. A "
    "deal started after the limit is flagged and does not count unless the round is "
    "extended; a deal begun before it is finished and counts (MARIAS §9)."))


@round_app.command("start")
def round_start(
    slug: SlugArg, number: RoundArg,
    at: Annotated[str | None, typer.Option(
        "--at", metavar="TIME", help="When it started (HH:MM or YYYY-MM-DDTHH:MM, UTC); "
        "default: now.")] = None,
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Start the round's clock: play for the tournament's minutes, then the break."""
    language = org_lang(lang)
    with database(db, language) as d:
        c = store.start_round(d, slug, number, who=who_of(who), at=parse_time(at, "--at"))
        _said(slug, number, c, language)


@round_app.command("extend")
def round_extend(
    slug: SlugArg, number: RoundArg,
    minutes: Annotated[int, typer.Argument(metavar="MINUTES", help="Minutes to add "
                                           "(negative takes back).", show_default=False)],
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """The referee's extension (przedłużenie): deals started before the new limit count."""
    language = org_lang(lang)
    with database(db, language) as d:
        c = store.extend_round(d, slug, number, minutes, who=who_of(who))
        _said(slug, number, c, language)


@round_app.command("length")
def round_length(
    slug: SlugArg, number: RoundArg,
    minutes: Annotated[int, typer.Argument(metavar="MINUTES", help="The round's length in "
                                           "minutes.", show_default=False)],
    db: DbOption = None, who: WhoOption = None, lang: OrgLangOption = None,
) -> None:
    """Set a drawn round's length before it starts (seed 002 §1: the organiser may change
    it with notice); a round already started is extended instead."""
    language = org_lang(lang)
    with database(db, language) as d:
        c = store.set_round_length(d, slug, number, minutes, who=who_of(who))
        typer.echo(tr(language, "tcli-round-length", slug=slug, round=number,
                      minutes=minutes, clock=clock_line(c, utcnow(), language)))


@round_app.command("close")
def round_close(slug: SlugArg, number: RoundArg, db: DbOption = None,
                who: WhoOption = None, lang: OrgLangOption = None) -> None:
    """Close the round: no more entries until it is reopened."""
    language = org_lang(lang)
    with database(db, language) as d:
        store.close_round(d, slug, number, who=who_of(who))
        report(tr(language, "tcli-round-closed", slug=slug, round=number))


@round_app.command("reopen")
def round_reopen(slug: SlugArg, number: RoundArg, db: DbOption = None,
                 who: WhoOption = None, lang: OrgLangOption = None) -> None:
    """Reopen a closed round for corrections."""
    language = org_lang(lang)
    with database(db, language) as d:
        store.reopen_round(d, slug, number, who=who_of(who))
        report(tr(language, "tcli-round-reopened", slug=slug, round=number))


@round_app.command("clock")
def round_clock(slug: SlugArg, number: RoundArg, db: DbOption = None,
                who: WhoOption = None, lang: OrgLangOption = None) -> None:
    """The round's clock: time left, or the phase (playing, break, over)."""
    del who
    language = org_lang(lang)
    with database(db, language) as d:
        _said(slug, number, store.round_clock(d, slug, number), language)
