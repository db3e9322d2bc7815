"""Declare the seeded defects of the dry run's JSON report: exact figures, the verdict's own outcome and reasons, each host's own line."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims.defects import Defect, original
from domain.spark import dry_run_json
from domain.spark.dry_run import DryRunReport

W = "spark.dry_run_json"


def document_with_float_figures(report: DryRunReport) -> dict[str, object]:
    """Build the document with every fit figure that is no whole GiB written as a float."""
    document = original(dry_run_json.dry_run_document)(report)
    fit = document["fit_wall"]
    if isinstance(fit, dict):
        document["fit_wall"] = {k: float(Fraction(v)) if isinstance(v, str) else v for k, v in fit.items()}
    return document


def document_with_the_heads_line(report: DryRunReport) -> dict[str, object]:
    """Build the document giving every host the serving head's command line."""
    if report.hosts:
        head = report.hosts[0]
        report = attrs.evolve(report, hosts=tuple(attrs.evolve(h, create_argv=head.create_argv) for h in report.hosts))
    return original(dry_run_json.dry_run_document)(report)


figures_written_as_floats = Defect(
    id="spark.json_figures_written_as_floats",
    target=dry_run_json.dry_run_document,
    intent="Write a fit figure that is no whole GiB as a float, so an automation reads 473.75 where the wall's exact requirement is 1895/4 (seed A3: exact arithmetic, no floats).",
    replacement=document_with_float_figures,
    must_red={f"{W}.a_fractional_figure_is_written_exactly"},
)

verdict_outcome_from_admission = Defect(
    id="spark.json_verdict_outcome_from_admission",
    target=dry_run_json.dry_run_document,
    intent="Say the document's verdict by admission alone, so a plan refused for an open frontier reads ADMITTED to a script (seed A4: admitted only when the plan rendered and admission holds).",
    patch=(
        '"outcome": "ADMITTED" if isinstance(verdict, Admitted) else "REFUSED",',
        '"outcome": "ADMITTED" if isinstance(report.admission, Admitted) else "REFUSED",',
    ),
    must_red={f"{W}.a_refused_document_says_every_reason", f"{W}.every_document_agrees_with_its_report"},
)

verdict_reasons_from_admission = Defect(
    id="spark.json_verdict_reasons_from_admission",
    target=dry_run_json.dry_run_document,
    intent="List admission's reasons as the verdict's, so a plan's open frontiers vanish from what a script reads.",
    patch=('"reasons": _reasons(verdict),', '"reasons": _reasons(report.admission),'),
    must_red={f"{W}.a_refused_document_says_every_reason", f"{W}.every_document_agrees_with_its_report"},
)

every_host_given_the_heads_line = Defect(
    id="spark.json_every_host_given_the_heads_line",
    target=dry_run_json.dry_run_document,
    intent="Give every host the serving head's argv and command line, so a script starting rank 2 from the document starts a second API server.",
    replacement=document_with_the_heads_line,
    must_red={f"{W}.each_host_says_what_its_rank_runs"},
)

json_text_escaped_to_ascii = Defect(
    id="spark.json_text_escaped_to_ascii",
    target=dry_run_json.render_dry_run_json,
    intent="Write non-ASCII text as \\u escapes, so the document names a log path other than the text report's as a person reads it.",
    patch=("ensure_ascii=False", "ensure_ascii=True"),
    must_red={f"{W}.the_json_text_is_the_document_indented"},
)
