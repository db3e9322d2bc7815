"""A mutation worker process: import the trampolined tree, then run claims under mutants on request.

Run as `python -m claims._internal.mutate.worker TREE`.  It speaks JSON lines: one
request per line on stdin, one reply per line on a private copy of stdout
(claims that print cannot corrupt the protocol; their output goes to stderr).

    -> {"op": "baseline"}
    <- {"claims": {id: {"verdict", "duration", "covers": [functions], "source"}}, "failures": [...]}
    -> {"op": "mutant", "id": ..., "claims": [ids], "limits": {id: seconds}}
    <- {"id": ..., "failed": [...], "errored": [...], "type_contract": [...], "timeouts": [...]}
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from attrs import evolve

MUTANTS_DICT_PREFIX = "mutants_"


def trampolines(packages: tuple[str, ...]) -> dict[str, dict[str, Callable[..., Any]]]:
    """Map each mutated function (`module.x_rule`) to its mutmut mutants dict."""
    found = {}
    for name, module in list(sys.modules.items()):
        if module is None or not any(name == p or name.startswith(p + ".") for p in packages):
            continue
        for attr, value in vars(module).items():
            if attr.startswith(MUTANTS_DICT_PREFIX) and attr.endswith("__mutmut") and isinstance(value, dict):
                found[f"{name}.{attr[len(MUTANTS_DICT_PREFIX):-len('__mutmut')]}"] = value
    return found


def _recording(function: str, original: Callable[..., Any], hits: set[str]) -> Callable[..., Any]:
    @functools.wraps(original)
    def record(*args: Any, **kwargs: Any) -> Any:
        hits.add(function)
        return original(*args, **kwargs)

    return record


class Worker:
    """Hold the discovered claims and the trampolines of one imported tree."""

    def __init__(self, tree: Path) -> None:
        from claims._internal.config import load_config
        from claims._internal.discovery import discover
        from claims._internal.mutate.profile import use_mutation_profile
        from claims._internal.runner import Settings
        from claims._internal.typecheck import install_typecheck_hook

        self.config = load_config()
        sys.path.insert(0, str(tree))
        use_mutation_profile()
        install_typecheck_hook(self.config.typecheck)
        self.discovery = discover(self.config.witnesses)
        self.claims = {c.id: c for c in self.discovery.claims}
        self.settings = Settings(timeout=self.config.timeout, snapshots=self.config.snapshots)
        self.dicts = trampolines(self.config.typecheck)
        stray = [p for p in self.config.typecheck if not str(getattr(sys.modules.get(p), "__file__", "")).startswith(str(tree))]
        if stray:
            raise RuntimeError(f"{', '.join(stray)} did not load from the mutated tree {tree}; is another copy first on sys.path?")

    def baseline(self) -> dict[str, Any]:
        """Run every claim unmutated, recording which mutated functions each one executes."""
        from mutmut.mutation.trampoline import set_mutant_under_test

        from claims._internal.runner import run_claim

        set_mutant_under_test("")
        out: dict[str, Any] = {}
        for claim in self.claims.values():
            hits: set[str] = set()
            originals = {f: d["_mutmut_orig"] for f, d in self.dicts.items()}
            for function, mutants in self.dicts.items():
                mutants["_mutmut_orig"] = _recording(function, originals[function], hits)
            try:
                result = run_claim(claim, self.settings)
            finally:
                for function, mutants in self.dicts.items():
                    mutants["_mutmut_orig"] = originals[function]
            out[claim.id] = {"verdict": result.verdict.value, "duration": result.duration, "covers": sorted(hits), "source": claim.source_file}
        failures = [f.module for f in self.discovery.failures]
        return {"claims": out, "failures": failures}

    def mutant(self, mutant_id: str, claim_ids: list[str], limits: dict[str, float]) -> dict[str, Any]:
        """Run the given claims with one mutant active; report every red claim, not just the first."""
        from mutmut.mutation.trampoline import set_mutant_under_test

        from claims._internal.kinds import Verdict
        from claims._internal.runner import run_claim

        failed, errored, typed, timeouts = [], [], [], []
        set_mutant_under_test(mutant_id)
        start = time.perf_counter()
        try:
            for claim_id in claim_ids:
                claim = evolve(self.claims[claim_id], timeout=limits.get(claim_id))
                result = run_claim(claim, self.settings)
                if result.error_type == "timeout":
                    timeouts.append(claim_id)
                elif result.verdict is Verdict.FAIL:
                    failed.append(claim_id)
                elif result.verdict is Verdict.ERROR:
                    errored.append(claim_id)
                    if result.error_type == "TypeCheckError":
                        typed.append(claim_id)
        finally:
            set_mutant_under_test("")
        return {"id": mutant_id, "failed": failed, "errored": errored, "type_contract": typed, "timeouts": timeouts, "seconds": time.perf_counter() - start}


def serve(tree: Path, requests: TextIO, replies: TextIO) -> None:
    """Answer requests until stdin closes."""

    def reply(payload: dict[str, Any]) -> None:
        replies.write(json.dumps(payload) + "\n")
        replies.flush()

    try:
        worker = Worker(tree)
    except Exception as exc:  # a broken tree or witness import must reach the parent, not vanish
        import traceback

        reply({"fatal": "".join(traceback.format_exception(exc))})
        return
    reply({"ready": True, "claims": len(worker.claims)})
    for line in requests:
        request = json.loads(line)
        if request["op"] == "baseline":
            reply(worker.baseline())
        elif request["op"] == "mutant":
            reply(worker.mutant(request["id"], request["claims"], request.get("limits", {})))


def main() -> None:
    """Keep a private copy of stdout for replies; send anything claims print to stderr."""
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    serve(Path(sys.argv[1]), sys.stdin, replies)


if __name__ == "__main__":
    main()
