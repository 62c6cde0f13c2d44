"""The terminal table every game's ``stolik play`` runs (issue 26): the loop of a series —
the bots' turns and their delay, the person's turn with the prompt's commands (help, sheet,
hint, claim, quit) and its refusals, the end of a deal, the pause between deals, the record
saved however the series ends, the review of the person's decisions. What every game draws
alike is :mod:`stolik.cli.table_screen`. It names no game.

A game's ``terminal`` part (:class:`TerminalPart`) subclasses :class:`TerminalTable` and supplies
only what differs: how its series moves the bots and ends a deal, how a typed line is read
(:mod:`stolik.cli.prompt`), how its state is drawn, its card names and its words.

>>> import io
>>> from rich.console import Console
>>> t = TerminalTable(None, 0, Console(file=io.StringIO(), color_system=None), lang="en")
>>> t.t("tui-deal", n=1, of=8), t.arrow
('Deal 1/8', '  → ')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence, Sized
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from stolik.cli.prompt import Command, Problem, Prompt, finish_series, suits_fallback
from stolik.cli.table_screen import TableScreen
from stolik.errors import IllegalMove
from stolik.i18n import N_

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

    from stolik.i18n import Lang


class TerminalPart(Protocol):
    """What ``stolik play`` (:mod:`stolik.cli.play`) asks of a game's ``terminal`` part:
    play a series of the ruleset ``rs`` against bots, the person at ``seat`` (0-based)."""

    def play(self, rs: Any, *, opponents: str | None, deals: int | None, seed: int | None,
             seat: int, name: str | None, out: str | None, ascii: bool, lang: str,
             analysis: bool, delay: float, samples: int | None) -> None:
        """Play the series at the terminal; save its record where ``out`` says."""


class DealAtTable(Protocol):
    """The deal in progress, as the loop asks after it."""

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""


class SeriesAtTable(Protocol):
    """What the loop asks of a game's series: its deal, whether it is over, the players'
    names, the finished deals, the next deal."""

    @property
    def deal(self) -> DealAtTable:
        """The deal in progress (or just over)."""

    @property
    def is_over(self) -> bool:
        """Whether no further deal is played."""

    @property
    def players(self) -> Sequence[str]:
        """The names at the table, by seat."""

    @property
    def finished(self) -> Sized:
        """The finished deals."""

    def next_deal(self) -> object:
        """Deal the next deal."""

    def view(self, seat: int) -> Any:
        """What ``seat`` sees of the deal (the game's view)."""

    def to_record(self) -> Any:
        """The record of the finished deals."""


class RecordPart(Protocol):
    """A game's record module, as the table saves and replays its series."""

    def dumps_record(self, record: Any, fmt: str = ...) -> str:
        """The record in ``fmt`` (``toml`` or ``json``)."""

    def replay(self, record: Any) -> Any:
        """The series the record replays, for its sheet."""


class SheetPart(Protocol):
    """A game's sheet module, as the table shows the sheet of the finished deals."""

    def render_sheet(self, series: Any, console: Console, *, ascii: bool = ...,
                     title: str | None = ..., lang: str = ...) -> None:
        """Print the sheet of a replayed series."""


class PlayedSeries(SeriesAtTable, Protocol):
    """A series that moves its bots one by one and settles a deal on request: what
    :class:`SeriesTable` asks of it."""

    def bot_move(self) -> Any:
        """A bot's move and its event, or None when it is a person's turn or the deal is
        over."""

    def end_deal(self) -> Any:
        """Settle the deal just over; its result."""

    def apply(self, seat: int, move: Any) -> Any:
        """The person's move; its event (an :class:`IllegalMove` when refused)."""


class EventAtTable(Protocol):
    """A move as it is made at the table: at least the seat that made it."""

    @property
    def seat(self) -> int:
        """The seat that moved."""


S = TypeVar("S", bound=SeriesAtTable)
"""The game's series (its deals, bots, totals and record)."""
E = TypeVar("E", bound=EventAtTable)
"""A move made, as the game's series reports it."""
M = TypeVar("M")
"""A move the person can make."""


@dataclass(frozen=True)
class Sitting:
    """Who sits down to ``stolik play``: the screen's language, the seed (a new one
    unless given) and the person's name (``Ty`` / ``You`` unless given).

    >>> Sitting.of("en", 7, None)
    Sitting(lang='en', seed=7, player='You')
    >>> Sitting.of("xx", 1, "Ala").lang
    'pl'
    """

    lang: Lang
    seed: int
    player: str

    @classmethod
    def of(cls, lang: str, seed: int | None, name: str | None) -> Sitting:
        """The sitting for ``--lang``, ``--seed`` and ``--name``."""
        from stolik.i18n import screen_lang, tr

        language = screen_lang(lang)  # pl, en or cs (issue 25.1)
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        return cls(language, seed, name or tr(language, "tui-you"))


def table_console() -> Console:
    """The console a terminal table writes to: stdout, wide off a terminal."""
    from stolik.cli.common import WIDE, stdout_console

    return stdout_console(width=WIDE)


class TerminalTable(TableScreen, Generic[S, E, M]):
    """One person's terminal table over a game's series ``s`` (the person at ``seat``).

    The loop is here; the game's subclass fills the hooks that raise
    :class:`NotImplementedError` (the bots' turn, the end of a deal, drawing the table,
    reading a line, making a move, an event's text, a card's name and colour, the score
    line, the sheet and the record) and may override the others."""

    help_key = N_("tui-help")
    """The catalog id of the game's help (the prompt's words)."""
    review_none: str | None = None
    """The catalog id said when the review finds nothing to say (None: nothing said)."""
    quiet_errors: tuple[type[Exception], ...] = ()
    """The analysis' refusals said by their words alone (any other error by its type too)."""
    suit_pictures: str | tuple[str, ...] = ""
    """The game's suit pictures: a console that cannot show them writes suits with
    letters, as ``--ascii`` does (none: Unicode is assumed)."""
    game_id: str
    """The game's id in the registry (:mod:`stolik.games`), whose ``record`` and ``sheet``
    parts save the series and show its sheet."""

    def __init__(self, series: S, seat: int, console: Console, *, lang: str = "pl",
                 ascii: bool = False, delay: float = 0.0, out: str | None = None,
                 read: Callable[[str], str] | None = None, analysis: bool = True) -> None:
        fallback = bool(self.suit_pictures) and suits_fallback(console, self.suit_pictures)
        super().__init__(console, lang, seat, ascii=ascii or fallback)
        self.s = series
        self.delay = delay
        self.out = out
        self.analysis = analysis
        self.prompt = Prompt(console, read)
        self.saved: str | None = None
        self.since: list[E] = []
        """The moves made since the person's last turn (a game may show them)."""

    @classmethod
    def sit_down(cls, create: Callable[..., S], rs: Any, *, seat: int,
                 opponents: Sequence[str] | str, deals: int | None, seed: int | None,
                 name: str | None, lang: str, **table: Any) -> None:
        """``stolik play``: the person at ``seat`` (:class:`Sitting`: the screen's
        language, the seed, his name), bots of the kinds ``opponents`` (one kind for all,
        or a kind a seat) at the other seats, by the series' ``create``, and the table run
        to its end; ``table``: the table's other options (``ascii``, ``delay``, ``out`` …)."""
        me = Sitting.of(lang, seed, name)
        series = create(rs, deals=deals, seed=me.seed, humans=(seat,),
                        names={seat: me.player}, opponents=opponents)
        cls(series, seat, table_console(), lang=me.lang, **table).run()

    # ------------------------------------------------------------ the game's hooks

    def bots_play(self) -> None:
        """Let the bots move until it is the person's turn or the deal is over, showing
        each move (:meth:`show_event`)."""
        raise NotImplementedError

    def deal_end(self) -> None:
        """Settle the deal just over and show how it ended."""
        raise NotImplementedError

    def screen(self, view: Any) -> RenderableType:
        """The table as the person sees it, from his ``view`` (in a :meth:`panel`)."""
        raise NotImplementedError

    def read(self, line: str) -> Command | Problem | M:
        """What the person's line means: a command, a legal move or why not."""
        raise NotImplementedError

    def move(self, move: M) -> None:
        """Make the person's move (an engine's refusal is an :class:`IllegalMove`)."""
        raise NotImplementedError

    def event_text(self, ev: E) -> Text:
        """A move as it is shown when it is made."""
        raise NotImplementedError

    def score_line(self) -> Text:
        """The running totals, one line."""
        raise NotImplementedError

    def part(self, name: str) -> Any:
        """The game's part ``name`` (``record``, ``sheet``), as the registry hands it."""
        from stolik.games import game

        return game(self.game_id).part(name)

    def render_sheet(self) -> None:
        """The sheet of the finished deals (as ``stolik replay`` prints it)."""
        records: RecordPart = self.part("record")
        sheets: SheetPart = self.part("sheet")
        sheets.render_sheet(records.replay(self.s.to_record()), self.console, ascii=self.ascii,
                            lang=self.lang)

    def dumps(self, fmt: str) -> str:
        """The record of the finished deals in ``fmt`` (``toml`` or ``json``)."""
        records: RecordPart = self.part("record")
        return records.dumps_record(self.s.to_record(), fmt)

    def played_out(self) -> bool:
        """At the end: whether the series was played to its end (not quit)."""
        return self.s.is_over

    def next_deal(self) -> None:
        """Deal the next deal; nothing happened in it yet."""
        self.s.next_deal()
        self.since = []

    def between_deals(self) -> bool:
        """After the pause, before the next deal; False: the series is over."""
        return True

    def claim(self) -> bool:
        """The person's claim; True when it ended the deal's play."""
        return False

    def show_hint(self) -> None:
        """What the person might play now."""

    def review(self) -> Sequence[str]:
        """The lines of the review of the person's decisions in the deal just over."""
        return ()

    # ------------------------------------------------------------ the loop

    def who(self, seat: int) -> str:
        """A seat's name as shown."""
        return self.s.players[seat]

    def run(self) -> None:
        """Play the series to its end or until the player quits; save the record."""
        try:
            self._loop()
        except KeyboardInterrupt:  # Ctrl-C while the bots think: quit and save
            self.console.print()
        self.finish()

    def _loop(self) -> None:
        while True:
            self.bots_play()
            if self.s.deal.is_over:
                self.deal_end()
                if self.s.is_over or not self.pause() or not self.between_deals():
                    return
                self.next_deal()
                continue
            if not self.human_turn():
                return

    def human_turn(self) -> bool:
        """Draw the table and take one move (commands in between); False: quit."""
        self.console.print(self.screen(self.s.view(self.seat)))
        self.since = []
        while True:
            line = self.prompt.ask(self.t("tui-prompt"))
            if line is None:
                return False
            action = self.read(line)
            if isinstance(action, Problem):  # Enter alone says nothing: the prompt again
                action.show(self.console)
                continue
            if isinstance(action, Command):
                if action.name == "quit":
                    return False
                if action.name == "help":
                    self.show_help()
                elif action.name == "sheet":
                    self.show_sheet()
                elif action.name == "hint":
                    self.show_hint()
                elif action.name == "claim" and self.claim():
                    return True
                continue
            try:
                self.move(action)
            except IllegalMove as e:  # the game's reading checks first; the engine has the word
                self.warn(self.refusal(e))
                continue
            return True

    def pause(self) -> bool:
        """Wait between deals; False: the player quits."""
        return self.prompt.pause(self.t("tui-pause"), {"sheet": self.show_sheet,
                                                       "help": self.show_help})

    def finish(self) -> None:
        """Save the record of the finished deals and say where; the sheet."""
        over = self.played_out()
        self.saved = finish_series(self.console, self.lang, finished=len(self.s.finished),
                                   over=over, out=self.out, dumps=self.dumps,
                                   show_sheet=self.show_sheet)

    def show_help(self) -> None:
        """The prompt's words."""
        from rich.text import Text

        self.console.print(Text(self.t(self.help_key)))

    def show_sheet(self) -> None:
        """The sheet of the finished deals; before the first, the score line."""
        if not self.s.finished:
            self.console.print(self.score_line())
            return
        self.render_sheet()

    def show_event(self, ev: E) -> None:
        """A move, as it happens (kept for the next screen); a bot's is followed by
        ``--delay``."""
        self.since.append(ev)
        self.console.print(self.event_text(ev))
        if self.delay > 0 and ev.seat != self.seat:
            time.sleep(self.delay)

    # ------------------------------------------------------------ words said

    def refusal(self, e: IllegalMove) -> str:
        """An engine's refusal of a move, in the screen's language."""
        from stolik.i18n import translate

        return self.t("tui-bad", why=translate(e, self.lang))

    def in_play(self, phase: str) -> bool:
        """Whether a claim may be made in ``phase``: in the play only (else said so)."""
        if phase != "play":
            self.warn(self.t("tui-claim-only-play"))
            return False
        return True

    def no_analysis(self, e: Exception) -> None:
        """The analysis failed: one line, never a traceback."""
        why = str(e) if isinstance(e, self.quiet_errors) else f"{type(e).__name__}: {e}"
        self.warn(self.t("tui-no-analysis", why=why))

    def show_review(self) -> None:
        """The review of the person's decisions in the deal just over (:meth:`review`)."""
        from rich.text import Text

        self.console.print(Text(self.t("tui-review"), style="bold"))
        try:
            lines = self.review()
        except Exception as e:  # the analysis is another module: never a traceback here
            self.no_analysis(e)
            return
        if not lines and self.review_none is not None:
            self.console.print(Text("  " + self.t(self.review_none), style="dim"))
        for line in lines:
            self.console.print(Text("  " + line))



P = TypeVar("P", bound=PlayedSeries)
"""A series that moves its bots one by one."""


class SeriesTable(TerminalTable[P, E, M]):
    """A :class:`TerminalTable` over a :class:`PlayedSeries`: the bots' moves shown one by one, the
    person's move shown as made, the deal's result shown by :meth:`show_deal_end`."""

    def bots_play(self) -> None:
        """The bots move until the person's turn or the deal's end."""
        while (ev := self.s.bot_move()) is not None:
            self.show_event(ev)

    def deal_end(self) -> None:
        """Settle the deal; show its result."""
        self.show_deal_end(self.s.end_deal())

    def move(self, move: M) -> None:
        """The person's move, shown as it is made."""
        self.show_event(self.s.apply(self.seat, move))

    def show_deal_end(self, result: Any) -> None:
        """How the deal ended (its ``result``)."""
        raise NotImplementedError


__all__ = ["DealAtTable", "EventAtTable", "PlayedSeries", "RecordPart", "SeriesAtTable",
           "SeriesTable", "SheetPart",
           "Sitting", "TerminalPart", "TerminalTable", "table_console"]
