"""Build hook: the mypyc-compiled wheel when asked for and a C compiler is present, else pure.

The wheel is pure Python by default (and an editable install always is: fast iteration).
``HATCH_BUILD_HOOKS_ENABLE=1 python -m build --wheel`` (``make wheel-compiled``) enables this
hook, which hands the modules listed in pyproject.toml (``[tool.hatch.build.targets.wheel.hooks
.custom]``) to hatch-mypyc. On a machine without a C compiler or without the Python headers it
warns and leaves the wheel pure instead of failing: the package is correct either way, the
compiled build is only faster (docs/performance.md, "Compiled build (mypyc)").
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import sysconfig
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook


def missing_toolchain() -> str | None:
    """Why this interpreter cannot build C extensions here, or None when it can."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not compiler or shutil.which(compiler[0]) is None:
        return f"no C compiler ({' '.join(compiler) or 'cc'}) on PATH"
    headers = sysconfig.get_paths()["include"]
    if not os.path.isfile(os.path.join(headers, "Python.h")):
        return f"no Python headers (Python.h) in {headers}"
    return None


class CompiledOrPureHook(MypycBuildHook):
    """hatch-mypyc with a pure-Python fallback and a clean source tree afterwards."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        reason = missing_toolchain()
        if reason is not None:
            self.app.display_warning(f"mcn: building the pure-Python wheel: {reason}")
            return
        self.app.display_info(f"mcn: compiling {len(self.included_files)} modules with mypyc")
        super().initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        # hatch-mypyc builds the extensions in place; once they are in the wheel, remove them
        # from the source tree, where they would shadow the .py files of an editable install.
        self.clean([version])
        for path in glob.glob(os.path.join(self.root, "build", "*__mypyc*")):
            os.remove(path)


def get_build_hook() -> type:
    return CompiledOrPureHook
