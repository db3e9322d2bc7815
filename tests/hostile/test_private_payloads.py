"""Show private payloads in every report a red claim makes: the anchor token appears in none of them (seed B1)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from conftest import run_cli, write_files

ROOT = Path(__file__).resolve().parents[2]
ANCHOR = "128815"  # the anchor token of every row below; its digits appear in no other field

LEAKY = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["leaky"]
        timeout = 60
    """,
    "leaky/__init__.py": "",
    "leaky/rows.py": """
        import logging

        import attrs
        from hypothesis import example, given, settings
        from hypothesis import strategies as st

        from claims import Witness, check
        from domain.native.private import BroadcastBuffer, SuffixRow

        witness = Witness("leaky")
        ROW = SuffixRow(rank=0, engine_round=1, q=4092, kept=4092, first=147313, valid=4092, anchor_token=128815, owner_epoch=7)


        @witness.positive("Two rows that differ in their anchor token are compared.", rules=["domain.core.privacy.withheld"])
        def rows_compared() -> None:
            check.equal("row", attrs.evolve(ROW, anchor_token=5), ROW)


        @witness.positive("A row is logged and printed, then a crash quotes it.", rules=["domain.core.privacy.withheld"])
        def row_in_a_crash() -> None:
            logging.getLogger("leaky").warning("row %s", ROW)
            print(ROW, [ROW], BroadcastBuffer((128815,)))
            raise RuntimeError(f"bad row {ROW!r}")


        @witness.positive("A mistyped anchor token is refused.", rules=["domain.core.privacy.withheld"])
        def mistyped_anchor() -> None:
            attrs.evolve(ROW, anchor_token=str(ROW.anchor_token))  # the token mistyped as text


        @witness.property("A falsifying row is reported.", rules=["domain.core.privacy.withheld"])
        @settings(max_examples=5, deadline=None, database=None)
        @given(st.just(ROW))
        @example(ROW)
        def falsifying_row(row: SuffixRow) -> None:
            check.holds("never", False, row)
    """,
}


def test_no_report_of_a_red_claim_carries_the_anchor_token(tmp_path: Path) -> None:
    write_files(tmp_path, LEAKY)
    env = {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    plain = run_cli(tmp_path, "--no-cache", "--junit-xml", "report.xml", env=env)
    as_json = run_cli(tmp_path, "--no-cache", "--json", env=env)
    assert plain.returncode == 1 and plain.stdout.splitlines()[-1] == "0 passed, 4 failed", plain.stdout + plain.stderr
    claims = {c["id"]: c for c in json.loads(as_json.stdout)["claims"]}
    assert "anchor_token=<private int>" in claims["leaky.rows_compared"]["expected"]
    assert "SuffixRow.anchor_token: expected int, got <private str>" in claims["leaky.mistyped_anchor"]["observed"]
    assert "WARNING" in claims["leaky.row_in_a_crash"]["output"]  # the captured output is there, withheld
    reports = {
        "the report": plain.stdout + plain.stderr,
        "the JSON": as_json.stdout + as_json.stderr,
        "the JUnit XML": (tmp_path / "report.xml").read_text(),
    }
    assert {name: ANCHOR in text for name, text in reports.items()} == dict.fromkeys(reports, False)
