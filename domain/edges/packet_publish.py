"""Publish a packet as an exclusive fresh artifact under the evidence root, never overwriting one.

Seed B2: "Publish exclusive fresh artifacts and atomic packets under the
evidence root."  The name must be a plain `.json` file name
(`domain.native.packets.packet_name_admitted`).  The bytes go to a temp name
created exclusively (`O_CREAT | O_EXCL`) in the evidence root, are flushed,
then linked into place with `os.link`, which fails if the packet name
exists: a rename without replace.  (`os.rename`/`os.replace` would silently
overwrite a packet published in the meantime.)  The temp file is always
removed, so a refused publish leaves the root as it was; a temp name that is
already taken is someone else's file, refused and never opened nor removed.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from attrs import frozen

from domain.core.outcome import Admitted, Reason, Refused
from domain.native.packets import packet_name_admitted


@frozen
class EvidenceRootMissing(Reason):
    """Say the evidence root is not an existing directory."""


@frozen
class PacketExists(Reason):
    """Say a packet of that name was already published; packets are never overwritten."""


@frozen
class PublishFailed(Reason):
    """Say the file system refused the exclusive publish."""


def _fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fresh_temp_name(name: str) -> str:
    return f".{name}.{os.getpid()}.{secrets.token_hex(8)}.tmp"


def publish_packet(
    evidence_root: Path, name: str, payload: bytes, *, temp_name: Callable[[str], str] = _fresh_temp_name
) -> Admitted[Path] | Refused:
    """Write `payload` as `evidence_root/name` exclusively and atomically; refuse an unsafe name, a missing root, an existing packet.

    `temp_name` names the temp file for a packet name (by default with the pid and a fresh random part).
    """
    named = packet_name_admitted(name)
    if isinstance(named, Refused):
        return named
    if not evidence_root.is_dir():
        return Refused((EvidenceRootMissing("$.evidence_root", f"{evidence_root} is not an existing directory"),))
    final = evidence_root / name
    temp = evidence_root / temp_name(name)
    made: list[Path] = []  # only a temp file this publish created is removed: a taken name is someone else's
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        made.append(temp)
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, final)
        except FileExistsError:
            return Refused(
                (
                    PacketExists(
                        f"$.packets.{name}", f"{final} already exists; a packet is published once and never overwritten"
                    ),
                )
            )
    except OSError as exc:
        return Refused(
            (PublishFailed(f"$.packets.{name}", f"could not publish {final} exclusively: {exc.strerror or exc}"),)
        )
    finally:
        for path in made:
            with contextlib.suppress(OSError):  # gone already
                path.unlink()
    _fsync_directory(evidence_root)
    return Admitted(final)
