"""Random licitovaný deals fast (issue 28's speed goal): whole deals from the deal to each
seat's money, every move drawn uniformly among the legal moves (the ``random`` bot), on the
kernel :mod:`.fast_kernel` compiled by numba on first use (cached on disk beside the
module; numba is imported only then, and a machine without it runs the kernel as Python).

The kernel lists, at every step, the same legal moves in the same order as
:meth:`stolik.games.licitovany.state.Deal.legal_moves` and settles the same units as
:meth:`~stolik.games.licitovany.state.Deal.money` (LICITOVANY §2–§6); the tests drive both
from the same cards and move indices and compare every list and the money. Each deal's
moves come back as codes (:mod:`.fast_tables`); :func:`deal_moves` turns them into the
engine's moves with their seats, for records (§10).

>>> from stolik.games.licitovany.ruleset import load_ruleset
>>> rs = load_ruleset()
>>> r = random_deals(rs, 50, seed=1, compiled=False)
>>> r.money.shape, bool((r.money.sum(axis=1) == 0).all())
((50, 3), True)
>>> hands, talon = hands_of(r.decks[0], int(r.dealers[0]), 3)
>>> [len(h) for h in hands], len(talon)
([10, 10, 10], 2)
>>> seat, move = deal_moves(rs, r, 0)[0]
>>> seat == (int(r.dealers[0]) + 3) % 3, move.kind in ("bid", "dobra")   # the zadák
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from stolik.errors import IllegalMove
from stolik.games.licitovany import fast_kernel
from stolik.games.licitovany.calls import Move
from stolik.games.licitovany.fast_tables import (
    CONTRACT_BASE,
    MAX_STEPS,
    P_PLAYERS,
    PLAY_BASE,
    RAISE_BASE,
    TRACE_WIDTH,
    Array,
    Tables,
    build,
    decode,
)
from stolik.games.licitovany.ladder import RUNGS
from stolik.games.licitovany.ruleset import Ruleset

DRAW_TOP = 1 << 62
"""Each decision's draw is below this; ``draw % n`` picks among ``n`` moves (uniform to
within 2⁻⁵⁵)."""


@dataclass(frozen=True, eq=False)
class RandomDeals:
    """Deals played by the kernel: by deal, the shuffled cards (dealt 5–2–5 in playing
    order, :func:`hands_of`), the dealer, each seat's units (LICITOVANY §6), the codes of
    the moves made (−1 after the last) and who made them; with ``trace``, each decision's
    phase, number of legal moves, index chosen and the legal moves' codes."""

    decks: Array
    dealers: Array
    money: Array
    moves: Array
    seats: Array
    trace: Array | None = None


@lru_cache(maxsize=16)
def tables(rs: Ruleset, players: int = 3) -> Tables:
    """The kernel's tables for ``rs`` (built once per ruleset and table size)."""
    return build(rs, players)


_COMPILED: list[Callable[..., int]] = []


def kernel(compiled: bool = True) -> Callable[..., int]:
    """The kernel, compiled by numba (imported now) where it can be; plain otherwise."""
    if not compiled:
        return fast_kernel.play_deals
    if not _COMPILED:
        try:
            import numba
        except ImportError:  # pragma: no cover - numba is a dependency
            _COMPILED.append(fast_kernel.play_deals)
        else:
            jit: Any = numba.njit(cache=True, nogil=True)
            _COMPILED.append(jit(fast_kernel.play_deals))
    return _COMPILED[0]


def random_deals(rs: Ruleset, deals: int, *, seed: int | None = None,
                 rng: np.random.Generator | None = None, first_dealer: int = 0,
                 players: int = 3, compiled: bool = True,
                 trace: bool = False) -> RandomDeals:
    """Play ``deals`` random deals at a table of ``players`` (3, or 4 with the dealer
    sitting out, LICITOVANY §8), the dealer moving one seat clockwise from
    ``first_dealer``; the cards and draws come from ``rng`` (or a generator seeded with
    ``seed``). ``compiled=False`` runs the kernel as Python."""
    if players not in (3, 4) or first_dealer not in range(players):
        raise IllegalMove(f"a table has 3 or 4 players and a dealer among them "
                          f"(LICITOVANY §8), not {players} and {first_dealer}")
    gen = rng if rng is not None else np.random.default_rng(seed)
    decks = gen.permuted(np.tile(np.arange(32, dtype=np.int64), (deals, 1)), axis=1)
    draws = gen.integers(0, DRAW_TOP, size=(deals, MAX_STEPS), dtype=np.int64)
    dealers = (first_dealer + np.arange(deals, dtype=np.int64)) % players
    return play(tables(rs, players), decks, dealers, draws, compiled=compiled, trace=trace)


