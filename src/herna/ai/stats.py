"""Small, dependency-free statistics for tournaments: intervals that a reader can trust.

Win shares get a Wilson score interval (well behaved near 0 and 1, unlike the normal
approximation); mean scores get a Student-t interval, which matters for the short runs people
make while trying a bot. The t quantile is computed exactly (regularized incomplete beta and
bisection) so no SciPy is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist, fmean, stdev

__all__ = [
    "Summary", "WinShare", "mean_ci", "normal_quantile", "summarize", "t_cdf", "t_quantile",
    "wilson_interval", "win_share",
]


def normal_quantile(p: float) -> float:
    """The standard normal quantile (z for p=0.975 is 1.95996...)."""
    return NormalDist().inv_cdf(p)


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion; `successes` may be fractional (shared ties)."""
    if n <= 0:
        return (math.nan, math.nan)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie in [0, {n}], got {successes}")
    z = normal_quantile(0.5 + confidence / 2)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    # at 0 or n successes the bound is exactly 0 or 1; rounding would leave a speck
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@lru_cache(maxsize=256)
def t_quantile(p: float, df: float) -> float:
    """The t value with P(T <= value) = p (e.g. 2.228 for p=0.975, df=10). Cached: a results
    table asks for the same few quantiles again and again."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must lie strictly between 0 and 1")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): a Student-t interval for the mean; NaN bounds below two values."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = fmean(values)
    if n < 2:
        return (mean, math.nan, math.nan)
    half = t_quantile(0.5 + confidence / 2, n - 1) * stdev(values) / math.sqrt(n)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class Summary:
    """A sample described the way a results table shows it."""

    n: int
    mean: float
    stdev: float
    ci_low: float
    ci_high: float
    min: float
    max: float

    def to_dict(self) -> dict[str, float | int | None]:
        return {k: _json_number(v) for k, v in self.__dict__.items()}


def summarize(values: Sequence[float], confidence: float = 0.95) -> Summary:
    """Mean with its t interval, sample stdev (0 for one value), min and max."""
    n = len(values)
    if n == 0:
        return Summary(0, math.nan, math.nan, math.nan, math.nan, math.nan, math.nan)
    mean, lo, hi = mean_ci(values, confidence)
    sd = stdev(values) if n > 1 else 0.0
    return Summary(n, mean, sd, lo, hi, float(min(values)), float(max(values)))


@dataclass(frozen=True)
class WinShare:
    """Wins out of games (ties shared, so `wins` may be fractional) with a Wilson interval."""

    games: int
    wins: float
    share: float
    ci_low: float
    ci_high: float

    def to_dict(self) -> dict[str, float | int | None]:
        return {k: _json_number(v) for k, v in self.__dict__.items()}


def win_share(shares: Sequence[float], confidence: float = 0.95) -> WinShare:
    """Summarize per-game win shares (1, 0, or 1/k for a k-way tie)."""
    n = len(shares)
    wins = math.fsum(shares)
    lo, hi = wilson_interval(wins, n, confidence)
    return WinShare(n, wins, wins / n if n else math.nan, lo, hi)


def _json_number(v: float | int) -> float | int | None:
    """NaN is not JSON: an undefined statistic is written as null."""
    if isinstance(v, float) and math.isnan(v):
        return None
    return v
