"""Witness the commands' streams: inputs read bounded and whole, lines printed escaped and whole, a closed reader ending quietly."""

from __future__ import annotations

from claims import Witness
from domain.edges.streams import emit, flushed, printable

witness = Witness("edges.streams", never_refuses=[printable, emit, flushed])

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.edges.streams import failures, fifo_waits, printing, reading  # noqa: E402, F401
