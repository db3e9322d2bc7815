"""Run a modeled launch dry run: read the authority log, plan, admit, write the report.

    launch_dry_run v41-group-a --authority-log FILE [--at TIME] [--gpu-memory-utilization U]
                               [--open FRONTIER ...] [--out FILE]
    launch_dry_run glm-group-b --authority-log FILE [--at TIME] [--gpu-memory-utilization U] [--out FILE]

The authority log is the only live read; nothing lands on a host.  Exit 0:
the plan rendered and admission holds.  Exit 1: refused (every located
reason and open obligation printed; the report still written, saying
REFUSED).  Exit 2: bad input (`FILE:LINE: $.path: expected ..., got ...`),
and nothing is written.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from fractions import Fraction

import attrs

from domain.authority_log import AuthorityLog, read_authority_log
from domain.dry_run import DryRunReport, glm_group_b_launch_dry_run, render_dry_run_report, v41_group_a_launch_dry_run
from domain.frontiers import FIXTURE_HOST_EFFECTS_DISCHARGE, FIXTURE_OCCUPANCY_DISCHARGE, HOST_EFFECTS, OCCUPANCY
from domain.outcome import Refused
from domain.profile import GLM_GROUP_B_PROFILE
from domain.sizes import BASIS_POINTS_PER_UNIT
from domain.v41_group_a_launch import (
    FIXTURE_V41_ENGRAM_STORE_MANIFEST,
    FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    V41LaunchInputs,
    authority_transition_discharge,
    v41_produced_from_log,
)

DEFAULT_OUT = {"v41-group-a": "target/v41-group-a-launch-dry-run.txt", "glm-group-b": "target/glm-group-b-launch-dry-run.txt"}
OPENABLE = ("#12371", "#12359", OCCUPANCY.key, HOST_EFFECTS.key)
"""Frontiers the dry run discharges with a fixture by default; `--open` withholds one."""

_DECIMAL = re.compile(r"^(\d+)(?:\.(\d+))?$")


class BadInput(Exception):
    """Carry one or more located bad-input lines (exit 2, nothing written)."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)


def utilization_bp(text: str) -> int:
    """Convert a decimal like 0.80 to basis points exactly; refuse more than 4 places or outside (0, 1]."""
    match = _DECIMAL.match(text)
    if not match or len(match.group(2) or "") > 4:
        raise BadInput([f"--gpu-memory-utilization: expected a decimal with at most 4 places such as 0.80, got {text!r}"])
    bp = Fraction(text) * BASIS_POINTS_PER_UNIT
    if bp.denominator != 1 or not 0 < bp <= BASIS_POINTS_PER_UNIT:
        raise BadInput([f"--gpu-memory-utilization: expected a share in (0, 1], got {text!r}"])
    return int(bp)


def read_time(text: str) -> int:
    """Read `--at` as epoch seconds or an ISO 8601 time with a zone (2026-03-01T12:00:00Z)."""
    if re.fullmatch(r"\d+", text):
        return int(text)
    try:
        moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BadInput([f"--at: expected epoch seconds or an ISO 8601 time with a zone such as 2026-03-01T12:00:00Z, got {text!r}"])
    return int(moment.timestamp())


def _frontier_key(text: str) -> str:
    # `--open 12371` and `--open '#12371'` name the same frontier.
    return f"#{text}" if text.isdigit() else text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="launch_dry_run",
        description="Plan a serving arm's launch as a dry run: render every host's argv, unit and scripts, "
        "fold admission over the authority log, and write a report. Nothing lands on a host.",
        epilog="Exit codes: 0 the plan rendered and admission holds; 1 refused (report written, saying REFUSED); "
        "2 bad input (nothing written).",
    )
    parser.add_argument("arm", choices=sorted(DEFAULT_OUT), help="the arm to plan")
    parser.add_argument("--authority-log", required=True, metavar="FILE", help="the authority log (JSON Lines), the only live read")
    parser.add_argument("--at", metavar="TIME", help="read the log as of this time: epoch seconds or ISO 8601 with a zone (default: now)")
    parser.add_argument("--gpu-memory-utilization", metavar="U", help="override the utilization axis, e.g. 0.80 (exact, at most 4 places)")
    parser.add_argument("--open", action="append", default=[], metavar="FRONTIER", choices=OPENABLE, type=_frontier_key,
                        help=f"leave a frontier open instead of discharging it with its fixture ({', '.join(OPENABLE)}); v41-group-a only")
    parser.add_argument("--out", metavar="FILE", help="where to write the report (default: target/<arm>-launch-dry-run.txt)")
    return parser


def _read_log(path: str) -> AuthorityLog:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput([f"{path}: expected a readable UTF-8 authority log, got {type(exc).__name__}: {exc}"]) from exc
    read = read_authority_log(text, path)
    if isinstance(read, Refused):
        raise BadInput([f"{r.where}: {r.why}" for r in read.reasons])
    return read.value


def _report(args: argparse.Namespace) -> DryRunReport:
    at = read_time(args.at) if args.at is not None else int(time.time())
    bp = utilization_bp(args.gpu_memory_utilization) if args.gpu_memory_utilization is not None else None
    log = _read_log(args.authority_log)
    if args.arm == "glm-group-b":
        if args.open:
            raise BadInput(["--open: glm-group-b declares no frontiers, got " + ", ".join(args.open)])
        profile = GLM_GROUP_B_PROFILE if bp is None else attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=bp)
        return glm_group_b_launch_dry_run(log, at, profile)
    if bp is not None and "#12371" in args.open:
        raise BadInput(["--gpu-memory-utilization: overrides #12371's launch shape, which --open #12371 leaves open"])
    shape = None if "#12371" in args.open else FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE
    if shape is not None and bp is not None:
        shape = attrs.evolve(shape, gpu_memory_utilization_bp=bp, source=f"{shape.source}, utilization {bp} bp from --gpu-memory-utilization")
    fixtures = [d for d in (FIXTURE_OCCUPANCY_DISCHARGE, FIXTURE_HOST_EFFECTS_DISCHARGE) if d.key not in args.open]
    inputs = V41LaunchInputs(
        produced=v41_produced_from_log(log, at),
        launch_shape=shape,
        engram_manifest=None if "#12359" in args.open else FIXTURE_V41_ENGRAM_STORE_MANIFEST,
        discharges=(authority_transition_discharge(log), *fixtures),
    )
    return v41_group_a_launch_dry_run(log, at, inputs)


def write_atomically(path: str, text: str) -> None:
    """Write text through a temp file in the same directory, then rename it into place."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=directory, prefix=".launch-dry-run.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """Run the dry run; return 0 admitted, 1 refused, 2 bad input."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its usage error
        return 0 if exc.code == 0 else 2
    try:
        report = _report(args)
    except BadInput as bad:
        for line in bad.lines:
            print(line, file=sys.stderr)
        print("launch_dry_run: bad input; nothing written", file=sys.stderr)
        return 2
    out = args.out or DEFAULT_OUT[args.arm]
    write_atomically(out, render_dry_run_report(report))
    verdict = report.verdict
    if isinstance(verdict, Refused):
        count = len(verdict.reasons)
        print(f"{report.arm}: REFUSED ({count} reason{'' if count == 1 else 's'}); report written to {out}")
        for reason in verdict.reasons:
            print(f"  {type(reason).__name__} @ {reason.where}: {reason.why}")
        return 1
    print(f"{report.arm}: ADMITTED ({verdict.value}); report written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
