"""Witness what a native_verdict command line asks for: exactly one of a packet, --window or --records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted
from domain.edges import verdict_command as cmd
from domain.edges.verdict_command import Asked, UsageRefused
from witnesses.edges.verdict_command import witness


@witness.positive("A packet, --window or --records alone asks for that one report.", rules=[cmd.report_asked])
def one_report_alone_is_asked() -> None:
    check.equal("packet", cmd.report_asked("p.json", False, False), Admitted(Asked.PACKET))
    check.equal("window", cmd.report_asked(None, True, False), Admitted(Asked.WINDOW))
    check.equal("records", cmd.report_asked(None, False, True), Admitted(Asked.RECORDS))


@witness.refusal(
    "A command line asking for no report is a usage error.",
    rules=[cmd.report_asked],
    reasons=[
        because(UsageRefused, at="native_verdict", saying="give exactly one of PACKET.json, --window or --records")
    ],
)
def no_report_is_a_usage_error():
    return cmd.report_asked(None, False, False)


@witness.refusal(
    "A packet and --window together are a usage error.",
    rules=[cmd.report_asked],
    reasons=[because(UsageRefused, at="native_verdict", saying="exactly one")],
)
def a_packet_and_the_window_are_a_usage_error():
    return cmd.report_asked("p.json", True, False)


@witness.property("A command line is admitted exactly when it asks for one report.", rules=[cmd.report_asked])
@settings(max_examples=10)
@given(st.booleans(), st.booleans(), st.booleans())
def exactly_one_report_is_admitted(packet: bool, window: bool, records: bool) -> None:
    asked = cmd.report_asked("p.json" if packet else None, window, records)
    check.equal("admitted", not asked.refused, packet + window + records == 1)
