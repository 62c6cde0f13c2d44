"""Fast random-deal simulation in pure Python: random Betel deals from the first call to
the score, every move drawn uniformly among the legal ones, as the ``random`` bot plays
(BETEL §1–§5).

The kernel applies the rules of :class:`~stolik.games.betel.state.Deal` on bare integers
and bitmasks (no positions, no log), with the same list of legal moves at every step, and
scores through the same :func:`~stolik.games.betel.scoring.contract_points`; its records
replay through :func:`~stolik.games.betel.record.replay` to the same scores (a property
test checks it). The dealer moves one seat clockwise each deal. With ``match=True`` (what
``stolik simulate`` plays) the series stops after the deal that decides the match
(BETEL §5), so that its record replays; the benchmark plays independent deals.

>>> from stolik.games.betel.ruleset import load_ruleset
>>> from stolik.games.betel.record import replay, series_record
>>> rs = load_ruleset("gps-2022")
>>> r = simulate(rs, 200, seed=1)
>>> len(r.records) == r.deals == sum(r.contracts.values())
True
>>> replay(series_record(rs, r.records)).totals == r.totals
True
>>> simulate(rs, 200, seed=1, keep_records=False).scores == r.scores
True
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from stolik.errors import StolikError
from stolik.games.betel.deck import BYTE_CARDS, HIGHER, SUIT_MASKS
from stolik.games.betel.match import decided
from stolik.games.betel.record import AuctionEntry, DealRecord
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.scoring import contract_points

__all__ = ["DEFAULT_DEALS", "SimulationResult", "default_deals", "simulate"]

DEFAULT_DEALS = 200
"""The most deals ``stolik simulate`` plays when not told: a match to 1000 between random
bots may never end (their contracts mostly fail), so the series is cut there."""

PROGRESS_EVERY = 1000
"""Deals between two calls of a simulation's ``progress``."""

ALL_PASS = "all-pass"
"""What :attr:`SimulationResult.contracts` counts for an all-pass deal."""

Three = tuple[int, int, int]


@dataclass(frozen=True)
class SimulationResult:
    """A simulated series: scores by deal and seat, the records if kept, how often each
    contract was played, the totals and the match's winner (None: undecided)."""

    ruleset: Ruleset
    seed: int
    deals: int
    seconds: float
    records: tuple[DealRecord, ...]
    scores: tuple[Three, ...]
    contracts: dict[str, int]
    totals: Three
    winner: int | None = None

    @property
    def deals_per_second(self) -> float:
        """Deals per second of wall time."""
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    @property
    def payouts(self) -> tuple[Three, ...]:
        """The scores by deal (the name the generic summaries use)."""
        return self.scores


def default_deals(rs: Ruleset) -> int:
    """How many deals ``stolik simulate`` plays at most when not told."""
    return DEFAULT_DEALS


