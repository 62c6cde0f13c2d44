"""The sheet layout every game's ``sheet`` part shares (issue 26.1): the table of a
replayed series — a row per deal, the game's own columns, then each seat's result for the
deal beside its running total and a row of totals (:func:`deal_sheet`) —, the widest of a
few tables that fits the terminal (:func:`fitting`), and the summary of a simulation —
the headline, how often each game or contract was played, the result per seat, the
speed (:func:`print_summary`; a game played for money: :func:`print_money_summary`) and
its JSON form (:func:`summary_document`). A game gives
its columns, its words and how it writes a result; the lines themselves are
:mod:`stolik.cli.sim_summary`'s.

>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=60, color_system=None)
>>> console.print(deal_sheet("Club [c1]", ascii=True, heads=[("game", "left")],
...     players=("Ala", "Ola"), rows=[(["hra"], (2, -2)), (["sto"], (-1, 1))],
...     cell=lambda pay, run: f"{pay:+d} / {run}", total="total", totals=("1", "-1")))
>>> for line in console.file.getvalue().splitlines():
...     print(line.rstrip())
          Club [c1]
+----------------------------+
|# | game  |    Ala |     Ola|
|--+-------+--------+--------|
|1 | hra   | +2 / 2 | -2 / -2|
|2 | sto   | -1 / 1 | +1 / -1|
|--+-------+--------+--------|
|  | total |      1 |      -1|
+----------------------------+
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from rich import box
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table

from stolik.cli.sim_summary import (
    MEAN,
    Say,
    boxed,
    counts_table,
    headline,
    seats_table,
    speed_line,
)
from stolik.i18n import Msg, translate
from stolik.simulate import Simulated
from stolik.tournament.money_sheet import kc

L = TypeVar("L")

def who(players: Sequence[str] | None, seat: int) -> str:
    """A seat on a sheet: its player's name (markup escaped), or its number 1… when the
    record names nobody.

    >>> who(("[b]Ala", "Ola"), 0), who(None, 2)
    ('\\\\[b]Ala', '3')
    """
    return escape(players[seat]) if players else str(seat + 1)


def deal_sheet(title: str, *, ascii: bool, heads: Sequence[tuple[str, JustifyMethod]],
               players: Sequence[str] | None, rows: Iterable[tuple[Sequence[str],
                                                                   Sequence[int]]],
               cell: Callable[[int, int], str], total: str, totals: Sequence[str],
               seats: int | None = None) -> Table:
    """The sheet of a series under ``title``: the deal's number, the game's columns
    (``heads``: each its words and justification) and a column per seat (headed by
    :func:`who`); each row of ``rows`` gives the game's cells and each seat's result for
    the deal, written with ``cell(result, running total)``; then a row of ``totals``
    under the words ``total`` in the game's last column. Boxed, heavy-headed; ``+-|``
    with ``ascii``."""
    count = seats if seats is not None else len(players or ())
    table = Table(title=escape(title), header_style="bold", pad_edge=False,
                  box=box.ASCII if ascii else box.HEAVY_HEAD)
    table.add_column("#", justify="right")
    for head, justify in heads:
        table.add_column(head, justify=justify)
    for s in range(count):
        table.add_column(who(players, s), justify="right")
    running = [0] * count
    for number, (cells, result) in enumerate(rows, 1):
        seat_cells = []
        for s in range(count):
            running[s] += result[s]
            seat_cells.append(cell(result[s], running[s]))
        table.add_row(str(number), *cells, *seat_cells)
    table.add_section()
    table.add_row(*([""] * len(heads)), total, *totals)
    return table


def fitting(console: Console, levels: Sequence[L], make: Callable[[L], Table]
            ) -> tuple[L, Table]:
    """The first of ``levels`` of detail (the widest first) whose table, ``make(level)``,
    fits the console's width — the last one when none does — and that table. A narrow
    terminal gets fewer columns.

    >>> import io
    >>> narrow = Console(file=io.StringIO(), width=10, color_system=None)
    >>> fitting(narrow, ["a long heading", "a", "b"], Table)[0]
    'a'
    """
    unbounded = console.options.update(width=10_000)
    assert levels, "no level of detail"
    for level in levels:
        table = make(level)
        if Measurement.get(console, unbounded, table).maximum <= console.width:
            break
    return level, table


def print_summary(console: Console, say: Say, lang: str, result: Simulated[Any, Any], *,
                  ruleset: str, bots: str, make: Callable[[], Table], heads: Sequence[str],
                  rows: Iterable[tuple[Sequence[str], int]], corner: str,
                  seats: Sequence[int], mean: Sequence[str], totals: Sequence[str],
                  mean_label: Msg = MEAN, first_dealer: int | None = None,
                  lines: Sequence[str] = ()) -> None:
    """A simulation's summary: the headline, how often each game was played (``heads``
    name the first columns, ``rows`` give their cells and counts), each seat's ``mean``
    and ``totals`` (the corner cell ``corner``, the row ``mean_label``), the game's own
    ``lines``, then the speed — tables made by ``make``, words put into the reader's
    language by ``say``."""
    n = result.deals
    console.print(headline(say, lang, deals=n, ruleset=ruleset, bots=bots, seed=result.seed,
                           first_dealer=first_dealer))
    console.print(counts_table(say, lang, make, heads=heads, rows=rows, deals=n))
    console.print(seats_table(say, make, corner=corner, seats=seats, mean=mean,
                              totals=totals, mean_label=mean_label))
    for line in lines:
        console.print(line)
    console.print(speed_line(say, lang, deals=n, seconds=result.seconds,
                             per_second=result.deals_per_second))


def print_money_summary(console: Console, lang: str, result: Simulated[Any, Any], *,
                        bots: str, ascii: bool, head: Msg, counts: Iterable[tuple[str, int]],
                        labels: Mapping[str, Msg], totals: Sequence[int],
                        say: Say | None = None) -> None:
    """:func:`print_summary` of a game played for money in haléř (``totals`` by seat):
    how often each game was played (``counts``, in order, each game under ``head`` by its
    words in ``labels``, else by its id), boxed tables (``+-|`` with ``ascii``), the seats
    counted from 1, each seat's mean per deal (rounded to the haléř) and its total in Kč;
    the words said by ``say`` (default: the catalogs' in ``lang``).

    >>> import io
    >>> from types import SimpleNamespace
    >>> console = Console(file=io.StringIO(), width=60, color_system=None)
    >>> sim = Simulated(SimpleNamespace(id="club"), seed=1, deals=3, seconds=0.5, records=())
    >>> print_money_summary(console, "en", sim, bots="random", ascii=True, head=Msg("x", "game"),
    ...                     counts=[("hra", 2), ("x", 1)], labels={"hra": Msg("y", "the game")},
    ...                     totals=(250, -250))
    >>> for line in console.file.getvalue().splitlines()[1:12]:
    ...     print(line)
    +------------------------+
    |game     | deals |     %|
    |---------+-------+------|
    |the game |     2 | 66.67|
    |x        |     1 | 33.33|
    +------------------------+
    +-------------------------------+
    |Kč            | seat 1 | seat 2|
    |--------------+--------+-------|
    |mean per deal |   0,83 |  -0,83|
    |total         |   2,50 |  -2,50|
    """
    if say is None:
        say = partial(translate, lang=lang)
    n = result.deals
    print_summary(console, say, lang, result, ruleset=result.ruleset.id, bots=bots,
                  make=boxed(ascii), heads=(say(head),),
                  rows=[((say(labels[g]) if g in labels else g,), count) for g, count in counts],
                  corner="Kč",
                  seats=range(1, len(totals) + 1),
                  mean=[kc(round(t / n)) if n else "—" for t in totals],
                  totals=[kc(t) for t in totals])


def means(totals: Sequence[int], deals: int) -> list[float]:
    """Each seat's mean result per deal (0.0 when no deal was played).

    >>> means((2, -2), 4), means((0, 0), 0)
    ([0.5, -0.5], [0.0, 0.0])
    """
    return [t / deals if deals else 0.0 for t in totals]


def summary_document(game: str, ruleset: str, result: Simulated[Any, Any], *,
                     head: Mapping[str, Any] | None = None,
                     counts: Mapping[str, Any]) -> dict[str, Any]:
    """The ``stolik simulate --json`` form of a simulation: the game, ruleset, seed and
    deals, the game's ``head`` fields, the time taken, then the game's ``counts``."""
    return {"game": game, "ruleset": ruleset, "seed": result.seed, "deals": result.deals,
            **(head or {}), "seconds": result.seconds,
            "deals_per_second": result.deals_per_second, **counts}


__all__ = ["deal_sheet", "fitting", "means", "print_money_summary", "print_summary",
           "summary_document", "who"]
