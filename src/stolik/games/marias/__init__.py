"""Mariáš čtyřka, four-player volený mariáš with the mandatory hundred (MARIAS.md, seed 002).

Each rule lives in one module: the cards and their orders in :mod:`.deck` (MARIAS §1–§2),
playing a card in :mod:`.play` (§3), the bidding words in :mod:`.calls` (§4, §11), a deal as
a state in :mod:`.state` (§2–§5), what a seat may know in :mod:`.view`, money in
:mod:`.scoring` (§5, §6, §8), the tariff as data in :mod:`.ruleset` and ``rulesets/`` (§6).

Where MARIAS.md is silent the engine decides as a Czech referee would (each has a test):

- Before the choice every seat sees only its first four cards (hands are kept in dealt
  order); the laid trump card stays face down: others learn its suit and the called card.
- A seat's view holds the trick in progress and its own last trick only (MARIAS §3, seed
  §9): the last trick it took itself (a partner's pile is his); in betl and durch the
  soloist collects every trick (seed §7), so his own last trick is the last one and the
  others have none. The number of tricks before each seat and the marriages announced are
  public; card points are not shown during the play (counted at the end).
- Every non-chooser gets an announcement turn (a defender's only move is ``nic``, which
  records do not write, though one written at that seat's turn is read), so whose turn it
  is never shows the partner.
- ``forgot`` (a forgotten choice) is accepted only in a deal recorded from paper
  (``Deal(..., paper=True)``, set by the record reader); a live deal refuses it (§4.1).
- A sto is povinná when the hands make it so (the čtyřka with the called card's holder, or
  with a chooser not playing alone), whoever says sto first.
- Fleky calls name the component: the game by its own name (``flek sto``, ``re betl``),
  ``sedma``, ``sto-proti``, ``sedma-proti``; betl and durch fleky also start left of the
  chooser. The trhák is offered only ``flek`` on the game, even at a first turn where he
  could otherwise call sto proti. Sto proti may answer an announced sto too; once a deal.
- A raise shows the raiser's side; the chooser's own raise shows nothing (a sám stays
  hidden until he plays the called card); a partner is also known by elimination.
- Tichá sto replaces only a hra: against an announced sto the other side's 100 is priced by
  the sto's pády.
- A renonc pays 1 Kč + the flekked game, or the cap instead when the flekked game is above
  the cap (MARIAS §8 as written: a game just under the cap pays 1 Kč more than it); before
  a suit is chosen it prices the unflekked hra without red doubling. A false lay-down is a
  renonc by the claimer.
- A claim is judged on the real hands (the table checks the laid cards) over every legal
  continuation, equivalent cards (adjacent, equal in points, not the trump 7) tried once;
  one needing more than 20,000 such positions is refused as too early.
- Sedma proti (off in ``ctyrka``): a defender holding the trump 7 at his first turn in the
  fleky; it shares the sedma's flek component (a deal has one trump 7).
- Records may end a deal with ``claim = <seat>`` (a lay-down) instead of a renonc.

>>> from stolik.games.marias import load_ruleset, Deal
>>> load_ruleset("ctyrka").name
'Mariáš čtyřka s povinnou stovkou'
"""

from stolik.games.marias.calls import Call
from stolik.games.marias.ruleset import (
    DEFAULT_RULESET,
    Ruleset,
    available_rulesets,
    describe,
    load_ruleset,
    parse_ruleset,
)
from stolik.games.marias.scoring import DealResult, Settlement, score
from stolik.games.marias.state import Deal, Move, Op, Trick
from stolik.games.marias.view import SeatView

__all__ = [
    "DEFAULT_RULESET", "Call", "Deal", "DealResult", "Move", "Op", "Ruleset", "SeatView",
    "Settlement", "Trick", "available_rulesets", "describe", "load_ruleset", "parse_ruleset",
    "score",
]
