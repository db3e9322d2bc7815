"""Every reason a packet gives is printed, however many: short checks, schema reasons, notes on claimed strings, each arm's start."""

from __future__ import annotations

import json

import attrs

from claims import check
from domain.core.outcome import Admitted, reason_line
from domain.edges import verdict_command as cmd
from domain.native.checks import SUBCASES, Arm, NativeCheck
from domain.native.reading import read_packet_text
from domain.native.schema import native_packet_schema_valid
from witnesses.edges.fixtures import COMPLETE_PACKET
from witnesses.edges.verdict_command import witness
from witnesses.edges.verdict_command.packet import _SCHEMA_FAULTS, _SHAPE_FAULTS
from witnesses.native.fixtures import (
    MANIFEST,
    OFF_START,
    complete,
    packet_document,
    without,
)


@witness.positive(
    "Whichever checks fall short (the first, the last, the first and last, or all twelve), each prints its status with "
    "every reason beneath it, NOT RUN as well as HOLD, and the verdict line names every one of them in the seed's order.",
    rules=[cmd.packet_verdict],
)
def every_short_check_is_named_with_its_reasons() -> None:
    checks = list(NativeCheck)
    for dropped in ([checks[0]], [checks[-1]], [checks[0], checks[-1]], checks):
        observations = complete()
        for c in dropped:
            observations = without(observations, c, None, None)
        out = cmd.packet_verdict("p.json", Admitted(json.dumps(packet_document(observations)))).out
        names = ", ".join(c.value for c in dropped)
        for c in dropped:
            at = out.index(f"{c.value}: NOT RUN (packet says PASS)")
            check.equal(
                f"{names}: {c.value}'s reason",
                out[at + 1],
                f"  NoObservations @ $.checks.{c.value}: no observation of any of its {len(SUBCASES[c])} subcases "
                "in either arm; the default is NOT RUN",
            )
        check.equal(
            f"{names}: verdict",
            out[-1],
            f"verdict: {12 - len(dropped)}/12 PASS; not qualified: " + ", ".join(f"{c.value} NOT RUN" for c in dropped),
        )


@witness.positive(
    "A schema refused for one to five reasons prints every one under its REFUSED line, and a packet malformed in one to "
    "four places prints every located error on stderr: none is dropped however many there are.",
    rules=[cmd.packet_verdict],
)
def every_schema_reason_and_shape_error_is_printed_however_many() -> None:
    for n in range(1, len(_SCHEMA_FAULTS) + 1):
        text = COMPLETE_PACKET
        for old, new in _SCHEMA_FAULTS[:n]:
            text = text.replace(old, new, 1)
        refused = check.refused(native_packet_schema_valid(check.admitted(read_packet_text(text))))
        out = cmd.packet_verdict("p.json", Admitted(text)).out
        at = out.index(f"schema: REFUSED ({len(refused)} reason(s))")
        check.equal(
            f"{n} schema fault(s)", out[at + 1 : at + 1 + len(refused)], tuple(f"  {reason_line(r)}" for r in refused)
        )
        check.equal(f"{n} schema fault(s): the next line", out[at + 1 + len(refused)].startswith("binding:"), True)
    for n in range(1, len(_SHAPE_FAULTS) + 1):
        text = COMPLETE_PACKET
        for old, new in _SHAPE_FAULTS[:n]:
            text = text.replace(old, new, 1)
        malformed = check.refused(read_packet_text(text))
        output = cmd.packet_verdict("bad.json", Admitted(text))
        check.equal(
            f"{n} shape fault(s)",
            (output.code, output.out, output.err),
            (2, (), tuple(f"bad.json: {r.where}: {r.why}" for r in malformed)),
        )
        check.equal(f"{n} shape fault(s): counted", len(output.err), n)


@witness.positive(
    "A packet carrying every observation more than once (two or three times over) with one check short is still not "
    "qualified and exits 1, and carrying them twice over with none short passes: duplicates never stand in for a check.",
    rules=[cmd.packet_verdict],
)
def duplicated_observations_never_qualify_a_short_check() -> None:
    short = without(complete(), NativeCheck.NO_LOCAL_DRAFTER, None, None)
    for times in (2, 3):
        output = cmd.packet_verdict("p.json", Admitted(json.dumps(packet_document(short * times))))
        check.equal(f"{times} times over, one check short: code", output.code, 1)
        check.equal(
            f"{times} times over: verdict",
            output.out[-1],
            "verdict: 11/12 PASS; not qualified: no_local_drafter NOT RUN",
        )
    check.equal(
        "twice over, none short",
        cmd.packet_verdict("p.json", Admitted(json.dumps(packet_document(complete() * 2)))).code,
        0,
    )


@witness.positive(
    "A check the packet claims with any string other than its status (a trailing space, lowercase, HOLD) carries the "
    "packet's string as a note, PASS checks included.",
    rules=[cmd.packet_verdict],
)
def every_claimed_string_differing_from_the_status_is_noted() -> None:
    name = NativeCheck.NO_LOCAL_DRAFTER.value
    for claimed in ("PASS ", "pass", " PASS", "HOLD", "NOT RUN"):
        document = packet_document(complete())
        document["checks"][name] = claimed
        out = cmd.packet_verdict("p.json", Admitted(json.dumps(document))).out
        check.contains(f"claimed {claimed!r}", f"{name}: PASS (packet says {claimed})", out)


@witness.positive(
    "The binding line names each arm's own start, for start ids of any shape (non-ASCII, uppercase, dotted, 200 characters).",
    rules=[cmd.packet_verdict],
)
def the_binding_line_names_each_arms_own_start() -> None:
    for off, on in (
        ("up2-off-\u00e9", "up2-on-\u00e9"),
        ("UP2-OFF", "UP2-ON"),
        ("up2.off.1", "up2.on.1"),
        ("o" * 200, "n" * 200),
        (OFF_START, "d\u00e9marrage-on"),
    ):
        observations = tuple(attrs.evolve(o, start_id=off if o.arm is Arm.OFF else on) for o in complete())
        document = packet_document(observations)
        document["arms"]["off"]["start_id"], document["arms"]["on"]["start_id"] = off, on
        out = cmd.packet_verdict("p.json", Admitted(json.dumps(document))).out
        check.contains(
            f"{off[:12]!r} / {on[:12]!r}", f"binding: OFF start {off}, ON start {on}, manifest {MANIFEST}", out
        )
