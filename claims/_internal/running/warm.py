"""Decide which witness modules a run that reads the result cache must import: those with a claim to rerun.

A claim's cached result is reused when its fingerprint is unchanged (see
`fingerprint`), and the fingerprint is computed from the sources alone: the
claim's function, what it executed and the skeletons it can read.  So a run
can answer, from the catalogue and the cache, every claim whose fingerprint
holds without importing its witness module; it imports only the modules
holding a claim whose fingerprint changed, or that has no cached pass, and
runs those as any run would.  With no trusted catalogue, or a pattern the
catalogue cannot answer, the session is opened as always.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from claims._internal.caching.catalogue import read_catalogue, write_catalogue
from claims._internal.caching.passes import ResultsCache
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.config import Config
from claims._internal.declare import Claim
from claims._internal.running import loader
from claims._internal.running.discovery import Discovery, discover
from claims._internal.running.many_claims import Fingerprints
from claims._internal.running.one_claim import Settings
from claims._internal.running.session import Session, open_session, start
from claims._internal.select import select


def open_warm_session(
    profile: str | None, patterns: Sequence[str], settings_of: Callable[[Config], Settings]
) -> Session:
    """Open a session importing only the witness modules whose selected claims the cache cannot answer."""
    config, chosen = start(profile)
    catalogue = read_catalogue(config)
    if catalogue is None:
        return open_session(profile, patterns=patterns, config=config, catalogue=True)
    selected, unknown = select(catalogue.claims, patterns)
    if unknown:
        return open_session(profile, patterns=patterns, config=config, catalogue=True)
    provisional = Session(config, chosen, Discovery((), ()), ImportReach(catalogue.work, catalogue.witnesses))
    prints = Fingerprints(provisional, settings_of(config), config.caches.sources)
    cache = ResultsCache.load(config.caches.results)
    stale = sorted({catalogue.module_of[claim.id] for claim in selected if _reruns(claim, prints, cache)})
    found = discover(config.witnesses, only=stale, root=config.root, timeout=config.timeout)
    fresh = loader.import_work()
    standing = tuple(c for c in catalogue.claims if catalogue.module_of[c.id] not in stale)
    discovery = Discovery(found.witnesses, found.failures, catalogued=standing)
    if stale:
        write_catalogue(config, found, fresh, kept=catalogue, imported=stale)
    witnesses = {**catalogue.witnesses, **{w.name: w.module for w in found.witnesses}}
    return Session(config, chosen, discovery, ImportReach({**catalogue.work, **fresh}, witnesses))


def _reruns(claim: Claim, prints: Fingerprints, cache: ResultsCache) -> bool:
    """Say whether a claim must run again: it has no cached pass, or its fingerprint changed since."""
    entry = cache.entries.get(claim.id)
    return entry is None or prints.of(claim, entry.functions) != entry.fingerprint
