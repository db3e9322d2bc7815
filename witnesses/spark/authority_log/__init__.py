"""Witness the authority log's strict reading: typed events from JSON Lines, every error located, and the as-read-at lookups."""

from __future__ import annotations

from claims import Witness
from domain.spark import authority_log

# The as-read-at lookups answer None when the log names nothing; they never refuse (read_authority_log does).
witness = Witness(
    "spark.authority_log",
    never_refuses=[
        authority_log.events_as_read_at,
        authority_log.group_state_at,
        authority_log.holder_of_at,
        authority_log.latest_image_at,
        authority_log.registry_reading_at,
    ],
)

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.spark.authority_log import blank_lines, every_fault, lookups, partitions, reading  # noqa: E402, F401
