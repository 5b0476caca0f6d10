"""The move vocabulary: every decision of the game, who takes it and how a record writes it.

This table is the one source of the move words. ``docs/notation.md`` ("Move vocabulary") and
``mcn help moves`` both print it (:func:`markdown_table`, :func:`terminal_table`), a test keeps
the docs section equal to :func:`markdown_table` and parses every example, and the teaching
hints (:mod:`mcn.notation.hints`) suggest close matches from :data:`VERBS`. The engine reads
the words (:func:`mcn.engine.parse_action`); this module only describes them, so a new action
needs a row here too (a test checks that every action class of the engine is described).

Rebuild the docs section after editing a row: ``python -m mcn.notation.vocabulary
docs/notation.md``.
"""

from __future__ import annotations

import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mcn.base.plain import PlainValue


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class MoveForm(PlainValue):
    """One row: a decision (or one verb of a many-verb decision) and how it is written.

    ``kind`` is the engine's decision kind (``mcn.engine.decision.DECISIONS``); ``forms`` are
    the text forms with placeholders in capitals; ``example`` is MCN text (one or more items)
    whose moves show the forms in context; ``rules`` are the rule IDs (RULES.md); ``grammar``
    names the rules of ``grammar/moves.lark`` that define the forms (shown beside them).
    """

    decision: str
    who: str
    forms: tuple[str, ...]
    example: str
    rules: tuple[str, ...]
    kind: str
    grammar: tuple[str, ...]


#: Placeholders used in :attr:`MoveForm.forms`, explained under the table.
PLACEHOLDERS: Final = (
    ("C", "a player's colour initial: R B G Y"),
    ("COLOUR", "a letter colour in full: yellow blue red green"),
    ("GOOD", "bread wine cloth jewel"),
    ("STONE", "a good or indulgence"),
    ("COIN", "1 2 5 10 (taler)"),
    ("ITEM", "a GOOD or a COIN"),
    ("COMP", "a chest compartment: I or II"),
    ("DEN", "lust petty greed"),
    ("SITE", "a cathedral site: 1 2 3"),
    ("ROOM", "rooms 1-4, suites 5 and 6"),
    ("CARD", "a House of Pleasure card: take-5, emperor-letter, pope-stone, …"),
    ("CODE", "an agreed infraction code (I-MET-4), such as late-rotation"),
    ("N+T", "notches 1-6 plus taler, one token without spaces"),
)

