"""Decide what a `launch_dry_run` command line asks for, and what the command prints and returns: pure, no I/O.

    launch_dry_run v41-group-a --authority-log FILE [--at TIME] [--gpu-memory-utilization U]
                               [--open FRONTIER ...] [--engram-bets] [--json] [--out FILE]
    launch_dry_run glm-group-b --authority-log FILE [--at TIME] [--gpu-memory-utilization U] [--json] [--out FILE]

Seed A4: the dry run exits 0 only when the plan rendered and admission
holds; 1 when refused (every located reason printed, the report still
written, saying REFUSED); 2 on bad input: every located line
(`FILE:LINE: $.path: expected ..., got ...`, `--at: expected ..., got ...`,
`--out PATH: expected ..., got ...`), and nothing written.  The shell
(`domain.edges.launch_dry_run`) reads the log, checks `--out`, writes the
report and prints; everything it decides is decided here.  `--json` writes
the same report as JSON (`domain.spark.dry_run_json`, schema
`launch-dry-run/1`) with the same exit codes and the same printed lines.
"""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from types import MappingProxyType

import attrs
from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.json_text import JSON_INT_MAX
from domain.core.outcome import Admitted, Reason, Refused, reason_line
from domain.core.sizes import BASIS_POINTS_PER_UNIT, bp_in_unit_range
from domain.edges.command_output import EXIT_NO, EXIT_YES, CommandOutput, bad_input
from domain.spark.authority_log import read_authority_log
from domain.spark.dry_run import (
    DryRunReport,
    glm_group_b_launch_dry_run,
    render_dry_run_report,
    v41_group_a_launch_dry_run,
)
from domain.spark.dry_run_json import render_dry_run_json
from domain.spark.frontiers import (
    ENGRAM_MANIFEST,
    FIXTURE_HOST_EFFECTS_DISCHARGE,
    FIXTURE_OCCUPANCY_DISCHARGE,
    HOST_EFFECTS,
    LAUNCH_SHAPE,
    OCCUPANCY,
)
from domain.spark.profile import GLM_GROUP_B_PROFILE
from domain.spark.v41_group_a_launch import (
    FIXTURE_V41_ENGRAM_STORE_MANIFEST,
    FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    V41LaunchInputs,
    authority_transition_discharge,
    v41_produced_from_log,
)

DEFAULT_OUT = MappingProxyType(
    {"v41-group-a": "target/v41-group-a-launch-dry-run.txt", "glm-group-b": "target/glm-group-b-launch-dry-run.txt"}
)
"""Where each arm's report goes without `--out`, relative to the directory the shell names (its working directory)."""

DEFAULT_JSON_OUT = MappingProxyType(
    {"v41-group-a": "target/v41-group-a-launch-dry-run.json", "glm-group-b": "target/glm-group-b-launch-dry-run.json"}
)
"""Where each arm's JSON report (`--json`) goes without `--out`: beside the text one, named `.json`."""

OPENABLE = (LAUNCH_SHAPE.key, ENGRAM_MANIFEST.key, OCCUPANCY.key, HOST_EFFECTS.key)
"""Frontiers the dry run discharges with a fixture by default; `--open` withholds one."""

BAD_INPUT = "launch_dry_run: bad input; nothing written"

# ASCII digits only: `\d` would read fullwidth or Arabic-Indic digits as a number.
_DECIMAL = re.compile(r"([0-9]+)(?:\.([0-9]+))?")
_EPOCH = re.compile(r"[0-9]+")
# ISO 8601's extended format only (the rule then requires the zone): `fromisoformat` alone also reads a space or any character between
# date and time, the basic format (20260101T010000Z), a space before the zone and an offset without its colon.
_ISO_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,6})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?"
)

_EPOCH_START = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)


@frozen
class DryRunCall:
    """Carry a launch_dry_run command line as given: each option still the text the operator typed (None when absent)."""

    arm: str = field(validator=attrs.validators.in_(tuple(DEFAULT_OUT)))
    authority_log: str = field(validator=vf.strict_str)
    at: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    utilization: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    opened: tuple[str, ...] = field(default=(), validator=vf.tuple_of(str))
    engram_bets: bool = field(default=False, validator=vf.strict_bool)
    out: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    json: bool = field(default=False, validator=vf.strict_bool)


