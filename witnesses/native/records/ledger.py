"""Witness the saved diagnostic's request ledger: 28/28/28 accounted, any count unequal, off by one, zero or negative unaccounted."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted
from domain.native.records import (
    SAVED_DIAGNOSTIC,
    RequestsUnaccounted,
    requests_accounted,
)
from witnesses.native.records import witness


@witness.positive(
    "The saved diagnostic accounts 28 send intents, 28 opened and 28 completions.", rules=[requests_accounted]
)
def saved_diagnostic_accounts_28_of_28() -> None:
    check.equal("completions", check.admitted(requests_accounted(SAVED_DIAGNOSTIC)), 28)


@witness.refusal(
    "A ledger with 27 completions for 28 send intents is unaccounted.",
    rules=[requests_accounted],
    reasons=[because(RequestsUnaccounted, at="$.requests", saying=["28", "completions 27"])],
)
def unequal_ledger_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, completions=27))


@witness.refusal(
    "An empty ledger of 0 send intents, 0 opened and 0 completions is unaccounted, though all three agree.",
    rules=[requests_accounted],
    reasons=[
        because(
            RequestsUnaccounted,
            at="$.requests",
            saying="send intents 0, opened 0, completions 0 must be equal and positive",
        )
    ],
)
def empty_ledger_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, send_intents=0, opened=0, completions=0))


@witness.positive(
    "A ledger of one send intent, opened and completed, accounts one request.", rules=[requests_accounted]
)
def one_request_ledger_accounts_one() -> None:
    check.equal(
        "completions",
        check.admitted(requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, send_intents=1, opened=1, completions=1))),
        1,
    )


_LEDGER = ("send_intents", "opened", "completions")


@witness.property(
    "A 28-request ledger with any one count off by one, above or below, is unaccounted, and 28/28/28 accounts 28.",
    rules=[requests_accounted],
)
@settings(max_examples=20)
@given(st.sampled_from(_LEDGER), st.sampled_from([-1, 1]))
@example("opened", -1)
@example("opened", 1)
@example("send_intents", 1)
@example("completions", 1)
def any_one_ledger_count_off_by_one_is_unaccounted(count: str, delta: int) -> None:
    check.equal("28/28/28", requests_accounted(SAVED_DIAGNOSTIC), Admitted(28))
    reasons = check.refused(requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, **{count: 28 + delta})))
    check.equal(
        f"{count} {28 + delta} refused at", [(type(r), r.where) for r in reasons], [(RequestsUnaccounted, "$.requests")]
    )


@witness.refusal(
    "A ledger short only of opened responses (28 sent, 27 opened, 28 completed) is unaccounted.",
    rules=[requests_accounted],
    reasons=[
        because(
            RequestsUnaccounted,
            at="$.requests",
            saying="send intents 28, opened 27, completions 28 must be equal and positive",
        )
    ],
)
def a_ledger_short_only_of_opened_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, opened=27))


@witness.refusal(
    "A ledger of -1 send intents, -1 opened and -1 completions is unaccounted, though all three agree.",
    rules=[requests_accounted],
    reasons=[
        because(
            RequestsUnaccounted,
            at="$.requests",
            saying="send intents -1, opened -1, completions -1 must be equal and positive",
        )
    ],
)
def negative_ledger_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, send_intents=-1, opened=-1, completions=-1))


@witness.property(
    "A ledger of equal positive counts admits exactly its count, at one, the seed's 28, past it and past 32 bits.",
    rules=[requests_accounted],
)
@settings(max_examples=30)
@given(st.integers(1, 2**40))
@example(1)
@example(28)
@example(29)
@example(2**33)
def equal_positive_counts_admit_their_count(n: int) -> None:
    record = attrs.evolve(SAVED_DIAGNOSTIC, send_intents=n, opened=n, completions=n)
    check.equal(f"{n}/{n}/{n}", requests_accounted(record), Admitted(n))
