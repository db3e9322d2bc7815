"""Plan a new project for `claim_batch init`: its package names and files, as data; nothing is written here.

The files come from the templates shipped beside this module
(`templates/*.tmpl`), with `{{name}}` replaced by the project's identifier,
so a project named `demo` gets `demo_rules`, `demo_claims` and
`demo_defects`: names no other project (the bundled suite's `domain`,
`witnesses`, `mutations` included) is likely to hold.
"""

from __future__ import annotations

import keyword
import re
from importlib import resources
from pathlib import Path

from attrs import frozen

from claims.errors import UsageError

IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")
# Template -> path in the new project; `{{name}}` in either is the project's identifier.
FILES = (
    ("pyproject.toml.tmpl", "pyproject.toml"),
    ("gitignore.tmpl", ".gitignore"),
    ("rules_init.py.tmpl", "{{name}}_rules/__init__.py"),
    ("rules.py.tmpl", "{{name}}_rules/quota.py"),
    ("claims_init.py.tmpl", "{{name}}_claims/__init__.py"),
    ("claims.py.tmpl", "{{name}}_claims/quota.py"),
    ("defects_init.py.tmpl", "{{name}}_defects/__init__.py"),
    ("defects.py.tmpl", "{{name}}_defects/quota.py"),
)


@frozen
class Scaffold:
    """Hold a new project's identifier, its folder, and every file to write (relative path, text)."""

    name: str
    root: Path
    files: tuple[tuple[str, str], ...]

    def conflicts(self) -> list[str]:
        """Name every file the scaffold would overwrite (or that a folder or file is in the way of)."""
        found = []
        for relative, _ in self.files:
            parts = Path(relative).parts
            folders = [self.root.joinpath(*parts[:i]) for i in range(1, len(parts))]
            path = self.root / relative
            if path.exists() or path.is_symlink() or any(f.exists() and not f.is_dir() for f in folders):
                found.append(relative)
        return found


def identifier(folder_name: str) -> str:
    """Make a folder's name a Python identifier for the packages: lowercase, `_` for anything else, never leading digits."""
    stem = re.sub(r"[^a-z0-9]+", "_", folder_name.lower()).strip("_")
    if not stem or not stem[0].isalpha():
        stem = f"project_{stem}".rstrip("_")
    return stem


def check_name(name: str) -> str:
    """Accept a project identifier, or raise UsageError saying what a valid one looks like."""
    if not IDENTIFIER.match(name) or keyword.iskeyword(name):
        raise UsageError(
            f"--name {name!r} is not a project identifier: lowercase letters, digits and underscores, starting with a letter (e.g. 'demo')"
        )
    return name


def template(name: str) -> str:
    """Return a template's text, read from the installed package."""
    return (resources.files("claims._internal") / "templates" / name).read_text(encoding="utf-8")


def plan(root: Path, name: str | None = None) -> Scaffold:
    """Plan the files of a new project in `root`, named `name` (default: from the folder's name)."""
    chosen = check_name(name) if name is not None else identifier(root.resolve().name)
    files = tuple(
        (target.replace("{{name}}", chosen), template(source).replace("{{name}}", chosen)) for source, target in FILES
    )
    return Scaffold(name=chosen, root=root, files=files)
