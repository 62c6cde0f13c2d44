"""The tables the fast random-deal kernel (:mod:`.fast_kernel`) reads, built once per
ruleset from the engine's own rules (LICITOVANY §2–§6), and the integer codes the kernel
writes for every move, with their decoding into the engine's
:class:`~stolik.games.licitovany.calls.Move`.

The contracts the aktér may name depend only on the won rung, whether the discard holds an
ace or a ten, which sevens it holds and which sevens the hand keeps (LICITOVANY §4.3,
§4.4); :func:`build` asks :func:`stolik.games.licitovany.talon.contracts` for each such key,
so the kernel's contract lists are the engine's by construction. Where every legal discard
is "any two cards outside a forbidden set" (the shipped ladder: always), the kernel draws a
discard by index without listing the 66 pairs.

Move codes (disjoint, so that a deal's codes decode in sequence):

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> t = build(load_ruleset())
>>> [decode(c, ("sto", "sedma")).text() for c in (4, MAM, DOBRA, discard_code(22, 31),
...     contract_code(4, 1, -1), OMYL, raise_code(2, 0b11 << 6), play_code(2, True))]
['sto-a-sedma', 'mam', 'dobra', 'discard 8B 7A', 'contract sto-a-sedma L', 'omyl', \
're sto:1 sedma:1', 'KH hlaska']
>>> from stolik.games.licitovany.fast_talon import HIGH
>>> int(t.forbid[9, 0b1111]) == HIGH   # dvě sedmy: no ace or ten laid away
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from stolik.deck32 import ACE, CARD_POINTS, SUIT_MASKS, card
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.fast_talon import forbidden_cards, sevens_mask
from stolik.games.licitovany.ladder import COMPONENTS, RUNGS
from stolik.games.licitovany.money import SIDE
from stolik.games.licitovany.results import settled_components
from stolik.games.licitovany.ruleset import FLEK_WORDS, Ruleset
from stolik.games.licitovany.talon import contracts
from stolik.tricks32 import BEATS, HIGHER, TRUMP_MASKS

Array = npt.NDArray[np.int64]

# ---------------------------------------------------------------- move codes

MAM, DOBRA, FLEK_DOBRA = 13, 14, 15
"""Codes of ``mam``, the licitace's ``dobra`` and the fleky's ``dobra``; a bid is its
rung's number 1–12 (LICITOVANY §4.2, §4.5)."""
DISCARD_BASE = 100
"""``discard a b`` (a < b): ``DISCARD_BASE + 32 a + b``."""
OMYL, CONTRACT_BASE = 1999, 2000
"""``omyl``; ``contract``: ``CONTRACT_BASE + 25 rung + 5 (trump + 1) + helper + 1`` (−1:
no suit)."""
PLAY_BASE = 3000
"""A card: ``PLAY_BASE + 2 card + hlaska``."""
RAISE_BASE = 1 << 20
"""A raise: ``RAISE_BASE + round << 16 + keys``, a key bit ``3 slot + i`` for the ``i``-th
settled component of the pair ``slot`` (0: the defence under ``"side"``, else seat + 1)."""

PHASE_LICITACE, PHASE_DISCARD, PHASE_CONTRACT, PHASE_FLEKY, PHASE_PLAY = range(5)
"""The phases a trace row names (:mod:`.fast_kernel`)."""

MAX_STEPS = 72
"""Decisions a deal may take at most: 26 in the licitace, 2 for the talon, 8 fleky, 30
cards (LICITOVANY §4), rounded up; each draws one random number."""
TRACE_WIDTH = 3 + 66
"""A trace row: the phase, the number of legal moves, the index chosen, their codes."""

def discard_code(a: int, b: int) -> int:
    """The code of laying ``a`` and ``b`` away."""
    return DISCARD_BASE + 32 * min(a, b) + max(a, b)


def contract_code(rung: int, trump: int | None, helper: int | None) -> int:
    """The code of a contract (``None`` or −1: no suit)."""
    t = -1 if trump is None else trump
    h = -1 if helper is None else helper
    return CONTRACT_BASE + 25 * rung + 5 * (t + 1) + h + 1


