"""Run a modeled launch dry run: read the authority log, plan, admit, write the report.

    launch_dry_run v41-group-a --authority-log FILE [--at TIME] [--gpu-memory-utilization U]
                               [--open FRONTIER ...] [--engram-bets] [--out FILE]
    launch_dry_run glm-group-b --authority-log FILE [--at TIME] [--gpu-memory-utilization U] [--out FILE]

The authority log is the only live read; nothing lands on a host.  Exit 0:
the plan rendered and admission holds.  Exit 1: refused (every located
reason and open obligation printed; the report still written, saying
REFUSED).  Exit 2: bad input (`FILE:LINE: $.path: expected ..., got ...`),
or an `--out` that is not a regular file or a new path, is the authority
log, or cannot be written (`--out PATH: expected ..., got ...`); nothing is
written.  Exit 141: a reader closed stdout early (`| head -1`); the report
was written, and nothing more is printed.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType

import attrs

from domain.core.json_text import JSON_INT_MAX
from domain.core.outcome import Refused, reason_line
from domain.core.sizes import BASIS_POINTS_PER_UNIT, bp_in_unit_range
from domain.edges.report_file import out_refusals, write_report
from domain.edges.streams import EXIT_BROKEN_PIPE, emit, flushed, read_input
from domain.spark.authority_log import AuthorityLog, read_authority_log
from domain.spark.dry_run import DryRunReport, glm_group_b_launch_dry_run, render_dry_run_report, v41_group_a_launch_dry_run
from domain.spark.frontiers import FIXTURE_HOST_EFFECTS_DISCHARGE, FIXTURE_OCCUPANCY_DISCHARGE, HOST_EFFECTS, OCCUPANCY
from domain.spark.profile import GLM_GROUP_B_PROFILE
from domain.spark.v41_group_a_launch import (
    FIXTURE_V41_ENGRAM_STORE_MANIFEST,
    FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    V41LaunchInputs,
    authority_transition_discharge,
    v41_produced_from_log,
)

DEFAULT_OUT = MappingProxyType({"v41-group-a": "target/v41-group-a-launch-dry-run.txt", "glm-group-b": "target/glm-group-b-launch-dry-run.txt"})
OPENABLE = ("#12371", "#12359", OCCUPANCY.key, HOST_EFFECTS.key)
"""Frontiers the dry run discharges with a fixture by default; `--open` withholds one."""

_DECIMAL = re.compile(r"^(\d+)(?:\.(\d+))?$")


class BadInput(Exception):
    """Carry one or more located bad-input lines (exit 2, nothing written)."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text)} characters)"


def utilization_bp(text: str) -> int:
    """Convert a decimal like 0.80 to basis points exactly; refuse more than 4 places or outside (0, 1]."""
    match = _DECIMAL.match(text)
    if not match or len(match.group(2) or "") > 4:
        raise BadInput([f"--gpu-memory-utilization: expected a decimal with at most 4 places such as 0.80, got {_shown(text)}"])
    whole, places = match.group(1).lstrip("0"), match.group(2) or ""
    if len(whole) > 1:  # 10 or more; checked first so a 5,000-digit value is never converted
        raise BadInput([f"--gpu-memory-utilization: expected a share in (0, 1], got {_shown(text)}"])
    bp = (int(whole or "0") + Fraction(int(places or "0"), 10 ** len(places))) * BASIS_POINTS_PER_UNIT
    if bp.denominator != 1 or not bp_in_unit_range(int(bp)):
        raise BadInput([f"--gpu-memory-utilization: expected a share in (0, 1], got {_shown(text)}"])
    return int(bp)


def read_time(text: str) -> int:
    """Read `--at` as epoch seconds or an ISO 8601 time with a zone (2026-03-01T12:00:00Z)."""
    if re.fullmatch(r"\d+", text):
        if len(text) > len(str(JSON_INT_MAX)) or int(text) > JSON_INT_MAX:
            raise BadInput([f"--at: expected epoch seconds of at most {JSON_INT_MAX}, got {_shown(text)}"])
        return int(text)
    try:
        moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BadInput([f"--at: expected epoch seconds or an ISO 8601 time with a zone such as 2026-03-01T12:00:00Z, got {_shown(text)}"])
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
    parser.add_argument("--engram-bets", action="store_true",
                        help="also report each staircase step's Engram bet against the per-rank allowance; v41-group-a only")
    parser.add_argument("--out", metavar="FILE", help="where to write the report (default: target/<arm>-launch-dry-run.txt)")
    return parser


def _read_log(path: str) -> AuthorityLog:
    text, why = read_input(path, "authority log")
    if text is None:
        raise BadInput([f"{path}: {why}"])
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
        if args.engram_bets:
            raise BadInput(["--engram-bets: glm-group-b declares nothing beyond its weights, so it bets nothing"])
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
    return v41_group_a_launch_dry_run(log, at, inputs, engram_bets=args.engram_bets)


def _bad_input(lines: Sequence[str]) -> int:
    ok = emit(err=[*lines, "launch_dry_run: bad input; nothing written"])
    return 2 if ok else EXIT_BROKEN_PIPE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the dry run; return 0 admitted, 1 refused, 2 bad input (nothing written), 141 stdout closed early."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its usage error (or --help)
        code = 0 if exc.code == 0 else 2
        return code if flushed() else EXIT_BROKEN_PIPE
    out = args.out if args.out is not None else DEFAULT_OUT[args.arm]
    refusals = out_refusals(out, {"authority log": args.authority_log})
    try:
        report = _report(args)
    except BadInput as bad:
        return _bad_input([*bad.lines, *refusals])
    if refusals:
        return _bad_input(refusals)
    unwritten = write_report(out, render_dry_run_report(report))
    if unwritten:
        return _bad_input(unwritten)
    verdict = report.verdict
    if isinstance(verdict, Refused):
        count = len(verdict.reasons)
        lines = [f"{report.arm}: REFUSED ({count} reason{'' if count == 1 else 's'}); report written to {out}"]
        lines.extend(f"  {reason_line(reason)}" for reason in verdict.reasons)
        code = 1
    else:
        lines, code = [f"{report.arm}: ADMITTED ({verdict.value}); report written to {out}"], 0
    return code if emit(lines) else EXIT_BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
