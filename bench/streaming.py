"""Streaming figures: peak memory of every command that reads whole archives, and import vs export.

Each command is run in a fresh process on a big input (``--mb``, 100 MB by default; built by
repeating the corpus's games) and its RSS high-water mark is taken from the kernel
(``getrusage`` of a wrapper's children, :func:`bench.processes.peak_rss`). A command that streams
keeps one game at a time, so its peak does not grow with the input: the target is under
150 MB for 100 MB of input. ``import`` reads the JSON form, which is about eight times the size
of the MCN it holds; its input is a JSON export of the same size in bytes.

``import`` vs ``export`` compares games per second on the same games (MCN → JSON, JSON →
MCN), both as whole commands in fresh processes, paired and alternated, median of the runs.

Run alone: ``.venv/bin/python bench/streaming.py [--mb 100] [--games 300]``; bench/run.py
runs it as part of the whole benchmark.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: The commands measured, with their arguments after the input file (``{out}``: a scratch file).
COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "{mcn}"],
    "fmt": ["fmt", "{mcn}"],
    "export": ["export", "{mcn}", "-o", "{out}"],
    "import": ["import", "{json}", "-o", "{out}"],
    "redact": ["redact", "{mcn}", "--as", "R", "-o", "{out}"],
    "standings": ["standings", "{mcn}", "--format", "csv"],
    "filter": ["filter", "{mcn}", "--player", "Random player red", "-o", "{out}"],
    "explore": ["explore", "{mcn}", "--at", "2.bid", "--as", "R", "--format", "json"],
    "tree --merge": ["tree", "{mcn}", "--merge", "--depth", "8", "-o", "{out}.dot"],
    "stats": ["stats", "{mcn}", "--format", "json", "-o", "{out}"],
    # a condition on the state, so every decision's state is stepped (the dearer case)
    "search": [
        "search",
        "{mcn}",
        "--where",
        "round == 3 and post(R) >= 5",
        "--addresses",
        "--format",
        "csv",
        "-o",
        "{out}",
    ],
    # a whole tournament site from the archive (every counted game's page; issue 34 item 5)
    "site": ["site", "{mcn}", "-o", "{out}.site"],
}
TARGET_MB = 150.0
#: Commands that answer questions about a whole archive (issue 31): each must stay within
#: :data:`TARGET_RATIO` of ``validate --jobs 1``'s time on the same file.
ARCHIVE_QUESTIONS = ("explore", "tree --merge", "stats", "search")
TARGET_RATIO = 1.5
#: Commands whose throughput is stated beside validate's without a ratio target: ``site``
#: writes pages besides checking every game.
THROUGHPUT_ONLY = ("site",)
#: ``mcn match``'s budget (it reads no archive: it plays games between bot processes and writes
#: them as it goes): four ``mcn bot random`` players, per game at most this many seconds of
#: wall time on an idle 2-core machine, and its peak RSS under :data:`TARGET_MB` whatever the
#: number of games.
MATCH_BUDGET_S_PER_GAME = 1.0


def versus_validate(mcn_bin: str, command: list[str], path: Path) -> dict[str, Any]:
    """The time of ``command`` on ``path`` over that of ``mcn validate --jobs 1`` on it: the
    two run one after the other, alone (no other row running), so the ratio is fair."""
    with tempfile.TemporaryDirectory(prefix="mcn-ratio-") as scratch:
        target = Path(scratch) / "out"
        args = [a.format(mcn=path, json=path, out=target) for a in command]
        seconds = []
        for run in (["validate", "-q", str(path), "--jobs", "1"], args):
            start = time.perf_counter()
            subprocess.run(
                [mcn_bin, *run], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
            )
            seconds.append(time.perf_counter() - start)
    ratio = seconds[1] / seconds[0]
    return {
        "validate_s": round(seconds[0], 1),
        "command_s": round(seconds[1], 1),
        "ratio": round(ratio, 2),
        "within_target": ratio <= TARGET_RATIO,
    }


def _write_repeated(games: tuple[str, ...], size: int, path: Path) -> int:
    written = count = 0
    with path.open("w", encoding="utf-8", newline="") as out:
        while written < size:
            text = ("\n" if count else "") + games[count % len(games)]
            out.write(text)
            written += len(text.encode("utf-8"))
            count += 1
    return count


def _json_of_size(mcn_bin: str, games: tuple[str, ...], size: int, work: Path) -> tuple[Path, int]:
    """A JSON export of about ``size`` bytes: export a sample, then repeat its game objects."""
    sample = work / "sample.mcn"
    sample.write_text("\n".join(games[:20]), encoding="utf-8")
    exported = subprocess.run(
        [mcn_bin, "export", str(sample)], capture_output=True, text=True, check=True
    ).stdout
    objects = [json.dumps(g, ensure_ascii=False) for g in json.loads(exported)["games"]]
    path = work / "archive.json"
    written = count = 0
    with path.open("w", encoding="utf-8") as out:
        out.write('{"format": "mcn", "version": 1, "games": [\n')
        while written < size:
            text = ("," if count else "") + objects[count % len(objects)] + "\n"
            out.write(text)
            written += len(text.encode("utf-8"))
            count += 1
        out.write("]}\n")
    return path, count


def memory_rows(
    mcn_bin: str,
    games: tuple[str, ...],
    megabytes: int,
    workers: int = 1,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """Peak RSS of each command of :data:`COMMANDS` on ``megabytes`` MB of input.

    ``workers`` commands run at once: each is a process of its own whose high-water mark the
    kernel keeps apart, so the figures do not disturb each other (their wall times do; they are
    reported, not compared with anything).
    """
    from concurrent.futures import ThreadPoolExecutor

    from processes import peak_rss

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="mcn-stream-") as scratch:
        work = Path(scratch)
        mcn_path = work / "archive.mcn"
        mcn_games = _write_repeated(games, megabytes * 1_000_000, mcn_path)
        json_path, json_games = _json_of_size(mcn_bin, games, megabytes * 1_000_000, work)

        def measure(name: str) -> dict[str, Any]:
            target = work / f"{name}.out"
            args = [a.format(mcn=mcn_path, json=json_path, out=target) for a in COMMANDS[name]]
            print(f"streaming: {name} on {megabytes} MB …", file=sys.stderr, flush=True)
            rss, status, seconds = peak_rss([mcn_bin, *args])
            target.unlink(missing_ok=True)
            shutil.rmtree(f"{target}.site", ignore_errors=True)
            source = json_path if name == "import" else mcn_path
            return {
                "input_bytes": source.stat().st_size,
                "games": json_games if name == "import" else mcn_games,
                "peak_rss_mb": round(rss, 1),
                "under_target": rss < TARGET_MB,
                "exit_status": status,
                "seconds": round(seconds, 1),
            }

        chosen = list(COMMANDS) if names is None else names
        with ThreadPoolExecutor(max(1, workers)) as pool:
            rows = dict(zip(chosen, pool.map(measure, chosen), strict=True))
        for name in (
            ARCHIVE_QUESTIONS if names is None else ()
        ):  # throughput beside validate --jobs 1, run alone
            rows[name]["vs_validate_jobs1"] = versus_validate(mcn_bin, COMMANDS[name], mcn_path)
        for name in [n for n in THROUGHPUT_ONLY if n in rows]:
            beside = versus_validate(mcn_bin, COMMANDS[name], mcn_path)
            del beside["within_target"]
            rows[name]["vs_validate_jobs1"] = beside
        out.update(rows)
    return out


def import_export(mcn_bin: str, games: tuple[str, ...], count: int, runs: int) -> dict[str, Any]:
    """Games per second of ``mcn export`` (MCN → JSON) and ``mcn import`` (JSON → MCN)."""
    with tempfile.TemporaryDirectory(prefix="mcn-convert-") as scratch:
        work = Path(scratch)
        source = work / "games.mcn"
        source.write_text("\n".join(games[i % len(games)] for i in range(count)), "utf-8")
        exported = work / "games.json"
        subprocess.run([mcn_bin, "export", str(source), "-o", str(exported)], check=True)
        export_times: list[float] = []
        import_times: list[float] = []
        for _ in range(runs):
            for command, times in (
                ([mcn_bin, "export", str(source), "-o", str(work / "e.json")], export_times),
                ([mcn_bin, "import", str(exported), "-o", str(work / "i.mcn")], import_times),
            ):
                start = time.perf_counter()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                times.append(time.perf_counter() - start)
        same = (work / "i.mcn").read_text("utf-8") == subprocess.run(
            [mcn_bin, "fmt", str(source)], capture_output=True, text=True, check=True
        ).stdout
    ratios = [e / i for e, i in zip(export_times, import_times, strict=True)]
    return {
        "games": count,
        "runs": runs,
        "export_games_per_s": round(count / statistics.median(export_times), 1),
        "import_games_per_s": round(count / statistics.median(import_times), 1),
        "import_vs_export": round(statistics.median(ratios), 3),
        "round_trip_equal": same,
    }


def dask_figures(mcn_bin: str, games: tuple[str, ...], count: int, runs: int) -> dict[str, Any]:
    """``mcn validate`` of one file of ``count`` games: ``--jobs 1``/``2`` beside ``--dask
    local:1``/``local:2`` (a local Dask cluster of 1 or 2 worker processes, started by the
    command). The cluster's start-up is measured apart (validating one game) and reported; the
    games/s figures include it, as a user would see them."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return {"skipped": "the mcn[dask] extra is not installed"}
    with tempfile.TemporaryDirectory(prefix="mcn-dask-") as scratch:
        work = Path(scratch)
        path = work / "games.mcn"
        path.write_text("\n".join(games[i % len(games)] for i in range(count)), "utf-8")
        one = work / "one.mcn"
        one.write_text(games[0], "utf-8")
        variants = {
            "jobs1": ["--jobs", "1"],
            "jobs2": ["--jobs", "2"],
            "dask_local1": ["--dask", "local:1"],
            "dask_local2": ["--dask", "local:2"],
        }
        times: dict[str, list[float]] = {name: [] for name in variants}
        for _ in range(runs):
            for name, extra in variants.items():
                start = time.perf_counter()
                subprocess.run(
                    [mcn_bin, "validate", "-q", str(path), *extra],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                )  # fmt: skip
                times[name].append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run(
            [mcn_bin, "validate", "-q", str(one), "--dask", "local:2"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
        )  # fmt: skip
        startup = time.perf_counter() - start
    out: dict[str, Any] = {"games": count, "runs": runs, "cluster_startup_s": round(startup, 2)}
    for name, values in times.items():
        median = statistics.median(values)
        out[name] = {"seconds": round(median, 2), "games_per_s": round(count / median, 1)}
    return out


def match_row(mcn_bin: str, games: int) -> dict[str, Any]:
    """``mcn match`` of ``games`` games between four ``mcn bot random`` processes (seeded):
    wall time per game and the peak RSS of the match and its bots, against
    :data:`MATCH_BUDGET_S_PER_GAME` and :data:`TARGET_MB`."""
    from processes import peak_rss

    with tempfile.TemporaryDirectory(prefix="mcn-match-") as scratch:
        out = Path(scratch) / "match.mcn"
        bots = [f"--bot={c}={mcn_bin} bot random --seed {n}" for n, c in enumerate("RBGY", 1)]
        command = [mcn_bin, "match", *bots, "--games", str(games), "-o", str(out)]
        print(f"streaming: match of {games} games …", file=sys.stderr, flush=True)
        rss, status, seconds = peak_rss(command)
        written = out.read_text(encoding="utf-8").count("[Event ") if out.exists() else 0
    per_game = seconds / games
    return {
        "games": games,
        "games_written": written,
        "seconds": round(seconds, 1),
        "seconds_per_game": round(per_game, 3),
        "peak_rss_mb": round(rss, 1),
        "within_budget": per_game <= MATCH_BUDGET_S_PER_GAME and rss < TARGET_MB,
        "exit_status": status,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--mb", type=int, default=100, help="input size for the memory rows")
    parser.add_argument("--games", type=int, default=300, help="corpus games")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="memory rows measured at once")
    parser.add_argument("--match-games", type=int, default=20, help="games of the match row")
    parser.add_argument(
        "--only", nargs="+", choices=[*COMMANDS, "match"], help="just these rows (no import/dask)"
    )
    options = parser.parse_args(argv)
    import corpus

    mcn_bin = str(Path(sys.executable).with_name("mcn"))
    games = corpus.mcn_corpus(options.games, seed=1, workers=2).games
    if options.only:
        rows = [name for name in options.only if name != "match"]
        partial: dict[str, Any] = {}
        if rows:
            partial["memory"] = memory_rows(mcn_bin, games, options.mb, options.workers, rows)
        if "match" in options.only:
            partial["match"] = match_row(mcn_bin, options.match_games)
        print(json.dumps(partial, indent=1))
        return 0
    result = {
        "import_export": import_export(mcn_bin, games, options.games, options.runs),
        "dask": dask_figures(mcn_bin, games, options.games, options.runs),
        "memory": memory_rows(mcn_bin, games, options.mb, options.workers),
        "match": match_row(mcn_bin, options.match_games),
    }
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
