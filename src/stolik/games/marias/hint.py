"""The hint at a Mariáš table, the terminal's and the web table's (issue 27: a hint is the
strongest bot's): the ``expert`` bot's move on the seat's own view
(:mod:`stolik.games.marias.expert`) — measured stronger than ``pimc`` in duplicate arenas
(+0.23 Kč a deal and seat [+0.01, +0.44], 300 deals), as ``pimc`` is than the heuristic
(+0.23 [0.09, 0.37]). Its calls (the choice, approval, announcements, fleky) are weighed by
the money over layouts that fit the calls heard, its cards are ``pimc``'s with those
layouts weighted by the calls (inference).

- **What it reads**: the seat's views only — the one now and what each earlier view of the
  deal showed of its play (:func:`replayed` replays the deal's moves and feeds the seat's
  view after each to the card player's own memory of the tricks,
  :class:`~stolik.games.marias.sampling.Seen`, as the bot feeds it at its turns, the seat's
  own cards as it plays them). Two layouts the seat cannot tell apart give the same hint.
- **Repeatable**: the bot is seeded by the caller (:func:`hint_seed` at the terminal; the
  web table keys it by the table's secret seed) and stopped by counts of search nodes
  (:data:`NODES` a card, :data:`CALL_NODES` a call), not by the clock (:data:`SECONDS` is
  infinite), so the same view at the same table gives the same hint on any machine,
  however loaded. A CPU cap of 1 s stood here as a safety net; on the loaded 2-core CI
  machine it ended one of two asks of the same hint early, and the seat got another card.
- **Bounded** (a hint runs on a worker thread of the web table; the goal: about a second
  of CPU at worst): a card draws :data:`LAYOUTS` layouts, the bot's own 100 — its
  successive elimination stops most card decisions at 20 — within :data:`NODES`, two
  thirds of the bot's budget (4 of its 6 million), so that the count, not a clock, ends a
  hard decision; a call weighs the bot's 12 layouts within its own 3 million nodes.
  Measured at tables of four heuristic bots, 30 seeded deals (seeds 100–129), the hint
  asked at every decision with a choice (``time.thread_time``, numba warm, the 2-core
  build machine with two arenas beside): 546 card hints, median 30 ms, 90th percentile
  84 ms, max 631 ms of CPU; 271 call hints, median 65 ms, p90 143 ms, max 297 ms.

>>> import random
>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.state import Deal
>>> d = Deal.random(load_ruleset(), 0, random.Random(5))
>>> seed = hint_seed(5, 1, len(d.log), 1)
>>> deal_hint(d, 1, seed) == deal_hint(d, 1, seed) == hint_move(
...     d.rs, d.view(1), replayed(d)[1].seen[1], seed)
True
"""

from __future__ import annotations

import copy

from stolik.bots.layout_bot import position_seed
from stolik.games.marias.expert import NODES as CALL_NODES
from stolik.games.marias.expert import ExpertBot
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.sampling import Seen
from stolik.games.marias.state import Deal, Move
from stolik.games.marias.view import SeatView

__all__ = ["CALL_NODES", "LAYOUTS", "NODES", "SECONDS", "Memory", "deal_hint", "hint_move",
           "hint_seed", "replayed"]

LAYOUTS = 100
"""Layouts a hint's card decision draws (the expert's own; module notes)."""
NODES = 4_000_000
"""Search nodes a hint's card decision may spend (module notes: about 0.4 s of CPU)."""
SECONDS = float("inf")
"""No CPU cap: :data:`NODES` alone bounds a hint, so that it is repeatable (module notes)."""


class Memory:
    """What each of the four seats has been shown of the deal's play, from its own views
    (the card player's :class:`~stolik.games.marias.sampling.Seen`), kept after every
    move."""

    def __init__(self) -> None:
        self.seen = [Seen() for _ in range(4)]

    def update(self, deal: Deal) -> None:
        """Each seat's view now added (a new deal starts each memory afresh)."""
        for s, seen in enumerate(self.seen):
            seen.update(deal.view(s))

    def played(self, deal: Deal) -> None:
        """The last move, when a card: its seat's own card, as it plays it (a card that
        ends a trick leaves no trick in the view after it)."""
        op = deal.log[-1] if deal.log else None
        if op is not None and op.kind == "card" and self.seen[op.seat].tricks:
            self.seen[op.seat].played(op.seat, op.card)


def replayed(deal: Deal) -> tuple[Deal, Memory]:
    """``deal`` dealt again and its moves, as they stand now, made one by one, each seat's
    view after each fed to a :class:`Memory` (module notes): the copy and the memory."""
    again = Deal(deal.rs, deal.dealer, deal.dealt, paper=deal.paper)
    memory = Memory()
    memory.update(again)
    for op in tuple(deal.log):
        again.apply(op)
        memory.played(again)
        memory.update(again)
    return again, memory


def hint_seed(seed: int | str, deal: int, moves: int, seat: int) -> int:
    """A terminal hint's seed: the series' ``seed``, the deal's number, its moves, the seat."""
    return position_seed("marias hint", seed, deal, moves, seat)


def deal_hint(deal: Deal, seat: int, seed: int) -> Move:
    """The hint for ``seat`` in ``deal`` now: :func:`hint_move` on its view and its memory
    (:func:`replayed`: both of one moment, should a move come meanwhile), under the deal's
    rules."""
    again, memory = replayed(deal)
    return hint_move(deal.rs, again.view(seat), memory.seen[seat], seed)


def hint_move(rs: Ruleset, view: SeatView, seen: Seen, seed: int) -> Move:
    """The expert bot's move on ``view`` with the seat's memory ``seen`` (copied, not
    changed), seeded by ``seed``, under the hint's budget (module notes). The solver's
    kernels are compiled (or loaded) first, apart from the budget: on a cold process their
    compiling spent the CPU cap, and the same view got another hint than after it."""
    from stolik.games.marias.solver import warm_up

    warm_up()  # once a process: 40 µs after the first
    bot = ExpertBot(card_layouts=LAYOUTS, seed=seed, ruleset=rs, nodes=CALL_NODES,
                    seconds=SECONDS)
    bot.pimc.nodes, bot.pimc.seconds = NODES, SECONDS
    bot.pimc.seen = copy.deepcopy(seen)
    return bot.choose(view)
