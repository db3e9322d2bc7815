"""Render one self-contained, offline HTML page: Stryker's report element, the views beside it, the licences.

The page inlines the vendored `mutation-testing-elements` bundle (no CDN,
no request of any kind), embeds the report JSON in a non-executed
`<script type="application/json">`, and hands it to the
`<mutation-test-report-app>` element.  The same input gives the same bytes.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from claims._internal.reports.model import ReportModel
from claims._internal.reports.stryker import stryker_report
from claims._internal.reports.views import Cell, Table, tables
from claims.errors import ClaimsError

BUNDLE = "mutation-test-elements.js"
ELEMENTS = "mutation-testing-elements 3.9.0"
LICENCE_FILES = ("LICENSE.mutation-testing-elements", "THIRD-PARTY-NOTICES.txt")
NOTICE = (
    f"The report view is {ELEMENTS} (https://github.com/stryker-mutator/mutation-testing-elements), "
    "licensed under the Apache License 2.0, inlined unchanged; its bundle also holds "
    "lit and @lit-labs/observers (BSD-3-Clause), prismjs, prism-svelte, anser, fuzziersort, tailwindcss and "
    "@tailwindcss/forms (MIT) and rxjs (Apache-2.0). The full licence texts are under Licences at the end of this page."
)

# Theme the views like the element: follow its theme-changed event, whose detail names the background colour.
SCRIPT = """
const app = document.querySelector('mutation-test-report-app');
app.report = JSON.parse(document.getElementById('mutation-report').textContent);
function followTheme() {
  document.body.style.backgroundColor = app.themeBackgroundColor;
  document.body.classList.toggle('dark', app.theme === 'dark');
}
app.addEventListener('theme-changed', followTheme);
followTheme();
"""

STYLE = """
body { font-family: ui-sans-serif, system-ui, sans-serif; color: #1f2937; }
body.dark { color: #e5e7eb; }
#claim-views, footer { max-width: 1400px; margin: 0 auto; padding: 0 1.5rem 1.5rem; }
#claim-views h2 { font-size: 1.5rem; margin: 2rem 0 0.5rem; }
#claim-views h3 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
#claim-views .scroll { overflow-x: auto; }
#claim-views table { border-collapse: collapse; font-size: 0.85rem; margin-bottom: 1rem; }
#claim-views th, #claim-views td { border: 1px solid #d1d5db; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
#claim-views th { position: sticky; top: 0; background: #f3f4f6; }
body.dark #claim-views th { background: #374151; }
#claim-views code { font-size: 0.8rem; white-space: nowrap; }
footer { font-size: 0.8rem; color: #6b7280; }
footer pre { white-space: pre-wrap; font-size: 0.75rem; }
"""


def _vendored(name: str) -> str:
    return resources.files("claims._internal.reports").joinpath("vendor", name).read_text(encoding="utf-8")


def html_report(source: ReportModel | Mapping[str, Any], title: str = "typed-claims") -> str:
    """Render the page from a model (report and views) or from a Stryker report dict (report only)."""
    if isinstance(source, ReportModel):
        report, views = stryker_report(source), views_html(tables(source))
    else:
        report, views = (
            dict(source),
            "<p>Rendered from a Stryker report alone: the views by rule and claim need the report model.</p>",
        )
    bundle = _vendored(BUNDLE)
    # A `</script` inside the inlined bundle would end its element early; the vendored file has none (tests hold it to that).
    if "</script" in bundle.lower():
        raise ClaimsError(
            f"the vendored {BUNDLE} contains '</script' and cannot be inlined; re-vendor it (vendor/README.md)"
        )
    licences = "\n\n".join(_vendored(name) for name in LICENCE_FILES)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{html.escape(title)} mutation report</title>",
            f"<!-- {_comment(NOTICE)} -->",
            f"<script>{bundle}</script>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            f'<mutation-test-report-app title-postfix="{html.escape(title)}"></mutation-test-report-app>',
            f'<section id="claim-views">\n<h2>Claims, rules and operators</h2>\n{views}\n</section>',
            f"<footer>\n<p>{html.escape(NOTICE)}</p>\n<details><summary>Licences</summary><pre>{html.escape(licences)}</pre></details>\n</footer>",
            f'<script type="application/json" id="mutation-report">{embedded_json(compact_test_ids(report))}</script>',
            f"<script>{SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def compact_test_ids(report: Mapping[str, Any]) -> dict[str, Any]:
    """Return the report with each test id replaced by a short one (base 36, in test order); names stay.

    A mutant lists ~17 covering and ~7 killing claims, and claim ids run to
    60 characters: the ids alone would make most of the page.  The element
    shows a test by its name (the claim id), so short ids change nothing seen.
    """
    tests = [t for f in report.get("testFiles", {}).values() for t in f["tests"]]
    short = {t["id"]: _base36(n) for n, t in enumerate(tests)}
    out = dict(report)
    out["testFiles"] = {
        path: {**f, "tests": [{**t, "id": short[t["id"]]} for t in f["tests"]]}
        for path, f in report.get("testFiles", {}).items()
    }
    out["files"] = {
        path: {**f, "mutants": [_relabel(m, short) for m in f["mutants"]]} for path, f in report["files"].items()
    }
    return out


def _relabel(mutant: Mapping[str, Any], short: Mapping[str, str]) -> dict[str, Any]:
    out = dict(mutant)
    for key in ("killedBy", "coveredBy"):
        if key in out:
            out[key] = [short.get(i, i) for i in out[key]]
    return out


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        n, rest = divmod(n, 36)
        text = digits[rest] + text
        if not n:
            return text


def embedded_json(report: Mapping[str, Any]) -> str:
    """Serialise the report for a script element: keys sorted, compact, every `<` escaped so no `</script>` or `<!--` can occur."""
    return json.dumps(report, sort_keys=True, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def _comment(text: str) -> str:
    """Make text safe inside an HTML comment (it may not hold `--`)."""
    return text.replace("--", "- -")


def views_html(views: tuple[Table, ...]) -> str:
    """Render the views as plain HTML tables, each under its title."""
    return "\n".join(_table(t) for t in views)


def _table(table: Table) -> str:
    slug = table.title.lower().replace(" ", "-")
    if not table.rows:
        return f'<h3 id="{slug}">{html.escape(table.title)}</h3>\n<p>{html.escape(table.empty.capitalize())}.</p>'
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headers)
    body = "\n".join("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    return f'<h3 id="{slug}">{html.escape(table.title)}</h3>\n<div class="scroll"><table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table></div>'


def _cell(cell: Cell) -> str:
    if isinstance(cell, str):
        return html.escape(cell)
    return "<br>".join(f"<code>{html.escape(item)}</code>" for item in cell)
