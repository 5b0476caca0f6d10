"""Run every command on the examples with one tree's ``mcn`` and write each output to a file,
so that two trees (before and after a refactoring that must not change behaviour) can be
compared byte for byte.

    python bench/same_output.py run SRC OUT     # SRC: a tree (its mcn/ is imported), OUT: a dir
    python bench/same_output.py compare OUT_A OUT_B

``run`` invokes each command in this one process (Click's runner, so a few hundred commands
take minutes, not a process start each) on ``SRC/examples``' records, with the paths of
files it writes and the run times it reports masked; ``compare`` lists the outputs that
differ. The exit status of ``compare`` is 1 when any does.
"""

from __future__ import annotations

import re
import sys
import traceback
from pathlib import Path


def commands(examples: Path, out: Path) -> list[list[str]]:
    """Every command, on every example (the invalid ones: the commands that read them)."""
    ex = str(examples)
    games = sorted(examples.glob("*.mcn")) + sorted(examples.glob("breach/*.mcn"))
    cmds: list[list[str]] = []
    for i, path in enumerate(games):
        g = str(path)
        cmds += [
            ["validate", g],
            ["validate", "--format", "json", g],
            ["replay", g],
            ["replay", "--events", g],
            ["replay", "--format", "json", g],
            ["replay", "--as", "R", g],
            ["replay", "--as", "B", "--events", g],
            ["replay", "--as", "B", "--events", "--format", "json", g],
            ["replay", "--to", "2", g],
            ["replay", "--from", "3", g],
            ["export", g],
            ["export", "--format", "mcn", g],
            ["export", "--as", "R", g],
            ["export", "--as", "G", "--keep-annotations", g],
            ["fmt", g],
            ["redact", "--as", "R", g],
            ["redact", "--as", "B", "--keep-annotations", g],
            ["tree", "-o", f"{out}/tree{i}.dot", g],
            ["tree", "--as", "R", "-o", f"{out}/treeR{i}.dot", g],
            ["tree", "--alternatives", "3", "-o", f"{out}/treeA{i}.dot", g],
            ["html", g],
            ["html", "--as", "R", g],
            ["html", "--quiz", g],
            ["legal", g],
            ["legal", "--at", "2", g],
            ["legal", "--as", "R", "--format", "json", g],
            ["legal", "--at", "3", "--try", "B: letter red", g],
            ["legal", "--at", "5", "--try", "R: pass", g],
            ["position", g],
            ["position", "--at", "4", g],
            ["position", "--as", "R", "--format", "json", g],
            ["position", "--as", "B", "--at", "9", "--format", "json", g],
        ]
    for path in sorted(examples.glob("invalid/*.mcn")):
        g = str(path)
        cmds += [
            ["validate", g],
            ["validate", "--format", "json", g],
            ["replay", g],
            ["fmt", g],
            ["redact", "--as", "R", g],
            ["legal", g],
        ]
    seeded = ["--seed", "5", "-n", "2", "--infraction-rate", "0.1", "--variant", "meta-culpa"]
    cmds += [
        ["validate", ex],
        ["stats", ex],
        ["stats", "--format", "json", ex],
        ["stats", "--by", "player", ex],
        ["standings", ex],
        ["explore", "--at", "1", ex],
        ["explore", "--at", "2", "--as", "R", "--format", "json", ex],
        ["filter", "--valid", ex],
        ["filter", "--invalid", ex],
        ["search", "--where", "true", ex],
        ["search", "--addresses", "--where", "true", "--format", "json", ex],
        ["diff", f"{ex}/game-4p.mcn", f"{ex}/annotated-4p.mcn"],
        ["diff", f"{ex}/game-2p.mcn", f"{ex}/game-2p-en.mcn"],
        ["random", "--seed", "3", "-n", "3"],
        ["random", "--players", "2", "--seed", "7", "-n", "2"],
        ["random", "--players", "3", *seeded],
        ["export", "-o", f"{out}/g4.json", f"{ex}/game-4p.mcn"],
        ["import", f"{out}/g4.json"],
        ["board"],
        ["help", "moves"],
        ["site", "-o", f"{out}/site", ex],
        ["tree", "--merge", "-o", f"{out}/merge.dot", ex],
    ]
    return cmds


def run(src: Path, out: Path) -> int:
    sys.path.insert(0, str(src))
    from click.testing import CliRunner

    import mcn
    from mcn.cli import cli

    if not str(mcn.__file__).startswith(str(src)):
        raise SystemExit(f"mcn was imported from {mcn.__file__}, not from {src}")
    out.mkdir(parents=True, exist_ok=True)
    runner = CliRunner()
    cmds = commands(src / "examples", out)
    for number, args in enumerate(cmds):
        result = runner.invoke(cli, args, catch_exceptions=True)
        text = result.output
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            text += "\nEXCEPTION " + "".join(traceback.format_exception(result.exception))
        record = " ".join(args) + f"\nrc={result.exit_code}\n" + text
        record = record.replace(str(out), "OUT").replace(str(src), "SRC")
        (out / f"{number:03d}.txt").write_text(record, encoding="utf-8")
    print(f"{len(cmds)} commands written to {out}")
    return 0


def _masked(text: str) -> str:
    """The run times a command reports, masked."""
    text = re.sub(r"in \d+(\.\d+)? s\b", "in X s", text)
    return re.sub(r'"seconds": [\d.]+', '"seconds": X', text)


def compare(a: Path, b: Path) -> int:
    same = differ = 0
    for left in sorted(p for p in a.rglob("*") if p.is_file()):
        right = b / left.relative_to(a)
        if right.is_file() and left.read_bytes() == right.read_bytes():
            same += 1
            continue
        if right.is_file():
            try:
                texts = left.read_text(encoding="utf-8"), right.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                texts = ("", "-")
            if texts[0].replace(str(a), "OUT") == texts[1].replace(str(b), "OUT") or (
                _masked(texts[0]) == _masked(texts[1])
            ):
                same += 1
                continue
        differ += 1
        print(f"differs: {left.relative_to(a)}")
    print(f"{same} outputs the same (run times masked), {differ} different")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "run":
        return run(Path(argv[1]).resolve(), Path(argv[2]).resolve())
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