def play(t: Tables, decks: Array, dealers: Array, draws: Array, *, compiled: bool = True,
         trace: bool = False) -> RandomDeals:
    """Play the deals of ``decks`` (shuffled cards, by deal) with their ``dealers`` and
    ``draws`` (:data:`MAX_STEPS` numbers ≥ 0 a deal) under the tables ``t``."""
    deals, players = len(decks), int(t.par[P_PLAYERS])
    money = np.zeros((deals, 4), np.int64)
    moves = np.full((deals, MAX_STEPS), -1, np.int64)
    seats = np.full((deals, MAX_STEPS), -1, np.int64)
    rows = np.zeros((deals, MAX_STEPS, TRACE_WIDTH) if trace else (1, 1, 1), np.int64)
    status = kernel(compiled)(
        decks, dealers, draws, t.par, t.ladder, t.rungs, t.tariff, t.contracts, t.forbid,
        t.pairs, t.beats, t.higher, t.suit_masks, t.trump_masks, t.points, money, moves,
        seats, rows, trace)
    if status:
        raise IllegalMove(f"deal {status}: the aktér has no legal discard under this "
                          "ruleset's ladder (LICITOVANY §4.4)")
    return RandomDeals(decks, dealers, money[:, :players], moves, seats,
                       rows if trace else None)


def hands_of(deck: Array, dealer: int, players: int) -> tuple[list[list[int]], list[int]]:
    """The hands by seat (the pauzírák's empty) and the talon dealt from ``deck``: five
    to each in playing order from the seat after the dealer, two to the talon, five more
    (LICITOVANY §2)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for p in range(3):
        seat = (dealer + 1 + p) % players
        hands[seat] = sorted(int(c) for c in (*deck[5 * p:5 * p + 5],
                                              *deck[17 + 5 * p:22 + 5 * p]))
    return hands, sorted(int(c) for c in deck[15:17])


def deal_moves(rs: Ruleset, deals: RandomDeals, i: int) -> list[tuple[int, Move]]:
    """Deal ``i``'s moves in order, each with the seat that made it (a record's
    ``bidding`` and ``play``, LICITOVANY §10)."""
    return _moves(rs, deals.moves[i].tolist(), deals.seats[i].tolist())


def _moves(rs: Ruleset, codes: list[int], seats: list[int]) -> list[tuple[int, Move]]:
    comps = tables(rs).components
    out: list[tuple[int, Move]] = []
    components: tuple[str, ...] = ()
    for code, seat in zip(codes, seats, strict=True):
        if code < 0:
            break
        if CONTRACT_BASE <= code < PLAY_BASE:
            components = comps[(code - CONTRACT_BASE) // 25]
        out.append((seat, decode(code, components)))
    return out


RecordParts = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, str], ...],
                    tuple[tuple[int, int, bool], ...]]
"""A deal record's hands by seat, talon, ``bidding`` ``(seat, words)`` and ``play``
``(seat, card, hlaska)`` (LICITOVANY §10)."""


def record_parts(rs: Ruleset, deals: RandomDeals, i: int) -> RecordParts:
    """Deal ``i`` as a record's parts (LICITOVANY §10): everything said goes to
    ``bidding`` in its words, the cards to ``play``.

    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> rs = load_ruleset()
    >>> hands, talon, bidding, play = record_parts(rs, random_deals(rs, 1, seed=2,
    ...                                            compiled=False), 0)
    >>> [len(h) for h in hands], len(talon), bidding[0][0]   # the zadák: the dealer at three
    ([10, 10, 10], 2, 0)
    """
    players = deals.money.shape[1]
    hands, talon = hands_of(deals.decks[i], int(deals.dealers[i]), players)
    codes: list[int] = deals.moves[i].tolist()
    seats: list[int] = deals.seats[i].tolist()
    k = codes.index(-1)
    first_card = next((j for j in range(k) if PLAY_BASE <= codes[j] < RAISE_BASE), k)
    bidding = tuple((seat, m.text()) for seat, m in _moves(rs, codes[:first_card],
                                                           seats[:first_card]))
    play = tuple((seats[j], (codes[j] - PLAY_BASE) >> 1, bool(codes[j] & 1))
                 for j in range(first_card, k))
    return tuple(map(tuple, hands)), tuple(talon), bidding, play


def outcomes(deals: RandomDeals) -> list[str]:
    """What each deal played: its contract's rung word, ``omyl``, or ``vyrovnana`` for a
    contract not played (LICITOVANY §4.4, §4.5), for a simulation's counts.

    >>> from stolik.games.licitovany.ruleset import load_ruleset
    >>> r = random_deals(load_ruleset(), 200, seed=1, compiled=False)
    >>> got = outcomes(r)
    >>> len(got), "sto" in got, "durch" in got
    (200, True, True)
    """
    codes = deals.moves
    said = (codes >= CONTRACT_BASE) & (codes < PLAY_BASE)
    rungs: list[int] = np.where(said, (codes - CONTRACT_BASE) // 25, 0).max(axis=1).tolist()
    cards = (codes >= PLAY_BASE) & (codes < RAISE_BASE)
    played: list[bool] = np.asarray(cards.any(axis=1)).tolist()
    return [RUNGS[r].word if p else "vyrovnana" if r else "omyl"
            for r, p in zip(rungs, played, strict=True)]
