"""Suite-wide settings: the ``slow`` marker, hypothesis's profile, and the collector.

``make test-fast`` runs everything but the tests marked ``slow`` (the inner loop of a change:
under a minute on 2 idle cores); ``make test`` runs them all. A test is slow when it drives
a browser, a terminal or other processes, measures memory, or generates hundreds of games or
inputs; the modules below are marked here, in one place (tests/README.md lists them), and a
test module may also mark itself with ``pytestmark = pytest.mark.slow``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

#: Every property test is deterministic (derandomized: the same examples on every run, no
#: example database carried between runs) and has no wall-clock deadline, which a loaded
#: machine would trip (hypothesis's default is 200 ms per example). A test's own ``settings``
#: still set its number of examples; the fuzz tests bound each example by CPU time instead
#: (``HANG_GUARD_S``, tests/fuzz/targets.py).
settings.register_profile("mcn", derandomize=True, database=None, deadline=None)
settings.load_profile("mcn")

#: Test modules (paths under tests/) whose tests are all slow, and single slow tests.
SLOW = (
    "api/test_bad_arguments.py::test_any_argument_of_any_kind",  # every option with random values
    "api/test_docs_api.py",  # runs every docs/api.md recipe in a process of its own
    "archive/test_site.py",  # Chromium
    "bots/test_match.py",  # bot processes playing whole games
    "commands/test_stats.py::test_jobs_give_the_same_output",  # worker processes, five formats
    "engine/test_action_text.py::test_every_legal_action_round_trips",  # every action of games
    "engine/test_decisions.py::test_check_accepts_exactly_the_legal_actions",  # all, every step
    "engine/test_random_games.py::test_random_games_end_with",  # dozens of whole random games
    "engine/test_serial.py::test_json_round_trip_at_every_decision",  # every decision, 3 games
    "explore/test_explore.py::test_dask_gives_the_local_output",  # a Dask cluster
    "fairplay/test_sealed_records.py::test_no_false_alarm",  # sealed random games replayed
    "fairplay/test_sealed_records.py::test_every_single_tampering",  # every field of many games
    "fuzz/test_fuzz.py",  # thousands of mutated records through every command
    "fuzz/test_limits.py::test_deep_nesting_ends_cleanly",  # nesting to the limits, every reader
    "fuzz/test_regressions.py",  # hundreds of inputs found by the fuzz runs, every command
    "html/test_browser.py",  # Chromium
    "html/test_layout.py",  # Chromium, four widths
    "html/test_quiz.py",  # Chromium
    "knowledge/test_no_over_masking.py",  # every viewer at every decision of 200 random games
    "notation/test_deep.py::test_a_hundred_thousand_moves",  # a record of 100,000 moves
    "notation/test_deep.py::test_ten_thousand_nested_variations",  # 10,000 nested variations
    "notation/test_differential.py::test_annotated_records_in_any_layout",  # generated layouts
    "notation/test_differential.py::test_fuzz_corpus_mutated",  # mutated fuzz corpus, both readers
    "notation/test_move_grammar.py::test_generated_moves",  # 2,100 generated moves
    "notation/test_stream.py::test_games_come_one_at_a_time_in_bounded_memory",  # peak memory
    "openspiel/test_analyse.py::test_an_invalid_record",  # an analysis of a whole record
    "openspiel/test_analyse.py::test_an_unfinished_record",  # an analysis of a whole record
    "openspiel/test_analyse.py::test_the_planted_blunder",  # an analysis of a whole record
    "openspiel/test_analyse.py::test_the_same_seed",  # two whole analyses, one and two processes
    "openspiel/test_belief.py",  # a bot's game rebuilt at every decision of four whole games
    "openspiel/test_game.py::test_random_sim_test_passes",  # OpenSpiel's random simulations
    "openspiel/test_shortcuts.py::test_engine_playouts",  # whole playouts both ways
    "positions/test_position.py::test_every_decision_of_the_example_round_trips",  # 4 replays each
    "recorder/test_record_pty.py",  # mcn record in pseudo-terminals of three widths
    "recorder/test_record_terminal.py",  # mcn record in a pseudo-terminal
    "replay/test_random_games.py::test_random_games",  # 450 random games written and replayed
    "rules/test_serial.py::test_round_trip_at_every_decision",  # every decision of a random game
    "safety/test_disk_full.py",  # a full file system
    "safety/test_echoed_arguments.py::test_standings_",  # mcn in a pseudo-terminal and a pipe
    "safety/test_growth.py",  # memory of records of n and 4n items, every command
    "safety/test_kill.py",  # SIGKILL during writes
    "safety/test_terminal_output.py",  # mcn in pseudo-terminals
    "safety/test_tracebacks.py::test_random_meta_culpa",  # games of a thousand infractions
    "safety/test_tracebacks.py::test_unreadable_file",  # a process without the right to read
    "search/test_dask.py",  # a Dask cluster
    "search/test_language.py::test_any_sentence_of_the_grammar",  # 300 generated sentences
    "search/test_search.py::test_as_reads_the_viewers_record",  # searches as each viewer
    "search/test_search.py::test_every_format_agrees_and_jobs",  # every format, worker processes
    "search/test_search.py::test_search_finds_what_the_library_finds",  # 12 searches, 24 games
    "search/test_search.py::test_the_predicates_tell_games_apart",  # predicates over archives
    "secrets/test_explore_twins.py",  # explore outputs of twin records
    "secrets/test_page_source.py",  # pages of twin records, frame by frame
    "secrets/test_twins.py",  # every output of twin records
    "stats/test_library_agreement.py::test_the_figures_of_2000",  # 2,000 random games, 3 passes
    "stats/test_planted.py",  # 60 games with a planted strategy
    "stream/test_collector.py::test_a_game_its_replay",  # a fresh interpreter per example
    "stream/test_dask.py",  # a Dask cluster
    "stream/test_memory.py",  # peak memory of processes on big inputs
)

#: Session fixtures that play many games: every test that uses one is slow.
SLOW_FIXTURES = (
    "mixed",  # 90 random games of 2, 3 and 4 players (tests/conftest.py)
    "planted",  # 60 games with a planted strategy (tests/stats/conftest.py)
)

#: The longest of the slow tests (a minute or more on 2 idle cores), handed out first.
LONGEST = (
    "stats/test_library_agreement.py::test_the_figures_of_2000",
    "search/test_language.py::test_any_sentence_of_the_grammar",
    "secrets/test_twins.py::test_no_output_tells_twins_apart",
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: not run by `make test-fast` (see tests/README.md)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.nodeid.removeprefix("tests/")
        uses = getattr(item, "fixturenames", ())
        if any(path.startswith(slow) for slow in SLOW) or any(f in uses for f in SLOW_FIXTURES):
            item.add_marker(pytest.mark.slow)

    # The longest tests first, then the other slow ones, then the rest (each group in its own
    # order): with ``-n 2`` a test of a minute handed out last keeps one worker busy while the
    # other idles; handed out first, the short tests fill in around it.
    def group(item: pytest.Item) -> int:
        if item.nodeid.removeprefix("tests/").startswith(LONGEST):
            return 0
        return 1 if item.get_closest_marker("slow") is not None else 2

    items.sort(key=group)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """At the end of each test module (after its fixtures are torn down): collect what is
    garbage, then freeze what is left, so that later collections skip it.

    The games, histories and positions the helpers cache for many modules (``@cache`` in
    tests/replay/games.py, tests/knowledge/games.py, …) stay alive for the whole session: a
    worker ends holding 3 to 5 million objects (700–950 MB), which every full collection
    walked again — 70–80 s of each worker's 630 s in full collections alone (measured with
    ``gc.callbacks``, 2026-11-28). The collection that pytest runs once more at the end took
    3–5 s, long enough for xdist's transport to interrupt the worker with a SIGINT after its
    5 s wait (the ``KeyboardInterrupt`` printed after 100 %). Frozen objects are still freed by
    reference counting; only a cycle that becomes garbage after being frozen waits for the
    process's exit, which a test process can afford."""
    if nextitem is None or nextitem.path != item.path:
        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def _board_profiles_read_in_a_test_stay_in_it() -> Iterator[None]:
    """A profile read from a file (``--board FILE``) is registered process-wide by its id, so a
    test's ``myboard.json`` with the id ``standard`` would replace the built-in board for every
    later test in the same worker; each test gets the registry back as it found it."""
    from mcn.engine import data

    saved = dict(data._REGISTERED)
    yield
    data._REGISTERED.clear()
    data._REGISTERED.update(saved)


@pytest.fixture(scope="session")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Random games of 2, 3 and 4 players, in a folder of three files (``mcn stats``: its
    command tests in tests/commands/ and its library tests in tests/stats/ share them)."""
    from tests.stats.archives import write_random

    folder = tmp_path_factory.mktemp("mixed")
    return [
        write_random(folder / "four.mcn", 4, 40, 100),
        write_random(folder / "three.mcn", 3, 25, 200),
        write_random(folder / "two.mcn", 2, 25, 300),
    ]
