"""Conservation laws and ranges the state must always satisfy.

These are independent of how the rules are implemented: pieces are never created or lost
(R-SUP-1..5), money never goes negative, posts stay within 1..6, souls obey R-MOV-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.constants import (
    CARDS,
    CREWS,
    DECK_SIZE,
    GOODS_TOTAL,
    LETTERS,
    LETTERS_TOTAL,
    POPE_STONES,
    POST_MAX,
    POST_MIN,
    SIN_STONES,
    STONES,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def violations(s: GameState) -> list[str]:
    """Every broken invariant, as plain-English lines (empty when all hold)."""
    out: list[str] = []
    players = s.players
    for i, name in enumerate(STONES):
        total = s.bag[i] + s.market[i]
        if i < 4:
            total += sum(s.goods[c][i] + s.chest[c][0][i] + s.chest[c][1][i] for c in players)
        if total != GOODS_TOTAL[i]:
            out.append(f"{name}: {total} stones in play, expected {GOODS_TOTAL[i]}")
    for i, name in enumerate(LETTERS):
        total = s.supply[i] + sum(s.letters[c][i] for c in players)
        if i == 0:
            total += s.suite6
        if s.evaluation is not None:
            total += s.evaluation[3][i]
        if total != LETTERS_TOTAL[i]:
            out.append(f"{name} letters: {total} in play, expected {LETTERS_TOTAL[i]}")
    for c in players:
        own = s.sins[c]
        if min(own) < 0 or sum(own) > SIN_STONES:
            out.append(f"{c}: sin stones {own} (at most {SIN_STONES} in dens)")
        if s.money[c] < 0:
            out.append(f"{c}: money {s.money[c]} is negative")
        if min(s.goods[c]) < 0 or min(s.letters[c]) < 0:
            out.append(f"{c}: negative goods or letters")
        if min(s.chest[c][0]) < 0 or min(s.chest[c][1]) < 0:
            out.append(f"{c}: negative chest contents")
        if not POST_MIN <= s.post[c] <= POST_MAX:
            out.append(f"{c}: post {s.post[c]} outside {POST_MIN}..{POST_MAX}")
    crews = s.hut + s.card_crew + sum(s.crews)
    if crews != CREWS:
        out.append(f"crews: {crews} counted, expected {CREWS}")
    for site in range(3):
        if not 0 <= s.crews[site] <= 1 or not 0 <= s.levels[site] <= 2:
            out.append(f"site {site + 1}: {s.crews[site]} crews, level {s.levels[site]}")
        if s.levels[site] == 2 and s.crews[site]:
            out.append(f"site {site + 1} is finished but holds a crew")
    if s.finished != sum(1 for level in s.levels if level == 2) or s.finished > 2:
        out.append(f"finished cathedrals: {s.finished} vs levels {s.levels}")
    if sum(s.pope_stones) != POPE_STONES or min(s.pope_stones) < 0 or max(s.pope_stones) > 2:
        out.append(f"Pope stones {s.pope_stones} (3 in all, never 3 at one den at rest)")
    cards = sum(s.pile.values()) + sum(s.discard.values()) + sum(1 for r in s.rooms if r)
    if cards != DECK_SIZE:
        out.append(f"House of Pleasure cards: {cards} counted, expected {DECK_SIZE}")
    for card, (count, _cost) in CARDS.items():
        n = s.pile.get(card, 0) + s.discard.get(card, 0) + s.rooms.count(card)
        if n != count:
            out.append(f"{card}: {n} cards, expected {count}")
    out.extend(_soul_violations(s))
    return out


def _soul_violations(s: GameState) -> list[str]:
    out: list[str] = []
    heaven = -s.board.heaven
    seen: dict[int, str] = {}
    for c in s.players:
        p = s.pos[c]
        if not heaven <= p <= s.board.hell:
            out.append(f"{c}: soul on space {p}, outside {heaven}..{s.board.hell}")
        if p not in (0, heaven):
            if p in seen:
                out.append(f"{c} and {seen[p]} share space {p} (R-MOV-2)")
            seen[p] = c
        if p < 0 and s.phase != "end":
            out.append(f"{c}: soul moved toward Heaven before the game end (R-MOV-1)")
    for shared in (0, heaven):
        ties = [s.tie[c] for c in s.players if s.pos[c] == shared]
        if len(ties) != len(set(ties)):
            out.append(f"souls sharing space {shared} have no strict order")
    return out
