"""One automatic mutant, as the generator makes it and the manifest, the sweep and the reports read it."""

from __future__ import annotations

from attrs import frozen


@frozen
class Mutant:
    """One automatic mutant: its stable id, where it is, which operator made it, and the text it changes.

    `function` is the qualified name of the function-like holding it (`rule`, `Class.method`, see `functions`).
    """

    id: str
    module: str
    function: str
    operator: str
    copy: str
    """The name of the mutant's copy of its function in the generated tree (`x_rule__mutmut_3`): a number in
    source order, so it names another mutation after an edit; only the tree's trampoline table uses it."""
    offset: int
    line: int
    column: int
    end_line: int
    end_column: int
    original: str
    replacement: str
    change: str = ""
    """A digest of the mutant's whole copy of its function: any edit of the function changes it, so the row's
    fingerprint, which covers it, reruns the mutant after one (the id stays)."""

    @property
    def name(self) -> str:
        """Return the id within its module (`headroom_gib.min_max_3f0c9a1d`), as its evidence row names it."""
        return self.id[len(self.module) + 1 :]
