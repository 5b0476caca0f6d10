"""The text parser of actions: :func:`parse_action` reads any spelling of an action's text
(case-insensitive, any whitespace, any order where order carries no meaning) and returns the same
action, so ``parse_action(a.actor, a.text) == a`` always holds.

``grammar/moves.lark`` defines the same language: on every text a record's move token can hold,
this reader accepts exactly what that grammar accepts (``tests/notation/test_move_grammar.py``
proves it on generated and mutated input). A change of the move language changes both.

Parsing knows only syntax; whether an action is legal now is the state's business
(:meth:`GameState.check`).
"""

from __future__ import annotations

from typing import Final

from mcn.engine.actions.base import Action, ActionSyntaxError
from mcn.engine.actions.characters import Bid, Choose, MoveCrew, MovePopeStone, PlaceCrew, Skip
from mcn.engine.actions.setup import Bonus, MarketDraw, RoomCards, SoulOrder
from mcn.engine.actions.side import Catch, Infraction, Undone
from mcn.engine.actions.turns import (
    Buy,
    BuyLetter,
    ChooseRoom,
    Decline,
    Do,
    Donate,
    EmptyDen,
    End,
    FreeStone,
    Give,
    Greedy,
    Guess,
    Pass,
    Pick,
    Sell,
    Steal,
    TakeGood,
    Visit,
)
from mcn.engine.constants import (
    CARDS,
    CHANCE,
    CHARACTERS,
    COINS,
    COLOURS,
    COMPARTMENTS,
    DENS,
    GOODS,
    INFRACTION_CODES,
    LETTERS,
    ROOMS,
    SITES,
    STONE_INDEX,
    STONES,
)

# The parser checks vocabulary and shape only: a word must name a stone, letter, den, card,
# character or colour of the game and a number must be a number. Whether the value is allowed
# here (7 notches, a yellow letter to buy, a duplicate soul) is a rule question answered by
# GameState.check with the rule's ID.

_STONE_SET: Final = frozenset(STONES)
#: What a Petty Sinner may leave undone under META CULPA (I-MET-6).
OWED_COSTS: frozenset[str] = frozenset(("money", "post", "sin"))
_LETTER_SET: Final = frozenset(LETTERS)
_DEN_SET: Final = frozenset(DENS)
_COMP_SET: Final = frozenset(COMPARTMENTS)
# Made once here, not per token read (a room card draw names six cards: in the compiled build
# building the set was half of reading a chance outcome).
_CARD_SET: Final = frozenset(CARDS)
_CHARACTER_SET: Final = frozenset(CHARACTERS)
_BONUS_SET: Final = _STONE_SET | _LETTER_SET
_INFRACTION_SET: Final = frozenset(INFRACTION_CODES)
_ITEM_ORDER: Final = {
    **{g: i for i, g in enumerate(GOODS)},
    "indulgence": 4,
    **{str(c): 5 + i for i, c in enumerate(COINS)},
    **{x: 9 + i for i, x in enumerate(LETTERS)},
}


_MAX_DIGITS = 9


def _fail(text: str, why: str) -> ActionSyntaxError:
    return ActionSyntaxError(f"cannot read action {text!r}: {why}")


def _number(token: str, what: str, text: str) -> int:
    body = token[1:] if token.startswith("-") else token
    # ASCII only: str.isdigit() also accepts '²' or '٣', which int() rejects or misreads.
    if not (body.isascii() and body.isdigit()):
        raise _fail(text, f"{what} must be a number, not {token!r}")
    # No quantity of the game comes near this; int() refuses more than 4300 digits anyway.
    if len(body) > _MAX_DIGITS:
        raise _fail(text, f"{what} is too large ({len(body)} digits)")
    return int(token)


def _ranged(token: str, low: int, high: int, what: str, text: str) -> int:
    value = _number(token, what, text)
    if not low <= value <= high:
        raise _fail(text, f"{what} must be {low}..{high}, not {value}")
    return value


def _pair(token: str, text: str) -> tuple[str, str]:
    left, sep, right = token.partition(">")
    if not sep or not left or not right or ">" in right:
        raise _fail(text, f"expected X>Y, not {token!r}")
    return left, right


def _comp(token: str, text: str) -> str:
    comp = token.upper()
    if comp not in _COMP_SET:
        raise _fail(text, f"compartment must be I or II, not {token!r}")
    return comp


