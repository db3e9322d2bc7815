"""The outcome values the framework ships for users' rules: `Admitted`, `Refused`, `Reason`, read by the same protocol as any project's own."""

from __future__ import annotations

import attrs
import pytest

from claims import Admitted, Reason, Refused, check
from claims._internal.declare import because
from claims._internal.running.outcome import read_reasons, unmatched


@attrs.frozen
class OverQuota(Reason):
    """The request asks for more than is left."""


def test_an_admit_carries_its_value_and_is_not_a_refusal() -> None:
    outcome = Admitted(7)
    assert outcome.refused is False and read_reasons(outcome) is None
    assert check.admitted(outcome) == 7
    assert repr(outcome) == "Admitted(value=7)"


def test_a_refusal_carries_every_located_reason_and_is_read_structurally() -> None:
    reasons = (
        OverQuota(where="$.size", why="11 units exceed the 10 left by 1"),
        Reason(where="$.name", why="the name is empty"),
    )
    outcome = Refused(list(reasons))  # any iterable becomes a tuple
    assert outcome.refused is True and outcome.reasons == reasons
    assert check.refused(outcome) == reasons
    missing, extra = unmatched([because(OverQuota, at="$.size", saying="by 1")], outcome.reasons)
    assert missing == [] and extra == [reasons[1]]


def test_values_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Admitted(1).value = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Refused(()), "expected a non-empty tuple of Reason values"),
        (lambda: Refused(("not a reason",)), "expected a non-empty tuple of Reason values"),
        (lambda: Reason(where="", why="x"), r"Reason.where: expected a non-empty str, got ''"),
        (lambda: OverQuota(where="$.size", why=3), r"OverQuota.why: expected a non-empty str, got 3"),
    ],
)
def test_a_malformed_outcome_is_refused_when_built(build: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        build()  # type: ignore[operator]


def test_the_public_surface_exports_the_values() -> None:
    import claims

    assert {"Admitted", "Refused", "Reason", "Outcome"} <= set(claims.__all__)
    from claims.defects import original

    assert original(len) is len  # outside the mutation engine, original() is the rule itself
