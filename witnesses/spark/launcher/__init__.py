"""Witness the shared launcher: the arm it plans from the values a call site names, every refusal at once, and the values it accepts."""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.launcher")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.launcher import plans, values  # noqa: E402, F401
