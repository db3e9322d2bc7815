"""Say which modules' code a claim's result depends on besides what it executed: import-time work and skeletons.

Importing the witnesses runs code (a domain table built by calling rules, a
witness's module-level report or plan), and a module's top-level text (its
*skeleton*: constants, tables, imports) is read by whatever imports it.  A
claim's result depends on the modules its witness can read:

- its own witness's family: the module declaring the witness and, for a
  witness split into a package, the modules below it;
- every module those import, directly or through others (read from their
  import statements), and the packages holding each (their `__init__` runs
  first);
- every module below a package an import statement binds to a name
  (`import a.b` binds `a`, through which `a.x.CONSTANT` reads whatever of
  `a` is loaded): such a name reaches more than its statement names.

A module nothing in that closure imports (a new helper no claim uses, a
module of another witness) changes no claim's result and no fingerprint.
The closure is read from the source, never from what this run happened to
import, so a full run and a selected run fingerprint a claim alike.  A
module that cannot be parsed may import anything: its claims depend on
every module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from claims._internal.caching import reach
from claims._internal.caching.fingerprint import Sources


class ImportReach:
    """Map a witness to the import-time functions and module skeletons its claims' results depend on."""

    def __init__(self, work: Mapping[str, frozenset[str]], witnesses: Mapping[str, str]) -> None:
        """`work`: per module, the reach keys its import ran; `witnesses`: witness name -> module declaring it."""
        self.work = dict(work)
        self.witnesses = dict(witnesses)
        self._modules: dict[str, frozenset[str] | None] = {}
        self._functions: dict[frozenset[str] | None, frozenset[str]] = {}
        self._skeletons: dict[frozenset[str], str] = {}
        self._bound: Sources | None = None

    def _bind(self, sources: Sources) -> None:
        # The memos hold for one reading of the sources; another reading starts them afresh.
        if sources is not self._bound:
            self._bound = sources
            self._modules.clear()
            self._functions.clear()
            self._skeletons.clear()

    def modules_of(self, witness: str, sources: Sources) -> frozenset[str] | None:
        """Return the modules a witness's claims can read (None: every one), memoised per witness."""
        self._bind(sources)
        if witness not in self._modules:
            module = self.witnesses.get(witness)
            family = sources.family_of(module) if module is not None else None
            start = [m for m in sources.modules if sources.family_of(m) == family] if family is not None else []
            self._modules[witness] = readable(start, sources) if start else None
        return self._modules[witness]

    def functions_for(self, witness: str, sources: Sources) -> frozenset[str]:
        """Return the functions run at import whose work the witness's claims can read."""
        self._bind(sources)
        modules = self.modules_of(witness, sources)
        if modules not in self._functions:
            found: set[str] = set()
            for module, keys in self.work.items():
                if modules is None or module in modules:
                    found |= reach.functions_of(keys)
            self._functions[modules] = frozenset(found)
        return self._functions[modules]

    def skeletons_for(self, witnesses: Iterable[str], sources: Sources) -> str:
        """Digest the skeletons the claims of these witnesses can read."""
        self._bind(sources)
        visible: set[str] = set()
        for witness in set(witnesses):
            modules = self.modules_of(witness, sources)
            if modules is None:
                return sources.skeletons
            visible |= modules
        key = frozenset(visible)
        if key not in self._skeletons:
            self._skeletons[key] = sources.skeletons_of(key)
        return self._skeletons[key]

    def readable_by_any(self, sources: Sources) -> frozenset[str] | None:
        """Return the modules some witness's claims can read (None: every one)."""
        found: set[str] = set()
        for witness in self.witnesses:
            modules = self.modules_of(witness, sources)
            if modules is None:
                return None
            found |= modules
        return frozenset(found)


def readable(start: Iterable[str], sources: Sources) -> frozenset[str] | None:
    """Return the project modules reachable from `start` by import statements (None when one cannot be read)."""
    below = _below(sources)
    reached: set[str] = set()
    queue = list(start)
    while queue:
        current = queue.pop()
        if current in reached:
            continue
        reached.add(current)
        found = sources.modules[current]
        if found.imports is None:
            return None
        queue.extend(_leads_to(current, found.imports, found.binds, sources, below, reached))
    return frozenset(reached)


def _below(sources: Sources) -> dict[str, list[str]]:
    """Decide which modules lie under each package: every module, by each of its parents."""
    below: dict[str, list[str]] = {}
    for name in sources.modules:
        for parent in _parents(name):
            below.setdefault(parent, []).append(name)
    return below


def _leads_to(
    current: str,
    imports: frozenset[str],
    binds: frozenset[str],
    sources: Sources,
    below: dict[str, list[str]],
    reached: set[str],
) -> list[str]:
    """Decide which modules not yet reached a module leads to: its imports, its parents, those under a bound name."""
    following = [name for name in (*imports, *_parents(current)) if name in sources.modules and name not in reached]
    for bound in binds:
        following.extend(n for n in below.get(bound, ()) if n not in reached)
    return following


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]
