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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any, Generic, TypeVar

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
                  seatings: Sequence[Sequence[int]] = SEATINGS,
                  runner: Runner | None = None) -> ArenaResult:
    """Play ``deals`` deals in duplicate format between every pair of the ``bots`` (kinds;
    a kind named twice plays itself). ``make(kind, seed)`` builds a bot (called once for
    each kind first, so that an unknown kind fails before any deal is played);
    ``deal(index)`` gives deal ``index``, the same for every match; ``play`` plays it in
    one seating. Payouts are divided by ``unit`` (e.g. 100 haléř in a koruna).
    ``progress(done, total)`` is called as deals of the matches are done (after each deal
    when run here). ``seatings``: which kind (0 = A, 1 = B) sits at each seat, per seating
    (default :data:`SEATINGS`, four seats; a three-seat game passes its own,
    :func:`mixed_seatings`). A's and B's means are kept apart, so a game whose deals do not
    sum to zero is scored as fairly (in a zero-sum game B's mean is exactly minus A's).

    ``runner`` plays the deals (:data:`Runner`; default: the one :func:`running_on` set,
    else :func:`run_here`, in this process). Every deal's bots and random draws are seeded
    from ``seed``, the match and the deal alone, so where the deals are played does not
    change a number: deterministic for a seed when ``make``, ``deal`` and ``play`` are."""
    check_request(bots, deals)
    names = labels(bots)
    for n in names:
        make(bot_kind(n), 0)
    job = Job(tuple(names),
              tuple((i, j) for i in range(len(names)) for j in range(i + 1, len(names))),
              deals, seed, unit, tuple(tuple(s) for s in seatings), make, deal, play)
    start = time.perf_counter()
    records = (runner or _RUNNER.get() or run_here)(job, progress)
    return merge(job, records, ruleset_id=ruleset_id, seconds=time.perf_counter() - start,
                 presentation=presentation)


@dataclass(frozen=True)
class Job(Generic[D, B]):
    """An arena's deals to play, with all that any of them needs: the bot labels, the
    matches (pairs of indices into ``names``), the deals per match, the seed, the payout
    unit, the seatings and the game's ``make``, ``deal`` and ``play``. A runner may send it
    to other processes or machines (Ray pickles it, closures included)."""

    names: tuple[str, ...]
    matches: tuple[tuple[int, int], ...]
    deals: int
    seed: int
    unit: int
    seatings: tuple[tuple[int, ...], ...]
    make: Callable[[str, int], B]
    deal: Callable[[int], D]
    play: PlayFn[D, B]

    @property
    def total(self) -> int:
        """Deals over all the matches."""
        return self.deals * len(self.matches)


