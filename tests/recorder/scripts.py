"""Shared pieces for the recorder tests: a record's written moves as recorder answers."""

from __future__ import annotations

from pathlib import Path

from mcn.notation import parse
from mcn.notation.model import Game, Item

ROOT = Path(__file__).resolve().parents[2]
GAME_3P = ROOT / "examples" / "game-3p.mcn"
HEADERS_3P = [
    "--players",
    "R,B,G",
    "-H",
    "Event=Spieletreff Nord",
    "-H",
    "Site=Stadtteilzentrum Eimsbüttel, Hamburg",
    "-H",
    "Date=2024.01.19",
    "-H",
    "Red=Anke Petersen",
    "-H",
    "Blue=Jonas Albers",
    "-H",
    "Green=Fatma Yilmaz",
]


def game_of(path: Path) -> Game:
    (game,) = parse(path.read_text(encoding="utf-8")).games
    return game


def answers_of(game: Game) -> list[str]:
    """The decisions a record writes, one answer per line as typed at the table
    (``souls: G B R``, ``G: bonus jewel>II``, ``3. R: visit 2``, …)."""
    out = []
    for element in game.body:
        if isinstance(element, Item):
            for index, move in enumerate(element.moves):
                label = f"{element.label}. " if index == 0 and element.label else ""
                if move.is_chance:
                    out.append(f"{move.tokens[0]}: {' '.join(move.tokens[1:])}")
                else:
                    out.append(f"{label}{move.actor}: {move.text}")
    return out
