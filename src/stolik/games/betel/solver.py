"""The exact perfect-information solver of a Betel deal in play (BETEL §2, §4).

From any position of the play (mid-trick included), with every hand known, the solver finds
the declarer's tricks under best play by both sides: in a contract that needs tricks the
most he can make against the two defenders, in a betelek or the betel (at most N tricks,
BETEL §2) the fewest they can hold him to. The two defenders play as one side (each scores
nothing, BETEL §5: defeating the declarer is all they play for). In an all-pass deal there
is no declarer: the solver counts the tricks of a seat the caller names against the other
two playing together (**Decision**: the all-pass deal is three players each for himself;
the paranoid count is what a seat can make for sure).

The rules of play come from BETEL §4: follow suit and beat the led suit's highest card in
the trick even when it is trumped, void trump and overtrump, in no-trump contracts only
the first rule, and in the betel the defenders only follow suit. The search is the Mariáš
solver's :mod:`stolik.solver.trick32` (alpha-beta, transposition table, move ordering,
equivalent-card merging, compiled with numba; imported only when a deal is solved), run
with three seats and every trick worth 10 points, the cards nothing, in ``MODE_COUNT``
(the table shared by positions reached with other tricks won, and keyed by who holds
each card still out in the order of its suit, so that positions reached after other cards
fell share it too), as null-window searches from a guess (MTD(f)); where the declarer
wants tricks each trick's start is bounded by the leader's quick tricks, and in a betelek
or the betel the moves are ordered for a misère (the declarer leads his highest card that
someone may beat, a defender first what makes the declarer take the trick, a follower ducks
first), a trick's start is settled at once when nobody's play can change the rest
(trick32's ``sweep``), and bounded by one trick fewer than are left when the declarer can
lose one of the next two tricks whatever the others play (``_escapes``), by two fewer
when he can lose two (``_twice``, from four tricks left: below, its cost outweighs the
searches it saves) — the misère's own bounds: on 200 scripted betels the median solve
visits 10,776 positions instead of 19,014. The table keeps what they settle. Each of the three
kinds (tricks wanted, betelek, betel) has its own compiled kernel (``trick32.kernel``).

>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.state import Deal
>>> d = Deal.from_text(load_ruleset(), 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
>>> for word in ["szlem-S", "pas", "pas"]:
...     d.move(word)
>>> tricks(d)            # ten trumps and the top hearts: all ten
10
>>> d = Deal.from_text(load_ruleset(), 0, ["AS KS QS JS TS 9S 8S 7S AH KH",
...     "AC KC QC JC TC 9C 8C 7C QH JH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
>>> for word in ["betelek-3", "pas", "pas"]:
...     d.move(word)
>>> tricks(d)            # no trumps, he leads: the defenders cannot hold him under 10
10
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import TYPE_CHECKING

from stolik.errors import IllegalMove
from stolik.games.betel.deck import CARDS, HIGHER, SEATS, SUIT_MASKS, TRICKS
from stolik.games.betel.ruleset import NO_TRUMPS

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    import numpy.typing as npt

    from stolik.games.betel.ruleset import Ruleset
    from stolik.games.betel.state import Deal
    from stolik.solver import trick32 as k

__all__ = ["Problem", "beats_table", "card_values", "tricks", "warm_up"]

TRICK_POINTS = 10
"""What a trick is worth to the kernel (its points count in tens)."""

_GENERATION = itertools.count(1)


@lru_cache(maxsize=1)
def _tables() -> k.Tables:
    """The transposition tables and search stacks of every solve of the process (keys
    carry a generation: no clearing), 2 ** 16 rows each (2.5 MiB); a search takes a pair no
    other thread's search holds (trick32's ``Tables``: the web server's bot and its claim
    judge solve at once). A deal's hardest solves from the first lead visit about 2 × 10⁵
    positions: on 300 deals of each kind 2 ** 16 rows searched 0–1 % more nodes at the
    median than 2 ** 20 (40 MiB a pair, each thread solving at once holding one) and were
    no slower, the rows staying in the processor's caches."""
    from stolik.solver import trick32 as k

    return k.Tables(bits=16)


