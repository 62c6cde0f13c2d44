"""Duplicate matches between bot kinds at a four-seat table (or a three-seat one, with
:func:`mixed_seatings`), for any game: the schedule of seatings, the round robin over
pairs of kinds, and the results with their intervals.

A game's ``arena`` part (:mod:`stolik.games`) supplies what only it knows — how a deal is
dealt and how the bots play it through its engine — and calls :func:`run_duplicate`.

**The schedule.** A match is between two bot kinds, A and B. Every deal is played once in
each of the six :data:`SEATINGS` — every way to seat two A's and two B's at four seats:
A across from A (seats 0 2, then 1 3) and A beside A (seats 0 1, 2 3, 0 3, 1 2). Over the
six, every seat's hand is played three times by each kind; every pair of seats (a possible
partnership, however the game forms them) is held once by A+A, once by B+B and four times
by one of each; swapping A and B maps the schedule onto itself, so two identical
deterministic bots tie exactly. A seat that the deal makes special (the dealer, the one
who leads or chooses) is covered too: it is one of the four seats.

**Statistics.** Per deal, A's score is its mean payout per seat held over the seatings,
B's likewise (its negative when the payouts of a deal sum to zero). Deals are independent,
so the mean over the deals with a Student-t interval (:func:`~stolik.arena.stats.mean_ci`)
is the bot's mean payout per deal and seat; the difference A − B (twice A's in a zero-sum
game) has its own interval. With more than two kinds every pair plays the same deals (a
round robin) and a bot's score per deal is the mean over its matches.

>>> import random
>>> def deal(index: int) -> int:                  # a "deal" is one number here
...     return random.Random(index).randrange(10)
>>> def play(d, bots, tallies, rng, where):       # the higher bot wins d from the lower
...     power = [b * (s + 1) for s, b in enumerate(bots)]
...     hi = power.index(max(power))
...     for t in tallies:
...         t.decisions += 1
...     return Played(tuple(3 * d if s == hi else -d for s in range(4)), "high")
>>> r = run_duplicate(["strong", "weak"], 5, ruleset_id="demo", seed=1,
...                   make=lambda kind, seed: 2 if kind == "strong" else 1,
...                   deal=deal, play=play)
>>> [b.name for b in r.bots], r.bots[0].payout.mean == -r.bots[1].payout.mean
(['strong', 'weak'], True)
>>> r.pairs[0].diff.mean == 2 * r.bots[0].payout.mean > 0, r.games
(True, {'high': 30})
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import TypeVar

from stolik.arena.stats import CONFIDENCE, Interval, mean_ci
from stolik.errors import StolikError

SEATINGS: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 0, 1), (1, 0, 1, 0),
    (0, 0, 1, 1), (1, 1, 0, 0),
    (0, 1, 1, 0), (1, 0, 0, 1),
)
"""Which of the two bots (0 = A, 1 = B) sits at seats 0–3, per seating (see above)."""

B = TypeVar("B")
D = TypeVar("D")


class ArenaError(StolikError):
    """An arena that cannot be run as asked (too few bots, no deals, an unknown bot)."""


class IllegalBotMove(ArenaError):
    """A bot returned a move the rules refuse."""


def illegal_move(where: str, bot: object, seat: int, move: object,
                 error: Exception) -> IllegalBotMove:
    """The one line for a bot's illegal move: where, which bot at which seat, the move and
    the rule that refused it.

    >>> str(illegal_move("deal 3, seating 1: ", "cheat", 2, 99, ValueError("no card 99")))
    "deal 3, seating 1: bot 'cheat' at seat 2 made an illegal move 99: no card 99"
    """
    return IllegalBotMove(f"{where}bot {getattr(bot, 'name', bot)!r} at seat {seat} made an "
                          f"illegal move {move!r}: {error}")


@dataclass(frozen=True)
class Presentation:
    """How a game's arena figures are shown: the tables' column heads, the closing note
    (which cites the game's rule on payouts), the plot's axis, the digits, and the unit
    (also written to the JSON document, as ``unit``, when a game names one)."""

    payout: str = "mean payout / deal"
    difference: str = "mean difference / deal"
    note: str = "payouts are per seat and deal"
    plot_label: str = "mean payout difference per deal"
    digits: int = 3
    unit: str | None = None


@dataclass(frozen=True)
class BotStats:
    """One bot kind over the arena: mean payout per deal (per seat it held, over the
    seatings) with its interval, decisions made, illegal moves, and the games it declared
    (ids, as the game's arena counts them)."""

    name: str
    payout: Interval
    decisions: int
    illegal: int
    declared: Mapping[str, int]

    def to_json(self) -> dict[str, object]:
        """The bot's figures as JSON."""
        return {"name": self.name, "mean_payout": self.payout.mean,
                "ci95": [self.payout.low, self.payout.high], "payout": self.payout.to_json(),
                "decisions": self.decisions, "illegal": self.illegal,
                "declared": dict(self.declared)}


@dataclass(frozen=True)
class PairStats:
    """One match: ``diffs[i]`` is A's minus B's mean payout per seat on deal i."""

    a: str
    b: str
    diffs: tuple[float, ...]

    @property
    def diff(self) -> Interval:
        """Mean difference A − B per deal, with its interval."""
        return mean_ci(self.diffs)

    def to_json(self) -> dict[str, object]:
        """The match as JSON."""
        d = self.diff
        return {"a": self.a, "b": self.b, "mean_diff": d.mean, "ci95": [d.low, d.high],
                "diff": d.to_json()}


@dataclass(frozen=True)
class ArenaResult:
    """A finished arena."""

    ruleset: str
    seed: int
    deals: int
    bots: tuple[BotStats, ...]
    pairs: tuple[PairStats, ...]
    seconds: float
    seatings: int = len(SEATINGS)
    games: Mapping[str, int] = field(default_factory=dict)
    presentation: Presentation = Presentation()

    @property
    def decisions(self) -> int:
        """Decisions made by all bots."""
        return sum(b.decisions for b in self.bots)

    def to_json(self) -> dict[str, object]:
        """The ``stolik arena --json`` document."""
        unit = {} if self.presentation.unit is None else {"unit": self.presentation.unit}
        return {
            "ruleset": self.ruleset, "seed": self.seed, "deals": self.deals,
            "seatings_per_deal": self.seatings, "confidence": CONFIDENCE, **unit,
            "bots": [b.to_json() for b in self.bots],
            "pairs": [p.to_json() for p in self.pairs],
            "games": dict(self.games),
            "decisions": self.decisions,
            "illegal": sum(b.illegal for b in self.bots),
            "seconds": self.seconds,
        }


def bot_kind(label: str) -> str:
    """The bot kind of a label: ``heuristic#2`` (a second entry of a kind) → ``heuristic``.

    >>> bot_kind("heuristic#2"), bot_kind("random")
    ('heuristic', 'random')
    """
    return label.split("#", 1)[0]


def labels(names: Sequence[str]) -> list[str]:
    """Distinct labels for a bot list: a kind named again becomes ``kind#2``, ``kind#3``.

    >>> labels(["random", "heuristic", "random"])
    ['random', 'heuristic', 'random#2']
    """
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        seen[n] += 1
        out.append(n if seen[n] == 1 else f"{n}#{seen[n]}")
    return out


def seed_of(*parts: object) -> int:
    """A 63-bit seed drawn from ``parts`` (the same parts, the same seed)."""
    return random.Random("/".join(map(str, parts))).getrandbits(63)


@dataclass
class Tally:
    """What one bot kind did over the arena; a game's play loop adds to it."""

    decisions: int = 0
    illegal: int = 0
    declared: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True)
class Played:
    """One deal played in one seating: the payout by seat (summing to zero) and the game
    played (counted in :attr:`ArenaResult.games`)."""

    payout: Sequence[float]
    game: str


PlayFn = Callable[[D, list[B], Sequence[Tally], random.Random, str], Played]
"""``play(deal, bots_by_seat, tallies_by_seat, rng, where)``: plays the deal (a copy of
it: the same deal is played in every seating) through the game's engine; ``rng`` draws
any replacement for an illegal move, ``where`` starts the message of an error."""


def checked_factory(make: Callable[[str, int], B], game: str) -> Callable[[str, int], B]:
    """``make(kind, seed)`` with a bot it cannot build (an unknown kind, an option it does
    not take) refused in one line (:class:`ArenaError`; a :class:`StolikError` as it is).

    >>> def make(kind: str, seed: int) -> str:
    ...     if kind != "random":
    ...         raise ValueError(f"no bot {kind!r}")
    ...     return kind
    >>> checked_factory(make, "Demo")("chess", 0)
    Traceback (most recent call last):
    stolik.arena.run.ArenaError: no bot 'chess'
    """

    def build(kind: str, seed: int) -> B:
        try:
            return make(kind, seed)
        except StolikError:
            raise
        except ValueError as e:
            raise ArenaError(str(e)) from None
        except TypeError as e:
            if "keyword argument" not in str(e):
                raise
            raise ArenaError(f"the {game} bot {kind!r} does not take that --bot-option "
                             f"({e})") from None

    return build


def check_request(bots: Sequence[str], deals: int) -> None:
    """Refuse fewer than two bots or fewer than one deal (:class:`ArenaError`)."""
    if len(bots) < 2:
        raise ArenaError("an arena needs at least two bots, e.g. --bots heuristic,random")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ArenaError(f"the number of deals must be at least 1, not {deals!r}")


def run_duplicate(bots: Sequence[str], deals: int, *, ruleset_id: str, seed: int,
                  make: Callable[[str, int], B], deal: Callable[[int], D],
                  play: PlayFn[D, B],
                  progress: Callable[[int, int], None] | None = None,
                  unit: int = 1,
                  presentation: Presentation = Presentation(),
                  seatings: Sequence[Sequence[int]] = SEATINGS) -> ArenaResult:
    """Play ``deals`` deals in duplicate format between every pair of the ``bots`` (kinds;
    a kind named twice plays itself). ``make(kind, seed)`` builds a bot (called once for
    each kind first, so that an unknown kind fails before any deal is played);
    ``deal(index)`` gives deal ``index``, the same for every match; ``play`` plays it in
    one seating. Payouts are divided by ``unit`` (e.g. 100 haléř in a koruna).
    ``progress(done, total)`` is called after each deal of each match. ``seatings``: which
    kind (0 = A, 1 = B) sits at each seat, per seating (default :data:`SEATINGS`, four
    seats; a three-seat game passes its own, :func:`mixed_seatings`). A's and B's means
    are kept apart, so a game whose deals do not sum to zero is scored as fairly (in a
    zero-sum game B's mean is exactly minus A's). Deterministic for a seed when ``make``,
    ``deal`` and ``play`` are."""
    check_request(bots, deals)
    names = labels(bots)
    for n in names:
        make(bot_kind(n), 0)
    matches = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    total = deals * len(matches)
    tallies = {n: Tally() for n in names}
    games: Counter[str] = Counter()
    per_deal: dict[str, list[list[float]]] = {n: [[] for _ in range(deals)] for n in names}
    pairs: list[PairStats] = []
    done = 0
    start = time.perf_counter()
    for m, (i, j) in enumerate(matches):
        pair = (names[i], names[j])
        diffs: list[float] = []
        for d in range(deals):
            base = deal(d)
            totals: list[float] = [0, 0]
            held = [0, 0]
            for k, seating in enumerate(seatings):
                seat_names = [pair[x] for x in seating]
                seat_bots = [make(bot_kind(n), seed_of(seed, m, d, k, s))
                             for s, n in enumerate(seat_names)]
                played = play(base, seat_bots, [tallies[n] for n in seat_names],
                              random.Random(seed_of("illegal", seed, m, d, k)),
                              f"deal {d}, seating {k}: ")
                games[played.game] += 1
                for s, p in enumerate(played.payout):
                    totals[seating[s]] += p
                    held[seating[s]] += 1
            # per seat held, per seating; in a zero-sum game b_mean == -a_mean exactly
            a_mean, b_mean = (totals[x] / (held[x] * unit) for x in (0, 1))
            diffs.append(a_mean - b_mean)
            per_deal[pair[0]][d].append(a_mean)
            per_deal[pair[1]][d].append(b_mean)
            done += 1
            if progress is not None:
                progress(done, total)
        pairs.append(PairStats(pair[0], pair[1], tuple(diffs)))
    seconds = time.perf_counter() - start
    stats = tuple(
        BotStats(n, mean_ci([fmean(x) for x in per_deal[n]]), tallies[n].decisions,
                 tallies[n].illegal, dict(tallies[n].declared))
        for n in names
    )
    return ArenaResult(ruleset_id, seed, deals, stats, tuple(pairs), seconds,
                       seatings=len(seatings), games=dict(games), presentation=presentation)


def mixed_seatings(seats: int) -> tuple[tuple[int, ...], ...]:
    """Every way to seat two kinds at ``seats`` seats with each kind present: for three
    seats the six seatings of two A's and a B or an A and two B's. Over them each seat is
    held by each kind equally often (half of them), and swapping A and B maps the list
    onto itself, so two identical deterministic bots tie exactly.

    >>> mixed_seatings(3)
    ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0))
    """
    return tuple(t for t in itertools.product((0, 1), repeat=seats) if 0 < sum(t) < seats)


__all__ = ["SEATINGS", "ArenaError", "ArenaResult", "BotStats", "IllegalBotMove", "PairStats",
           "PlayFn", "Played", "Presentation", "Tally", "bot_kind", "check_request",
           "checked_factory", "illegal_move", "labels", "mixed_seatings", "run_duplicate",
           "seed_of"]
