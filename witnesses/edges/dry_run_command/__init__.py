"""Witness what a launch_dry_run command line means: exact arguments, every bad input located at once, and what it prints and returns."""

from __future__ import annotations

import attrs

from claims import Witness
from domain.core.outcome import Admitted
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import DryRunCall
from witnesses.edges.fixtures import AT

witness = Witness("edges.dry_run_command", never_refuses=[cmd.report_path, cmd.dry_run_output, cmd.rendered_report])

V41 = DryRunCall(arm="v41-group-a", authority_log="log.jsonl", at=AT, out="out/report.txt")
OUT = Admitted("out/report.txt")


def v41(**changes: object) -> DryRunCall:
    """Return the V4.1 command line with some options changed."""
    return attrs.evolve(V41, **changes)


# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.edges.dry_run_command import (  # noqa: E402, F401
    arguments,
    near_misses,
    partitions,
    reports,
    time_boundaries,
    verdicts,
)
