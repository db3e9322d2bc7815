"""Run every fenced block of the README and docs/ the way its directive says (see `blocks`), so no example can rot.

One test per page runs its blocks in page order and reports every block
that fails, located `page:line`.  The demo project is written once per
session by `claim_batch init demo`; each `demo` block gets a fresh copy,
with the caches `init` left in `.claims-cache` (results, mutation tree,
observations), as a user's project has them after `init`.
"""

from __future__ import annotations

import fcntl
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .blocks import KINDS, PAGES, ROOT, Block, blocks, matches, readme_commands, steps

TIMEOUT = 600


@pytest.fixture(scope="session")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project `claim_batch init demo` writes, with its ledger generated, made once for all xdist workers.

    Blocks only read it (each `demo` block runs in a copy), so the workers share the first one made.
    """
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    made = shared / "docs-demo"
    with open(shared / "docs-demo.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other workers wait here for the first one's project
        if not made.is_dir():
            parent = tmp_path_factory.mktemp("docs-demo")
            done = subprocess.run(
                [sys.executable, "-m", "claims.cli", "init", "demo"],
                cwd=parent,
                env=environment(parent),
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
            assert done.returncode == 0, done.stdout + done.stderr
            parent.rename(made)
    return made / "demo"


def environment(tmp: Path) -> dict[str, str]:
    """Return the environment examples run in: this interpreter's commands first, no CI, unbuffered, 80 columns."""
    # A pytest-xdist worker's variables would make a nested pytest believe it is a worker too (plugins then warn).
    keep = {
        k: v
        for k, v in os.environ.items()
        if k not in {"CI", "CLAIMS_PYPROJECT", "CLAIMS_PROFILE", "PYTEST_CURRENT_TEST"}
        and not k.startswith("PYTEST_XDIST")
    }
    path = f"{Path(sys.executable).parent}{os.pathsep}{keep.get('PATH', '')}"
    return {**keep, "PATH": path, "PYTHONUNBUFFERED": "1", "COLUMNS": "80", "DOCS_TMP": str(tmp)}


