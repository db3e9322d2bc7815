"""Keep a private payload's private fields out of every text: its repr and str, an error, hypothesis's reports.

Seed B1: a `SuffixRow` carries an anchor token, and "the common exporter
... must not serialize `SuffixRow` blindly"; raw anchor token ids,
broadcast buffers, taps and KV contents never leave a native start.  The
strict converter refuses to write a `PrivatePayload` into a document
(`domain.core.convert`); this module keeps its private fields out of the
text forms that are not documents, where a log line, a FAIL report or a
falsifying example would otherwise carry them:

- `field(**privately(validator, expected))` declares a field private:
  marked in its metadata (under `PRIVATE`, so a reader can list such
  fields), shown by `withheld` as `<private int>` in the attrs repr (and so
  in str, in a report that formats the value, in a message that quotes
  it), and validated by `validate_privately`, whose error names the field,
  what it expected and the type that came, never the value;
- `pretty_withheld` is every private payload's `_repr_pretty_`: hypothesis
  prints an attrs value field by field, ignoring its repr, unless the value
  says how it prints.

Equality stays attrs' own: two rows that differ only in their anchor token
are unequal, though they read the same.
"""

from __future__ import annotations

from functools import partial
from typing import Any

PRIVATE = "private"
"""The metadata key that marks a field private."""


def withheld(value: object) -> str:
    """Show a private field's value as its type alone: `<private int>`."""
    return f"<private {type(value).__name__}>"


def validate_privately(validator: Any, expected: str, instance: object, attribute: Any, value: object) -> None:
    """Run a field's `validator`; if it refuses, raise its error type again naming the field, `expected` and the type that came, never the value."""
    try:
        validator(instance, attribute, value)
    except (TypeError, ValueError) as exc:
        refusal = type(exc)
    else:
        return
    # Raised after the except block, so the validator's own error (whose message shows the value) is not its context.
    raise refusal(f"{type(instance).__name__}.{attribute.name}: expected {expected}, got {withheld(value)}")


def privately(validator: Any, expected: str) -> dict[str, Any]:
    """Return the settings of a private field, `field(**privately(validator, expected))`: validated without its value in an error, withheld from the repr, marked private."""
    return {
        "validator": partial(validate_privately, validator, expected),
        "repr": withheld,
        "metadata": {PRIVATE: True},
    }


def pretty_withheld(value: object, printer: Any, cycle: bool) -> None:
    """Print a private payload in hypothesis's reports as its repr, which withholds its private fields."""
    printer.text(repr(value))


class PrivatePayload:
    """Mark a value whose private fields never leave a native start: no document holds it, no text shows them.

    Subclass it, then `@frozen`; declare each private field as `field(**privately(validator, expected))`.
    """

    _repr_pretty_ = pretty_withheld
