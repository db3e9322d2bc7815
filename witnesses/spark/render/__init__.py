"""Witness the renderers: each rank's docker create argv and its create-then-start systemd unit, read back and line by line."""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.render")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.render import lines, ranks, words  # noqa: E402, F401
