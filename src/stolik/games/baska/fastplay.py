"""The random-play kernel behind :func:`stolik.games.baska.simulate.simulate`.

A deal is dealt, bid and played by uniformly random choices, entirely on small ints:
hands are 16-bit card masks, calls are small codes, the auction and the play read
per-ruleset tables built once by :func:`tables_for` FROM THE RULESET DATA (ladder,
requirements, doubling rules, card orders, scoring values), so a user's own ruleset file
is simulated as faithfully as a shipped one. The kernel reproduces the reference engine
(:class:`stolik.games.baska.state.Deal` and :func:`stolik.games.baska.scoring.score`)
exactly; the tests replay its records through that engine.

Dealing: the 63,063,000 = 16!/(4!)^4 deals are numbered; one exactly uniform number (26
random bits, redrawn when out of range) is decoded with two precomputed tables: the seats
of cards 0–7 and of cards 8–15 are each a string of seat labels, grouped by how many cards
each seat gets from that half. A choice among n legal calls or cards is
``choices[int(random() * n)]``: uniform to within n / 2**53.

>>> from stolik.games.baska.ruleset import load_ruleset
>>> import random
>>> t = tables_for(load_ruleset("linia"))
>>> out = run_kernel(t, 3, random.Random(5), first_dealer=0, keep=True)
>>> len(out.payouts), len(out.records), [sum(p) for p in out.payouts]
(3, 3, [0, 0, 0])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from random import Random

from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import DECK, POINTS_OF_MASK, TOTAL_POINTS
from stolik.games.baska.laid_down import answers as laid_down_answers
from stolik.games.baska.record import DealRecord
from stolik.games.baska.ruleset import CATEGORIES, Contract, Ruleset

DEAL_COUNT = 63_063_000
"""Distinct deals of 16 cards into four hands of four: 16! / (4!)^4."""

CHUNK = 1000
"""Deals between two calls of the progress callback."""

_FIELD = 0x0001_0001_0001_0001
"""A packed deal holds seat s's hand in bits 16s…16s+15; ``packed >> card & _FIELD`` has one
bit set, in the field of the card's holder."""

_SEATBIT_OF_FIELD = {1 << (16 * s): 1 << s for s in range(4)}

_FOLLOWERS: tuple[tuple[int, int, int], ...] = tuple(
    ((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4)
)
"""The seats after a leader (or after the forehand) in turn."""

_SINGLE_SEAT: tuple[int, ...] = tuple(
    {1: 0, 2: 1, 4: 2, 8: 3}.get(m, -1) for m in range(16)
)
"""The seat of a one-seat 4-bit mask, −1 for any other mask."""


def _cards_of_small_masks() -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = [()] * (1 << 16)
    for k in range(1, 5):
        for cards in combinations(range(16), k):
            out[DECK.mask_of(cards)] = cards
    return tuple(out)


CARDS_OF_MASK: tuple[tuple[int, ...], ...] = _cards_of_small_masks()
"""Card indices (lowest first) of every 16-bit mask of at most four cards (else ``()``)."""


def _one_card() -> tuple[int, ...]:
    out = [-1] * (1 << 16)
    for card in range(16):
        out[1 << card] = card
    return tuple(out)


_ONE_CARD: tuple[int, ...] = _one_card()
"""The card of a one-card mask, −1 for any other mask."""


# ---------------------------------------------------------------- dealing


def _half_labels(first_card: int) -> dict[tuple[int, int, int, int], list[int]]:
    """Every way to give cards first_card … first_card+7 to the four seats, at most four
    to a seat, packed (seat s's cards in bits 16s…), grouped by cards per seat."""
    out: dict[tuple[int, int, int, int], list[int]] = {}

    def go(card: int, counts: list[int], packed: int) -> None:
        if card == first_card + 8:
            out.setdefault((counts[0], counts[1], counts[2], counts[3]), []).append(packed)
            return
        for s in range(4):
            if counts[s] < 4:
                counts[s] += 1
                go(card + 1, counts, packed | 1 << (16 * s + card))
                counts[s] -= 1

    go(first_card, [0, 0, 0, 0], 0)
    return out


@dataclass(frozen=True)
class DealTable:
    """Decodes a deal number 0 … DEAL_COUNT−1 into a packed deal: ``starts`` are the first
    numbers of the blocks, ``blocks[k]`` is (start, len(highs), lows, highs)."""

    starts: tuple[int, ...]
    blocks: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]

    def packed(self, number: int) -> int:
        """The packed deal of a number (the kernel inlines this)."""
        start, nh, lows, highs = self.blocks[bisect_right(self.starts, number) - 1]
        q = number - start
        lo = q // nh
        return lows[lo] | highs[q - lo * nh]


