"""Check the floor: the structural rules every claim set must meet, as data in, problems out.

- every rule named by a claim has the controls of its shape:
  - a rule that can refuse: a positive and a refusal claim (snapshot and
    property claims count as neither: they are regression and quantified
    controls, not oracles for one admit and one refusal);
  - a rule its witness declares never-refusing (`Witness(...,
    never_refuses=[rule])`: a renderer, a computation): a positive claim and
    a snapshot or property claim;
  and, for both shapes, a mutation control (the evidence audit: recorded
  mutants of the rule, and every claim killed by some mutation);
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

# A witness name (one identifier or several joined by dots), a dot, a snake_case function name.
CLAIM_ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\.[a-z][a-z0-9_]*$")
REFUSING = "it can refuse, so its floor is a positive and a refusal claim"
NEVER_REFUSING = "declared never-refusing, so its floor is a positive claim plus a snapshot or property claim"
# Words whose trailing full stop does not end a sentence.
ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "incl.", "no.", "fig.", "resp.", "et al."})
SENTENCE_BREAK = re.compile(r"([.!?])\s+(?=\S)")


def _ends_sentence(statement: str, match: re.Match[str]) -> bool:
    """Decide whether a break inside a statement ends a sentence (not after an abbreviation, an initial, before lowercase)."""
    if match.group(1) != ".":
        return True
    word = statement[: match.end(1)].split()[-1].lower().lstrip("([{\"'`")
    after = statement[match.end() :]
    # `e.g. Spark`, an initial (`J. Doe`), or a lowercase continuation is not a new sentence.
    return not (word in ABBREVIATIONS or re.fullmatch(r"[a-z]\.", word) or not after[:1].isupper())


def statement_problem(statement: str) -> str | None:
    """Say why a statement is not one sentence, or None when it is."""
    if not statement.strip():
        return "the statement is empty"
    if "\n" in statement:
        return "the statement spans lines; say it in one sentence"
    if not statement.endswith(".") or statement.endswith(".."):
        return f"the statement does not end with '.': {statement!r}"
    for match in SENTENCE_BREAK.finditer(statement):
        if _ends_sentence(statement, match):
            return f"the statement holds more than one sentence (break after {statement[: match.end(1)].split()[-1]!r})"
    return None


def _rule_kinds(claims: Sequence[Claim]) -> tuple[dict[str, set[Kind]], dict[str, str]]:
    """Decide the kinds of claim naming each rule, and which witness first declares each rule never-refusing."""
    kinds: dict[str, set[Kind]] = {}
    never: dict[str, str] = {}
    for claim in claims:
        for rule in claim.rules:
            kinds.setdefault(rule, set()).add(claim.kind)
        for rule in claim.never_refusing:
            never.setdefault(rule, claim.witness)
    return kinds, never


def _refusals_of_never_refusing(claims: Sequence[Claim], never: Mapping[str, str]) -> list[Problem]:
    """Decide which refusal claims name only rules declared never-refusing."""
    return [
        Problem(
            claim.id,
            f"refusal claim about rule(s) declared never-refusing: {', '.join(claim.rules)}",
            "name the rule that refuses in rules=[...], or drop the rule from never_refuses=[...]",
        )
        for claim in claims
        if claim.kind is Kind.REFUSAL and all(rule in never for rule in claim.rules)
    ]


def _unnamed_never_refusing(kinds: Mapping[str, set[Kind]], never: Mapping[str, str]) -> list[Problem]:
    """Decide which rules declared never-refusing no claim names."""
    return [
        Problem(
            rule,
            f"witness {never[rule]} declares it never-refusing, but no claim names it",
            "name it in the rules=[...] of its claims, or drop it from never_refuses=[...]",
        )
        for rule in sorted(set(never) - set(kinds))
    ]


def _never_refusing_shape(rule: str, have: set[Kind], witness: str) -> list[Problem]:
    """Decide what a never-refusing rule lacks: a positive claim, a snapshot or property claim."""
    problems = []
    if Kind.POSITIVE not in have:
        problems.append(
            Problem(
                rule,
                f"rule has no positive claim ({NEVER_REFUSING} by witness {witness})",
                "add a `@witness.positive(...)` claim naming it in rules=[...]",
            )
        )
    if not have & {Kind.SNAPSHOT, Kind.PROPERTY}:
        problems.append(
            Problem(
                rule,
                f"rule has no snapshot or property claim ({NEVER_REFUSING} by witness {witness})",
                "add a `@witness.snapshot(...)` or `@witness.property(...)` claim naming it in rules=[...]",
            )
        )
    return problems


def _refusing_shape(rule: str, have: set[Kind]) -> list[Problem]:
    """Decide what a rule that can refuse lacks: a positive claim, a refusal claim."""
    return [
        Problem(
            rule,
            f"rule has no {kind.value} claim ({REFUSING}; snapshot and property claims count as neither)",
            _fix(kind),
        )
        for kind in (Kind.POSITIVE, Kind.REFUSAL)
        if kind not in have
    ]


def rule_problems(claims: Sequence[Claim]) -> list[Problem]:
    """Require the controls of each named rule's shape: positive and refusal, or (never-refusing) positive and snapshot or property."""
    kinds, never = _rule_kinds(claims)
    problems = _refusals_of_never_refusing(claims, never) + _unnamed_never_refusing(kinds, never)
    for rule in sorted(kinds):
        have = kinds[rule]
        problems += _never_refusing_shape(rule, have, never[rule]) if rule in never else _refusing_shape(rule, have)
    return problems


def _fix(kind: Kind) -> str:
    if kind is Kind.REFUSAL:
        return "add a `@witness.refusal(...)` claim naming it in rules=[...]; if the rule never refuses (a renderer, a computation), declare it `Witness(..., never_refuses=[rule])` instead"
    return f"add a `@witness.{kind.value}(...)` claim naming it in rules=[...]"


def id_problems(claims: Sequence[Claim]) -> list[Problem]:
    """Require unique, well-formed ids that agree with the witness and function names."""
    problems = []
    counts = Counter(c.id for c in claims)
    for claim_id in sorted(i for i, n in counts.items() if n > 1):
        problems.append(
            Problem(claim_id, f"claim id is declared {counts[claim_id]} times", "rename all but one claim function")
        )
    for claim in claims:
        if not CLAIM_ID.match(claim.id) or claim.id != f"{claim.witness}.{claim.name}":
            problems.append(
                Problem(
                    claim.id, "claim id is not `witness.snake_case_name`", "rename the witness or the claim function"
                )
            )
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
            problems.append(
                Problem(
                    claim.id,
                    f"aggregator: the claim uses claim(s) {', '.join(uses[claim.id])}",
                    "check the rule directly; never call another claim",
                )
            )
        if killers is not None and not killers.get(claim.id):
            problems.append(
                Problem(
                    claim.id,
                    "vacuous: no mutation kills it",
                    "strengthen the claim, or declare a defect (in a [tool.claims].mutations package) that turns it red; then run `claim_batch mutate --update`, `claim_batch mutate --auto --update` and `claim_batch ledger --write`",
                )
            )
    for witness in sorted(w for w, n in witness_sizes.items() if n == 0):
        problems.append(Problem(witness, "witness declares no claims", "add claims or delete the witness"))
    return problems
