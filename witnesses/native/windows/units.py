"""Witness the illustration's units: every timing input a duration in s or min, the decode rate in tok/s, anything else refused at its unit."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims import because, check
from domain.native.figures import Figure, Unit, between
from domain.native.windows import SEED_WINDOW_INPUTS, FigureUnitInvalid, ProbeCountInvalid, window_illustration
from witnesses.native.windows import E, _seed, witness

TOK_S = Unit.TOKENS_PER_SECOND

# Every timing input but the decode rate, in the inputs' order: each is a duration (seed B2).
_DURATIONS = (
    "engine_start",
    "construction",
    "control_overhead",
    "prefill_32k",
    "near_cap_ttft_off",
    "near_cap_overhead",
    "s30_diagnostic",
    "w13_first_send",
    "w13_last_completion",
)


def _relabelled(name: str, unit: Unit) -> Figure:
    return attrs.evolve(getattr(SEED_WINDOW_INPUTS, name), unit=unit)


@witness.refusal(
    "A tok/s figure where the S30 diagnostic's duration belongs is refused at its unit alone.",
    rules=[window_illustration],
    reasons=[
        because(FigureUnitInvalid, at="$.s30_diagnostic.unit", saying="s30_diagnostic must be in s or min, got tok/s")
    ],
)
def a_rate_where_a_duration_belongs_is_refused():
    return window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, s30_diagnostic=_relabelled("s30_diagnostic", TOK_S)))


@witness.refusal(
    "A decode rate given as a duration, in seconds or in minutes, is refused at its unit, naming tok/s.",
    rules=[window_illustration],
    reasons=[because(FigureUnitInvalid, at="$.decode_rate.unit", saying="decode_rate must be in tok/s, got s")],
)
def a_duration_where_the_decode_rate_belongs_is_refused():
    in_minutes = window_illustration(
        attrs.evolve(SEED_WINDOW_INPUTS, decode_rate=_relabelled("decode_rate", Unit.MINUTES))
    )
    check.equal(
        "a decode rate in minutes",
        [(type(r), r.where, r.why) for r in check.refused(in_minutes)],
        [(FigureUnitInvalid, "$.decode_rate.unit", "decode_rate must be in tok/s, got min")],
    )
    return window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, decode_rate=_relabelled("decode_rate", Unit.SECONDS)))


@witness.refusal(
    "Every timing input in the wrong unit is named at once, in the inputs' order, before a count's reason.",
    rules=[window_illustration],
    reasons=[
        because(FigureUnitInvalid, at="$.engine_start.unit", saying="engine_start must be in s or min, got tok/s"),
        because(FigureUnitInvalid, at="$.decode_rate.unit", saying="decode_rate must be in tok/s, got s"),
        *(
            because(FigureUnitInvalid, at=f"$.{name}.unit", saying=f"{name} must be in s or min, got tok/s")
            for name in _DURATIONS[1:]
        ),
        because(ProbeCountInvalid, at="$.waits", saying="waits must be positive, got 0"),
    ],
)
def every_input_in_the_wrong_unit_is_named_in_order():
    wrong = {name: _relabelled(name, TOK_S) for name in _DURATIONS}
    outcome = window_illustration(
        attrs.evolve(SEED_WINDOW_INPUTS, decode_rate=_relabelled("decode_rate", Unit.SECONDS), waits=0, **wrong)
    )
    check.equal(
        "where, in order",
        [r.where for r in check.refused(outcome)],
        ["$.engine_start.unit", "$.decode_rate.unit", *(f"$.{n}.unit" for n in _DURATIONS[1:]), "$.waits"],
    )
    return outcome


@witness.positive(
    "A duration is admitted in seconds or in minutes alike: the construction given in minutes and the engine start in seconds derive the seed's figures.",
    rules=[window_illustration],
)
def durations_are_admitted_in_seconds_or_minutes() -> None:
    seed = _seed()
    inputs = attrs.evolve(
        SEED_WINDOW_INPUTS,
        construction=between(
            Fraction(19, 60),
            Fraction(33, 60),
            Unit.MINUTES,
            SEED_WINDOW_INPUTS.construction.provenance,
            "prompt_construction",
        ),
        engine_start=between(390, 408, Unit.SECONDS, SEED_WINDOW_INPUTS.engine_start.provenance, "engine_start"),
    )
    w = check.admitted(window_illustration(inputs))
    check.equal(
        "probe in min",
        (w.probe_32k.unit, w.probe_32k.lo, w.probe_32k.hi),
        (Unit.MINUTES, seed.probe_32k.lo, seed.probe_32k.hi),
    )
    check.equal(
        "across OFF/ON in min", (w.across_arms.lo, w.across_arms.hi), (seed.across_arms.lo, seed.across_arms.hi)
    )
    start = w.extra_engine_start
    check.equal(
        "extra engine start",
        (start.unit, start.lo, start.hi, start.provenance),
        (Unit.SECONDS, Fraction(390), Fraction(408), E),
    )


@witness.positive(
    "Every count at any non-positive value (0, -1, -2, -1000) is refused at its own field, saying the value as given.",
    rules=[window_illustration],
)
def a_count_of_any_non_positive_value_is_said_as_given() -> None:
    for name in ("probe_tokens", "near_cap_completion", "probes_32k", "probes_near_cap", "waits"):
        for value in (0, -1, -2, -1000):
            reasons = check.refused(window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, **{name: value})))
            check.equal(
                f"{name} = {value}",
                [(type(r), r.where, r.why) for r in reasons],
                [(ProbeCountInvalid, f"$.{name}", f"{name} must be positive, got {value}")],
            )
