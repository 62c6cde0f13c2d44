"""The transposition table of the solver's kernel (:mod:`stolik.solver.kernel`, compiled
by numba): a position's slot, the sure bounds of its value with its second key, and
the store of a fail-soft result. Entries hold lower and upper bounds and the best
lead of positions at the start of a trick; keys are exact, so the table is never
cleared.
"""

from __future__ import annotations

from stolik.solver.kernel_layout import (
    _OFF,
    _UTIL,
    _VALID,
    P_BONUS,
    P_MONOTONE,
    P_TABLE,
    I64Array,
    jit,
)


@jit("i8(i8, i8, i8)")
def _tt_slot(k1: int, k2: int, size: int) -> int:
    x = k1 ^ (k2 * 0x2545F4914F6CDD1D)
    x ^= x >> 29
    x *= 0x3C79AC492BA7B653
    x ^= x >> 32
    return x & (size - 1)


@jit("UniTuple(i8, 3)(i8[::1], i8, i8, i8[::1], i8[:, ::1], i8, i8, i8, i8)")
def _bounds(h: I64Array, leader: int, team: int, p: I64Array, util: I64Array, accp: int,
            acct: int, remp: int, tricks_left: int) -> tuple[int, int, int]:
    """Sure bounds of a trick-start position's value, and its second transposition key."""
    if util.shape[0] == 0:
        return (0, int(remp + p[P_BONUS] * tricks_left), leader | (team << 2) | _VALID)
    k2: int = (leader | (team << 2) | (accp << 8) | (acct << 16) | (p[P_TABLE] << 20)
               | _UTIL | _VALID)
    if p[P_MONOTONE]:
        return (int(util[accp, acct]), int(util[accp + remp, acct + tricks_left]), k2)
    return (-(1 << 18), 1 << 18, k2)


@jit("void(i8[:, ::1], i8, i8, i8, i8, i8, i8, i8, i8, i8)")
def _store(tt: I64Array, slot: int, k1: int, k2: int, lo: int, hi: int, alpha: int,
           beta: int, v: int, move: int) -> None:
    """Record a fail-soft result v of a search with window (alpha, beta) — an upper bound
    if v <= alpha, a lower bound if v >= beta, else exact — on top of the bounds lo, hi."""
    if v <= alpha:
        hi = min(hi, v)
    elif v >= beta:
        lo = max(lo, v)
    else:
        lo = v
        hi = v
    tt[slot, 0] = k1
    tt[slot, 1] = k2
    tt[slot, 2] = (lo + _OFF) | ((hi + _OFF) << 20) | ((move + 1) << 40)
