"""Witness each admission conjunct on its own, and the fold that reports every failing one."""

from __future__ import annotations

import attrs

from claims import Witness, because, check
from domain import admission
from domain.admission import (
    V41_GROUP_A_CANDIDATE,
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
    SuccessorMayNotLaunch,
)
from domain.authority_log import HostHeld, ImageAdmitted
from domain.fleet import GROUP_A
from witnesses.spark.launch_fixtures import (
    ACTIVE, HELD_A, HELD_B, IMAGE, LEASE_EXPIRES_AT, OTHER_DIGEST, READ_AT, READING, SUSPENSION, admitting_log, authority_log,
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
    reasons=[because(SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="records no state for FabricGroupA")],
)
def a_group_with_no_state_refuses():
    return admission.pair_serving_successor_may_launch(authority_log(*HELD_A), GROUP_A, READ_AT)


@witness.positive(
    "A suspension for exactly this candidate admits its key.",
    rules=[admission.successor_is_candidate],
)
def the_exact_candidate_key_admits() -> None:
    check.equal("key", check.admitted(admission.successor_is_candidate(SUSPENSION, V41_GROUP_A_CANDIDATE)), V41_GROUP_A_CANDIDATE.candidate)


@witness.refusal(
    "A key that only extends the candidate's key is another successor.",
    rules=[admission.successor_is_candidate],
    reasons=[because(SuccessorIsNotThisCandidate, at="V41CandidateKeyed.candidate", saying="-rerun")],
)
def a_longer_key_is_another_successor():
    longer = attrs.evolve(SUSPENSION.exact_candidate_realization, key=V41_GROUP_A_CANDIDATE.candidate + "-rerun")
    return admission.successor_is_candidate(attrs.evolve(SUSPENSION, exact_candidate_realization=longer), V41_GROUP_A_CANDIDATE)


@witness.positive(
    "The latest admitted image is the produced one: a later image for the candidate's key supersedes another key's.",
    rules=[admission.image_admitted_for_runtime_artifact],
)
def the_latest_image_for_the_key_admits() -> None:
    stale = ImageAdmitted(at=IMAGE.at - 10, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
    digest = check.admitted(admission.image_admitted_for_runtime_artifact(authority_log(stale, IMAGE), V41_GROUP_A_CANDIDATE, READ_AT))
    check.equal("digest", digest, IMAGE.config_digest)


@witness.refusal(
    "A log with no admitted image refuses the runtime-artifact conjunct.",
    rules=[admission.image_admitted_for_runtime_artifact],
    reasons=[because(ImageNotAdmittedForRuntimeArtifact, at="V41CandidateKeyed.runtime_artifact", saying="admits no image")],
)
def no_admitted_image_refuses():
    return admission.image_admitted_for_runtime_artifact(authority_log(SUSPENSION), V41_GROUP_A_CANDIDATE, READ_AT)


@witness.positive(
    "Four hosts held by Group A's subject admit, and a later re-holding wins over an earlier stray.",
    rules=[admission.admit_host_held_by_subject_among],
)
def four_held_hosts_admit() -> None:
    stray = HostHeld(at=1, host="srv6", subject="someone-else")
    check.equal("subject", check.admitted(admission.admit_host_held_by_subject_among(authority_log(stray, *HELD_A), GROUP_A, READ_AT)), GROUP_A.subject)


@witness.refusal(
    "One reason names every host the subject does not hold, held elsewhere or never recorded.",
    rules=[admission.admit_host_held_by_subject_among],
    reasons=[because(HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying=["2 of 4", "srv5 (held by intruder)", "srv8 (no holding recorded)"])],
)
def one_reason_names_every_unheld_host():
    taken = HostHeld(at=READ_AT - 1, host="srv5", subject="intruder")
    return admission.admit_host_held_by_subject_among(authority_log(*HELD_A[:3], taken), GROUP_A, READ_AT)


@witness.positive(
    "The fold admits the admitting world with every figure it read.",
    rules=[admission.successor_launch_admission],
)
def the_fold_admits_the_admitting_world() -> None:
    admitted = check.admitted(admission.successor_launch_admission(admitting_log(), READ_AT, GROUP_A, V41_GROUP_A_CANDIDATE))
    check.equal("read", (admitted.at, admitted.lease_expires_at, admitted.config_digest), (READ_AT, LEASE_EXPIRES_AT, IMAGE.config_digest))


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
    other = attrs.evolve(SUSPENSION, lease_expires_at=READ_AT, exact_candidate_realization=attrs.evolve(SUSPENSION.exact_candidate_realization, key="other"))
    return admission.successor_launch_admission(authority_log(other, READING), READ_AT, GROUP_A, V41_GROUP_A_CANDIDATE)


@witness.positive(
    "Group B's GLM arm admits when its subject holds srv1..srv4.",
    rules=[admission.glm_group_b_launch_admission],
)
def glm_admits_when_group_b_holds_its_hosts() -> None:
    admitted = check.admitted(admission.glm_group_b_launch_admission(authority_log(*HELD_B), READ_AT))
    check.equal("held by", (admitted.group, admitted.hosts_held_by, admitted.lease_expires_at), ("FabricGroupB", "spark-serving-group-b", None))


@witness.refusal(
    "Group B's GLM arm refuses when its hosts are held by Group A's subject.",
    rules=[admission.glm_group_b_launch_admission],
    reasons=[because(HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="4 of 4 hosts are not held by spark-serving-group-b")],
)
def glm_refuses_hosts_held_by_another_subject():
    return admission.glm_group_b_launch_admission(authority_log(ACTIVE, *HELD_A), READ_AT)


@witness.refusal(
    "The one reason lists every unheld host in the group's order, separated by commas.",
    rules=[admission.admit_host_held_by_subject_among],
    reasons=[because(HostNotHeldBySubject, at="admit_host_held_by_subject_among",
                     saying="2 of 4 hosts are not held by spark-serving-group-a: srv5 (held by intruder), srv8 (no holding recorded)")],
)
def the_unheld_hosts_are_listed_exactly():
    taken = HostHeld(at=READ_AT - 1, host="srv5", subject="intruder")
    return admission.admit_host_held_by_subject_among(authority_log(*HELD_A[:3], taken), GROUP_A, READ_AT)
