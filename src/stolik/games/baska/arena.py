"""Bots against bots in duplicate format: the same deals replayed with the bots rotated
through the seats, so that the luck of the cards cancels and what remains is skill.

**The schedule.** A match is between two bot kinds, A and B. Every deal (seeded random
hands; the dealer moves one seat each deal) is played once in each of the six
:data:`SEATINGS` — every way to seat two A's and two B's at the four seats:

====================  ==========  ==========
seating               A at seats  B at seats
====================  ==========  ==========
across (0 2 / 1 3)    0, 2        1, 3
across, swapped       1, 3        0, 2
neighbours (01 / 23)  0, 1        2, 3
neighbours, swapped   2, 3        0, 1
neighbours (03 / 12)  0, 3        1, 2
neighbours, swapped   1, 2        0, 3
====================  ==========  ==========

Why these six. In Baśka a partnership is made by the cards, not by the seats: the holders of
the black queens are partners in a plain game, a wesele declarer plays with the holder of a
partner card, a soloist plays alone. Any pair of seats can therefore be a partnership and any
seat the lone player, and the forehand (who leads) is a fixed seat of the deal. Over the six
seatings

- every seat's hand is played three times by A and three times by B (the cards cancel);
- every pair of seats is held once by A+A, once by B+B and four times by A+B (half of them
  with A on the first seat), so each bot is tested as a partner of its own kind, of the
  other kind, and against both (partnerships cancel);
- swapping A and B maps the schedule onto itself: with two identical deterministic bots,
  A's total equals B's exactly and the difference is 0.

Two seatings (A across from A, then swapped) would cancel the cards too, but they would only
ever pair A with A — never the mixed partnerships that most deals produce.

**Statistics.** Per deal, A's score is its mean payout per seat over the six seatings (B's is
its negative: every deal sums to zero). Deals are independent, so the mean over the deals
with a Student-t 95% confidence interval (:func:`mean_ci`) is the bot's mean payout per
deal; the difference A − B is twice it. With more than two kinds every pair plays the same
deals (a round robin) and a bot's score per deal is the mean over its matches.

Each deal stands alone and is worth its face value: a 52:52 deal starts no bok-round here
(RULES §6 belongs to a series; it would only add noise, the same for both bots).

**Legality.** Each bot gets only :meth:`Deal.view` of its seat; every move is applied through
the :class:`~stolik.games.baska.state.Deal` engine, which refuses an illegal one. An illegal
move raises :class:`IllegalBotMove` (``on_illegal="raise"``) or is counted and replaced by a
random legal one (``"count"``).

>>> from stolik.games.baska.ruleset import load_ruleset
>>> r = run_arena(["heuristic", "random"], 4, ruleset=load_ruleset("pucka-2019"), seed=1)
>>> [b.name for b in r.bots], r.pairs[0].diffs == run_arena(
...     ["heuristic", "random"], 4, ruleset=load_ruleset("pucka-2019"), seed=1).pairs[0].diffs
(['heuristic', 'random'], True)
>>> r.bots[0].illegal, r.bots[0].payout.mean == -r.bots[1].payout.mean
(0, True)
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist, fmean, stdev
from typing import Literal

from stolik.bots import Bot
from stolik.errors import IllegalMove, StolikError
from stolik.games.baska.bots import Move, make_bot
from stolik.games.baska.calls import Call
from stolik.games.baska.ruleset import Ruleset
from stolik.games.baska.state import Deal, SeatView

SEATINGS: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 0, 1), (1, 0, 1, 0),
    (0, 0, 1, 1), (1, 1, 0, 0),
    (0, 1, 1, 0), (1, 0, 0, 1),
)
"""Which of the two bots (0 = A, 1 = B) sits at seats 0–3, per seating (see above)."""

CONFIDENCE = 0.95
"""Confidence level of the intervals."""

BotFactory = Callable[[str, int, Ruleset], Bot[SeatView, Move]]
"""Builds a bot: ``(kind, seed, ruleset)`` → bot."""


class ArenaError(StolikError):
    """An arena that cannot be run as asked (too few bots, no deals)."""


class IllegalBotMove(ArenaError):
    """A bot returned a move the rules refuse."""


# ---------------------------------------------------------------- statistics


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """The CDF of Student's t distribution with ``df`` degrees of freedom.

    >>> round(t_cdf(2.228138852, 10), 6), t_cdf(0.0, 3)
    (0.975, 0.5)
    """
    tail = 0.5 * _betai(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t distribution (bisection on :func:`t_cdf`).

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 9), 4)
    (12.7062, 2.2622)
    >>> round(t_quantile(0.975, 30), 4), round(t_quantile(0.025, 4), 4)
    (2.0423, -2.7764)
    """
    if not 0 < p < 1:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if df > 1e7:
        return NormalDist().inv_cdf(p)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


