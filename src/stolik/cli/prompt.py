"""What every game's terminal prompt shares (``stolik play``, a game's ``terminal`` part):
the prompt's commands, one line of input, the first steps of reading it (a command, Enter
alone, a number), the pause between deals, saving the record of the finished deals. The
loop is :mod:`stolik.cli.table`; the game's part reads its moves; this module names no
game.

>>> COMMANDS["quit"][:2], command_of(" Q ", COMMANDS), command_of("AH", COMMANDS)
(('quit', 'q'), Command(name='quit'), None)
>>> record_path("me.json"), record_path("me.toml")
(('me.json', 'json'), ('me.toml', 'toml'))
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from rich.console import Console

COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "pomoc", "h", "?", "napoveda", "nápověda"),
    "quit": ("quit", "q", "exit", "koniec", "wyjdz", "wyjdź", "konec"),
    "hint": ("hint", "podpowiedz", "podpowiedź", "rada"),
    "claim": ("claim", "wykladam", "wykładam", "wyklad", "wykład", "skladam", "skládám",
              "vykladam", "vykládám"),  # the Czech help says vykládám (issue 25.1)
    "sheet": ("sheet", "zapis", "wynik", "score", "listek", "lístek"),
}
"""The words of each prompt command (every language's words work in each)."""

M = TypeVar("M")
"""A move a game's prompt reads."""


@dataclass(frozen=True)
class Command:
    """A prompt command: ``help``, ``quit``, ``hint``, ``claim`` or ``sheet``."""

    name: str


@dataclass(frozen=True)
class Problem:
    """Input that is no legal move, with what to tell the player (one line; none for Enter
    alone where several moves are on offer: the prompt just asks again).

    >>> import io
    >>> from rich.console import Console
    >>> out = io.StringIO()
    >>> for p in (Problem(""), Problem("Not allowed: 7C")):
    ...     p.show(Console(file=out, color_system=None))
    >>> out.getvalue()
    'Not allowed: 7C\\n'
    """

    message: str

    def show(self, console: Console) -> None:
        """Say the message on ``console`` in yellow; an empty one says nothing."""
        if self.message:
            from rich.text import Text

            console.print(Text(self.message, style="yellow"))


def command_of(text: str, commands: Mapping[str, tuple[str, ...]]) -> Command | None:
    """The command ``text`` names, if it names one."""
    low = text.strip().lower()
    return next((Command(name) for name, words in commands.items() if low in words), None)


def first_reading(low: str, commands: Mapping[str, tuple[str, ...]],
                  legal: Sequence[M]) -> Command | Problem | M | None:
    """What a line (``low``: its words, lower case) is before the game reads a move: a
    prompt command, or Enter alone — the only legal move, or with several nothing said
    (the prompt asks again); None: the game reads on.

    >>> first_reading(" Q ", COMMANDS, ["AH"]), first_reading("", COMMANDS, ["AH"])
    (Command(name='quit'), 'AH')
    >>> first_reading("", COMMANDS, ["AH", "KH"]), first_reading("KH", COMMANDS, ["KH"])
    (Problem(message=''), None)
    """
    cmd = command_of(low, commands)
    if cmd is not None:
        return cmd
    if not low:
        return legal[0] if len(legal) == 1 else Problem("")
    return None


def pick(n: int, options: Sequence[M], lang: str) -> M | Problem:
    """The option numbered ``n`` (1, 2, … as shown), or why there is none.

    >>> pick(2, ["pas", "gran"], "en"), pick(3, ["pas", "gran"], "en").message
    ('gran', 'There is no option 3: choose 1–2.')
    """
    if 1 <= n <= len(options):
        return options[n - 1]
    from stolik.i18n import tr

    return Problem(tr(lang, "tui-no-option", n=n, k=len(options)))


def read_card(text: str, lang: str, parse: Callable[[str], int], *, hand: Collection[int],
              legal: Collection[object], why: Callable[[int], str],
              is_call: Callable[[str], bool] | None = None) -> int | Problem:
    """A card typed in the play (``parse``: the game's card names): the card when it is
    in ``hand`` and ``legal``; else why not — no card (a call, by ``is_call``: the auction
    is over), or "Not allowed" with the game's reason ``why(card)``.

    >>> def parse(text: str) -> int:
    ...     if text not in ("AH", "KH", "QH"):
    ...         from stolik.errors import CardError
    ...         raise CardError(text)
    ...     return ("AH", "KH", "QH").index(text)
    >>> def play(text: str) -> int | Problem:
    ...     return read_card(text, "en", parse, hand=(0, 1), legal=(1,), why=str,
    ...                      is_call=lambda t: t == "pas")
    >>> play("KH"), play("AH").message, play("QH").message
    (1, 'Not allowed: 0', 'Not allowed: 2')
    >>> play("pas").message
    'The auction is over: play a card.'
    >>> play("XY").message
    "I don't understand 'XY'. Type a number, a card (AH, 10♥), a call or help."
    """
    from stolik.errors import CardError
    from stolik.i18n import tr

    try:
        card = parse(text)
    except CardError:
        if is_call is not None and is_call(text):
            return Problem(tr(lang, "tui-auction-over"))
        return Problem(tr(lang, "tui-unknown", text=text))
    if card not in hand or card not in legal:
        return Problem(tr(lang, "tui-bad", why=why(card)))
    return card


class Prompt:
    """Lines typed at ``console`` (``read``: another source of lines, for tests)."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self.read = read or (lambda prompt: console.input(prompt))

    def ask(self, prompt: str) -> str | None:
        """One line; None at the end of input (or Ctrl-C)."""
        try:
            return self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return None

    def pause(self, prompt: str, actions: Mapping[str, Callable[[], None]]) -> bool:
        """Wait between deals: False when the player quits (or input ends); a command in
        ``actions`` (``sheet``, ``help``) runs and asks again; anything else goes on."""
        while True:
            line = self.ask(prompt)
            if line is None:
                return False
            cmd = command_of(line, COMMANDS)
            if cmd is not None and cmd.name == "quit":
                return False
            if cmd is None or cmd.name not in actions:
                return True
            actions[cmd.name]()


def suits_fallback(console: Console, pictures: str | tuple[str, ...]) -> bool:
    """Whether ``console`` cannot show a game's suit ``pictures`` (a terminal whose
    encoding is not Unicode, e.g. cp1250): then suits are written with their letters, as
    with ``--ascii``.

    >>> import io
    >>> from rich.console import Console
    >>> suits_fallback(Console(file=io.StringIO()), "♣♦"), suits_fallback(
    ...     Console(file=io.TextIOWrapper(io.BytesIO(), encoding="cp1250")), "♣♦")
    (False, True)
    """
    encoding = (console.encoding or "").lower()
    try:
        "".join(pictures).encode(encoding or "ascii")
    except (LookupError, UnicodeEncodeError):
        return True
    return not encoding.startswith("utf")


def record_path(out: str | None) -> tuple[str, str]:
    """Where ``--out`` saves the record and in which format: ``out`` (JSON if it ends
    ``.json``, else TOML), by default ``stolik-YYYYmmdd-HHMMSS.toml`` here."""
    path = out or datetime.datetime.now().strftime("stolik-%Y%m%d-%H%M%S.toml")
    return path, "json" if path.lower().endswith(".json") else "toml"


def save_record(out: str | None, dumps: Callable[[str], str]) -> str:
    """Write the record (``dumps(fmt)``, the game's writer) to :func:`record_path`'s
    place; its path. An unwritable place is an ``OSError``."""
    path, fmt = record_path(out)
    Path(path).write_text(dumps(fmt), encoding="utf-8")
    return path


def finish_series(console: Console, lang: str, *, finished: int, over: bool,
                  out: str | None, dumps: Callable[[str], str],
                  show_sheet: Callable[[], None]) -> str | None:
    """The end of a terminal series (played out, quit, or input ended): say that it is
    over, save the ``finished`` deals' record (``dumps(fmt)``) where ``--out`` says, show
    the sheet, say where it went; its path, or None when no deal was finished."""
    from rich.text import Text

    from stolik.i18n import tr

    if over:
        console.print(Text(tr(lang, "tui-series-over"), style="bold"))
    if not finished:
        console.print(Text(tr(lang, "tui-nothing-saved")))
        return None
    path = save_record(out, dumps)
    show_sheet()
    console.print(Text(tr(lang, "tui-saved", n=finished, path=path)))
    console.print(Text(tr(lang, "tui-bye")))
    return path


__all__ = ["COMMANDS", "Command", "Problem", "Prompt", "command_of", "finish_series",
           "first_reading", "pick", "read_card", "record_path", "save_record", "suits_fallback"]
