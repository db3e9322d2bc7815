"""Witness the admission conjuncts across their input partitions: groups of every size, leases of any magnitude, keys of any length, every subset of failing conjuncts."""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import check
from domain.spark import admission
from domain.spark.admission import (
    HOSTS_HELD,
    SUCCESSOR_IS_CANDIDATE,
    SUCCESSOR_MAY_LAUNCH,
    V41_GROUP_A_CANDIDATE,
    HostNotHeldBySubject,
    LaunchAdmitted,
    SuccessorIsNotThisCandidate,
    SuccessorMayNotLaunch,
)
from domain.spark.authority_log import (
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    PairRealizationKeyed,
)
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from witnesses.core.fixtures import said_at
from witnesses.spark import strategies as gen
from witnesses.spark.admission import witness
from witnesses.spark.admission.conjuncts import (
    TINY_IMAGE,
)

HOLDINGS = ("subject", "another", "none")
"""How a host stands at the read: held by the group's subject, held by another subject, or never recorded."""


def _suspended(group: HostGroup, at: int, lease: int, key: str) -> GroupSuspendedForAuthorizedSuccessor:
    return GroupSuspendedForAuthorizedSuccessor(
        at=at, group=group.name, exact_candidate_realization=PairRealizationKeyed(key=key), lease_expires_at=lease
    )


@witness.property(
    "On a group of any size from 1 to 8 hosts, with any hosts held by its subject, by another subject or by nobody, the held-host conjunct names every unheld host, in the group's order, with its count, and admits only when none is unheld.",
    rules=[admission.admit_host_held_by_subject_among],
)
@given(gen.host_groups(count=st.integers(min_value=1, max_value=8)), st.data())
@example(GROUP_A, None)
@example(GROUP_B, None)
def the_held_host_conjunct_names_every_unheld_host_of_any_group(group: HostGroup, data: st.DataObject | None) -> None:
    if data is None:  # the @example rows: every host of a four-host group unheld, alternating how
        stands = [HOLDINGS[1 + i % 2] for i in range(len(group.hosts))]
    else:
        stands = data.draw(st.lists(st.sampled_from(HOLDINGS), min_size=len(group.hosts), max_size=len(group.hosts)))
    events = [
        HostHeld(at=1, host=host.name, subject=group.subject if stand == "subject" else f"{group.subject}-other")
        for host, stand in zip(group.hosts, stands, strict=True)
        if stand != "none"
    ]
    outcome = admission.admit_host_held_by_subject_among(gen.authority_log_of(events), group, 1)
    unheld = [
        f"{host.name} (held by {group.subject}-other)" if stand == "another" else f"{host.name} (no holding recorded)"
        for host, stand in zip(group.hosts, stands, strict=True)
        if stand != "subject"
    ]
    if not unheld:
        check.equal("admitted subject", check.admitted(outcome), group.subject)
        return
    (reason,) = check.refused(outcome)
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            HostNotHeldBySubject,
            HOSTS_HELD,
            f"{len(unheld)} of {len(group.hosts)} hosts {'is' if len(unheld) == 1 else 'are'} not held by {group.subject}: {', '.join(unheld)}",
        ),
    )


@witness.property(
    "For a group of any size and a lease of any magnitude, read at any second before it expires, the fold admits carrying exactly the group, the second, the lease, the logged digest and the group's own subject.",
    rules=[admission.successor_launch_admission],
)
@given(
    gen.host_groups(count=st.integers(min_value=1, max_value=8)),
    st.integers(min_value=1, max_value=2**62),
    st.integers(min_value=0, max_value=2**62),
)
@example(GROUP_A, 2**31, 0)
@example(GROUP_A, 2**40, 2**40 - 1)
@example(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:1]), 10, 9)
@example(attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, *GROUP_B.hosts)), 10, 0)
def the_fold_admits_any_group_with_what_it_read(group: HostGroup, lease: int, at: int) -> None:
    at = at % lease
    held = [HostHeld(at=0, host=h.name, subject=group.subject) for h in group.hosts]
    image = attrs.evolve(TINY_IMAGE, at=0)
    log = gen.authority_log_of([*held, image, _suspended(group, 0, lease, V41_GROUP_A_CANDIDATE.candidate)])
    outcome = admission.successor_launch_admission(log, at, group, V41_GROUP_A_CANDIDATE)
    check.equal(
        "admitted",
        check.admitted(outcome),
        LaunchAdmitted(
            group=group.name,
            at=at,
            lease_expires_at=lease,
            config_digest=image.config_digest,
            hosts_held_by=group.subject,
        ),
    )


@witness.property(
    "A lease read at or after its expiry, by any number of seconds from 0 up, refuses saying the expiry, the seconds since and the read, exactly, each time in ISO 8601 UTC with its epoch second.",
    rules=[admission.pair_serving_successor_may_launch],
)
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=0, max_value=2**40))
@example(6, 0)
@example(6, 1)
@example(0, 0)
@example(253_402_300_799, 1)  # the last second of year 9999, read in year +10000
def an_expired_lease_says_the_seconds_since_it_expired(lease: int, late: int) -> None:
    log = gen.authority_log_of([_suspended(GROUP_A, 0, lease, V41_GROUP_A_CANDIDATE.candidate)])
    at = lease + late
    (reason,) = check.refused(admission.pair_serving_successor_may_launch(log, GROUP_A, at))
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            SuccessorMayNotLaunch,
            SUCCESSOR_MAY_LAUNCH,
            f"{GROUP_A.name}'s suspension lease expired at {said_at(lease)}, {late} s before the read at {said_at(at)}",
        ),
    )


