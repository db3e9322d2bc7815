"""Witness each conjunct of successor launch admission on the seed's logs, and the fold over generated logs: it refuses iff a conjunct fails, naming exactly those."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.spark import admission
from domain.spark.admission import (
    HOSTS_HELD,
    IMAGE_FOR_RUNTIME_ARTIFACT,
    SUCCESSOR_IS_CANDIDATE,
    SUCCESSOR_MAY_LAUNCH,
    V41_GROUP_A_CANDIDATE,
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
    SuccessorMayNotLaunch,
)
from domain.spark.authority_log import (
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    ImageAdmitted,
    PairRealizationKeyed,
)
from domain.spark.fleet import GROUP_A
from witnesses.spark import strategies as gen
from witnesses.spark.admission import witness
from witnesses.spark.fixtures import (
    HELD_A,
    IMAGE,
    LEASE_EXPIRES_AT,
    OTHER_DIGEST,
    READ_AT,
    READING,
    SUSPENSION,
    admitting_log,
    authority_log,
    latest_by_time,
)


@witness.positive(
    "A live lease admits until the second it expires, and a suspension logged after the read is not yet seen.",
    rules=[admission.pair_serving_successor_may_launch],
)
def a_live_lease_admits_until_it_expires() -> None:
    log = admitting_log()
    state = check.admitted(admission.pair_serving_successor_may_launch(log, GROUP_A, LEASE_EXPIRES_AT - 1))
    check.equal("lease", state.lease_expires_at, LEASE_EXPIRES_AT)
    check.refused(admission.pair_serving_successor_may_launch(log, GROUP_A, LEASE_EXPIRES_AT))
    before = check.refused(admission.pair_serving_successor_may_launch(log, GROUP_A, SUSPENSION.at - 1))
    check.contains("still Active before the suspension", "Active incumbent", before[0].why)


@witness.refusal(
    "A group the log never mentions refuses: no state is no suspension.",
    rules=[admission.pair_serving_successor_may_launch],
    reasons=[
        because(
            SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="records no state for FabricGroupA"
        )
    ],
)
def a_group_with_no_state_refuses():
    return admission.pair_serving_successor_may_launch(authority_log(*HELD_A), GROUP_A, READ_AT)


@witness.positive(
    "A suspension for exactly this candidate admits its key.",
    rules=[admission.successor_is_candidate],
)
def the_exact_candidate_key_admits() -> None:
    check.equal(
        "key",
        check.admitted(admission.successor_is_candidate(SUSPENSION, V41_GROUP_A_CANDIDATE)),
        V41_GROUP_A_CANDIDATE.candidate,
    )


@witness.refusal(
    "A key that only extends the candidate's key is another successor.",
    rules=[admission.successor_is_candidate],
    reasons=[because(SuccessorIsNotThisCandidate, at="V41CandidateKeyed.candidate", saying="-rerun")],
)
def a_longer_key_is_another_successor():
    longer = attrs.evolve(SUSPENSION.exact_candidate_realization, key=V41_GROUP_A_CANDIDATE.candidate + "-rerun")
    return admission.successor_is_candidate(
        attrs.evolve(SUSPENSION, exact_candidate_realization=longer), V41_GROUP_A_CANDIDATE
    )


@witness.positive(
    "The latest admitted image is the produced one: a later image for the candidate's key supersedes another key's.",
    rules=[admission.image_admitted_for_runtime_artifact],
)
def the_latest_image_for_the_key_admits() -> None:
    stale = ImageAdmitted(at=IMAGE.at - 10, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
    digest = check.admitted(
        admission.image_admitted_for_runtime_artifact(authority_log(stale, IMAGE), V41_GROUP_A_CANDIDATE, READ_AT)
    )
    check.equal("digest", digest, IMAGE.config_digest)


@witness.refusal(
    "An earlier image admitted for the candidate's key does not admit once a later image for another key is the produced one: the refusal names the later image.",
    rules=[admission.image_admitted_for_runtime_artifact],
    reasons=[
        because(
            ImageNotAdmittedForRuntimeArtifact,
            at="V41CandidateKeyed.runtime_artifact",
            saying=f"image {OTHER_DIGEST} was admitted against runtime key 'vllm-openai@v0.11.0'",
        )
    ],
)
def an_earlier_image_for_the_key_is_superseded_by_a_later_one():
    later = ImageAdmitted(at=IMAGE.at + 10, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
    return admission.image_admitted_for_runtime_artifact(authority_log(IMAGE, later), V41_GROUP_A_CANDIDATE, READ_AT)


@witness.refusal(
    "A log with no admitted image refuses the runtime-artifact conjunct.",
    rules=[admission.image_admitted_for_runtime_artifact],
    reasons=[
        because(ImageNotAdmittedForRuntimeArtifact, at="V41CandidateKeyed.runtime_artifact", saying="admits no image")
    ],
)
def no_admitted_image_refuses():
    return admission.image_admitted_for_runtime_artifact(authority_log(SUSPENSION), V41_GROUP_A_CANDIDATE, READ_AT)


@witness.positive(
    "Four hosts held by Group A's subject admit, and a later re-holding wins over an earlier stray.",
    rules=[admission.admit_host_held_by_subject_among],
)
def four_held_hosts_admit() -> None:
    stray = HostHeld(at=1, host="srv6", subject="someone-else")
    check.equal(
        "subject",
        check.admitted(admission.admit_host_held_by_subject_among(authority_log(stray, *HELD_A), GROUP_A, READ_AT)),
        GROUP_A.subject,
    )


@witness.refusal(
    "One reason names every host the subject does not hold, held elsewhere or never recorded.",
    rules=[admission.admit_host_held_by_subject_among],
    reasons=[
        because(
            HostNotHeldBySubject,
            at="admit_host_held_by_subject_among",
            saying=["2 of 4", "srv5 (held by intruder)", "srv8 (no holding recorded)"],
        )
    ],
)
def one_reason_names_every_unheld_host():
    taken = HostHeld(at=READ_AT - 1, host="srv5", subject="intruder")
    return admission.admit_host_held_by_subject_among(authority_log(*HELD_A[:3], taken), GROUP_A, READ_AT)


@witness.positive(
    "The fold admits the admitting world with every figure it read.",
    rules=[admission.successor_launch_admission],
)
def the_fold_admits_the_admitting_world() -> None:
    admitted = check.admitted(
        admission.successor_launch_admission(admitting_log(), READ_AT, GROUP_A, V41_GROUP_A_CANDIDATE)
    )
    check.equal(
        "read",
        (admitted.at, admitted.lease_expires_at, admitted.config_digest),
        (READ_AT, LEASE_EXPIRES_AT, IMAGE.config_digest),
    )


@witness.refusal(
    "The fold reports every failing conjunct, not only the first.",
    rules=[admission.successor_launch_admission],
    reasons=[
        because(SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="expired"),
        because(SuccessorIsNotThisCandidate, at="V41CandidateKeyed.candidate"),
        because(ImageNotAdmittedForRuntimeArtifact, at="V41CandidateKeyed.runtime_artifact"),
        because(HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="4 of 4"),
    ],
)
def the_fold_reports_every_failing_conjunct():
    other = attrs.evolve(
        SUSPENSION,
        lease_expires_at=READ_AT,
        exact_candidate_realization=attrs.evolve(SUSPENSION.exact_candidate_realization, key="other"),
    )
    return admission.successor_launch_admission(authority_log(other, READING), READ_AT, GROUP_A, V41_GROUP_A_CANDIDATE)


@witness.refusal(
    "The one reason lists every unheld host in the group's order, separated by commas.",
    rules=[admission.admit_host_held_by_subject_among],
    reasons=[
        because(
            HostNotHeldBySubject,
            at="admit_host_held_by_subject_among",
            saying="2 of 4 hosts are not held by spark-serving-group-a: srv5 (held by intruder), srv8 (no holding recorded)",
        )
    ],
)
def the_unheld_hosts_are_listed_exactly():
    taken = HostHeld(at=READ_AT - 1, host="srv5", subject="intruder")
    return admission.admit_host_held_by_subject_among(authority_log(*HELD_A[:3], taken), GROUP_A, READ_AT)


# ---------------------------------------------------------------------------
# The fold over generated logs: it refuses iff a conjunct fails, naming exactly those.


CONJUNCT_ORDER = (SUCCESSOR_MAY_LAUNCH, SUCCESSOR_IS_CANDIDATE, IMAGE_FOR_RUNTIME_ARTIFACT, HOSTS_HELD)
"""Seed A4's conjuncts in the order the fold states them."""


