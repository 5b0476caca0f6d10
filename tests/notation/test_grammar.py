"""The grammar: conflict-free LALR, no lexical ambiguity, loading and caching."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import GrammarError
from lark.lexer import Lexer

from mcn.io import resources
from mcn.io.resources import cache_dir
from mcn.notation.builder import RecordBuilder
from mcn.notation.grammar import (
    build_parser,
    rule_lines,
    shared,
    summary,
    terminal_names,
)
from tests.notation.helpers import HEADERS


class _NoLexer(Lexer):
    """Lets Lark build the LALR tables with ``strict=True`` without ``interegular``.

    Strict mode checks two things: shift/reduce conflicts (in the parser generator) and regex
    collisions (in the standard lexers, which need the ``interegular`` package). A custom lexer
    skips the second, so the first is checked here on its own; the second is checked by
    :func:`test_no_two_terminals_compete_in_any_state` (and by Lark itself when ``interegular``
    is installed).
    """

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: object) -> object:  # pragma: no cover - never called
        return iter(())


def _grammar() -> str:
    return resources.grammar_path().read_text(encoding="utf-8")


def test_the_grammar_ships_as_package_data() -> None:
    assert resources.grammar_path().name == "mcn.lark" and resources.grammar_path().is_file()


def test_lalr_tables_have_no_conflict_in_strict_mode() -> None:
    Lark(_grammar(), parser="lalr", lexer=_NoLexer, start="file", strict=True)


def test_strict_mode_does_find_conflicts() -> None:
    ambiguous = "start: a | b\na: X\nb: X\nX: /x/\n"
    with pytest.raises(GrammarError):
        Lark(ambiguous, parser="lalr", lexer=_NoLexer, strict=True)


def test_strict_with_regex_collision_check() -> None:
    pytest.importorskip("interegular")
    Lark(_grammar(), parser="lalr", lexer="contextual", start="file", strict=True)


#: Sample lexemes of every terminal, including the tricky ones.
SAMPLES = {
    "HEADER": ['[Event "x"]', '[ Tag\t"a \\" b"]'],
    "MARKER": ["setup", "SETUP", "round 3", "round\n12"],
    "LABEL": ["1.", "007."],
    "HEAD": ["R:", "y:", "market:", "*:"],
    "ACTION": ["bid 3+5", "souls", "donate jewel>I 5>?", "bid ?", "buy\n  wine", "x -2 3fa9c0"],
    "GLYPH": ["!", "?", "!!", "??", "!?", "?!", "$3"],
    "SEAL": ["#" + "0123456789abcdef" * 4, "#" + "AB" * 32],
    "COMMENT": ["{}", "{a \\} b}", "{[x] ( ) ; R: ?}"],
    "LPAR": ["("],
    "RPAR": [")"],
    "SEMI": [";"],
    "LT": ["<"],
    "GT": [">"],
}


def test_no_two_terminals_compete_in_any_state() -> None:
    parser, _ = shared()
    patterns = {t.name: re.compile(t.pattern.to_regexp()) for t in parser.terminals}
    assert set(SAMPLES) == set(patterns) - {"WS"}
    for name, samples in SAMPLES.items():
        for sample in samples:
            assert patterns[name].fullmatch(sample), (name, sample)
    states = parser.parser.parser.parser.parse_table.states
    for actions in states.values():
        accepted = {symbol for symbol in actions if symbol in SAMPLES}
        for name in accepted:
            for sample in SAMPLES[name]:
                rivals = [o for o in accepted - {name} if patterns[o].fullmatch(sample)]
                assert not rivals, (name, sample, rivals)


def test_cache_is_written_and_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "mcn"
    build_parser(RecordBuilder())
    (cached,) = (tmp_path / "mcn").iterdir()
    stamp = cached.stat().st_mtime_ns
    parser = build_parser(RecordBuilder())
    assert cached.stat().st_mtime_ns == stamp
    assert parser.parse(HEADERS + "R: pass\n")


def test_an_unusable_cache_is_no_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # mkdir fails below a file
    assert build_parser(RecordBuilder()).parse(HEADERS + "R: pass\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "mcn"
    folder.mkdir()
    build_parser(RecordBuilder())
    (cached,) = folder.iterdir()
    cached.write_bytes(b"garbage\n")  # a corrupt cache is rebuilt
    assert build_parser(RecordBuilder()).parse(HEADERS + "R: pass\n")
    cached.unlink()
    cached.mkdir()  # a cache that cannot be written is skipped
    assert build_parser(RecordBuilder()).parse(HEADERS + "R: pass\n")
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""


DOCS = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def _grammar_summary_of_docs() -> str:
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- grammar-rules: begin -->\n", 1)[1]
    block = block.split("<!-- grammar-rules: end -->", 1)[0].strip()
    assert block.startswith("```\n") and block.endswith("\n```"), block
    return block[4:-4]


def test_docs_grammar_summary_is_the_grammar() -> None:
    """docs/notation.md shows the grammar's rules exactly (regenerate the block with
    ``mcn.notation.grammar.summary`` after changing the grammar)."""
    expected = summary(_grammar())
    assert _grammar_summary_of_docs() == expected, f"docs/notation.md should show:\n{expected}"


def test_docs_terminal_table_names_every_terminal() -> None:
    section = DOCS.read_text(encoding="utf-8").split("## Grammar summary", 1)[1]
    section = section.split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    named = {name for row in rows for name in re.findall(r"`([A-Z]+)`", row.split("|")[1])}
    assert named == set(terminal_names(_grammar()))
    loaded = {terminal.name for terminal in shared()[0].terminals}
    assert loaded == named


def test_summary_reads_rules_and_only_rules() -> None:
    grammar = (
        '// a: comment\nstart: a b  // trailing\n    | c\n_x: "y"\n'
        '!keep: "<" A\nA.2: /a/\n_B: /b/\n'
    )
    assert rule_lines(grammar) == ["start: a b | c", '_x: "y"', '!keep: "<" A']
    assert terminal_names(grammar) == ["A"]
    assert summary(grammar) == 'start : a b | c\n_x    : "y"\n!keep : "<" A'


def test_the_grammar_has_no_folded_terminals_or_state_rules() -> None:
    """The grammar is a specification: no terminal spans more than one move, and no rule is
    named for a parser state (issue 18)."""
    grammar = _grammar()
    names = [line.split(":")[0].lstrip("!?") for line in rule_lines(grammar)]
    assert not [name for name in names if re.search(r"_[ab]$|seq|state", name)]
    assert {"HEADED", "NEXT", "NEXTS", "ITEM"}.isdisjoint(terminal_names(grammar))
    patterns = {t.name: re.compile(t.pattern.to_regexp()) for t in shared()[0].terminals}
    folds = ["R: pass", "1. B: buy wine", "1. B:", "; visit 1", "; B: pick red", "R: a; b"]
    for name, pattern in patterns.items():
        assert not [text for text in folds if pattern.fullmatch(text)], name
