"""What the database-backed ``stolik tournament`` commands share: ``--db`` and ``--who``,
opening the database, one-line errors, a group whose first argument may be a tournament
(``players SLUG`` lists, ``players add SLUG …`` adds), and ``KEY=VALUE`` parsing.

>>> parse_pairs(["contract=gran", "declarer=2", "points=61", "starzy=0,2", "level=-1"])
{'contract': 'gran', 'declarer': 2, 'points': 61, 'starzy': [0, 2], 'level': -1}
>>> parse_pairs(["points"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.tournament.store_core.StoreError: 'points': a sheet line is KEY=VALUE ...
"""

from __future__ import annotations

import datetime
import getpass
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from stolik.cli.common import DbOption, report, user_errors
from stolik.db import resolve_url
from stolik.db.clock import utcnow
from stolik.i18n import N_, Msg
from stolik.tournament.store_core import StoreError

if TYPE_CHECKING:
    from stolik.db import Database
    from stolik.tournament.sqlite_fast import FastSqlite

__all__ = ["DbOption", "ListFirstGroup", "OrgLangOption", "SlugArg", "WhoOption",
           "core_database", "database", "org_lang", "parse_date", "parse_pairs", "parse_time",
           "who_of"]

WHO_ENV = "STOLIK_WHO"

WhoOption = Annotated[str | None, typer.Option(
    "--who", metavar="NAME", help="Who makes the change, for the audit log (default: "
    "$STOLIK_WHO, else your login name).", show_default=False)]

SlugArg = Annotated[str, typer.Argument(
    metavar="SLUG", help="The tournament's short name (as given to `new`).",
    show_default=False)]

RoundArg = Annotated[int, typer.Argument(metavar="ROUND", help="Round number (runda), 1…",
                                         min=1, show_default=False)]
TableArg = Annotated[int, typer.Argument(metavar="TABLE", help="Table number (stolik), 1…",
                                         min=1, show_default=False)]


OrgLangOption = Annotated[str | None, typer.Option(
    "--lang", envvar="STOLIK_LANG", metavar="LANG", help="The language it prints in: pl "
    "(default), en or cs; default $STOLIK_LANG.", show_default=False)]
"""``--lang`` of the organiser's commands (issue 25.1: ``new``, ``players``, ``teams``,
``seat``, ``round``, ``event``, ``standings``), :func:`org_lang`."""


def org_lang(asked: str | None) -> str:
    """The language an organiser's command prints in: ``--lang`` (or ``$STOLIK_LANG``,
    which typer reads for it) when a catalog is whole for it — ``pl``, ``en``, ``cs`` —
    else Polish, the leagues' language (issue 25.1).

    >>> org_lang("cs"), org_lang("en"), org_lang(None), org_lang("xx")
    ('cs', 'en', 'pl', 'pl')
    """
    from stolik.i18n import screen_lang

    return screen_lang(asked)


def who_of(who: str | None) -> str:
    """``--who``, else ``$STOLIK_WHO``, else the login name."""
    if who and who.strip():
        return who.strip()
    env = os.environ.get(WHO_ENV, "").strip()
    if env:
        return env
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "referee"


@contextmanager
def database(db: str | None, lang: str | None = None) -> Iterator[Database]:
    """Open (and create or migrate) the database of ``--db``/``$STOLIK_DB``/``stolik.db``
    and turn every user's mistake — and a database that refuses a write — into one line on
    stderr with exit status 1, in ``lang`` where the mistake has a catalog code (else as
    :func:`~stolik.cli.common.user_errors` chooses). The database is closed afterwards."""
    from sqlalchemy.exc import SQLAlchemyError

    from stolik.db import open_database

    with user_errors(lang):
        try:
            database = open_database(resolve_url(db), migrate=True)
        except SQLAlchemyError as e:
            raise StoreError(Msg("err-cli-db-open", "--db: cannot open the database: {why}",
                                 why=_first_line(e))) from None
        try:
            yield database
        except SQLAlchemyError as e:
            raise StoreError(Msg("err-cli-db-refused", "{url}: the database refused: {why}",
                                 url=str(database.url), why=_first_line(e))) from None
        finally:
            database.dispose()


@contextmanager
def core_database(db: str | None, lang: str | None = None
                  ) -> Iterator[Database | FastSqlite]:
    """As :func:`database`, for the writes of :mod:`stolik.tournament.store_core` alone
    (``tournament new``, ``sheet add``): a SQLite file at head opens on the standard
    library without SQLAlchemy (:func:`stolik.tournament.sqlite_fast.open_fast`, issue
    9.5), with the same one-line errors; anything else opens as :func:`database` does."""
    import sqlite3

    from stolik.tournament.sqlite_fast import open_fast

    with user_errors(lang):
        fast = open_fast(resolve_url(db))
    if fast is None:
        with database(db, lang) as d:
            yield d
        return
    with user_errors(lang):
        try:
            yield fast
        except sqlite3.Error as e:
            raise StoreError(Msg("err-cli-db-refused", "{url}: the database refused: {why}",
                                 url=str(fast.url), why=_first_line(e))) from None
        finally:
            fast.dispose()