@cache
def deal_table() -> DealTable:
    """The deal decoding table (about 117,000 packed half-deals; built once).

    >>> t = deal_table()
    >>> t.starts[-1] + t.blocks[-1][1] * len(t.blocks[-1][2]) == DEAL_COUNT
    True
    >>> hands = [t.packed(12345) >> (16 * s) & 0xFFFF for s in range(4)]
    >>> [h.bit_count() for h in hands], sum(hands)
    ([4, 4, 4, 4], 65535)
    """
    lows = _half_labels(0)
    highs = _half_labels(8)
    starts: list[int] = []
    blocks: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
    start = 0
    for comp in sorted(lows):
        rest = (4 - comp[0], 4 - comp[1], 4 - comp[2], 4 - comp[3])
        lo, hi = tuple(lows[comp]), tuple(highs[rest])
        starts.append(start)
        blocks.append((start, len(hi), lo, hi))
        start += len(lo) * len(hi)
    assert start == DEAL_COUNT
    return DealTable(tuple(starts), tuple(blocks))


# ---------------------------------------------------------------- ruleset tables

PAIRS, LONE_POINTS, LONE_ALL, HONOUR = 0, 1, 2, 3
"""Kernel game kinds: a 2 v 2 game, a lone game to points or to all tricks, an honour."""


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything the kernel reads about one ruleset, derived from its data.

    Games are numbered 0 = zwykla, 1 = cicha, 2 + i = ladder contract i. Call codes: 0 pass,
    1 + i ladder contract i, and in a legal-call mask bit ``1 + len(ladder)`` is "the next
    doubling"; in records a doubling to level l is code ``len(ladder) + l``.
    """

    rs: Ruleset
    games: tuple[Contract, ...]
    n_ladder: int
    double_bit: int
    contracts_of_hand: tuple[int, ...]
    """Call mask (pass bit included) of the contracts a 4-card hand may call by requirements."""
    above_first: tuple[int, ...]
    """By current contract code (0 none): the call mask allowed in the first round."""
    above_later: tuple[int, ...]
    """… after the first round."""
    turns: tuple[tuple[tuple[int, tuple[int, ...], bool], ...], ...]
    """By forehand: the auction's turns as (seat, above_first or above_later, whether three
    passes end the auction here), longer than any auction can be."""
    choices: Sequence[tuple[int, ...]] | _Choices
    """Legal-call mask → call codes (a doubling as code 1 + len(ladder))."""
    double_seats: tuple[tuple[int, int, int, int], ...]
    """4-bit seat mask → per-seat call mask bit of "may double now"."""
    first_doublers: tuple[tuple[tuple[int, int, int, int], ...], ...]
    """By game, by declaring-side seat mask: per seat, double bit of the first doubling."""
    max_level: tuple[int, ...]
    kind: tuple[int, ...]
    wesele_partners: tuple[tuple[int, ...], ...]
    win: tuple[int, ...]
    loss: tuple[int, ...]
    group: tuple[tuple[int, ...], ...]
    beats: tuple[tuple[int, ...], ...]
    trumps: tuple[int, ...]
    starzy_cards: tuple[int, int]
    points_to_win: int
    first_doubler_loses_tie: bool
    value_team_won: tuple[int, ...]
    """2 v 2 value when the declaring side won, by losers' points × 5 + losers' tricks."""
    value_team_lost: tuple[int, ...]
    bok_round_deals: int
    call_pairs: tuple[tuple[tuple[int, Call], ...], ...]
    """By seat, by record code: the (seat, Call) entry of a deal record."""
    card_pairs: tuple[tuple[int, int], ...]
    """By seat × 16 + card: the (seat, card) entry of a deal record."""
    laid_down: tuple[dict[int, bool], ...] = ()
    """By game: laid down or not, by hand << 2 | place after forehand (RULES §7)."""


def _codes(mask: int) -> tuple[int, ...]:
    """The call codes of the bits of a legal-call mask."""
    return tuple(code for code in range(mask.bit_length()) if mask >> code & 1)


class _Choices(dict[int, tuple[int, ...]]):
    """Legal-call mask → call codes, filled on demand (for long ladders)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        codes = self[mask] = _codes(mask)
        return codes


