"""Errors raised for user mistakes: all of them are ``ValueError`` subclasses.

A user's mistake (a broken record, an illegal call, a bad ruleset file) is reported
as one line; the command-line interface prints ``str(error)`` and exits with status 1.

>>> issubclass(IllegalMove, ValueError)
True
>>> str(RecordError("deal 3, auction entry 5: no such call", source="game.toml"))
'game.toml: deal 3, auction entry 5: no such call'
"""

from __future__ import annotations

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
    """Base class of every error caused by input rather than by a bug."""


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

    def with_source(self, source: str) -> RecordError:
        """The same error, naming the file it came from."""
        return RecordError(self.message, source=source)
