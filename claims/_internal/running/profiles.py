"""Hypothesis settings profiles for property claims.

`ci` is derandomised and keeps no example database, so CI runs and mutation
runs give reproducible kills (and avoid the `differing_executors` health
check that repeated in-process runs trip); `thorough` searches deeper.
Must-hold cases are `@example`s in the claims, never database entries.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import types
from collections.abc import Sequence
from typing import Any

PROFILES = ("ci", "dev", "thorough")
DEFAULT = "ci"

_registered = False


def _register() -> None:
    global _registered
    if _registered:
        return
    from hypothesis import HealthCheck, Phase, settings

    # The explain phase can take tens of seconds on a failing property: a red claim
    # should show its shrunk example before its timeout, not time out.
    phases = [p for p in Phase if p is not Phase.explain]
    quiet = [HealthCheck.differing_executors, HealthCheck.too_slow]
    settings.register_profile(
        "ci",
        derandomize=True,
        max_examples=60,
        print_blob=False,
        database=None,
        deadline=None,
        suppress_health_check=quiet,
        phases=phases,
    )
    settings.register_profile(
        "dev", max_examples=100, database=None, deadline=None, suppress_health_check=quiet, phases=phases
    )
    settings.register_profile("thorough", max_examples=2000, database=None, deadline=None, suppress_health_check=quiet)
    _registered = True


_plugins_ran_first = False


def skip_plugins() -> bool:
    """Keep hypothesis from running the `hypothesis` entry points of installed packages; False if too late.

    Hypothesis runs every such plugin as it first imports: a plugin may register strategies for types (so
    `st.from_type` draws differently) or randoms, and some are slow (trio's, which selenium brings in, imports
    trio and pytest: about 0.45 CPU-s in every process). `[tool.claims] hypothesis_plugins = false` skips
    them as `HYPOTHESIS_NO_PLUGINS=1` does, for this process and every worker it starts; once hypothesis has
    imported, its plugins have run and this can only say so.
    """
    global _plugins_ran_first
    if os.environ.get("HYPOTHESIS_NO_PLUGINS"):
        return not _plugins_ran_first
    if "hypothesis" in sys.modules:
        _plugins_ran_first = True
        return False
    os.environ["HYPOTHESIS_NO_PLUGINS"] = "1"
    return True


def plugins_in_force() -> str:
    """Describe the hypothesis plugins a run's property claims draw under (part of every claim's fingerprint)."""
    if os.environ.get("HYPOTHESIS_NO_PLUGINS") and not _plugins_ran_first:
        return "plugins=none"
    import importlib.metadata

    found = []
    for entry in importlib.metadata.entry_points(group="hypothesis"):
        dist = entry.dist
        found.append(f"{entry.name}={entry.value} ({dist.name}=={dist.version})" if dist else entry.value)
    return "plugins=" + ", ".join(sorted(found))


def chosen_profile(explicit: str | None = None) -> str:
    """Return the profile named on the command line, else by CLAIMS_PROFILE, else `ci`."""
    name = explicit or os.environ.get("CLAIMS_PROFILE") or DEFAULT
    if name not in PROFILES:
        from claims.errors import UsageError

        raise UsageError(f"unknown hypothesis profile {name!r}; expected one of {', '.join(PROFILES)}")
    return name


def load_profile(name: str) -> None:
    """Register the profiles, make `name` the default for every property claim, and draw no module's literals."""
    _register()
    from hypothesis import settings

    settings.load_profile(name)
    draw_no_local_constants()


_warned_harvest = False


def _warn_harvest_unpatched() -> None:
    """Say once that this hypothesis harvests local literals where the framework cannot switch it off."""
    global _warned_harvest
    if _warned_harvest:
        return
    _warned_harvest = True
    import hypothesis

    print(
        f"claim_batch: warning: hypothesis {hypothesis.__version__} has no `_get_local_constants` to replace, so"
        " property claims may draw the literals of whatever modules are loaded (a selected run can draw other"
        " examples than a full run, and a cached result need not match a fresh one); pin an earlier hypothesis",
        file=sys.stderr,
    )


def draw_no_local_constants() -> None:
    """Keep hypothesis from drawing the literals of whatever local modules happen to be loaded.

    Hypothesis mixes into its draws the constants of every loaded module it counts as local. Which modules are
    loaded depends on the selection (`claim_batch PATTERN` imports only the witnesses it can match), on the
    other witnesses, on the mutation tree and on how the framework is installed, so the same claim drew
    different examples in a full and in a selected run, and its cached result or recorded killers could differ
    from a fresh run's. A claim's examples must depend on its own strategies and seed only: boundaries a
    property must try are `@example`s or its strategy's edges, never another module's literal. Hypothesis's
    global constants (0, -1, NaN, ...) are kept.
    """
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
    except ImportError:  # pragma: no cover - a hypothesis without the harvest: nothing to patch
        return
    if not hasattr(providers, "_get_local_constants"):
        _warn_harvest_unpatched()
        return
    if getattr(providers._get_local_constants, "_claims_none", False):
        return
    none = Constants()

    def no_local_constants() -> Any:
        return none

    no_local_constants._claims_none = True  # type: ignore[attr-defined]
    setattr(providers, "_get_local_constants", no_local_constants)  # noqa: B010 - a private hook, typed as a function
    cache = getattr(providers, "CONSTANTS_CACHE", None)
    if cache is not None:
        cache.cache.clear()  # pools computed before the patch (none, when it runs as hypothesis loads) go too


class _LoadAfterImport(importlib.abc.MetaPathFinder):
    """A meta-path finder that loads the profile right after `hypothesis` first imports.

    Hypothesis binds `settings.default` when a `@settings`/`@given` decorator
    runs, so the profile must be loaded before witness modules decorate their
    property claims; importing hypothesis eagerly would tax every run that
    selects none.
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "hypothesis":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        # Wrap, never patch: a loader may be shared by many modules (pytest's rewriting hook is).
        spec.loader = _ThenLoadProfile(spec.loader, self.name)
        return spec


class _ThenLoadProfile(importlib.abc.Loader):
    """Delegate to the real loader, then load the profile once `hypothesis` has executed."""

    def __init__(self, loader: importlib.abc.Loader, profile: str) -> None:
        self.loader = loader
        self.profile = profile

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        self.loader.exec_module(module)
        load_profile(self.profile)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loader, name)


def load_when_imported(name: str) -> None:
    """Load profile `name` now if hypothesis is imported, else as soon as it is."""
    if "hypothesis" in sys.modules:
        load_profile(name)
        return
    sys.meta_path.insert(0, _LoadAfterImport(name))
