"""The bit operations of :mod:`stolik.solver.trick32`'s templates, compiled once (not per
set of rules): LLVM's population count and counts of trailing and leading zeros, and
:func:`jit`, numba's ``njit`` with its signature and the cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit as _njit
from numba import types as _types
from numba.cpython.unsafe.numbers import leading_zeros as _leading_zeros
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic as _intrinsic

F = TypeVar("F", bound=Callable[..., Any])


def jit(signature: str) -> Callable[[F], F]:
    """``numba.njit(signature, cache=True)``, typed for mypy: compiled once (eagerly, at
    import), cached on disk. Nothing here recurses: numba 0.68 loads recursive code from
    its cache broken (a segmentation fault at the first call)."""
    def wrap(fn: F) -> F:
        return cast(F, _njit(signature, cache=True, nogil=True)(fn))
    return wrap


def _ctpop_typing(typingctx: Any, x: Any) -> Any:
    """LLVM's population count of an int64 (one instruction where the CPU has one)."""
    sig = _types.int64(_types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return sig, codegen


_ctpop = cast(Callable[[int], int], _intrinsic(_ctpop_typing))
_ctz = cast(Callable[[int], int], _trailing_zeros)
_clz = cast(Callable[[int], int], _leading_zeros)


@jit("i8(i8)")
def _popcount(x: int) -> int:
    return _ctpop(x)


@jit("i8(i8)")
def _low_bit(x: int) -> int:
    """The index of the lowest set bit of ``x`` (not 0): LLVM's count of trailing zeros
    (a linear scan here cost Mariáš's and Betel's searches a third of their time)."""
    return _ctz(x)


@jit("i8(i8)")
def _high_bit(x: int) -> int:
    """The index of the highest set bit of ``x`` (not 0): LLVM's count of leading zeros."""
    return 63 - _clz(x)
