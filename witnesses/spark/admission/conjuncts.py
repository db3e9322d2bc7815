"""Witness each conjunct of successor launch admission on the seed's logs, and the fold over generated logs: it refuses iff a conjunct fails, naming exactly those."""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import because, check
from domain.spark import admission, v41_group_a_launch
from domain.spark.admission import (
    HOSTS_HELD,
    IMAGE_FOR_RUNTIME_ARTIFACT,
    SUCCESSOR_IS_CANDIDATE,
    SUCCESSOR_MAY_LAUNCH,
    V41_GROUP_A_CANDIDATE,
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    LaunchAdmitted,
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
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from witnesses.spark import strategies as gen
from witnesses.spark.admission import witness
from witnesses.spark.fixtures import (
    ACTIVE,
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


@witness.property(
    "V4.1 admission refuses exactly when a conjunct fails, with one reason located at each failing conjunct and no"
    " other, stated in the fold's order: the lease, the candidate, the image, the held hosts.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission, admission.successor_launch_admission],
)
@given(gen.authority_logs, gen.READ_TIMES)
@example(ADMITTING, 6)
@example(EXPIRED, 6)
@example(OTHER_SUCCESSOR, 6)
@example(ACTIVE_AFTER_SUSPENSION_TIE, 6)
@example(STRAY_HOST, 6)
@example(OTHER_IMAGE, 6)
@example(gen.authority_log_of([]), 0)
def admission_names_exactly_the_failing_conjuncts(log: AuthorityLog, at: int) -> None:
    expected = failing_conjuncts(log, at)
    outcome = v41_group_a_launch.v41_group_a_launch_admission(log, at)
    check.equal("refused", getattr(outcome, "refused", None), bool(expected))
    if expected:
        check.equal(
            "conjuncts named, one reason each, in order",
            [r.where for r in check.refused(outcome)],
            [c for c in CONJUNCT_ORDER if c in expected],
        )
    else:
        admitted = check.admitted(outcome)
        check.equal("hosts held by", admitted.hosts_held_by, GROUP_A.subject)
        check.holds(
            "the lease is live at the read",
            admitted.lease_expires_at is not None and at < admitted.lease_expires_at,
            admitted,
        )


@witness.positive(
    "Each refusal of a successor's launch or its image says, whole, which group, instant (ISO 8601 UTC and its epoch second), incumbent and runtime key it read, and names no log path (the report names the log once).",
    rules=[admission.pair_serving_successor_may_launch, admission.image_admitted_for_runtime_artifact],
)
def a_launch_refusal_names_everything_it_read() -> None:
    active = admission.pair_serving_successor_may_launch(admitting_log(), GROUP_A, SUSPENSION.at - 1)
    unknown = admission.pair_serving_successor_may_launch(authority_log(*HELD_A), GROUP_A, READ_AT)
    no_image = admission.image_admitted_for_runtime_artifact(authority_log(SUSPENSION), V41_GROUP_A_CANDIDATE, READ_AT)
    check.equal(
        "whys",
        [reason.why for outcome in (active, unknown, no_image) for reason in check.refused(outcome)],
        [
            "FabricGroupA serves the Active incumbent gunbc-spark-pair@FabricGroupA/deepseek-v4, recorded at 2025-12-31T16:53:20Z (epoch 1767200000); no successor may launch",
            "the authority log records no state for FabricGroupA at or before 2026-01-01T01:00:00Z (epoch 1767229200)",
            "the authority log admits no image at or before 2026-01-01T01:00:00Z (epoch 1767229200); the candidate needs one keyed 'vllm-openai@d2d649e6'",
        ],
    )


@witness.positive(
    "The runtime-artifact conjunct compares the latest image with the candidate it is given, never the produced-image fixture: "
    "another candidate's key admits its own image and refuses the fixture's.",
    rules=[admission.image_admitted_for_runtime_artifact],
)
def the_runtime_conjunct_reads_the_given_candidates_key() -> None:
    other = attrs.evolve(V41_GROUP_A_CANDIDATE, runtime_artifact=gen.OTHER_RUNTIME_KEY)
    built_for_other = attrs.evolve(IMAGE, config_digest=OTHER_DIGEST, runtime_key=gen.OTHER_RUNTIME_KEY)
    check.equal(
        "the other candidate's own image",
        check.admitted(admission.image_admitted_for_runtime_artifact(authority_log(built_for_other), other, READ_AT)),
        OTHER_DIGEST,
    )
    refused = check.refused(admission.image_admitted_for_runtime_artifact(authority_log(IMAGE), other, READ_AT))
    check.equal(
        "the fixture's image for the other candidate",
        [(r.where, r.why) for r in refused],
        [
            (
                IMAGE_FOR_RUNTIME_ARTIFACT,
                f"image {IMAGE.config_digest} was admitted against runtime key {IMAGE.runtime_key!r}, "
                f"not the candidate's {gen.OTHER_RUNTIME_KEY!r}",
            )
        ],
    )


@witness.positive(
    "The fold admits with the digest of the image the log admitted, never the produced-image fixture's digest.",
    rules=[admission.successor_launch_admission],
)
def the_fold_admits_the_logged_images_digest() -> None:
    rebuilt = attrs.evolve(IMAGE, config_digest=OTHER_DIGEST)
    log = authority_log(ACTIVE, *HELD_A, rebuilt, SUSPENSION)
    admitted = check.admitted(admission.successor_launch_admission(log, READ_AT, GROUP_A, V41_GROUP_A_CANDIDATE))
    check.equal("config digest", admitted.config_digest, OTHER_DIGEST)


@witness.refusal(
    "The unheld hosts are listed in the group's own order, not by name: a group listing srv8 first names srv8 before srv5.",
    rules=[admission.admit_host_held_by_subject_among],
    reasons=[
        because(
            HostNotHeldBySubject,
            at="admit_host_held_by_subject_among",
            saying="2 of 4 hosts are not held by spark-serving-group-a: srv8 (no holding recorded), srv5 (held by intruder)",
        )
    ],
)
def the_unheld_hosts_follow_the_groups_order():
    srv5, srv6, srv7, srv8 = GROUP_A.hosts
    reordered = attrs.evolve(GROUP_A, hosts=(srv8, srv5, srv6, srv7))
    taken = HostHeld(at=READ_AT - 1, host="srv5", subject="intruder")
    return admission.admit_host_held_by_subject_among(authority_log(*HELD_A[:3], taken), reordered, READ_AT)


# ---------------------------------------------------------------------------
# Conjunct 1 over every group, not Group A alone: its name is the only thing the log is read by.


@witness.property(
    "For a group of any name, an Active incumbent refuses its successor, a suspension admits exactly while its lease is live, and no state refuses.",
    rules=[admission.pair_serving_successor_may_launch],
)
@given(gen.host_groups(), st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=12))
@example(GROUP_B, 5, 6)
@example(GROUP_A, 5, 6)
@example(attrs.evolve(GROUP_B, name="srv-group.7"), 6, 6)
@example(GROUP_B, 0, 0)
def each_group_reads_its_own_state(group: HostGroup, at: int, lease: int) -> None:
    active = GroupActive(at=0, group=group.name, incumbent="gunbc-spark-pair@incumbent")
    suspended = GroupSuspendedForAuthorizedSuccessor(
        at=0,
        group=group.name,
        exact_candidate_realization=PairRealizationKeyed(key=V41_GROUP_A_CANDIDATE.candidate),
        lease_expires_at=lease,
    )
    for name, log, admits in (
        ("active", gen.authority_log_of([active]), False),
        ("suspended", gen.authority_log_of([active, suspended]), at < lease),
        ("no state", gen.authority_log_of([]), False),
    ):
        outcome = admission.pair_serving_successor_may_launch(log, group, at)
        if admits:
            check.equal(f"{name}: the suspension read", check.admitted(outcome), suspended)
            continue
        (reason,) = check.refused(outcome)
        check.equal(f"{name}: reason", (type(reason), reason.where), (SuccessorMayNotLaunch, SUCCESSOR_MAY_LAUNCH))
        check.contains(f"{name}: the group named", group.name, reason.why)
        if name == "active":
            check.contains("active: the incumbent named", "Active incumbent gunbc-spark-pair@incumbent", reason.why)


@witness.property(
    "At every read second before a lease expires the fold admits with exactly what it read (group, second, lease, digest, holder), and at the expiry second it refuses.",
    rules=[admission.successor_launch_admission],
)
@given(st.integers(min_value=1, max_value=40), st.integers(min_value=0, max_value=40))
@example(1, 0)
@example(7, 6)
@example(7, 5)
@example(7, 0)
def the_fold_admits_with_what_it_read_until_the_lease_expires(lease: int, at: int) -> None:
    at = min(at, lease)
    held = [HostHeld(at=0, host=h.name, subject=GROUP_A.subject) for h in GROUP_A.hosts]
    image = attrs.evolve(TINY_IMAGE, at=0)
    log = gen.authority_log_of([*held, image, _suspension(0, lease)])
    outcome = admission.successor_launch_admission(log, at, GROUP_A, V41_GROUP_A_CANDIDATE)
    if at == lease:
        (reason,) = check.refused(outcome)
        check.equal("the expired lease's conjunct", reason.where, SUCCESSOR_MAY_LAUNCH)
        return
    check.equal(
        "admitted",
        check.admitted(outcome),
        LaunchAdmitted(
            group=GROUP_A.name,
            at=at,
            lease_expires_at=lease,
            config_digest=image.config_digest,
            hosts_held_by=GROUP_A.subject,
        ),
    )
