"""The twin proof for the *source* of ``mcn html --as`` pages (R-HID-1, I-HID-4).

:mod:`tests.secrets.twins` compares outputs of records cut before a secret's reveal. A page
is one file for the whole game, though: whoever opens its source sees every frame at once. So
here the twins are cut *at* the reveal (the decision that reveals the secret is the last one
both records share) and the page is read the way the page itself uses it: the source as of
frame ``f`` is the markup, the data of frames ``0..f`` and everything the data holds outside
the frames, except the move-list entries of moves after ``f``. For every frame before the
reveal this must be byte-identical between the twins: the page holds each secret only in the
frames from its reveal on (mcn/html/frames.py, ``attach_reveals``).

Kinds of page: ``--as`` pages without and with ``--keep-annotations`` and quiz pages
(``mcn html --quiz --as``); each renders the whole HTML source.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from mcn.html import render_page
from mcn.replay import replay_game
from mcn.views.projection import Viewer
from tests.secrets.twins import KINDS, Base, Side, Spot, _cut, alternatives, base, spots, viewers

_DATA = re.compile(r'(<script type="application/json" id="mcn-data">)(.*?)(</script>)', re.S)

#: name -> render(side, viewer) -> the page's HTML source
PAGES: dict[str, Callable[[Side, Viewer], str]] = {
    "html --as": lambda side, viewer: render_page(side.game, side.replay, viewer),
    "html --as --keep-annotations": lambda side, viewer: render_page(
        side.game, side.replay, viewer, keep_annotations=True
    ),
    # a quiz asks at a player's decisions (a spectator has none: refused by the command)
    "html --quiz --as": lambda side, viewer: render_page(side.game, side.replay, viewer, quiz=True),
}
#: Pages for a player only.
PLAYERS_ONLY = frozenset({"html --quiz --as"})


def _data(page: str) -> dict[str, Any]:
    found = _DATA.search(page)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(2))
    return data


def source_at(page: str, frame: int) -> str:
    """What ``page`` holds for a reader who has stepped no further than ``frame`` on the main
    line: the markup, and the data without the frames after ``frame`` and without the
    move-list entries (and quiz questions) of moves after it."""
    found = _DATA.search(page)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(2))
    data["frames"] = data["frames"][: frame + 1]
    data["record"] = [[_node_until(node, frame) for node in line] for line in data["record"]]
    data["rounds"] = [mark for mark in data["rounds"] if mark[1] <= frame]
    if data.get("quiz"):
        data["quiz"] = [q for q in data["quiz"] if q["at"] <= frame]
    markup = page[: found.start(2)] + page[found.end(2) :]
    return markup + json.dumps(data, sort_keys=True)


def _node_until(node: dict[str, Any], frame: int) -> dict[str, Any]:
    if node.get("t") != "i":
        return node
    return {**node, "m": [m for m in node["m"] if m.get("f", 0) <= frame]}


@dataclass
class Pair:
    """Twins that differ in one secret, both cut at the decision that reveals it."""

    spot: Spot
    a: Side
    b: Side
    reveal_frame: int  # the frame of the revealing decision on the main line


@dataclass
class Found:
    pairs: int = 0
    checks: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    #: questions the quiz pages asked before their pair's reveal
    quiz_questions: int = 0


def pair_at_reveal(game: Base, spot: Spot, alternative: Any) -> Pair | None:
    """The twins for ``spot`` cut at its reveal; None when the twin's record does not replay
    as far (the other secret made a later written move illegal)."""
    from mcn.notation.model import Move

    steps = game.steps
    if spot.reveal >= len(steps):
        return None
    move = steps[spot.index].move
    assert move is not None
    changed = Move(move.actor, tuple(alternative.text.split()))
    sides = []
    for change in (None, (spot.index, changed)):
        record = _cut(game.game, steps, spot.reveal, change)
        replay = replay_game(record, keep_states=True)
        if not replay.valid or replay.main is None or len(replay.main.steps) <= spot.reveal:
            return None
        sides.append(Side(record, replay))
    return Pair(spot, sides[0], sides[1], spot.reveal + 1)


def pairs_of(game: Base, rng: random.Random, per_kind: int, kinds: Sequence[str]) -> Iterator[Pair]:
    by_kind: dict[str, list[Spot]] = {}
    for spot in spots(game):
        if spot.index < spot.reveal < len(game.steps):
            by_kind.setdefault(spot.kind, []).append(spot)
    for kind in kinds:
        candidates = by_kind.get(kind, [])
        rng.shuffle(candidates)
        made = 0
        for spot in candidates:
            if made >= per_kind:
                break
            options = alternatives(game, spot)
            if not options:
                continue
            pair = pair_at_reveal(game, spot, rng.choice(options))
            if pair is not None:
                made += 1
                yield pair


def first_difference(a: str, b: str, reveal_frame: int) -> int | None:
    """The first frame before the reveal at which the sources differ (None: they never do).
    Sources grow with the frame, so a difference at ``f`` shows at every later frame: the
    check reads the last frame before the reveal, then looks for the first."""
    if source_at(a, reveal_frame - 1) == source_at(b, reveal_frame - 1):
        return None
    return next(f for f in range(reveal_frame) if source_at(a, f) != source_at(b, f))


def check_pages(
    players: Sequence[int],
    seeds: Sequence[int],
    *,
    pages: dict[str, Callable[[Side, Viewer], str]] | None = None,
    per_kind: int = 1,
    kinds: Sequence[str] = KINDS,
    rng_seed: int = 0,
) -> Found:
    """Twins cut at their reveal from the seeded games, each page kind for one viewer who
    has not seen the secret (chosen at random)."""
    rng = random.Random(rng_seed)
    found = Found()
    for count in players:
        for seed in seeds:
            game = base(count, seed)
            for pair in pairs_of(game, rng, per_kind, kinds):
                choices = viewers(game, pair.spot)
                viewer = rng.choice(choices)
                players = [v for v in choices if v is not None]
                for name, render in (pages or PAGES).items():
                    if name in PLAYERS_ONLY and viewer is None:
                        if not players:
                            continue  # every player has seen it (a gift in a 2-player game)
                        viewer = rng.choice(players)
                    found.checks += 1
                    page_a, page_b = render(pair.a, viewer), render(pair.b, viewer)
                    frame = first_difference(page_a, page_b, pair.reveal_frame)
                    if name in PLAYERS_ONLY:
                        asked = _data(page_a)["quiz"]
                        found.quiz_questions += sum(q["at"] < pair.reveal_frame for q in asked)
                    if frame is not None:
                        found.failures.append(
                            f"{count} players, seed {seed}, {pair.spot.kind} at "
                            f"{game.steps[pair.spot.index].address}, as "
                            f"{viewer or 'spectator'}: {name} source differs at frame {frame}"
                            f" (the reveal is frame {pair.reveal_frame})"
                        )
                found.pairs += 1
                found.by_kind[pair.spot.kind] = found.by_kind.get(pair.spot.kind, 0) + 1
    return found
