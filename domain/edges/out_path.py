"""Decide whether `--out` may take a report, from what the file system showed there: pure, no I/O.

`--out` may name a new path or an existing regular file.  Anything else that
exists there (a directory, a symbolic link, a FIFO, a device, a socket), a
path under something that is not a directory, and an input of the command
itself (the same file, however spelled, hard links included) is refused,
and the shell then writes nothing, so whatever is there is left as it was.
What the file system showed is gathered by `domain.edges.report_file`
without following a link or writing anything.
"""

from __future__ import annotations

import enum
import posixpath

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused


class Entry(enum.Enum):
    """Say what kind of entry a path names, as the refusal says it."""

    REGULAR_FILE = "a regular file"
    DIRECTORY = "a directory"
    SYMBOLIC_LINK = "a symbolic link"
    FIFO = "a FIFO (named pipe)"
    CHARACTER_DEVICE = "a character device"
    BLOCK_DEVICE = "a block device"
    SOCKET = "a socket"
    SPECIAL = "a special file"


@frozen
class OutPathSeen:
    """Carry what inspecting `--out` showed, before anything was written.

    `entry` is None for a new path; `link_target` is a symbolic link's own
    target; `under`/`under_entry` name the first ancestor that exists and is
    not a directory; `same_as`/`same_path` name the input that is the same
    file; `uninspectable` says why the path could not be inspected at all.
    """

    entry: Entry | None = field(default=None, validator=vf.optional(vf.instance_of(Entry)))
    link_target: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    under: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    under_entry: Entry | None = field(default=None, validator=vf.optional(vf.instance_of(Entry)))
    same_as: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    same_path: str | None = field(default=None, validator=vf.optional(vf.strict_str))
    uninspectable: str | None = field(default=None, validator=vf.optional(vf.strict_str))


@frozen
class OutPathRefused(Reason):
    """Say `--out` cannot take the report without replacing, or writing under, something it must not."""


def out_path_admitted(out: str, seen: OutPathSeen) -> Admitted[str] | Refused:
    """Admit `--out` when it names a new path or a regular file that is none of the inputs; refuse anything else, located at `--out`."""
    where = f"--out {out}"
    if not out:
        return Refused((OutPathRefused("--out", "expected a file path, got an empty string"),))
    if posixpath.basename(out) in ("", ".", ".."):
        return Refused((OutPathRefused(where, "expected a file path, got a directory path"),))
    if seen.uninspectable is not None:
        return Refused((OutPathRefused(where, f"expected a path this process can inspect, got {seen.uninspectable}"),))
    if seen.under is not None:
        kind = (seen.under_entry or Entry.SPECIAL).value
        return Refused(
            (
                OutPathRefused(
                    where, f"expected a path under directories, got a path under {seen.under}, which is {kind}"
                ),
            )
        )
    if seen.entry is None:
        return Admitted(out)
    if seen.entry is not Entry.REGULAR_FILE:
        kind = seen.entry.value + (f" to {seen.link_target!r}" if seen.link_target is not None else "")
        return Refused(
            (OutPathRefused(where, f"expected a regular file or a new path, got {kind}; it is left as it was"),)
        )
    if seen.same_as is not None:
        name = seen.same_as
        return Refused(
            (
                OutPathRefused(
                    where,
                    f"expected a path other than the {name}, got the same file as the {name} ({seen.same_path}); it is left as it was",
                ),
            )
        )
    return Admitted(out)
