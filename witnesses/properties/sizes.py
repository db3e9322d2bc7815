"""Quantify `gibibyte_ceiling`, the one shared rounding of bytes to whole GiB, over byte counts."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given

from claims import Witness, check
from domain import sizes
from domain.sizes import GIB
from witnesses import strategies as gen

witness = Witness("properties.sizes")

NINETY_SIX_POINT_EIGHT_GIB = Fraction(968 * GIB, 10)
"""Seed A3: 0.20 x 484 GiB = 96.8 GiB of bytes, which rounds up to 97."""


@witness.property(
    "The ceiling is the least whole GiB count whose bytes hold the byte count.",
    rules=[sizes.gibibyte_ceiling],
)
@given(gen.byte_counts)
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
@given(gen.byte_counts)
@example(GIB + 1)
@example(NINETY_SIX_POINT_EIGHT_GIB)
def ceiling_is_idempotent(byte_count: int | Fraction) -> None:
    once = sizes.gibibyte_ceiling(byte_count)
    check.equal(f"ceiling of {once} GiB in bytes", sizes.gibibyte_ceiling(once * GIB), once)


@witness.property(
    "More bytes never round to fewer GiB.",
    rules=[sizes.gibibyte_ceiling],
)
@given(gen.byte_counts, gen.byte_counts)
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
