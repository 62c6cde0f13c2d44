"""The fast random-deal kernel of licitovaný mariáš: whole deals from the deal to the money
on integers and bitmasks, each move drawn among the legal moves in the engine's order
(:meth:`stolik.games.licitovany.state.Deal.legal_moves`), as one plain function that numba
compiles (:mod:`.fast`); it imports neither numba nor the engine, and runs uncompiled too
(the tests trace it so).

A deal: the cards 5–2–5 from ``decks[d]`` in playing order (LICITOVANY §2); the licitace
(§4.2); the discard, drawn by index among the pairs outside the forbidden cards (§4.3); the
contract or omyl (§4.4); the fleky round by round (§4.5), vyrovnaná sedma; the play with
its obligations, the aktér's announced sevens kept back and announced hlášky (§3); the
results (§5) and each seat's units (§6). Decision ``k`` of deal ``d`` takes move
``draws[d, k] % n`` of its ``n`` legal moves, writes its code
(:mod:`.fast_tables`) to ``moves[d, k]`` and the seat to ``seats[d, k]``; with
``tracing``, ``trace[d, k]`` gets the phase, ``n``, the index and every legal move's code.

Returns 0, or 1 + the deal whose aktér had no legal discard (a club's ladder can allow it:
the engine has no move there either).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]

_HIGH = 0x03030303
"""The aces and tens (:data:`stolik.games.licitovany.fast_tables.HIGH`)."""


def play_deals(decks: Array, dealers: Array, draws: Array, par: Array, ladder: Array,
               rungs: Array, tariff: Array, table: Array, forbid: Array, pairs: Array,
               beats: Array, higher: Array, suit_masks: Array, trump_masks: Array,
               points: Array, money: Array, moves: Array, seats: Array, trace: Array,
               tracing: bool) -> int:
    """Play ``len(decks)`` deals (see the module's text); ``par`` and the tables are
    :class:`~stolik.games.licitovany.fast_tables.Tables`'s, in its field order."""
    players, lowest, max_flek, side = par[0], par[1], par[2], par[3]
    vyrovnana, sto_first, tiche_sto, ticha_sedma = par[4], par[5], par[6], par[7]
    desitky_hra, pauzirak, limit1, limit2 = par[8], par[9], par[10], par[11]
    t_ticha, t_tiche, t_hra, t_red, t_omyl = par[12], par[13], par[14], par[15], par[16]
    n_ladder = ladder.shape[0]
    hp = np.zeros(3, np.int64)
    order = np.zeros(3, np.int64)
    cl = np.zeros(12, np.int64)
    cand = np.zeros(66, np.int64)
    levels = np.zeros(15, np.int64)
    opts = np.zeros(6, np.int64)
    spk = np.zeros(2, np.int64)
    mv = np.zeros(20, np.int64)
    comps = np.zeros(3, np.int64)
    won_c = np.zeros(3, np.int64)
    count_c = np.zeros(3, np.int64)
    tiche_c = np.zeros(3, np.int64)
    opp = np.zeros(3, np.int64)
    opp_slot = np.zeros(3, np.int64)
    for d in range(decks.shape[0]):
        dealer = dealers[d]
        deck = decks[d]
        k = 0
        for i in range(3):
            order[i] = (dealer + 1 + i) % players
            hp[i] = 0
        for i in range(5):
            for p in range(3):
                hp[p] |= 1 << deck[5 * p + i]
                hp[p] |= 1 << deck[17 + 5 * p + i]
        talon = (1 << deck[15]) | (1 << deck[16])
        # ---- licitace (LICITOVANY §4.2), by position: 0 forhont, 1 prostřední, 2 zadák
        earlier, later, speaker, standing, stage, akter = 0, 2, 2, 0, 1, -1
        while akter < 0:
            if speaker == later:
                first = 0
                while first < n_ladder and ladder[first] <= standing:
                    first += 1
                nb = n_ladder - first
                n = nb + 1
                u = draws[d, k] % n
                if tracing:
                    trace[d, k, 0], trace[d, k, 1], trace[d, k, 2] = 0, n, u
                    for i in range(nb):
                        trace[d, k, 3 + i] = ladder[first + i]
                    trace[d, k, 3 + nb] = 14
                code = ladder[first + u] if u < nb else 14
            else:
                n = 2
                u = draws[d, k] % 2
                if tracing:
                    trace[d, k, 0], trace[d, k, 1], trace[d, k, 2] = 0, 2, u
                    trace[d, k, 3], trace[d, k, 4] = 13, 14
                code = 13 if u == 0 else 14
            moves[d, k] = code
            seats[d, k] = order[speaker]
            k += 1
            if code == 13:
                speaker = later
            elif code != 14:
                standing = code
                speaker = earlier
            else:
                survivor = earlier if speaker == later else later
                if stage == 2:
                    akter = survivor
                elif survivor == earlier:
                    later, speaker, stage = 1, 1, 2
                else:
                    earlier, later, speaker, stage = 1, survivor, 1, 2
        won = standing if standing else lowest
        a_seat = order[akter]
        h12 = hp[akter] | talon
        # ---- discard (LICITOVANY §4.3): by index among the pairs outside ``forbid``
        sev12 = 0
        for s in range(4):
            sev12 |= (h12 >> (8 * s + 7) & 1) << s
        f = forbid[won, sev12]
        m = 0
        for c in range(32):
            if h12 >> c & 1 and (f < 0 or not f >> c & 1):
                cl[m] = c
                m += 1
        if f >= 0:
            n = m * (m - 1) // 2
            for i in range(n):
                cand[i] = i
        else:  # list the legal pairs (a club's ladder only)
            n = 0
            for i in range(66):
                dm = (1 << cl[pairs[12, i, 0]]) | (1 << cl[pairs[12, i, 1]])
                d7 = 0
                for s in range(4):
                    d7 |= (dm >> (8 * s + 7) & 1) << s
                row = ((won * 2 + (1 if dm & _HIGH else 0)) * 16 + d7) * 16 + (sev12 & ~d7)
                if table[row, 0] > 0:
                    cand[n] = i
                    n += 1
        if n == 0:
            return 1 + d
        u = draws[d, k] % n
        if tracing:
            trace[d, k, 0], trace[d, k, 1], trace[d, k, 2] = 1, n, u
            for i in range(n):
                a, b = cl[pairs[m, cand[i], 0]], cl[pairs[m, cand[i], 1]]
                trace[d, k, 3 + i] = 100 + 32 * a + b
        a, b = cl[pairs[m, cand[u], 0]], cl[pairs[m, cand[u], 1]]
        moves[d, k] = 100 + 32 * a + b
        seats[d, k] = a_seat
        k += 1
        dmask = (1 << a) | (1 << b)
        hand = h12 ^ dmask
        hp[akter] = hand
        # ---- contract or omyl (LICITOVANY §4.4)
        d7 = 0
        h7 = 0
        for s in range(4):
            d7 |= (dmask >> (8 * s + 7) & 1) << s
            h7 |= (hand >> (8 * s + 7) & 1) << s
        row = ((won * 2 + (1 if dmask & _HIGH else 0)) * 16 + d7) * 16 + h7
        cnt = table[row, 0]
        n = cnt + (1 if won == lowest else 0)
        u = draws[d, k] % n
        if tracing:
            trace[d, k, 0], trace[d, k, 1], trace[d, k, 2] = 2, n, u
            for i in range(cnt):
                trace[d, k, 3 + i] = table[row, 1 + i]
            if n > cnt:
                trace[d, k, 3 + cnt] = 1999
        code = table[row, 1 + u] if u < cnt else 1999
        moves[d, k] = code
        seats[d, k] = a_seat
        k += 1
        d0, d1 = (akter + 1) % 3, (akter + 2) % 3
        opp[0], opp[1] = order[d0], order[d1]
        n_opp = 2
        if players == 4 and pauzirak != 1:
            opp[2] = dealer
            n_opp = 3
        for i in range(players):
            money[d, i] = 0
        if code == 1999:  # omyl: the aktér pays each opponent (LICITOVANY §6)
            for i in range(n_opp):
                money[d, opp[i]] += t_omyl
                money[d, a_seat] -= t_omyl
            moves[d, k] = -1
            continue
        rung = (code - 2000) // 25
        trump = (code - 2000) % 25 // 5 - 1
        helper = (code - 2000) % 5 - 1
        nc = rungs[rung, 7]
        for i in range(nc):
            comps[i] = rungs[rung, 8 + i]
        # ---- fleky (LICITOVANY §4.5): key 3 slot + i; slot 0 the defence, else seat + 1
        s0 = 0 if side else order[d0] + 1
        s1 = 0 if side else order[d1] + 1
        lo, hi = min(s0, s1), max(s0, s1)
        for i in range(15):
            levels[i] = 0
        raisers, rnd, nspk, sp_i, raised = 0, 1, 2, 0, 0
        spk[0], spk[1] = d0, d1
        while sp_i < nspk:
            sp = spk[sp_i]
            no = 0
            for j in range(2):
                if sp != akter:
                    slot = s0 if sp == d0 else s1
                    if j == 1:
                        break
                else:
                    slot = lo if j == 0 else hi
                    if j == 1 and hi == lo:
                        break
                for i in range(nc):
                    key = 3 * slot + i
                    if levels[key] == rnd - 1 and not raised >> key & 1:
                        opts[no] = key
                        no += 1
            n = 1 << no
            u = draws[d, k] % n
            if tracing:
                trace[d, k, 0], trace[d, k, 1], trace[d, k, 2] = 3, n, u
                trace[d, k, 3] = 15
                for bits in range(1, n):
                    keys = 0
                    for i in range(no):
                        if bits >> i & 1:
                            keys |= 1 << opts[i]
                    trace[d, k, 3 + bits] = (1 << 20) + (rnd << 16) + keys
            keys = 0
            for i in range(no):
                if u >> i & 1:
                    keys |= 1 << opts[i]
                    levels[opts[i]] = rnd
            moves[d, k] = (1 << 20) + (rnd << 16) + keys if u else 15
            seats[d, k] = order[sp]
            k += 1
            if keys:
                raised |= keys
                if sp != akter:
                    raisers |= 1 << order[sp]
            sp_i += 1
            if sp_i == nspk:
                if raised == 0:
                    break
                rnd += 1
                raised, sp_i, nspk = 0, 0, 0
                if rnd <= max_flek:
                    for i in range(15):
                        if rnd % 2 == 0 and levels[i] == rnd - 1:
                            spk[0] = akter
                            nspk = 1
                    if rnd % 2 == 1:
                        for j in range(2):
                            slot = s0 if j == 0 else s1
                            for i in range(3):
                                if levels[3 * slot + i] == rnd - 1:
                                    spk[nspk] = d0 if j == 0 else d1
                                    nspk += 1
                                    break
        if vyrovnana and rungs[rung, 6] and levels[3 * s0] == 1 and levels[3 * s0 + 1] == 0 \
                and levels[3 * s1] == 1 and levels[3 * s1 + 1] == 0:
            moves[d, k] = -1  # vyrovnaná sedma: not played, nothing settled
            continue
        # ---- play (LICITOVANY §3)
        trumps = 4 if trump < 0 else trump
        kept10 = 1 << (8 * trump + 7) if rungs[rung, 2] and trump >= 0 else 0
        kept9 = 1 << (8 * helper + 7) if rungs[rung, 3] and helper >= 0 else 0
        seven10 = 8 * trump + 7 if trump >= 0 else -1
        seven9 = 8 * helper + 7 if helper >= 0 else -1
        hl_ok = rungs[rung, 4]
        leader = akter if rungs[rung, 1] else 0
        pts_a, pts_d, tricks_a, n_tricks = 0, 0, 0, 0
        hl_sum, hl_first, hl_max, hl_n, hl_def = 0, 0, 0, 0, 0
        by10, by9, win9, win = -1, -1, -1, -1
        for t in range(10):
            p = leader
            best, led, pts = -1, -1, 0
            for j in range(3):
                hand = hp[p]
                cards = hand
                if j:
                    follow = hand & suit_masks[led >> 3]
                    if follow:
                        cards = follow
                        if best >> 3 == led >> 3 and follow & higher[trumps, best]:
                            cards = follow & higher[trumps, best]
                    elif hand & trump_masks[trumps]:
                        cards = hand & trump_masks[trumps]
                        if best >> 3 == trumps and cards & higher[trumps, best]:
                            cards = cards & higher[trumps, best]
                if p == akter:
                    kept = (kept10 if t < 9 else 0) | (kept9 if t < 8 else 0)
                    if cards & ~kept:
                        cards = cards & ~kept
                n = 0
                for c in range(32):
                    if cards >> c & 1:
                        mv[n] = 2 * c
                        n += 1
                        pair = 0xC << (c & 0x18)
                        if hl_ok and (c & 7 == 2 or c & 7 == 3) and hand & pair == pair:
                            mv[n] = 2 * c + 1
                            n += 1
                u = draws[d, k] % n
                if tracing:
                    trace[d, k, 0], trace[d, k, 1], trace[d, k, 2] = 4, n, u
                    for i in range(n):
                        trace[d, k, 3 + i] = 3000 + mv[i]
                c = mv[u] >> 1
                moves[d, k] = 3000 + mv[u]
                seats[d, k] = order[p]
                k += 1
                if mv[u] & 1:
                    value = 40 if c >> 3 == trump else 20
                    if p == akter:
                        hl_first = value if hl_n == 0 else hl_first
                        hl_max = max(hl_max, value)
                        hl_sum += value
                        hl_n += 1
                    else:
                        hl_def += value
                hp[p] = hand & ~(1 << c)
                if j == 0:
                    led, best, win = c, c, p
                elif beats[trumps, best] >> c & 1:
                    best, win = c, p
                pts += points[c]
                if c == seven10 and t == 9:
                    by10 = p
                if c == seven9 and t == 8:
                    by9 = p
                p = (p + 1) % 3
            if t == 8:
                win9 = win
            if t == 9:
                pts += 10
            n_tricks += 1
            if win == akter:
                pts_a += pts
                tricks_a += 1
            else:
                pts_d += pts
            leader = win
            if (rungs[rung, 11] and win == akter) or (rungs[rung, 12] and win != akter):
                break
        moves[d, k] = -1
        # ---- results (LICITOVANY §5): holder 1 the aktér, 2 the defence
        holder, took, helper7 = 0, False, False
        if n_tricks == 10 and by10 >= 0:
            holder = 1 if by10 == akter else 2
            took = win == by10
        if n_tricks == 10 and by9 >= 0:
            helper7 = by9 == akter and win9 == akter
        sevens = holder == 1 and took
        for i in range(nc):
            comp = comps[i]
            tiche_c[i], count_c[i] = 0, 1
            if comp == 0:  # hra
                mine, theirs = pts_a + hl_sum, pts_d + hl_def
                won_c[i] = 1 if mine > theirs else 0
                best_side = mine if mine > theirs else theirs
                if tiche_sto and rungs[rung, 6] and best_side >= 100:
                    tiche_c[i], count_c[i] = 1, 1 + (best_side - 100) // 10
            elif comp == 2:  # sto
                x = pts_a + (hl_first if sto_first else hl_max)
                if hl_n > 0 and x >= 100:
                    won_c[i], count_c[i] = 1, 1 + (pts_a + hl_sum - 100) // 10
                else:
                    won_c[i], count_c[i] = 0, (100 - x) // 10 + hl_def // 10
            elif comp == 1:
                won_c[i] = 1 if sevens else 0
            elif comp == 5:
                won_c[i] = 1 if sevens and helper7 else 0
            elif comp == 3:
                won_c[i] = 1 if tricks_a == 0 else 0
            else:
                won_c[i] = 1 if tricks_a == 10 else 0
        ticha = 0
        if ticha_sedma and rungs[rung, 5] and not rungs[rung, 2] and holder:
            ticha = 1 if (holder == 1) == took else -1
        # ---- money (LICITOVANY §6): per pair, capped; the aktér gets minus their sum
        opp_slot[0], opp_slot[1] = s0, s1
        opp_slot[2] = 0 if pauzirak == 2 else -1
        cap = limit2 if raisers >> opp[0] & 1 and raisers >> opp[1] & 1 else limit1
        red = t_red if rungs[rung, 0] else 1
        for o in range(n_opp):
            total = ticha * t_ticha
            for i in range(nc):
                f = 1 << (levels[3 * opp_slot[o] + i] if opp_slot[o] >= 0 else 0)
                if not tiche_c[i]:
                    amount = tariff[comps[i]] * f * count_c[i]
                elif desitky_hra:
                    amount = t_hra * f * 2 * count_c[i]
                else:
                    amount = t_hra * f * 2 + t_tiche * (count_c[i] - 1)
                total += amount if won_c[i] else -amount
            units = max(-cap, min(cap, total * red))
            money[d, opp[o]] -= units
            money[d, a_seat] += units
    return 0
