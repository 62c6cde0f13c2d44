"""The pieces of a terminal table's screen that every game draws alike (issue 26): the frame
around the table (a fresh screen on a terminal), the first line, a card in its colour, a
trick and the last trick with its taker, a card played, counts per seat, the hand with its
legal cards numbered, the numbered calls on offer, green gains and red losses. The table's
loop is :mod:`stolik.cli.table`; this module names no game.

>>> import io
>>> from rich.console import Console
>>> class Toy(TableScreen):
...     def who(self, seat: int) -> str:
...         return "NESW"[seat]
...     def card_name(self, card: int) -> str:
...         return "A23456789TJQK"[card % 13] + "CDHS"[card // 13]
...     def is_red(self, card: int) -> bool:
...         return card // 13 in (1, 2)
>>> toy = Toy(Console(file=io.StringIO()), "en", 0, ascii=True)
>>> toy.trick_line("Table", ((1, 0), (2, 26))).plain, toy.card(26).style
('Table: E AC  S AH', 'bold red')
>>> from collections import namedtuple
>>> last = namedtuple("Trick", "leader cards winner")(3, (0, 13), 0)
>>> [r.plain for r in toy.trick_rows((), last, "Last", "tui-tricks", (1, 0, 0, 0))]
['On the table: —', 'Last: W AC  N AD  -> taken by N', 'Tricks: N 1 · E 0 · S 0 · W 0']
>>> toy.hand_text((0, 1, 2), (2, 0), True).plain, toy.sign_style(-2), toy.mark(0)
('Your cards: 2) AC  2C  1) 3C', 'red', 'N *')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.panel import Panel
    from rich.text import Text


class DoneTrick(Protocol):
    """A finished trick as a screen shows it."""

    @property
    def leader(self) -> int:
        """The seat that led."""

    @property
    def cards(self) -> Sequence[int]:
        """The cards in play order."""

    @property
    def winner(self) -> int:
        """The seat that took it."""


class TableScreen:
    """What a terminal table draws alike for every game; the game names its cards
    (:meth:`card_name`, :meth:`is_red`) and the seats (:meth:`who`)."""

    scrollback = True
    """Whether a fresh screen also clears the terminal's scrollback (taken tricks stay
    hidden)."""

    def __init__(self, console: Console, lang: str, seat: int, *, ascii: bool) -> None:
        self.console = console
        self.lang = lang
        self.seat = seat
        self.ascii = ascii
        self.clear = console.is_terminal

    def who(self, seat: int) -> str:
        """A seat's name as shown."""
        raise NotImplementedError

    def card_name(self, card: int) -> str:
        """A card's name (``--ascii``: letters only)."""
        raise NotImplementedError

    def is_red(self, card: int) -> bool:
        """Whether a card is printed red."""
        raise NotImplementedError

    def t(self, key: str, **kw: object) -> str:
        """A screen text in this table's language."""
        from stolik.i18n import tr

        return tr(self.lang, key, **kw)

    def warn(self, text: str) -> None:
        """One line in yellow."""
        from rich.text import Text

        self.console.print(Text(text, style="yellow"))

    @property
    def arrow(self) -> str:
        """Before a trick's taker: an arrow, ``->`` in ASCII (cp1250 has no arrow)."""
        return "  -> " if self.ascii else "  → "

    @staticmethod
    def sign_style(amount: int) -> str:
        """Green for a gain, red for a loss."""
        return "green" if amount > 0 else "red" if amount < 0 else ""

    def mark(self, seat: int) -> str:
        """A seat's name in a table of results, the person's marked ``*``."""
        return self.who(seat) + (" *" if seat == self.seat else "")

    def card(self, card: int, style: str = "bold") -> Text:
        """A card in ``style``, red where the game prints it red."""
        from rich.text import Text

        red = "red" if self.is_red(card) else ""
        return Text(self.card_name(card), style=" ".join(x for x in (style, red) if x))

    def head(self, words: Sequence[str]) -> Text:
        """The screen's first line: the deal, the ruleset, the dealer, the seed…"""
        from rich.text import Text

        return Text(" · ".join(words), style="bold")

    def panel(self, rows: Sequence[RenderableType]) -> Panel:
        """The table's frame around ``rows``; on a terminal a fresh screen first."""
        from rich import box
        from rich.console import Group
        from rich.panel import Panel

        if self.clear:
            self.console.clear()
            if self.scrollback:
                self.console.file.write("\x1b[3J")
        return Panel(Group(*rows), box=box.ASCII if self.ascii else box.ROUNDED,
                     title=self.t("tui-turn"), title_align="left", expand=False)

    def trick_line(self, label: str, trick: Sequence[tuple[int, int]]) -> Text:
        """A trick as (seat: card) pairs."""
        from rich.text import Text

        line = Text(f"{label}: ", style="bold")
        if not trick:
            return line.append(self.t("tui-empty"), style="dim")
        for i, (seat, c) in enumerate(trick):
            if i:
                line.append("  ")
            line.append(f"{self.who(seat)} ")
            line.append_text(self.card(c))
        return line

    def trick_rows(self, trick: Sequence[tuple[int, int]], last: DoneTrick | None,
                   last_label: str, taken_key: str, taken: Sequence[int]) -> list[Text]:
        """The trick in progress, the ``last`` trick shown (under ``last_label``) with who
        took it, the tricks each seat has taken (``taken``, under ``taken_key``)."""
        rows = [self.trick_line(self.t("tui-table"), trick)]
        if last is not None:
            seats = len(taken)
            line = self.trick_line(last_label, tuple(((last.leader + i) % seats, c)
                                                     for i, c in enumerate(last.cards)))
            rows.append(line.append(self.arrow + self.t("tui-takes", who=self.who(last.winner)),
                                    style="dim"))
        rows.append(self.counts_line(taken_key, taken))
        return rows

    def card_event(self, seat: int, card: int, took: int | None) -> Text:
        """A card played by ``seat``; the trick's taker when it completes one."""
        from rich.text import Text

        line = Text(f"  {self.who(seat)}: ")
        line.append_text(self.card(card))
        if took is not None:
            line.append(self.arrow + self.t("tui-takes", who=self.who(took)), style="dim")
        return line

    def said_line(self, label: str, calls: Sequence[tuple[int, str]],
                  said: Callable[[str], Text]) -> Text:
        """Everything said so far (``calls``: seat and record words), each as ``said``
        shows it, after ``label``."""
        from rich.text import Text

        line = Text(label + ": ", style="bold")
        if not calls:
            return line.append(self.t("tui-nobody-yet"), style="dim")
        for i, (seat, text) in enumerate(calls):
            if i:
                line.append(" · ", style="dim")
            line.append(f"{self.who(seat)} ")
            line.append_text(said(text))
        return line

    def counts_line(self, key: str, counts: Sequence[int]) -> Text:
        """A count per seat (tricks taken): ``label: Ala 2 · Ola 1 …``."""
        from rich.text import Text

        return Text(self.t(key) + ": " + " · ".join(
            f"{self.who(x)} {n}" for x, n in enumerate(counts)))

    def hand_text(self, cards: Sequence[int], numbered: Sequence[int], dim: bool) -> Text:
        """The person's ``cards``: those ``numbered`` with their numbers, the others
        dimmed when ``dim`` (in the play)."""
        from rich.text import Text

        line = Text(self.t("tui-hand") + ": ", style="bold")
        for i, c in enumerate(cards):
            if i:
                line.append("  ")
            if c in numbered:
                line.append(f"{list(numbered).index(c) + 1}) ", style="cyan")
                line.append_text(self.card(c))
            else:
                line.append_text(self.card(c, "dim" if dim else ""))
        return line

    def side_text(self, sides: Sequence[object], ours: object, keys: tuple[str, str],
                  alone: bool) -> Text:
        """The person's side as far as he can tell it (``sides``: each seat's side, None
        unknown): ``keys[0]`` on the side ``ours``, else ``keys[1]``; then that he plays
        ``alone``, or his partners."""
        from rich.text import Text

        line = Text(self.t("tui-your-side") + ": ", style="bold")
        mine = sides[self.seat]
        if mine is None:
            return line.append(self.t("tui-side-unknown"), style="dim")
        line.append(self.t(keys[0] if mine == ours else keys[1]))
        mates = [x for x, side in enumerate(sides) if x != self.seat and side == mine]
        if alone:
            line.append(" — " + self.t("tui-alone"))
        elif mates:
            line.append(" " + self.t("tui-partner", who=", ".join(self.who(x) for x in mates)))
        return line

    def options_line(self, line: Text, labels: Sequence[str]) -> Text:
        """``line`` followed by the numbered ``labels`` (the calls on offer)."""
        for i, label in enumerate(labels):
            if i:
                line.append("  ")
            line.append(f"{i + 1}) ", style="cyan")
            line.append(label, style="bold")
        return line


__all__ = ["DoneTrick", "TableScreen"]
