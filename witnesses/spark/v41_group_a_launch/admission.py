"""Witness the V4.1 launch admission on Group A: each failing conjunct refuses it, the correct suspension admits it."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.spark import v41_group_a_launch
from domain.spark.admission import (
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
    SuccessorMayNotLaunch,
)
from domain.spark.authority_log import HostHeld, ImageAdmitted
from witnesses.spark.fixtures import (
    ACTIVE,
    DIGEST,
    HELD_A,
    IMAGE,
    LEASE_EXPIRES_AT,
    OTHER_DIGEST,
    READ_AT,
    READING,
    SUSPENSION,
    admitting_log,
    authority_log,
)
from witnesses.spark.v41_group_a_launch import beyond_the_seed, witness


@witness.refusal(
    "An Active incumbent on Group A refuses the launch at pair_serving_successor_may_launch.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[because(SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="Active incumbent")],
)
def active_incumbent_refuses_the_launch():
    return v41_group_a_launch.v41_group_a_launch_admission(authority_log(*HELD_A, IMAGE, READING, ACTIVE), READ_AT)


@witness.refusal(
    "A suspension whose lease expired before the read refuses the launch.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[
        because(
            SuccessorMayNotLaunch,
            at="pair_serving_successor_may_launch",
            saying=["expired at 2026-01-01T00:30:00Z (epoch 1767227400)", "1800 s"],
        )
    ],
)
def expired_lease_refuses_the_launch():
    expired = attrs.evolve(SUSPENSION, lease_expires_at=1_767_227_400)
    return v41_group_a_launch.v41_group_a_launch_admission(
        authority_log(ACTIVE, *HELD_A, IMAGE, READING, expired), READ_AT
    )


@witness.refusal(
    "A suspension authorizing another successor refuses the launch at V41CandidateKeyed.candidate.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[because(SuccessorIsNotThisCandidate, at="V41CandidateKeyed.candidate", saying="gunbc-v4-pair-rerun")],
)
def suspension_for_another_successor_refuses_the_launch():
    other = attrs.evolve(
        SUSPENSION,
        exact_candidate_realization=attrs.evolve(SUSPENSION.exact_candidate_realization, key="gunbc-v4-pair-rerun"),
    )
    return v41_group_a_launch.v41_group_a_launch_admission(
        authority_log(ACTIVE, *HELD_A, IMAGE, READING, other), READ_AT
    )


@witness.refusal(
    "An image admitted against another runtime key refuses the launch at V41CandidateKeyed.runtime_artifact.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[
        because(
            ImageNotAdmittedForRuntimeArtifact,
            at="V41CandidateKeyed.runtime_artifact",
            saying=["vllm-openai@v0.11.0", "vllm-openai@d2d649e6"],
        )
    ],
)
def image_for_another_runtime_key_refuses_the_launch():
    other = ImageAdmitted(at=IMAGE.at, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
    return v41_group_a_launch.v41_group_a_launch_admission(authority_log(ACTIVE, *HELD_A, other, SUSPENSION), READ_AT)


@witness.refusal(
    "A Group A host held by another subject refuses the launch at admit_host_held_by_subject_among.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[
        because(
            HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="srv7 (held by spark-serving-group-b)"
        )
    ],
)
def host_not_held_by_the_subject_refuses_the_launch():
    taken = HostHeld(at=1_767_221_000, host="srv7", subject="spark-serving-group-b")
    return v41_group_a_launch.v41_group_a_launch_admission(
        authority_log(ACTIVE, *HELD_A, taken, IMAGE, READING, SUSPENSION), READ_AT
    )


@witness.positive(
    "The correct suspension with a live lease, this candidate's image and all four hosts held admits the launch.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def correct_suspension_admits_the_launch() -> None:
    admitted = check.admitted(v41_group_a_launch.v41_group_a_launch_admission(admitting_log(), READ_AT))
    check.equal("group", admitted.group, "FabricGroupA")
    check.equal("lease expiry", admitted.lease_expires_at, LEASE_EXPIRES_AT)
    check.equal("admitted image", admitted.config_digest, DIGEST)
    check.equal("hosts held by", admitted.hosts_held_by, "spark-serving-group-a")


@beyond_the_seed.positive(
    "When every conjunct fails, the V4.1 launch refuses once per conjunct, in conjunct order, each reason saying whole what it read: the lapsed lease and by how long, both successor keys, the image with both runtime keys, and every unheld host.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def every_failing_conjunct_says_whole_what_it_read() -> None:
    lapsed = attrs.evolve(
        SUSPENSION,
        lease_expires_at=READ_AT - 5,
        exact_candidate_realization=attrs.evolve(SUSPENSION.exact_candidate_realization, key="gunbc-v4-pair-rerun"),
    )
    other = ImageAdmitted(at=IMAGE.at, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
    taken = HostHeld(at=READ_AT - 1, host="srv6", subject="spark-serving-group-b")
    log = authority_log(ACTIVE, *HELD_A[:3], taken, other, lapsed)
    reasons = check.refused(v41_group_a_launch.v41_group_a_launch_admission(log, READ_AT))
    check.equal(
        "reasons",
        [(type(r), r.where, r.why) for r in reasons],
        [
            (
                SuccessorMayNotLaunch,
                "pair_serving_successor_may_launch",
                "FabricGroupA's suspension lease expired at 2026-01-01T00:59:55Z (epoch 1767229195), "
                "5 s before the read at 2026-01-01T01:00:00Z (epoch 1767229200)",
            ),
            (
                SuccessorIsNotThisCandidate,
                "V41CandidateKeyed.candidate",
                "FabricGroupA is suspended for successor 'gunbc-v4-pair-rerun', "
                "not this candidate 'gunbc-v41-tp4@FabricGroupA/deepseek-v41-flash-dba1be0a'",
            ),
            (
                ImageNotAdmittedForRuntimeArtifact,
                "V41CandidateKeyed.runtime_artifact",
                f"image {OTHER_DIGEST} was admitted against runtime key 'vllm-openai@v0.11.0', "
                "not the candidate's 'vllm-openai@d2d649e6'",
            ),
            (
                HostNotHeldBySubject,
                "admit_host_held_by_subject_among",
                "2 of 4 hosts are not held by spark-serving-group-a: "
                "srv6 (held by spark-serving-group-b), srv8 (no holding recorded)",
            ),
        ],
    )


@witness.positive(
    "The V4.1 admission carries the very second it read the log at, the epoch's second 0 as well as a later one, with the lease it read.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def the_admission_carries_any_read_second() -> None:
    at_zero = authority_log(
        *(attrs.evolve(event, at=0) for event in (ACTIVE, *HELD_A, IMAGE, READING)),
        attrs.evolve(SUSPENSION, at=0, lease_expires_at=100),
    )
    for at in (0, 1, 99):
        admitted = check.admitted(v41_group_a_launch.v41_group_a_launch_admission(at_zero, at))
        check.equal(f"read at {at}", (admitted.at, admitted.lease_expires_at), (at, 100))
