"""The German-suited 32-card deck of the mariáš games: its cards, names, orders and points
(MARIAS §1, §2; LICITOVANY §1, §2) — game-free, each mariáš game builds on it.

A card is an index 0–31: ``8 × suit + rank`` with the suits ``H`` červené, ``L`` zelené,
``B`` kule, ``A`` žaludy and the ranks in the trump-game order ``A T K O U 9 8 7``, so that
a lower rank index is a higher card in a trump game. A set of cards is a 32-bit mask, bit
*i* for card *i* (as in :mod:`stolik.cards`, whose :class:`~stolik.cards.Deck` holds only
French suits). How many hands, cards and tricks a deal has is the game's.

Records write ``AH``, ``TL``, ``OB``, ``7A``; ``10`` is read for ``T``. People see Czech
names and suit pictures; the ASCII form is the fallback.

>>> parse_card("AH"), parse_card("7A"), parse_card("10l")
(0, 31, 9)
>>> name(parse_card("OB")), name(parse_card("OB"), ascii=True)
('O🔔', 'OB')
>>> czech(parse_card("TL")), czech(parse_card("KB")), czech(parse_card("AA"))
('zelená desítka', 'kulový král', 'žaludské eso')
>>> format_mask(parse_mask("7A AH TL"), ascii=True)
'AH TL 7A'
>>> points(FULL_MASK)
80
"""

from __future__ import annotations

from collections.abc import Iterable

from stolik.cards import Deck
from stolik.errors import CardError

SUITS = "HLBA"
"""Suit letters (MARIAS §1, LICITOVANY §1): červené (hearts, the only red suit), zelené
(leaves), kule (bells), žaludy (acorns)."""

RANKS = "ATKOU987"
"""Rank letters in the trump-game order, highest first (MARIAS §2, LICITOVANY §2); ``T``
is the ten."""

HEARTS = 0
"""The red suit's index: every trump-game amount is doubled in hearts (MARIAS §6)."""

ACE, TEN, KING, OBER, UNTER, NINE, EIGHT, SEVEN = range(8)
"""Rank indices (svršek = Ober ``O``, spodek = Unter ``U``)."""

CARDS = 32
LAST_TRICK_BONUS = 10
"""The last trick counts 10 (MARIAS §2)."""

TOTAL_POINTS = 90
"""Card points of a deal: 8 aces and tens × 10, plus the last trick (MARIAS §2,
LICITOVANY §2)."""

FULL_MASK = (1 << CARDS) - 1

SUIT_NAMES = ("červené", "zelené", "kule", "žaludy")
"""The suits as Czech players name them (MARIAS §1)."""

SUIT_PICTURES = ("♥", "🍃", "🔔", "🌰")
"""Suit pictures: a heart, a leaf, a bell, an acorn (the nut picture stands for it)."""

RANK_LABELS = ("A", "10", "K", "O", "U", "9", "8", "7")
RANK_NAMES = ("eso", "desítka", "král", "svršek", "spodek", "devítka", "osmička", "sedma")
_RANK_GENDER = ("n", "f", "m", "m", "m", "f", "f", "f")
_SUIT_ADJECTIVES = {
    "m": ("červený", "zelený", "kulový", "žaludský"),
    "f": ("červená", "zelená", "kulová", "žaludská"),
    "n": ("červené", "zelené", "kulové", "žaludské"),
}


def card(suit: int, rank: int) -> int:
    """The index of the card of ``suit`` (0–3) and ``rank`` (0–7).

    >>> card(HEARTS, SEVEN)
    7
    """
    return 8 * suit + rank


def suit_of(c: int) -> int:
    """The suit index of card ``c``."""
    return c >> 3


def rank_of(c: int) -> int:
    """The rank index of card ``c`` (0 = ace … 7 = seven)."""
    return c & 7


SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
"""The cards of each suit as a mask."""

ASCII_NAMES: tuple[str, ...] = tuple(RANKS[c & 7] + SUITS[c >> 3] for c in range(CARDS))
NAMES: tuple[str, ...] = tuple(RANK_LABELS[c & 7] + SUIT_PICTURES[c >> 3] for c in range(CARDS))

CARD_POINTS: tuple[int, ...] = tuple(10 if c & 7 in (ACE, TEN) else 0 for c in range(CARDS))
"""Aces and tens count 10, the other cards nothing (MARIAS §2)."""

_POINTS_BYTE: tuple[int, ...] = tuple(10 * ((b & 1) + (b >> 1 & 1)) for b in range(256))


def points(mask: int) -> int:
    """Card points of a set of cards (without the last trick's 10, MARIAS §2)."""
    return (_POINTS_BYTE[mask & 0xFF] + _POINTS_BYTE[mask >> 8 & 0xFF]
            + _POINTS_BYTE[mask >> 16 & 0xFF] + _POINTS_BYTE[mask >> 24 & 0xFF])


