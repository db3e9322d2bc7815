"""Check the floor: the structural rules every claim set must meet, as data in, problems out.

- every rule named by a claim has a positive and a refusal claim (snapshot and
  property claims count as neither: they are regression and quantified
  controls, not oracles for one admit and one refusal);
- claim ids are unique and well formed (`witness.snake_case_name`);
- a statement is one non-empty sentence ending in '.';
- no claim uses another claim (no aggregators);
- no witness is without claims;
- with mutation results known, every claim is killed by some mutation (no vacuous claim).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.problems import Problem

CLAIM_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){2,}$")
# Words whose trailing full stop does not end a sentence.
ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "incl.", "no.", "fig.", "resp.", "et al."})
SENTENCE_BREAK = re.compile(r"([.!?])\s+(?=\S)")


def statement_problem(statement: str) -> str | None:
    """Say why a statement is not one sentence, or None when it is."""
    if not statement.strip():
        return "the statement is empty"
    if "\n" in statement:
        return "the statement spans lines; say it in one sentence"
    if not statement.endswith(".") or statement.endswith(".."):
        return f"the statement does not end with '.': {statement!r}"
    for match in SENTENCE_BREAK.finditer(statement):
        if match.group(1) == ".":
            word = statement[: match.end(1)].split()[-1].lower().lstrip("([{\"'`")
            after = statement[match.end() :]
            # `e.g. Spark`, an initial (`J. Doe`), or a lowercase continuation is not a new sentence.
            if word in ABBREVIATIONS or re.fullmatch(r"[a-z]\.", word) or not after[:1].isupper():
                continue
        return f"the statement holds more than one sentence (break after {statement[: match.end(1)].split()[-1]!r})"
    return None


def rule_problems(claims: Sequence[Claim]) -> list[Problem]:
    """Require a positive and a refusal claim for every rule any claim names."""
    kinds: dict[str, set[Kind]] = {}
    for claim in claims:
        for rule in claim.rules:
            kinds.setdefault(rule, set()).add(claim.kind)
    problems = []
    for rule in sorted(kinds):
        for kind in (Kind.POSITIVE, Kind.REFUSAL):
            if kind not in kinds[rule]:
                problems.append(Problem(rule, f"rule has no {kind.value} claim (snapshot and property claims count as neither)", f"add a `@witness.{kind.value}(...)` claim naming it in rules=[...]"))
    return problems


def id_problems(claims: Sequence[Claim]) -> list[Problem]:
    """Require unique, well-formed ids that agree with the witness and function names."""
    problems = []
    counts = Counter(c.id for c in claims)
    for claim_id in sorted(i for i, n in counts.items() if n > 1):
        problems.append(Problem(claim_id, f"claim id is declared {counts[claim_id]} times", "rename all but one claim function"))
    for claim in claims:
        if not CLAIM_ID.match(claim.id) or claim.id != f"{claim.witness}.{claim.name}":
            problems.append(Problem(claim.id, "claim id is not `family.rule_family.snake_case_name`", "rename the witness or the claim function"))
    return problems


def floor_problems(
    claims: Sequence[Claim],
    witness_sizes: Mapping[str, int],
    uses: Mapping[str, Sequence[str]],
    killers: Mapping[str, Sequence[str]] | None,
) -> list[Problem]:
    """Return every floor violation; `killers` None means no mutation results exist yet."""
    problems = rule_problems(claims) + id_problems(claims)
    for claim in claims:
        why = statement_problem(claim.statement)
        if why:
            problems.append(Problem(claim.id, why, "rewrite the statement as one present-tense sentence"))
        if uses.get(claim.id):
            problems.append(Problem(claim.id, f"aggregator: the claim uses claim(s) {', '.join(uses[claim.id])}", "check the rule directly; never call another claim"))
        if killers is not None and not killers.get(claim.id):
            problems.append(Problem(claim.id, "vacuous: no mutation kills it", "strengthen the claim or seed a defect in mutations/ that turns it red, then run `claim_batch mutate --write` (and `--auto --write`) and `claim_batch ledger --write`"))
    for witness in sorted(w for w, n in witness_sizes.items() if n == 0):
        problems.append(Problem(witness, "witness declares no claims", "add claims or delete the witness"))
    return problems
