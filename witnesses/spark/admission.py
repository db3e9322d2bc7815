"""Witness each admission conjunct on its own, the fold that reports every failing one, and the fold over generated logs.

The property's oracle reads each generated log itself, as of the read time
(the latest event at or before it wins; a later line wins a tie), and
decides seed A4's four conjuncts independently of `domain.spark.admission`.
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import example, given, settings

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.spark import admission, v41_group_a_launch
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
from witnesses.core import strategies as near
from witnesses.spark import strategies as gen
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
)

witness = Witness("spark.admission")


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


def _latest(events: list[Any]) -> Any:
    chosen = None
    for event in events:
        if chosen is None or event.at >= chosen.at:
            chosen = event
    return chosen


def failing_conjuncts(log: AuthorityLog, at: int) -> set[str]:
    """Decide seed A4's four conjuncts from the log as read at `at`; return the ones that fail."""
    seen = [e.event for e in log.events if e.event.at <= at]
    state = _latest(
        [
            e
            for e in seen
            if isinstance(e, (GroupActive, GroupSuspendedForAuthorizedSuccessor)) and e.group == GROUP_A.name
        ]
    )
    image = _latest([e for e in seen if isinstance(e, ImageAdmitted)])
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
        holding = _latest([e for e in seen if isinstance(e, HostHeld) and e.host == host.name])
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
    "V4.1 admission refuses exactly when a conjunct fails, with one reason located at each failing conjunct and no other.",
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
            "conjuncts named, one reason each", sorted(r.where for r in check.refused(outcome)), sorted(expected)
        )
    else:
        admitted = check.admitted(outcome)
        check.equal("hosts held by", admitted.hosts_held_by, GROUP_A.subject)
        check.holds(
            "the lease is live at the read",
            admitted.lease_expires_at is not None and at < admitted.lease_expires_at,
            admitted,
        )


# ---------------------------------------------------------------------------
# Near misses of each identity a conjunct compares: each one refuses, the identity itself admits.

KEY = V41_GROUP_A_CANDIDATE.candidate
RUNTIME_KEY = V41_GROUP_A_CANDIDATE.runtime_artifact


def _keyed(key: str) -> GroupSuspendedForAuthorizedSuccessor:
    return attrs.evolve(SUSPENSION, exact_candidate_realization=PairRealizationKeyed(key=key))


@witness.property(
    "Every near miss of the candidate's key is another successor, and the exact key admits.",
    rules=[admission.successor_is_candidate],
)
@settings(max_examples=25)
@given(near.near_misses(KEY))
@example(near.case_flipped(KEY))
@example(near.strict_prefix(KEY))
@example(near.extended(KEY))
@example(near.padded(KEY, after="\n"))
@example(near.padded(KEY, before="\t", after=""))
@example(near.lookalike(KEY))
def near_misses_of_the_candidate_key_are_other_successors(miss: str) -> None:
    check.equal("the exact key", admission.successor_is_candidate(_keyed(KEY), V41_GROUP_A_CANDIDATE), Admitted(KEY))
    reasons = check.refused(admission.successor_is_candidate(_keyed(miss), V41_GROUP_A_CANDIDATE))
    check.equal(
        f"{miss!r} refused at",
        [(type(r), r.where) for r in reasons],
        [(SuccessorIsNotThisCandidate, SUCCESSOR_IS_CANDIDATE)],
    )


@witness.property(
    "An image admitted against any near miss of the candidate's runtime key is not the produced image, and the exact key admits.",
    rules=[admission.image_admitted_for_runtime_artifact],
)
@settings(max_examples=25)
@given(near.near_misses(RUNTIME_KEY))
@example(near.case_flipped(RUNTIME_KEY))
@example(near.strict_prefix(RUNTIME_KEY))
@example(near.extended(RUNTIME_KEY, "0"))
@example(near.padded(RUNTIME_KEY, before=" "))
@example(near.padded(RUNTIME_KEY, before="\t", after=""))
@example(near.lookalike(RUNTIME_KEY))
def near_misses_of_the_runtime_key_are_refused(miss: str) -> None:
    exact = admission.image_admitted_for_runtime_artifact(authority_log(IMAGE), V41_GROUP_A_CANDIDATE, READ_AT)
    check.equal("the exact key", exact, Admitted(IMAGE.config_digest))
    image = attrs.evolve(IMAGE, runtime_key=miss)
    reasons = check.refused(
        admission.image_admitted_for_runtime_artifact(authority_log(image), V41_GROUP_A_CANDIDATE, READ_AT)
    )
    check.equal(
        f"{miss!r} refused at",
        [(type(r), r.where) for r in reasons],
        [(ImageNotAdmittedForRuntimeArtifact, IMAGE_FOR_RUNTIME_ARTIFACT)],
    )


