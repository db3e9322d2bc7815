"""Collect the declared defects below the `[tool.claims].mutations` packages, the way witnesses are collected."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from attrs import frozen

from claims._internal.mutation.defects import Defect, DefectGroup, Seeded
from claims._internal.running.discovery import ImportFailure, _failure, module_names


@frozen
class Catalog:
    """Hold the defects and groups found, in id order, the modules that did not import, and ids declared twice."""

    seeded: tuple[Seeded, ...]
    failures: tuple[ImportFailure, ...]
    duplicates: tuple[str, ...] = ()
    modules: tuple[tuple[str, str], ...] = ()

    def module_of(self, defect_id: str) -> str:
        """Return the mutations module that declares a defect."""
        return dict(self.modules).get(defect_id, "?")


def collect(packages: Iterable[str]) -> Catalog:
    """Import every module of the mutation packages; gather module-level Defect and DefectGroup values."""
    failures: list[ImportFailure] = []
    found: dict[str, Seeded] = {}
    where: dict[str, str] = {}
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
                    duplicates.append(f"{value.id} (again in {name}; first in {where[value.id]})")
                    continue
                found[value.id] = value
                where[value.id] = name
    return Catalog(
        tuple(found[k] for k in sorted(found)), tuple(failures), tuple(duplicates), tuple(sorted(where.items()))
    )
