"""Shared fixtures for the framework's own tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

# Every `claim_batch` these tests start imports hypothesis, which loads the plugins installed packages register.
# The test extra's selenium brings trio, whose plugin costs each start about 0.3 s (a third of a small command);
# a user's install has no selenium, and no claim here needs a plugin. The e2e tests' fresh environments have none.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")

TOY = Path(__file__).parent / "fixtures" / "toy"


@pytest.fixture
def toy_project(tmp_path: Path) -> Path:
    """Copy the toy project (green, red and broken witnesses) to a fresh folder."""
    target = tmp_path / "toy"
    shutil.copytree(TOY, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def write_files(root: Path, files: Mapping[str, str]) -> Path:
    """Write a small project: each relative path's text, dedented and without its leading newline."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def run_cli(
    cwd: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run `claim_batch ARGS` in a fresh interpreter inside `cwd`."""
    # The run under test must not inherit CI's own `CI=true` (it refuses snapshot writes): tests set it explicitly.
    inherited = {k: v for k, v in os.environ.items() if k not in {"CI", "CLAIMS_PYPROJECT"}}
    full_env = {**inherited, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "claims.cli", *args],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
