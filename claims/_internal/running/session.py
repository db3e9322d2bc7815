"""Start a session: read the configuration, install the import hook and the hypothesis profile, then discover.

The order matters: the hook instruments only modules imported after it, so
it goes in before any witness (and so any rule) imports; hypothesis binds a
test's settings when `@given` decorates it, so the profile is loaded (as
soon as hypothesis imports) before witnesses decorate their property claims.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from attrs import frozen

from claims._internal.caching.catalogue import write_catalogue
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.caching.witness_index import modules_for, write_index
from claims._internal.config import Config, check_witness_packages, load_config
from claims._internal.running import loader
from claims._internal.running.discovery import Discovery, discover
from claims._internal.running.profiles import chosen_profile, load_when_imported, skip_plugins


@frozen
class Session:
    """Hold a configuration, the hypothesis profile in force, what discovery found, and what importing it ran."""

    config: Config
    profile: str
    discovery: Discovery
    import_reach: ImportReach


def prepare(config: Config, profile: str, *, packages: Sequence[str] | None = None) -> None:
    """Install the profile and the instrumenting import hook (idempotent); skip hypothesis's plugins if asked."""
    if not config.hypothesis_plugins and not skip_plugins():
        print(
            "claim_batch: warning: hypothesis imported before [tool.claims].hypothesis_plugins = false could skip its plugins; they ran",
            file=sys.stderr,
        )
    load_when_imported(profile)
    too_early = loader.install(
        config.typecheck,
        packages if packages is not None else config.witnesses,
        cache=config.caches.bytecode,
        unchecked=config.typecheck_exclude,
    )
    if too_early:
        print(
            f"claim_batch: warning: {', '.join(too_early)} imported before the instrumenting hook; calls into it are not type-checked",
            file=sys.stderr,
        )


def start(profile: str | None, config: Config | None = None) -> tuple[Config, str]:
    """Load the config (unless given), check its witness packages, install the profile and hook; return both."""
    config = config or load_config()
    check_witness_packages(config)
    chosen = chosen_profile(profile)
    prepare(config, chosen)
    return config, chosen


def open_session(
    profile: str | None = None, *, patterns: Sequence[str] = (), config: Config | None = None, catalogue: bool = False
) -> Session:
    """Load config (unless given), prepare the hook and profile, then discover the witnesses the patterns can select.

    With `catalogue`, a full discovery also writes the catalogue a warm run reads (see `warm`): only claim runs
    ask, never a mutation run, whose rules are imported from a generated tree.
    """
    config, chosen = start(profile, config)
    modules = modules_for(config, patterns)
    discovery = discover(config.witnesses, only=modules, root=config.root, timeout=config.timeout)
    work = loader.import_work()
    if modules is None:
        write_index(config, discovery)
        if catalogue:
            write_catalogue(config, discovery, work)
    # What ran while importing (tables built by calling rules) counts as reached by the claims that can see it.
    imported = ImportReach(work, {w.name: w.module for w in discovery.witnesses})
    return Session(config=config, profile=chosen, discovery=discovery, import_reach=imported)
