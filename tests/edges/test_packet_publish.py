"""Test exclusive, atomic packet publishing under the evidence root."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from domain.edges import packet_publish
from domain.edges.packet_publish import EvidenceRootMissing, PacketExists, PublishFailed, publish_packet
from domain.native.packets import PacketNameUnsafe


def test_publishes_a_fresh_packet_and_leaves_no_temp(tmp_path: Path) -> None:
    outcome = publish_packet(tmp_path, "up2-native-packet.json", b'{"a": 1}\n')
    assert not outcome.refused
    assert outcome.value == tmp_path / "up2-native-packet.json"
    assert outcome.value.read_bytes() == b'{"a": 1}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["up2-native-packet.json"]


def test_refuses_to_overwrite_an_existing_packet(tmp_path: Path) -> None:
    assert not publish_packet(tmp_path, "p.json", b"first").refused
    outcome = publish_packet(tmp_path, "p.json", b"second")
    assert outcome.refused
    assert [type(r) for r in outcome.reasons] == [PacketExists]
    assert "never overwritten" in outcome.reasons[0].why
    assert (tmp_path / "p.json").read_bytes() == b"first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]


def test_a_packet_appearing_mid_publish_is_not_overwritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_link = os.link

    def racing_link(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        Path(dst).write_bytes(b"theirs")  # another writer wins the race
        real_link(src, dst)

    monkeypatch.setattr(packet_publish.os, "link", racing_link)
    outcome = publish_packet(tmp_path, "p.json", b"ours")
    assert [type(r) for r in outcome.reasons] == [PacketExists]
    assert (tmp_path / "p.json").read_bytes() == b"theirs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]


def test_temp_is_created_exclusively(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flags_seen: list[int] = []
    real_open = os.open

    def spy_open(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        flags_seen.append(flags)
        return real_open(path, flags, mode)

    monkeypatch.setattr(packet_publish.os, "open", spy_open)
    assert not publish_packet(tmp_path, "p.json", b"x").refused
    assert flags_seen[0] & os.O_CREAT and flags_seen[0] & os.O_EXCL


@pytest.mark.parametrize("name", ["../p.json", "sub/p.json", ".hidden.json", "p.txt", "", "p .json"])
def test_refuses_unsafe_names_and_writes_nothing(tmp_path: Path, name: str) -> None:
    outcome = publish_packet(tmp_path, name, b"x")
    assert [type(r) for r in outcome.reasons] == [PacketNameUnsafe]
    assert list(tmp_path.iterdir()) == []


def test_refuses_a_missing_evidence_root(tmp_path: Path) -> None:
    outcome = publish_packet(tmp_path / "absent", "p.json", b"x")
    assert [type(r) for r in outcome.reasons] == [EvidenceRootMissing]


def test_a_file_system_refusal_leaves_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: str, dst: str) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(packet_publish.os, "link", no_links)
    outcome = publish_packet(tmp_path, "p.json", b"x")
    assert [type(r) for r in outcome.reasons] == [PublishFailed]
    assert list(tmp_path.iterdir()) == []
