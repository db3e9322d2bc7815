"""Name the mutation operators: mutmut's own, and the domain-aware catalogue (see docs/mutation.md).

An operator is a libcst node type and a function from a node to the nodes
that replace it, exactly as mutmut declares its own; each has a stable name
(`mutmut.number`, `domain.min_max`) that the evidence, the reports and
`--operators` use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from claims._internal.mutation.operators.definition import Operator
from claims.errors import UsageError

__all__ = ["SETS", "Operator", "OperatorSets", "chosen_sets", "domain_operators", "mutmut_operators"]


def mutmut_operators() -> list[Operator]:
    """Wrap mutmut's own operators, named after their functions (`operator_number` -> `mutmut.number`)."""
    from mutmut.mutation.mutators import mutation_operators

    found = []
    for node_type, function in mutation_operators:
        name = "mutmut." + function.__name__.removeprefix("operator_")
        doc = (function.__doc__ or "").strip().splitlines()
        found.append(Operator(name, node_type, function, doc[0] if doc else f"mutmut's {function.__name__}"))
    return found


def domain_operators() -> list[Operator]:
    """Return the domain-aware catalogue (identity near-misses, folds, bounds, exclusive writes, ...)."""
    from claims._internal.mutation.operators.domain import CATALOGUE  # libcst: only generating mutants needs it

    return list(CATALOGUE)


SETS: dict[str, Callable[[], list[Operator]]] = {"mutmut": mutmut_operators, "domain": domain_operators}


@frozen
class OperatorSets:
    """Chosen operator sets, by name; their operators load (importing libcst and mutmut's, ~0.5 s) only when asked.

    A run whose mutants are all generated already never loads them: what the mutants depend on is known without
    them (`key`).
    """

    names: tuple[str, ...]

    def key(self) -> str:
        """Say what the mutants depend on beyond the generator's own source: the sets, and mutmut's version."""
        from importlib.metadata import version

        return f"{','.join(self.names)}; mutmut {version('mutmut')}"

    def load(self) -> list[Operator]:
        """Return the operators of the sets, in a stable order."""
        return [op for name in self.names for op in SETS[name]()]


def chosen_sets(names: Sequence[str]) -> OperatorSets:
    """Return the named sets in a stable order; an unknown set is a UsageError."""
    unknown = [n for n in names if n not in SETS]
    if unknown:
        raise UsageError(
            f"--operators: unknown operator set(s) {', '.join(unknown)}; expected some of {', '.join(SETS)}"
        )
    return OperatorSets(tuple(name for name in SETS if name in names))
