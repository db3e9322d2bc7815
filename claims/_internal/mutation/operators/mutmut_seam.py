"""The one place the engine reaches into mutmut's private API: its mutation visitor.

The generator proposes mutations with mutmut's own `MutationVisitor` (its
pragmas, `do_not_mutate`, enum hooks and skip rules hold) and overrides two
of its private methods:

- `_create_mutations`, to record each mutation's operator and position as it
  is proposed (mutmut keeps neither);
- `_skip_node_and_children`, to go into decorated functions and methods:
  mutmut skips them, because it copies a function *with* its decorators; the
  engine trampolines inside the decorators (they run once, on the
  trampoline) and copies only the body, so a decorated function is mutated
  like any other.  The decorators themselves are never mutated.

These overrides, the attributes they read (`_operators`,
`_removes_ignored_code`, `_ignored_node_lines`, `_enum_creation_hooks`) and
the names imported here are the seam: `tests/test_mutmut_seam.py` fails,
naming it, when a mutmut release changes any of them, which is why mutmut is
pinned exactly in pyproject.toml.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # libcst costs a third of a second to import: the gate and the reports read mutants, never make them
    import libcst as cst

    from claims._internal.mutation.operators.definition import Operator

SEAM = (
    "mutmut.mutation.file_mutation.MutationVisitor: _create_mutations, _skip_node_and_children, _operators, "
    "_removes_ignored_code, _ignored_node_lines, _enum_creation_hooks; mutmut.mutation.file_mutation.Mutation; "
    "mutmut.mutation.pragma_handling.get_ignored_lines; mutmut.mutation.file_mutation.NEVER_MUTATE_FUNCTION_NAMES"
)


def ignored_code(filename: str, source: str, wrapper: Any) -> Any:
    """Return what mutmut's pragmas leave unmutated in a module (`# pragma: no mutate`, its block forms)."""
    from mutmut.mutation.pragma_handling import get_ignored_lines

    return get_ignored_lines(filename, source, wrapper)


def tagging_visitor(operators: Sequence[Operator], ignored: Any) -> Any:
    """Return mutmut's visitor, recording each mutation's operator and position, and entering decorated functions.

    Its `tagged` lists (mutation, operator name, position); `origin` says, by mutation id, whether mutmut's own
    operators proposed it.
    """
    from libcst.metadata import PositionProvider
    from mutmut.mutation.file_mutation import NEVER_MUTATE_FUNCTION_NAMES, Mutation, MutationVisitor

    names = {id(op.function): op.name for op in operators}

    class TaggingVisitor(MutationVisitor):
        """mutmut's visitor, recording each mutation's operator and position."""

        def __init__(self) -> None:
            super().__init__([(op.node_type, op.function) for op in operators], ignored)
            self.tagged: list[tuple[Any, str, Any]] = []
            self.origin: dict[int, bool] = {}

        def _create_mutations(self, node: cst.CSTNode) -> None:
            for node_type, function in self._operators:
                if isinstance(node, node_type):
                    for mutated in function(node):
                        if self._removes_ignored_code(node, mutated):
                            continue
                        mutation = Mutation(
                            original_node=node, mutated_node=mutated, contained_by_top_level_function=None
                        )
                        self.mutations.append(mutation)
                        self.tagged.append(
                            (mutation, names[id(function)], self.get_metadata(PositionProvider, node, None))
                        )
                        self.origin[id(mutation)] = names[id(function)].startswith("mutmut.")

        def _skip_node_and_children(self, node: cst.CSTNode) -> bool:
            import libcst as cst

            if isinstance(node, cst.FunctionDef) and node.decorators:
                # mutmut's reasons to skip a decorated function, but the decorators themselves: a pragma on it,
                # an enum's creation hook, a name it never mutates.
                position = self.get_metadata(PositionProvider, node, None)
                if position is not None and position.start.line in self._ignored_node_lines:
                    self.ignored_functions.add(node.name.value)
                    return True
                return node in self._enum_creation_hooks or node.name.value in NEVER_MUTATE_FUNCTION_NAMES
            return bool(super()._skip_node_and_children(node))

    return TaggingVisitor()