def _one(word: str, value: str, allowed: frozenset[str], text: str) -> str:
    if value not in allowed:
        raise _fail(text, f"{word} must be one of {', '.join(sorted(allowed))}, not {value!r}")
    return value


def _colour(token: str, text: str) -> str:
    colour = token.upper()
    if colour not in COLOURS:
        raise _fail(text, f"player colour must be R, B, G or Y, not {token!r}")
    return colour


def _expect(tokens: list[str], count: int, text: str) -> None:
    if len(tokens) != count:
        head = tokens[0]
        raise _fail(text, f"'{head}' takes {count - 1} argument(s), got {len(tokens) - 1}")


def canonical_items(items: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Bonus or donation items in canonical order: goods, coins by value, letters;
    compartment I before II."""
    # Sorted as plain tuples, not with a key function (compiled, each key call was a generic
    # call back into the module); items with equal keys are equal, so the order is the same.
    keyed = sorted([(_ITEM_ORDER.get(item, 99), item, comp) for item, comp in items])
    return tuple([(item, comp) for _, item, comp in keyed])


def _items(tokens: list[str], text: str, allowed: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """``ITEM>COMPARTMENT`` or bare ``ITEM`` tokens; items are vocabulary words or numbers."""
    items: list[tuple[str, str]] = []
    for token in tokens:
        if ">" in token:
            item, comp = _pair(token, text)
            comp = _comp(comp, text)
        else:
            item, comp = token, ""
        if item not in allowed:
            _number(item, "an item", text)
            item = str(int(item))
        items.append((item, comp))
    return canonical_items(items)


def _parse_chance(actor: str, tokens: list[str], text: str) -> Action:
    head = tokens[0]
    if head == "souls":
        # A colour named twice is the rule's question (R-SET-1), like a colour left out.
        return SoulOrder(actor, tuple(_colour(t, text) for t in tokens[1:]))
    if head == "market":
        stones = [_one("a market stone", t, _STONE_SET, text) for t in tokens[1:]]
        return MarketDraw(actor, tuple(sorted(stones, key=STONE_INDEX.__getitem__)))
    cards = tuple(_one("a room card", t, _CARD_SET, text) for t in tokens[1:])
    return RoomCards(actor, cards)


_ARGLESS: dict[str, type[Action]] = {
    "skip": Skip,
    "pass": Pass,
    "end": End,
    "do": Do,
    "decline": Decline,
}
_STONE_ACTIONS: dict[str, type[Buy | Greedy | Sell | TakeGood]] = {
    "buy": Buy,
    "greedy": Greedy,
    "sell": Sell,
    "take": TakeGood,
}


#: Every verb a player's move may start with (the parser's own table below).
_PLAYER_VERBS: tuple[str, ...] = (
    *_ARGLESS,
    *_STONE_ACTIONS,
    "bid",
    "bonus",
    "catch",
    "choose",
    "crew",
    "donate",
    "empty",
    "free",
    "give",
    "guess",
    "infraction",
    "letter",
    "pick",
    "pope-stone",
    "room",
    "steal",
    "undone",
    "visit",
)
#: The same as a set: the reader asks whether a word is a verb (a lookup, not a scan of 27).
_VERB_SET: Final = frozenset(_PLAYER_VERBS)


def unknown_verb(head: str) -> str:
    """``unknown move 'bye'; did you mean 'buy', …?``: the three closest verbs by spelling
    (``mcn help moves`` lists them all)."""
    import difflib

    close = difflib.get_close_matches(head, _PLAYER_VERBS, n=3, cutoff=0.0)
    quoted = [repr(verb) for verb in close]
    named = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"unknown move {head!r}; did you mean {named}?"


def _parse_player(actor: str, tokens: list[str], text: str) -> Action:
    head = tokens[0]
    if head not in _VERB_SET:
        raise _fail(text, unknown_verb(head))
    if head in _ARGLESS:
        _expect(tokens, 1, text)
        return _ARGLESS[head](actor)
    if head == "bonus":
        if len(tokens) < 2:
            raise _fail(text, "'bonus' names its items")
        return Bonus(actor, _items(tokens[1:], text, _BONUS_SET))
    if head == "donate":
        if len(tokens) < 2:
            raise _fail(text, "'donate' names one or two ITEM>COMPARTMENT")
        return Donate(actor, _items(tokens[1:], text, _STONE_SET))
    _expect(tokens, 2, text)
    arg = tokens[1]
    if head == "bid":
        notches, sep, taler = arg.partition("+")
        if not sep:
            raise _fail(text, f"a bid is NOTCHES+TALER, not {arg!r}")
        return Bid(actor, _number(notches, "notches", text), _number(taler, "taler", text))
    if head == "choose":
        return Choose(actor, _one("a character", arg, _CHARACTER_SET, text))
    if head == "pope-stone":
        source, target = _pair(arg, text)
        return MovePopeStone(
            actor, _one("a den", source, _DEN_SET, text), _one("a den", target, _DEN_SET, text)
        )
    if head == "crew":
        if ">" in arg:
            source, target = _pair(arg, text)
            return MoveCrew(
                actor,
                _ranged(source, 1, SITES, "site", text),
                _ranged(target, 1, SITES, "site", text),
            )
        return PlaceCrew(actor, _ranged(arg, 1, SITES, "site", text))
    if head in _STONE_ACTIONS:
        return _STONE_ACTIONS[head](actor, _one("a market stone", arg, _STONE_SET, text))
    if head == "letter":
        return BuyLetter(actor, _one("a letter colour", arg, _LETTER_SET, text))
    if head == "give":
        return Give(actor, _one("a letter colour", arg, _LETTER_SET, text))
    if head == "pick":
        return Pick(actor, _one("a letter colour", arg, _LETTER_SET, text))
    if head == "visit":
        return Visit(actor, _ranged(arg, 1, 6, "room", text))
    if head == "guess":
        return Guess(actor, _ranged(arg, 1, 6, "room", text))
    if head == "room":
        return ChooseRoom(actor, _ranged(arg, 1, ROOMS, "room", text))
    if head == "free":
        if ">" in arg:
            stone, colour = _pair(arg, text)
            if stone != "indulgence":
                raise _fail(text, "only an indulgence stone names a letter colour")
            return FreeStone(actor, stone, _one("a letter colour", colour, _LETTER_SET, text))
        return FreeStone(actor, _one("a market stone", arg, _STONE_SET, text))
    if head == "steal":
        return Steal(actor, _colour(arg, text))
    if head == "empty":
        return EmptyDen(actor, _one("a den", arg, _DEN_SET, text))
    if head in ("undone", "catch"):
        what = _one("an owed cost", arg, OWED_COSTS, text)
        return Undone(actor, what) if head == "undone" else Catch(actor, what)
    if head == "infraction":
        return Infraction(actor, _one("an infraction code", arg, _INFRACTION_SET, text))
    raise _fail(text, unknown_verb(head))


#: Memo of :func:`parse_action`: actions are immutable, and records repeat their moves (a
#: replay reads each text once instead of once per occurrence: ~10% of replay time).
_PARSED: dict[tuple[str, str], Action] = {}
_PARSED_LIMIT = 1 << 12


def parse_action(actor: str, text: str) -> Action:
    """Read an action's text for ``actor`` (a colour initial or ``*``), case-insensitively.

    Raises :class:`ActionSyntaxError` (a ``ValueError``) for text outside the vocabulary.
    """
    if not isinstance(text, str) or not isinstance(actor, str):
        raise ActionSyntaxError("an action is an actor and a text")
    key = (actor, text)
    action = _PARSED.get(key)
    if action is None:
        action = _parse(actor, text)
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[key] = action
    return action


def forget_parsed_actions() -> None:
    """Forget the memo of :func:`parse_action` (for cold-cache measurements)."""
    _PARSED.clear()


def _parse(actor: str, text: str) -> Action:
    tokens = text.lower().split()
    if not tokens:
        raise ActionSyntaxError("empty action text")
    who = actor.strip().upper()
    if tokens[0] in ("souls", "market", "rooms"):
        if who != CHANCE:
            raise _fail(text, f"'{tokens[0]}' is a chance outcome; its actor is {CHANCE}")
        return _parse_chance(who, tokens, text)
    if who not in COLOURS:
        if who == CHANCE:
            raise _fail(text, "chance only decides souls, market and rooms")
        raise _fail(text, f"unknown actor {actor!r} (R, B, G, Y or {CHANCE})")
    return _parse_player(who, tokens, text)
