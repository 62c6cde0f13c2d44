"""The search of :mod:`stolik.solver.trick32` as templates: plain functions that read the
rules fixed for a whole game or contract kind from the globals ``S_*``
(:mod:`stolik.solver.trick32_static`), compiled by
:func:`stolik.solver.trick32.kernel` once per set of those rules with the globals bound to
constants (:mod:`stolik.solver.specialise`), so that a rule a game does not have costs
nothing in the search (no test, no load): Mariáš never asks whether a seat is free of
beating, Betel never sums card points. The globals' values are only placeholders; no
template is called uncompiled except by tests.

The templates live by idea in their own modules, whose globals
:func:`~stolik.solver.specialise.specialise` merges into each compiled copy's: the cards a
seat may play (:mod:`~stolik.solver.trick32_moves`), values settled without a search
(:mod:`~stolik.solver.trick32_bounds`), the misère bounds
(:mod:`~stolik.solver.trick32_misere`), the table's keys by shape
(:mod:`~stolik.solver.trick32_keys`) and the search itself
(:mod:`~stolik.solver.trick32_search`); the bit operations they share are compiled once
(:mod:`~stolik.solver.trick32_bits`). This module lists them, in the order they compile.

What the rules mean, and the parameter array the compiled functions read the rest from
(the trump mask, the side, the kept and watched cards, the utility's corners), is in
:mod:`stolik.solver.trick32`.
"""

from __future__ import annotations

from typing import Any

from stolik.solver.trick32_bounds import (
    _all_top,
    _last_trick,
    _value_end,
    quick_tricks,
    sweep,
)
from stolik.solver.trick32_keys import _by_shape, _card_at, _shape
from stolik.solver.trick32_misere import (
    _beaten,
    _escapes,
    _forces,
    _lead_escapes,
    _lead_twice,
    _lost_then,
    _lowest,
    _taker,
    _then_escapes,
    _tried,
    _twice,
    _won_then,
)
from stolik.solver.trick32_moves import legal, representatives
from stolik.solver.trick32_search import _close, _enter, search

TEMPLATES: tuple[tuple[Any, str], ...] = (
    (legal, "i8(i8, i8, i8, i8, i8, i8, i8[::1])"),
    (representatives, "i8(i8, i8, i8[::1])"),
    (_value_end, "i8(i8, i8, i8, i8, i8, i8[::1], i8[:, ::1])"),
    (_last_trick, "i8(i8[::1], i8, i8, i8[::1], i8[:, ::1])"),
    (quick_tricks, "i8(i8[::1], i8, i8, i8[::1])"),
    (_lowest, "i8(i8, i8[::1])"),
    (_beaten, "i8(i8[::1], i8, i8, i8[::1])"),
    (_forces, "i8(i8[::1], i8, i8, i8[::1])"),
    (_lead_escapes, "i8(i8[::1], i8, i8[::1])"),
    (_tried, "i8(i8[::1], i8, i8, i8, i8, i8, i8[::1])"),
    (_taker, "i8(i8, i8, i8, i8, i8, i8, i8[::1])"),
    (_then_escapes, "i8(i8[::1], i8, i8, i8, i8[::1])"),
    (_escapes, "i8(i8[::1], i8, i8[::1])"),
    (_lost_then, "i8(i8[::1], i8, i8, i8, i8[::1])"),
    (_lead_twice, "i8(i8[::1], i8, i8[::1])"),
    (_won_then, "i8(i8[::1], i8, i8, i8, i8[::1])"),
    (_twice, "i8(i8[::1], i8, i8[::1])"),
    (_shape, "i8(i8[::1], i8, i8, i8[::1])"),
    (_by_shape, "i8(i8[::1])"),
    (_card_at, "i8(i8, i8, i8[::1])"),
    (_all_top, "i8(i8[::1], i8, i8[::1])"),
    (sweep, "i8(i8[::1], i8, i8, i8[::1])"),
    (_enter, "UniTuple(i8, 2)(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], "
             "i8[:, ::1], i8[:, ::1], i8[::1], i8[:, ::1])"),
    (_close, "i8(i8[:, ::1], i8, i8[:, ::1], i8[::1])"),
    (search, "i8(i8[::1], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8[::1], i8[:, ::1], "
             "i8[:, ::1], i8[::1], i8[:, ::1])"),
)
"""The templates with their numba signatures, each after the ones it calls."""

__all__ = ["TEMPLATES", "_all_top", "_beaten", "_by_shape", "_card_at", "_close", "_enter",
           "_escapes", "_forces", "_last_trick", "_lead_escapes", "_lead_twice",
           "_lost_then", "_lowest", "_shape", "_taker", "_then_escapes", "_tried",
           "_twice", "_value_end", "_won_then", "legal", "quick_tricks",
           "representatives", "search", "sweep"]