@witness.property(
    "A suspension for another successor, its key of any length or text, is refused saying that whole key and this candidate's.",
    rules=[admission.successor_is_candidate],
)
@given(st.text(min_size=1, max_size=400).filter(lambda key: key.strip() and key != V41_GROUP_A_CANDIDATE.candidate))
@example(V41_GROUP_A_CANDIDATE.candidate + "-" * 100)
@example("x" * 65)
@example(gen.OTHER_CANDIDATE)
def another_successor_is_said_whole(key: str) -> None:
    state = _suspended(GROUP_A, 0, 10, key)
    (reason,) = check.refused(admission.successor_is_candidate(state, V41_GROUP_A_CANDIDATE))
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            SuccessorIsNotThisCandidate,
            SUCCESSOR_IS_CANDIDATE,
            f"{GROUP_A.name} is suspended for successor {key!r}, not this candidate {V41_GROUP_A_CANDIDATE.candidate!r}",
        ),
    )


@witness.property(
    "For a group of any name read at any second, 0 included, a log with no state for it refuses saying the group and that second in ISO 8601 UTC with its epoch second, and no log path.",
    rules=[admission.pair_serving_successor_may_launch],
)
@given(gen.host_groups(), st.integers(min_value=0, max_value=2**40))
@example(GROUP_A, 0)
@example(GROUP_B, 1)
def no_state_says_the_read_second_verbatim(group: HostGroup, at: int) -> None:
    log = gen.authority_log_of([])
    (reason,) = check.refused(admission.pair_serving_successor_may_launch(log, group, at))
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            SuccessorMayNotLaunch,
            SUCCESSOR_MAY_LAUNCH,
            f"the authority log records no state for {group.name} at or before {said_at(at)}",
        ),
    )


@witness.property(
    "An Active incumbent of any name refuses the successor, even one named as the candidate itself, saying that incumbent and when it was recorded, in ISO 8601 UTC with its epoch second.",
    rules=[admission.pair_serving_successor_may_launch],
)
@given(st.text(min_size=1, max_size=120).filter(str.strip), st.integers(min_value=0, max_value=2**40))
@example(V41_GROUP_A_CANDIDATE.candidate, 0)
@example(gen.OTHER_CANDIDATE, 5)
@example("gunbc-spark-pair@FabricGroupA/deepseek-v4", 1)
def an_active_incumbent_of_any_name_refuses(incumbent: str, recorded: int) -> None:
    log = gen.authority_log_of([GroupActive(at=recorded, group=GROUP_A.name, incumbent=incumbent)])
    (reason,) = check.refused(admission.pair_serving_successor_may_launch(log, GROUP_A, recorded))
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            SuccessorMayNotLaunch,
            SUCCESSOR_MAY_LAUNCH,
            f"{GROUP_A.name} serves the Active incumbent {incumbent}, recorded at {said_at(recorded)}; no successor may launch",
        ),
    )


@witness.property(
    "For a suspension of a group of any name, the candidate conjunct admits exactly this candidate's key and refuses another successor's, naming that group.",
    rules=[admission.successor_is_candidate],
)
@given(gen.host_groups(), st.sampled_from([V41_GROUP_A_CANDIDATE.candidate, gen.OTHER_CANDIDATE]))
@example(GROUP_B, gen.OTHER_CANDIDATE)
@example(attrs.evolve(GROUP_B, name="srv-group.7"), gen.OTHER_CANDIDATE)
@example(GROUP_A, gen.OTHER_CANDIDATE)
def every_groups_suspension_names_its_own_successor(group: HostGroup, key: str) -> None:
    outcome = admission.successor_is_candidate(_suspended(group, 0, 10, key), V41_GROUP_A_CANDIDATE)
    if key == V41_GROUP_A_CANDIDATE.candidate:
        check.equal("admitted key", check.admitted(outcome), key)
        return
    (reason,) = check.refused(outcome)
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            SuccessorIsNotThisCandidate,
            SUCCESSOR_IS_CANDIDATE,
            f"{group.name} is suspended for successor {key!r}, not this candidate {V41_GROUP_A_CANDIDATE.candidate!r}",
        ),
    )


@witness.property(
    "The image conjunct admits with the digest of the image the log admitted, whatever its hex digits, under the candidate's runtime key.",
    rules=[admission.image_admitted_for_runtime_artifact],
)
@given(gen.config_digests)
@example("sha256:" + "0" * 64)
@example("sha256:" + "f" * 63 + "0")
@example("sha256:" + "5e" * 32)
def the_image_conjunct_admits_any_logged_digest(digest: str) -> None:
    image = attrs.evolve(TINY_IMAGE, config_digest=digest)
    outcome = admission.image_admitted_for_runtime_artifact(gen.authority_log_of([image]), V41_GROUP_A_CANDIDATE, 5)
    check.equal("admitted digest", check.admitted(outcome), digest)
