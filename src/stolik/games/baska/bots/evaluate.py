"""Hand evaluation as a club player does it: value each card by what can beat it, add the
values up, and read the chance of making a contract off the total.

Everything is read off the ruleset's own card order (:class:`~stolik.tricks.CardOrder`), so
the same rules serve the normal order of ``pucka-2019`` (12 trumps), of ``mester-sport``
(14 trumps, black aces on top), the gran order (four jacks) and a league's own file.

**Kinds of card.** A trump is known by how many higher trumps are out (0: a sure trick); a
fele (a non-trump) by how many higher cards of its suit are out (0: the top of its suit).
Cards another hand may hold count as out; cards already played do not.

**Families of card orders.** Where most cards are trumps (``long``: the normal orders) a fele
is nearly always ruffed and its points go to the opponents; where trumps are few (``short``:
the gran order) the aces and tens take tricks. Each family has its own card values.

**Hand value.** The sum of the four card values (:data:`VALUES`): a sure trump is worth 1
and the weakest kind of card 0, so a hand is worth 0–4. The chance that a lone player takes
53 points is a logistic curve through the hand value; the chance of all four tricks (du) is
read the same way off card values of its own; a cicha counts :data:`CICHA_BONUS` more.
The side's chance in the plain game (:data:`PLAIN_WIN`) and a defender's chance to beat a
solo (:data:`BEATEN`) are tables by hand value. All of them were measured on the bot's own
play over random deals of the three rulesets (``benchmarks/calibrate_heuristic.py``: 24,000
forced contracts per family and goal).

>>> from stolik.games.baska.ruleset import load_ruleset
>>> from stolik.games.baska.deck import DECK
>>> rs = load_ruleset("pucka-2019")
>>> e = estimate(DECK.parse_mask("AH TH QC JD"), rs.orders["normal"])
>>> e.sure, e.trumps, round(e.value, 2)
(3, 4, 3.6)
>>> e.describe()
'hand value 3.6 of 4: 3 sure tricks (A♥ 10♥ Q♣), 4 trumps'
>>> round(e.chance("points"), 2), round(e.chance("cicha"), 2), round(e.chance("all-tricks"), 2)
(0.88, 0.93, 0.55)
>>> junk = estimate(DECK.parse_mask("AC TS JD TD"), rs.orders["normal"])
>>> round(junk.value, 2), round(junk.chance("points"), 3)
(1.34, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from stolik.games.baska.deck import DECK, points
from stolik.tricks import CardOrder

Family = Literal["long", "short"]
CardKind = tuple[Literal["trump", "fele"], int]


@dataclass(frozen=True)
class CardValues:
    """Card values of one family of card orders, and the curve from hand value to the
    chance of taking 53 points alone: ``1 / (1 + exp(-slope × (value - even)))``.

    ``trump[h]`` is the value of a trump with h higher trumps out, ``fele[h]`` of a fele
    with h higher cards of its suit out; beyond the end of a table its last value holds.
    """

    trump: tuple[float, ...]
    fele: tuple[float, ...]
    even: float
    slope: float

    def of(self, kind: CardKind) -> float:
        """The value of one kind of card."""
        table = self.trump if kind[0] == "trump" else self.fele
        return table[min(kind[1], len(table) - 1)]


VALUES: dict[tuple[Family, str], CardValues] = {
    ("long", "points"): CardValues(trump=(1.0, 0.96, 0.87, 0.74, 0.7, 0.6),
                                   fele=(0.14, 0.0), even=3.16, slope=4.49),
    ("short", "points"): CardValues(trump=(1.0, 0.88, 0.88, 0.71), fele=(0.46, 0.09, 0.0),
                                    even=2.38, slope=2.91),
    ("long", "all-tricks"): CardValues(trump=(1.0, 0.76, 0.71, 0.66, 0.6, 0.59),
                                       fele=(0.37, 0.0), even=3.57, slope=9.7),
    ("short", "all-tricks"): CardValues(trump=(1.0, 0.76, 0.75, 0.0), fele=(0.67, 0.44, 0.25),
                                        even=3.24, slope=7.2),
}
"""Card values and curve per family of card order and goal (``points``: 53 points,
``all-tricks``: du), fitted on forced contracts (see the module's docstring)."""

Table = tuple[tuple[float, float], ...]

PLAIN_WIN: dict[str, Table] = {
    "starzy": ((1.5, 0.34), (2.0, 0.44), (2.5, 0.56), (3.0, 0.77), (3.5, 0.91), (4.0, 1.0)),
    "mlodzi": ((1.0, 0.16), (1.5, 0.23), (2.0, 0.28), (2.5, 0.44), (3.0, 0.69), (3.5, 0.93)),
}
"""Chance that a seat's side wins the plain game, by the seat's hand value in the plain
order, for starzy (the holders of the black queens; also a wesele's side) and młodzi."""

BEATEN: dict[tuple[Family, str], Table] = {
    ("long", "points"): ((2.0, 0.05), (2.25, 0.06), (2.5, 0.2), (2.75, 0.35), (3.0, 0.59),
                         (3.25, 0.65), (3.5, 0.8)),
    ("short", "points"): ((1.25, 0.05), (1.5, 0.09), (1.75, 0.15), (2.0, 0.21), (2.25, 0.37),
                          (2.5, 0.44), (3.0, 0.6)),
    ("long", "all-tricks"): ((2.0, 0.0), (2.5, 0.3), (3.0, 0.5)),
    ("short", "all-tricks"): ((1.25, 0.07), (1.5, 0.23), (1.75, 0.31), (2.5, 0.4)),
}
"""Chance that a solo the bot would bid is beaten, by a defender's hand value in the
contract's order (measured as the best defender's value; a defender who holds a sure card
against a du contract beats it for certain)."""


def interpolate(table: Table, x: float) -> float:
    """The value of a piecewise-linear table at ``x`` (flat beyond its ends).

    >>> interpolate(((1.0, 0.2), (2.0, 0.6)), 1.5), interpolate(((1.0, 0.2),), 0.0)
    (0.4, 0.2)
    """
    if x <= table[0][0]:
        return table[0][1]
    for (x0, y0), (x1, y1) in pairwise(table):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return table[-1][1]


CICHA_BONUS = 0.15
"""A cicha player's hand counts this much more than a soloist's: the others do not know
they face a lone player (measured: 57% against 39% at hand value 3.0, 91% against 81% at
3.5)."""

TRUMP_KIND_CAP = 5
"""Trumps with more higher trumps out than this are one kind."""

FELE_KIND_CAP = 2
"""Fele with more higher cards of their suit out than this are one kind."""


def family(order: CardOrder) -> Family:
    """``long`` when most cards of the deck are trumps, else ``short``.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("mester-sport")
    >>> family(rs.orders["normal"]), family(rs.orders["gran"])
    ('long', 'short')
    """
    return "long" if 2 * len(order.trumps) > len(DECK) else "short"


def card_kind(card: int, hand: int, order: CardOrder, seen: int = 0) -> CardKind:
    """The kind of ``card`` in ``hand``: ``("trump", h)`` or ``("fele", h)``, h the higher
    cards out (capped); ``seen`` are cards already played.

    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> rs = load_ruleset("pucka-2019")
    >>> hand = DECK.parse_mask("TH QS AC TC")
    >>> [card_kind(c, hand, rs.orders["normal"]) for c in DECK.parse("TH QS TC")]
    [('trump', 1), ('trump', 2), ('fele', 0)]
    """
    out = DECK.full_mask & ~hand & ~seen
    if order.is_trump(card):
        return ("trump", min((order.beats[card] & out).bit_count(), TRUMP_KIND_CAP))
    higher = order.beats[card] & out & ~order.trump_mask
    return ("fele", min(higher.bit_count(), FELE_KIND_CAP))


@dataclass(frozen=True)
class Estimate:
    """What a hand is worth in one card order.

    ``value``: the hand value (0–4) for 53 points, ``du_value`` for all four tricks;
    ``sure``: cards nobody can beat (trumps with no higher trump out, a fele whose suit and
    the trumps are all gone), listed in ``sure_cards``; ``trumps``: trumps held; ``points``:
    card points held; ``family``: the card order's family; ``cards``: cards held;
    ``stopper``: a card that must
    take a trick whatever the others hold (a sure card, or a trump with no more higher
    trumps out than lower trumps held beside it: the higher ones fall on the lower ones
    first), or None.
    """

    value: float
    du_value: float
    sure: int
    trumps: int
    points: int
    sure_cards: tuple[int, ...]
    family: Family
    stopper: int | None = None
    cards: int = 4

    def chance(self, goal: str) -> float:
        """Chance that a lone player makes a contract of ``goal`` (``points``: 53 points,
        ``all-tricks``: every trick, ``cicha``: 53 points unannounced). A hand of sure
        cards only cannot lose."""
        if self.sure == self.cards:
            return 1.0
        if goal == "all-tricks":
            v, value = VALUES[(self.family, "all-tricks")], self.du_value
        else:
            v = VALUES[(self.family, "points")]
            value = self.value + (CICHA_BONUS if goal == "cicha" else 0.0)
        return 1 / (1 + math.exp(-v.slope * (value - v.even)))

    def describe(self) -> str:
        """The estimate in words, for :meth:`HeuristicBot.explain`."""
        if self.sure:
            sure = (f"{self.sure} sure trick{'s' if self.sure > 1 else ''} "
                    f"({DECK.format(self.sure_cards)})")
        else:
            sure = "no sure trick"
        return (f"hand value {self.value:.1f} of 4: {sure}, "
                f"{self.trumps} trump{'' if self.trumps == 1 else 's'}")


@lru_cache(maxsize=1 << 15)
def estimate(hand: int, order: CardOrder, seen: int = 0) -> Estimate:
    """The estimate of ``hand`` (a mask) in ``order``; ``seen`` are cards already played
    (kept: the bots' inference asks it again and again of the same hands)."""
    fam = family(order)
    values, du_values = VALUES[(fam, "points")], VALUES[(fam, "all-tricks")]
    value = du = 0.0
    trumps = 0
    sure: list[int] = []
    stopper: int | None = None
    out = DECK.full_mask & ~hand & ~seen
    any_trump_out = bool(order.trump_mask & out)
    my_trumps = [c for c in order.trumps if hand >> c & 1]
    for c in order.sort(DECK.cards_of(hand)):
        kind = card_kind(c, hand, order, seen)
        value += values.of(kind)
        du += du_values.of(kind)
        if kind == ("trump", 0) or (kind == ("fele", 0) and not any_trump_out):
            sure.append(c)
        if kind[0] == "trump":
            trumps += 1
            lower = len(my_trumps) - 1 - my_trumps.index(c)
            if stopper is None and (order.beats[c] & out).bit_count() <= lower:
                stopper = c
    if stopper is None and sure:
        stopper = sure[0]
    return Estimate(value, du, len(sure), trumps, points(hand), tuple(sure), fam, stopper,
                    hand.bit_count())


__all__ = ["BEATEN", "CICHA_BONUS", "FELE_KIND_CAP", "PLAIN_WIN", "TRUMP_KIND_CAP", "VALUES",
           "CardKind", "CardValues", "Estimate", "Family", "Table", "card_kind", "estimate",
           "family", "interpolate"]
