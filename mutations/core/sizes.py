"""Declare the seeded defects of the exact sizes: the one GiB rounding and the basis-point arithmetic.

Seed A2: `gibibyte_ceiling` is the one rounding of a byte count to whole
GiB; seed A3: the allowance is the share `(1 − u)` of the pool, exactly.
"""

from __future__ import annotations

from claims.defects import Defect
from domain.core import sizes

ceiling_rounds_down = Defect(
    id="core.ceiling_rounds_down",
    target=sizes.gibibyte_ceiling,
    intent="Round a byte count down to whole GiB instead of up, so 96.8 GiB charges 96 (seed A2's one rounding, turned down).",
    patch=("return -(-Fraction(byte_count) // GIB)", "return Fraction(byte_count) // GIB"),
    must_red={
        "core.sizes.ceiling_rounds_bytes_up_to_whole_gib",
        "core.sizes.the_share_outside_080_of_484_gib_rounds_to_97",
        "core.sizes.ceiling_is_the_least_whole_gib_holding_the_bytes",
    },
)

basis_points_read_as_per_mille = Defect(
    id="core.basis_points_read_as_per_mille",
    target=sizes.fraction_of_bp,
    intent="Read basis points as per-mille, so 8000 bp is a share of 8 instead of 4/5 (seed A3 charges 0.20 of the pool at 8000 bp).",
    patch=("Fraction(bp, BASIS_POINTS_PER_UNIT)", "Fraction(bp, 1000)"),
    must_red={
        "core.sizes.basis_points_are_exact_fractions",
        "core.sizes.the_share_outside_080_of_484_gib_rounds_to_97",
    },
)

utilization_not_complemented = Defect(
    id="core.utilization_not_complemented",
    target=sizes.complement_bp,
    intent="Return the utilization itself as the share left outside the engine, charging 0.80 of the pool instead of 0.20 (seed A3: allowance = (1 − u) × pool).",
    patch=("return BASIS_POINTS_PER_UNIT - bp", "return bp"),
    must_red={
        "core.sizes.basis_points_are_exact_fractions",
        "core.sizes.the_share_outside_080_of_484_gib_rounds_to_97",
    },
)

negative_decimal_loses_its_sign = Defect(
    id="core.negative_decimal_loses_its_sign",
    target=sizes.format_exact,
    intent="Print a negative terminating decimal without its minus sign, so a negative margin reads as a positive one.",
    patch=('sign = "-" if exact < 0 else ""', 'sign = ""'),
    must_red={"core.sizes.exact_figures_render_without_rounding"},
)

full_share_renders_as_one_point_zero = Defect(
    id="core.full_share_renders_as_one_point_zero",
    target=sizes.format_bp,
    intent="Render 10000 bp as `(1.0)`, a form no other figure takes, instead of the exact `(1)`.",
    patch=(
        'return f"{bp} bp ({format_exact(fraction_of_bp(bp))})"',
        'return f"{bp} bp ({format_exact(fraction_of_bp(bp))})" if bp < 10000 else f"{bp} bp (1.0)"',
    ),
    must_red={"core.sizes.every_basis_point_figure_renders_its_exact_share"},
)

large_decimal_renders_as_a_ratio = Defect(
    id="core.large_decimal_renders_as_a_ratio",
    target=sizes.format_exact,
    intent="Render a terminating figure of 1000 or more as n/d, so 1234.5 prints 2469/2 while 24.25 stays a decimal.",
    patch=("    scaled = exact * 10**6", "    scaled = exact * 10**6 if abs(exact) < 1000 else exact"),
    must_red={"core.sizes.a_terminating_figure_renders_as_its_decimal_at_any_magnitude"},
)
