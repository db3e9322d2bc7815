"""Open the HTML report in headless Chromium with no network, and read what it shows from the page, shadow DOM included.

Needs Debian's `chromium` and `chromium-driver` and selenium (the `test`
extra).  Without them the tests skip, except under CI (`CI` set), where
they fail: CI cannot silently skip the only check that the page renders.
Saves `target/mutation-report.png`: the file tree above a mutant's drawer
listing its killers.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from claims._internal.reports.html import html_report

from .synthetic import MANY_KILLERS, OVER, status_counts, synthetic_model

CHROMIUM = os.environ.get("CLAIMS_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CLAIMS_CHROMEDRIVER", "/usr/bin/chromedriver")
SCREENSHOT = Path(__file__).resolve().parents[2] / "target" / "mutation-report.png"
FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
    " --disable-component-update --disable-sync --window-size=1280,1000"
    # Every request that escapes the blocking below goes to a dead proxy, loopback included.
    " --proxy-server=http://127.0.0.1:9 --proxy-bypass-list=<-loopback>"
).split()
# The element's metrics-table cells, by the status each one counts.
CELLS = {
    "killed": "Killed",
    "survived": "Survived",
    "timeout": "Timeout",
    "noCoverage": "NoCoverage",
    "ignored": "Ignored",
    "runtimeErrors": "RuntimeError",
    "compileErrors": "CompileError",
}
# Find elements in the document and in every shadow root below it.
DEEP = """
function deep(selector, root = document, found = []) {
  for (const el of root.querySelectorAll('*')) {
    if (el.matches(selector)) found.push(el);
    if (el.shadowRoot) deep(selector, el.shadowRoot, found);
  }
  return found;
}
"""


def _ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def _missing() -> list[str]:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not (os.path.isfile(path) and os.access(path, os.X_OK))]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install -e '.[test]')")
    return missing


class Page:
    """A report opened in Chromium, with every network request the browser logged."""

    def __init__(self, driver: Any, url: str) -> None:
        self.driver: Any = driver
        self.url = url
        self.requests: list[str] = []

    def js(self, script: str, *args: Any) -> Any:
        """Run a script with `deep(selector)` at hand."""
        return self.driver.execute_script(DEEP + script, *args)

    def go(self, fragment: str) -> None:
        """Route the element to a view (the fragment changes, nothing is loaded)."""
        self.js("location.hash = arguments[0];", fragment)

    def wait(self, script: str, what: str) -> Any:
        """Wait until the script returns something truthy; return it."""
        from selenium.webdriver.support.wait import WebDriverWait

        return WebDriverWait(self.driver, 15, poll_frequency=0.05).until(
            lambda _: self.js(script), f"the page never showed {what}"
        )

    def log_requests(self) -> None:
        """Add every request the browser logged since the last call."""
        entries: list[dict[str, Any]] = self.driver.get_log("performance")
        for entry in entries:
            message = json.loads(entry["message"])["message"]
            if message["method"] in ("Network.requestWillBeSent", "Network.webSocketCreated"):
                self.requests.append(message["params"].get("request", message["params"]).get("url"))


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    """Write the synthetic model's report and open it with the network off."""
    missing = _missing()
    if missing:
        message = "the browser test needs " + ", ".join(missing) + " (apt-get install -y chromium chromium-driver)"
        if _ci():
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    folder = Path(tempfile.mkdtemp(prefix="claims-report-"))
    report = folder / "report.html"
    report.write_text(html_report(synthetic_model()), encoding="utf-8")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={folder / 'profile'}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*"]})
        opened = Page(driver, report.as_uri())
        # What the browser's own start page loaded (chrome:// resources) is not the report's doing: drop it.
        driver.get("about:blank")
        opened.log_requests()
        opened.requests.clear()
        driver.get(opened.url)
        opened.wait("return deep('td[aria-describedby=tooltip-totalMutants]').length > 0", "the metrics table")
        yield opened
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)


