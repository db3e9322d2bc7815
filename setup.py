"""Build the framework; a development install of this checkout also gets the bundled suite's commands.

`pip install .`, the sdist and the wheel hold the framework only: the
`claims` package, `claim_batch` and the pytest plugin (pyproject.toml).  The
bundled GPU suite (`domain/`, `witnesses/`, `mutations/`, `ledger/`) is a
project that lives in this checkout and runs from it, so nothing it contains
is ever installed where it could shadow, or be shadowed by, a user's
packages of the same names.  Its commands (`[tool.bundled-suite.scripts]`)
are added by an editable install only, as launchers that put this checkout
first on `sys.path` inside their own process and call the command.  A
launcher starts as a shell script that execs the Python beside it, so it
works from an environment or checkout whose path holds spaces, where a `#!`
line naming the interpreter cannot.
"""

from __future__ import annotations

import shlex
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.editable_wheel import editable_wheel

HERE = Path(__file__).resolve().parent

LAUNCHER = """\
#!/bin/sh
''':'
# sh runs this block: it execs the Python installed beside this launcher (an environment's path may hold spaces,
# which a `#!` line cannot), else the one that built it, else python3 on PATH. Python reads the block as a string.
here=$(dirname -- "$0")
for python in "$here/python" "$here/python3" {built}; do
    if [ -x "$python" ]; then exec "$python" "$0" "$@"; fi
done
exec python3 "$0" "$@"
'''
# `{name}`: a command of the bundled suite, run from the checkout at {root_text} (a development install).

import sys

sys.path.insert(0, {root!r})

from {module} import {function}

sys.exit({function}())
"""


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
        text = LAUNCHER.format(
            name=name,
            root=str(HERE),
            root_text=str(HERE).encode("unicode_escape").decode("ascii"),
            built=shlex.quote(sys.executable),
            module=module,
            function=function,
        )
        path.write_text(text, encoding="utf-8")
        written.append(path.relative_to(HERE).as_posix())
    return written


class EditableWithSuite(editable_wheel):
    """Build the editable wheel, adding the bundled suite's launchers as scripts."""

    def run(self) -> None:
        self.distribution.scripts = [*(self.distribution.scripts or []), *suite_launchers()]
        super().run()


setup(cmdclass={"editable_wheel": EditableWithSuite})
