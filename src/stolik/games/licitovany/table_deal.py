"""A licitovaný deal as the core's tables drive it (the terminal's series, the web's
:class:`~stolik.web.play.series_match.DealSeries`): the engine's
:class:`~stolik.games.licitovany.state.Deal` with what those drivers read of every game's
deal — the finished tricks (``history``) and, once the deal is over, its :class:`Result`:
the aktér, the contract, how the deal ended and each seat's money (LICITOVANY §4–§6).

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> d = TableDeal.random(load_ruleset(), 0, random.Random(4))
>>> while not d.is_over:
...     d.move(d.legal_moves()[-1])
>>> r = d.result()
>>> sum(r.units), sum(r.haler), len(d.history) <= 10
(0, 0, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stolik.deal import Trick
from stolik.games.licitovany.rules import Contract
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.state import Deal


@dataclass(frozen=True)
class Result:
    """A settled deal: the dealer, the aktér (-1: none), the won rung, the contract
    (None: omyl), how the deal ended (``played``, ``omyl``, ``vyrovnana``), the fleky's
    calls ``(seat, words)`` and each seat's money in units and in haléřů (adding up to 0,
    LICITOVANY §6)."""

    dealer: int
    akter: int
    won: int
    contract: Contract | None
    ending: str
    units: tuple[int, ...]
    haler: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A plain form (the contract by its rung number and suits)."""
        c = self.contract
        return {"dealer": self.dealer, "akter": self.akter, "won": self.won,
                "contract": None if c is None else [c.rung.number, c.trump, c.helper],
                "ending": self.ending, "units": list(self.units), "haler": list(self.haler)}


class TableDeal(Deal):
    """The engine's deal with the finished tricks and the settled :class:`Result`."""

    @classmethod
    def random(cls, rs: Ruleset, dealer: int, rng: random.Random, *,
               players: int = 3) -> TableDeal:
        """A shuffled deal, dealt 5–2–5 (LICITOVANY §2)."""
        deal = super().random(rs, dealer, rng, players=players)
        assert isinstance(deal, TableDeal)
        return deal

    @property
    def history(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return self.pos.tricks

    def result(self) -> Result:
        """The settled deal (LICITOVANY §6); refused before the deal is over."""
        units = self.money()
        p = self.pos
        return Result(self.dealer, p.akter, p.won, p.contract, p.ending, units,
                      tuple(self.rs.haler(u) for u in units))


__all__ = ["Result", "TableDeal"]
