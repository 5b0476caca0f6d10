"""Acceptance: every rule ID of the digest and of mcn's interpretations is cited by a test.

A citation is a ``# R-…`` comment inside a test under ``tests/``; the comment sits in the test
that checks the rule's effect. The digest must also stay a verbatim copy of the shared one.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIGEST = ROOT / "docs" / "rules" / "RULES.md"
INTERPRETATIONS = ROOT / "docs" / "interpretations.md"
SHARED_DIGEST = ROOT.parent / "shared" / "rules" / "RULES.md"
ID = re.compile(r"\b(?:[RI]-[A-Z0-9]+-\d+|B-\d+)\b")


def documented_ids() -> set[str]:
    """Every rule, board and interpretation ID defined in the two documents."""
    ids: set[str] = set()
    for path in (DIGEST, INTERPRETATIONS):
        ids.update(ID.findall(path.read_text(encoding="utf-8")))
    return ids


def cited_ids() -> set[str]:
    """Every ID named in a comment of a Python file under tests/."""
    cited: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                cited.update(ID.findall(token.string))
    return cited


def test_documents_define_rules() -> None:
    ids = documented_ids()
    assert {"R-DEN-4", "R-SUP-1", "I-SET-7", "B-5"} <= ids


def test_every_rule_id_is_cited_by_a_test() -> None:
    uncited = sorted(documented_ids() - cited_ids())
    assert not uncited, "rule IDs no test cites: " + ", ".join(uncited)


def test_tests_cite_only_documented_ids() -> None:
    unknown = sorted(cited_ids() - documented_ids())
    assert not unknown, "tests cite IDs the documents do not define: " + ", ".join(unknown)


@pytest.mark.skipif(not SHARED_DIGEST.exists(), reason="no shared rules digest next to the repo")
def test_digest_is_a_verbatim_copy_of_the_shared_digest() -> None:
    assert DIGEST.read_bytes() == SHARED_DIGEST.read_bytes()
