"""Witness the strict converter: every domain value round-trips byte-stably, no leaf is coerced, every error is located.

A round trip is unstructure -> `json.dumps(sort_keys=True)` -> `json.loads`
-> structure: the value comes back equal and the JSON is identical on a
second trip.  `structured` reads the converter's located errors as a
refusal with one `NotOfShape` reason per error line.  Some claims build a
fresh converter, because cattrs builds and caches each type's hook the first
time it is used.
"""

from __future__ import annotations

import copy
import enum
import json
from fractions import Fraction
from typing import Any

import attrs
from attrs import frozen
from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import convert
from domain.core.convert import STRICT, NotOfShape, PrivateExportRefused, structured
from domain.native.private import SuffixRow
from domain.native.reading import read_packet
from domain.native.schema import NativePacket
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
    V41_PRODUCED_ARTIFACT,
    V41_REGISTRY_READING,
    V41_UNPROBED_RUNTIME,
    AdmittedRuntime,
    HubCliReader,
    RegistryReading,
    UnmodelledRuntimeExecutor,
)
from witnesses.core.fixtures import innermost, leaves, raised_by, replaced_leaf, retyped
from witnesses.native import strategies as native_gen
from witnesses.native.fixtures import complete, edited, observation_edited, owner_edited, packet_document
from witnesses.spark import strategies as gen

witness = Witness("core.convert")


def json_trip(value: Any) -> tuple[str, Any, str]:
    """Return the first trip's JSON, the value structured back from it, and the second trip's JSON."""
    first = json.dumps(STRICT.unstructure(value), sort_keys=True)
    back = STRICT.structure(json.loads(first), type(value))
    return first, back, json.dumps(STRICT.unstructure(back), sort_keys=True)


GROUP_A_DOCUMENT = STRICT.unstructure(GROUP_A)


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


ANCHOR = 128815  # FIXTURE: an anchor token id; it must appear in no export.


def _row(rank: int, engine_round: int, anchor: int = ANCHOR) -> SuffixRow:
    return SuffixRow(
        rank=rank,
        engine_round=engine_round,
        q=4092,
        kept=4092,
        first=147313,
        valid=4092,
        anchor_token=anchor,
        owner_epoch=7,
    )


@frozen
class Leaky:
    """Hold a summary beside raw rows, as a careless exporter might."""

    summary: str = attrs.field(validator=attrs.validators.instance_of(str))
    rows: tuple[SuffixRow, ...] = attrs.field(validator=attrs.validators.instance_of(tuple))


@witness.positive(
    "The strict converter raises rather than serialise a SuffixRow, even inside another value.",
    rules=[convert.strict_converter],
)
def native_converter_raises_on_a_suffix_row() -> None:
    for value, kind in ((_row(0, 1), SuffixRow), (Leaky("s", (_row(0, 1),)), Leaky)):
        try:
            STRICT.unstructure(value, kind)
        except PrivateExportRefused as exc:
            check.contains("refusal names the type", "SuffixRow", str(exc))
        else:
            check.holds(f"unstructuring {kind.__name__} raises", False, "it serialised")


def _fresh_errors(document: dict[str, Any]) -> list[str]:
    """Structure a document with a freshly built native converter; list its innermost errors."""
    try:
        convert.strict_converter().structure(document, NativePacket)
    except Exception as exc:  # the claim compares the exact errors, whatever their type
        return innermost(exc)
    return []


@witness.positive(
    "A freshly built strict converter reads the complete packet document into the packet read_packet admits.",
    rules=[convert.strict_converter, read_packet],
)
def fresh_converter_reads_the_packet_read_packet_admits() -> None:
    document = packet_document(complete())
    check.equal(
        "fresh packet",
        convert.strict_converter().structure(copy.deepcopy(document), NativePacket),
        check.admitted(read_packet(document)),
    )


LONG_EVIDENCE = "e" * 200


