"""Witness a converter built afresh: enums by exact value, tags and values only from objects, routes, unknown and missing keys, exact fractions.

Fresh converters, because cattrs builds a hook once per type.
"""

from __future__ import annotations

import enum
import json
from fractions import Fraction
from typing import Any

import attrs
from attrs import frozen
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core import convert
from domain.core.convert import STRICT, NotOfShape, structured
from domain.native.private import KvContents
from domain.spark.checkpoint import (
    DEEPSEEK_V41_FLASH_DBA1BE0A,
    NothingBeyondWeights,
    PageCacheFromNonKvHeadroom,
    ResidentBeyondWeights,
)
from domain.spark.fleet import HostGroup
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
from witnesses.core.convert import GROUP_A_DOCUMENT, witness
from witnesses.core.fixtures import innermost, raised_by

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
    "A tagged union member read from no object says so in at most 160 characters: a message of 160 whole, one of 161 cut before its last.",
    rules=[convert.strict_converter],
)
def a_tag_read_from_no_object_is_said_in_160_characters() -> None:
    fresh = convert.strict_converter()
    said = "expected an object, got str '"
    for length in (158, 159, 160, 161, 162, 200):
        value = "x" * (length - len(said) - 1)
        whole = f"{said}{value}'"
        check.equal(
            f"a message of {length} characters",
            str(raised_by(lambda: fresh.structure(value, ResidentBeyondWeights))),
            whole[:160],
        )
        check.equal(f"{length} characters shown", len(whole[:160]), min(length, 160))


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


@witness.positive(
    "A converter built afresh reads a tag only as its member's exact name (never padded, recased or with a newline), and refuses a key beside the tag whether it stands before or after it.",
    rules=[convert.strict_converter, convert.located_pairs],
)
def a_tag_is_read_only_as_spelled_and_a_key_beside_it_anywhere_is_refused() -> None:
    fresh = convert.strict_converter()
    members = "NothingBeyondWeights, PageCacheFromNonKvHeadroom"
    for name in ("NothingBeyondWeights", "PageCacheFromNonKvHeadroom"):
        for tag in (f" {name}", f"{name} ", name.lower(), name.upper(), f"{name}\n"):
            check.equal(
                f"tag {tag!r}",
                str(raised_by(lambda: fresh.structure({"kind": tag}, ResidentBeyondWeights))),
                f"expected kind one of {members}, got str {tag!r}",
            )
        for key in ("x", "Kind", "a"):
            for document in ({key: 1, "kind": name}, {"kind": name, key: 1}):
                check.equal(
                    f"{list(document)} as a residency",
                    convert.located_pairs(raised_by(lambda: fresh.structure(document, ResidentBeyondWeights))),
                    [("$", f"expected no such key, got unknown key(s) ({key})")],
                )


@frozen
class _Held:
    """A value of a tuple field and a mapping field, for a converter built afresh to read."""

    items: tuple[int, ...]
    table: dict[str, int]


@frozen
class _Holding:
    """A value holding a private payload (a domain one: a payload type declared here would join every walk of them)."""

    secret: KvContents


def _private_said(attempt: Any) -> list[str]:
    """Say what writing or reading a private payload raised (innermost first: cattrs groups a field's error), or what it gave."""
    try:
        return [f"gave {attempt()!r}"]
    except Exception as exc:  # the claim compares the exact errors, whatever their type
        return innermost(exc)


@witness.property(
    "A converter built afresh reads a tuple field only from a list, and a mapping field or a value only from an object: any other shape, or an item, key or value of another type, is refused at its path, saying expected against got; and a private payload is never written or read, alone or inside a value.",
    rules=[convert.strict_converter],
)
@settings(max_examples=40)
@given(st.sampled_from(["items", "table", "$"]), st.sampled_from([[], [1], {}, "x", "", 1, None, True, 1.5]))
@example(where="items", value="x")  # a str is iterable, yet never a list
@example(where="items", value={})  # an object where a list goes
@example(where="table", value=[])  # a list where an object goes
@example(where="$", value=[])  # the value itself from a list
def a_fresh_converter_reads_each_shape_only_as_itself(where: str, value: object) -> None:
    expected = "a list" if where == "items" else "an object"
    assume(type(value) is not (list if where == "items" else dict))
    fresh = convert.strict_converter()
    good = {"items": [1, 2], "table": {"a": 1}}
    check.equal("the good document", fresh.structure(good, _Held), _Held(items=(1, 2), table={"a": 1}))
    for label, bad, pair in (
        ("an item of another type", {**good, "items": [1, "2"]}, ("$.items[1]", "expected int, got str '2'")),
        ("a key of another type", {**good, "table": {1: 1}}, ("$.table[1]", "expected str, got int 1")),
        ("a value of another type", {**good, "table": {"a": "1"}}, ("$.table['a']", "expected int, got str '1'")),
    ):
        check.equal(label, convert.located_pairs(raised_by(lambda bad=bad: fresh.structure(bad, _Held))), [pair])
    document, path = (value, "$") if where == "$" else ({**good, where: value}, f"$.{where}")
    check.equal(
        f"{value!r} at {path}",
        convert.located_pairs(raised_by(lambda: fresh.structure(document, _Held))),
        [(path, f"expected {expected}, got {type(value).__name__} {value!r}")],
    )
    written = [
        "PrivateExportRefused: KvContents is private and is never serialised; export equality results and aggregate metadata only"
    ]
    read = ["PrivateExportRefused: KvContents is private and is never read from or written to a document"]
    check.equal(
        "a private payload",
        {
            "written": _private_said(lambda: fresh.unstructure(KvContents(b"kv"))),
            "read": _private_said(lambda: fresh.structure({"values": "a3Y="}, KvContents)),
            "written inside a value": _private_said(lambda: fresh.unstructure(_Holding(secret=KvContents(b"kv")))),
            "read inside a value": _private_said(lambda: fresh.structure({"secret": {"values": "a3Y="}}, _Holding)),
        },
        {"written": written, "read": read, "written inside a value": written, "read inside a value": read},
    )
