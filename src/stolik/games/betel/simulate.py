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

import random
import struct
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import chain

from stolik.errors import StolikError
from stolik.games.betel.deck import BYTE_CARDS
from stolik.games.betel.match import decided
from stolik.games.betel.record import AuctionEntry, DealRecord
from stolik.games.betel.ruleset import Ruleset
from stolik.games.betel.scoring import contract_points
from stolik.simulate import Chunk, Simulated, check_request, play_chunks

__all__ = ["DEFAULT_DEALS", "SimulationResult", "default_deals", "simulate"]

DEFAULT_DEALS = 200
"""The most deals ``stolik simulate`` plays when not told: a match to 1000 between random
bots may never end (their contracts mostly fail), so the series is cut there."""

ALL_PASS = "all-pass"
"""What :attr:`SimulationResult.contracts` counts for an all-pass deal."""

Three = tuple[int, int, int]


@dataclass(frozen=True)
class SimulationResult(Simulated[Ruleset, DealRecord]):
    """A simulated series: scores by deal and seat, the records if kept, how often each
    contract was played, the totals and the match's winner (None: undecided)."""

    scores: tuple[Three, ...]
    contracts: dict[str, int]
    totals: Three
    winner: int | None = None

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
    ``progress(n_done)`` is called after every
    :data:`~stolik.simulate.PROGRESS_EVERY` deals and at the end.

    >>> from stolik.games.betel.ruleset import load_ruleset
    >>> rs = load_ruleset()
    >>> done = []
    >>> simulate(rs, 2500, seed=3, match=False, progress=done.append).scores == simulate(
    ...     rs, 2500, seed=3, match=False, keep_records=False).scores, done
    (True, [1000, 2000, 2500])
    """
    check_request(deals, first_dealer, 3, StolikError)
    rng = random.Random(seed)
    totals = [0, 0, 0]
    played, seconds = play_chunks(
        lambda n, dealer: Chunk(*_run(rs, n, rng, dealer, keep_records,
                                      totals if match else None)),
        deals, first_dealer=first_dealer, seats=3, progress=progress)
    scores, records, kinds, winner = (played.payouts, played.records, played.games,
                                      played.winner)
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
_BIT = [1 << c for c in range(32)]
"""``1 << c`` by card (a list: its ``__getitem__`` is a fast call, a tuple's is not)."""
_NO_SKIP = 99
"""``skip`` when no contract is barred this call (above every contract's index)."""
_NO_KONTRA = (0, 0, 0)
_KONTRA_BY = ((0, 1, 1), (1, 0, 1), (1, 1, 0))
"""By the declarer: who may kontra his contract (BETEL §3: not he himself)."""
_FIRST_STEPS = (4, *range(6, 40))
"""By the number of contracts and kontra he may call: the moves he has first (three
looks, then pas and those; an exchange too where he may call one)."""
_RANK_BIT = [1 << (c & 7) for c in range(32)]
"""By card: its bit in its suit's byte."""
_NONE = 32
"""``best_tr`` while no trump lies in the trick: above every card's index."""


ByteTable = tuple[tuple[int, ...], ...]
"""By the byte of a hand's cards in one suit: the cards of it he may play."""
SeatRules = tuple[tuple[tuple[ByteTable, ...], ...], tuple[tuple[ByteTable, ...], ...]]
"""By seat, the byte tables by the best card of the led suit, and by the best trump."""


def _follow_table(c: int, bound: bool) -> ByteTable:
    """By the byte of a hand's cards in ``c``'s suit: the cards it may play to a trick
    whose best card of that suit is ``c`` (BETEL §4: higher if it can; ``bound=False``, a
    Betel defender: any of the suit)."""
    suit = BYTE_CARDS[c >> 3]
    if not bound:
        return suit
    return tuple(tuple(x for x in cs if x < c) or cs for cs in suit)


_FOLLOW = tuple(_follow_table(c, True) for c in range(32))
_FOLLOW_FREE = tuple(_follow_table(c, False) for c in range(32))
_NO_TRUMP: ByteTable = ((),) * 256
"""A byte table where no card may be played (no trumps: he plays any card)."""


def _rules() -> tuple[tuple[tuple[SeatRules, ...], ...], ...]:
    """``[free][trump][declarer]``: by seat, the follow tables by the best card of the led
    suit, and the trump tables by the best trump (:data:`_NONE`: none yet) — BETEL §4,
    :func:`stolik.games.betel.play.legal` as tables."""
    out = []
    for free in (False, True):
        by_trump = []
        for trump in (0, 1, 2, 3, -1):
            over = (*_FOLLOW, BYTE_CARDS[trump]) if trump >= 0 else (_NO_TRUMP,) * 33
            by_decl: list[SeatRules] = []
            for declarer in range(3):
                bound = [not free or s == declarer for s in range(3)]
                by_decl.append((tuple(_FOLLOW if b else _FOLLOW_FREE for b in bound),
                                tuple(over if b else (_NO_TRUMP,) * 33 for b in bound)))
            by_trump.append(tuple(by_decl))
        out.append(tuple(by_trump))
    return tuple(out)


_RULES = _rules()
_PAIRS = tuple((i, j) for i in range(12) for j in range(i + 1, 12))
"""The 66 ways to lay two of the twelve cards back after a take, in the engine's order."""
_KEYS = struct.Struct("<32d")
"""The deal's 32 sort keys: positive doubles, compared as their bits are (the first 256
bytes of the deal's draw)."""
_KEY_TOP = b"\x3f" * 32
"""Each key's top byte: positive, finite (between 2⁻¹⁵ and 2)."""
_KEY_CARD = bytes(range(32))
"""Each key's lowest byte: its card, which survives the sort and breaks ties."""
_AUCTION_DRAWS = 16
_AUCTION = struct.Struct(f"<{_AUCTION_DRAWS}Q")
"""The first calls' draws (then one ``getrandbits(64)`` a call)."""
_TRICK = struct.Struct("<3Q")
"""A trick's three draws, one per card."""
_PLAY_AT = _KEYS.size + _AUCTION.size
_DRAW_BYTES = _PLAY_AT + 10 * _TRICK.size
_DRAW_BITS = 8 * _DRAW_BYTES


def _run(rs: Ruleset, deals: int, rng: random.Random, first_dealer: int, keep: bool,
         totals: list[int] | None
         ) -> tuple[list[Three], list[DealRecord], list[str], int | None]:
    """Play ``deals`` deals; ``totals`` (updated in place): stop at the match's end.

    A deal draws its random numbers at once (one ``getrandbits``): the cards' 32 sort
    keys, 48 random bits each (every layout equally likely to within 2⁻³⁹, the chance of
    a tie), 64-bit numbers for the first calls and for each card; a longer auction draws
    one more a call. Every choice is such a number modulo the number of legal moves
    (uniform to within 2⁻⁴⁷)."""
    bits = rng.getrandbits
    more = iter(partial(bits, 64), None)  # endless: a draw for each call past the first
    keys_of = _KEYS.unpack_from
    pack_keys = _KEYS.pack
    first_calls = _AUCTION.unpack_from
    trick_draws = _TRICK.iter_unpack
    bit = _BIT.__getitem__
    rank_bit = _RANK_BIT
    b0, b1, b2, b3 = BYTE_CARDS
    next2 = _NEXT2
    next1 = _NEXT
    pairs = _PAIRS
    contracts = rs.contracts
    top = len(contracts) - 1
    calls = [c.call for c in contracts]
    peek_cost = (0, rs.peek_one, rs.peek_two)  # by the cards he looked at
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
        drawn = bits(_DRAW_BITS).to_bytes(_DRAW_BYTES, "little")
        # ---- dealing: the cards in the order of 32 random keys (a uniform permutation)
        keys = bytearray(drawn[0:256])
        keys[7::8] = _KEY_TOP
        keys[0::8] = _KEY_CARD
        cards = pack_keys(*sorted(keys_of(keys)))[0::8]  # 48 random bits a card, then it
        dubel = (cards[30], cards[31])
        h0 = sum(map(bit, cards[0:10]))
        h1 = sum(map(bit, cards[10:20]))  # distinct bits: the sum is the union
        hands = [h0, h1, 0xFFFFFFFF ^ h0 ^ h1 ^ (1 << dubel[0]) ^ (1 << dubel[1])]
        entries: list[AuctionEntry] = []
        # ---- auction (BETEL §3): a uniform choice among Deal._legal_actions' moves
        seat = dealer
        contract = declarer = -1
        doubled = kontra_just = False
        kontra_by = _NO_KONTRA  # by seat: 1 where kontra is legal now
        kontrad = passes = 0
        floor = ban_seat = ban_c = -1
        peek = [0, 0, 0]
        for u in chain(first_calls(drawn, _KEYS.size), more):
            n_bids = top - floor  # the contracts above the floor (§3)
            skip = _NO_SKIP
            if seat == ban_seat:  # the ban lasts his next turn only (§3, Decision)
                if ban_c > floor:
                    skip = ban_c
                    n_bids -= 1
                ban_seat = ban_c = -1
            commit = n_bids + kontra_by[seat]  # the contracts and kontra he may call
            # k: 0 pas, 1 … n_bids a contract, n_bids + 1 kontra; above: first look at
            # the first dubel card, the second, both, or (when he may commit) exchange
            m = _FIRST_STEPS[commit]
            k = u % m
            act = 0
            if k > commit:  # first a dubel action
                k -= commit  # 1, 2: look at the first or second card, 3: both, 4: exchange
                if k < 3:
                    act, seen = 1, dubel[k - 1]
                elif k == 3:
                    act = 2
                if act:
                    k = u // m % (1 + commit)
                else:  # take both, lay two of the twelve back: then no pas
                    act = 3
                    hand = hands[seat] | (1 << dubel[0]) | (1 << dubel[1])
                    cs = b0[hand & 255] + b1[hand >> 8 & 255] + b2[hand >> 16 & 255] + \
                        b3[hand >> 24]
                    u //= m
                    i, j = pairs[u % 66]
                    a, b = cs[i], cs[j]
                    hands[seat] = hand ^ (1 << a) ^ (1 << b)
                    dubel = laid = (a, b)
                    k = u // 66 % commit + 1
            if k == 0:
                if act:
                    peek[seat] += peek_cost[act]
                if kontra_just and seat != declarer:  # §3: no repeat at his next turn
                    ban_seat, ban_c = declarer, contract
                kontra_just = False
                passes += 1
            elif k <= n_bids:
                c = floor + k
                if c >= skip:
                    c += 1
                contract = floor = c  # a new contract drops any kontra (Decision)
                declarer = seat
                doubled = kontra_just = False
                # once per contract in a deal (§3), never his own (Decision)
                kontra_by = _NO_KONTRA if kontrad >> c & 1 else _KONTRA_BY[seat]
                passes = 0
            else:  # kontra: doubles it, and the auction starts again (§3)
                doubled = kontra_just = True
                kontra_by = _NO_KONTRA
                kontrad |= 1 << contract
                floor = -1
                passes = 0
            if keep:
                entries.append(AuctionEntry(
                    seat, "pas" if k == 0 else calls[contract] if k <= n_bids else "kontra",
                    act if act < 3 else 0, seen if act == 1 else -1,
                    laid if act == 3 else ()))
            seat = next1[seat]
            if passes >= 2 and (contract >= 0 or passes >= 3):
                break  # two passes after a contract, or three without one
        # ---- play (BETEL §4): the legal cards by table, as play.legal lists them
        won: list[int] = []  # each trick's winner
        plays: list[tuple[int, int]] = []
        played = contract >= 0 or all_pass_play
        if played:
            if contract >= 0:
                ct = contracts[contract]
                trump, s = ct.trump, declarer
                follows, overs = _RULES[ct.defenders_free][trump][declarer]
            else:
                trump, s = -1, dealer
                follows, overs = _RULES[False][-1][0]
            # each hand as its four suits' bytes (small numbers: cheap to look up)
            by_suit = [[h & 255, h >> 8 & 255, h >> 16 & 255, h >> 24] for h in hands]
            won_by = won.append
            for u, u1, u2 in trick_draws(drawn[_PLAY_AT:]):  # ten tricks, a draw a card
                hs = by_suit[s]  # s leads
                cs = b0[hs[0]] + b1[hs[1]] + b2[hs[2]] + b3[hs[3]]
                c = cs[u % len(cs)]
                led = c >> 3
                hs[led] ^= rank_bit[c]
                if keep:
                    plays.append((s, c))
                best_led, best_tr, win = c, _NONE, s
                u = u1
                for s in next2[win]:
                    hs = by_suit[s]
                    v = hs[led]
                    cs = follows[s][best_led][v]
                    if cs:  # he follows suit: higher than the best if he can
                        c = cs[u % len(cs)]
                        hs[led] = v ^ rank_bit[c]
                        if c < best_led:  # a lower index is a higher card of the suit
                            best_led = c
                            if best_tr == _NONE:
                                win = s
                    else:
                        cs = overs[s][best_tr][hs[trump]]
                        if cs:  # void: a trump, over the best if he can
                            c = cs[u % len(cs)]
                        else:
                            cs = b0[hs[0]] + b1[hs[1]] + b2[hs[2]] + b3[hs[3]]
                            c = cs[u % len(cs)]
                        hs[c >> 3] ^= rank_bit[c]
                        if c >> 3 == trump and c < best_tr:
                            best_tr, win = c, s
                    if keep:
                        plays.append((s, c))
                    u = u2  # the second follower's draw
                won_by(win)
                s = win
        # ---- score (BETEL §5)
        sc = [-peek[0], -peek[1], -peek[2]]
        if contract >= 0:
            sc[declarer] += points[contract][doubled][won.count(declarer)]
            kinds.append(calls[contract])
        else:
            if played:
                for s in range(3):
                    sc[s] += per_trick * won.count(s)
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
