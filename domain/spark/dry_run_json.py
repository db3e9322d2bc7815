"""Write a launch dry run's report as JSON, for automation around it: the same report as the text, as data (pure: no I/O).

The document is versioned (`"schema": "launch-dry-run/1"`) and described
by `docs/launch-dry-run.schema.json`; a change that removes or retypes a key
takes a new version.  It holds what the text says and nothing else: the
verdict and every located reason, the log and the second it was read at
(epoch and ISO 8601 UTC), the fit wall's exact figures (an int, or `"n/d"`
for a fraction, as every domain document writes one), each host's summary
(node rank, role, image, ports, mounts), its shell command line and argv,
unit, Engram staging and scripts, then admission, the declared frontiers
and the Engram bets when asked.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TypeVar

from domain.core.outcome import Admitted, Reason, Refused
from domain.core.utc_time import iso_utc
from domain.spark.dry_run import DryRunReport, HostSection, role_of
from domain.spark.render import shell_command_line

DRY_RUN_SCHEMA = "launch-dry-run/1"
"""The version a document names first; a consumer checks it before reading anything else."""

P = TypeVar("P")


def _exact(value: int | Fraction) -> int | str:
    # An int stays an int; a fraction travels as "n/d", exactly (no float ever carries a size).
    exact = Fraction(value)
    return exact.numerator if exact.denominator == 1 else f"{exact.numerator}/{exact.denominator}"


def _reasons(outcome: Admitted[P] | Refused) -> list[object]:
    reasons: tuple[Reason, ...] = outcome.reasons if isinstance(outcome, Refused) else ()
    return [{"kind": type(r).__name__, "where": r.where, "why": r.why} for r in reasons]


def _host(section: HostSection) -> dict[str, object]:
    return {
        "host": section.host,
        "node_rank": section.node_rank,
        "role": role_of(section.node_rank),
        "image": section.image,
        "api_port": section.api_port,
        "rendezvous": {"address": section.rendezvous_address, "port": section.rendezvous_port},
        "mounts": [
            {"source": m.source, "target": m.target, "mode": "ro" if m.read_only else "rw"} for m in section.mounts
        ],
        "command_line": shell_command_line(section.create_argv),
        "create_argv": list(section.create_argv),
        "unit": {"name": section.unit_name, "text": section.unit_text},
        "engram_staging": list(section.staging),
        "preflight_script": section.preflight_script,
        "apply_script": section.apply_script,
    }


def dry_run_document(report: DryRunReport) -> dict[str, object]:
    """Return the report as a JSON document (`launch-dry-run/1`): verdict first, then the read, the fit, the hosts, admission, frontiers and bets."""
    verdict, fit = report.verdict, report.fit
    return {
        "schema": DRY_RUN_SCHEMA,
        "arm": report.arm,
        "verdict": {
            "outcome": "ADMITTED" if isinstance(verdict, Admitted) else "REFUSED",
            "said": verdict.value if isinstance(verdict, Admitted) else None,
            "reasons": _reasons(verdict),
        },
        "authority_log": {"path": report.authority_source, "read_at": {"epoch": report.at, "utc": iso_utc(report.at)}},
        "lands_on_a_host": False,
        "utilization_bp": report.utilization_bp,
        "fit_wall": None
        if fit is None
        else {
            "weights_gib": fit.weights_gib,
            "allowance_gib": fit.allowance_gib,
            "resident_gib": fit.resident_gib,
            "requirement_gib": _exact(fit.requirement_gib),
            "pool_gib": fit.pool_gib,
            "margin_gib": _exact(fit.margin_gib),
        },
        "hosts": [_host(section) for section in report.hosts],
        "admission": {
            "outcome": "ADMITTED" if isinstance(report.admission, Admitted) else "REFUSED",
            "reasons": _reasons(report.admission),
        },
        "declared_frontiers": list(report.frontiers),
        "engram_bets": list(report.engram_bets),
    }


def render_dry_run_json(report: DryRunReport) -> str:
    """Render the report's JSON document as text: two-space indents, keys in the document's order, UTF-8 as is, one final newline."""
    return json.dumps(dry_run_document(report), indent=2, ensure_ascii=False) + "\n"
