"""Witness publishing a packet in a temporary evidence root: exclusive, atomic, never overwriting, leaving no temp file (seed B2)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.edges.packet_publish import EvidenceRootMissing, PacketExists, PublishFailed, publish_packet
from domain.native.packets import PacketNameUnsafe
from witnesses.edges.disk_faults import (
    disk_calls,
    failing_disk,
    linked_temps,
    open_descriptors,
    refused_links,
    short_writes,
)
from witnesses.edges.fixtures import file_mode, in_folder, listing, umask, written

witness = Witness("edges.packet_publish")

PACKET = b'{"schema": "up2-native-packet/1"}\n'


@witness.positive(
    "A fresh packet is published with exactly its bytes, and no temp file is left in the evidence root.",
    rules=[publish_packet],
)
def a_fresh_packet_is_published(tmp_path: Path) -> None:
    check.equal(
        "outcome",
        publish_packet(tmp_path, "up2-native-packet.json", PACKET),
        Admitted(tmp_path / "up2-native-packet.json"),
    )
    check.equal("evidence root", listing(tmp_path), {"up2-native-packet.json": ("file", PACKET)})


@witness.refusal(
    "A second packet under a published name is refused, and the first packet's bytes stay, with no temp file left.",
    rules=[publish_packet],
    reasons=[because(PacketExists, at="$.packets.p.json", saying="a packet is published once and never overwritten")],
)
def a_published_packet_is_never_overwritten(tmp_path: Path):
    check.admitted(publish_packet(tmp_path, "p.json", b"first"))
    outcome = publish_packet(tmp_path, "p.json", b"second")
    check.equal("evidence root", listing(tmp_path), {"p.json": ("file", b"first")})
    return outcome


@witness.refusal(
    "A second packet under a published name is refused naming the published packet's path, whole.",
    rules=[publish_packet],
    reasons=[
        because(
            PacketExists,
            at="$.packets.q.json",
            saying="TMP/q.json already exists; a packet is published once and never overwritten",
        )
    ],
)
def a_published_packet_is_named_by_its_path(tmp_path: Path):
    check.admitted(publish_packet(tmp_path, "q.json", PACKET))
    return in_folder(publish_packet(tmp_path, "q.json", PACKET), tmp_path)


@witness.positive(
    "The default temp name is fresh on every publish: a file left under the temp name an earlier publish of the same packet used, in this same process, neither blocks a later publish nor is touched by it.",
    rules=[publish_packet],
)
def a_temp_file_left_behind_never_blocks_a_later_publish(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    with linked_temps() as temps:
        check.admitted(publish_packet(first, "p.json", PACKET))
    check.equal("temp files linked", len(temps), 1)
    written(second, temps[0], "left by a crash")
    before = listing(second)
    check.admitted(publish_packet(second, "p.json", PACKET))
    check.equal("second root", listing(second), {**before, "p.json": ("file", PACKET)})


@witness.refusal(
    "A packet name that could leave the evidence root is refused, and nothing is written.",
    rules=[publish_packet],
    reasons=[because(PacketNameUnsafe, at="$.name", saying="'../p.json' must be a plain file name ending in .json")],
)
def an_unsafe_name_writes_nothing(tmp_path: Path):
    (tmp_path / "root").mkdir()
    outcome = publish_packet(tmp_path / "root", "../p.json", PACKET)
    check.equal("nothing written", listing(tmp_path), {"root": ("other", None)})
    return outcome


@witness.refusal(
    "A missing evidence root is refused, and not created.",
    rules=[publish_packet],
    reasons=[because(EvidenceRootMissing, at="$.evidence_root", saying="is not an existing directory")],
)
def a_missing_evidence_root_is_refused(tmp_path: Path):
    outcome = publish_packet(tmp_path / "absent", "p.json", PACKET)
    check.equal("nothing created", listing(tmp_path), {})
    return outcome


@witness.positive(
    "A published packet is mode 0644 whatever the umask allows, narrowed only by a stricter one.",
    rules=[publish_packet],
)
def a_published_packet_is_mode_0644(tmp_path: Path) -> None:
    for mask, mode in ((0o000, 0o644), (0o022, 0o644), (0o002, 0o644), (0o077, 0o600)):
        name = f"packet-{mask:03o}.json"
        with umask(mask):
            check.admitted(publish_packet(tmp_path, name, PACKET))
        check.equal(f"mode under umask {mask:03o}", oct(file_mode(tmp_path / name)), oct(mode))


LONG_NAME = "p" * 245 + ".json"
"""A plain packet name of 250 characters: it fits NAME_MAX (255), its temp name (`.NAME.PID.HEX.tmp`) does not."""


@witness.refusal(
    "A packet the file system refuses to create is refused as a failed publish naming the system's reason, never raised, and the evidence root is left as it was.",
    rules=[publish_packet],
    reasons=[
        because(
            PublishFailed,
            at=f"$.packets.{LONG_NAME}",
            saying=f"could not publish TMP/{LONG_NAME} exclusively: File name too long",
        )
    ],
)
def a_packet_the_file_system_refuses_is_refused(tmp_path: Path):
    outcome = publish_packet(tmp_path, LONG_NAME, PACKET)
    check.equal("evidence root", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A temp name already taken, here by a planted symbolic link, is someone else's: the publish is refused as failed, and the link is neither followed nor removed.",
    rules=[publish_packet],
    reasons=[
        because(PublishFailed, at="$.packets.p.json", saying="could not publish TMP/p.json exclusively: File exists")
    ],
)
def a_taken_temp_name_is_left_alone(tmp_path: Path):
    written(tmp_path, "victim.txt", "someone else's")
    (tmp_path / ".p.json.taken.tmp").symlink_to("victim.txt")
    before = listing(tmp_path)
    outcome = publish_packet(tmp_path, "p.json", PACKET, temp_name=lambda name: f".{name}.taken.tmp")
    check.equal("evidence root", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "An evidence root that is a regular file, not a directory, is refused as no existing directory, and the file is left as it was.",
    rules=[publish_packet],
    reasons=[because(EvidenceRootMissing, at="$.evidence_root", saying="TMP/root is not an existing directory")],
)
def an_evidence_root_that_is_a_file_is_refused(tmp_path: Path):
    written(tmp_path, "root", "not a directory")
    before = listing(tmp_path)
    outcome = publish_packet(tmp_path / "root", "p.json", PACKET)
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.positive(
    "A packet's bytes are fsynced whole before it is linked into place, and the evidence root is fsynced after the link, before the publish is admitted.",
    rules=[publish_packet],
)
def a_packet_is_on_disk_before_it_is_admitted(tmp_path: Path) -> None:
    # Seed B2: atomic packets.  A packet linked before its bytes reach the disk, or whose name is not yet in the
    # synced directory, can be empty or gone after a power loss although the publish was admitted.
    root = os.stat(tmp_path).st_ino
    for name, payload in (("empty.json", b""), ("p.json", PACKET), ("large.json", PACKET * 4096)):
        with disk_calls() as calls:
            check.admitted(publish_packet(tmp_path, name, payload))
        packet = os.stat(tmp_path / name).st_ino
        check.equal(
            f"{name}: synced and linked, in order",
            calls,
            [("fsync file", packet, len(payload)), ("link", packet, name), ("fsync directory", root, 0)],
        )


@witness.positive(
    "A packet whose writes each take only some of its bytes is published with exactly its bytes, each written once, from the first to the last.",
    rules=[publish_packet],
)
def a_packet_written_a_few_bytes_at_a_time_is_published_whole(tmp_path: Path) -> None:
    # A short write is no error: the publish writes the rest from the first byte the file system did not take.
    for at_most in (1, 2, 3, len(PACKET) - 1, len(PACKET)):
        with short_writes(at_most) as sizes:
            check.admitted(publish_packet(tmp_path, f"p{at_most}.json", PACKET))
        whole, rest = divmod(len(PACKET), at_most)
        check.equal(f"{at_most} byte(s) a write: the writes", sizes, [at_most] * whole + ([rest] if rest else []))
    check.equal(
        "evidence root",
        listing(tmp_path),
        {f"p{at_most}.json": ("file", PACKET) for at_most in (1, 2, 3, len(PACKET) - 1, len(PACKET))},
    )


@witness.positive(
    "A publish leaves no descriptor open, whether it is admitted or refused before or after its temp file was written.",
    rules=[publish_packet],
)
def a_publish_leaves_no_descriptor_open(tmp_path: Path) -> None:
    publishes = (
        ("admitted", True, lambda: publish_packet(tmp_path, "p.json", PACKET)),
        ("the packet exists", False, lambda: publish_packet(tmp_path, "p.json", b"second")),
        ("the file system refuses", False, lambda: publish_packet(tmp_path, LONG_NAME, PACKET)),
        (
            "the temp name is taken",
            False,
            lambda: publish_packet(tmp_path, "q.json", PACKET, temp_name=lambda _: "p.json"),
        ),
    )
    left_open = {}
    for case, admitted, publish in publishes:
        before = open_descriptors()
        check.equal(f"{case}: admitted", isinstance(publish(), Admitted), admitted)
        left_open[case] = open_descriptors() - before
    check.equal("descriptors left open", left_open, dict.fromkeys(left_open, 0))


@witness.refusal(
    "An unsafe packet name is refused before the evidence root is looked at: under a missing root the name alone is said, and nothing is created.",
    rules=[publish_packet],
    reasons=[because(PacketNameUnsafe, at="$.name", saying="'../p.json' must be a plain file name ending in .json")],
)
def an_unsafe_name_is_refused_before_the_root(tmp_path: Path):
    outcome = publish_packet(tmp_path / "absent", "../p.json", PACKET)
    check.equal("nothing created", listing(tmp_path), {})
    return outcome


@witness.refusal(
    "A link the file system refuses for any reason but an existing name is a failed publish naming that reason, never a packet that exists, and the temp file is removed.",
    rules=[publish_packet],
    reasons=[
        because(
            PublishFailed,
            at="$.packets.p.json",
            saying="could not publish TMP/p.json exclusively: Operation not permitted",
        )
    ],
)
def a_link_refused_for_another_reason_is_a_failed_publish(tmp_path: Path):
    # Only FileExistsError means a packet of that name was published; EPERM, EXDEV, EMLINK or ENOSPC say nothing of one.
    for code in (errno.EXDEV, errno.EMLINK, errno.ENOSPC):
        with refused_links(code):
            other = publish_packet(tmp_path, "q.json", PACKET)
        check.equal(
            f"{errno.errorcode[code]}: refused as",
            [(type(r).__name__, r.why) for r in check.refused(in_folder(other, tmp_path))],
            [("PublishFailed", f"could not publish TMP/q.json exclusively: {os.strerror(code)}")],
        )
    with refused_links(errno.EPERM):
        outcome = publish_packet(tmp_path, "p.json", PACKET)
    check.equal("evidence root", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A packet whose bytes the disk refuses, in a write or in the fsync, is a failed publish naming the system's reason, and its temp file is removed: the evidence root is left as it was.",
    rules=[publish_packet],
    reasons=[
        because(
            PublishFailed,
            at="$.packets.p.json",
            saying="could not publish TMP/p.json exclusively: No space left on device",
        )
    ],
)
def a_packet_the_disk_refuses_leaves_no_temp_file(tmp_path: Path):
    # The temp file is this publish's from the moment it is created: a failure writing or syncing it removes it too.
    with failing_disk("fsync", errno.EIO):
        synced = publish_packet(tmp_path, "q.json", PACKET)
    check.equal(
        "a failed fsync: refused as",
        [(type(r).__name__, r.why) for r in check.refused(in_folder(synced, tmp_path))],
        [("PublishFailed", f"could not publish TMP/q.json exclusively: {os.strerror(errno.EIO)}")],
    )
    check.equal("a failed fsync: evidence root", listing(tmp_path), {})
    with failing_disk("write", errno.ENOSPC):
        outcome = publish_packet(tmp_path, "p.json", PACKET)
    check.equal("a failed write: evidence root", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)


# --- partitions: payloads of every size, empty included; packet names of every shape ---

_NAMES = ("p.json", "UP2-Native.json", "up2.native.v2.json", "p_1-2.json", "P" * 200 + ".json")
_PAYLOADS = (b"", b"{", PACKET, b"x" * (64 * 1024 + 1), bytes(range(256)) * (8 * 1024 + 1))


@witness.positive(
    "A payload of any size (empty, one byte, a packet, 64 KiB + 1, just over 2 MiB) under a name of any shape "
    "(uppercase, dotted, digits, 205 characters) is published with exactly its bytes, and no temp file is left.",
    rules=[publish_packet],
)
def a_payload_of_any_size_under_any_name_is_published_whole(tmp_path: Path) -> None:
    for i, payload in enumerate(_PAYLOADS):
        for j, name in enumerate(_NAMES):
            root = tmp_path / f"root-{i}-{j}"
            root.mkdir()
            check.equal(
                f"{len(payload)} bytes as {name[:16]}", publish_packet(root, name, payload), Admitted(root / name)
            )
            check.equal(f"{len(payload)} bytes as {name[:16]}: root", listing(root), {name: ("file", payload)})


@witness.positive(
    "A temp name already taken is someone else's for a packet name of any shape (lowercase, uppercase, dotted, "
    "digits): the publish is refused as failed and the taken file is neither written, followed nor removed.",
    rules=[publish_packet],
)
def a_taken_temp_name_is_left_alone_for_any_name(tmp_path: Path) -> None:
    for j, name in enumerate(_NAMES[:4]):
        root = tmp_path / f"root-{j}"
        root.mkdir()
        written(root, "victim.txt", "someone else's")
        (root / f".{name}.taken.tmp").symlink_to("victim.txt")
        before = listing(root)
        outcome = publish_packet(root, name, PACKET, temp_name=lambda n: f".{n}.taken.tmp")
        check.equal(
            f"{name}: refused at",
            [(type(r), r.where) for r in check.refused(outcome)],
            [(PublishFailed, f"$.packets.{name}")],
        )
        check.equal(f"{name}: root", listing(root), before)
