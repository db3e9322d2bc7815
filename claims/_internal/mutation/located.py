"""Locate a kept mutant copy in its file, as a `Mutant` records it: where its mutation sits, and how it reads there.

A libcst position leaves out a node's own parentheses and a statement's
final newline; the record gives the span and the code as a reader of the
file sees them, so a report can underline exactly what changed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from claims._internal.mutation.codegen import Render
from claims._internal.mutation.mutant import Mutant

Parents = dict[int, tuple[Any, str, int | None]]
"""Each node of a module (by identity) -> its parent, the parent's field holding it, its index there (`parent_map`)."""


def located_mutant(
    mutant_id: str,
    module_name: str,
    qualname: str,
    copy_name: str,
    offset: int,
    candidate: list[Any],
    parents: Parents,
    render: Render,
) -> Mutant:
    """Describe one kept copy ([node, operator, position, mutation, code]) as a mutant: where it sits, what it reads."""
    _, operator, position, mutation, text = candidate
    return Mutant(
        id=mutant_id,
        module=module_name,
        function=qualname,
        operator=operator,
        copy=copy_name,
        offset=offset,
        line=position.start.line,
        column=position.start.column - _parens(render, mutation.original_node, "lpar"),
        end_line=position.end.line,
        end_column=position.end.column + _parens(render, mutation.original_node, "rpar"),
        original=_in_place(render, mutation.original_node, parents),
        replacement=_in_place(render, mutation.mutated_node, parents, mutation.original_node),
        change=hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
    )


def _parens(render: Render, node: Any, side: str) -> int:
    """Return the width of a node's own parentheses on one side: its position leaves them out, its code has them."""
    text = "".join(render(paren) for paren in getattr(node, side, ()))
    return 0 if "\n" in text else len(text)


def _in_place(render: Render, node: Any, parents: Parents, at: Any = None) -> str:
    """Return a node's code as it reads in the file from its first character to its last: a statement's lines at
    their own indentation (`at` is the node whose place it takes)."""
    tokens: list[str] = []
    parent = parents.get(id(at if at is not None else node), (None,))[0]
    while parent is not None:
        if type(parent).__name__ == "IndentedBlock":
            tokens.append(parent.indent if parent.indent is not None else render.module.default_indent)
        parent = parents.get(id(parent), (None,))[0]
    indent = "".join(reversed(tokens))
    text = render(node, tuple(reversed(tokens)))
    text = text[len(indent) :] if indent and text.startswith(indent) else text
    # A statement's code ends with its newline, which its position (up to its last character) leaves out.
    return text[: -len(render.module.default_newline)] if text.endswith(render.module.default_newline) else text
