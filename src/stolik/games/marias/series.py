"""A seeded Mariáš series at one table: people at some seats, bots at the others, the dealer
moving one seat clockwise each deal (MARIAS §9), the money by seat in haléř — what
``stolik play`` (:mod:`stolik.games.marias.terminal`) runs a person's game on.

The cards come from ``random.Random(seed)`` as :func:`~stolik.games.marias.match.simulate_bots`
deals them, so a seed deals the same cards there and here. A bot sees only its own seat's
view; a bot's move the engine refuses is replaced by the first legal one (as in
:func:`~stolik.games.marias.match.play_deal`), so a bot never stops the table.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> s = Series.create(load_ruleset(), deals=2, seed=5, humans=(), opponents=("random",) * 4)
>>> s.play_out()
>>> len(s.finished), sum(s.totals), [r.dealer for r, _ in s.finished]
(2, 0, [0, 1])
>>> from stolik.games.marias.record import replay
>>> replay(s.to_record()).totals == s.totals
True
"""

from __future__ import annotations

from typing import Protocol

from stolik.games import bot_kinds
from stolik.games.marias.bots import available_bots, make_bot
from stolik.games.marias.record import DealRecord, record_of, series_record
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.scoring import DealResult
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView
from stolik.table_series import Event as TableEvent
from stolik.table_series import SeriesParts, TableSeries, strongest

Event = TableEvent[Move]
"""A move made at the table: the seat, the move, and when it ended a trick, who took it
(public: the pile goes before him)."""


class Bot(Protocol):
    """What a Mariáš bot offers (:mod:`stolik.games.marias.bots`)."""

    def choose(self, view: SeatView) -> Move: ...


def default_opponents() -> str:
    """The strongest Mariáš bot installed: ``expert`` where there is one (issue 27.3:
    measured better than ``pimc``, :mod:`stolik.games.marias.expert`), else ``pimc``, else
    ``heuristic``.

    >>> default_opponents() in available_bots()
    True
    """
    return strongest(available_bots(), ("expert", "pimc", "heuristic", "random"))


def opponent_kinds(text: str | None, count: int = 3) -> tuple[str, ...]:
    """``--opponents``: one bot kind for every bot seat, or ``count`` kinds separated by
    commas (clockwise from the person's left); a kind not installed is one line naming
    those that are, in the reader's language (:func:`stolik.games.bot_kinds`).

    >>> opponent_kinds("random"), opponent_kinds("heuristic, random,random")
    (('random', 'random', 'random'), ('heuristic', 'random', 'random'))
    >>> opponent_kinds("chess")
    Traceback (most recent call last):
    ...
    stolik.errors.StolikError: no Mariáš bot 'chess': choose --opponents random, heuristic, \
pimc, pimc-fast or expert
    """
    return bot_kinds(text or default_opponents(), available_bots(), count,
                     game_name="Mariáš")


class Series(TableSeries[Ruleset, Deal, Move, SeatView, DealResult, DealRecord, Bot]):
    """A series of ``deals`` deals at one table (:class:`stolik.table_series.TableSeries`:
    the dealer moves one seat clockwise each deal, MARIAS §9). ``players``: the names by
    seat; ``bots``: a bot for each seat a person does not hold. :meth:`create` seats bots
    named ``<kind> <seat>``, bot ``s`` seeded from ``seed`` as
    :func:`~stolik.games.marias.match.simulate_bots` seeds it; :meth:`to_record` writes
    the settled deals (MARIAS §11)."""

    parts = SeriesParts(4, "MARIAS §4", deal=Deal.random, ask=lambda bot, view: bot.choose(view),
                        record_of=record_of, payout=lambda result: result.payouts,
                        make_bot=make_bot, series_record=series_record)

    def claim(self, seat: int) -> None:
        """``seat`` lays his cards down (MARIAS §4.7, seed §8: a false one is a renonc)."""
        self.deal.claim(seat)


__all__ = ["Bot", "Event", "Series", "default_opponents", "opponent_kinds"]