MOVES: Final[tuple[MoveForm, ...]] = (
    MoveForm(
        "soul order",
        "chance: the order seen on the table, nearest Heaven first",
        ("souls C C C…",),
        "souls: Y G B R",
        ("R-SET-1",),
        "souls",
        ("souls",),
    ),
    MoveForm(
        "starting bonus",
        "each player, the soul nearest Heaven first",
        ("bonus bread>COMP wine>COMP", "bonus jewel>COMP", "bonus 10>COMP", "bonus blue"),
        "B: bonus bread>I wine>II",
        ("R-SET-4", "R-SET-5"),
        "bonus",
        ("bonus",),
    ),
    MoveForm(
        "market draw",
        "chance: the 7 stones drawn, in any order",
        ("market STONE STONE STONE STONE STONE STONE STONE",),
        "market: bread bread wine cloth jewel jewel indulgence",
        ("R-RND-2",),
        "market",
        ("market",),
    ),
    MoveForm(
        "room cards",
        "chance: the cards of rooms 1-4, in room order",
        ("rooms CARD CARD CARD CARD",),
        "rooms: take-5 emperor-letter pope-stone new-crew",
        ("R-RND-2",),
        "rooms",
        ("rooms",),
    ),
    MoveForm(
        "secret bid",
        "every player at once",
        ("bid N+T",),
        "R: bid 3+5  B: bid 4+0",
        ("R-BID-1",),
        "bid",
        ("bid",),
    ),
    MoveForm(
        "character choice",
        "the highest bid first, then down the bids (2 players: two each)",
        ("choose pope", "choose emperor", "choose merchant", "choose sinner"),
        "R: choose emperor",
        ("R-BID-2", "R-P2-1"),
        "choose",
        ("choose",),
    ),
    MoveForm(
        "Pope's preliminary",
        "the Pope",
        ("pope-stone DEN>DEN", "skip"),
        "B: choose pope; pope-stone greed>lust",
        ("R-CHR-1",),
        "preliminary",
        ("pope_stone", "skip"),
    ),
    MoveForm(
        "Emperor's preliminary",
        "the Emperor",
        ("crew SITE",),
        "G: choose emperor; crew 3",
        ("R-CHR-2",),
        "preliminary",
        ("crew",),
    ),
    MoveForm(
        "Petty Sinner's visit",
        "the Petty Sinner (his 2 sins are placed by themselves)",
        ("visit ROOM", "skip"),
        "R: choose sinner; visit 1",
        ("R-CHR-4",),
        "sinner-visit",
        ("visit", "skip"),
    ),
    MoveForm(
        "turn: pass",
        "the player whose character is on turn",
        ("pass",),
        "8. G: pass",
        ("R-ACT-2",),
        "action",
        ("pass",),
    ),
    MoveForm(
        "turn: buy a good",
        "the player on turn",
        ("buy GOOD",),
        "1. B: buy wine",
        ("R-BUY-1",),
        "action",
        ("buy",),
    ),
    MoveForm(
        "turn: greedy purchase",
        "the player on turn",
        ("greedy GOOD",),
        "3. G: greedy bread",
        ("R-BUY-3",),
        "action",
        ("greedy",),
    ),
    MoveForm(
        "turn: buy a letter",
        "the player on turn",
        ("letter red", "letter green"),
        "7. R: letter green",
        ("R-BUY-2",),
        "action",
        ("letter_purchase",),
    ),
    MoveForm(
        "turn: sell",
        "the player on turn",
        ("sell GOOD",),
        "4. Y: sell bread",
        ("R-SEL-1",),
        "action",
        ("sell",),
    ),
    MoveForm(
        "turn: donate",
        "the player on turn",
        ("donate GOOD>COMP", "donate COIN>COMP"),
        "5. B: donate 2>I",
        ("R-DON-1",),
        "action",
        ("donate",),
    ),
    MoveForm(
        "turn: the Emperor's donation",
        "the Emperor: two items in one move",
        ("donate ITEM>COMP ITEM>COMP",),
        "2. G: donate 2>I 5>II",
        ("R-DON-2",),
        "action",
        ("donate",),
    ),
    MoveForm(
        "turn: visit the House of Pleasure",
        "the player on turn (the Pope: sets the Pope die)",
        ("visit ROOM",),
        "6. R: visit 1; do",
        ("R-HOP-1", "R-POP-1"),
        "action",
        ("visit",),
    ),
    MoveForm(
        "turn: no second action",
        "the player on turn (may be left out: the next move implies it)",
        ("end",),
        "1. B: buy jewel; end",
        ("R-ACT-3",),
        "action",
        ("end",),
    ),
    MoveForm(
        "Merchant's free stone",
        "the Merchant, at the end of each of his turns",
        ("free GOOD", "free indulgence>red", "free indulgence>green"),
        "3. R: pass; free indulgence>green",
        ("R-ACT-5", "R-P3-1"),
        "merchant-stone",
        ("free",),
    ),
    MoveForm(
        "Pope's guess",
        "the other player nearest Hell",
        ("guess ROOM",),
        "1. B: visit 3; R: guess 4",
        ("R-POP-1",),
        "guess",
        ("guess",),
    ),
    MoveForm(
        "Suite 5 room",
        "the visitor",
        ("room ROOM",),
        "4. Y: visit 5; room 2",
        ("R-HOP-4",),
        "suite5-room",
        ("suite_room",),
    ),
    MoveForm(
        "room card: carry out or not",
        "the visitor",
        ("do", "decline"),
        "6. R: visit 1; decline",
        ("R-HOP-3",),
        "effect",
        ("do", "decline"),
    ),
    MoveForm(
        "room card: new-crew / move-crew",
        "the visitor",
        ("crew SITE", "crew SITE>SITE"),
        "8. G: visit 3; crew 2>3",
        ("R-HOP-3",),
        "effect",
        ("crew",),
    ),
    MoveForm(
        "room card: pope-stone",
        "the visitor",
        ("pope-stone DEN>DEN",),
        "2. Y: visit 2; pope-stone petty>greed",
        ("R-HOP-3",),
        "effect",
        ("pope_stone",),
    ),
    MoveForm(
        "room card: free-good",
        "the visitor",
        ("take GOOD",),
        "4. B: visit 3; take wine",
        ("R-HOP-3",),
        "effect",
        ("take",),
    ),
    MoveForm(
        "room card: steal-3",
        "the visitor",
        ("steal C",),
        "1. B: visit 4; steal R",
        ("R-HOP-3",),
        "effect",
        ("steal",),
    ),
    MoveForm(
        "Emperor's gift (emperor-letter)",
        "the Emperor, who picks the letter he gives",
        ("give COLOUR",),
        "8. G: visit 2; do; R: give green",
        ("R-HOP-3",),
        "gift",
        ("give",),
    ),
    MoveForm(
        "den to empty",
        "a player out of sin stones",
        ("empty DEN",),
        "G: choose sinner; empty petty",
        ("R-DEN-4",),
        "empty-den",
        ("empty",),
    ),
    MoveForm(
        "letter pick at an evaluation",
        "the donors, the biggest first",
        ("pick COLOUR",),
        "4. B: visit 4; crew 3; R: pick green; G: pick blue",
        ("R-EVA-2", "R-EVA-3"),
        "pick",
        ("pick",),
    ),
    MoveForm(
        "infraction (META CULPA)",
        "any player but the Petty Sinner, at any time",
        ("infraction CODE",),
        "R: infraction late-rotation",
        ("R-MET-1",),
        "infraction",
        ("infraction",),
    ),
    MoveForm(
        "cost left undone (META CULPA)",
        "the Petty Sinner, right after the move that cost it (I-MET-6)",
        ("undone money", "undone post", "undone sin"),
        "4. Y: greedy wine; undone money; undone sin",
        ("R-MET-2",),
        "infraction",
        ("undone",),
    ),
    MoveForm(
        "Petty Sinner caught (META CULPA)",
        "any other player, until the posts are compared (I-MET-6)",
        ("catch money", "catch post", "catch sin"),
        "G: catch sin",
        ("R-MET-2",),
        "infraction",
        ("catch",),
    ),
)

