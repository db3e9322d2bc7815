"""Print each native check's verdict for a packet, or the window's feasibility, or the saved-record facts.

    native_verdict PACKET.json
    native_verdict --window
    native_verdict --records

Exit codes: 0 all twelve checks PASS (schema valid, observations bound to
the packet's starts and manifest); 1 anything else (HOLD, NOT RUN, schema
or binding refusals); 2 a malformed packet (`FILE: $.path: expected …, got …`,
including a duplicate key, NaN, an int beyond 64 bits, a lone surrogate or
nesting deeper than 64) or a usage error; 141 a reader closed stdout early.
The packet's own "PASS" strings are only schema: each check is decided from
its observations.  The verdict is built whole before one write, escaped so
no id from the packet can print half a verdict or forge a line.  `--window`
prints the seed's window figures, each MEASURED or ESTIMATED, and whether a
one-HOLD fit and a complete-packet fit are established (exit 0 only if both
are); `--records` prints what the saved records show under their rules
(exit 0 only if every rule admits its record).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from domain.core.outcome import Reason, Refused, reason_line
from domain.edges.streams import EXIT_BROKEN_PIPE, emit, flushed, read_input
from domain.native.feasibility import window_feasibility, window_feasibility_lines
from domain.native.packets import packet_binds_observations
from domain.native.reading import read_packet_text
from domain.native.records import SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K, saved_record_facts
from domain.native.schema import NativePacket, native_packet_schema_valid
from domain.native.verdict import Status, decide_all
from domain.native.windows import SEED_CASE_COSTS, SEED_UNMEASURED, SEED_WINDOW_INPUTS

EXIT_PASS, EXIT_NOT_PASS, EXIT_MALFORMED = 0, 1, 2

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


def load(path: str) -> tuple[NativePacket | None, list[str]]:
    """Read and structure a packet file; return it or located error lines `FILE: $.path: message`."""
    text, why = read_input(path, "JSON file")
    if text is None:
        return None, [f"{path}: $: {why}"]
    outcome = read_packet_text(text)
    if isinstance(outcome, Refused):
        return None, [f"{path}: {r.where}: {r.why}" for r in outcome.reasons]
    return outcome.value, []


def _reason_lines(reasons: Sequence[Reason], indent: str = "  ") -> list[str]:
    return [f"{indent}{reason_line(r)}" for r in reasons]


def report(packet: NativePacket) -> tuple[list[str], bool]:
    """Render the schema, binding and twelve verdicts; say whether all twelve PASS."""
    lines: list[str] = []
    schema = native_packet_schema_valid(packet)
    if isinstance(schema, Refused):
        lines.append(f"schema: REFUSED ({len(schema.reasons)} reason(s))")
        lines.extend(_reason_lines(schema.reasons))
    else:
        lines.append("schema: valid (schema-valid is not native evidence)")
    binding = packet_binds_observations(packet)
    if isinstance(binding, Refused):
        lines.append(f"binding: REFUSED ({len(binding.reasons)} reason(s))")
        lines.extend(_reason_lines(binding.reasons))
    else:
        b = binding.value
        lines.append(f"binding: OFF start {b.off_start_id}, ON start {b.on_start_id}, manifest {b.manifest_digest}")
    verdicts = decide_all(packet.observations, packet.owner_resolutions)
    for v in verdicts:
        claimed = packet.checks.get(v.check.value)
        note = f" (packet says {claimed})" if claimed is not None and claimed != v.status.value else ""
        lines.append(f"{v.check.value}: {v.status.value}{note}")
        lines.extend(_reason_lines(v.reasons))
    passed = [v for v in verdicts if v.status is Status.PASS]
    ok = not schema.refused and not binding.refused and len(passed) == len(verdicts)
    rest = [f"{v.check.value} {v.status.value}" for v in verdicts if v.status is not Status.PASS]
    lines.append(f"verdict: {len(passed)}/{len(verdicts)} PASS" + ("" if ok else "; not qualified" + (": " + ", ".join(rest) if rest else "")))
    return lines, ok


def window_report() -> tuple[list[str], bool]:
    """Render the seed's window feasibility; say whether both fits are established."""
    head = "native_verdict: window feasibility (seed B2: exact figures, each MEASURED or ESTIMATED)"
    feasibility = window_feasibility(SEED_WINDOW_INPUTS, SEED_CASE_COSTS, SEED_UNMEASURED)
    if isinstance(feasibility, Refused):
        return [head, f"window: REFUSED ({len(feasibility.reasons)} reason(s))", *_reason_lines(feasibility.reasons)], False
    fits = (feasibility.value.one_hold, feasibility.value.complete_packet)
    return [head, *window_feasibility_lines(feasibility.value)], not any(fit.refused for fit in fits)


def records_report() -> tuple[list[str], bool]:
    """Render the saved-record facts under their rules; say whether every rule admits its record."""
    facts = saved_record_facts(SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K)
    return ["native_verdict: saved-record facts (seed B2: fixture values of the saved records)", *facts.lines], not facts.verdict.refused


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit code (argparse's usage error raises SystemExit(2))."""
    parser = argparse.ArgumentParser(
        prog="native_verdict",
        description="Decide the twelve UP2 native checks from a packet's observations; "
        "or say whether a complete native packet fits the window, or what the saved records show.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("packet", metavar="PACKET.json", nargs="?", help="the native packet to decide")
    reports = parser.add_mutually_exclusive_group()
    reports.add_argument("--window", action="store_true", help="print the window's feasibility, every figure with its provenance, instead")
    reports.add_argument("--records", action="store_true", help="print what the saved records show under their rules, instead")
    try:
        args = parser.parse_args(argv)
        if (args.packet is None) == (not args.window and not args.records):
            parser.error("give exactly one of PACKET.json, --window or --records")
    except SystemExit:
        if not flushed():  # `native_verdict --help | head -1`
            raise SystemExit(EXIT_BROKEN_PIPE) from None
        raise
    if args.window or args.records:
        lines, ok = window_report() if args.window else records_report()
        return (EXIT_PASS if ok else EXIT_NOT_PASS) if emit(lines) else EXIT_BROKEN_PIPE
    packet, errors = load(args.packet)
    if packet is None:
        return EXIT_MALFORMED if emit(err=errors) else EXIT_BROKEN_PIPE
    lines, ok = report(packet)
    code = EXIT_PASS if ok else EXIT_NOT_PASS
    return code if emit([f"native_verdict: {args.packet}", *lines]) else EXIT_BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