def _srv7_held(host: str, subject: str) -> AuthorityLog:
    return authority_log(*HELD_A[:2], HostHeld(at=HELD_A[2].at, host=host, subject=subject), HELD_A[3])


@witness.property(
    "A host held by any near miss of the group's subject is not held by it, and the exact subject admits.",
    rules=[admission.admit_host_held_by_subject_among],
)
@settings(max_examples=25)
@given(near.near_misses(GROUP_A.subject))
@example(near.case_flipped(GROUP_A.subject))
@example(near.strict_prefix(GROUP_A.subject))
@example(near.extended(GROUP_A.subject, "-b"))
@example(near.padded(GROUP_A.subject, after="\t"))
@example(near.lookalike(GROUP_A.subject))
def near_misses_of_the_subject_do_not_hold(miss: str) -> None:
    check.equal(
        "the exact subject",
        admission.admit_host_held_by_subject_among(_srv7_held("srv7", GROUP_A.subject), GROUP_A, READ_AT),
        Admitted(GROUP_A.subject),
    )
    reasons = check.refused(admission.admit_host_held_by_subject_among(_srv7_held("srv7", miss), GROUP_A, READ_AT))
    check.equal("one reason", len(reasons), 1)
    check.contains(f"{miss!r} named", f"1 of 4 hosts are not held by {GROUP_A.subject}: srv7 (held by ", reasons[0].why)


@witness.property(
    "A holding recorded for any near miss of a host's name holds not that host, and the exact name admits.",
    rules=[admission.admit_host_held_by_subject_among],
)
@settings(max_examples=25)
@given(near.near_misses("srv7"))
@example(near.case_flipped("srv7"))
@example(near.strict_prefix("srv7"))
@example(near.extended("srv7", "0"))
@example(near.padded("srv7", after="\n"))
@example(near.lookalike("srv7", 1))
def near_misses_of_a_host_name_hold_nothing(miss: str) -> None:
    check.admitted(admission.admit_host_held_by_subject_among(_srv7_held("srv7", GROUP_A.subject), GROUP_A, READ_AT))
    reasons = check.refused(
        admission.admit_host_held_by_subject_among(_srv7_held(miss, GROUP_A.subject), GROUP_A, READ_AT)
    )
    check.equal(
        f"{miss!r} leaves srv7 unheld",
        [r.why for r in reasons],
        [f"1 of 4 hosts are not held by {GROUP_A.subject}: srv7 (no holding recorded)"],
    )


@witness.property(
    "A suspension logged for any near miss of the group's name is no state of the group, and the exact name admits.",
    rules=[admission.pair_serving_successor_may_launch],
)
@settings(max_examples=25)
@given(near.near_misses(GROUP_A.name))
@example(near.case_flipped(GROUP_A.name))
@example(near.strict_prefix(GROUP_A.name))
@example(near.extended(GROUP_A.name, "B"))
@example(near.padded(GROUP_A.name, before="\u200b"))
@example(near.lookalike(GROUP_A.name))
def near_misses_of_the_group_name_are_no_state(miss: str) -> None:
    check.admitted(admission.pair_serving_successor_may_launch(authority_log(SUSPENSION), GROUP_A, READ_AT))
    reasons = check.refused(
        admission.pair_serving_successor_may_launch(
            authority_log(attrs.evolve(SUSPENSION, group=miss)), GROUP_A, READ_AT
        )
    )
    check.contains(f"{miss!r} is no state", "records no state for FabricGroupA", reasons[0].why)
