"""Witness that each as-read-at lookup answers the event latest in time, whatever line of the file it sits on."""

from __future__ import annotations

import attrs

from claims import check
from domain.spark import authority_log
from witnesses.spark.authority_log import witness
from witnesses.spark.fixtures import ACTIVE, HELD_A, IMAGE, OTHER_DIGEST, READ_AT, READING, SUSPENSION
from witnesses.spark.fixtures import authority_log as log_of


@witness.positive(
    "Each lookup answers the event with the latest time, not the one on the last line: a holding, a group state, an image and a reading logged out of order.",
    rules=[
        authority_log.holder_of_at,
        authority_log.group_state_at,
        authority_log.latest_image_at,
        authority_log.registry_reading_at,
    ],
)
def the_latest_in_time_wins_over_the_last_line() -> None:
    held_early = attrs.evolve(HELD_A[2], at=HELD_A[2].at - 10, subject="spark-serving-group-b")
    older_image = attrs.evolve(IMAGE, at=IMAGE.at - 10, config_digest=OTHER_DIGEST)
    older_reading = attrs.evolve(READING, at=READING.at - 10, vllm_version="0.0.1")
    # Each later-in-time event sits on an earlier line than the event it supersedes.
    log = log_of(HELD_A[2], held_early, SUSPENSION, ACTIVE, IMAGE, older_image, READING, older_reading)
    check.equal("holder of srv7", authority_log.holder_of_at(log, "srv7", READ_AT), "spark-serving-group-a")
    check.equal("Group A's state", authority_log.group_state_at(log, "FabricGroupA", READ_AT), SUSPENSION)
    check.equal("the image", authority_log.latest_image_at(log, READ_AT), IMAGE)
    check.equal("the reading", authority_log.registry_reading_at(log, READING.config_digest, READ_AT), READING)


@witness.positive(
    "A re-probe of an image supersedes its earlier reading on the line before: the reading logged at the read second is read, and a second before it the earlier one still is.",
    rules=[authority_log.registry_reading_at],
)
def a_later_reading_of_an_image_supersedes_the_earlier_line() -> None:
    reprobe = attrs.evolve(READING, at=READ_AT, vllm_version="0.2.0")
    log = log_of(IMAGE, READING, reprobe)
    check.equal("at the read second", authority_log.registry_reading_at(log, READING.config_digest, READ_AT), reprobe)
    check.equal("a second before", authority_log.registry_reading_at(log, READING.config_digest, READ_AT - 1), READING)


@witness.positive(
    "Of two readings of an image logged at the same second, the later line is read, as for every other lookup.",
    rules=[authority_log.registry_reading_at],
)
def of_two_readings_at_one_second_the_later_line_is_read() -> None:
    retaken = attrs.evolve(READING, vllm_version="0.2.0")
    log = log_of(IMAGE, READING, retaken)
    check.equal("the later line", authority_log.registry_reading_at(log, READING.config_digest, READ_AT), retaken)


@witness.positive(
    "Of an Active state and a suspension of one group logged at one second, the later line is the group's state, whichever it is.",
    rules=[authority_log.group_state_at],
)
def of_two_group_states_at_one_second_the_later_line_is_read() -> None:
    active = attrs.evolve(ACTIVE, at=SUSPENSION.at)
    check.equal(
        "suspension last", authority_log.group_state_at(log_of(active, SUSPENSION), "FabricGroupA", READ_AT), SUSPENSION
    )
    check.equal(
        "Active last", authority_log.group_state_at(log_of(SUSPENSION, active), "FabricGroupA", READ_AT), active
    )
