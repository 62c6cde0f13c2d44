"""Errors raised for user mistakes: all of them are ``ValueError`` subclasses.

A user's mistake (a broken record, an illegal call, a bad ruleset file) is reported
as one line; the command-line interface prints ``str(error)`` and exits with status 1.

>>> issubclass(IllegalMove, ValueError)
True
>>> str(RecordError("deal 3, auction entry 5: no such call", source="game.toml"))
'game.toml: deal 3, auction entry 5: no such call'
"""

from __future__ import annotations


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
