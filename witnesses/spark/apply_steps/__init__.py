"""Witness the transactional apply: typed steps for any arm, head first, each with its own log, and every line of each stage's script."""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.apply_steps")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.apply_steps import scripts, stages  # noqa: E402, F401
