"""Witness the renderers: each rank's docker create argv and its create-then-start systemd unit, read back and line by line."""

from __future__ import annotations

from claims import Witness
from domain.spark import render

# A command line is rendered from an argv the plan already admitted: it never refuses.
witness = Witness("spark.render", never_refuses=[render.shell_command_line])

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.render import lines, ranks, shell, words  # noqa: E402, F401
