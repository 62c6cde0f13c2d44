"""Errors raised for user mistakes: all of them are ``ValueError`` subclasses.

A user's mistake (a broken record, an illegal call, a bad ruleset file) is reported
as one line; the command-line interface prints ``str(error)`` and exits with status 1.

>>> issubclass(IllegalMove, ValueError)
True
>>> str(RecordError("deal 3, auction entry 5: no such call", source="game.toml"))
'game.toml: deal 3, auction entry 5: no such call'

An error made from a :class:`stolik.i18n.Msg` keeps its code and parameters, which the
edges (web pages, the WebSocket, the terminal) translate with :func:`stolik.i18n.translate`;
``str(error)`` stays the English text:

>>> from stolik.i18n import Msg, translate
>>> e = IllegalMove(Msg("err-deal-over", "the deal is over (RULES §3)"))
>>> str(e), e.code, translate(e, "pl")
('the deal is over (RULES §3)', 'err-deal-over', 'rozdanie jest skończone (RULES §3)')
"""

from __future__ import annotations

from typing import Any

from stolik.i18n import N_

MAX_LINE = 2000
"""The longest error line printed; a longer message (quoting a huge value) is cut."""


def one_line(message: str, *, limit: int = MAX_LINE) -> str:
    """A message made safe to print as one line on any terminal: runs of white space
    (newlines included) become one space, characters that are not printable (control
    characters, a lone surrogate, a bidi override) are written as escapes, and the text is
    shortened to ``limit`` characters by leaving out its middle (a huge quoted value), so
    that both the place named first and the problem named last are kept.

    >>> one_line("game.toml:\\n  deal 3")
    'game.toml: deal 3'
    >>> print(one_line("name \\x1b[31mred\\udc80\\u202e"))
    name \\x1b[31mred\\udc80\\u202e
    >>> one_line("a.toml: " + "x" * 30 + " is wrong", limit=20)
    'a.toml: xx …(27 characters left out)… x is wrong'
    """
    line = " ".join(message.split())
    if not line.isprintable():
        line = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                       for c in line)
    if len(line) > limit:
        head, tail = (limit + 1) // 2, limit // 2
        line = f"{line[:head]} …({len(line) - head - tail} characters left out)… {line[-tail:]}"
    return line


class StolikError(ValueError):
    """Base class of every error caused by input rather than by a bug.

    ``code`` and ``params`` (optional) say the message in a catalog's terms: taken from a
    :class:`stolik.i18n.Msg` given as the message, or given by keyword. ``message`` is the
    message as given (a ``Msg`` keeps them)."""

    code: str | None
    params: dict[str, object]
    message: Any

    def __init__(self, *args: object, code: str | None = None,
                 params: dict[str, object] | None = None) -> None:
        super().__init__(*args)
        first = args[0] if args else None
        if code is None and isinstance(getattr(first, "code", None), str) and \
                isinstance(first, str):
            code = getattr(first, "code")  # noqa: B009 — a Msg, without importing i18n
            params = dict(getattr(first, "params", {}))
        self.code = code
        self.params = params or {}
        if not hasattr(self, "message"):
            self.message = first


class CardError(StolikError):
    """A card or a list of cards could not be read."""


class RulesetError(StolikError):
    """A ruleset file is missing, malformed or inconsistent."""


class IllegalMove(StolikError):
    """A call or a card that the rules do not allow at this point."""


class RecordError(StolikError):
    """A deal record that cannot be read or replayed.

    ``source`` (a file name) is put in front of the message when given.
    """

    def __init__(self, message: str, *, source: str | None = None) -> None:
        self.message = message
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)
        if getattr(message, "code", None) is not None:
            self.code = getattr(message, "code")  # noqa: B009
            self.params = dict(getattr(message, "params", {}))

    @property
    def prefix(self) -> str | None:
        """What a translation puts in front of the message (the file's name)."""
        return self.source

    def with_source(self, source: str) -> RecordError:
        """The same error, naming the file it came from."""
        return RecordError(self.message, source=source)


OS_ERRORS = {"ENOENT": N_("err-os-missing"), "EACCES": N_("err-os-denied"),
             "EISDIR": N_("err-os-folder")}
"""The file errors a user meets most, by ``errno`` name, and their catalog ids: said in the
reader's language (issue 25.2); any other keeps the system's words."""


def os_reason(e: OSError) -> str:
    """Why the system would not let a file be read, as a message parameter: a common case
    as a glossary word (:class:`stolik.i18n.Term`, said in the reader's language — "nie
    można odczytać pliku (No such file or directory)" was half English), any other in the
    system's own words.

    >>> from stolik.i18n import tr
    >>> why = os_reason(FileNotFoundError(2, "No such file or directory"))
    >>> str(why), tr("cs", "err-rec-unreadable", why=why)
    ('No such file or directory', 'soubor nelze přečíst (takový soubor ani složka neexistuje)')
    >>> os_reason(OSError(5, "Input/output error"))
    'Input/output error'
    """
    import errno

    from stolik.i18n import Term

    text = str(e.strerror or e)
    code = OS_ERRORS.get(errno.errorcode.get(e.errno or 0, ""))
    return Term(code, text) if code else text
