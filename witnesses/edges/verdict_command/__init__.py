"""Witness what a native_verdict command line asks for, and what each report prints and returns (seed B1, B2)."""

from __future__ import annotations

from claims import Witness
from domain.edges import verdict_command as cmd

witness = Witness("edges.verdict_command", never_refuses=[cmd.packet_verdict, cmd.window_verdict, cmd.records_verdict])

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.edges.verdict_command import asked, packet, reports  # noqa: E402, F401