@dataclass(frozen=True)
class Chunk:
    """Deals ``start`` to ``stop - 1`` of match ``match`` (an index into
    :attr:`Job.matches`): what a runner plays in one piece.

    >>> len(Chunk(0, 4, 9))
    5
    """

    match: int
    start: int
    stop: int

    def __len__(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class DealRecord:
    """Deal ``index`` of match ``match`` played in every seating: A's and B's mean payout
    per seat held (over the job's ``unit``), what each kind did (A's tally, then B's) and
    how often each game was played (in the order first played)."""

    match: int
    index: int
    a_mean: float
    b_mean: float
    tallies: tuple[Tally, Tally]
    games: Mapping[str, int]


def play_record(job: Job[Any, Any], match: int, index: int) -> DealRecord:
    """Play deal ``index`` of match ``match`` in every seating of ``job``; its bots and the
    draws replacing illegal moves are seeded from the job's seed, the match, the deal, the
    seating and the seat (:func:`seed_of`), nothing else."""
    i, j = job.matches[match]
    pair = (job.names[i], job.names[j])
    base = job.deal(index)
    totals: list[float] = [0, 0]
    held = [0, 0]
    tallies = (Tally(), Tally())
    games: Counter[str] = Counter()
    for k, seating in enumerate(job.seatings):
        seat_bots = [job.make(bot_kind(pair[x]), seed_of(job.seed, match, index, k, s))
                     for s, x in enumerate(seating)]
        played = job.play(base, seat_bots, [tallies[x] for x in seating],
                          random.Random(seed_of("illegal", job.seed, match, index, k)),
                          f"deal {index}, seating {k}: ")
        games[played.game] += 1
        for s, p in enumerate(played.payout):
            totals[seating[s]] += p
            held[seating[s]] += 1
    # per seat held, per seating; in a zero-sum game b_mean == -a_mean exactly
    a_mean, b_mean = (totals[x] / (held[x] * job.unit) for x in (0, 1))
    return DealRecord(match, index, a_mean, b_mean, tallies, games)


def play_chunk(job: Job[Any, Any], chunk: Chunk) -> list[DealRecord]:
    """The records of a chunk's deals, in order (:func:`play_record`)."""
    return [play_record(job, chunk.match, d) for d in range(chunk.start, chunk.stop)]


Runner = Callable[[Job[Any, Any], Callable[[int, int], None] | None], Sequence[DealRecord]]
"""``runner(job, progress)``: plays every deal of every match of ``job`` (as
:func:`play_record` does: a runner decides only where) and returns their records, in any
order; calls ``progress(done, job.total)`` as deals are done."""


def run_here(job: Job[Any, Any],
             progress: Callable[[int, int], None] | None = None) -> list[DealRecord]:
    """The default :data:`Runner`: every deal in this process, match after match, with
    ``progress`` after each deal."""
    out: list[DealRecord] = []
    for m in range(len(job.matches)):
        for d in range(job.deals):
            out.append(play_record(job, m, d))
            if progress is not None:
                progress(len(out), job.total)
    return out


_RUNNER: ContextVar[Runner | None] = ContextVar("stolik_arena_runner", default=None)


@contextmanager
def running_on(runner: Runner) -> Iterator[None]:
    """Within the block, :func:`run_duplicate` plays its deals with ``runner`` (unless
    given one): how ``stolik arena --ray`` reaches every game's arena, whose ``run_arena``
    knows nothing of where its deals are played."""
    token = _RUNNER.set(runner)
    try:
        yield
    finally:
        _RUNNER.reset(token)


def merge(job: Job[Any, Any], records: Iterable[DealRecord], *, ruleset_id: str,
          seconds: float, presentation: Presentation = Presentation()) -> ArenaResult:
    """The arena's figures from its deal records, taken in the order a run here plays them
    (match by match, deal by deal) whatever order they come in, so that every figure —
    the sums, the floating-point means and the order of the games' and declarations'
    keys — is the one :func:`run_here` gives. A record missing or twice is an error."""
    ordered = sorted(records, key=lambda r: (r.match, r.index))
    if [(r.match, r.index) for r in ordered] != [
            (m, d) for m in range(len(job.matches)) for d in range(job.deals)]:
        raise ArenaError(f"the runner returned {len(ordered)} deal records for the "
                         f"{job.total} deals of the arena, not one each")
    names = job.names
    tallies = {n: Tally() for n in names}
    games: Counter[str] = Counter()
    per_deal: dict[str, list[list[float]]] = {n: [[] for _ in range(job.deals)] for n in names}
    diffs: list[list[float]] = [[] for _ in job.matches]
    for r in ordered:
        i, j = job.matches[r.match]
        for n, t in zip((names[i], names[j]), r.tallies, strict=True):
            tallies[n].decisions += t.decisions
            tallies[n].illegal += t.illegal
            tallies[n].declared.update(t.declared)
        games.update(r.games)
        diffs[r.match].append(r.a_mean - r.b_mean)
        per_deal[names[i]][r.index].append(r.a_mean)
        per_deal[names[j]][r.index].append(r.b_mean)
    pairs = tuple(PairStats(names[i], names[j], tuple(diffs[m]))
                  for m, (i, j) in enumerate(job.matches))
    stats = tuple(
        BotStats(n, mean_ci([fmean(x) for x in per_deal[n]]), tallies[n].decisions,
                 tallies[n].illegal, dict(tallies[n].declared))
        for n in names
    )
    return ArenaResult(ruleset_id, job.seed, job.deals, stats, pairs, seconds,
                       seatings=len(job.seatings), games=dict(games),
                       presentation=presentation)


def mixed_seatings(seats: int) -> tuple[tuple[int, ...], ...]:
    """Every way to seat two kinds at ``seats`` seats with each kind present: for three
    seats the six seatings of two A's and a B or an A and two B's. Over them each seat is
    held by each kind equally often (half of them), and swapping A and B maps the list
    onto itself, so two identical deterministic bots tie exactly.

    >>> mixed_seatings(3)
    ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0))
    """
    return tuple(t for t in itertools.product((0, 1), repeat=seats) if 0 < sum(t) < seats)


__all__ = ["SEATINGS", "ArenaError", "ArenaResult", "BotStats", "Chunk", "DealRecord",
           "IllegalBotMove", "Job", "PairStats", "PlayFn", "Played", "Presentation", "Runner",
           "Tally", "bot_kind", "check_request", "checked_factory", "illegal_move", "labels",
           "merge", "mixed_seatings", "play_chunk", "play_record", "run_duplicate", "run_here",
           "running_on", "seed_of"]
