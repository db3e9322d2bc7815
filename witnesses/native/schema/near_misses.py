"""Witness the validator's near misses: a schema id, a classification, a check name, a PASS string or a manifest that almost is one."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.native.checks import NativeCheck
from domain.native.reading import read_packet
from domain.native.schema import (
    FIXTURE_CLASSIFICATION,
    FIXTURE_PACKET_SCHEMA,
    PASS_STRING,
    CheckStringInvalid,
    DigestInvalid,
    SchemaMismatch,
    native_packet_schema_valid,
)
from witnesses.core import strategies as near
from witnesses.native.fixtures import MANIFEST, complete, packet_document
from witnesses.native.schema import witness

VALID = read_packet(packet_document(complete()))


NAME = NativeCheck.NO_LOCAL_DRAFTER.value


def _valid() -> object:
    return check.admitted(VALID)


@witness.property(
    "A near miss of the schema id or of the NATIVE classification is a schema mismatch at its field, and the exact values are valid.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=25)
@given(
    near.sampled_then(
        [("schema", FIXTURE_PACKET_SCHEMA), ("classification", FIXTURE_CLASSIFICATION)],
        lambda pair: st.tuples(st.just(pair[0]), near.near_misses(pair[1])),
    )
)
@example(("classification", near.case_flipped(FIXTURE_CLASSIFICATION, 5)))
@example(("schema", near.strict_prefix(FIXTURE_PACKET_SCHEMA)))
@example(("schema", near.extended(FIXTURE_PACKET_SCHEMA, "0")))
@example(("classification", near.padded(FIXTURE_CLASSIFICATION, after="\n")))
@example(("classification", near.lookalike(FIXTURE_CLASSIFICATION)))
def near_misses_of_the_schema_and_classification_mismatch(drawn: tuple[str, str]) -> None:
    field, miss = drawn
    check.admitted(native_packet_schema_valid(_valid()))
    reasons = check.refused(native_packet_schema_valid(attrs.evolve(_valid(), **{field: miss})))
    check.equal(f"{field} {miss!r} refused at", [(type(r), r.where) for r in reasons], [(SchemaMismatch, f"$.{field}")])


@witness.property(
    "A check named by a near miss is missing and unknown, and a near miss of PASS is not PASS, each located at the check.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=25)
@given(
    near.sampled_then(
        ["name", "string"],
        lambda what: st.tuples(st.just(what), near.near_misses(NAME if what == "name" else PASS_STRING)),
    )
)
@example(("name", near.case_flipped(NAME)))
@example(("name", near.strict_prefix(NAME)))
@example(("name", near.extended(NAME, "_v2")))
@example(("string", near.padded(PASS_STRING, after=" ")))
@example(("string", near.lookalike(PASS_STRING)))
def near_misses_of_check_names_and_pass_are_invalid(drawn: tuple[str, str]) -> None:
    what, miss = drawn
    checks = dict(_valid().checks)
    if what == "name":
        checks[miss] = checks.pop(NAME)
        expected = sorted(
            [(CheckStringInvalid, f"$.checks.{NAME}"), (CheckStringInvalid, f"$.checks.{miss}")], key=lambda p: p[1]
        )
    else:
        checks[NAME] = miss
        expected = [(CheckStringInvalid, f"$.checks.{NAME}")]
    reasons = check.refused(native_packet_schema_valid(attrs.evolve(_valid(), checks=checks)))
    check.equal(
        f"{what} {miss!r} refused at", sorted(((type(r), r.where) for r in reasons), key=lambda p: p[1]), expected
    )


@witness.property(
    "A near miss of a sha256 manifest digest is an invalid digest, and the exact digest is valid.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=20)
@given(near.near_misses(MANIFEST))
@example(near.case_flipped(MANIFEST, 2))
@example(near.strict_prefix(MANIFEST))
@example(near.extended(MANIFEST, "a"))
@example(near.padded(MANIFEST, after="\n"))
@example(near.lookalike(MANIFEST, 6))
def near_misses_of_the_manifest_digest_are_invalid(miss: str) -> None:
    reasons = check.refused(native_packet_schema_valid(attrs.evolve(_valid(), manifest_digest=miss)))
    check.equal(f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(DigestInvalid, "$.manifest_digest")])
