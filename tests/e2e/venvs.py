"""What the end-to-end tests stand on: a fresh copy of the checkout, and virtual environments outside the repository.

The tests run only with `CLAIMS_E2E=1` (`.ci/run` sets it); dependencies
come from the package index pip is configured with, or pip's cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from attrs import frozen

ROOT = Path(__file__).resolve().parents[2]
# What a fresh clone holds no trace of: caches, build output, installs.
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    "*.egg-info",
    "build",
    "dist",
    "target",
    "mutants",
    ".claims-cache",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".benchmarks",
)


def e2e_enabled() -> bool:
    """Say whether the end-to-end tests run here (`CLAIMS_E2E=1`)."""
    return os.environ.get("CLAIMS_E2E") == "1"


E2E = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not e2e_enabled(),
        reason="end-to-end: set CLAIMS_E2E=1 (CI does) to build the wheel and install it into fresh virtual environments",
    ),
]


def fresh_clone(target: Path) -> Path:
    """Copy what a clone of this checkout holds (tracked and new, unignored files) to `target`."""
    listed = (
        subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True)
        if (ROOT / ".git").exists()
        else None
    )
    if listed is None or listed.returncode != 0:
        shutil.copytree(ROOT, target, ignore=NOT_IN_A_CLONE)
        return target
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@frozen
class Venv:
    """A virtual environment outside the repository, and how to run commands in it."""

    root: Path

    @property
    def bin(self) -> Path:
        """Return the folder of its commands."""
        return self.root / "bin"

    @property
    def site_packages(self) -> Path:
        """Return its site-packages folder."""
        return next((self.root / "lib").glob("python3*/site-packages"))

    def env(self) -> dict[str, str]:
        """Return an environment that runs its commands first, and nothing of the caller's Python setup.

        Python writes bytecode as it imports, as on a user's machine: the packages are installed without it
        (`--no-compile`), so with PYTHONDONTWRITEBYTECODE set every command would compile hypothesis and the
        rest again (about 0.5 CPU-s each).
        """
        drop = {"PYTHONPATH", "CLAIMS_PYPROJECT", "CI", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE"}
        keep = {k: v for k, v in os.environ.items() if k not in drop}
        return {**keep, "PATH": f"{self.bin}{os.pathsep}{keep.get('PATH', '')}", "VIRTUAL_ENV": str(self.root)}

    def run(
        self, args: Sequence[str] | str, cwd: Path, *, timeout: float = 600, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run a command (a list, or a shell line) with this environment's commands first on PATH."""
        return subprocess.run(
            args,
            cwd=cwd,
            env={**self.env(), **(env or {})},
            capture_output=True,
            text=True,
            timeout=timeout,
            shell=isinstance(args, str),
        )

    def pip(self, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        """Run pip in it, failing the test with pip's output when it fails."""
        done = self.run([str(self.bin / "python"), "-m", "pip", "--disable-pip-version-check", "-q", *args], cwd)
        assert done.returncode == 0, f"pip {' '.join(args)}:\n{done.stdout}{done.stderr}"
        return done


def make_venv(root: Path) -> Venv:
    """Create a fresh virtual environment at `root` with the interpreter running the tests."""
    subprocess.run([sys.executable, "-m", "venv", str(root)], check=True, timeout=300)
    return Venv(root)
