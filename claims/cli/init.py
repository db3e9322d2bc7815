"""`claim_batch init [DIR]`: scaffold a project that passes the gate as generated.

Writes `pyproject.toml` with `[tool.claims]`, one rule module, one witness
(positive, refusal, property and snapshot claims), two declared defects
with their intent, then generates the ledger by running the project's own
commands in it: `snapshots --update`, `mutate --update`, `mutate --auto
--update`, `ledger --write`.  Existing files are never overwritten: when any
would be, nothing is written and the exit code is 2.  A folder under a file
is exit 2 before anything is written, and a write that fails (a read-only
folder, a full disk) removes every file and folder init made before its
exit 2, so a rerun meets nothing of its own.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from claims._internal.destination import blocking_ancestor, missing_folders, undo
from claims._internal.scaffold import Scaffold, plan
from claims.cli.exits import Exit, help_lines
from claims.cli.parsing import command_parser, parse

# The project's own commands, in the order that leaves its ledger complete (snapshots and evidence before the ledger).
LEDGER_STEPS = (
    ("snapshots", "--update", "--force"),
    ("mutate", "--update", "--quiet"),
    ("mutate", "--auto", "--update", "--quiet"),
    ("ledger", "--write"),
)


def build_parser() -> argparse.ArgumentParser:
    """Describe the init command's arguments."""
    parser = command_parser(
        prog="claim_batch init",
        description="Scaffold a project (rules, claims, declared defects, the ledger) that passes `claim_batch gate` as generated.",
        epilog="exit codes:\n" + help_lines(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "directory",
        nargs="?",
        default=".",
        metavar="DIR",
        help="the project folder, created if missing (default: the current folder)",
    )
    parser.add_argument(
        "--name",
        metavar="NAME",
        help="the identifier its packages are named after (default: DIR's name, e.g. demo -> demo_rules, demo_claims, demo_defects)",
    )
    parser.add_argument(
        "--no-ledger",
        action="store_true",
        help="write the files only; generate the ledger later with the commands init would run",
    )
    return parser


def write(scaffold: Scaffold) -> None:
    """Write every planned file and its folders (the caller has checked that none exists); on any failure remove what this made, then raise."""
    made: list[Path] = []
    try:
        for relative, text in scaffold.files:
            path = scaffold.root / relative
            for folder in missing_folders(path.parent):
                folder.mkdir()
                made.append(folder)
            with open(path, "x", encoding="utf-8") as handle:
                made.append(path)
                handle.write(text)
    except BaseException:
        undo(made)
        raise


def generate_ledger(root: Path) -> tuple[str, subprocess.CompletedProcess[str]] | None:
    """Run the project's own commands in it; return the first that failed, with its output, or None."""
    env = {k: v for k, v in os.environ.items() if k != "CLAIMS_PYPROJECT"}
    for step in LEDGER_STEPS:
        shown = "claim_batch " + " ".join(step)
        print(f"  {shown}", flush=True)
        done = subprocess.run(
            [sys.executable, "-m", "claims.cli", *step], cwd=root, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            return shown, done
    return None


def main(argv: Sequence[str]) -> int:
    """Scaffold, refuse to overwrite (exit 2), generate the ledger; exit 0 when the project is ready for `claim_batch gate`."""
    args = parse(build_parser(), argv)
    if isinstance(args, Exit):
        return args
    root = Path(args.directory)
    refused = _unusable(root)
    if refused is not None:
        print(f"claim_batch init: {refused}", file=sys.stderr)
        return Exit.USAGE
    scaffold = plan(root, args.name)
    if _refused_conflicts(scaffold, root) or not _wrote(scaffold, root):
        return Exit.USAGE
    print(
        f"created {len(scaffold.files)} files in {root} (rules {scaffold.name}_rules, claims {scaffold.name}_claims, defects {scaffold.name}_defects):"
    )
    print("\n".join(f"  {path}" for path, _ in scaffold.files))
    cd = _cd(root, args.directory)
    if args.no_ledger:
        print(f"next: {cd}" + " && ".join(_steps_by_hand()) + " && claim_batch gate")
        return Exit.PASS
    return _ledger_generated(root, cd)


def _cd(root: Path, directory: str) -> str:
    """Return the `cd DIR && ` to paste before the next commands (nothing when DIR is the current folder)."""
    # Quoted for the shell it is pasted into: `cd naïve café && ...` would be two words.
    return "" if root.resolve() == Path.cwd().resolve() else f"cd {shlex.quote(directory)} && "


def _steps_by_hand() -> list[str]:
    """Return the ledger's commands as a user types them (without init's own --force and --quiet)."""
    return ["claim_batch " + " ".join(a for a in step if a not in ("--force", "--quiet")) for step in LEDGER_STEPS]


def _unusable(root: Path) -> str | None:
    """Say why `root` cannot be the project folder (a file, or a path under one), or None when it can."""
    if root.exists() and not root.is_dir():
        return f"{root} exists and is not a folder; nothing written"
    blocked = blocking_ancestor(root / "pyproject.toml")
    if blocked is not None:
        return (
            f"{root}: expected a folder to create or fill, got a path under {blocked[0]}, "
            f"which is {blocked[1]}; nothing written; choose a folder under folders"
        )
    return None


def _refused_conflicts(scaffold: Scaffold, root: Path) -> bool:
    """Say on stderr which planned files exist already, and whether any does (then nothing is written)."""
    conflicts = scaffold.conflicts()
    if not conflicts:
        return False
    print(
        f"claim_batch init: refusing to overwrite {len(conflicts)} existing file(s) in {root}; nothing written:",
        file=sys.stderr,
    )
    print("\n".join(f"  {path}" for path in conflicts), file=sys.stderr)
    print("choose an empty folder, or another --name", file=sys.stderr)
    return True


def _wrote(scaffold: Scaffold, root: Path) -> bool:
    """Write the scaffold; when a write fails, say why on stderr (what init wrote is removed) and return False."""
    try:
        write(scaffold)
    except OSError as exc:
        print(
            f"claim_batch init: cannot write {exc.filename or root} ({type(exc).__name__}: {exc.strerror or exc}); "
            "everything init had written is removed; choose a folder you can write",
            file=sys.stderr,
        )
        return False
    return True


def _ledger_generated(root: Path, cd: str) -> int:
    """Generate the ledger with the project's own commands; say what failed (exit 1) or that it is ready (exit 0)."""
    print("generating the ledger with the project's own commands:")
    failed = generate_ledger(root)
    if failed is not None:
        shown, done = failed
        print(done.stdout + done.stderr, end="", file=sys.stderr)
        print(
            f"claim_batch init: the files are written, but `{shown}` failed (exit {done.returncode}); fix what it says, then run it and the rest by hand",
            file=sys.stderr,
        )
        return Exit.RED
    print(f"ready: {cd}claim_batch gate")
    return Exit.PASS