def _first_line(e: Exception) -> str:
    orig = getattr(e, "orig", None)
    text = str(orig if orig is not None else e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def fail(message: str) -> typer.Exit:
    """Report ``message`` (one line on stderr) and return the exit to raise."""
    report(message)
    return typer.Exit(1)


class ListFirstGroup(TyperGroup):
    """A group whose first argument may be a tournament instead of a sub-command: then its
    ``list`` sub-command runs (``players SLUG`` = ``players list SLUG``)."""

    default_command = "list"

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Insert the default sub-command before a first argument that names none."""
        if args and not args[0].startswith("-") and args[0] not in self.commands:
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)


class ShowFirstGroup(ListFirstGroup):
    """As :class:`ListFirstGroup`, with ``show`` as the default (``sheet SLUG R T``)."""

    default_command = "show"


def parse_date(text: str | None) -> datetime.date | None:
    """``--date``: ``YYYY-MM-DD``."""
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise StoreError(Msg("err-cli-date", "--date: {text} is not a date YYYY-MM-DD",
                             text=repr(text))) from None


def parse_time(text: str | None, what: str) -> datetime.datetime | None:
    """A UTC time ``YYYY-MM-DDTHH:MM[:SS]`` (or ``HH:MM`` today, UTC), naive."""
    if text is None:
        return None
    try:
        if re.fullmatch(r"\d{1,2}:\d{2}(:\d{2})?", text):
            t = datetime.time.fromisoformat(text.zfill(5) if len(text) == 4 else text)
            return datetime.datetime.combine(utcnow().date(), t)
        value = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise StoreError(Msg("err-cli-time", "{what}: {text} is not a time (HH:MM or "
                             "YYYY-MM-DDTHH:MM, UTC)", what=what, text=repr(text))) from None
    if value.tzinfo is not None:
        value = value.astimezone(datetime.UTC).replace(tzinfo=None)
    return value


def _value(text: str) -> Any:
    """A ``KEY=VALUE`` value: a whole number, a list of them (``0,2`` or ``[0,2]``), or
    text."""
    raw = text.strip()
    inner = raw[1:-1] if raw.startswith("[") and raw.endswith("]") else raw
    if "," in inner or raw.startswith("["):
        # One level only: "[[[…]]]" typed 2,000 deep was a RecursionError (issue 9.15).
        return [_number_or_text(p.strip()) for p in inner.split(",") if p.strip()]
    return _number_or_text(raw)


def _number_or_text(raw: str) -> Any:
    """A whole number written in ASCII digits (at most 19), else the text itself."""
    body = raw.removeprefix("-")
    if body.isascii() and body.isdigit() and len(body) <= 19:
        return int(raw)
    return raw


def parse_pairs(pairs: Sequence[str], *, allowed: Sequence[str] | None = None
                ) -> dict[str, Any]:
    """``KEY=VALUE`` words as a dict (a sheet line: ``contract=gran declarer=2 points=61``);
    with ``allowed`` (the game's keys: its tournament part's ``LINE_KEYS``), unknown keys
    are refused."""
    out: dict[str, Any] = {}
    for word in pairs:
        key, eq, value = word.partition("=")
        key = key.strip()
        if not eq or not key:
            raise StoreError(
                Msg("err-cli-line-keys", "{word}: a sheet line is KEY=VALUE words, e.g. "
                    "contract=gran declarer=2 points=61 (keys: {keys})", word=repr(word),
                    keys=", ".join(allowed)) if allowed else
                Msg("err-cli-line-form", "{word}: a sheet line is KEY=VALUE words, e.g. "
                    "contract=gran declarer=2 points=61", word=repr(word)))
        if allowed is not None and key not in allowed:
            raise StoreError(Msg("err-cli-line-unknown", "{word}: unknown key '{key}' — a "
                                 "sheet line has {keys}", word=repr(word), key=key,
                                 keys=", ".join(allowed)))
        if key in out:
            raise StoreError(Msg("err-cli-line-twice", "{word}: '{key}' is given twice",
                                 word=repr(word), key=key))
        out[key] = _value(value)
    if not out:
        raise StoreError(Msg("err-cli-line-none", "no sheet line given: KEY=VALUE words, "
                             "e.g. contract=gran declarer=2 points=61"))
    return out


_EVENT_WORDS = {"late": N_("tsheet-ev-late"), "late-over": N_("tsheet-ev-late-over"),
                "left": N_("tsheet-ev-left"), "left-early": N_("tsheet-ev-left-early"),
                "excluded": N_("tsheet-ev-excluded"), "sitting-out": N_("tsheet-ev-sitting-out"),
                "warning": N_("tsheet-ev-warning")}
"""The message of each event kind (seed 000 §7q–w, seed 002 §2) in :func:`event_text`."""


def event_text(e: Any, lang: str) -> str:
    """A round's event (:class:`stolik.tournament.model.Event`) in ``lang``'s words, as
    :meth:`~stolik.tournament.model.Event.text` says it in English (issue 25.2: the
    table sheet printed it in English under Polish columns).

    >>> from stolik.tournament.model import Event, EventKind
    >>> event_text(Event(EventKind.LATE, "p3", 1, 2, 7), "pl")
    'runda 1, stolik 2: p3 spóźnienie 7 min'
    >>> event_text(Event(EventKind.LATE, "p3", 1, 2, 7), "en") == Event(
    ...     EventKind.LATE, "p3", 1, 2, 7).text()
    True
    """
    from stolik.i18n import place, tr

    kind = str(getattr(e.kind, "value", e.kind))
    where = place(lang, f"round {e.round}" + (f", table {e.table}" if e.table else ""))
    key = _EVENT_WORDS[kind]
    if kind == "excluded" and e.value is None:
        key = N_("tsheet-ev-excluded-now")
    return f"{where}: {e.player} {tr(lang, key, value=e.value)}"
