"""The benchmark's report: the figures the targets are about, and the table people read.

Split from bench/run.py (which measures) so each stays one concept; both read the results dict
that run.py writes to bench/results/latest.json.
"""

from __future__ import annotations

from typing import Any

#: Targets from the project brief: (figure, comparison, bound). The brief compares
#: python-chess's cheapest full parse with MCN's: ``check_syntax`` (every move read and checked,
#: nothing built), and replay per engine decision; the record-model parse and the replay per
#: written move are printed next to them, as stricter figures without a target.
TARGETS: dict[str, tuple[str, float]] = {
    "parse_syntax_ratio": (">=", 1.0),
    "replay_ratio": (">=", 1.0),
    "peak_rss_100mb_mb": ("<", 150.0),
    "cold_version_s": ("<", 0.15),
    "cold_max_s": ("<", 0.15),
    "cold_position_text_s": ("<=", 0.25),
    "cold_legal_text_s": ("<=", 0.25),
    "validate_jobs2_speedup": (">=", 1.7),
    "html_bytes": ("<", 1_000_000),
    "html_first_render_s": ("<", 1.0),
    "empty_variations_100k_s": ("<", 2.0),
    "empty_variations_100k_rss_mb": ("<", 200.0),
    "replay_ratio_per_written_move": (">=", 2.0),
    "import_vs_export": (">=", 1.0),
    "streaming_max_peak_rss_mb": ("<", 150.0),
    "largest_record_max_rss_mb": ("<", 300.0),
    "largest_record_max_s": ("<", 10.0),
}


def summary(results: dict[str, Any]) -> dict[str, float | None]:
    """The figures the targets are about."""
    memory = results.get("memory", {})
    stream = results.get("streaming", {})
    convert = results.get("import_export", {})
    return {
        "parse_ratio": results["parse"]["ratio"],
        "parse_syntax_ratio": results["parse_syntax"]["ratio"],
        "replay_ratio": results["replay_decisions"]["ratio"],
        "replay_ratio_per_written_move": results["replay"]["ratio"],
        "validate_check_ratio_per_written_move": results.get("validate_check", {}).get("ratio"),
        "peak_rss_100mb_mb": memory.get("100mb", {}).get("peak_rss_mb"),
        "cold_version_s": results["cold_start"]["version_s"],
        "cold_position_text_s": results["cold_start"].get("position_text_s"),
        "cold_legal_text_s": results["cold_start"].get("legal_text_s"),
        "cold_max_s": max(
            (row["median_s"] for row in results["cold_start"].get("rows", {}).values()),
            default=None,
        ),
        "validate_jobs2_speedup": results.get("jobs", {}).get("speedup"),
        "html_bytes": results["html"]["bytes"],
        "html_first_render_s": results["html"]["first_render_s"],
        "empty_variations_100k_s": results["empty_variations"]["100000"]["seconds"],
        "empty_variations_100k_rss_mb": results["empty_variations"]["100000"]["peak_rss_mb"],
        "import_vs_export": convert.get("import_vs_export"),
        "streaming_max_peak_rss_mb": max(
            (row["peak_rss_mb"] for row in stream.values()), default=None
        ),
        "largest_record_max_rss_mb": max(_largest(results, "peak_rss_mb"), default=None),
        "largest_record_max_s": max(_largest(results, "seconds"), default=None),
    }


def _largest(results: dict[str, Any], figure: str) -> list[float]:
    """``figure`` of every command on every largest record (bench/largest.py)."""
    return [
        row[figure]
        for record in results.get("largest", {}).values()
        for name, row in record.items()
        if name != "bytes"
    ]


def table(results: dict[str, Any]) -> str:
    """The human-readable report."""
    m = results["machine"]
    c = results["corpus"]
    p, r, e = results["parse"], results["replay"], results["engine"]
    ps = results["parse_syntax"]
    rd = results["replay_decisions"]
    cold, tree = results["cold_start"], results["tree"]
    rows = [
        f"machine   {m['cpu']}, {m['cores']} cores, {m['implementation']} {m['python']}, "
        f"{m['system']}",
        f"corpus    {c['games']} games, {c['moves']:,} moves "
        f"(MCN {c['mcn_bytes'] / 1e6:.1f} MB, PGN {c['pgn_bytes'] / 1e6:.1f} MB)",
        "",
        f"{'':34}{'MCN':>14}{'python-chess':>16}{'ratio':>9}",
        f"{'parse, record model (moves/s)':34}{p['mcn_moves_per_s']:>14,}"
        f"{p['pgn_plies_per_s']:>16,}{p['ratio']:>9.2f}",
        f"{'parse, syntax only (moves/s)':34}{ps['mcn_moves_per_s']:>14,}"
        f"{ps['pgn_plies_per_s']:>16,}{ps['ratio']:>9.2f}",
        f"{'parse + replay (decisions/s)':34}{rd['mcn_decisions_per_s']:>14,}"
        f"{rd['pgn_plies_per_s']:>16,}{rd['ratio']:>9.2f}",
        f"{'parse + replay (written moves/s)':34}{r['mcn_moves_per_s']:>14,}"
        f"{r['pgn_plies_per_s']:>16,}{r['ratio']:>9.2f}",
        f"{'':34}({rd['decisions_per_written_move']:.2f} engine decisions per written move)",
        *_validate_check_row(results),
        "",
        f"{'engine, random play':34}{e['random_play_decisions_per_s']:>14,} decisions/s",
        f"{'engine, apply only':34}{e['apply_decisions_per_s']:>14,} decisions/s",
        *_cold_rows(cold),
        f"{'mcn tree → SVG':34}{tree['seconds']:>14.3f} s  ({tree['file']})",
        *_html_rows(results["html"]),
    ]
    jobs = results.get("jobs")
    if jobs:
        what = f"validate {jobs['games']:,} games, one file"
        rows.append(
            f"{what:34}{jobs['jobs1_s']:>11.2f} s  --jobs 1,{jobs['jobs2_s']:>7.2f} s  --jobs 2:"
            f"  × {jobs['speedup']:.2f}"
            f" ({jobs['speedup_range'][0]:.2f}–{jobs['speedup_range'][1]:.2f})"
        )
    for count, figures in results.get("empty_variations", {}).items():
        what = f"validate {int(count):,} empty variations"
        verdict = "valid" if figures["exit_status"] == 0 else "refused (past the limit)"
        rows.append(
            f"{what:34}{figures['seconds']:>14.3f} s  ({figures['cpu_seconds']:.2f} s CPU), "
            f"{figures['peak_rss_mb']:.1f} MB, {verdict}"
        )
    if results.get("largest"):
        from largest import rows as largest_rows

        rows.extend(largest_rows(results["largest"]))
    rows.extend(_streaming_rows(results))
    for figures in results.get("memory", {}).values():
        what = f"peak RSS, validate {figures['bytes'] / 1e6:.0f} MB"
        rows.append(
            f"{what:34}{figures['peak_rss_mb']:>14.1f} MB"
            f"  ({figures['games']:,} games, {figures['seconds']:.0f} s, "
            f"exit {figures['exit_status']})"
        )
    rows.append("")
    for name, value in summary(results).items():
        if name not in TARGETS:
            rows.append(f"(no target) {name}: {value}")
            continue
        comparison, bound = TARGETS[name]
        if value is None:
            verdict = "not measured"
        else:
            met = {">=": value >= bound, "<=": value <= bound, "<": value < bound}[comparison]
            verdict = "ok" if met else "MISSED"
        rows.append(f"target {name} {comparison} {bound}: {value} {verdict}")
    return "\n".join(rows)