def _file_paths(page: Page) -> list[str]:
    """Return the element's route to every file with mutants, from its file picker."""
    hrefs = page.js("return deep('#files a').map(a => a.getAttribute('href'))")
    return sorted(h.split("#mutant/", 1)[1] for h in hrefs if "#mutant/" in h)


def _show_every_status(page: Page) -> None:
    page.js("for (const box of deep('input[id^=filter-]')) if (!box.checked) box.click();")


def test_the_metrics_table_counts_each_status_as_the_model_does(page: Page) -> None:
    page.go("#mutant")
    shown = page.wait(
        "const row = deep('td[aria-describedby=tooltip-totalMutants]')[0].closest('tr');"
        "return Object.fromEntries(Array.from(row.querySelectorAll('td[aria-describedby^=tooltip-]'))"
        ".map(td => [td.getAttribute('aria-describedby').slice(8), Number(td.textContent.trim())]));",
        "the totals row",
    )
    counts = status_counts(synthetic_model())
    assert {CELLS[k]: n for k, n in shown.items() if k in CELLS} == {
        status: counts.get(status, 0) for status in CELLS.values()
    }


def test_the_files_show_every_mutant_under_its_status(page: Page) -> None:
    paths = _file_paths(page)
    assert paths == ["admission.py", "fit_wall.py", "native/render.py"]
    markers: Counter[str] = Counter()
    filters: Counter[str] = Counter()
    for path in paths:
        page.go(f"#mutant/{path}")
        page.wait(
            f"return deep('mte-breadcrumb')[0]?.shadowRoot.textContent.includes({json.dumps(path.rsplit('/', 1)[-1])})",
            path,
        )
        page.wait("return deep('input[id^=filter-]').length > 0", f"the status filters of {path}")
        _show_every_status(page)
        titles = page.wait(
            "const t = deep('svg[data-mutant-id] > title').map(t => t.textContent); return t.length && t",
            f"the mutants of {path}",
        )
        markers.update(title.rsplit(" ", 1)[1] for title in titles)
        for label in page.js("return deep('label[for^=filter-]').map(l => l.textContent.trim())"):
            status, n = re.fullmatch(r"\W*\s*(\w+) \((\d+)\)", label).groups()  # type: ignore[union-attr]
            filters[status] += int(n)
    expected = status_counts(synthetic_model())
    assert markers == expected
    assert filters == expected


def test_a_killed_mutant_lists_every_killer_in_its_drawer(page: Page) -> None:
    page.go("#mutant")
    page.wait("return deep('td[aria-describedby=tooltip-totalMutants]').length > 3", "the file tree")
    tree = _screenshot(page, "mte-metrics-table")
    page.go("#mutant/fit_wall.py")
    page.wait("return deep('input[id^=filter-]').length > 0", "the status filters")
    _show_every_status(page)
    dot = f"deep('svg[data-mutant-id=\"{MANY_KILLERS}\"]')[0]"
    page.wait(f"return {dot}", MANY_KILLERS)
    page.js(f"{dot}.dispatchEvent(new MouseEvent('click', {{bubbles: true, composed: true}}));")
    items = page.wait(
        "const li = deep('li[title=\"This mutant was killed by this test\"]'); return li.length && li.map(l => l.textContent.trim())",
        "the killers",
    )
    killers = {re.sub(r"^\W+", "", item).split(" (", 1)[0] for item in items}
    model = next(m for m in synthetic_model().mutants if m.id == MANY_KILLERS)
    assert killers == set(model.killed_by) and len(killers) == 3
    assert all(" (witnesses/spark/fit_wall.py:" in item for item in items)
    # Open the drawer whole in a window tall enough to show the mutated line above it and every killer in it.
    page.driver.set_window_size(1280, 1500)
    page.js(
        "deep('mte-drawer-mutant')[0].shadowRoot.querySelector('mte-drawer').shadowRoot.querySelector('button[data-testid=btnReadMoreToggle]').click();"
    )
    page.wait("return deep('mte-drawer[mode=open]').length", "the open drawer")
    # The drawer slides open: wait until the last killer is inside the window.
    page.wait(
        "const li = deep('li[title=\"This mutant was killed by this test\"]'); return li[li.length - 1].getBoundingClientRect().bottom < innerHeight",
        "every killer on screen",
    )
    _save_screenshot(page, tree, _screenshot(page, None))


