"""Witness the field validators: a good value builds, misuse names `Class.field: expected ..., got ...`.

A validator raising is misuse (a caller built a value wrongly), not a domain
refusal, so the positive claims catch the ValueError and pin its exact
message.  The refusal claims read the same validators where an operator
meets them: a JSON document structured by the strict converter, whose
located error lines become one reason each.
"""

from __future__ import annotations

from fractions import Fraction

from claims import Witness
from domain.core import value_fields as vf
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A

# A validator raises on misuse; it never returns a refusal of its own.  These three are reached by no reader whose
# converter would not refuse the same value first (the converter names a bool q or an int check before the validator
# runs), so their floor is a positive claim and a property, not a refusal claim; tuple_of's errors are attrs' own
# misuse errors, never a located refusal, and so are the errors of the validators `optional` and `instance_of` build.
# (`matching` has its refusal claim: spark.launcher's env names and sizes.)
witness = Witness(
    "core.value_fields",
    never_refuses=[vf.strict_int, vf.exact_fraction, vf.dict_of, vf.tuple_of, vf.optional, vf.instance_of],
)

HOST = GROUP_A.hosts[0]
FIT = FitFigures(
    weights_gib=287,
    allowance_gib=100,
    resident_gib=387,
    requirement_gib=Fraction(1935, 4),
    pool_gib=484,
    margin_gib=Fraction(1, 4),
)

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.core.value_fields import factories, messages, refusals, tuples  # noqa: E402, F401