def failing_conjuncts(log: AuthorityLog, at: int) -> set[str]:
    """Decide seed A4's four conjuncts from the log as read at `at`; return the ones that fail."""
    seen = [e.event for e in log.events if e.event.at <= at]
    state = latest_by_time(
        [
            e
            for e in seen
            if isinstance(e, (GroupActive, GroupSuspendedForAuthorizedSuccessor)) and e.group == GROUP_A.name
        ]
    )
    image = latest_by_time([e for e in seen if isinstance(e, ImageAdmitted)])
    failing = set()
    suspended = isinstance(state, GroupSuspendedForAuthorizedSuccessor)
    if not (suspended and at < state.lease_expires_at):
        failing.add(SUCCESSOR_MAY_LAUNCH)
    # Which successor is authorized is only read from a suspension (conjunct 1 speaks otherwise).
    if suspended and state.exact_candidate_realization.key != V41_GROUP_A_CANDIDATE.candidate:
        failing.add(SUCCESSOR_IS_CANDIDATE)
    if image is None or image.runtime_key != V41_GROUP_A_CANDIDATE.runtime_artifact:
        failing.add(IMAGE_FOR_RUNTIME_ARTIFACT)
    for host in GROUP_A.hosts:
        holding = latest_by_time([e for e in seen if isinstance(e, HostHeld) and e.host == host.name])
        if holding is None or holding.subject != GROUP_A.subject:
            failing.add(HOSTS_HELD)
    return failing