def test_the_test_view_shows_each_claim_with_the_mutants_it_kills_and_covers(page: Page) -> None:
    page.go("#test/fit_wall.py")
    dot = (
        f"deep('svg[data-test-id] > title').find(t => t.textContent.startsWith({json.dumps(OVER + ' (')}))?.parentNode"
    )
    page.wait(f"return {dot}", OVER)
    page.js(f"{dot}.dispatchEvent(new MouseEvent('click', {{bubbles: true, composed: true}}));")
    items = page.wait(
        "const li = deep('li[title^=\"This test\"]'); return li.length && li.map(l => [l.title, l.textContent])",
        "the claim's mutants",
    )
    shown = {(title, re.search(r"\((\S+:\d+:\d+)\)", text).group(1)) for title, text in items}  # type: ignore[union-attr]
    mutants = synthetic_model().mutants
    killed = {
        ("This test killed this mutant", f"{m.file}:{m.start.line}:{m.start.column}")
        for m in mutants
        if OVER in m.killed_by
    }
    covered = {
        ("This test covered this mutant", f"{m.file}:{m.start.line}:{m.start.column}")
        for m in mutants
        if OVER in m.covered_by and OVER not in m.killed_by
    }
    assert len(killed) == 3 and len(covered) == 2
    assert shown == killed | covered


def test_no_request_leaves_the_page(page: Page) -> None:
    """Runs last: every view above has been opened, and only the report file was ever requested."""
    page.log_requests()
    assert page.requests, "the performance log recorded nothing: the check would be vacuous"
    # A data: URL (the element's CSS draws icons with them) is bytes inside the page, not a request to anywhere.
    fetched = {url.split("#", 1)[0] for url in page.requests if not url.startswith("data:")}
    assert fetched == {page.url}
    # Control: a page that does ask for something shows it in the log (and is blocked).
    control = Path(page.url.removeprefix("file://")).with_name("control.html")
    control.write_text('<img src="http://192.0.2.1/escape.png">', encoding="utf-8")
    page.driver.get(control.as_uri())
    page.wait("return document.images[0].complete", "the control image fail")
    page.requests.clear()
    page.log_requests()
    assert "http://192.0.2.1/escape.png" in page.requests


def _screenshot(page: Page, above: str | None) -> str:
    """Return the viewport as a PNG (base64), cut below the first element matching `above` when given."""
    clip = {}
    if above:
        bottom = page.js(f"return deep({json.dumps(above)})[0].getBoundingClientRect().bottom")
        clip = {"clip": {"x": 0, "y": 0, "width": page.js("return innerWidth"), "height": bottom + 16, "scale": 1}}
    return str(page.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", **clip})["data"])


def _save_screenshot(page: Page, top: str, bottom: str) -> None:
    """Save two screenshots one above the other as one PNG, joined in the page (no URL is loaded for it)."""
    joined = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const bitmap = b64 => createImageBitmap(new Blob([Uint8Array.from(atob(b64), c => c.charCodeAt(0))], {type: 'image/png'}));
        Promise.all([bitmap(arguments[0]), bitmap(arguments[1])]).then(([top, bottom]) => {
          const canvas = document.createElement('canvas');
          canvas.width = Math.max(top.width, bottom.width);
          canvas.height = top.height + bottom.height;
          const g = canvas.getContext('2d');
          g.drawImage(top, 0, 0);
          g.drawImage(bottom, 0, top.height);
          canvas.toBlob(blob => blob.arrayBuffer().then(buffer => {
            let text = '';
            for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
            done(btoa(text));
          }), 'image/png');
        });
        """,
        top,
        bottom,
    )
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    SCREENSHOT.write_bytes(base64.b64decode(joined))