@witness.positive(
    "A freshly built strict converter refuses a string for a list, a list for an object and names outside an enum, saying what it expected and got.",
    rules=[convert.strict_converter],
)
def fresh_converter_refuses_misshapen_values_saying_expected_against_got() -> None:
    worlds = {
        "evidence as a string": edited(evidence="evidence/x"),
        "evidence as a long string": edited(evidence=LONG_EVIDENCE),
        "checks as a list": edited(checks=[["a", "b"]]),
        "arm in lower case": observation_edited(0, arm="off"),
        "arm as a number": observation_edited(0, arm=1),
        "unknown check": observation_edited(1, check="nope"),
        "mode in upper case": owner_edited(0, mode="SYNC"),
        "checks value a number": edited(checks={"native_dispatch_unchanged": 1}),
    }
    long_message = f"expected a list, got str '{LONG_EVIDENCE}'"[:160]
    check.equal("160-character cap", len(long_message), 160)
    check.equal(
        "errors",
        {label: _fresh_errors(doc) for label, doc in worlds.items()},
        {
            "evidence as a string": ["TypeError: expected a list, got str 'evidence/x'"],
            "evidence as a long string": [f"TypeError: {long_message}"],
            "checks as a list": ["TypeError: expected an object, got list [['a', 'b']]"],
            "arm in lower case": ["TypeError: expected one of OFF, ON, got str 'off'"],
            "arm as a number": ["TypeError: expected one of OFF, ON, got int 1"],
            "unknown check": ["TypeError: expected one of the 12 NativeCheck names, got str 'nope'"],
            "mode in upper case": ["TypeError: expected one of sync, multimodal, got str 'SYNC'"],
            "checks value a number": ["TypeError: expected str, got int 1"],
        },
    )


ROW = _row(0, 1, 151_000)


@witness.positive(
    "A freshly built strict converter refuses to write a SuffixRow into a document or read one from a document.",
    rules=[convert.strict_converter],
)
def fresh_converter_never_writes_or_reads_a_suffix_row() -> None:
    converter = convert.strict_converter()
    said = {}
    for direction, attempt in (
        ("write", lambda: converter.unstructure(ROW, SuffixRow)),
        ("read", lambda: converter.structure(attrs.asdict(ROW), SuffixRow)),
    ):
        try:
            said[direction] = f"returned {attempt()!r}"
        except PrivateExportRefused as exc:
            said[direction] = str(exc)
    check.equal(
        "refusals",
        said,
        {
            "write": "SuffixRow is private and is never serialised; export equality results and aggregate metadata only",
            "read": "SuffixRow is private and is never read from or written to a document",
        },
    )


# Fresh converters below: cattrs builds a hook once per type. Four enum members are listed on a miss; five are counted.
Four = enum.Enum("Four", {"A": "a", "B": "b", "C": "c", "D": "d"})
Five = enum.Enum("Five", {"A": "a", "B": "b", "C": "c", "D": "d", "E": "e"})


@witness.positive(
    "A converter built afresh reads an enum member by its exact value, listing up to four members on a miss and counting more by the type's name.",
    rules=[convert.strict_converter],
)
def a_fresh_converter_reads_enums_by_exact_value() -> None:
    fresh = convert.strict_converter()
    check.holds("'d' reads as Four.D", fresh.structure("d", Four) is Four.D, fresh.structure("d", Four))
    check.holds("'e' reads as Five.E", fresh.structure("e", Five) is Five.E, fresh.structure("e", Five))
    four, five = "expected one of a, b, c, d, got", "expected one of the 5 Five names, got"
    for value, kind, why in (
        ("x", Four, f"{four} str 'x'"),
        (1, Four, f"{four} int 1"),
        ("x", Five, f"{five} str 'x'"),
        (None, Five, f"{five} NoneType None"),
    ):
        check.equal(f"{value!r} as {kind.__name__}", str(raised_by(lambda: fresh.structure(value, kind))), why)


