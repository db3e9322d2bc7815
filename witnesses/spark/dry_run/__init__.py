"""Witness the dry run's fold and report: it admits only when the plan rendered and admission holds, each host section is its own host's."""

from __future__ import annotations

from claims import Witness
from domain.spark import dry_run

# host_sections renders what the plan holds; refusing is the fold's (v41/glm dry runs), never a section's; the summary
# and its words say what the sections hold.
witness = Witness(
    "spark.dry_run",
    never_refuses=[dry_run.host_sections, dry_run.summary_table, dry_run.mount_words, dry_run.role_of],
)

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.dry_run import hosts, partitions, reports, sections, summary  # noqa: E402, F401
