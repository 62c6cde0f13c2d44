"""Everything said in a Mariáš deal, as values, and as records write it (MARIAS §4, §11).

A :class:`Call` is one move of the bidding: the choice, an approval word, an announcement,
a flek-level raise of one component, ``sto-proti``, ``sedma-proti`` or ``pass``. A chooser's
announced game and his sedma are one move (``hra`` + ``sedma``), written as two record
entries.

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

from stolik.errors import CardError, IllegalMove
from stolik.games.marias.deck import ASCII_NAMES, CARD_HINT, parse_card
from stolik.i18n import Msg

APPROVAL_WORDS = ("dobry", "betl", "durch", "cerveny-sam")
"""Approval (MARIAS §4.2): ``dobrý`` or a claim; ``cerveny-sam`` only after a forgotten
choice (seed §5)."""

GAME_WORDS = ("hra", "sto")
"""The choosing side's game in a trump game (MARIAS §4.3)."""

COMPONENTS = ("hra", "sto", "betl", "durch", "sedma", "sto-proti", "sedma-proti")
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


def parse_move(text: str, phase: str, flek_names: Sequence[str]) -> Call | int:
    """A move as records write it, read in ``phase``: a card (its index) in the play, else a
    :class:`Call` (MARIAS §11). Whether it is allowed is the state's business.

    >>> parse_move("flek hra", "fleky", ("flek", "re"))
    Call(word='raise', card=-1, called=-1, sedma=False, component='hra', level=1)
    >>> parse_move("Hra  Sedma", "announce", ())
    Call(word='hra', card=-1, called=-1, sedma=True, component='', level=0)
    >>> parse_move("kontra", "fleky", ("flek",))
    Traceback (most recent call last):
    stolik.errors.IllegalMove: unknown call 'kontra': calls are dobry, betl, durch, hra, sto, \
sedma, pass, sto-proti or a flek level (flek) and a component (MARIAS §11)
    """
    words = text.strip().lower().split()
    if phase == "play":
        return card_of(text, "MARIAS §1")
    if not words:
        raise IllegalMove(Msg("err-ma-empty-call", "an empty call (MARIAS §11)"))
    if phase == "choice":
        if words == ["forgot"]:
            return Call("forgot")
        kv = {k.lower(): v for k, v in (w.split("=", 1) for w in text.split() if "=" in w)}
        if len(words) == 2 and set(kv) == {"trump", "call"}:
            return Call("choose", card=card_of(kv["trump"], "MARIAS §4.1"),
                        called=card_of(kv["call"], "MARIAS §4.1"))
        raise IllegalMove(Msg("err-ma-choice-unread", "cannot read choice {text!r}: write "
                              "\"trump=<card> call=<card>\" or \"forgot\" (MARIAS §11)",
                              text=text.strip()))
    if len(words) == 1 and words[0] in (*APPROVAL_WORDS, "nic", "pass", "sto-proti", "sedma",
                                        "sedma-proti", *GAME_WORDS):
        return Call(words[0])
    if len(words) == 2 and words[0] in GAME_WORDS and words[1] == "sedma":
        return Call(words[0], sedma=True)
    if len(words) == 2 and words[0] in flek_names:
        return Call("raise", component=words[1], level=list(flek_names).index(words[0]) + 1)
    raise IllegalMove(Msg("err-ma-unknown-call", "unknown call {text!r}: calls are dobry, betl, "
                          "durch, hra, sto, sedma, pass, sto-proti or a flek level ({levels}) "
                          "and a component (MARIAS §11)", text=text.strip(),
                          levels=", ".join(flek_names)))


def not_a_card(text: str, rule: str) -> Msg:
    """The refusal of ``text`` that is not a card (``parse_card``'s words, MARIAS §1), citing
    ``rule``."""
    return Msg("err-ma-bad-card", "{card!r} is not a Mariáš card: " + CARD_HINT + " ({rule})",
               card=text.strip(), rule=rule)


def card_of(text: str, rule: str) -> int:
    """The card written ``text``; :class:`IllegalMove` (:func:`not_a_card`) if it is none."""
    try:
        return parse_card(text)
    except CardError:
        raise IllegalMove(not_a_card(text, rule)) from None
