"""Witness the packet schema validator: schema-valid is checked apart from, and never implies, native PASS."""

from __future__ import annotations

from claims import Witness, check
from domain.native.reading import read_packet

witness = Witness("native.schema")


def _packet(document: dict):
    return check.admitted(read_packet(document))


# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.native.schema import counts, evidence, fields, folds, near_misses  # noqa: E402, F401
