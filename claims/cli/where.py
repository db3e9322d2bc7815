"""`claim_batch where RULE_OR_CLAIM`: from a rule to its claims, defects, mutants and ledger rows (or back from a claim).

    claim_batch where domain.spark.fit_wall.serving_arm_admits_under   a rule
    claim_batch where domain/spark/fit_wall.py                          every rule of a module
    claim_batch where spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib   a claim

Nothing runs: it reads the discovered claims, the declared defects, the
recorded evidence and the ledger.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from pathlib import Path

from claims._internal import dotted
from claims._internal.config import shown_path
from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.mutation.collect import collect
from claims._internal.mutation.evidence import Evidence, claim_key
from claims._internal.mutation.recorded import evidence_file, read_evidence
from claims._internal.mutation.survivors import equivalent_path, read_equivalent
from claims._internal.running.session import Session, open_session
from claims._internal.select import closest
from claims.cli.exits import Exit
from claims.cli.parsing import command_parser, parse
from claims.errors import DeclarationError


def _shown(path: str | Path, root: Path) -> str:
    return shown_path(path, root)


def _module_of(rule: str) -> str:
    found = dotted.split(rule, dotted.importable)
    return found[0] if found else rule.rpartition(".")[0]


def _rules_of(target: str, session: Session, evidence: Evidence) -> list[str]:
    """Return the rules a target names: one rule, or every rule of a module given by dotted name or path (those
    claims name, and those with recorded mutants: functions and methods alike)."""
    text = target[:-3].replace("/", ".") if target.endswith(".py") else dotted.canonical(target)
    named = {r for c in session.discovery.claims for r in c.rules}
    mutated = _mutated_functions(evidence)
    if text in named or any(rule == text for _, rule in mutated):
        return [text]
    return _module_rules(text, named, mutated)


def _mutated_functions(evidence: Evidence) -> list[tuple[str, str]]:
    """Return each function with recorded mutants: its module, and its dotted name."""
    return [(row.module, f"{row.module}.{row.name}") for row in evidence.functions.values()]


def _module_rules(module: str, named: set[str], mutated: Sequence[tuple[str, str]]) -> list[str]:
    """Return every rule of a module: those claims name, and those with recorded mutants."""
    found = {r for r in named if _module_of(r) == module}
    found |= {rule for where, rule in mutated if where == module}
    return sorted(found)


def _rule_lines(rule: str, session: Session, evidence: Evidence, equivalent: dict[str, str]) -> list[str]:
    root = session.config.root
    module_name = _module_of(rule)
    function = rule[len(module_name) + 1 :]
    claims = [c for c in session.discovery.claims if rule in c.rules]
    lines = [f"rule     {rule}  ({_location(rule, root)})"]
    witnesses = sorted({(c.witness, _shown(c.source_file, root)) for c in claims})
    lines.append("witness  " + ", ".join(f"{w} ({f})" for w, f in witnesses))
    for kind in Kind:
        mine = [c.id for c in claims if c.kind is kind]
        lines.append(f"  {kind.value:<9} {len(mine)}" + "".join(f"\n    {i}" for i in mine))
    lines += _defect_lines(rule, session, evidence)
    lines += _mutant_lines(module_name, function, evidence, equivalent)
    lines += _ledger_lines(module_name, function, session, claims)
    return lines


def _location(rule: str, root: Path) -> str:
    """Say where a rule's source is (`path:line`), or `?` when it cannot be found."""
    try:
        obj = inspect.unwrap(dotted.function_of(dotted.resolve(rule)[1]))
        return f"{_shown(inspect.getsourcefile(obj) or '?', root)}:{inspect.getsourcelines(obj)[1]}"
    except (DeclarationError, OSError, TypeError):
        return "?"


def _defect_lines(rule: str, session: Session, evidence: Evidence) -> list[str]:
    defects = [s for s in collect(session.config.mutations).seeded if rule in s.targets]
    lines = [f"defects  {len(defects)}"]
    for one in defects:
        row = evidence.defects.get(one.id)
        red = f"{len(row.observation.killers)} red" if row else "no evidence recorded"
        lines.append(f"    {one.id}  ({red}; must red: {', '.join(sorted(one.must_red)) or '-'})")
    return lines


