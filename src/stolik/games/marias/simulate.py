"""Fast random-deal simulation in pure Python: random deals from the choice to the money,
every move drawn uniformly among the legal ones, as the ``random`` bot plays
(MARIAS §2–§6).

The kernel applies the same rules as :class:`~stolik.games.marias.state.Deal` on bare
integers and bitmasks (no positions, no log) and settles through the same
:func:`~stolik.games.marias.scoring.score`; its records replay through
:func:`~stolik.games.marias.record.replay` to the same money (a property test checks it).
The dealer moves one seat clockwise each deal.

>>> from stolik.games.marias.ruleset import load_ruleset
>>> from stolik.games.marias.record import replay, series_record
>>> rs = load_ruleset("ctyrka")
>>> r = simulate(rs, 300, seed=1)
>>> r.deals, len(r.records), sum(r.totals), sum(r.games.values())
(300, 300, 0, 300)
>>> replay(series_record(rs, r.records)).totals == r.totals
True
>>> simulate(rs, 300, seed=1, keep_records=False).payouts == r.payouts
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from stolik.games.marias.deck import ASCII_NAMES, CARD_POINTS, SUIT_MASKS
from stolik.games.marias.play import BEATS, HIGHER, NO_TRUMPS, TRUMP_MASKS
from stolik.games.marias.record import DealRecord
from stolik.games.marias.ruleset import Ruleset
from stolik.games.marias.scoring import Settlement, score
from stolik.simulate import Chunk, Simulated, check_request, play_chunks

__all__ = ["DEFAULT_DEALS", "SimulationResult", "default_deals", "simulate"]

GAMES = ("hra", "sto", "betl", "durch", "no-re")
"""What :attr:`SimulationResult.games` counts: the game played, or a hra not played for
want of re (MARIAS §4.5)."""


@dataclass(frozen=True)
class SimulationResult(Simulated[Ruleset, DealRecord]):
    """A simulated series: money by deal and seat (haléř), the records if kept."""

    payouts: tuple[tuple[int, int, int, int], ...]
    games: dict[str, int]
    totals: tuple[int, int, int, int]


def _byte_bits() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
                 for k in range(4))


_BITS = _byte_bits()
_B0, _B1, _B2, _B3 = _BITS
_KO = tuple((1 << (8 * s + 2)) | (1 << (8 * s + 3)) for s in range(4))  # K + O per suit
_SEVEN = tuple(1 << (8 * s + 7) for s in range(4))


_NEXT3 = tuple(((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4))


def _marriages(hand: int) -> list[int]:
    return [s for s in range(4) if hand & _KO[s] == _KO[s]]


DEFAULT_DEALS = 32
"""Deals ``stolik simulate`` plays when not told (Mariáš plays by time, MARIAS §9: no
series length)."""

def default_deals(rs: Ruleset) -> int:
    """How many deals ``stolik simulate`` plays under ``rs`` when not told:
    :data:`DEFAULT_DEALS`."""
    return DEFAULT_DEALS


def simulate(rs: Ruleset, deals: int, *, seed: int, first_dealer: int = 0,
             keep_records: bool = True, claims: bool = True,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Simulate ``deals`` random deals from ``seed`` (the same seed gives the same deals).

    With ``claims=False`` every player approves the choice (``dobry``), so every deal is a
    trump game played to its last trick (or ended for want of re): uniform random play
    claims betl or durch in most deals, and those end early. ``progress(n_done)`` is
    called after every :data:`~stolik.simulate.PROGRESS_EVERY` deals and at the end;
    the deals are the same with it or without.

    >>> from stolik.games.marias.ruleset import load_ruleset
    >>> simulate(load_ruleset(), 5, seed=3, keep_records=False).records
    ()
    >>> done = []
    >>> rs = load_ruleset()
    >>> simulate(rs, 2500, seed=3, progress=done.append).payouts == simulate(
    ...     rs, 2500, seed=3).payouts, done
    (True, [1000, 2000, 2500])
    """
    check_request(deals, first_dealer, 4)
    rng = random.Random(seed)
    played, seconds = play_chunks(
        lambda n, dealer: Chunk(*_run(rs, n, rng, dealer, keep_records, claims)), deals,
        first_dealer=first_dealer, seats=4, progress=progress)
    payouts, records, games = played.payouts, played.records, played.games
    counts = dict.fromkeys(GAMES, 0)
    for g in games:
        counts[g] += 1
    t = [0, 0, 0, 0]
    for p in payouts:
        for s in range(4):
            t[s] += p[s]
    return SimulationResult(rs, seed, deals, seconds, tuple(records), tuple(payouts), counts,
                            (t[0], t[1], t[2], t[3]))


