"""Confidence intervals for the arena: Student's t distribution in pure Python (no SciPy),
the mean of independent samples with its t-interval, and running intervals for the plot.

>>> ci = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
>>> ci.mean, round(ci.low, 4), round(ci.high, 4)
(3.0, 1.0368, 4.9632)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev

CONFIDENCE = 0.95
"""Confidence level of the intervals."""


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


__all__ = ["CONFIDENCE", "Interval", "mean_ci", "running_intervals", "t_cdf", "t_quantile"]
