"""Exceptions for misuse of the framework, all under one root.

A domain "no" is never an exception (it is a `Refused` value); these are
raised only when a witness, a configuration or an input file is wrong, and
their messages say what was expected, what came, and how to fix it.
"""

from __future__ import annotations


class ClaimsError(Exception):
    """Root of every framework misuse error."""


class DeclarationError(ClaimsError):
    """A claim or witness is declared wrongly (bad id, unknown rule, empty statement)."""


class ConfigError(ClaimsError):
    """The `[tool.claims]` configuration is missing or malformed."""


class UsageError(ClaimsError):
    """The command line asked for something that does not exist."""


class InputError(ClaimsError):
    """A file the framework reads is malformed; the message is located."""


class PathRefused(UsageError):
    """A path a command would write is one it must not or cannot write; the message names it, what is there, and how to proceed."""
