"""`claim_batch mutate show ID` and `claim_batch mutate survivors`, and the report files (placeholder until the reports land)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from claims.cli.exits import Exit


def show(argv: Sequence[str]) -> int:
    """Print a mutant's or defect's diff, status and killers."""
    print("claim_batch mutate show: not available yet")
    return Exit.USAGE


def survivors(argv: Sequence[str]) -> int:
    """Print every survivor with its diff and reason."""
    print("claim_batch mutate survivors: not available yet")
    return Exit.USAGE


def write_reports(ws: Any, evidence: Any, *, json_path: str | None, html_path: str | None) -> None:
    """Write the Stryker JSON and HTML reports."""
    del ws, evidence, json_path, html_path
    raise NotImplementedError