#: Every verb (an action text's first word), in table order.
VERBS: Final[tuple[str, ...]] = tuple(
    dict.fromkeys(form.split()[0] for row in MOVES for form in row.forms)
)


def grammar_rules() -> dict[str, str]:
    """The rules of ``grammar/moves.lark`` by name, each as one line without comments
    (``buy: "buy"i _SP _stone``): what the tables show beside each form."""
    from mcn.io import resources
    from mcn.notation.grammar import rule_lines

    text = resources.grammar_path("moves").read_text(encoding="utf-8")
    return {line.split(":", 1)[0].lstrip("!?"): line for line in rule_lines(text)}


#: How moves group into items, and when a turn ends: one rule, printed under both tables and
#: applied by replay (mcn/replay/walk.py).
ITEMS: Final = (
    "Items: an item's end carries no meaning. One item per move is as valid as one per turn "
    "(`1. B: buy wine` then `B: sell bread` is one turn, as is `1. B: buy wine; sell bread`). "
    "A turn ends at its `end`, at the next move that cannot be its second action (another "
    "player's move, a Merchant's `free …`), at a label naming another turn (`2.`), at a "
    "section marker or checkpoint, or at the end of the record. Write `end` (or the label) "
    "where the same player moves next in a new turn: `B: buy wine; end` then `B: sell bread`."
)


def markdown_table() -> str:
    """The table for docs/notation.md (rows, then the placeholders)."""
    rules = grammar_rules()
    lines = [
        "| decision | who decides | text forms | example | grammar (moves.lark) | rule |",
        "|---|---|---|---|---|---|",
    ]
    for row in MOVES:
        forms = ", ".join(f"`{form}`" for form in row.forms)
        grammar = "<br>".join(f"`{rules[name]}`" for name in row.grammar).replace("|", "\\|")
        lines.append(
            f"| {row.decision} | {row.who} | {forms} | `{row.example}` | {grammar} "
            f"| {', '.join(row.rules)} |"
        )
    lines.append("")
    lines.append(
        "Placeholders: " + "; ".join(f"`{name}` {meaning}" for name, meaning in PLACEHOLDERS) + "."
    )
    lines.append("")
    lines.append(ITEMS)
    return "\n".join(lines) + "\n"


def terminal_table(width: int = 100) -> str:
    """The same table for a terminal: one block per row, aligned, within ``width`` columns."""
    rules = grammar_rules()
    out: list[str] = []
    for row in MOVES:
        ids = ", ".join(row.rules)
        head = row.decision
        out.append(head + " " * max(2, width - len(head) - len(ids)) + ids)
        out.append(f"  who:      {row.who}")
        out.append(f"  forms:    {'  |  '.join(row.forms)}")
        out.append(f"  example:  {row.example}")
        for name in row.grammar:
            out.append(f"  grammar:  {rules[name]}")
        out.append("")
    out.append("Placeholders:")
    for name, meaning in PLACEHOLDERS:
        out.append(f"  {name:<8}{meaning}")
    out.append("")
    out.extend(textwrap.wrap(ITEMS.replace("`", "'"), width))
    out.append("")
    out.append(
        "The grammar lines are rules of grammar/moves.lark (docs/notation.md, 'Implementing MCN')."
    )
    return "\n".join(out) + "\n"


START: Final = (
    "<!-- move vocabulary: generated by `python -m mcn.notation.vocabulary docs/notation.md` -->"
)
END: Final = "<!-- end of move vocabulary -->"
_SECTION = re.compile(re.escape(START) + r"\n.*?" + re.escape(END), re.DOTALL)


def docs_section(text: str) -> str | None:
    """The generated part of a docs file (between the markers, exclusive), if present."""
    match = _SECTION.search(text)
    if match is None:
        return None
    return match.group()[len(START) + 1 : -len(END)]


def update_docs(text: str) -> str:
    """``text`` with its generated section replaced by the current table."""
    if _SECTION.search(text) is None:
        raise ValueError(f"no generated section: add the lines {START!r} and {END!r}")
    return _SECTION.sub(lambda _: f"{START}\n{markdown_table()}{END}", text)


def main(argv: list[str]) -> int:
    """``python -m mcn.notation.vocabulary FILE``: rewrite the generated section of FILE."""
    if len(argv) != 1:
        print("usage: python -m mcn.notation.vocabulary docs/notation.md", file=sys.stderr)
        return 2
    path = Path(argv[0])
    old = path.read_text(encoding="utf-8")
    new = update_docs(old)
    if new != old:
        from mcn.io.safe_write import write_text_atomic

        write_text_atomic(path, new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
