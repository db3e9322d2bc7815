"""Print each native check's verdict for a packet, or the window's feasibility, or the saved-record facts.

    native_verdict PACKET.json
    native_verdict --window
    native_verdict --records

This is the I/O shell: which report a command line asks for, what each
prints and its exit code are decided by the pure rules of
`domain.edges.verdict_command` (0 all twelve checks PASS, schema valid,
observations bound to the packet's starts and manifest; 1 anything less; 2
a malformed packet, `FILE: $.path: expected …, got …`, including a
duplicate key, NaN, an int beyond 64 bits, a lone surrogate or nesting
deeper than 64, or a usage error).  The verdict is built whole before one
write, escaped so no id from the packet can print half a verdict or forge
a line; 141: a reader closed stdout early.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from domain.core.outcome import Refused
from domain.edges.command_output import EXIT_BROKEN_PIPE, exit_code_once_printed
from domain.edges.streams import INPUT_WAIT_SECONDS, emit, flushed, read_input
from domain.edges.verdict_command import Asked, packet_verdict, records_verdict, report_asked, window_verdict

EPILOG = """\
exit codes:
  0  all twelve native checks PASS (--window: both fits established; --records: every record admitted)
  1  any check is HOLD or NOT RUN, or the schema or start binding is refused (--window, --records: anything less)
  2  the packet is malformed (located errors on stderr) or the usage is wrong
141  a reader closed stdout before the verdict was printed (`| head -1`)

A packet that passes the schema validator (up2_checks.native) is not evidence:
each check PASSes only from NATIVE observations of every named subcase in both
arms OFF and ON, with the same workload, mode and hooks.
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="native_verdict",
        # A prefix of an option is not that option: a script spelling --ou would change meaning when an option
        # starting the same way is added.
        allow_abbrev=False,
        description="Decide the twelve UP2 native checks from a packet's observations; "
        "or say whether a complete native packet fits the window, or what the saved records show.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "packet",
        metavar="PACKET.json",
        nargs="?",
        help=f"the native packet to decide (a FIFO waits for a writer {INPUT_WAIT_SECONDS} seconds at most)",
    )
    reports = parser.add_mutually_exclusive_group()
    reports.add_argument(
        "--window",
        action="store_true",
        help="print the window's feasibility, every figure with its provenance, instead",
    )
    reports.add_argument(
        "--records", action="store_true", help="print what the saved records show under their rules, instead"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit code (a usage error raises argparse's SystemExit(2))."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        asked = report_asked(args.packet, args.window, args.records)
        if isinstance(asked, Refused):
            parser.error(asked.reasons[0].why)
    except SystemExit:
        if not flushed():  # `native_verdict --help | head -1`
            raise SystemExit(EXIT_BROKEN_PIPE) from None
        raise
    if asked.value is Asked.WINDOW:
        output = window_verdict()
    elif asked.value is Asked.RECORDS:
        output = records_verdict()
    else:
        output = packet_verdict(args.packet, read_input(args.packet, "JSON file"))
    return exit_code_once_printed(output, emit(output.out, output.err))


if __name__ == "__main__":
    sys.exit(main())
