"""Witness the strict converter's round trips: every domain value comes back equal and byte-stable, no leaf is coerced, every error is located."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from claims import because, check
from domain.core import convert
from domain.core.convert import STRICT, NotOfShape, structured
from domain.native.verdict import Status
from domain.spark import fit_wall
from domain.spark.checkpoint import (
    DEEPSEEK_V41_FLASH_DBA1BE0A,
    GLM_CHECKPOINT_ROW,
    NothingBeyondWeights,
    PageCacheFromNonKvHeadroom,
    ResidentBeyondWeights,
)
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from domain.spark.profile import GLM_GROUP_B_PROFILE
from domain.spark.runtime import (
    V41_PROBED_RUNTIME,
    V41_UNPROBED_RUNTIME,
)
from witnesses.core.convert import GROUP_A_DOCUMENT, json_trip, witness
from witnesses.core.fixtures import leaves, raised_by, replaced_leaf, retyped
from witnesses.native import strategies as native_gen
from witnesses.spark import strategies as gen


@witness.positive(
    "Group A's JSON document structures back into Group A exactly.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def group_a_document_structures_exactly() -> None:
    check.equal(
        "Group A's document",
        GROUP_A_DOCUMENT["hosts"][0],
        {"name": "srv5", "fabric_address": "10.77.0.5", "memory_gib": 121},
    )
    check.equal(
        "structured back", check.admitted(structured(json.loads(json.dumps(GROUP_A_DOCUMENT)), HostGroup)), GROUP_A
    )


@witness.refusal(
    'A memory of "121" and an unknown key are refused at their own paths, never coerced or dropped.',
    rules=[convert.strict_converter, convert.located_pairs],
    reasons=[
        because(NotOfShape, at="$.hosts[0].memory_gib", saying="expected int, got str '121'"),
        because(NotOfShape, at="$.hosts[1]", saying="got unknown key(s) (rack)"),
    ],
)
def a_quoted_memory_and_an_unknown_key_are_refused() -> object:
    document = json.loads(json.dumps(GROUP_A_DOCUMENT))
    document["hosts"][0]["memory_gib"] = "121"
    document["hosts"][1]["rack"] = "r2"
    return structured(document, HostGroup)


@witness.property(
    "Every Part A value without a union field round-trips through the strict converter byte-stably.",
    rules=[convert.strict_converter],
)
@given(st.one_of(*gen.PART_A_VALUES.values(), gen.fit_figures))
@example(GROUP_A)
@example(GLM_GROUP_B_PROFILE)
@example(V41_PROBED_RUNTIME)
@example(V41_UNPROBED_RUNTIME)
def part_a_values_round_trip_byte_stably(value: Any) -> None:
    first, back, second = json_trip(value)
    check.equal("structured back", back, value)
    check.equal("JSON of the second trip", second, first)


@witness.property(
    "Every checkpoint row, launch request and launch plan round-trips through the strict converter byte-stably.",
    rules=[convert.strict_converter],
)
@given(st.one_of(*gen.ROW_BEARING_VALUES.values()))
@example(DEEPSEEK_V41_FLASH_DBA1BE0A)
@example(GLM_CHECKPOINT_ROW)
def rows_requests_and_plans_round_trip_byte_stably(value: Any) -> None:
    first, back, second = json_trip(value)
    check.equal("structured back", back, value)
    check.equal("JSON of the second trip", second, first)


@witness.property(
    "A document with any one leaf of another JSON type is refused at that leaf's path.",
    rules=[convert.strict_converter, convert.located_pairs],
)
@given(
    st.one_of(gen.host_groups(), gen.launch_profiles(), gen.produced_runtimes, gen.resident_bets),
    st.integers(min_value=0, max_value=63),
)
@example(GROUP_A, 1)
def a_retyped_leaf_is_refused_where_it_is(value: Any, pick: int) -> None:
    document = STRICT.unstructure(value)
    every = leaves(document)
    path, leaf = every[pick % len(every)]
    outcome = structured(replaced_leaf(document, path, retyped(leaf)), type(value))
    check.contains(f"a reason located at {path}", path, [r.where for r in check.refused(outcome)])


@witness.positive(
    "The strict converter's located lines read exactly for a missing key, a non-list host list, a name holding ' @ ' and a repeated host.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def located_lines_read_exactly() -> None:
    missing = json.loads(json.dumps(GROUP_A_DOCUMENT))
    del missing["hosts"][0]["memory_gib"]
    scalar = dict(GROUP_A_DOCUMENT, hosts=5)
    spaced = json.loads(json.dumps(GROUP_A_DOCUMENT))
    spaced["hosts"][0]["name"] = "srv @ 5"
    repeated = json.loads(json.dumps(GROUP_A_DOCUMENT))
    repeated["hosts"][1] = dict(repeated["hosts"][0])
    for label, document, lines in (
        ("missing memory", missing, [("$.hosts[0].memory_gib", "expected a value, got nothing (the key is missing)")]),
        ("hosts of 5", scalar, [("$.hosts", "expected a list, got int 5")]),
        (
            "name 'srv @ 5'",
            spaced,
            [("$.hosts[0].name", "expected a name of letters, digits, '.', '_' or '-', got str 'srv @ 5'")],
        ),
        ("srv5 twice", repeated, [("$.hosts", "expected distinct host names, got ['srv5', 'srv5', 'srv7', 'srv8']")]),
    ):
        check.equal(label, convert.located_pairs(raised_by(lambda: STRICT.structure(document, HostGroup))), lines)
    nested = raised_by(lambda: STRICT.structure(spaced, HostGroup))
    check.equal(
        "under $.groups[1]",
        convert.located_pairs(nested, "$.groups[1]"),
        [("$.groups[1].hosts[0].name", "expected a name of letters, digits, '.', '_' or '-', got str 'srv @ 5'")],
    )


@witness.positive(
    "An error raised outside cattrs' groups is located at the path given, or at $ when the path is empty.",
    rules=[convert.located_pairs],
)
def a_bare_error_is_located_at_the_path_given() -> None:
    quoted = raised_by(lambda: STRICT.structure("121", int))
    check.equal("bare TypeError", convert.located_pairs(quoted), [("$", "expected int, got str '121'")])
    check.equal(
        "at a path",
        convert.located_pairs(quoted, "$.hosts[0].memory_gib"),
        [("$.hosts[0].memory_gib", "expected int, got str '121'")],
    )
    check.equal("at an empty path", convert.located_pairs(quoted, ""), [("$", "expected int, got str '121'")])
    validator = ValueError("Host.memory_gib: expected int > 0, got int 0")
    check.equal(
        "a validator's error",
        convert.located_pairs(validator, "$.hosts[2]"),
        [("$.hosts[2].memory_gib", "expected int > 0, got int 0")],
    )


@witness.positive(
    "A fraction travels as an int when whole and as 'n/d' otherwise, and a float, a list or a bad 'n/d' is named exactly.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def fractions_travel_exactly() -> None:
    figures = STRICT.unstructure(check.admitted(fit_wall.serving_arm_admits(GLM_CHECKPOINT_ROW, GROUP_B)))
    check.equal("whole figures", (figures["requirement_gib"], figures["margin_gib"]), (415, 69))
    check.equal("5/4 and -3", (STRICT.unstructure(Fraction(5, 4)), STRICT.unstructure(Fraction(-3))), ("5/4", -3))
    for leaf, why in (
        (0.25, "expected an exact fraction as 'n/d' or an int, got float 0.25"),
        ([1], "expected an exact fraction as 'n/d' or an int, got list [1]"),
        ("1/x", "expected an exact fraction as 'n/d', got '1/x'"),
    ):
        outcome = structured(dict(figures, margin_gib=leaf), FitFigures)
        check.equal(f"margin {leaf!r}", [(r.where, r.why) for r in check.refused(outcome)], [("$.margin_gib", why)])


@witness.positive(
    "A fraction is read only as it travels, 'n/d' with d > 0: '5/4', '-5/4' and '0/7' read exactly, and a zero"
    " denominator, a signed denominator, a sign +, spaces, a decimal, an exponent, underscores, a bare whole number or non-ASCII digits"
    " are each named at their path.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def only_the_travelling_spelling_reads_as_a_fraction() -> None:
    figures = STRICT.unstructure(check.admitted(fit_wall.serving_arm_admits(GLM_CHECKPOINT_ROW, GROUP_B)))
    read = {text: STRICT.structure(text, Fraction) for text in ("5/4", "-5/4", "0/7")}
    check.equal("read exactly", read, {"5/4": Fraction(5, 4), "-5/4": Fraction(-5, 4), "0/7": Fraction(0)})
    refused = {}
    for text in (
        "5/0",
        "5/-4",
        "-5/-4",
        "5/+4",
        "+5/4",
        " 5/4",
        "5/4 ",
        "5 / 4",
        "1.25",
        "1e3",
        "1_0/4",
        "5",
        "",
        "\uff15/4",
    ):
        outcome = structured(dict(figures, margin_gib=text), FitFigures)
        refused[text] = [(r.where, r.why) for r in check.refused(outcome)]
    check.equal(
        "refused, located",
        refused,
        {
            text: [
                (
                    "$.margin_gib",
                    f"expected an exact fraction as 'n/d'{' with d > 0' if text == '5/0' else ''}, got {text!r}",
                )
            ]
            for text in refused
        },
    )


@witness.positive(
    "A converter built afresh refuses every coercion of str, int, bool and float, and reads the residency tag.",
    rules=[convert.strict_converter],
)
def a_fresh_converter_is_strict_and_tagged() -> None:
    fresh = convert.strict_converter()
    for value, kind, why in (
        (True, int, "expected int, got bool True"),
        (1.0, int, "expected int, got float 1.0"),
        (1, bool, "expected bool, got int 1"),
        (5, str, "expected str, got int 5"),
        (1, float, "expected float, got int 1"),
    ):
        check.equal(f"{value!r} as {kind.__name__}", str(raised_by(lambda: fresh.structure(value, kind))), why)
    check.equal("0.5 as float", fresh.structure(0.5, float), 0.5)
    check.equal(
        "tagged residency",
        fresh.structure({"kind": "NothingBeyondWeights"}, ResidentBeyondWeights),
        NothingBeyondWeights(),
    )
    check.equal(
        "its tag",
        fresh.unstructure(PageCacheFromNonKvHeadroom(), ResidentBeyondWeights),
        {"kind": "PageCacheFromNonKvHeadroom"},
    )
    check.equal("Group A through it", fresh.structure(GROUP_A_DOCUMENT, HostGroup), GROUP_A)
    check.equal(
        "whole and split fractions", [fresh.unstructure(Fraction(3)), fresh.unstructure(Fraction(5, 4))], [3, "5/4"]
    )
    check.equal("'5/4' as Fraction", fresh.structure("5/4", Fraction), Fraction(5, 4))
    check.equal(
        "0.25 as Fraction",
        str(raised_by(lambda: fresh.structure(0.25, Fraction))),
        "expected an exact fraction as 'n/d' or an int, got float 0.25",
    )
    extra = raised_by(lambda: fresh.structure({"kind": "NothingBeyondWeights", "size": 1}, ResidentBeyondWeights))
    check.equal(
        "an unknown key", convert.located_pairs(extra), [("$", "expected no such key, got unknown key(s) (size)")]
    )


@witness.property(
    "Every observation and owner resolution round-trips through the strict converter byte-stably.",
    rules=[convert.strict_converter],
)
@given(st.one_of(*native_gen.NATIVE_VALUES.values()))
def native_values_round_trip_byte_stably(value: Any) -> None:
    first, back, second = json_trip(value)
    check.equal("structured back", back, value)
    check.equal("JSON of the second trip", second, first)


@witness.positive(
    "A bool is never an exact fraction: True or False where a fraction belongs is named at its path, as a float is.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def a_bool_is_never_a_fraction() -> None:
    fresh = convert.strict_converter()
    for flag in (True, False):
        check.equal(
            f"{flag} as Fraction",
            str(raised_by(lambda: fresh.structure(flag, Fraction))),
            f"expected an exact fraction as 'n/d' or an int, got bool {flag}",
        )
    figures = STRICT.unstructure(check.admitted(fit_wall.serving_arm_admits(GLM_CHECKPOINT_ROW, GROUP_B)))
    outcome = structured(dict(figures, margin_gib=True), FitFigures)
    check.equal(
        "a margin of true",
        [(r.where, r.why) for r in check.refused(outcome)],
        [("$.margin_gib", "expected an exact fraction as 'n/d' or an int, got bool True")],
    )


@witness.refusal(
    "Several unknown keys beside one value are refused in one reason, listed in sorted order whatever order they came in.",
    rules=[convert.strict_converter, convert.located_pairs],
    reasons=[
        because(NotOfShape, at="$.hosts[2]", saying="expected no such key, got unknown key(s) (alpha, mid, zeta)")
    ],
)
def several_unknown_keys_are_listed_sorted() -> object:
    document = json.loads(json.dumps(GROUP_A_DOCUMENT))
    document["hosts"][2].update({"zeta": 1, "alpha": 2, "mid": 3})
    return structured(document, HostGroup)


@witness.positive(
    "A document that misfits at its top (not an object, an unknown key, a bad fraction, an unknown enum member or tag, a retyped leaf) is refused at $, never raised.",
    rules=[structured],
)
def a_misfit_at_the_top_is_refused_at_the_root() -> None:
    # Below the top, cattrs gathers each error into a located group; at the top, a hook's own TypeError, ValueError,
    # KeyError or extra-keys error reaches `structured` bare, and must still be a refusal, not a crash.
    residency = NothingBeyondWeights | PageCacheFromNonKvHeadroom
    misfits: list[tuple[str, Any, Any, str]] = [
        ("a list for a value", [], HostGroup, "expected an object, got list []"),
        ("an unknown key", {**GROUP_A_DOCUMENT, "zzz": 1}, HostGroup, "expected no such key, got unknown key(s) (zzz)"),
        ("a zero denominator", "1/0", Fraction, "expected an exact fraction as 'n/d' with d > 0, got '1/0'"),
        ("a word for a fraction", "x", Fraction, "expected an exact fraction as 'n/d', got 'x'"),
        ("an unknown member", "NOPE", Status, "expected one of PASS, NOT RUN, HOLD, got str 'NOPE'"),
        (
            "an unknown tag",
            {"kind": "Nope"},
            residency,
            "expected kind one of NothingBeyondWeights, PageCacheFromNonKvHeadroom, got str 'Nope'",
        ),
        ("a list for a tagged value", [], residency, "expected an object, got list []"),
        ("a string for an int", "1", int, "expected int, got str '1'"),
    ]
    for what, document, kind, why in misfits:
        check.equal(what, check.refused(structured(document, kind)), (NotOfShape("$", why),))


@witness.refusal(
    "A list where a value belongs is refused at the root, saying what came.",
    rules=[structured],
    reasons=[because(NotOfShape, at="$", saying="expected an object, got list []")],
)
def a_list_for_a_value_is_refused_at_the_root() -> object:
    return structured([], HostGroup)


@witness.positive(
    "Every fraction over a zero denominator is refused saying d > 0, whatever its numerator (zero, negative, long) and however many zeros spell d.",
    rules=[structured],
)
def every_fraction_over_zero_is_refused_saying_d_above_zero() -> None:
    figures = STRICT.unstructure(check.admitted(fit_wall.serving_arm_admits(GLM_CHECKPOINT_ROW, GROUP_B)))
    for numerator in ("0", "-0", "5", "-5", "00", "9" * 30):
        for zeros in ("0", "00", "000"):
            text = f"{numerator}/{zeros}"
            check.equal(
                text,
                [(r.where, r.why) for r in check.refused(structured(dict(figures, margin_gib=text), FitFigures))],
                [("$.margin_gib", f"expected an exact fraction as 'n/d' with d > 0, got {text!r}")],
            )


@witness.positive(
    "A document with any number of misshapen fields, one to all six, is refused with one located reason for each, none dropped.",
    rules=[structured],
)
def every_misshapen_field_of_any_count_is_one_reason() -> None:
    figures = STRICT.unstructure(check.admitted(fit_wall.serving_arm_admits(GLM_CHECKPOINT_ROW, GROUP_B)))
    names = sorted(figures)
    for count in range(1, len(names) + 1):
        bad = names[-count:]
        document = dict(figures, **{name: [] for name in bad})
        reasons = check.refused(structured(document, FitFigures))
        check.equal(f"{count} misshapen: where", sorted(r.where for r in reasons), [f"$.{name}" for name in bad])
