"""Everything said in a Mariáš deal, as values, and as records write it (MARIAS §4, §11).

A :class:`Call` is one move of the bidding: the choice, an approval word, an announcement,
a flek-level raise of one component, ``sto-proti`` or ``pass``. A chooser's announced game
and his sedma are one move (``hra`` + ``sedma``), written as two record entries.

>>> from stolik.games.marias.deck import parse_card
>>> Call("choose", card=parse_card("7A"), called=parse_card("AA")).entries(("flek",))
['trump=7A call=AA']
>>> Call("hra", sedma=True).entries(("flek",))
['hra', 'sedma']
>>> Call("raise", component="hra", level=2).entries(("flek", "re"))
['re hra']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stolik.games.marias.deck import ASCII_NAMES

APPROVAL_WORDS = ("dobry", "betl", "durch", "cerveny-sam")
"""Approval (MARIAS §4.2): ``dobrý`` or a claim; ``cerveny-sam`` only after a forgotten
choice (seed §5)."""

GAME_WORDS = ("hra", "sto")
"""The choosing side's game in a trump game (MARIAS §4.3)."""

COMPONENTS = ("hra", "sto", "betl", "durch", "sedma", "sto-proti")
"""What fleky raise (MARIAS §4.4): the game under its own name, the sedma, the sto proti."""

CLAIM_RANK = {"betl": 1, "durch": 2}
"""A claim must be higher than any earlier one: durch > betl (MARIAS §4.2)."""


@dataclass(frozen=True)
class Call:
    """One move of the bidding.

    ``word`` is one of ``choose`` (``card`` laid as trumps, ``called`` named), ``forgot``,
    the approval words, ``hra`` / ``sto`` (with ``sedma`` when the seven is announced with
    it), ``sedma`` alone (the partner's), ``nic`` (nothing to announce: not written in
    records), ``raise`` (``component`` to ``level``), ``sto-proti`` and ``pass``.
    """

    word: str
    card: int = -1
    called: int = -1
    sedma: bool = False
    component: str = ""
    level: int = 0

    def entries(self, flek_names: Sequence[str]) -> list[str]:
        """The record entries of this call, without the seat (MARIAS §11); ``nic`` has none."""
        w = self.word
        if w == "choose":
            return [f"trump={ASCII_NAMES[self.card]} call={ASCII_NAMES[self.called]}"]
        if w == "raise":
            return [f"{flek_names[self.level - 1]} {self.component}"]
        if w == "nic":
            return []
        if w in GAME_WORDS and self.sedma:
            return [w, "sedma"]
        return [w]

    def text(self, flek_names: Sequence[str]) -> str:
        """The call as people read it: its entries joined, ``nic`` for nothing.

        >>> Call("sto", sedma=True).text(()), Call("nic").text(())
        ('sto sedma', 'nic')
        """
        return " ".join(self.entries(flek_names)) or self.word


PASS = Call("pass")
NIC = Call("nic")
DOBRY = Call("dobry")
