"""Declare the seeded defects of the private payloads' text forms (seed B1: an anchor token never leaves a native start).

Each defect is one way an anchor token, a buffer or a tap has leaked into a
text before: a repr that prints every field, hypothesis printing an attrs
value field by field, a validator's error quoting the value it refused.
"""

from __future__ import annotations

from typing import Any

import attrs

from claims.defects import Defect, original
from domain.core import privacy


def _withheld_showing_the_value(value: object) -> str:
    """Show a private field as attrs would by default: its repr."""
    return repr(value)


anchor_token_in_the_repr = Defect(
    id="core.anchor_token_in_the_repr",
    target=privacy.withheld,
    intent="Show a private field's value in the repr, as attrs does by default, so a log line or a FAIL report carries the anchor token.",
    replacement=_withheld_showing_the_value,
    must_red={
        "core.privacy.a_suffix_row_reads_with_its_anchor_token_withheld",
        "core.privacy.no_text_form_of_a_private_payload_depends_on_its_private_fields",
    },
)


def _pretty_field_by_field(value: Any, printer: Any, cycle: bool) -> None:
    """Print an attrs value as hypothesis does by default: every field by its own repr, the repr's withholding ignored."""
    fields = ", ".join(f"{field.name}={getattr(value, field.name)!r}" for field in attrs.fields(type(value)))
    printer.text(f"{type(value).__name__}({fields})")


hypothesis_prints_every_field = Defect(
    id="core.hypothesis_prints_every_field",
    target=privacy.pretty_withheld,
    intent="Print a private payload in hypothesis's reports field by field, as hypothesis does any attrs value, so a falsifying example shows the anchor token.",
    replacement=_pretty_field_by_field,
    must_red={
        "core.privacy.hypothesis_reports_a_falsifying_row_with_its_anchor_token_withheld",
        "core.privacy.no_text_form_of_a_private_payload_depends_on_its_private_fields",
    },
)


def _validated_openly(validator: Any, expected: str, instance: object, attribute: Any, value: object) -> None:
    """Run the field's validator alone, whose error quotes the value it refused."""
    validator(instance, attribute, value)


error_quotes_the_private_value = Defect(
    id="core.error_quotes_the_private_value",
    target=privacy.validate_privately,
    intent="Let a private field's validator raise its own error, which quotes the refused value (a mistyped anchor token shows in the message).",
    replacement=_validated_openly,
    must_red={
        "core.privacy.a_private_fields_error_names_the_type_never_the_value",
        "core.privacy.a_private_fields_error_reads_the_same_whatever_wrong_value_came",
    },
)


def _privately_unmarked(validator: Any, expected: str) -> dict[str, Any]:
    """Declare a field as privately does, but leave its metadata without the private mark."""
    return {**original(privacy.privately)(validator, expected), "metadata": {}}


private_field_unmarked = Defect(
    id="core.private_field_unmarked",
    target=privacy.privately,
    intent="Declare a private field without marking it private, so a reader that lists the private fields (a document writer, a redaction) passes it by.",
    replacement=_privately_unmarked,
    must_red={"core.privacy.every_private_payload_type_marks_its_private_fields"},
    must_green={"core.privacy.a_private_fields_error_names_the_type_never_the_value"},
)
