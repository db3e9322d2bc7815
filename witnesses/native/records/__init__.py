"""Witness the seed's saved-record facts: accounted, unverified, at length, SCREEN, all NOT RUN, and said together."""

from __future__ import annotations

from claims import Witness

witness = Witness("native.records")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.native.records import facts, ledger, near_cap, said, screen, tails  # noqa: E402, F401
