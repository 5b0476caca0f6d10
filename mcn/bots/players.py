"""The reference bots, each a loop over the protocol on standard input and output
(``mcn bot random``, ``mcn bot greedy``; docs/bots.md).

* **random** answers a uniformly random legal action (seeded: ``--seed``).
* **greedy** scores each legal action by what it says, from its own point of view only (it
  sees what the protocol sends it, never a secret), and takes the best, ties broken at random:
  donations first (they build the cathedrals and the letters' worth), then letters and
  indulgences, never a greedy purchase (a sin stone, R-BUY-3) when anything else will do; it
  bids low notches with no taler, and among the characters prefers the Merchant's free stone,
  then the Pope, the Emperor and the Petty Sinner last. The weights are :data:`WEIGHTS`.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import IO, Any, Final

#: What the greedy bot likes, by the first word of an action (higher is better).
WEIGHTS: Final = {
    "donate": 6.0,
    "letter": 4.0,
    "free": 3.0,
    "buy": 2.0,
    "visit": 1.0,
    "do": 1.0,
    "take": 2.0,
    "pass": 0.0,
    "sell": 0.5,
    "decline": 0.5,
    "greedy": -3.0,
}
#: The greedy bot's order of characters (R-BID-2: choosing in bid order).
CHARACTERS: Final = {"merchant": 4.0, "pope": 3.0, "emperor": 2.0, "sinner": 1.0}


def greedy_score(action: str) -> float:
    """The greedy bot's liking for ``action`` (its text as the protocol lists it)."""
    words = action.split()
    verb = words[0]
    if verb == "bid":
        notches, _, taler = words[1].partition("+")
        return -float(notches) - 2.0 * float(taler)
    if verb == "choose":
        return CHARACTERS.get(words[1], 0.0)
    score = WEIGHTS.get(verb, 0.0)
    if "indulgence" in action:
        score += 2.0
    if verb == "donate":
        score += 0.1 * len(words)  # the Emperor's double donation
    return score


def choose_random(rng: random.Random) -> Callable[[dict[str, Any]], str]:
    return lambda message: rng.choice(message["legal"])


def choose_greedy(rng: random.Random) -> Callable[[dict[str, Any]], str]:
    def choose(message: dict[str, Any]) -> str:
        legal: list[str] = message["legal"]
        best = max(greedy_score(action) for action in legal)
        return rng.choice([action for action in legal if greedy_score(action) == best])

    return choose


def serve(
    choose: Callable[[dict[str, Any]], str],
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> None:
    """Answer every ``decide`` with ``choose(message)`` until ``quit`` or the end of input."""
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    for line in source:
        message = json.loads(line)
        if message["type"] == "quit":
            return
        if message["type"] == "decide":
            sink.write(json.dumps({"action": choose(message)}) + "\n")
            sink.flush()