_EAGER_LADDER = 12
"""Up to this many contracts the legal-call table is built in full (2^(n+2) entries)."""


def _first_doublers(c: Contract, team: int, double_bit: int) -> tuple[int, int, int, int]:
    """RULES §4, who may make the first doubling of ``c`` when ``team`` is its declaring
    side: nobody if it cannot be doubled; its opponents; either side if its rule says
    "any" — except the cicha player, who may only answer a doubling."""
    if c.max_level == 0:
        return (0, 0, 0, 0)
    may_declaring = c.first_double == "any" and c.kind != "cicha"
    return _per_seat([double_bit if (may_declaring or not team >> s & 1) else 0
                      for s in range(4)])


def _per_seat(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _plain_values(rs: Ruleset, team_won: bool) -> tuple[int, ...]:
    """RULES §5, §7: the 2 v 2 value by the losers' points and tricks."""
    win_side, lose_side = ("starzy", "mlodzi") if team_won else ("mlodzi", "starzy")
    wy = rs.plain.wyjscie[lose_side]
    vals = rs.plain.values[win_side]
    out = []
    for pts in range(TOTAL_POINTS + 1):
        for tricks in range(5):
            if tricks == 0:
                cat = "bez_bitki"
            elif not wy.reached(pts, tricks):
                cat = "bez_wyjscia"
            else:
                cat = "z_wyjsciem"
            assert cat in CATEGORIES
            out.append(vals[cat])
    return tuple(out)


@lru_cache(maxsize=16)
def tables_for(rs: Ruleset) -> Tables:
    """The kernel tables of a ruleset (cached per ruleset object)."""
    ladder = rs.ladder
    n = len(ladder)
    double_bit = 1 << (n + 1)
    games = (rs.zwykla, rs.cicha, *ladder)
    # RULES §7: every laid-down hand of each lone game that a limit can bind, looked up by
    # hand << 2 | place after forehand (computed once per machine, then read from a cache).
    laid_down = tuple(
        laid_down_answers(rs, c) if c.lone and c.kind != "honour"
        and c.max_level > rs.laid_down_max_level else {}
        for c in games
    )

    hand_calls = [0] * (1 << 16)
    for cards in combinations(range(16), 4):
        hand = DECK.mask_of(cards)
        m = 1
        for i, c in enumerate(ladder):
            if not c.requires & ~hand:
                m |= 1 << (1 + i)
        hand_calls[hand] = m

    def above(cur: int, first_round: bool) -> int:
        m = 1 | double_bit  # pass and the doubling are never masked by the ladder
        for i, c in enumerate(ladder):
            if cur and c.rank <= ladder[cur - 1].rank:
                continue
            if c.first_round_only and not first_round:
                continue
            if c.opening_only and cur:
                continue
            m |= 1 << (1 + i)
        return m

    above_first = tuple(above(cur, True) for cur in range(n + 1))
    above_later = tuple(above(cur, False) for cur in range(n + 1))
    # Calls other than pass: at most n contracts (each ranks above the last) and, for each
    # game, its doublings; at most two passes between them, three before the first and
    # three at the end.
    bids = n + (n + 1) * max(c.max_level for c in games)
    length = 3 + 3 * bids + 3 + 1
    turns = tuple(
        tuple(((fh + 1 + k) % 4, above_first if k < 4 else above_later, k >= 3)
              for k in range(length))
        for fh in range(4)
    )
    choices: Sequence[tuple[int, ...]] | _Choices = _Choices()
    if n <= _EAGER_LADDER:
        choices = tuple(_codes(m) for m in range(1 << (n + 2)))
    double_seats = tuple(
        _per_seat([double_bit if mask >> s & 1 else 0 for s in range(4)]) for mask in range(16)
    )
    first_doublers = tuple(
        tuple(_first_doublers(c, team, double_bit) for team in range(16)) for c in games
    )

    def kind(c: Contract) -> int:
        if c.kind == "honour":
            return HONOUR
        if c.goal == "all-tricks":
            return LONE_ALL if c.lone else -1
        return LONE_POINTS if c.lone else PAIRS

    kinds = tuple(kind(c) for c in games)
    if -1 in kinds:  # pragma: no cover - the ruleset reader never builds such a game
        raise ValueError("a 2 v 2 game to all tricks is not simulated")
    orders = [rs.order_of(c) for c in games]
    rec_calls: list[Call] = [PASS, *(Call("contract", c.id) for c in ladder)]
    rec_calls += [Call("double", level=lv) for lv in range(1, len(rs.doublings) + 1)]
    starzy = DECK.cards_of(rs.plain.starzy)
    return Tables(
        rs=rs, games=games, n_ladder=n, double_bit=double_bit,
        contracts_of_hand=tuple(hand_calls),
        above_first=above_first, above_later=above_later, turns=turns,
        choices=choices, double_seats=double_seats,
        first_doublers=first_doublers,
        max_level=tuple(c.max_level for c in games), kind=kinds,
        wesele_partners=tuple(c.partner_cards for c in games),
        win=tuple(c.win for c in games), loss=tuple(c.loss for c in games),
        group=tuple(tuple(o.group) for o in orders),
        beats=tuple(tuple(o.beats) for o in orders),
        trumps=tuple(o.trump_mask for o in orders),
        starzy_cards=(starzy[0], starzy[1]),
        points_to_win=rs.points_to_win,
        first_doubler_loses_tie=rs.doubled_tie_loser == "first-doubler",
        value_team_won=_plain_values(rs, True), value_team_lost=_plain_values(rs, False),
        bok_round_deals=rs.series.bok_round_deals, laid_down=laid_down,
        call_pairs=tuple(tuple((s, c) for c in rec_calls) for s in range(4)),
        card_pairs=tuple((s, c) for s in range(4) for c in range(16)),
    )


# ---------------------------------------------------------------- the kernel


@dataclass(frozen=True)
class KernelOutput:
    """What :func:`run_kernel` returns: per deal payouts and game numbers, the records
    (empty unless asked for), and the deals that were bok-round deals (RULES §6)."""

    payouts: list[tuple[int, int, int, int]]
    games: list[int]
    records: list[DealRecord]
    bok_deals: int


def run_kernel(t: Tables, deals: int, rng: Random, *, first_dealer: int = 0,
               keep: bool = False, progress: Callable[[int], None] | None = None,
               trace: list[int] | None = None) -> KernelOutput:
    """Deal, bid and play ``deals`` deals of one series with uniformly random legal choices
    (RULES §3, §4), scoring each (RULES §5–§7). ``trace``, if given, receives for every
    auction step the legal-call mask and for every card the legal-card mask, in order.
    """
    rnd = rng.random
    grb = rng.getrandbits
    dt = deal_table()
    starts = dt.starts
    blocks = dt.blocks
    bis = bisect_right
    seatbit_of_field = _SEATBIT_OF_FIELD
    single_seat = _SINGLE_SEAT
    cards_of = CARDS_OF_MASK
    one_card = _ONE_CARD
    pts_of = POINTS_OF_MASK
    sc1, sc2 = t.starzy_cards
    okc = t.contracts_of_hand
    turns = t.turns
    choices = t.choices
    nl = t.n_ladder
    dseats = t.double_seats
    first_dbl = t.first_doublers
    gmax = t.max_level
    gkind = t.kind
    # Laid-down lone games accept at most `laid_max` doublings once announced (RULES §7):
    # a solo when it is called, a cicha when the plain game's doublings reach the limit.
    laid_max = t.rs.laid_down_max_level
    solo_game = tuple(c.kind == "solo" for c in t.games)
    laid_down = t.laid_down
    cicha_table = laid_down[1]
    # RULES §4 (dead doublings): where sides are hidden every seat may double (public
    # count); which doublings count is settled from the sides. `first_any[g]`: either side
    # may make the first counted doubling of game g (never the cicha player).
    all_double = dseats[15]
    first_any = tuple(c.first_double == "any" and c.kind not in ("cicha", "solo")
                      for c in t.games)
    plain_max = max(gmax[0], gmax[1])
    partners = t.wesele_partners
    gwin = t.win
    gloss = t.loss
    ggroup = t.group
    gbeats = t.beats
    gtrumps = t.trumps
    ptw = t.points_to_win
    tie_rule = t.first_doubler_loses_tie
    val_won = t.value_team_won
    val_lost = t.value_team_lost
    bok_n = t.bok_round_deals
    call_pairs = t.call_pairs
    card_pairs = t.card_pairs
    no_double = dseats[0]
    half = TOTAL_POINTS // 2
    pair_cache: dict[int, tuple[int, int, int, int]] = {}
    lone_cache: dict[int, tuple[int, int, int, int]] = {}
    payouts: list[tuple[int, int, int, int]] = []
    pay_append = payouts.append
    game_of: list[int] = []
    game_append = game_of.append
    records: list[DealRecord] = []
    auction: list[tuple[int, Call]] = []
    play: list[tuple[int, int]] = []
    tr_append = trace.append if trace is not None else None
    pending = 0  # bok-round deals still to come (RULES §6)
    bok_deals = 0
    r3 = (0, 1, 2)
    followers = _FOLLOWERS

    for chunk_start in range(0, deals, CHUNK):
        for i in range(chunk_start, min(deals, chunk_start + CHUNK)):
            dealer = (first_dealer + i) & 3
            fh = (dealer + 1) & 3
            # ---- deal (uniform: one number of 0 … DEAL_COUNT−1)
            r = grb(26)
            while r >= DEAL_COUNT:
                r = grb(26)
            start, nh, lows, highs = blocks[bis(starts, r) - 1]
            r -= start
            lo = r // nh
            p = lows[lo] | highs[r - lo * nh]
            h0 = p & 0xFFFF
            h1 = p >> 16 & 0xFFFF
            h2 = p >> 32 & 0xFFFF
            h3 = p >> 48
            hands = [h0, h1, h2, h3]
            starzy = seatbit_of_field[p >> sc1 & _FIELD] | seatbit_of_field[p >> sc2 & _FIELD]
            cicha_seat = single_seat[starzy]

            # ---- auction (RULES §4)
            ok = (okc[h0], okc[h1], okc[h2], okc[h3])
            g = 1 if cicha_seat >= 0 else 0
            team = starzy
            cicha_laid = g == 1 and bool(cicha_table) and cicha_table[
                hands[cicha_seat] << 2 | (cicha_seat - fh) & 3]
            announced = cicha_laid and not laid_max
            dm = all_double if plain_max and not announced else no_double
            cur = 0
            level = 0  # doubling calls (public)
            counted = 0  # the doublings that count (RULES §4)
            last_side = -1
            first_side = -1
            passes = 0
            declarer = cicha_seat
            if keep:
                auction = []
            for seat, above, may_close in turns[fh]:
                legal = ok[seat] & above[cur] | dm[seat]
                if legal == 1:  # only pass
                    code = 0
                else:
                    ch = choices[legal]
                    code = ch[int(rnd() * len(ch))]
                if tr_append is not None:
                    tr_append(legal)
                if code == 0:
                    passes += 1
                    if passes >= 3 and may_close:
                        # Three passes after the last bid, all four have spoken: over.
                        if keep:
                            auction.append(call_pairs[seat][0])
                        break
                elif code <= nl:
                    # A new contract voids the doublings of the one it replaces.
                    cur = code
                    g = code + 1
                    declarer = seat
                    level = 0
                    counted = 0
                    last_side = -1
                    first_side = -1
                    passes = 0
                    team = 1 << seat
                    if partners[g]:
                        mine = hands[seat]
                        for card in partners[g]:
                            if not mine >> card & 1:
                                team |= seatbit_of_field[p >> card & _FIELD]
                                break
                    if solo_game[g]:
                        table = laid_down[g]
                        announced = bool(table) and table[hands[seat] << 2 | (seat - fh) & 3]
                        dm = first_dbl[g][team] if not (announced and not laid_max) \
                            else no_double
                    else:
                        announced = False
                        dm = all_double if gmax[g] else no_double
                else:
                    side = 1 - (team >> seat & 1)  # DECLARING = 0, OPPOSING = 1
                    if counted < gmax[g] and (
                            (first_any[g] or side) if last_side < 0 else side != last_side):
                        counted += 1
                        last_side = side
                        if first_side < 0:
                            first_side = side
                    level += 1
                    passes = 0
                    code = nl + level
                    if not cur:
                        # The plain game's public sequence; a laid-down cicha is announced
                        # when it reaches the limit (RULES §7).
                        if cicha_laid and level >= laid_max:
                            announced = True
                        dm = all_double if level < plain_max and not announced else no_double
                    elif solo_game[g]:
                        # Sides are public: the other side may answer.
                        dm = dseats[team if side else team ^ 15] if level < gmax[g] and not (
                            announced and level >= laid_max) else no_double
                    else:
                        dm = all_double if level < gmax[g] else no_double
                if keep:
                    auction.append(call_pairs[seat][code])
            else:  # pragma: no cover - the turns outnumber the longest auction
                raise AssertionError("auction longer than its bound")

            bok = 0
            if pending:
                pending -= 1
                bok = 1
                bok_deals += 1
            mult = (1 << counted) << bok
            kind = gkind[g]
            if kind == HONOUR:  # settled at once, no cards played (RULES §4)
                amount = gwin[g] * mult
                key = amount << 2 | declarer
                pay = lone_cache.get(key)
                if pay is None:
                    pay = lone_cache[key] = _lone(declarer, amount)
                pay_append(pay)
                game_append(g)
                if keep:
                    records.append(DealRecord(
                        dealer, (cards_of[h0], cards_of[h1], cards_of[h2], cards_of[h3]),
                        tuple(auction)))
                continue

            # ---- play (RULES §3)
            group = ggroup[g]
            beats = gbeats[g]
            trumps = gtrumps[g]
            s = fh
            taken = 0  # cards taken by the declaring side
            team_tricks = 0
            if keep:
                play = []
            for _ in r3:
                h = hands[s]
                cs = cards_of[h]
                c = cs[int(rnd() * len(cs))]
                if tr_append is not None:
                    tr_append(h)
                bit = 1 << c
                hands[s] = h ^ bit
                if keep:
                    play.append(card_pairs[s << 4 | c])
                led = group[c]
                win_card = c
                win_seat = s
                trick = bit
                for s in followers[win_seat]:
                    h = hands[s]
                    follow = h & led
                    if follow:
                        better = follow & beats[win_card]
                        legal = better or follow
                    else:
                        better = h & beats[win_card]
                        legal = better or h & trumps or h
                    c = one_card[legal]
                    if c < 0:
                        cs = cards_of[legal]
                        c = cs[int(rnd() * len(cs))]
                    if tr_append is not None:
                        tr_append(legal)
                    bit = 1 << c
                    hands[s] = h ^ bit
                    trick |= bit
                    if better:  # the card played came from the cards that beat
                        win_card = c
                        win_seat = s
                    if keep:
                        play.append(card_pairs[s << 4 | c])
                if team >> win_seat & 1:
                    taken |= trick
                    team_tricks += 1
                s = win_seat
            # The last trick: one card left in each hand.
            h = hands[s]
            win_card = one_card[h]
            win_seat = s
            trick = h
            if tr_append is not None:
                tr_append(h)
            if keep:
                play.append(card_pairs[s << 4 | win_card])
            for s in followers[win_seat]:
                h = hands[s]
                c = one_card[h]
                if tr_append is not None:
                    tr_append(h)
                trick |= h
                if beats[win_card] & h:
                    win_card = c
                    win_seat = s
                if keep:
                    play.append(card_pairs[s << 4 | c])
            if team >> win_seat & 1:
                taken |= trick
                team_tricks += 1

            # ---- score (RULES §5, §7), as stolik.games.baska.scoring.score
            team_points = pts_of[taken]
            tie = team_points == half
            if kind == LONE_ALL:
                won = team_tricks == 4
            elif tie and counted and tie_rule:
                won = first_side == 1
            else:
                won = team_points >= ptw
            if kind == PAIRS:
                if won:
                    amount = val_won[(TOTAL_POINTS - team_points) * 5 + 4 - team_tricks] * mult
                    winners = team
                else:
                    amount = val_lost[team_points * 5 + team_tricks] * mult
                    winners = team ^ 15
                key = amount << 4 | winners
                pay = pair_cache.get(key)
                if pay is None:
                    pay = pair_cache[key] = _pairs(winners, amount)
            else:
                amount = (gwin[g] if won else -gloss[g]) * mult
                key = amount << 2 | declarer
                pay = lone_cache.get(key)
                if pay is None:
                    pay = lone_cache[key] = _lone(declarer, amount)
            pay_append(pay)
            game_append(g)
            if tie:
                # A bok during a bok-round adds its deals after the pending ones.
                pending += bok_n
            if keep:
                records.append(DealRecord(
                    dealer, (cards_of[h0], cards_of[h1], cards_of[h2], cards_of[h3]),
                    tuple(auction), tuple(play)))
        if progress is not None:
            progress(min(deals, chunk_start + CHUNK))
    return KernelOutput(payouts, game_of, records, bok_deals)


def _lone(seat: int, amount: int) -> tuple[int, int, int, int]:
    """1 v 3 payout: ``seat`` gets 3 × amount, each other −amount (RULES §7)."""
    out = [-amount] * 4
    out[seat] = 3 * amount
    return (out[0], out[1], out[2], out[3])


def _pairs(team: int, amount: int) -> tuple[int, int, int, int]:
    """2 v 2 payout: the seats of the 4-bit mask ``team`` get +amount, the others −amount."""
    out = [amount if team >> s & 1 else -amount for s in range(4)]
    return (out[0], out[1], out[2], out[3])


def legal_calls_of_mask(t: Tables, mask: int, level: int) -> list[Call]:
    """The calls a legal-call mask of the kernel stands for, when the current doubling
    level is ``level`` (for comparing with :meth:`Deal.legal_calls`)."""
    out: list[Call] = []
    for code in t.choices[mask]:
        if code == 0:
            out.append(PASS)
        elif code <= t.n_ladder:
            out.append(Call("contract", t.rs.ladder[code - 1].id))
        else:
            out.append(Call("double", level=level + 1))
    return out