def name(c: int, *, ascii: bool = False) -> str:
    """A card as shown to people (``A♥``) or, with ``ascii``, as records write it (``AH``)."""
    return ASCII_NAMES[c] if ascii else NAMES[c]


def czech(c: int) -> str:
    """The card's Czech name, the suit adjective agreeing with the rank's gender.

    >>> czech(parse_card("7H")), czech(parse_card("UL"))
    ('červená sedma', 'zelený spodek')
    """
    r = c & 7
    return f"{_SUIT_ADJECTIVES[_RANK_GENDER[r]][c >> 3]} {RANK_NAMES[r]}"


CARD_HINT = ("write the rank A, T/10, K, O (svršek), U (spodek), 9, 8 or 7, then the suit "
             "H (červené), L (zelené), B (kule) or A (žaludy), e.g. AH, TL, OB, 7A")
"""How a Mariáš card is written (MARIAS §1), for error messages."""

_SUIT_TEXT = {**{s: i for i, s in enumerate(SUITS)},
              **{p: i for i, p in enumerate(SUIT_PICTURES)}}
_RANK_TEXT = {**{r: i for i, r in enumerate(RANKS)}, "10": TEN}


def parse_card(text: str) -> int:
    """The index of one card written ``AH``, ``10L``, ``ob``, ``7A`` or ``A♥``.

    >>> try:
    ...     parse_card("QH")
    ... except CardError as e:
    ...     print(e)
    'QH' is not a Mariáš card: write the rank A, T/10, K, O (svršek), U (spodek), 9, 8 or 7, \
then the suit H (červené), L (zelené), B (kule) or A (žaludy), e.g. AH, TL, OB, 7A
    """
    t = text.strip()
    if len(t) >= 2:
        r, s = t[:-1].upper(), t[-1].upper()
        if s == "\ufe0f" and len(t) >= 3:  # an emoji presentation selector after a picture
            r, s = t[:-2].upper(), t[-2]
        if r in _RANK_TEXT and s in _SUIT_TEXT and r.isascii():
            return 8 * _SUIT_TEXT[s] + _RANK_TEXT[r]
    raise CardError(f"{t!r} is not a Mariáš card: {CARD_HINT}")


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Indices of cards written ``"AH TL"`` (spaces or commas) or as a list, in order."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in items]


def parse_mask(text: str | Iterable[str]) -> int:
    """A set of cards; a card written twice is an error."""
    mask = 0
    for c in parse_cards(text):
        if mask >> c & 1:
            raise CardError(f"{ASCII_NAMES[c]} is written twice")
        mask |= 1 << c
    return mask


def mask_of(cards: Iterable[int]) -> int:
    """The mask of card indices."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


cards_of = Deck.cards_of
"""Card indices of a mask, lowest first (suit by suit, highest trump-order rank first):
``cards_of(0b1010) == [1, 3]``."""


def format_cards(cards: Iterable[int], *, ascii: bool = False) -> str:
    """Cards in the given order, separated by spaces."""
    names = ASCII_NAMES if ascii else NAMES
    return " ".join(names[c] for c in cards)


def format_mask(mask: int, *, ascii: bool = False) -> str:
    """A set of cards in deck order."""
    return format_cards(cards_of(mask), ascii=ascii)


# ---------------------------------------------------------------- orders (MARIAS §2)

BETL_ORDER = (ACE, KING, OBER, UNTER, TEN, NINE, EIGHT, SEVEN)
"""Betl and durch: no trumps, and the ten ranks between the spodek and the nine."""


def _higher(order: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * CARDS
    for c in range(CARDS):
        s, pos = c >> 3, order.index(c & 7)
        for r in order[:pos]:
            out[c] |= 1 << (8 * s + r)
    return tuple(out)


HIGHER_TRUMP_ORDER: tuple[int, ...] = _higher((0, 1, 2, 3, 4, 5, 6, 7))
"""The cards of the same suit above each card in a trump game (A > 10 > K > O > U > 9 > 8 > 7)."""

HIGHER_BETL_ORDER: tuple[int, ...] = _higher(BETL_ORDER)
"""The cards of the same suit above each card in betl and durch (A > K > O > U > 10 > …)."""


def marriage_cards(suit: int) -> int:
    """The king and svršek of ``suit`` as a mask (a marriage, MARIAS §1)."""
    return (1 << (8 * suit + KING)) | (1 << (8 * suit + OBER))


def marriages_in(hand: int) -> list[int]:
    """The suits of which ``hand`` holds both the king and the svršek.

    >>> marriages_in(parse_mask("KH OH KB UB OA"))
    [0]
    """
    return [s for s in range(4) if hand & marriage_cards(s) == marriage_cards(s)]
