"""The tournament statistics against textbook values."""

from __future__ import annotations

import math
import random

import pytest

from herna.ai.stats import (
    mean_ci,
    normal_quantile,
    summarize,
    t_cdf,
    t_quantile,
    wilson_interval,
    win_share,
)


@pytest.mark.parametrize(("df", "p", "expected"), [
    (1, 0.975, 12.7062), (2, 0.975, 4.3027), (4, 0.975, 2.7764), (10, 0.975, 2.2281),
    (30, 0.975, 2.0423), (5, 0.995, 4.0321), (20, 0.95, 1.7247), (1000, 0.975, 1.9623),
])
def test_t_quantile_matches_tables(df: int, p: float, expected: float) -> None:
    assert t_quantile(p, df) == pytest.approx(expected, abs=1e-4)


def test_t_quantile_is_symmetric_and_inverts_the_cdf() -> None:
    assert t_quantile(0.5, 7) == 0.0
    assert t_quantile(0.025, 9) == pytest.approx(-t_quantile(0.975, 9))
    for df in (1, 3, 12.5):
        for p in (0.6, 0.9, 0.999):
            assert t_cdf(t_quantile(p, df), df) == pytest.approx(p, abs=1e-9)
    assert t_cdf(0.0, 3) == 0.5


def test_t_approaches_the_normal() -> None:
    assert normal_quantile(0.975) == pytest.approx(1.959964, abs=1e-6)
    assert t_quantile(0.975, 1e6) == pytest.approx(normal_quantile(0.975), abs=1e-4)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        t_quantile(1.0, 5)
    with pytest.raises(ValueError):
        t_cdf(1.0, 0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_wilson_interval_textbook_values() -> None:
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert all(math.isnan(x) for x in wilson_interval(0, 0))


def test_wilson_interval_takes_shared_ties() -> None:
    lo, hi = wilson_interval(2.5, 10)
    assert 0 < lo < 0.25 < hi < 1


def test_mean_ci_uses_student_t() -> None:
    mean, lo, hi = mean_ci([1, 2, 3, 4, 5])
    # sd = 1.5811, se = 0.7071, t(0.975, 4) = 2.7764
    assert mean == 3
    assert (lo, hi) == pytest.approx((1.0368, 4.9632), abs=1e-4)
    one = mean_ci([7.0])
    assert one[0] == 7.0 and math.isnan(one[1]) and math.isnan(one[2])


def test_mean_ci_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = random.Random(1)
    covered = 0
    for _ in range(2000):
        lo, hi = mean_ci([rng.gauss(10, 3) for _ in range(8)])[1:]
        covered += lo <= 10 <= hi
    assert 0.93 < covered / 2000 < 0.97


def test_summarize_and_its_json_form() -> None:
    s = summarize([2, 4, 4, 4, 5, 5, 7, 9])
    assert (s.n, s.mean, s.min, s.max) == (8, 5.0, 2.0, 9.0)
    assert s.stdev == pytest.approx(2.1381, abs=1e-4)
    assert s.ci_low < 5 < s.ci_high
    single = summarize([3]).to_dict()
    assert single["stdev"] == 0.0 and single["ci_low"] is None  # NaN is not JSON
    assert summarize([]).to_dict()["mean"] is None


def test_win_share_counts_shared_ties() -> None:
    w = win_share([1.0, 0.0, 0.5, 0.5, 0.0])
    assert (w.games, w.wins, w.share) == (5, 2.0, 0.4)
    assert w.ci_low < 0.4 < w.ci_high
    assert w.to_dict()["wins"] == 2.0
