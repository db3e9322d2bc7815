"""What admission reads: each conjunct its own input, each group its own state, named whole when it refuses."""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import because, check
from domain.spark import admission, v41_group_a_launch
from domain.spark.admission import (
    IMAGE_FOR_RUNTIME_ARTIFACT,
    SUCCESSOR_MAY_LAUNCH,
    V41_GROUP_A_CANDIDATE,
    HostNotHeldBySubject,
    LaunchAdmitted,
    SuccessorMayNotLaunch,
)
from domain.spark.authority_log import (
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    PairRealizationKeyed,
)
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from witnesses.spark import strategies as gen
from witnesses.spark.admission import witness
from witnesses.spark.admission.conjuncts import (
    ACTIVE_AFTER_SUSPENSION_TIE,
    ADMITTING,
    CONJUNCT_ORDER,
    EXPIRED,
    OTHER_IMAGE,
    OTHER_SUCCESSOR,
    STRAY_HOST,
    TINY_IMAGE,
    _suspension,
    failing_conjuncts,
)
from witnesses.spark.fixtures import (
    ACTIVE,
    HELD_A,
    IMAGE,
    OTHER_DIGEST,
    READ_AT,
    SUSPENSION,
    admitting_log,
    authority_log,
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
