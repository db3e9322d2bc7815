"""Witness systemd's quoting of one word: whatever text a word holds, it lands on its Exec line as exactly that one word.

The oracle is the witness's own reading of systemd's rules (systemd.syntax:
`%%` and `$$` are literal, a double-quoted word takes the C escapes `\\\\`,
`\\"`, `\\n` and `\\r`), never the domain's rendering read backwards.
"""

from __future__ import annotations

import re
import shlex

from hypothesis import example, given
from hypothesis import strategies as st

from claims import check
from domain.spark import render
from witnesses.spark.render import witness

PLAIN = re.compile(r"[A-Za-z0-9@+=:,./_-]+")
"""The characters a word may hold and still be written bare (the witness's own copy)."""

_C_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r"}


def _literal(text: str) -> str:
    # Read left to right: `%%` and `$$` are one literal each; a lone `%` or `$` is a specifier systemd would expand.
    out, i = [], 0
    while i < len(text):
        if text[i] in "%$":
            if text[i + 1 : i + 2] != text[i]:
                return f"<systemd expands {text[i : i + 2]!r} in {text!r}>"
            i += 1
        out.append(text[i])
        i += 1
    return "".join(out)


def read_systemd_word(rendered: str) -> str:
    """Read one rendered word back as systemd would: a bare word as written, a quoted one through its C escapes."""
    if not rendered.startswith('"'):
        return _literal(rendered)
    inner, out, i = rendered[1:-1], [], 0
    while i < len(inner):
        if inner[i] == "\\":
            out.append(_C_ESCAPES[inner[i + 1]])
            i += 2
        else:
            out.append(inner[i])
            i += 1
    return _literal("".join(out))


@witness.positive(
    "A systemd word holding whitespace anywhere (a space inside, before or after it, or a tab) is quoted whole, so systemd reads it as the one word it is.",
    rules=[render.systemd_word],
)
def systemd_words_with_whitespace_are_quoted_whole() -> None:
    for word in ("a b", " a", "a ", "x=y z", "a\tb", "\ta", " "):
        rendered = render.systemd_word(word)
        check.equal(f"{word!r} rendered", rendered, f'"{word}"')
        check.equal(f"{word!r} read back by systemd's quoting", shlex.split(rendered, posix=True), [word])


@witness.positive(
    "A word holding a line break (a trailing newline, one inside it, a carriage return) is quoted with each break written as systemd's C escape, so it can never end its Exec line or add a directive to the unit.",
    rules=[render.systemd_word],
)
def a_word_with_a_line_break_stays_on_its_line() -> None:
    cases = {
        "a\n": '"a\\n"',
        "a\nb": '"a\\nb"',
        "\nExecStart=/bin/sh": '"\\nExecStart=/bin/sh"',
        "x\r\ny": '"x\\r\\ny"',
    }
    for word, rendered in cases.items():
        check.equal(f"{word!r} rendered", render.systemd_word(word), rendered)


@witness.positive(
    "A word is written bare exactly when each of its characters is plain: every plain character keeps a word bare, and every printable ASCII character outside that set (a single quote, a semicolon, a backslash, ...) quotes it whole.",
    rules=[render.systemd_word],
)
def a_word_is_bare_exactly_when_every_character_is_plain() -> None:
    # Single quotes are systemd's other quoting, and ; ends a command line: neither may stand bare.
    for code in range(0x21, 0x7F):
        character = chr(code)
        word = f"a{character}b"
        rendered = render.systemd_word(word)
        if PLAIN.fullmatch(character):
            check.equal(f"{word!r} with a plain character", rendered, word)
        else:
            check.equal(f"{word!r} quoted whole", rendered.startswith('"') and rendered.endswith('"'), True)
            check.equal(f"{word!r} read back", read_systemd_word(rendered), word)


@witness.property(
    "Every word renders on one line, bare only when it is all plain characters, and reads back, by systemd's quoting, as exactly itself.",
    rules=[render.systemd_word],
)
@given(st.text())
@example("a\n")
@example("a b")
@example(" a")
@example('50% of $HOME\\"')
@example("")
@example("--max-model-len")
@example("50%% of 100%, $$HOME and $PATH")
@example("%%%$$$")
def every_word_reads_back_as_itself(word: str) -> None:
    rendered = render.systemd_word(word)
    check.holds("no line break in the rendering", "\n" not in rendered and "\r" not in rendered, rendered)
    if not rendered.startswith('"'):
        check.holds("a bare word is all plain characters", PLAIN.fullmatch(word) is not None, rendered)
    check.equal("read back", read_systemd_word(rendered), word)
