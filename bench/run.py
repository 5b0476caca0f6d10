"""mcn benchmarks: one run, one table, one JSON file (``bench/results/latest.json``).

    python bench/run.py            # the full run (about five minutes on 2 cores)
    python bench/run.py --quick    # a small smoke run (about a minute)

What is measured, all in this one process and its children, on this machine:

* **parse** — MCN moves read per second by the notation parser (the full record model) vs PGN
  plies read per second by python-chess's cheapest full reading (a visitor that sees every move
  token but resolves none), over corpora with the same games' worth of moves
  (``bench/corpus.py``);
* **parse, syntax only** — the same, with MCN's own counterpart of that visitor:
  ``check_syntax`` (every line checked with the parser's language, headers checked, nothing
  built);
* **parse + replay** — MCN records parsed and replayed through the engine (``replay_game``) vs
  PGN read with python-chess's default ``GameBuilder`` (every SAN resolved and pushed). Stated
  per engine decision (the brief's unit: every decision checked and applied, including the
  forced moves and turn ends records leave out) and, stricter, per written move; and the
  check ``mcn validate`` makes of each game (``mcn.archive.checking.check_chunk``: parse, replay,
  verdict);
* **engine** — decisions per second of seeded random games (invariant checks off), and of
  re-applying those games' decisions with the checked ``apply`` alone;
* **cold start** — ``mcn --version``, ``mcn validate`` on one game, and ``mcn position TEXT``
  and ``mcn legal TEXT`` on a position, as fresh processes;
* **tree** — ``mcn tree`` of a full annotated game to SVG (Graphviz included);
* **html** — ``mcn html`` of the annotated game: page size, build time (vs python-chess drawing
  as many positions with ``chess.svg``) and the time to the first drawn position in headless
  Chromium (``bench/html_bench.py``);
* **largest records** — peak RSS and time of every command that replays, on the largest
  records within the limits of docs/notation.md (``bench/largest.py``);
* **memory** — the RSS high-water mark of ``mcn validate`` on a ~10 MB and a ~100 MB file;
* **--jobs inside one file** — wall time of ``mcn validate --jobs 1`` over ``--jobs 2`` on one
  file of 1,000 games (runs alternate, fresh processes; the speed-up wants 2 idle cores).

Every figure is the median of several runs; in-process figures are CPU time of this process,
and each ratio is the median over runs that alternate the two sides. The two ratios
(MCN / python-chess) and the targets are printed last; the exit status is 0 even when a target
is missed (this is a measurement, not a test).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# bench/ only: ``mcn`` is the installed package (the editable source in the dev venv, the
# compiled wheel in ``make bench-compiled``'s venv), never the source tree by path.
sys.path[:0] = [str(HERE)]

import chess_baseline  # noqa: E402
import cold_start  # noqa: E402
import corpus  # noqa: E402
import html_bench  # noqa: E402
import largest  # noqa: E402
import streaming  # noqa: E402
from processes import (  # noqa: E402
    empty_variations_figures,
    jobs_figures,
    memory_figures,
    run_child,
)
from report import summary, table  # noqa: E402

T = TypeVar("T")

# ---- measuring ---------------------------------------------------------------------------------


def median_time(work: Callable[[], T], runs: int) -> tuple[float, T]:
    """The median CPU time of ``runs`` calls of ``work`` (after a collection), and its result.

    In-process figures use this process's CPU time (``time.process_time``): the code measured
    is single-threaded and does no I/O, so on an idle machine it equals the wall time, and on
    a busy one other processes disturb it less.
    """
    times = []
    result = work()  # warm-up: imports, the grammar, caches — not what is being measured
    for _ in range(runs):
        del result
        gc.collect()
        start = time.process_time()
        result = work()
        times.append(time.process_time() - start)
    return statistics.median(times), result


def cold_caches() -> None:
    """Forget what mcn memoises while reading (line and token templates, canonical tokens,
    parsed actions, the turns of addresses), so that every timed run reads its corpus as a
    fresh process would, not with the caches its warm-up filled (python-chess keeps no such
    caches)."""
    from mcn.engine.actions.parse import forget_parsed_actions
    from mcn.notation import fastpath, grammar, lexical
    from mcn.replay.binding import forget_bound_actions

    fastpath.TEMPLATES.clear()
    grammar.shared()[1].forget_tokens()
    lexical.forget_canonical_tokens()
    forget_parsed_actions()
    forget_bound_actions()
    with contextlib.suppress(ImportError):  # a tree before the memo of addresses' turns
        from mcn.replay.turns import forget_turns

        forget_turns()
    with contextlib.suppress(ImportError):  # a tree before the events made once (pure build)
        from mcn.engine.events.shared import forget_shared_events

        forget_shared_events()
    with contextlib.suppress(ImportError):  # a tree before the addresses made once
        from mcn.engine.addresses import forget_addresses

        forget_addresses()
    with contextlib.suppress(ImportError):  # a tree before the donations read once
        from mcn.engine.trade import forget_donations

        forget_donations()


def paired_times(
    mcn: Callable[[], Any], pgn: Callable[[], Any], runs: int
) -> tuple[list[float], list[float], Any, Any]:
    """Run the two sides alternately ``runs`` times each (after one warm-up of each).

    Alternating pairs see the same machine load, so the median of the per-pair ratios is
    steadier than the ratio of two medians taken minutes apart on a shared machine. CPU time,
    as in :func:`median_time`.
    """
    mcn_seen, pgn_seen = mcn(), pgn()
    mcn_times: list[float] = []
    pgn_times: list[float] = []
    for _ in range(runs):
        for work, times in ((mcn, mcn_times), (pgn, pgn_times)):
            cold_caches()
            gc.collect()
            start = time.process_time()
            work()
            times.append(time.process_time() - start)
    return mcn_times, pgn_times, mcn_seen, pgn_seen


# ---- the MCN side ------------------------------------------------------------------------------


def mcn_parse(text: str) -> object:
    """Parse ``text`` with the notation parser (the record: its moves are counted untimed)."""
    from mcn.notation.parser import parse

    return parse(text)


def mcn_syntax(text: str) -> Any:
    """Check ``text`` with the syntax-only reading (its report: games, moves, errors)."""
    from mcn.notation import check_syntax

    return check_syntax(text)


def mcn_moves(record: Any) -> int:
    """The main-line moves of a parsed record."""
    return sum(1 for game in record.games for _ in game.moves())


def mcn_parse_and_replay(text: str) -> tuple[int, int]:
    """Read ``text`` game by game and replay each through the engine; the moves written and
    the decisions the engine checked and applied (the written ones, and the forced moves and
    turn ends that records leave out, which replay finds and applies too).

    One game at a time, as python-chess's ``read_game`` loop on the other side and as
    ``mcn validate`` reads: each game is dropped once replayed, so neither side keeps the whole
    corpus alive (holding it made the garbage collector walk it again and again, a cost of the
    harness, not of reading or replaying).
    """
    from mcn.notation import iter_games
    from mcn.replay import replay_game

    moves = decisions = 0
    for index, game in enumerate(iter_games(io.StringIO(text)), start=1):
        report = replay_game(game, index=index)
        if not report.valid:
            first = next(d for d in report.diagnostics if d.severity == "error")
            raise ValueError(f"a corpus game does not replay: {first.text()}")
        moves += sum(1 for _ in game.moves())
        decisions += report.decisions
    return moves, decisions


def mcn_validate_check(text: str) -> int:
    """Check ``text`` game by game as ``mcn validate`` does (``mcn.archive.checking.check_chunk``:
    parse, replay, and the verdict on headers, result and end — more work than
    :func:`mcn_parse_and_replay`); the decisions replayed. Each game and
    its replay are dropped inside the check, as validate drops them, so the collector's pause
    covers them whole (docs/performance-history.md, "Replay speed, fourth pass")."""
    from mcn.archive.batch import chunks_with_last
    from mcn.archive.checking import Options, check_chunk
    from mcn.notation.stream import source_chunks

    options = Options()
    decisions = 0
    with source_chunks(io.StringIO(text), None, "<bench>") as (chunks, name):
        number = 1
        for chunk, last in chunks_with_last(chunks):
            for report in check_chunk(chunk, name, number, options, last):
                if not report.valid:
                    first = next(d for d in report.diagnostics if d.severity == "error")
                    raise ValueError(f"a corpus game does not check: {first.text()}")
                decisions += report.decisions
                number += 1
    return decisions


def engine_random(seeds: range) -> int:
    """Play the random games of ``seeds`` (2, 3, 4 players in turn); decisions taken."""
    from mcn.engine import play_random_game

    decisions = 0
    for seed in seeds:
        _, history = play_random_game(2 + seed % 3, seed=seed, check_invariants=False)
        decisions += len(history)
    return decisions


def engine_histories(seeds: range) -> list[tuple[int, list[Any]]]:
    """The player counts and decision lists of the random games of ``seeds``."""
    from mcn.engine import play_random_game

    out = []
    for seed in seeds:
        _, history = play_random_game(2 + seed % 3, seed=seed)
        out.append((2 + seed % 3, [entry.action for entry in history]))
    return out


def engine_apply(histories: list[tuple[int, list[Any]]]) -> int:
    """Re-apply recorded decisions with the checked ``apply``; decisions applied."""
    from mcn.engine import new_game

    applied = 0
    for players, actions in histories:
        state = new_game(("R", "B", "G", "Y")[:players])
        for action in actions:
            state.apply(action)
        applied += len(actions)
    return applied


# ---- the run -----------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What this run ran on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import chess
    import lark

    from mcn import __version__
    from mcn.io.compiled import build_kind

    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": f"{platform.system()} {platform.release()}",
        "mcn": __version__,
        "mcn_build": build_kind(),
        "lark": lark.__version__,
        "python_chess": chess.__version__,
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
    }


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run(options: argparse.Namespace) -> dict[str, Any]:
    """Every measurement; the results as a JSON-ready dict.

    The big memory figure (a long ``mcn validate`` of the 100 MB archive) runs in the
    background on the second core while the in-process figures and then the small memory
    figure are taken: those are CPU times of this process, and each ratio pairs runs under
    the same load. Cold start and tree, wall times of fresh processes, are measured after it,
    alone.
    """
    results: dict[str, Any] = {"machine": machine(), "options": vars(options).copy()}
    mcn_bin = str(Path(sys.executable).with_name("mcn"))
    runs = options.runs

    with tempfile.TemporaryDirectory(prefix="mcn-bench-") as scratch:
        work = Path(scratch)
        _say(f"generating {options.games} random MCN games …")
        start = time.perf_counter()
        mcn_games = corpus.mcn_corpus(options.games, seed=options.seed, workers=options.workers)
        _say("generating the matching PGN games …")
        pgn_games = corpus.pgn_corpus(mcn_games.moves, seed=options.seed, workers=options.workers)
        results["corpus"] = {
            "games": len(mcn_games),
            "moves": mcn_games.total_moves,
            "mcn_bytes": len(mcn_games.text.encode()),
            "pgn_bytes": len(pgn_games.text.encode()),
            "seconds_to_generate": round(time.perf_counter() - start, 2),
        }

        _say("parse …")
        mcn_text, pgn_text = mcn_games.text, pgn_games.text
        measured = paired_times(
            lambda: mcn_parse(mcn_text), lambda: chess_baseline.parse_only(pgn_text), runs
        )
        _check_count("MCN parse", mcn_moves(measured[2]), mcn_games.total_moves)
        _check_count("PGN parse", measured[3], pgn_games.total_moves)
        results["parse"] = _pair(mcn_games.total_moves, measured[0], measured[1])

        _say("parse, syntax only …")
        measured = paired_times(
            lambda: mcn_syntax(mcn_text), lambda: chess_baseline.parse_only(pgn_text), runs
        )
        if not measured[2].ok:
            raise SystemExit(f"MCN syntax check: {measured[2].errors[0]}")
        _check_count("MCN syntax check", measured[2].moves, mcn_games.total_moves)
        _check_count("PGN parse", measured[3], pgn_games.total_moves)
        results["parse_syntax"] = _pair(mcn_games.total_moves, measured[0], measured[1])

        _say("parse + replay …")
        subset_mcn = mcn_games.prefix(options.replay_games)
        subset_pgn = pgn_games.prefix(options.replay_games)
        mcn_text, pgn_text = subset_mcn.text, subset_pgn.text
        measured = paired_times(
            lambda: mcn_parse_and_replay(mcn_text),
            lambda: chess_baseline.parse_and_replay(pgn_text),
            runs,
        )
        moves, decisions = measured[2]
        _check_count("MCN replay", moves, subset_mcn.total_moves)
        _check_count("PGN replay", measured[3], subset_pgn.total_moves)
        results["replay"] = _pair(subset_mcn.total_moves, measured[0], measured[1])
        results["replay"]["games"] = len(subset_mcn)
        results["replay_decisions"] = _per_decision(results["replay"], decisions)

        _say("validate's check (parse + replay + verdict) …")
        measured = paired_times(
            lambda: mcn_validate_check(mcn_text),
            lambda: chess_baseline.parse_and_replay(pgn_text),
            runs,
        )
        _check_count("MCN validate check (decisions)", measured[2], decisions)
        _check_count("PGN replay", measured[3], subset_pgn.total_moves)
        results["validate_check"] = _pair(subset_mcn.total_moves, measured[0], measured[1])

        _say("engine …")
        seeds = range(options.seed, options.seed + options.engine_games)
        seconds, decisions = median_time(lambda: engine_random(seeds), runs)
        histories = engine_histories(seeds)
        apply_seconds, applied = median_time(lambda: engine_apply(histories), runs)
        results["engine"] = {
            "games": len(seeds),
            "decisions": decisions,
            "random_play_decisions_per_s": round(decisions / seconds),
            "apply_decisions_per_s": round(applied / apply_seconds),
        }

        if not options.skip_memory:
            # After the in-process figures, so that nothing runs beside them; the two sizes
            # at once (each a process of its own: their high-water marks stay apart).
            _say(f"memory: validating {options.small_mb} MB and {options.big_mb} MB archives …")
            sizes = {"10mb": options.small_mb, "100mb": options.big_mb}
            results["memory"] = memory_figures(
                mcn_bin, mcn_games.games, sizes, work, options.workers
            )

        _say(f"validate --jobs 1 vs --jobs 2 on one file of {options.jobs_games} games …")
        results["jobs"] = jobs_figures(
            mcn_bin, mcn_games.games, options.jobs_games, max(2, options.child_runs // 2), work
        )

        _say("cold start …")
        # every kind of command as a fresh process (bench/cold_start.py; issue 34: <= 0.15 s
        # each on an idle machine; issue 28: position and legal of a text <= 0.25 s)
        one = work / "one.mcn"
        one.write_text(mcn_games.games[0], encoding="utf-8")
        rows = cold_start.figures(mcn_bin, options.child_runs)
        floor = rows.pop("reference")  # the host's, not mcn's: reported beside, never judged
        results["cold_start"] = {
            "version_s": rows["version"]["median_s"],
            "validate_one_game_s": rows["validate_one_game"]["median_s"],
            "validate_exit_status": rows["validate_one_game"]["exit_status"],
            "position_text_s": rows["position_text"]["median_s"],
            "legal_text_s": rows["legal_text"]["median_s"],
            "rows": rows,
            "reference": floor,
        }

        _say("validate of 1,000 and 100,000 empty variations …")
        results["empty_variations"] = empty_variations_figures(mcn_bin, work)
        _say("the largest records within the limits, every command that replays …")
        results["largest"] = largest.figures(mcn_bin, work)

        if not options.skip_streaming:
            _say("import vs export …")
            results["import_export"] = streaming.import_export(
                mcn_bin, mcn_games.games, options.convert_games, max(3, runs)
            )
            _say("validate --jobs vs --dask local:N …")
            results["dask"] = streaming.dask_figures(
                mcn_bin, mcn_games.games, options.jobs_games, max(2, options.child_runs // 2)
            )
            _say(f"streaming: peak RSS of every command on {options.stream_mb} MB …")
            results["streaming"] = streaming.memory_rows(
                mcn_bin, mcn_games.games, options.stream_mb, options.workers
            )
            _say("match: four random bots …")
            results["match"] = streaming.match_row(mcn_bin, 4 if options.quick else 20)

        _say("tree …")
        annotated = ROOT / "examples" / "annotated-4p.mcn"
        source = annotated if annotated.is_file() else one
        tree_seconds, status = run_child(
            [mcn_bin, "tree", str(source), "-o", str(work / "tree.svg")], max(3, runs)
        )
        results["tree"] = {
            "file": str(source.relative_to(ROOT) if source == annotated else "corpus game 1"),
            "seconds": round(tree_seconds, 4),
            "exit_status": status,
            "svg_bytes": (work / "tree.svg").stat().st_size if status == 0 else None,
        }

        _say("html …")
        results["html"] = html_bench.figures(ROOT, work, runs, median_time)
    return results


def _check_count(what: str, seen: int, expected: int) -> None:
    if seen != expected:
        raise SystemExit(f"{what}: read {seen} moves, expected {expected}")


def _pair(moves: int, mcn_times: list[float], pgn_times: list[float]) -> dict[str, Any]:
    ratios = [pgn / mcn for mcn, pgn in zip(mcn_times, pgn_times, strict=True)]
    return {
        "moves": moves,
        "runs": len(ratios),
        "mcn_moves_per_s": round(moves / statistics.median(mcn_times)),
        "pgn_plies_per_s": round(moves / statistics.median(pgn_times)),
        "ratio": round(statistics.median(ratios), 3),
        "ratio_range": [round(min(ratios), 3), round(max(ratios), 3)],
    }


def _per_decision(pair: dict[str, Any], decisions: int) -> dict[str, Any]:
    """``pair`` (per written move) restated per engine decision: the same runs, timed once."""
    scale = decisions / pair["moves"]
    return {
        "decisions": decisions,
        "decisions_per_written_move": round(scale, 3),
        "mcn_decisions_per_s": round(pair["mcn_moves_per_s"] * scale),
        "pgn_plies_per_s": pair["pgn_plies_per_s"],
        "ratio": round(pair["ratio"] * scale, 3),
        "ratio_range": [round(bound * scale, 3) for bound in pair["ratio_range"]],
    }


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run, print the table, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    parser.add_argument("--games", type=int, help="MCN games in the parse corpus")
    parser.add_argument("--replay-games", type=int, help="games of the corpus replayed")
    parser.add_argument("--engine-games", type=int, help="random games for the engine figures")
    parser.add_argument("--runs", type=int, help="runs per in-process figure (median)")
    parser.add_argument("--child-runs", type=int, help="runs per subprocess figure (median)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--small-mb", type=int, help="size of the smaller memory file")
    parser.add_argument("--big-mb", type=int, help="size of the larger memory file")
    parser.add_argument("--jobs-games", type=int, help="games of the --jobs file")
    parser.add_argument("--skip-memory", action="store_true", help="skip the memory figures")
    parser.add_argument("--stream-mb", type=int, help="input size of the streaming rows")
    parser.add_argument("--convert-games", type=int, help="games for import vs export")
    parser.add_argument(
        "--skip-streaming", action="store_true", help="skip the streaming, import/export, dask rows"
    )
    parser.add_argument("--out", type=Path, default=HERE / "results" / "latest.json")
    options = parser.parse_args(argv)
    defaults = (
        {"games": 200, "replay_games": 50, "engine_games": 30, "runs": 3, "child_runs": 3,
         "small_mb": 1, "big_mb": 10, "jobs_games": 200, "stream_mb": 5, "convert_games": 100}
        if options.quick
        else {"games": 2000, "replay_games": 500, "engine_games": 150, "runs": 5,
              "child_runs": 7, "small_mb": 10, "big_mb": 100, "jobs_games": 1000, "stream_mb": 100,
              "convert_games": 1000}
    )  # fmt: skip
    for name, value in defaults.items():
        if getattr(options, name) is None:
            setattr(options, name, value)
    start = time.perf_counter()
    results = run(options)
    results["seconds_total"] = round(time.perf_counter() - start, 1)
    results["summary"] = summary(results)
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    print(table(results))
    print(f"\nwhole run: {results['seconds_total']:.0f} s")
    print(f"\nwrote {options.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
