"""Quantify the native `decide` over observations: PASS iff every subcase is observed natively, held, in both arms.

Seed B1: PASS comes from actual NATIVE observations covering every named
subcase in both arms OFF and ON; one missing subcase, one CPU-fixture
observation, one subcase that did not hold, or one unresolved mode keeps
the whole check NOT RUN/HOLD.  The oracle reads each slot's drawn fate.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, check
from domain.native import verdict
from domain.native.checks import SUBCASES, Arm, NativeCheck
from domain.native.converter import NATIVE, read_packet
from domain.native.verdict import Status
from witnesses import strategies as gen

witness = Witness("properties.native")


def passes(native_check: NativeCheck, resolutions: tuple[Any, ...], fates: dict[tuple[str, Arm], str]) -> bool:
    """Say whether the check must PASS: every slot native and held, every needed mode resolved."""
    resolved = {r.mode for r in resolutions if r.resolved}
    modes_ok = all(mode in resolved for subcase in SUBCASES[native_check] for mode in subcase.needs)
    return modes_ok and all(fate == "native" for fate in fates.values())


@witness.property(
    "A native check passes exactly when every subcase was observed natively and held in both arms, with its modes resolved.",
    rules=[verdict.decide],
)
@given(gen.native_cases())
@example(gen.native_case(NativeCheck.NO_LOCAL_DRAFTER, {}, (False, False)))
@example(gen.native_case(NativeCheck.NO_LOCAL_DRAFTER, {("remote_round_progress", Arm.ON): "missing"}, (True, True)))
@example(gen.native_case(NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE, {("tail_36q_plus_129", Arm.OFF): "native_and_fixture"}, (True, True)))
@example(gen.native_case(NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP, {}, (False, True)))
@example(gen.native_case(NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP, {}, (True, False)))
@example(gen.native_case(NativeCheck.SOURCE_KV_WRITES_RETAINED, {("no_write_holes", Arm.OFF): "not_held"}, (True, True)))
def decide_passes_iff_every_subcase_is_native_in_both_arms(case: Any) -> None:
    native_check, observations, resolutions, fates = case
    decided = verdict.decide(native_check, observations, resolutions)
    mine = [o for o in observations if o.check is native_check]
    expected = Status.PASS if passes(native_check, resolutions, fates) else (Status.HOLD if mine else Status.NOT_RUN)
    check.equal(f"{native_check.value} status", decided.status, expected)
    check.equal("refused", decided.refused, expected is not Status.PASS)
    if expected is not Status.PASS:
        short = sorted({f"$.checks.{native_check.value}.{s}.{a.value}" for (s, a), fate in fates.items() if fate != "native"})
        named = {r.where for r in decided.reasons}
        check.equal("slots short of native evidence, each named", [w for w in short if w not in named], [])


@witness.property(
    "Every observation and owner resolution round-trips through the native converter byte-stably.",
    rules=[read_packet],
)
@given(st.one_of(*gen.NATIVE_VALUES.values()))
def native_values_round_trip_byte_stably(value: Any) -> None:
    first = json.dumps(NATIVE.unstructure(value), sort_keys=True)
    back = NATIVE.structure(json.loads(first), type(value))
    check.equal("structured back", back, value)
    check.equal("JSON of the second trip", json.dumps(NATIVE.unstructure(back), sort_keys=True), first)
