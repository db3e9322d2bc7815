"""Witness the launch_dry_run command end to end in a temporary folder: its exit codes, what it prints, and what it writes or leaves alone.

Every run passes `--out` inside `tmp_path` and `default_dir=tmp_path`, or
runs from a working directory inside `tmp_path` (the two claims of a run
without `--out`), so no run writes outside the claim's folder, even under a
mutant that drops `--out` or changes the default directory.  Where the
report goes without `--out` is also the pure rule
`dry_run_command.report_path`, claimed without writing anything.
"""

from __future__ import annotations

import re
from pathlib import Path

from claims import Witness
from domain.edges import launch_dry_run
from witnesses.edges.fixtures import AT, ran, written

witness = Witness("edges.launch_dry_run", never_refuses=[launch_dry_run.main])

READ_AS_OF = re.compile(r"\nauthority log: .*, read as of (\S+) \(epoch ([0-9]+)\)\n")
"""The header line saying when the log was read: the ISO 8601 UTC time, then its epoch second."""

ADMITTED_LINE = "v41-group-a: ADMITTED (the v41-group-a plan rendered and admission holds); report written to {out}"
BAD_INPUT = "launch_dry_run: bad input; nothing written"


def dry_run(folder: Path, log: str, *extra: str, out: str | None = None) -> tuple[int, str, str]:
    """Run the V4.1 dry run on `log` written into `folder`, reporting to `out` (default `folder/out/report.txt`)."""
    path = written(folder, "log.jsonl", log)
    report = out if out is not None else str(folder / "out" / "report.txt")
    return ran(
        launch_dry_run.main,
        "v41-group-a",
        "--authority-log",
        str(path),
        "--at",
        AT,
        "--out",
        report,
        *extra,
        default_dir=str(folder),
    )


# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.edges.launch_dry_run import outcomes, partitions, usage  # noqa: E402, F401