def simulate(rs: Ruleset, deals: int, *, seed: int, first_dealer: int = 0,
             keep_records: bool = True, match: bool = True,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Simulate up to ``deals`` random deals from ``seed`` (the same seed gives the same
    deals); ``match``: stop after the deal that decides the match (BETEL §5).
    ``progress(n_done)`` is called after every :data:`PROGRESS_EVERY` deals and at the end.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> rs = load_ruleset()
    >>> done = []
    >>> simulate(rs, 2500, seed=3, match=False, progress=done.append).scores == simulate(
    ...     rs, 2500, seed=3, match=False, keep_records=False).scores, done
    (True, [1000, 2000, 2500])
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise StolikError(f"the number of deals must be a whole number ≥ 0, not {deals!r}")
    if isinstance(first_dealer, bool) or first_dealer not in range(3):
        raise StolikError(f"the first dealer must be a seat 0–2, not {first_dealer!r}")
    rng = random.Random(seed)
    gc_was = gc.isenabled()
    gc.disable()
    scores: list[Three] = []
    records: list[DealRecord] = []
    kinds: list[str] = []
    totals = [0, 0, 0]
    winner: int | None = None
    try:
        start = time.perf_counter()
        step = deals if progress is None else PROGRESS_EVERY
        done = 0
        while done < deals and winner is None:
            n = min(step, deals - done)
            got = _run(rs, n, rng, (first_dealer + done) % 3, keep_records,
                       totals if match else None)
            scores += got[0]
            records += got[1]
            kinds += got[2]
            done += len(got[0])
            winner = got[3]
            if progress is not None:
                progress(done)
        seconds = time.perf_counter() - start
    finally:
        if gc_was:
            gc.enable()
    counts = {c.call: 0 for c in rs.contracts}
    counts[ALL_PASS] = 0
    for k in kinds:
        counts[k] += 1
    if not match:
        for sc in scores:
            for s in range(3):
                totals[s] += sc[s]
    return SimulationResult(rs, seed, len(scores), seconds, tuple(records), tuple(scores),
                            counts, (totals[0], totals[1], totals[2]), winner)


_NEXT2 = ((1, 2), (2, 0), (0, 1))
_NEXT = (1, 2, 0)
_BIT = tuple(1 << c for c in range(32))
_BY_SUIT = tuple((SUIT_MASKS[s], BYTE_CARDS[s], 8 * s) for s in range(4))
"""By suit: its mask, its cards by byte (:data:`BYTE_CARDS`) and its byte's shift."""
_SWAPS = tuple((i, i + 1) for i in range(31, 0, -1))
"""Fisher–Yates from the top: place ``i`` swaps with one of the ``i + 1`` places below."""


def _run(rs: Ruleset, deals: int, rng: random.Random, first_dealer: int, keep: bool,
         totals: list[int] | None
         ) -> tuple[list[Three], list[DealRecord], list[str], int | None]:
    """Play ``deals`` deals; ``totals`` (updated in place): stop at the match's end."""
    rand = rng.random
    bits = rng.getrandbits
    bit = _BIT.__getitem__
    deck = range(32)
    b0, b1, b2, b3 = BYTE_CARDS
    higher = HIGHER
    by_suit = _BY_SUIT
    next2 = _NEXT2
    contracts = rs.contracts
    top = len(contracts) - 1
    calls = [c.call for c in contracts]
    peek_cost = (0, rs.peek_one, rs.peek_two)
    all_pass_play = rs.all_pass_play
    per_trick = rs.all_pass_trick
    # points[c][doubled][t]: the declarer's score for t tricks in contract c (§5)
    points = [[[contract_points(rs, c, d, t)[0] for t in range(11)] for d in (False, True)]
              for c in contracts]
    out: list[Three] = []
    records: list[DealRecord] = []
    kinds: list[str] = []
    winner: int | None = None
    for n in range(deals):
        dealer = (first_dealer + n) % 3
        # ---- dealing: a uniform permutation from one big random number (Fisher–Yates)
        r = bits(256)
        cards = list(deck)
        for i, size in _SWAPS:
            r, j = divmod(r, size)
            cards[i], cards[j] = cards[j], cards[i]
        hands = [sum(map(bit, cards[0:10])), sum(map(bit, cards[10:20])),
                 sum(map(bit, cards[20:30]))]  # distinct bits: the sum is the union
        dubel = (cards[30], cards[31])
        entries: list[AuctionEntry] = []
        # ---- auction (BETEL §3): the same legal list as Deal._legal_actions
        seat = dealer
        contract = declarer = -1
        doubled = kontra_just = may_kontra = False
        kontrad = passes = 0
        floor = ban_seat = ban_c = -1
        peek = [0, 0, 0]
        while True:
            n_bids = top - floor  # the contracts above the floor (§3)
            skip = -1
            if seat == ban_seat:  # the ban lasts his next turn only (§3, Decision)
                if ban_c > floor:
                    skip = ban_c
                    n_bids -= 1
                ban_seat = ban_c = -1
            commit = n_bids + 1 if may_kontra and declarer != seat else n_bids
            # look 1st, look 2nd, look both, exchange (if a contract or kontra may follow)
            k = int(rand() * (5 + commit if commit else 4))
            look = seen = -1
            laid: tuple[int, ...] = ()
            if k < 3:  # look at the first, the second, or both
                look = 1 if k < 2 else 2
                if k < 2:
                    seen = dubel[k]
                k = int(rand() * (1 + commit))
            elif k == 3 and commit:  # exchange: take both, lay two of the twelve back
                hand = hands[seat] | (1 << dubel[0]) | (1 << dubel[1])
                cs = b0[hand & 255] + b1[hand >> 8 & 255] + b2[hand >> 16 & 255] + \
                    b3[hand >> 24]
                i = int(rand() * 12)
                j = int(rand() * 11)
                if j >= i:
                    j += 1
                a, b = (cs[i], cs[j]) if i < j else (cs[j], cs[i])
                hands[seat] = hand & ~((1 << a) | (1 << b))
                dubel = laid = (a, b)
                k = int(rand() * commit) + 1
            else:
                k -= 4 if commit else 3
            # k: 0 = pas, 1 … n_bids = a contract, n_bids + 1 = kontra
            if k == 0:
                word = "pas"
                if look > 0:
                    peek[seat] += peek_cost[look]
                if kontra_just and seat != declarer:  # §3: no repeat at his next turn
                    ban_seat, ban_c = declarer, contract
                kontra_just = False
                passes += 1
            elif k <= n_bids:
                c = floor + k
                if 0 <= skip <= c:
                    c += 1
                word = calls[c]
                contract = floor = c  # a new contract drops any kontra (Decision)
                declarer = seat
                doubled = kontra_just = False
                may_kontra = not kontrad >> c & 1  # once per contract in a deal (§3)
                passes = 0
            else:
                word = "kontra"  # doubles it, and the auction starts again (§3)
                doubled = kontra_just = True
                may_kontra = False
                kontrad |= 1 << contract
                floor = -1
                passes = 0
            if keep:
                entries.append(AuctionEntry(seat, word, look if look > 0 else 0,
                                            seen, laid))
            seat = _NEXT[seat]
            if passes >= 2 and (contract >= 0 or passes >= 3):
                break  # two passes after a contract, or three without one
        # ---- play (BETEL §4)
        tricks = [0, 0, 0]
        plays: list[tuple[int, int]] = []
        played = contract >= 0 or all_pass_play
        if played:
            if contract >= 0:
                ct = contracts[contract]
                trump, free, leader = ct.trump, ct.defenders_free, declarer
            else:
                trump, free, leader = -1, False, dealer
            tmask, tbits, tshift = by_suit[trump] if trump >= 0 else (0, b0, 0)
            bound = [not free or s == declarer for s in range(3)]  # §4: Betel's defenders
            for _t in range(10):
                s = leader
                hand = hands[s]
                cs = b0[hand & 255] + b1[hand >> 8 & 255] + b2[hand >> 16 & 255] + \
                    b3[hand >> 24]
                c = cs[int(rand() * len(cs))]
                hands[s] = hand ^ (1 << c)
                if keep:
                    plays.append((s, c))
                led = c >> 3
                lmask, lbits, lshift = by_suit[led]
                best_led, best_tr, win = c, -1, s
                for s in next2[leader]:
                    hand = hands[s]
                    follow = hand & lmask
                    if follow:
                        if bound[s]:
                            follow = (follow & higher[best_led]) or follow
                        cs = lbits[follow >> lshift]
                        c = cs[int(rand() * len(cs))]
                        if higher[best_led] >> c & 1:
                            best_led = c
                            if best_tr < 0:
                                win = s
                    else:
                        tr = hand & tmask
                        if tr and bound[s]:
                            if best_tr >= 0:
                                tr = (tr & higher[best_tr]) or tr
                            cs = tbits[tr >> tshift]
                        else:
                            cs = b0[hand & 255] + b1[hand >> 8 & 255] + \
                                b2[hand >> 16 & 255] + b3[hand >> 24]
                        c = cs[int(rand() * len(cs))]
                        if c >> 3 == trump and (best_tr < 0 or higher[best_tr] >> c & 1):
                            best_tr, win = c, s
                    hands[s] = hand ^ (1 << c)
                    if keep:
                        plays.append((s, c))
                tricks[win] += 1
                leader = win
        # ---- score (BETEL §5)
        sc = [-peek[0], -peek[1], -peek[2]]
        if contract >= 0:
            sc[declarer] += points[contract][doubled][tricks[declarer]]
            kinds.append(calls[contract])
        else:
            if played:
                for s in range(3):
                    sc[s] += per_trick * tricks[s]
            kinds.append(ALL_PASS)
        out.append((sc[0], sc[1], sc[2]))
        if keep:
            records.append(DealRecord(
                dealer, (tuple(cards[0:10]), tuple(cards[10:20]), tuple(cards[20:30])),
                (cards[30], cards[31]), tuple(entries), tuple(plays)))
        if totals is not None:
            for s in range(3):
                totals[s] += sc[s]
            winner = decided(rs, totals)
            if winner is not None:
                break
    return out, records, kinds, winner
