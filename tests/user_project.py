"""The user's project whose packages carry the bundled suite's names (`tests/fixtures/own_names`), flat or in a src layout."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "own_names"
BUNDLED = ("domain", "witnesses", "mutations")
TINYRULES = frozenset(
    {
        "tinyrules.a_size_within_the_limit_is_admitted",
        "tinyrules.a_size_equal_to_the_limit_is_admitted",
        "tinyrules.a_size_beyond_the_limit_is_refused",
    }
)
# Mutation runs over a src layout need two fixes in the engine (see the xfail reasons where this is used).


def own_names_project(tmp_path: Path, layout: str) -> Path:
    """Copy the project to `tmp_path/tinyrules`; for the src layout, move its packages under src/ and tell setuptools."""
    root = tmp_path / "tinyrules"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("__pycache__"))
    if layout == "src":
        (root / "src").mkdir()
        for package in BUNDLED:
            (root / package).rename(root / "src" / package)
        pyproject = root / "pyproject.toml"
        pyproject.write_text(
            pyproject.read_text().replace("[tool.setuptools]\n", '[tool.setuptools]\npackage-dir = {"" = "src"}\n')
        )
    return root
