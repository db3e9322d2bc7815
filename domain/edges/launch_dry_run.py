"""Run a modeled launch dry run: read the authority log, check `--out`, write the report, print the verdict.

    launch_dry_run v41-group-a --authority-log FILE [--at TIME] [--gpu-memory-utilization U]
                               [--open FRONTIER ...] [--engram-bets] [--json] [--out FILE]
    launch_dry_run glm-group-b --authority-log FILE [--at TIME] [--gpu-memory-utilization U] [--json] [--out FILE]

The authority log is the only live read; nothing lands on a host.  This is
the I/O shell: what the command line means, which reasons are bad input,
what it prints and which exit code it returns are decided by the pure rules
of `domain.edges.dry_run_command` (0 admitted, 1 refused and the report
still written, 2 bad input and nothing written); `--out` is checked and the
report written atomically by `domain.edges.report_file`.  Exit 141: a reader
closed stdout early (`| head -1`); the report was written, nothing more is
printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from domain.core.outcome import Admitted
from domain.edges.command_output import CommandOutput, exit_code_once_printed, usage_exit_code
from domain.edges.dry_run_command import (
    DEFAULT_OUT,
    OPENABLE,
    DryRunCall,
    dry_run_output,
    dry_run_report,
    rendered_report,
    report_path,
)
from domain.edges.report_file import checked_out_path, write_report
from domain.edges.streams import INPUT_WAIT_SECONDS, emit, flushed, read_input


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="launch_dry_run",
        # A prefix of an option is not that option: a script spelling --ou would change meaning when an option
        # starting the same way is added.
        allow_abbrev=False,
        description="Plan a serving arm's launch as a dry run: render every host's argv, unit and scripts, "
        "fold admission over the authority log, and write a report. Nothing lands on a host.",
        epilog="Exit codes: 0 the plan rendered and admission holds; 1 refused (report written, saying REFUSED); "
        "2 bad input (nothing written).",
    )
    parser.add_argument("arm", choices=sorted(DEFAULT_OUT), help="the arm to plan")
    parser.add_argument(
        "--authority-log",
        required=True,
        metavar="FILE",
        help="the authority log (JSON Lines), the only live read; a FIFO waits for a writer "
        f"{INPUT_WAIT_SECONDS} seconds at most",
    )
    parser.add_argument(
        "--at",
        metavar="TIME",
        help="read the log as of this time: epoch seconds or ISO 8601 with a zone (default: now)",
    )
    parser.add_argument(
        "--gpu-memory-utilization",
        metavar="U",
        help="override the utilization axis, e.g. 0.80 (exact, at most 4 places)",
    )
    parser.add_argument(
        "--open",
        action="append",
        default=[],
        metavar="FRONTIER",
        help=f"leave a frontier open instead of discharging it with its fixture ({', '.join(OPENABLE)}); v41-group-a only",
    )
    parser.add_argument(
        "--engram-bets",
        action="store_true",
        help="also report each staircase step's Engram bet against the per-rank allowance; v41-group-a only",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="write the report as JSON (schema launch-dry-run/1) instead of text; the same exit codes",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="where to write the report (default: target/<arm>-launch-dry-run.txt, or .json with --json)",
    )
    return parser


def main(argv: Sequence[str] | None = None, *, default_dir: str = "") -> int:
    """Run the dry run; return 0 admitted, 1 refused, 2 bad input (nothing written), 141 stdout closed early.

    Without `--out` the report goes under `default_dir` ("": the working directory).
    """
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # argparse already printed its usage error (or --help)
        return exit_code_once_printed(CommandOutput(usage_exit_code(exc.code)), flushed())
    call = DryRunCall(
        arm=args.arm,
        authority_log=args.authority_log,
        at=args.at,
        utilization=args.gpu_memory_utilization,
        opened=tuple(args.open),
        engram_bets=args.engram_bets,
        out=args.out,
        json=args.json,
    )
    out = report_path(call, default_dir)
    checked = checked_out_path(out, {"authority log": call.authority_log})
    report = dry_run_report(call, read_input(call.authority_log, "authority log"), checked, int(time.time()))
    # Bad input writes nothing: the report is written only once every input was admitted.
    written = write_report(out, rendered_report(call, report.value)) if isinstance(report, Admitted) else None
    output = dry_run_output(report, out, written)
    return exit_code_once_printed(output, emit(output.out, output.err))


if __name__ == "__main__":
    sys.exit(main())
