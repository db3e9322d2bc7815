"""Witness that no text form of a private payload carries its private fields, while equality still compares them.

Seed B1: a `SuffixRow`'s anchor token, a broadcast buffer, a tap's and KV
contents never leave a native start.  The text forms a value meets are its
repr and str (any message that formats it), the shortened repr a FAIL
report shows, a check's mismatch, hypothesis's report of a falsifying
example, and the error a validator raises.  The property claims quantify
over every `PrivatePayload` type the domain declares, found by walking the
subclasses, so a new payload type is covered without touching this module.
"""

from __future__ import annotations

import reprlib
import typing
from typing import Any

import attrs
from hypothesis import Phase, assume, example, given, settings
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty

import domain.native.private  # noqa: F401  (declares the payload types the claims walk)
from claims import Witness, check
from domain.core import privacy
from domain.core import value_fields as vf
from domain.core.privacy import PrivatePayload
from domain.native.private import BroadcastBuffer, SuffixRow, TapContents
from witnesses.core.strategies import sampled_then

# Each rule here says or checks; none refuses: its floor is a positive and a property claim.
witness = Witness(
    "core.privacy",
    never_refuses=[
        privacy.withheld,
        privacy.validate_privately,
        privacy.privately,
        privacy.pretty_withheld,
    ],
)

ANCHOR = 128815  # FIXTURE: an anchor token id; no text may carry it.
ROW = SuffixRow(rank=0, engine_round=1, q=4092, kept=4092, first=147313, valid=4092, anchor_token=ANCHOR, owner_epoch=7)
SHOWN = "SuffixRow(rank=0, engine_round=1, q=4092, kept=4092, first=147313, valid=4092, anchor_token=<private int>, owner_epoch=7)"


def payload_types() -> tuple[type, ...]:
    """Return every private payload type the domain declares (each attrs class once), by name."""
    found: set[type] = set()
    waiting = list(PrivatePayload.__subclasses__())
    while waiting:
        kind = waiting.pop()
        found.add(kind)
        waiting += kind.__subclasses__()
    # attrs builds a slotted class anew; the class it started from stays among the subclasses until it is collected.
    return tuple(sorted((kind for kind in found if attrs.has(kind)), key=lambda kind: kind.__qualname__))


PAYLOAD_TYPES = payload_types()


def private_fields(kind: type) -> tuple[str, ...]:
    """Name the fields of an attrs class that are declared privately (marked `privacy.PRIVATE`), in declaration order."""
    return tuple(field.name for field in attrs.fields(kind) if field.metadata.get(privacy.PRIVATE) is True)


def payloads(kind: type) -> st.SearchStrategy[Any]:
    """Draw values of a payload type, each field from its annotated type (the module's annotations are strings)."""
    return st.builds(kind, **{name: st.from_type(hint) for name, hint in typing.get_type_hints(kind).items()})


def mismatch(value: object) -> str:
    """Return what a check that found `value` unexpected says."""
    try:
        check.equal("payload", value, None)
    except check.Mismatch as exc:
        return str(exc)
    return "no mismatch"


def texts(value: object) -> dict[str, str]:
    """Return every text form a value meets: repr, str, format, inside a tuple, a report's shortened repr, a mismatch, hypothesis's."""
    return {
        "repr": repr(value),
        "str": str(value),
        "format": f"{value}",
        "inside a tuple": repr((value,)),
        "a FAIL report's shortened repr": reprlib.repr(value),
        "a check's mismatch": mismatch(value),
        "hypothesis's pretty form": pretty(value),
    }


def refused(kind: type, fields: dict[str, Any]) -> tuple[str, str, bool]:
    """Build `kind` from `fields`; return the error's type, message, and whether it carries no other error."""
    try:
        built = kind(**fields)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc), exc.__context__ is None and exc.__cause__ is None
    return "built", repr(built), True


@witness.positive(
    "A SuffixRow reads with its anchor token as `<private int>` in its repr, its str and hypothesis's pretty form, every other field as built.",
    rules=[privacy.withheld, privacy.pretty_withheld],
)
def a_suffix_row_reads_with_its_anchor_token_withheld() -> None:
    forms = ("repr", "str", "hypothesis's pretty form")
    shown = texts(ROW)
    check.equal("texts", {form: shown[form] for form in forms}, dict.fromkeys(forms, SHOWN))


@witness.positive(
    "Every private payload type marks its private fields: a SuffixRow its anchor token, a broadcast buffer its token ids, a tap's and KV contents their values; a field declared privately now is marked, a plain field beside it is not, and its repr withholds the one and shows the other.",
    rules=[privacy.privately],
)
def every_private_payload_type_marks_its_private_fields() -> None:
    @attrs.frozen
    class Declared:  # not a PrivatePayload: the payload types walked above stay the declared ones
        secret: int = attrs.field(**privacy.privately(vf.strict_int, "int"))
        shown: int = 7

    check.equal("declared here", private_fields(Declared), ("secret",))
    check.equal("its repr", repr(Declared(12370)), "Declared(secret=<private int>, shown=7)")
    check.equal(
        "its validator",
        refused(Declared, {"secret": "12370"}),
        ("ValueError", "Declared.secret: expected int, got <private str>", True),
    )
    check.equal(
        "private fields",
        {kind.__name__: private_fields(kind) for kind in PAYLOAD_TYPES},
        {
            "BroadcastBuffer": ("token_ids",),
            "KvContents": ("values",),
            "SuffixRow": ("anchor_token",),
            "TapContents": ("values",),
        },
    )


