"""Model remote operations as typed steps: a mkdir argv and a sealed, readback-verified file write.

Seed A4 (review 71644): the Engram staging is no shell body but planned
remote steps: `extdeps.tools.mkdir` argvs and a `typed_remote_file_write`
sealed to its own directory (a `FileTreeScope`), landing as
readback-verified bytes.  A write outside its scope is refused, located.
"""

from __future__ import annotations

import hashlib
import posixpath

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused


@frozen
class MkdirStep:
    """Create a directory on a host by argv (`mkdir -p DIR`), no shell."""

    host: str = field(validator=vf.name_token)
    argv: tuple[str, ...] = field(validator=vf.tuple_of(str, min_len=3))


@frozen
class FileTreeScope:
    """Seal a write to one directory: the file must be its direct child."""

    root: str = field(validator=vf.non_empty_str)


@frozen
class TypedRemoteFileWrite:
    """Write bytes to one file in a sealed scope; the step lands only when the readback digest matches."""

    host: str = field(validator=vf.name_token)
    path: str = field(validator=vf.non_empty_str)
    content: bytes = field(validator=vf.strict_bytes)
    scope: FileTreeScope = field(validator=vf.instance_of(FileTreeScope))
    readback_sha256: str = field(validator=vf.non_empty_str)


RemoteStep = MkdirStep | TypedRemoteFileWrite


@frozen
class WriteOutsideScope(Reason):
    """Say the file a sealed write names is not a direct child of its scope's directory."""


def mkdir_step(host: str, directory: str) -> MkdirStep:
    """Plan `mkdir -p DIR` on a host as an argv."""
    return MkdirStep(host=host, argv=("mkdir", "-p", directory))


def seal_remote_file_write(
    host: str, path: str, content: bytes, scope: FileTreeScope
) -> Admitted[TypedRemoteFileWrite] | Refused:
    """Plan a write sealed to its scope, carrying the digest its readback must show."""
    normal = posixpath.normpath(path)
    if not path.startswith("/") or normal != path or posixpath.dirname(normal) != posixpath.normpath(scope.root):
        return Refused(
            (
                WriteOutsideScope(
                    where="$.path",
                    why=f"{path} is not a file directly inside the sealed scope {scope.root}",
                ),
            )
        )
    digest = hashlib.sha256(content).hexdigest()
    return Admitted(TypedRemoteFileWrite(host=host, path=path, content=content, scope=scope, readback_sha256=digest))


def render_remote_step(step: RemoteStep) -> str:
    """Render a remote step as one line an operator reads (the argv, or the sealed write)."""
    if isinstance(step, MkdirStep):
        return f"run on {step.host}: {' '.join(step.argv)}"
    return (
        f"write-file on {step.host}: {step.path} ({len(step.content)} bytes, sha256 {step.readback_sha256}) "
        f"sealed to FileTreeScope({step.scope.root}); lands when the readback digest matches"
    )
