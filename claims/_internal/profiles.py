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


def chosen_profile(explicit: str | None = None) -> str:
    """Return the profile named on the command line, else by CLAIMS_PROFILE, else `ci`."""
    name = explicit or os.environ.get("CLAIMS_PROFILE") or DEFAULT
    if name not in PROFILES:
        from claims.errors import UsageError

        raise UsageError(f"unknown hypothesis profile {name!r}; expected one of {', '.join(PROFILES)}")
    return name


def load_profile(name: str) -> None:
    """Register the profiles and make `name` the default for every property claim."""
    _register()
    from hypothesis import settings

    settings.load_profile(name)


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
