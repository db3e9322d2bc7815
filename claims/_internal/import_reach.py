"""Say which modules' code a claim's result depends on besides what it executed: import-time work and skeletons.

Importing the witnesses runs code (a domain table built by calling rules, a
witness's module-level report or plan), and every module's top-level text
(its *skeleton*: constants, tables, imports) is read by whatever uses it.
Witnesses are independent of one another: `claim_batch PATTERN` imports
only the witness modules it selects, and a claim must give the same result
whatever else was imported.  So a claim's result depends on

- every module outside the witnesses' families (rules, shared fixtures and
  strategies): its skeleton and what it ran at import;
- its own witness's family: the module declaring the witness and, for a
  witness split into a package, the modules below it;
- any other witness's family that its family's modules import, directly or
  through others (read from their import statements).

Families are found in the source (a module whose top level assigns
`Witness(...)`), never from what this run happened to import, so a full run
and a selected run fingerprint a claim alike.  A module that cannot be
parsed may import anything: its claims depend on every family.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from claims._internal import reach
from claims._internal.fingerprint import Sources


class ImportReach:
    """Map a witness to the import-time functions and module skeletons its claims' results depend on."""

    def __init__(self, work: Mapping[str, frozenset[str]], witnesses: Mapping[str, str]) -> None:
        """`work`: per module, the reach keys its import ran; `witnesses`: witness name -> module declaring it."""
        self.work = dict(work)
        self.witnesses = dict(witnesses)
        self._families: dict[str, frozenset[str] | None] = {}
        self._functions: dict[str | None, frozenset[str]] = {}
        self._skeletons: dict[frozenset[str], str] = {}
        self._bound: Sources | None = None

    def _bind(self, sources: Sources) -> None:
        # The memos hold for one reading of the sources; another reading starts them afresh.
        if sources is not self._bound:
            self._bound = sources
            self._families.clear()
            self._functions.clear()
            self._skeletons.clear()

    def families_of(self, witness: str, sources: Sources) -> frozenset[str] | None:
        """Return the families a witness's claims can read (None: every one), memoised per witness."""
        self._bind(sources)
        if witness not in self._families:
            module = self.witnesses.get(witness)
            family = sources.family_of(module) if module is not None else None
            self._families[witness] = None if family is None else _reached(family, sources)
        return self._families[witness]

    def functions_for(self, witness: str, sources: Sources) -> frozenset[str]:
        """Return the functions run at import whose work the witness's claims can read."""
        self._bind(sources)
        families = self.families_of(witness, sources)
        key = None if families is None else ",".join(sorted(families))
        if key not in self._functions:
            found: set[str] = set()
            for module, keys in self.work.items():
                family = sources.family_of(module)
                if family is None or families is None or family in families:
                    found |= reach.functions_of(keys)
            self._functions[key] = frozenset(found)
        return self._functions[key]

    def skeletons_for(self, witnesses: Iterable[str], sources: Sources) -> str:
        """Digest the skeletons the claims of these witnesses can read: every module outside the families, and theirs."""
        self._bind(sources)
        visible: set[str] = set()
        for witness in set(witnesses):
            families = self.families_of(witness, sources)
            if families is None:
                return sources.skeletons
            visible |= families
        key = frozenset(visible)
        if key not in self._skeletons:
            self._skeletons[key] = sources.skeletons_of(
                name for name in sources.modules if (family := sources.family_of(name)) is None or family in visible
            )
        return self._skeletons[key]


def _reached(family: str, sources: Sources) -> frozenset[str] | None:
    reached = {family}
    queue = [family]
    while queue:
        current = queue.pop()
        for module, found in sources.modules.items():
            if sources.family_of(module) != current:
                continue
            if found.imports is None:
                return None
            for name in found.imports:
                other = sources.family_of(name)
                if other is not None and other not in reached:
                    reached.add(other)
                    queue.append(other)
    return frozenset(reached)
