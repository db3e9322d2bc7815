"""Witness the dry run's fold and report: it admits only when the plan rendered and admission holds, each host section is its own host's."""

from __future__ import annotations

from claims import Witness

witness = Witness("spark.dry_run")

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.dry_run import hosts, reports, sections  # noqa: E402, F401
