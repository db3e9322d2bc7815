"""Admit a successor's launch: a pure fold of located conjuncts over the authority log.

Seed A4 (`v41_group_a_launch_admission`, which folds these over Group A at
its call site, `domain.spark.v41_group_a_launch`): the fold reads the
authority log as read at a given time, never the source row, and each
conjunct is its own located refusal; every failing conjunct is reported,
not only the first:

1. the group is SuspendedForAuthorizedSuccessor with a live lease
   (`pair_serving_successor_may_launch`);
2. the authorized successor key is exactly this candidate
   (`V41CandidateKeyed.candidate`);
3. the produced image was admitted against the candidate's
   `runtime_artifact` key (`V41CandidateKeyed.runtime_artifact`);
4. every host is held by the group's subject
   (`admit_host_held_by_subject_among`).

Times are epoch seconds (ints); a lease is live while `at < lease_expires_at`.
A reason says each time as ISO 8601 in UTC with its epoch second
(`domain.core.utc_time`), and names no log path: the report names the log
once, in its header.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.core.utc_time import iso_utc_with_epoch
from domain.spark.authority_log import (
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    group_state_at,
    holder_of_at,
    latest_image_at,
)
from domain.spark.fleet import HostGroup
from domain.spark.runtime import V41_PRODUCED_ARTIFACT

SUCCESSOR_MAY_LAUNCH = "pair_serving_successor_may_launch"
SUCCESSOR_IS_CANDIDATE = "V41CandidateKeyed.candidate"
IMAGE_FOR_RUNTIME_ARTIFACT = "V41CandidateKeyed.runtime_artifact"
HOSTS_HELD = "admit_host_held_by_subject_among"


@frozen
class V41CandidateKeyed:
    """Name the V4.1 candidate: its realization key and the runtime artifact key its image must carry."""

    candidate: str = field(validator=vf.non_empty_str)
    runtime_artifact: str = field(validator=vf.non_empty_str)


V41_GROUP_A_CANDIDATE = V41CandidateKeyed(
    # FIXTURE: the candidate key's spelling; the runtime key is the produced image's (runtime fixture).
    candidate="gunbc-v41-tp4@FabricGroupA/deepseek-v41-flash-dba1be0a",
    runtime_artifact=V41_PRODUCED_ARTIFACT.runtime_key,
)
"""The one V4.1 candidate Group A's suspension must authorize (fixture keys)."""


@frozen
class LaunchAdmitted:
    """Carry what admission read: the group, the time, the lease expiry and the admitted image."""

    group: str = field(validator=vf.non_empty_str)
    at: int = field(validator=vf.non_negative_int)
    lease_expires_at: int | None = field(validator=vf.optional(vf.non_negative_int))
    config_digest: str | None = field(validator=vf.optional(vf.non_empty_str))
    hosts_held_by: str = field(validator=vf.non_empty_str)


@frozen
class SuccessorMayNotLaunch(Reason):
    """Say the group is not suspended for an authorized successor under a live lease."""


@frozen
class SuccessorIsNotThisCandidate(Reason):
    """Say the suspension authorizes a successor other than this candidate."""


@frozen
class ImageNotAdmittedForRuntimeArtifact(Reason):
    """Say the produced image was not admitted against the candidate's runtime artifact key."""


@frozen
class HostNotHeldBySubject(Reason):
    """Say a host of the group is not held by the group's subject."""


def pair_serving_successor_may_launch(
    log: AuthorityLog, group: HostGroup, at: int
) -> Admitted[GroupSuspendedForAuthorizedSuccessor] | Refused:
    """Admit when the group is SuspendedForAuthorizedSuccessor and its lease is live at `at`."""
    state = group_state_at(log, group.name, at)
    if isinstance(state, GroupActive):
        return Refused(
            (
                SuccessorMayNotLaunch(
                    where=SUCCESSOR_MAY_LAUNCH,
                    why=f"{group.name} serves the Active incumbent {state.incumbent}, recorded at {iso_utc_with_epoch(state.at)}; no successor may launch",
                ),
            )
        )
    if state is None:
        return Refused(
            (
                SuccessorMayNotLaunch(
                    where=SUCCESSOR_MAY_LAUNCH,
                    why=f"the authority log records no state for {group.name} at or before {iso_utc_with_epoch(at)}",
                ),
            )
        )
    if not at < state.lease_expires_at:
        return Refused(
            (
                SuccessorMayNotLaunch(
                    where=SUCCESSOR_MAY_LAUNCH,
                    why=(
                        f"{group.name}'s suspension lease expired at {iso_utc_with_epoch(state.lease_expires_at)}, "
                        f"{at - state.lease_expires_at} s before the read at {iso_utc_with_epoch(at)}"
                    ),
                ),
            )
        )
    return Admitted(state)


