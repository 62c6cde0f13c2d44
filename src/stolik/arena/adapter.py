"""A game's arena as a few values: how it deals, how its bots play a deal through its
engine, what a deal played counts as, how its bots are made and how its figures are shown.
:meth:`GameArena.run_arena` does the rest once for every game — the request's checks, the
bots' factory, each deal played afresh in each seating — on :func:`~stolik.arena.run.
run_duplicate` (issue 26: the arena adapter lives in the core, a game supplies its parts).

A game's ``arena`` part names one :class:`GameArena` and offers its bound ``run_arena``
(the registry's interface, :mod:`stolik.games`).

>>> import random
>>> from stolik.arena.run import Tally
>>> class Toss:                                  # a "deal": seat 0 wins the number dealt
...     def __init__(self, n: int) -> None: self.n = n
...     def clone(self) -> "Toss": return Toss(self.n)
>>> def play(deal, bots, *, on_illegal, rng, tallies, where):
...     for t in tallies:
...         t.decisions += 1
...     return (deal.n, 0, 0, -deal.n)
>>> toss = GameArena(deal_hands=lambda rs, seed, i: Toss(i), play_deal=play,
...                  game_played=lambda deal: "toss", make_bot=lambda kind, **_: kind,
...                  presentation=Presentation(), game="Toss")
>>> class Rules:
...     id = "demo"
>>> r = toss.run_arena(["a", "b"], 3, ruleset=Rules(), seed=1)
>>> r.ruleset, r.games, r.bots[0].decisions
('demo', {'toss': 18}, 36)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, Literal, Protocol, TypeVar

from stolik.arena.loop import play_out
from stolik.arena.run import (
    SEATINGS,
    ArenaResult,
    Played,
    Presentation,
    Tally,
    check_request,
    checked_factory,
    run_duplicate,
)

OnIllegal = Literal["raise", "count"]
"""What an illegal move of a bot does: stop the arena, or count it and play a random legal
move instead."""


class Cloned(Protocol):
    """A deal the arena copies before each seating plays it."""

    def clone(self) -> Any: ...


class Identified(Protocol):
    """A ruleset: the arena names it by its id."""

    @property
    def id(self) -> str: ...


R = TypeVar("R", bound=Identified)
D = TypeVar("D", bound=Cloned)
B = TypeVar("B")
D_contra = TypeVar("D_contra", contravariant=True)
B_contra = TypeVar("B_contra", contravariant=True)


class PlayDeal(Protocol[D_contra, B_contra]):
    """A game's ``play_deal(deal, bots, on_illegal=, rng=, tallies=, where=)``: plays the
    deal to its end, every move through its engine, and returns the payout by seat."""

    def __call__(self, deal: D_contra, bots: Sequence[B_contra], *, on_illegal: OnIllegal,
                 rng: random.Random | None, tallies: Sequence[Tally] | None,
                 where: str) -> Sequence[float]: ...


class EngineDeal(Protocol):
    """A deal whose engine takes every move, calls and cards alike, through ``move``."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    def view(self, seat: int) -> Any: ...

    def move(self, m: Any, /) -> None: ...

    def legal_moves(self) -> Sequence[Any]: ...


E = TypeVar("E", bound=EngineDeal)
V = TypeVar("V")
M = TypeVar("M")
P = TypeVar("P", bound=Sequence[float])


