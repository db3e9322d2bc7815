"""Build the native witnesses' shared fixture values: starts, observation sets and packet documents.

Not a witness: it declares no claims.  The example packets under
`examples/native/` are written from these same documents (see
tests/edges/test_native_verdict.py, which checks they agree).
"""

from __future__ import annotations

import copy
from typing import Any

import attrs

from domain.core.convert import STRICT
from domain.native.checks import SUBCASES, Arm, NativeCheck, UnsupportedMode, tail_sizes
from domain.native.figures import Provenance, Unit, between, point
from domain.native.observations import Evidence, Observation, OwnerResolution
from domain.native.schema import FIXTURE_CLASSIFICATION, FIXTURE_PACKET_SCHEMA
from domain.native.windows import SEED_WINDOW_INPUTS, CaseCost

MANIFEST = "sha256:" + "ab" * 32
OTHER_MANIFEST = "sha256:" + "cd" * 32
OFF_START = "up2-off-20261025T140000Z"
ON_START = "up2-on-20261025T143000Z"
OTHER_ON_START = "up2-on-20261026T090000Z"
WORKLOAD = "up2-native-workload-v1"
MODE = "async/process"
HOOKS = "hooks-v1"
Q = 4092

RESOLVED: tuple[OwnerResolution, ...] = (
    OwnerResolution(UnsupportedMode.SYNC, "coordinator", True, "FIXTURE coordinator review: sync configuration"),
    OwnerResolution(UnsupportedMode.MULTIMODAL, "coordinator", True, "FIXTURE coordinator review: MM load/support"),
)

# FIXTURE: a window measured end to end that fits: every input MEASURED and the diagnostic short.
MEASURED_INPUTS = attrs.evolve(
    SEED_WINDOW_INPUTS,
    control_overhead=between(10, 20, Unit.SECONDS, Provenance.MEASURED, "control_overhead"),
    prefill_32k=point(15, Unit.SECONDS, Provenance.MEASURED, "prefill_32k"),
    near_cap_overhead=between(33, 53, Unit.SECONDS, Provenance.MEASURED, "near_cap_overhead"),
    s30_diagnostic=between(30, 35, Unit.MINUTES, Provenance.MEASURED, "s30_diagnostic"),
)
# FIXTURE: twelve MEASURED 70 s case costs, 840 s together, within the 900 s wait.
MEASURED_COSTS = tuple(
    CaseCost(c, point(70, Unit.SECONDS, Provenance.MEASURED, f"case_{c.value}")) for c in NativeCheck
)


def start_of(arm: Arm) -> str:
    """Name the fixture start of an arm."""
    return OFF_START if arm is Arm.OFF else ON_START


def observation(check: NativeCheck, subcase: str, arm: Arm, evidence: Evidence = Evidence.NATIVE) -> Observation:
    """Build one held observation bound to the fixture start of its arm."""
    return Observation(check, subcase, arm, evidence, start_of(arm), MANIFEST, WORKLOAD, MODE, HOOKS, True)


def complete(
    evidence: Evidence = Evidence.NATIVE, checks: tuple[NativeCheck, ...] = tuple(NativeCheck)
) -> tuple[Observation, ...]:
    """Build a held observation of every subcase of the given checks in both arms."""
    return tuple(observation(c, s.name, arm, evidence) for c in checks for s in SUBCASES[c] for arm in Arm)


def without(
    observations: tuple[Observation, ...], check: NativeCheck, subcase: str | None, arm: Arm | None
) -> tuple[Observation, ...]:
    """Drop the observations of one check's subcase (any if None) in one arm (both if None)."""
    return tuple(
        o
        for o in observations
        if not (o.check is check and (subcase is None or o.subcase == subcase) and (arm is None or o.arm is arm))
    )


def replaced(
    observations: tuple[Observation, ...], check: NativeCheck, name: str, arm: Arm, **changes: Any
) -> tuple[Observation, ...]:
    """Change the observations of one slot (the subcase `name` in `arm`)."""
    return tuple(
        attrs.evolve(o, **changes) if (o.check is check and o.subcase == name and o.arm is arm) else o
        for o in observations
    )


def packet_document(
    observations: tuple[Observation, ...], resolutions: tuple[OwnerResolution, ...] = RESOLVED
) -> dict[str, Any]:
    """Build a packet document (JSON-ready) that passes the schema validator, around the given observations."""
    tails = list(tail_sizes(Q).value)  # type: ignore[union-attr]
    return {
        "schema": FIXTURE_PACKET_SCHEMA,
        "classification": FIXTURE_CLASSIFICATION,
        "manifest_digest": MANIFEST,
        "q": Q,
        "arms": {
            "off": {"start_id": OFF_START, "container_id": "up2-native-off"},
            "on": {"start_id": ON_START, "container_id": "up2-native-on"},
        },
        "evidence": [
            {"path": "evidence/off/observations.json", "digest": "sha256:" + "01" * 32},
            {"path": "evidence/on/observations.json", "digest": "sha256:" + "02" * 32},
        ],
        "checks": {c.value: "PASS" for c in NativeCheck},
        "audited_rounds": {"off": 96, "on": 96},
        "requests": {"send_intents": 28, "opened": 28, "completions": 28},
        "tails": {"off": tails, "on": tails},
        "observations": STRICT.unstructure(observations),
        "owner_resolutions": STRICT.unstructure(resolutions),
    }


def examples() -> dict[str, dict[str, Any]]:
    """Return the example packet documents by file name (all but the malformed one)."""
    final = NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE
    return {
        "complete-native.json": packet_document(complete()),
        "cpu-fixture.json": packet_document(complete(Evidence.CPU_FIXTURE)),
        "missing-subcase.json": packet_document(without(complete(), final, "tail_36q_plus_129", Arm.ON)),
        "missing-arm.json": packet_document(without(complete(), NativeCheck.NO_LOCAL_DRAFTER, None, Arm.OFF)),
    }


def edited(**edits: Any) -> dict[str, Any]:
    """Build the complete packet document with top-level keys replaced (None deletes the key)."""
    doc = copy.deepcopy(packet_document(complete()))
    for key, value in edits.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    return doc


def observation_edited(index: int, **edits: Any) -> dict[str, Any]:
    """Build the complete packet document with one observation's keys replaced."""
    doc = copy.deepcopy(packet_document(complete()))
    doc["observations"][index].update(edits)
    return doc


def owner_edited(index: int, **edits: Any) -> dict[str, Any]:
    """Build the complete packet document with one owner resolution's keys replaced."""
    doc = copy.deepcopy(packet_document(complete()))
    doc["owner_resolutions"][index].update(edits)
    return doc