def _mutant_lines(module_name: str, function: str, evidence: Evidence, equivalent: dict[str, str]) -> list[str]:
    """Count a rule's recorded mutants, killed and survived, and list each survivor with whether it is explained."""
    mutants = [m for m in evidence.mutants.values() if (m.module, m.function) == (module_name, function)]
    survivors = [m for m in mutants if m.status != "killed"]
    explained = sum(1 for m in survivors if m.id in equivalent)
    killed = len(mutants) - len(survivors)
    lines = [f"mutants  {len(mutants)}: {killed} killed, {len(survivors)} survived ({explained} explained)"]
    return lines + [f"    {m.id}  {m.status}" + _explained(m.id, equivalent) for m in survivors]


def _explained(mutant_id: str, equivalent: Mapping[str, str]) -> str:
    """Say whether a survivor is explained, or how to see the one that is not."""
    if mutant_id in equivalent:
        return "  (explained)"
    return "  (UNEXPLAINED: claim_batch mutate show " + mutant_id + ")"


def _ledger_lines(module_name: str, function: str, session: Session, claims: list[Claim]) -> list[str]:
    root = session.config.root
    lines = []
    path = evidence_file(session.config.ledger / "evidence", module_name)
    if path.is_file():
        numbers = [
            n
            for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if f'"fn":"{function}"' in text or f'"mutant":"{function}.' in text
        ]
        if numbers:
            lines.append(f"ledger   {_shown(path, root)}:{numbers[0]}-{numbers[-1]} ({len(numbers)} lines)")
    if claims:
        lines.append(
            f"ledger   {_shown(session.config.ledger / 'claims.json', root)}: rows "
            + ", ".join(sorted(claim_key(c.id) for c in claims))
        )
    return lines


def _claim_lines(claim: Claim, session: Session, evidence: Evidence) -> list[str]:
    root = session.config.root
    lines = [
        f"claim    {claim.id}  [{claim.kind.value}]  ({_shown(claim.source_file, root)}:{claim.source_line})",
        f"  {claim.statement}",
    ]
    lines += [f"rule     {r}" for r in claim.rules]
    defects = sorted(d.id for d in evidence.defects.values() if claim.id in d.observation.killers)
    mutants = [m for m in evidence.mutants.values() if claim.id in m.observation.killers]
    alone = [m.id for m in mutants if m.observation.killers == {claim.id}]
    lines.append(f"killed by {len(defects)} declared defect(s): {', '.join(defects) or '-'}")
    lines.append(f"killed by {len(mutants)} automatic mutant(s), {len(alone)} of them by this claim alone")
    lines.append(f"ledger   {_shown(session.config.ledger / 'claims.json', root)}: row key {claim_key(claim.id)}")
    return lines


def main(argv: Sequence[str]) -> int:
    """Print what the project knows about a rule, a module's rules, or a claim."""
    parser = command_parser(
        prog="claim_batch where",
        description="Find a rule's claims, defects, mutants and ledger rows, or a claim's rules and killers.",
    )
    parser.add_argument(
        "target",
        metavar="RULE_OR_CLAIM",
        help="a rule (domain.spark.fit_wall.serving_arm_admits_under), a module or its path, or a claim id",
    )
    args = parse(parser, argv)
    if isinstance(args, Exit):
        return args
    session = open_session()
    evidence = _evidence(session)
    claim = next((c for c in session.discovery.claims if c.id == args.target), None)
    if claim is not None:
        print("\n".join(_claim_lines(claim, session, evidence)))
        return Exit.PASS
    rules = _rules_of(args.target, session, evidence)
    if not rules:
        close = closest(args.target, session.discovery.claims)
        print(
            f"claim_batch where: no rule, module or claim {args.target!r}"
            + (f"; closest: {', '.join(close)}" if close else "")
        )
        return Exit.USAGE
    equivalent = read_equivalent(equivalent_path(session.config))
    print("\n\n".join("\n".join(_rule_lines(rule, session, evidence, equivalent)) for rule in rules))
    return Exit.PASS


def _evidence(session: Session) -> Evidence:
    """Read the recorded evidence (none when no run has recorded any)."""
    folder = session.config.ledger / "evidence"
    if not folder.is_dir():
        return Evidence()
    return read_evidence(folder, [c.id for c in session.discovery.claims], root=session.config.root)
