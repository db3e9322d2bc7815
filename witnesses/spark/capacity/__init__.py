"""Witness the V4.1 Engram residency bets against the staircase measurement: its one-serve shape, its bets, its readings and their boundaries."""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.capacity")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.capacity import boundaries, staircase  # noqa: E402, F401
