"""Build hook: the mypyc-compiled wheel wherever a C compiler is present, else pure.

A wheel is compiled by default (``pip install .``, ``python -m build``, ``make dist``): the
speed a user meets is the compiled build's. An editable install never is (fast iteration),
and ``HATCH_BUILD_NO_HOOKS=true`` (or ``MCN_PURE=1``) builds the pure wheel on purpose. The
hook hands the modules listed in pyproject.toml (``[tool.hatch.build.targets.wheel.hooks
.custom]``) to hatch-mypyc. Without a C compiler or the Python headers, or when compiling fails
for any other reason, it says why in one line and builds the pure wheel instead of failing: the
package is correct either way, the compiled build is only faster (docs/performance.md,
"Compiled build (mypyc)").
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


def first_error(output: str) -> str:
    """The line of a compiler's output that says what went wrong (for a one-line warning)."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    wanted = [line for line in lines if line.lower().startswith("error:") or ": error:" in line]
    return ((wanted or lines[-1:] or ["unknown error"])[0])[:200]


class CompiledOrPureHook(MypycBuildHook):
    """hatch-mypyc with a pure-Python fallback and a clean source tree afterwards."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        reason = missing_toolchain()
        if os.environ.get("MCN_PURE", "") not in ("", "0"):
            reason = "MCN_PURE is set"
        if reason is not None:
            self.app.display_warning(f"mcn: building the pure-Python wheel: {reason}")
            return
        self.app.display_info(f"mcn: compiling {len(self.included_files)} modules with mypyc")
        try:
            super().initialize(version, build_data)
        except Exception as error:  # any failure of the compiler: the pure wheel is still right
            # hatch-mypyc raises before it touches build_data; only its in-place outputs go
            self.clean([version])
            self.app.display_warning(
                f"mcn: compiling with mypyc failed ({first_error(str(error))}); building the "
                "pure-Python wheel instead"
            )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        # hatch-mypyc builds the extensions in place; once they are in the wheel, remove them
        # from the source tree, where they would shadow the .py files of an editable install.
        self.clean([version])
        for path in glob.glob(os.path.join(self.root, "build", "*__mypyc*")):
            os.remove(path)


def get_build_hook() -> type:
    return CompiledOrPureHook