class Page:
    """Run one page's blocks in order, keeping the folders its named scenes share."""

    def __init__(self, demo: Path, tmp: Path) -> None:
        self.demo, self.tmp = demo, tmp
        self.scenes: dict[str, Path] = {}
        self.env = environment(tmp)

    def folder(self, context: str) -> Path:
        """Return the folder a context names: the checkout, or a fresh (or shared) demo copy or empty folder."""
        kind, _, scene = context.partition(":")
        if kind == "repo":
            return ROOT
        if kind not in ("demo", "empty"):
            raise AssertionError(f"unknown context {context!r}: repo, demo[:NAME] or empty[:NAME]")
        if scene and context in self.scenes:
            return self.scenes[context]
        path = self.tmp / f"{kind}-{len(list(self.tmp.iterdir()))}"
        if kind == "demo":
            # Instrumented bytecode is keyed by path, so a copy could not use it.
            shutil.copytree(
                self.demo,
                path / "demo",
                ignore=shutil.ignore_patterns("bytecode", "__pycache__", ".hypothesis", ".pytest_cache"),
            )
            path = path / "demo"
        else:
            path.mkdir()
        if scene:
            self.scenes[context] = path
        return path

    def shell(self, command: str, cwd: Path, *, merge: bool = True) -> subprocess.CompletedProcess[str]:
        """Run a command line with bash, output and errors together (as a terminal shows them) unless asked apart."""
        return subprocess.run(
            ["bash", "-c", command],
            cwd=cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge else subprocess.PIPE,
            text=True,
            timeout=TIMEOUT,
        )

    def run(self, block: Block) -> None:
        """Execute one block as its directive says; raise AssertionError saying what differed."""
        handler = getattr(self, f"do_{block.kind}", None)
        if block.kind not in KINDS or handler is None:
            raise AssertionError(
                f"no `<!-- docs: KIND ... -->` directive on the line before the block (kinds: {', '.join(KINDS)}); see tests/documentation/blocks.py"
            )
        handler(block)

    def do_run(self, block: Block) -> None:
        cwd = self.folder(block.args)
        for step in steps(block):
            command = (
                step.command.split("#", 1)[0].strip()
                if "#" in step.command and not step.command.lstrip().startswith("#")
                else step.command
            )
            target = _cd_target(command)
            if target is not None and command.strip() == f"cd {target}":
                cwd = cwd / target
                continue
            done = self.shell(step.command, cwd)
            actual = done.stdout.splitlines()
            if done.returncode != step.exit or (step.expected and not matches(step.expected, _trim(actual))):
                raise AssertionError(
                    f"$ {step.command}\nexit {done.returncode} (expected {step.exit}); output:\n"
                    + "\n".join(actual[-80:])
                    + ("\n--- expected:\n" + "\n".join(step.expected) if step.expected else "")
                )
            if target is not None:
                cwd = cwd / target

    def do_output(self, block: Block) -> None:
        context, _, command = block.args.partition(" ")
        done = self.shell(command, self.folder(context), merge=False)
        assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}{done.stderr}"
        _excerpt(block, done.stdout, command)

    def do_file(self, block: Block) -> None:
        path = ROOT / block.args[5:] if block.args.startswith("repo:") else self.demo / block.args
        assert path.is_file(), f"{block.args}: no such file"
        _excerpt(block, path.read_text(encoding="utf-8"), block.args)

    def do_write(self, block: Block) -> None:
        context, _, relative = block.args.partition(" ")
        path = self.folder(context) / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block.text + "\n", encoding="utf-8")

    def do_python(self, block: Block) -> None:
        done = subprocess.run(
            [sys.executable, "-c", block.text],
            cwd=self.folder(block.args),
            env=self.env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert done.returncode == 0, f"the program exits {done.returncode}:\n{done.stdout}{done.stderr}"

    def do_doctest(self, block: Block) -> None:
        session = self.tmp / f"doctest-{block.line}.txt"
        session.write_text(block.text + "\n", encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "doctest", "-o", "ELLIPSIS", "-o", "NORMALIZE_WHITESPACE", str(session)],
            cwd=self.folder(block.args),
            env=self.env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert done.returncode == 0, f"the doctest fails:\n{done.stdout}{done.stderr}"

    def do_shape(self, block: Block) -> None:
        context, _, command = block.args.partition(" ")
        done = self.shell(command, self.folder(context), merge=False)
        assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stderr}"
        differences = _key_differences(json.loads(block.text), json.loads(done.stdout), "$")
        assert not differences, f"the keys shown differ from `{command}`'s:\n" + "\n".join(differences)

    def do_e2e(self, block: Block) -> None:
        commands = readme_commands()
        assert len(commands) == 2 and commands[0][:2] == commands[1][:2] == list(INSTALL), (
            f"expected the locked install, then the run and the test commands: {commands}"
        )
        assert (ROOT / "tests" / "e2e" / "test_checkout.py").read_text(encoding="utf-8").count("readme_commands()") >= 2
        ci = [
            part.strip().strip("()").strip()  # `.ci/run` wraps the command in a subshell so `set -e` sees a failure
            for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
            for part in line.split("&&")
        ]
        missing = [part for part in commands[1] if not any(command.startswith(part) for command in ci)]
        assert not missing, f".ci/run does not run the README's test command; missing: {missing}"


INSTALL = ("python -m pip install -r requirements.lock", "python -m pip install --no-deps -e .")
"""The README's install: the locked dependency set (the one the ledger's evidence was observed under), then this
checkout without dependencies."""


def _cd_target(command: str) -> str | None:
    words = shlex.split(command.split("&&", 1)[0]) if command.startswith("cd ") else []
    return words[1] if len(words) == 2 else None


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _excerpt(block: Block, text: str, source: str) -> None:
    shown = block.text.splitlines()
    assert matches(shown, text.splitlines(), anchored=False), (
        f"the block is not an excerpt of {source}:\n{block.text}\n--- {source}:\n{text[:3000]}"
    )


def _key_differences(shown: Any, real: Any, where: str) -> list[str]:
    """Name every object whose keys differ between the shown JSON and the real one (lists: their first items)."""
    if isinstance(shown, dict) and isinstance(real, dict):
        if set(shown) != set(real):
            return [f"{where}: shown {sorted(shown)}, real {sorted(real)}"]
        return [d for key in sorted(shown) for d in _key_differences(shown[key], real[key], f"{where}.{key}")]
    if isinstance(shown, list) and isinstance(real, list) and shown and real:
        return _key_differences(shown[0], real[0], f"{where}[0]")
    if isinstance(shown, dict) != isinstance(real, dict):
        return [f"{where}: shown {type(shown).__name__}, real {type(real).__name__}"]
    return []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_example_of_the_page_runs(page: Path, demo: Path, tmp_path: Path) -> None:
    runner = Page(demo, tmp_path)
    failures = []
    for block in blocks(page):
        try:
            runner.run(block)
        except (AssertionError, ValueError, subprocess.TimeoutExpired) as exc:
            failures.append(f"{block.where}: {exc}")
    assert not failures, f"{len(failures)} example(s) of {page.name} do not run as shown:\n\n" + "\n\n".join(failures)