@dataclass(frozen=True)
class MovePlay(Generic[E, B, V, M, P]):
    """How bots play a deal of a game whose engine takes every move through
    ``deal.move`` and lists them by ``deal.legal_moves()``: how a bot is asked
    (``decide(bot, view)``), what a move may be at all (``well_formed``, refused as
    "neither ``what``"), who declared the game a finished deal played (``declarer``; None:
    nobody, counted nowhere), what it counts as (``game_played``) and its payout by seat
    (``payout``). :meth:`play_deal` is the game's :class:`PlayDeal`.

    >>> class Count:                  # a "deal": seats 0 and 1 say 0, 1, 2 in turn
    ...     def __init__(self): self.said = []
    ...     is_over = property(lambda self: len(self.said) == 3)
    ...     to_act = property(lambda self: len(self.said) % 2)
    ...     def view(self, seat): return len(self.said)
    ...     def move(self, n): self.said.append(n)
    ...     def legal_moves(self): return [len(self.said)]
    >>> class Sayer:
    ...     name = "sayer"
    >>> count = MovePlay(decide=lambda bot, view: view, well_formed=lambda m: True,
    ...                  what="a number", declarer=lambda deal: 0,
    ...                  game_played=lambda deal: "count", payout=lambda deal: (1, -1))
    >>> tallies = [Tally(), Tally()]
    >>> count.play_deal(Count(), [Sayer(), Sayer()], tallies=tallies)
    (1, -1)
    >>> [(t.decisions, dict(t.declared)) for t in tallies]
    [(2, {'count': 1}), (1, {})]
    """

    decide: Callable[[B, V], M]
    well_formed: Callable[[object], bool]
    what: str
    declarer: Callable[[E], int | None]
    game_played: Callable[[E], str]
    payout: Callable[[E], P]

    def play_deal(self, deal: E, bots: Sequence[B], *, on_illegal: OnIllegal = "raise",
                  rng: random.Random | None = None, tallies: Sequence[Tally] | None = None,
                  where: str = "") -> P:
        """Play ``deal`` to its end with one bot per seat, every move through the engine,
        and return the payout by seat. An illegal move raises
        :class:`~stolik.arena.run.IllegalBotMove` or, with ``on_illegal="count"``, is
        counted in ``tallies`` and replaced by a random legal move. ``tallies`` also count
        each seat's decisions and the game its declarer played."""
        play_out(deal, bots, decide=self.decide, well_formed=self.well_formed,
                 apply=deal.move, legal=deal.legal_moves, what=self.what,
                 on_illegal=on_illegal, rng=rng, tallies=tallies, where=where)
        if tallies is not None:
            seat = self.declarer(deal)
            if seat is not None:
                tallies[seat].declared[self.game_played(deal)] += 1
        return self.payout(deal)


def _play_fresh(play_deal: PlayDeal[D, B], game_played: Callable[[D], str],
                on_illegal: OnIllegal, base: D, seat_bots: list[B],
                tallies: Sequence[Tally], rng: random.Random, where: str) -> Played:
    """One seating: a copy of the deal played to its end (module level, so that Ray pickles
    it by reference)."""
    deal: D = base.clone()
    payout = play_deal(deal, seat_bots, on_illegal=on_illegal, rng=rng, tallies=tallies,
                       where=where)
    return Played(payout, game_played(deal))


@dataclass(frozen=True)
class GameArena(Generic[R, D, B]):
    """What a game supplies to the arena.

    ``deal_hands(ruleset, seed, index)``: deal ``index`` of an arena, the same for every
    match; ``play_deal``: :class:`PlayDeal`; ``game_played(deal)``: what a finished deal
    counts as in :attr:`~stolik.arena.run.ArenaResult.games`; ``make_bot(kind, seed=,
    ruleset=)``: the game's bots; ``game``: the game's name in the refusal of a bot it
    cannot build (:func:`~stolik.arena.run.checked_factory`; None: the bots' own errors
    as they are); ``unit``: payouts are divided by it (100 haléř in a koruna);
    ``seatings``: which kind sits at each seat, per seating."""

    deal_hands: Callable[[R, int, int], D]
    play_deal: PlayDeal[D, B]
    game_played: Callable[[D], str]
    make_bot: Callable[..., B]
    presentation: Presentation
    game: str | None = None
    unit: int = 1
    seatings: tuple[tuple[int, ...], ...] = SEATINGS

    def run_arena(self, bots: Sequence[str], deals: int, *, ruleset: R, seed: int = 0,
                  on_illegal: OnIllegal = "raise",
                  progress: Callable[[int, int], None] | None = None,
                  factory: Callable[[str, int, R], B] | None = None) -> ArenaResult:
        """Play ``deals`` deals in duplicate format between every pair of the ``bots``
        (kinds; a kind named twice plays itself). ``progress(done, total)`` is called
        after each deal of each match; ``factory(kind, seed, ruleset)`` builds the bots
        (default: the game's ``make_bot``). Deterministic for a seed. Too few bots or deals,
        or a kind it cannot build, is one :class:`~stolik.arena.run.ArenaError` line
        before any deal is played."""
        check_request(bots, deals)
        build = factory or self._default_bot
        make: Callable[[str, int], B] = partial(_build, build, ruleset)
        if self.game is not None:
            make = checked_factory(make, self.game)
        return run_duplicate(
            bots, deals, ruleset_id=ruleset.id, seed=seed, make=make,
            deal=partial(self.deal_hands, ruleset, seed),
            play=partial(_play_fresh, self.play_deal, self.game_played, on_illegal),
            progress=progress, unit=self.unit, presentation=self.presentation,
            seatings=self.seatings)

    def _default_bot(self, kind: str, seed: int, ruleset: R) -> B:
        return self.make_bot(kind, seed=seed, ruleset=ruleset)


def _build(build: Callable[[str, int, R], B], ruleset: R, kind: str, seed: int) -> B:
    return build(kind, seed, ruleset)


__all__ = ["Cloned", "EngineDeal", "GameArena", "Identified", "MovePlay", "OnIllegal", "PlayDeal"]
