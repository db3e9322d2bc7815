"""The modules' digests kept between runs: reused only for the very text, name and reader that made them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from claims._internal.caching import fingerprint
from claims._internal.caching.fingerprint import Sources


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package of two modules, and a process that has digested nothing yet."""
    monkeypatch.setattr(fingerprint, "_DIGESTED", {})
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from pkg import a\n")
    (tmp_path / "pkg" / "a.py").write_text("LIMIT = 3\n\n\ndef admit(x: int) -> bool:\n    return x < LIMIT\n")
    (tmp_path / "pkg" / "b.py").write_text("import pkg.a\n\n\ndef twice(x: int) -> int:\n    return 2 * x\n")
    return tmp_path


def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record which modules `read_module` parses from now on (in a process that has digested nothing)."""
    monkeypatch.setattr(fingerprint, "_DIGESTED", {})
    seen: list[str] = []
    real = fingerprint.read_module

    def spy(text: str, name: str = "", package: bool = False) -> fingerprint.ModuleSources:
        seen.append(name)
        return real(text, name, package)

    monkeypatch.setattr(fingerprint, "read_module", spy)
    return seen


def test_a_later_run_parses_only_the_module_whose_text_changed(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = project / "cache" / "sources.json"
    first = Sources(["pkg"], project, store=store)
    assert json.loads(store.read_text())["schema"] == fingerprint.STORE_SCHEMA
    seen = parsed(monkeypatch)
    again = Sources(["pkg"], project, store=store)
    assert seen == [] and again.modules == first.modules
    (project / "pkg" / "a.py").write_text("LIMIT = 4\n\n\ndef admit(x: int) -> bool:\n    return x <= LIMIT\n")
    seen = parsed(monkeypatch)
    edited = Sources(["pkg"], project, store=store)
    assert seen == ["pkg.a"]
    assert edited.modules == Sources(["pkg"], project).modules  # what a run without the store digests
    assert edited.modules["pkg.a"] != first.modules["pkg.a"] and edited.modules["pkg.b"] == first.modules["pkg.b"]


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        '{"schema": "claims-sources/0", "modules": {}}',
        "[]",
        "rows of a foreign kind",  # every row replaced by a value `Sources` never writes
    ],
)
def test_a_damaged_or_foreign_store_is_parsed_past_and_rewritten(
    project: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    store = project / "sources.json"
    expected = Sources(["pkg"], project, store=store).modules
    if damage == "rows of a foreign kind":
        document = json.loads(store.read_text())
        document["modules"] = {key: {"skeleton": 1} for key in document["modules"]}
        damage = json.dumps(document)
    store.write_text(damage)
    seen = parsed(monkeypatch)
    assert Sources(["pkg"], project, store=store).modules == expected
    assert sorted(seen) == ["pkg", "pkg.a", "pkg.b"]
    assert json.loads(store.read_text())["schema"] == fingerprint.STORE_SCHEMA


def test_rows_made_by_another_reader_are_not_used(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = project / "sources.json"
    Sources(["pkg"], project, store=store)
    monkeypatch.setattr(fingerprint, "_READER", "a reader that digests modules another way")
    seen = parsed(monkeypatch)
    Sources(["pkg"], project, store=store)
    assert sorted(seen) == ["pkg", "pkg.a", "pkg.b"]


def test_a_run_that_trusts_no_cache_neither_reads_nor_writes_the_store(toy_project: Path) -> None:
    store = toy_project / ".claims-cache" / "sources.json"
    for args, env in ((["--no-cache"], None), ([], {"CI": "true"})):
        run_cli(toy_project, *args, env=env)
        assert not store.exists(), f"claim_batch {' '.join(args)} with {env} wrote the store"
    run_cli(toy_project)
    assert json.loads(store.read_text())["schema"] == fingerprint.STORE_SCHEMA
