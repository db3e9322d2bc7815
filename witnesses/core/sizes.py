"""Witness the one shared rounding of bytes to whole GiB and the basis-point arithmetic.

The refusal controls for these rules live where the rounding decides a
verdict: `spark.fit_wall` (7933 bp tips into refusal only by rounding up).
"""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, check
from domain.core import sizes
from domain.core import value_fields as vf
from domain.core.sizes import GIB
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.core.strategies import byte_counts

witness = Witness("core.sizes", never_refuses=[sizes.format_bp])


@witness.positive(
    "A byte count rounds up to the least whole GiB that holds it, and an exact GiB stays put.",
    rules=[sizes.gibibyte_ceiling],
)
def ceiling_rounds_bytes_up_to_whole_gib() -> None:
    check.equal("0 bytes (GiB)", sizes.gibibyte_ceiling(0), 0)
    check.equal("1 byte (GiB)", sizes.gibibyte_ceiling(1), 1)
    check.equal("287 GiB exactly (GiB)", sizes.gibibyte_ceiling(287 * GIB), 287)
    check.equal("287 GiB + 1 byte (GiB)", sizes.gibibyte_ceiling(287 * GIB + 1), 288)
    check.equal("287 GiB - 1 byte (GiB)", sizes.gibibyte_ceiling(287 * GIB - 1), 287)


@witness.positive(
    "The 0.20 share of a 484 GiB pool, 96.8 GiB of bytes, rounds up to 97 GiB.",
    rules=[sizes.gibibyte_ceiling, sizes.fraction_of_bp, sizes.complement_bp],
)
def the_share_outside_080_of_484_gib_rounds_to_97() -> None:
    outside = sizes.fraction_of_bp(sizes.complement_bp(8000))
    check.equal("share outside 8000 bp", outside, Fraction(1, 5))
    check.equal("bytes outside the engine", outside * 484 * GIB, Fraction(968 * GIB, 10))
    check.equal("allowance (GiB)", sizes.gibibyte_ceiling(outside * 484 * GIB), 97)


@witness.positive(
    "Basis points are exact fractions of one: 8000 bp is 4/5 and leaves 2000 bp outside.",
    rules=[sizes.fraction_of_bp, sizes.complement_bp],
)
def basis_points_are_exact_fractions() -> None:
    check.equal("8000 bp", sizes.fraction_of_bp(8000), Fraction(4, 5))
    check.equal("5000 bp", sizes.fraction_of_bp(5000), Fraction(1, 2))
    check.equal("10000 bp", sizes.fraction_of_bp(sizes.BASIS_POINTS_PER_UNIT), Fraction(1))
    check.equal("outside 8000 bp", sizes.complement_bp(8000), 2000)
    check.equal("outside 7933 bp", sizes.complement_bp(7933), 2067)


@witness.property(
    "For every byte count the ceiling holds it and one GiB less does not.",
    rules=[sizes.gibibyte_ceiling],
)
@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.integers(min_value=0, max_value=1 << 50),
        st.fractions(min_value=0, max_value=1 << 40, max_denominator=10_000),
    )
)
@example(0)
@example(GIB)
@example(GIB + 1)
@example(Fraction(968 * GIB, 10))
def ceiling_is_the_least_covering_gib(byte_count: int | Fraction) -> None:
    gib = sizes.gibibyte_ceiling(byte_count)
    check.holds("ceiling is an int", type(gib) is int, type(gib))
    check.holds("the ceiling holds the bytes", gib * GIB >= byte_count, (gib, byte_count))
    check.holds("one GiB less does not", (gib - 1) * GIB < byte_count or gib == 0, (gib, byte_count))


