"""Mariáš's words for people: suits, calls, games, fleky, marriages and money as a table
shows them (the terminal, and any other front end that wants them; MARIAS §1, §4, §6).

Mariáš terms stay Czech in every language — hra, sedma, sto, betl, durch, flek, re, trhák,
dobrý, dvacet, čtyřicet — as MARIAS §1 names them; only the words around them go through
the message catalogs (:mod:`stolik.i18n`). The cards' own names and pictures are
:mod:`stolik.games.marias.deck`'s (``A♥``, ``AH`` with ``ascii``); a record's words are
:mod:`stolik.games.marias.calls`'.

>>> from stolik.games.marias.deck import parse_card
>>> suit_text(0), suit_text(3, ascii=True)
('♥ červené', 'A žaludy')
>>> call_label(Call("dobry"), ()), call_label(Call("raise", component="sto-proti", level=2),
...                                           ("flek", "re"))
('dobrý', 're sto proti')
>>> choice_label(parse_card("7A"), parse_card("AA"), ascii=True)
'trumfy A žaludy (7A) · volá AA'
>>> money_text(150), money_text(-2000), money_text(0)
('+1,50 Kč', '-20,00 Kč', '0,00 Kč')
"""

from __future__ import annotations

from collections.abc import Sequence

from stolik.games.marias.calls import Call
from stolik.games.marias.deck import SUIT_NAMES, SUIT_PICTURES, SUITS, name
from stolik.games.marias.tournament import amount_text

CALL_WORDS = {"dobry": "dobrý", "cerveny-sam": "červený sám", "sto-proti": "sto proti",
              "sedma-proti": "sedma proti"}
"""Record words (MARIAS §11, written without accents) as people say them."""

def suit_text(suit: int, *, ascii: bool = False) -> str:
    """A suit as shown: its picture (its record letter with ``ascii``) and its Czech name
    (MARIAS §1)."""
    return f"{SUITS[suit] if ascii else SUIT_PICTURES[suit]} {SUIT_NAMES[suit]}"


def word(text: str) -> str:
    """One record word (``dobry``, ``sto-proti``) as people say it.

    >>> word("cerveny-sam"), word("flek")
    ('červený sám', 'flek')
    """
    return CALL_WORDS.get(text, text)


def choice_label(laid: int | None, called: int, *, ascii: bool = False,
                 suit: int | None = None) -> str:
    """The choice (MARIAS §4.1): the trump suit, the laid card where the reader may know it
    (the chooser only: ``laid`` None hides it, ``suit`` then gives the trumps), the called
    card."""
    trumps = suit if laid is None else laid >> 3
    assert trumps is not None
    shown = f" ({name(laid, ascii=ascii)})" if laid is not None else ""
    return f"trumfy {suit_text(trumps, ascii=ascii)}{shown} · volá {name(called, ascii=ascii)}"


def call_label(call: Call, flek_names: Sequence[str], *, ascii: bool = False) -> str:
    """A bidding call as people say it; the choice with the laid card (only its chooser
    sees a :class:`Call` of his own choice; others read :func:`entry_label`)."""
    if call.word == "choose":
        return choice_label(call.card, call.called, ascii=ascii)
    return " ".join(word(w) for w in call.text(flek_names).split())


def entry_label(text: str, *, ascii: bool = False) -> str:
    """A call as a seat's view writes it (``SeatView.calls``): the choice as
    ``trump=7A call=AA`` to its chooser, ``trump=A call=AA`` (the suit only, MARIAS §4.1)
    to the others; anything else in record words.

    >>> entry_label("trump=A call=AA", ascii=True), entry_label("flek sto-proti")
    ('trumfy A žaludy · volá AA', 'flek sto proti')
    """
    from stolik.games.marias.deck import parse_card

    parts = dict(w.split("=", 1) for w in text.split() if "=" in w)
    if set(parts) == {"trump", "call"}:
        trump = parts["trump"]
        called = parse_card(parts["call"])
        if len(trump) == 1:
            return choice_label(None, called, ascii=ascii, suit=SUITS.index(trump.upper()))
        return choice_label(parse_card(trump), called, ascii=ascii)
    return " ".join(word(w) for w in text.split())


def levels_text(components: Sequence[str], levels: Sequence[int],
                flek_names: Sequence[str]) -> str:
    """Each flekked component with its level's word (MARIAS §4.4): ``hra re · sedma
    flek``; empty when nothing is flekked. ``levels`` is per component as the engine keeps
    them: the game, the sedma (or sedma proti), the sto proti.

    >>> levels_text(["hra", "sedma"], (2, 1, 0), ("flek", "re"))
    'hra re · sedma flek'
    """
    out = []
    for comp in components:
        level = levels[2 if comp == "sto-proti" else 1 if comp.startswith("sedma") else 0]
        if level:
            out.append(f"{word(comp)} {flek_names[level - 1]}")
    return " · ".join(out)


def marriage_text(suit: int, trump: int | None, *, ascii: bool = False) -> str:
    """A marriage announced (MARIAS §1, §4.6): ``čtyřicet`` in trumps, else ``dvacet``.

    >>> marriage_text(2, 2, ascii=True), marriage_text(0, 2)
    ('čtyřicet B kule', 'dvacet ♥ červené')
    """
    return f"{'čtyřicet' if suit == trump else 'dvacet'} {suit_text(suit, ascii=ascii)}"


def money_text(halere: int) -> str:
    """Haléř as signed Kč with a comma (MARIAS §6), as the tournament pages write it."""
    return f"{amount_text(halere)} Kč"


__all__ = ["CALL_WORDS", "call_label", "choice_label", "entry_label",
           "levels_text", "marriage_text", "money_text", "suit_text", "word"]
