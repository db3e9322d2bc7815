"""Build the framework; a development install of this checkout also gets the bundled suite's commands.

`pip install .`, the sdist and the wheel hold the framework only: the
`claims` package, `claim_batch` and the pytest plugin (pyproject.toml).  The
bundled GPU suite (`domain/`, `witnesses/`, `mutations/`, `ledger/`) is a
project that lives in this checkout and runs from it, so nothing it contains
is ever installed where it could shadow, or be shadowed by, a user's
packages of the same names.  Its commands (`[tool.bundled-suite.scripts]`)
are added by an editable install only, as launchers that put this checkout
first on `sys.path` inside their own process and call the command.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.editable_wheel import editable_wheel

HERE = Path(__file__).resolve().parent

LAUNCHER = '''\
#!python
"""`{name}`: a command of the bundled suite, run from the checkout at {root} (a development install)."""

import sys

sys.path.insert(0, {root!r})

from {module} import {function}

sys.exit({function}())
'''


def suite_launchers() -> list[str]:
    """Write one launcher per bundled-suite command whose module is in this checkout; return their paths."""
    table = (
        tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8")).get("tool", {}).get("bundled-suite", {})
    )
    folder = HERE / "build" / "bundled-suite"
    written = []
    for name, target in sorted(table.get("scripts", {}).items()):
        module, _, function = target.partition(":")
        if not (HERE / (module.replace(".", "/") + ".py")).is_file():
            continue  # an unpacked sdist holds the framework only
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        path.write_text(LAUNCHER.format(name=name, root=str(HERE), module=module, function=function), encoding="utf-8")
        written.append(path.relative_to(HERE).as_posix())
    return written


class EditableWithSuite(editable_wheel):
    """Build the editable wheel, adding the bundled suite's launchers as scripts."""

    def run(self) -> None:
        self.distribution.scripts = [*(self.distribution.scripts or []), *suite_launchers()]
        super().run()


setup(cmdclass={"editable_wheel": EditableWithSuite})
