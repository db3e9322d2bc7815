"""Witness the report file's I/O in a temporary folder: `--out` inspected without touching it, the report written atomically, nothing left on failure."""

from __future__ import annotations

from claims import Witness

witness = Witness("edges.report_file")

REPORT = "# launch dry run: v41-group-a — ADMITTED\n≤ 484 GiB\n"

TAKEN = tuple(f".taken-{n:02d}.tmp" for n in range(100))
"""A hundred temp names a claim plants before the write tries them."""


# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.edges.report_file import inspection, writing  # noqa: E402, F401
