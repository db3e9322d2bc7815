"""Decide whether a complete native packet fits the submission window, and say it with every figure's provenance.

Seed B2: every figure carries provenance, MEASURED or ESTIMATED; the window
is 75 min with a 90 min hard bound; a native wait ends at
`min(time_at_call + native_wait, submission_deadline)`.  The verdict the seed
reaches: no established one-HOLD fit and no established 900 s
complete-packet fit, so publishing PASS from an incomplete probe set to meet
the clock is prohibited.  `window_feasibility` folds the illustration, the
wait a call after the S30 diagnostic gets, and both fits into one value;
`window_feasibility_lines` says it the way `native_verdict --window` prints it.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused, reason_line
from domain.native.figures import Figure, Provenance, Unit, in_seconds, point, report
from domain.native.waits import native_wait_deadline
from domain.native.windows import (
    CaseCost,
    WindowIllustration,
    WindowInputs,
    complete_packet_fit,
    one_hold_fit,
    window_illustration,
)

PRINTED: tuple[tuple[str, str, int], ...] = (
    ("probe_32k", "one 32K/32-token probe", 2),
    ("eight_probes", "eight 32K probes per arm", 1),
    ("near_cap_probe", "one 327675+5 probe", 1),
    ("three_near_cap", "three near-cap probes per arm", 1),
    ("across_arms", "across OFF/ON", 1),
    ("diagnostic_before_restore", "the S30 diagnostic, then the probes, before restore", 0),
    ("left_before_submission", "left before the submission window after the S30 diagnostic", 0),
    ("extra_engine_start", "each extra engine start", 1),
    ("four_waits", "four native waits", 0),
    ("w13_span", "W13 first send to last completion", 3),
)
"""The illustration's figures in the seed's order: field, what it is, and the decimals the seed prints it at."""


@frozen
class WindowFeasibility:
    """Carry the seed's window figures, when a wait called after the S30 diagnostic ends, and both fit verdicts."""

    inputs: WindowInputs = field(validator=vf.instance_of(WindowInputs))
    illustration: WindowIllustration = field(validator=vf.instance_of(WindowIllustration))
    wait_after_diagnostic: Figure = field(validator=vf.instance_of(Figure))
    one_hold: Admitted[Figure] | Refused = field(validator=vf.instance_of((Admitted, Refused)))
    complete_packet: Admitted[Figure] | Refused = field(validator=vf.instance_of((Admitted, Refused)))


def _wait_ends(call: Figure, native_wait_s: int, submission_window_min: int) -> Admitted[Figure] | Refused:
    # Both ends of the call interval bound a wait; a call is an event to come, so its end carries the call's provenance.
    ends = []
    for at in (in_seconds(call).lo, in_seconds(call).hi):
        end = native_wait_deadline(at, native_wait_s, submission_window_min * 60)
        if isinstance(end, Refused):
            return end
        ends.append(end.value / 60)
    return Admitted(Figure(ends[0], ends[1], Unit.MINUTES, call.provenance, "wait_after_diagnostic"))


def window_feasibility(
    inputs: WindowInputs, costs: tuple[CaseCost, ...], unmeasured: tuple[str, ...]
) -> Admitted[WindowFeasibility] | Refused:
    """Fold the illustration, the wait after the S30 diagnostic and both fits; refuse what the illustration refuses."""
    illustration = window_illustration(inputs)
    if isinstance(illustration, Refused):
        return illustration
    wait = _wait_ends(inputs.s30_diagnostic, inputs.native_wait_s, inputs.submission_window_min)
    if isinstance(wait, Refused):
        return wait
    return Admitted(
        WindowFeasibility(
            inputs=inputs,
            illustration=illustration.value,
            wait_after_diagnostic=wait.value,
            one_hold=one_hold_fit(
                illustration.value.diagnostic_before_restore,
                inputs.submission_window_min,
                inputs.hard_bound_min,
                unmeasured,
            ),
            complete_packet=complete_packet_fit(costs, inputs.native_wait_s),
        )
    )


def _said(figure: Figure, places: int) -> str:
    # A figure is reported under its own provenance, which `report` always admits.
    reported = report(figure, figure.provenance, places)
    return reported.value.text if isinstance(reported, Admitted) else "; ".join(r.why for r in reported.reasons)


def _verdict_lines(what: str, outcome: Admitted[Figure] | Refused) -> list[str]:
    if isinstance(outcome, Admitted):
        return [f"{what}: ESTABLISHED, {_said(outcome.value, 1)}"]
    reasons: tuple[Reason, ...] = outcome.reasons
    return [
        f"{what}: NOT ESTABLISHED ({len(reasons)} reason{'' if len(reasons) == 1 else 's'})",
        *(f"  {reason_line(r)}" for r in reasons),
    ]


def window_feasibility_lines(feasibility: WindowFeasibility) -> tuple[str, ...]:
    """Say every figure with its provenance, the wait after the diagnostic, both fits, and the window's verdict."""
    i, w = feasibility.inputs, feasibility.illustration
    # The window and the bound are given, not estimated (seed B2: 75 min, hard bound 90 min).
    window = point(i.submission_window_min, Unit.MINUTES, Provenance.MEASURED, "submission_window")
    bound = point(i.hard_bound_min, Unit.MINUTES, window.provenance, "hard_bound")
    lines = [f"submission window: {_said(window, 0)}; hard bound: {_said(bound, 0)}"]
    lines += [f"{what}: {_said(getattr(w, name), places)}" for name, what, places in PRINTED]
    lines.append(
        f"a native wait called when the S30 diagnostic ends, at {_said(i.s30_diagnostic, 0)}, ends at "
        f"{_said(feasibility.wait_after_diagnostic, 0)}: min(the call + {i.native_wait_s} s, the submission deadline)"
    )
    complete = f"complete-packet fit within the {i.native_wait_s} s wait"
    lines += _verdict_lines("one-HOLD fit", feasibility.one_hold)
    lines += _verdict_lines(complete, feasibility.complete_packet)
    missing = [
        what
        for what, outcome in (("one-HOLD fit", feasibility.one_hold), (complete, feasibility.complete_packet))
        if isinstance(outcome, Refused)
    ]
    if not missing:
        lines.append("window: a one-HOLD fit and a complete-packet fit are established")
    else:
        lines.append("window: " + " and ".join(f"no established {what}" for what in missing))
        lines.append("publishing PASS from an incomplete probe set to meet the clock is prohibited")
    return tuple(lines)
