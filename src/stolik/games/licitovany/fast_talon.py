"""The aktér's legal discards without trying every pair (LICITOVANY §4.3, §4.4): a pair
may be laid away when some contract at or above the won rung stays legal, and that depends
only on whether the pair holds an ace or a ten and which sevens it holds (given the sevens
of the twelve cards). Under every ladder tried, the legal pairs are then "any two cards
outside a forbidden set" — :func:`forbidden_cards` finds that set, checking the claim for
every kind of pair, or says there is none.

:func:`discards` gives what :func:`stolik.games.licitovany.talon.discards` gives, in its
order, from that set (the state engine's costliest list, a third of a random deal's time);
the fast kernel (:mod:`.fast_kernel`) draws by index from it.

>>> from stolik.deck32 import parse_mask
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> from stolik.games.licitovany import talon
>>> rs = load_ruleset()
>>> hand = parse_mask("AL TL KL OL 9L 7L AB KB OB 8A 8B 7A")
>>> discards(rs, 9, hand) == talon.discards(rs, 9, hand), len(discards(rs, 9, hand))
(True, 36)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from stolik.deck32 import ACE, SEVEN, TEN, card
from stolik.games.licitovany import talon
from stolik.games.licitovany.ruleset import Ruleset

HIGH = sum(1 << card(s, r) for s in range(4) for r in (ACE, TEN))
"""The aces and tens (never in a trump game's talon, LICITOVANY §4.3)."""
SEVENS = tuple(card(s, SEVEN) for s in range(4))
ALL = (1 << 32) - 1


def sevens_of(mask: int) -> int:
    """Which sevens ``mask`` holds, one bit a suit."""
    return sum(1 << s for s in range(4) if mask >> SEVENS[s] & 1)


def sevens_mask(bits: int) -> int:
    """The sevens of the suits ``bits`` as a card mask."""
    return sum(1 << SEVENS[s] for s in range(4) if bits >> s & 1)


def forbidden_cards(lowest: bool, sev12: int, legal: Callable[[int, int], bool]) -> int:
    """The cards no legal discard holds, when the legal pairs from twelve cards holding
    the sevens ``sev12`` are exactly the pairs outside them; −1 when they are not.
    ``legal(high, d7)``: whether a pair with (``high``) an ace or ten and the sevens
    ``d7`` may be laid away; at the ``lowest`` rung every pair may (omyl, §4.4)."""
    if lowest:
        return 0
    kinds = [(high, d7) for high in (0, 1) for d7 in range(16)
             if d7 & ~sev12 == 0 and bin(d7).count("1") + high <= 2]
    if not legal(0, 0):
        return -1 if any(legal(h, d) for h, d in kinds) else ALL
    bad_high = not legal(1, 0)
    bad7 = sum(1 << s for s in range(4) if sev12 >> s & 1 and not legal(0, 1 << s))
    if any(legal(h, d) != (not (h and bad_high) and not d & bad7) for h, d in kinds):
        return -1
    return HIGH * bad_high | sevens_mask(bad7)


@lru_cache(maxsize=4096)
def forbidden(rs: Ruleset, won: int, sev12: int) -> int:
    """:func:`forbidden_cards` for the aktér at ``won`` under ``rs``, asking
    :func:`~stolik.games.licitovany.talon.contracts` (cached)."""

    def legal(high: int, d7: int) -> bool:
        laid = sevens_mask(d7) | (1 << card(0, ACE)) * high
        return bool(talon.contracts(rs, won, sevens_mask(sev12 & ~d7), laid))

    return forbidden_cards(won == rs.lowest, sev12, legal)


def discards(rs: Ruleset, won: int, hand: int, *, only: int = 0) -> list[int]:
    """:func:`stolik.games.licitovany.talon.discards`: the pairs (masks) the aktér may
    lay away from his twelve cards ``hand``, in its order; with ``only``, that pair alone
    if it may."""
    f = forbidden(rs, won, sevens_of(hand))
    if f < 0:
        return talon.discards(rs, won, hand, only=only)
    if only:
        return [only] if only & f == 0 else []
    cards = [c for c in range(32) if hand >> c & 1 and not f >> c & 1]
    return [1 << a | 1 << b for a, b in combinations(cards, 2)]