def beats_table(trump: int) -> list[int]:
    """``beats_table(trump)[c]``: the cards that take the trick from ``c`` when ``c`` is
    winning it (BETEL §4: the highest trump, else the highest card of the led suit).

    >>> from stolik.games.betel.deck import parse_card as pc, format_mask
    >>> format_mask(beats_table(3)[pc("QH")], ascii=True)    # spades trump
    'AH KH AS KS QS JS TS 9S 8S 7S'
    >>> format_mask(beats_table(NO_TRUMPS)[pc("QH")], ascii=True)
    'AH KH'
    """
    trumps = SUIT_MASKS[trump] if trump != NO_TRUMPS else 0
    return [HIGHER[c] if trumps >> c & 1 else HIGHER[c] | trumps for c in range(CARDS)]


@lru_cache(maxsize=32)
def _rules(trump: int, free: bool, declarer: int, few: bool) -> npt.NDArray[np.int64]:
    """The kernel's parameters for a contract's play (BETEL §4); the side is the declarer."""
    from stolik.solver import trick32 as k

    trumps = SUIT_MASKS[trump] if trump != NO_TRUMPS else 0
    defenders = sum(1 << s for s in range(SEATS) if s != declarer) if free else 0
    # the trump duties stand in a no-trump contract too, where no card is a trump: one
    # compiled kernel plays both (trick32.kernel)
    return k.make_params(
        beats=beats_table(trump), higher=HIGHER, points=[0] * CARDS, trumps=trumps,
        must_beat=True, must_trump=True, must_overtrump=True,
        beat_trumped=True, free_seats=defenders, mode=k.MODE_COUNT, side=1 << declarer,
        seats=SEATS, trick_points=TRICK_POINTS, duck=few, sign=-1 if few else 1,
        quick=not few)


