"""Shape automatic-mutant results: kills.json entries, the progress line, the per-module table.  Pure functions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from claims._internal.mutate.generate import Mutant

DETECTED = ("killed", "timeout", "crashed")


def entry(mutant: Mutant, claims: Sequence[str], reply: Mapping[str, Any]) -> dict[str, Any]:
    """Turn a worker's reply into a kills.json entry listing every claim that killed the mutant."""
    base = {"module": mutant.module, "function": mutant.function.rpartition(".")[2], "covering": len(claims)}
    if reply.get("status") in ("timeout", "crashed"):
        return {**base, "status": reply["status"], "killers": [], "why": reply.get("why", "")}
    failed, errored, typed = set(reply["failed"]), set(reply["errored"]), set(reply["type_contract"])
    killers = sorted(failed | errored)
    status = "killed" if killers else "timeout" if reply["timeouts"] else "survived"
    return {
        **base,
        "status": status,
        "killers": killers,
        "by_assertion": sorted(failed),
        "by_crash": sorted(errored - typed),
        "by_type_contract": sorted(typed),
        "timeouts": sorted(reply["timeouts"]),
    }


def uncovered(mutant: Mutant) -> dict[str, Any]:
    """Return the entry of a mutant no claim executes: it survives without being run."""
    return {"module": mutant.module, "function": mutant.function.rpartition(".")[2], "covering": 0, "status": "survived", "killers": []}


def progress_line(done: int, total: int, counts: Mapping[str, int], elapsed: float) -> str:
    """Say how far the sweep is: done/total, kills, survivors, rate and ETA."""
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else 0.0
    return (
        f"[{done}/{total}] killed {counts.get('killed', 0)}  survived {counts.get('survived', 0)}  "
        f"timeout {counts.get('timeout', 0)}  crashed {counts.get('crashed', 0)}  {rate:.1f}/s  ETA {eta:.0f} s"
    )


def table_lines(auto: Mapping[str, Mapping[str, Any]], equivalent: Mapping[str, str]) -> list[str]:
    """Render one row per module: mutants, killed, timeout+crashed, survived (explained/unexplained), score.

    The score counts detected mutants over all mutants not explained as equivalent.
    """
    rows: dict[str, dict[str, int]] = {}
    for mutant_id, e in auto.items():
        row = rows.setdefault(e["module"], {"mutants": 0, "killed": 0, "other": 0, "explained": 0, "unexplained": 0})
        row["mutants"] += 1
        if e["status"] == "killed":
            row["killed"] += 1
        elif e["status"] in DETECTED:
            row["other"] += 1
        elif mutant_id in equivalent:
            row["explained"] += 1
        else:
            row["unexplained"] += 1
    width = max([len(m) for m in rows] + [len("total")])
    header = f"{'module'.ljust(width)}  mutants  killed  timeout/crash  survived-explained  survived-unexplained  score"
    lines = [header]
    total = {"mutants": 0, "killed": 0, "other": 0, "explained": 0, "unexplained": 0}
    for module in sorted(rows) + ["total"]:
        row = rows[module] if module != "total" else total
        if module != "total":
            for k in total:
                total[k] += row[k]
        real = row["mutants"] - row["explained"]
        score = 100.0 * (row["killed"] + row["other"]) / real if real else 100.0
        lines.append(
            f"{module.ljust(width)}  {row['mutants']:>7}  {row['killed']:>6}  {row['other']:>13}  {row['explained']:>18}  {row['unexplained']:>20}  {score:5.1f}%"
        )
    return lines
