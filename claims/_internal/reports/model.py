"""The data every mutation report is rendered from: files, mutants (automatic and declared), claims as tests.

The engine builds one `ReportModel` from the generated mutants, the
recorded evidence, the equivalents file and the discovered claims; each
report (Stryker JSON, HTML, `mutate show`, the ledger's views) is a pure
function of it.
"""

from __future__ import annotations

from attrs import frozen

"""Stryker's mutant statuses (mutation-testing-report-schema, version 2)."""


@frozen
class Position:
    """A place in a source file: line and column, both 1-based (Stryker's convention)."""

    line: int
    column: int


@frozen
class TestInfo:
    """A claim, shown as a test: its id, statement, source location, witness, control kind and rules."""

    id: str
    statement: str
    file: str
    line: int
    witness: str
    kind: str
    rules: tuple[str, ...]


@frozen
class MutantInfo:
    """An automatic mutant or a declared defect, with where it is, what it changes and every claim that kills it.

    `operator` is the mutator name (`mutmut.number`, `domain.min_max`, or for a
    declared defect its id); `how` says how each killer turned red (FAIL,
    ERROR, ERROR by the type contract, timeout, worker ended).
    """

    id: str
    declared: bool
    file: str
    rule: str
    operator: str
    description: str
    original: str
    replacement: str
    start: Position
    end: Position
    status: str
    status_reason: str | None
    killed_by: tuple[str, ...]
    covered_by: tuple[str, ...]
    how: tuple[tuple[str, str], ...] = ()
    tests_completed: int | None = None
    """How many claims ran against it; None means its covering claims (the engine runs exactly those)."""


@frozen
class ReportModel:
    """Everything a report shows: source files by relative path, mutants, claims as tests, claim files."""

    project: str
    files: dict[str, str]
    mutants: tuple[MutantInfo, ...]
    tests: tuple[TestInfo, ...]
    test_files: dict[str, str]
    version: str | None = None
    """The framework's version, shown as the report's `framework.version`; None leaves it out."""
