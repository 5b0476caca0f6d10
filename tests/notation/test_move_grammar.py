"""``grammar/moves.lark`` is the move language, and the engine's reader agrees with it.

Three checks tie the three definitions of a move together (the grammar, the vocabulary table
of ``mcn help moves`` and ``parse_action``):

(a) every form and example of :mod:`mcn.notation.vocabulary` parses with the grammar, and the
grammar's
    reading of it (:class:`Oracle`, built from the parse tree alone) is the engine's action;
(b) generated input: texts generated from the grammar by Hypothesis's Lark strategy are read by
    ``parse_action`` to the action the tree describes, whose canonical text parses back to the
    same action; texts mutated from those (a token dropped, swapped or misspelt) are accepted
    by both or refused by both; every form, and every terminal a form can hold, is reached;
(c) every action class of the engine has a form in the grammar.

The domain of the agreement is what a record's move token can hold (``ACTION`` in mcn.lark):
``parse_action`` also reads texts no record can contain (``bid 0+-3``, surrounding blanks),
which are not the grammar's business. A long run (``MCN_MOVE_EXAMPLES=10000`` per form, so
300,000 in all) is described in docs/notation.md, "Implementing MCN".
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError

from mcn.engine import actions as engine_actions
from mcn.engine.actions import (
    Action,
    ActionSyntaxError,
    Bid,
    Bonus,
    Buy,
    BuyLetter,
    Catch,
    Choose,
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
    Infraction,
    MarketDraw,
    MoveCrew,
    MovePopeStone,
    Pass,
    Pick,
    PlaceCrew,
    RoomCards,
    Sell,
    Skip,
    SoulOrder,
    Steal,
    TakeGood,
    Undone,
    Visit,
    parse_action,
)
from mcn.engine.actions.parse import canonical_items
from mcn.engine.constants import CARDS, CHARACTERS, DENS, INFRACTION_CODES, LETTERS, STONES
from mcn.io import resources
from mcn.notation import Item, parse, vocabulary
from mcn.notation.grammar import shared
from mcn.replay.hidden import is_secret, matches
from tests.recorder.test_vocabulary import HEADERS

#: The grammar's rules for the forms of a player's move and of chance's.
PLAYER_FORMS = (
    "bonus", "bid", "choose", "pope_stone", "crew", "skip", "pass", "buy", "greedy",
    "letter_purchase", "sell", "donate", "visit", "end", "free", "guess", "suite_room", "do",
    "decline", "take", "steal", "give", "empty", "pick", "infraction", "undone", "catch",
)  # fmt: skip
CHANCE_FORMS = ("souls", "market", "rooms")
FORMS = PLAYER_FORMS + CHANCE_FORMS
#: Examples per form in CI (30 forms: 2,100 in all); MCN_MOVE_EXAMPLES sets a long run.
EXAMPLES = int(os.environ.get("MCN_MOVE_EXAMPLES", "70"))

GRAMMAR = resources.grammar_path("moves").read_text(encoding="utf-8")
PARSER = Lark(
    GRAMMAR,
    parser="lalr",
    lexer="contextual",
    start=["move", "player_move", "chance_move", *FORMS],
)
#: What one move token of a record can hold (mcn.lark's ACTION terminal).
ACTION_TOKEN = re.compile(shared()[0].get_terminal("ACTION").pattern.to_regexp())

SECRET = object()


class Oracle(Transformer[Token, Any]):
    """The action a parse tree describes, read from the tree alone (the grammar's meaning),
    or a tree with ``SECRET`` in it when the text holds a ``?``."""

    def __init__(self, actor: str) -> None:
        super().__init__()
        self.actor = actor

    # -- argument kinds: terminal values, normalised as the record's canonical spelling
    def SECRET(self, _: Token) -> object:
        return SECRET

    def INITIAL(self, token: Token) -> str:
        return token.upper()

    def COUNT(self, token: Token) -> int:
        return int(token)

    def INDULGENCE(self, _: Token) -> str:
        return "indulgence"

    def _word(self, children: list[Token]) -> str:
        return str(children[0]).lower()

    stone = letter = character = den = card = infraction_code = owed = _word

    def compartment(self, children: list[Token]) -> str:
        return str(children[0]).upper()

    def amount(self, children: list[Token]) -> str:
        return str(int(children[0]))

    def site(self, children: list[Token]) -> int:
        return int(children[0])

    room = suite_choice = site

    def _item(self, children: list[Any]) -> tuple[Any, Any]:
        return (children[0], children[1] if len(children) > 1 else "")

    bonus_item = donation_item = _item

    # -- forms
    def _only(self, children: list[Any]) -> Any:
        return children[0]

    move = player_move = chance_move = _only

    def _secret(self, children: list[Any]) -> bool:
        return any(c is SECRET or (isinstance(c, tuple) and SECRET in c) for c in children)

    def _make(self, cls: type[Action], children: list[Any]) -> Any:
        return SECRET if self._secret(children) else cls(self.actor, *children)

    def souls(self, children: list[str]) -> Action:
        return SoulOrder(self.actor, tuple(children))

    def market(self, children: list[str]) -> Action:
        return MarketDraw(self.actor, tuple(sorted(children, key=STONES.index)))

    def rooms(self, children: list[str]) -> Action:
        return RoomCards(self.actor, tuple(children))

    def bonus(self, children: list[Any]) -> Any:
        return SECRET if self._secret(children) else Bonus(self.actor, canonical_items(children))

    def donate(self, children: list[Any]) -> Any:
        return SECRET if self._secret(children) else Donate(self.actor, canonical_items(children))

    def bid(self, children: list[Any]) -> Any:
        return self._make(Bid, children)

    def crew(self, children: list[Any]) -> Any:
        return self._make(MoveCrew if len(children) == 2 else PlaceCrew, children)

    def free(self, children: list[Any]) -> Any:
        return self._make(FreeStone, children)

    def _simple(cls: type[Action]) -> Any:  # type: ignore[misc]  # a method factory
        def form(self: Oracle, children: list[Any]) -> Any:
            return self._make(cls, children)

        return form

    choose = _simple(Choose)
    pope_stone = _simple(MovePopeStone)
    skip = _simple(Skip)
    pass_ = _simple(Pass)
    buy = _simple(Buy)
    greedy = _simple(Greedy)
    letter_purchase = _simple(BuyLetter)
    sell = _simple(Sell)
    visit = _simple(Visit)
    end = _simple(End)
    guess = _simple(Guess)
    suite_room = _simple(ChooseRoom)
    do = _simple(Do)
    decline = _simple(Decline)
    take = _simple(TakeGood)
    steal = _simple(Steal)
    give = _simple(Give)
    empty = _simple(EmptyDen)
    pick = _simple(Pick)
    infraction = _simple(Infraction)
    undone = _simple(Undone)
    catch = _simple(Catch)


# the rule "pass" is a Python keyword: its callback is set by name
setattr(Oracle, "pass", Oracle.pass_)


def grammar_reads(actor: str, text: str) -> Any:
    """The grammar's action for ``text`` (``SECRET`` for a ``?`` move), or None if the
    grammar refuses it."""
    start = "chance_move" if actor == "*" else "player_move"
    try:
        tree = PARSER.parse(text, start=start)
    except LarkError:
        return None
    return Oracle(actor).transform(tree)


def engine_reads(actor: str, text: str) -> Action | None:
    try:
        return parse_action(actor, text)
    except ActionSyntaxError:
        return None


def actor_of(form: str) -> str:
    return "*" if form in CHANCE_FORMS else "G"


def symbols_of(tree: Tree[Token]) -> set[str]:
    """The rules and terminals a parse tree holds."""
    tokens = {token.type for token in tree.scan_values(lambda v: isinstance(v, Token))}
    return tokens | {str(subtree.data) for subtree in tree.iter_subtrees()}


def reachable(rule: str, *, rules: bool = False) -> set[str]:
    """Every named terminal a text of ``rule`` can hold (with ``rules``: its rules too)."""
    by_origin: dict[str, list[Any]] = {}
    for item in PARSER.rules:
        by_origin.setdefault(item.origin.name, []).append(item.expansion)
    seen: set[str] = set()
    found: set[str] = set()
    todo = [rule]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for expansion in by_origin.get(name, []):
            for symbol in expansion:
                if symbol.is_term:
                    found.add(symbol.name)
                else:
                    todo.append(symbol.name)
                    if rules:
                        found.add(symbol.name)
    return {name for name in found if not name.startswith("_")}


# ---- the grammar itself ------------------------------------------------------------------


def test_the_move_grammar_is_lalr_and_conflict_free_in_strict_mode() -> None:
    pytest.importorskip("interegular")
    Lark(GRAMMAR, parser="lalr", lexer="contextual", start=["move", *FORMS], strict=True)


def test_the_grammar_ships_as_package_data() -> None:
    assert resources.grammar_path("moves").name == "moves.lark"
    assert "player_move" in GRAMMAR and "chance_move" in GRAMMAR


def test_the_words_of_the_grammar_are_the_engines() -> None:
    # one vocabulary: the grammar's word lists are the engine's constants, word for word
    def words(rule: str) -> set[str]:
        return {
            PARSER.get_terminal(name).pattern.value.lower()
            for name in reachable(rule)
            if name != "SECRET"
        }

    assert words("stone") == set(STONES)
    assert words("letter") == set(LETTERS)
    assert words("den") == set(DENS)
    assert words("character") == set(CHARACTERS)
    assert words("card") == set(CARDS)
    assert words("infraction_code") == set(INFRACTION_CODES)


def test_every_form_names_its_rule() -> None:
    # docs/notation.md asks each form to carry the rule ID it implements, as a comment
    for form in FORMS:
        definition = next(line for line in GRAMMAR.splitlines() if line.startswith(f"{form}:"))
        at = GRAMMAR.index(definition)
        comments = GRAMMAR[:at].rsplit("\n\n", 1)[-1]
        assert re.search(r"\b[RI]-[A-Z0-9]+-\d+", comments), form


# ---- (a) the vocabulary's forms and examples ---------------------------------------------

PLACEHOLDER_SAMPLES = {
    "C": "R",
    "COLOUR": "red",
    "GOOD": "wine",
    "STONE": "indulgence",
    "COIN": "5",
    "ITEM": "jewel",
    "COMP": "II",
    "DEN": "lust",
    "SITE": "2",
    "ROOM": "3",
    "CARD": "take-5",
    "CODE": "late-rotation",
    "N+T": "3+5",
}


def expand(form: str) -> str:
    words = [PLACEHOLDER_SAMPLES.get(w, w) for w in form.replace("…", "").split()]
    out = []
    for word in words:
        left, sep, right = word.partition(">")
        out.append(
            PLACEHOLDER_SAMPLES.get(left, left) + sep + PLACEHOLDER_SAMPLES.get(right, right)
        )
    return " ".join(out)


@pytest.mark.parametrize("row", vocabulary.MOVES, ids=lambda row: row.decision)
def test_every_vocabulary_form_and_example_parses_with_the_grammar(row: Any) -> None:
    actor = "*" if row.who.startswith("chance") else "B"
    for form in row.forms:
        text = expand(form)
        action = grammar_reads(actor, text)
        assert action is not None and action == parse_action(actor, text), (form, text)
        tree = PARSER.parse(text, start="move")
        assert {t.data for t in tree.iter_subtrees()} & set(row.grammar), (form, row.grammar)
    (game,) = parse(HEADERS + row.example + "\n").games
    moves = [move for element in game.body if isinstance(element, Item) for move in element.moves]
    assert moves, row.example
    for move in moves:
        assert grammar_reads(move.actor, move.text) == parse_action(move.actor, move.text)


# ---- (b) generated and mutated input -----------------------------------------------------

STRATEGIES = {form: from_lark(PARSER, start=form) for form in FORMS}


def mutants(text: str, data: st.DataObject) -> list[str]:
    """Texts one slip away from ``text``: a token dropped, two swapped, one misspelt."""
    tokens = text.split()
    out = []
    if len(tokens) > 1:
        i = data.draw(st.integers(0, len(tokens) - 1), label="drop")
        out.append(" ".join(tokens[:i] + tokens[i + 1 :]))
        j = data.draw(st.integers(0, len(tokens) - 1), label="swap")
        swapped = list(tokens)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out.append(" ".join(swapped))
    k = data.draw(st.integers(0, len(tokens) - 1), label="misspell")
    word = tokens[k]
    at = data.draw(st.integers(0, len(word)), label="at")
    char = data.draw(st.sampled_from("abegilnorst0123456789->+?I"), label="char")
    how = data.draw(st.sampled_from(("insert", "replace", "delete")), label="how")
    if how == "insert":
        word = word[:at] + char + word[at:]
    elif how == "replace":
        word = word[:at] + char + word[at + 1 :]
    else:
        word = word[:at] + word[at + 1 :]
    out.append(" ".join([*tokens[:k], word, *tokens[k + 1 :]]))
    return out


@pytest.mark.parametrize("form", FORMS)
def test_generated_moves_are_read_alike_by_the_grammar_and_the_engine(form: str) -> None:
    actor = actor_of(form)
    reached: Counter[str] = Counter()
    compared = Counter[str]()

    @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        text = data.draw(STRATEGIES[form], label="text")
        # the move grammar is a part of what a record's move token can hold
        assert ACTION_TOKEN.fullmatch(text), text
        tree = PARSER.parse(text, start=form)
        reached.update(symbols_of(tree))
        meaning = Oracle(actor).transform(tree)
        if meaning is SECRET:
            # a '?' move: the engine's reader refuses it, replay matches it as a pattern
            assert engine_reads(actor, text) is None and is_secret(text.split())
        else:
            action = parse_action(actor, text)
            assert action == meaning, text
            # the canonical text parses back, with the grammar, to the same action
            assert grammar_reads(actor, action.text) == action, action.text
            assert PARSER.parse(action.text, start=form)
            # a '?' put where the projection puts one matches the action
            masked = mask(action.text)
            if masked is not None:
                assert grammar_reads(actor, masked) is SECRET, masked
                assert matches(tuple(masked.split()), action), masked
        for mutant in mutants(text, data):
            if "?" in mutant or not ACTION_TOKEN.fullmatch(mutant):
                continue  # a pattern, or a text no move token holds
            for who in (actor, "*" if actor != "*" else "G"):
                by_grammar = grammar_reads(who, mutant)
                by_engine = engine_reads(who, mutant)
                assert (by_grammar is None) == (by_engine is None), (who, mutant)
                assert by_grammar == by_engine, (who, mutant)
                compared["accepted" if by_engine is not None else "refused"] += 1

    check()
    # coverage: every kind of argument this form can hold, and the secret, was generated
    wanted = {name for name in reachable(form, rules=True) if name.islower() or name == "SECRET"}
    missing = wanted - set(reached)
    assert not missing, f"{form}: never generated {sorted(missing)}"
    assert compared["refused"] > 0


def mask(text: str) -> str | None:
    """``text`` with its secret arguments as the projection writes them (or None)."""
    tokens = text.split()
    verb = tokens[0]
    if verb in ("bid", "visit", "give") and len(tokens) == 2:
        return f"{verb} ?"
    if verb in ("donate", "bonus") and any(">" in t for t in tokens[1:]):
        return " ".join([verb, *(t.split(">")[0] + ">?" if ">" in t else t for t in tokens[1:])])
    return None


def test_hand_picked_slips_are_refused_by_both() -> None:
    for actor, text in [
        ("R", "bid 3"),
        ("R", "bid 3+5x"),
        ("R", "bid 1234567890+1"),
        ("R", "crew 10"),
        ("R", "crew 0000000001"),
        ("R", "crew 1>2>3"),
        ("R", "visit 7"),
        ("R", "room 5"),
        ("R", "free bread>red"),
        ("R", "donate jewel>III"),
        ("R", "buywine"),
        ("R", "pass now"),
        ("R", "souls R B"),
        ("*", "pass"),
        ("*", "market dragon"),
    ]:
        assert grammar_reads(actor, text) is None, text
        assert engine_reads(actor, text) is None, text


def test_rule_questions_parse_with_both() -> None:
    # R-SET-1, R-DON-1, R-BID-1: a soul named twice, a donation without its compartment and a
    # 7-notch bid are read by both; the rules refuse them, naming the rule
    for actor, text in [("*", "souls R R B"), ("R", "donate 5"), ("R", "bid 7+0")]:
        assert grammar_reads(actor, text) == engine_reads(actor, text) is not None, text


# ---- (c) every action class has a form -------------------------------------------------


def concrete_action_classes() -> set[type[Action]]:
    """The engine's action classes, as its one import path exports them."""
    exported = (getattr(engine_actions, name) for name in engine_actions.__all__)
    return {
        cls
        for cls in exported
        if isinstance(cls, type)
        and issubclass(cls, Action)
        and cls not in (Action, engine_actions.SideAction)
    }


def test_every_action_class_has_a_form_in_the_grammar() -> None:
    made = set()
    for row in vocabulary.MOVES:
        actor = "*" if row.who.startswith("chance") else "B"
        made.update(type(grammar_reads(actor, expand(form))) for form in row.forms)
    assert concrete_action_classes() <= made
    # and every form rule of the grammar is some row's
    assert {rule for row in vocabulary.MOVES for rule in row.grammar} == set(FORMS)
