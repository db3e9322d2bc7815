"""Name what the gate finds wrong, as data: results, discovery and committed files in, `Problem`s out.

Each finder is independent and pure (reading committed files aside), so the
gate's report is the concatenation of their problems, each naming its
subject and the command that fixes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from claims._internal.config import Config
from claims._internal.debt import Debt
from claims._internal.discovery import Discovery
from claims._internal.kinds import Kind
from claims._internal.ledger import LedgerPaths
from claims._internal.problems import Problem
from claims._internal.runner import Result
from claims._internal.snapshot_store import unused_snapshots


def verdict_problems(results: Sequence[Result], debt: Mapping[str, Debt], debt_file: str) -> list[Problem]:
    """Name every red claim not admitted as debt, every paid debt, and every debt for no claim."""
    problems = []
    for result in results:
        claim = result.claim
        owed = claim.id in debt
        if result.verdict.red and not owed:
            observed = (result.observed or result.verdict.value).splitlines()[0]
            if claim.kind is Kind.SNAPSHOT and result.payload is not None:
                fix = f"if the new bytes are right, run `claim_batch snapshots --update {claim.id}`, then `claim_batch ledger --write`"
            else:
                fix = f"fix it (`claim_batch {claim.id}` shows why) or admit it as debt in {debt_file}"
            problems.append(Problem(claim.id, f"{result.verdict.value} and not admitted as debt: {observed}", fix))
        elif owed and not result.verdict.red:
            problems.append(Problem(claim.id, "debt paid: the admitted claim now passes", f"retire it: delete its entry from {debt_file}, then run `claim_batch ledger --write`"))
    declared = {r.claim.id for r in results}
    for claim_id in sorted(set(debt) - declared):
        problems.append(Problem(claim_id, f"{debt_file} admits a claim no witness declares", f"delete the entry from {debt_file}, then run `claim_batch ledger --write`"))
    return problems


def snapshot_problems(discovery: Discovery, paths: LedgerPaths) -> list[Problem]:
    """Name stored snapshot files no claim owns (only when every witness imported: a full run)."""
    if discovery.failures:
        return []
    return [
        Problem(paths.shown(path), "unused snapshot: no snapshot claim owns it", "run `claim_batch snapshots --prune` (or restore the claim)")
        for path in unused_snapshots(paths.snapshots, discovery.claims)
    ]


def import_problems(discovery: Discovery) -> list[Problem]:
    """Name every witness module that did not import."""
    problems = []
    for failure in discovery.failures:
        last = failure.traceback.strip().splitlines()[-1] if failure.traceback.strip() else "?"
        problems.append(Problem(failure.module, f"witness module did not import: {last}", "fix the import (`claim_batch` shows the traceback)"))
    return problems


def survivor_problems(config: Config, kills_known: bool) -> list[Problem]:
    """Name every automatic survivor not explained in equivalent.toml, and every stale explanation."""
    if not kills_known:
        return []
    from claims._internal.mutate.auto_command import equivalent_path  # noqa: PLC0415 - only when kills exist
    from claims._internal.mutate.kills_file import read_kills
    from claims._internal.mutate.survivors import explain_survivors, read_equivalent

    # The ledger's reading keeps only killers; survivors need each mutant's status.
    kills = read_kills(config.ledger / "kills.json")
    if not kills.get("auto"):
        return []

    problems = []
    for line in explain_survivors(kills["auto"], read_equivalent(equivalent_path(config))):
        head, _, fix = line.partition(": ")
        kind, _, mutant = head.rpartition(" ")
        problems.append(Problem(mutant, kind, fix))
    return problems


def as_problem(line: str) -> Problem:
    """Turn a `subject: message; fix` line into a Problem."""
    # stale_lines already ends each line with its fix: keep it whole.
    subject, _, rest = line.partition(": ")
    message, _, fix = rest.rpartition("; ")
    return Problem(subject, message, fix)


def not_run_problems(results: Sequence[Result], claims: Sequence[object]) -> list[Problem]:
    """Name the run itself when some selected claims never produced a result."""
    missing = len(claims) - len(results)
    if missing <= 0:
        return []
    return [Problem("run", f"{missing} of {len(claims)} claims produced no result", "rerun `claim_batch gate`; a green gate needs every claim seen passing")]
