"""Witness the tuple validator: on value classes the domain defines (built at import, as every value class is), and built afresh (so it runs while a mutant is switched in): its minimum length from both sides, and only a tuple of its kind."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
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


@witness.property(
    "A tuple validator built afresh admits exactly a tuple of its kind at least its minimum long, for every minimum from none (the default) to 3 and on both sides of it; it names a list first, then a short tuple, then the first item of another kind.",
    rules=[vf.tuple_of],
)
@settings(max_examples=60)
@given(st.integers(0, 3), st.lists(st.sampled_from([1, 7, "x", 2.0]), max_size=5), st.booleans())
@example(least=0, items=[], as_list=False)  # no minimum given: the empty tuple builds
@example(least=2, items=[1], as_list=False)  # one short of the minimum
@example(least=2, items=[1, 7], as_list=False)  # the minimum exactly
@example(least=1, items=[1], as_list=True)  # a list of its kind, long enough
@example(least=1, items=[1, "x", 2.0], as_list=False)  # another kind after one of its kind: the first is named
def a_tuple_validator_built_afresh_admits_exactly_long_enough_tuples_of_its_kind(
    least: int, items: list[object], as_list: bool
) -> None:
    # Built inside the claim, not at import, so tuple_of runs while a mutant is switched in.
    validator = vf.tuple_of(int) if least == 0 else vf.tuple_of(int, min_len=least)
    probe = attrs.make_class("Probe", {"items": attrs.field(validator=validator)}, frozen=True)
    value = list(items) if as_list else tuple(items)
    other = [item for item in items if type(item) is not int]
    if as_list:
        wanted = f"TypeError: 'items' must be <class 'tuple'> (got {value!r} that is a <class 'list'>)."
    elif len(items) < least:
        wanted = f"ValueError: Length of 'items' must be >= {least}: {len(items)}"
    elif other:
        wanted = f"TypeError: 'items' must be <class 'int'> (got {other[0]!r} that is a <class '{type(other[0]).__name__}'>)."
    else:
        wanted = f"built Probe(items={value!r})"
    check.equal(f"{value!r} against a minimum of {least}", raised(lambda: probe(items=value)), wanted)
