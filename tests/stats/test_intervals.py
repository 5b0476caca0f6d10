"""The intervals of ``mcn stats`` (mcn/stats/intervals.py, docs/stats.md "Intervals")."""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mcn.stats.intervals import Mean, Rate, t975, wilson

#: Published 0.975 quantiles of Student's t (any statistics table), beyond the tabulated 30.
T_TABLE = {
    31: 2.0395134,
    40: 2.0210754,
    50: 2.0085591,
    60: 2.0002978,
    120: 1.9799304,
    1000: 1.9623391,
}


@pytest.mark.parametrize(("df", "quantile"), sorted(T_TABLE.items()))
def test_t_quantiles_beyond_the_table_are_those_of_the_tables(df: int, quantile: float) -> None:
    assert t975(df) == pytest.approx(quantile, abs=1e-6)


def test_t_quantiles_fall_toward_the_normal_one() -> None:
    values = [t975(df) for df in range(1, 400)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values[0] == pytest.approx(12.7062047)
    assert values[-1] > statistics.NormalDist().inv_cdf(0.975)
    with pytest.raises(ValueError):
        t975(0)


def test_wilson_known_values() -> None:
    # Wilson 1927 / Newcombe 1998, table I: 81 of 263 -> 0.2553 .. 0.3662; 0 of 10 -> 0 .. 0.2775
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(1, 500), st.data())
def test_wilson_holds_the_rate_and_stays_in_0_1(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0


def test_a_mean_is_welfords_and_its_interval_students() -> None:
    rng = random.Random(4)
    values = [rng.randint(-20, 40) for _ in range(57)]
    mean = Mean()
    for value in values:
        mean.add(value)
    assert mean.value == pytest.approx(statistics.fmean(values))
    assert mean.sd == pytest.approx(statistics.stdev(values))
    low, high = mean.interval() or (0.0, 0.0)
    half = t975(56) * statistics.stdev(values) / math.sqrt(57)
    assert (low, high) == pytest.approx(
        (statistics.fmean(values) - half, statistics.fmean(values) + half)
    )


def test_a_single_value_has_no_interval_and_nothing_has_no_mean() -> None:
    one = Mean()
    one.add(3)
    assert one.interval() is None and one.to_json()["low"] is None and one.value == 3
    assert Mean().to_json() == {"n": 0, "mean": None, "sd": None, "low": None, "high": None}
    assert Rate().to_json() == {"k": 0, "n": 0, "rate": None, "low": None, "high": None}
    rate = Rate()
    for won in (True, False, False, True):
        rate.add(won)
    assert rate.to_json()["rate"] == 0.5 and rate.interval() == wilson(2, 4)