@witness.positive(
    "A converter built afresh reads a tagged union member only from an object with a known tag, and writes each member under its tag.",
    rules=[convert.strict_converter],
)
def a_fresh_converter_reads_tags_only_from_objects() -> None:
    fresh = convert.strict_converter()
    members = "NothingBeyondWeights, PageCacheFromNonKvHeadroom"
    for value, why in (
        ("NothingBeyondWeights", "expected an object, got str 'NothingBeyondWeights'"),
        ([{"kind": "NothingBeyondWeights"}], "expected an object, got list [{'kind': 'NothingBeyondWeights'}]"),
        ({}, f"expected kind one of {members}, got NoneType None"),
        ({"kind": "Nothing"}, f"expected kind one of {members}, got str 'Nothing'"),
        ({"kind": 1}, f"expected kind one of {members}, got int 1"),
    ):
        check.equal(
            f"{value!r} as a residency", str(raised_by(lambda: fresh.structure(value, ResidentBeyondWeights))), why
        )
    check.equal(
        "the headroom tag",
        fresh.structure({"kind": "PageCacheFromNonKvHeadroom"}, ResidentBeyondWeights),
        PageCacheFromNonKvHeadroom(),
    )
    check.equal(
        "nothing's tag",
        fresh.unstructure(NothingBeyondWeights(), ResidentBeyondWeights),
        {"kind": "NothingBeyondWeights"},
    )
    row = fresh.unstructure(DEEPSEEK_V41_FLASH_DBA1BE0A)
    check.equal("a row's residency", row["resident_beyond_weights"], {"kind": "PageCacheFromNonKvHeadroom"})
    check.equal(
        "the row read back", fresh.structure(row, type(DEEPSEEK_V41_FLASH_DBA1BE0A)), DEEPSEEK_V41_FLASH_DBA1BE0A
    )


@witness.positive(
    "A converter built afresh reads a value only from an object, and an absent reading as null, never from a list, a str or a number.",
    rules=[convert.strict_converter],
)
def a_fresh_converter_reads_values_only_from_objects() -> None:
    fresh = convert.strict_converter()
    for value, why in (
        ([], "expected an object, got list []"),
        ("srv5", "expected an object, got str 'srv5'"),
        (None, "expected an object, got NoneType None"),
    ):
        check.equal(f"{value!r} as Group A", str(raised_by(lambda: fresh.structure(value, HostGroup))), why)
    for runtime in (
        V41_PROBED_RUNTIME,
        V41_UNPROBED_RUNTIME,
        attrs.evolve(V41_PROBED_RUNTIME, registry_reading=attrs.evolve(V41_REGISTRY_READING, hub_cli_path=None)),
    ):
        document = fresh.unstructure(runtime)
        check.equal(f"{document} read back", fresh.structure(document, type(runtime)), runtime)
    reading = fresh.unstructure(V41_REGISTRY_READING)
    check.equal(
        "a number for a path",
        convert.located_pairs(raised_by(lambda: fresh.structure(dict(reading, hub_cli_path=5), RegistryReading))),
        [("$.hub_cli_path", "expected str, got int 5")],
    )
    check.equal(
        "a list for a path",
        convert.located_pairs(raised_by(lambda: fresh.structure(dict(reading, hub_cli_path=["hf"]), RegistryReading))),
        [("$.hub_cli_path", "expected str, got list ['hf']")],
    )


@witness.positive(
    "A converter built afresh writes a union of values with fields by the member's fields alone, untagged, and reads each member back.",
    rules=[convert.strict_converter],
)
def a_fresh_converter_writes_a_route_by_its_fields() -> None:
    fresh = convert.strict_converter()
    for route, document in (
        (HubCliReader("/bin/hf", None), {"hub_cli_path": "/bin/hf", "vllm_version": None}),
        (UnmodelledRuntimeExecutor("0.1"), {"vllm_version": "0.1"}),
    ):
        admitted = AdmittedRuntime(V41_PRODUCED_ARTIFACT, route)
        check.equal(f"{type(route).__name__}'s document", fresh.unstructure(admitted)["route"], document)
        check.equal(
            f"{type(route).__name__} read back", fresh.structure(fresh.unstructure(admitted), AdmittedRuntime), admitted
        )