def _suspension(
    at: int, lease: int, key: str = V41_GROUP_A_CANDIDATE.candidate
) -> GroupSuspendedForAuthorizedSuccessor:
    return GroupSuspendedForAuthorizedSuccessor(
        at=at, group=GROUP_A.name, exact_candidate_realization=PairRealizationKeyed(key=key), lease_expires_at=lease
    )


TINY_HELD = [HostHeld(at=1, host=h.name, subject=GROUP_A.subject) for h in GROUP_A.hosts]
TINY_IMAGE = ImageAdmitted(
    at=2, config_digest="sha256:" + "5e" * 32, runtime_key=V41_GROUP_A_CANDIDATE.runtime_artifact
)
ADMITTING = gen.authority_log_of([*TINY_HELD, TINY_IMAGE, _suspension(3, 10)])
EXPIRED = gen.authority_log_of([*TINY_HELD, TINY_IMAGE, _suspension(3, 6)])
OTHER_SUCCESSOR = gen.authority_log_of([*TINY_HELD, TINY_IMAGE, _suspension(3, 10, gen.OTHER_CANDIDATE)])
ACTIVE_AFTER_SUSPENSION_TIE = gen.authority_log_of(
    [*TINY_HELD, TINY_IMAGE, _suspension(3, 10), GroupActive(at=3, group=GROUP_A.name, incumbent="v4")]
)
STRAY_HOST = gen.authority_log_of(
    [*TINY_HELD, TINY_IMAGE, _suspension(3, 10), HostHeld(at=4, host="srv7", subject=gen.OTHER_SUBJECT)]
)
OTHER_IMAGE = gen.authority_log_of(
    [
        *TINY_HELD,
        TINY_IMAGE,
        _suspension(3, 10),
        ImageAdmitted(at=2, config_digest=TINY_IMAGE.config_digest, runtime_key=gen.OTHER_RUNTIME_KEY),
    ]
)


# ---------------------------------------------------------------------------
# Conjunct 1 over every group, not Group A alone: its name is the only thing the log is read by.
