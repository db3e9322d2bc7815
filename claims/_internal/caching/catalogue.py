"""Remember every claim and what importing each module ran, so a warm run can leave unchanged witnesses unimported.

`.claims-cache/catalogue.json` is written after a run that discovered every
witness module without an import failure, and brought up to date by a warm
run for the modules it imported.  It holds, per claim, what a report shows
of it (id, statement, kind, rules, source) and the module declaring its
witness; per module, the reach keys its import ran (`loader.import_work`);
and the size and mtime of every witness-package file, as the witness index
does.  Paths are kept from the project root, so a project moved or copied
with its cache (file times kept) still trusts it.  It is trusted only while
those files are unchanged, so a new, renamed or deleted claim always means
a full discovery.  A catalogued claim stands only for a result the cache
reuses: its function raises if called.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import frozen

from claims._internal.caching.witness_index import file_stamps, from_root
from claims._internal.config import Config
from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims.atomic import write_atomically

if TYPE_CHECKING:
    from claims._internal.running.discovery import Discovery

SCHEMA = "claims-catalogue/2"


@frozen
class Catalogue:
    """Every claim of the last full discovery (kept current by warm runs), its module, and the import work."""

    claims: tuple[Claim, ...]
    module_of: Mapping[str, str]
    witnesses: Mapping[str, str]
    work: Mapping[str, frozenset[str]]


def _path(config: Config) -> Path:
    return config.caches.catalogue


def _record(config: Config, claim: Claim, module: str) -> dict[str, Any]:
    return {
        "id": claim.id,
        "witness": claim.witness,
        "name": claim.name,
        "statement": claim.statement,
        "kind": claim.kind.value,
        "rules": list(claim.rules),
        "fn_module": getattr(claim.fn, "__module__", "?"),
        "source_file": from_root(config, claim.source_file),
        "source_line": claim.source_line,
        "snapshot_ext": claim.snapshot_ext,
        "timeout": claim.timeout,
        "wants_tmp_path": claim.wants_tmp_path,
        "never_refusing": list(claim.never_refusing),
        "module": module,
    }


def _stand_in(config: Config, record: Mapping[str, Any]) -> Claim:
    def not_imported(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{record['id']}: a catalogued claim runs only after its witness module is imported")

    not_imported.__module__ = str(record["fn_module"])  # the result cache keys a claim by its function's module
    not_imported._claims_catalogued = True  # type: ignore[attr-defined]
    return Claim(
        id=str(record["id"]),
        witness=str(record["witness"]),
        name=str(record["name"]),
        statement=str(record["statement"]),
        kind=Kind(record["kind"]),
        rules=tuple(str(r) for r in record["rules"]),
        fn=not_imported,
        source_file=str(config.root / str(record["source_file"])),
        source_line=int(record["source_line"]),
        snapshot_ext=str(record["snapshot_ext"]),
        timeout=None if record["timeout"] is None else float(record["timeout"]),
        wants_tmp_path=bool(record["wants_tmp_path"]),
        never_refusing=tuple(str(r) for r in record["never_refusing"]),
    )


def stands_in(claim: Claim) -> bool:
    """Say whether a claim is a catalogued stand-in, whose cached result the warm check has verified."""
    return getattr(claim.fn, "_claims_catalogued", False) is True


def read_catalogue(config: Config) -> Catalogue | None:
    """Return the catalogue, or None when it is absent, foreign, torn, or any witness file changed since."""
    try:
        document = json.loads(_path(config).read_text(encoding="utf-8"))
        if document.get("schema") != SCHEMA or document["files"] != file_stamps(config):
            return None
        records = document["claims"]
        return Catalogue(
            claims=tuple(_stand_in(config, r) for r in records),
            module_of={str(r["id"]): str(r["module"]) for r in records},
            witnesses={str(k): str(v) for k, v in document["witnesses"].items()},
            work={str(k): frozenset(str(key) for key in v) for k, v in document["work"].items()},
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_catalogue(
    config: Config,
    discovery: Discovery,
    work: Mapping[str, Iterable[str]],
    kept: Catalogue | None = None,
    imported: Iterable[str] = (),
) -> None:
    """Record what a discovery found; with `kept`, keep its claims of the modules this run did not import.

    Nothing is written after an import failure (the next run discovers everything again). Best effort: it is
    only a cache.
    """
    if discovery.failures:
        return
    document = _document(config, discovery, work, kept, set(imported))
    try:
        write_atomically(_path(config), (json.dumps(document, sort_keys=True) + "\n").encode("utf-8"))
    except OSError:
        pass


def _document(
    config: Config,
    discovery: Discovery,
    work: Mapping[str, Iterable[str]],
    kept: Catalogue | None,
    imported: set[str],
) -> dict[str, Any]:
    """Decide the catalogue's content: the kept rows of modules not imported, overlaid with this discovery's."""
    fresh = imported | {w.module for w in discovery.witnesses}
    records = _kept_records(config, kept, fresh)
    records += [_record(config, c, w.module) for w in discovery.witnesses for c in w.claims]
    witnesses = {**(kept.witnesses if kept else {}), **{w.name: w.module for w in discovery.witnesses}}
    return {
        "schema": SCHEMA,
        "files": file_stamps(config),
        "witnesses": witnesses,
        "work": _merged_work(kept, work),
        "claims": records,
    }


def _kept_records(config: Config, kept: Catalogue | None, fresh: set[str]) -> list[dict[str, Any]]:
    """Decide which kept claims stay catalogued: those whose module this run did not import."""
    if kept is None:
        return []
    return [_record(config, c, kept.module_of[c.id]) for c in kept.claims if kept.module_of[c.id] not in fresh]


def _merged_work(kept: Catalogue | None, work: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    """Decide each module's import work: this run's where it imported the module, else the kept catalogue's."""
    merged = {**(kept.work if kept else {}), **{k: frozenset(v) for k, v in work.items()}}
    return {k: sorted(v) for k, v in sorted(merged.items())}
