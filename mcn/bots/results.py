"""A match's results: per bot, games, wins, forfeits, and the win rate with its 95 %
confidence interval (Wilson's score interval: sound for small counts and rates near 0 or 1,
where the normal approximation is not)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from mcn.bots.referee import GameOutcome

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The score interval for a rate of ``wins`` in ``games`` (``(0, 1)`` without games)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass(slots=True)
class BotResult:
    """One bot's record in a match. A forfeited game is a loss for the bot that forfeited
    and counts for no other bot (no contest); a shared win counts as a win for each winner."""

    name: str
    games: int = 0
    wins: int = 0
    forfeits: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def tally(outcomes: Sequence[GameOutcome], names: Sequence[str]) -> list[BotResult]:
    """The results of every bot named, in that order."""
    results = {name: BotResult(name) for name in names}
    for outcome in outcomes:
        for seat, name in outcome.bots.items():
            if outcome.forfeit is not None and outcome.forfeit[0] != seat:
                continue  # no contest for the others
            result = results[name]
            result.games += 1
            if outcome.forfeit is not None:
                result.forfeits += 1
            elif seat in outcome.winners:
                result.wins += 1
    return list(results.values())


def table(results: Sequence[BotResult], games: int) -> str:
    """The results table ``mcn match`` prints."""
    width = max([len("bot"), *(len(r.name) for r in results)])
    lines = [
        f"{games} game{'s' if games != 1 else ''}; win rates with 95 % confidence intervals "
        "(Wilson)",
        f"{'bot':<{width}}  {'games':>5}  {'wins':>5}  {'rate':>6}  {'95 % CI':>15}  forfeits",
    ]
    for r in results:
        low, high = r.interval
        lines.append(
            f"{r.name:<{width}}  {r.games:>5}  {r.wins:>5}  {r.rate:>6.1%}  "
            f"{f'{low:.1%} - {high:.1%}':>15}  {r.forfeits:>8}"
        )
    return "\n".join(lines)