def raise_code(rnd: int, keys: int) -> int:
    """The code of a raise in round ``rnd`` of the key bits ``keys``."""
    return RAISE_BASE + (rnd << 16) + keys


def play_code(c: int, hlaska: bool = False) -> int:
    """The code of playing card ``c`` (announcing a hláška)."""
    return PLAY_BASE + 2 * c + hlaska


def decode(code: int, components: tuple[str, ...] = ()) -> Move:
    """The engine's move of ``code``; a raise needs the contract's settled
    ``components`` (their order is the key bits' order)."""
    if code >= RAISE_BASE:
        rnd, keys = (code - RAISE_BASE) >> 16, code & 0xFFFF
        raises = tuple((components[k % 3], SIDE if k < 3 else k // 3 - 1)
                       for k in range(15) if keys >> k & 1)
        return Move("raise", word=FLEK_WORDS[rnd - 1], raises=raises)
    if code >= PLAY_BASE:
        return Move.play((code - PLAY_BASE) >> 1, bool(code & 1))
    if code >= CONTRACT_BASE:
        rung, rest = divmod(code - CONTRACT_BASE, 25)
        t, h = rest // 5 - 1, rest % 5 - 1
        return Move("contract", rung=rung, trump=None if t < 0 else t,
                    helper=None if h < 0 else h)
    if code == OMYL:
        return Move("omyl")
    if code >= DISCARD_BASE:
        a, b = divmod(code - DISCARD_BASE, 32)
        return Move("discard", cards=(a, b))
    if code in (DOBRA, FLEK_DOBRA):
        return Move("dobra")
    return Move("mam") if code == MAM else Move.bid(code)


# ---------------------------------------------------------------- the ruleset as arrays

(P_PLAYERS, P_LOWEST, P_MAX_FLEK, P_SIDE, P_VYROVNANA, P_STO_FIRST, P_TICHE_STO,
 P_TICHA_SEDMA, P_DESITKY_HRA, P_PAUZIRAK, P_LIMIT, P_ZVYSENY, P_T_TICHA, P_T_TICHE,
 P_T_HRA, P_RED, P_OMYL) = range(17)
"""Indices of :attr:`Tables.par`; ``P_PAUZIRAK``: 0 base, 1 none, 2 side (LICITOVANY §6)."""
N_PAR = 17

(R_RED, R_CLOSED, R_SEDMA7, R_HELPER, R_HLASKY, R_HAS_STO, R_HRA_SEDMA, R_NC, R_C0, R_C1,
 R_C2, R_BETL, R_DURCH) = range(13)
"""Columns of :attr:`Tables.rungs`: red, betl/durch, an announced trump 7, a helper suit,
hlášky count, a sto, a hra-and-sedma rung (1–2), the settled components (their count and
:data:`~stolik.games.licitovany.ladder.COMPONENTS` indices), betl, durch."""
C_HRA, C_SEDMA, C_STO, C_BETL, C_DURCH, C_DVE = range(6)

PAUZIRAK = ("base", "none", "side")


@dataclass(frozen=True, eq=False)
class Tables:
    """One ruleset's arrays for the kernel (see :func:`build`)."""

    par: Array
    ladder: Array
    rungs: Array
    tariff: Array
    contracts: Array
    forbid: Array
    pairs: Array
    beats: Array
    higher: Array
    suit_masks: Array
    trump_masks: Array
    points: Array
    components: dict[int, tuple[str, ...]]


def contract_row(won: int, high: int, d7: int, h7: int) -> int:
    """The row of :attr:`Tables.contracts` for a key (LICITOVANY §4.4)."""
    return ((won * 2 + high) * 16 + d7) * 16 + h7


def _contract_table(rs: Ruleset) -> Array:
    """By key: the number of contracts the aktér may name, then their codes, from
    :func:`~stolik.games.licitovany.talon.contracts` itself."""
    out = np.zeros((13 * 2 * 16 * 16, 40), np.int64)
    for won in rs.ladder:
        for high in (0, 1):
            for d7 in range(16):
                for h7 in range(16):
                    if d7 & h7 or bin(d7).count("1") + high > 2:
                        continue
                    discard = sevens_mask(d7) | (1 << card(0, ACE)) * high
                    got = contracts(rs, won, sevens_mask(h7), discard)
                    row = out[contract_row(won, high, d7, h7)]
                    row[0] = len(got)
                    for i, c in enumerate(got):
                        row[1 + i] = contract_code(c.rung.number, c.trump, c.helper)
    return out


def _forbid(rs: Ruleset, table: Array, won: int, sev12: int) -> int:
    """:func:`~stolik.games.licitovany.fast_talon.forbidden_cards` from the contract
    table (−1: the kernel lists the legal pairs)."""

    def legal(high: int, d7: int) -> bool:
        return bool(table[contract_row(won, high, d7, sev12 & ~d7), 0])

    return forbidden_cards(won == rs.lowest, sev12, legal)


def _rungs(rs: Ruleset) -> tuple[Array, dict[int, tuple[str, ...]]]:
    out = np.zeros((13, 13), np.int64)
    comps = {}
    for n, r in RUNGS.items():
        settled = settled_components(rs, r)
        comps[n] = settled
        row = out[n]
        row[R_RED], row[R_CLOSED], row[R_SEDMA7] = r.red, r.closed, r.has_sedma
        row[R_HELPER], row[R_HLASKY], row[R_HAS_STO] = r.helper, r.hlasky_count, r.has_sto
        row[R_HRA_SEDMA] = "hra" in r.components and "sedma" in r.components
        row[R_NC] = len(settled)
        for i, c in enumerate(settled):
            row[R_C0 + i] = COMPONENTS.index(c)
        row[R_BETL], row[R_DURCH] = "betl" in r.components, "durch" in r.components
    return out, comps


def _pairs() -> Array:
    """``[m, k]``: the ``k``-th pair of ``combinations(range(m), 2)``."""
    out = np.zeros((13, 66, 2), np.int64)
    for m in range(13):
        for k, (i, j) in enumerate(combinations(range(m), 2)):
            out[m, k] = i, j
    return out


def build(rs: Ruleset, players: int = 3) -> Tables:
    """The kernel's tables for ``rs`` at a table of ``players`` (3, or 4 with the
    pauzírák, LICITOVANY §8)."""
    t = rs.tariff
    par = np.zeros(N_PAR, np.int64)
    par[P_PLAYERS], par[P_LOWEST], par[P_MAX_FLEK] = players, rs.lowest, rs.max_flek
    par[P_SIDE], par[P_VYROVNANA] = rs.flek_scope == "side", rs.vyrovnana_sedma
    par[P_STO_FIRST], par[P_TICHE_STO] = rs.sto_hlaska == "first", rs.tiche_sto
    par[P_TICHA_SEDMA], par[P_DESITKY_HRA] = rs.ticha_sedma, rs.tiche_sto_desitky == "hra"
    par[P_PAUZIRAK] = PAUZIRAK.index(rs.pauzirak)
    par[P_LIMIT], par[P_ZVYSENY] = rs.limit, rs.zvyseny_limit
    par[P_T_TICHA], par[P_T_TICHE], par[P_T_HRA] = t.ticha_sedma, t.tiche_sto, t.hra
    par[P_RED], par[P_OMYL] = t.red, t.omyl
    table = _contract_table(rs)
    forbid = np.full((13, 16), -1, np.int64)
    for won in rs.ladder:
        for sev12 in range(16):
            forbid[won, sev12] = _forbid(rs, table, won, sev12)
    rungs, comps = _rungs(rs)
    return Tables(
        par=par, ladder=np.array(rs.ladder, np.int64), rungs=rungs,
        tariff=np.array([t.of(c) for c in COMPONENTS], np.int64), contracts=table,
        forbid=forbid, pairs=_pairs(), beats=np.array(BEATS, np.int64),
        higher=np.array(HIGHER, np.int64), suit_masks=np.array(SUIT_MASKS, np.int64),
        trump_masks=np.array(TRUMP_MASKS, np.int64),
        points=np.array(CARD_POINTS, np.int64), components=comps)
