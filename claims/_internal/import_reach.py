"""Say which import-time work a claim's result depends on: the shared modules', its own witness's, and what it imports.

Importing the witnesses runs code: a domain table built by calling rules, a
witness's module-level report or plan.  A claim depends on that work where
it can read what the work produced.  Witnesses are independent of one
another: `claim_batch PATTERN` imports only the witness modules it selects,
and a claim must give the same result whatever else was imported.  So a
claim's result depends on

- the import-time work of every module outside the witnesses (rules,
  shared fixtures and strategies), since it may set up any state;
- the import-time work of its own witness's modules (the module declaring
  the witness and, for a witness split into a package, the package's
  modules);
- that of any other witness's modules that its witness's modules import,
  directly or through others (read from their import statements).

A witness module whose source cannot be read may import anything: its
claims then depend on every witness's import-time work.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from claims._internal import reach
from claims._internal.fingerprint import Sources


class ImportReach:
    """Map a witness to the functions that ran at import and that its claims' results depend on."""

    def __init__(self, work: Mapping[str, frozenset[str]], witness_modules: Iterable[str]) -> None:
        self.families = sorted(set(witness_modules), key=lambda m: -len(m))  # the longest (innermost) first
        self.shared: set[str] = set()
        self.own: dict[str, set[str]] = {}
        for module, keys in work.items():
            family = self.family_of(module)
            target = self.shared if family is None else self.own.setdefault(family, set())
            target.update(reach.functions_of(keys))
        self._memo: dict[str, frozenset[str]] = {}

    def family_of(self, module: str) -> str | None:
        """Return the witness module a module belongs to (itself, or the witness package holding it), else None."""
        for family in self.families:
            if module == family or module.startswith(family + "."):
                return family
        return None

    def functions_for(self, witness_module: str, sources: Sources) -> frozenset[str]:
        """Return the import-time functions the claims of the witness declared in `witness_module` depend on.

        A module that declares no witness found by discovery depends on everything imported.
        """
        if witness_module not in self._memo:
            known = witness_module in self.families
            families = self._families_reached(witness_module, sources) if known else set(self.own)
            found = set(self.shared)
            for family in families:
                found |= self.own.get(family, set())
            self._memo[witness_module] = frozenset(found)
        return self._memo[witness_module]

    def _families_reached(self, witness_module: str, sources: Sources) -> set[str]:
        reached = {witness_module}
        queue = [witness_module]
        while queue:
            family = queue.pop()
            for module, found in sources.modules.items():
                if self.family_of(module) != family:
                    continue
                if found.imports is None:
                    return set(self.families)
                for name in found.imports:
                    other = self.family_of(name)
                    if other is not None and other not in reached:
                        reached.add(other)
                        queue.append(other)
        return reached
