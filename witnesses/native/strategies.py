"""Generate Part B's values for property claims: a check's observations, perturbed slot by slot, and exact figures.

Plain module-level strategies and builders, imported explicitly: nothing is
registered on import, and no claims live here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
from hypothesis import strategies as st

from domain.native.checks import SUBCASES, Arm, NativeCheck, UnsupportedMode
from domain.native.figures import Figure, Provenance, Unit
from domain.native.observations import Evidence, Observation, OwnerResolution

SLOT_FATES = ("native", "missing", "fixture", "not_held", "native_and_fixture")
"""What becomes of one (subcase, arm) slot: observed natively and held, or one way of falling short."""


NativeCase = tuple[NativeCheck, tuple[Observation, ...], tuple[OwnerResolution, ...], dict[tuple[str, Arm], str]]


def native_case_passes(
    check: NativeCheck, resolutions: tuple[OwnerResolution, ...], fates: dict[tuple[str, Arm], str]
) -> bool:
    """Say whether a native case's check must PASS: every slot native and held, every needed mode resolved (the property's oracle)."""
    resolved = {r.mode for r in resolutions if r.resolved}
    modes_ok = all(mode in resolved for subcase in SUBCASES[check] for mode in subcase.needs)
    return modes_ok and all(fate == "native" for fate in fates.values())


def native_case(check: NativeCheck, fates: dict[tuple[str, Arm], str], resolved: tuple[bool, bool]) -> NativeCase:
    """Build a check's observations from each slot's fate (unnamed slots are native), plus another check's noise."""
    fates = {(s.name, arm): fates.get((s.name, arm), "native") for s in SUBCASES[check] for arm in Arm}
    observations: list[Observation] = []
    for (subcase, arm), fate in fates.items():
        base = Observation(
            check=check,
            subcase=subcase,
            arm=arm,
            evidence=Evidence.NATIVE,
            start_id=f"up2-{arm.value.lower()}-start",
            manifest_digest="sha256:" + "ab" * 32,
            workload="up2-native-workload-v1",
            mode="async/process",
            hooks="hooks-v1",
            held=True,
        )
        if fate in ("native", "native_and_fixture"):
            observations.append(base)
        if fate in ("fixture", "native_and_fixture"):
            observations.append(attrs.evolve(base, evidence=Evidence.CPU_FIXTURE))
        if fate == "not_held":
            observations.append(attrs.evolve(base, held=False))
    # Another check's observations, all short of PASS, must not move this check's verdict.
    checks = list(NativeCheck)
    other = checks[(checks.index(check) + 1) % len(checks)]
    everything = observations + [
        attrs.evolve(o, check=other, subcase=SUBCASES[other][0].name, held=False) for o in observations[:2]
    ]
    resolutions = tuple(
        OwnerResolution(mode, "coordinator", ok, "properties: an owner decision")
        for mode, ok in zip(UnsupportedMode, resolved, strict=True)
    )
    return check, tuple(everything), resolutions, fates


# Strategies a composite draws from are built once: one built inside a draw is validated again on every draw.
_checks = st.sampled_from(list(NativeCheck))
_other_fates, _native_fate = st.sampled_from(SLOT_FATES), st.just("native")


@st.composite
def native_cases(draw: Any) -> NativeCase:
    """Draw a check, its observations (each slot's fate drawn, mostly native, in any order) and owner resolutions."""
    check = draw(_checks)
    fates = {
        (subcase.name, arm): draw(_other_fates if draw(st.integers(0, 3)) == 0 else _native_fate)
        for subcase in SUBCASES[check]
        for arm in Arm
    }
    resolved = (draw(st.booleans()), draw(st.booleans()))
    case = native_case(check, fates, resolved)
    return case[0], tuple(draw(st.permutations(case[1]))), case[2], case[3]


_DENOMINATORS = (1, 2, 3, 4, 5, 6, 7, 10, 60, 1000)
_provenances = st.sampled_from(list(Provenance))


@st.composite
def _figures(draw: Any, units: tuple[Unit, ...]) -> Figure:
    denominator = draw(st.sampled_from(_DENOMINATORS))
    lo = Fraction(draw(st.integers(0, 200 * denominator)), denominator)
    width = Fraction(draw(st.integers(0, 100 * denominator)), denominator)
    return Figure(lo, lo + width, draw(st.sampled_from(units)), draw(_provenances), "properties")


def figures(units: tuple[Unit, ...] = (Unit.SECONDS, Unit.MINUTES)) -> st.SearchStrategy[Figure]:
    """Draw an exact interval figure (sevenths, sixtieths, thousandths ...) of either provenance."""
    return _figures(units)


NATIVE_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "Observation": native_cases().flatmap(lambda case: st.sampled_from(case[1])),
    "OwnerResolution": native_cases().map(lambda case: case[2][0]),
    "Figure": figures((Unit.SECONDS, Unit.MINUTES, Unit.TOKENS_PER_SECOND)),
}
"""Part B values, for the round trip through the native converter."""