@witness.positive(
    "An exact figure renders whole as an int, a terminating decimal with its own sign, and anything else as n/d.",
    rules=[sizes.format_exact],
)
def exact_figures_render_without_rounding() -> None:
    for value, text in (
        (97, "97"),
        (Fraction(-7), "-7"),
        (Fraction(97, 4), "24.25"),
        (Fraction(2645, 4), "661.25"),
        (Fraction(1, 2), "0.5"),
        (Fraction(-1, 2), "-0.5"),
        (Fraction(-97, 4), "-24.25"),
        (Fraction(1, 10**6), "0.000001"),
        (Fraction(1, 3), "1/3"),
        (Fraction(-1, 3), "-1/3"),
    ):
        check.equal(f"format_exact({value!r})", sizes.format_exact(value), text)


@witness.property(
    "A share is in range exactly when a launch profile accepts it as its utilization: 1 to 10000 basis points.",
    # bp_in_unit_range is a helper; the rule this property holds against is the profile's validator.
    rules=[vf.basis_points],
)
@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=-5, max_value=10_010))
@example(0)
@example(1)
@example(10_000)
@example(10_001)
def bp_in_unit_range_agrees_with_the_profile_validator(bp: int) -> None:
    try:
        attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=bp)
        accepted = True
    except ValueError:
        accepted = False
    check.equal(f"{bp} bp in range", sizes.bp_in_unit_range(bp), accepted)
    check.equal(f"{bp} bp in range (by hand)", sizes.bp_in_unit_range(bp), 1 <= bp <= 10_000)


