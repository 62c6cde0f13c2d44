"""Everything a seat does in the Betel auction, as values, and as records write it
(BETEL §3, §6).

A call is an optional **dubel action** followed by ``pas``, a contract or ``kontra``. The
engine takes it in steps, so that what a seat sees can shape what it says: ``look`` (one
dubel card, by its place — the cards lie face down — or both), ``take`` (the first half of
an exchange: both dubel cards into the hand), ``lay`` (two cards laid back face down as
the new dubel), then the call itself. A record writes one entry per call:
``"2 look 1 7C pas"``, ``"0 exchange AS KS 2BA"``, ``"1 kontra"``.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> [a.text(rs) for a in (PAS, KONTRA, Action("bid", contract=29), Action("look", n=2))]
['pas', 'kontra', 'szlem-BA', 'look 2']
>>> parse_call("Szlemik-h", rs), parse_call("pas", rs)
(Action(kind='bid', contract=21, n=0, pos=-1, cards=()), Action(kind='pas', contract=-1, \
n=0, pos=-1, cards=()))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from stolik.errors import IllegalMove
from stolik.games.betel.deck import ASCII_NAMES
from stolik.games.betel.ruleset import Ruleset
from stolik.i18n import Msg

Kind = Literal["look", "take", "lay", "pas", "bid", "kontra"]

CALL_KINDS = ("pas", "bid", "kontra")
"""The kinds that end a seat's turn in the auction (BETEL §3)."""


@dataclass(frozen=True)
class Action:
    """One step of the auction. ``bid``: ``contract`` is the contract's index (0 = the
    lowest); ``look``: ``n`` cards (1 or 2), ``pos`` the place of the one card looked at
    (0 or 1, -1 for both); ``lay``: the two ``cards`` laid back, in order."""

    kind: Kind
    contract: int = -1
    n: int = 0
    pos: int = -1
    cards: tuple[int, ...] = ()

    def text(self, rs: Ruleset) -> str:
        """How this step reads (dubel cards named only for ``lay``)."""
        if self.kind == "bid":
            return rs.contracts[self.contract].call
        if self.kind == "look":
            return f"look {self.n}" + (f" #{self.pos + 1}" if self.n == 1 else "")
        if self.kind == "lay":
            return "lay " + " ".join(ASCII_NAMES[c] if c in range(len(ASCII_NAMES))
                                     else repr(c) for c in self.cards)
        return self.kind


PAS = Action("pas")
KONTRA = Action("kontra")
TAKE = Action("take")
LOOK_BOTH = Action("look", n=2)
LOOK_FIRST = Action("look", n=1, pos=0)
LOOK_SECOND = Action("look", n=1, pos=1)


_BIDS = tuple(Action("bid", contract=i) for i in range(64))
"""The calls of the contracts, made once: the legal lists hand out these very values."""

_LAYS = tuple(tuple(Action("lay", cards=(a, b)) for b in range(32)) for a in range(32))
"""Every ``lay`` of two cards, made once (the cards of any 32-card deck)."""


def bid(index: int) -> Action:
    """The call of the contract at ``index`` (0 = the lowest)."""
    if 0 <= index < len(_BIDS):
        return _BIDS[index]
    return Action("bid", contract=index)


def bids(lo: int, hi: int) -> tuple[Action, ...]:
    """The calls of the contracts ``lo`` … ``hi`` − 1, in order.

    >>> [a.contract for a in bids(27, 30)]
    [27, 28, 29]
    """
    if lo >= 0 and hi <= len(_BIDS):
        return _BIDS[lo:hi]
    return tuple(bid(i) for i in range(lo, hi))


def lay(a: int, b: int) -> Action:
    """Lay cards ``a`` and ``b`` back as the new dubel, in that order."""
    if type(a) is int and type(b) is int and 0 <= a < 32 and 0 <= b < 32:
        return _LAYS[a][b]
    return Action("lay", cards=(a, b))


def parse_call(word: str, rs: Ruleset) -> Action:
    """``pas``, ``kontra`` or a contract's record word, in any case (BETEL §6).

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> parse_call("4BA", load_ruleset())
    Traceback (most recent call last):
    stolik.errors.IllegalMove: cannot read the call '4BA': write pas, kontra or a contract \
(betelek-3 … szlem-BA) (BETEL §6)
    """
    w = word.casefold()
    if w == "pas":
        return PAS
    if w == "kontra":
        return KONTRA
    c = rs.contract_of(word)
    if c is None:
        raise IllegalMove(Msg("err-be-unknown-call", "cannot read the call {word!r}: write pas, "
                              "kontra or a contract ({first} … {last}) (BETEL §6)", word=word,
                              first=rs.contracts[0].call, last=rs.contracts[-1].call))
    return bid(c.index)
