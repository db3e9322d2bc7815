"""Find witnesses in the configured packages.

Every module below a witness package is imported; a module that fails to
import is reported with its traceback (an ERROR), never skipped silently.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from attrs import frozen

from claims._internal.caching.fingerprint import package_files
from claims._internal.declare import Claim, Witness
from claims._internal.running.import_probe import probed
from claims._internal.running.tracebacks import user_traceback


@frozen
class ImportFailure:
    """Name a witness module that did not import, with its traceback."""

    module: str
    traceback: str


@frozen
class Discovery:
    """Hold the witnesses found, in a stable order, and the modules that failed to import."""

    witnesses: tuple[Witness, ...]
    failures: tuple[ImportFailure, ...]
    catalogued: tuple[Claim, ...] = ()
    """Claims of witness modules a warm run left unimported: each stands for a result the cache reuses."""

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Return every claim, witness by witness (by name), in declaration order."""
        if not self.catalogued:
            return tuple(c for w in self.witnesses for c in w.claims)
        by_witness: dict[str, list[Claim]] = {w.name: list(w.claims) for w in self.witnesses}
        for claim in self.catalogued:
            by_witness.setdefault(claim.witness, []).append(claim)
        return tuple(c for name in sorted(by_witness) for c in by_witness[name])


def witnesses_in(module: object) -> list[Witness]:
    """Return the witnesses a module defines (not ones it merely imported)."""
    name = getattr(module, "__name__", "")
    return [v for v in vars(module).values() if isinstance(v, Witness) and v.module == name]


def _failure(module: str) -> ImportFailure:
    exc = sys.exc_info()[1]
    return ImportFailure(module=module, traceback=user_traceback(exc) if exc else traceback.format_exc())


def module_names(package: str, failures: list[ImportFailure], root: Path | None = None) -> list[str]:
    """List a package and every module below it, from its files when the project root is known (nothing imported),
    else by importing the package and walking it (recording packages that fail to import)."""
    if root is not None:
        found = [name for name, path in package_files(package, root) if _in_packages(path, package, root)]
        if found:
            return sorted(set(found))
    try:
        imported = importlib.import_module(package)
    except Exception:
        failures.append(_failure(package))
        return []
    names = [package]
    path = getattr(imported, "__path__", None)
    if path is None:
        return names

    def onerror(name: str) -> None:
        failures.append(_failure(name))

    names.extend(info.name for info in pkgutil.walk_packages(path, prefix=package + ".", onerror=onerror))
    return sorted(set(names))


def _in_packages(path: Path, package: str, root: Path) -> bool:
    """Say whether a file is a module of the package: every folder between them holds an `__init__.py`."""
    from claims._internal.caching.fingerprint import package_folder

    top = package_folder(package, root)
    if top is None:
        return False
    folder = path.parent
    while folder != top and top in folder.parents:
        if not (folder / "__init__.py").is_file():
            return False
        folder = folder.parent
    return True


def _ended(module: str, why: str) -> ImportFailure:
    return ImportFailure(
        module=module,
        traceback=f"the module {why} it (in a child process that imports each witness module first): a witness "
        "module must not end, kill or hang the process that imports it",
    )


def discover(
    packages: Iterable[str],
    only: Iterable[str] | None = None,
    *,
    root: Path | None = None,
    timeout: float | None = None,
) -> Discovery:
    """Import every module of the witness packages (or only the named modules) and collect their witnesses.

    With a `timeout`, each module is first imported in a forked child (`import_probe`): one that ends, kills or
    hangs its process is a failure, named, and never imported here.
    """
    failures: list[ImportFailure] = []
    everything = [n for p in packages for n in module_names(p, failures, root)]
    names = [n for n in _selected(everything, only) if not any(f.module == n for f in failures)]
    found: list[Witness] = []
    seen: dict[str, str] = {}
    for name, why in _vetted(names, timeout):
        module = _imported(name, why, failures)
        if module is not None:
            found.extend(_new_witnesses(name, module, seen, failures))
    found.sort(key=lambda w: w.name)
    return Discovery(witnesses=tuple(found), failures=tuple(failures))


def _selected(everything: list[str], only: Iterable[str] | None) -> list[str]:
    """Decide which modules to import: every one, or the named ones with each named package's submodules."""
    if only is None:
        return everything
    # A witness split into a package declares itself in the package and adds claims in its submodules:
    # importing the package alone would lose those claims, so each named package brings its submodules.
    wanted = list(dict.fromkeys(only))
    names = [n for n in wanted if n not in everything]
    names += [n for n in everything if n in wanted or any(n.startswith(w + ".") for w in wanted)]
    return names


def _vetted(names: list[str], timeout: float | None) -> Iterable[tuple[str, str | None]]:
    """Decide how each module is vetted before its import: by a forked probe under a timeout, else not at all."""
    return probed(names, timeout) if timeout is not None else ((n, None) for n in names)


def _imported(name: str, why: str | None, failures: list[ImportFailure]) -> ModuleType | None:
    """Decide whether a module imported: None (a failure recorded) when its probe ended or its import raised."""
    if why is not None:
        failures.append(_ended(name, why))
        return None
    try:
        return importlib.import_module(name)
    except KeyboardInterrupt:
        raise
    except BaseException:  # a sys.exit at import is a failure to import, never the end of the run
        failures.append(_failure(name))
        return None


def _new_witnesses(name: str, module: ModuleType, seen: dict[str, str], failures: list[ImportFailure]) -> list[Witness]:
    """Decide which of a module's witnesses are new: one declared again is a failure, named with the first."""
    new: list[Witness] = []
    for witness in witnesses_in(module):
        if witness.name in seen:
            failures.append(
                ImportFailure(
                    module=name,
                    traceback=f"DeclarationError: witness {witness.name!r} is declared again; first in {seen[witness.name]}",
                )
            )
            continue
        seen[witness.name] = name
        new.append(witness)
    return new
