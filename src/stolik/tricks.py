"""Card order and the obligation to follow and beat, as precomputed bitmask tables.

A :class:`CardOrder` is a trump group (highest first) and non-trump suits ("fele", each
highest first). From it come three tables indexed by card: the card's group, the cards that
beat it when it is winning a trick, and the trump set. The legal cards of a hand and the
winner of a trick are then a handful of mask operations — this is what keeps random play
and the solver fast. The rule is Baśka's (RULES §3) and is shared with the other
"przebijanie" games (must follow, must beat, must trump).

>>> from stolik.cards import Deck
>>> deck = Deck.of(ranks="ATQJ", suits="CSHD")
>>> order = CardOrder.from_names(deck, trumps="JC JS JH JD",
...                              fele=["AH TH QH", "AC TC QC", "AS TS QS", "AD TD QD"])
>>> hand = deck.parse_mask("QH JD AC TC")
>>> deck.format_mask(order.legal(hand, deck.parse_card("AH"), deck.parse_card("AH")), ascii=True)
'QH'
>>> deck.format_mask(order.legal(hand, deck.parse_card("AS"), deck.parse_card("AS")), ascii=True)
'JD'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stolik.cards import Deck


class CardOrder:
    """Trumps and fele of one contract family, with the tables of RULES §3.

    ``group[c]`` — the mask of c's group (all trumps, or c's fele suit);
    ``beats[c]`` — the cards that beat c when c is winning the trick (higher trumps, or, for
    a fele, the higher cards of its suit and every trump);
    ``strength[c]`` — a rank usable to sort a hand (trumps first, higher first).
    """

    def __init__(self, deck: Deck, trumps: Sequence[int], fele: Sequence[Sequence[int]]) -> None:
        self.deck = deck
        self.trumps: tuple[int, ...] = tuple(trumps)
        self.fele: tuple[tuple[int, ...], ...] = tuple(tuple(s) for s in fele)
        listed = [*self.trumps, *(c for s in self.fele for c in s)]
        if sorted(listed) != list(range(len(deck))):
            missing = set(range(len(deck))) - set(listed)
            twice = {c for c in listed if listed.count(c) > 1}
            problem = []
            if missing:
                problem.append("missing " + deck.format(sorted(missing), ascii=True))
            if twice:
                problem.append("listed twice " + deck.format(sorted(twice), ascii=True))
            raise ValueError("a card order must list every card once: " + ", ".join(problem))
        n = len(deck)
        self.trump_mask = deck.mask_of(self.trumps)
        self.group: list[int] = [0] * n
        self.beats: list[int] = [0] * n
        self.strength: list[int] = [0] * n
        rank = 0
        for i, c in enumerate(self.trumps):
            self.group[c] = self.trump_mask
            self.beats[c] = deck.mask_of(self.trumps[:i])
            self.strength[c] = rank
            rank += 1
        for suit in self.fele:
            suit_mask = deck.mask_of(suit)
            for i, c in enumerate(suit):
                self.group[c] = suit_mask
                self.beats[c] = deck.mask_of(suit[:i]) | self.trump_mask
                self.strength[c] = rank
                rank += 1

    @classmethod
    def from_names(cls, deck: Deck, *, trumps: str | Iterable[str],
                   fele: Iterable[str | Iterable[str]]) -> CardOrder:
        """Build an order from card texts."""
        return cls(deck, deck.parse(trumps), [deck.parse(s) for s in fele])

    def legal(self, hand: int, led: int, winning: int) -> int:
        """The cards of ``hand`` that may be played on a trick led with ``led`` and now won by
        ``winning`` (RULES §3 rules 2 and 3). The leader may play any card: don't call this.
        """
        follow = hand & self.group[led]
        if follow:
            better = follow & self.beats[winning]
            return better or follow
        better = hand & self.beats[winning]
        if better:
            return better
        return (hand & self.trump_mask) or hand

    def is_trump(self, card: int) -> bool:
        """Whether ``card`` is a trump in this order."""
        return bool(self.trump_mask >> card & 1)

    def sort(self, cards: Iterable[int]) -> list[int]:
        """Cards sorted as a player holds them: trumps high to low, then each fele suit."""
        return sorted(cards, key=self.strength.__getitem__)

    def trick_winner(self, cards: Sequence[int]) -> int:
        """Position (0 = the lead) of the card that wins a trick of ``cards`` in play order.

        >>> from stolik.cards import Deck
        >>> d = Deck.of(ranks="ATQJ", suits="CSHD")
        >>> o = CardOrder.from_names(d, trumps="JC JS JH JD", fele=["AH TH QH", "AC TC QC",
        ...                          "AS TS QS", "AD TD QD"])
        >>> o.trick_winner(d.parse("TH AC AH QH"))
        2
        """
        best = 0
        for i in range(1, len(cards)):
            if self.beats[cards[best]] >> cards[i] & 1:
                best = i
        return best
