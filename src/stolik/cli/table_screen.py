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
>>> toy.last_trick_line("Last", 3, (0, 13), 0, 4).plain
'Last: W AC  N AD  -> taken by N'
>>> toy.hand_text((0, 1, 2), (2, 0), True).plain, toy.sign_style(-2), toy.mark(0)
('Your cards: 2) AC  2C  1) 3C', 'red', 'N *')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.panel import Panel
    from rich.text import Text


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

    def last_trick_line(self, label: str, leader: int, cards: Sequence[int], winner: int,
                        seats: int) -> Text:
        """A finished trick led by ``leader`` at a table of ``seats``, and who took it."""
        line = self.trick_line(label, tuple(((leader + i) % seats, c)
                                            for i, c in enumerate(cards)))
        return line.append(self.arrow + self.t("tui-takes", who=self.who(winner)), style="dim")

    def card_event(self, seat: int, card: int, took: int | None) -> Text:
        """A card played by ``seat``; the trick's taker when it completes one."""
        from rich.text import Text

        line = Text(f"  {self.who(seat)}: ")
        line.append_text(self.card(card))
        if took is not None:
            line.append(self.arrow + self.t("tui-takes", who=self.who(took)), style="dim")
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

    def options_line(self, line: Text, labels: Sequence[str]) -> Text:
        """``line`` followed by the numbered ``labels`` (the calls on offer)."""
        for i, label in enumerate(labels):
            if i:
                line.append("  ")
            line.append(f"{i + 1}) ", style="cyan")
            line.append(label, style="bold")
        return line


__all__ = ["TableScreen"]
