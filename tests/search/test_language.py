"""The condition language of ``mcn search --where``: its syntax, its errors at the column of
the mistake, its canonical printer, and (hypothesis) that nothing but the documented error
ever comes out of reading or compiling an expression."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from mcn.io.resources import grammar_path
from mcn.search.compiler import compile_condition
from mcn.search.functions import FUNCTIONS, NAMES
from mcn.search.language import (
    COMPARISONS,
    MAX_DEPTH,
    Binary,
    Call,
    ExpressionError,
    Name,
    Negative,
    Node,
    Not,
    Number,
    Text,
    canonical,
    parse,
    without_columns,
)


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ("round == 3 and", 15, "expected a value"),
        ("round = 3", 7, "compare with =="),
        ("money(R) > 3 && round == 1", 14, "write 'and' or 'or'"),
        ('move ~ "visit 6', 8, "no closing quote"),
        ("a < b < c", 7, "comparisons do not chain"),
        ("round == 3 round", 12, "expected"),
        ("", 1, "found nothing"),
        ("(round == 3", 12, "')'"),
        ("f(,)", 3, "expected a value"),
        ("round $ 3", 7, "expected"),
        ("-" * (MAX_DEPTH + 5) + "round > 1", MAX_DEPTH + 1, "nested more than"),
        ("x" * 2001, 2001, "longer than"),
    ],
)
def test_a_malformed_expression_is_reported_at_its_column(
    text: str, column: int, says: str
) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse(text)
    assert caught.value.column == column, str(caught.value)
    assert says in caught.value.message
    assert str(caught.value).startswith(f"expr:{column}: ")
    caret = caught.value.display(text).splitlines()[-1]
    assert caret == "    " + " " * (column - 1) + "^"


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ("foo == 1", 1, "unknown name 'foo'"),
        ("mony(R) > 1", 1, "did you mean money?"),
        ("money(R, 2) > 1", 1, "money takes 1 argument"),
        ('goods(R, "bred") > 0', 10, '"bread", "wine", "cloth", "jewel"'),
        ('money("Q") > 1', 7, "expected a colour"),
        ("money(3) > 1", 7, "expected a colour"),
        ('move ~ "(a+)+"', 8, "exponential time"),
        ('move ~ "[a"', 9, "not a regular expression"),
        ('move ~ "' + "a" * 201 + '"', 8, "at most 200 characters"),
        ('round == "3"', 7, "compares a number with a text"),
        ('phase > "a"', 7, "compares numbers"),
        ("move ~ move", 8, "pattern in quotes"),
        ("not round", 5, "'not' takes a condition"),
        ("round and true", 1, "'and' joins conditions"),
        ("money(R)", 1, "compare it"),
        ("money", 1, "money is a function"),
        ("round()", 1, "round is a value"),
        ("tag(Event) == 1", 5, "in quotes"),
        ('-phase == "x"', 2, "'-' takes a number"),
        ('round + "a" > 1', 9, "'+' takes numbers"),
    ],
)
def test_a_meaningless_expression_is_reported_at_its_column(
    text: str, column: int, says: str
) -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_condition(text)
    assert caught.value.column == column, str(caught.value)
    assert says in caught.value.message, caught.value.message


def test_secrets_under_as_take_the_viewers_own_colour() -> None:
    # R-HID-1, I-HID-4: the colours of another player's letters are his secret
    assert compile_condition('letters(B, "red") > 0').reads_state
    compile_condition('letters(R, "red") > 0', "R")
    compile_condition("letters(B) > 0", "R")  # how many: public
    compile_condition('letters(mover, "red") > 0', "R")  # no value unless R moves
    with pytest.raises(ExpressionError, match="only letters\\(R, …\\)"):
        compile_condition('letters(B, "red") > 0', "R")
    with pytest.raises(ExpressionError, match="spectator sees nobody's"):
        compile_condition('letters(mover, "red") > 0', None)


def test_canonical_form_of_examples() -> None:
    cases = {
        "round==3 and(post(R)>=5)": "round == 3 and post(R) >= 5",
        "(a or b) and c": "(a or b) and c",
        "a or (b and c)": "a or b and c",
        "not (a and b)": "not (a and b)",
        "a - (1 - 2)": "a - (1 - 2)",
        "(a - 1) - 2": "a - 1 - 2",
        "- - 3": "--3",
        '"a\\"b\\\\c\\d"': '"a\\"b\\\\c\\\\d"',
        "f( a ,b )": "f(a, b)",
    }
    for text, expected in cases.items():
        assert canonical(parse(text)) == expected
        assert canonical(parse(expected)) == expected
    assert parse('"x\\d"') == Text("x\\d", 1)  # a backslash before another letter stays


# ---- properties -----------------------------------------------------------------------------

_NAMES = st.sampled_from([*NAMES, "x", "orange", "nothing", "android"])
_TEXTS = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\n"), max_size=8)


def _trees() -> st.SearchStrategy[Node]:
    leaves = st.one_of(
        st.builds(Number, st.integers(0, 10**12), st.just(0)),
        st.builds(Text, _TEXTS, st.just(0)),
        st.builds(Name, _NAMES, st.just(0)),
    )

    def extend(inner: st.SearchStrategy[Node]) -> st.SearchStrategy[Node]:
        operators = st.sampled_from(["or", "and", *COMPARISONS, "+", "-"])
        return st.one_of(
            st.builds(Binary, operators, inner, inner, st.just(0)),
            st.builds(Not, inner, st.just(0)),
            st.builds(Negative, inner, st.just(0)),
            st.builds(
                Call,
                st.sampled_from([*FUNCTIONS, "f"]),
                st.lists(inner, max_size=3).map(tuple),
                st.just(0),
            ),
        )

    return st.recursive(leaves, extend, max_leaves=12)


@given(_trees())
@settings(max_examples=300, deadline=None)
def test_canonical_text_reads_back_as_the_same_tree(tree: Node) -> None:
    text = canonical(tree)
    try:
        again = parse(text)
    except ExpressionError as problem:  # only the depth limit may refuse a generated tree
        assert "nested more than" in problem.message, (text, problem)
        return
    assert without_columns(again) == without_columns(tree), text
    assert canonical(again) == text


_LARK = Lark(grammar_path("search").read_text(encoding="utf-8"), parser="lalr", lexer="contextual")


#: Sentences drawn from the grammar in CI. Drawing them is what costs (hypothesis makes some
#: three thousand choices per sentence, ~0.15 s; compiling one takes a millisecond), so CI
#: draws 100 and checks that they reach every construct of the language;
#: ``MCN_SEARCH_EXAMPLES`` sets a long run (docs/search.md).
SENTENCES = int(os.environ.get("MCN_SEARCH_EXAMPLES", "100"))


def _kinds(node: Node) -> Iterator[str]:
    """The constructs of a tree: its node classes, a binary node by its operator's family."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, Binary):
            yield "comparison" if node.op in COMPARISONS else node.op.replace("-", "+")
            stack += (node.left, node.right)
        else:
            yield type(node).__name__
            if isinstance(node, (Not, Negative)):
                stack.append(node.operand)
            elif isinstance(node, Call):
                stack += node.arguments


def test_any_sentence_of_the_grammar_compiles_or_gets_the_documented_error() -> None:
    reached: Counter[str] = Counter()

    @given(from_lark(_LARK, start="start"))
    @settings(max_examples=SENTENCES, suppress_health_check=[HealthCheck.too_slow])
    def sentence(text: str) -> None:
        for viewer in ("all", "R", None):
            try:
                condition = compile_condition(text, viewer)
            except ExpressionError as problem:
                assert 1 <= problem.column <= len(text) + 1, (text, problem)
                continue
            assert canonical(parse(condition.canonical)) == condition.canonical
        try:
            reached.update(_kinds(parse(text)))
        except ExpressionError:
            reached["refused"] += 1

    sentence()
    # the sentences drawn reach every construct of the grammar, and some are refused
    constructs = {"or", "and", "comparison", "+", "Not", "Negative", "Call", "Name"}
    assert constructs | {"Number", "Text", "refused"} <= set(reached), reached


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_any_text_compiles_or_gets_the_documented_error(text: str) -> None:
    try:
        compile_condition(text)
    except ExpressionError as problem:
        assert 1 <= problem.column <= max(len(text), 1) + 1, (text, problem)
