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


_CARD_COUNTS = {card: count for card, (count, _cost) in CARDS.items()}


def violations(s: GameState) -> list[str]:
    """Every broken invariant, as plain-English lines (empty when all hold)."""
    out: list[str] = []
    players = s.players
    goods = [s.goods[c] for c in players]
    chests = [box for c in players for box in s.chest[c]]
    stones = [sum(column) for column in zip(s.bag, s.market, *goods, *chests, strict=False)]
    stones.append(s.bag[4] + s.market[4])
    if stones != list(GOODS_TOTAL):
        for name, have, want in zip(STONES, stones, GOODS_TOTAL, strict=True):
            if have != want:
                out.append(f"{name}: {have} stones in play, expected {want}")
    display = s.evaluation[3] if s.evaluation is not None else [0, 0, 0, 0]
    letters = [
        sum(column)
        for column in zip(s.supply, display, *(s.letters[c] for c in players), strict=True)
    ]
    letters[0] += s.suite6
    if letters != list(LETTERS_TOTAL):
        for name, have, want in zip(LETTERS, letters, LETTERS_TOTAL, strict=True):
            if have != want:
                out.append(f"{name} letters: {have} in play, expected {want}")
    for c in players:
        own = s.sins[c]
        if min(own) < 0 or sum(own) > SIN_STONES:
            out.append(f"{c}: sin stones {own} (at most {SIN_STONES} in dens)")
        if s.money[c] < 0:
            out.append(f"{c}: money {s.money[c]} is negative")
        if not POST_MIN <= s.post[c] <= POST_MAX:
            out.append(f"{c}: post {s.post[c]} outside {POST_MIN}..{POST_MAX}")
    if min(min(v) for v in (*goods, *chests, *(s.letters[c] for c in players))) < 0:
        out.append("negative goods, letters or chest contents")
    crews = s.hut + s.card_crew + sum(s.crews)
    if crews != CREWS:
        out.append(f"crews: {crews} counted, expected {CREWS}")
    for site in range(3):
        if not 0 <= s.crews[site] <= 1 or not 0 <= s.levels[site] <= 2:
            out.append(f"site {site + 1}: {s.crews[site]} crews, level {s.levels[site]}")
        if s.levels[site] == 2 and s.crews[site]:
            out.append(f"site {site + 1} is finished but holds a crew")
    if s.finished != s.levels.count(2):
        out.append(f"finished cathedrals: {s.finished} vs levels {s.levels}")
    if sum(s.pope_stones) != POPE_STONES or min(s.pope_stones) < 0 or max(s.pope_stones) > 2:
        out.append(f"Pope stones {s.pope_stones} (3 in all, never 3 at one den at rest)")
    cards = {card: n for card, n in s.pile.items() if n}
    for card, n in s.discard.items():
        cards[card] = cards.get(card, 0) + n
    for room_card in s.rooms:
        if room_card is not None:
            cards[room_card] = cards.get(room_card, 0) + 1
    if cards != _CARD_COUNTS:
        out.append(f"House of Pleasure cards: {cards}, expected {_CARD_COUNTS} ({DECK_SIZE})")
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
