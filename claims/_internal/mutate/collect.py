"""Collect the declared defects below the `[tool.claims].mutations` packages."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from attrs import frozen

from claims._internal.discovery import ImportFailure, _failure, module_names
from claims._internal.mutate.defect import Defect, DefectGroup, Seeded


@frozen
class Declared:
    """Hold the defects and groups found, in id order, and the modules that did not import."""

    seeded: tuple[Seeded, ...]
    failures: tuple[ImportFailure, ...]
    duplicates: tuple[str, ...] = ()


def collect(packages: Iterable[str]) -> Declared:
    """Import every module of the mutation packages; gather module-level Defect and DefectGroup values."""
    failures: list[ImportFailure] = []
    found: dict[str, Seeded] = {}
    duplicates: list[str] = []
    for package in packages:
        for name in module_names(package, failures):
            try:
                module = importlib.import_module(name)
            except Exception:
                failures.append(_failure(name))
                continue
            for value in vars(module).values():
                if not isinstance(value, (Defect, DefectGroup)):
                    continue
                if value.id in found and found[value.id] is not value:
                    duplicates.append(f"{value.id} (again in {name})")
                found[value.id] = value
    return Declared(tuple(found[k] for k in sorted(found)), tuple(failures), tuple(duplicates))