def _validate_check_row(results: dict[str, Any]) -> list[str]:
    v = results.get("validate_check")
    if v is None:
        return []
    return [
        f"{'validate check (written moves/s)':34}{v['mcn_moves_per_s']:>14,}"
        f"{v['pgn_plies_per_s']:>16,}{v['ratio']:>9.2f}"
    ]


def _html_rows(h: dict[str, Any]) -> list[str]:
    render = h["first_render_s"]
    first = f"{render:>14.3f} s" if render is not None else f"{'-':>14}  ({h['first_render_note']})"
    return [
        f"{'mcn html: page size':34}{h['bytes']:>14,} B  ({h['file']}, {h['decisions']} decisions)",
        f"{'mcn html: build (decisions/s)':34}{h['build_decisions_per_s']:>14,}"
        f"{h['chess_svg_positions_per_s']:>16,}{h['build_ratio']:>9.2f}"
        "  (python-chess: chess.svg positions/s)",
        f"{'mcn html: first position drawn':34}{first}",
    ]


def _streaming_rows(results: dict[str, Any]) -> list[str]:
    rows = []
    convert = results.get("import_export")
    if convert:
        rows.append(
            f"{'export / import (games/s)':34}{convert['export_games_per_s']:>14,.1f}"
            f"{convert['import_games_per_s']:>16,.1f}{convert['import_vs_export']:>9.2f}"
            f"  ({convert['games']} games; import ÷ export)"
        )
    dask = results.get("dask", {})
    if "jobs1" in dask:
        parts = ", ".join(
            f"{name} {dask[name]['games_per_s']:.1f}"
            for name in ("jobs1", "jobs2", "dask_local1", "dask_local2")
        )
        rows.append(
            f"{'validate games/s, --jobs / --dask':34}  {parts}"
            f"  (cluster start-up {dask['cluster_startup_s']:.1f} s included)"
        )
    for name, row in results.get("streaming", {}).items():
        what = f"peak RSS, {name} {row['input_bytes'] / 1e6:.0f} MB"
        rows.append(
            f"{what:34}{row['peak_rss_mb']:>14.1f} MB  ({row['games']:,} games, "
            f"{row['seconds']:.0f} s, exit {row['exit_status']})"
        )
    match = results.get("match")
    if match:
        rows.append(
            f"{'mcn match, 4 random bots':34}{match['seconds_per_game']:>12.3f} s/game"
            f"  ({match['games']} games, peak RSS {match['peak_rss_mb']:.1f} MB, "
            f"within budget: {match['within_budget']})"
        )
    return rows


def _cold_rows(cold: dict[str, Any]) -> list[str]:
    """One line per cold-start row (bench/cold_start.py): median and minimum wall time; then
    the host's floor measured in the same run (what no change to mcn moves)."""
    names = {
        "version": "mcn --version",
        "validate_one_game": "mcn validate (1 game)",
        "position_text": "mcn position TEXT",
        "legal_text": "mcn legal TEXT",
        "replay_one_game": "mcn replay (1 game)",
        "html_one_game": "mcn html (1 game)",
    }
    rows = cold.get("rows") or {
        "version": {"median_s": cold["version_s"], "min_s": cold["version_s"]},
        "validate_one_game": {
            "median_s": cold["validate_one_game_s"],
            "min_s": cold["validate_one_game_s"],
        },
    }
    floor = {
        "python_start": "host floor: python -c pass",
        "click_import": "host floor: import click",
    }
    return [
        f"{'cold start: ' + names.get(name, name):34}{row['median_s']:>14.3f} s"
        f"  (min {row['min_s']:.3f} s)"
        for name, row in rows.items()
    ] + [
        f"{floor.get(name, name):34}{row['median_s']:>14.3f} s  (min {row['min_s']:.3f} s)"
        for name, row in cold.get("reference", {}).items()
    ]
