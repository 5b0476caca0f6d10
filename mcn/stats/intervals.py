"""95 % confidence intervals for the figures of ``mcn stats`` (docs/stats.md, "Intervals").

* A **rate** (wins out of games, endings out of games) gets Wilson's score interval: sound for
  small counts and for rates near 0 or 1, where the normal approximation ("Wald") is not —
  the interval ``mcn match`` gives its win rates too.
* A **mean** (place, money, bid notches, rounds) gets Student's t interval,
  ``mean ± t(0.975, n-1) · s / √n`` with ``s`` the sample standard deviation: exact for
  normal data and, by the central limit theorem, close for the bounded figures of a game
  from a few dozen games on. No bootstrap: the figures are computed in one pass over the
  archive (Welford's running mean and variance, numerically stable), with flat memory.
  A mean of one value has no interval.

The t quantiles are tabulated for 1 to 30 degrees of freedom and, above that, the
Cornish-Fisher expansion of the t quantile in the normal one (error below 1e-5 from 30 on,
tests/stats/test_intervals.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Final

LEVEL: Final = 0.95
#: The normal quantile of a two-sided 95 % interval.
Z95: Final = NormalDist().inv_cdf(0.5 + LEVEL / 2)

#: t(0.975, df) for df = 1 … 30.
_T975: Final = (
    12.7062047,
    4.3026527,
    3.1824463,
    2.7764451,
    2.5705818,
    2.4469119,
    2.3646243,
    2.3060041,
    2.2621572,
    2.2281389,
    2.2009852,
    2.1788128,
    2.1603687,
    2.1447867,
    2.1314495,
    2.1199053,
    2.1098155,
    2.1009220,
    2.0930241,
    2.0859634,
    2.0796138,
    2.0738731,
    2.0686576,
    2.0638986,
    2.0595386,
    2.0555294,
    2.0518305,
    2.0484071,
    2.0452296,
    2.0422725,
)


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (df ≥ 1)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    v = float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4)
    )


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """Wilson's 95 % score interval for ``successes`` out of ``trials`` (0..1 without trials)."""
    if trials <= 0:
        return 0.0, 1.0
    z = Z95
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # Exactly 0 (1) at no (every) success, and never past the rate by a rounding error.
    low = 0.0 if successes == 0 else min(rate, (centre - spread) / scale)
    high = 1.0 if successes == trials else max(rate, (centre + spread) / scale)
    return max(0.0, low), min(1.0, high)


@dataclass(slots=True)
class Rate:
    """A count of successes out of trials."""

    successes: int = 0
    trials: int = 0

    def add(self, success: bool) -> None:
        self.trials += 1
        self.successes += success

    @property
    def value(self) -> float | None:
        return self.successes / self.trials if self.trials else None

    def interval(self) -> tuple[float, float] | None:
        return wilson(self.successes, self.trials) if self.trials else None

    def to_json(self) -> dict[str, Any]:
        """``{"k", "n", "rate", "low", "high"}`` (rate and bounds null without trials)."""
        bounds = self.interval()
        return {
            "k": self.successes,
            "n": self.trials,
            "rate": self.value,
            "low": bounds[0] if bounds else None,
            "high": bounds[1] if bounds else None,
        }


@dataclass(slots=True)
class Mean:
    """A running mean and variance (Welford), with Student's t interval."""

    count: int = 0
    mean: float = 0.0
    _squares: float = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._squares += delta * (value - self.mean)

    @property
    def value(self) -> float | None:
        return self.mean if self.count else None

    @property
    def sd(self) -> float | None:
        """The sample standard deviation (n − 1), None below two values."""
        return math.sqrt(self._squares / (self.count - 1)) if self.count > 1 else None

    def interval(self) -> tuple[float, float] | None:
        sd = self.sd
        if sd is None:
            return None
        half = t975(self.count - 1) * sd / math.sqrt(self.count)
        return self.mean - half, self.mean + half

    def to_json(self) -> dict[str, Any]:
        """``{"n", "mean", "sd", "low", "high"}`` (null where undefined)."""
        bounds = self.interval()
        return {
            "n": self.count,
            "mean": self.value,
            "sd": self.sd,
            "low": bounds[0] if bounds else None,
            "high": bounds[1] if bounds else None,
        }
