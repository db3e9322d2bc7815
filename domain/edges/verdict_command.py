"""Decide what a `native_verdict` command line asks for, and what the command prints and returns: pure, no I/O.

    native_verdict PACKET.json
    native_verdict --window
    native_verdict --records

Exit 0: all twelve checks PASS, the schema valid and every observation bound
to the packet's starts and manifest (`--window`: both fits established;
`--records`: every saved record admitted).  Exit 1: anything less.  Exit 2:
a malformed packet, every error located `FILE: $.path: expected ..., got
...` on stderr and no verdict at all.  The packet's own "PASS" strings are
only schema: each check is decided from its observations (seed B1).  The
window and the records reports take what they fold as parameters, the seed's
by default (the command's), so each of their branches is reachable.  The
shell (`domain.edges.native_verdict`) reads the file and prints.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import frozen

from domain.core.outcome import Admitted, Reason, Refused, reason_line
from domain.edges.command_output import EXIT_NO, EXIT_YES, CommandOutput, bad_input
from domain.native.feasibility import window_feasibility, window_feasibility_lines
from domain.native.packets import packet_binds_observations
from domain.native.reading import read_packet_text
from domain.native.records import (
    SAVED_DIAGNOSTIC,
    SAVED_NEAR_CAP,
    SAVED_SCREEN_300K,
    DiagnosticRecord,
    NearCapResult,
    ScreenRecord,
    saved_record_facts,
)
from domain.native.schema import native_packet_schema_valid
from domain.native.verdict import Status, decide_all
from domain.native.windows import SEED_CASE_COSTS, SEED_UNMEASURED, SEED_WINDOW_INPUTS, CaseCost, WindowInputs


class Asked(enum.Enum):
    """Say which report a native_verdict command line asks for."""

    PACKET = "the twelve verdicts of one packet"
    WINDOW = "the window's feasibility"
    RECORDS = "the saved records' facts"


@frozen
class UsageRefused(Reason):
    """Say a command line asks for no report, or for more than one."""


def report_asked(packet: str | None, window: bool, records: bool) -> Admitted[Asked] | Refused:
    """Admit a command line that asks for exactly one of PACKET.json, --window or --records."""
    asked = [
        kind
        for kind, given in ((Asked.PACKET, packet is not None), (Asked.WINDOW, window), (Asked.RECORDS, records))
        if given
    ]
    if len(asked) != 1:
        return Refused((UsageRefused("native_verdict", "give exactly one of PACKET.json, --window or --records"),))
    return Admitted(asked[0])


def _reason_lines(reasons: Sequence[Reason]) -> list[str]:
    return [f"  {reason_line(r)}" for r in reasons]


def packet_verdict(path: str, text: Admitted[str] | Refused) -> CommandOutput:
    """Say a packet file's schema, binding and twelve verdicts (exit 0 only if all twelve PASS and nothing is refused), or its located errors (exit 2)."""
    if isinstance(text, Refused):
        return bad_input(tuple(type(r)(f"{r.where}: $", r.why) for r in text.reasons))
    read = read_packet_text(text.value)
    if isinstance(read, Refused):
        return bad_input(tuple(type(r)(f"{path}: {r.where}", r.why) for r in read.reasons))
    packet = read.value
    lines = [f"native_verdict: {path}"]
    schema = native_packet_schema_valid(packet)
    if isinstance(schema, Refused):
        lines += [f"schema: REFUSED ({len(schema.reasons)} reason(s))", *_reason_lines(schema.reasons)]
    else:
        lines.append("schema: valid (schema-valid is not native evidence)")
    binding = packet_binds_observations(packet)
    if isinstance(binding, Refused):
        lines += [f"binding: REFUSED ({len(binding.reasons)} reason(s))", *_reason_lines(binding.reasons)]
    else:
        b = binding.value
        lines.append(f"binding: OFF start {b.off_start_id}, ON start {b.on_start_id}, manifest {b.manifest_digest}")
    verdicts = decide_all(packet.observations, packet.owner_resolutions)
    for v in verdicts:
        claimed = packet.checks.get(v.check.value)
        note = f" (packet says {claimed})" if claimed is not None and claimed != v.status.value else ""
        lines += [f"{v.check.value}: {v.status.value}{note}", *_reason_lines(v.reasons)]
    passed = [v for v in verdicts if v.status is Status.PASS]
    ok = not schema.refused and not binding.refused and len(passed) == len(verdicts)
    rest = [f"{v.check.value} {v.status.value}" for v in verdicts if v.status is not Status.PASS]
    lines.append(
        f"verdict: {len(passed)}/{len(verdicts)} PASS"
        + ("" if ok else "; not qualified" + (": " + ", ".join(rest) if rest else ""))
    )
    return CommandOutput(EXIT_YES if ok else EXIT_NO, tuple(lines))


def window_verdict(
    inputs: WindowInputs = SEED_WINDOW_INPUTS,
    costs: tuple[CaseCost, ...] = SEED_CASE_COSTS,
    unmeasured: tuple[str, ...] = SEED_UNMEASURED,
) -> CommandOutput:
    """Say a window's feasibility (the command's: the seed's), every figure with its provenance; exit 0 only if both fits are established."""
    head = "native_verdict: window feasibility (seed B2: exact figures, each MEASURED or ESTIMATED)"
    feasibility = window_feasibility(inputs, costs, unmeasured)
    if isinstance(feasibility, Refused):
        return CommandOutput(
            EXIT_NO,
            (head, f"window: REFUSED ({len(feasibility.reasons)} reason(s))", *_reason_lines(feasibility.reasons)),
        )
    fits = (feasibility.value.one_hold, feasibility.value.complete_packet)
    return CommandOutput(
        EXIT_NO if any(fit.refused for fit in fits) else EXIT_YES, (head, *window_feasibility_lines(feasibility.value))
    )


def records_verdict(
    diagnostic: DiagnosticRecord = SAVED_DIAGNOSTIC,
    near_cap: tuple[NearCapResult, ...] = SAVED_NEAR_CAP,
    screen: ScreenRecord = SAVED_SCREEN_300K,
) -> CommandOutput:
    """Say what records show under their rules (the command's: the seed's saved records); exit 0 only if every rule admits its record."""
    facts = saved_record_facts(diagnostic, near_cap, screen)
    head = "native_verdict: saved-record facts (seed B2: fixture values of the saved records)"
    return CommandOutput(EXIT_NO if facts.verdict.refused else EXIT_YES, (head, *facts.lines))
