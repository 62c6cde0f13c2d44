"""The talon and the contract (LICITOVANY §4.3, §4.4): what the aktér may lay away and
which contracts he may then name — at or above the won rung, with its trump (and helper);
in a trump game the talon holds no ace, no ten and no announced seven; sedma (rungs 1–2)
needs the trump 7 in hand; omyl is open at the lowest rung.

>>> from stolik.deck32 import parse_mask
>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> hand = parse_mask("AL TL KL OL 9L 7L AB KB OB 8A 8B 7A")
>>> [c.rung.word for c in contracts(rs, 1, hand ^ parse_mask("8B 7A"), parse_mask("8B 7A"))
...  if c.trump == 1][:3]
['sedma', 'sto', 'sto-a-sedma']
>>> len(discards(rs, 9, hand)) < len(discards(rs, 1, hand))   # no A, T above betl/durch
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from stolik.deck32 import ACE, HEARTS, SEVEN, SUITS, TEN, card
from stolik.games.licitovany.ladder import RUNGS, Rung
from stolik.games.licitovany.rules import Contract, contract_problem
from stolik.games.licitovany.ruleset import Ruleset

_HIGH = sum(1 << card(s, r) for s in range(4) for r in (ACE, TEN))
"""The aces and tens: never in a trump game's talon."""


def talon_problem(contract: Contract, discard: int) -> str | None:
    """Why ``discard`` may not be the talon of ``contract``, or ``None`` (LICITOVANY §4.3:
    in a trump game no ace, no ten, no announced seven; in betl and durch anything)."""
    if contract.rung.closed:
        return None
    if discard & _HIGH:
        return "a trump game's talon holds no ace and no ten"
    if any(discard >> seven & 1 for seven, _ in contract.kept_back):
        return "the talon holds no announced seven"
    return None


def needs_seven(contract: Contract, hand: int) -> str | None:
    """Why the aktér may not name sedma (rungs 1–2) without the trump 7, or ``None``
    (LICITOVANY §4.4: "Hru Sedma nelze hrát bez sedmy trumfové v ruce")."""
    r, trump = contract.rung, contract.trump
    if "hra" in r.components and trump is not None and not hand >> card(trump, SEVEN) & 1:
        return f"sedma needs the seven (no 7{SUITS[trump]} in hand)"
    return None


def _suits(rung: Rung) -> list[tuple[int | None, int | None]]:
    if rung.closed:
        return [(None, None)]
    trumps = [HEARTS] if rung.red else [1, 2, 3]
    return [(t, h) for t in trumps for h in ([s for s in range(4) if s != t]
                                             if rung.helper else [None])]


def _each(rs: Ruleset, won: int, hand: int, discard: int) -> Iterator[Contract]:
    for number in rs.ladder:
        if number < won:
            continue
        for trump, helper in _suits(RUNGS[number]):
            c = Contract(RUNGS[number], trump, helper)
            if talon_problem(c, discard) is None and needs_seven(c, hand) is None:
                yield c


def contracts(rs: Ruleset, won: int, hand: int, discard: int) -> list[Contract]:
    """Every contract the aktér may name after laying ``discard`` away and keeping
    ``hand`` (LICITOVANY §4.4), lowest rung first."""
    return list(_each(rs, won, hand, discard))


def contract_refusal(rs: Ruleset, won: int, c: Contract, hand: int,
                     discard: int) -> str | None:
    """Why the aktér may not name ``c``, or ``None``."""
    if c.rung.number not in rs.ladder:
        return f"{c.rung.word} is not played here"
    if c.rung.number < won:
        return f"the contract may not be below the won rung {RUNGS[won].word}"
    return contract_problem(c.rung, c.trump, c.helper) or talon_problem(c, discard) or \
        needs_seven(c, hand)


def discards(rs: Ruleset, won: int, hand: int, *, only: int = 0) -> list[int]:
    """The pairs of cards (as masks) the aktér may lay away from ``hand`` (his ten and the
    talon): those leaving a legal contract, or omyl at the lowest rung (LICITOVANY §4.4);
    with ``only``, that pair alone if it may be laid away."""
    if only:
        pairs = [only]
    else:
        cards = [c for c in range(32) if hand >> c & 1]
        pairs = [1 << a | 1 << b for a, b in combinations(cards, 2)]
    return [d for d in pairs if won == rs.lowest or next(_each(rs, won, hand ^ d, d), None)]


