"""Declare the seeded defects of the exact figures (seed B2: every figure carries provenance; a sum with an ESTIMATED term is ESTIMATED)."""

from __future__ import annotations

from claims.defects import Defect
from domain.native import figures

estimate_reported_as_measured = Defect(
    id="native.estimate_reported_as_measured",
    target=figures.report,
    intent="Refuse a report on the wrong arm, so an ESTIMATED figure is reported as MEASURED while one reported as ESTIMATED is refused.",
    patch=("claimed is Provenance.MEASURED:", "claimed is not Provenance.MEASURED:"),
    must_red={"native.figures.estimate_is_never_reported_as_measured"},
    must_green={"native.figures.measured_figure_reported_as_measured"},
)

sum_takes_its_first_provenance = Defect(
    id="native.sum_takes_its_first_provenance",
    target=figures.figure_sum,
    intent="Give a sum its first term's provenance, so a sum led by a MEASURED term is MEASURED despite its ESTIMATED terms (seed B2).",
    patch=("joined(*(t.provenance for t in terms))", "terms[0].provenance"),
    must_red={
        "native.figures.sum_with_an_estimated_term_is_never_reported_as_measured",
        "native.figures.an_estimated_term_makes_the_result_estimated",
    },
)

decimal_text_truncates = Defect(
    id="native.decimal_text_truncates",
    target=figures.decimal_text,
    intent="Cut an exact value short at its places instead of rounding it to the nearest (0.666... prints 0.66, 0.375 prints 0.37).",
    patch=("scaled_value = round(value * 10**places)", "scaled_value = int(value * 10**places)"),
    must_red={"native.figures.an_exact_value_prints_rounded_to_the_nearest_at_its_places"},
    must_green={"native.figures.measured_figure_reported_as_measured"},
)

decode_time_always_measured = Defect(
    id="native.decode_time_always_measured",
    target=figures.per,
    intent="Time tokens at a rate as MEASURED whatever the rate's provenance, so an ESTIMATED decode rate yields MEASURED probe figures (seed B2: a figure derived from an ESTIMATED term is ESTIMATED).",
    patch=(
        "Fraction(count) / rate.lo, Unit.SECONDS, rate.provenance, source)",
        "Fraction(count) / rate.lo, Unit.SECONDS, Provenance.MEASURED, source)",
    ),
    must_red={"native.windows.an_estimated_decode_rate_makes_every_decoding_figure_estimated"},
    must_green={"native.windows.all_measured_inputs_derive_measured_figures_but_projections"},
)

seconds_taken_as_measured = Defect(
    id="native.seconds_taken_as_measured",
    target=figures.in_seconds,
    intent="Convert a figure to seconds as MEASURED whatever it was, so an ESTIMATED 62–68 min becomes a MEASURED 3720–4080 s (seed B2: every figure carries its provenance).",
    patch=(
        "return Figure(f.lo * 60, f.hi * 60, Unit.SECONDS, f.provenance, f.source)",
        "return Figure(f.lo * 60, f.hi * 60, Unit.SECONDS, Provenance.MEASURED, f.source)",
    ),
    must_red={"native.figures.a_unit_conversion_keeps_provenance_and_source"},
)

estimate_reason_drops_its_is = Defect(
    id="native.estimate_reason_drops_its_is",
    target=figures.report,
    intent="Word the refusal of an estimate reported as measured one word short of the rule's own sentence.",
    patch=("is ESTIMATED and is never reported as MEASURED", "is ESTIMATED and never reported as MEASURED"),
    must_red={"native.figures.estimate_is_never_reported_as_measured"},
)

scaled_keeps_its_terms_source = Defect(
    id="native.scaled_keeps_its_terms_source",
    target=figures.scaled,
    intent="Keep the scaled figure's own source instead of the one it is given, so eight probes are sourced as one probe and a located reason points at the wrong figure (seed B2: every figure carries its provenance and name).",
    patch=(
        "return Figure(f.lo * k, f.hi * k, f.unit, f.provenance, source)",
        "return Figure(f.lo * k, f.hi * k, f.unit, f.provenance, f.source)",
    ),
    must_red={"native.windows.every_illustration_figure_is_sourced_by_its_own_name"},
)

rounded_cuts_a_negative_low_end = Defect(
    id="native.rounded_cuts_a_negative_low_end",
    target=figures.rounded,
    intent="Cut a negative low end toward zero instead of rounding it half to even, so -0.75 prints 0 at whole units while every positive end prints right.",
    patch=(
        "return Figure(Fraction(round(f.lo, places)),",
        "return Figure(Fraction(round(f.lo, places)) if f.lo >= 0 else Fraction(int(f.lo * 10**places), 10**places),",
    ),
    must_red={"native.figures.a_figure_prints_each_signed_end_rounded_half_to_even"},
)

decimal_text_drops_the_sign_of_one_unit = Defect(
    id="native.decimal_text_drops_the_sign_of_one_unit",
    target=figures.decimal_text,
    intent="Print a value that rounds to minus one unit of the last place unsigned (-0.01 prints 0.01), keeping every larger negative signed.",
    patch=('sign = "-" if scaled_value < 0 else ""', 'sign = "-" if scaled_value < -1 else ""'),
    must_red={"native.figures.a_figure_prints_each_signed_end_rounded_half_to_even"},
)

projected_rate_keeps_its_provenance = Defect(
    id="native.projected_rate_keeps_its_provenance",
    target=figures.projected,
    intent="Project a rate (tok/s) under its own provenance, so a MEASURED decode rate projected onto a future event stays MEASURED while every duration projects ESTIMATED (seed B2).",
    patch=(
        "return Figure(f.lo, f.hi, f.unit, Provenance.ESTIMATED, source)",
        "return Figure(f.lo, f.hi, f.unit, Provenance.ESTIMATED if f.unit is not Unit.TOKENS_PER_SECOND else f.provenance, source)",
    ),
    must_red={"native.figures.a_projection_of_any_unit_is_estimated"},
)

scaled_by_zero_is_unscaled = Defect(
    id="native.scaled_by_zero_is_unscaled",
    target=figures.scaled,
    intent="Leave a figure unscaled when the count is zero, so zero probes cost as much as one.",
    patch=(
        "return Figure(f.lo * k, f.hi * k, f.unit, f.provenance, source)",
        "return Figure(f.lo * k if k else f.lo, f.hi * k if k else f.hi, f.unit, f.provenance, source)",
    ),
    must_red={"native.figures.scaling_by_any_count_multiplies_both_ends"},
)

whole_unit_report_says_its_own_provenance = Defect(
    id="native.whole_unit_report_says_its_own_provenance",
    target=figures.report,
    intent="Say the figure's own provenance instead of the claimed one when printing whole units.",
    patch=(
        'f"{printed(f, places)} ({claimed.value})"',
        'f"{printed(f, places)} ({claimed.value if places else f.provenance.value})"',
    ),
    must_red={"native.figures.a_report_says_the_claimed_provenance_at_every_place"},
)

rate_printed_without_its_per_second = Defect(
    id="native.rate_printed_without_its_per_second",
    target=figures.printed,
    intent="Print a rate in tok instead of tok/s, keeping every duration's unit.",
    patch=(
        'return f"{body} {f.unit.value}"',
        "return f\"{body} {f.unit.value if f.unit is not Unit.TOKENS_PER_SECOND else 'tok'}\"",
    ),
    must_red={"native.figures.a_figure_prints_in_its_own_unit"},
)
