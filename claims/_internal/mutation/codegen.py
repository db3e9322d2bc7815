"""Render and rebuild a module's libcst nodes cheaply, for the generator's thousands of near-identical copies.

`Render` renders each subtree once and replays its tokens; `replace_once`
rebuilds only the nodes on the path to a mutated one; a copy is rendered
under a stand-in name and `splice`d into the module's code as text.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any


def unused_name(source: str) -> str:
    """Return a name the source never spells.

    Each copy is generated under it (one codegen serves to drop duplicates and as the copy's code), and each copy's
    place in the tree is held by a statement naming it: a top-level statement's code does not depend on what
    surrounds it, so its text is put in after the module's codegen.
    """
    name = "_claims_stand_in"
    while name in source:
        name += "_"
    return name


class Render:
    """libcst's codegen of a module's nodes, rendering each subtree once (`with Render(module) as render: render(node)`).

    A mutant's copy of a function shares every node but those on the path to the mutated one, yet libcst renders
    the whole function again for each copy: most of the generator's time.  A node is immutable, and its code
    depends only on the indentation it is rendered at and the arguments its parent passes, so each node's tokens
    are kept under those and replayed.  The nodes are kept too, so their ids stay theirs.  Only nodes rendered
    through `render` are remembered; libcst's own codegen (its positions, a module's `.code`) is untouched.
    """

    def __init__(self, module: Any) -> None:
        self.module = module
        self.memo: dict[tuple[int, tuple[str, ...], tuple[tuple[str, Any], ...]], tuple[Any, list[str]]] = {}

    def __enter__(self) -> Render:
        import libcst as cst
        from libcst._nodes.internal import CodegenState

        self.original = original = cst.CSTNode._codegen
        memo = self.memo

        class State(CodegenState):
            """A codegen state that remembers what it renders."""

        State.memo = memo  # type: ignore[attr-defined]
        self.state = State

        def codegen(node: Any, state: Any, **kwargs: Any) -> None:
            if getattr(state, "memo", None) is not memo:
                original(node, state, **kwargs)
                return
            key = (id(node), tuple(state.indent_tokens), tuple(sorted(kwargs.items())))
            known = memo.get(key)
            if known is not None:
                state.tokens.extend(known[1])
                return
            start = len(state.tokens)
            original(node, state, **kwargs)
            memo[key] = (node, state.tokens[start:])

        cst.CSTNode._codegen = codegen  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        import libcst as cst

        cst.CSTNode._codegen = self.original  # type: ignore[method-assign]
        self.memo.clear()

    def __call__(self, node: Any, indent: tuple[str, ...] = ()) -> str:
        """Return the node's code in the module's context, as `module.code_for_node` (or `.code`, for a module).

        `indent` is the indentation the node sits at (a method's: one token per class holding it).
        """
        state = self.state(default_indent=self.module.default_indent, default_newline=self.module.default_newline)
        state.indent_tokens = list(indent)
        node._codegen(state)
        return "".join(state.tokens)


def code_named(render: Render, function: Any, name: str, indent: tuple[str, ...] = ()) -> str:
    """Return the code of a function under another name, at the given indentation."""
    return render(function.with_changes(name=function.name.with_changes(value=name)), indent)


def renamed(render: Render, copy: Any, text: str, stand_in: str, name: str, indent: tuple[str, ...] = ()) -> str:
    """Return a copy's code (made under the stand-in name) under its own name."""
    if text.count(stand_in) == 1:
        return text.replace(stand_in, name, 1)
    return code_named(render, copy, name, indent)


def splice(code: str, copies: dict[str, str]) -> str:
    """Put each copy's code where its stand-in statement is, in one pass."""
    if not copies:
        return code
    return re.sub("|".join(re.escape(line) for line in copies), lambda m: copies[m.group(0)], code)


def parent_map(root: Any) -> dict[int, tuple[Any, str, int | None]]:
    """Map each node under `root` (by identity) to its parent, the parent's field holding it, and its index there."""
    import libcst as cst

    found: dict[int, tuple[Any, str, int | None]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        for field in dataclasses.fields(node):
            value = getattr(node, field.name)
            if isinstance(value, cst.CSTNode):
                found[id(value)] = (node, field.name, None)
                stack.append(value)
            elif isinstance(value, (tuple, list)):
                for index, item in enumerate(value):
                    if isinstance(item, cst.CSTNode):
                        found[id(item)] = (node, field.name, index)
                        stack.append(item)
    return found


def replace_once(root: Any, old: Any, new: Any, parents: dict[int, tuple[Any, str, int | None]]) -> Any:
    """Return `root` with the node `old` replaced by `new`, rebuilding only the nodes on the path between them.

    The same tree as mutmut's `deep_replace` (which rebuilds every node it visits); a removal or a flattening,
    which change the parent's sequence itself, go through `deep_replace`.
    """
    import libcst as cst
    from mutmut.mutation.file_mutation import deep_replace

    if not isinstance(new, cst.CSTNode) or id(old) not in parents:
        return deep_replace(root, old, new)
    node, replacement = old, new
    while node is not root:
        parent, field, index = parents[id(node)]
        if index is None:
            value: Any = replacement
        else:
            items = list(getattr(parent, field))
            items[index] = replacement
            value = tuple(items)
        replacement = parent.with_changes(**{field: value})
        node = parent
    return replacement
