"""Pieces every command shares: consoles, the one-line error report, ruleset loading (of
any game, through the game registry :mod:`stolik.games`).

A user's mistake (:class:`~stolik.errors.StolikError`, an unreadable or unwritable file) is
printed as one line on stderr and ends the command with exit status 1 — never a traceback.

>>> fmt_number(6.0), fmt_number(1.3333333333333333), fmt_number(-4)
('6', '1.33', '-4')
>>> seat_name(("Ala", "Bo", "Cel", "Dar"), 2), seat_name(None, 2), seat_name(None, 2, first=1)
('Cel', 'seat 2', 'seat 3')
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stolik.errors import StolikError, one_line
from stolik.games import GameSpec, find_ruleset, games

# Rich is imported when a console or a table is made: a command that prints one line
# (``tournament sheet add``) never loads it (issue 9.5).
if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.table import Table

EXIT_USER_ERROR = 1
"""Exit status for bad input (usage errors keep Typer's 2)."""

WIDE = 200
"""Console width for the score sheet when stdout is not a terminal (a file or a pipe):
its wide table is written whole instead of being squeezed into 80 columns."""

TEXT_WIDTH = 120
"""Console width for text when stdout is not a terminal."""

PARA_WIDTH = 100
"""Paragraphs wrap at this width at most."""

RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset", "-r", metavar="ID|PATH",
        help="Ruleset id (" + ", ".join(r for g in games() for r in g.rulesets())
        + ") or the path of your own ruleset .toml file; the ruleset selects the game.",
        show_default=False,
    ),
]

AsciiOption = Annotated[
    bool,
    typer.Option("--ascii", help="Plain ASCII: suit letters C S H D and ASCII table borders."),
]

DbOption = Annotated[str | None, typer.Option(
    "--db", metavar="URL", help="Database: a SQLite file or a postgresql:// URL "
    "(default: $STOLIK_DB, else stolik.db).", show_default=False)]
"""``--db`` of every command over the database (``serve``, ``referee``, ``tournament``)."""

LangOption = Annotated[str | None, typer.Option(
    "--lang", envvar="STOLIK_LANG", metavar="LANG", help="The language of a refused "
    "record's line: en (default), pl, or cs (Czech: Mariáš); default $STOLIK_LANG.",
    show_default=False)]
"""``--lang`` of ``stolik replay`` and ``stolik check`` (:func:`user_errors`)."""


def stdout_console(*, width: int = TEXT_WIDTH) -> Console:
    """A console on the current stdout (looked up now, so test runners can capture it).
    Off a terminal it is ``width`` columns wide (Rich would assume 80)."""
    from rich.console import Console

    console = Console(file=sys.stdout, highlight=False)
    if not console.is_terminal:
        console = Console(file=sys.stdout, highlight=False, width=width)
    return console


def stderr_console() -> Console:
    """A console on the current stderr (progress bars and warnings)."""
    from rich.console import Console

    return Console(file=sys.stderr, highlight=False)


def new_table(ascii: bool = False, **options: Any) -> Table:
    """A table in the house style: a rule under the header (``+-|`` borders with
    ``--ascii``), bold headers."""
    from rich import box
    from rich.table import Table

    options.setdefault("header_style", "bold")
    options.setdefault("padding", (0, 1))
    return Table(box=box.ASCII if ascii else box.SIMPLE, show_edge=ascii, **options)


def report(message: str) -> None:
    """Print one line on stderr, prefixed ``stolik:`` — always one printable line, whatever
    text a bad file smuggled into the message (:func:`~stolik.errors.one_line`)."""
    typer.echo(f"stolik: {one_line(message)}", err=True)


def cli_lang(asked: str | None = None) -> str:
    """The language a command speaks: ``asked`` (its ``--lang``), else ``STOLIK_LANG``,
    each when a catalog has it (``pl``, ``cs``), else English.

    >>> import os
    >>> os.environ.pop("STOLIK_LANG", None) and None
    >>> cli_lang(), cli_lang("pl"), cli_lang("xx")
    ('en', 'pl', 'en')
    """
    import os

    from stolik.i18n import CATALOGS

    for lang in (asked, os.environ.get("STOLIK_LANG")):
        if lang in CATALOGS:
            return str(lang)
    return "en"


@contextmanager
def user_errors(lang: str | None = None) -> Iterator[None]:
    """Turn a user's mistake into one line on stderr and exit status 1 (in ``lang``, a
    command's ``--lang``, else ``STOLIK_LANG``, when its message has a catalog code,
    :func:`cli_lang`)."""
    try:
        yield
    except StolikError as e:
        lang = cli_lang(lang)
        if lang == "en":
            report(str(e))
        else:
            from stolik.i18n import translate

            report(translate(e, lang))
        raise typer.Exit(EXIT_USER_ERROR) from None
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        report(f"{where}{os_error_text(e, cli_lang(lang))}")
        raise typer.Exit(EXIT_USER_ERROR) from None


def os_error_text(e: OSError, lang: str) -> str:
    """Why a file could not be read or written, in ``lang`` for the common cases.

    >>> os_error_text(FileNotFoundError(2, "No such file or directory"), "pl")
    'nie ma takiego pliku ani katalogu'
    >>> os_error_text(OSError(5, "Input/output error"), "cs")
    'Input/output error'
    """
    from stolik.errors import os_reason
    from stolik.i18n import Term, tr

    why = os_reason(e)
    return tr(lang, why.msgid) if isinstance(why, Term) else why


def load_rs(ref: str | None) -> Any:
    """A ruleset of any game by id or path (``None``: the default game's default);
    RulesetError if there is none. Its game: :func:`load_game_rs`."""
    return find_ruleset(ref)[1]


def load_game_rs(ref: str | None) -> tuple[GameSpec, Any]:
    """The game and the ruleset of ``--ruleset ref``: a shipped id selects its game, a
    file names it by its ``game`` key or its tables (:func:`stolik.games.find_ruleset`)."""
    return find_ruleset(ref)


def fmt_number(x: float) -> str:
    """A score or place-point value without a needless ``.0``."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def seat_name(players: Sequence[str] | None, seat: int, *, first: int = 0) -> str:
    """A seat's player name, or ``seat N`` when the record names nobody (numbered from
    ``first``: 0 as in a record, RULES §11, or 1 as a person counts)."""
    return players[seat] if players else f"seat {seat + first}"


class Para:
    """A paragraph wrapped at :data:`PARA_WIDTH` (or the console's width if narrower),
    every line indented by ``indent`` spaces, with no trailing spaces (Rich's ``Padding``
    would pad each line to the full width)."""

    def __init__(self, text: str, *, indent: int = 2, style: str = "") -> None:
        self.text = text
        self.indent = indent
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        width = min(options.max_width, PARA_WIDTH)
        pad = " " * self.indent
        for line in textwrap.wrap(self.text, width=width, initial_indent=pad,
                                  subsequent_indent=pad):
            yield Text(line, style=self.style)
