"""What ``make mutate`` mutates, and the tests it runs against each mutant.

A target is a core module (or a few that decide one thing together) and a *targeted* selection
of tests: the ones that exercise it, chosen so that one mutant costs seconds, not the suite's
minutes. A selection that misses a test which would kill a mutant only makes the score look
worse (a false survivor), never better; docs/testing.md lists every survivor, so a missing test
shows up there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: The checkout, and where the sessions (copies of the tree, cosmic-ray's databases) are kept.
ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "build" / "mutate"


@dataclass(frozen=True)
class Target:
    """One mutation run: the modules mutated and the tests run against each mutant."""

    name: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    why: str


TARGETS: dict[str, Target] = {
    target.name: target
    for target in (
        Target(
            "safe_write",
            ("mcn/io/safe_write.py",),
            (
                "tests/safety/test_safe_write.py",
                "tests/safety/test_safe_write_mutants.py",
                "tests/safety/test_safe_write_temporary.py",
                "tests/safety/test_direct_outputs.py",
                "tests/safety/test_writers.py",
                "tests/safety/test_disk_full.py",
            ),
            "the one writer of every file mcn writes: a record is often its owner's only copy",
        ),
        Target(
            "evaluation",
            ("mcn/engine/evaluation.py",),
            (
                "tests/rules/test_cathedral.py",
                "tests/rules/test_end.py",
                "tests/rules/test_pope_order.py",
                "tests/rules/test_refusal_table.py",
                "tests/rules/test_evaluation_events.py",
                "tests/engine/test_probes.py::test_a_pick_is_forced_when_the_display_shows_one_colour",
                "tests/engine/test_probes.py::test_forced_free_stone_pick_and_character",
            ),
            "the donation evaluation decides who gets which letters (R-EVA-*)",
        ),
        Target(
            "writer",
            ("mcn/notation/writer.py",),
            (
                "tests/notation/test_writer.py",
                "tests/notation/test_json.py",
                "tests/notation/test_parse.py",
                "tests/notation/test_writer_mutants.py",
                "tests/commands/test_fmt.py",
                "tests/commands/test_export.py",
                "tests/commands/test_import.py",
            ),
            "the canonical writer (mcn fmt): it must never drop or change what a record says",
        ),
        Target(
            "legality",
            ("mcn/engine/legality.py", "mcn/engine/decision.py"),
            (
                "tests/rules/test_illegal.py",
                "tests/commands/test_legal.py",
                "tests/commands/test_position.py",
                "tests/engine/test_decisions.py::test_fast_legal_generation_matches_the_rules",
                "tests/engine/test_decisions.py::test_every_decision_kind_occurs_in_random_games",
                "tests/engine/test_decisions.py::test_check_accepts_exactly_the_legal_actions",
                "tests/engine/test_legality_listing.py",
                "tests/engine/test_breach_classes.py",
            ),
            "which actions are legal, and the words for one that is not",
        ),
        Target(
            "fastpath",
            ("mcn/notation/fastpath.py", "mcn/notation/patterns.py"),
            # The fast path's own tests and the cheap part of the differential test; its mutated
            # corpus and hypothesis layouts (14 s together) and the CLI's syntax-only check are
            # left out for time (a mutant they alone would kill shows as a survivor).
            (
                "tests/notation/test_fastpath_mutants.py",
                "tests/fuzz/test_fastpath.py",
                "tests/notation/test_differential.py::test_engine_played_records",
                "tests/notation/test_differential.py::test_plain_reading_at_a_line_offset",
                "tests/notation/test_differential.py::test_archives_mixing_plain_and_annotated_games",
            ),
            "the fast reader must agree with the grammar on every record",
        ),
        Target(
            "duplicates",
            ("mcn/archive/judgement.py", "mcn/archive/keys.py"),
            # the rule-by-rule unit tests first: they kill most mutants in a second each
            (
                "tests/archive/test_judgement.py",
                "tests/archive/test_keys.py",
                "tests/archive/test_folder.py",
                "tests/archive/test_reports.py",
            ),
            "the judgement of a submission folder: two copies of one game found, however written",
        ),
        Target(
            "projection",
            (
                "mcn/engine/secrets.py",
                "mcn/engine/secret_readers.py",
                "mcn/views/projection.py",
                "mcn/replay/hidden.py",
            ),
            # The exact answers of each reading first (library calls, a second: they kill most
            # mutants), then both directions of masking, the declaration, the viewer's state,
            # the legal-move listing, the error lines, --as exports and redaction (the slowest);
            # the twin matrix of every output (tests/secrets/test_twins.py and the page tests,
            # minutes unmutated) is left out.
            (
                "tests/secrets/test_projection_mutants.py",
                "tests/secrets/test_both_ways.py",
                "tests/secrets/test_declaration.py",
                "tests/knowledge/test_views.py",
                "tests/commands/test_legal.py",
                "tests/commands/test_position.py",
                "tests/secrets/test_error_lines.py",
                "tests/secrets/test_export_as.py",
                "tests/replay/test_redaction.py",
            ),
            "every view of a record for one player: exactly the secrets the engine declares",
        ),
    )
}
