"""Declare the seeded defects of the strict converter and its located errors.

DESIGN's pitfall: cattrs coerces by default; seed B1: a private payload is
never serialised.  The converter the domain imports (`STRICT`) is built at
import, before a defect is switched in, so these defects show on the claims
that build a converter afresh.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from claims.defects import Defect, original
from domain.core import convert

bool_left_to_cattrs = Defect(
    id="core.bool_left_to_cattrs",
    target=convert.strict_converter,
    intent="Leave bool off the strict primitive hooks, so a fresh converter coerces 1 into True as cattrs does by default.",
    patch=("for kind in (str, int, bool, float):", "for kind in (str, int, float):"),
    must_red={"core.convert.a_fresh_converter_is_strict_and_tagged"},
)

suffix_row_serialised = Defect(
    id="core.suffix_row_serialised",
    target=convert.strict_converter,
    intent="Drop the hook that refuses to write a private payload, so a fresh converter serialises a SuffixRow with its anchor token (seed B1: never serialised).",
    patch=("    converter.register_unstructure_hook_func(_is_private, _refuse_private)\n", ""),
    must_red={"core.convert.fresh_converter_never_writes_or_reads_a_suffix_row"},
)

nested_errors_located_at_the_root = Defect(
    id="core.nested_errors_located_at_the_root",
    target=convert.located_pairs,
    intent="Drop the path a structuring error is nested under, so an error inside $.groups[1] is located at $.hosts[0] as if it were the whole document.",
    patch=(
        "cattrs.transform_error(exc, path=path, format_exception=_say)",
        "cattrs.transform_error(exc, format_exception=_say)",
    ),
    must_red={"core.convert.located_lines_read_exactly"},
)


def _structure_fraction_taking_a_signed_denominator(value: Any, kind: type) -> Fraction:
    """Read a fraction as the domain does, except that a signed denominator ('5/-4') reads too."""
    if type(value) is str and re.fullmatch(r"-?[0-9]+/[+-][0-9]+", value):
        numerator, denominator = value.split("/")
        return Fraction(int(numerator), int(denominator))
    result: Fraction = original(convert.structure_fraction)(value, kind)
    return result


signed_denominator_read = Defect(
    id="core.signed_denominator_read",
    target=convert.structure_fraction,
    intent="Read a fraction whose denominator carries a sign ('5/-4' as -5/4), a spelling the converter never writes (`_FRACTION_TEXT` widened to `-?[0-9]+/-?[0-9]+`).",
    replacement=_structure_fraction_taking_a_signed_denominator,
    must_red={"core.convert.only_the_travelling_spelling_reads_as_a_fraction"},
    must_green={"core.convert.fractions_travel_exactly"},
)

zero_over_zero_not_named = Defect(
    id="core.zero_over_zero_not_named",
    target=convert.structure_fraction,
    intent="Check the zero denominator only under a non-zero numerator, so `0/0` fails inside Fraction instead of being refused saying d > 0.",
    patch=("    if denominator == 0:", "    if denominator == 0 and numerator != 0:"),
    must_red={"core.convert.every_fraction_over_zero_is_refused_saying_d_above_zero"},
)

located_errors_cut_at_three = Defect(
    id="core.located_errors_cut_at_three",
    target=convert.located_pairs,
    intent="Say only the first three located errors of a document, so a fourth misshapen field goes unsaid.",
    patch=(
        "        return [_reword(m) for m in cattrs.transform_error(exc, path=path, format_exception=_say)]",
        "        return [_reword(m) for m in cattrs.transform_error(exc, path=path, format_exception=_say)][:3]",
    ),
    must_red={"core.convert.every_misshapen_field_of_any_count_is_one_reason"},
)
