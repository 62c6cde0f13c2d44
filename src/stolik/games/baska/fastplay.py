"""The random-play kernel behind :func:`stolik.games.baska.simulate.simulate`.

A deal is dealt, bid and played by uniformly random choices, entirely on small ints:
hands are 16-bit card masks, calls are small codes, the auction and the play read
per-ruleset tables built once by :func:`tables_for` FROM THE RULESET DATA (ladder,
requirements, doubling rules, card orders, scoring values), so a user's own ruleset file
is simulated as faithfully as a shipped one. The kernel reproduces the reference engine
(:class:`stolik.games.baska.state.Deal` and :func:`stolik.games.baska.scoring.score`)
exactly; the tests replay its records through that engine.

The card masks and dealing are in :mod:`~stolik.games.baska.fastplay_deal`, the ruleset
tables in :mod:`~stolik.games.baska.fastplay_tables` (both re-exported here); this module
is the kernel that plays deals on them.

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
from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from stolik.games.baska.calls import PASS, Call
from stolik.games.baska.deck import POINTS_OF_MASK, TOTAL_POINTS
from stolik.games.baska.fastplay_deal import (
    _FIELD,
    _FOLLOWERS,
    _ONE_CARD,
    _SEATBIT_OF_FIELD,
    _SINGLE_SEAT,
)
from stolik.games.baska.fastplay_deal import CARDS_OF_MASK as CARDS_OF_MASK
from stolik.games.baska.fastplay_deal import CHUNK as CHUNK
from stolik.games.baska.fastplay_deal import DEAL_COUNT as DEAL_COUNT
from stolik.games.baska.fastplay_deal import DealTable as DealTable
from stolik.games.baska.fastplay_deal import deal_table as deal_table
from stolik.games.baska.fastplay_tables import HONOUR as HONOUR
from stolik.games.baska.fastplay_tables import LONE_ALL as LONE_ALL
from stolik.games.baska.fastplay_tables import LONE_POINTS as LONE_POINTS
from stolik.games.baska.fastplay_tables import PAIRS as PAIRS
from stolik.games.baska.fastplay_tables import Tables as Tables
from stolik.games.baska.fastplay_tables import tables_for as tables_for
from stolik.games.baska.record import DealRecord

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

