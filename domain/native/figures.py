"""Carry figures as exact intervals with provenance; an ESTIMATED term makes the result ESTIMATED.

Seed: "MEASURED historical inputs ... ESTIMATED incremental costs."  A
figure is an interval [lo, hi] of Fractions in seconds or minutes.  Sums,
scalings and differences are exact; `rounded` reproduces a printed figure
at a stated number of decimals (round half to even; no seed figure is a tie).
"""

from __future__ import annotations

import enum
from fractions import Fraction

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.core.value_fields import Field


class Provenance(enum.Enum):
    """Say whether a figure was measured or estimated."""

    MEASURED = "MEASURED"
    ESTIMATED = "ESTIMATED"


class Unit(enum.Enum):
    """Name a figure's unit."""

    SECONDS = "s"
    MINUTES = "min"
    TOKENS_PER_SECOND = "tok/s"


def _ordered(instance: Figure, attribute: Field, value: Fraction) -> None:
    # attrs runs validators once every field is set, so the figure's source can locate the error.
    if value < instance.lo:
        raise ValueError(f"figure {instance.source}: expected hi at least lo {instance.lo}, got hi {value}")


@frozen
class Figure:
    """Hold an exact interval [lo, hi] in a unit, with its provenance and source."""

    lo: Fraction = field(validator=vf.exact_fraction)
    hi: Fraction = field(validator=[vf.exact_fraction, _ordered])
    unit: Unit = field(validator=vf.instance_of(Unit))
    provenance: Provenance = field(validator=vf.instance_of(Provenance))
    source: str = field(validator=vf.strict_str)


@frozen
class ReportedFigure:
    """Carry a figure with the provenance it is reported under and its printed text."""

    figure: Figure = field(validator=vf.instance_of(Figure))
    text: str = field(validator=vf.strict_str)


@frozen
class EstimateReportedAsMeasured(Reason):
    """Say an ESTIMATED figure was offered as MEASURED."""


def between(
    lo: str | int | Fraction, hi: str | int | Fraction, unit: Unit, provenance: Provenance, source: str
) -> Figure:
    """Build a figure from exact decimal strings or ints."""
    return Figure(Fraction(lo), Fraction(hi), unit, provenance, source)


def point(value: str | int | Fraction, unit: Unit, provenance: Provenance, source: str) -> Figure:
    """Build a single-valued figure."""
    return between(value, value, unit, provenance, source)


def joined(*provenances: Provenance) -> Provenance:
    """Return ESTIMATED if any term is ESTIMATED, else MEASURED."""
    return Provenance.ESTIMATED if Provenance.ESTIMATED in provenances else Provenance.MEASURED


def in_minutes(f: Figure) -> Figure:
    """Convert a figure to minutes, exactly."""
    if f.unit is Unit.MINUTES:
        return f
    return Figure(f.lo / 60, f.hi / 60, Unit.MINUTES, f.provenance, f.source)


def in_seconds(f: Figure) -> Figure:
    """Convert a figure to seconds, exactly."""
    if f.unit is Unit.SECONDS:
        return f
    return Figure(f.lo * 60, f.hi * 60, Unit.SECONDS, f.provenance, f.source)


def _like(f: Figure, unit: Unit) -> Figure:
    if f.unit is unit:
        return f
    return in_minutes(f) if unit is Unit.MINUTES else in_seconds(f)


def figure_sum(source: str, *terms: Figure) -> Figure:
    """Add figures in the first term's unit; the sum is ESTIMATED if any term is."""
    unit = terms[0].unit
    same = [_like(t, unit) for t in terms]
    return Figure(
        sum((t.lo for t in same), Fraction(0)),
        sum((t.hi for t in same), Fraction(0)),
        unit,
        joined(*(t.provenance for t in terms)),
        source,
    )


def scaled(f: Figure, k: int | Fraction, source: str) -> Figure:
    """Multiply a figure by a non-negative count."""
    return Figure(f.lo * k, f.hi * k, f.unit, f.provenance, source)


def per(count: int, rate: Figure, source: str) -> Figure:
    """Time `count` items at a rate interval (items per second): count/hi .. count/lo seconds."""
    return Figure(Fraction(count) / rate.hi, Fraction(count) / rate.lo, Unit.SECONDS, rate.provenance, source)


def difference(a: Figure, b: Figure, source: str) -> Figure:
    """Return a − b as an interval [a.lo − b.hi, a.hi − b.lo] in a's unit."""
    b2 = _like(b, a.unit)
    return Figure(a.lo - b2.hi, a.hi - b2.lo, a.unit, joined(a.provenance, b.provenance), source)


def projected(f: Figure, source: str) -> Figure:
    """Project a figure onto a future event: whatever it was, the projection is ESTIMATED."""
    return Figure(f.lo, f.hi, f.unit, Provenance.ESTIMATED, source)


def rounded(f: Figure, places: int) -> Figure:
    """Round both ends to `places` decimals, exactly, keeping unit and provenance (a printed figure)."""
    return Figure(Fraction(round(f.lo, places)), Fraction(round(f.hi, places)), f.unit, f.provenance, f.source)


def decimal_text(value: Fraction, places: int) -> str:
    """Print an exact value at `places` decimals (round half to even)."""
    scaled_value = round(value * 10**places)
    sign = "-" if scaled_value < 0 else ""
    whole, part = divmod(abs(scaled_value), 10**places)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def printed(f: Figure, places: int) -> str:
    """Print a figure the seed's way: `0.74–1.14 min`, or one value when lo equals hi."""
    r = rounded(f, places)
    body = decimal_text(r.lo, places) if r.lo == r.hi else f"{decimal_text(r.lo, places)}–{decimal_text(r.hi, places)}"
    return f"{body} {f.unit.value}"


def report(f: Figure, claimed: Provenance, places: int) -> Admitted[ReportedFigure] | Refused:
    """Report a figure under a provenance; an ESTIMATED figure is never reported as MEASURED."""
    if f.provenance is Provenance.ESTIMATED and claimed is Provenance.MEASURED:
        return Refused(
            (
                EstimateReportedAsMeasured(
                    f"$.figures.{f.source}",
                    f"{f.source} ({printed(f, places)}) is ESTIMATED and is never reported as MEASURED",
                ),
            )
        )
    return Admitted(ReportedFigure(f, f"{printed(f, places)} ({claimed.value})"))
