"""Measure memory and fractions exactly: whole GiB, byte counts and basis points.

Every size in the domain is an int or a `Fraction`; no float ever enters a
rule.  `gibibyte_ceiling` is the ONE rounding of a byte count to whole GiB
(seed A2: the Hub manifest's rounding moved into one shared function "so one
byte count cannot be rounded two ways").
"""

from __future__ import annotations

from fractions import Fraction

GIB = 1 << 30
"""Bytes in one GiB."""

BASIS_POINTS_PER_UNIT = 10_000
"""Basis points in 1.0: 8000 bp is a utilization of 0.80."""


def gibibyte_ceiling(byte_count: int | Fraction) -> int:
    """Return the least whole GiB count whose bytes hold `byte_count` (the one shared rounding)."""
    # Floor division of the negation is an exact ceiling for ints and Fractions alike.
    return -(-Fraction(byte_count) // GIB)


def gib_bytes(gib: int | Fraction) -> Fraction:
    """Return the exact byte count of a (possibly fractional) GiB size."""
    return Fraction(gib) * GIB


def fraction_of_bp(bp: int) -> Fraction:
    """Return a basis-point figure as an exact fraction of one (8000 bp -> 4/5)."""
    return Fraction(bp, BASIS_POINTS_PER_UNIT)


def complement_bp(bp: int) -> int:
    """Return the basis points left outside `bp` (8000 bp leaves 2000 bp)."""
    return BASIS_POINTS_PER_UNIT - bp


def bp_in_unit_range(bp: int) -> bool:
    """Say whether `bp` is a share in (0, 1]: 1..10000 basis points."""
    return 0 < bp <= BASIS_POINTS_PER_UNIT


def format_exact(value: int | Fraction) -> str:
    """Render an exact figure without rounding: `97`, `24.25`, `661.25`, else `n/d`."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    # A fraction prints as a decimal only when the decimal terminates within 6 places.
    scaled = exact * 10**6
    if scaled.denominator == 1:
        sign = "-" if exact < 0 else ""
        whole, rest = divmod(abs(scaled.numerator), 10**6)
        return f"{sign}{whole}.{rest:06d}".rstrip("0")
    return f"{exact.numerator}/{exact.denominator}"


def format_gib(value: int | Fraction) -> str:
    """Render an exact GiB figure as words for a reason: `97 GiB`, `24.25 GiB`."""
    return f"{format_exact(value)} GiB"


def format_bp(bp: int) -> str:
    """Render a basis-point figure with its unit value: `8000 bp (0.8)`."""
    return f"{bp} bp ({format_exact(fraction_of_bp(bp))})"
