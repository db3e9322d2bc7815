"""Witness the V4.1 launch admission at its call site against near misses of each identity it compares, and against events logged one second after the read."""

from __future__ import annotations

import attrs

from claims import check
from domain.spark import v41_group_a_launch
from domain.spark.admission import (
    HOSTS_HELD,
    IMAGE_FOR_RUNTIME_ARTIFACT,
    SUCCESSOR_IS_CANDIDATE,
    SUCCESSOR_MAY_LAUNCH,
    V41_GROUP_A_CANDIDATE,
)
from domain.spark.authority_log import AuthorityEvent, HostHeld, PairRealizationKeyed
from domain.spark.fleet import GROUP_A
from witnesses.core import strategies as near
from witnesses.spark.fixtures import (
    ACTIVE,
    HELD_A,
    IMAGE,
    LEASE_EXPIRES_AT,
    READ_AT,
    READING,
    SUSPENSION,
    authority_log,
)
from witnesses.spark.v41_group_a_launch import beyond_the_seed as witness


def near_misses_of(identity: str) -> list[str]:
    """Return one near miss of each kind, and the identity behind a prefix or with its first or last character changed."""
    changed = lambda i: identity[:i] + chr(ord(identity[i]) ^ 1) + identity[i + 1 :]
    return [*near.named_near_misses(identity).values(), "x" + identity, changed(0), changed(len(identity) - 1)]


def _located(*events: AuthorityEvent) -> list[str]:
    outcome = v41_group_a_launch.v41_group_a_launch_admission(authority_log(ACTIVE, *events), READ_AT)
    return sorted(r.where for r in check.refused(outcome))


@witness.positive(
    "A suspension for a near miss of the V4.1 candidate's key refuses the launch at V41CandidateKeyed.candidate alone.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def a_near_miss_of_the_candidate_key_refuses_the_launch() -> None:
    for miss in near_misses_of(V41_GROUP_A_CANDIDATE.candidate):
        keyed = attrs.evolve(SUSPENSION, exact_candidate_realization=PairRealizationKeyed(key=miss))
        check.equal(f"{miss!r} refused at", _located(*HELD_A, IMAGE, READING, keyed), [SUCCESSOR_IS_CANDIDATE])


@witness.positive(
    "An image admitted against a near miss of the candidate's runtime key refuses the launch at V41CandidateKeyed.runtime_artifact alone.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def a_near_miss_of_the_runtime_key_refuses_the_launch() -> None:
    for miss in near_misses_of(V41_GROUP_A_CANDIDATE.runtime_artifact):
        image = attrs.evolve(IMAGE, runtime_key=miss)
        check.equal(f"{miss!r} refused at", _located(*HELD_A, image, SUSPENSION), [IMAGE_FOR_RUNTIME_ARTIFACT])


@witness.positive(
    "A Group A host held by a near miss of the group's subject refuses the launch at admit_host_held_by_subject_among alone.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def a_near_miss_of_the_subject_refuses_the_launch() -> None:
    for miss in near_misses_of(GROUP_A.subject):
        taken = HostHeld(at=HELD_A[0].at, host="srv6", subject=miss)
        check.equal(f"{miss!r} refused at", _located(*HELD_A, taken, IMAGE, SUSPENSION), [HOSTS_HELD])


@witness.positive(
    "A suspension logged for a near miss of Group A's name leaves Group A Active, refusing the launch at pair_serving_successor_may_launch alone.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def a_suspension_of_a_near_miss_of_the_group_refuses_the_launch() -> None:
    for miss in near_misses_of(GROUP_A.name):
        other = attrs.evolve(SUSPENSION, group=miss)
        check.equal(f"{miss!r} refused at", _located(*HELD_A, IMAGE, other), [SUCCESSOR_MAY_LAUNCH])


@witness.positive(
    "The launch reads the log as of its read second: an image or a holding logged at that second counts, one logged a second later does not yet.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def events_after_the_read_do_not_count_yet() -> None:
    base = (ACTIVE, *HELD_A[:3], SUSPENSION)
    for when, expected in ((READ_AT, []), (READ_AT + 1, [HOSTS_HELD])):
        log = authority_log(*base, IMAGE, attrs.evolve(HELD_A[3], at=when))
        check.equal(f"srv8 held at {when}", _refusals(log), expected)
    for when, expected in ((READ_AT, []), (READ_AT + 1, [IMAGE_FOR_RUNTIME_ARTIFACT])):
        log = authority_log(*base, HELD_A[3], attrs.evolve(IMAGE, at=when))
        check.equal(f"image admitted at {when}", _refusals(log), expected)


@witness.positive(
    "A suspension logged at the read second supersedes an earlier one for another successor whose lease ends at the read, so every conjunct reads the later one and the launch admits under its lease; logged a second later, it does not count yet.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def a_suspension_logged_at_the_read_second_is_the_one_read() -> None:
    lapsing = attrs.evolve(
        SUSPENSION, exact_candidate_realization=PairRealizationKeyed(key="another-successor"), lease_expires_at=READ_AT
    )
    now = attrs.evolve(SUSPENSION, at=READ_AT)
    log = authority_log(ACTIVE, *HELD_A, IMAGE, READING, lapsing, now)
    admitted = check.admitted(v41_group_a_launch.v41_group_a_launch_admission(log, READ_AT))
    check.equal("lease read", admitted.lease_expires_at, LEASE_EXPIRES_AT)
    later = authority_log(ACTIVE, *HELD_A, IMAGE, READING, lapsing, attrs.evolve(now, at=READ_AT + 1))
    check.equal("logged a second later", _refusals(later), sorted([SUCCESSOR_MAY_LAUNCH, SUCCESSOR_IS_CANDIDATE]))


def _refusals(log) -> list[str]:
    outcome = v41_group_a_launch.v41_group_a_launch_admission(log, READ_AT)
    return [] if not outcome.refused else sorted(r.where for r in outcome.reasons)