def _run(rs: Ruleset, deals: int, rng: random.Random, first_dealer: int, keep: bool,
         claims: bool) -> tuple[list[tuple[int, int, int, int]], list[DealRecord], list[str]]:
    rand = rng.random
    bits = rng.getrandbits
    payouts: list[tuple[int, int, int, int]] = []
    records: list[DealRecord] = []
    games: list[str] = []
    names = rs.flek_names
    top = rs.top_level
    points = CARD_POINTS
    beats_all = BEATS
    higher_all = HIGHER
    suit_masks = SUIT_MASKS
    for n in range(deals):
        dealer = (first_dealer + n) % 4
        # ---- dealing: a uniform permutation from one big random number (Fisher–Yates)
        r = bits(256)
        cards = list(range(32))
        for i in range(31, 0, -1):
            r, j = divmod(r, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        hl = [cards[0:8], cards[8:16], cards[16:24], cards[24:32]]
        hands = [0, 0, 0, 0]
        for s in range(4):
            m = 0
            for c in hl[s]:
                m |= 1 << c
            hands[s] = m
        initial = tuple(hands)
        mars = [_marriages(h) for h in hands]
        ch = (dealer + 1) % 4
        bid: list[tuple[int, str]] = []
        # ---- choice (MARIAS §4.1): one of the first four, another card of its suit called
        first = sorted(hl[ch][:4])
        k = int(rand() * 28)
        tcard = first[k // 7]
        suit_cards = [c for c in range(8 * (tcard >> 3), 8 * (tcard >> 3) + 8) if c != tcard]
        called = suit_cards[k % 7]
        trump = tcard >> 3
        # ---- approval (MARIAS §4.2)
        claim, claimant = 0, -1
        for i in (1, 2, 3, 0):
            s = (ch + i) % 4
            opts = 3 - claim if claims else 1  # dobry, then the claims above the current one
            pick = int(rand() * opts) if opts > 1 else 0
            if pick:
                claim += pick
                claimant = s
                bid.append((s, "betl" if claim == 1 else "durch"))
            else:
                bid.append((s, "dobry"))
        soloist, partner = -1, -1
        sedma_by = -1
        proti_by = -1
        povinna = False
        if claim:
            game = "betl" if claim == 1 else "durch"
            soloist = claimant
            trump = NO_TRUMPS
        else:
            partner = next(s for s in range(4) if initial[s] >> called & 1)
            if partner == ch:
                soloist, partner = ch, -1
            # ---- announcements (MARIAS §4.3, seed §6)
            ko = _KO[trump]
            seven = _SEVEN[trump]
            h = initial[ch]
            if h & ko == ko and soloist < 0:
                gopts = ["sto"]
                povinna = True
            elif not rs.voluntary_sto_needs_marriage or mars[ch]:
                gopts = ["hra", "sto"]
            else:
                gopts = ["hra"]
            with7 = bool(h & seven)
            k = int(rand() * len(gopts) * (2 if with7 else 1))
            game = gopts[k % len(gopts)]
            bid.append((ch, game))
            if k >= len(gopts):
                sedma_by = ch
                bid.append((ch, "sedma"))
            if partner >= 0:
                h = initial[partner]
                p7 = bool(h & seven) and rs.partner_sedma
                if h & ko == ko and game != "sto":
                    povinna = True
                    game = "sto"
                    bid.append((partner, "sto"))
                    if p7 and rand() < 0.5:
                        sedma_by = partner
                        bid.append((partner, "sedma"))
                elif h & ko == ko:
                    povinna = True
                    if p7 and rand() < 0.5:
                        sedma_by = partner
                        bid.append((partner, "sedma"))
                elif p7 and rand() < 0.5:
                    sedma_by = partner
                    bid.append((partner, "sedma"))
        # ---- fleky (MARIAS §4.4, seed §4, §5)
        side = [1, 1, 1, 1]
        if soloist >= 0:
            side[soloist] = 0
        else:
            side[ch] = 0
            side[partner] = 0
        levels = [0, 0, 0]
        last = [-1, -1, -1]
        comp_names = [game, "sedma", "sto-proti"]
        spoke = 0
        passes = 0
        s = ch
        trhak_ko = _KO[trump] if trump != NO_TRUMPS and rs.trhak_duty else 0
        while passes < 4:
            s = (s + 1) % 4
            sd = side[s]
            if trhak_ko and sd and levels[0] == 0 and initial[s] & trhak_ko:
                opts_f: list[tuple[int, int]] = [(0, 1)]  # the trhák's duty: flek the game
            else:
                opts_f = [(-1, 0)]
                for comp in (0, 1, 2):
                    if (comp == 1 and sedma_by < 0) or (comp == 2 and proti_by < 0):
                        continue
                    lv = levels[comp]
                    if lv >= top:
                        continue
                    owner = 1 if comp == 2 else (side[sedma_by] if comp == 1 else 0)
                    if (lv == 0 and sd != owner) or (lv > 0 and sd != last[comp]):
                        opts_f.append((comp, lv + 1))
                if (rs.sto_proti and trump != NO_TRUMPS and sd and proti_by < 0
                        and not spoke >> s & 1 and mars[s]):
                    opts_f.append((3, 0))
                if (rs.sedma_proti and trump != NO_TRUMPS and sd and sedma_by < 0
                        and not spoke >> s & 1 and initial[s] & _SEVEN[trump]):
                    opts_f.append((4, 0))
            spoke |= 1 << s
            comp, lv = opts_f[int(rand() * len(opts_f))]
            if comp < 0:
                passes += 1
                bid.append((s, "pass"))
            elif comp == 3:
                proti_by = s
                passes = 0
                bid.append((s, "sto-proti"))
            elif comp == 4:  # a defender's sedma proti (where the ruleset plays it)
                sedma_by = s
                comp_names[1] = "sedma-proti"
                passes = 0
                bid.append((s, "sedma-proti"))
            else:
                levels[comp] = lv
                last[comp] = sd
                passes = 0
                bid.append((s, f"{names[lv - 1]} {comp_names[comp]}"))
        plays: list[tuple[int, int]] = []
        end = "played"
        pts = [0, 0, 0, 0]
        tricks = [0, 0, 0, 0]
        last_seven, seven_won, sedma_won = -1, False, False
        if rs.no_game_without_re and game == "hra" and levels[0] == 1:
            end = "no-re"
        else:
            # ---- play (MARIAS §3, §4.6)
            leader = soloist if trump == NO_TRUMPS else ch
            beats = beats_all[trump]
            higher = higher_all[trump]
            tmask = TRUMP_MASKS[trump]
            tbits = _BITS[trump] if trump != NO_TRUMPS else _B0
            tshift = 8 * trump
            seven_card = 8 * trump + 7 if trump != NO_TRUMPS else -1
            keep7 = _SEVEN[trump] if sedma_by >= 0 else 0
            for t in range(8):
                s = leader
                hand = hands[s]
                allowed = hand
                if keep7 and s == sedma_by and t < 7 and allowed != keep7:
                    allowed &= ~keep7
                cs = _B0[allowed & 255] + _B1[allowed >> 8 & 255] + \
                    _B2[allowed >> 16 & 255] + _B3[allowed >> 24]
                c = cs[int(rand() * len(cs))]
                hands[s] = hand ^ (1 << c)
                if c == seven_card and t == 7:
                    last_seven = s
                led = c >> 3
                win = c
                win_seat = s
                gained = points[c]
                if keep:
                    plays.append((s, c))
                lsuit = suit_masks[led]
                lbits = _BITS[led]
                lshift = 8 * led
                for s in _NEXT3[leader]:
                    hand = hands[s]
                    follow = hand & lsuit
                    if follow:
                        allowed = ((follow & higher[win]) or follow) if win >> 3 == led \
                            else follow
                        if keep7 and s == sedma_by and t < 7 and allowed != keep7:
                            allowed &= ~keep7
                        cs = lbits[allowed >> lshift & 255]
                    else:
                        tr = hand & tmask
                        if tr:
                            allowed = ((tr & higher[win]) or tr) if win >> 3 == trump else tr
                            if keep7 and s == sedma_by and t < 7 and allowed != keep7:
                                allowed &= ~keep7
                            cs = tbits[allowed >> tshift & 255]
                        else:
                            cs = _B0[hand & 255] + _B1[hand >> 8 & 255] + \
                                _B2[hand >> 16 & 255] + _B3[hand >> 24]
                    c = cs[int(rand() * len(cs))]
                    hands[s] = hand ^ (1 << c)
                    gained += points[c]
                    if keep:
                        plays.append((s, c))
                    if beats[win] >> c & 1:
                        win, win_seat = c, s
                    if c == seven_card and t == 7:
                        last_seven = s
                if t == 7:
                    gained += 10
                    if last_seven >= 0:
                        seven_won = win == seven_card
                        sedma_won = seven_won and last_seven == sedma_by
                pts[win_seat] += gained
                tricks[win_seat] += 1
                leader = win_seat
                if game == "betl" and win_seat == soloist:
                    end = "betl"
                    break
                if game == "durch" and win_seat != soloist:
                    end = "durch"
                    break
        # ---- money (MARIAS §5, §6)
        cs_side = (soloist,) if soloist >= 0 else ((ch, partner) if ch < partner
                                                   else (partner, ch))
        mar: tuple[list[int], list[int]] = ([], [])
        if trump != NO_TRUMPS:
            for st in range(4):
                for su in mars[st]:
                    mar[side[st]].append(40 if su == trump else 20)
            mar[0].sort(reverse=True)
            mar[1].sort(reverse=True)
        sp = [0, 0]
        for st in range(4):
            sp[side[st]] += pts[st]
        settlement = Settlement(
            game=game, trump=trump, side=cs_side, levels=(levels[0], levels[1], levels[2]),
            points=(sp[0], sp[1]), marriages=(tuple(mar[0]), tuple(mar[1])),
            sedma_by=sedma_by, sedma_won=sedma_won,
            last_seven=-1 if sedma_by >= 0 else last_seven, seven_won=seven_won,
            proti=proti_by >= 0, povinna=povinna and game == "sto",
            soloist_tricks=tricks[soloist] if soloist >= 0 else 0, end=end)
        payouts.append(score(rs, settlement).payouts)
        games.append("no-re" if end == "no-re" else game)
        if keep:
            records.append(DealRecord(
                dealer, (tuple(hl[0]), tuple(hl[1]), tuple(hl[2]), tuple(hl[3])),
                (ch, f"trump={ASCII_NAMES[tcard]} call={ASCII_NAMES[called]}"),
                tuple(bid), tuple(plays)))
    return payouts, records, games
