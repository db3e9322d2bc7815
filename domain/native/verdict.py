"""Decide each native check from observations: PASS, NOT RUN or HOLD, with located reasons.

PASS needs NATIVE observations that held for every named subcase in both
arms, OFF and ON matched on workload, mode and hooks, each arm one start,
one manifest, and every unsupported mode resolved by its owner.  No
observation at all is NOT RUN (the default); anything short of PASS with
some observation is HOLD.  One missing subcase keeps the whole check
NOT RUN/HOLD (seed).  The verdict follows the outcome protocol: `refused`
is True unless the status is PASS, and `reasons` say where and why.
"""

from __future__ import annotations

import enum

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Reason
from domain.core.value_fields import Field
from domain.native.checks import Arm, NativeCheck, Subcase, UnsupportedMode, subcases
from domain.native.observations import FIXTURE_OWNER_RESOLUTIONS, Evidence, Observation, OwnerResolution


class Status(enum.Enum):
    """Say how a native check stands; the default is NOT RUN."""

    PASS = "PASS"
    NOT_RUN = "NOT RUN"
    HOLD = "HOLD"


@frozen
class NoObservations(Reason):
    """Say a check was never observed (NOT RUN)."""


@frozen
class SubcaseMissing(Reason):
    """Say a subcase has no observation at all in an arm."""


@frozen
class FixtureNotNative(Reason):
    """Say a CPU-fixture observation was offered where native evidence is needed."""


@frozen
class SubcaseNotHeld(Reason):
    """Say a native observation shows the subcase did not hold."""


@frozen
class ArmsMismatched(Reason):
    """Say OFF and ON ran a subcase under a different workload, mode or hooks."""


@frozen
class ModeUnresolved(Reason):
    """Say a subcase needs a mode its owner has not resolved."""


@frozen
class UnknownSubcase(Reason):
    """Say an observation names a subcase the check does not have (renaming is prohibited)."""


@frozen
class SplicedStarts(Reason):
    """Say one arm's observations come from more than one start."""


@frozen
class ArmsShareStart(Reason):
    """Say OFF and ON claim the same start (two arms are two starts)."""


@frozen
class ManifestMismatch(Reason):
    """Say a check's observations are bound to more than one manifest."""


def _status_agrees(instance: CheckVerdict, attribute: Field, value: Status) -> None:
    if (value is Status.PASS) != (not instance.reasons):
        raise ValueError(f"status {value.value} disagrees with {len(instance.reasons)} reason(s): PASS iff none")


def _refused_agrees(instance: CheckVerdict, attribute: Field, value: bool) -> None:
    if value is not (instance.status is not Status.PASS):
        raise ValueError(f"refused={value} disagrees with status {instance.status.value}")


@frozen
class CheckVerdict:
    """Carry one check's status and every located reason it is not PASS (the outcome protocol)."""

    check: NativeCheck = field(validator=vf.instance_of(NativeCheck))
    reasons: tuple[Reason, ...] = field(validator=vf.tuple_of(Reason))
    status: Status = field(validator=[vf.instance_of(Status), _status_agrees])
    refused: bool = field(validator=[vf.strict_bool, _refused_agrees])


def check_verdict(check: NativeCheck, status: Status, reasons: tuple[Reason, ...]) -> CheckVerdict:
    """Build a verdict whose `refused` follows its status."""
    return CheckVerdict(check, reasons, status, status is not Status.PASS)


def _resolved(mode: UnsupportedMode, resolutions: tuple[OwnerResolution, ...]) -> tuple[bool, str]:
    records = [r for r in resolutions if r.mode is mode]
    if any(r.resolved for r in records):
        return True, next(r.owner for r in records if r.resolved)
    return False, records[0].owner if records else "an unassigned owner"


def _slot_reasons(check: NativeCheck, subcase: Subcase, arm: Arm, seen: list[Observation], start: str) -> list[Reason]:
    where = f"$.checks.{check.value}.{subcase.name}.{arm.value}"
    if not seen:
        return [
            SubcaseMissing(
                where,
                f"no observation of {subcase.name} in arm {arm.value} ({start}); one missing subcase keeps the whole check NOT RUN/HOLD",
            )
        ]
    reasons: list[Reason] = []
    for o in seen:
        if o.evidence is Evidence.CPU_FIXTURE:
            reasons.append(
                FixtureNotNative(
                    where,
                    f"{subcase.name} in arm {arm.value} is CPU_FIXTURE evidence from start {o.start_id}; fixture packets are CPU evidence, never native",
                )
            )
        elif not o.held:
            reasons.append(
                SubcaseNotHeld(where, f"{subcase.name} did not hold in arm {arm.value} (NATIVE, start {o.start_id})")
            )
    return reasons