@dataclass(frozen=True)
class Interval:
    """A sample mean with its confidence interval ``mean ± half_width``."""

    mean: float
    half_width: float
    n: int
    sd: float
    confidence: float = CONFIDENCE

    @property
    def low(self) -> float:
        """Lower end of the interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """Upper end of the interval."""
        return self.mean + self.half_width

    def scaled(self, factor: float) -> Interval:
        """The interval of ``factor`` × the samples."""
        return Interval(self.mean * factor, self.half_width * abs(factor), self.n,
                        self.sd * abs(factor), self.confidence)

    def to_json(self) -> dict[str, float | int]:
        """The interval as JSON."""
        return {"mean": self.mean, "low": self.low, "high": self.high,
                "half_width": self.half_width, "n": self.n, "sd": self.sd,
                "confidence": self.confidence}


def mean_ci(samples: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """Mean of independent samples with a Student-t confidence interval
    (``t × sd / √n``); the half-width is infinite for fewer than two samples.

    >>> ci = mean_ci([1, 2, 3, 4, 5])
    >>> ci.mean, round(ci.sd, 4), round(ci.half_width, 4)
    (3.0, 1.5811, 1.9632)
    >>> mean_ci([2.0]).half_width
    inf
    """
    n = len(samples)
    if n == 0:
        return Interval(math.nan, math.inf, 0, math.nan, confidence)
    mean = fmean(samples)
    if n == 1:
        return Interval(mean, math.inf, 1, math.nan, confidence)
    sd = stdev(samples, mean)
    t = t_quantile(0.5 + confidence / 2, n - 1)
    return Interval(mean, t * sd / math.sqrt(n), n, sd, confidence)


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class BotStats:
    """One bot kind over the arena: mean payout per deal (per seat it held, over the
    seatings) with its interval, decisions made, illegal moves, and the games it declared
    (contract ids; ``cicha`` included; the plain game has no declarer)."""

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

    @property
    def decisions(self) -> int:
        """Decisions made by all bots."""
        return sum(b.decisions for b in self.bots)

    def to_json(self) -> dict[str, object]:
        """The ``stolik arena --json`` document."""
        return {
            "ruleset": self.ruleset, "seed": self.seed, "deals": self.deals,
            "seatings_per_deal": self.seatings, "confidence": CONFIDENCE,
            "bots": [b.to_json() for b in self.bots],
            "pairs": [p.to_json() for p in self.pairs],
            "games": dict(self.games),
            "decisions": self.decisions,
            "illegal": sum(b.illegal for b in self.bots),
            "seconds": self.seconds,
        }


# ---------------------------------------------------------------- running


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


def _default_factory(kind: str, seed: int, rs: Ruleset) -> Bot[SeatView, Move]:
    return make_bot(kind, seed=seed, ruleset=rs)


def deal_hands(rs: Ruleset, seed: int, index: int) -> Deal:
    """Deal ``index`` of an arena with ``seed``: the same for every match. Its dealer is
    ``index % 4``."""
    return Deal.random(rs, index % 4, random.Random(f"stolik-arena/{seed}/{index}"))


def _seed_of(*parts: object) -> int:
    return random.Random("/".join(map(str, parts))).getrandbits(63)


@dataclass
class _Tally:
    decisions: int = 0
    illegal: int = 0
    declared: Counter[str] = field(default_factory=Counter)


def play_deal(deal: Deal, bots: Sequence[Bot[SeatView, Move]], *,
              on_illegal: Literal["raise", "count"] = "raise",
              rng: random.Random | None = None,
              tallies: Sequence[_Tally] | None = None,
              where: str = "") -> tuple[int, int, int, int]:
    """Play ``deal`` to its end with one bot per seat; every move goes through the engine.
    Returns the payout by seat. An illegal move raises :class:`IllegalBotMove` or, with
    ``on_illegal="count"``, is counted in ``tallies`` and replaced by a random legal move.

    >>> from stolik.games.baska.bots import make_bot
    >>> from stolik.games.baska.ruleset import load_ruleset
    >>> deal = deal_hands(load_ruleset("linia"), seed=0, index=1)
    >>> payout = play_deal(deal, [make_bot("heuristic") for _ in range(4)])
    >>> deal.is_over, sum(payout), deal.dealer
    (True, 0, 1)
    """
    rng = rng or random.Random(0)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        bot = bots[seat]
        move = bot.act(view)
        if tallies is not None:
            tallies[seat].decisions += 1
        try:
            if isinstance(move, Call):
                deal.call(move)
            elif isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 16:
                deal.play(move)
            else:
                raise IllegalMove(f"{move!r} is neither a call nor a card")
        except IllegalMove as e:
            if on_illegal == "raise":
                raise IllegalBotMove(f"{where}bot {getattr(bot, 'name', bot)!r} at seat "
                                     f"{seat} made an illegal move {move!r}: {e}") from None
            if tallies is not None:
                tallies[seat].illegal += 1
            if deal.phase == "auction":
                deal.call(rng.choice(deal.legal_calls()))
            else:
                deal.play(rng.choice(deal.legal_cards()))
    result = deal.result()
    if tallies is not None:
        game = deal.game
        assert game is not None
        if game.declarer is not None:
            tallies[game.declarer].declared[game.contract.id] += 1
    return result.payout


def run_arena(bots: Sequence[str], deals: int, *, ruleset: Ruleset, seed: int = 0,
              on_illegal: Literal["raise", "count"] = "raise",
              progress: Callable[[int, int], None] | None = None,
              factory: BotFactory | None = None) -> ArenaResult:
    """Play ``deals`` deals in duplicate format between every pair of the ``bots`` (kinds,
    see :data:`~stolik.games.baska.bots.BOTS`; a kind named twice plays itself).

    ``progress(done, total)`` is called after each deal of each match. ``factory`` builds
    the bots (default: :func:`~stolik.games.baska.bots.make_bot`). Deterministic for a seed.
    """
    if len(bots) < 2:
        raise ArenaError("an arena needs at least two bots, e.g. --bots heuristic,random")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ArenaError(f"the number of deals must be at least 1, not {deals!r}")
    make = factory or _default_factory
    names = labels(bots)
    for n in names:  # unknown kinds fail before any deal is played
        make(bot_kind(n), 0, ruleset)
    matches = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    total = deals * len(matches)
    tallies = {n: _Tally() for n in names}
    games: Counter[str] = Counter()
    per_deal: dict[str, list[list[float]]] = {n: [[] for _ in range(deals)] for n in names}
    pairs: list[PairStats] = []
    done = 0
    start = time.perf_counter()
    for m, (i, j) in enumerate(matches):
        pair = (names[i], names[j])
        diffs: list[float] = []
        for d in range(deals):
            base = deal_hands(ruleset, seed, d)
            a_total = 0
            for k, seating in enumerate(SEATINGS):
                deal = base.clone()
                seat_names = [pair[x] for x in seating]
                seat_bots = [make(bot_kind(n), _seed_of(seed, m, d, k, s), ruleset)
                             for s, n in enumerate(seat_names)]
                seat_tallies = [tallies[n] for n in seat_names]
                payout = play_deal(deal, seat_bots, on_illegal=on_illegal,
                                   rng=random.Random(_seed_of("illegal", seed, m, d, k)),
                                   tallies=seat_tallies,
                                   where=f"deal {d}, seating {k}: ")
                game = deal.game
                assert game is not None
                games[game.contract.id] += 1
                a_total += sum(p for s, p in enumerate(payout) if seating[s] == 0)
            a_mean = a_total / (2 * len(SEATINGS))  # per seat, per seating
            diffs.append(2 * a_mean)
            per_deal[pair[0]][d].append(a_mean)
            per_deal[pair[1]][d].append(-a_mean)
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
    return ArenaResult(ruleset.id, seed, deals, stats, tuple(pairs), seconds,
                       games=dict(games))


# ---------------------------------------------------------------- plot


def running_intervals(diffs: Sequence[float]) -> tuple[list[float], list[float]]:
    """Running mean and running confidence half-width (NaN before two samples) of a
    sequence, in one pass (Welford's update, exact for constant samples).

    >>> means, widths = running_intervals([1.0, 3.0, 2.0])
    >>> means, round(widths[2], 4), math.isnan(widths[0])
    ([1.0, 2.0, 2.0], 2.4841, True)
    """
    means: list[float] = []
    widths: list[float] = []
    mean = m2 = 0.0
    for n, x in enumerate(diffs, 1):
        delta = x - mean
        mean += delta / n
        m2 += delta * (x - mean)
        means.append(mean)
        if n < 2:
            widths.append(math.nan)
            continue
        widths.append(t_quantile(0.5 + CONFIDENCE / 2, n - 1) * math.sqrt(m2 / (n - 1) / n))
    return means, widths


def plot_running(result: ArenaResult, path: str | Path) -> None:
    """Write a PNG of each match's running mean difference (A − B per deal) with its 95%
    band. Uses matplotlib's Agg canvas (no display needed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    lows: list[float] = []
    highs: list[float] = []
    for p in result.pairs:
        means, widths = running_intervals(p.diffs)
        xs = list(range(1, len(means) + 1))
        line = ax.plot(xs, means, label=f"{p.a} − {p.b}")[0]
        lo = [m - w if not math.isnan(w) else m for m, w in zip(means, widths, strict=True)]
        hi = [m + w if not math.isnan(w) else m for m, w in zip(means, widths, strict=True)]
        ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
        settled = max(1, len(xs) // 20)  # the first twentieth's wide bands would squash the rest
        lows += lo[settled:] or lo
        highs += hi[settled:] or hi
    ax.axhline(0, color="grey", linewidth=0.8)
    if lows:
        bottom, top = min(0.0, *lows), max(0.0, *highs)
        pad = 0.1 * (top - bottom) or 1.0
        ax.set_ylim(bottom - pad, top + pad)
    ax.set_xlabel("deals (each played in 6 seatings)")
    ax.set_ylabel("mean payout difference per deal")
    ax.set_title(f"stolik arena · {result.ruleset} · seed {result.seed} · "
                 f"running mean with {round(100 * CONFIDENCE)}% CI")
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(str(path), format="png")


__all__ = ["CONFIDENCE", "SEATINGS", "ArenaError", "ArenaResult", "BotFactory", "BotStats",
           "IllegalBotMove", "Interval", "PairStats", "bot_kind", "deal_hands", "labels",
           "mean_ci", "play_deal", "plot_running", "run_arena", "running_intervals",
           "t_cdf", "t_quantile"]
