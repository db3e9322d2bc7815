"""Read the fenced blocks of the README and docs/, each with the directive that says how the tests execute it.

Every fenced block is preceded by one directive, an HTML comment that
renders as nothing:

    <!-- docs: run CONTEXT -->              a console session: each `$ command` runs (bash), and what follows it,
                                           up to the next `$`, is its output; `# exit N` after a command expects
                                           exit N (default 0)
    <!-- docs: output CONTEXT COMMAND -->   the block is an excerpt of COMMAND's output
    <!-- docs: file PATH -->                the block is an excerpt of a file of the demo project (`repo:PATH`: of the checkout)
    <!-- docs: write CONTEXT PATH -->       the block is written to PATH in CONTEXT (a later block runs something there)
    <!-- docs: python CONTEXT -->           the block is a Python program that exits 0
    <!-- docs: doctest CONTEXT -->          the block is a doctest session (`>>>`)
    <!-- docs: shape CONTEXT COMMAND -->    the block is JSON with exactly the keys of COMMAND's JSON output
    <!-- docs: e2e -->                      the README's two commands: tests/e2e runs them on a fresh clone, `.ci/run` runs them

CONTEXT is `repo` (the checkout itself), `demo` (a fresh copy of the project
`claim_batch init demo` writes) or `empty` (a fresh empty folder); `demo:NAME`
and `empty:NAME` name one folder that every block of the same page with that
name shares, in page order.  Expected text matches line by line: a line that
is exactly `...` stands for any number of lines, and `...` inside a line for
any text.  An excerpt may start and end anywhere in what it is an excerpt of.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

ROOT = Path(__file__).resolve().parents[2]
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
DIRECTIVE = re.compile(r"^<!-- docs: (?P<kind>[a-z0-9]+)(?: (?P<args>.*?))? -->$")
FENCE = re.compile(r"^(?P<fence>`{3,})(?P<info>[^`]*)$")
KINDS = ("run", "output", "file", "write", "python", "doctest", "shape", "e2e")
GAP = "..."


@frozen
class Block:
    """One fenced block: where it is, its info string, its text, and its directive."""

    page: Path
    line: int
    info: str
    text: str
    kind: str | None
    args: str

    @property
    def where(self) -> str:
        """Say where the block is, as `page:line`."""
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def blocks(page: Path) -> Iterator[Block]:
    """Yield every fenced block of a page with the directive on the line before its opening fence."""
    lines = page.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        fence = opening.group("fence")
        end = next((j for j in range(index + 1, len(lines)) if lines[j].strip() == fence), len(lines))
        before = lines[index - 1].strip() if index else ""
        directive = DIRECTIVE.match(before)
        yield Block(
            page=page,
            line=index + 1,
            info=opening.group("info").strip(),
            text="\n".join(lines[index + 1 : end]),
            kind=directive.group("kind") if directive else None,
            args=(directive.group("args") or "") if directive else "",
        )
        index = end + 1


@frozen
class Step:
    """One command of a console block, with the exit code and output it expects."""

    command: str
    exit: int
    expected: tuple[str, ...]


def steps(block: Block) -> list[Step]:
    """Split a console block into its commands (`$ ...`) and the output each expects."""
    found: list[Step] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            command = line[2:]
            code = re.search(r"#\s*exit (\d+)\b", command)
            found.append(Step(command, int(code.group(1)) if code else 0, ()))
        elif found:
            last = found[-1]
            found[-1] = Step(last.command, last.exit, (*last.expected, line))
        elif line.strip():
            raise ValueError(f"{block.where}: output before the first `$ command`: {line!r}")
    return [Step(s.command, s.exit, _trim(s.expected)) for s in found]


def _trim(lines: tuple[str, ...]) -> tuple[str, ...]:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


def _line_matches(expected: str, actual: str) -> bool:
    if GAP not in expected:
        return expected.rstrip() == actual.rstrip()
    pattern = ".*?".join(re.escape(part) for part in expected.rstrip().split(GAP))
    return re.fullmatch(pattern, actual.rstrip()) is not None


def matches(expected: tuple[str, ...] | list[str], actual: list[str], *, anchored: bool = True) -> bool:
    """Say whether actual lines match the expected ones (`...` lines are gaps; an excerpt is unanchored)."""
    want = list(expected) if anchored else [GAP, *expected, GAP]

    def match(i: int, j: int) -> bool:
        while i < len(want) and want[i].strip() != GAP:
            if j >= len(actual) or not _line_matches(want[i], actual[j]):
                return False
            i, j = i + 1, j + 1
        if i == len(want):
            return j == len(actual)
        return any(match(i + 1, k) for k in range(j, len(actual) + 1))

    return match(0, 0)


def readme_commands() -> list[list[str]]:
    """Return the README's two commands (its `docs: e2e` block), each split at `&&` and stripped of its comment."""
    (block,) = [b for b in blocks(ROOT / "README.md") if b.kind == "e2e"]
    lines = [line.split("#", 1)[0].strip() for line in block.text.splitlines() if line.strip()]
    return [[part.strip() for part in line.split("&&")] for line in lines]