def _identity_reasons(check: NativeCheck, subcase: Subcase, seen: list[Observation]) -> list[Reason]:
    reasons: list[Reason] = []
    for what in ("workload", "mode", "hooks"):
        values = sorted({getattr(o, what) for o in seen})
        if len(values) > 1:
            reasons.append(
                ArmsMismatched(
                    f"$.checks.{check.value}.{subcase.name}",
                    f"OFF and ON must run {subcase.name} with the same {what}, got {', '.join(values)}",
                )
            )
    return reasons


def _start_reasons(check: NativeCheck, mine: list[Observation]) -> tuple[list[Reason], dict[Arm, str]]:
    reasons: list[Reason] = []
    starts: dict[Arm, str] = {}
    for arm in Arm:
        ids = sorted({o.start_id for o in mine if o.arm is arm})
        starts[arm] = (
            f"start {ids[0]}"
            if len(ids) == 1
            else (f"no start observed for arm {arm.value}" if not ids else f"starts {', '.join(ids)}")
        )
        if len(ids) > 1:
            reasons.append(
                SplicedStarts(
                    f"$.checks.{check.value}.{arm.value}",
                    f"arm {arm.value} observations come from starts {', '.join(ids)}; an arm is exactly one start",
                )
            )
    shared = {o.start_id for o in mine if o.arm is Arm.OFF} & {o.start_id for o in mine if o.arm is Arm.ON}
    if shared:
        reasons.append(
            ArmsShareStart(
                f"$.checks.{check.value}",
                f"OFF and ON both claim start {', '.join(sorted(shared))}; each arm is its own start",
            )
        )
    digests = sorted({o.manifest_digest for o in mine})
    if len(digests) > 1:
        reasons.append(
            ManifestMismatch(
                f"$.checks.{check.value}",
                f"observations are bound to {len(digests)} manifests ({', '.join(digests)}); a check is decided under one manifest",
            )
        )
    return reasons, starts


def decide(
    check: NativeCheck,
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> CheckVerdict:
    """Decide one check from every observation offered (others' checks are ignored)."""
    mine = [o for o in observations if o.check is check]
    table = subcases()[check]
    if not mine:
        return check_verdict(
            check,
            Status.NOT_RUN,
            (
                NoObservations(
                    f"$.checks.{check.value}",
                    f"no observation of any of its {len(table)} subcases in either arm; the default is NOT RUN",
                ),
            ),
        )
    reasons, starts = _start_reasons(check, mine)
    known = {s.name for s in table}
    for name in sorted({o.subcase for o in mine} - known):
        reasons.append(
            UnknownSubcase(
                f"$.checks.{check.value}.{name}",
                f"{check.value} has no subcase {name}; renaming or substituting a subcase is prohibited",
            )
        )
    for subcase in table:
        for mode in subcase.needs:
            ok, owner = _resolved(mode, resolutions)
            if not ok:
                reasons.append(
                    ModeUnresolved(
                        f"$.checks.{check.value}.{subcase.name}",
                        f"{subcase.name} needs {mode.value} mode, unsupported until its owner ({owner}) resolves it",
                    )
                )
        seen = [o for o in mine if o.subcase == subcase.name]
        for arm in Arm:
            reasons.extend(_slot_reasons(check, subcase, arm, [o for o in seen if o.arm is arm], starts[arm]))
        reasons.extend(_identity_reasons(check, subcase, seen))
    return check_verdict(check, Status.HOLD if reasons else Status.PASS, tuple(reasons))


def decide_all(
    observations: tuple[Observation, ...],
    resolutions: tuple[OwnerResolution, ...] = FIXTURE_OWNER_RESOLUTIONS,
) -> tuple[CheckVerdict, ...]:
    """Decide all twelve checks, in the seed's order."""
    return tuple(decide(check, observations, resolutions) for check in NativeCheck)