@frozen
class BadArgument(Reason):
    """Say a command-line argument is not what the command reads, located at its option."""


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text)} characters)"


def utilization_bp(text: str) -> Admitted[int] | Refused:
    """Read `--gpu-memory-utilization` (0.80) as basis points exactly; refuse more than 4 places or a share outside (0, 1]."""
    where = "--gpu-memory-utilization"
    match = _DECIMAL.fullmatch(text)
    if not match or len(match.group(2) or "") > 4:
        return Refused(
            (BadArgument(where, f"expected a decimal with at most 4 places such as 0.80, got {_shown(text)}"),)
        )
    whole, places = match.group(1).lstrip("0"), match.group(2) or ""
    if len(whole) > 1:  # 10 or more; checked first so a 5,000-digit value is never converted
        return Refused((BadArgument(where, f"expected a share in (0, 1], got {_shown(text)}"),))
    bp = (int(whole or "0") + Fraction(int(places or "0"), 10 ** len(places))) * BASIS_POINTS_PER_UNIT
    if bp.denominator != 1 or not bp_in_unit_range(int(bp)):
        return Refused((BadArgument(where, f"expected a share in (0, 1], got {_shown(text)}"),))
    return Admitted(int(bp))


def read_time(text: str) -> Admitted[int] | Refused:
    """Read `--at` as epoch seconds or an ISO 8601 time with a zone (2026-03-01T12:00:00Z); refuse anything else."""
    if _EPOCH.fullmatch(text):
        if len(text) > len(str(JSON_INT_MAX)) or int(text) > JSON_INT_MAX:
            return Refused(
                (BadArgument("--at", f"expected epoch seconds of at most {JSON_INT_MAX}, got {_shown(text)}"),)
            )
        return Admitted(int(text))
    try:
        # Python 3.11's fromisoformat reads the designator Z itself (the project needs 3.11 or later).
        moment = datetime.datetime.fromisoformat(text) if _ISO_TIME.fullmatch(text) else None
    except ValueError:  # the shape of a time, but not one (month 13, hour 25)
        moment = None
    if moment is None or moment.tzinfo is None:
        return Refused(
            (
                BadArgument(
                    "--at",
                    f"expected epoch seconds or an ISO 8601 time with a zone such as 2026-03-01T12:00:00Z, got {_shown(text)}",
                ),
            )
        )
    # The log's times are seconds since the epoch (never negative): an earlier time names no second it can read.
    if moment < _EPOCH_START:
        return Refused(
            (BadArgument("--at", f"expected a time at or after the epoch 1970-01-01T00:00:00Z, got {_shown(text)}"),)
        )
    # Exact: timestamp() is a float, whose last microsecond of a late enough second rounds up into the next one.
    return Admitted((moment - _EPOCH_START) // datetime.timedelta(seconds=1))


def frontier_key(text: str) -> Admitted[str] | Refused:
    """Read one `--open` value as the frontier it withholds (`12371` and `#12371` name the same one); refuse any other text."""
    key = f"#{text}" if _EPOCH.fullmatch(text) else text
    if key not in OPENABLE:
        spelled = ", ".join(k.removeprefix("#") for k in OPENABLE)
        return Refused(
            (BadArgument("--open", f"expected one of {spelled} (a leading # is optional), got {_shown(text)}"),)
        )
    return Admitted(key)


def report_path(call: DryRunCall, directory: str) -> str:
    """Return where the report goes: `--out` as given, else the arm's default (`.json` with `--json`) under `directory` ("" keeps it relative)."""
    if call.out is not None:
        return call.out
    default = (DEFAULT_JSON_OUT if call.json else DEFAULT_OUT)[call.arm]
    return f"{directory.rstrip('/')}/{default}" if directory else default


def rendered_report(call: DryRunCall, report: DryRunReport) -> str:
    """Return the report's text as the command line asks for it: JSON (`launch-dry-run/1`) with `--json`, else the text report."""
    return render_dry_run_json(report) if call.json else render_dry_run_report(report)


def _refusals(*outcomes: object) -> list[Reason]:
    return [reason for outcome in outcomes if isinstance(outcome, Refused) for reason in outcome.reasons]


def _combination_reasons(call: DryRunCall, keys: tuple[str, ...]) -> list[Reason]:
    reasons: list[Reason] = []
    if call.arm == "glm-group-b":
        if keys:
            reasons.append(BadArgument("--open", "glm-group-b declares no frontiers, got " + ", ".join(keys)))
        if call.engram_bets:
            reasons.append(
                BadArgument("--engram-bets", "glm-group-b declares nothing beyond its weights, so it bets nothing")
            )
    elif call.utilization is not None and LAUNCH_SHAPE.key in keys:
        reasons.append(
            BadArgument(
                "--gpu-memory-utilization",
                f"overrides {LAUNCH_SHAPE.key}'s launch shape, which --open {LAUNCH_SHAPE.key} leaves open",
            )
        )
    return reasons


def dry_run_report(
    call: DryRunCall, log_text: Admitted[str] | Refused, out: Admitted[str] | Refused, now: int
) -> Admitted[DryRunReport] | Refused:
    """Fold the command line, the authority log's text and the `--out` check into the report; refuse with every bad input, located."""
    at = read_time(call.at) if call.at is not None else Admitted(now)
    bp = utilization_bp(call.utilization) if call.utilization is not None else None
    read = read_authority_log(log_text.value, call.authority_log) if isinstance(log_text, Admitted) else log_text
    opened = [frontier_key(text) for text in call.opened]
    keys = tuple(o.value for o in opened if isinstance(o, Admitted))
    reasons = [*_refusals(at, bp, read, *opened), *_combination_reasons(call, keys), *_refusals(out)]
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(at, Admitted) and isinstance(read, Admitted) and not isinstance(bp, Refused)
    log, when, share = read.value, at.value, None if bp is None else bp.value
    if call.arm == "glm-group-b":
        profile = (
            GLM_GROUP_B_PROFILE if share is None else attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=share)
        )
        return Admitted(glm_group_b_launch_dry_run(log, when, profile))
    shape = None if LAUNCH_SHAPE.key in keys else FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE
    if shape is not None and share is not None:
        shape = attrs.evolve(
            shape,
            gpu_memory_utilization_bp=share,
            source=f"{shape.source}, utilization {share} bp from --gpu-memory-utilization",
        )
    inputs = V41LaunchInputs(
        produced=v41_produced_from_log(log, when),
        launch_shape=shape,
        engram_manifest=None if ENGRAM_MANIFEST.key in keys else FIXTURE_V41_ENGRAM_STORE_MANIFEST,
        discharges=(
            authority_transition_discharge(),
            *(d for d in (FIXTURE_OCCUPANCY_DISCHARGE, FIXTURE_HOST_EFFECTS_DISCHARGE) if d.key not in keys),
        ),
    )
    return Admitted(v41_group_a_launch_dry_run(log, when, inputs, engram_bets=call.engram_bets))


def dry_run_output(
    report: Admitted[DryRunReport] | Refused, out: str, written: Admitted[str] | Refused | None
) -> CommandOutput:
    """Say what the dry run prints and returns: 2 on bad input or an unwritten report, else 0 admitted or 1 refused with every reason.

    `written` is the report's write, None when none was attempted (only after a refused report).
    """
    if isinstance(report, Refused):
        return bad_input(report.reasons, BAD_INPUT)
    if isinstance(written, Refused):
        return bad_input(written.reasons, BAD_INPUT)
    arm, verdict = report.value.arm, report.value.verdict
    if isinstance(verdict, Refused):
        count = len(verdict.reasons)
        head = f"{arm}: REFUSED ({count} reason{'' if count == 1 else 's'}); report written to {out}"
        return CommandOutput(EXIT_NO, (head, *(f"  {reason_line(reason)}" for reason in verdict.reasons)))
    return CommandOutput(EXIT_YES, (f"{arm}: ADMITTED ({verdict.value}); report written to {out}",))
