"""The HTML page without a browser: self-contained, licensed, escaped, deterministic, small."""

from __future__ import annotations

import json
import re
import time
from importlib import resources

import attrs

from claims._internal.reports.html import compact_test_ids, html_report
from claims._internal.reports.stryker import stryker_report

from .synthetic import ALONE, FW, MANY_KILLERS, OVER, UNIT, big_model, synthetic_model

VENDOR = resources.files("claims._internal.reports").joinpath("vendor")


def _embedded(page: str) -> dict[str, object]:
    match = re.search(r'<script type="application/json" id="mutation-report">(.*?)</script>', page, re.S)
    assert match, "no embedded report"
    return json.loads(match.group(1))  # type: ignore[no-any-return]


def test_the_bundle_is_inlined_and_nothing_is_loaded_from_elsewhere() -> None:
    page = html_report(synthetic_model())
    bundle = VENDOR.joinpath("mutation-test-elements.js").read_text(encoding="utf-8")
    assert "</script" not in bundle.lower()
    assert f"<script>{bundle}</script>" in page
    outside = re.findall(r"<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=", page, re.I)
    assert outside == []
    assert page.count("<mutation-test-report-app") == 1


def test_the_licence_notice_is_in_a_comment_and_in_the_footer_with_the_full_texts() -> None:
    page = html_report(synthetic_model())
    assert re.search(r"<!-- The report view is mutation-testing-elements 3\.9\.0 .*Apache License 2\.0.* -->", page)
    footer = page[page.index("<footer>") :]
    assert "mutation-testing-elements 3.9.0" in footer
    assert "Apache License" in footer and "Version 2.0, January 2004" in footer
    assert "Copyright (c) 2017 Google LLC" in footer and "Copyright (c) 2012 Lea Verou" in footer


def test_the_embedded_report_is_the_stryker_report_with_short_test_ids() -> None:
    model = synthetic_model()
    embedded = _embedded(html_report(model))
    assert embedded == json.loads(json.dumps(compact_test_ids(stryker_report(model))))
    names = {t["id"]: t["name"] for f in embedded["testFiles"].values() for t in f["tests"]}  # type: ignore[attr-defined]
    killers = next(m for f in embedded["files"].values() for m in f["mutants"] if m["id"] == MANY_KILLERS)["killedBy"]  # type: ignore[attr-defined]
    assert sorted(names[k] for k in killers) == sorted(next(m for m in model.mutants if m.id == MANY_KILLERS).killed_by)
    assert len(set(names)) == len(model.tests) and max(len(k) for k in names) == 1


def test_script_endings_and_comments_in_sources_cannot_break_out_of_the_page() -> None:
    model = synthetic_model()
    hostile = model.files[FW] + '\nEVIL = "</script><script>alert(1)</script><!-- <script>"\n'
    page = html_report(attrs.evolve(model, files={**model.files, FW: hostile}))
    assert page.count("</script>") == 3  # the bundle's, the report's, the loader's
    assert _embedded(page)["files"][FW]["source"] == hostile  # type: ignore[index]


def test_the_views_are_beside_the_element_as_plain_tables() -> None:
    page = html_report(synthetic_model())
    views = page[page.index('<section id="claim-views">') : page.index("</section>")]
    assert list(re.findall(r"<h3 id=\"[^\"]+\">([^<]+)</h3>", views)) == [
        "Rules",
        "Claims",
        "Claims that kill nothing",
        "Operators",
    ]
    assert (
        f"<td><code>{OVER}</code></td><td>refusal</td><td>3</td><td>5</td><td>1</td><td><code>{ALONE}</code></td>"
        in views
    )
    assert f"<tr><td><code>{UNIT}</code></td><td>snapshot</td><td>0</td></tr>" in views


def test_a_stryker_report_alone_renders_without_the_views() -> None:
    page = html_report(stryker_report(synthetic_model()))
    assert "views by rule and claim need the report model" in page
    assert _embedded(page) == _embedded(html_report(synthetic_model()))


def test_the_same_model_gives_the_same_bytes_in_any_order() -> None:
    model = synthetic_model()
    shuffled = attrs.evolve(model, mutants=tuple(reversed(model.mutants)), tests=tuple(reversed(model.tests)))
    assert html_report(model).encode() == html_report(shuffled).encode() == html_report(synthetic_model()).encode()


def test_a_page_of_5000_mutants_stays_small_and_quick() -> None:
    started = time.monotonic()
    page = html_report(big_model(5000))
    assert time.monotonic() - started < 5
    # Measured: 2.6 MB, most of it the report itself (ids shortened: full claim ids would make it 7.9 MB).
    assert len(page.encode()) < 3_500_000
