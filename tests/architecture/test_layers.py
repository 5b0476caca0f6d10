"""The layer contracts of docs/design.md (``[tool.importlinter]`` in pyproject.toml) hold on
the package, and they can fail: an upward import planted in a copy of the package breaks them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = [
    pytest.mark.skipif(
        not LINT_IMPORTS.exists(), reason="import-linter is not installed (the dev extra has it)"
    ),
    pytest.mark.skipif(
        not (ROOT / "mcn").is_dir(),
        reason="no package sources here (the compiled stage's tree); the pure stage checks them",
    ),
]


def _config(folder: Path) -> Path:
    """The project's import-linter section alone, as a file of its own."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        section = tomllib.load(handle)["tool"]["importlinter"]
    lines = ["[importlinter]", f"root_package = {section['root_package']}"]
    for number, contract in enumerate(section["contracts"]):
        lines.append(f"[importlinter:contract:{number}]")
        for key, value in contract.items():
            if isinstance(value, list):
                lines.append(f"{key} =")
                lines.extend(f"    {item}" for item in value)
            else:
                lines.append(f"{key} = {value}")
    path = folder / "contracts.ini"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _lint(package_parent: Path, config: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(config)],
        cwd=package_parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _copy_package(target: Path) -> Path:
    shutil.copytree(
        ROOT / "mcn", target / "mcn", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    return target / "mcn"


def test_the_package_keeps_every_layer_contract(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    result = _lint(package.parent, _config(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "planted", "contract"),
    [
        ("engine/constants.py", "import mcn.notation.model", "The engine is pure"),
        ("notation/model.py", "import mcn.engine.constants", "Layers"),
        ("replay/model.py", "import mcn.api", "Layers"),
        ("tree/__init__.py", "import mcn.commands.tree", "The library never imports"),
        ("io/safe_write.py", "import mcn.notation", "Infrastructure"),
        # replay starts records from positions, and the projection is built on replay
        ("replay/start.py", "import mcn.views.projection", "Layers"),
        ("position/model.py", "import mcn.views.positions", "Layers"),
        ("archive/verdict.py", "import mcn.html", "Layers"),
        ("views/legal.py", "import mcn.tree", "Layers"),
        ("html/page.py", "import mcn.diff", "Layers"),  # siblings of one layer
    ],
)
def test_a_planted_upward_import_breaks_a_contract(
    tmp_path: Path, module: str, planted: str, contract: str
) -> None:
    package = _copy_package(tmp_path)
    source = package / module
    source.write_text(
        source.read_text(encoding="utf-8") + f"\n{planted}  # planted\n", encoding="utf-8"
    )
    result = _lint(package.parent, _config(tmp_path))
    assert result.returncode != 0
    broken = result.stdout.split("Broken contracts", 1)[1]
    assert contract in broken
    assert planted.split()[-1] in broken
