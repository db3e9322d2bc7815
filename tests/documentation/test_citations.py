"""Every file a page cites is there: links, paths in code spans, `*.md` names, and the docs the framework's messages name.

A path is looked up in the checkout, beside the page, and in the project
`claim_batch init demo` writes (what a user's project holds).  Paths the
commands write when they run (reports, caches) and files a user creates by
hand are named in `MADE_WHEN_USED`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from .blocks import PAGES, ROOT

LINK = re.compile(r"(?<!!)\[[^\]]*\]\((?P<target>[^)\s]+)\)")
SPAN = re.compile(r"`(?P<text>[^`\n]+)`")
PATHLIKE = re.compile(r"^\.?[A-Za-z0-9_][\w.-]*(/[\w.-]+)*/?$")
EXTENSIONS = (".py", ".md", ".toml", ".json", ".jsonl", ".txt", ".html", ".js", ".cfg", ".ini", ".sh", ".lock")
BARE_MD = re.compile(r"(?<![\w/.`-])(?P<name>[A-Za-z][\w-]*\.md)\b")
# Written by the commands when they run, or created by hand when needed: cited as what they will be.
MADE_WHEN_USED = (
    "target/",
    ".claims-cache/",
    "build/",
    "dist/",
    "mutants/",
    "ledger/debt.toml",
    "debt.toml",
    ".ci/",
    "untriaged.toml",
)
FRAMEWORK_DOCS = re.compile(r"docs/[\w-]+\.md")


@cache
def demo_files() -> frozenset[str]:
    """Return every path (files and folders) of the project `claim_batch init demo` writes, relative to it."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [sys.executable, "-m", "claims.cli", "init", "demo", "--no-ledger"],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        project = Path(tmp) / "demo"
        found = {p.relative_to(project).as_posix() for p in project.rglob("*")}
    # The ledger init generates: its folders and files, whatever the rule.
    return frozenset(
        found
        | {
            "ledger",
            "ledger/claims.json",
            "ledger/LEDGER.md",
            "ledger/snapshots",
            "ledger/evidence",
            "demo_defects/equivalent.toml",
        }
    )


def exists(citation: str, page: Path) -> bool:
    """Say whether a cited path is in the checkout, beside the page, in the demo project, or made when used."""
    path = citation.rstrip("/")
    if any(citation.startswith(prefix) or citation == prefix.rstrip("/") for prefix in MADE_WHEN_USED):
        return True
    if (ROOT / path).exists() or (page.parent / path).exists() or path in demo_files():
        return True
    if "/" not in path:
        # A bare file name: some file of that name in the checkout or the demo project.
        return any(True for _ in ROOT.glob(f"[!.]*/**/{path}")) or any(
            p.rsplit("/", 1)[-1] == path for p in demo_files()
        )
    return False


def cites_a_path(span: str) -> bool:
    """Say whether a code span reads as a path: a file name with a known extension, or under a folder a project has."""
    first = span.split("/", 1)[0]
    tops = {p.name for p in ROOT.iterdir()} | {p.split("/", 1)[0] for p in demo_files()}
    return span.rstrip("/").endswith(EXTENSIONS) or ("/" in span and first in tops)


def prose(page: Path) -> str:
    """Return a page's text outside fenced blocks (what a reader follows as citations)."""
    out, fenced = [], False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return "\n".join(out)


def slug(heading: str) -> str:
    """Return GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Return the anchors a page's headings make."""
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", prose(page), re.MULTILINE)}


def citations(page: Path) -> list[str]:
    """Return what a page cites that does not exist, one line each."""
    text = prose(page)
    missing = []
    for match in LINK.finditer(text):
        target = match.group("target")
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        linked = (page.parent / file).resolve() if file else page
        if not linked.exists():
            missing.append(f"link to {target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            missing.append(f"link to {target}: no heading makes #{anchor}")
    for match in SPAN.finditer(text):
        span = match.group("text").strip()
        if PATHLIKE.match(span) and cites_a_path(span) and not exists(span, page):
            missing.append(f"`{span}`: no such file or folder")
    for match in BARE_MD.finditer(SPAN.sub("", LINK.sub("", text))):
        if not exists(match.group("name"), page):
            missing.append(f"{match.group('name')}: no such file")
    return missing


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_a_page_cites_is_there(page: Path) -> None:
    assert citations(page) == []


def test_the_domain_spec_is_in_the_repository_and_cites_nothing_outside_it() -> None:
    spec = ROOT / "docs" / "domain.md"
    assert (
        spec.is_file() and "Part A" in spec.read_text(encoding="utf-8") and "Part B" in spec.read_text(encoding="utf-8")
    )
    assert citations(spec) == []


def test_every_doc_the_framework_names_in_its_messages_is_there() -> None:
    named = {
        (m.group(0), p.relative_to(ROOT).as_posix())
        for p in (ROOT / "claims").rglob("*.py")
        for m in FRAMEWORK_DOCS.finditer(p.read_text(encoding="utf-8"))
    }
    assert [f"{source} names {doc}" for doc, source in sorted(named) if not (ROOT / doc).is_file()] == []


def test_the_checker_finds_what_is_missing(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "See [the spec](DOMAIN.md#part-a), `domain/no_such.py`, DOMAIN.md and `claims/values.py`.\n\n```\n`ignored/inside.py`\n```\n"
    )
    assert citations(page) == [
        "link to DOMAIN.md#part-a: no such file",
        "`domain/no_such.py`: no such file or folder",
        "DOMAIN.md: no such file",
    ]
