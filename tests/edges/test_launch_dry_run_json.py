"""Validate every `launch_dry_run --json` report against its committed JSON Schema (`docs/launch-dry-run.schema.json`).

Each world of `examples/authority/` is run both ways, text and `--json`:
the JSON validates, exits as the text run does, and holds what the text
says (each host's command line reads back, by `shlex`, as its argv).  The
schema is strict, so a key added, dropped or retyped without a new version
fails here.
"""

from __future__ import annotations

import copy
import json
import shlex
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from domain.edges.launch_dry_run import main

ROOT = Path(__file__).resolve().parents[2]
AUTHORITY = ROOT / "examples" / "authority"
SCHEMA = json.loads((ROOT / "docs" / "launch-dry-run.schema.json").read_text(encoding="utf-8"))
AT = "2026-01-01T01:00:00Z"

WORLDS = [
    ("v41-group-a", "v41-admitting.jsonl", ()),
    ("v41-group-a", "v41-admitting.jsonl", ("--engram-bets",)),
    ("v41-group-a", "v41-admitting.jsonl", ("--gpu-memory-utilization", "0.81")),
    ("v41-group-a", "v41-admitting.jsonl", ("--gpu-memory-utilization", "0.50")),
    ("v41-group-a", "v41-admitting.jsonl", ("--open", "12371", "--open", "12359", "--engram-bets")),
    ("v41-group-a", "v41-active-incumbent.jsonl", ()),
    ("v41-group-a", "v41-expired-lease.jsonl", ()),
    ("v41-group-a", "v41-other-successor.jsonl", ()),
    ("v41-group-a", "v41-other-runtime-key.jsonl", ()),
    ("v41-group-a", "v41-host-not-held.jsonl", ()),
    ("v41-group-a", "v41-no-registry-reading.jsonl", ()),
    ("v41-group-a", "glm-group-b-admitting.jsonl", ()),
    ("glm-group-b", "glm-group-b-admitting.jsonl", ()),
    ("glm-group-b", "v41-admitting.jsonl", ()),
]


def validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(SCHEMA)
    return cls(SCHEMA, format_checker=cls.FORMAT_CHECKER)


def dry_run(tmp_path: Path, arm: str, log: str, extra: tuple[str, ...], *, as_json: bool) -> tuple[int, Path]:
    out = tmp_path / ("report.json" if as_json else "report.txt")
    args = [arm, "--authority-log", str(AUTHORITY / log), "--at", AT, *extra, "--out", str(out)]
    return main([*args, "--json"] if as_json else args), out


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.validators.Draft202012Validator.check_schema(SCHEMA)
    assert jsonschema.validators.validator_for(SCHEMA) is jsonschema.validators.Draft202012Validator
    assert SCHEMA["properties"]["schema"] == {
        "const": "launch-dry-run/1",
        "description": "The version; check it before reading anything else.",
    }


@pytest.mark.parametrize(("arm", "log", "extra"), WORLDS, ids=[f"{a}:{w}:{' '.join(e)}" for a, w, e in WORLDS])
def test_every_world_writes_json_that_validates_and_exits_as_the_text_run(
    arm: str, log: str, extra: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text_code, text_out = dry_run(tmp_path, arm, log, extra, as_json=False)
    text_printed = capsys.readouterr()
    code, out = dry_run(tmp_path, arm, log, extra, as_json=True)
    printed = capsys.readouterr()
    assert code == text_code
    assert printed.out == text_printed.out.replace(str(text_out), str(out))
    document = json.loads(out.read_text(encoding="utf-8"))
    validator().validate(document)
    text = text_out.read_text(encoding="utf-8")
    assert text.splitlines()[0] == f"# launch dry run: {arm} — {document['verdict']['outcome']}"
    assert code == (0 if document["verdict"]["outcome"] == "ADMITTED" else 1)
    assert (
        f"authority log: {document['authority_log']['path']}, read as of {document['authority_log']['read_at']['utc']} (epoch 1767229200)"
        in text
    )
    for reason in document["verdict"]["reasons"]:
        assert f"  - {reason['kind']} @ {reason['where']}: {reason['why']}\n" in text
    for host in document["hosts"]:
        assert shlex.split(host["command_line"]) == host["create_argv"]
        assert f"\n{host['command_line']}\n" in text


def _admitted_document(tmp_path: Path) -> dict[str, Any]:
    code, out = dry_run(
        tmp_path, "v41-group-a", "v41-admitting.jsonl", ("--gpu-memory-utilization", "0.81"), as_json=True
    )
    assert code == 0
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return document


def test_rank_2s_image_and_command_are_one_lookup_away(tmp_path: Path) -> None:
    document = _admitted_document(tmp_path)
    (rank_2,) = [host for host in document["hosts"] if host["node_rank"] == 2]
    assert rank_2["host"] == "srv7"
    assert rank_2["image"] == "sha256:" + "5e" * 32
    argv = shlex.split(rank_2["command_line"])
    assert argv[:2] == ["docker", "create"] and argv[argv.index("--node-rank") + 1] == "2"
    assert argv[argv.index("--entrypoint") + 2] == rank_2["image"]
    assert document["fit_wall"]["requirement_gib"] == "1895/4"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(extra=1), "$"),
        (lambda d: d.update(schema="launch-dry-run/2"), "$.schema"),
        (lambda d: d["fit_wall"].update(requirement_gib=473.75), "$.fit_wall"),
        (lambda d: d["hosts"][1].update(api_port="none"), "$.hosts[1].api_port"),
        (lambda d: d["hosts"][0]["mounts"][3].update(mode="writable"), "$.hosts[0].mounts[3].mode"),
        (lambda d: d["authority_log"]["read_at"].update(utc="1767229200"), "$.authority_log.read_at.utc"),
        (lambda d: d["verdict"].update(outcome="REFUSED"), "$.verdict"),
        (lambda d: d.pop("hosts"), "$"),
    ],
    ids=[
        "unknown key",
        "other version",
        "float figure",
        "api port text",
        "mount mode",
        "raw epoch",
        "refused without reasons",
        "hosts missing",
    ],
)
def test_the_schema_refuses_a_document_that_drifts(change: Any, path: str, tmp_path: Path) -> None:
    document = copy.deepcopy(_admitted_document(tmp_path))
    validator().validate(document)
    change(document)
    errors = list(validator().iter_errors(document))
    assert errors, f"a drifted document validated ({path})"
    assert path in {error.json_path for error in errors}
