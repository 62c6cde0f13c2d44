"""Playing cards, decks and card sets as bitmasks — generic over the games stolik hosts.

A :class:`Deck` is an ordered tuple of :class:`Card` values; a card is identified in the
hot paths by its index in the deck, and a set of cards by an ``int`` bitmask with bit *i*
set for card *i*. Baśka uses a 16-card deck, Mariáš and Betel 32-card ones.

>>> from stolik.cards import Card, Deck, Rank, Suit
>>> deck = Deck.of(ranks="ATQJ", suits="CSHD")
>>> len(deck)
16
>>> deck.parse("AH 10d q♣")
[8, 13, 2]
>>> deck.format_mask(deck.parse_mask("AH TD"))
'A♥ 10♦'
>>> deck.format_mask(deck.parse_mask("AH TD"), ascii=True)
'AH TD'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from stolik.errors import CardError


class Suit(Enum):
    """The four French suits, with their Polish names and symbols."""

    CLUBS = ("C", "♣", "trefl")
    SPADES = ("S", "♠", "pik")
    HEARTS = ("H", "♥", "kier")
    DIAMONDS = ("D", "♦", "karo")

    @property
    def letter(self) -> str:
        """ASCII letter: C S H D."""
        return self.value[0]

    @property
    def symbol(self) -> str:
        """Unicode symbol: ♣ ♠ ♥ ♦."""
        return self.value[1]

    @property
    def polish(self) -> str:
        """Polish name: trefl, pik, kier, karo."""
        return self.value[2]


class Rank(Enum):
    """Card ranks; the text is what a record writes (``T`` for the ten)."""

    ACE = ("A", "A")
    KING = ("K", "K")
    QUEEN = ("Q", "Q")
    JACK = ("J", "J")
    TEN = ("T", "10")
    NINE = ("9", "9")
    EIGHT = ("8", "8")
    SEVEN = ("7", "7")

    @property
    def letter(self) -> str:
        """One-character ASCII form (``T`` for ten)."""
        return self.value[0]

    @property
    def label(self) -> str:
        """Form shown to people (``10`` for ten)."""
        return self.value[1]


_SUITS_BY_TEXT: dict[str, Suit] = {}
for _s in Suit:
    _SUITS_BY_TEXT[_s.letter] = _s
    _SUITS_BY_TEXT[_s.symbol] = _s
    # Text-presentation variants of the symbols (♤ ♡ ♢ ♧ and emoji selector).
_SUITS_BY_TEXT.update({"♧": Suit.CLUBS, "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS})

_RANKS_BY_TEXT: dict[str, Rank] = {r.letter: r for r in Rank}
_RANKS_BY_TEXT.update({"10": Rank.TEN, "D": Rank.QUEEN, "W": Rank.JACK})  # dama, walet

_CARD_RE = re.compile(r"(10|[AKQJTDW987])([CSHD♣♠♥♦♧♤♡♢])\ufe0f?", re.IGNORECASE | re.ASCII)
"""A card's text. ``re.ASCII``: upper and lower case are matched for ASCII letters only, so
look-alikes (the Kelvin sign ``K`` U+212A, the long s ``ſ``) are not cards."""


@dataclass(frozen=True)
class Card:
    """One card: a rank and a suit.

    >>> Card(Rank.TEN, Suit.HEARTS)
    Card('10♥')
    >>> Card.parse("td").text(ascii=True)
    'TD'
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AH``, ``10d``, ``T♦``, ``D♣`` (dama) or ``W♠`` (walet).

        >>> try:
        ...     Card.parse("\\u212aH")  # the Kelvin sign, not K
        ... except CardError as e:
        ...     print(e)
        cannot read card '\u212aH': write rank (A T 10 K Q J 9 8 7) then suit (C S H D)
        """
        m = _CARD_RE.fullmatch(text.strip())
        if m is None:
            raise CardError(
                f"cannot read card {text!r}: write rank (A T 10 K Q J 9 8 7) then suit (C S H D)"
            )
        return cls(_RANKS_BY_TEXT[m.group(1).upper()], _SUITS_BY_TEXT[m.group(2).upper()])

    def text(self, *, ascii: bool = False) -> str:
        """``AH``/``TD`` with ``ascii=True``, else ``A♥``/``10♦``."""
        if ascii:
            return self.rank.letter + self.suit.letter
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card({self.text()!r})"


class Deck:
    """An ordered deck; cards are referred to by index, sets of cards by bitmask.

    >>> d = Deck.of(ranks="ATQJ", suits="CSHD")
    >>> d[0], d.index(Card.parse("JD"))
    (Card('A♣'), 15)
    >>> d.cards_of(0b101)
    [0, 2]
    """

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self._index = {c: i for i, c in enumerate(self.cards)}
        if len(self._index) != len(self.cards):
            raise ValueError("a deck may not hold a card twice")
        self.full_mask = (1 << len(self.cards)) - 1
        self.ascii_names: tuple[str, ...] = tuple(c.text(ascii=True) for c in self.cards)
        self.names: tuple[str, ...] = tuple(c.text() for c in self.cards)

    @classmethod
    def of(cls, *, ranks: str, suits: str) -> Deck:
        """A deck of every rank (letters, highest first) in every suit (letters), suit-major."""
        return cls(
            Card(_RANKS_BY_TEXT[r], _SUITS_BY_TEXT[s]) for s in suits for r in ranks
        )

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def index(self, card: Card) -> int:
        """The index of ``card``; :class:`CardError` if the deck has no such card."""
        try:
            return self._index[card]
        except KeyError:
            raise CardError(f"{card.text(ascii=True)} is not a card of this deck") from None

    def parse_card(self, text: str) -> int:
        """The index of the card written ``text``."""
        return self.index(Card.parse(text))

    def parse(self, text: str | Iterable[str]) -> list[int]:
        """Indices of the cards in ``text`` (separated by spaces or commas), in order."""
        items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        return [self.parse_card(t) for t in items]

    def parse_mask(self, text: str | Iterable[str]) -> int:
        """The set of cards in ``text`` as a bitmask; a repeated card is an error."""
        mask = 0
        for i in self.parse(text):
            if mask >> i & 1:
                raise CardError(f"{self.ascii_names[i]} is written twice")
            mask |= 1 << i
        return mask

    def mask_of(self, indices: Iterable[int]) -> int:
        """The bitmask of card indices."""
        mask = 0
        for i in indices:
            mask |= 1 << i
        return mask

    @staticmethod
    def cards_of(mask: int) -> list[int]:
        """Card indices in a bitmask, lowest first."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def name(self, index: int, *, ascii: bool = False) -> str:
        """Text of one card."""
        return self.ascii_names[index] if ascii else self.names[index]

    def format(self, indices: Iterable[int], *, ascii: bool = False) -> str:
        """Text of cards in the given order, separated by spaces."""
        names = self.ascii_names if ascii else self.names
        return " ".join(names[i] for i in indices)

    def format_mask(self, mask: int, *, ascii: bool = False) -> str:
        """Text of a set of cards in deck order."""
        return self.format(self.cards_of(mask), ascii=ascii)


def popcount(mask: int) -> int:
    """Number of cards in a bitmask.

    >>> popcount(0b1011)
    3
    """
    return mask.bit_count()