@witness.positive(
    "A private field's validator error names the class, the field, what it expected and the type that came, never the value, and carries no error that would.",
    rules=[privacy.validate_privately],
)
def a_private_fields_error_names_the_type_never_the_value() -> None:
    row = attrs.asdict(ROW)
    check.equal(
        "errors",
        {
            "anchor token as text": refused(SuffixRow, {**row, "anchor_token": str(ANCHOR)}),
            "a text token id": refused(BroadcastBuffer, {"token_ids": (11, str(ANCHOR))}),
            "tap contents as text": refused(TapContents, {"values": str(ANCHOR)}),
            "a whole row": refused(SuffixRow, row),
        },
        {
            "anchor token as text": ("ValueError", "SuffixRow.anchor_token: expected int, got <private str>", True),
            "a text token id": (
                "TypeError",
                "BroadcastBuffer.token_ids: expected a tuple of int, got <private tuple>",
                True,
            ),
            "tap contents as text": ("ValueError", "TapContents.values: expected bytes, got <private str>", True),
            "a whole row": ("built", SHOWN, True),
        },
    )


def within_the_limit(instance: Any, attribute: Any, value: object) -> None:
    """Accept an int no greater than the value's own `limit` (a validator that reads the value being built)."""
    if type(value) is not int or value > instance.limit:
        raise ValueError(f"{value!r} is over {instance.limit}")  # quotes the value: the private wording must not


@witness.positive(
    "A field declared privately is withheld from the repr, validated against the value being built without its value in the error, and marked private.",
    rules=[privacy.privately],
)
def a_field_declared_privately_is_withheld_validated_and_marked() -> None:
    # The class is made here, not at import, so that the declaration itself runs inside the claim.
    probe = attrs.make_class(
        "Probe",
        {
            "limit": attrs.field(validator=vf.strict_int),
            "secret": attrs.field(**privacy.privately(within_the_limit, "an int within the limit")),
        },
        bases=(PrivatePayload,),
        frozen=True,
    )
    check.equal(
        "declared",
        {
            "repr": repr(probe(200000, ANCHOR)),
            "private fields": private_fields(probe),
            "text": refused(probe, {"limit": 200000, "secret": str(ANCHOR)}),
            "over the limit": refused(probe, {"limit": 100000, "secret": ANCHOR}),
            "equality": probe(200000, ANCHOR) == probe(200000, ANCHOR + 1),
        },
        {
            "repr": "Probe(limit=200000, secret=<private int>)",
            "private fields": ("secret",),
            "text": ("ValueError", "Probe.secret: expected an int within the limit, got <private str>", True),
            "over the limit": ("ValueError", "Probe.secret: expected an int within the limit, got <private int>", True),
            "equality": False,
        },
    )


def falsifying_report(row: SuffixRow) -> str:
    """Return what hypothesis reports when a test fails on `row`, its one explicit example."""

    @settings(database=None, phases=[Phase.explicit], deadline=None)
    @given(payloads(SuffixRow))
    @example(row)
    def fails_on_any_row(candidate: SuffixRow) -> None:
        raise AssertionError("red on purpose")

    try:
        fails_on_any_row()
    except AssertionError as exc:
        return "\n".join(getattr(exc, "__notes__", ()))
    return "the test passed"


@witness.positive(
    "Hypothesis's report of a falsifying SuffixRow shows it with its anchor token withheld.",
    rules=[privacy.pretty_withheld],
)
def hypothesis_reports_a_falsifying_row_with_its_anchor_token_withheld() -> None:
    report = falsifying_report(ROW)
    check.contains("the report shows the row", f"candidate={SHOWN}", report)
    check.absent("the report", str(ANCHOR), report)


@witness.property(
    "No text form of a private payload depends on its private fields, of any payload type: two payloads that differ only there read the same everywhere, and are unequal.",
    rules=[privacy.withheld, privacy.pretty_withheld, privacy.privately],
)
@settings(max_examples=60, deadline=None)
@given(sampled_then(PAYLOAD_TYPES, lambda kind: st.tuples(payloads(kind), payloads(kind))))
@example((ROW, attrs.evolve(ROW, anchor_token=151000)))
@example((BroadcastBuffer((11, 12, 13)), BroadcastBuffer((11, 12, 14))))
def no_text_form_of_a_private_payload_depends_on_its_private_fields(pair: tuple[Any, Any]) -> None:
    value, other = pair
    private = private_fields(type(value))
    assume(any(getattr(value, name) != getattr(other, name) for name in private))
    twin = attrs.evolve(value, **{name: getattr(other, name) for name in private})
    check.holds("the twin differs only in its private fields, and is unequal", twin != value, twin)
    check.equal("texts", texts(twin), texts(value))


@witness.property(
    "A private field's validator error reads the same whatever wrong value came, for every private field of every payload type.",
    rules=[privacy.validate_privately, privacy.privately],
)
@settings(max_examples=60, deadline=None)
@given(
    sampled_then(PAYLOAD_TYPES, lambda kind: st.tuples(payloads(kind), st.sampled_from(private_fields(kind)))),
    st.text(min_size=1),
    st.text(min_size=1),
)
@example((ROW, "anchor_token"), str(ANCHOR), "151000")
def a_private_fields_error_reads_the_same_whatever_wrong_value_came(
    drawn: tuple[Any, str], one: str, other: str
) -> None:
    value, name = drawn
    assume(one != other)
    fields = attrs.asdict(value, recurse=False)
    said = [refused(type(value), {**fields, name: wrong}) for wrong in (one, other)]
    check.equal("the errors", said[1], said[0])
    check.holds("an error, carrying no other", said[0][0] != "built" and said[0][2], said[0])
