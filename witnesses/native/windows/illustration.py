"""Witness the seed's window illustration: each figure exact, printed as the seed prints it, with its provenance, and its inputs refused by name."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims import because, check
from domain.native.figures import Figure, Provenance, Unit, between, printed, report
from domain.native.waits import NativeWaitTooLong
from domain.native.windows import (
    SEED_CASE_COSTS,
    SEED_UNMEASURED,
    SEED_WINDOW_INPUTS,
    ProbeCountInvalid,
    complete_packet_fit,
    one_hold_fit,
    window_illustration,
)
from witnesses.native.fixtures import MEASURED_INPUTS
from witnesses.native.windows import E, M, _seed, witness


def _exact(what: str, figure: Figure, lo: Fraction, hi: Fraction, provenance: Provenance) -> None:
    check.equal(f"{what} [lo, hi] in min", (figure.unit, figure.lo, figure.hi), (Unit.MINUTES, lo, hi))
    check.equal(f"{what} provenance", figure.provenance, provenance)


@witness.positive(
    "One 32K/32-token probe costs exactly 26/35 to 223/195 min, printed 0.74–1.14, ESTIMATED.",
    rules=[window_illustration],
)
def one_32k_probe_is_0_74_to_1_14_min() -> None:
    w = _seed()
    _exact("probe", w.probe_32k, Fraction(26, 35), Fraction(223, 195), E)
    check.equal("printed", printed(w.probe_32k, 2), "0.74–1.14 min")


@witness.positive(
    "Eight probes print 5.9–9.1 min per arm, whether from the exact probe or from 8 × 0.74–1.14.",
    rules=[window_illustration],
)
def eight_probes_are_5_9_to_9_1_min_per_arm() -> None:
    w = _seed()
    _exact("eight exact", w.eight_probes, Fraction(208, 35), Fraction(1784, 195), E)
    _exact("eight from printed", w.eight_printed_probes, Fraction("5.92"), Fraction("9.12"), E)
    check.equal(
        "printed", (printed(w.eight_probes, 1), printed(w.eight_printed_probes, 1)), ("5.9–9.1 min", "5.9–9.1 min")
    )


@witness.positive(
    "One near-cap probe prints 3.1–3.4 min and three print 9.3–10.3 min per arm.", rules=[window_illustration]
)
def near_cap_probes_are_3_1_to_3_4_and_9_3_to_10_3() -> None:
    w = _seed()
    _exact("near cap", w.near_cap_probe, Fraction(1303031, 420000), Fraction(670001, 195000), E)
    check.equal(
        "printed", (printed(w.near_cap_probe, 1), printed(w.three_near_cap, 1)), ("3.1–3.4 min", "9.3–10.3 min")
    )


@witness.positive(
    "With S30's lower ends (19 s construction, 10 s control) the near-cap probe would print 3.0–3.4, not 3.1.",
    rules=[window_illustration],
)
def s30_lower_ends_would_print_3_0() -> None:
    check.equal("printed", printed(_seed().near_cap_probe_s30_lower_ends, 1), "3.0–3.4 min")


@witness.positive(
    "Across OFF/ON the seed's 30.4–38.8 min is twice the printed per-arm figures; the exact sum prints 30.5–38.9.",
    rules=[window_illustration],
)
def across_arms_is_30_4_to_38_8_from_printed_figures() -> None:
    w = _seed()
    _exact("across", w.across_arms, Fraction("30.4"), Fraction("38.8"), E)
    check.equal("exact sum printed", printed(w.across_arms_exact, 1), "30.5–38.9 min")


@witness.positive(
    "S30's 62–68 min plus 30.4–38.8 is 92.4–106.8 (≈92–107) min before restore, leaving 7–13 min before 75.",
    rules=[window_illustration],
)
def diagnostic_is_about_92_to_107_min_before_restore() -> None:
    w = _seed()
    _exact("diagnostic", w.diagnostic_before_restore, Fraction("92.4"), Fraction("106.8"), E)
    check.equal("printed", printed(w.diagnostic_before_restore, 0), "92–107 min")
    _exact("left before 75", w.left_before_submission, Fraction(7), Fraction(13), E)


@witness.positive(
    "The diagnostic before restore is S30's diagnostic plus across OFF/ON in the unit S30's diagnostic is given in, minutes or seconds, and leaves 7–13 min before 75 either way.",
    rules=[window_illustration],
)
def the_diagnostic_before_restore_is_in_the_s30_diagnostics_unit() -> None:
    # figure_sum adds in its first term's unit: S30's diagnostic comes first, across OFF/ON (minutes) is added to it.
    in_seconds = between(62 * 60, 68 * 60, Unit.SECONDS, E, "s30_diagnostic")
    for given, inputs, lo, hi in (
        (Unit.MINUTES, SEED_WINDOW_INPUTS, Fraction("92.4"), Fraction("106.8")),
        (Unit.SECONDS, attrs.evolve(SEED_WINDOW_INPUTS, s30_diagnostic=in_seconds), Fraction(5544), Fraction(6408)),
    ):
        w = check.admitted(window_illustration(inputs))
        d = w.diagnostic_before_restore
        check.equal(f"diagnostic [lo, hi] with S30 in {given.value}", (d.unit, d.lo, d.hi), (given, lo, hi))
        _exact(f"left before 75 with S30 in {given.value}", w.left_before_submission, Fraction(7), Fraction(13), E)


@witness.positive(
    "An extra engine start is an ESTIMATED 6.5–6.8 min, four waits up to 60 min, and W13 a MEASURED 50.093 min.",
    rules=[window_illustration],
)
def extra_start_waits_and_w13_span() -> None:
    w = _seed()
    check.equal("measured start input", SEED_WINDOW_INPUTS.engine_start.provenance, M)
    _exact("extra start", w.extra_engine_start, Fraction("6.5"), Fraction("6.8"), E)
    _exact("four waits", w.four_waits, Fraction(0), Fraction(60), E)
    _exact("W13 span", w.w13_span, Fraction("50.093"), Fraction("50.093"), M)


# Seed B2: the S30 diagnostic and the probe overheads are estimates; the 32K prefill is "S30's scaled prefill estimate
# (~15s)"; engine start, decode, construction and the W13 times are measured.
_SEED_INPUT_PROVENANCE = {
    "engine_start": M,
    "decode_rate": M,
    "construction": M,
    "control_overhead": E,
    "prefill_32k": E,
    "near_cap_ttft_off": M,
    "near_cap_overhead": E,
    "s30_diagnostic": E,
    "w13_first_send": M,
    "w13_last_completion": M,
}


@witness.positive(
    "The seed's 32K prefill (~15 s) is an estimate: with the control overhead measured too, the 32K probe and its eight are still ESTIMATED.",
    rules=[window_illustration],
)
def the_seeds_32k_prefill_keeps_the_probe_estimated() -> None:
    check.equal(
        "provenance of every seed input",
        {name: getattr(SEED_WINDOW_INPUTS, name).provenance for name in _SEED_INPUT_PROVENANCE},
        _SEED_INPUT_PROVENANCE,
    )
    w = check.admitted(
        window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, control_overhead=MEASURED_INPUTS.control_overhead))
    )
    check.equal("probe, eight probes", (w.probe_32k.provenance, w.eight_probes.provenance), (E, E))


# Every figure of the illustration, and its provenance when every input is MEASURED: only a projection onto an event
# to come (another engine start, waits not yet waited) is ESTIMATED (seed B2: a sum with an ESTIMATED term is ESTIMATED,
# so one with none is MEASURED; the 75 min window is given, not estimated).
_ALL_MEASURED_PROVENANCE = {
    "probe_32k": M,
    "eight_probes": M,
    "eight_printed_probes": M,
    "near_cap_probe": M,
    "near_cap_probe_s30_lower_ends": M,
    "three_near_cap": M,
    "across_arms": M,
    "across_arms_exact": M,
    "diagnostic_before_restore": M,
    "left_before_submission": M,
    "extra_engine_start": E,
    "four_waits": E,
    "w13_span": M,
}


@witness.positive(
    "With every input MEASURED, every derived figure is MEASURED (the time left before the 75 min window included), and only the projected extra engine start and the four waits are ESTIMATED.",
    rules=[window_illustration],
)
def all_measured_inputs_derive_measured_figures_but_projections() -> None:
    w = check.admitted(window_illustration(MEASURED_INPUTS))
    check.equal(
        "provenance of every figure",
        {name: getattr(w, name).provenance for name in attrs.fields_dict(type(w))},
        _ALL_MEASURED_PROVENANCE,
    )
    _exact("left before 75 after a 30–35 min diagnostic", w.left_before_submission, Fraction(40), Fraction(45), M)


@witness.positive(
    "An ESTIMATED decode rate makes every figure that decodes tokens ESTIMATED, though every other input is MEASURED; the figures that decode nothing stay MEASURED.",
    rules=[window_illustration],
)
def an_estimated_decode_rate_makes_every_decoding_figure_estimated() -> None:
    rate = attrs.evolve(MEASURED_INPUTS.decode_rate, provenance=E)
    w = check.admitted(window_illustration(attrs.evolve(MEASURED_INPUTS, decode_rate=rate)))
    decoding = ("probe_32k", "eight_probes", "eight_printed_probes", "near_cap_probe", "near_cap_probe_s30_lower_ends")
    decoding += ("three_near_cap", "across_arms", "across_arms_exact", "diagnostic_before_restore")
    check.equal(
        "provenance of every figure",
        {name: getattr(w, name).provenance for name in attrs.fields_dict(type(w))},
        {name: E if name in decoding else provenance for name, provenance in _ALL_MEASURED_PROVENANCE.items()},
    )


@witness.refusal(
    "The illustration refuses a native wait beyond 900 s.",
    rules=[window_illustration],
    reasons=[because(NativeWaitTooLong, at="$.native_wait_s", saying="901 s")],
)
def illustration_refuses_wait_beyond_900_s():
    return window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=901))


_EVERY_COUNT = ("probe_tokens", "near_cap_completion", "probes_32k", "probes_near_cap", "waits")


@witness.positive(
    "A zero-second wait and counts of one are accepted: four waits span 0 min and eight probes equal one.",
    rules=[window_illustration],
)
def zero_wait_and_counts_of_one_are_accepted() -> None:
    ones = attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=0, **dict.fromkeys(_EVERY_COUNT, 1))
    w = check.admitted(window_illustration(ones))
    _exact("four waits", w.four_waits, Fraction(0), Fraction(0), E)
    check.equal("one probe scaled by one", (w.eight_probes.lo, w.eight_probes.hi), (w.probe_32k.lo, w.probe_32k.hi))


@witness.refusal(
    "A negative wait and every zero count are refused, each named with its value.",
    rules=[window_illustration],
    reasons=[because(NativeWaitTooLong, at="$.native_wait_s", saying="native_wait must be within 0..900 s, got -1 s")]
    + [because(ProbeCountInvalid, at=f"$.{name}", saying=f"{name} must be positive, got 0") for name in _EVERY_COUNT],
)
def negative_wait_and_zero_counts_are_refused():
    return window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=-1, **dict.fromkeys(_EVERY_COUNT, 0)))


def _reasons_text(outcome) -> list[str]:
    return [f"  {type(r).__name__} {r.where}: {r.why}" for r in check.refused(outcome)]


@witness.snapshot(
    "Every illustration figure's source, exact interval, provenance and report, and the window refusals' texts, stay byte-identical as a regression control.",
    rules=[window_illustration, report, one_hold_fit, complete_packet_fit],
)
def window_texts_are_byte_identical() -> str:
    w = _seed()
    lines = ["illustration figures (exact [lo, hi], provenance; report as MEASURED at 1 place):"]
    for a in attrs.fields(type(w)):
        f = getattr(w, a.name)
        lines.append(f"{a.name}: source {f.source} [{f.lo}, {f.hi}] {f.unit.value} {f.provenance.value}")
        reported = report(f, M, 1)
        lines += _reasons_text(reported) if reported.refused else [f"  reported {reported.value.text}"]
    lines.append("one-HOLD fit of the seed diagnostic:")
    lines += _reasons_text(one_hold_fit(w.diagnostic_before_restore, 75, 90, SEED_UNMEASURED))
    lines.append("complete packet of the seed's case costs:")
    lines += _reasons_text(complete_packet_fit(SEED_CASE_COSTS, 900))
    return "\n".join(lines) + "\n"


@witness.positive(
    "Refused inputs are named in the inputs' order: the wait, then probe tokens, near-cap completion, 32K probes, near-cap probes and waits.",
    rules=[window_illustration],
)
def refused_inputs_are_named_in_order() -> None:
    refused = check.refused(
        window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=-1, **dict.fromkeys(_EVERY_COUNT, 0)))
    )
    check.equal(
        "where, in order",
        [r.where for r in refused],
        ["$.native_wait_s", "$.probe_tokens", "$.near_cap_completion", "$.probes_32k", "$.probes_near_cap", "$.waits"],
    )


@witness.refusal(
    "Negative probe and wait counts are refused like zero ones, each named with its value.",
    rules=[window_illustration],
    reasons=[
        because(ProbeCountInvalid, at=f"$.{name}", saying=f"{name} must be positive, got -1") for name in _EVERY_COUNT
    ],
)
def negative_counts_are_refused():
    return window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, **dict.fromkeys(_EVERY_COUNT, -1)))


@witness.positive(
    "Every derived figure of the illustration names itself as its source, the field it is carried in, whatever sum, scaling, rounding or difference made it, so a figure's located reason ($.figures.SOURCE) points at it.",
    rules=[window_illustration],
)
def every_illustration_figure_is_sourced_by_its_own_name() -> None:
    w = _seed()
    names = [a.name for a in attrs.fields(type(w))]
    check.equal("sources", [getattr(w, name).source for name in names], names)


@witness.positive(
    "The exact sum across OFF/ON is twice the exact eight probes plus the exact three near-cap probes, 2135031/70000 to 3794003/97500 min, with no printed (rounded) term in it.",
    rules=[window_illustration],
)
def across_arms_exact_sums_only_exact_terms() -> None:
    w = _seed()
    _exact("across exact", w.across_arms_exact, Fraction(2135031, 70000), Fraction(3794003, 97500), E)
    check.equal(
        "twice eight plus three",
        (w.across_arms_exact.lo, w.across_arms_exact.hi),
        (2 * (w.eight_probes.lo + w.three_near_cap.lo), 2 * (w.eight_probes.hi + w.three_near_cap.hi)),
    )
