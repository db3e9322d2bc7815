"""Witness the identities admission compares character by character: a key, runtime key, subject or host that differs in any one character, first, last or between, is another one."""

from __future__ import annotations

import attrs

from claims import check
from domain.core.outcome import Admitted
from domain.spark import admission
from domain.spark.admission import (
    IMAGE_FOR_RUNTIME_ARTIFACT,
    SUCCESSOR_IS_CANDIDATE,
    V41_GROUP_A_CANDIDATE,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
)
from domain.spark.authority_log import HostHeld, PairRealizationKeyed
from domain.spark.fleet import GROUP_A, GROUP_B
from witnesses.spark.admission import witness
from witnesses.spark.fixtures import HELD_A, HELD_B, IMAGE, READ_AT, SUSPENSION, authority_log


def one_character_off(identity: str) -> list[str]:
    """Return the identity with each character in turn replaced by its ASCII neighbour (`srv7` -> `rrv7`, ..., `srv6`)."""
    return [identity[:i] + chr(ord(c) ^ 1) + identity[i + 1 :] for i, c in enumerate(identity)]


@witness.positive(
    "A suspension for a key that differs from this candidate's in any one character is for another successor.",
    rules=[admission.successor_is_candidate],
)
def a_key_one_character_off_is_another_successor() -> None:
    key = V41_GROUP_A_CANDIDATE.candidate
    for miss in one_character_off(key):
        keyed = attrs.evolve(SUSPENSION, exact_candidate_realization=PairRealizationKeyed(key=miss))
        reasons = check.refused(admission.successor_is_candidate(keyed, V41_GROUP_A_CANDIDATE))
        check.equal(
            f"{miss!r} refused at",
            [(type(r), r.where) for r in reasons],
            [(SuccessorIsNotThisCandidate, SUCCESSOR_IS_CANDIDATE)],
        )


@witness.positive(
    "An image admitted against a runtime key that differs from the candidate's in any one character is refused.",
    rules=[admission.image_admitted_for_runtime_artifact],
)
def a_runtime_key_one_character_off_is_refused() -> None:
    for miss in one_character_off(V41_GROUP_A_CANDIDATE.runtime_artifact):
        image = attrs.evolve(IMAGE, runtime_key=miss)
        reasons = check.refused(
            admission.image_admitted_for_runtime_artifact(authority_log(image), V41_GROUP_A_CANDIDATE, READ_AT)
        )
        check.equal(
            f"{miss!r} refused at",
            [(type(r), r.where) for r in reasons],
            [(ImageNotAdmittedForRuntimeArtifact, IMAGE_FOR_RUNTIME_ARTIFACT)],
        )


@witness.positive(
    "In both groups a host held by a subject one character off the group's is not held by the group, and a holding recorded for a host name one character off holds nothing.",
    rules=[admission.admit_host_held_by_subject_among],
)
def subjects_and_hosts_one_character_off_hold_nothing() -> None:
    for group, held in ((GROUP_A, HELD_A), (GROUP_B, HELD_B)):
        last = held[-1]
        for miss in one_character_off(group.subject):
            log = authority_log(*held[:-1], HostHeld(at=last.at, host=last.host, subject=miss))
            reasons = check.refused(admission.admit_host_held_by_subject_among(log, group, READ_AT))
            check.equal(
                f"{group.name} held by {miss!r}",
                [r.why for r in reasons],
                [f"1 of 4 hosts is not held by {group.subject}: {last.host} (held by {miss})"],
            )
        for miss in one_character_off(last.host):
            # A neighbour naming another host (srv8 -> srv9, srv4 -> srv5) holds that host, never this one.
            log = authority_log(*held[:-1], HostHeld(at=last.at, host=miss, subject=group.subject))
            reasons = check.refused(admission.admit_host_held_by_subject_among(log, group, READ_AT))
            check.equal(
                f"{group.name}: a holding of {miss!r}",
                [r.why for r in reasons],
                [f"1 of 4 hosts is not held by {group.subject}: {last.host} (no holding recorded)"],
            )
        check.equal(
            f"{group.name} exactly held",
            admission.admit_host_held_by_subject_among(authority_log(*held), group, READ_AT),
            Admitted(group.subject),
        )