@witness.refusal(
    "A route that reads as neither member of its union is refused at its own path, naming the union.",
    rules=[convert.strict_converter, convert.located_pairs],
    reasons=[
        because(
            NotOfShape,
            at="$.route",
            saying="invalid value for type, expected domain.spark.runtime.HubCliReader | domain.spark.runtime.UnmodelledRuntimeExecutor",
        )
    ],
)
def a_route_of_neither_member_is_refused_at_its_path() -> object:
    return structured({"artifact": STRICT.unstructure(V41_PRODUCED_ARTIFACT), "route": {}}, AdmittedRuntime)


@witness.positive(
    "A converter built afresh reads a tagged member only without keys beside its tag, even keys that resemble the tag.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def keys_resembling_the_tag_are_unknown_keys() -> None:
    fresh = convert.strict_converter()
    for key in ("Kind", "kind_of", "of_kind", "kind "):
        document = {"kind": "NothingBeyondWeights", key: 1}
        check.equal(
            f"{key!r} beside the tag",
            convert.located_pairs(raised_by(lambda: fresh.structure(document, ResidentBeyondWeights))),
            [("$", f"expected no such key, got unknown key(s) ({key})")],
        )


@witness.positive(
    "A value that spells cattrs' missing-key message is shown as the value it is, never reworded as a missing key.",
    rules=[convert.located_pairs],
)
def a_value_spelling_a_missing_key_is_not_a_missing_key() -> None:
    phrase = "required field missing"
    got = "expected an object, got str '"
    # The whole value, and a long value whose shown part (160 characters) ends with the phrase.
    cut = "x" * (160 - len(got) - len(phrase))
    for value, why in ((phrase, f"{got}{phrase}'"), (f"{cut}{phrase} at srv5", f"{got}{cut}{phrase}")):
        document = json.loads(json.dumps(GROUP_A_DOCUMENT))
        document["hosts"][0] = value
        check.equal(
            f"a host of {value[-30:]!r}",
            convert.located_pairs(raised_by(lambda: STRICT.structure(document, HostGroup))),
            [("$.hosts[0]", why)],
        )


@frozen
class _Fieldless:
    """A member with no field, as NothingBeyondWeights."""


@frozen
class _Fielded:
    """A member with a field, as HubCliReader."""

    gib: int


@witness.positive(
    "A converter built afresh tags only unions whose every member is fieldless, reads Any as itself, and reads no plain class as an enum.",
    rules=[convert.strict_converter],
)
def only_fieldless_unions_are_tagged_and_only_enums_read_as_enums() -> None:
    fresh = convert.strict_converter()
    mixed = _Fieldless | _Fielded
    check.equal("a mixed union's fielded member, written", fresh.unstructure(_Fielded(4), mixed), {"gib": 4})
    check.equal("read back by its fields", fresh.structure({"gib": 4}, mixed), _Fielded(4))
    check.equal(
        "a tag is an unknown key",
        convert.located_pairs(raised_by(lambda: fresh.structure({"kind": "_Fielded", "gib": 4}, mixed))),
        [("$", "expected no such key, got unknown key(s) (kind)")],
    )
    check.equal("Any read as itself", fresh.structure([1, "a"], Any), [1, "a"])
    check.equal(
        "no hook for NoneType",
        type(raised_by(lambda: fresh.structure(None, type(None)))).__name__,
        "StructureHandlerNotFoundError",
    )


@witness.positive(
    "A converter built afresh writes a fraction as 'n/d' or a whole int and reads it back exactly, never a float.",
    rules=[convert.strict_converter],
)
def a_fresh_converter_carries_fractions_exactly() -> None:
    fresh = convert.strict_converter()
    check.equal("1/3 and 4 written", (fresh.unstructure(Fraction(1, 3)), fresh.unstructure(Fraction(4))), ("1/3", 4))
    check.equal(
        "'1/3' and 4 read", (fresh.structure("1/3", Fraction), fresh.structure(4, Fraction)), (Fraction(1, 3), 4)
    )
    check.equal(
        "a float",
        str(raised_by(lambda: fresh.structure(0.5, Fraction))),
        "expected an exact fraction as 'n/d' or an int, got float 0.5",
    )
