"""Witness the V4.1 TP4 call site on Group A: its planned shape, walls, admission and dry run (seed A4)."""

from __future__ import annotations

from claims import Witness
from domain.spark import v41_group_a_launch

# The arm's container and unit identities are values the call site names; they have nothing to refuse.
witness = Witness(
    "spark.v41_group_a_launch",
    never_refuses=[v41_group_a_launch.v41_native_arm_container, v41_group_a_launch.v41_native_arm_units],
)
"""The seed's own V4.1 witness: its two mutation controls (DOMAIN.md A4) turn exactly their named claims red within it."""

beyond_the_seed = Witness("spark.v41_group_a_launch_beyond_seed")
"""Claims about the same call site that the seed's two controls also turn red (near misses, read times, whole reasons):
kept apart so the seed's controls stay exact over the seed's witness while these still prove their rules."""

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.v41_group_a_launch import admission, near_misses, produced, rendering, walls  # noqa: E402, F401