class Problem:
    """One deal's search: the parameters, the utility table (the declarer's tricks, or
    their negation where he wants few) and the transposition generation."""

    def __init__(self, deal: Deal, seat: int | None = None) -> None:
        import numpy as np

        from stolik.solver import trick32 as k

        p = deal.pos
        if p.phase != "play":
            raise IllegalMove(f"the solver takes a deal in play, not one in its {p.phase} "
                              "phase (BETEL §4)")
        contract = deal.contract
        if contract is None:  # all-pass: the seat named, against the other two
            if seat is None or seat not in range(SEATS):
                raise IllegalMove("an all-pass deal has no declarer: name the seat whose "
                                  "tricks to count (BETEL §4)")
            self.seat, self.few, free, trump = seat, False, False, NO_TRUMPS
        else:
            if seat is not None and seat != p.declarer:
                raise IllegalMove(f"seat {seat} is not the declarer: the solver counts the "
                                  f"declarer's tricks (BETEL §2)")
            self.seat, self.few = p.declarer, contract.at_most
            free, trump = contract.defenders_free, contract.trump
        self.tables = _tables()
        self.stats = np.zeros(k.STATS, dtype=np.int64)
        self.params = _rules(trump, free, self.seat, self.few).copy()
        self.params[k.P_GEN] = next(_GENERATION) & ((1 << 24) - 1)
        self.k = k.kernel(self.params)  # this contract kind's compiled search
        self.util = np.zeros((1, 3), dtype=np.int64)  # MODE_COUNT reads no table

    def tricks(self, deal: Deal) -> int:
        """The seat's tricks at the end of ``deal`` (a position of this problem's deal)
        under best play."""
        if deal.is_over:
            return deal.pos.tricks[self.seat]
        v = self.mtdf(deal, -self.guess(deal) if self.few else self.guess(deal))
        return -v if self.few else v

    def guess(self, deal: Deal) -> int:
        """A first guess of the seat's tricks, for the null-window searches to start from
        (only their number depends on it): his tricks so far and, of those to come, one a
        high honour (A K Q) held — where he wants few, half of them and one more, rounded
        down (on 80 deals of each kind outside the benchmark's seeds this searched 24 %
        fewer nodes than one an honour plus one in a betelek, 8 % fewer in the betel).

        >>> from stolik.games.betel.ruleset import load_ruleset
        >>> from stolik.games.betel.state import Deal
        >>> d = Deal.from_text(load_ruleset(), 1, ["AC KC QC JC TC 9C 8C 7C QH JH",
        ...     "AS KS QS JS TS 9S 8S 7S AH KH", "AD KD QD JD TD 9D 8D 7D TH 9H"], "8H 7H")
        >>> d.move("1BA"), d.move("pas"), d.move("pas")   # seat 1: AS KS QS AH KH
        (None, None, None)
        >>> Problem(d).guess(d)
        5
        """
        p = deal.pos
        honours = sum(1 for c in range(CARDS) if p.hands[self.seat] >> c & 1 and c % 8 < 3)
        to_come = min(TRICKS - len(p.history), (honours + 3) // 2 if self.few else honours)
        return p.tricks[self.seat] + to_come

    def mtdf(self, deal: Deal, guess: int) -> int:
        """The exact value by null-window searches from ``guess`` (MTD(f)): each one says
        on which side of a bound the value lies; the table keeps what they learn."""
        lower, upper = -TRICKS, TRICKS
        g = guess
        while lower < upper:
            beta = max(g, lower + 1)
            g = self.bounded(deal, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def bounded(self, deal: Deal, alpha: int | None = None, beta: int | None = None) -> int:
        """The fail-soft alpha-beta value of ``deal``'s position within (alpha, beta)."""
        import numpy as np

        k = self.k
        p = deal.pos
        h = np.array([*p.hands, 0], dtype=np.int64)
        n = len(p.trick)
        leader = p.trick[0][0] if n else p.to_act
        trick = 0
        wcard = -1
        for s, c in p.trick:
            trick |= 1 << c
            if s == p.win_seat:
                wcard = c
        return self.tables.search(k, h, leader, n, trick, p.win_seat if n else -1, wcard,
                                  p.trick[0][1] if n else -1,
                                  TRICK_POINTS * p.tricks[self.seat],
                                  -k.INF if alpha is None else alpha,
                                  k.INF if beta is None else beta, TRICKS - len(p.history),
                                  self.params, self.util, self.stats)


def tricks(deal: Deal, seat: int | None = None) -> int:
    """The declarer's tricks at the end of ``deal`` (in play) under best play by both
    sides: the most he can make, or in a betelek or the betel the fewest the defenders can
    hold him to (BETEL §2, §4). In an all-pass deal, ``seat``'s tricks against the other
    two (see the module's Decision). Of a finished deal, its tricks."""
    if deal.is_over:
        who = deal.declarer if seat is None else seat
        if who is None:
            raise IllegalMove("an all-pass deal has no declarer: name the seat (BETEL §4)")
        return deal.pos.tricks[who]
    return Problem(deal, seat).tricks(deal)


def card_values(deal: Deal, seat: int | None = None) -> dict[int, int]:
    """The declarer's (or in an all-pass deal ``seat``'s) tricks under best play after
    each legal card of the seat to act (BETEL §4)."""
    prob = Problem(deal, seat)
    out = {}
    for c in deal.legal_moves():
        assert isinstance(c, int)
        d = deal.clone()
        d.play(c)
        out[c] = prob.tricks(d)
    return out


def warm_up(rulesets: Sequence[Ruleset] = ()) -> int:
    """Compile — or load from numba's cache on disk — every search kernel the play of a
    contract of ``rulesets`` (default: the shipped ones) or of an all-pass deal may need
    (BETEL §2, §4), so that a table's first pimc bot move, claim or review does not pay
    it; ``stolik serve`` calls it before it serves (issue 24.3). The number of distinct
    kernels they need.

    >>> warm_up() >= 2   # the betel and the betelki play by other compiled rules
    True
    """
    from stolik.games.betel.ruleset import available_rulesets, load_ruleset
    from stolik.solver import trick32 as k

    chosen = list(rulesets) or [load_ruleset(r) for r in available_rulesets()]
    kernels = set()
    for seat in range(SEATS):
        kernels.add(k.kernel(_rules(NO_TRUMPS, False, seat, False)))  # an all-pass deal
        for rs in chosen:
            for c in rs.contracts:
                kernels.add(k.kernel(_rules(c.trump, c.defenders_free, seat, c.at_most)))
    return len(kernels)