def successor_is_candidate(
    state: GroupSuspendedForAuthorizedSuccessor, candidate: V41CandidateKeyed
) -> Admitted[str] | Refused:
    """Admit when the suspension's exact candidate realization key is this candidate's."""
    authorized = state.exact_candidate_realization.key
    if authorized != candidate.candidate:
        return Refused(
            (
                SuccessorIsNotThisCandidate(
                    where=SUCCESSOR_IS_CANDIDATE,
                    why=f"{state.group} is suspended for successor {authorized!r}, not this candidate {candidate.candidate!r}",
                ),
            )
        )
    return Admitted(authorized)


def image_admitted_for_runtime_artifact(
    log: AuthorityLog, candidate: V41CandidateKeyed, at: int
) -> Admitted[str] | Refused:
    """Admit when the produced image (the latest admitted) carries the candidate's runtime_artifact key."""
    image = latest_image_at(log, at)
    if image is None:
        return Refused(
            (
                ImageNotAdmittedForRuntimeArtifact(
                    where=IMAGE_FOR_RUNTIME_ARTIFACT,
                    why=f"the authority log admits no image at or before {iso_utc_with_epoch(at)}; the candidate needs one keyed {candidate.runtime_artifact!r}",
                ),
            )
        )
    if image.runtime_key != candidate.runtime_artifact:
        return Refused(
            (
                ImageNotAdmittedForRuntimeArtifact(
                    where=IMAGE_FOR_RUNTIME_ARTIFACT,
                    why=(
                        f"image {image.config_digest} was admitted against runtime key {image.runtime_key!r}, "
                        f"not the candidate's {candidate.runtime_artifact!r}"
                    ),
                ),
            )
        )
    return Admitted(image.config_digest)


def admit_host_held_by_subject_among(log: AuthorityLog, group: HostGroup, at: int) -> Admitted[str] | Refused:
    """Admit when every host of the group is held by the group's subject at `at` (one reason names all others)."""
    strays = [(host.name, holder_of_at(log, host.name, at)) for host in group.hosts]
    strays = [(name, holder) for name, holder in strays if holder != group.subject]
    if strays:
        said = ", ".join(
            f"{name} (held by {holder})" if holder else f"{name} (no holding recorded)" for name, holder in strays
        )
        return Refused(
            (
                HostNotHeldBySubject(
                    where=HOSTS_HELD,
                    why=f"{len(strays)} of {len(group.hosts)} hosts {'is' if len(strays) == 1 else 'are'} not held by {group.subject}: {said}",
                ),
            )
        )
    return Admitted(group.subject)


def successor_launch_admission(
    log: AuthorityLog, at: int, group: HostGroup, candidate: V41CandidateKeyed
) -> Admitted[LaunchAdmitted] | Refused:
    """Fold the four conjuncts; refuse with every failing one, each located at its conjunct."""
    reasons: list[Reason] = []
    may_launch = pair_serving_successor_may_launch(log, group, at)
    if isinstance(may_launch, Refused):
        reasons.extend(may_launch.reasons)
    # The candidate conjunct reads the suspension's key; with no suspension, conjunct 1 already says why.
    state = group_state_at(log, group.name, at)
    if isinstance(state, GroupSuspendedForAuthorizedSuccessor):
        is_candidate = successor_is_candidate(state, candidate)
        if isinstance(is_candidate, Refused):
            reasons.extend(is_candidate.reasons)
    image = image_admitted_for_runtime_artifact(log, candidate, at)
    held = admit_host_held_by_subject_among(log, group, at)
    for outcome in (image, held):
        if isinstance(outcome, Refused):
            reasons.extend(outcome.reasons)
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(state, GroupSuspendedForAuthorizedSuccessor) and isinstance(image, Admitted)
    return Admitted(
        LaunchAdmitted(
            group=group.name,
            at=at,
            lease_expires_at=state.lease_expires_at,
            config_digest=image.value,
            hosts_held_by=group.subject,
        )
    )
