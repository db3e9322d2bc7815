"""Workers that import the same witness modules share one import probe: one leads, the others follow its verdicts.

Under pytest-xdist the leader is a process of its own (`Publishing`), started by the controller.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from claims._internal.running import import_probe
from claims._internal.running.import_probe import Following, Leading, Publishing, Stream

MODULES = {
    "fine_a": "VALUE = 1\n",
    "ends": "import os\nos._exit(0)\n",
    "fine_b": "VALUE = 2\n",
    "killed": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
    "fine_c": "VALUE = 3\n",
}


@pytest.fixture
def package(tmp_path: Path) -> Iterator[list[str]]:
    root = tmp_path / "src"
    (root / "sharedprobe").mkdir(parents=True)
    (root / "sharedprobe" / "__init__.py").write_text("")
    for name, code in MODULES.items():
        (root / "sharedprobe" / f"{name}.py").write_text(code)
    sys.path.insert(0, str(root))
    yield [f"sharedprobe.{name}" for name in MODULES]
    sys.path.remove(str(root))
    for name in [n for n in sys.modules if n.startswith("sharedprobe")]:
        del sys.modules[name]


def _no_probe_of_its_own(names: object, timeout: float) -> Iterator[tuple[str, str | None]]:
    raise AssertionError("the follower probed for itself")


def _alone(package: list[str]) -> dict[str, str | None]:
    """Return each module's verdict from a probe of its own, in a child no one shares."""
    alone = Stream(package, 10)
    try:
        return {name: alone.why_not(name) for name in package}
    finally:
        alone.close()


def test_a_follower_gives_the_leaders_verdicts_and_forks_no_child(
    package: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = _alone(package)
    assert expected["sharedprobe.fine_a"] is None and "exit 0" in str(expected["sharedprobe.ends"])
    assert "SIGKILL" in str(expected["sharedprobe.killed"]) and expected["sharedprobe.fine_c"] is None

    verdicts = tmp_path / "verdicts"
    leader = Leading(package, 10, verdicts)
    led = {name: leader.why_not(name) for name in package}
    leader.close()
    monkeypatch.setattr(import_probe, "probed", _no_probe_of_its_own)
    follower = Following(package, 10, verdicts)
    assert {name: follower.why_not(name) for name in reversed(package)} == led == expected


def test_a_follower_asking_ahead_of_the_leader_waits_for_its_verdict(package: list[str], tmp_path: Path) -> None:
    verdicts = tmp_path / "verdicts"
    leader = Leading(package, 10, verdicts)
    assert leader.why_not(package[0]) is None
    follower = Following(package, 10, verdicts)
    assert follower.why_not(package[0]) is None
    # The verdict on the last module is not written yet: the follower reads it once the leader has learned it.
    assert leader.why_not(package[-1]) is None
    assert follower.why_not(package[-1]) is None
    leader.close()


def test_a_follower_probes_alone_for_what_a_closed_leader_never_said(
    package: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    verdicts = tmp_path / "verdicts"
    leader = Leading(package[:1], 10, verdicts)
    leader.why_not(package[0])
    leader.close()
    asked: list[list[str]] = []
    real = import_probe.probed

    def counted(names: list[str], timeout: float) -> Iterator[tuple[str, str | None]]:
        asked.append(list(names))
        return real(names, timeout)

    monkeypatch.setattr(import_probe, "probed", counted)
    follower = Following(package, 10, verdicts)
    assert follower.why_not(package[0]) is None and asked == []
    assert "exit 0" in str(follower.why_not("sharedprobe.ends"))
    assert asked == [["sharedprobe.ends"]]


def test_a_follower_whose_leader_never_writes_probes_alone_after_the_timeout(
    package: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Following, "MARGIN", 0.2)
    follower = Following(package, 0.3, tmp_path / "never-written")
    assert "SIGKILL" in str(follower.why_not("sharedprobe.killed"))
    assert follower.why_not("sharedprobe.fine_b") is None


def test_a_leader_that_cannot_write_its_file_still_probes(package: list[str], tmp_path: Path) -> None:
    leader = Leading(package, 10, tmp_path / "no-such-folder" / "verdicts")
    assert "exit 0" in str(leader.why_not("sharedprobe.ends"))
    leader.close()


def test_a_published_probe_gives_followers_every_verdict_a_probe_alone_gives(
    package: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = _alone(package)
    publishing = Publishing(package, 10, tmp_path / "verdicts")
    monkeypatch.setattr(import_probe, "probed", _no_probe_of_its_own)
    follower = Following(package, 10, tmp_path / "verdicts")
    assert {name: follower.why_not(name) for name in reversed(package)} == expected
    deadline = time.monotonic() + 20
    while not (tmp_path / "verdicts").read_text().endswith("closed\n"):
        assert time.monotonic() < deadline, "the published probe never said it was done"
        time.sleep(0.01)
    publishing.stop()
    assert not (tmp_path / "verdicts").exists()
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


def _gone(pid: int) -> bool:
    """Say whether a process is gone or only a zombie (a container's first process may never reap it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] in ("Z", "X")
    except OSError:
        return True


def test_stopping_a_published_probe_stops_the_child_importing_for_it(package: list[str], tmp_path: Path) -> None:
    marker = tmp_path / "importing"
    hang = tmp_path / "src" / "sharedprobe" / "hangs.py"
    hang.write_text(f"import os, time\nopen({str(marker)!r}, 'w').write(str(os.getpid()))\ntime.sleep(60)\n")
    publishing = Publishing(["sharedprobe.fine_a", "sharedprobe.hangs"], 120, tmp_path / "verdicts")
    deadline = time.monotonic() + 20
    while not marker.exists() or not marker.read_text():
        assert time.monotonic() < deadline, "the published probe never reached the module that hangs"
        time.sleep(0.01)
    importing = int(marker.read_text())
    started = time.monotonic()
    publishing.stop()
    assert time.monotonic() - started < 5
    deadline = time.monotonic() + 5
    while not _gone(importing):
        assert time.monotonic() < deadline, "the child importing for the published probe outlived it"
        time.sleep(0.01)
    assert not (tmp_path / "verdicts").exists()
