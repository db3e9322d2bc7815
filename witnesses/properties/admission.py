"""Quantify V4.1 admission over authority logs: it refuses iff a conjunct fails, naming exactly those.

The oracle reads each generated log itself, as of the read time (the latest
event at or before it wins; a later line wins a tie), and decides seed A4's
four conjuncts independently of `domain.admission`.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given

from claims import Witness, check
from domain import admission
from domain.admission import HOSTS_HELD, IMAGE_FOR_RUNTIME_ARTIFACT, SUCCESSOR_IS_CANDIDATE, SUCCESSOR_MAY_LAUNCH, V41_GROUP_A_CANDIDATE
from domain.authority_log import (
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    ImageAdmitted,
    PairRealizationKeyed,
)
from domain.fleet import GROUP_A
from witnesses import strategies as gen

witness = Witness("properties.admission")


def _latest(events: list[Any]) -> Any:
    chosen = None
    for event in events:
        if chosen is None or event.at >= chosen.at:
            chosen = event
    return chosen


def failing_conjuncts(log: AuthorityLog, at: int) -> set[str]:
    """Decide seed A4's four conjuncts from the log as read at `at`; return the ones that fail."""
    seen = [e.event for e in log.events if e.event.at <= at]
    state = _latest([e for e in seen if isinstance(e, (GroupActive, GroupSuspendedForAuthorizedSuccessor)) and e.group == GROUP_A.name])
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


def _suspension(at: int, lease: int, key: str = V41_GROUP_A_CANDIDATE.candidate) -> GroupSuspendedForAuthorizedSuccessor:
    return GroupSuspendedForAuthorizedSuccessor(at=at, group=GROUP_A.name, exact_candidate_realization=PairRealizationKeyed(key=key), lease_expires_at=lease)


HELD = [HostHeld(at=1, host=h.name, subject=GROUP_A.subject) for h in GROUP_A.hosts]
IMAGE = ImageAdmitted(at=2, config_digest="sha256:" + "5e" * 32, runtime_key=V41_GROUP_A_CANDIDATE.runtime_artifact)
ADMITTING = gen.authority_log_of([*HELD, IMAGE, _suspension(3, 10)])
EXPIRED = gen.authority_log_of([*HELD, IMAGE, _suspension(3, 6)])
OTHER_SUCCESSOR = gen.authority_log_of([*HELD, IMAGE, _suspension(3, 10, gen.OTHER_CANDIDATE)])
ACTIVE_AFTER_SUSPENSION_TIE = gen.authority_log_of([*HELD, IMAGE, _suspension(3, 10), GroupActive(at=3, group=GROUP_A.name, incumbent="v4")])
STRAY_HOST = gen.authority_log_of([*HELD, IMAGE, _suspension(3, 10), HostHeld(at=4, host="srv7", subject=gen.OTHER_SUBJECT)])
OTHER_IMAGE = gen.authority_log_of([*HELD, IMAGE, _suspension(3, 10), ImageAdmitted(at=2, config_digest=IMAGE.config_digest, runtime_key=gen.OTHER_RUNTIME_KEY)])


@witness.property(
    "V4.1 admission refuses exactly when a conjunct fails, with one reason located at each failing conjunct and no other.",
    rules=[admission.v41_group_a_launch_admission, admission.successor_launch_admission],
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
    outcome = admission.v41_group_a_launch_admission(log, at)
    check.equal("refused", getattr(outcome, "refused", None), bool(expected))
    if expected:
        check.equal("conjuncts named, one reason each", sorted(r.where for r in check.refused(outcome)), sorted(expected))
    else:
        admitted = check.admitted(outcome)
        check.equal("hosts held by", admitted.hosts_held_by, GROUP_A.subject)
        check.holds("the lease is live at the read", admitted.lease_expires_at is not None and at < admitted.lease_expires_at, admitted)
