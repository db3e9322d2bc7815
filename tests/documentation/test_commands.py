"""Every command and every option `--help` shows is documented in docs/commands.md (and the commands in the README)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from claims.cli import SUBCOMMANDS

from .blocks import ROOT

COMMANDS = [(), *((name,) for name in SUBCOMMANDS), ("mutate", "show"), ("mutate", "survivors")]


def help_text(command: tuple[str, ...], cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "claims.cli", *command, "--help"], cwd=cwd, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(("claim_batch", *c)))
def test_every_option_of_the_command_is_documented(command: tuple[str, ...], tmp_path: Path) -> None:
    text = help_text(command, tmp_path)
    options = sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text)) - {"--help"})
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert [o for o in options if f"`{o}" not in page] == []
    shown = "claim_batch " + " ".join(command) if command else "claim_batch [PATTERN ...]"
    assert f"`{shown}" in page


def test_the_readme_names_every_subcommand() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [name for name in SUBCOMMANDS if f"`claim_batch {name}" not in readme] == []


def test_the_exit_code_tables_say_what_the_code_says() -> None:
    from claims.cli.exits import Exit

    rows = [f"| {code.value} | {code.meaning.replace('|', chr(92) + '|')} |" for code in Exit]
    for page in (ROOT / "README.md", ROOT / "docs" / "commands.md"):
        text = page.read_text(encoding="utf-8")
        assert [row for row in rows if row not in text] == [], page.name
