"""Witness the V4.1 TP4 call site on Group A: its planned shape, walls, admission and dry run (seed A4)."""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.v41_group_a_launch")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.v41_group_a_launch import admission, near_misses, produced, rendering, walls  # noqa: E402, F401
