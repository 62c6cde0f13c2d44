"""Layouts of the hidden cards at a licitovaný bidding decision, for the ``expert`` bot
(LICITOVANY §2, §4; hidden information: nothing here reads a card the seat cannot see),
each returned as a :class:`~stolik.games.licitovany.state.Deal` at the seat's decision,
ready for a call to be tried on it.

- **Before the contract** (licitace; the aktér's discard and contract): the seat's own
  cards (the aktér's twelve, the talon he took and what he laid away, §4.3) and the other
  cards dealt at random to the other hands and the talon; every public call so far is
  replayed on the deal.
- **In the fleky** (§4.5): the layout is the pimc bot's
  (:class:`~stolik.games.licitovany.sampling.Sampler`: a trump game's talon without an ace,
  a ten or an announced seven, a sedma's aktér holding the trump 7, §4.3, §4.4); a
  defender does not know which two of the aktér's twelve were the talon, and any two will
  do — the talon counts for nobody and the cards went to the aktér.
- **Inference** (issue 27.1): with a ``model`` each layout carries the log-probability
  that the other seats, playing the heuristic's calls as an ε-policy
  (:class:`~stolik.bots.inference.EpsilonPolicy`), made the calls seen on it — the
  licitace, the contract and the fleky (the discard is hidden): a prostřední who bid a
  sto most likely holds a hláška.

A layout on which a call replayed is illegal (a sedma named without its seven …) is drawn
again.

>>> import random
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany.state import Deal
>>> rs = load_ruleset()
>>> d = Deal.random(rs, 2, random.Random(4))
>>> d.move("dobra")
>>> lays = bidding_layouts(d.view(1), rs, 3, random.Random(0))
>>> [(x.phase, x.to_act, x.pos.hands[1] == d.pos.hands[1]) for x, _ in lays]
[('licitace', 1, True), ('licitace', 1, True), ('licitace', 1, True)]
"""

from __future__ import annotations

import random

from stolik.bots.inference import EpsilonPolicy
from stolik.deck32 import FULL_MASK
from stolik.errors import IllegalMove
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.heuristic import HeuristicBot
from stolik.games.licitovany.knowledge import Memory, knowledge, seats_of
from stolik.games.licitovany.ruleset import Ruleset
from stolik.games.licitovany.sampling import Sampler
from stolik.games.licitovany.state import Deal
from stolik.games.licitovany.view import SeatView

__all__ = ["bidding_layouts"]


def _bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _dealt(view: SeatView, rs: Ruleset, rng: random.Random, memory: Memory
           ) -> tuple[list[list[int]], list[int], tuple[int, ...]] | None:
    """The hands as dealt, the talon and the discard of one layout (module notes)."""
    players = len(view.counts)
    order, pauzirak = seats_of(view)
    k = knowledge(view, rs)
    akter = view.seat == k.akter
    hands = [0] * players
    if view.phase == "fleky":
        try:
            lay = Sampler(view, k, memory).draw(rng)
        except ValueError:
            return None
        twelve = lay.hands[k.akter] | lay.discard
        talon = view.talon if akter else sum(1 << c for c in rng.sample(_bits(twelve), 2))
        hands = list(lay.hands)
        hands[k.akter] = twelve & ~talon
        return [_bits(h) for h in hands], _bits(talon), tuple(_bits(lay.discard))
    mine = view.hand | view.discard if akter else view.hand
    talon = view.talon if akter else 0
    rest = _bits(FULL_MASK & ~mine)
    rng.shuffle(rest)
    hands[view.seat] = mine & ~talon
    for s in order:
        if s != view.seat:
            hands[s] = sum(1 << c for c in rest[:10])
            rest = rest[10:]
    if not akter:
        talon = sum(1 << c for c in rest)
    assert pauzirak is None or hands[pauzirak] == 0
    return [_bits(h) for h in hands], _bits(talon), tuple(_bits(view.discard))


def _replay(view: SeatView, rs: Ruleset, dealt: list[list[int]], talon: list[int],
            discard: tuple[int, ...], model: EpsilonPolicy[None] | None,
            bot: HeuristicBot) -> tuple[Deal, float] | None:
    """The deal with the view's calls replayed, and the log-probability of the others'
    calls under ``model`` (0 without one); None where a call is illegal on it."""
    order, _ = seats_of(view)
    players = len(view.counts)
    dealer = (order[0] - 1) % players
    d = Deal(rs, dealer, dealt, talon, players=players)
    log_p = 0.0
    try:
        for seat, text in view.calls:
            m: Move | str = Move("discard", cards=discard) if text.startswith("discard") \
                else text
            if model is not None and seat != view.seat and not text.startswith("discard"):
                legal = len(d.legal_moves())
                hint = bot.act(d.view(seat)) if legal > 1 else None
                d.move(m)
                log_p += model.log_p(d.log[-1], hint, legal)
                continue
            d.move(m)
    except IllegalMove:
        return None
    if d.to_act != view.seat or d.phase != view.phase:
        return None
    return d, log_p


def bidding_layouts(view: SeatView, rs: Ruleset, n: int, rng: random.Random, *,
                    memory: Memory | None = None, model: EpsilonPolicy[None] | None = None,
                    tries: int = 40) -> list[tuple[Deal, float]]:
    """Up to ``n`` deals at the seat's decision, each a layout consistent with what it
    saw, with the log-probability of the others' calls under ``model`` (module notes);
    fewer only when ``tries × n`` draws found fewer."""
    if view.phase in ("play", "done"):
        raise ValueError("bidding layouts are drawn before the play (LICITOVANY §4)")
    if memory is None:
        memory = Memory()
        memory.observe(view)
    bot = HeuristicBot(ruleset=rs)
    out: list[tuple[Deal, float]] = []
    for _ in range(tries * n):
        got = _dealt(view, rs, rng, memory)
        if got is None:
            continue
        lay = _replay(view, rs, *got, model, bot)
        if lay is not None:
            out.append(lay)
            if len(out) == n:
                break
    return out
