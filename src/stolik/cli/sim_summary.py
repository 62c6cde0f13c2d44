"""The lines every game's simulation summary shares (``stolik simulate``): the headline,
the frame of the table that counts what was played, the table of results by seat and the
speed line — each a catalog message (``sim-…``), put into the reader's language by the
game's ``say`` (its sheet's way of saying a :class:`~stolik.i18n.Msg`: the catalogs, or
Mariáš's own Czech words). The numbers are the same in every language; Polish and Czech
write them as their readers do (``8 066``, ``+8,650``), English as before (``8,066``).

>>> from stolik.i18n import translate
>>> say = lambda m: translate(m, "pl")
>>> str(headline(say, "pl", deals=1200, ruleset="x", bots="random", seed=4))
'Symulacja — rozdania: 1 200 · x · boty: random · ziarno 4'
>>> speed_line(say, "pl", deals=1200, seconds=0.5, per_second=2400.0)
'rozdania: 1 200 w 0,500 s — 2 400 na sekundę'
>>> speed_line(lambda m: translate(m, "en"), "en", deals=1200, seconds=0.5, per_second=2400.0)
'1,200 deals in 0.500 s — 2,400 deals per second'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from stolik.i18n import Msg

Say = Callable[[Msg], str]
"""A game's way of putting a message into the reader's language."""


def boxed(ascii: bool) -> Callable[[], Table]:
    """A maker of boxed tables (a heavy head; ``+-|`` with ``--ascii``), the style of
    Mariáš's and Betel's summaries."""
    def make() -> Table:
        return Table(header_style="bold", pad_edge=False,
                     box=box.ASCII if ascii else box.HEAVY_HEAD)

    return make


def num(lang: str, text: str) -> str:
    """A number written the English way (``1,234.5``) as ``lang`` writes it: English keeps
    it, Polish and Czech group thousands with a space and mark decimals with a comma.

    >>> num("en", "-1,234.50"), num("pl", "-1,234.50"), num("cs", "+0.125")
    ('-1,234.50', '-1 234,50', '+0,125')
    """
    if lang == "en":
        return text
    return text.translate({ord(","): " ", ord("."): ","})


def headline(say: Say, lang: str, *, deals: int, ruleset: str, bots: str, seed: int,
             first_dealer: int | None = None) -> Text:
    """What was simulated: the number of deals, the ruleset, the bots, the seed (and the
    first dealer where the game numbers him)."""
    text = say(Msg("sim-headline", "Simulated {deals} deals · {ruleset} · {bots} bots · "
                   "seed {seed}", deals=num(lang, f"{deals:,}"), ruleset=ruleset, bots=bots,
                   seed=seed))
    if first_dealer is not None:
        text += " · " + say(Msg("sim-first-dealer", "first dealer {seat}", seat=first_dealer))
    return Text(text, style="bold")


def counts_table(say: Say, lang: str, make: Callable[[], Table], *, heads: Sequence[str],
                 rows: Iterable[tuple[Sequence[str], int]], deals: int) -> Table:
    """The table of how often each game or contract was played: ``heads`` name the first
    columns, each row gives their cells and its count; then the count and its per cent."""
    table = make()
    for head in heads:
        table.add_column(head)
    table.add_column(say(Msg("sim-deals", "deals")), justify="right")
    table.add_column("%", justify="right")
    for cells, count in rows:
        table.add_row(*cells, num(lang, f"{count:,}"),
                      num(lang, f"{100 * count / deals:.2f}") if deals else "—")
    return table


MEAN = Msg("sim-mean", "mean per deal")
"""The row of each seat's mean result per deal, unless a game names it otherwise."""


def seats_table(say: Say, make: Callable[[], Table], *, corner: str, seats: Sequence[int],
                mean: Sequence[str], totals: Sequence[str], mean_label: Msg = MEAN) -> Table:
    """Each seat's mean result per deal (the row ``mean_label``) and total, the seats
    numbered as ``seats`` says."""
    table = make()
    table.add_column(corner)
    for s in seats:
        table.add_column(say(Msg("sim-seat", "seat {seat}", seat=s)), justify="right")
    table.add_row(say(mean_label), *mean)
    table.add_row(say(Msg("sim-total", "total")), *totals)
    return table


def speed_line(say: Say, lang: str, *, deals: int, seconds: float, per_second: float) -> str:
    """How long the simulation took and how many deals it played a second."""
    return say(Msg("sim-speed", "{deals} deals in {seconds} s — {rate} deals per second",
                   deals=num(lang, f"{deals:,}"), seconds=num(lang, f"{seconds:.3f}"),
                   rate=num(lang, f"{per_second:,.0f}")))


__all__ = ["MEAN", "Say", "boxed", "counts_table", "headline", "num", "seats_table", "speed_line"]
