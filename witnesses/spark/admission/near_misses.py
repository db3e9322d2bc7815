"""Witness the identities admission compares: each near miss of a key, a runtime, a host or a subject refuses; the identity itself admits."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings

from claims import because, check
from domain.core.outcome import Admitted, Refused
from domain.spark import admission
from domain.spark.admission import (
    HOSTS_HELD,
    IMAGE_FOR_RUNTIME_ARTIFACT,
    SUCCESSOR_IS_CANDIDATE,
    V41_GROUP_A_CANDIDATE,
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
)
from domain.spark.authority_log import (
    AuthorityLog,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    PairRealizationKeyed,
)
from domain.spark.fleet import GROUP_A
from witnesses.core import strategies as near
from witnesses.spark.admission import witness
from witnesses.spark.fixtures import (
    HELD_A,
    IMAGE,
    READ_AT,
    SUSPENSION,
    authority_log,
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
@example(near.extended(KEY, "\u0301"))
@example(near.padded(KEY, before="", after="\u00a0"))
@example(near.padded(KEY, before="\u200b", after=""))
@example(near.padded(KEY, before="", after="\u3000"))
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
@example(near.extended(RUNTIME_KEY, "\u0301"))
@example(near.padded(RUNTIME_KEY, before="", after="\u00a0"))
@example(near.padded(RUNTIME_KEY, before="\u200b", after=""))
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
    check.contains(f"{miss!r} named", f"1 of 4 hosts is not held by {GROUP_A.subject}: srv7 (held by ", reasons[0].why)


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
        [f"1 of 4 hosts is not held by {GROUP_A.subject}: srv7 (no holding recorded)"],
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


# ---------------------------------------------------------------------------
# A group of another size: the held-host conjunct counts the group's own hosts.


@witness.refusal(
    "The held-host conjunct judges a group of any size host by host, and its reason counts that group's own hosts: 1 of 5, 1 of 3.",
    rules=[admission.admit_host_held_by_subject_among],
    reasons=[
        because(
            HostNotHeldBySubject,
            at=HOSTS_HELD,
            saying="1 of 5 hosts is not held by spark-serving-group-a: srv9 (no holding recorded)",
        ),
        because(
            HostNotHeldBySubject,
            at=HOSTS_HELD,
            saying="1 of 3 hosts is not held by spark-serving-group-a: srv7 (held by spark-serving-group-b)",
        ),
    ],
)
def the_held_host_reason_counts_the_groups_own_hosts():
    ninth = attrs.evolve(GROUP_A.hosts[0], name="srv9", fabric_address="10.77.0.9")
    five = attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, ninth))
    three = attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3])
    taken = HostHeld(at=READ_AT, host="srv7", subject="spark-serving-group-b")
    return Refused(
        (
            *check.refused(admission.admit_host_held_by_subject_among(authority_log(*HELD_A), five, READ_AT)),
            *check.refused(admission.admit_host_held_by_subject_among(authority_log(*HELD_A, taken), three, READ_AT)),
        )
    )
