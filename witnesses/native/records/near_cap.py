"""Witness the saved near-cap requests: 327675 + 5 = 327680 tokens at length, a stop, a miscount or a near miss of `length` refused."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings

from claims import because, check
from domain.core.outcome import Admitted
from domain.native.records import (
    SAVED_NEAR_CAP,
    NearCapNotAtLength,
    near_cap_finish,
)
from witnesses.core import strategies as near
from witnesses.native.records import witness


@witness.positive(
    "Both saved near-cap requests total 327675 + 5 = 327680 tokens, finishing at length.", rules=[near_cap_finish]
)
def near_cap_requests_total_327680_at_length() -> None:
    check.equal("totals", [check.admitted(near_cap_finish(r)) for r in SAVED_NEAR_CAP], [327680, 327680])


@witness.refusal(
    "A near-cap request that stopped early and miscounts its total is refused on both counts.",
    rules=[near_cap_finish],
    reasons=[
        because(NearCapNotAtLength, at="$.usage.total_tokens", saying=["327679", "327680"]),
        because(NearCapNotAtLength, at="$.finish_reason", saying="'stop'"),
    ],
)
def near_cap_stop_finish_is_refused():
    return near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[0], completion_tokens=4, finish="stop"))


@witness.property(
    "A near-cap request finishing with a near miss of `length` is refused at its finish reason, and `length` admits.",
    rules=[near_cap_finish],
)
@settings(max_examples=20)
@given(near.near_misses("length"))
@example(near.case_flipped("length"))
@example(near.strict_prefix("length"))
@example(near.extended("length", "_cap"))
@example(near.padded("length", after="\n"))
@example(near.lookalike("length"))
def near_misses_of_length_are_refused(miss: str) -> None:
    check.equal("length", near_cap_finish(SAVED_NEAR_CAP[0]), Admitted(327680))
    reasons = check.refused(near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[0], finish=miss)))
    check.equal(
        f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(NearCapNotAtLength, "$.finish_reason")]
    )


@witness.positive(
    "A near-cap request finishing at length whose total is one token over or under prompt + completion is refused at its total alone.",
    rules=[near_cap_finish],
)
def a_near_cap_total_off_by_one_either_way_is_refused_at_the_total() -> None:
    said = {}
    for total in (327679, 327681):
        reasons = check.refused(near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[1], total_tokens=total)))
        said[total] = [(type(r), r.where, r.why) for r in reasons]
    check.equal(
        "refusals",
        said,
        {
            total: [
                (
                    NearCapNotAtLength,
                    "$.usage.total_tokens",
                    f"prompt 327675 + completion 5 = 327680, not total {total}",
                )
            ]
            for total in (327679, 327681)
        },
    )


@witness.positive(
    "A near-cap request is admitted exactly when its prompt and completion add up to its total and it finished at "
    "`length`, for every size of either count (zero, one, the seed's, past 32 bits) and every finish (empty, `stop`, "
    "`length`), in either arm; each fault is refused at its own place.",
    rules=[near_cap_finish],
)
def every_count_size_and_finish_is_decided() -> None:
    for arm_result in SAVED_NEAR_CAP:
        for prompt in (0, 1, 327675, 2**40):
            for completion in (0, 1, 5, 2**33):
                for total_delta in (0, -1, 1):
                    for finish in ("length", "", "stop"):
                        result = attrs.evolve(
                            arm_result,
                            prompt_tokens=prompt,
                            completion_tokens=completion,
                            total_tokens=prompt + completion + total_delta,
                            finish=finish,
                        )
                        wheres = (["$.usage.total_tokens"] if total_delta else []) + (
                            [] if finish == "length" else ["$.finish_reason"]
                        )
                        outcome = near_cap_finish(result)
                        said = f"{arm_result.arm.value} {prompt}+{completion} total {prompt + completion + total_delta} {finish!r}"
                        if wheres:
                            check.equal(said, [r.where for r in check.refused(outcome)], wheres)
                        else:
                            check.equal(said, outcome, Admitted(prompt + completion))
