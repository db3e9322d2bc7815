"""Witness the tuple validator on a value class the domain defines (built at import, as every value class is): its minimum length from both sides, and only a tuple of its kind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claims import check
from domain.core import value_fields as vf
from domain.core.outcome import Reason, Refused
from domain.spark.remote_steps import MkdirStep
from witnesses.core.fixtures import raised
from witnesses.core.value_fields import witness


@witness.positive(
    "A tuple field takes only a tuple of its kind at least its minimum long: a mkdir argv of 3 or 4 words builds, while 2 words, none, a list or an int word is misuse naming the field.",
    rules=[vf.tuple_of],
)
def a_tuple_field_takes_only_a_tuple_of_its_kind_at_least_its_minimum_long() -> None:
    for argv, said in (
        (("mkdir", "-p", "/d"), "built MkdirStep(host='srv5', argv=('mkdir', '-p', '/d'))"),
        (("mkdir", "-p", "/d", "/e"), "built MkdirStep(host='srv5', argv=('mkdir', '-p', '/d', '/e'))"),
        (("mkdir", "-p"), "ValueError: Length of 'argv' must be >= 3: 2"),
        ((), "ValueError: Length of 'argv' must be >= 3: 0"),
        (
            ["mkdir", "-p", "/d"],
            "TypeError: 'argv' must be <class 'tuple'> (got ['mkdir', '-p', '/d'] that is a <class 'list'>).",
        ),
        (("mkdir", "-p", 3), "TypeError: 'argv' must be <class 'str'> (got 3 that is a <class 'int'>)."),
    ):
        check.equal(repr(argv), raised(lambda argv=argv: MkdirStep(host="srv5", argv=argv)), said)


@witness.property(
    "A mkdir argv builds exactly when it is a tuple of at least three words, and never as a list of the same words.",
    rules=[vf.tuple_of],
)
@settings(max_examples=40)
@given(st.lists(st.sampled_from(["mkdir", "-p", "/d", ""]), max_size=5))
def a_tuple_field_builds_exactly_from_a_long_enough_tuple(words: list[str]) -> None:
    as_tuple = raised(lambda: MkdirStep(host="srv5", argv=tuple(words)))
    check.equal(f"{words!r} as a tuple built", as_tuple.startswith("built "), len(words) >= 3)
    check.holds(
        "as a list never built", not raised(lambda: MkdirStep(host="srv5", argv=words)).startswith("built "), words
    )


@witness.positive(
    "A refusal carries at least one reason: a Refused of no reasons is misuse naming its reasons, and one reason builds.",
    rules=[vf.tuple_of],
)
def a_refusal_takes_at_least_one_reason() -> None:
    check.equal("no reasons", raised(lambda: Refused(())), "ValueError: Length of 'reasons' must be >= 1: 0")
    reason = Reason("$.q", "q must be a positive token count, got 0")
    check.equal("one reason", raised(lambda: Refused((reason,))), f"built {Refused((reason,))!r}")
