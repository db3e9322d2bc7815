"""Witness the shell command line a report gives each host: pasted into a shell, it runs exactly that host's argv.

The oracle is `shlex.split` in POSIX mode, which reads a line as a POSIX
shell splits it into words; never the domain's quoting read backwards.
"""

from __future__ import annotations

import shlex

from hypothesis import example, given
from hypothesis import strategies as st

from claims import check
from domain.spark import render
from witnesses.spark.fixtures import glm_plan, v41_plan
from witnesses.spark.render import witness

AWKWARD_WORDS = (
    "it's",
    'say "hi"',
    "50%",
    "%%n",
    "$HOME",
    "$(reboot)",
    "`id`",
    "",
    " ",
    "a b",
    "back\\slash",
    "line\nbreak",
    "tab\there",
    "carriage\rreturn",
    "x;rm -rf /",
    "a&&b|c>d<e",
    "*?[]{}~#!",
    "autorité",
    "'",
    '"',
    "\\",
)
"""Words a shell would read otherwise if written bare: quotes, specifiers, expansions, blanks, operators, globs."""


@witness.property(
    "Any argv, its words holding quotes, spaces, `%`, `$`, backslashes, line breaks, operators, globs or nothing at all, renders as one command line that shlex reads back as exactly that argv.",
    rules=[render.shell_command_line],
)
@given(st.lists(st.text(), min_size=1, max_size=12))
@example(["docker", "create", *AWKWARD_WORDS])
@example([""])
@example(["50%", "%%", "%n"])
@example(["it's", "'", "''"])
def any_argv_reads_back_from_its_command_line(argv: list[str]) -> None:
    line = render.shell_command_line(tuple(argv))
    check.equal("read back by shlex", shlex.split(line), argv)


@witness.property(
    "A command line holds a line feed or carriage return only where one of its words does, so an argv of words without one is one line.",
    rules=[render.shell_command_line],
)
@given(st.lists(st.text(), min_size=1, max_size=12))
@example(["echo", "line\nbreak", "carriage\rreturn"])
@example(["docker", "create", "a b", "50%"])
def a_command_line_breaks_only_inside_a_word(argv: list[str]) -> None:
    line = render.shell_command_line(tuple(argv))
    for brk in ("\n", "\r"):
        check.equal(f"{brk!r} count", line.count(brk), sum(word.count(brk) for word in argv))


@witness.positive(
    "Each word a shell would read otherwise is quoted whole in single quotes, a quote inside it written as '\"'\"', and a plain word stays bare.",
    rules=[render.shell_command_line],
)
def awkward_words_are_quoted_and_plain_ones_left_bare() -> None:
    check.equal(
        "quoted",
        render.shell_command_line(("echo", "it's", "50%", "a b", "", "$HOME", "--name=x:y,z/0.8@a+b")),
        "echo 'it'\"'\"'s' 50% 'a b' '' '$HOME' --name=x:y,z/0.8@a+b",
    )


@witness.positive(
    "Every host's command line in both arms is its docker create argv written bare, one space apart, and shlex reads it back as exactly that argv.",
    rules=[render.shell_command_line, render.docker_create_argv],
)
def every_hosts_command_line_reads_back_as_its_argv() -> None:
    for plan in (v41_plan().arm, glm_plan()):
        for rank in plan.ranks:
            argv = render.docker_create_argv(plan, rank)
            line = render.shell_command_line(argv)
            check.equal(f"{rank.host.name}: the line", line, " ".join(argv))
            check.equal(f"{rank.host.name}: read back", tuple(shlex.split(line)), argv)