@witness.property(
    "A GiB size is exactly GiB x 2^30 bytes, and the shared rounding takes a whole GiB's bytes back to it.",
    rules=[sizes.gibibyte_ceiling],
)
@settings(max_examples=100, deadline=None)
@given(
    st.one_of(
        st.integers(min_value=0, max_value=1 << 20), st.fractions(min_value=0, max_value=1 << 20, max_denominator=64)
    )
)
@example(Fraction(97, 4))
@example(1)
def gib_bytes_is_exact(gib: int | Fraction) -> None:
    check.equal(f"bytes of {gib} GiB", sizes.gib_bytes(gib), Fraction(gib) * GIB)
    check.equal("24.25 GiB", sizes.gib_bytes(Fraction(97, 4)), Fraction(97 * GIB, 4))
    check.equal(f"ceiling of {gib} GiB's bytes", sizes.gibibyte_ceiling(sizes.gib_bytes(gib)), -(-Fraction(gib) // 1))


# ---------------------------------------------------------------------------
# `gibibyte_ceiling` over generated byte counts.


NINETY_SIX_POINT_EIGHT_GIB = Fraction(968 * GIB, 10)
"""Seed A3: 0.20 x 484 GiB = 96.8 GiB of bytes, which rounds up to 97."""


@witness.property(
    "The ceiling is the least whole GiB count whose bytes hold the byte count.",
    rules=[sizes.gibibyte_ceiling],
)
@given(byte_counts)
@example(0)
@example(1)
@example(GIB)
@example(GIB + 1)
@example(GIB - 1)
@example(NINETY_SIX_POINT_EIGHT_GIB)
@example(Fraction(287 * GIB) + Fraction(1, 10**6))
def ceiling_is_the_least_whole_gib_holding_the_bytes(byte_count: int | Fraction) -> None:
    gib = sizes.gibibyte_ceiling(byte_count)
    check.equal("type of the ceiling", type(gib), int)
    check.holds(f"{gib} GiB hold {byte_count} bytes", gib * GIB >= byte_count, gib)
    check.holds(f"{gib - 1} GiB do not", gib == 0 or (gib - 1) * GIB < byte_count, gib)


@witness.property(
    "Rounding an already rounded count again changes nothing.",
    rules=[sizes.gibibyte_ceiling],
)
@given(byte_counts)
@example(GIB + 1)
@example(NINETY_SIX_POINT_EIGHT_GIB)
def ceiling_is_idempotent(byte_count: int | Fraction) -> None:
    once = sizes.gibibyte_ceiling(byte_count)
    check.equal(f"ceiling of {once} GiB in bytes", sizes.gibibyte_ceiling(once * GIB), once)


@witness.property(
    "More bytes never round to fewer GiB.",
    rules=[sizes.gibibyte_ceiling],
)
@given(byte_counts, byte_counts)
@example(GIB, GIB + 1)
@example(1023 * GIB, 1025 * GIB)
@example(GIB - 1, GIB)
@example(NINETY_SIX_POINT_EIGHT_GIB, 97 * GIB)
def ceiling_is_monotone(a: int | Fraction, b: int | Fraction) -> None:
    low, high = sorted((a, b))
    check.holds(
        f"ceiling({low}) <= ceiling({high})",
        sizes.gibibyte_ceiling(low) <= sizes.gibibyte_ceiling(high),
        (sizes.gibibyte_ceiling(low), sizes.gibibyte_ceiling(high)),
    )


@witness.positive(
    "A fraction renders as a decimal only when six places end it: a sixth place is kept, and one needing a seventh renders as n/d.",
    rules=[sizes.format_exact],
)
def a_decimal_ends_within_six_places_or_renders_as_n_over_d() -> None:
    for value, text in (
        (Fraction(1, 64), "0.015625"),
        (Fraction(-1, 64), "-0.015625"),
        (Fraction(123_456_789, 10**6), "123.456789"),
        (Fraction(1, 128), "1/128"),
        (Fraction(-1, 128), "-1/128"),
        (Fraction(1, 10**7), "1/10000000"),
        (Fraction(10**7 + 1, 10**7), "10000001/10000000"),
    ):
        check.equal(f"format_exact({value!r})", sizes.format_exact(value), text)


@witness.positive(
    "Every utilization from 1 to 10000 bp renders as its basis points and its share in shortest exact form: 10000 bp is (1), never (1.0).",
    rules=[sizes.format_bp],
)
def every_basis_point_figure_renders_its_exact_share() -> None:
    check.equal("10000 bp", sizes.format_bp(10_000), "10000 bp (1)")
    for bp in range(1, sizes.BASIS_POINTS_PER_UNIT + 1):
        text = sizes.format_bp(bp)
        bp_text, _, share = text.partition(" bp (")
        check.equal(f"{bp} bp: its basis points", bp_text, str(bp))
        check.holds(f"{bp} bp: closed", share.endswith(")"), text)
        share = share.removesuffix(")")
        check.equal(f"{bp} bp: its share", Fraction(share), Fraction(bp, 10_000))
        check.holds(f"{bp} bp: shortest form", "." not in share or not share.endswith(("0", ".")), text)


@witness.property(
    "Any whole number of basis points, inside 1..10000 or beyond it either side, renders as itself and its exact"
    " share of one, never refused.",
    rules=[sizes.format_bp],
)
@given(st.integers(min_value=-(10**9), max_value=10**9))
@example(0)
@example(10_001)
@example(-1)
def any_basis_point_figure_reads_back_as_itself_and_its_share(bp: int) -> None:
    bp_text, _, share = sizes.format_bp(bp).partition(" bp (")
    check.equal(f"{bp} bp: its basis points", bp_text, str(bp))
    check.equal(f"{bp} bp: its share", Fraction(share.removesuffix(")")), Fraction(bp, sizes.BASIS_POINTS_PER_UNIT))


@witness.property(
    "A figure whose decimal ends within six places renders as that decimal at every magnitude and sign, reading back as the figure exactly.",
    rules=[sizes.format_exact],
)
@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from([1, 2, 4, 5, 8, 10, 64, 1000, 10**6]))
@example(123_456_789, 1000)
@example(-2_645_000, 4)
@example(10**15 + 1, 10**6)
def a_terminating_figure_renders_as_its_decimal_at_any_magnitude(numerator: int, denominator: int) -> None:
    value = Fraction(numerator, denominator)
    text = sizes.format_exact(value)
    check.equal(f"{value!r} reads back", Fraction(text), value)
    check.holds(f"{value!r} is a decimal", "/" not in text, text)
    check.holds(f"{value!r} in shortest form", "." not in text or not text.endswith(("0", ".")), text)
